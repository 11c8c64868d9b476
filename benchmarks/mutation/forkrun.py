"""Run mutmut's mutants with one pytest collection for all of them (``run.py --fast``).

mutmut (3.8) starts a fresh ``pytest.main`` for every mutant: ini files, plugins and the collection
of every selected test module again. On the shared machine that costs seconds of waiting per
mutant, while the tests that reach a settlement function take a fraction of a second. This
runner keeps everything else of mutmut -- its mutants (the trampolined copy of the module in
``mutants/``), its stats run (which tests reach which function, and how long each takes) and its
results file (``mutants/.../scoring.py.meta``, the exit codes mutmut itself writes) -- and only
replaces the loop: the selected tests are collected once; for each mutant a child process is
forked from that session, the mutant is switched on (mutmut's ``MUTANT_UNDER_TEST``) and the tests
that reach the mutated function run fastest first until the first failure (mutmut's ``-x``).
Exit codes as mutmut's: 1 killed, 0 survived, 33 no test reaches it, 36 timeout.

Usage (from ``run.py``): ``python forkrun.py WORK GAME [--names NAME ...] [--timeout-factor F]``;
without ``--names`` every mutant without a result yet is run. One process at a time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("work", type=Path)
    ap.add_argument("game")
    ap.add_argument("--names", nargs="*", default=None, help="these mutants (default: those not run yet)")
    ap.add_argument("--all-tests", action="store_true",
                    help="also run every selected test the stats run has not seen (a retest after new tests were "
                         "written); a test it saw not reaching the mutated function cannot catch the mutant")
    ap.add_argument("--timeout-factor", type=float, default=20.0,
                    help="a mutant's tests may take this many times their stats-run duration (at least 30 s)")
    args = ap.parse_args(argv)
    work = args.work.resolve()
    mutants = work / "mutants"
    meta_path = mutants / "src" / "stammtisch" / "games" / args.game / "scoring.py.meta"
    meta: dict[str, Any] = json.loads(meta_path.read_text(encoding="utf-8"))
    stats = json.loads((mutants / "mutmut-stats.json").read_text(encoding="utf-8"))
    tests_by_function: dict[str, list[str]] = stats["tests_by_mangled_function_name"]
    durations: dict[str, float] = stats["duration_by_test"]
    codes: dict[str, int | None] = meta["exit_code_by_key"]
    todo = list(args.names) if args.names is not None else [n for n, c in codes.items() if c is None]

    # the mutated copy of the sources, never the work tree's (as mutmut's setup_source_paths)
    sys.path.insert(0, str(mutants / "src"))
    os.chdir(mutants)
    import pytest
    from _pytest.runner import runtestprotocol
    from mutmut.mutation.trampoline import set_mutant_under_test

    if args.all_tests:
        selection = json.loads((work / "selection.json").read_text(encoding="utf-8"))
    else:
        selection = sorted({t.split("::")[0] for n in todo
                            for t in tests_by_function.get(n.partition("__mutmut_")[0], ())})

    def save() -> None:
        meta_path.write_text(json.dumps(meta), encoding="utf-8")

    class Loop:
        @pytest.hookimpl(tryfirst=True)
        def pytest_runtestloop(self, session: Any) -> bool:
            items = {item.nodeid: item for item in session.items}
            started = time.monotonic()
            for done, name in enumerate(todo, 1):
                reach = set(tests_by_function.get(name.partition("__mutmut_")[0], ()))
                if args.all_tests:  # and every test the stats run did not see (written since)
                    reach |= {t for t in items if t not in durations}
                nodeids = sorted((t for t in reach if t in items), key=lambda t: durations.get(t, 0.0))
                t0 = time.monotonic()
                if not nodeids:
                    code = 33
                else:
                    tests = [items[t] for t in nodeids]
                    limit = max(30.0, args.timeout_factor * sum(durations.get(t, 0.0) for t in nodeids))
                    pid = os.fork()
                    if pid == 0:  # the child: this mutant on, its tests until the first failure
                        code = 0
                        try:
                            os.environ["MUTANT_UNDER_TEST"] = name
                            set_mutant_under_test(name)
                            for i, item in enumerate(tests):
                                nxt = tests[i + 1] if i + 1 < len(tests) else None
                                if any(r.failed for r in runtestprotocol(item, log=False, nextitem=nxt)):
                                    code = 1
                                    break
                        except BaseException:  # noqa: BLE001 -- an error of the mutant is a failed test
                            code = 1
                        os._exit(code)
                    code = 36
                    while time.monotonic() - t0 < limit:
                        got, status = os.waitpid(pid, os.WNOHANG)
                        if got:
                            code = os.waitstatus_to_exitcode(status)
                            break
                        time.sleep(0.005)
                    else:
                        os.kill(pid, 9)
                        os.waitpid(pid, 0)
                codes[name] = code
                meta["durations_by_key"][name] = round(time.monotonic() - t0, 3)
                if done % 10 == 0 or done == len(todo):
                    save()
                    print(f"{done}/{len(todo)} mutants, {time.monotonic() - started:.0f} s", flush=True)
            save()
            return True

    os.environ.setdefault("MUTANT_UNDER_TEST", "")
    # the tests' Hypothesis budget (the ``ci`` profile) without shrinking: a mutant is caught by the
    # first failing example; shrinking it to the smallest one only costs time here
    from hypothesis import HealthCheck, Phase, settings

    settings.register_profile("mutation", max_examples=60, deadline=None, database=None,
                              suppress_health_check=[HealthCheck.too_slow],
                              phases=[Phase.explicit, Phase.reuse, Phase.generate])
    os.environ["HYPOTHESIS_PROFILE"] = "mutation"
    args_pytest = ["--rootdir=.", "--tb=native", "-p", "no:cacheprovider", "-p", "no:randomly", "-q", "-m", "not slow", *selection]
    return 0 if pytest.main(args_pytest, plugins=[Loop()]) in (0, 5) else 1


if __name__ == "__main__":
    raise SystemExit(main())
