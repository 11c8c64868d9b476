"""Doppelkopf: the rule bot measured against random players (seeded, reproducible).

Run: ``.venv/bin/python benchmarks/strength/doppelkopf_bots.py [--deals N] [--rounds R]``. Writes
``benchmarks/results/doppelkopf_bots.json``. Figures (points are score-sheet points per player and
deal, mean with a 95 % confidence interval, normal approximation):

* ``two_vs_two``: every seeded deal is played twice, rule bots on seats 0 and 2 against random
  players on 1 and 3, then with the seats swapped (same cards), so luck of the cards cancels;
  per side the mean points per player and deal, plus the paired difference rule − random per deal;
* ``one_vs_three``: one rule bot (seat = deal number mod 4) against three random players;
* ``rounds``: full rounds (20 games plus the Pflichtsoli) of four rule bots: how many Pflichtsoli
  were played voluntarily and how many only when vorgeführt (DDV), and the soloists' mean points
  in Pflichtsoli and Lustsoli.

Random players choose uniformly among the legal actions (so they often say Vorbehalt and play
solos) and never interject.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from typing import Any

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, mean_ci, pair_duel, write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.games.doppelkopf import GAME


def one_deal(seed: int, bots: Sequence[Any]) -> tuple[tuple[int, ...], dict[str, Any]]:
    m = GAME.new_match(seed=seed, max_deals=1)
    play_out(m, bots, random.Random(seed * 7 + 1))
    res = m.logs[-1].result
    return res.points, res.summary


def two_vs_two(deals: int) -> dict[str, Any]:
    return pair_duel(deals, lambda i, bots: one_deal(i, bots)[0], GAME.rule_bot(), RandomBot())


def one_vs_three(deals: int) -> dict[str, Any]:
    rule, rnd = GAME.rule_bot(), RandomBot()
    rule_pts: list[float] = []
    rnd_pts: list[float] = []
    for i in range(deals):
        seat = i % 4
        bots = [rule if s == seat else rnd for s in range(4)]
        p, _ = one_deal(10_000 + i, bots)
        rule_pts.append(p[seat])
        rnd_pts.append(sum(p[s] for s in range(4) if s != seat) / 3)
    return {"rule": mean_ci(rule_pts), "random": mean_ci(rnd_pts)}


def rounds(n: int) -> dict[str, Any]:
    bots = [GAME.rule_bot()] * 4
    voluntary = forced = missing = 0
    pflicht: list[float] = []
    lust: list[float] = []
    games = 0
    for r in range(n):
        m = GAME.new_match(seed=20_000 + r)
        play_out(m, bots, random.Random(r))
        for lg in m.logs:
            games += 1
            s = lg.result.summary
            if s.get("soloist") is None:
                continue
            pts = lg.result.points[s["soloist"]]
            if s.get("pflichtsolo"):
                pflicht.append(pts)
                if lg.ctx.carry.get("vorfuehrung") is not None:
                    forced += 1
                else:
                    voluntary += 1
            else:
                lust.append(pts)
        missing += len(m.result()["pflicht_missing"])
    return {"rounds": n, "games": games, "pflichtsoli_voluntary": voluntary, "pflichtsoli_vorgefuehrt": forced,
            "pflichtsoli_missing": missing,
            "pflichtsolo_soloist_points": mean_ci(pflicht) if len(pflicht) > 1 else None,
            "lustsoli": len(lust), "lustsolo_soloist_points": mean_ci(lust) if len(lust) > 1 else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--rounds", type=int, default=10)
    add_results_arg(ap)
    args = ap.parse_args()
    t = time.perf_counter()
    out = {
        "benchmark": "doppelkopf_bots",
        "unit": "score-sheet points per player and deal (mean, 95% CI)",
        "deals": args.deals,
        "two_vs_two": two_vs_two(args.deals),
        "one_vs_three": one_vs_three(args.deals),
        "rounds": rounds(args.rounds),
        "seconds": None,
    }
    out["seconds"] = round(time.perf_counter() - t, 1)
    write_result("doppelkopf_bots", out)


if __name__ == "__main__":
    main()
