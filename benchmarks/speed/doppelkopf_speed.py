"""Doppelkopf speed: random deals per second in one process.

Run: ``.venv/bin/python benchmarks/speed/doppelkopf_speed.py [--deals N]``. Writes
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
import random

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, timed, write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.games.doppelkopf import GAME
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS


def engine(n: int, talk: float) -> None:
    rng = random.Random(1)
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


def driver(n: int) -> None:
    rng = random.Random(2)
    for i in range(n):
        m = GAME.new_match(seed=i, max_deals=1)
        play_out(m, [RandomBot()] * 4, rng)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=2000)
    add_results_arg(ap)
    args = ap.parse_args()
    n = args.deals
    out: dict[str, object] = {"benchmark": "doppelkopf_speed", "unit": "deals/s", "deals": n}
    cpu: dict[str, float] = {}
    for name, fn in (("engine", lambda: engine(n, 0.0)), ("engine_with_announcements", lambda: engine(n, 0.05)),
                     ("match_driver", lambda: driver(n))):
        wall, c, _ = timed(fn)
        out[name] = round(n / wall, 1)
        cpu[name] = round(n / c, 1)
    out["per_cpu_second"] = cpu
    write_result("doppelkopf_speed", out)


if __name__ == "__main__":
    main()
