"""Replay stored pairs of a ladder results file and say which give the identical points: a check
that a pair is an exact function of its seed and deal number (docs/bots.md "Exact, seeded
decisions").

Each pair is replayed with :func:`stammtisch.bots.arena.play_pair` as the ladder played it (the
file's seed, seating and cap), after one warm-up deal that loads the compiled kernels, so that no
replayed decision loads them. Per pair the stored and the replayed points, and an estimate of the
wall seconds the stored pair's slowest decision of A took (its CPU seconds times the pair's wall
over CPU seconds): where that estimate is near the levels' cap, the cap may have stopped a search.

Run: ``.venv/bin/python benchmarks/strength/ladder_replay.py --file benchmarks/results/ladder_perlaggen.json
--step search:hard/search:medium --pairs 0,5,106 --out ladder_perlaggen_replay.json``. To replay a
file played by older code, put that code's ``src`` first on ``PYTHONPATH`` (``git archive <commit>
src | tar -x -C DIR``; the results file records ``code``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path


def estimate_wall(p: dict[str, Any], side: str = "a") -> float:
    """The stored pair's slowest decision of ``side`` in wall seconds, estimated: its CPU seconds
    times the pair's wall seconds over both sides' CPU seconds."""
    cpu = p["cpu"]["a"][0] + p["cpu"]["b"][0]
    return round(p["cpu"][side][2] * p["seconds"] / cpu, 2) if cpu > 0 else 0.0


def replay(path: Path, step: tuple[str, str], indices: list[int]) -> dict[str, Any]:
    """Replay ``indices`` of ``step`` of the results file ``path``."""
    import stammtisch
    from stammtisch.bots.arena import play_pair

    sys.path.insert(0, str(ROOT / "benchmarks" / "strength"))
    from ladder import SEATING  # the ladder's seating per game

    d = json.loads(path.read_text())
    game, seed = d["game"], d["seed"]
    stored = {p["index"]: p for s in d["steps"] if (s["a"], s["b"]) == step for p in s["pairs"]}
    opts = {"cap": None} if d.get("cap") == "lifted" else None
    play_pair(game, "search:easy", "rule", 10**6, seed)  # load the compiled kernels first
    rows = []
    for i in indices:
        if i not in stored:
            raise SystemExit(f"{path.name}: no pair {i} in step {step[0]}/{step[1]}")
        p = play_pair(game, step[0], step[1], i, seed, timing=True, a_seats=SEATING.get(game), bot_options=opts)
        s = stored[i]
        same = (p["a"], p["b"]) == (s["a"], s["b"])
        rows.append({"index": i, "same": same, "stored": [s["a"], s["b"]], "replayed": [p["a"], p["b"]],
                     "stored_slowest_a_wall_estimate": estimate_wall(s), "stored_cap": s.get("cap"),
                     "replayed_cap": p.get("cap")})
        print(i, "same" if same else "DIFFERENT", rows[-1]["stored"], rows[-1]["replayed"], flush=True)
    return {"file": path.name, "game": game, "seed": seed, "step": list(step), "code": stammtisch.__file__,
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "replayed": len(rows), "identical": sum(r["same"] for r in rows), "pairs": rows}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--file", type=Path, required=True, help="a ladder results file")
    ap.add_argument("--step", default="search:hard/search:medium", help="A/B")
    ap.add_argument("--pairs", required=True, help="deal numbers, comma-separated")
    ap.add_argument("--out", default=None, help="results file name (default: print only)")
    add_results_arg(ap)
    args = ap.parse_args()
    a, _, b = args.step.partition("/")
    out = replay(args.file, (a, b), [int(x) for x in args.pairs.split(",") if x])
    print(f"{out['identical']} of {out['replayed']} identical")
    if args.out:
        from stammtisch.bots.arena import write_json

        write_json(out, results_path(args.out))


if __name__ == "__main__":
    main()
