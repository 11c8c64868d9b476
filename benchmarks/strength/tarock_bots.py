"""Tarock: the rule bot measured against random players (seeded, reproducible).

Run: ``.venv/bin/python benchmarks/strength/tarock_bots.py [--deals N] [--base REV]``. Writes
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
import random
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, ROOT, mean_ci, pair_duel, unpack_src, write_result

PROFILES = ("oesterreich-finale", "tiroler-cup")


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
    out["rule_vs_random"] = pair_duel(deals, lambda i, bots: one(i, bots).points, rule, rnd)
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

    def points(i: int, bots: list[Any]) -> Sequence[float]:
        m = GAME.new_match(PROFILES[i % 2], seed=30_000 + i, max_deals=1)
        play_out(m, bots, random.Random(i))
        return m.logs[-1].result.points

    duel = pair_duel(deals, points, GAME.rule_bot(), base_bot, ("current", "base"))
    return {"current_minus_base": duel["difference"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--base", help="git revision whose rule bot is measured as the baseline")
    ap.add_argument("--json-only", action="store_true", help=argparse.SUPPRESS)
    add_results_arg(ap)
    args = ap.parse_args()
    if args.json_only:  # the subprocess for --base
        print(json.dumps(measure(args.deals)))
        return
    t = time.perf_counter()
    out: dict[str, Any] = {"benchmark": "tarock_bots", "unit": "tournament points per player and deal "
                           "(mean, 95% CI)", "deals": args.deals, "profiles": list(PROFILES)}
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            src = unpack_src(args.base, tmp)
            code = (f"import sys; sys.path.insert(0, {str(src)!r}); sys.argv = ['x', '--deals', "
                    f"'{args.deals}', '--json-only']; sys.path.insert(1, {str(ROOT)!r}); "
                    "from benchmarks.strength import tarock_bots; tarock_bots.main()")
            res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
            out["base"] = {"revision": args.base, **json.loads(res.stdout)}
            base_src = (src / "stammtisch" / "games" / "tarock" / "bot.py").read_text("utf-8")
        out["head_to_head"] = head_to_head(args.deals, load_bot(base_src))
    out["current"] = measure(args.deals)
    out["seconds"] = round(time.perf_counter() - t, 1)
    write_result("tarock_bots", out)


if __name__ == "__main__":
    main()
