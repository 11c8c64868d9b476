"""Königrufen Tarock at a live table: contract, declarer, partner, announcements, Kontra, Renonce.

Every row balances; Kontra goes to the money ledger only (Österreich-Finale 2)). Pure writing
and arithmetic errors may be corrected later by the organiser (Tiroler Cup, Abrechnung).
"""

from __future__ import annotations

from . import Adapter


class TarockAdapter(Adapter):
    """The tarock adapter (see the module docstring)."""

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

ADAPTER = TarockAdapter()
