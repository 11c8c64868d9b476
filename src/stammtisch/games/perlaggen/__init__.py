"""Perlaggen after the Innsbrucker Perlaggerregeln (cited ``Perlaggen §n``).

>>> from stammtisch.games.perlaggen import GAME
>>> m = GAME.new_match(seed=3)
>>> m.to_act() == ((m.current.ctx.dealer - 1) % 4,)   # the seat right of the dealer cuts (§4)
True
>>> m.apply(m.to_act()[0], "abheben:12")
>>> m.view(0)["deal"]["phase"] in ("keep", "look")
True
"""

from .game import PerlaggenGame, cut_for_partners, next_partie_dealer, schrift_dealer
from .options import PROFILES, PerlaggenOptions
from .scoring import AUS, FigureOutcome, Penalty, Settlement, settle, settle_json
from .state import PerlaggenDeal

GAME = PerlaggenGame()

__all__ = ["GAME", "PerlaggenGame", "PerlaggenDeal", "PerlaggenOptions", "PROFILES", "settle", "settle_json", "FigureOutcome",
           "Penalty", "Settlement", "AUS", "cut_for_partners", "next_partie_dealer", "schrift_dealer"]
