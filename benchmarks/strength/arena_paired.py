"""The paired difference of two arena runs against the same B on the same seed: per duplicate pair,
run 1's margin minus run 2's (the same deals, so the luck of the cards cancels once more).

Run: ``python benchmarks/strength/arena_paired.py arena_x_vs_rule arena_y_vs_rule`` (names in
``benchmarks/results/``, without ``.json``); prints the mean difference with its 95% CI over the
pairs both runs played, and each run's own margin on those pairs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))


def margins(name: str) -> dict[int, float]:
    d = json.loads((ROOT / "benchmarks" / "results" / f"{name}.json").read_text())
    return {p["index"]: (sum(p["a"]) - sum(p["b"])) / len(p["a"]) for p in d["pairs"]}


def main() -> None:
    from stammtisch.bots.arena import mean_ci

    a, b = margins(sys.argv[1]), margins(sys.argv[2])
    common = sorted(set(a) & set(b))
    print(json.dumps({"pairs": len(common), "difference": mean_ci([a[i] - b[i] for i in common]),
                      sys.argv[1]: mean_ci([a[i] for i in common]), sys.argv[2]: mean_ci([b[i] for i in common])},
                     indent=1))


if __name__ == "__main__":
    main()
