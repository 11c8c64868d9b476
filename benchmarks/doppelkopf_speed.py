"""Doppelkopf speed: random deals per second in one process.

Run: ``.venv/bin/python benchmarks/doppelkopf_speed.py [--deals N]``. Writes
``benchmarks/results/doppelkopf_speed.json``. Three figures:

* ``engine``: a single deal state played to the end with random legal actions (Spielabfrage,
  cards, no announcements) plus settlement — the raw rules engine;
* ``engine_with_announcements``: the same, random players also announcing out of turn;
* ``match_driver``: deals through ``Match`` and the driver with ``RandomBot`` (what
  ``stammtisch simulate doppelkopf`` measures), including the deal itself.

The figures are wall-clock deals per second; ``per_cpu_second`` gives the same per second of
this process's CPU time, which is steadier on a shared machine.
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
from stammtisch.games.doppelkopf import GAME
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS


_CPU: dict[str, float] = {}


def engine(n: int, talk: float) -> float:
    rng = random.Random(1)
    opts = GAME.options()
    t = time.perf_counter()
    c = time.process_time()
    for i in range(n):
        m = GAME.new_match(seed=i, max_deals=1)
        d = m.deal_state
        while not d.is_over():
            if talk:
                for s in d.interjectors():
                    legal = d.legal_actions(s)
                    if legal and rng.random() < talk:
                        d.apply(s, legal[rng.randrange(len(legal))])
            s = d.to_act()[0]
            legal = d.legal_actions(s)
            if not talk:
                legal = [a for a in legal if a not in ANNOUNCE_WORDS] or legal
            d.apply(s, legal[rng.randrange(len(legal))])
        d.result()
    del opts
    _CPU["engine_with_announcements" if talk else "engine"] = n / (time.process_time() - c)
    return n / (time.perf_counter() - t)


def driver(n: int) -> float:
    rng = random.Random(2)
    t = time.perf_counter()
    c = time.process_time()
    for i in range(n):
        m = GAME.new_match(seed=i, max_deals=1)
        play_out(m, [RandomBot()] * 4, rng)
    _CPU["match_driver"] = n / (time.process_time() - c)
    return n / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=2000)
    args = ap.parse_args()
    out = {
        "benchmark": "doppelkopf_speed",
        "unit": "deals/s",
        "deals": args.deals,
        "engine": round(engine(args.deals, 0.0), 1),
        "engine_with_announcements": round(engine(args.deals, 0.05), 1),
        "match_driver": round(driver(args.deals), 1),
        "per_cpu_second": {k: round(v, 1) for k, v in _CPU.items()},
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    path = Path(__file__).parent / "results" / "doppelkopf_speed.json"
    path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(out))


if __name__ == "__main__":
    main()
