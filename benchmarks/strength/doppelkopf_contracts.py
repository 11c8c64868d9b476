"""Doppelkopf contract choice (Vorbehalt, solo kind, Hochzeit): who decides the contract words,
measured on the same deals with the same card player.

Two commands:

``match X Y``
    Paired duplicate: every seat plays its cards and announcements with the same player (the
    default search, 40 worlds per decision, :data:`CARDS`); the contract words of the even seats
    come from decider X and of the odd seats from Y, then swapped. Deciders: ``rule`` (the rule
    player), ``search`` (the search player's own contract words, the default), ``value`` /
    ``value:T`` (:class:`~stammtisch.bots.contracts.DoppelkopfContracts`, threshold T). Each
    decider draws from its own generator seeded by the deal and the position, so where X and Y
    say the same words in the first half both halves are the same game and the pair's margin is
    exactly 0: such a pair is recorded (``"agree": true``) without playing it out. The margin over
    all pairs (zeros included) is the gain of X's contract words over Y's per deal.
``tune``
    On held-out deals (another seed): for every seat at its Spielabfrage turn (the seats before it
    said ``gesund``) the chooser's estimate d = best solo's mean - the normal game's mean; where d
    is above ``--band``, the deal is played out twice with the same card player (every other seat
    ``gesund``): the seat playing that solo, and the normal game; r = the seat's points in the
    solo - in the normal game. The threshold T maximising the sum of r over d > T is written with
    every (d, r) to the results file.

Run::

    python benchmarks/strength/doppelkopf_contracts.py tune --deals 300 --jobs 2
    python benchmarks/strength/doppelkopf_contracts.py match value rule --pairs 400 --jobs 2
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import os
import platform
import random
import subprocess
import sys
import time
from functools import partial
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "src"))

from benchmarks._common import add_results_arg, results_path  # noqa: E402
from stammtisch.core.protocol import Match, Turn  # noqa: E402

#: the card (and announcement) player of every seat: the default search at a fixed budget
CARDS = "search:40w"
PROFILE = "turnier"


def _git() -> str:
    return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, text=True).stdout.strip()


def make_decider(spec: str, game: Any, options: Any) -> Any:
    """``rule``, ``search`` or ``value[:T]`` (see the module)."""
    from stammtisch.bots import make
    from stammtisch.bots.contracts import DEFAULT_THRESHOLD, DoppelkopfContracts

    if spec == "rule":
        return game.rule_bot()
    if spec == "search":
        return make(CARDS, game, options)
    if spec.startswith("value"):
        _, _, t = spec.partition(":")
        return DoppelkopfContracts(game, options, threshold=float(t) if t else DEFAULT_THRESHOLD)
    raise SystemExit(f"unknown decider {spec!r} (rule, search, value, value:T)")


class Seat:
    """One seat: contract words from ``decider`` (with a generator of its own, seeded by the deal
    and the number of actions so far), everything else from ``cards``."""

    def __init__(self, cards: Any, decider: Any, key: str):
        self.cards, self.decider, self.key = cards, decider, key
        self.words: list[str] = []

    def choose(self, turn: Turn, rng: Any) -> str:
        from stammtisch.bots.contracts import is_contract_turn

        if is_contract_turn(list(turn.legal)):
            a = self.decider.choose(turn, random.Random(f"{self.key}:{turn.seat}:{len(self.words)}"))
            self.words.append(a)
            return a
        return self.cards.choose(turn, rng)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return self.cards.interject(turn, rng)


class Scripted:
    """A decider that plays ``plan`` (``normal`` or ``solo:<kind>``) at one seat."""

    def __init__(self, plan: str):
        self.plan = plan

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        if "gesund" in legal:
            return "gesund" if self.plan == "normal" else "vorbehalt"
        if self.plan in legal:
            return self.plan
        return "nein" if "nein" in legal else "hochzeit" if "hochzeit" in legal else legal[0]


_W: dict[str, Any] = {}


def _init(x: str, y: str) -> None:
    from stammtisch.bots import make
    from stammtisch.core import registry

    game = registry.get("doppelkopf")
    options = game.options(PROFILE, {})
    _W.update(game=game, options=options, cards=[make(CARDS, game, options) for _ in range(4)],
              x=make_decider(x, game, options) if x else None, y=make_decider(y, game, options) if y else None)


def _deal(seed: int, index: int) -> tuple[int, Any]:
    game, options = _W["game"], _W["options"]
    rng = random.Random(f"{seed}:{index}:deal")
    dealer = game.first_dealer(options, rng)
    return dealer, game.deal(options, dealer, rng, {})


def _play(dealer: int, deal: Any, seats: list[Seat], seed: int, index: int) -> list[int]:
    from stammtisch.core.driver import play_out

    m = Match(_W["game"], PROFILE, {}, max_deals=1, recorded=[(dealer, deal)])
    play_out(m, seats, random.Random(f"{seed}:{index}:play"))
    return list(m.logs[0].result.points)


def _pair(seed: int, index: int) -> dict[str, Any]:
    """Deal ``index``: X on the even seats and Y on the odd, then swapped (module docstring)."""
    from stammtisch.bots.contracts import is_contract_turn

    game = _W["game"]
    dealer, deal = _deal(seed, index)
    key = f"{seed}:{index}"
    # the first half's Spielabfrage, asking both deciders at every contract question
    m = Match(game, PROFILE, {}, max_deals=1, recorded=[(dealer, deal)])
    said: list[int] = [0] * 4
    differ = []
    while True:
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        if not is_contract_turn(legal):
            break
        turn = Turn(s, legal, partial(m.view, s))
        r = f"{key}:{s}:{said[s]}"
        ax, ay = _W["x"].choose(turn, random.Random(r)), _W["y"].choose(turn, random.Random(r))
        said[s] += 1
        if ax != ay:
            differ.append({"seat": s, "x": ax, "y": ay})
        m.apply(s, ax if s % 2 == 0 else ay)
        if differ:
            break
    out: dict[str, Any] = {"index": index, "dealer": dealer, "agree": not differ}
    if not differ:
        out.update(a=[0.0, 0.0], b=[0.0, 0.0])
        return out
    out["first_difference"] = differ[0]
    out["a"], out["b"], out["words"] = [], [], []
    for swap in (0, 1):
        seats = [Seat(_W["cards"][s], _W["x"] if (s % 2 == 0) != bool(swap) else _W["y"], key) for s in range(4)]
        pts = _play(dealer, deal, seats, seed, index)
        xs = [s for s in range(4) if (s % 2 == 0) != bool(swap)]
        out["a"].append(sum(pts[s] for s in xs) / 2)
        out["b"].append(sum(pts[s] for s in range(4) if s not in xs) / 2)
        out["words"].append([st.words for st in seats])
    return out


def _summary(pairs: list[dict[str, Any]]) -> dict[str, Any]:
    from stammtisch.bots.arena import mean_ci

    margins = [(sum(p["a"]) - sum(p["b"])) / 2 for p in pairs]
    played = [mg for p, mg in zip(pairs, margins) if not p["agree"]]
    ci = mean_ci(margins)
    lo, hi = ci["ci95"]
    return {"pairs": len(pairs), "pairs_with_different_words": len(played), "margin": ci,
            "margin_where_different": mean_ci(played) if played else None,
            "verdict": "X better" if lo > 0 else "Y better" if hi < 0 else "no significant difference"}


def _pool(jobs: int, init: tuple[Any, ...]) -> Any:
    if jobs <= 1:
        _init(*init)
        return None
    return mp.get_context("fork").Pool(jobs, initializer=_init, initargs=init)


def match(args: argparse.Namespace) -> None:
    from stammtisch.bots.arena import write_json

    path = results_path(f"{args.name or f'doppelkopf_contracts_{args.x}_vs_{args.y}'.replace(':', '')}.json")
    pairs: list[dict[str, Any]] = []
    runs: list[dict[str, Any]] = []
    if args.resume and path.is_file():
        old = json.loads(path.read_text())
        if (old["x"], old["y"], old["seed"]) != (args.x, args.y, args.seed):
            raise SystemExit(f"{path} holds another match; not resumed")
        pairs, runs = old["pairs"], old["machine"]["runs"]
    done = {p["index"] for p in pairs}
    todo = [i for i in range(args.pairs) if i not in done]
    runs.append({"started_utc": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), "jobs": args.jobs,
                 "loadavg_before": [round(x, 2) for x in os.getloadavg()], "pairs_before": len(pairs)})
    t0, c0 = time.perf_counter(), time.process_time()
    commit = _git()

    def write() -> None:
        pairs.sort(key=lambda p: p["index"])
        runs[-1]["loadavg_now"] = [round(x, 2) for x in os.getloadavg()]
        runs[-1]["seconds"] = round(time.perf_counter() - t0, 1)
        s = _summary(pairs)
        write_json({"what": "Doppelkopf contract words of X (even seats, then odd) vs Y on the same deals, every "
                            "seat's cards and announcements by the same player; pairs where X and Y say the same "
                            "words are the same game twice (margin 0, not played out)",
                    "x": args.x, "y": args.y, "cards": CARDS, "profile": PROFILE, "seed": args.seed,
                    "pairs_requested": args.pairs, "complete": len(pairs) >= args.pairs,
                    "stammtisch_commit": commit, "summary": s,
                    "machine": {"cpus": os.cpu_count(), "platform": platform.platform(), "runs": runs},
                    "pairs": pairs}, path)
        lo, hi = s["margin"]["ci95"]
        print(f"[{len(pairs)}/{args.pairs}] different {s['pairs_with_different_words']} margin "
              f"{s['margin']['mean']:.3f} ({lo:.3f}..{hi:.3f}) [{time.perf_counter() - t0:.0f}s]", flush=True)

    pool = _pool(args.jobs, (args.x, args.y))
    it = pool.imap_unordered(partial(_pair, args.seed), todo) if pool else (_pair(args.seed, i) for i in todo)
    for p in it:
        pairs.append(p)
        write()
    if pool:
        pool.close()
        pool.join()
    del c0


def _tune_deal(seed: int, band: float, index: int) -> list[dict[str, Any]]:
    """Every seat's estimate at its Spielabfrage turn, and the realized gain where it is above ``band``."""
    from stammtisch.bots.contracts import DoppelkopfContracts

    game, options = _W["game"], _W["options"]
    chooser = DoppelkopfContracts(game, options)
    dealer, deal = _deal(seed, index)
    m = Match(game, PROFILE, {}, max_deals=1, recorded=[(dealer, deal)])
    rows = []
    normal_pts: list[int] | None = None
    key = f"{seed}:{index}"
    while True:
        s = m.to_act()[0]
        legal = m.legal_actions(s)
        if "gesund" not in legal:
            break
        res = chooser.values(m.view(s), s, random.Random(f"{key}:{s}:value"))
        means = {p: res.mean(p) for p in res.samples}
        solos = {p: v for p, v in means.items() if p.startswith("solo:")}
        best = max(solos, key=lambda p: solos[p])
        row: dict[str, Any] = {"index": index, "seat": s, "plan": best, "d": round(solos[best] - means["normal"], 4),
                               "normal": round(means["normal"], 4), "both_club_queens": "hochzeit" in means,
                               "rule_says": game.rule_bot().choose(Turn(s, legal, partial(m.view, s)), random.Random(0))}
        if row["d"] > band and not row["both_club_queens"]:
            if normal_pts is None:
                normal_pts = _play(dealer, deal, [Seat(_W["cards"][t], Scripted("normal"), key) for t in range(4)],
                                   seed, index)
            solo_pts = _play(dealer, deal, [Seat(_W["cards"][t], Scripted(best if t == s else "normal"), key)
                                            for t in range(4)], seed, index)
            row["r"] = solo_pts[s] - normal_pts[s]
        rows.append(row)
        m.apply(s, "gesund")
    return rows


def tune(args: argparse.Namespace) -> None:
    from stammtisch.bots.arena import mean_ci, write_json

    path = results_path(f"{args.name}.json")
    rows: list[dict[str, Any]] = []
    t0 = time.perf_counter()
    load = [round(x, 2) for x in os.getloadavg()]
    pool = _pool(args.jobs, ("", ""))
    fn = partial(_tune_deal, args.seed, args.band)
    it = pool.imap_unordered(fn, range(args.deals)) if pool else map(fn, range(args.deals))
    for n, got in enumerate(it, 1):
        rows.extend(got)
        if n % 10 and n != args.deals:
            continue
        cands = sorted((r for r in rows if "r" in r), key=lambda r: r["d"])
        table = []
        for t in [args.band] + [r["d"] for r in cands]:
            sel = [r["r"] for r in cands if r["d"] > t]
            table.append({"threshold": round(t, 4), "solos": len(sel), "sum_r": sum(sel)})
        best = max(table, key=lambda x: (x["sum_r"], x["threshold"]))
        rule_solos = [r["r"] for r in cands if str(r["rule_says"]) == "vorbehalt"]
        write_json({"what": "Doppelkopf solo threshold tuned on held-out deals: per seat at its Spielabfrage turn "
                            "(the seats before said gesund) d = best solo's value - the normal game's "
                            "(DoppelkopfContracts, 40 worlds x 16 playouts); where d > band the deal is played out "
                            "as that solo and as the normal game (every seat's cards by the card player); "
                            "r = the seat's points solo - normal",
                    "cards": CARDS, "profile": PROFILE, "seed": args.seed, "band": args.band, "deals": n,
                    "stammtisch_commit": _git(), "seconds": round(time.perf_counter() - t0, 1),
                    "machine": {"cpus": os.cpu_count(), "loadavg_before": load,
                                "loadavg_after": [round(x, 2) for x in os.getloadavg()]},
                    "best": best, "candidates": len(cands),
                    "r_where_d_above_0": mean_ci([r["r"] for r in cands if r["d"] > 0]) if cands else None,
                    "r_where_rule_says_vorbehalt": mean_ci(rule_solos) if rule_solos else None,
                    "table": table, "rows": rows}, path)
        print(f"[{n}/{args.deals}] candidates {len(cands)} best {best} [{time.perf_counter() - t0:.0f}s]", flush=True)
    if pool:
        pool.close()
        pool.join()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    p = sub.add_parser("match")
    p.add_argument("x")
    p.add_argument("y")
    p.add_argument("--pairs", type=int, default=20)
    p.add_argument("--seed", type=int, default=2026)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--name", default=None)
    p.add_argument("--resume", action="store_true")
    t = sub.add_parser("tune")
    t.add_argument("--deals", type=int, default=40)
    t.add_argument("--seed", type=int, default=7)
    t.add_argument("--band", type=float, default=-4.0)
    t.add_argument("--jobs", type=int, default=1)
    t.add_argument("--name", default="doppelkopf_contracts_tune")
    for q in (p, t):
        add_results_arg(q)
    args = ap.parse_args()
    (match if args.cmd == "match" else tune)(args)


if __name__ == "__main__":
    main()
