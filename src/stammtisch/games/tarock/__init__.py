"""Königrufen Tarock: the Österreich-Finale (Hausruckcup) and Tiroler Cup profiles.

Modules: :mod:`.cards` (values in thirds, trick winner, play constraints), :mod:`.options`
(contracts and profiles as data), :mod:`.scoring` (the pure settlement without cards),
:mod:`.state` (the deal as a state machine), :mod:`.game` (deal, match, hooks), :mod:`.bot`
(the rule-based player), :mod:`.sample` (hidden-information sampling), :mod:`.referee`
(Renonce rulings on recorded games).
"""

from .game import TarockGame
from .options import CONTRACTS, PROFILES, TarockOptions
from .scoring import Outcome, Premium, Renonce, Settlement, settle

GAME = TarockGame()

__all__ = ["GAME", "TarockGame", "TarockOptions", "PROFILES", "CONTRACTS", "Outcome", "Premium", "Renonce",
           "Settlement", "settle"]
