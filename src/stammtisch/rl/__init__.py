"""Research adapters (extra ``rl``): OpenSpiel Python games and PettingZoo AEC environments.

* ``import stammtisch.openspiel`` registers every available game with ``pyspiel`` as
  ``stammtisch_<game>`` (:mod:`stammtisch.rl.openspiel_games`).
* :func:`stammtisch.rl.pettingzoo_env.env` builds a PettingZoo AEC environment with action masks.

Importing this package itself imports neither OpenSpiel nor PettingZoo.
"""

__all__ = ["openspiel_games", "pettingzoo_env", "encoding"]
