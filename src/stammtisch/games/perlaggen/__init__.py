"""Perlaggen after the Innsbrucker Perlaggerregeln (cited ``Perlaggen §n``).

>>> from stammtisch.games.perlaggen import GAME
>>> m = GAME.new_match(seed=3)
>>> m.to_act()              # the seat right of the dealer cuts first (§4)
(2,)
"""

from .game import PerlaggenGame, cut_for_partners, next_partie_dealer, schrift_dealer
from .options import PROFILES, PerlaggenOptions
from .scoring import AUS, FigureOutcome, Penalty, Settlement, settle
from .state import PerlaggenDeal

GAME = PerlaggenGame()

__all__ = ["GAME", "PerlaggenGame", "PerlaggenDeal", "PerlaggenOptions", "PROFILES", "settle", "FigureOutcome",
           "Penalty", "Settlement", "AUS", "cut_for_partners", "next_partie_dealer", "schrift_dealer"]
