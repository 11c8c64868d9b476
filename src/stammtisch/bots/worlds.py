"""Determinizations: the hidden cards dealt afresh, consistent with what a seat's view shows.

:func:`draw` is how both searches (:mod:`.ismcts`, :mod:`.pimc`) sample a world.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

from ..core.protocol import DealState, Game

__all__ = ["draw"]


def draw(game: Game, options: Any, view: Mapping[str, Any], rng: random.Random,
         weigh: Callable[[Any, Mapping[str, Any], DealState], float] | None = None, tries: int = 8) -> DealState:
    """One determinization: ``game.sample_state``, or with ``weigh`` (a game's
    ``sample_weight``: how well a sampled deal explains the other seats' bids and
    announcements, in ``(0, 1]``) by rejection: a sample is kept with probability equal to its
    weight; after ``tries`` draws the most plausible one seen is used."""
    state = game.sample_state(options, view, rng)
    if weigh is None:
        return state
    best, best_w = state, -1.0
    for k in range(tries):
        if k:
            state = game.sample_state(options, view, rng)
        w = weigh(options, view, state)
        if rng.random() < w:
            return state
        if w > best_w:
            best, best_w = state, w
    return best
