"""The first use of each batched game: CPU seconds to compile its step, then to load it from the cache.

Each game is warmed up (``stammtisch.vector.warm_up``) in a fresh process with an empty Numba cache
folder of its own (``NUMBA_CACHE_DIR``: the cold compile a new installation pays), then again in a
second fresh process with the same folder (what every later process pays). Side by side in one run.

Run: ``.venv/bin/python benchmarks/speed/vector_warmup.py`` (``--update`` replaces
``benchmarks/results/vector_warmup.json``).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from benchmarks._common import add_results_arg, write_result

CODE = ("import json, sys, time; t = time.process_time(); from stammtisch.vector import warm_up; "
        "i = time.process_time() - t; print(json.dumps({'import': round(i, 2), **warm_up([sys.argv[1]])}))")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", nargs="+", default=["jass", "doppelkopf", "tarock", "perlaggen"])
    add_results_arg(ap)
    args = ap.parse_args()
    load0 = os.getloadavg()
    rows = {}
    for game in args.games:
        with tempfile.TemporaryDirectory() as cache:
            env = dict(os.environ, NUMBA_CACHE_DIR=cache)
            got = []
            for _ in ("cold", "cached"):
                out = subprocess.run([sys.executable, "-c", CODE, game], env=env, capture_output=True, text=True,
                                     check=True)
                got.append(json.loads(out.stdout.strip().splitlines()[-1])[game])
            rows[game] = {"first_use_cpu_s": got[0], "cached_cpu_s": got[1]}
            print(game, rows[game], flush=True)
    write_result("vector_warmup", {"games": rows, "load_before": [round(v, 2) for v in load0],
                                   "load_after": [round(v, 2) for v in os.getloadavg()],
                                   "note": "2-core machine shared with other jobs; CPU seconds of the child process"})


if __name__ == "__main__":
    main()
