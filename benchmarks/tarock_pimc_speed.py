"""Tarock search playouts per decision, side by side in one run: today's tree search (ISMCTS in
Python with the rule player's playouts, ``search_playout = "rule"``) against the compiled PIMC
search (the kernel's ``card_values`` / ``word_values``: the rule player's card play as a compiled
policy, compiled settlement), each with the same time budget on the same decisions, interleaved
so that machine load hits both alike.

Each decision is searched by bots built for its own table (profile and number of players): an
earlier version built both bots for the default four-player table and fed them five-player
Tiroler Cup positions, which their samplers could not deal (9 of 40 rows recorded 0 playouts of the
tree search). A row where either search recorded no playout is now kept in the file with
``"valid": false`` and left out of the summaries, which say how many rows they cover.

Run: ``.venv/bin/python benchmarks/tarock_pimc_speed.py [--decisions 40] [--budget 0.8]``.
Writes ``benchmarks/results/tarock_pimc_speed.json``.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from typing import Any

from _common import write_result

from stammtisch.bots.search import SearchBot
from stammtisch.core.protocol import Turn
from stammtisch.games.tarock import GAME


TABLES = [("oesterreich-finale", 4), ("tiroler-cup", 4), ("tiroler-cup", 5)]


def decision_points(n: int) -> list[tuple[Any, int, list[str], str, int]]:
    """``n`` positions from rule-player deals (both profiles, 4 and 5 players) with a choice:
    ``(view, seat, legal, profile, players)``."""
    rng = random.Random(7)
    rule = GAME.rule_bot()
    out: list[tuple[Any, int, list[str], str, int]] = []
    i = 0
    while len(out) < n:
        profile, players = TABLES[i % 3]
        m = GAME.new_match(profile, {"players": players}, seed=100 + i, max_deals=1)
        i += 1
        while not m.is_over():
            s = m.to_act()[0]
            legal = m.legal_actions(s)
            if len(legal) > 1 and rng.random() < 0.12:
                out.append((m.view(s), s, legal, profile, players))
            m.apply(s, rule.choose(Turn(s, legal, lambda s=s: m.view(s)), rng))
    return out[:n]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decisions", type=int, default=40)
    ap.add_argument("--budget", type=float, default=0.8)
    args = ap.parse_args()
    bots = {}
    for profile, players in TABLES:  # each table's own options: its samplers deal its seats
        opts = GAME.options(profile, {"players": players})
        bots[profile, players] = (
            SearchBot(GAME, opts, time_limit=args.budget, engine="ismcts", playout="rule", contract="search",
                      guard=None),
            SearchBot(GAME, opts, time_limit=args.budget, engine="pimc", contract="search", guard=None))
    warm = decision_points(1)[0]
    bots[warm[3], warm[4]][1].choose(Turn(warm[1], warm[2], lambda: warm[0]), random.Random(0))  # compile
    rows = []
    for k, (view, seat, legal, profile, players) in enumerate(decision_points(args.decisions)):
        turn = Turn(seat, legal, lambda v=view: v)
        today, pimc = bots[profile, players]
        row = {"profile": profile, "players": players, "phase": view["deal"]["phase"], "candidates": len(legal)}
        for name, bot in (("ismcts_rule_playouts", today), ("pimc_compiled", pimc)):
            t0 = time.perf_counter()
            bot.choose(turn, random.Random(k))
            row[name + "_seconds"] = round(time.perf_counter() - t0, 3)
            row[name] = (bot.last_playouts if name == "pimc_compiled"
                         else sum(v[0] for v in bot.last_stats.values()))
        row["valid"] = bool(row["ismcts_rule_playouts"] > 0 and row["pimc_compiled"] > 0)
        row["errors"] = len(today.errors) + len(pimc.errors)
        today.errors.clear()
        pimc.errors.clear()
        rows.append(row)
        print(row, flush=True)

    def summary(sel: list[dict]) -> dict:
        a = [r["ismcts_rule_playouts"] for r in sel]
        b = [r["pimc_compiled"] for r in sel]
        return {"decisions": len(sel), "ismcts_rule_playouts_mean": round(statistics.mean(a), 1),
                "pimc_compiled_playouts_mean": round(statistics.mean(b), 1),
                "ratio_of_means": round(statistics.mean(b) / statistics.mean(a), 1),
                "median_ratio": round(statistics.median(x / max(y, 1) for x, y in zip(b, a)), 1)}

    valid = [r for r in rows if r["valid"]]
    cards = [r for r in valid if r["phase"] == "play"]
    words = [r for r in valid if r["phase"] != "play"]
    write_result("tarock_pimc_speed", {
        "budget_seconds": args.budget, "load_after": [round(x, 2) for x in os.getloadavg()],
        "rows_valid": len(valid), "rows_invalid": len(rows) - len(valid),
        "all": summary(valid),
        "by_table": {f"{p}/{n}": summary(sel) for p, n in TABLES
                     if (sel := [r for r in valid if r["profile"] == p and r["players"] == n])}, "cards": summary(cards) if cards else None, "words": summary(words) if words else None,
        "note": "playouts per decision with the same time budget, side by side on the same decisions "
                "(ISMCTS: iterations = rule-player playouts; PIMC: worlds x candidates x playouts)",
        "rows": rows})


if __name__ == "__main__":
    main()
