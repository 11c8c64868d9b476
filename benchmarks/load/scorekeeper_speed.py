"""Scorekeeper: how fast rows are settled, written and ranked (seeded, reproducible).

Run: ``.venv/bin/python benchmarks/load/scorekeeper_speed.py [--rows N]``. Writes
``benchmarks/results/scorekeeper_speed.json``. Figures:

* ``settle_per_s``: adapter settlements per second per game whose engine is installed
  (the adapter's own work plus the engine's settlement function);
* ``write_per_s``: rows written through :class:`~stammtisch.scorekeeper.store.Store` into one
  table on an SQLite file (one transaction, version compare-and-set and a revision per row);
* ``draw_schedule_s``: seconds to draw 3 repeat-free rounds for 24 players (tables of 5 and 4);
* ``ranking_s``: seconds to rank a finished 24-player, 3-round tournament (all rows loaded).
"""

from __future__ import annotations

import argparse
import platform
import random
import tempfile
import time

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, write_result

from stammtisch.scorekeeper import entries
from stammtisch.scorekeeper.draw import draw_schedule, pairs_of, table_sizes
from stammtisch.scorekeeper.entries import context
from stammtisch.scorekeeper.store import Store


def settle_rate(n: int) -> dict[str, float]:
    out = {}
    for g in entries.names():
        a = entries.get(g)
        if not a.available():
            continue
        ctx = context(4, 1, 4)
        t0 = time.perf_counter()
        for _ in range(n):
            a.settle(a.example, ctx)
        out[g] = round(n / (time.perf_counter() - t0), 1)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--rows", type=int, default=200)
    add_results_arg(ap)
    args = ap.parse_args()
    res: dict = {"python": platform.python_version(), "rows": args.rows}
    res["settle_per_s"] = settle_rate(2000)
    with tempfile.TemporaryDirectory() as d:
        s = Store(f"sqlite:///{d}/bench.sqlite3")
        t = s.create_tournament("Bench", "tarock", kind="table", names=["A", "B", "C", "D"], games={4: 0})
        tab = t["rounds"][0]["tables"][0]["id"]
        t0 = time.perf_counter()
        for _ in range(args.rows):
            s.write(tab, None, {"kind": "row", "points": [3, -1, -1, -1]})
        res["write_per_s"] = round(args.rows / (time.perf_counter() - t0), 1)
        t0 = time.perf_counter()
        history = []
        for rnd in range(3):
            tables, repeats = draw_schedule(list(range(24)), table_sizes(24, "five"), pairs_of(history), seed=rnd)
            assert repeats == 0
            history += tables
        res["draw_schedule_s"] = round(time.perf_counter() - t0, 3)
        cup = s.create_tournament("Cup", "doppelkopf", rounds=3, games={4: 20, 5: 25})
        s.add_players(cup["id"], [{"name": f"P{i}"} for i in range(24)])
        rng = random.Random(1)
        for rnd in range(3):
            r = s.draw_round(cup["id"], method="random", seed=rnd, prefer="five")
            for tb in r["tables"]:
                rows: list = []
                size, dealer, normal = tb["size"], 1, 0
                owed = set(range(1, size + 1))
                while normal < tb["planned"] or owed:
                    active = [p for p in range(1, size + 1) if not (size == 5 and p == dealer)]
                    v = rng.randint(1, 5)
                    soloists = sorted(owed.intersection(active))
                    if soloists:  # Doppelkopf-Turnier 2.: every player's Pflichtsolo, dealt anew after it
                        solo = soloists[0]
                        owed.discard(solo)
                        rows.append({"kind": "row", "solo_by": solo, "points": [
                            0 if p not in active else (3 * v if p == solo else -v) for p in range(1, size + 1)]})
                        continue
                    re = rng.sample(active, 2)
                    rows.append([0 if p not in active else (v if p in re else -v) for p in range(1, size + 1)])
                    normal += 1
                    dealer = dealer % size + 1
                s.enter_sheet(tb["id"], None, rows)
        t0 = time.perf_counter()
        s.rankings(cup["id"])
        res["ranking_s"] = round(time.perf_counter() - t0, 3)
    write_result("scorekeeper_speed", res, indent=2)


if __name__ == "__main__":
    main()
