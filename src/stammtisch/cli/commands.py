"""``play``, ``replay`` and ``simulate``: the commands that work for every game."""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .. import bots as botkit
from ..core import records, registry
from ..core.driver import play_out
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
    name: Optional[str] = typer.Option(None, help="your name (default: You, on German screens Du)"),
) -> None:
    """Play a game in the terminal against computer players.

    Type a card as the hand shows it, an action word, or an option's number; ? shows the legend."""
    from .terminal import run_terminal_game

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
) -> None:
    """Re-validate every action of a record and print the per-trick and final score."""
    try:
        rec = records.load(file)
        match = records.replay(rec)
    except StammtischError as e:
        if as_json:
            print(json.dumps(e.to_json(), ensure_ascii=False))
            raise typer.Exit(1)
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
    from .settlement import match_result, score_sheet, settlement_lines, words

    mod = module_for(match.game.name)
    notation = getattr(mod, "NOTATION", None)
    show = notation.action if notation else str
    text = notation.text if notation else str
    extra = getattr(mod, "settlement", None)
    w = words("en")
    names = list(match.seat_names)
    cols = list(match.game.columns(match.options))
    labels = names if len(cols) == len(names) else cols
    console.print(Text(f"{match.game.title}", style="bold").append(
        f" record: {len(match.logs)} deal(s), every action legal.", style=""), highlight=False)
    rows = []
    for s in scores:
        res = s["result"]
        if res is None:
            console.print(Text(f"deal {s['number'] + 1}: unfinished"), highlight=False)
            continue
        rows.append((s["number"] + 1, res["points"]))
        tricks = (res.get("summary") or {}).get("tricks")
        if tricks:
            t = Table(title=escape(f"deal {s['number'] + 1} (dealer {names[s['dealer']]})"))
            for h in ("trick", "led by", "cards", "won by", "points"):
                t.add_column(h)
            for i, tr in enumerate(tricks, 1):
                t.add_row(str(i), escape(_name(names, tr.get("leader"))),
                          escape(" ".join(show(str(c)) for c in tr.get("cards", []))),
                          escape(_name(names, tr.get("winner"))), escape(str(tr.get("points", ""))))
            console.print(t)
        points = "  ".join(f"{c} {p:+d}" for c, p in zip(labels, res["points"]))
        console.print(Text(f"deal {s['number'] + 1}: {points}"),
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
    bots: str = typer.Option("random", help="random or rule"),
    profile: Optional[str] = typer.Option(None, help="rules profile"),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", help="rules option name=value"),
    match: bool = typer.Option(False, "--match", help="play whole matches instead of single deals"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout"),
    record: Optional[Path] = typer.Option(None, help="write every game as a record into this folder"),
) -> None:
    """Self-play with computer players; prints results and games per second."""
    try:
        g = registry.get(game)
        opts = parse_options(option)
        bot = botkit.make(bots, g)
        if record:
            record.mkdir(parents=True, exist_ok=True)
        rng = random.Random(seed)
        columns = list(g.columns(g.options(profile, opts)))
        totals = [0] * len(columns)
        t0 = time.perf_counter()
        for i in range(games):
            m = g.new_match(profile, opts, seed=None if seed is None else seed + i,
                            max_deals=None if match else 1)
            play_out(m, [bot] * m.n, rng)
            totals = [a + b for a, b in zip(totals, m.totals)]
            if record:
                records.dump(m, record / f"{game}-{i:06d}.json")
        seconds = time.perf_counter() - t0
    except StammtischError as e:
        fail(str(e))
        return
    out = {"game": game, "bots": bots, "games": games, "seconds": round(seconds, 4),
           "games_per_second": round(games / seconds, 1) if seconds else None,
           "columns": columns, "totals": totals}
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        console.print(f"{games} {game} {'matches' if match else 'deals'} with {bots} bots in {seconds:.2f}s "
                      f"({out['games_per_second']} games/s)")
        console.print("totals: " + "  ".join(f"{c} {p}" for c, p in zip(columns, totals)), highlight=False)
    sys.stdout.flush()
