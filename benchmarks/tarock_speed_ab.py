"""Tarock speed, before/after in one run: the random-play loop of two source trees, interleaved.

Run: ``.venv/bin/python benchmarks/tarock_speed_ab.py --base <git rev> [--deals N] [--rounds R]``.
The base revision's ``src`` is unpacked with ``git archive`` into a temporary directory; each round
runs the base and the working tree in fresh processes, one after the other, and the best rate of
each is kept. CPU time (``time.process_time``) is used because the machine is shared. Writes
``benchmarks/results/tarock_speed_ab.json``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

CODE = """
import sys, time, random, json; sys.path.insert(0, SRC)
import stammtisch
assert stammtisch.__file__.startswith(SRC)
from stammtisch.games.tarock import GAME
from stammtisch.core.driver import play_out
from stammtisch.bots.random import RandomBot
def engine(n, table):
    rng = random.Random(1)
    t = time.process_time()
    for i in range(n):
        m = GAME.new_match("tiroler-cup" if i % 2 else None, seed=i, max_deals=1)
        d = m.deal_state
        while not d.is_over():
            s = d.to_act()[0]
            legal = d.legal_actions(s)
            if table and d.phase == "bidding":
                for word in ("pass", "vorhand"):
                    if word in legal and rng.random() < 0.8:
                        legal = [word]; break
            d.apply(s, legal[rng.randrange(len(legal))])
        d.result()
    return n / (time.process_time() - t)
def driver(n):
    rng = random.Random(2); bot = RandomBot(); t = time.process_time()
    for i in range(n):
        play_out(GAME.new_match(seed=i, max_deals=1), [bot] * 4, rng)
    return n / (time.process_time() - t)
print(json.dumps({"engine": engine(N, False), "engine_table_bidding": engine(N, True), "match_driver": driver(N)}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", required=True, help="git revision to compare against")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "archive", args.base, "src"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
        trees = {"before": str(Path(tmp) / "src"), "after": str(ROOT / "src")}
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for name, src in trees.items():
                out = subprocess.run([sys.executable, "-c", f"SRC={src!r}\nN={args.deals}\n" + CODE],
                                     capture_output=True, text=True, check=True)
                runs[name].append(json.loads(out.stdout))
    best = {k: {m: round(max(r[m] for r in v), 1) for m in v[0]} for k, v in runs.items()}
    result = {"benchmark": "tarock_speed_ab", "unit": "deals per CPU second (best of rounds)",
              "base": args.base, "deals": args.deals, "rounds": args.rounds, **best,
              "speedup": {m: round(best["after"][m] / best["before"][m], 2) for m in best["after"]}}
    path = ROOT / "benchmarks" / "results" / "tarock_speed_ab.json"
    path.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(result))


if __name__ == "__main__":
    main()
