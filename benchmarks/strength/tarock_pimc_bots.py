"""Search-player variants for the Tarock arena runs (docs/bots.md, Tarock): used as bot kinds
``py:benchmarks.strength.tarock_pimc_bots:<name>`` by ``benchmarks/strength/arena_run.py`` (fixed budgets: a number
of sampled worlds per decision, so results do not depend on machine load)."""

from __future__ import annotations

from typing import Any

from stammtisch.bots.search import SearchBot


def _pimc(game: Any, options: Any, **kw: Any) -> SearchBot:
    kw.setdefault("worlds", 20)
    kw.setdefault("guard", 1.0)
    return SearchBot(game, options, time_limit=None, engine="pimc", **kw)


def contract_search(game: Any, options: Any) -> SearchBot:
    """PIMC, contracts (bids, call, talon, discards, announcements) valued by search; guard 1.0."""
    return _pimc(game, options, contract="search")


def contract_rule(game: Any, options: Any) -> SearchBot:
    """PIMC for the cards only, every word the rule player's; guard 1.0."""
    return _pimc(game, options, contract="rule")


def contract_search_noguard(game: Any, options: Any) -> SearchBot:
    """PIMC, contracts by search, no rule guard."""
    return _pimc(game, options, contract="search", guard=None)


def contract_rule_noguard(game: Any, options: Any) -> SearchBot:
    """PIMC for the cards only, no rule guard."""
    return _pimc(game, options, contract="rule", guard=None)


class _EpsilonBot(SearchBot):
    """The PIMC search with a copy of the Tarock kernel whose playouts use another random share."""

    def __init__(self, game: Any, options: Any, epsilon: float, **kw: Any):
        super().__init__(game, options, **kw)
        self._epsilon = epsilon

    def _valuer(self, options: Any) -> Any:
        import copy

        from stammtisch.bots.kernels import kernel_for

        if "eps" not in self._valuers:
            k = copy.copy(kernel_for(self.game, options))
            k.epsilon = k.word_epsilon = self._epsilon
            self._valuers["eps"] = k
        return self._valuers["eps"]


def _eps(game: Any, options: Any, epsilon: float, contract: str) -> SearchBot:
    return _EpsilonBot(game, options, epsilon, time_limit=None, engine="pimc", worlds=20, guard=1.0,
                       contract=contract)


def random_playouts_rule(game: Any, options: Any) -> SearchBot:
    """As :func:`contract_rule` but with uniformly random playouts (epsilon 1): the policy's worth."""
    return _eps(game, options, 1.0, "rule")


def random_playouts_search(game: Any, options: Any) -> SearchBot:
    """As :func:`contract_search` but with uniformly random playouts."""
    return _eps(game, options, 1.0, "search")


def greedy_playouts_search(game: Any, options: Any) -> SearchBot:
    """As :func:`contract_search` but the policy never plays at random (epsilon 0)."""
    return _eps(game, options, 0.0, "search")


class _MixedBot(SearchBot):
    """The PIMC search with its own copy of the kernel: ``epsilon`` for card values, ``word_epsilon``
    for word values."""

    def __init__(self, game: Any, options: Any, epsilon: float, word_epsilon: float, **kw: Any):
        super().__init__(game, options, **kw)
        self._eps_pair = (epsilon, word_epsilon)

    def _valuer(self, options: Any) -> Any:
        import copy

        from stammtisch.bots.kernels import kernel_for

        if "eps" not in self._valuers:
            k = copy.copy(kernel_for(self.game, options))
            k.epsilon, k.word_epsilon = self._eps_pair
            self._valuers["eps"] = k
        return self._valuers["eps"]


def mixed_search(game: Any, options: Any) -> SearchBot:
    """Contracts by search: cards valued with random playouts, words with the policy (epsilon 0.1)."""
    return _MixedBot(game, options, 1.0, 0.1, time_limit=None, engine="pimc", worlds=20, guard=1.0,
                     contract="search")


def half_search(game: Any, options: Any) -> SearchBot:
    """Contracts by search: cards valued with half-random playouts (epsilon 0.5), words with the policy."""
    return _MixedBot(game, options, 0.5, 0.1, time_limit=None, engine="pimc", worlds=20, guard=1.0,
                     contract="search")
