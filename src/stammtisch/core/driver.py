"""Playing a state to its end with computer players.

>>> from stammtisch.core import registry
>>> from stammtisch.bots.random import RandomBot
>>> m = registry.get("jass").new_match(seed=1, max_deals=1)
>>> play_out(m, [RandomBot()] * 4, rng=__import__("random").Random(1))
>>> m.is_over()
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import partial
from typing import Any

from .protocol import Bot, Turn

__all__ = ["play_out", "step"]


def step(state: Any, bots: Sequence[Bot], rng: random.Random, interjections: bool = True,
         skip: int | None = None) -> None:
    """One round of asking: first the seats that may interject, then the seat to move. The seat
    ``skip`` (a person's, at the terminal) is never asked: nothing is done in its name."""
    if interjections:
        for s in state.interjectors():
            if s == skip:
                continue
            legal = state.legal_actions(s)
            if legal:
                a = bots[s].interject(Turn(s, legal, partial(state.view, s)), rng)
                if a is not None:
                    state.apply(s, a)
                    if state.is_over():
                        return
    seats = [s for s in state.to_act() if s != skip]
    if not seats:
        return
    s = seats[0]
    legal = state.legal_actions(s)
    state.apply(s, bots[s].choose(Turn(s, legal, lambda: state.view(s)), rng))


def play_out(state: Any, bots: Sequence[Bot], rng: random.Random | None = None, max_steps: int = 1_000_000,
             interjections: bool = True) -> None:
    """Let ``bots[seat]`` play every seat until ``state.is_over()``.

    :raises RuntimeError: if the game does not end within ``max_steps`` actions
    """
    rng = rng or random.Random()
    for _ in range(max_steps):
        if state.is_over():
            return
        step(state, bots, rng, interjections)
    raise RuntimeError(f"game did not end within {max_steps} steps")
