"""One arena pairing, written to ``benchmarks/results/`` after every few pairs, so that a long
run on a busy machine leaves a valid (smaller) result when it is stopped.

Run: ``python benchmarks/strength/arena_run.py jass search:300i rule --pairs 200 --name arena_jass_x``
(``--profile``, ``--option key=value`` (JSON value), ``--mode seats``, ``--every 10``).
The JSON has the same form as ``stammtisch arena``'s, with ``"complete": false`` until every
requested pair is in.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path


def main() -> None:
    from stammtisch.bots.arena import play_pair, summarize, write_json, write_svg

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("game")
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--pairs", type=int, default=200)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--profile", default=None)
    ap.add_argument("--option", action="append", default=[], help="key=value (JSON value)")
    ap.add_argument("--mode", default="pairs", choices=["pairs", "seats"])
    ap.add_argument("--name", required=True, help="file name without extension")
    ap.add_argument("--every", type=int, default=10, help="write the result every this many pairs")
    add_results_arg(ap)
    args = ap.parse_args()
    overrides = {}
    for kv in args.option:
        k, _, v = kv.partition("=")
        overrides[k] = json.loads(v)
    out = results_path()
    t0 = time.perf_counter()
    pairs = []

    def write(complete: bool) -> None:
        res = {"game": args.game, "a": args.a, "b": args.b, "deals": args.pairs, "seed": args.seed,
               "profile": args.profile, "options": overrides, "mode": args.mode, "ray": False,
               "seconds": round(time.perf_counter() - t0, 3), "complete": complete,
               "summary": summarize(pairs), "pairs": pairs}
        write_json(res, out / f"{args.name}.json")
        write_svg(res, out / f"{args.name}.svg")
        s = res["summary"]
        lo, hi = s["margin"]["ci95"]
        print(f"{args.name} [{len(pairs)}/{args.pairs}]: A {s['a_points_per_deal']:.2f} B {s['b_points_per_deal']:.2f}"
              f" margin {s['margin']['mean']:.2f} (95% CI {lo:.2f}..{hi:.2f}) A wins {s['win_rate']:.1%}"
              f" {s['verdict']} [{res['seconds']:.0f}s]", flush=True)

    for i in range(args.pairs):
        pairs.append(play_pair(args.game, args.a, args.b, i, args.seed, args.profile, overrides, {}, args.mode))
        if len(pairs) % args.every == 0 and len(pairs) >= 2:
            write(len(pairs) == args.pairs)
    if len(pairs) % args.every:
        write(True)


if __name__ == "__main__":
    main()
