"""The strength ladder: the server's computer players ``search:easy``, ``search:medium`` and
``search:hard`` (fixed budgets, :mod:`stammtisch.bots.levels`) against each other and against the
rule player, in duplicate matches (:func:`stammtisch.bots.arena.play_pair`: every deal twice, the
seats swapped), for every game.

Steps: easy vs rule, medium vs easy, hard vs medium, and hard vs rule. Per step: the pairs, the
mean margin per deal (A's points minus B's) with its 95% CI, and each side's CPU seconds per
decision (decisions with a choice; the most one decision took). In Doppelkopf A sits on the
seats of the two Kreuz-Damen, then B does (:data:`SEATING`): on the even seats A's two seats are
opponents in two deals of three, their points cancel and the pair carries no information. Hard vs rule, far apart and the
most expensive, plays every second deal number only. The pairs are played round-robin
over the games and steps (pair 0 of every step, then pair 1, ...) and each game's file
``ladder_<game>.json`` is rewritten after every round, so a run stopped early leaves a valid
smaller result (``"complete": false``); ``--resume`` continues such a file when its levels and
seed are the ones of this run.

A pair is an exact function of the seed and its deal number (every search player is seeded per
pair and decides with a stream of its own per decision, docs/bots.md "Exact, seeded decisions"),
unless a level's wall-clock cap stopped one of its searches: each step records how many searches
the cap stopped (``a_capped``/``b_capped``: ``[capped, searches]``) and the slowest decision's wall
seconds; ``--no-cap`` lifts the cap (``"cap": "lifted"``), so that a run on a loaded machine stays
exact.

Run (long, in the background): ``nice -n 5 .venv/bin/python benchmarks/strength/ladder.py --games
jass,doppelkopf --pairs 300 --resume > ladder.log``. ``--quick`` plays two pairs per step (seconds
to a minute; with ``--results DIR`` for a trial). ``--gaps`` writes nothing but the lobby's data
file from the results files (``stammtisch/bots/ladder_gaps.json``, or ``--gaps-out PATH``): per
game and level the measured gap to the level below, read by the lobby's level tooltip; ``--table``
prints the docs table (docs/bots.md) from the results files.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path

GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
#: (A, B): each step of the ladder, and the whole ladder
STEPS = (("search:easy", "rule"), ("search:medium", "search:easy"), ("search:hard", "search:medium"),
         ("search:hard", "rule"))
#: the whole ladder (hard vs rule) is far apart and costs the most: it plays every second round
EVERY = {("search:hard", "rule"): 2}
#: the lobby's data file (package data)
GAPS = ROOT / "src" / "stammtisch" / "bots" / "ladder_gaps.json"


def step_name(a: str, b: str) -> str:
    """``search:hard`` vs ``search:medium`` -> ``hard-medium``."""
    return f"{a.partition(':')[2] or a}-{b.partition(':')[2] or b}"


def kreuz_damen(game: Any, options: Any, deal: Any) -> list[int]:
    """Doppelkopf: the seats holding the two Kreuz-Damen (the Re party of a normal game), or
    seats 0 and 2 when one seat holds both."""
    names = game.deck.notation
    seats = [s for s, hand in enumerate(deal.hands) for c in hand if names[c] == "XD"]
    return seats if len(set(seats)) == 2 else [0, 2]


#: per game, A's seats in a pair's first half (default: the even seats)
SEATING = {"doppelkopf": kreuz_damen}


def mode_of(game: str) -> str:
    """How a pair seats the players: ``pairs`` (A on the even seats, then the odd) or
    ``pairs:parties`` (A on one party of the deal, then the other; :data:`SEATING`)."""
    return "pairs:parties" if game in SEATING else "pairs"


def levels_of(game: str) -> dict[str, Any]:
    from stammtisch.bots.levels import LEVELS, level_for

    return {lv: dataclasses.asdict(level_for(game, lv)) for lv in LEVELS if lv != "strong"}


def step_summary(a: str, b: str, pairs: list[dict[str, Any]]) -> dict[str, Any]:
    """The arena's summary of a step plus each side's CPU seconds per decision."""
    from stammtisch.bots.arena import summarize

    out: dict[str, Any] = {"a": a, "b": b, "summary": summarize(pairs) if pairs else {"pairs": 0}}
    for side in ("a", "b"):
        cpu = sum(p["cpu"][side][0] for p in pairs)
        n = sum(p["cpu"][side][1] for p in pairs)
        out[f"{side}_cpu_per_decision"] = round(cpu / n, 5) if n else None
        most = sorted(p["cpu"][side][2] for p in pairs)
        # the most one decision took: over all pairs (includes loading the compiled kernel in the
        # process's first deal), and the median over the pairs of each pair's most
        out[f"{side}_cpu_max"] = round(most[-1], 4) if most else 0.0
        out[f"{side}_cpu_max_median"] = round(most[len(most) // 2], 4) if most else 0.0
        out[f"{side}_decisions"] = n
        # searches the level's wall-clock cap stopped before their budget (pairs that record it)
        caps = [p["cap"][side] for p in pairs if "cap" in p]
        out[f"{side}_capped"] = [sum(c[0] for c in caps), sum(c[1] for c in caps)] if caps else None
        walls = sorted(p["cpu"][side][3] for p in pairs if len(p["cpu"][side]) > 3)
        out[f"{side}_wall_max"] = round(walls[-1], 4) if walls else None
    return out


def parse_steps(text: str) -> tuple[tuple[str, str], ...]:
    """``search:8w/search:4w,search:2w/rule`` -> the steps (A, B) of a design run."""
    out = []
    for part in text.split(","):
        a, sep, b = part.strip().partition("/")
        if not sep or not a or not b:
            raise ValueError(f"a step is A/B, e.g. search:8w/search:4w, not {part!r}")
        out.append((a, b))
    return tuple(out)


def run(games: list[str], pairs: int, seed: int, resume: bool,
        steps_of_run: tuple[tuple[str, str], ...] = STEPS, design: str | None = None, start: int = 0,
        merge: list[Path] | None = None, cap: bool = True) -> None:
    """Play the ladder (or, with ``design``, the given steps of a design trial into
    ``ladder-design_<game>_<design>.json``; the players there are named by their budgets,
    ``search:8w``, not by the levels) round-robin over the games, writing after every round.
    ``start``: the first deal number (a second process on another core plays deal numbers
    from ``start`` into another ``--results`` folder); ``merge``: results folders of such runs
    (same levels, seed and seating) whose pairs are added to this file's before playing.
    ``cap=False`` lifts the levels' wall-clock cap (``"cap": "lifted"`` in the file): every pair is
    then an exact function of the seed and its deal number whatever the load; with the cap each
    step records how many searches it stopped (``a_capped``: ``[capped, searches]``)."""
    from stammtisch.bots.arena import play_pair, write_json

    state: dict[str, dict[str, Any]] = {}
    cap_mode = "level" if cap else "lifted"
    bot_options = None if cap else {"cap": None}
    for g in games:
        path = results_path(f"ladder-design_{g}_{design}.json" if design else f"ladder_{g}.json")
        steps: dict[str, list[dict[str, Any]]] = {step_name(a, b): [] for a, b in steps_of_run}
        requested = pairs
        earlier: list[dict[str, Any]] = []  # the earlier runs (and merged processes) of this file

        def run_record(d: dict[str, Any], where: str) -> list[dict[str, Any]]:
            keys = ("load_average_at_start", "load_average_now", "wall_seconds_this_run", "cpu_seconds_this_run")
            pairs_in = {step_name(s["a"], s["b"]): [len(s["pairs"]), min((p["index"] for p in s["pairs"]), default=None),
                                                    max((p["index"] for p in s["pairs"]), default=None)]
                        for s in d["steps"]}  # pairs, first and last deal number
            return [*d.get("earlier_runs", []), {"file": where, "pairs": pairs_in, **{k: d.get(k) for k in keys}}]

        if resume and path.is_file():
            old = json.loads(path.read_text())
            if (old.get("levels") == levels_of(g) and old.get("seed") == seed and old.get("mode") == mode_of(g)
                    and old.get("cap", "level") == cap_mode):
                requested = pairs or int(old.get("requested_pairs", 0))  # --pairs 0: only merge
                earlier += run_record(old, path.name)
                for s in old["steps"]:
                    steps[step_name(s["a"], s["b"])] = s["pairs"]
            else:
                print(f"{g}: levels or seed changed, starting afresh", flush=True)
        for folder in merge or []:
            other = folder / path.name
            if not other.is_file():
                continue
            old = json.loads(other.read_text())
            if (old.get("levels") != levels_of(g) or old.get("seed") != seed or old.get("mode") != mode_of(g)
                    or old.get("cap", "level") != cap_mode):
                raise SystemExit(f"{other}: other levels, seed or seating; not merged")
            earlier += run_record(old, f"merged: another process's {other.name}")
            for s in old["steps"]:
                have = steps.setdefault(step_name(s["a"], s["b"]), [])
                known = {p["index"] for p in have}
                have.extend(p for p in s["pairs"] if p["index"] not in known)
        state[g] = {"path": path, "steps": steps, "cpu": 0.0, "t0": time.perf_counter(), "requested": requested,
                    "earlier": earlier}
    load_start = os.getloadavg()

    def write(g: str) -> None:
        st = state[g]
        body = []
        for a, b in steps_of_run:
            ps = sorted(st["steps"][step_name(a, b)], key=lambda p: p["index"])
            body.append({**step_summary(a, b, ps), "pairs": ps})
        done = min(len(s["pairs"]) * EVERY.get((s["a"], s["b"]), 1) for s in body)
        write_json({"game": g, "seed": seed, "requested_pairs": st["requested"], "complete": done >= st["requested"],
                    "levels": levels_of(g), "mode": mode_of(g), "cap": cap_mode,
                    "load_average_at_start": [round(x, 2) for x in load_start],
                    "load_average_now": [round(x, 2) for x in os.getloadavg()],
                    "wall_seconds_this_run": round(time.perf_counter() - st["t0"], 1),
                    "cpu_seconds_this_run": round(st["cpu"], 1), "earlier_runs": st["earlier"],
                    "steps": body}, st["path"])
        line = " | ".join(f"{step_name(s['a'], s['b'])} n={s['summary']['pairs']} "
                          f"{s['summary']['margin']['mean']:+.2f} {s['summary']['margin']['ci95']}"
                          for s in body if s["summary"]["pairs"] >= 2)
        print(f"{g} [{done}/{pairs}] {line}", flush=True)

    for i in range(start, start + pairs):
        for g in games:
            st = state[g]
            did = False
            for a, b in steps_of_run:
                have = st["steps"][step_name(a, b)]
                if i % EVERY.get((a, b), 1) or any(p["index"] == i for p in have):
                    continue
                c0 = time.process_time()
                have.append(play_pair(g, a, b, i, seed, timing=True, a_seats=SEATING.get(g), bot_options=bot_options))
                st["cpu"] += time.process_time() - c0
                did = True
            if did:
                write(g)
    for g in games:
        write(g)


def gaps(results: Path, out: Path) -> dict[str, Any]:
    """The lobby's data: per game and level, the measured gap to the level below it (the step
    with that level as A), from ``results/ladder_<game>.json``."""
    data: dict[str, Any] = {}
    for g in GAMES:
        path = results / f"ladder_{g}.json"
        if not path.is_file():
            continue
        d = json.loads(path.read_text())
        per: dict[str, Any] = {}
        for s in d["steps"]:
            a, b = s["a"], s["b"]
            if (a, b) == ("search:hard", "rule"):
                continue
            m = s["summary"]
            if not m.get("pairs"):
                continue
            if m["pairs"] < 2:  # no interval yet
                continue
            per[a] = {"vs": b, "pairs": m["pairs"], "mean": m["margin"]["mean"], "ci95": m["margin"]["ci95"],
                      "significant": m["significant"] and m["margin"]["ci95"][0] > 0,
                      "cpu_per_decision": s["a_cpu_per_decision"]}
        data[g] = {"source": path.name, "levels": d["levels"], "gaps": per}
    out.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {out}")
    return data


def table(results: Path) -> str:
    """The docs table (docs/bots.md, "The strength ladder") from the results files: per game and
    step the pairs, the mean margin per deal with its 95% CI, and A's and B's CPU seconds per
    decision."""
    rows = ["| game | step (A vs B) | pairs | A − B per deal (95% CI) | CPU s per decision A / B | A's slowest decision per pair (median) |",
            "|---|---|---|---|---|---|"]
    for g in GAMES:
        path = results / f"ladder_{g}.json"
        if not path.is_file():
            continue
        d = json.loads(path.read_text())
        for step in d["steps"]:
            s = step_summary(step["a"], step["b"], step["pairs"])  # figures from the pairs themselves
            m = s["summary"]
            if m.get("pairs", 0) < 2:
                continue
            lo, hi = m["margin"]["ci95"]
            mark = "**" if lo > 0 else ""
            rows.append(f"| {g} | {step_name(s['a'], s['b']).replace('-', ' vs ')} | {m['pairs']} | "
                        f"{mark}{m['margin']['mean']:+.2f} ({lo:.2f} .. {hi:.2f}){mark} | "
                        f"{s['a_cpu_per_decision']:.4f} / {s['b_cpu_per_decision']:.4f} | {s['a_cpu_max_median']:.3f} |")
    return "\n".join(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", default=",".join(GAMES))
    ap.add_argument("--pairs", type=int, default=200, help="duplicate pairs per step")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--resume", action="store_true", help="continue the results files of an earlier run")
    ap.add_argument("--quick", action="store_true", help="two pairs per step (a trial; name --results)")
    ap.add_argument("--gaps", action="store_true", help="only write the lobby's data file from the results")
    ap.add_argument("--gaps-out", type=Path, default=GAPS)
    ap.add_argument("--table", action="store_true", help="only print the docs table from the results")
    ap.add_argument("--steps", default=None,
                    help="a design trial (with --design): these steps A/B,A/B (e.g. search:8w/search:4w); "
                         "without: only these steps of the ladder")
    ap.add_argument("--design", default=None, help="the design trial's name (its results file)")
    ap.add_argument("--start", type=int, default=0, help="the first deal number (a second process)")
    ap.add_argument("--merge", type=Path, action="append", default=[],
                    help="add the pairs of the same ladder from this results folder (repeatable)")
    ap.add_argument("--no-cap", action="store_true",
                    help="lift the levels' wall-clock cap: every pair exact whatever the load")
    add_results_arg(ap)
    args = ap.parse_args()
    if args.gaps:
        gaps(results_path(), args.gaps_out)
        return
    if args.table:
        print(table(results_path()))
        return
    games = [g for g in args.games.split(",") if g]
    unknown = [g for g in games if g not in GAMES]
    if unknown:
        ap.error(f"unknown game(s) {', '.join(unknown)} (known: {', '.join(GAMES)})")
    try:
        steps = parse_steps(args.steps) if args.steps else STEPS
    except ValueError as e:
        ap.error(str(e))
    if args.steps and not args.design and not set(steps) <= set(STEPS):
        ap.error("without --design, --steps names steps of the ladder (e.g. search:easy/rule): "
                 "a second process for the cheap steps, into another --results folder, merged later")
    run(games, 2 if args.quick else args.pairs, args.seed, args.resume, steps, args.design, args.start, args.merge,
        cap=not args.no_cap)


if __name__ == "__main__":
    main()
