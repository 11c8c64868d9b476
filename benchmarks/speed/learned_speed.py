"""Time per decision of the learned players (``--bots learned``), per game, in CPU seconds.

The game's rule player plays ``--deals`` deals on every seat; at each of its decisions with more than
one legal action the learned player of that game is asked for the same turn (its seat's view and legal
actions) and its CPU time is taken (``time.process_time_ns`` around ``choose``: turning the view into
the observation, the network's forward pass in NumPy, the argmax over the legal actions; for a residual
value network, docs/learning.md, the rule player's own choice as well). The rule
player's own decision is timed alike, side by side in the same run.

Run: ``OMP_NUM_THREADS=1 .venv/bin/python benchmarks/speed/learned_speed.py`` (``--update`` replaces
``benchmarks/results/learned_speed.json``).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import numpy as np

from benchmarks._common import add_results_arg, write_result


def measure(game_name: str, deals: int, seed: int) -> dict[str, object]:
    from stammtisch import bots
    from stammtisch.core import registry
    from stammtisch.core.driver import play_out

    game = registry.get(game_name)
    learned, rule = bots.make("learned", game), game.rule_bot()
    ns_learned: list[int] = []
    ns_rule: list[int] = []

    class Timed:
        def choose(self, turn, rng):  # type: ignore[no-untyped-def]
            t = time.process_time_ns()
            a = rule.choose(turn, rng)
            t1 = time.process_time_ns()
            if len(turn.legal) > 1:
                turn.view  # noqa: B018 - the view is built once per turn for both players (Turn caches it)
                t2 = time.process_time_ns()
                learned.choose(turn, rng)
                ns_learned.append(time.process_time_ns() - t2)
                ns_rule.append(t1 - t)
            return a

        def interject(self, turn, rng):  # type: ignore[no-untyped-def]
            return None

    n = 4
    for d in range(deals):
        m = game.new_match(seed=seed + d, max_deals=1)
        n = game.num_seats(m.options)
        play_out(m, [Timed()] * n, random.Random(d), interjections=False)
    a, r = np.asarray(ns_learned) / 1e6, np.asarray(ns_rule) / 1e6
    return {"decisions": len(a), "learned_ms_mean": round(float(a.mean()), 4),
            "learned_ms_median": round(float(np.median(a)), 4), "learned_ms_p99": round(float(np.percentile(a, 99)), 4),
            "rule_ms_mean": round(float(r.mean()), 4), "rule_ms_p99": round(float(np.percentile(r, 99)), 4),
            "fallbacks_to_rule": learned.fallbacks,
            "kind": learned.net.meta.get("kind", "policy"), "residual_deviations": learned.deviations,
            "residual_rule_kept": learned.kept}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", default=["jass", "doppelkopf", "tarock", "perlaggen"])
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=2026)
    add_results_arg(ap)
    args = ap.parse_args()
    load0 = os.getloadavg()
    games = {}
    for g in args.games:
        games[g] = measure(g, args.deals, args.seed)
        print(g, games[g], flush=True)
    write_result("learned_speed", {"deals": args.deals, "games": games, "load_before": [round(v, 2) for v in load0],
                                   "load_after": [round(v, 2) for v in os.getloadavg()],
                                   "note": "CPU time of choose() only; the view is built before timing; "
                                           "2-core machine shared with other jobs",
                                   "omp_num_threads": os.environ.get("OMP_NUM_THREADS")})


if __name__ == "__main__":
    main()
