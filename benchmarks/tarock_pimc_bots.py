"""Search-player variants for the Tarock arena runs (docs/bots.md, Tarock): used as bot kinds
``py:benchmarks.tarock_pimc_bots:<name>`` by ``benchmarks/arena_run.py`` (fixed budgets: a number
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
