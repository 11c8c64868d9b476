"""Perlaggen speed: random deals per second, whole Partien per second, legal-move calls per second.

Run on demand (never in the timed unit tests)::

    .venv/bin/python benchmarks/perlaggen_speed.py [--deals 2000] [--partien 200]

Results are written to ``benchmarks/results/perlaggen_speed.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
from pathlib import Path

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.games.perlaggen import GAME


def bench_deals(n: int, bots, seed: int = 1) -> tuple[float, int]:
    rng = random.Random(seed)
    actions = 0
    t0 = time.perf_counter()
    for i in range(n):
        m = GAME.new_match(seed=seed + i, max_deals=1)
        play_out(m, bots, rng)
        actions += len(m.logs[0].actions)
    return time.perf_counter() - t0, actions


def bench_partien(n: int, bots, seed: int = 1) -> tuple[float, int]:
    rng = random.Random(seed)
    deals = 0
    t0 = time.perf_counter()
    for i in range(n):
        m = GAME.new_match(seed=seed + i)
        play_out(m, bots, rng)
        deals += len(m.logs)
    return time.perf_counter() - t0, deals


def bench_legal(n: int) -> float:
    m = GAME.new_match(seed=9, max_deals=1)
    rng = random.Random(9)
    while m.deal_state.phase != "play":
        s = m.to_act()[0]
        m.apply(s, m.legal_actions(s)[0] if m.deal_state.phase != "cut" else "abheben:10")
    ds = m.deal_state
    s = ds.to_act()[0]
    t0 = time.perf_counter()
    for _ in range(n):
        ds.legal_actions(s)
    _ = rng
    return time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--partien", type=int, default=200)
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "perlaggen_speed.json"))
    a = ap.parse_args()
    sec_r, act_r = bench_deals(a.deals, [RandomBot()] * 4)
    sec_b, act_b = bench_deals(a.deals // 4, [GAME.rule_bot()] * 4, seed=77)
    sec_p, deals_p = bench_partien(a.partien, [GAME.rule_bot()] * 4)
    sec_l = bench_legal(20000)
    out = {
        "benchmark": "perlaggen_speed",
        "python": platform.python_version(),
        "machine": platform.machine(),
        "random_deals": a.deals,
        "random_deals_per_second": round(a.deals / sec_r, 1),
        "random_actions_per_second": round(act_r / sec_r, 1),
        "rule_bot_deals_per_second": round((a.deals // 4) / sec_b, 1),
        "rule_bot_partien": a.partien,
        "rule_bot_partien_per_second": round(a.partien / sec_p, 2),
        "deals_per_partie": round(deals_p / a.partien, 2),
        "legal_actions_calls_per_second": round(20000 / sec_l, 1),
    }
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    Path(a.out).write_text(json.dumps(out, indent=1) + "\n")
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
