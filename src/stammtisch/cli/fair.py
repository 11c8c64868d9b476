"""``verify`` (a record's fair deals) and ``analyse`` (a seat's decisions valued by the search).

``stammtisch verify RECORD`` recomputes the commitment and every deal from the revealed seed
(:mod:`stammtisch.core.verify`, ``docs/fair-deals.md``): exit 0 and one line, or exit 1 naming the
first deal whose cards differ, or the commitment that does not match.

``stammtisch analyse RECORD --seat N`` values every legal action of each of that seat's decisions
from that seat's information only (:mod:`stammtisch.bots.analysis`).
"""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.text import Text

from ..core import records
from ..core.errors import StammtischError
from ..core.messages import Msg
from ..core.verify import verify as verify_record
from ..i18n import render
from .commands import console, fail, record_error_text
from .settlement import set_language

__all__ = ["register", "verify", "analyse"]


def register(app: typer.Typer) -> None:
    app.command()(verify)
    app.command()(analyse)


LANG_HELP = "language of the text: de (German) or en (English)"


def verify(
    file: Path = typer.Argument(..., help="a finished server table's record (it carries 'commitment' and 'seed')"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout (errors too)"),
    lang: str = typer.Option("de", "--lang", metavar="de|en", help=LANG_HELP),
    commitment: str | None = typer.Option(None, "--commitment", metavar="HEX",
                                          help="the commitment published before the play (a cup round's, "
                                               "the same for every table of the round): the record's must be it"),
) -> None:
    """Check that every deal of a record comes from its revealed seed, and the seed from its commitment."""
    lang = set_language(lang)
    try:
        rec = records.load(file)
        n = verify_record(rec, commitment)
    except StammtischError as e:
        if as_json:
            print(json.dumps({"valid": False, **e.to_json()}, ensure_ascii=False))
            raise typer.Exit(1) from None
        fail(record_error_text(e, lang) if isinstance(e, records.RecordError) else str(e))
        return
    if as_json:
        print(json.dumps({"valid": True, "deals": n, "commitment": rec["commitment"], "seed": rec["seed"]}))
        return
    line = Msg("fair: deals checked: {n}. Each one comes from the revealed seed, and the seed matches the "
               "commitment {commitment}.", n=n, commitment=rec["commitment"])
    console.print(Text(render(line, lang)), highlight=False, soft_wrap=True)


def analyse(
    file: Path = typer.Argument(..., help="a record (a finished game)"),
    seat: int = typer.Option(..., "--seat", min=1, metavar="N", help="the seat to analyse, counted from 1"),
    as_json: bool = typer.Option(False, "--json", help="one JSON object on stdout"),
    lang: str = typer.Option("de", "--lang", metavar="de|en", help=LANG_HELP),
    level: str = typer.Option("hard", "--level", metavar="hard|strong",
                              help="the search's strength (a fixed budget: the level's worlds, no clock)"),
    hindsight: bool = typer.Option(False, "--hindsight",
                                   help="also value the actions with every hand open (labelled hindsight)"),
    deal: int = typer.Option(0, "--deal", min=0, metavar="N", help="only deal N (counted from 1; 0: all)"),
) -> None:
    """Value every legal action of each decision of one seat, from that seat's information only."""
    from ..bots.analysis import LEVELS, analyse as run_analysis
    from .analysis_text import print_analysis

    lang = set_language(lang)
    if level not in LEVELS:
        fail(render(Msg("the analysis runs at level hard or strong, not '{level}'", level=level[:20]), lang))
    try:
        rec = records.load(file)
        records.replay(rec)  # a record that does not replay is refused first, naming the action
        n_seats = len(rec.get("seats") or [])
        if not 1 <= seat <= n_seats:
            fail(render(Msg("there is no seat {number} in this record (1..{last})", number=seat, last=n_seats), lang))
        out = run_analysis(rec, seat - 1, level=level, hindsight=hindsight,
                           deals=[deal - 1] if deal else None)
    except StammtischError as e:
        fail(record_error_text(e, lang) if isinstance(e, records.RecordError) else str(e))
        return
    if as_json:
        print(json.dumps(out, ensure_ascii=False))
        return
    print_analysis(out, lang)
