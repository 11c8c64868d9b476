"""Tarock speed: random deals per second in one process.

Run: ``.venv/bin/python benchmarks/speed/tarock_speed.py [--deals N]``. Writes
``benchmarks/results/tarock_speed.json``. Figures:

* ``engine``: a deal state played to the end with random legal actions (bidding, talon, discard,
  announcements, Kontras, cards) plus settlement — the raw rules engine;
* ``engine_table_bidding``: the same, but bidding like a table (mostly passes), so the common
  contracts (Rufer, Trischaken, Dreier) with talon and announcements come up;
* ``match_driver``: deals through ``Match`` and the driver with ``RandomBot`` (what
  ``stammtisch simulate tarock`` measures), including the shuffle;
* ``rule_bots``: deals with four rule-based players through the driver;
* ``sample_state``: determinizations per second (``GAME.sample_state`` from a seat's view in
  mid-play), the hook search bots call.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, timed, write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out, step
from stammtisch.games.tarock import GAME


def engine(n: int, table: bool) -> None:
    rng = random.Random(1)
    for i in range(n):
        m = GAME.new_match("tiroler-cup" if i % 2 else None, seed=i, max_deals=1)
        d = m.deal_state
        while not d.is_over():
            s = d.to_act()[0]
            legal = d.legal_actions(s)
            if table and d.phase == "bidding":
                for word in ("pass", "vorhand"):
                    if word in legal and rng.random() < 0.8:
                        legal = [word]
                        break
            d.apply(s, legal[rng.randrange(len(legal))])
        d.result()


def driver(n: int, bot_kind: str) -> None:
    rng = random.Random(2)
    bot = RandomBot() if bot_kind == "random" else GAME.rule_bot()
    for i in range(n):
        m = GAME.new_match(seed=i, max_deals=1)
        play_out(m, [bot] * 4, rng)


def rate(n: int, fn: Callable[[], object]) -> float:
    """Wall-clock rate of ``fn()`` doing ``n`` things."""
    return n / timed(fn)[0]


def sampling(n: int) -> float:
    rng = random.Random(3)
    views = []
    i = 0
    while len(views) < 50:
        m = GAME.new_match(seed=10_000 + i, max_deals=1)
        i += 1
        while not m.is_over() and m.deal_state.phase != "play":
            step(m, [GAME.rule_bot()] * 4, rng)
        for _ in range(rng.randrange(0, 30)):
            if m.is_over():
                break
            step(m, [GAME.rule_bot()] * 4, rng)
        if not m.is_over():
            views.append((m.options, m.view(rng.randrange(4))["deal"]))
    t = time.perf_counter()
    for k in range(n):
        opts, v = views[k % len(views)]
        GAME.sample_state(opts, v, rng)
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=1000)
    add_results_arg(ap)
    args = ap.parse_args()
    n = args.deals
    out = {
        "benchmark": "tarock_speed",
        "unit": "deals/s (sample_state: samples/s)",
        "deals": n,
        "engine": round(rate(n, lambda: engine(n, False)), 1),
        "engine_table_bidding": round(rate(n, lambda: engine(n, True)), 1),
        "match_driver": round(rate(n, lambda: driver(n, "random")), 1),
        "rule_bots": round(rate(n // 2, lambda: driver(n // 2, "rule")), 1),
        "sample_state": round(sampling(n // 2), 1),
    }
    write_result("tarock_speed", out)


if __name__ == "__main__":
    main()
