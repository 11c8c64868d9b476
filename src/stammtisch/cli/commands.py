"""``play``, ``replay`` and ``simulate``: the commands that work for every game."""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, Optional

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from ..core import records, registry
from ..core.errors import StammtischError
from .helptext import BOTS, GAMES, LANG, OPTION, PROFILES, WORKERS, check_lang
from .options import parse_options

if TYPE_CHECKING:
    from ..bots.pool import Interrupted

console = Console()
err_console = Console(stderr=True)


def fail(message: str) -> NoReturn:
    """Print ``message`` to stderr and exit 1."""
    err_console.print(Text("error:", style="bold red").append(" " + message, style=""), highlight=False,
                      soft_wrap=True)
    raise typer.Exit(1)


def os_error(e: OSError) -> str:
    """``cannot write output/x: Permission denied``: the file and the reason, in one line."""
    where = f" {e.filename}" if e.filename else ""
    return f"cannot use{where}: {e.strerror or e}"


def register(app: typer.Typer) -> None:
    app.command()(play)
    app.command()(replay)
    app.command()(simulate)


def play(
    game: str = typer.Argument("jass", help=GAMES),
    profile: Optional[str] = typer.Option(None, metavar="NAME", help=PROFILES),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION),
    seat: int = typer.Option(1, metavar="N",
                             help="your seat, 1..n in order of play (seat 1 is named first on the sheet)"),
    bots: str = typer.Option("rule", metavar="KIND", help="the computer players: " + BOTS),
    seed: Optional[int] = typer.Option(None, metavar="N", help="seed for reproducible deals"),
    deals: Optional[int] = typer.Option(None, metavar="N", help="stop after this many deals"),
    record: Optional[Path] = typer.Option(None, metavar="FILE",
                                          help="write the record to FILE when the game ends or is left"),
    name: Optional[str] = typer.Option(None, metavar="TEXT",
                                       help="your name (default: Du, on English screens You)"),
    lang: str = typer.Option("de", "--lang", metavar="de|en|fr|it",
                             callback=check_lang,
                             help="language of the screen: " + LANG),
) -> None:
    """Play a game in the terminal against computer players.

    Type a card as the hand shows it, an action word, or an option's number; ? shows the legend."""
    from .interrupts import guarded, how, stop
    from .settlement import set_language
    from .terminal import run_terminal_game

    set_language(lang)
    try:
        g = registry.get(game)
        opts = parse_options(option)
        if record:
            record.parent.mkdir(parents=True, exist_ok=True)
        with guarded():
            run_terminal_game(g, profile, opts, seat=seat - 1, bot_kind=bots, seed=seed, max_deals=deals,
                              record_path=record, name=name, console=console)
    except StammtischError as e:
        fail(str(e))
    except OSError as e:  # a file or folder that cannot be written or read
        fail(os_error(e))
    except KeyboardInterrupt as e:
        from .settlement import words

        w = words()  # the screen's language
        console.print()  # the prompt's line is left open
        stop(e, line=w["stopped_record"].format(how=how(e), path=record) if record
             else w["stopped"].format(how=how(e)))


def replay(
    file: Path = typer.Argument(..., help="a record written by stammtisch (play --record, simulate --record)"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout (errors too)"),
    lang: str = typer.Option("de", "--lang", metavar="de|en|fr|it",
                             callback=check_lang,
                             help="language of the text: " + LANG),
) -> None:
    """Re-validate every action of a record and print the per-trick and final score."""
    try:
        rec = records.load(file)
        match = records.replay(rec)
    except StammtischError as e:
        if as_json:
            print(json.dumps(e.to_json(), ensure_ascii=False))
            raise typer.Exit(1) from None
        fail(record_error_text(e, lang) if isinstance(e, records.RecordError) else str(e))
        return
    scores = records.deal_scores(match)
    if as_json:
        out = {"game": match.game.name, "valid": True, "columns": list(match.game.columns(match.options)),
               "deals": scores, "totals": list(match.totals),
               "result": match.result() if match.over else None}
        print(json.dumps(out, ensure_ascii=False))
        return
    from .render import module_for
    from ..i18n import gettext
    from .settlement import display_name, match_result, score_sheet, set_language, settlement_lines, words

    mod = module_for(match.game.name)
    notation = getattr(mod, "NOTATION", None)
    show = notation.action if notation else str
    text = notation.text if notation else str
    extra = getattr(mod, "settlement", None)
    w = words(set_language(lang))
    names = [display_name(n) for n in match.seat_names]
    cols = list(match.game.columns(match.options))
    labels = names if len(cols) == len(names) else [gettext(c, w["lang"]) for c in cols]
    console.print(Text(gettext(match.game.title, w["lang"]), style="bold").append(
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


def record_error_text(e: records.RecordError, lang: str | None = None) -> str:
    """A refused record in the reader's language, counted from 1: which action, deal and seat,
    the engine's reason and the rule it names.

    >>> from stammtisch.core.messages import Msg
    >>> e = records.RecordError(Msg("it is {seat}'s turn", seat=1), index=4, deal=0, seat=2, action="EU",
    ...                         rule="Papagei-Jass §30")
    >>> record_error_text(e, "en")
    "action 5, deal 1, Seat 3, 'EU': it is Seat 2's turn (Papagei-Jass §30)"
    """
    from ..core.errors import seats_from_one
    from ..i18n import render, seat_name
    from .settlement import current_language, words

    lang = lang or current_language()
    w = words(lang)
    where = []
    if e.index is not None:
        where.append(w["action_n"].format(n=e.index + 1))
    if e.deal is not None:
        where.append(w["deal_n"].format(n=e.deal + 1))
    if isinstance(e.seat, int):
        where.append(seat_name(e.seat, lang))
    if e.action is not None:
        where.append(f"'{e.action}'")
    # the engines' "seat N" (0-based) inside a message counted from 1 too; a seat argument is a name already
    reason = seats_from_one(render(e.reason, lang) if hasattr(e.reason, "id") else str(e.reason))
    text = (", ".join(where) + ": " if where else "") + reason
    if e.rule and e.rule not in text:
        text += f" ({e.rule})"
    return text


def _name(names: list[str], seat: object) -> str:
    return names[seat] if isinstance(seat, int) and 0 <= seat < len(names) else str(seat)


def simulate(
    game: str = typer.Argument(..., help=GAMES),
    games: int = typer.Option(100, "--games", "-n", min=1, metavar="N", help="number of games"),
    seed: Optional[int] = typer.Option(None, metavar="N", help="seed of the first game (game i uses seed+i)"),
    bots: str = typer.Option("random", metavar="KIND", help="the computer players on every seat: " + BOTS),
    profile: Optional[str] = typer.Option(None, metavar="NAME", help=PROFILES),
    option: Optional[list[str]] = typer.Option(None, "--option", "-o", metavar="NAME=VALUE", help=OPTION),
    match: bool = typer.Option(False, "--match", help="play whole matches instead of single deals"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout"),
    record: Optional[Path] = typer.Option(None, metavar="FOLDER", help="write every game as a record into FOLDER"),
    workers: int = typer.Option(0, "--workers", "-w", min=0, metavar="N", help=WORKERS),
    ray: bool = typer.Option(False, "--ray", help="run as Ray tasks (extra 'ray'; RAY_ADDRESS joins a cluster)"),
) -> None:
    """Self-play with computer players on every core; prints results and games per second.

    With a seed the results do not depend on --workers or --ray (game i is dealt with seed+i and \
its players draw from their own seeded generator). Ctrl-C stops at once and reports the games finished."""
    from ..bots.batch import rate_text, run_batch
    from .interrupts import stop

    def run(advance: Callable[[int, int], None]) -> dict[str, Any]:
        opts = parse_options(option)
        if record:
            record.mkdir(parents=True, exist_ok=True)
        return run_batch(game, games, seed=seed, bots=bots, profile=profile, overrides=opts, match=match,
                         record=record, workers=workers, ray=ray, progress=advance)

    res, stopped = run_long(f"{game} {'matches' if match else 'deals'}", games, run, f"no {game} game finished")
    seconds = res["seconds"]
    played = res["games"]
    out = {"game": game, "bots": bots, "games": played, "deals": res["deals"], "seconds": round(seconds, 4),
           "games_per_second": float(f"{res['games_per_second']:.4g}") if res["games_per_second"] else None,
           "workers": res["workers"], "columns": res["columns"], "totals": res["totals"]}
    if stopped is not None:
        out["interrupted"] = True
    if as_json:  # the partial result too: stdout is where it was asked for
        print(json.dumps(out, ensure_ascii=False))
    elif stopped is None:
        console.print(f"{played} {game} {'matches' if match else 'deals'} with {bots} bots in {seconds:.2f}s "
                      f"({rate_text(played, seconds)}, {res['workers']} worker"
                      f"{'' if res['workers'] == 1 else 's'})", highlight=False)
        console.print("totals: " + "  ".join(f"{c} {p}" for c, p in zip(res["columns"], res["totals"])),
                      highlight=False)
    sys.stdout.flush()
    if stopped is not None:
        stop(stopped, f"{played} of {games} {game} {'matches' if match else 'deals'} finished"
             + (f", their records are in {record}" if record else ""))


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


def run_long(label: str, total: int, run: Callable[[Callable[[int, int], None]], dict[str, Any]],
             nothing: str) -> tuple[dict[str, Any], Interrupted | None]:
    """Run ``run(advance)`` as a long command (``simulate``, ``arena``) does: SIGTERM stops it like
    Ctrl-C (:func:`~.interrupts.guarded`) and a progress bar of ``total`` steps shows on a terminal.
    A rule or option error, or a file that cannot be used, ends the command with one line (exit 1);
    a stop after some steps returns the partial result with what stopped it (the caller writes it),
    a stop before the first ends the command saying ``nothing`` (exit 130/143)."""
    from ..bots.pool import Interrupted
    from .interrupts import guarded, stop

    try:
        with guarded(), progress_bar(label, total) as advance:
            return run(advance), None
    except StammtischError as e:
        fail(str(e))
    except OSError as e:  # a file or folder that cannot be written or read
        fail(os_error(e))
    except Interrupted as e:
        return e.partial, e
    except KeyboardInterrupt as e:  # before the first step started
        stop(e, nothing)
