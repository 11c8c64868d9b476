"""Schieber Jass at a live table: mode, card points, tricks, Weis, Stöck -> the engine's settlement.

Columns are the two partnerships, ``1+3`` and ``2+4`` (the engine's teams 0 and 1, "Team 1/3"
and "Team 2/4"); Jass rows do not balance. A row may be written and corrected until the next
game starts (Papagei-Jass §19). The settlement is
:func:`stammtisch.games.jass.scoring.score_deal` (the mode's multiplier, Match, Weis and Stöck
all multiplied, Papagei-Jass §23, §13, §29).

A ``game`` entry::

    {"kind": "game", "mode": "E", "declarer": 2, "card_points": [100, 57], "tricks": [6, 3],
     "weis": [50, 0], "stoeck": [20, 0]}

Pairs are ``[team 1+3, team 2+4]``; ``declarer`` is the position that named the mode (or
``declarer_team`` 0/1).

The referee at a live table (the engine refuses these offences online, a real table has to rule on
them):

* a deal settled after a penalty ruling: a ``game`` entry with ``"ruling": "§15"`` (one of
  :data:`RULINGS`) and optionally ``"offender"`` (the position that committed it). The points are
  the ones counted after the ruling (§7, §15, §28, §31: the offending cards lose their Stechwert,
  §17: the other side gets all the cards); the row names the paragraph.
* an annulled deal: ``{"kind": "annulled", "rule": "§7", "by": 2, "reason": "..."}`` -- 0 for both
  teams, struck, not replayed (§7 "das Spiel, nicht aber die ganze Partie, zu annullieren"). ``rule``
  is one of :data:`ANNULMENTS`; ``by`` is a position of the side that claimed the annulment.

Both are rows like any other: corrected until the next game's first card (§19), with history.
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from stammtisch.core.protocol import Line

from . import Adapter, PlayedDeal, GameContext, Settlement, named

_ALLOWED = {"kind", "mode", "declarer", "declarer_team", "card_points", "tricks", "weis", "stoeck", "label", "note",
            "ruling", "offender"}
_ANNULLED_ALLOWED = {"kind", "rule", "by", "reason", "label", "note"}

#: the penalty rulings a deal may be settled after (Papagei-Jass), the paragraph and its offence
RULINGS = {
    "§7": "irrtümlich/falsch gespielte oder zurückbehaltene Karte",
    "§15": "Nichtangeben einer Farbe",
    "§17": "Rest verlangen, nicht eingetroffen",
    "§28": "Vorspielen",
    "§31": "zwei Karten gespielt",
}
#: the paragraphs that let a side annul a deal (never the whole Partie, §7)
ANNULMENTS = {
    "§5": "fehlende Karte",
    "§7": "falsche Karte, zu spät bemerkt",
    "§25": "der Partner macht irrtümlich Trumpf oder schiebt",
    "§29": "unnötiger Weis",
    "§29.1": "falsche Weisdeklaration",
}


def _pair(facts: Mapping[str, Any], key: str, default: tuple[int, int] | None = None) -> tuple[int, int]:
    v = facts.get(key, default)
    if v is None:
        raise IllegalAction(Msg("{key}: a pair [team 1+3, team 2+4] is needed", key=named(key)))
    if not isinstance(v, (list, tuple)) or len(v) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                                               or x < 0 for x in v):
        raise IllegalAction(Msg("{key} is a pair of whole numbers [team 1+3, team 2+4], not {value}", key=named(key), value=repr(v)))
    return int(v[0]), int(v[1])


#: card points of one deal, the last trick's 5 included
DEAL_POINTS = 157


def _possible(mode: str, facts: Mapping[str, Any], opts: Any) -> None:
    """Refuse facts no deal can produce, naming the field and the paragraph (issue 32, item 7).

    * a mode the table did not agree to: Misere (Papagei-Jass §24.5) and "Drei mal Drei" (§24.3) are
      played only where agreed before the game (the table's options);
    * Stöck are King and Ober of trump (§29.3): none without a trump suit (Obenabe, Undenufe, Slalom, Quer),
      one pair only (20 for one partnership), none in a Misere;
    * Weis: only the partnership with the highest Weis writes Weis (§29), none in a Misere (§24.5: the
      opponents' points count) or where the table plays without Weis;
    * card points: the 9 tricks of a deal hold 157 (the last trick's 5 included; fewer tricks and points
      when a partnership thanks out early), a partnership without a trick has none.
    """
    base = mode.split(":", 1)[1] if mode.startswith("misere:") else mode
    if mode.startswith("misere:") and not getattr(opts, "misere", False):
        raise IllegalAction(Msg("{what}: Misere is played only where the table agreed to it", what=named("mode")),
                            rule="Papagei-Jass §24.5")
    three = mode.startswith("3x3:")
    if three and not getattr(opts, "drei_mal_drei", False):
        raise IllegalAction(Msg("{what}: Drei mal Drei is played only where the table agreed to it", what=named("mode")),
                            rule="Papagei-Jass §24.3")
    stoeck = _pair(facts, "stoeck", (0, 0))
    weis = _pair(facts, "weis", (0, 0))
    if any(stoeck):
        if mode.startswith("misere:"):
            raise IllegalAction(Msg("{what}: no Stöck in a Misere", what=named("stoeck")), rule="Papagei-Jass §24.5")
        if not three and base not in ("E", "S", "L", "R"):
            raise IllegalAction(Msg("{what}: Stöck are King and Ober of trump; {mode} has no trump", what=named("stoeck"),
                                    mode=mode), rule="Papagei-Jass §29.3")
        if all(stoeck) and not three:
            raise IllegalAction(Msg("{what}: one pair of Stöck per deal, for one partnership", what=named("stoeck")),
                                rule="Papagei-Jass §29.3")
        if not three and max(stoeck) != 20:
            raise IllegalAction(Msg("{what}: Stöck count 20, not {value}", what=named("stoeck"), value=max(stoeck)),
                                rule="Papagei-Jass §29.3")
    if any(weis):
        if mode.startswith("misere:"):
            raise IllegalAction(Msg("{what}: no Weis in a Misere", what=named("weis")), rule="Papagei-Jass §24.5")
        if not getattr(opts, "weis", True):
            raise IllegalAction(Msg("{what}: this table plays without Weis", what=named("weis")), rule="Papagei-Jass §29")
        if all(weis):
            raise IllegalAction(Msg("{what}: only the partnership with the highest Weis writes Weis", what=named("weis")),
                                rule="Papagei-Jass §29")
    if three:
        return  # three parts of one deal, each settled by the engine's own checks
    points, tricks = _pair(facts, "card_points"), _pair(facts, "tricks")
    # a deal may end early when a partnership thanks out (Bedanken): fewer tricks, fewer points, never more
    if sum(tricks) > 9:
        raise IllegalAction(Msg("{what}: a deal has 9 tricks, not {value}", what=named("tricks"), value=sum(tricks)),
                            rule="Papagei-Jass §23")
    if sum(points) > DEAL_POINTS or (sum(tricks) == 9 and sum(points) != DEAL_POINTS):
        raise IllegalAction(Msg("{what}: the tricks of a deal hold {total} card points, not {value}",
                                what=named("card_points"), total=DEAL_POINTS, value=sum(points)), rule="Papagei-Jass §23")
    for team in (0, 1):
        if tricks[team] == 0 and points[team]:
            raise IllegalAction(Msg("{what}: a partnership without a trick has no card points ({value})",
                                    what=named("card_points"), value=points[team]), rule="Papagei-Jass §23")


class JassAdapter(Adapter):
    """Facts per partnership for :func:`stammtisch.games.jass.scoring.score_deal`."""

    game = "jass"
    title = "Schieber Jass"
    zero_sum = False
    team_game = True
    table_sizes = (4,)
    round_games = {4: 12}
    correction_rule = "Papagei-Jass §19"
    late_rule = "Papagei-Jass §19"
    example = {"kind": "game", "mode": "E", "declarer": 1, "card_points": [100, 57], "tricks": [6, 3],
               "weis": [50, 0], "stoeck": [20, 0]}
    facts_help = {
        "mode": "E S L R (trump suits), obenabe, undenufe, slalom-oben, quer-unten, misere:R ... (the engine's modes)",
        "declarer": "position that named the mode", "card_points": "[team 1+3, team 2+4] incl. the last trick's 5",
        "tricks": "[team 1+3, team 2+4]", "weis": "[team 1+3, team 2+4]", "stoeck": "[team 1+3, team 2+4]",
        "ruling": "settled after a penalty ruling: §7, §15, §17, §28 or §31 (optional)",
        "offender": "position that committed the offence (with a ruling, optional)",
    }

    def _form(self, opts: Any) -> list[dict[str, Any]]:
        modes = list(getattr(self.scoring(), "MODES", {})) or list(importlib.import_module(
            "stammtisch.games.jass.modes").MODES)
        return [
            {"name": "mode", "label": "Spielart", "type": "select", "options": modes},
            {"name": "declarer", "label": "angesagt von", "type": "position"},
            {"name": "card_points", "label": "Kartenpunkte (1+3, 2+4)", "type": "pair"},
            {"name": "tricks", "label": "Stiche (1+3, 2+4)", "type": "pair"},
            {"name": "weis", "label": "Weis (1+3, 2+4)", "type": "pair", "optional": True},
            {"name": "stoeck", "label": "Stöck (1+3, 2+4)", "type": "pair", "optional": True},
            {"name": "ruling", "label": "Strafe nach", "type": "select", "options": list(RULINGS), "optional": True},
            {"name": "offender", "label": "fehlbar", "type": "position", "optional": True},
        ]

    def settle(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        """As :meth:`Adapter.settle`; an annulled deal names the paragraph that allowed it."""
        if isinstance(facts, Mapping) and facts.get("kind") == "annulled" and ctx.size in self.table_sizes:
            return self._annulled(facts, ctx)
        return super().settle(facts, ctx)

    def _annulled(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        unknown = set(facts) - _ANNULLED_ALLOWED
        if unknown:
            raise IllegalAction(Msg("unknown facts of an annulled deal {facts} (known: {known})", facts=", ".join(sorted(unknown)),
                                    known=", ".join(sorted(_ANNULLED_ALLOWED))))
        rule = facts.get("rule")
        if rule is not None and rule not in ANNULMENTS:
            raise IllegalAction(Msg("{what}: a deal is annulled under {known}, not {value}", what=named("rule"), known=", ".join(ANNULMENTS), value=repr(rule)),
                                rule="Papagei-Jass §7")
        by = facts.get("by")
        if by is not None:
            ctx.seat_of(by, "by")
        reason = str(facts.get("reason", "")).strip() or (ANNULMENTS[rule] if rule else "annulliert")
        where = f"Papagei-Jass {rule}" if rule else "Papagei-Jass"
        who = f"{'1+3' if (by - 1) % 2 == 0 else '2+4'} annulliert: " if by is not None else ""
        label = str(facts.get("label") or ("annulliert" + (f" ({rule})" if rule else "")))
        return Settlement((0, 0), (Line("annulliert", 0, f"{where}: {who}{reason}"),), None, label, True, reason,
                          carry=dict(ctx.carry))

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        scoring = self.scoring()
        unknown = set(facts) - _ALLOWED
        if unknown:
            raise IllegalAction(Msg("unknown {game} facts {facts} (known: {known})", game="Jass", facts=", ".join(sorted(unknown)), known=", ".join(sorted(_ALLOWED))))
        mode = facts.get("mode")
        if not isinstance(mode, str):
            raise IllegalAction(Msg("a Jass game needs its mode (E, S, L, R, obenabe, undenufe, ...)"),
                                rule="Papagei-Jass §23")
        if facts.get("declarer") is not None:
            ctx.seat_of(facts["declarer"], "declarer")
            team = (facts["declarer"] - 1) % 2  # positions 1, 3 -> team 0 (1+3); 2, 4 -> team 1
        else:
            team = facts.get("declarer_team", 0)
            if team not in (0, 1):
                raise IllegalAction(Msg("declarer_team is 0 (1+3) or 1 (2+4)"))
        _possible(mode, facts, self.options(ctx))
        try:
            s = scoring.score_deal(mode, _pair(facts, "card_points"), _pair(facts, "tricks"),
                                   _pair(facts, "weis", (0, 0)), _pair(facts, "stoeck", (0, 0)), declarer_team=team)
        except KeyError:
            raise IllegalAction(Msg("unknown Jass mode {name}", name=repr(mode)), rule="Papagei-Jass §23") from None
        except ValueError as exc:
            raise IllegalAction(str(exc), rule="Papagei-Jass §23") from None
        ruling = facts.get("ruling")
        lines = tuple(s.lines)
        if ruling is not None:
            if ruling not in RULINGS:
                raise IllegalAction(Msg("{what}: a deal is settled after a ruling under {known}, not {value}", what=named("ruling"),
                                        known=", ".join(RULINGS), value=repr(ruling)), rule="Papagei-Jass §7")
            who = ""
            if facts.get("offender") is not None:
                ctx.seat_of(facts["offender"], "offender")
                who = f" by position {facts['offender']}"
            lines += (Line("Strafe", 0, f"Papagei-Jass {ruling}: {RULINGS[ruling]}{who}"),)
        elif facts.get("offender") is not None:
            raise IllegalAction(Msg("offender is given with a ruling (ruling: §7, §15, ...)"))
        label = str(facts.get("label") or f"{mode} ×{s.multiplier}" + (f" ({ruling})" if ruling else ""))
        return Settlement(tuple(int(p) for p in s.points), lines, None, label, False,
                          str(facts.get("note", "")))

    def played_facts(self, deal: PlayedDeal) -> dict[str, Any] | None:
        """The keeper's facts of a deal played online: mode, who named it, card points, tricks, Weis
        and Stöck per partnership (Papagei-Jass §11-§13, §23); a deal thanked out before a mode was
        named gives none (its row is the table's points)."""
        s = deal.result.summary or {}
        if not s.get("mode") or s.get("declarer") is None:
            return None
        return {"kind": "game", "mode": s["mode"], "declarer": deal.pos(s["declarer"]),
                "card_points": deal.teams(s["card_points"]), "tricks": deal.teams(s["tricks_won"]),
                "weis": deal.teams(s["weis"]), "stoeck": deal.teams(s["stoeck"])}


ADAPTER = JassAdapter()
