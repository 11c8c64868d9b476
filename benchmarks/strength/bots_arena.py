"""The arena targets: search beats rule, rule beats random, in every game with an engine; for
Jass also our bots against jass-kit's own agent (test-only dependency, GPL-3.0) and against
pyschieber's rule-based challenge player (test-only dependency, MIT; in its game: plain modes,
no Weis; the search's budget is the environment variable ``PYSCHIEBER_SEARCH``).
For long runs on a busy machine, ``benchmarks/strength/arena_run.py`` runs one pairing and writes its
result every few pairs.

Run: ``.venv/bin/python benchmarks/strength/bots_arena.py [--deals 40] [--search search:0.2] [--games jass]``.
Writes ``benchmarks/results/arena_<game>_<a>_vs_<b>.json`` (and ``.svg``) per pairing and
prints one line each.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path

JASSKIT = "py:tests.bots.jasskit_adapter:random_agent"
KIT_SEARCH = "py:tests.bots.jasskit_adapter:search_kit_modes"
KIT_RULE = "py:tests.bots.jasskit_adapter:rule_kit_modes"
PYS = "py:tests.bots.pyschieber_adapter:challenge_player"
PYS_SEARCH = "py:tests.bots.pyschieber_adapter:search_plain_modes"
PYS_RULE = "py:tests.bots.pyschieber_adapter:rule_plain_modes"
#: pyschieber's game: Undenufe counts the Six 11, no Weis (tests/bots/pyschieber_adapter.py)
PYS_GAME = ("software", {"weis": False})


def pairings(game: str, search: str) -> list[tuple[str, str, str | None, dict | None]]:
    out: list[tuple[str, str, str | None, dict | None]] = [
        (search, "rule", None, None), ("rule", "random", None, None), (search, "random", None, None)]
    if game == "jass":
        # jass-kit plays the modes it knows (our players restricted to them as well) with the
        # card values most software uses
        out += [(KIT_SEARCH, JASSKIT, "software", None), (KIT_RULE, JASSKIT, "software", None)]
        # pyschieber's challenge player in its modes, without Weis; the search's budget is the
        # environment variable PYSCHIEBER_SEARCH (a bot kind, default "search")
        out += [(PYS_SEARCH, PYS, *PYS_GAME), (PYS_RULE, PYS, *PYS_GAME)]
    return out


def short(kind: str) -> str:
    import os

    names = {JASSKIT: "jasskit-random", KIT_SEARCH: "search-0.3-kitmodes", KIT_RULE: "rule-kitmodes",
             PYS: "pyschieber-challenge", PYS_RULE: "rule-plainmodes",
             PYS_SEARCH: os.environ.get("PYSCHIEBER_SEARCH", "search").replace(":", "-") + "-plainmodes"}
    return names.get(kind, kind.replace(":", "-"))


def main() -> None:
    from stammtisch.bots.arena import run_arena, write_json, write_svg
    from stammtisch.core import registry
    from stammtisch.core.protocol import Game
    from stammtisch.rl.openspiel_games import available_games

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40, help="duplicate deals per pairing")
    ap.add_argument("--search", default="search:0.2", help="search strength used in the arena")
    ap.add_argument("--games", nargs="*", default=None)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--ray", action="store_true")
    ap.add_argument("--only", default=None, help="run only pairings whose name contains one of these (comma-separated)")
    ap.add_argument("--value-scale", default=None, choices=["max", "std"], help="search value scaling")
    add_results_arg(ap)
    args = ap.parse_args()
    bot_options = {"value_scale": args.value_scale} if args.value_scale else {}
    out_dir = results_path()
    for game in args.games or available_games():
        g = registry.get(game)
        if type(g).sample_state is Game.sample_state:
            print(f"{game}: no sample_state yet, skipped")
            continue
        for a, b, profile, overrides in pairings(game, args.search):
            suffix = f"-{args.value_scale}" if args.value_scale and a.startswith("search") else ""
            name = f"arena_{game}_{short(a)}{suffix}_vs_{short(b)}"
            if args.only and not any(x in name for x in args.only.split(",")):
                continue
            res = run_arena(game, a, b, args.deals, seed=args.seed, profile=profile, overrides=overrides, ray=args.ray,
                            bot_options=bot_options if a.startswith("search") else None)
            res["a"], res["b"] = short(a), short(b)
            write_json(res, out_dir / f"{name}.json")
            write_svg(res, out_dir / f"{name}.svg")
            s = res["summary"]
            lo, hi = s["margin"]["ci95"]
            print(f"{name}: A {s['a_points_per_deal']:.1f} B {s['b_points_per_deal']:.1f} per deal, margin "
                  f"{s['margin']['mean']:.1f} (95% CI {lo:.1f}..{hi:.1f}), A wins {s['win_rate']:.1%}, "
                  f"{s['verdict']} [{res['seconds']:.0f}s]", flush=True)


if __name__ == "__main__":
    main()
