"""Pool the pairs of several arena results files of the same pairing (other seeds: other deals) into
one summary with its 95 % confidence interval.

Run: ``python benchmarks/strength/arena_pool.py NAME FILE.json FILE.json ...`` (``--update`` writes
``benchmarks/results/NAME.json``, else ``output/benchmarks/``).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
from benchmarks._common import add_results_arg, results_path


def main() -> None:
    from stammtisch.bots.arena import summarize, write_json

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("name", help="file name of the pooled result, without extension")
    ap.add_argument("files", nargs="+", type=Path)
    add_results_arg(ap)
    args = ap.parse_args()
    runs = [json.loads(f.read_text(encoding="utf-8")) for f in args.files]
    keys = {(r["game"], r["a"], r["b"], r["mode"], r.get("profile")) for r in runs}
    if len(keys) != 1:
        raise SystemExit(f"not one pairing: {sorted(map(str, keys))}")
    seeds = [r["seed"] for r in runs]
    if len(set(seeds)) != len(seeds):
        raise SystemExit(f"the same seed twice (the same deals): {seeds}")
    pairs = [p for r in runs for p in r["pairs"]]
    res = {k: runs[0][k] for k in ("game", "a", "b", "profile", "options", "mode")} | {
        "pooled_from": [f.name for f in args.files], "seeds": seeds, "deals": len(pairs),
        "complete": all(r.get("complete", True) for r in runs), "summary": summarize(pairs), "pairs": pairs}
    write_json(res, results_path() / f"{args.name}.json")
    s = res["summary"]
    print(f"{args.name}: {len(pairs)} pairs, margin {s['margin']['mean']:.3f} (95% CI "
          f"{s['margin']['ci95'][0]:.3f}..{s['margin']['ci95'][1]:.3f})")


if __name__ == "__main__":
    main()
