"""Perlaggen: how the rule player raises (§13, §14) — the careful player against the earlier one.

Run: ``.venv/bin/python benchmarks/perlaggen_bot_bidding.py [--partien N]``. Writes
``benchmarks/results/perlaggen_bot_bidding.json``. Both players are the same ``RuleBot`` class:
``careful=True`` (now the default) and ``careful=False`` (the raising before this change, kept as an
option for this comparison). On the same seeds:

* **self-play**: four careful players, then four earlier players, ``N`` Partien each (profile
  ``innsbruck``): raises to "Spiel aus" per Partie (a figure offered at "aus", counted by replaying
  each deal), Partien that end in their first deal, deals per Partie;
* **paired head-to-head**: careful players on side A against earlier players on side B, then the
  sides swapped, same seeds: the careful side's share of Partien won, with a 95 % interval.

Small sizes for CI: ``--partien 20``.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import time
from typing import Any

from _common import write_result

from stammtisch.core.driver import play_out
from stammtisch.games.perlaggen import GAME
from stammtisch.games.perlaggen.bot import RuleBot
from stammtisch.games.perlaggen.scoring import AUS


def aus_offers(options: Any, log: Any) -> int:
    """Figures of one deal offered at "Spiel aus" (replaying the deal's actions)."""
    d = GAME.new_deal(options, log.ctx)
    seen: set[str] = set()
    for seat, action in log.actions:
        d.apply(seat, action)
        seen |= {n for n, f in d.figs.items() if f.status == "offered" and f.offer >= AUS}
    return len(seen)


def self_play(careful: bool, partien: int, profile: str) -> dict[str, Any]:
    bots = [RuleBot(careful=careful) for _ in range(4)]
    aus = first = deals = 0
    for seed in range(partien):
        m = GAME.new_match(profile, {}, seed=seed)
        play_out(m, bots, random.Random(seed))
        deals += len(m.logs)
        first += len(m.logs) == 1
        aus += sum(aus_offers(m.options, lg) for lg in m.logs)
    return {"partien": partien, "aus_raises_per_partie": round(aus / partien, 3),
            "first_deal_ends_partie": round(first / partien, 3), "deals_per_partie": round(deals / partien, 2)}


def head_to_head(partien: int, profile: str) -> dict[str, Any]:
    """Careful on one side, the earlier player on the other, each seed played with both seatings."""
    won = 0
    for seed in range(partien):
        for careful_side in (0, 1):
            bots = [RuleBot(careful=(s % 2 == careful_side)) for s in range(4)]
            m = GAME.new_match(profile, {}, seed=seed)
            play_out(m, bots, random.Random(seed))
            totals = m.totals
            won += totals[careful_side] > totals[1 - careful_side]
    n = 2 * partien
    p = won / n
    half = 1.96 * math.sqrt(p * (1 - p) / n)
    return {"partien": n, "careful_won": won, "careful_share": round(p, 3),
            "ci95": [round(p - half, 3), round(p + half, 3)]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--partien", type=int, default=300)
    ap.add_argument("--profile", default="innsbruck")
    a = ap.parse_args()
    t0 = time.time()
    out: dict[str, Any] = {
        "profile": a.profile,
        "load_before": os.getloadavg()[0],
        "careful": self_play(True, a.partien, a.profile),
        "earlier": self_play(False, a.partien, a.profile),
        "head_to_head": head_to_head(a.partien, a.profile),
    }
    out["seconds"] = round(time.time() - t0, 1)
    out["load_after"] = os.getloadavg()[0]
    write_result("perlaggen_bot_bidding", out)


if __name__ == "__main__":
    main()
