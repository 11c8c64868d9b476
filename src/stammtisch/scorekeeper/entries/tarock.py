"""Königrufen Tarock at a live table: contract, declarer, partner, announcements, Kontra, Renonce.

The facts are :class:`stammtisch.games.tarock.scoring.Outcome` in table positions (1..n)
instead of seats; the players and the sitting dealer come from the table's dealing order.
Every row balances; Kontra goes to the money ledger only (Österreich-Finale 2)). Pure writing
and arithmetic errors may be corrected later by the organiser (Tiroler Cup, Abrechnung).

A ``game`` entry::

    {"kind": "game", "contract": "dreier", "declarer": 3, "declarer_thirds": 120,
     "premiums": [{"name": "pagat", "side": "declarer", "announced": true, "made": true, "kontra": 0}],
     "kontra": 1}

* positive games: ``declarer_thirds`` -- card points of the declarer's side in thirds, 0..210 (35
  Punkte und 2 Blatt = 107); ``declarer_points`` ``"35/2"`` is accepted too, its Blatt 0, 1 or 2
  (cards are counted in threes, Österreich-Finale 1)): "34/7" or "35/3" is refused naming the field
* negative games: ``declarer_tricks``; ``kontras``: ``[[position, level], ...]`` per opponent
* Trischaken: ``thirds`` and ``tricks`` per position (the sitting player 0)
* ``renonces``: ``[{"kind": "farbzwang", "offender": position}]`` -- one or two offenders, or the
  sitting fifth player; ``claims``: ``[[position, points]]``
* ``partner`` (the called king's holder), ``schleifen``
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.games.tarock.cards import points_blatt_to_thirds

from . import Adapter, PlayedDeal, GameContext, Settlement, named

_ALLOWED = {"kind", "contract", "declarer", "partner", "declarer_thirds", "declarer_points", "declarer_tricks",
            "thirds", "tricks", "premiums", "kontra", "kontras", "schleifen", "renonces", "claims", "label", "note"}


class TarockAdapter(Adapter):
    """Positions -> seats (``position - 1``) of :func:`stammtisch.games.tarock.scoring.settle`."""

    game = "tarock"
    title = "Königrufen Tarock"
    zero_sum = True
    table_sizes = (4, 5)
    round_games = {4: 16, 5: 20}
    late_corrections = True
    late_rule = "Tiroler Cup, Abrechnung"
    correction_rule = "Tiroler Cup, Abrechnung"
    #: with five players the dealer sits out ("der aussetzende Geber", Tiroler Cup, Paragrafen)
    sitting_rule = "Tiroler Cup, Paragrafen"
    example = {"kind": "game", "contract": "dreier", "declarer": 2, "declarer_thirds": 120,
               "premiums": [{"name": "pagat", "side": "declarer", "announced": True, "made": True}]}
    facts_help = {
        "contract": "trischaken, rufer, piccolo, bettel, solorufer, besserrufer, farbendreier, sechserdreier, "
                    "dreier, farbensolo, piccolo_ouvert, bettel_ouvert, solodreier (as the profile has them)",
        "declarer": "position of the declarer", "partner": "position of the called king's holder (or null)",
        "declarer_thirds": "card points of the declarer's side in thirds (107 = 35 Punkte und 2 Blatt)",
        "declarer_tricks": "negative games: tricks of the declarer",
        "thirds / tricks": "Trischaken: per position",
        "premiums": "[{name, side: declarer|opponents, announced, made, kontra}]",
        "kontra": "0..3 on the game (positive games)", "kontras": "[[position, level]] (negative games)",
        "renonces": "[{kind, offender: position}]", "claims": "[[position, points]]",
    }

    def _form(self, opts: Any) -> list[dict[str, Any]]:
        return [
            {"name": "contract", "label": "Spiel", "type": "select", "options": list(opts.contract_order())},
            {"name": "declarer", "label": "Spieler", "type": "position", "optional": True},
            {"name": "partner", "label": "Partner (gerufener König)", "type": "position", "optional": True},
            {"name": "declarer_points", "label": "Punkte der Spielerpartei (35/2)", "type": "text", "optional": True},
            {"name": "declarer_tricks", "label": "Stiche (Negativspiel)", "type": "int", "optional": True},
            {"name": "kontra", "label": "Kontra", "type": "select", "options": [0, 1, 2, 3], "optional": True},
            {"name": "thirds", "label": "Trischaken: Drittelpunkte je Position", "type": "json", "optional": True},
            {"name": "tricks", "label": "Trischaken: Stiche je Position", "type": "json", "optional": True},
            {"name": "premiums", "label": "Ansagen/Prämien", "type": "json", "optional": True,
             "hint": '[{"name": "pagat", "side": "declarer", "announced": true, "made": true, "kontra": 0}]'},
            {"name": "kontras", "label": "Kontras im Negativspiel [[Position, Stufe]]", "type": "json",
             "optional": True},
            {"name": "renonces", "label": "Renonce", "type": "json", "optional": True,
             "hint": '[{"kind": "farbzwang", "offender": 2}]'},
        ]

    def outcome(self, facts: Mapping[str, Any], ctx: GameContext) -> dict[str, Any]:
        """The facts as the settlement's ``Outcome`` JSON (seats = positions - 1)."""
        unknown = set(facts) - _ALLOWED
        if unknown:
            raise IllegalAction(Msg("unknown {game} facts {facts} (known: {known})", game="Tarock", facts=", ".join(sorted(unknown)), known=", ".join(sorted(_ALLOWED))))
        if "contract" not in facts:
            raise IllegalAction(Msg("a Tarock game needs its contract"))

        def seat(pos: Any, what: str, playing: bool = True) -> int:
            if playing:
                ctx.seat_of(pos, what, self.sitting_rule)  # a player of this game, not the sitting dealer
                return pos - 1
            if isinstance(pos, bool) or not isinstance(pos, int) or not 1 <= pos <= ctx.size:
                raise IllegalAction(Msg("{what} must be a position number from 1 to {size}, not {value}", what=named(what), size=ctx.size,
                                        value=repr(pos)))
            return pos - 1

        def per_position(values: Any, what: str) -> list[int]:
            if not isinstance(values, (list, tuple)) or len(values) != ctx.size:
                raise IllegalAction(Msg("{what}: one number per position ({size})", what=named(what), size=ctx.size))
            return [int(v) for v in values]

        out: dict[str, Any] = {"contract": facts["contract"], "players": [p - 1 for p in ctx.active],
                               "seats": ctx.size}
        if facts.get("declarer") is not None:
            out["declarer"] = seat(facts["declarer"], "declarer")
        if facts.get("partner") is not None:
            out["partner"] = seat(facts["partner"], "partner")
        if "declarer_points" in facts:
            try:  # "35/2" = 35 Punkte und 2 Blatt; Blatt 0, 1 or 2 (Österreich-Finale 1))
                out["declarer_thirds"] = points_blatt_to_thirds(str(facts["declarer_points"]))
            except ValueError as exc:
                raise IllegalAction(Msg("{what}: {reason}", what=named("declarer_points"), reason=exc.args[0] if exc.args else str(exc)),
                                    rule="Österreich-Finale 1)") from None
        if "declarer_thirds" in facts:
            t = facts["declarer_thirds"]
            if isinstance(t, bool) or not isinstance(t, int) or not 0 <= t <= 210:
                raise IllegalAction(Msg("declarer_thirds is a whole number of thirds from 0 to 210 (the pack), not {value}", value=repr(t)),
                                    rule="Österreich-Finale 1)")
        for k in ("declarer_thirds", "declarer_tricks", "kontra", "schleifen"):
            if k in facts:
                out[k] = facts[k]
        for k in ("thirds", "tricks"):
            if k in facts:
                out[k] = per_position(facts[k], k)
        out["premiums"] = [dict(p, announcer=seat(p["announcer"], "announcer") if p.get("announcer") else None)
                           for p in facts.get("premiums", ()) if isinstance(p, Mapping)]
        if len(out["premiums"]) != len(facts.get("premiums", ())):
            raise IllegalAction(Msg("each premium is an object (name, side, announced, made, kontra)"))
        out["kontras"] = [[seat(a, "kontra"), lvl] for a, lvl in facts.get("kontras", ())]
        out["renonces"] = [{"kind": r.get("kind", "other"), "offender": seat(r.get("offender"), "offender", False)}
                           for r in facts.get("renonces", ())]
        out["claims"] = [[seat(a, "claim", False), v] for a, v in facts.get("claims", ())]
        return out

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        scoring = self.scoring()
        try:
            outcome = scoring.Outcome.from_json(self.outcome(facts, ctx))
        except (TypeError, ValueError, AttributeError, KeyError) as exc:
            raise IllegalAction(Msg("malformed Tarock facts: {reason}", reason=str(exc))) from None
        s = scoring.settle(self.options(ctx), outcome)
        title = str(facts["contract"]).replace("_", " ").capitalize()
        who = f" ({facts['declarer']})" if facts.get("declarer") is not None else ""
        label = str(facts.get("label") or f"{title}{who}") + (" Renonce" if outcome.renonces else "")
        return Settlement(tuple(int(p) for p in s.points), tuple(s.lines), tuple(int(m) for m in s.money), label,
                          False, str(facts.get("note", "")))

    def played_facts(self, deal: PlayedDeal) -> dict[str, Any] | None:
        """The keeper's facts of a deal played online, from the settlement's outcome: contract,
        declarer and partner, points in thirds, premiums, Kontras, Renonces (Österreich-Finale 1)-4))."""
        out = (deal.result.summary or {}).get("outcome")
        if not out:
            return None
        pos = deal.pos
        facts: dict[str, Any] = {
            "kind": "game", "contract": out["contract"], "declarer": pos(out["declarer"]),
            "partner": pos(out["partner"]), "declarer_thirds": out["declarer_thirds"],
            "declarer_tricks": out["declarer_tricks"], "kontra": out["kontra"], "schleifen": out["schleifen"],
            "premiums": [dict(p, announcer=pos(p.get("announcer"))) for p in out["premiums"]],
            "kontras": [[pos(a), lv] for a, lv in out["kontras"]],
            "renonces": [{"kind": r["kind"], "offender": pos(r["offender"])} for r in out["renonces"]],
            "claims": [[pos(a), v] for a, v in out["claims"]]}
        if out["thirds"]:
            order = sorted(range(deal.size), key=lambda seat: pos(seat) or 0)
            facts["thirds"] = [out["thirds"][seat] for seat in order]
            facts["tricks"] = [out["tricks"][seat] for seat in order]
        return facts


ADAPTER = TarockAdapter()
