"""`stammtisch tournament …`: the scorekeeper from the command line (same database as the server).

    stammtisch tournament organiser add "Maria Moser"        # an organiser account for the web pages
    stammtisch tournament create "Hausruckcup 3" --game tarock --rounds 3 --season 2026 --organiser "Maria Moser"
    stammtisch tournament players 1 "Anna Huber" "Sepp Moser" ...
    stammtisch tournament draw 1 --method schedule
    stammtisch tournament enter 7 '{"kind": "row", "points": [3, -1, -1, -1]}'
    stammtisch tournament enter 7 --points 3,-1,-1,-1
    stammtisch tournament rank 1
    stammtisch tournament export 1 results.pdf -o results.pdf
    stammtisch tournament codes 1                # new entry codes for the last round's tables

The command line works on the local database directly and needs no login: whoever runs it on
the server machine is its administrator. It creates the organiser accounts the web pages log
in with. Every failure prints one line and exits 1.
"""

from __future__ import annotations

import csv
import os
import json
import sys
from pathlib import Path
from typing import Any, Optional

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from stammtisch.core.errors import StammtischError
from stammtisch.core.messages import Msg
from stammtisch.i18n import gettext, render

from .helptext import DATA, LANG, PROFILES, check_lang
from .settlement import current_language, set_language

TID = typer.Argument(..., metavar="TOURNAMENT", help="the tournament's id (tournament list)")
TABLE = typer.Argument(..., metavar="TABLE", help="a table's id (printed by draw and show)")
ROW = typer.Argument(..., metavar="GAME", help="the row's game number on the table's list, from 1")
PERSON = typer.Argument(..., metavar="NAME", help="the organiser's name")
STDIN = typer.Option(False, "--password-stdin", help="read the password from standard input (scripts)")
GAME = typer.Option(..., "--game", "-g", metavar="GAME", help="jass, doppelkopf, tarock or perlaggen")
PROFILE = typer.Option(None, "--profile", metavar="NAME", help=PROFILES)

#: no markup: names, labels ("[struck]") and messages print as they are (rich would eat brackets)
console = Console(markup=False)
app = typer.Typer(help="Tournaments and live score sheets (the scorekeeper).", no_args_is_help=True,
                  pretty_exceptions_enable=False, add_completion=False)
organiser_app = typer.Typer(help="Organiser accounts (they log in on the scorekeeper's web pages).",
                            no_args_is_help=True, pretty_exceptions_enable=False, add_completion=False)
app.add_typer(organiser_app, name="organiser")

_db: dict[str, Any] = {"url": None, "data_dir": None}


def _store():
    from stammtisch.scorekeeper.store import Store
    from stammtisch.storage import database_url
    return Store(database_url(_db["data_dir"], _db["url"]))


#: the stored words the output names (kinds, draw methods, check levels), as catalogue ids
_STORED = dict(tournament=Msg("tournament"), table=Msg("table"), random=Msg("random"), balanced=Msg("balanced"),
               schedule=Msg("schedule"), error=Msg("error"), warning=Msg("warning"), info=Msg("info"))


def _word(w: str) -> str:
    return _t(_STORED[w]) if w in _STORED else w


def _t(m: Msg) -> str:
    """One of this command's messages in its language (``--lang``; German by default). The
    arguments are names and numbers, filled in as they are (a player called "Re" stays "Re")."""
    text = gettext(m.id, current_language())
    try:
        return text.format_map(m.args) if m.args else text
    except (KeyError, ValueError, IndexError):  # a broken entry or a missing argument: never a crash
        return render(m, current_language())


def _say(m: Msg) -> None:
    console.print(_t(m), highlight=False, soft_wrap=True)


def _fail(exc: Exception) -> None:
    message = getattr(exc, "message", None)
    if not isinstance(message, Msg) and exc.args and isinstance(exc.args[0], Msg):
        message = exc.args[0]  # the scorekeeper's errors carry their Msg as first argument
    text = render(message, current_language()) if isinstance(message, Msg) else render(str(exc), current_language())
    console.print(Text(_t(Msg("error:")), style="red").append(f" {text}", style=""), highlight=False,
                  soft_wrap=True)
    raise typer.Exit(1)


def _run(fn):
    from .database import problem_text

    try:
        return fn()
    except StammtischError as exc:
        _fail(exc)
    except (OSError, json.JSONDecodeError, ValueError) as exc:
        _fail(exc)
    except Exception as exc:  # a database that cannot be used: one line (anything else goes on)
        text = problem_text(exc, _db["url"] or os.environ.get("STAMMTISCH_DATABASE_URL", ""))
        if text is None:
            raise
        _fail(Exception(text))


@app.callback()
def _options(database_url: Optional[str] = typer.Option(None, "--database-url", metavar="URL",
                                                        help="SQLAlchemy URL (default: $STAMMTISCH_DATABASE_URL or "
                                                             "SQLite in --data)"),
             data: Optional[Path] = typer.Option(None, "--data", metavar="FOLDER",
                                                 help=DATA + " (default: data, as for serve)"),
             data_dir: Optional[Path] = typer.Option(None, "--data-dir", hidden=True,
                                                     help="the old name of --data"),
             lang: str = typer.Option("de", "--lang", metavar="de|en|fr|it",
                                      callback=check_lang, help="language of the output: " + LANG)) -> None:
    _db["url"], _db["data_dir"] = database_url, data or data_dir
    set_language(lang)


def _facts(text: Optional[str], points: Optional[str], strike: bool = False) -> dict[str, Any]:
    if points is not None:
        facts: dict[str, Any] = {"kind": "row", "points": [int(x) for x in points.split(",")]}
        if strike:
            facts["strike"] = True
        return facts
    if not text:
        raise ValueError(_t(Msg("give the facts as JSON, or --points a,b,c,d")))
    facts = json.loads(text)
    if not isinstance(facts, dict):
        raise ValueError(_t(Msg("the facts are a JSON object")))
    return facts


def _print_sheet(t: dict[str, Any]) -> None:
    tab = Table(title=_t(Msg("{name} — round {round}, table {table} (version {version})", name=t["tournament_name"],
                             round=t["round"], table=t["number"], version=t["version"])))
    tab.add_column("#", justify="right")
    tab.add_column(_t(Msg("dealer")), justify="right")
    tab.add_column(_t(Msg("game")))
    cols = [f"{s['position']}. {s['name']}" for s in t["seats"]] if len(t["columns"]) == len(t["seats"]) \
        else t["columns"]
    for c in cols:
        tab.add_column(c, justify="right")
    for r in t["rows"]:
        label = render(r["label"], current_language()) + (" [" + _t(Msg("struck")) + "]" if r["struck"] else "") + (" [Pflichtsolo]" if r["pflichtsolo_by"] else "")
        if r["revision"] > 1:
            label += " " + _t(Msg("(rev {n})", n=r["revision"]))
        tab.add_row(str(r["number"]), str(r["dealer"]), label, *[str(p) for p in r["points"]])
    tab.add_row("", "", _t(Msg("total")), *[str(x) for x in t["totals"]])
    console.print(tab)
    nxt = t["next"]
    _say(Msg("next: game {n}, dealer position {dealer}, position {sitting} sits out", n=nxt["number"],
             dealer=nxt["dealer"], sitting=nxt["sitting"]) if nxt["sitting"]
         else Msg("next: game {n}, dealer position {dealer}", n=nxt["number"], dealer=nxt["dealer"]))
    for c in t["checks"]:
        console.print(_check(c, {st["position"]: st["name"] for st in t["seats"]}), highlight=False)


def _check(c: dict[str, Any], names: Optional[dict[int, str]] = None) -> str:
    """One finding of the list checks: level, message (and rule) in the command's language (the
    scorekeeper pages' words for its code, as ``words.js`` ``checkText``)."""
    from stammtisch.scorekeeper.pagewords import PAGE_WORDS

    p = dict(c.get("params") or {})
    if "position" in p:
        p["name"] = (names or {}).get(p["position"]) or _t(Msg("Seat {n}", n=p["position"]))
    key = f"chk_{c.get('code')}"
    if c.get("code") == "pflichtsolo":
        key = "chk_pflicht_due" if "left" in p else "chk_pflicht_missing"
    text = _t(Msg(PAGE_WORDS[key].id, **p)) if key in PAGE_WORDS else render(c["message"], current_language())
    return _word(c["level"]) + ": " + text + (f" ({c['rule']})" if c["rule"] else "")


def _password(stdin: bool) -> str:
    """The new password: from standard input, or asked for (its length checked before it is
    asked a second time)."""
    if stdin:
        return sys.stdin.readline().rstrip("\n")
    from stammtisch.scorekeeper.auth import MIN_PASSWORD

    while True:
        password = typer.prompt(_t(Msg("password")), hide_input=True)
        if MIN_PASSWORD <= len(password) <= 200:
            break
        _say(Msg("a password has {low} to 200 characters (this one has {n}); another one, please",
                 low=MIN_PASSWORD, n=len(password)))
    if typer.prompt(_t(Msg("the same password again")), hide_input=True) != password:
        raise ValueError(_t(Msg("the two passwords differ; nothing was changed")))
    return password


@organiser_app.command("add")
def organiser_add(name: str = PERSON, password_stdin: bool = STDIN) -> None:
    """Create an organiser account (asks for the password; 10 characters at least)."""
    def go():
        o = _store().create_organiser(name, _password(password_stdin))
        _say(Msg("organiser {id}: {name}", id=o["id"], name=o["name"]))
    _run(go)


@organiser_app.command("password")
def organiser_password(name: str = PERSON, password_stdin: bool = STDIN) -> None:
    """Set a new password (lifts a lock; ends the organiser's sessions)."""
    def go():
        _store().set_password(name, _password(password_stdin))
        _say(Msg("new password for {name}", name=name))
    _run(go)


@organiser_app.command("list")
def organiser_list() -> None:
    """List the organiser accounts."""
    def go():
        for o in _store().organisers():
            console.print(f"{o['id']:>4}  {o['name']}" + ("  [" + _t(Msg("locked")) + "]" if o["locked"] else ""),
                          highlight=False)
    _run(go)


def _owner(s, organiser: Optional[str]) -> Optional[int]:
    return s.organiser_id(organiser) if organiser else None


@app.command()
def create(name: str = typer.Argument(..., help="the tournament's name"), game: str = GAME,
           profile: Optional[str] = PROFILE,
           rounds: int = typer.Option(3, "--rounds", metavar="N", help="rounds planned"),
           games4: Optional[int] = typer.Option(None, "--games4", metavar="N",
                                                help="games per round at a table of four"),
           games5: Optional[int] = typer.Option(None, "--games5", metavar="N",
                                                help="games per round at a table of five"),
           season: Optional[str] = typer.Option(None, "--season", metavar="NAME",
                                                help="the season it counts for (tournament season NAME)"),
           organiser: Optional[str] = typer.Option(None, "--organiser", metavar="NAME",
                                                   help="the organiser account that runs it on the web pages")) -> None:
    """Create a tournament; prints its id."""
    def go():
        s = _store()
        games = {k: v for k, v in ((4, games4), (5, games5)) if v is not None}
        t = s.create_tournament(name, game, profile=profile, rounds=rounds, games=games, season=season,
                                organiser=_owner(s, organiser))
        _say(Msg("tournament {id}: {name} ({game}), organiser {organiser}", id=t["id"], name=t["name"],
                 game=t["game"], organiser=organiser) if organiser
             else Msg("tournament {id}: {name} ({game})", id=t["id"], name=t["name"], game=t["game"]))
    _run(go)


@app.command("table")
def single_table(name: str = typer.Argument(..., help="the list's name"), game: str = GAME,
                 players: str = typer.Option(..., "--players", metavar="NAMES",
                                             help="names in order of play, comma separated"),
                 profile: Optional[str] = PROFILE,
                 organiser: Optional[str] = typer.Option(None, "--organiser", metavar="NAME",
                                                         help="the organiser account that may open it on the web "
                                                              "pages")) -> None:
    """Keep the list of one live table (no tournament): prints the table id."""
    def go():
        s = _store()
        t = s.create_tournament(name, game, profile=profile, kind="table",
                                names=[p.strip() for p in players.split(",")], organiser=_owner(s, organiser))
        _say(Msg("table {table} (tournament {id})", table=t["rounds"][0]["tables"][0]["id"], id=t["id"]))
    _run(go)


@app.command()
def owner(tid: int = TID, organiser: str = typer.Argument(..., metavar="NAME", help="the organiser's name")) -> None:
    """Give a tournament to an organiser account (e.g. one created before accounts existed)."""
    _run(lambda: _say(Msg("tournament {id} belongs to {organiser}", id=_store().set_owner(tid, organiser)["id"],
                          organiser=organiser)))


@app.command()
def codes(tid: int = TID, round: Optional[int] = typer.Option(None, "--round", metavar="N",
                                                               help="the round, from 1 (default: the last)"),
          table: Optional[list[int]] = typer.Option(None, "--table", metavar="ID",
                                                    help="only this table id (repeatable)")) -> None:
    """Issue new entry codes (earlier codes of these tables stop working); shown only now."""
    def go():
        s = _store()
        fresh = s.issue_codes(tid, round, table or None)
        for tab_id, code in fresh.items():
            _say(Msg("table id {table}: {code}", table=tab_id, code=code))
    _run(go)


@app.command("list")
def list_() -> None:
    """List tournaments."""
    def go():
        for t in _store().list_tournaments():
            facts = _t(Msg("{game}, {kind}, {players} players, {rounds} rounds", game=t["game"],
                           kind=_word(t["kind"]), players=t["players"], rounds=t["rounds"]))
            if t["published"]:
                facts += ", " + _t(Msg("published"))
            console.print(f"{t['id']:>4}  {t['name']}  [{facts}]", highlight=False)
    _run(go)


@app.command()
def show(tid: int = TID) -> None:
    """Players and rounds of a tournament."""
    def go():
        t = _store().tournament(tid)
        _say(Msg("{name} ({game}), {players} players, {done}/{planned} rounds", name=t["name"], game=t["game"],
                 players=len(t["players"]), done=len(t["rounds"]), planned=t["rounds_planned"]))
        for r in t["rounds"]:
            _say(Msg("round {n} ({method}, seed {seed}, repeats {repeats})", n=r["number"],
                     method=_word(r["method"]), seed=r["seed"] or "-", repeats=r["repeat_pairs"]))
            for tab in r["tables"]:
                seats = ", ".join(f"{s['position']}. {s['name']}" for s in tab["seats"])
                _say(Msg("  table {n} (id {id}) {written}/{planned}: {seats}", n=tab["number"], id=tab["id"],
                         written=tab["written"], planned=tab["planned"], seats=seats))
    _run(go)


@app.command()
def players(tid: int = TID, names: list[str] = typer.Argument(..., metavar="NAME...", help="the players' names"),
            club: str = typer.Option("", "--club", metavar="NAME", help="their club")) -> None:
    """Register players (start numbers follow on)."""
    def go():
        for p in _store().add_players(tid, [{"name": n, "club": club} for n in names]):
            console.print(f"{p['number']:>3}  {p['name']}", highlight=False)
    _run(go)


@app.command()
def withdraw(tid: int = TID, number: int = typer.Argument(..., metavar="NO", help="the player's start number")) -> None:
    """Withdraw a player from later draws (his results stay)."""
    _run(lambda: console.print(_store().set_player_active(tid, number, False), highlight=False))


@app.command()
def draw(tid: int = TID, method: str = typer.Option("random", "--method", metavar="random|balanced|schedule",
                                                   help="random: a seeded draw; balanced: random, the tables of "
                                                        "five to those who sat at fewest; schedule: no pair meets "
                                                        "twice where it can be helped"),
         seed: Optional[str] = typer.Option(None, "--seed", metavar="TEXT",
                                            help="seed of the random draw (default: a fresh one, printed)"),
         prefer: str = typer.Option("four", "--prefer", metavar="four|five",
                                    help="fewer or more tables of five")) -> None:
    """Draw the next round's tables."""
    def go():
        r = _store().draw_round(tid, method=method, seed=seed, prefer=prefer)
        _say(Msg("round {n}: seed {seed}, repeated pairs {repeats}", n=r["number"], seed=r["seed"],
                 repeats=r["repeat_pairs"]))
        for tab in r["tables"]:
            _say(Msg("  table {n} (id {id}): {seats}", n=tab["number"], id=tab["id"],
                     seats=", ".join(f"{s['position']}. {s['name']}" for s in tab["seats"])))
    _run(go)


@app.command()
def sheet(table_id: int = TABLE) -> None:
    """Show a table's list with its checks."""
    _run(lambda: _print_sheet(_store().table(table_id)))


@app.command()
def enter(table_id: int = TABLE,
          facts: Optional[str] = typer.Argument(None, metavar="FACTS",
                                                help="the game's facts as JSON (docs/scorekeeper.md)"),
          points: Optional[str] = typer.Option(None, "--points", metavar="A,B,C,D",
                                               help="a Tischzettel row instead: the points per seat"),
          strike: bool = typer.Option(False, "--strike", help="write an unbalanced row struck (0 for all)")) -> None:
    """Write the next game of a table."""
    def go():
        out = _store().write(table_id, None, _facts(facts, points, strike))
        row = out["row"]
        for ln in row["lines"]:
            note = render(ln["note"], current_language()) if ln.get("note") else ""
            console.print(f"  {render(ln['label'], current_language())} {ln['value']}" + (f" ({note})" if note else ""),
                          highlight=False)
        _print_sheet(out["table"])
    _run(go)


@app.command()
def correct(table_id: int = TABLE, number: int = ROW,
            facts: Optional[str] = typer.Argument(None, metavar="FACTS", help="the game's facts as JSON"),
            points: Optional[str] = typer.Option(None, "--points", metavar="A,B,C,D",
                                                 help="a Tischzettel row instead: the points per seat"),
            reason: str = typer.Option("", "--reason", metavar="TEXT", help="why (kept in the history)"),
            late: bool = typer.Option(False, "--late",
                                      help="organiser: correct an earlier row (writing error)")) -> None:
    """Correct a row (the last one; earlier ones with --late where the rules allow)."""
    _run(lambda: _print_sheet(_store().correct(table_id, number, None, _facts(facts, points), reason=reason,
                                               late=late)["table"]))


@app.command()
def strike(table_id: int = TABLE, number: int = ROW,
           reason: str = typer.Option(..., "--reason", metavar="TEXT", help="why (kept in the history)")) -> None:
    """Strike a row: 0 for all (Österreich-Finale 1))."""
    _run(lambda: _print_sheet(_store().strike(table_id, number, None, reason)["table"]))


@app.command()
def history(table_id: int = TABLE, number: int = ROW) -> None:
    """Every version of a row."""
    def go():
        for h in _store().history(table_id, number):
            console.print(_t(Msg("rev {n} {action} {at}: {points}", n=h["revision"], action=h["action"], at=h["at"],
                                 points=str(h["settlement"]["points"])))
                          + (" " + _t(Msg("struck")) if h["settlement"]["struck"] else "")
                          + (f" — {h['reason']}" if h["reason"] else ""), highlight=False)
    _run(go)


@app.command()
def tischzettel(table_id: int = TABLE,
                path: Path = typer.Argument(..., metavar="FILE", help="CSV: one row of points per game")) -> None:
    """Enter a finished Tischzettel from a CSV file (one row of points per game)."""
    def go():
        with path.open(newline="", encoding="utf-8") as fh:
            rows = [[int(x) for x in r if x.strip()] for r in csv.reader(fh) if any(x.strip() for x in r)]
        _print_sheet(_store().enter_sheet(table_id, None, rows))
    _run(go)


@app.command()
def checks(tid: int = TID, all_: bool = typer.Option(False, "--all", help="also list struck rows (info)")) -> None:
    """Check every Tischzettel: row sums, parity, number of games, missing Pflichtsoli."""
    def go():
        found = [c for c in _store().checks(tid) if all_ or c["level"] != "info"]
        for c in found:
            console.print(_t(Msg("round {n}, table {table}:", n=c["round"], table=c["table"])) + " " + _check(c),
                          highlight=False)
        if not found:
            _say(Msg("all lists are in order"))
        if any(c["level"] == "error" for c in found):
            raise typer.Exit(1)
    _run(go)


@app.command()
def rank(tid: int = TID,
         round: Optional[int] = typer.Option(None, "--round", metavar="N",
                                             help="one round's ranking, from 1 (default: overall)")) -> None:
    """The ranking (overall, or of one round)."""
    def go():
        r = _store().rankings(tid, round)
        tab = Table(title=f"{r['name']}" + (" — " + _t(Msg("round {n}", n=round)) if round else ""))
        for c in (Msg("rank"), Msg("no."), Msg("name"), Msg("total"), Msg("best round"), Msg("decided by")):
            tab.add_column(_t(c))
        for ln in r["ranking"]:
            tab.add_row(str(ln["rank"]), str(ln["number"]), ln["name"], str(ln["total"]), str(ln["best_round"]),
                        render(ln["decided_by"], current_language()))
        console.print(tab)
    _run(go)


@app.command()
def publish(tid: int = TID, unpublish: bool = typer.Option(False, "--unpublish", help="take the results back")) -> None:
    """Publish the results on the public page (or take them back)."""
    _run(lambda: _say(Msg("published") if _store().publish(tid, not unpublish)["published"] else Msg("unpublished")))


@app.command()
def export(tid: int = TID,
           kind: str = typer.Argument(..., metavar="KIND", help="ranking.csv, sheets.csv, results.pdf, sheets.pdf "
                                                                 "or cards.pdf (PDF: extra pdf)"),
           out: Optional[Path] = typer.Option(None, "-o", "--out",
                                              help="file to write (default: standard output)"),
           public_url: Optional[str] = typer.Option(None, "--public-url", envvar="STAMMTISCH_PUBLIC_URL",
                                                    metavar="URL", help="cards.pdf: the address phones reach the "
                                                    "server at (as serve --public-url), printed with a QR code"))\
        -> None:
    """Export results, score sheets or table cards."""
    def go():
        from stammtisch.scorekeeper import export as ex
        s = _store()
        if out is None and kind.endswith(".pdf"):
            raise ValueError(_t(Msg("a PDF needs --out FILE")))
        makers = {"ranking.csv": ex.ranking_csv, "sheets.csv": ex.sheets_csv, "results.pdf": ex.results_pdf,
                  "sheets.pdf": ex.sheets_pdf, "cards.pdf": ex.cards_pdf}
        if kind not in makers:
            raise ValueError(_t(Msg("unknown export {kind} (known: {known})", kind=repr(kind), known=", ".join(makers))))
        if kind == "cards.pdf":  # the cards carry new entry codes (stored hashed: shown only when issued)
            rnd = len(s.tournament(tid)["rounds"])
            from stammtisch.publicurl import normalise_public_url

            base = normalise_public_url(public_url) if public_url else ""
            data = ex.cards_pdf(s, tid, rnd, s.issue_codes(tid, rnd) if rnd else {}, base=base)
            _say(Msg("new entry codes issued for round {n}", n=rnd))
        else:
            data = makers[kind](s, tid)
        if out is None:
            if isinstance(data, bytes):
                raise ValueError(_t(Msg("a PDF needs --out FILE")))
            sys.stdout.write(data)
        else:
            out.parent.mkdir(parents=True, exist_ok=True)
            out.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
            _say(Msg("wrote {path}", path=str(out)))
    _run(go)


@app.command()
def season(name: str = typer.Argument(..., help="the season's name (create --season)"),
           scoring: str = typer.Option("points", "--scoring", metavar="points|places",
                                       help="add up the points, or points for places")) -> None:
    """Season standings across the tournaments of a season."""
    def go():
        r = _store().season(name, scoring)
        for ln in r["standings"]:
            console.print(f"{ln['rank']:>3}. {ln['name']}: {ln['points']} ("
                          + _t(Msg("{n} tournaments, {wins} wins", n=ln["tournaments"], wins=ln["wins"])) + ")",
                          highlight=False)
    _run(go)


from .cupdemo import demo as _demo  # noqa: E402 - the online cup's demo (issue 30)

app.command("demo")(_demo)


def register(main: typer.Typer) -> None:
    """Add the `tournament` command group to ``main``."""
    main.add_typer(app, name="tournament")
