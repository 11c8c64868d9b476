"""Small helpers every bot and adapter shares: whose score column a seat plays for, the
reward a seat gets from a result, and the deal view inside a :class:`~stammtisch.core.protocol.Turn`.

>>> from stammtisch.core.protocol import DealResult
>>> class G:  # two team columns, four seats (Jass)
...     def num_seats(self, o): return 4
...     def columns(self, o): return ("Team 1", "Team 2")
>>> [seat_column(G(), None, s) for s in range(4)]
[0, 1, 0, 1]
>>> reward(G(), None, DealResult((100, 57)), 1)
-43.0
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from ..core import registry
from ..core.protocol import DealResult, Game

__all__ = ["seat_column", "reward", "deal_view", "resolve_options", "ray_each", "get_game", "default_workers"]


def seat_column(game: Game, options: Any, seat: int) -> int:
    """The score column ``seat`` plays for.

    A game may define ``seat_column(options, seat)`` itself; otherwise a game with one
    column per seat scores seat ``s`` in column ``s`` and a team game with ``k`` columns
    scores seat ``s`` in column ``s % k`` (partners sit opposite, as in Jass and Perlaggen).
    """
    own = getattr(game, "seat_column", None)
    if callable(own):
        return int(own(options, seat))
    ncols = len(game.columns(options))
    n = game.num_seats(options)
    return seat if ncols == n else seat % ncols


def reward(game: Game, options: Any, result: DealResult, seat: int) -> float:
    """What a deal is worth to ``seat``: its column's points minus the mean of the other
    columns (zero-sum and team games alike rank outcomes correctly with it)."""
    pts = result.points
    col = seat_column(game, options, seat)
    if len(pts) < 2:
        return float(pts[col])
    others = (sum(pts) - pts[col]) / (len(pts) - 1)
    return float(pts[col] - others)


def deal_view(view: Mapping[str, Any]) -> Mapping[str, Any]:
    """The deal part of a view: a :class:`~stammtisch.core.protocol.Match` frames the deal's
    view under ``"deal"``; a bare deal state's view is returned as it is."""
    inner = view.get("deal")
    if isinstance(inner, Mapping) and "game" in view:
        return inner
    return view


def resolve_options(game: Game, view: Mapping[str, Any], options: Any | None) -> Any:
    """The rules options a bot plays under: given explicitly, else the match view's profile."""
    if options is not None:
        return options
    profile = view.get("profile") if isinstance(view.get("profile"), str) else None
    return game.options(profile)


def ray_each(fn: Callable[..., Any], args: Sequence[tuple[Any, ...]], address: str | None,
             each: Callable[[Any], None]) -> None:
    """Run ``fn(*arg)`` for every ``arg`` as Ray tasks, handing each result to ``each`` as it
    comes in (in any order). Ray is started here (at ``address``, ``None``: a local cluster)
    unless it already runs, and then shut down again.

    :raises OptionError: when the ``ray`` extra is not installed
    """
    try:
        import ray
    except ImportError:
        from ..core.errors import OptionError

        raise OptionError("--ray needs the extra ray: run `bash scripts/setup ray` in the checkout") from None
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(address=address, ignore_reinit_error=True, log_to_driver=False, include_dashboard=False)
    try:
        task = ray.remote(fn)
        pending = [task.remote(*arg) for arg in args]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for r in ray.get(ready):
                each(r)
    finally:
        if started_here:
            ray.shutdown()


def get_game(name: str) -> Any:
    """A registered game by name, or ``package.module`` exporting ``GAME`` (test and
    research games that are not in the registry)."""
    if "." in name:
        return importlib.import_module(name).GAME
    return registry.get(name)


def default_workers() -> int:
    """One worker per core this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not on Linux
        return max(1, os.cpu_count() or 1)
