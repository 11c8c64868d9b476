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

from _common import ROOT, unpack_src, write_result

# one run of the loops of ``tarock_speed.py`` on the source tree SRC, in deals per CPU second
CODE = """
import sys, json; sys.path.insert(0, SRC); sys.path.insert(1, BENCH)
import stammtisch
assert stammtisch.__file__.startswith(SRC)
import tarock_speed as t
from _common import timed
def rate(fn):
    return N / timed(fn)[1]
print(json.dumps({"engine": rate(lambda: t.engine(N, False)), "engine_table_bidding": rate(lambda: t.engine(N, True)),
                  "match_driver": rate(lambda: t.driver(N, "random"))}))
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--base", required=True, help="git revision to compare against")
    ap.add_argument("--deals", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"before": str(unpack_src(args.base, tmp)), "after": str(ROOT / "src")}
        runs: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
        for _ in range(args.rounds):
            for name, src in trees.items():
                head = f"SRC={src!r}\nBENCH={str(ROOT / 'benchmarks')!r}\nN={args.deals}\n"
                out = subprocess.run([sys.executable, "-c", head + CODE], capture_output=True, text=True, check=True)
                runs[name].append(json.loads(out.stdout))
    best = {k: {m: round(max(r[m] for r in v), 1) for m in v[0]} for k, v in runs.items()}
    result = {"benchmark": "tarock_speed_ab", "unit": "deals per CPU second (best of rounds)",
              "base": args.base, "deals": args.deals, "rounds": args.rounds, **best,
              "speedup": {m: round(best["after"][m] / best["before"][m], 2) for m in best["after"]}}
    write_result("tarock_speed_ab", result)


if __name__ == "__main__":
    main()
