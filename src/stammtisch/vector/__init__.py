"""Batched environments on the compiled kernels: many deals stepped by one call.

>>> from stammtisch.vector import make
>>> env = make("jass", num_envs=4)
>>> b = env.reset(seed=1)
>>> for _ in range(3):
...     b = env.step(env.sample_actions())     # b.seat, b.obs, b.mask, b.reward, b.done, b.points
>>> b.mask.shape[0]
4

See :mod:`stammtisch.vector.base` for the arrays, docs/bots.md ("Batched environments") for what
each game's batched deal contains and the observation field by field. Needs the extra ``fast``
(Numba); without it the same code runs as plain Python, far too slowly to be of use.

The first use of a batched game in a fresh installation compiles its step (23 to 108 CPU seconds per
game, measured in ``benchmarks/results/vector_warmup.json``); Numba keeps the result in its cache,
so later processes load it in about a second. :func:`warm_up` does this ahead of time (a training
run's first iteration then measures training, not compiling).
"""

from __future__ import annotations

from typing import Any

from .base import Batch, VectorEnv

__all__ = ["make", "warm_up", "VectorEnv", "Batch", "GAMES", "COMPILED_GAMES"]

#: games with a batched environment
GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
#: games whose batched step is compiled (the others fall back to one engine deal per row)
COMPILED_GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")


def make(game: str, num_envs: int = 1, profile: str | None = None, options: dict[str, Any] | None = None,
         engine: bool = False) -> VectorEnv:
    """The batched environment of ``game`` with ``num_envs`` deals: compiled for the games of
    :data:`COMPILED_GAMES` (unless ``engine``), else (or with ``engine=True``) the fallback
    :class:`~stammtisch.vector.engine.EngineVectorEnv`, one engine deal per row behind the same
    API (every word of the game, the engine's speed). ``env.compiled`` says which."""
    if game not in GAMES:
        raise ValueError(f"no batched environment for {game!r} (there is one for: {', '.join(GAMES)})")
    if game == "jass" and not engine:
        from .jass import JassVectorEnv

        return JassVectorEnv(num_envs, profile, options)
    if game == "doppelkopf" and not engine:
        from .doppelkopf import make_doppelkopf

        return make_doppelkopf(num_envs, profile, options)  # a five-table: the engine fallback
    if game == "tarock" and not engine:
        from .tarock import TarockVectorEnv

        return TarockVectorEnv(num_envs, profile, options)
    if game == "perlaggen":  # the compiled deal, or the fallback for options it does not cover
        from .perlaggen import make_perlaggen

        return make_perlaggen(num_envs, profile, options, engine)
    from ..core import registry
    from .engine import EngineVectorEnv

    return EngineVectorEnv(registry.get(game), num_envs, profile, options)


def warm_up(games: tuple[str, ...] | list[str] = COMPILED_GAMES) -> dict[str, float]:
    """Compile (or load from Numba's cache) the batched step of each of ``games``: deal two rows,
    play a few random actions and observe. Returns the CPU seconds each game took.

    >>> sorted(warm_up(["jass"]))
    ['jass']
    """
    import time

    import numpy as np

    spent = {}
    for game in games:
        t = time.process_time()
        env = make(game, 2)
        env.reset(seed=0)
        for _ in range(4):
            env.step(env.sample_actions())
        env.observe(np.zeros(2, np.int64))
        spent[game] = round(time.process_time() - t, 2)
    return spent
