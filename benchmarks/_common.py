"""Helpers shared by the benchmark scripts (``benchmarks/*.py``).

The scripts are run as ``.venv/bin/python benchmarks/<name>.py``, so this folder is on ``sys.path``
and they ``from _common import ...``.

* :func:`timed` runs a function and measures wall clock and CPU time (the machine is shared, so
  CPU time is the steadier figure);
* :func:`mean_ci` is a mean with a 95 % confidence interval, and :func:`pair_duel` pits two bots
  against each other as partnerships with the seats swapped, for bot-strength figures;
* :func:`unpack_src` unpacks a git revision's ``src`` for before/after runs in one go;
* :func:`write_result` writes ``benchmarks/results/<name>.json`` (with the Python version and
  machine) and prints it.

>>> wall, cpu, out = timed(lambda: sum(range(1000)))
>>> out, wall >= 0, cpu >= 0
(499500, True, True)
>>> mean_ci([1.0, 2.0, 3.0])
{'mean': 2.0, 'ci95': [0.868, 3.132], 'n': 3}
"""

from __future__ import annotations

import json
import platform
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["ROOT", "RESULTS", "timed", "mean_ci", "pair_duel", "unpack_src", "write_result"]

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"

T = TypeVar("T")


def timed(fn: Callable[[], T]) -> tuple[float, float, T]:
    """``(wall seconds, CPU seconds, fn())``."""
    w, c = time.perf_counter(), time.process_time()
    out = fn()
    return time.perf_counter() - w, time.process_time() - c, out


def mean_ci(xs: Sequence[float]) -> dict[str, Any]:
    """Mean, standard deviation and 95 % confidence interval (Student's t) of ``xs``: the arena's
    :func:`stammtisch.bots.arena.mean_ci`, so every benchmark reports intervals one way."""
    from stammtisch.bots.arena import mean_ci as arena_mean_ci

    return dict(arena_mean_ci(xs))


def pair_duel(deals: int, points: Callable[[int, list[Any]], Sequence[float]], a: Any, b: Any,
              names: tuple[str, str] = ("rule", "random")) -> dict[str, Any]:
    """Bots ``a`` and ``b`` as partnerships (seats 0+2 against 1+3): every deal is played twice, the
    second time with the seats swapped, so the luck of the cards cancels. ``points(i, bots)`` plays
    deal ``i`` and returns the points per seat. Per player and deal: each bot's points, the
    difference, and the share of deals ``a`` came out ahead.

    >>> pair_duel(2, lambda i, bots: [1.0 if bot == "a" else 0.0 for bot in bots], "a", "b")["difference"]
    {'mean': 1.0, 'ci95': [1.0, 1.0], 'n': 2}
    """
    pa: list[float] = []
    pb: list[float] = []
    diff: list[float] = []
    ahead = 0
    for i in range(deals):
        x = points(i, [a, b, a, b])
        y = points(i, [b, a, b, a])
        ra = (x[0] + x[2] + y[1] + y[3]) / 4
        rb = (x[1] + x[3] + y[0] + y[2]) / 4
        pa.append(ra)
        pb.append(rb)
        diff.append(ra - rb)
        ahead += ra > rb
    return {names[0]: mean_ci(pa), names[1]: mean_ci(pb), "difference": mean_ci(diff),
            f"{names[0]}_ahead_share": round(ahead / deals, 3)}


def unpack_src(rev: str, into: str | Path) -> Path:
    """Unpack the ``src`` folder of git revision ``rev`` into the folder ``into``; returns the
    unpacked ``src`` (put it first on ``sys.path`` of a subprocess to run that revision)."""
    archive = subprocess.run(["git", "archive", rev, "src"], cwd=ROOT, capture_output=True, check=True)
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return Path(into) / "src"


def write_result(name: str, out: dict[str, Any], path: str | Path | None = None, indent: int = 1) -> None:
    """Add the Python version and machine to ``out`` (unless given), write it as JSON to ``path``
    (default ``benchmarks/results/<name>.json``) and print it."""
    out.setdefault("python", platform.python_version())
    out.setdefault("machine", platform.machine())
    target = Path(path) if path is not None else RESULTS / f"{name}.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(out, indent=indent)
    target.write_text(text + "\n", encoding="utf-8")
    print(text)
