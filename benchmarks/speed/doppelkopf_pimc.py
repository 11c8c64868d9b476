"""Doppelkopf search: playouts per decision, today's tree search (ISMCTS, Python) against the
compiled PIMC search (``stammtisch.bots.pimc`` with the Doppelkopf kernel's ``card_values``),
measured side by side in one run on the same decisions (issue #14.4: >= 10x).

Run: ``.venv/bin/python benchmarks/speed/doppelkopf_pimc.py [--positions 12] [--budget 0.8]``. Writes
``benchmarks/results/doppelkopf_pimc.json``.

The decisions are card decisions of rule-bot games (seeded). For each one both searches get the
same time budget per decision, alternating which goes first; per search the figure is its
"iterations" per decision (ISMCTS: tree iterations, each one random playout; PIMC: playouts =
worlds x candidates x playouts per candidate) and per CPU second (the machine is shared: the CPU
figure is the steadier one).
"""

from __future__ import annotations

import argparse
import random
import time

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, write_result

from stammtisch.bots.search import SearchBot
from stammtisch.core.protocol import Turn
from stammtisch.games.doppelkopf import GAME
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS


def decisions(n: int, seed: int) -> list[tuple[object, int, list[str]]]:
    """``n`` card decisions (a match, the seat, its legal cards) from rule-bot games."""
    out = []
    rng = random.Random(seed)
    rule = GAME.rule_bot()
    g = 0
    while len(out) < n:
        m = GAME.new_match(seed=seed * 1000 + g, max_deals=1)
        g += 1
        stop = rng.randrange(4, 44)
        cards = 0
        while not m.is_over():
            seat = m.to_act()[0]
            legal = m.legal_actions(seat)
            view = m.view(seat)
            if view["deal"]["phase"] == "play" and cards == stop:
                plain = [a for a in legal if a not in ANNOUNCE_WORDS]
                if len(plain) > 1:
                    out.append((m, seat, legal))
                    break
            a = rule.choose(Turn(seat, legal, lambda s=seat: m.view(s)), rng)
            if view["deal"]["phase"] == "play" and a not in ANNOUNCE_WORDS:
                cards += 1
            m.apply(seat, a)
    return out


def measure(bot: SearchBot, m, seat: int, legal: list[str]) -> tuple[int, float, float]:
    turn = Turn(seat, legal, lambda: m.view(seat))
    w0, c0 = time.perf_counter(), time.process_time()
    bot.choose(turn, random.Random(1))
    wall, cpu = time.perf_counter() - w0, time.process_time() - c0
    iters = bot.last_playouts if bot.last_playouts else sum(v for v, _ in bot.last_stats.values())
    return iters, wall, cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=12)
    ap.add_argument("--budget", type=float, default=0.8)
    ap.add_argument("--seed", type=int, default=7)
    add_results_arg(ap)
    args = ap.parse_args()
    kw = dict(time_limit=args.budget, contract="rule", guard=None)
    bots = {"ismcts": SearchBot(GAME, engine="ismcts", **kw), "pimc": SearchBot(GAME, engine="pimc", **kw)}
    pos = decisions(args.positions, args.seed)
    measure(bots["pimc"], *pos[0])  # compile / load the kernel outside the figures
    rows = {k: [] for k in bots}
    for i, (m, seat, legal) in enumerate(pos):
        for name in (("ismcts", "pimc") if i % 2 == 0 else ("pimc", "ismcts")):
            bots[name].last_playouts = 0
            rows[name].append(measure(bots[name], m, seat, legal))
    res = {"positions": len(pos), "budget_s": args.budget}
    for name, r in rows.items():
        its = sum(x[0] for x in r)
        res[name] = {"iterations_per_decision": round(its / len(r), 1),
                     "iterations_per_cpu_s": round(its / max(1e-9, sum(x[2] for x in r)), 1),
                     "wall_s_per_decision": round(sum(x[1] for x in r) / len(r), 3),
                     "cpu_s_per_decision": round(sum(x[2] for x in r) / len(r), 3)}
    res["ratio_per_decision"] = round(res["pimc"]["iterations_per_decision"]
                                      / max(1e-9, res["ismcts"]["iterations_per_decision"]), 2)
    res["ratio_per_cpu_s"] = round(res["pimc"]["iterations_per_cpu_s"]
                                   / max(1e-9, res["ismcts"]["iterations_per_cpu_s"]), 2)
    write_result("doppelkopf_pimc", res)


if __name__ == "__main__":
    main()
