"""The FastAPI application: lobby API, table WebSocket, replay API and the static web client.

>>> app = create_app(database_url="sqlite://", config=ServerConfig(bot_delay=0))
>>> sorted(r.path for r in app.routes if getattr(r, "path", "").startswith("/api/games"))[:2]
['/api/games', '/api/games/finished']

Extra routers (the scorekeeper's, for instance) are passed as ``routers=[...]`` and included
as they are; the lobby's own routes live in :data:`router` style functions below.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError
from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy import Engine

from .. import bots as botkit
from ..core import records, registry
from ..core.errors import IllegalAction, OptionError, StammtischError
from ..core.options import options_to_json
from ..core.protocol import Deal, Match
from ..storage import database_url as resolve_url
from ..storage import make_engine
from . import gctune
from .store import Store
from .tables import Conn, ServerConfig, Table, TableError, Tables

__all__ = ["create_app", "ServerConfig"]

log = logging.getLogger("stammtisch.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
_hasher = PasswordHasher()

_STATUS = {"not_found": 404, "forbidden": 403, "taken": 409, "full": 409, "started": 409, "stale": 409,
           "seats_empty": 409,
           "not_finished": 404, "kiebitz": 403}


def _error(e: StammtischError, status: int | None = None) -> JSONResponse:
    if isinstance(e, TableError):
        body = e.to_json()
        return JSONResponse(body, status_code=status or _STATUS.get(e.code, 400))
    body = {"type": "error", "code": "illegal" if isinstance(e, IllegalAction) else "invalid", **e.to_json()}
    return JSONResponse(body, status_code=status or 400)


async def _body(request: Request, limit: int = 16384) -> dict[str, Any]:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError("too_large", f"request body larger than {limit} bytes")
    raw = await request.body()
    if len(raw) > limit:
        raise TableError("too_large", f"request body larger than {limit} bytes")
    if not raw:
        return {}
    try:
        data = json.loads(raw)
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise TableError("bad_message", "the request body is not JSON") from None
    if not isinstance(data, dict):
        raise TableError("bad_message", "the request body must be a JSON object")
    return data


def _name(value: Any) -> str:
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > 40:
        raise TableError("bad_name", "a name is 1..40 characters")
    return " ".join(value.split())


def games_catalogue() -> list[dict[str, Any]]:
    """Every available game with its profiles, options, deck and the computer players on offer."""
    out = []
    for name in registry.names():
        try:
            g = registry.get(name)
        except Exception:  # engine not built (yet) in this installation
            continue
        profiles = {}
        for p, opts in g.profiles.items():
            profiles[p] = options_to_json(opts)
        opts = g.options()
        kinds = []
        for k in botkit.KINDS:
            try:
                botkit.make(k, g)
            except (NotImplementedError, OptionError):
                continue
            kinds.append(k)
        deck = g.deck
        out.append({
            "name": name, "title": g.title, "default_profile": g.default_profile, "profiles": profiles,
            "seats": g.num_seats(opts), "columns": list(g.columns(opts)), "bots": kinds,
            "deck": {"name": deck.name, "suits": list(deck.suits), "suit_names": list(deck.suit_names),
                     "notation": sorted(set(deck.notation), key=deck.notation.index)},
        })
    return out


def _default_bot(game: str) -> str:
    """The game's rule-based player when it has one, else the random player."""
    try:
        botkit.make("rule", registry.get(game))
        return "rule"
    except (NotImplementedError, StammtischError):
        return "random"


def _replay_steps(record: dict[str, Any], deal: int) -> dict[str, Any]:
    """Every step of one deal of a finished game: who did what and what everybody held then."""
    count = len(record.get("deals", []))
    if not 0 <= deal < count:
        raise TableError("not_found", f"the game has deals 0..{count - 1}")
    game = registry.get(record["game"])
    recorded = [(d["dealer"], Deal.from_json(d["deal"], game.deck)) for d in record["deals"]]
    match = Match(game, record["profile"], record.get("options") or {}, seats=record.get("seats"),
                  max_deals=record.get("max_deals"), recorded=recorded)
    for d in record["deals"][:deal]:
        for seat, action in d["actions"]:
            match.apply(seat, action)

    def snap(seat: int | None, action: str | None) -> dict[str, Any]:
        return {"seat": seat, "action": action, "deal_number": len(match.logs) - 1,
                "public": match.public_view(),
                "hands": [match.view(s)["deal"].get("hand") for s in range(match.n)]}

    steps = [snap(None, None)]
    for seat, action in record["deals"][deal]["actions"]:
        match.apply(seat, action)
        steps.append(snap(seat, action))
    result = record["deals"][deal].get("result")
    return {"number": deal, "deals": count, "dealer": record["deals"][deal]["dealer"],
            "seats": record.get("seats"), "game": record.get("game"), "steps": steps, "result": result}


def create_app(*, database_url: str | None = None, data_dir: str | Path | None = None,
               engine: Engine | None = None, config: ServerConfig | None = None,
               routers: Sequence[APIRouter] = ()) -> FastAPI:
    """The server as an ASGI app.

    :param database_url: SQLAlchemy URL (default: ``$STAMMTISCH_DATABASE_URL`` or SQLite in ``data_dir``)
    :param engine: an engine to use instead (tests)
    :param config: delays, grace period and limits
    :param routers: further routers to include (e.g. the scorekeeper's)
    """
    cfg = config or ServerConfig()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        eng = engine or make_engine(resolve_url(data_dir, database_url))
        store = Store(eng)
        tables = Tables(store, cfg)
        app.state.tables = tables
        app.state.store = store
        n = await tables.recover()
        if n:
            log.info("recovered %d unfinished table(s)", n)
        collector = None
        if cfg.gc_tuning:
            old_thresholds = gctune.tune()
            collector = asyncio.get_running_loop().create_task(gctune.full_collections(cfg.gc_full_seconds))
        try:
            yield
        finally:
            if collector is not None:
                collector.cancel()
                gc.set_threshold(*old_thresholds)
                gc.unfreeze()
            await tables.close()

    app = FastAPI(title="stammtisch", lifespan=lifespan)
    app.state.config = cfg

    @app.exception_handler(StammtischError)
    async def _stammtisch_error(request: Request, exc: StammtischError):
        return _error(exc)

    def tables_of(request: Request) -> Tables:
        return request.app.state.tables

    async def table_or_404(request: Request, table_id: str) -> Table:
        t = await tables_of(request).get(table_id)
        if t is None:
            raise TableError("not_found", f"no table '{table_id}'")
        return t

    # -- pages -------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str):
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{number}", include_in_schema=False)
    async def replay_page(number: int):
        return FileResponse(STATIC / "replay.html")

    if STATIC.is_dir():
        app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # -- lobby API ---------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games():
        return {"games": games_catalogue()}

    @app.get("/api/games/finished")
    async def api_finished(request: Request):
        rows = await tables_of(request).db(tables_of(request).store.finished)
        return {"games": [{"number": r.number, "game": r.game, "profile": r.profile, "result": r.result,
                           "finished_at": r.finished_at.isoformat() if r.finished_at else None} for r in rows]}

    @app.get("/api/tables")
    async def api_tables(request: Request):
        ts = [t for t in tables_of(request).by_number.values() if t.status != "finished"]
        return {"tables": [t.info() for t in sorted(ts, key=lambda t: -t.number)[:100]]}

    @app.post("/api/tables")
    async def api_create(request: Request):
        body = await _body(request)
        game = body.get("game")
        if not isinstance(game, str):
            raise TableError("bad_message", "say which 'game' to play")
        options = body.get("options") or {}
        if not isinstance(options, dict):
            raise TableError("bad_message", "'options' must be an object of rules options")
        settings: dict[str, Any] = {}
        secs = body.get("move_seconds") or 0
        if not isinstance(secs, (int, float)) or isinstance(secs, bool) or not 0 <= secs <= 600:
            raise TableError("bad_message", "'move_seconds' must be 0 (no timer) .. 600")
        if secs:
            settings["move_seconds"] = secs
        if body.get("ohne_reden"):
            settings["ohne_reden"] = True
        if body.get("seed") is not None:
            if not isinstance(body["seed"], int):
                raise TableError("bad_message", "'seed' must be a whole number")
            settings["seed"] = body["seed"]
        bot = body.get("bot") or _default_bot(game)
        if not isinstance(bot, str):
            raise TableError("bad_message", "'bot' names a computer player kind")
        profile = body.get("profile")
        if profile is not None and not isinstance(profile, str):
            raise TableError("bad_message", "'profile' names a rules profile")
        t = await tables_of(request).create(game, profile, options, body.get("max_deals"), bot, settings)
        out: dict[str, Any] = {"table": t.info(), "invite": f"/t/{t.public_id}"}
        if body.get("name"):
            seat, token = await t.take_seat(None, _name(body["name"]))
            out.update(seat=seat, token=token)
        return out

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: str):
        return {"table": (await table_or_404(request, table_id)).info()}

    @app.post("/api/tables/{table_id}/seats")
    async def api_take_seat(request: Request, table_id: str):
        t = await table_or_404(request, table_id)
        body = await _body(request)
        account_id = None
        name = body.get("name")
        if body.get("session"):
            acc = await tables_of(request).db(tables_of(request).store.account_of_session, str(body["session"]))
            if acc is None:
                raise TableError("forbidden", "unknown session; log in again")
            account_id, name = acc.id, acc.name
        seat = body.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            raise TableError("bad_seat", "'seat' is a seat number")
        seat, token = await t.take_seat(seat, _name(name), account_id)
        return {"seat": seat, "token": token, "table": t.info()}

    @app.post("/api/tables/{table_id}/bots")
    async def api_bots(request: Request, table_id: str):
        t = await table_or_404(request, table_id)
        body = await _body(request)
        seats = body.get("seats")
        if seats is not None and not isinstance(seats, list):
            raise TableError("bad_message", "'seats' is a list of seat numbers")
        filled = await t.fill_bots(body.get("token"), seats)
        return {"filled": filled, "table": t.info()}

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: str):
        t = await table_or_404(request, table_id)
        body = await _body(request)
        await t.start(body.get("token"))
        return {"table": t.info()}

    # -- finished games ----------------------------------------------------------------
    async def finished_record(request: Request, number: int) -> dict[str, Any]:
        t = await tables_of(request).get_number(number)
        if t is None:
            raise TableError("not_found", f"no game number {number}")
        return t.record()

    @app.get("/api/records/{number}")
    async def api_record(request: Request, number: int):
        rec = await finished_record(request, number)
        return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="stammtisch-{number}.json"'})

    @app.get("/api/replays/{number}/deals/{deal}")
    async def api_replay(request: Request, number: int, deal: int):
        rec = await finished_record(request, number)
        return await asyncio.get_running_loop().run_in_executor(None, _replay_steps, rec, deal)

    # -- accounts ----------------------------------------------------------------------
    @app.post("/api/accounts")
    async def api_register(request: Request):
        body = await _body(request)
        name = _name(body.get("name"))
        pw = body.get("password")
        if not isinstance(pw, str) or not 8 <= len(pw) <= 200:
            raise TableError("bad_password", "a password is 8..200 characters")
        h = await asyncio.get_running_loop().run_in_executor(None, _hasher.hash, pw)
        store = tables_of(request).store
        acc = await tables_of(request).db(store.create_account, name, h)
        if acc is None:
            raise TableError("taken", f"the name '{name}' is taken")
        session = await tables_of(request).db(store.new_session, acc)
        return {"name": name, "session": session}

    @app.post("/api/login")
    async def api_login(request: Request):
        body = await _body(request)
        name = _name(body.get("name"))
        pw = body.get("password")
        store = tables_of(request).store
        acc = await tables_of(request).db(store.account_by_name, name)
        ok = False
        if acc is not None and isinstance(pw, str):
            try:
                ok = await asyncio.get_running_loop().run_in_executor(None, _hasher.verify, acc.password_hash, pw)
            except (VerifyMismatchError, InvalidHashError):
                ok = False
        if not ok:
            raise TableError("forbidden", "wrong name or password")
        session = await tables_of(request).db(store.new_session, acc.id)
        return {"name": acc.name, "session": session}

    # -- the table socket --------------------------------------------------------------
    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str):
        await ws.accept()
        tables: Tables = ws.app.state.tables
        t = await tables.get(table_id)
        if t is None:
            await ws.send_json({"type": "error", "code": "not_found", "message": f"no table '{table_id}'"})
            await ws.close(4404)
            return
        await serve_socket(ws, t, cfg)

    for r in routers:
        app.include_router(r)
    return app


class _Bucket:
    """Token bucket: ``burst`` messages at once, ``rate`` per second after that."""

    def __init__(self, burst: int, rate: float):
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def serve_socket(ws: WebSocket, t: Table, cfg: ServerConfig) -> None:
    """Speak the table protocol on one WebSocket (see ``docs/server.md``)."""
    bucket = _Bucket(cfg.rate_burst, cfg.rate_per_second)
    conn: Conn | None = None
    writer: asyncio.Task | None = None
    strikes = 0

    async def write(c: Conn) -> None:
        try:
            while True:
                item = await c.outbox.get()
                if item is None:
                    break
                await ws.send_text(item)
        except Exception:
            pass
        finally:
            c.closed = True
            try:
                await ws.close()
            except Exception:
                pass

    def err(code: str, message: str, **extra: Any) -> dict[str, Any]:
        return {"type": "error", "code": code, "message": message, **extra}

    async def reply(msg: dict[str, Any]) -> None:
        if conn is not None:
            conn.send(msg)
        else:
            await ws.send_text(json.dumps(msg, ensure_ascii=False))

    try:
        while True:
            try:
                raw = await ws.receive()
            except WebSocketDisconnect:
                break
            if raw.get("type") == "websocket.disconnect":
                break
            text = raw.get("text")
            if text is None:
                await reply(err("bad_message", "send text frames with JSON, not binary"))
                continue
            if len(text.encode("utf-8")) > cfg.max_message:
                await reply(err("too_large", f"messages are limited to {cfg.max_message} bytes"))
                continue
            if not bucket.take():
                strikes += 1
                await reply(err("rate_limited", "too many messages; slow down"))
                if strikes > 50:
                    break
                continue
            try:
                msg = json.loads(text)
            except (json.JSONDecodeError, RecursionError):
                await reply(err("bad_message", "not JSON"))
                continue
            if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                await reply(err("bad_message", "a message is a JSON object with a 'type'"))
                continue
            kind = msg["type"]
            msg_id = msg.get("id") if isinstance(msg.get("id"), (int, str)) else None
            try:
                if kind == "hello":
                    if conn is not None:
                        raise TableError("bad_message", "already said hello")
                    token = msg.get("token")
                    seat = None
                    if token is not None:
                        seat = t.seat_of_token(token) if isinstance(token, str) else None
                        if seat is None:
                            raise TableError("bad_token", "this seat token is not valid at this table")
                    c = Conn(seat)
                    c.send({"type": "welcome", "seat": seat, "role": "player" if seat is not None else "kiebitz"})
                    await t.attach(c)  # raises when full
                    conn = c
                    writer = asyncio.get_running_loop().create_task(write(c))
                elif conn is None:
                    raise TableError("hello_first", "say hello first: {\"type\": \"hello\", \"token\": ...}")
                elif kind == "act":
                    if conn.seat is None:
                        raise TableError("kiebitz", "Kiebitze may watch but never play (Tiroler Cup, Kiebitze)")
                    await t.submit(conn.seat, msg.get("version"), msg.get("action"), "person", conn, msg_id)
                elif kind == "sync":
                    await t.resync(conn)
                elif kind == "chat":
                    t.chat(conn, msg.get("channel", "table"), msg.get("text"))
                elif kind == "ping":
                    conn.send({"type": "pong", "id": msg_id})
                else:
                    raise TableError("bad_message", f"unknown message type '{kind[:30]}'")
            except TableError as e:
                out = e.to_json()
                out["id"] = msg_id
                await reply(out)
                if e.code == "stale" and conn is not None:
                    await t.resync(conn)
            except IllegalAction as e:
                await reply({"type": "error", "code": "illegal", "id": msg_id, **e.to_json()})
            except StammtischError as e:
                await reply({"type": "error", "code": "invalid", "id": msg_id, "message": str(e)})
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception:  # never let one message take the connection (or the server) down
                log.exception("table %s: message %r failed", t.number, kind)
                await reply({"type": "error", "code": "internal", "id": msg_id,
                             "message": "the server could not process this message"})
    except WebSocketDisconnect:
        pass
    except Exception:  # pragma: no cover - a broken socket must never take the server down
        log.exception("socket error")
    finally:
        if conn is not None:
            t.detach(conn)
        if writer is not None:
            try:
                await asyncio.wait_for(writer, 1.0)
            except (asyncio.TimeoutError, Exception):
                writer.cancel()

