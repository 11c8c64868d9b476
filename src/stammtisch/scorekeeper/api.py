"""The scorekeeper's web surface: a FastAPI :class:`~fastapi.APIRouter` under ``/scorekeeper``.

* Organiser pages (``/scorekeeper/``): log in, create a tournament, register players, draw,
  issue entry codes and print table cards, enter (live, game by game, or a finished
  Tischzettel), correct, strike, publish, export.
* Public read-only results (``/scorekeeper/results``): published tournaments only.
* JSON API under ``/scorekeeper/api``. Writes need a session (``Authorization: Bearer``):
  the tournament's organiser's (``POST /api/login``), or for one table's list the session a
  list keeper gets for the entry code on the table card (``POST /api/tables/{id}/unlock``).
  Tokens never travel in a URL. Every write to a list carries the table ``version`` the
  client last saw; a stale one answers 409 Conflict.

Hostile clients (issue 11): the session is checked **before** a request body is read; every
body is read as a stream with a cap (:data:`MAX_BODY`, 413 beyond it, whatever the
Content-Length says); JSON numbers of more than 15 digits, nesting deeper than
:data:`MAX_DEPTH`, path numbers beyond :data:`MAX_ID` and every field of the wrong type are
refused with a 4xx naming the field. Errors answer JSON ``{"error", "message", ...}`` --
never a traceback.

Use inside the server::

    from stammtisch.scorekeeper.api import make_router
    app.include_router(make_router(database_url))

or standalone: ``create_app(database_url)``.
"""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Callable
from pathlib import Path as FilePath
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, FastAPI, Path, Query, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import AfterValidator, BaseModel, ConfigDict, Field, ValidationError

from stammtisch.core.errors import IllegalAction, OptionError, StammtischError
from stammtisch.core.names import clean_name
from stammtisch.httpsec import SecurityHeaders

from . import entries, export
from .auth import RateLimiter
from .errors import BadInput, Conflict, Forbidden, Locked, NotFound, TooLarge
from .ranking import TIEBREAKS
from .store import Principal, Store

__all__ = ["make_router", "create_app", "router", "MAX_BODY", "MAX_ID", "MAX_DEPTH"]

STATIC = FilePath(__file__).parent / "static"
#: the largest request body a scorekeeper route reads (a whole Tischzettel of facts is ~20 KB)
MAX_BODY = 256 * 1024
#: path and query numbers (ids, game numbers, rounds) beyond this are refused before the database sees them
MAX_ID = 2**31 - 1
#: nesting of JSON bodies
MAX_DEPTH = 16
#: JSON integers longer than this are refused while parsing (no arithmetic on 4000-digit numbers)
MAX_DIGITS = 15

Id = Annotated[int, Path(ge=1, le=MAX_ID)]
Number = Annotated[int, Path(ge=1, le=100_000)]


def _status(exc: StammtischError) -> int:
    if isinstance(exc, BadInput):
        return exc.status
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Conflict):
        return 409
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Locked):
        return 429
    if isinstance(exc, TooLarge):
        return 413
    if isinstance(exc, (IllegalAction, OptionError)):
        return 422
    return 400


def _field(loc: tuple[Any, ...]) -> str:
    parts = [str(x) for x in loc if x not in ("body", "path", "query", "header")]
    return ".".join(parts)


def _validation_message(errors: list[dict[str, Any]]) -> BadInput:
    e = errors[0]
    return BadInput(e.get("msg", "invalid"), _field(tuple(e.get("loc", ()))))


class _Route(APIRoute):
    """Turns the scorekeeper's errors (and FastAPI's parameter errors) into JSON answers inside the
    router, so it needs no handler on the app.

    At most :attr:`concurrency` reads (GET) of one router are handled at once (per event loop); the
    others wait their turn. The handlers are synchronous database and ranking work in threads:
    without a bound, a loop of public reads of a big cup (0.3-1 s of CPU each) filled all 40
    threads and took the interpreter from the table server's event loop."""

    concurrency: int = 4
    _gates: dict[int, asyncio.Semaphore]

    def _gate(self) -> asyncio.Semaphore:
        loop = id(asyncio.get_running_loop())
        gates = type(self)._gates
        if loop not in gates:
            gates.clear()  # one server runs one loop; tests start a new one per client
            gates[loop] = asyncio.Semaphore(max(1, self.concurrency))
        return gates[loop]

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            try:
                if request.method not in ("GET", "HEAD"):
                    # never gate a route that reads a body: a client sending it a byte a second
                    # would hold a place as long as it likes (the writes need a session, or are
                    # login and entry codes, rate-limited per address)
                    return await handler(request)
                async with self._gate():
                    return await handler(request)
            except StammtischError as exc:
                return JSONResponse(exc.to_json(), status_code=_status(exc))
            except RequestValidationError as exc:
                err = _validation_message(list(exc.errors()))
                return JSONResponse(err.to_json(), status_code=422)

        return run


# ------------------------------------------------------------------ request bodies
def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number of more than {MAX_DIGITS} digits")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON knows")


def _depth(value: Any) -> int:
    """Nesting depth of parsed JSON, without recursion."""
    deepest, stack = 0, [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, (dict, list)):
            if d > MAX_DEPTH:
                return d
            deepest = max(deepest, d)
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return deepest


async def read_json(request: Request, limit: int | None = None) -> Any:
    """The request body as JSON, read as a stream and never more than ``limit`` bytes.

    :raises TooLarge: Content-Length or the bytes received exceed ``limit``
    :raises BadInput: not JSON, numbers too long, nested too deeply
    """
    limit = MAX_BODY if limit is None else limit
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isdigit() or len(declared) > 15:
            raise BadInput("Content-Length is not a number of bytes", status=400)
        if int(declared) > limit:
            raise TooLarge(f"the request body has {declared} bytes; the scorekeeper reads {limit} at most")
    buf = bytearray()
    async for chunk in request.stream():
        buf += chunk
        if len(buf) > limit:
            raise TooLarge(f"the request body is over {limit} bytes; the scorekeeper reads {limit} at most")
    if not buf.strip():
        return None
    try:
        data = json.loads(bytes(buf), parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise BadInput("the JSON is nested too deeply", status=400) from None
    except ValueError as exc:  # JSONDecodeError, bad UTF-8, and the number limits above
        raise BadInput(f"the body is not valid JSON ({str(exc)[:120]})", status=400) from None
    if _depth(data) > MAX_DEPTH:
        raise BadInput(f"the JSON is nested more than {MAX_DEPTH} deep", status=400)
    return data


def _validate(model: type[BaseModel], data: Any) -> Any:
    if data is None:
        data = {}
    try:
        return model.model_validate(data, strict=True)
    except ValidationError as exc:
        raise _validation_message(list(exc.errors())) from None


def body_of(model: type[BaseModel]) -> Callable:
    """A dependency that reads and validates the body as ``model`` (declare it after the auth dependency:
    FastAPI solves dependencies in order, so the session is checked before a byte of the body is read)."""

    async def dep(request: Request) -> Any:
        return _validate(model, await read_json(request))

    return dep


Text200 = Annotated[str, Field(max_length=200)]
#: a name (player, tournament): the lobby's rule (:func:`stammtisch.core.names.clean_name`): NFKC, no
#: control or invisible characters (NUL, bidi overrides), white space collapsed
Name = Annotated[str, Field(min_length=1, max_length=200), AfterValidator(lambda v: clean_name(v, 200))]
Version = Annotated[int, Field(ge=0, le=MAX_ID)]
Pos = Annotated[int, Field(ge=1, le=1_000_000)]
Facts = Annotated[dict[str, Any], Field(max_length=64)]


class _In(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LoginIn(_In):
    name: Annotated[str, Field(min_length=1, max_length=80)]
    password: Annotated[str, Field(min_length=1, max_length=200)]


class UnlockIn(_In):
    code: Annotated[str, Field(min_length=1, max_length=40)]


class CreateIn(_In):
    name: Name
    game: Annotated[str, Field(max_length=40)]
    profile: Annotated[str, Field(max_length=80)] | None = None
    options: Annotated[dict[str, Any], Field(max_length=64)] = {}
    rounds: Annotated[int, Field(ge=1, le=50)] = 3
    games: dict[Literal["4", "5"], Annotated[int, Field(ge=0, le=200)]] = {}
    season: Annotated[str, Field(max_length=80)] | None = None
    tiebreaks: Annotated[list[Literal[TIEBREAKS]], Field(max_length=len(TIEBREAKS))] | None = None  # type: ignore
    kind: Literal["tournament", "table"] = "tournament"
    names: Annotated[list[Name], Field(max_length=5)] | None = None


class PlayerIn(_In):
    name: Name
    club: Text200 = ""


class PlayersIn(_In):
    players: Annotated[list[PlayerIn], Field(max_length=1000)]


class ActiveIn(_In):
    active: bool = True


class DrawIn(_In):
    method: Literal["random", "schedule", "manual"] = "random"
    seed: Annotated[str, Field(max_length=64)] | Annotated[int, Field(ge=0, le=MAX_ID)] | None = None
    prefer: Literal["four", "five"] = "four"
    sizes: Annotated[list[Literal[4, 5]], Field(min_length=1, max_length=250)] | None = None
    tables: Annotated[list[Annotated[list[Pos], Field(min_length=1, max_length=5)]],
                      Field(min_length=1, max_length=250)] | None = None


class PublishIn(_In):
    published: bool = True


class CodesIn(_In):
    round: Annotated[int, Field(ge=1, le=50)] | None = None
    tables: Annotated[list[Annotated[int, Field(ge=1, le=MAX_ID)]], Field(min_length=1, max_length=250)] | None = None


class WriteIn(_In):
    version: Version
    facts: Facts
    author: Text200 = ""


class CorrectIn(WriteIn):
    reason: Annotated[str, Field(max_length=1000)] = ""
    late: bool = False


class StrikeIn(_In):
    version: Version
    reason: Annotated[str, Field(max_length=1000)] = ""
    author: Text200 = ""


class SheetIn(_In):
    version: Version
    rows: Annotated[list[Annotated[list[int], Field(max_length=5)] | Facts], Field(max_length=500)]
    strike_unbalanced: bool = True
    author: Text200 = ""


# ------------------------------------------------------------------ the router
def make_router(store: Store | str | None = None, *, login_rate: int = 20, unlock_rate: int = 30,
                export_rate: int = 12, export_slots: int = 2, concurrency: int = 4) -> APIRouter:
    """The router; ``store`` is a :class:`Store`, a database URL, or ``None`` to use
    ``app.state.scorekeeper`` (or the default database) at the first request.

    :param login_rate: logins per client address and minute (beyond: 429)
    :param unlock_rate: entry-code attempts per client address and minute (beyond: 429)
    :param export_rate: exports (CSV, PDF) per client address and minute (beyond: 429); a big cup's
        sheets take seconds of CPU each, and published ones need no login
    :param export_slots: exports made at once on the whole server (beyond: 503), so that exports
        never take the threads and the CPU the table server's games need
    :param concurrency: requests handled at once (the others wait), see :class:`_Route`
    """
    bound: dict[str, Store] = {}
    if isinstance(store, Store):
        bound["s"] = store
    elif isinstance(store, str):
        bound["s"] = Store(store)
    logins, unlocks = RateLimiter(login_rate, 60.0), RateLimiter(unlock_rate, 60.0)
    exports, exporting = RateLimiter(export_rate, 60.0), threading.BoundedSemaphore(max(1, export_slots))

    def st(request: Request) -> Store:
        if "s" not in bound:
            found = getattr(request.app.state, "scorekeeper", None)
            if found is None:
                from stammtisch.storage import database_url
                found = Store(database_url())
                request.app.state.scorekeeper = found
            bound["s"] = found
        return bound["s"]

    def client(request: Request) -> str:
        return request.client.host if request.client else "?"

    def token_of(request: Request) -> str | None:
        scheme, _, token = request.headers.get("authorization", "").partition(" ")
        return token.strip() or None if scheme.lower() == "bearer" else None

    # -------------------------------------------------------------- auth dependencies (no body read)
    def who(request: Request) -> Principal | None:
        return st(request).principal(token_of(request))

    def logged_in(request: Request, p: Principal | None = Depends(who)) -> Principal:
        if p is None or p.organiser is None:
            raise Forbidden("log in as an organiser first (POST /scorekeeper/api/login)")
        return p

    def organiser(request: Request, tid: Id, p: Principal | None = Depends(who)) -> Principal:
        st(request).authorize(p, tid)
        return p  # type: ignore[return-value]

    def table_writer(request: Request, table_id: Id, p: Principal | None = Depends(who)) -> Principal:
        s = st(request)
        s.authorize(p, s.tournament_of_table(table_id), table_id)
        return p  # type: ignore[return-value]

    def readable(request: Request, tid: int, p: Principal | None, table_id: int | None = None) -> None:
        """Published tournaments are public; otherwise the organiser (or the table's session)."""
        s = st(request)
        if s.tournament(tid)["published"]:
            return
        s.authorize(p, tid, table_id)

    route_class = type("_GatedRoute", (_Route,), {"concurrency": concurrency, "_gates": {}})
    r = APIRouter(prefix="/scorekeeper", route_class=route_class, tags=["scorekeeper"])

    # -------------------------------------------------------------- pages
    @r.get("/", include_in_schema=False)
    def organiser_page() -> FileResponse:
        return FileResponse(STATIC / "organiser.html")

    @r.get("/results", include_in_schema=False)
    def public_page() -> FileResponse:
        return FileResponse(STATIC / "results.html")

    @r.get("/static/{name}", include_in_schema=False)
    def static(name: Annotated[str, Path(max_length=100)]) -> FileResponse:
        try:  # a NUL or another byte the file system refuses is a missing file, not a 500
            path = (STATIC / name).resolve()
            found = path.parent == STATIC.resolve() and path.is_file()
        except (ValueError, OSError):
            found = False
        if not found:
            raise NotFound(f"no file {name[:100]!r}")
        media = "text/javascript" if name.endswith(".js") else None
        return FileResponse(path, media_type=media)

    # -------------------------------------------------------------- games
    @r.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [entries.get(g).describe() for g in entries.names()]

    # -------------------------------------------------------------- sessions
    @r.post("/api/login")
    def login(request: Request, body: LoginIn = Depends(body_of(LoginIn))) -> dict[str, Any]:
        if not logins.allow(client(request)):
            raise Locked("too many logins from this address; wait a minute")
        return st(request).login(body.name, body.password)

    @r.post("/api/logout", status_code=204)
    def logout(request: Request) -> Response:
        st(request).logout(token_of(request))
        return Response(status_code=204)

    @r.get("/api/me")
    def me(request: Request, p: Principal | None = Depends(who)) -> dict[str, Any]:
        if p is None:
            raise Forbidden("not logged in")
        if p.organiser is not None:
            return {"organiser": {"id": p.organiser, "name": p.name},
                    "tournaments": st(request).list_tournaments(organiser=p.organiser)}
        return {"table": p.table}

    @r.post("/api/tables/{table_id}/unlock")
    def unlock(request: Request, table_id: Id, body: UnlockIn = Depends(body_of(UnlockIn))) -> dict[str, Any]:
        if not unlocks.allow(client(request)):
            raise Locked("too many entry codes from this address; wait a minute")
        return st(request).unlock_table(table_id, body.code, client(request))

    # -------------------------------------------------------------- tournaments
    @r.post("/api/tournaments", status_code=201)
    def create(request: Request, p: Principal = Depends(logged_in),
               body: CreateIn = Depends(body_of(CreateIn))) -> dict[str, Any]:
        if body.kind == "tournament" and body.names:
            raise BadInput("only a single table (kind 'table') takes names", "names")
        t = st(request).create_tournament(
            body.name, body.game, profile=body.profile, options=body.options, rounds=body.rounds,
            games={int(k): v for k, v in body.games.items()}, season=body.season, tiebreaks=body.tiebreaks,
            kind=body.kind, names=body.names, organiser=p.organiser)
        return {"tournament": t}

    @r.get("/api/tournaments")
    def list_public(request: Request, season: Annotated[str, Query(max_length=80)] | None = None
                    ) -> list[dict[str, Any]]:
        return st(request).list_tournaments(published_only=True, season=season)

    @r.get("/api/tournaments/{tid}")
    def show(request: Request, tid: Id, p: Principal | None = Depends(who)) -> dict[str, Any]:
        readable(request, tid, p)
        return st(request).tournament(tid)

    @r.get("/api/tournaments/{tid}/form")
    def form(request: Request, tid: Id) -> dict[str, Any]:
        """The entry form of the tournament's game and profile (public: no results in it)."""
        t = st(request).tournament(tid)
        a = entries.get(t["game"])
        return {"game": t["game"], "fields": a.form(t["profile"], t["options"]), "example": dict(a.example),
                "facts": dict(a.facts_help)}

    @r.post("/api/tournaments/{tid}/players", status_code=201)
    async def add_players(request: Request, tid: Id, p: Principal = Depends(organiser)) -> list[dict[str, Any]]:
        data = await read_json(request)
        # a bare list of players, or {"players": [...]}
        body = _validate(PlayersIn, {"players": data} if isinstance(data, list) else data)
        return st(request).add_players(tid, [x.model_dump() for x in body.players])

    @r.patch("/api/tournaments/{tid}/players/{number}")
    def player_active(request: Request, tid: Id, number: Number, p: Principal = Depends(organiser),
                      body: ActiveIn = Depends(body_of(ActiveIn))) -> dict[str, Any]:
        return st(request).set_player_active(tid, number, body.active)

    @r.post("/api/tournaments/{tid}/rounds", status_code=201)
    def draw(request: Request, tid: Id, p: Principal = Depends(organiser),
             body: DrawIn = Depends(body_of(DrawIn))) -> dict[str, Any]:
        args = body.model_dump(exclude_none=True)
        if "seed" in args:
            args["seed"] = str(args["seed"])
        return st(request).draw_round(tid, **args)

    @r.delete("/api/tournaments/{tid}/rounds/last", status_code=204)
    def undraw(request: Request, tid: Id, p: Principal = Depends(organiser)) -> Response:
        st(request).delete_last_round(tid)
        return Response(status_code=204)

    @r.post("/api/tournaments/{tid}/codes")
    def codes(request: Request, tid: Id, p: Principal = Depends(organiser),
              body: CodesIn = Depends(body_of(CodesIn))) -> dict[str, Any]:
        """New entry codes (shown this once) for a round's tables or the given ones."""
        out = st(request).issue_codes(tid, body.round, body.tables)
        return {"codes": {str(k): v for k, v in out.items()}}

    @r.post("/api/tournaments/{tid}/cards")
    def cards(request: Request, tid: Id, p: Principal = Depends(organiser),
              body: CodesIn = Depends(body_of(CodesIn))) -> Response:
        """Table cards (PDF) of a round with new entry codes printed on them."""
        s = st(request)
        fresh = s.issue_codes(tid, body.round, body.tables)
        rnd = body.round or len(s.tournament(tid)["rounds"])
        return Response(export.cards_pdf(s, tid, rnd, fresh), media_type="application/pdf",
                        headers={"Cache-Control": "no-store"})

    @r.post("/api/tournaments/{tid}/publish")
    def publish(request: Request, tid: Id, p: Principal = Depends(organiser),
                body: PublishIn = Depends(body_of(PublishIn))) -> dict[str, Any]:
        return st(request).publish(tid, body.published)

    @r.get("/api/tournaments/{tid}/rankings")
    def rankings(request: Request, tid: Id, round: Annotated[int, Query(ge=1, le=50)] | None = None,
                 p: Principal | None = Depends(who)) -> dict[str, Any]:
        readable(request, tid, p)
        return st(request).rankings(tid, round)

    @r.get("/api/tournaments/{tid}/checks")
    def checks(request: Request, tid: Id, p: Principal = Depends(organiser)) -> list[dict[str, Any]]:
        return st(request).checks(tid)

    @r.get("/api/tournaments/{tid}/export/{name}")
    def export_file(request: Request, tid: Id, name: Annotated[str, Path(max_length=40)],
                    round: Annotated[int, Query(ge=1, le=50)] | None = None,
                    table: Annotated[int, Query(ge=1, le=MAX_ID)] | None = None,
                    p: Principal | None = Depends(who)) -> Response:
        # the session comes in the Authorization header only (the pages download through fetch)
        readable(request, tid, p)
        s = st(request)
        if table is not None and s.tournament_of_table(table) != tid:
            # a published tournament's export must not open another (unpublished) tournament's sheet
            raise NotFound(f"tournament {tid} has no table {table}")
        makers: dict[str, Callable[[], Any]] = {
            "ranking.csv": lambda: export.ranking_csv(s, tid, round),
            "sheets.csv": lambda: export.sheets_csv(s, tid),
            "results.pdf": lambda: export.results_pdf(s, tid),
            "sheets.pdf": lambda: export.sheets_pdf(s, tid, table),
        }
        if name == "cards.pdf":
            raise NotFound("table cards carry new entry codes: POST /scorekeeper/api/tournaments/{id}/cards")
        if name not in makers:
            raise NotFound(f"no export {name!r} (ranking.csv, sheets.csv, results.pdf, sheets.pdf)")
        if not exports.allow(client(request)):
            raise Locked("too many exports from this address; wait a minute")
        if not exporting.acquire(blocking=False):
            raise BadInput("the server is making other exports right now; try again in a moment", status=503)
        try:
            made = makers[name]()
        finally:
            exporting.release()
        media = "text/csv; charset=utf-8" if name.endswith(".csv") else "application/pdf"
        return Response(made, media_type=media)

    @r.get("/api/seasons/{season}")
    def season(request: Request, season: Annotated[str, Path(max_length=80)],
               scoring: Literal["points", "places"] = "points") -> dict[str, Any]:
        return st(request).season(season, scoring, published_only=True)

    # -------------------------------------------------------------- tables
    @r.get("/api/tables/{table_id}")
    def table(request: Request, table_id: Id, p: Principal | None = Depends(who)) -> dict[str, Any]:
        s = st(request)
        readable(request, s.tournament_of_table(table_id), p, table_id)
        return s.table(table_id)

    @r.post("/api/tables/{table_id}/preview")
    async def preview(request: Request, table_id: Id, p: Principal = Depends(table_writer)) -> dict[str, Any]:
        data = await read_json(request)
        if not isinstance(data, dict):
            raise BadInput("send the facts: {\"facts\": {...}}", "facts")
        facts = data.get("facts", data)
        if not isinstance(facts, dict):
            raise BadInput("the facts are an object", "facts")
        return st(request).preview(table_id, facts)

    @r.post("/api/tables/{table_id}/entries", status_code=201)
    def write(request: Request, table_id: Id, p: Principal = Depends(table_writer),
              body: WriteIn = Depends(body_of(WriteIn))) -> dict[str, Any]:
        return st(request).write(table_id, body.version, body.facts, body.author)

    @r.put("/api/tables/{table_id}/entries/{number}")
    def correct(request: Request, table_id: Id, number: Number, p: Principal = Depends(table_writer),
                body: CorrectIn = Depends(body_of(CorrectIn))) -> dict[str, Any]:
        s = st(request)
        if body.late and not s.is_organiser(s.tournament_of_table(table_id), p):
            raise Forbidden("a late correction is the organiser's (Tiroler Cup, Abrechnung)")
        return s.correct(table_id, number, body.version, body.facts, reason=body.reason, author=body.author,
                         late=body.late)

    @r.post("/api/tables/{table_id}/entries/{number}/strike")
    def strike(request: Request, table_id: Id, number: Number, p: Principal = Depends(table_writer),
               body: StrikeIn = Depends(body_of(StrikeIn))) -> dict[str, Any]:
        return st(request).strike(table_id, number, body.version, body.reason, body.author)

    @r.get("/api/tables/{table_id}/entries/{number}/history")
    def history(request: Request, table_id: Id, number: Number,
                p: Principal | None = Depends(who)) -> list[dict[str, Any]]:
        s = st(request)
        readable(request, s.tournament_of_table(table_id), p, table_id)
        return s.history(table_id, number)

    @r.post("/api/tables/{table_id}/sheet")
    def sheet(request: Request, table_id: Id, p: Principal = Depends(table_writer),
              body: SheetIn = Depends(body_of(SheetIn))) -> dict[str, Any]:
        return st(request).enter_sheet(table_id, body.version, body.rows, strike_unbalanced=body.strike_unbalanced,
                                       author=body.author)

    return r


def create_app(database_url: str = "sqlite://") -> FastAPI:
    """A standalone app with only the scorekeeper (tests, or a club laptop without the game server)."""
    app = FastAPI(title="stammtisch scorekeeper")
    app.state.scorekeeper = Store(database_url)
    app.include_router(make_router(app.state.scorekeeper))
    app.add_middleware(SecurityHeaders)  # the table server's policy (stammtisch.httpsec)

    @app.get("/", include_in_schema=False)
    def root() -> Response:
        return Response(status_code=307, headers={"Location": "/scorekeeper/"})

    return app


#: a router that finds its store on ``app.state.scorekeeper`` (or opens the default database)
router = make_router()
