"""Jass PIMC search variants for arena runs (``py:benchmarks.strength.jass_pimc:<factory>`` bot kinds):
the playout policy of the compiled search values compared in one process, each bot with its own
copy of the kernel. The budget is fixed in worlds per decision, the environment variable
``JASS_PIMC_WORLDS`` (default 50), so results do not depend on machine load.

Run: ``python benchmarks/strength/arena_run.py jass py:benchmarks.strength.jass_pimc:heuristic py:benchmarks.strength.jass_pimc:random_policy
--pairs 100 --name arena_jass_pimc-heuristic_vs_pimc-random``.
"""

from __future__ import annotations

import copy
import os
from typing import Any

from stammtisch.bots.search import SearchBot


def _worlds() -> int:
    return int(os.environ.get("JASS_PIMC_WORLDS", "50"))


class _PolicyBot(SearchBot):
    """The search player whose kernel plays its playouts with ``policy`` and ``epsilon``."""

    def __init__(self, game: Any, options: Any, policy: int, epsilon: float):
        super().__init__(game, options, worlds=_worlds(), time_limit=None, engine="pimc")
        self._policy, self._epsilon = policy, epsilon

    def _valuer(self, options: Any) -> Any:
        k = super()._valuer(options)
        if k is None or getattr(k, "_variant_of", None) is not None:
            return k
        v = copy.copy(k)
        v.policy, v.epsilon, v._variant_of = self._policy, self._epsilon, k
        self._valuers[next(iter(self._valuers))] = v  # this bot only, keyed as the driver keys it
        return v


def heuristic(game: Any, options: Any = None) -> SearchBot:
    from stammtisch.bots.kernels.jass import POLICY_HEURISTIC

    return _PolicyBot(game, options, POLICY_HEURISTIC, float(os.environ.get("JASS_PIMC_EPS", "0.1")))


def heuristic_greedy(game: Any, options: Any = None) -> SearchBot:
    from stammtisch.bots.kernels.jass import POLICY_HEURISTIC

    return _PolicyBot(game, options, POLICY_HEURISTIC, 0.0)


def random_policy(game: Any, options: Any = None) -> SearchBot:
    from stammtisch.bots.kernels.jass import POLICY_RANDOM

    return _PolicyBot(game, options, POLICY_RANDOM, 0.0)
