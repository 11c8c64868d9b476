"""Doppelkopf exactly by the tournament sheet (``Doppelkopf-Turnier n.``), with the DDV
Turnierspielregeln where the sheet is silent.

Modules: :mod:`.rules` (card order per contract, Augen, trick winner), :mod:`.announcements`
(windows of 5.), :mod:`.scoring` (the pure settlement of 6. and 7.), :mod:`.state` (one game
as a protocol state), :mod:`.game` (rounds, Pflichtsolo carry), :mod:`.spielliste`,
:mod:`.bot` (rule-based player), :mod:`.sampling` (determinization for search bots).
"""

from .game import GAME, DoppelkopfGame
from .options import PROFILES, DoppelkopfOptions
from .scoring import Settlement, settle
from .spielliste import Spielliste
from .state import DoppelkopfDeal

__all__ = ["GAME", "DoppelkopfGame", "DoppelkopfOptions", "PROFILES", "DoppelkopfDeal", "settle", "Settlement",
           "Spielliste"]
