"""Perlaggen speed: random deals per second, whole Partien per second, legal-move calls per second.

Run on demand (never in the timed unit tests)::

    .venv/bin/python benchmarks/speed/perlaggen_speed.py [--deals 2000] [--partien 200]

Writes ``benchmarks/results/perlaggen_speed.json``. Figures (wall clock, and per second of this
process's CPU time, which is steadier on a shared machine):

* ``engine``: a deal state played from the cut to the settlement with uniformly random legal actions
  of the seat to act (bids, answers, Taufen, signals and laying open included) — the raw engine;
* ``engine_no_laying_open``: the same, but the random players never lay their cards open (§9) nor
  signal, so deals run longer;
* ``match_driver``: single deals through ``Match`` and the driver with ``RandomBot`` (what
  ``stammtisch simulate perlaggen`` measures), out-of-turn bids offered every step;
* ``rule_bot_deals`` and ``rule_bot_partien``: the rule bot on all four seats, deals and whole Partien
  to 18;
* ``legal_actions``: calls per second for the seat to play in the middle of a trick.
"""

from __future__ import annotations

import argparse
import random
from pathlib import Path

import sys

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, timed, write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import DealContext
from stammtisch.core.rng import make_rng
from stammtisch.games.perlaggen import GAME


def engine(n: int, seed: int = 1, no_open: bool = False) -> int:
    opts = GAME.options()
    rng = random.Random(seed)
    actions = 0
    for i in range(n):
        deal = GAME.deal(opts, i % 4, make_rng(seed + i), {})
        st = GAME.new_deal(opts, DealContext(0, i % 4, deal, (0, 0), {}))
        while not st.is_over():
            s = st.to_act()[0]
            legal = st.legal_actions(s)
            if no_open:
                legal = [x for x in legal if x != "aufdecken" and not x.startswith("zeichen")] or legal
            st.apply(s, legal[rng.randrange(len(legal))])
            actions += 1
        st.result()
    return actions


def driver_deals(n: int, bots, seed: int = 1) -> int:
    rng = random.Random(seed)
    actions = 0
    for i in range(n):
        m = GAME.new_match(seed=seed + i, max_deals=1)
        play_out(m, bots, rng)
        actions += len(m.logs[0].actions)
    return actions


def partien(n: int, bots, seed: int = 1) -> int:
    rng = random.Random(seed)
    deals = 0
    for i in range(n):
        m = GAME.new_match(seed=seed + i)
        play_out(m, bots, rng)
        deals += len(m.logs)
    return deals


def legal_calls(n: int) -> None:
    m = GAME.new_match(seed=9, max_deals=1)
    ds = m.deal_state
    for s, a in [(ds.to_act()[0], "abheben:10")]:
        m.apply(s, a)
    while ds.phase != "play" or not ds.trick:
        s = ds.to_act()[0]
        legal = [a for a in ds.legal_actions(s) if not a.startswith(("ungesehen", "bieten", "zeichen", "aufdecken"))]
        m.apply(s, legal[0])
    s = ds.to_act()[0]
    for _ in range(n):
        ds.legal_actions(s)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--partien", type=int, default=200)
    ap.add_argument("--out", default=None, help="results file (default perlaggen_speed.json in --results)")
    add_results_arg(ap)
    a = ap.parse_args()
    res: dict[str, object] = {"benchmark": "perlaggen_speed", "unit": "per second"}
    cpu: dict[str, float] = {}
    w, c, acts = timed(lambda: engine(a.deals))
    res["engine_deals"] = round(a.deals / w, 1)
    res["engine_actions"] = round(acts / w, 1)
    res["engine_actions_per_deal"] = round(acts / a.deals, 1)
    cpu["engine_deals"] = round(a.deals / c, 1)
    w, c, acts = timed(lambda: engine(a.deals, seed=2, no_open=True))
    res["engine_no_laying_open_deals"] = round(a.deals / w, 1)
    res["engine_no_laying_open_actions_per_deal"] = round(acts / a.deals, 1)
    cpu["engine_no_laying_open_deals"] = round(a.deals / c, 1)
    w, c, acts = timed(lambda: driver_deals(a.deals, [RandomBot()] * 4))
    res["match_driver_deals"] = round(a.deals / w, 1)
    cpu["match_driver_deals"] = round(a.deals / c, 1)
    nb = max(1, a.deals // 4)
    w, c, _ = timed(lambda: driver_deals(nb, [GAME.rule_bot()] * 4, seed=77))
    res["rule_bot_deals"] = round(nb / w, 1)
    cpu["rule_bot_deals"] = round(nb / c, 1)
    w, c, deals = timed(lambda: partien(a.partien, [GAME.rule_bot()] * 4))
    res["rule_bot_partien"] = round(a.partien / w, 2)
    res["rule_bot_deals_per_partie"] = round(deals / a.partien, 2)
    cpu["rule_bot_partien"] = round(a.partien / c, 2)
    w, c, _ = timed(lambda: legal_calls(20000))
    res["legal_actions_calls"] = round(20000 / w, 1)
    cpu["legal_actions_calls"] = round(20000 / c, 1)
    res["per_cpu_second"] = cpu
    res["sizes"] = {"deals": a.deals, "rule_bot_deals": nb, "partien": a.partien}
    write_result("perlaggen_speed", res, a.out)


if __name__ == "__main__":
    main()
