"""``stammtisch arena``: two kinds of computer player on duplicate deals."""

from __future__ import annotations

import json
from pathlib import Path
from collections.abc import Callable
from typing import Any, Optional

import typer

from .helptext import BOTS, GAMES, OPTION, OUTPUT, PROFILES, WORKERS
from .options import parse_options


def register(app: typer.Typer) -> None:
    """Add the `arena` command to ``app``."""
    app.command()(arena)


def arena(
    game: str = typer.Argument(..., help=GAMES),
    a: str = typer.Option("search", "--a", metavar="KIND", help="player A: " + BOTS),
    b: str = typer.Option("rule", "--b", metavar="KIND", help="player B (the same kinds as A)"),
    deals: int = typer.Option(20, "--deals", "-n", min=1, metavar="N",
                              help="duplicate deals (each is played twice; a search deal takes seconds)"),
    seed: int = typer.Option(0, metavar="N", help="seed of the deals (the same seed gives the same deals)"),
    profile: Optional[str] = typer.Option(None, metavar="NAME", help=PROFILES),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION),
    ray: bool = typer.Option(False, "--ray",
                             help="run the deals as Ray tasks (extra ray; RAY_ADDRESS joins a cluster)"),
    mode: str = typer.Option("pairs", metavar="pairs|seats",
                             help="pairs: A on the even seats then the odd; seats: A alone on each seat "
                             "against an all-B baseline (games where every seat scores for itself)"),
    workers: int = typer.Option(0, "--workers", "-w", min=0, metavar="N", help=WORKERS),
    out: Path = typer.Option(Path(OUTPUT) / "arena", metavar="FOLDER",
                             help="folder for the JSON result and the SVG plot (a partial one after Ctrl-C)"),
    as_json: bool = typer.Option(False, "--json", help="print the summary as JSON"),
) -> None:
    """Duplicate-deal match of bot A against bot B: mean points per deal, 95% CI, win rate.

    Ctrl-C stops at once and writes the deals finished as a partial result."""
    from ..bots.arena import run_arena, write_json, write_svg
    from .commands import console, fail, os_error, run_long
    from .interrupts import stop

    def run(advance: Callable[[int, int], None]) -> dict[str, Any]:
        return run_arena(game, a, b, deals, seed=seed, profile=profile, overrides=parse_options(option), ray=ray,
                         mode=mode, workers=workers, progress=advance)

    res, stopped = run_long(f"{game}: {a} vs {b}", deals, run, "no deal finished")
    stem = f"arena_{game}_{a}_vs_{b}{'_seats' if mode == 'seats' else ''}_{deals}_s{seed}"
    stem = stem.replace(":", "-").replace("/", "-")
    s = res["summary"]
    if stopped is not None:
        if not s["pairs"]:
            stop(stopped, "no duplicate deal finished, nothing written")
        stem += "_partial"
    try:
        write_json(res, out / f"{stem}.json")
        write_svg(res, out / f"{stem}.svg")
    except OSError as e:
        fail(os_error(e))
    if stopped is not None:
        stop(stopped, f"{s['pairs']} of {deals} duplicate deals finished, written: {out / (stem + '.json')}, "
                      f"{out / (stem + '.svg')}")
    if as_json:
        print(json.dumps({k: v for k, v in res.items() if k != "pairs"}, ensure_ascii=False))
        return
    lo, hi = s["margin"]["ci95"]
    console.print(f"[bold]{game}[/]: {a} (A) vs {b} (B), {deals} duplicate deals ({s['deals_played']} played) "
                  f"in {res['seconds']:.1f}s", highlight=False)
    console.print(f"points per deal: A {s['a_points_per_deal']:.2f}  B {s['b_points_per_deal']:.2f}", highlight=False)
    console.print(f"margin A-B per deal: {s['margin']['mean']:.2f}  (95% CI {lo:.2f} .. {hi:.2f})  "
                  f"A wins {s['win_rate']:.1%} of deals: {s['verdict']}", highlight=False)
    console.print(f"written: {out / (stem + '.json')}, {out / (stem + '.svg')}", highlight=False)
