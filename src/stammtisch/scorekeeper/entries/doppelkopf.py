"""Doppelkopf at a live table: contract, parties, announcements, Augen, Sonderpunkte.

Every row balances; a sitting fifth player gets 0 (Doppelkopf-Turnier 7.); each player owes one
Pflichtsolo per round, after which the same dealer deals again (Doppelkopf-Turnier 2.).
"""

from __future__ import annotations

from . import Adapter


class DoppelkopfAdapter(Adapter):
    """The doppelkopf adapter (see the module docstring)."""

    game = "doppelkopf"
    title = "Doppelkopf"
    zero_sum = True
    table_sizes = (4, 5)
    round_games = {4: 20, 5: 25}
    pflichtsolo = True
    parity = True
    correction_rule = ""
    late_rule = ""

ADAPTER = DoppelkopfAdapter()
