"""`stammtisch tournament demo`: a whole online cup with computer players only, through the table
server's HTTP and WebSocket interface (a server it starts itself on a free loopback port with a
temporary database, or ``--url``), printed as one JSON object:

    stammtisch tournament demo --game doppelkopf --profile turnier --players 8 --rounds 2 --json

Every record path it prints replays with ``stammtisch replay PATH --json``; the per-seat points of a
table's records, in the record's seat order, add up to that table's rows, and the ranking is each
player's sum of rows (tests/cup/test_demo.py checks both).
"""

from __future__ import annotations

import json
import secrets
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Optional

import typer

__all__ = ["demo", "run_demo"]

#: the demo's players (German first names; more get a number)
NAMES = ("Anna", "Bert", "Cilli", "Done", "Eva", "Franz", "Gretl", "Hias", "Irmi", "Jakob", "Kathi", "Luis",
         "Mitzi", "Nandl", "Otto", "Paula", "Quirin", "Resi", "Sepp", "Toni")


class DemoError(Exception):
    """The demo could not go on (the message says why)."""


class _Client:
    """HTTP to one server (the standard library: the demo needs nothing else)."""

    def __init__(self, base: str):
        self.base = base.rstrip("/")
        self.token: str | None = None

    def call(self, method: str, path: str, body: Any = None) -> Any:
        data = json.dumps(body).encode() if body is not None else None
        req = urllib.request.Request(self.base + path, data=data, method=method)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", f"Bearer {self.token}")
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                raw = r.read()
        except urllib.error.HTTPError as e:
            raise DemoError(f"{method} {path}: {e.code} {e.read().decode('utf-8', 'replace')[:300]}") from None
        except urllib.error.URLError as e:
            raise DemoError(f"{method} {path}: {e.reason}") from None
        return json.loads(raw) if raw else None


def _watch(base: str, public_id: str, timeout: float) -> None:
    """Watch a table as a Kiebitz over its WebSocket until its game is over."""
    from websockets.sync.client import connect

    url = base.replace("http://", "ws://").replace("https://", "wss://") + f"/ws/{public_id}"
    end = time.monotonic() + timeout
    with connect(url, open_timeout=10, max_size=2**22) as ws:
        ws.send(json.dumps({"type": "hello"}))
        while time.monotonic() < end:
            try:
                msg = json.loads(ws.recv(timeout=max(0.1, end - time.monotonic())))
            except TimeoutError:
                break
            if msg.get("type") == "error":
                raise DemoError(f"table {public_id}: {msg.get('message')}")
            status = (msg.get("table") or {}).get("status")
            if status in ("finished", "closed", "expired", "broken"):
                if status != "finished":
                    raise DemoError(f"table {public_id} ended {status}")
                return
    raise DemoError(f"table {public_id} did not finish within {timeout:.0f} s")


@contextmanager
def _own_server(data: Path) -> Iterator[tuple[str, str, str]]:
    """A server on a free loopback port with a fresh database in ``data`` and one organiser;
    yields (address, organiser, password)."""
    import asyncio

    import uvicorn

    from stammtisch.cup.api import routers as cup_routers
    from stammtisch.cup.api import startup as cup_startup
    from stammtisch.scorekeeper.api import make_router
    from stammtisch.scorekeeper.store import Store as ScoreStore
    from stammtisch.server import ServerConfig, create_app

    from .serve import listen

    url = f"sqlite:///{data / 'demo.sqlite3'}"
    sk = ScoreStore(url)
    name, password = "Demo", secrets.token_urlsafe(16)
    sk.create_organiser(name, password)
    config = ServerConfig(bot_delay=0.0, grace=5.0, search_processes=0, warm_search=False, create_burst=1000,
                          create_per_minute=1000.0, max_open_tables=10_000)
    app = create_app(database_url=url, config=config, routers=[make_router(sk), *cup_routers],
                     startup=[cup_startup(sk)])
    sock = listen("127.0.0.1", 0, lambda m: (_ for _ in ()).throw(DemoError(m)))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(app, log_level="error", lifespan="on"))
    thread = threading.Thread(target=lambda: asyncio.run(server.serve(sockets=[sock])), daemon=True)
    thread.start()
    for _ in range(400):
        if server.started:
            break
        time.sleep(0.025)
    try:
        yield f"http://127.0.0.1:{port}", name, password
    finally:
        server.should_exit = True
        thread.join(10)
        sock.close()


def run_demo(base: str, organiser: str, password: str, game: str, profile: str | None, players: int, rounds: int,
             out: Path, games: int | None = None, timeout: float = 600.0) -> dict[str, Any]:
    """Run the cup against the server at ``base``; returns the demo's JSON object."""
    c = _Client(base)
    c.token = c.call("POST", "/scorekeeper/api/login", {"name": organiser, "password": password})["token"]
    names = [NAMES[i] if i < len(NAMES) else f"Spieler {i + 1}" for i in range(players)]
    settings: dict[str, Any] = {"computer": names, "kiebitze": True, "move_seconds": 0}
    if games is not None:
        settings["games"] = games
    body: dict[str, Any] = {"name": f"Demo-Cup {game}", "game": game, "rounds": rounds, "settings": settings}
    if profile:
        body["profile"] = profile
    tid = c.call("POST", "/cup/api/cups", body)["tournament"]["id"]
    c.call("POST", f"/cup/api/cups/{tid}/players", {"players": [{"name": n} for n in names]})
    out.mkdir(parents=True, exist_ok=True)
    tables_out: list[dict[str, Any]] = []
    rows_out: list[dict[str, Any]] = []
    for r in range(1, rounds + 1):
        c.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "schedule" if r > 1 else "random", "seed": f"demo-{r}"})
        started = c.call("POST", f"/cup/api/cups/{tid}/start", {})
        for tab in started["tables"]:
            _watch(base, tab["server_id"], timeout)
        # the rows follow each finished game within moments: wait until every list is closed
        end = time.monotonic() + 60
        while True:
            dash = c.call("GET", f"/cup/api/cups/{tid}")["tables"]
            mine = [d for d in dash if d["round"] == r]
            if all(d["closed"] for d in mine):
                break
            if time.monotonic() > end:
                raise DemoError(f"round {r}: the lists were not complete within 60 s: {mine}")
            time.sleep(0.2)
        for tab in started["tables"]:
            sheet = c.call("GET", f"/scorekeeper/api/tables/{tab['id']}")
            seat_names = [s["name"] for s in sorted(sheet["seats"], key=lambda s: s["position"])]
            record = c.call("GET", f"/api/records/{tab['server_table']}")
            path = out / f"cup{tid}-round{r}-table{tab['table']}.json"
            path.write_text(json.dumps(record, ensure_ascii=False), encoding="utf-8")
            pflicht: dict[str, int] = {}
            for row in sheet["rows"]:
                if row.get("pflichtsolo_by"):
                    who = seat_names[row["pflichtsolo_by"] - 1]
                    pflicht[who] = pflicht.get(who, 0) + 1
                rows_out.append({"round": r, "table": tab["table"], "game": row["number"],
                                 "points": {seat_names[i]: p for i, p in enumerate(row["position_points"])},
                                 "flags": (row["facts"].get("online") or {}).get("flags", [])})
            # the record's seats in server order: seat s sits at position (s - first dealer) % n + 1
            first = record["deals"][0]["dealer"] if record.get("deals") else 0
            n = len(seat_names)
            in_seat_order = [seat_names[(s - first) % n] for s in range(n)]
            tables_out.append({"round": r, "table": tab["table"], "players": in_seat_order,
                               "games": len(sheet["rows"]), "pflichtsoli": pflicht, "records": [str(path)],
                               "server_table": tab["server_table"]})
    st = c.call("GET", f"/cup/api/cups/{tid}/standings")
    ranking = [{"player": ln["name"], "points": ln["total"], "rank": ln["rank"]} for ln in st["ranking"]["ranking"]]
    return {"tournament": tid, "game": game, "profile": profile or st["ranking"].get("profile"),
            "tables": tables_out, "rows": rows_out, "ranking": ranking}


def demo(game: str = typer.Option(..., "--game", "-g", metavar="GAME", help="jass, doppelkopf, tarock or perlaggen"),
         profile: Optional[str] = typer.Option(None, "--profile", metavar="NAME", help="the rules profile"),
         players: int = typer.Option(8, "--players", metavar="N", help="registered players (all computer players)"),
         rounds: int = typer.Option(2, "--rounds", metavar="R", help="rounds to draw and play"),
         games: Optional[int] = typer.Option(None, "--games", metavar="K",
                                             help="games per table (default: the sheet's; see docs/tournaments.md)"),
         url: Optional[str] = typer.Option(None, "--url", metavar="URL",
                                           help="a running server instead of one of its own (with --organiser)"),
         organiser: Optional[str] = typer.Option(None, "--organiser", metavar="NAME",
                                                 help="with --url: the organiser who runs the cup"),
         password: Optional[str] = typer.Option(None, "--password", envvar="STAMMTISCH_ORGANISER_PASSWORD",
                                                metavar="PASSWORD", help="with --url: the organiser's password"),
         out: Path = typer.Option(Path("output/cup-demo"), "--out", metavar="FOLDER",
                                  help="where the tables' records are written"),
         as_json: bool = typer.Option(False, "--json", help="print one JSON object (the only output)")) -> None:
    """Run a whole online cup with computer players through the server's HTTP and WebSocket interface."""
    from .commands import fail

    if players < 4 or rounds < 1:
        fail("a cup needs at least 4 players and 1 round")
    try:
        if url:
            if not organiser or not password:
                fail("--url needs --organiser and --password (or STAMMTISCH_ORGANISER_PASSWORD)")
            result = run_demo(url, organiser or "", password or "", game, profile, players, rounds, out, games)
        else:
            with tempfile.TemporaryDirectory(prefix="stammtisch-cup-") as tmp, _own_server(Path(tmp)) as (base, o, p):
                result = run_demo(base, o, p, game, profile, players, rounds, out, games)
    except DemoError as e:
        fail(str(e))
        return
    if as_json:
        print(json.dumps(result, ensure_ascii=False))
        return
    for tab in result["tables"]:
        print(f"round {tab['round']} table {tab['table']}: {', '.join(tab['players'])} -- {tab['games']} games")
    for ln in result["ranking"]:
        print(f"{ln['rank']:>3}. {ln['player']:<12} {ln['points']:>6}")
