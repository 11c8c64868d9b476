"""The benchmark suite stays runnable: one script of each folder (``benchmarks/speed``,
``benchmarks/strength``, ``benchmarks/load``) runs with a tiny size into a temporary folder
(the shared ``--results DIR`` option), and the arena's ``py:benchmarks.strength.<module>:<factory>``
bot kinds load through :func:`stammtisch.bots.make`.

Speed is not asserted here (the figures of a tiny run mean nothing); what is asserted is that each
script finishes, writes its results file where it was told to and nowhere else, and that the file
holds the size that was asked for.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from stammtisch.bots import make
from stammtisch.core.registry import get

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"

#: (script, arguments, results file it writes, a key of the file and the size it must hold)
RUNS = [
    ("speed/doppelkopf_speed.py", ["--deals", "5"], "doppelkopf_speed.json", ("deals", 5)),
    ("strength/arena_run.py", ["jass", "rule", "random", "--pairs", "2", "--every", "2", "--name", "trial"],
     "trial.json", ("deals", 2)),
    ("load/scorekeeper_speed.py", ["--rows", "5"], "scorekeeper_speed.json", ("rows", 5)),
    ("strength/doppelkopf_contracts.py", ["match", "rule", "value", "--pairs", "2"],
     "doppelkopf_contracts_rule_vs_value.json", ("pairs_requested", 2)),
    # the load benchmarks' shared client against a real server (SQLite)
    ("load/server_load.py", ["--tables", "2", "--seconds", "2", "--warmup", "1"], "server_load.json", ("tables", 2)),
]


def _mtimes() -> dict[str, float]:
    return {p.name: p.stat().st_mtime for p in RESULTS.iterdir()}


@pytest.mark.parametrize(("script", "args", "result", "size"), RUNS, ids=[r[0] for r in RUNS])
def test_script_runs_tiny_into_the_given_folder(tmp_path: Path, script: str, args: list[str], result: str,
                                                size: tuple[str, int] | None) -> None:
    before = _mtimes()
    proc = subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args, "--results", str(tmp_path)],
                          cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    data = json.loads((tmp_path / result).read_text(encoding="utf-8"))
    if size is not None:
        key, value = size
        assert data[key] == value
    assert _mtimes() == before, "a tiny run must not touch benchmarks/results/"


def test_a_run_writes_into_output_unless_told_to_update(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    import argparse
    import doctest

    from benchmarks import _common
    from benchmarks._common import add_results_arg, results_path

    assert doctest.testmod(_common).failed == 0  # the helpers' examples (benchmarks/ is not in testpaths)

    ap = argparse.ArgumentParser()
    add_results_arg(ap)
    assert ap.parse_args([]).results == ROOT / "output" / "benchmarks"  # ignored by git: nothing cited changes
    assert results_path("x.json") == ROOT / "output" / "benchmarks" / "x.json"
    args = ap.parse_args(["--update"])  # only --update replaces the committed figures
    assert args.results == RESULTS and args.update is True
    assert results_path("x.json") == RESULTS / "x.json"
    ap = argparse.ArgumentParser()
    add_results_arg(ap)
    assert ap.parse_args(["--results", "/tmp/r"]).results == Path("/tmp/r")
    assert results_path("x.json") == Path("/tmp/r/x.json")


@pytest.mark.parametrize("kind", ["py:benchmarks.strength.jass_pimc:heuristic",
                                  "py:benchmarks.strength.arena_bots:search_nobelief"])
def test_strength_bot_factories_load_as_bot_kinds(kind: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(ROOT))
    bot = make(kind, get("jass"))
    assert callable(bot.choose)  # make() raises OptionError when the module or factory is not found
