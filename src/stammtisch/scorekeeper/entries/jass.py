"""Schieber Jass at a live table: mode, card points, Weis, Stöck, Match -> the engine's settlement.

Columns are the two partnerships (positions 1+3 and 2+4); Jass rows do not balance.
A row may be written and corrected until the next game starts (Papagei-Jass §19).
"""

from __future__ import annotations

from . import Adapter


class JassAdapter(Adapter):
    """The jass adapter (see the module docstring)."""

    game = "jass"
    title = "Schieber Jass"
    zero_sum = False
    team_game = True
    table_sizes = (4,)
    round_games = {4: 12}
    correction_rule = "Papagei-Jass §19"
    late_rule = "Papagei-Jass §19"

ADAPTER = JassAdapter()
