"""Perlaggen search: playouts per decision of the compiled PIMC search against today's tree search,
measured side by side in one run (issue #14: >= 10x).

Run on demand::

    .venv/bin/python benchmarks/speed/perlaggen_pimc_speed.py [--decisions 30] [--seconds 0.8]

For each of ``--decisions`` positions in the card play (random actions into a deal, the seat to play
holding at least two cards), the same decision is searched, in turn, by ``SearchBot(engine="ismcts")``
(the Python tree search with the kernel's random rollouts, the default before PIMC) and
``SearchBot(engine="pimc")`` (determinized search, one compiled ``card_values`` /
``word_values`` call per world), each with the same ``--seconds`` budget. Iterations: tree search
iterations (one playout each) against PIMC playouts (worlds x candidates x playouts). Both run in the
same process, interleaved, so machine load hits both alike. Writes
``benchmarks/results/perlaggen_pimc_speed.json``.
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
from stammtisch.games.perlaggen import GAME


def positions(count: int, seed: int = 7) -> list:
    rng = random.Random(seed)
    out: list = []
    s = 0
    while len(out) < count:
        s += 1
        d = GAME.new_match(seed=1000 + s, max_deals=1).deal_state
        rb = GAME.rule_bot()
        for _ in range(200):
            if d.is_over():
                break
            seat = d.to_act()[0]
            legal = d.legal_actions(seat)
            if d.phase == "play" and d.turn == seat and len(d.trick) < 4 and rng.random() < 0.3 \
                    and bin(d.hands[seat]).count("1") >= 2:
                out.append((d.clone(), seat))
                break
            d.apply(seat, rb.choose(Turn(seat, legal, lambda: d.view(seat)), rng))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--seconds", type=float, default=0.8)
    add_results_arg(ap)
    args = ap.parse_args()
    opts = GAME.options()
    bots = {"ismcts": SearchBot(GAME, opts, time_limit=args.seconds, engine="ismcts"),
            "pimc": SearchBot(GAME, opts, time_limit=args.seconds, engine="pimc")}
    warm = positions(1, seed=99)[0]
    for b in bots.values():  # compile and load the kernels outside the measurement
        d, s = warm
        b.choose(Turn(s, d.legal_actions(s), lambda: d.view(s)), random.Random(0))
    iters: dict[str, list[int]] = {k: [] for k in bots}
    cpu: dict[str, float] = {k: 0.0 for k in bots}
    wall: dict[str, float] = {k: 0.0 for k in bots}
    for i, (d, s) in enumerate(positions(args.decisions)):
        legal = d.legal_actions(s)
        for name, b in bots.items():
            t0, c0 = time.perf_counter(), time.process_time()
            b.choose(Turn(s, legal, lambda: d.view(s)), random.Random(i))
            wall[name] += time.perf_counter() - t0
            cpu[name] += time.process_time() - c0
            n = b.last_playouts if name == "pimc" else sum(v for v, _ in b.last_stats.values())
            iters[name].append(int(n))
    out: dict = {"decisions": args.decisions, "seconds_per_decision": args.seconds}
    for name in bots:
        out[f"{name}_iterations_per_decision"] = round(sum(iters[name]) / len(iters[name]))
        out[f"{name}_iterations_per_cpu_s"] = round(sum(iters[name]) / max(cpu[name], 1e-9))
        out[f"{name}_wall_s_per_decision"] = round(wall[name] / len(iters[name]), 3)
        out[f"{name}_cpu_s_per_decision"] = round(cpu[name] / len(iters[name]), 3)
    out["ratio_per_decision"] = round(out["pimc_iterations_per_decision"] / out["ismcts_iterations_per_decision"], 1)
    out["ratio_per_cpu_s"] = round(out["pimc_iterations_per_cpu_s"] / out["ismcts_iterations_per_cpu_s"], 1)
    out["pimc_errors"] = bots["pimc"].errors[:3]
    write_result("perlaggen_pimc_speed", out)


if __name__ == "__main__":
    main()
