"""Time to analyse one Schieber Jass deal (issue 38 item 3, ``stammtisch analyse``), on 1 and on 2
cores, side by side in one run.

One deal of rule players is dealt from a fixed seed; the analysis values every decision of each
of the four seats in turn (the hard level, fixed budget: its worlds, no clock). The same
decisions are analysed (a) one after another in this process, (b) spread over 2 worker processes
(``ProcessPoolExecutor(2)``, each decision one call of ``bots.analysis.analyse_decision``, as
the server's search workers run it). Both workers are warmed first (the compiled kernels loaded
once), so the figures are the analysis, not the compilation. The machine may be shared with
other work: the load (``uptime``) is written beside the figures.

Run: ``.venv/bin/python benchmarks/speed/analysis_speed.py [--deals 2]``.
Writes ``benchmarks/results/analysis_speed.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, write_result

from stammtisch import bots
from stammtisch.bots import analysis as an
from stammtisch.core import records, registry
from stammtisch.core.protocol import Match, Turn


def one_deal(seed: int) -> dict[str, Any]:
    game = registry.get("jass")
    m = Match(game, "2500", {}, max_deals=1, fair_seed=bytes([seed % 256]) * 32)
    bot = bots.make("rule", game)
    r = random.Random(seed)
    while not m.is_over():
        s = (m.to_act() or m.interjectors())[0]
        m.apply(s, bot.choose(Turn(s, m.legal_actions(s), lambda s=s: m.view(s)), r))
    return json.loads(json.dumps(records.to_record(m)))


def _warm(_: int) -> int:
    rec = one_deal(999)
    d = an.decisions(rec, 0)[:2]
    for x in d:
        an.analyse_decision(rec, 0, x)
    return os.getpid()


def _one(args: tuple[dict[str, Any], int, an.Decision]) -> float:
    rec, seat, d = args
    t = time.perf_counter()
    an.analyse_decision(rec, seat, d)
    return time.perf_counter() - t


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2, help="Jass deals to analyse (each: all four seats)")
    add_results_arg(ap)
    a = ap.parse_args()
    rows = []
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_warm, range(2)))
        _warm(0)
        for k in range(a.deals):
            rec = one_deal(k + 1)
            jobs = [(rec, seat, d) for seat in range(4) for d in an.decisions(rec, seat)]
            t = time.perf_counter()
            for job in jobs:
                _one(job)
            one_core = time.perf_counter() - t
            t = time.perf_counter()
            list(pool.map(_one, jobs))
            two_cores = time.perf_counter() - t
            rows.append({"deal": k, "decisions": len(jobs), "one_core_s": round(one_core, 2),
                         "two_cores_s": round(two_cores, 2), "speedup": round(one_core / two_cores, 2)})
            print(rows[-1], flush=True)
    per_seat_1 = sum(r["one_core_s"] for r in rows) / len(rows) / 4
    per_seat_2 = sum(r["two_cores_s"] for r in rows) / len(rows) / 4
    write_result("analysis_speed", {
        "what": "seconds to analyse every decision of one Schieber Jass deal (all four seats; one seat "
                "is a quarter), hard level, fixed budget; 1 core (sequential) and 2 worker processes, "
                "side by side in one run",
        "level": "hard", "rows": rows,
        "mean_deal_all_seats_s": {"one_core": round(sum(r["one_core_s"] for r in rows) / len(rows), 2),
                                  "two_cores": round(sum(r["two_cores_s"] for r in rows) / len(rows), 2)},
        "mean_deal_one_seat_s": {"one_core": round(per_seat_1, 2), "two_cores": round(per_seat_2, 2)},
        "load": subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip(),
        "note": "machine shared with other engineers' work (2 cores); run under nice -n 10",
    })


if __name__ == "__main__":
    main()
