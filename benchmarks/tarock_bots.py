"""Tarock: the rule bot measured against random players (seeded, reproducible).

Run: ``.venv/bin/python benchmarks/tarock_bots.py [--deals N] [--base REV]``. Writes
``benchmarks/results/tarock_bots.json``. Points are tournament points (Kontra-free ledger) per
player and deal, mean with a 95 % confidence interval (normal approximation). Figures:

* ``rule_vs_random``: every seeded deal is played twice, rule bots on seats 0 and 2 against random
  players on 1 and 3, then the seats swapped (same cards), so the luck of the cards cancels
  (in Tarock the partnership is made by the bidding, so the pairs are not teams);
* ``one_vs_three``: one rule bot (seat = deal number mod 4) against three random players;
* ``rule_tables``: four rule bots: how often each contract is played, the declarer side's success
  rate per contract and its mean points per deal (what the bidding and the king call are worth);
* ``head_to_head`` (with ``--base``): the current rule bot on seats 0 and 2 against the base
  revision's rule bot on 1 and 3, then swapped (same cards): the paired difference per player and
  deal. The base bot is the base revision's ``bot.py`` loaded beside the current engine.

Random players choose uniformly among the legal actions. ``--base REV`` measures the rule bot of
another git revision the same way (in a subprocess on that revision's ``src``) and stores both.
"""

from __future__ import annotations

import argparse
import json
import math
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
PROFILES = ("oesterreich-finale", "tiroler-cup")


def mean_ci(xs: Sequence[float]) -> dict[str, Any]:
    n = len(xs)
    m = sum(xs) / n
    var = sum((x - m) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
    h = 1.96 * math.sqrt(var / n)
    return {"mean": round(m, 3), "ci95": [round(m - h, 3), round(m + h, 3)], "n": n}


def measure(deals: int) -> dict[str, Any]:
    from stammtisch.bots.random import RandomBot
    from stammtisch.core.driver import play_out
    from stammtisch.games.tarock import GAME

    rule, rnd = GAME.rule_bot(), RandomBot()

    def one(seed: int, bots: Sequence[Any]) -> Any:
        m = GAME.new_match(PROFILES[seed % 2], seed=seed, max_deals=1)
        play_out(m, bots, random.Random(seed * 7 + 1))
        return m.logs[-1].result

    out: dict[str, Any] = {}
    r_pts, x_pts, diff = [], [], []
    ahead = 0
    for i in range(deals):
        a = one(i, [rule, rnd, rule, rnd]).points
        b = one(i, [rnd, rule, rnd, rule]).points
        r = (a[0] + a[2] + b[1] + b[3]) / 4
        x = (a[1] + a[3] + b[0] + b[2]) / 4
        r_pts.append(r)
        x_pts.append(x)
        diff.append(r - x)
        ahead += r > x
    out["rule_vs_random"] = {"rule": mean_ci(r_pts), "random": mean_ci(x_pts), "difference": mean_ci(diff),
                             "rule_ahead_share": round(ahead / deals, 3)}
    one_pts = []
    for i in range(deals):
        seat = i % 4
        p = one(10_000 + i, [rule if s == seat else rnd for s in range(4)]).points
        one_pts.append(p[seat])
    out["one_vs_three"] = {"rule": mean_ci(one_pts)}
    played: dict[str, int] = defaultdict(int)
    success: dict[str, int] = defaultdict(int)
    decl_pts: dict[str, list[float]] = defaultdict(list)
    for i in range(deals):
        res = one(20_000 + i, [rule] * 4)
        s = res.summary
        c = s["contract"]
        played[c] += 1
        if c == "trischaken" or s["declarer"] is None:
            continue
        success[c] += bool(s["won"])
        decl_pts[c].append(res.points[s["declarer"]])
    out["rule_tables"] = {c: {"deals": played[c],
                              "declarer_won": (round(success[c] / played[c], 3) if c != "trischaken" else None),
                              "declarer_points": (round(sum(decl_pts[c]) / len(decl_pts[c]), 2)
                                                  if decl_pts[c] else None)}
                          for c in sorted(played, key=lambda c: -played[c])}
    return out


def load_bot(source: str) -> Any:
    """A ``TarockRuleBot`` from another revision's ``bot.py`` text, run on the current engine."""
    import types

    code = source.replace("from .cards import", "from stammtisch.games.tarock.cards import")
    code = code.replace("from .options import", "from stammtisch.games.tarock.options import")
    mod = types.ModuleType("tarock_base_bot")
    exec(compile(code, "base/bot.py", "exec"), mod.__dict__)
    return mod.TarockRuleBot()


def head_to_head(deals: int, base_bot: Any) -> dict[str, Any]:
    from stammtisch.core.driver import play_out
    from stammtisch.games.tarock import GAME

    cur = GAME.rule_bot()
    diff = []
    for i in range(deals):
        pts = []
        for bots in ([cur, base_bot, cur, base_bot], [base_bot, cur, base_bot, cur]):
            m = GAME.new_match(PROFILES[i % 2], seed=30_000 + i, max_deals=1)
            play_out(m, bots, random.Random(i))
            pts.append(m.logs[-1].result.points)
        a, b = pts
        diff.append(((a[0] + a[2] + b[1] + b[3]) - (a[1] + a[3] + b[0] + b[2])) / 4)
    return {"current_minus_base": mean_ci(diff)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--base", help="git revision whose rule bot is measured as the baseline")
    ap.add_argument("--json-only", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.json_only:  # the subprocess for --base
        print(json.dumps(measure(args.deals)))
        return
    t = time.perf_counter()
    out: dict[str, Any] = {"benchmark": "tarock_bots", "unit": "tournament points per player and deal "
                           "(mean, 95% CI)", "deals": args.deals, "profiles": list(PROFILES)}
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            archive = subprocess.run(["git", "archive", args.base, "src"], cwd=ROOT, capture_output=True,
                                     check=True)
            subprocess.run(["tar", "-x", "-C", tmp], input=archive.stdout, check=True)
            code = (f"import sys; sys.path.insert(0, {str(Path(tmp) / 'src')!r}); sys.argv = ['x', '--deals', "
                    f"'{args.deals}', '--json-only']; sys.path.insert(1, {str(ROOT / 'benchmarks')!r}); "
                    "import tarock_bots; tarock_bots.main()")
            res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            out["base"] = {"revision": args.base, **json.loads(res.stdout)}
            base_src = (Path(tmp) / "src" / "stammtisch" / "games" / "tarock" / "bot.py").read_text("utf-8")
        out["head_to_head"] = head_to_head(args.deals, load_bot(base_src))
    out["current"] = measure(args.deals)
    out["seconds"] = round(time.perf_counter() - t, 1)
    out["python"] = platform.python_version()
    path = ROOT / "benchmarks" / "results" / "tarock_bots.json"
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
