"""Perlaggen: fines the rule player incurs by its own choices in self-play (issue #13, item 9).

Run: ``.venv/bin/python benchmarks/perlaggen_bot_fines.py [--deals N] [--before REV]``. Writes
``benchmarks/results/perlaggen_bot_fines.json``. Four rule players play whole Partien (seeded) until
``N`` deals are played, in both profiles (``innsbruck`` refuses offences, ``live`` lets them happen
and fines them); counted per deal: the §10 penalty (a Gleich/Hanger bid or held without having it,
e.g. getauft away), §21 fines (bidding at 17), and the figures lost to §10. With ``--before`` the
same seeds are also played by the rule player of git revision ``REV`` (its ``src`` unpacked into a
temporary folder and run in a subprocess), side by side in one run.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from typing import Any

from _common import ROOT, unpack_src, write_result

_WORKER = r"""
import json, random, sys
from collections import Counter
from stammtisch.core.driver import play_out
from stammtisch.games.perlaggen import GAME
profile, deals = sys.argv[1], int(sys.argv[2])
bots = [GAME.rule_bot() for _ in range(4)]
n, seed, c = 0, 0, Counter()
while n < deals:
    m = GAME.new_match(profile, {}, seed=seed)
    play_out(m, bots, random.Random(seed))
    seed += 1
    for lg in m.logs:
        n += 1
        labels = [ln.label for ln in lg.result.lines]
        c["deals_with_par10_penalty"] += any("without having it" in x for x in labels)
        c["par21_fines"] += sum(1 for x in labels if x.startswith("ueberbieten"))
        c["figures_lost_par10"] += sum(1 for x in labels if "lost (Perlaggen §6/§10)" in x)
print(json.dumps({"deals": n, **c}))
"""


def run(src: str, profile: str, deals: int) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=src)
    out = subprocess.run([sys.executable, "-c", _WORKER, profile, str(deals)], env=env, capture_output=True,
                         text=True, check=True)
    res = json.loads(out.stdout)
    res.setdefault("deals_with_par10_penalty", 0)
    res.setdefault("par21_fines", 0)
    res.setdefault("figures_lost_par10", 0)
    res["par10_share"] = round(res["deals_with_par10_penalty"] / res["deals"], 4)
    return res


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    ap.add_argument("--before", default=None, help="git revision whose rule player to compare")
    a = ap.parse_args()
    out: dict[str, Any] = {"deals_per_profile": a.deals, "after": {}, "before": {}}
    with tempfile.TemporaryDirectory() as tmp:
        srcs = {"after": str(ROOT / "src")}
        if a.before:
            srcs["before"] = str(unpack_src(a.before, tmp))
            out["before_rev"] = a.before
        for profile in ("innsbruck", "live"):
            for label, src in srcs.items():
                out[label][profile] = run(src, profile, a.deals)
    if not a.before:
        del out["before"]
    write_result("perlaggen_bot_fines", out)


if __name__ == "__main__":
    main()
