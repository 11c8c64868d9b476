"""``play``, ``replay`` and ``simulate``: the commands that work for every game."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core import records, registry
from ..core.errors import StammtischError
from .options import parse_options

console = Console()
err_console = Console(stderr=True)


def fail(message: str) -> None:
    """Print ``message`` to stderr and exit 1."""
    err_console.print(Text("error:", style="bold red").append(" " + message, style=""), highlight=False,
                      soft_wrap=True)
    raise typer.Exit(1)


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.command()(replay)
    app.command()(simulate)


def play(
    game: str = typer.Argument("jass", help="jass, doppelkopf, tarock or perlaggen"),
    profile: Optional[str] = typer.Option(None, help="rules profile (default: the game's own)"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="rules option name=value"),
    seat: int = typer.Option(1, help="your seat, 1..n in order of play (seat 1 is named first on the sheet)"),
    bots: str = typer.Option("rule", help="computer players: rule or random"),
    seed: Optional[int] = typer.Option(None, help="seed for reproducible deals"),
    deals: Optional[int] = typer.Option(None, help="stop after this many deals"),
    record: Optional[Path] = typer.Option(None, help="write the record here when the game ends"),
    name: Optional[str] = typer.Option(None, help="your name (default: Du, on English screens You)"),
    lang: str = typer.Option("de", "--lang", help="language of the screen: de or en"),
) -> None:
    """Play a game in the terminal against computer players.

    Type a card as the hand shows it, an action word, or an option's number; ? shows the legend."""
    from .settlement import set_language
    from .terminal import run_terminal_game

    set_language(lang)
    try:
        g = registry.get(game)
        opts = parse_options(option)
        run_terminal_game(g, profile, opts, seat=seat - 1, bot_kind=bots, seed=seed, max_deals=deals,
                          record_path=record, name=name, console=console)
    except StammtischError as e:
        fail(str(e))


def replay(
    file: Path = typer.Argument(..., help="a record written by stammtisch"),
    as_json: bool = typer.Option(False, "--json", help="machine-readable output"),
    lang: str = typer.Option("de", "--lang", help="language of the text: de or en"),
) -> None:
    """Re-validate every action of a record and print the per-trick and final score."""
    try:
        rec = records.load(file)
        match = records.replay(rec)
    except StammtischError as e:
        if as_json:
            print(json.dumps(e.to_json(), ensure_ascii=False))
            raise typer.Exit(1) from None
        fail(str(e))
        return
    scores = records.deal_scores(match)
    if as_json:
        out = {"game": match.game.name, "valid": True, "columns": list(match.game.columns(match.options)),
               "deals": scores, "totals": list(match.totals),
               "result": match.result() if match.over else None}
        print(json.dumps(out, ensure_ascii=False))
        return
    from .render import module_for
    from .settlement import display_name, match_result, score_sheet, set_language, settlement_lines, words

    mod = module_for(match.game.name)
    notation = getattr(mod, "NOTATION", None)
    show = notation.action if notation else str
    text = notation.text if notation else str
    extra = getattr(mod, "settlement", None)
    w = words(set_language(lang))
    names = [display_name(n) for n in match.seat_names]
    cols = list(match.game.columns(match.options))
    labels = names if len(cols) == len(names) else cols
    console.print(Text(f"{match.game.title}", style="bold").append(
        " " + w["record_ok"].format(n=len(match.logs)), style=""), highlight=False)
    rows = []
    for s in scores:
        res = s["result"]
        if res is None:
            console.print(Text(f"{w['deal_n'].format(n=s['number'] + 1)}: {w['unfinished']}"), highlight=False)
            continue
        rows.append((s["number"] + 1, res["points"]))
        tricks = (res.get("summary") or {}).get("tricks")
        if tricks:
            t = Table(title=escape(w["deal_dealer"].format(n=s["number"] + 1, dealer=names[s["dealer"]])))
            for h in ("trick", "led", "cards", "won", "points"):
                t.add_column(w[h])
            for i, tr in enumerate(tricks, 1):
                t.add_row(str(i), escape(_name(names, tr.get("leader"))),
                          escape(" ".join(show(str(c)) for c in tr.get("cards", []))),
                          escape(_name(names, tr.get("winner"))), escape(str(tr.get("points", ""))))
            console.print(t)
        points = "  ".join(f"{c} {p:+d}" for c, p in zip(labels, res["points"]))
        console.print(Text(f"{w['deal_n'].format(n=s['number'] + 1)}: {points}"),
                      highlight=False)
        for ln in settlement_lines(res, names, text):
            console.print(Text("  " + ln), highlight=False)
        for ln in (extra(res.get("summary") or {}, names) if extra else []):
            console.print(Text("  " + ln), highlight=False)
    console.print(score_sheet(cols, names, rows, match.totals, w))
    if match.over:
        for part in match_result(match.result(), names, w):
            console.print(part, highlight=False)


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def simulate(
    game: str = typer.Argument(..., help="jass, doppelkopf, tarock or perlaggen"),
    games: int = typer.Option(100, "--games", "-n", min=1, help="number of games"),
    seed: Optional[int] = typer.Option(None, help="seed of the first game (game i uses seed+i)"),
    bots: str = typer.Option("random", help="random, rule or search[:strength]"),
    profile: Optional[str] = typer.Option(None, help="rules profile"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="rules option name=value"),
    match: bool = typer.Option(False, "--match", help="play whole matches instead of single deals"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout"),
    record: Optional[Path] = typer.Option(None, help="write every game as a record into this folder"),
    workers: int = typer.Option(0, "--workers", "-w", min=0, help="processes (0: one per core, 1: no pool)"),
    ray: bool = typer.Option(False, "--ray", help="run as Ray tasks (extra 'ray'; RAY_ADDRESS joins a cluster)"),
) -> None:
    """Self-play with computer players on every core; prints results and games per second.

    With a seed the results do not depend on --workers or --ray (game i is dealt with seed+i
    and its players draw from their own seeded generator)."""
    from ..bots.batch import rate_text, run_batch

    try:
        opts = parse_options(option)
        if record:
            record.mkdir(parents=True, exist_ok=True)
        with progress_bar(f"{game} {'matches' if match else 'deals'}", games) as advance:
            res = run_batch(game, games, seed=seed, bots=bots, profile=profile, overrides=opts, match=match,
                            record=record, workers=workers, ray=ray, progress=advance)
    except StammtischError as e:
        fail(str(e))
        return
    seconds = res["seconds"]
    out = {"game": game, "bots": bots, "games": games, "deals": res["deals"], "seconds": round(seconds, 4),
           "games_per_second": float(f"{res['games_per_second']:.4g}") if res["games_per_second"] else None,
           "workers": res["workers"], "columns": res["columns"], "totals": res["totals"]}
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        console.print(f"{games} {game} {'matches' if match else 'deals'} with {bots} bots in {seconds:.2f}s "
                      f"({rate_text(games, seconds)}, {res['workers']} worker"
                      f"{'' if res['workers'] == 1 else 's'})", highlight=False)
        console.print("totals: " + "  ".join(f"{c} {p}" for c, p in zip(res["columns"], res["totals"])),
                      highlight=False)
    sys.stdout.flush()


@contextmanager
def progress_bar(label: str, total: int) -> Iterator[Callable[[int, int], None]]:
    """A Rich progress bar on stderr (shown on a terminal only): yields ``advance(done, total)``."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                   console=err_console, transient=True, disable=not err_console.is_terminal)
    with bar:
        task = bar.add_task(label, total=total)

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield advance
