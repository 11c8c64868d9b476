"""Random-play Schieber deals per second: stammtisch's engine side by side with jass-kit.

Run: ``.venv/bin/python benchmarks/jass_speed.py [--deals N] [--seconds S]``. Single process.
Writes ``benchmarks/results/jass_speed.json``. jass-kit (GPL-3.0, test extra) is only
imported here and in the differential test, never by the package.

Loops measured, each a full deal: deal 36 cards, choose a random trump (one of the six modes
jass-kit knows), play 36 random legal cards:

* ``jass_kit``: jass-kit's own ``GameSim`` + ``RuleSchieber`` loop (random hands, random
  trump, ``get_valid_cards_from_state``, ``action_play_card``)
* ``stammtisch_fast``: :class:`JassDeal` integer path (``legal_mask`` / ``play_card``)
* ``stammtisch_playout``: the same inside :meth:`JassDeal.playout` (search-bot rollouts)
* ``stammtisch_actions``: the string protocol (``legal_actions`` / ``apply``), what a
  generic bot sees
* ``stammtisch_match``: ``Game.new_match`` + ``play_out`` with random bots (CLI ``simulate``)
"""

from __future__ import annotations

import argparse
import platform
import random
import sys
import time
from pathlib import Path

from _common import write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core.bits import mask_of
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.jass import GAME
from stammtisch.games.jass.state import JassDeal

MODES = ["E", "S", "L", "R", "obenabe", "undenufe"]


def timed(fn, deals: int, seconds: float) -> dict[str, float]:
    """Run ``fn(rng)`` (one deal) at least ``deals`` times or ``seconds`` long; deals per second."""
    rng = random.Random(1)
    for _ in range(20):
        fn(rng)
    n, t0 = 0, time.perf_counter()
    while n < deals or time.perf_counter() - t0 < seconds:
        fn(rng)
        n += 1
    dt = time.perf_counter() - t0
    return {"deals": n, "seconds": round(dt, 3), "deals_per_second": round(n / dt, 1)}


def rounds(loops: dict, deals: int, seconds: float, n_rounds: int) -> dict[str, dict]:
    """Measure the loops in alternating rounds (a shared machine's load hits all alike) and keep
    each loop's best round; every round is listed too."""
    out: dict[str, dict] = {name: {"rounds": []} for name in loops}
    for _ in range(n_rounds):
        for name, (fn, share) in loops.items():
            out[name]["rounds"].append(timed(fn, max(1, int(deals * share)) // n_rounds, seconds / n_rounds))
    for r in out.values():
        best = max(r["rounds"], key=lambda x: x["deals_per_second"])
        r.update(best)
    return out


def stammtisch_fast(rng: random.Random, opts=GAME.options()) -> None:
    cards = list(range(36))
    rng.shuffle(cards)
    hands = [mask_of(cards[i * 9:(i + 1) * 9]) for i in range(4)]
    d = JassDeal.from_masks(opts, hands, int(rng.random() * 4))
    d.choose(MODES[int(rng.random() * 6)])
    rnd = rng.random
    legal_cards, play_card = d.legal_cards, d.play_card
    while d.phase == "play":
        legal = legal_cards()
        play_card(legal[int(rnd() * len(legal))])


def stammtisch_playout(rng: random.Random, opts=GAME.options()) -> None:
    cards = list(range(36))
    rng.shuffle(cards)
    hands = [mask_of(cards[i * 9:(i + 1) * 9]) for i in range(4)]
    d = JassDeal.from_masks(opts, hands, int(rng.random() * 4))
    d.choose(MODES[int(rng.random() * 6)])
    d.playout(rng)


def stammtisch_actions(rng: random.Random, opts=GAME.options()) -> None:
    cards = list(range(36))
    rng.shuffle(cards)
    hands = tuple(tuple(cards[i * 9:(i + 1) * 9]) for i in range(4))
    d = JassDeal(opts, DealContext(0, rng.randrange(4), Deal(hands), (0, 0)))
    d.apply(d.to_act()[0], f"trump:{MODES[rng.randrange(6)]}")
    while not d.is_over():
        s = d.to_act()[0]
        legal = [a for a in d.legal_actions(s) if len(a) <= 3 and a[0] in "ESLR"]
        d.apply(s, legal[rng.randrange(len(legal))])


_BOTS = [RandomBot()] * 4


def stammtisch_match(rng: random.Random) -> None:
    m = GAME.new_match(seed=rng.randrange(1 << 30), max_deals=1)
    play_out(m, _BOTS, rng)


def jass_kit_loop():
    try:
        import numpy as np
        from jass.game.const import PUSH  # noqa: F401
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        return None
    rule = RuleSchieber()

    def run(rng: random.Random) -> None:
        sim = GameSim(rule=rule)
        rnd = rng.random
        sim.init_from_cards(hands=deal_random_hand(), dealer=int(rnd() * 4))
        sim.action_trump(int(rnd() * 6))
        while not sim.is_done():
            valid = np.flatnonzero(rule.get_valid_cards_from_state(sim.state))
            sim.action_play_card(int(valid[int(rnd() * len(valid))]))

    return run


def main(argv: list[str] | None = None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2000, help="minimum deals per loop")
    ap.add_argument("--seconds", type=float, default=3.0, help="minimum seconds per loop")
    ap.add_argument("--rounds", type=int, default=3, help="alternating rounds per loop (best one counts)")
    ap.add_argument("--out", default=str(Path(__file__).parent / "results" / "jass_speed.json"))
    args = ap.parse_args(argv)
    results: dict = {
        "python": sys.version.split()[0],
        "machine": platform.machine(),
        "processor": platform.processor() or platform.platform(),
    }
    jk = jass_kit_loop()
    loops = {}
    if jk is not None:
        loops["jass_kit"] = (jk, 1.0)
    loops["stammtisch_fast"] = (stammtisch_fast, 1.0)
    loops["stammtisch_playout"] = (stammtisch_playout, 1.0)
    loops["stammtisch_actions"] = (stammtisch_actions, 0.5)
    loops["stammtisch_match"] = (stammtisch_match, 0.25)
    results.update(rounds(loops, args.deals, args.seconds, args.rounds))
    if jk is not None:
        base = results["jass_kit"]["deals_per_second"]
        results["speedup_fast_vs_jass_kit"] = round(results["stammtisch_fast"]["deals_per_second"] / base, 2)
        results["speedup_playout_vs_jass_kit"] = round(results["stammtisch_playout"]["deals_per_second"] / base, 2)
        results["speedup_actions_vs_jass_kit"] = round(results["stammtisch_actions"]["deals_per_second"] / base, 2)
    write_result("jass_speed", results, args.out, indent=2)
    return results


if __name__ == "__main__":
    main()
