"""Importing this module registers the stammtisch games with OpenSpiel (extra ``rl``).

>>> import stammtisch.openspiel, pyspiel                         # doctest: +SKIP
>>> pyspiel.load_game("stammtisch_jass").num_players()           # doctest: +SKIP
4

Only games whose engine exists (and offers ``all_actions`` / ``sample_state``) are registered;
:data:`REGISTERED` lists them. See :mod:`stammtisch.rl.openspiel_games`.
"""

from .rl.openspiel_games import REGISTERED, register, register_all

__all__ = ["REGISTERED", "register", "register_all", "NAMES"]

#: the short names registered by this import
NAMES: list[str] = register_all()
