"""Batch self-play on every core: the engine of ``stammtisch simulate``.

Game ``i`` of a batch is a pure function of the batch's settings and ``i``: with a seed it
is dealt with seed ``seed + i`` and its bots draw from ``Random(f"{seed}:{i}:play")``, so
the games can be played in any order, in any process, and the batch's results are the same
as the serial run's (tested). Without a seed every deal is shuffled securely.

The games are cut into chunks (:func:`play_chunk`, a plain picklable function) that run in
this process (``workers=1``), in a process pool (``workers=0``: one process per core;
:func:`~stammtisch.bots.pool.run_each`) or as Ray tasks (``ray=True``, the ``ray`` extra;
``RAY_ADDRESS`` joins a cluster). A progress callback hears of every finished chunk. Ctrl-C or
SIGTERM ends the workers and raises :class:`~stammtisch.bots.pool.Interrupted` carrying the
result of the games finished before.

>>> r = run_batch("jass", 4, seed=1, workers=1)
>>> r["games"], len(r["totals"]), r["totals"] == run_batch("jass", 4, seed=1, workers=2)["totals"]
(4, 2, True)
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .common import default_workers, get_game

__all__ = ["BatchSpec", "play_chunk", "run_batch", "rate_text", "default_workers"]


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker needs to play any game of the batch (picklable)."""

    game: str
    bots: str = "random"
    seed: int | None = None
    profile: str | None = None
    overrides: Mapping[str, Any] = field(default_factory=dict)
    match: bool = False
    record: str | None = None  # folder for one record per game


def play_chunk(spec: BatchSpec, start: int, stop: int) -> list[tuple[int, list[int], int]]:
    """Play games ``start .. stop-1`` of the batch: ``(index, totals per column, deals)`` each."""
    from ..core import records
    from ..core.driver import play_out
    from . import make
    game = get_game(spec.game)
    options = game.options(spec.profile, dict(spec.overrides))
    bot = make(spec.bots, game, options)
    out = []
    for i in range(start, stop):
        seed = None if spec.seed is None else spec.seed + i
        m = game.new_match(spec.profile, dict(spec.overrides), seed=seed, max_deals=None if spec.match else 1)
        rng = random.Random(f"{spec.seed}:{i}:play") if spec.seed is not None else random.Random()
        play_out(m, [bot] * m.n, rng)
        out.append((i, list(m.totals), len(m.logs)))
        if spec.record:
            records.dump(m, Path(spec.record) / f"{spec.game}-{i:06d}.json")
    return out


def _chunks(games: int, workers: int) -> list[tuple[int, int]]:
    # a few chunks per worker (balance) but not too small (each costs a round trip)
    size = max(1, min(100, games // (workers * 32)))
    return [(i, min(i + size, games)) for i in range(0, games, size)]


def run_batch(game: str, games: int, *, seed: int | None = None, bots: str = "random", profile: str | None = None,
              overrides: Mapping[str, Any] | None = None, match: bool = False, record: Path | None = None,
              workers: int = 0, ray: bool = False, ray_address: str | None = None,
              progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games (single deals, or whole matches with ``match``) and add up the columns.

    :param workers: processes (``0``: one per core, ``1``: this process)
    :param ray: run the chunks as Ray tasks instead of a process pool
    :param progress: called with ``(games done, games)`` after every chunk
    :returns: ``games``, ``deals``, ``totals`` per column, ``seconds`` (wall clock),
        ``games_per_second``, ``workers``
    """
    g = get_game(game)  # fail early (unknown game, bad options, unknown bot) in this process
    options = g.options(profile, dict(overrides or {}))
    from . import make

    make(bots, g, options)
    spec = BatchSpec(game, bots, seed, profile, dict(overrides or {}), match, str(record) if record else None)
    workers = default_workers() if workers <= 0 else workers
    chunks = _chunks(games, workers)
    t0 = time.perf_counter()
    results: list[tuple[int, list[int], int]] = []
    done = 0

    def collect(part: Sequence[tuple[int, list[int], int]]) -> None:
        nonlocal done
        results.extend(part)
        done += len(part)
        if progress:
            progress(done, games)

    used: int | str = workers
    try:
        if ray:
            used = "ray"
            _run_ray(spec, chunks, ray_address, collect)
        elif workers == 1 or len(chunks) == 1:
            used = 1
            for a, b in chunks:
                collect(play_chunk(spec, a, b))
        else:
            from .pool import run_each

            used = min(workers, len(chunks))
            run_each(play_chunk, [(spec, a, b) for a, b in chunks], used, collect)
    except KeyboardInterrupt as e:  # Ctrl-C or SIGTERM: the games finished so far, then stop
        from .pool import Interrupted, signal_of

        raise Interrupted(_result(game, bots, g, options, results, t0, used, interrupted=True), signal_of(e)) from None
    return _result(game, bots, g, options, results, t0, used)


def _result(game: str, bots: str, g: Any, options: Any, results: list[tuple[int, list[int], int]], t0: float,
            used: int | str, interrupted: bool = False) -> dict[str, Any]:
    """The batch's result from the games in ``results`` (all of them, or those finished before an interrupt)."""
    games = len(results)
    seconds = time.perf_counter() - t0
    results.sort()
    columns = list(g.columns(options))
    totals = [0] * len(columns)
    for _, t, _ in results:
        totals = [a + b for a, b in zip(totals, t)]
    return {"game": game, "bots": bots, "games": games, "deals": sum(d for _, _, d in results),
            "columns": columns, "totals": totals, "seconds": seconds,
            "games_per_second": games / seconds if seconds > 0 else None, "workers": used,
            "per_game": [t for _, t, _ in results], **({"interrupted": True} if interrupted else {})}


def _run_ray(spec: BatchSpec, chunks: Sequence[tuple[int, int]], address: str | None,
             collect: Callable[[Sequence[tuple[int, list[int], int]]], None]) -> None:
    from .common import ray_each

    ray_each(play_chunk, [(spec, a, b) for a, b in chunks], address, collect)


def rate_text(count: float, seconds: float, unit: str = "games") -> str:
    """A rate people can read at any speed: never ``0.0 games/s``.

    >>> rate_text(1000, 2.0), rate_text(3, 2.0), rate_text(1, 40.0)
    ('500 games/s', '1.50 games/s', '40.0 s per game')
    """
    if seconds <= 0 or count <= 0:
        return f"- {unit}/s"
    r = count / seconds
    if r >= 100:
        return f"{r:.0f} {unit}/s"
    if r >= 1:
        return f"{r:.2f} {unit}/s"
    return f"{seconds / count:.1f} s per {unit.rstrip('s')}"
