"""Schieber Jass after the Papagei-Jass rules (cited ``Papagei-Jass §n``, docs/rules/sources.md).

Modules: :mod:`.modes` (the §23/§24 modes and per-trick tables), :mod:`.play` (legal cards,
trick winner), :mod:`.weis` (§29), :mod:`.scoring` (pure settlement, also used by the
scorekeeper), :mod:`.state` (the deal), :mod:`.game` (dealing, rotation), :mod:`.bot`,
:mod:`.sample`.

>>> from stammtisch.games.jass import GAME
>>> GAME.name
'jass'
"""

from .game import GAME, JassGame
from .options import PROFILES, JassOptions
from .scoring import score_deal

__all__ = ["GAME", "JassGame", "JassOptions", "PROFILES", "score_deal"]
