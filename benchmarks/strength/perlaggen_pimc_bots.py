"""Perlaggen search players for arena runs that differ only in the compiled kernel's value policy
or in who says the words (``stammtisch arena perlaggen --a py:benchmarks.strength.perlaggen_pimc_bots:heuristic20``).

Each factory returns a :class:`~stammtisch.bots.search.SearchBot` with a fixed budget of sampled
worlds (so results do not depend on machine load) and its own
:class:`~stammtisch.bots.kernels.perlaggen.PerlaggenKernel` instance, so two players in one
process can use different policies.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package

WORLDS = 20


def _bot(game: Any, options: Any, policy: int, contract: str, worlds: int = WORLDS) -> Any:
    from stammtisch.bots.kernels.perlaggen import PerlaggenKernel
    from stammtisch.bots.search import SearchBot

    opts = options if options is not None else game.options()
    bot = SearchBot(game, opts, time_limit=None, worlds=worlds, contract=contract, engine="pimc")
    k = PerlaggenKernel(opts)
    k.value_policy = policy
    bot._valuers[opts] = k  # this player's own kernel (the value policy under test)
    return bot


def heuristic20(game: Any, options: Any) -> Any:
    """The default: heuristic playouts, words valued by the search."""
    from stammtisch.bots.kernels.perlaggen import POLICY_HEURISTIC

    return _bot(game, options, POLICY_HEURISTIC, "search")


def random20(game: Any, options: Any) -> Any:
    """Random playouts (uniform legal cards, a Perlagg getauft as the trump Ace), words by the search."""
    from stammtisch.bots.kernels.perlaggen import POLICY_TRUMP_ACE

    return _bot(game, options, POLICY_TRUMP_ACE, "search")


def heuristic20_rulewords(game: Any, options: Any) -> Any:
    """Heuristic playouts for the cards, every word (bids, answers, figures) by the rule player."""
    from stammtisch.bots.kernels.perlaggen import POLICY_HEURISTIC

    return _bot(game, options, POLICY_HEURISTIC, "rule")
