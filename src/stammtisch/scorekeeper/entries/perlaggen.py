"""Perlaggen at a live table: figures bid/held/conceded, who made them, penalties -> the engine's settlement.

Columns are the two partnerships (positions 1+3 and 2+4); rows do not balance. A row may be
corrected only until the next game's points are written, never later (Perlaggen §33).
"""

from __future__ import annotations

from . import Adapter


class PerlaggenAdapter(Adapter):
    """The perlaggen adapter (see the module docstring)."""

    game = "perlaggen"
    title = "Perlaggen"
    zero_sum = False
    team_game = True
    table_sizes = (4,)
    round_games = {4: 0}
    correction_rule = "Perlaggen §33"
    late_rule = "Perlaggen §33"

ADAPTER = PerlaggenAdapter()
