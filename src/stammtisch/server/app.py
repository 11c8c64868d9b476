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
import unicodedata
from collections.abc import Sequence
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerifyMismatchError
from typing import Annotated

from fastapi import APIRouter, FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from starlette.middleware.gzip import GZipMiddleware
from sqlalchemy import Engine

from .. import bots as botkit
from ..core import records, registry
from ..core.errors import IllegalAction, OptionError, StammtischError
from ..core.options import options_schema, options_to_json
from ..core.protocol import Deal, Match
from ..storage import database_url as resolve_url
from ..storage import make_engine
from . import gctune
from ..bots.kernels import KERNEL_GAMES
from .botpool import allowed_kinds, is_search
from ..httpsec import SecurityHeaders
from .guard import BadJSON, BodyLimit, Buckets, loads_strict
from .schemas import CreateTable, Credentials, FillBots, Logout, M, OwnerOnly, TakeSeat, ValidationError, describe
from .store import Store, new_token
from .tables import Conn, ServerConfig, Table, TableError, Tables
from .routers import players
from .staticfiles import CachedStatic

__all__ = ["create_app", "ServerConfig"]

log = logging.getLogger("stammtisch.server")

STATIC = Path(__file__).resolve().parent.parent / "web" / "static"
_hasher = PasswordHasher()

_STATUS = {"not_found": 404, "forbidden": 403, "taken": 409, "full": 409, "started": 409, "stale": 409,
           "seats_empty": 409, "name_taken": 409, "ended": 409, "broken": 409, "busy": 503,
           "not_finished": 404, "kiebitz": 403, "too_large": 413, "rate_limited": 429}


def _error(e: StammtischError, status: int | None = None) -> JSONResponse:
    if isinstance(e, TableError):
        body = e.to_json()
        return JSONResponse(body, status_code=status or _STATUS.get(e.code, 400))
    body = {"type": "error", "code": "illegal" if isinstance(e, IllegalAction) else "invalid", **e.to_json()}
    return JSONResponse(body, status_code=status or 400)


async def _raw_body(request: Request, limit: int) -> bytes:
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        raise TableError("too_large", f"request body larger than {limit} bytes")
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise TableError("too_large", f"request body larger than {limit} bytes")
        chunks.append(chunk)
    return b"".join(chunks)


async def read_model(request: Request, model: type[M], limit: int = 16384) -> M:
    """The request body as ``model``: at most ``limit`` bytes, strict JSON (:func:`.guard.loads_strict`),
    an object, validated field by field. Every failure is a 400 naming what was wrong."""
    raw = await _raw_body(request, limit)
    data: Any = {}
    if raw.strip():
        try:
            data = loads_strict(raw)
        except BadJSON as e:
            raise TableError("bad_message", f"the request body is not JSON we accept: {e}") from None
    if not isinstance(data, dict):
        raise TableError("bad_message", "the request body must be a JSON object")
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise TableError("bad_message", describe(e)) from None


TableId = Annotated[str, PathParam(min_length=1, max_length=32, pattern=r"^[A-Za-z0-9_-]+$")]
Number = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
DealNo = Annotated[int, PathParam(ge=0, le=100_000)]
SeatNo = Annotated[int, PathParam(ge=0, le=64)]

def _name(value: Any) -> str:
    """A person's name as shown at the table: NFKC-normalised (a full-width 'Ａnna' is 'Anna'), without
    control or invisible format characters (zero-width spaces, bidi overrides), so that no two seats
    and no person and a computer player can look alike by hidden characters."""
    if not isinstance(value, str):
        raise TableError("bad_name", "a name is 1..40 characters")
    value = unicodedata.normalize("NFKC", value)
    if not value.strip() or len(value.strip()) > 40:
        raise TableError("bad_name", "a name is 1..40 characters")
    if any(unicodedata.category(ch).startswith("C") for ch in value):
        raise TableError("bad_name", "a name may not contain control or invisible characters")
    if value.strip().casefold().startswith("computer"):
        raise TableError("bad_name", "names beginning with 'Computer' are kept for computer players")
    return " ".join(value.split())


def games_catalogue(levels: tuple[str, ...] = ("easy", "medium", "hard")) -> list[dict[str, Any]]:
    """Every available game with its profiles, options, deck and the computer players on offer
    (only the kinds a request may name: :func:`.botpool.allowed_kinds`)."""
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
        works: dict[str, bool] = {}
        for k in allowed_kinds(levels):
            base = k.partition(":")[0]  # the levels of one kind stand or fall together
            if base not in works:
                try:
                    botkit.make(base, g)
                    works[base] = True
                except (NotImplementedError, OptionError, ValueError):
                    works[base] = False
            if works[base]:
                kinds.append(k)
        deck = g.deck
        out.append({
            "name": name, "title": g.title, "default_profile": g.default_profile, "profiles": profiles,
            "profile_titles": {p: g.profile_title(p) for p in profiles},
            "seats": g.num_seats(opts), "columns": list(g.columns(opts)), "bots": kinds,
            "schema": options_schema(opts),
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
    levels = tuple(cfg.search_levels)
    create_limit = Buckets(cfg.create_burst, cfg.create_per_minute)
    login_by_client = Buckets(cfg.login_burst, cfg.login_per_minute)
    login_by_name = Buckets(cfg.login_burst, cfg.login_per_minute)

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
        await tables.expire()
        if cfg.warm_search and any(is_search(k) for k in allowed_kinds(levels)):
            tables.runner.warm([g for g in registry.available() if g in KERNEL_GAMES])
        sweeper = asyncio.get_running_loop().create_task(tables.sweep(min(60.0, cfg.open_table_seconds / 4)))
        collector = None
        if cfg.gc_tuning:
            old_thresholds = gctune.tune()
            collector = asyncio.get_running_loop().create_task(gctune.full_collections(cfg.gc_full_seconds))
        try:
            yield
        finally:
            sweeper.cancel()
            if collector is not None:
                collector.cancel()
                gc.set_threshold(*old_thresholds)
                gc.unfreeze()
            await tables.close()

    # no Swagger/ReDoc pages: they load scripts from a CDN with inline code (no network at run time,
    # and the CSP below forbids both); the schema stays at /openapi.json
    app = FastAPI(title="stammtisch", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.config = cfg
    # whole-app middleware (the scorekeeper's router included): outermost the headers, then the body limit
    app.add_middleware(BodyLimit, limit=cfg.max_body)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)

    @app.exception_handler(StammtischError)
    async def _stammtisch_error(request: Request, exc: StammtischError):
        return _error(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError):
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(x) for x in err.get("loc", ())) or "request"
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        return JSONResponse({"type": "error", "code": "bad_message", "message": "; ".join(parts)[:500]},
                            status_code=400)

    def tables_of(request: Request) -> Tables:
        return request.app.state.tables

    def client_key(request: Request) -> str:
        return request.client.host if request.client else "unknown"

    async def table_or_404(request: Request, table_id: str) -> Table:
        t = await tables_of(request).get(table_id)
        if t is None:
            raise TableError("not_found", f"no table '{table_id}'")
        return t

    async def owner_token(request: Request, t: Table, model: type[M]) -> tuple[M, Any]:
        """The body of an owner-only route and the owner's token. A token in the ``X-Table-Token``
        header is checked before the body is read (a wrong one costs the server nothing)."""
        header = request.headers.get("x-table-token")
        if header is not None and not t.is_owner(header):
            raise TableError("forbidden", "only the table's owner (who opened it) may do that")
        body = await read_model(request, model, cfg.max_api_body)
        token = header if header is not None else getattr(body, "token", None)
        return body, token

    # -- pages -------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby_page():
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: TableId):
        return FileResponse(STATIC / "table.html")

    @app.get("/replay/{number}", include_in_schema=False)
    async def replay_page(number: Number):
        return FileResponse(STATIC / "replay.html")

    if STATIC.is_dir():
        app.mount("/static", CachedStatic(directory=STATIC), name="static")

    # -- lobby API ---------------------------------------------------------------------
    @app.get("/api/games")
    async def api_games():
        return {"games": games_catalogue(levels)}

    @app.get("/api/games/finished")
    async def api_finished(request: Request):
        rows = await tables_of(request).db(tables_of(request).store.finished)
        return {"games": [{"number": r.number, "game": r.game, "profile": r.profile, "result": r.result,
                           "finished_at": r.finished_at.isoformat() if r.finished_at else None} for r in rows]}

    @app.get("/api/tables")
    async def api_tables(request: Request):
        ts = [t for t in tables_of(request).by_number.values() if t.status in ("open", "playing")]
        return {"tables": [t.info() for t in sorted(ts, key=lambda t: -t.number)[:100]]}

    @app.post("/api/tables")
    async def api_create(request: Request):
        if not create_limit.take(client_key(request)):
            raise TableError("rate_limited", "too many tables opened from here; wait a minute")
        body = await read_model(request, CreateTable, cfg.max_api_body)
        settings: dict[str, Any] = {}
        if body.move_seconds:
            settings["move_seconds"] = body.move_seconds
        if body.ohne_reden:
            settings["ohne_reden"] = True
        if body.bot_seconds is not None:
            settings["bot_seconds"] = body.bot_seconds
        if body.seed is not None:
            settings["seed"] = body.seed
        try:
            registry.get(body.game)
        except StammtischError:
            raise
        except Exception as e:  # an engine that cannot be loaded in this installation
            raise TableError("bad_message", f"game '{body.game}' is not available: {type(e).__name__}") from None
        bot = body.bot or _default_bot(body.game)
        name = _name(body.name) if body.name else None
        account_id = None
        if body.session:
            store = tables_of(request).store
            acc = await tables_of(request).db(store.account_of_session, body.session, cfg.session_seconds)
            if acc is None:
                raise TableError("forbidden", "unknown or expired session; log in again")
            account_id, name = acc.id, acc.name
        token = new_token()
        t = await tables_of(request).create(body.game, body.profile, dict(body.options or {}), body.max_deals, bot,
                                            settings, owner_token=token)
        # the creator's token makes them the owner; with a name it is also their seat's token
        out: dict[str, Any] = {"table": t.info(), "invite": f"/t/{t.public_id}", "token": token}
        if name:
            seat, _ = await t.take_seat(None, name, account_id, token=token)
            out.update(seat=seat, table=t.info())
        return out

    @app.get("/api/tables/{table_id}")
    async def api_table(request: Request, table_id: TableId):
        return {"table": (await table_or_404(request, table_id)).info()}

    @app.delete("/api/tables/{table_id}")
    async def api_close(request: Request, table_id: TableId):
        t = await table_or_404(request, table_id)
        _, token = await owner_token(request, t, OwnerOnly)
        await t.close_table(token)
        return {"table": t.info()}

    @app.post("/api/tables/{table_id}/seats")
    async def api_take_seat(request: Request, table_id: TableId):
        t = await table_or_404(request, table_id)
        body = await read_model(request, TakeSeat, cfg.max_api_body)
        account_id = None
        name = body.name
        if body.session:
            store = tables_of(request).store
            acc = await tables_of(request).db(store.account_of_session, body.session, cfg.session_seconds)
            if acc is None:
                raise TableError("forbidden", "unknown or expired session; log in again")
            account_id, name = acc.id, acc.name
        seat, token = await t.take_seat(body.seat, _name(name), account_id)
        return {"seat": seat, "token": token, "table": t.info()}

    @app.delete("/api/tables/{table_id}/seats/{seat}")
    async def api_remove_seat(request: Request, table_id: TableId, seat: SeatNo):
        t = await table_or_404(request, table_id)
        _, token = await owner_token(request, t, OwnerOnly)
        await t.remove_seat(token, seat)
        return {"table": t.info()}

    @app.post("/api/tables/{table_id}/bots")
    async def api_bots(request: Request, table_id: TableId):
        t = await table_or_404(request, table_id)
        body, token = await owner_token(request, t, FillBots)
        filled = await t.fill_bots(token, list(body.seats) if body.seats is not None else None)
        return {"filled": filled, "table": t.info()}

    @app.post("/api/tables/{table_id}/start")
    async def api_start(request: Request, table_id: TableId):
        t = await table_or_404(request, table_id)
        _, token = await owner_token(request, t, OwnerOnly)
        await t.start(token)
        return {"table": t.info()}

    # -- finished games ----------------------------------------------------------------
    async def finished_record(request: Request, number: int) -> dict[str, Any]:
        t = await tables_of(request).get_number(number)
        if t is None:
            raise TableError("not_found", f"no game number {number}")
        return t.record()

    @app.get("/api/records/{number}")
    async def api_record(request: Request, number: Number):
        rec = await finished_record(request, number)
        return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="stammtisch-{number}.json"'})

    @app.get("/api/replays/{number}/deals/{deal}")
    async def api_replay(request: Request, number: Number, deal: DealNo):
        rec = await finished_record(request, number)
        return await asyncio.get_running_loop().run_in_executor(None, _replay_steps, rec, deal)

    # -- accounts ----------------------------------------------------------------------
    def login_allowed(request: Request, name: str) -> None:
        by_client = login_by_client.take(client_key(request))
        by_name = login_by_name.take(name.casefold())
        if not (by_client and by_name):
            raise TableError("rate_limited", "too many attempts; wait a minute")

    @app.post("/api/accounts")
    async def api_register(request: Request):
        body = await read_model(request, Credentials, cfg.max_api_body)
        name = _name(body.name)
        login_allowed(request, name)
        pw = body.password
        if not 8 <= len(pw) <= 200:
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
        body = await read_model(request, Credentials, cfg.max_api_body)
        name = _name(body.name)
        login_allowed(request, name)
        store = tables_of(request).store
        acc = await tables_of(request).db(store.account_by_name, name)
        # the same argon2 work whether or not the name exists: the answer's timing tells nobody
        # which names have accounts
        stored = acc.password_hash if acc is not None else _dummy_hash()
        ok = await asyncio.get_running_loop().run_in_executor(None, _verify, stored, body.password)
        if not ok or acc is None:
            raise TableError("forbidden", "wrong name or password")
        session = await tables_of(request).db(store.new_session, acc.id)
        return {"name": acc.name, "session": session}

    @app.post("/api/logout")
    async def api_logout(request: Request):
        body = await read_model(request, Logout, cfg.max_api_body)
        ended = await tables_of(request).db(tables_of(request).store.end_session, body.session)
        return {"logged_out": ended}

    # -- the table socket --------------------------------------------------------------
    sockets_by_client: dict[str, int] = {}

    @app.websocket("/ws/{table_id}")
    async def table_socket(ws: WebSocket, table_id: str):
        key = ws.client.host if ws.client else "unknown"
        if sockets_by_client.get(key, 0) >= cfg.max_sockets_per_client:
            await ws.close(4429)  # before the handshake is accepted: the client sees 403
            return
        sockets_by_client[key] = sockets_by_client.get(key, 0) + 1
        try:
            await ws.accept()
            tables: Tables = ws.app.state.tables
            t = await tables.get(table_id) if 0 < len(table_id) <= 32 else None
            if t is None:
                await ws.send_json({"type": "error", "code": "not_found", "message": f"no table '{table_id[:32]}'"})
                await ws.close(4404)
                return
            await serve_socket(ws, t, cfg)
        finally:
            left = sockets_by_client.pop(key, 1) - 1
            if left > 0:
                sockets_by_client[key] = left

    app.include_router(players.router)
    for r in routers:
        app.include_router(r)
    return app


_dummy: list[str] = []


def _dummy_hash() -> str:
    """An argon2 hash of nothing anybody knows (computed once), verified for unknown names."""
    if not _dummy:
        _dummy.append(_hasher.hash(new_token()))
    return _dummy[0]


def _verify(stored: str, password: str) -> bool:
    try:
        return _hasher.verify(stored, password)
    except (VerifyMismatchError, InvalidHashError, Exception):
        return False


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

    opened = time.monotonic()
    try:
        while True:
            try:
                if conn is None:
                    # a connection must say hello within ``hello_seconds`` of opening, or it is closed
                    left = cfg.hello_seconds - (time.monotonic() - opened)
                    if left <= 0:
                        raise asyncio.TimeoutError
                    raw = await asyncio.wait_for(ws.receive(), left)
                else:
                    raw = await ws.receive()
            except WebSocketDisconnect:
                break
            except asyncio.TimeoutError:
                try:
                    await ws.send_text(json.dumps(err("hello_timeout", f"say hello within {cfg.hello_seconds:g} s")))
                    await ws.close(4408)
                except Exception:
                    pass
                break
            if raw.get("type") == "websocket.disconnect":
                break
            # every frame counts against the rate limit, whatever it holds (binary and oversized too)
            if not bucket.take():
                strikes += 1
                await reply(err("rate_limited", "too many messages; slow down"))
                if strikes > 50:
                    break
                continue
            text = raw.get("text")
            if text is None:
                data = raw.get("bytes") or b""
                if len(data) > cfg.max_message:
                    await reply(err("too_large", f"messages are limited to {cfg.max_message} bytes"))
                else:
                    await reply(err("bad_message", "send text frames with JSON, not binary"))
                continue
            if len(text) > cfg.max_message or len(text.encode("utf-8")) > cfg.max_message:
                await reply(err("too_large", f"messages are limited to {cfg.max_message} bytes"))
                continue
            try:
                msg = loads_strict(text)
            except BadJSON as e:
                await reply(err("bad_message", str(e)))
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
                        seat = t.seat_of_token(token) if isinstance(token, str) and len(token) <= 128 else None
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

