"""Doppelkopf PIMC search variants for arena runs (``py:benchmarks.strength.doppelkopf_pimc_bots:<name>``).

Every variant is the default :class:`~stammtisch.bots.search.SearchBot` on the compiled PIMC
search with a fixed budget of 40 sampled worlds per decision (8 playouts per candidate and world,
the kernel's ``pimc_playouts``), so that results do not depend on machine load; they differ in
who decides the words (``contract``), the rule guard and the kernel's playout policy.
Run e.g. ``python benchmarks/strength/arena_run.py doppelkopf py:benchmarks.strength.doppelkopf_pimc_bots:contract_rule
rule --pairs 200 --name arena_doppelkopf_pimc-40w-contract_rule_vs_rule``.
"""

from __future__ import annotations

from typing import Any

from stammtisch.bots.kernels import doppelkopf as K
from stammtisch.bots.kernels import kernel_for
from stammtisch.bots.search import SearchBot

WORLDS = 40


def _bot(game: Any, options: Any, *, contract: str, guard: float | None, policy: int = K.POLICY_HEURISTIC,
         worlds: int = WORLDS, playouts: int | None = None) -> SearchBot:
    k = kernel_for(game, options)
    k.policy = policy  # per process: an arena run plays one variant against the rule player
    return SearchBot(game, options, worlds=worlds, time_limit=None, contract=contract, guard=guard,
                     playouts=playouts)


def contract_search(game: Any, options: Any) -> SearchBot:
    """The default: contract words and announcements by the search, rule guard 1.0."""
    return _bot(game, options, contract="search", guard=1.0)


def contract_search_noguard(game: Any, options: Any) -> SearchBot:
    return _bot(game, options, contract="search", guard=None)


def contract_rule(game: Any, options: Any) -> SearchBot:
    """Words by the rule player, cards by the search with the rule guard 1.0 (the old default)."""
    return _bot(game, options, contract="rule", guard=1.0)


def contract_rule_noguard(game: Any, options: Any) -> SearchBot:
    return _bot(game, options, contract="rule", guard=None)


def random_policy(game: Any, options: Any) -> SearchBot:
    """Cards only (rule contract, no guard) with uniformly random playouts."""
    return _bot(game, options, contract="rule", guard=None, policy=K.POLICY_RANDOM)


def contract_search_rule_announcements(game: Any, options: Any) -> SearchBot:
    """Contract words by the search, announcements (Re/Kontra, Absagen) by the rule player, guard 1.0."""
    bot = _bot(game, options, contract="search", guard=1.0)
    kernel_for(game, options).value_announcements = False
    return bot


def contract_search_random_policy(game: Any, options: Any) -> SearchBot:
    """The default with uniformly random playouts instead of the heuristic."""
    return _bot(game, options, contract="search", guard=1.0, policy=K.POLICY_RANDOM)
