"""Helpers shared by the benchmark scripts (``benchmarks/{speed,strength,load}/*.py``).

The scripts are run from the repository root as ``.venv/bin/python benchmarks/<group>/<name>.py``;
each puts the repository root first on ``sys.path`` (one line at its top) and imports
``from benchmarks._common import ...``, so ``python -m benchmarks.<group>.<name>`` works too.

* :func:`timed` runs a function and measures wall clock and CPU time (the machine is shared, so
  CPU time is the steadier figure);
* :func:`mean_ci` is a mean with a 95 % confidence interval, and :func:`pair_duel` pits two bots
  against each other as partnerships with the seats swapped, for bot-strength figures;
* :func:`unpack_src` unpacks a git revision's ``src`` for before/after runs in one go;
* :func:`write_result` writes ``<name>.json`` (with the Python version and machine) into the run's
  results folder and prints it; :func:`add_results_arg` gives a script the shared options
  ``--results DIR`` (every file it writes goes to ``DIR``) and ``--update``: by default a run writes
  into ``output/benchmarks/`` (ignored by git), and only ``--update`` writes into
  ``benchmarks/results/``, replacing the committed figures the docs cite. :func:`results_path`
  names a file in that folder.

>>> wall, cpu, out = timed(lambda: sum(range(1000)))
>>> out, wall >= 0, cpu >= 0
(499500, True, True)
>>> mean_ci([1.0, 2.0, 3.0])
{'n': 3, 'mean': 2.0, 'sd': 1.0, 'ci95': [-0.484, 4.484]}
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TypeVar

__all__ = ["ROOT", "RESULTS", "OUTPUT", "add_results_arg", "results_path", "timed", "mean_ci", "pair_duel", "unpack_src",
           "write_result"]

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "benchmarks" / "results"
#: where a run writes unless told otherwise (``--update``: :data:`RESULTS`)
OUTPUT = ROOT / "output" / "benchmarks"

_results_dir: Path = OUTPUT


class _ResultsDir(argparse.Action):
    """``--results DIR``: every results file of this run goes to ``DIR``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        global _results_dir
        _results_dir = Path(values)
        setattr(namespace, self.dest, _results_dir)


class _Update(argparse.Action):
    """``--update``: write into ``benchmarks/results/``, over the committed figures."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        global _results_dir
        _results_dir = RESULTS
        namespace.results = RESULTS
        setattr(namespace, self.dest, True)


def add_results_arg(ap: argparse.ArgumentParser) -> None:
    """Add the options every script shares: the run writes its results files into
    ``output/benchmarks/`` (ignored by git), ``--results DIR`` into ``DIR``, and ``--update`` into
    ``benchmarks/results/``, replacing the committed figures the docs cite."""
    global _results_dir
    _results_dir = OUTPUT
    ap.add_argument("--results", metavar="DIR", action=_ResultsDir, default=OUTPUT,
                    help="folder for the results files (default output/benchmarks/, ignored by git)")
    ap.add_argument("--update", action=_Update, nargs=0, default=False,
                    help="write into benchmarks/results/, replacing the committed results files the docs cite")


def results_path(name: str = "") -> Path:
    """``name`` inside the results folder of this run (``benchmarks/results/`` unless ``--results``);
    the folder itself for an empty name.

    >>> results_path("x.json") == OUTPUT / "x.json"
    True
    """
    return _results_dir / name if name else _results_dir

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
    {'n': 2, 'mean': 1.0, 'sd': 0.0, 'ci95': [1.0, 1.0]}
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
    (default :func:`results_path` ``<name>.json``) and print it."""
    out.setdefault("python", platform.python_version())
    out.setdefault("machine", platform.machine())
    target = Path(path) if path is not None else results_path(f"{name}.json")
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(out, indent=indent)
    target.write_text(text + "\n", encoding="utf-8")
    print(text)
