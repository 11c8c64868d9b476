"""Doppelkopf at a live table: contract, parties, announcements, Augen, Sonderpunkte.

The facts are what the list keeper knows after the game; the settlement is
:func:`stammtisch.games.doppelkopf.scoring.settle`, the same function the engine uses. Every
row balances; a sitting fifth player gets 0 (Doppelkopf-Turnier 7.); each player's first
solo of a round is his Pflichtsolo, after which the same dealer deals again
(Doppelkopf-Turnier 2.); a stille Hochzeit is no solo for that (Doppelkopf-Turnier 4.).

A ``game`` entry::

    {"kind": "game", "contract": "normal", "re": [2, 4], "re_augen": 130,
     "re_level": "re", "kontra_level": null, "specials": [["re", "Fuchs gefangen"]]}

* ``contract``: ``normal``, ``hochzeit``, ``stille_hochzeit`` or ``solo:<kind>``
  (``fleischlos``, ``buben``, ``damen``, ``kreuz``, ``pik``, ``herz``, ``karo``)
* ``re``: the positions of the Re party (the soloist alone in a solo; the Hochzeiter alone
  when he found no partner)
* ``re_augen`` (0..240), optional ``re_tricks`` (0..12)
* ``re_level`` / ``kontra_level``: the highest announcement of each party: ``null``, ``re``
  (or ``kontra``), ``keine90``, ``keine60``, ``keine30``, ``schwarz`` (or -1..4)
* ``specials``: Sonderpunkte ``[[party, "Doppelkopf" | "Fuchs gefangen" | "Karlchen"], ...]``
  ("gegen die Alten" is added by the settlement)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from . import Adapter, GameContext, PlayedDeal, Settlement, named

_ALLOWED = {"kind", "contract", "re", "re_augen", "re_tricks", "re_level", "kontra_level", "specials", "label",
            "note"}
_SPECIALS = ("Doppelkopf", "Fuchs gefangen", "Karlchen")


class DoppelkopfAdapter(Adapter):
    """Positions -> parties per position for :func:`stammtisch.games.doppelkopf.scoring.settle`."""

    game = "doppelkopf"
    title = "Doppelkopf"
    zero_sum = True
    table_sizes = (4, 5)
    round_games = {4: 20, 5: 25}
    pflichtsolo = True
    parity = True
    correction_rule = ""
    late_rule = ""
    example = {"kind": "game", "contract": "normal", "re": [1, 3], "re_augen": 130, "re_level": "re",
               "kontra_level": None, "specials": [["re", "Fuchs gefangen"]]}
    facts_help = {
        "contract": "normal | hochzeit | stille_hochzeit | solo:fleischlos|buben|damen|kreuz|pik|herz|karo",
        "re": "positions of the Re party (the soloist alone)", "re_augen": "Augen of Re, 0..240",
        "re_tricks": "tricks of Re (optional)", "re_level / kontra_level": "null | re | keine90 | keine60 | "
                                                                          "keine30 | schwarz",
        "specials": "[[re|kontra, Doppelkopf|Fuchs gefangen|Karlchen], ...]",
    }

    def _form(self, opts: Any) -> list[dict[str, Any]]:
        solos = [f"solo:{k}" for k in getattr(opts, "solos", ())] or [
            "solo:fleischlos", "solo:buben", "solo:damen", "solo:kreuz", "solo:pik", "solo:herz", "solo:karo"]
        levels = [None, "re", "keine90", "keine60", "keine30", "schwarz"]
        return [
            {"name": "contract", "label": "Spiel", "type": "select",
             "options": ["normal", "hochzeit", "stille_hochzeit", *solos]},
            {"name": "re", "label": "Re-Partei", "type": "positions"},
            {"name": "re_augen", "label": "Augen Re", "type": "int"},
            {"name": "re_level", "label": "Ansage Re", "type": "select", "options": levels, "optional": True},
            {"name": "kontra_level", "label": "Ansage Kontra", "type": "select", "options": levels, "optional": True},
            {"name": "specials", "label": "Sonderpunkte", "type": "json", "optional": True,
             "hint": '[["re", "Fuchs gefangen"], ["kontra", "Doppelkopf"]]'},
        ]

    def _level(self, value: Any, key: str) -> int:
        scoring = self.scoring()
        what = named(key)
        if value is None:
            return -1
        if isinstance(value, bool):
            raise IllegalAction(Msg("{what} is null, a word (re, keine90 ...) or -1..4, not {value}", what=what,
                                    value=repr(value)))
        if isinstance(value, int):
            # Doppelkopf-Turnier 5.: Re/Kontra 0, keine 90 1 ... schwarz 4; -1 (as the engine's own
            # results write it) or null: no announcement; nothing else
            if not -1 <= value <= 4:
                raise IllegalAction(Msg("{what} is null (no announcement), a word (re, keine90 ...) or -1..4, not {value}", what=what, value=repr(value)), rule="Doppelkopf-Turnier 5.")
            return value
        word = str(value).replace(" ", "").lower()
        if word in ("kontra", "re"):
            return 0
        try:
            return scoring.level_of(word)
        except ValueError:
            raise IllegalAction(Msg("{what}: unknown announcement {value} (re, keine90, keine60, keine30, schwarz)", what=what,
                                    value=repr(value)), rule="Doppelkopf-Turnier 5.") from None

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        scoring = self.scoring()
        unknown = set(facts) - _ALLOWED
        if unknown:
            raise IllegalAction(Msg("unknown {game} facts {facts} (known: {known})", game="Doppelkopf", facts=", ".join(sorted(unknown)), known=", ".join(sorted(_ALLOWED))))
        contract = str(facts.get("contract", "normal"))
        re = facts.get("re")
        if not isinstance(re, (list, tuple)) or not re:
            raise IllegalAction(Msg("name the positions of the Re party ('re': [..])"), rule="Doppelkopf-Turnier 7.")
        re_pos = [p for p in re]
        for p in re_pos:
            ctx.seat_of(p, "Re player", self.sitting_rule)
        if len(set(re_pos)) != len(re_pos):
            raise IllegalAction(Msg("a Re player is named twice"))
        solo_contract = contract.startswith("solo:")
        alone = len(re_pos) == 1
        if solo_contract and not alone:
            raise IllegalAction(Msg("a solo is played by one player against three"), rule="Doppelkopf-Turnier 7.")
        if contract == "stille_hochzeit" and not alone:
            raise IllegalAction(Msg("a stille Hochzeit is played alone"), rule="Doppelkopf-Turnier 4.")
        if contract == "normal" and len(re_pos) != 2:
            raise IllegalAction(Msg("in a normal game the Re party has two players"), rule="Doppelkopf-Turnier 7.")
        if contract not in ("normal", "hochzeit", "stille_hochzeit") and not solo_contract:
            raise IllegalAction(Msg("unknown contract {name} (normal, hochzeit, stille_hochzeit, solo:<kind>)", name=repr(contract)),
                                rule="Doppelkopf-Turnier 3.")
        opts = self.options(ctx)
        parties: list[str | None] = [None] * ctx.size
        for p in ctx.active:
            parties[p - 1] = "re" if p in re_pos else "kontra"
        solo = scoring.scored_as_solo(contract, alone, opts.alone_as_solo)
        specials = facts.get("specials") or []
        if not isinstance(specials, (list, tuple)):
            raise IllegalAction(Msg("specials is a list of [party, label]"))
        sp = []
        for item in specials:
            if not isinstance(item, (list, tuple)) or len(item) != 2 or item[1] not in _SPECIALS:
                raise IllegalAction(Msg("a Sonderpunkt is [re|kontra, {labels}], not {value}", labels="|".join(_SPECIALS), value=repr(item)),
                                    rule="Doppelkopf-Turnier 6.")
            sp.append((str(item[0]), str(item[1])))
        re_augen = facts.get("re_augen")
        if isinstance(re_augen, bool) or not isinstance(re_augen, int):
            raise IllegalAction(Msg("{what}: the Augen of the Re party, from 0 to 240", what=named("re_augen")), rule="Doppelkopf-Turnier 6.")
        re_tricks = facts.get("re_tricks")
        kw: dict[str, Any] = {}
        if re_tricks is not None:
            if isinstance(re_tricks, bool) or not isinstance(re_tricks, int) or not 0 <= re_tricks <= 12:
                raise IllegalAction(Msg("{what}: the Re party's tricks, from 0 to 12", what=named("re_tricks")))
            kw = {"re_tricks": re_tricks, "kontra_tricks": 12 - re_tricks}
        st = scoring.settle(parties, re_augen, re_level=self._level(facts.get("re_level"), "re_level"),
                            kontra_level=self._level(facts.get("kontra_level"), "kontra_level"),
                            specials=[] if solo else sp, solo=solo,
                            absagen_in_solo=bool(getattr(opts, "absagen_in_solo", True)), **kw)
        names = {"normal": "Normalspiel", "hochzeit": "Hochzeit", "stille_hochzeit": "stille Hochzeit"}
        label = str(facts.get("label") or names.get(contract, contract.replace("solo:", "Solo ").title()))
        if alone:
            label += f" ({re_pos[0]})"
        return Settlement(tuple(int(p) for p in st.points), tuple(st.lines), None, label, False,
                          str(facts.get("note", "")), re_pos[0] if solo_contract else None)

    def played_facts(self, deal: PlayedDeal) -> dict[str, Any] | None:
        """The keeper's facts of a deal played online: contract, Re party, Augen, tricks, the highest
        announcement of each party and the Sonderpunkte the table counted (Doppelkopf-Turnier 3.-6.)."""
        s = deal.result.summary
        parties = s.get("parties")
        if not parties:
            return None
        ann = s.get("announcements") or {}
        return {"kind": "game", "contract": str(s.get("contract") or "normal"),
                "re": sorted(deal.pos(i) for i, p in enumerate(parties) if p == "re"),  # type: ignore[type-var]
                "re_augen": int(s["re_augen"]),
                "re_tricks": sum(1 for tr in s.get("tricks", ()) if parties[tr["winner"]] == "re"),
                "re_level": ann.get("re"), "kontra_level": ann.get("kontra"),
                "specials": [[str(ln.note).lower(), str(ln.label)] for ln in deal.result.lines
                             if ln.label in _SPECIALS]}


ADAPTER = DoppelkopfAdapter()
