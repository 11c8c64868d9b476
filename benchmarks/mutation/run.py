"""Mutation testing of the settlement modules with mutmut (``games/<game>/scoring.py``).

Run from the repository root (``bash scripts/mutation`` does it, under ``nice``)::

    .venv/bin/python benchmarks/mutation/run.py jass            # one module
    .venv/bin/python benchmarks/mutation/run.py                 # the four, one after another
    .venv/bin/python benchmarks/mutation/run.py jass --update   # rewrite benchmarks/results/mutation_jass.json

What it does, per game: copies ``src/``, ``tests/`` and ``pyproject.toml`` into a scratch folder
(``benchmarks/mutation/work/<game>/``, ignored by git: the work tree is never mutated), adds a
``[tool.mutmut]`` section that mutates only that game's ``scoring.py`` and runs only that game's
fast tests (:data:`TESTS`), and runs ``mutmut run`` there. mutmut changes one operator or constant at
a time (comparisons, ``+ 1``, ``and``/``or``, negated conditions, returned values, strings ...) and
runs the tests that reach the mutated function; a mutant is *killed* when a test fails, *survives*
when all pass. The results file ``mutation_<game>.json`` holds the counts, the score
(killed / (killed + survived + timeouts)), every survivor's diff, and the reason each survivor left
is equivalent (:data:`EQUIVALENT` in ``benchmarks/mutation/equivalents.py``: a mutant that cannot
change what the function returns for any input the game can produce). ``docs/mutation.md`` says how
to read them.

Without ``--update`` the file goes to ``--results DIR`` when given, else to the scratch folder, so a
committed results file is only rewritten on request. Not in CI: a module takes minutes to an hour.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks.mutation.equivalents import EQUIVALENT  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
WORK = ROOT / "benchmarks" / "mutation" / "work"
RESULTS = ROOT / "benchmarks" / "results"
GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")

#: each game's fast tests: the settlement's paragraph, boundary and scenario tests, the scorekeeper's
#: entries of that game and the scoring doctests. Left out: tests marked ``slow`` (``-m "not slow"``:
#: hundreds of self-played deals that every surviving mutant of a one-function module would run again),
#: property tests and terminal tests. mutmut runs, per mutant, only those of them that reach the
#: mutated function (its stats run records which do), stopping at the first failure (``-x``).
TESTS: dict[str, list[str]] = {
    "jass": ["tests/jass/test_rules_scoring.py", "tests/jass/test_readings.py",
             "tests/jass/test_schneider_ausmachregel.py", "tests/jass/test_boundaries.py",
             "tests/scorekeeper/test_entries_rules.py"],
    "doppelkopf": ["tests/doppelkopf/test_scoring.py",
                   "tests/doppelkopf/test_boundaries.py", "tests/scorekeeper/test_entries_rules.py"],
    "tarock": ["tests/tarock/test_scoring.py", "tests/tarock/test_boundaries.py", "tests/tarock/test_readings.py",
               "tests/tarock/test_scenarios.py", "tests/tarock/test_settlement_words.py", "tests/tarock/test_scoring_texts.py",
               "tests/scorekeeper/test_entries_rules.py"],
    "perlaggen": ["tests/perlaggen/test_paragraphs.py", "tests/perlaggen/test_readings.py",
                  "tests/perlaggen/test_rulings.py", "tests/perlaggen/test_boundaries.py",
                  "tests/perlaggen/test_scenarios.py", "tests/perlaggen/test_endgame.py",
                  "tests/perlaggen/test_settlement_words.py",
                  "tests/scorekeeper/test_entries_rules.py"],
}


def _existing(paths: list[str]) -> list[str]:
    return [p for p in paths if (ROOT / p).exists()]


#: appended to the scratch copy's ``tests/conftest.py``: each mutant's tests run fastest first (by the
#: durations of mutmut's stats run), so that a mutant a quick paragraph test catches stops there (``-x``)
#: instead of after a slower test; only the order changes, never which tests run
ORDER_HOOK = """

# -- added by benchmarks/mutation/run.py (scratch copy only): fastest tests first ---------------------
_MUTATION_DURATIONS: dict = {}


def pytest_collection_modifyitems(session, config, items):
    import json
    import pathlib

    if not _MUTATION_DURATIONS:
        stats = pathlib.Path("mutmut-stats.json")
        if stats.exists():
            _MUTATION_DURATIONS.update(json.loads(stats.read_text(encoding="utf-8")).get("duration_by_test", {}))
    items.sort(key=lambda item: _MUTATION_DURATIONS.get(item.nodeid, 0.0))
"""


def _install_order_hook(work: Path) -> None:
    for conftest in (work / "tests" / "conftest.py", work / "mutants" / "tests" / "conftest.py"):
        if conftest.exists() and "fastest tests first" not in conftest.read_text(encoding="utf-8"):
            with conftest.open("a", encoding="utf-8") as f:
                f.write(ORDER_HOOK)


def prepare(game: str) -> Path:
    """The scratch copy with the ``[tool.mutmut]`` section for ``game``."""
    work = WORK / game
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    shutil.copytree(ROOT / "src", work / "src", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    shutil.copytree(ROOT / "tests", work / "tests", ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    module = f"src/stammtisch/games/{game}/scoring.py"
    tests = _existing(TESTS[game]) + [module]  # the module's own doctests kill mutants too
    text += "\n[tool.mutmut]\n" + "\n".join([
        'source_paths = ["src"]',
        f'only_mutate = ["{module}"]',
        'pytest_add_cli_args = ["-p", "no:cacheprovider", "-p", "no:randomly", "-q", "-m", "not slow"]',
        f"pytest_add_cli_args_test_selection = {json.dumps(tests)}",
    ]) + "\n"
    (work / "pyproject.toml").write_text(text, encoding="utf-8")
    (work / "selection.json").write_text(json.dumps(tests), encoding="utf-8")
    _install_order_hook(work)
    return work


def run_mutmut(work: Path, children: int, timeout: float) -> float:
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONHASHSEED="0")
    start = time.monotonic()
    cmd = [sys.executable, "-m", "mutmut", "run", f"--max-children={children}"]
    proc = subprocess.run(cmd, cwd=work, env=env, timeout=timeout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True)
    (work / "mutmut-run.log").write_text(proc.stdout, encoding="utf-8")
    if proc.returncode not in (0, 1):
        raise SystemExit(f"mutmut run failed ({proc.returncode}); see {work / 'mutmut-run.log'}")
    return time.monotonic() - start


def run_fast(game: str, work: Path, timeout: float, names: list[str] | None = None, all_tests: bool = False) -> float:
    """mutmut builds the mutants and its stats (which tests reach which function) with a short run of the
    first mutant of every function (``*__mutmut_1``); ``forkrun.py`` runs the rest from one collection."""
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONHASHSEED="0")
    start = time.monotonic()
    if not (work / "mutants" / "mutmut-stats.json").exists():
        proc = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children=1", "*__mutmut_1"], cwd=work,
                              env=env, timeout=timeout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        (work / "mutmut-run.log").write_text(proc.stdout, encoding="utf-8")
    cmd = [sys.executable, str(Path(__file__).with_name("forkrun.py")), str(work), game]
    if all_tests:
        cmd.append("--all-tests")
    if names is not None:
        cmd += ["--names", *names]
    proc = subprocess.run(cmd, env=env, timeout=timeout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (work / "forkrun.log").write_text(proc.stdout, encoding="utf-8")
    if proc.returncode != 0:
        raise SystemExit(f"forkrun failed ({proc.returncode}); see {work / 'forkrun.log'}")
    return time.monotonic() - start


def _copy_tests(game: str, work: Path) -> None:
    for dest in (work / "tests", work / "mutants" / "tests"):
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(ROOT / "tests", dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    (work / "selection.json").write_text(json.dumps(_existing(TESTS[game]) + [f"src/stammtisch/games/{game}/scoring.py"]),
                                         encoding="utf-8")
    _install_order_hook(work)


def _survivors(game: str, work: Path) -> list[str]:
    meta = work / "mutants" / "src" / "stammtisch" / "games" / game / "scoring.py.meta"
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    return sorted(n for n, c in codes.items() if c is not None and _status(c) in ("survived", "no tests"))


def retest(game: str, work: Path, children: int, timeout: float) -> float:
    """Copy the work tree's tests into the scratch folder and run only the survivors again."""
    meta = work / "mutants" / "src" / "stammtisch" / "games" / game / "scoring.py.meta"
    codes = json.loads(meta.read_text(encoding="utf-8"))["exit_code_by_key"]
    names = sorted(n for n, c in codes.items() if c is not None and _status(c) in ("survived", "no tests"))
    for dest in (work / "tests", work / "mutants" / "tests"):
        shutil.rmtree(dest, ignore_errors=True)
        shutil.copytree(ROOT / "tests", dest, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    _install_order_hook(work)
    env = dict(os.environ, HYPOTHESIS_PROFILE="ci", PYTHONHASHSEED="0")
    start = time.monotonic()
    proc = subprocess.run([sys.executable, "-m", "mutmut", "run", f"--max-children={children}", *names], cwd=work,
                          env=env, timeout=timeout, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    (work / "mutmut-retest.log").write_text(proc.stdout, encoding="utf-8")
    return time.monotonic() - start


def _status(code: int | None) -> str:
    from mutmut.__main__ import status_by_exit_code

    return str(status_by_exit_code[code])


def _functions(work: Path, game: str) -> dict[str, str]:
    """Every function of mutmut's trampolined copy of the module, by name (mutants and originals)."""
    import ast

    path = work / "mutants" / "src" / "stammtisch" / "games" / game / "scoring.py"
    text = path.read_text(encoding="utf-8")
    lines = text.splitlines()
    out = {}
    for node in ast.walk(ast.parse(text)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and "__mutmut_" in node.name:
            body = node.body[1:] if ast.get_docstring(node) and len(node.body) > 1 else node.body
            out[node.name] = "\n".join(lines[body[0].lineno - 1:node.end_lineno])
    return out


def _diff(functions: dict[str, str], name: str) -> str:
    """The changed lines of mutant ``name`` against its original (``-`` original, ``+`` mutant)."""
    import difflib

    short = name.rpartition(".")[2]
    orig = functions.get(short.rpartition("__mutmut_")[0] + "__mutmut_orig", "")
    mutant = functions.get(short, "")
    lines = difflib.unified_diff(orig.splitlines(), mutant.splitlines(), lineterm="", n=0)
    return "\n".join(ln for ln in lines if ln.startswith(("+", "-")) and not ln.startswith(("+++", "---")))


def collect(game: str, work: Path, seconds: float, children: int) -> dict[str, Any]:
    meta = work / "mutants" / "src" / "stammtisch" / "games" / game / "scoring.py.meta"
    data = json.loads(meta.read_text(encoding="utf-8"))
    codes: dict[str, int | None] = data["exit_code_by_key"]
    by_status: dict[str, list[str]] = {}
    for name, code in sorted(codes.items()):
        by_status.setdefault(_status(code), []).append(name)
    killed = len(by_status.get("killed", []))
    survivors = by_status.get("survived", []) + by_status.get("no tests", [])
    timeouts = len(by_status.get("timeout", []))
    equivalent = EQUIVALENT.get(game, {})
    surv_out = []
    functions = _functions(work, game)
    for name in survivors:
        diff = _diff(functions, name)
        why = next((reason for key, reason in equivalent.items() if _matches(key, name, diff)), None)
        surv_out.append({"mutant": name, "diff": diff, "equivalent": why})
    argued = sum(1 for s in surv_out if s["equivalent"])
    total = killed + len(survivors) + timeouts
    return {
        "module": f"src/stammtisch/games/{game}/scoring.py",
        "tool": "mutmut " + _version(),
        "tests": _existing(TESTS[game]) + [f"src/stammtisch/games/{game}/scoring.py (doctests)"],
        "mutants": len(codes),
        "counts": {k: len(v) for k, v in sorted(by_status.items())},
        "killed": killed,
        "survived": len(survivors),
        "equivalent_argued": argued,
        "score": round(killed / total, 4) if total else None,
        "score_without_equivalents": round(killed / (total - argued), 4) if total - argued else None,
        "unexplained_survivors": len(survivors) - argued,
        # a run stopped early (--collect-only on a partial run): the mutants not run yet are not counted
        "complete": all(c is not None for c in codes.values()),
        "not_run": sum(1 for c in codes.values() if c is None),
        "survivors": surv_out,
        "seconds": round(seconds, 1),
        "max_children": children,
        "note": "measured on a shared machine (2 cores, 8 sessions), under nice; seconds are wall clock",
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def _matches(key: str, name: str, diff: str) -> bool:
    """An :data:`EQUIVALENT` key is ``<function>:<a regular expression on the diff>``."""
    func, _, pattern = key.partition(":")
    return func in name and re.search(pattern, diff, re.S) is not None


def _version() -> str:
    from importlib.metadata import version

    return version("mutmut")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="*", choices=[*GAMES, []], default=list(GAMES), metavar="game",
                    help="jass, doppelkopf, tarock, perlaggen (default: all four, one after another)")
    ap.add_argument("--update", action="store_true", help="rewrite benchmarks/results/mutation_<game>.json")
    ap.add_argument("--results", metavar="DIR", type=Path, default=None,
                    help="folder for the results files (default: the scratch folder; --update: benchmarks/results)")
    ap.add_argument("--children", type=int, default=1,
                    help="parallel mutant runs (default 1: the machine is shared; under nice)")
    ap.add_argument("--timeout", type=float, default=3 * 3600, help="seconds per module before giving up")
    ap.add_argument("--keep", action="store_true", help="reuse an existing scratch folder (after a stopped run)")
    ap.add_argument("--retest", action="store_true",
                    help="copy the current tests into the scratch folder and run only the last run's survivors")
    ap.add_argument("--fast", action="store_true",
                    help="run the mutants with benchmarks/mutation/forkrun.py (one collection, a fork per mutant) "
                         "after mutmut has built the mutants and its stats; --retest --fast runs the survivors "
                         "with the current tests")
    ap.add_argument("--collect-only", action="store_true",
                    help="only write the results file from the scratch folder's last run (no mutmut run)")
    args = ap.parse_args(argv)
    for game in args.games or GAMES:
        reuse = (args.keep or args.collect_only or args.retest) and (WORK / game / "pyproject.toml").exists()
        work = WORK / game if reuse else prepare(game)
        _install_order_hook(work)
        if args.retest and reuse and args.fast:
            _copy_tests(game, work)
            seconds = run_fast(game, work, args.timeout, _survivors(game, work), all_tests=True)
        elif args.retest and reuse:
            seconds = retest(game, work, args.children, args.timeout)
        elif args.fast and not args.collect_only:
            seconds = run_fast(game, work, args.timeout)
        else:
            seconds = 0.0 if args.collect_only else run_mutmut(work, args.children, args.timeout)
        if args.collect_only:
            seconds = float(json.loads((work / "mutants" / "mutmut-stats.json").read_text()).get("stats_time") or 0)
        out = collect(game, work, seconds, args.children)
        folder = RESULTS if args.update else (args.results or work)
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / f"mutation_{game}.json"
        path.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
        print(f"{game}: {out['killed']} of {out['mutants']} killed, score {out['score']}, "
              f"{out['unexplained_survivors']} survivors not argued -> {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
