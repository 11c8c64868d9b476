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
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction

from . import Adapter, GameContext, Settlement

_ALLOWED = {"kind", "mode", "declarer", "declarer_team", "card_points", "tricks", "weis", "stoeck", "label", "note"}


def _pair(facts: Mapping[str, Any], key: str, default: tuple[int, int] | None = None) -> tuple[int, int]:
    v = facts.get(key, default)
    if v is None:
        raise IllegalAction(f"{key}: a pair [team 1+3, team 2+4] is needed")
    if not isinstance(v, (list, tuple)) or len(v) != 2 or any(isinstance(x, bool) or not isinstance(x, int)
                                                               or x < 0 for x in v):
        raise IllegalAction(f"{key} is a pair of whole numbers [team 1+3, team 2+4], not {v!r}")
    return int(v[0]), int(v[1])


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
        ]

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        scoring = self.scoring()
        unknown = set(facts) - _ALLOWED
        if unknown:
            raise IllegalAction(f"unknown Jass facts {sorted(unknown)} (known: {', '.join(sorted(_ALLOWED))})")
        mode = facts.get("mode")
        if not isinstance(mode, str):
            raise IllegalAction("a Jass game needs its mode (E, S, L, R, obenabe, undenufe, ...)",
                                rule="Papagei-Jass §23")
        if facts.get("declarer") is not None:
            ctx.seat_of(facts["declarer"], "declarer")
            team = (facts["declarer"] - 1) % 2  # positions 1, 3 -> team 0 (1+3); 2, 4 -> team 1
        else:
            team = facts.get("declarer_team", 0)
            if team not in (0, 1):
                raise IllegalAction("declarer_team is 0 (1+3) or 1 (2+4)")
        try:
            s = scoring.score_deal(mode, _pair(facts, "card_points"), _pair(facts, "tricks"),
                                   _pair(facts, "weis", (0, 0)), _pair(facts, "stoeck", (0, 0)), declarer_team=team)
        except KeyError:
            raise IllegalAction(f"unknown Jass mode {mode!r}", rule="Papagei-Jass §23") from None
        except ValueError as exc:
            raise IllegalAction(str(exc), rule="Papagei-Jass §23") from None
        label = str(facts.get("label") or f"{mode} ×{s.multiplier}")
        return Settlement(tuple(int(p) for p in s.points), tuple(s.lines), None, label, False,
                          str(facts.get("note", "")))


ADAPTER = JassAdapter()
