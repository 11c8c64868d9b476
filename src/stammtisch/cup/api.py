"""The online cup's HTTP interface (``/cup/api``), mounted on the table server by ``stammtisch serve``.

An organiser signs in at the scorekeeper (``POST /scorekeeper/api/login``) and sends its session as
``Authorization: Bearer <token>``; the standings of a published cup are public. Bodies are read
capped and strictly (:func:`stammtisch.server.routers.common.read_model`).
"""

from __future__ import annotations

import asyncio
from pathlib import Path as FilePath
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field

from stammtisch.core.errors import IllegalAction, StammtischError
from stammtisch.core.messages import Msg
from stammtisch.scorekeeper.auth import RateLimiter
from stammtisch.scorekeeper.errors import Forbidden, Locked, NotFound
from stammtisch.scorekeeper.http import http_status
from stammtisch.scorekeeper.store import Principal
from stammtisch.scorekeeper.store import Store as SkStore
from stammtisch.server.routers.common import read_model
from stammtisch.server.tables import TableError

from . import duplicate
from .service import Cups

__all__ = ["router", "pages", "routers", "startup", "cups_of"]

Id = Annotated[int, Path(ge=1, le=2**31 - 1)]
BODY = 16384


class CupRoute(APIRoute):
    """The cup's errors as JSON answers inside the router (a message id and its arguments, and English)."""

    def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except StammtischError as exc:
                body = exc.to_json() if not isinstance(exc, TableError) else exc.to_json()
                return JSONResponse(body, status_code=http_status(exc))

        return run


router = APIRouter(prefix="/cup/api", route_class=CupRoute)


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateCup(_Body):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    game: Annotated[str, Field(min_length=1, max_length=40)]
    profile: Annotated[str, Field(max_length=80)] | None = None
    options: dict[str, Any] | None = None
    rounds: Annotated[int, Field(ge=1, le=50)] = 3
    settings: dict[str, Any] | None = None
    season: Annotated[str, Field(max_length=80)] | None = None


class Player(_Body):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    club: Annotated[str, Field(max_length=200)] = ""


class Players(_Body):
    players: Annotated[list[Player], Field(min_length=1, max_length=500)]


class Draw(_Body):
    method: Annotated[str, Field(max_length=20)] = "schedule"
    seed: Annotated[str, Field(max_length=64)] | None = None
    prefer: Annotated[str, Field(max_length=10)] = "four"
    kinds: Annotated[list[str], Field(max_length=200)] | None = None


class Replace(_Body):
    position: Annotated[int, Field(ge=1, le=5)]
    name: Annotated[str, Field(min_length=1, max_length=200)] | None = None


class Kind(_Body):
    kind: Annotated[str, Field(max_length=10)]


class Register(_Body):
    key: Annotated[str, Field(min_length=1, max_length=64)]
    name: Annotated[str, Field(min_length=1, max_length=200)]
    code: Annotated[str, Field(min_length=4, max_length=128)]


class Me(_Body):
    name: Annotated[str, Field(min_length=1, max_length=200)]
    code: Annotated[str, Field(min_length=1, max_length=128)]


class Open(_Body):
    open: bool = True


class Publish(_Body):
    published: bool = True


def cups_of(request: Request) -> Cups:
    cups = getattr(request.app.state, "cups", None)
    if cups is None:
        raise IllegalAction(Msg("online cups are not served here"))
    return cups  # type: ignore[no-any-return]


def _principal(request: Request, cups: Cups) -> Principal | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return cups.store.principal(token.strip() or None if scheme.lower() == "bearer" else None)


async def _organiser(request: Request, cups: Cups, tid: int | None = None) -> Principal:
    p = await asyncio.to_thread(_principal, request, cups)
    if p is None or p.organiser is None:
        raise Forbidden(Msg("log in as an organiser first (POST /scorekeeper/api/login)"))
    if tid is not None:
        await asyncio.to_thread(cups.store.authorize, p, tid)
    return p


async def _table_of(cups: Cups, tid: int, table_id: int) -> None:
    if await asyncio.to_thread(cups.store.tournament_of_table, table_id) != tid:
        raise NotFound(Msg("table {table} is not a table of this tournament", table=table_id))


@router.post("/cups", status_code=201)
async def create(request: Request) -> dict[str, Any]:
    """A new online cup (every table online) or mixed cup (``settings.mixed``: kinds per table)."""
    cups = cups_of(request)
    p = await _organiser(request, cups)
    body = await read_model(request, CreateCup, BODY)

    def make() -> dict[str, Any]:
        t = cups.store.create_tournament(body.name, body.game, profile=body.profile, options=body.options,
                                         rounds=body.rounds, season=body.season, organiser=p.organiser)
        return cups.configure(t["id"], body.settings)

    return {"tournament": await asyncio.to_thread(make)}


@router.get("/cups/{tid}")
async def cup(request: Request, tid: Id) -> dict[str, Any]:
    """The cup for its organiser: the tournament, its settings and the dashboard of its online tables."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    t = await asyncio.to_thread(cups.store.tournament, tid)
    return {"tournament": t, "tables": await cups.dashboard(tid)}


@router.post("/cups/{tid}/players", status_code=201)
async def players(request: Request, tid: Id) -> dict[str, Any]:
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    body = await read_model(request, Players, BODY)
    added = await asyncio.to_thread(cups.store.add_players, tid, [pl.model_dump() for pl in body.players])
    return {"players": added}


@router.post("/cups/{tid}/rounds", status_code=201)
async def draw(request: Request, tid: Id) -> dict[str, Any]:
    """Draw the next round (the scorekeeper's draw); ``kinds`` makes tables live or online."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    body = await read_model(request, Draw, BODY)
    rnd = await asyncio.to_thread(lambda: cups.draw(tid, method=body.method, seed=body.seed, prefer=body.prefer,
                                                      kinds=body.kinds))
    return {"round": rnd}


@router.post("/cups/{tid}/start")
async def start(request: Request, tid: Id) -> dict[str, Any]:
    """Open and start the online tables of the last drawn round."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    return await cups.start_round(tid)


@router.post("/cups/{tid}/publish")
async def publish(request: Request, tid: Id) -> dict[str, Any]:
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    body = await read_model(request, Publish, BODY)
    t = await asyncio.to_thread(cups.store.publish, tid, body.published)
    return {"published": t["published"]}


@router.post("/cups/{tid}/tables/{table_id}/pause")
async def pause(request: Request, tid: Id, table_id: Id) -> dict[str, Any]:
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    await cups.pause(table_id, True)
    return {"paused": True}


@router.post("/cups/{tid}/tables/{table_id}/resume")
async def resume(request: Request, tid: Id, table_id: Id) -> dict[str, Any]:
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    await cups.pause(table_id, False)
    return {"paused": False}


@router.post("/cups/{tid}/tables/{table_id}/replace")
async def replace(request: Request, tid: Id, table_id: Id) -> dict[str, Any]:
    """Another person (``name``) or the computer (no name) on a drawn player's seat."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    body = await read_model(request, Replace, BODY)
    token = await cups.replace(table_id, body.position, body.name)
    return {"position": body.position, "token": token}


@router.post("/cups/{tid}/tables/{table_id}/kind")
async def kind(request: Request, tid: Id, table_id: Id) -> dict[str, Any]:
    """A mixed cup: make a drawn table ``live`` or ``online`` before its round starts."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    body = await read_model(request, Kind, BODY)
    info = await asyncio.to_thread(cups.store.set_table_kind, table_id, body.kind)
    return {"table": table_id, "kind": info["kind"]}


@router.post("/cups/{tid}/tables/{table_id}/seats/{position}/link")
async def seat_link(request: Request, tid: Id, table_id: Id, position: Annotated[int, Path(ge=1, le=5)]) -> dict[str, Any]:
    """A drawn player's seat link (a fresh token; the old link stops working): the organiser sends it."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    return await cups.seat_link(table_id, position)


#: personal codes tried per client address (each try costs an argon2 verification)
_tries = RateLimiter(30, 60.0)


def _limit(request: Request) -> None:
    if not _tries.allow(request.client.host if request.client else "?"):
        raise Locked(Msg("too many attempts from this address; wait a minute"))


@router.post("/cups/{tid}/invite")
async def invite(request: Request, tid: Id) -> dict[str, Any]:
    """The cup's invitation link (the same every time): players register with it."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    key = await asyncio.to_thread(cups.invitation, tid)
    return {"invite": f"/cup/join?t={tid}&k={key}", "key": key}


@router.get("/cups/{tid}/about")
async def about(request: Request, tid: Id) -> dict[str, Any]:
    """What the invitation page shows: the cup's name, game and rounds, the check-in (no names)."""
    t = await asyncio.to_thread(cups_of(request).store.tournament, tid)
    c = (t["online"] or {}).get("checkin") or {}
    return {"id": t["id"], "name": t["name"], "game": t["game"], "profile": t["profile"],
            "rounds_planned": t["rounds_planned"], "rounds": len(t["rounds"]), "players": len(t["players"]),
            "registration": not t["rounds"], "checkin": {"round": c.get("round"), "open": bool(c.get("open"))},
            "published": t["published"],
            # the same deals at every table: each round's commitment (its seed once the round is over)
            "round_seeds": duplicate.public_rounds(t["online"])}


@router.post("/cups/{tid}/register", status_code=201)
async def register(request: Request, tid: Id) -> dict[str, Any]:
    """A player registers with the invitation's key, his name and a personal code."""
    cups = cups_of(request)
    _limit(request)
    body = await read_model(request, Register, BODY)
    return {"player": await asyncio.to_thread(cups.register, tid, body.key, body.name, body.code)}


@router.post("/cups/{tid}/checkin/open")
async def checkin_open(request: Request, tid: Id) -> dict[str, Any]:
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    body = await read_model(request, Open, BODY)
    return {"checkin": await asyncio.to_thread(cups.open_checkin, tid, body.open)}


@router.post("/cups/{tid}/checkin")
async def checkin(request: Request, tid: Id) -> dict[str, Any]:
    """A registered player checks in for the next round (name and personal code)."""
    cups = cups_of(request)
    _limit(request)
    body = await read_model(request, Me, BODY)
    return await asyncio.to_thread(cups.check_in, tid, body.name, body.code)


@router.post("/cups/{tid}/me")
async def me(request: Request, tid: Id) -> dict[str, Any]:
    """A registered player's view: check-in, and the seat link of his running online table."""
    cups = cups_of(request)
    _limit(request)
    body = await read_model(request, Me, BODY)
    return await cups.my_table(tid, body.name, body.code)


@router.post("/cups/{tid}/seat")
async def my_seat(request: Request, tid: Id) -> dict[str, Any]:
    """A registered player's seat link at his running online table (a fresh token; the previous
    link stops working)."""
    cups = cups_of(request)
    _limit(request)
    body = await read_model(request, Me, BODY)
    out = await cups.my_table(tid, body.name, body.code, link=True)
    if not out["table"] or "link" not in out["table"]:
        raise NotFound(Msg("you have no table playing online now"))
    return out["table"]["link"]  # type: ignore[no-any-return]


@router.get("/cups")
async def my_cups(request: Request) -> dict[str, Any]:
    """The organiser's online and mixed cups."""
    cups = cups_of(request)
    p = await _organiser(request, cups)
    ts = await asyncio.to_thread(cups.store.list_tournaments, False, None, p.organiser)
    online = [t for t in ts if (await asyncio.to_thread(cups.store.tournament, t["id"]))["online"] is not None]
    return {"cups": online}


@router.get("/cups/{tid}/standings")
async def standings(request: Request, tid: Id) -> dict[str, Any]:
    """The ranking after the rounds so far (public once published), with each online table's progress."""
    cups = cups_of(request)
    t = await asyncio.to_thread(cups.store.tournament, tid)
    if not t["published"]:
        await _organiser(request, cups, tid)
    ranking = await asyncio.to_thread(cups.store.rankings, tid)
    out = {"ranking": ranking, "tables": [
        {k: d.get(k) for k in ("round", "table", "written", "planned", "closed", "game", "status")}
        for d in await cups.dashboard(tid)]}
    # the same deals at every table: the rounds' commitments and the ranking by comparison beside
    # the sheet's ranking (which stays the official one: docs/tournaments.md)
    compared = await asyncio.to_thread(cups.comparison, tid)
    if compared is not None:
        out["comparison"] = compared
    return out


#: the pages (organiser, invitation) and their static files
pages = APIRouter(prefix="/cup", route_class=CupRoute)
STATIC = FilePath(__file__).parent / "static"


@pages.get("/", include_in_schema=False)
def organiser_page() -> FileResponse:
    return FileResponse(STATIC / "cup.html")


@pages.get("/join", include_in_schema=False)
def join_page() -> FileResponse:
    return FileResponse(STATIC / "join.html")


@pages.get("/static/{name}", include_in_schema=False)
def static(name: Annotated[str, Path(max_length=100, pattern=r"^[a-z]+\.(js|html)$")]) -> FileResponse:
    path = STATIC / name
    if not path.is_file():
        raise NotFound(Msg("no file {name}", name=repr(name[:100])))
    return FileResponse(path, media_type="text/javascript" if name.endswith(".js") else None)


#: every router of the online cups, for ``create_app(routers=...)``
routers = [router, pages]


def startup(store: SkStore) -> Callable[[FastAPI], Awaitable[Callable[[], None]]]:
    """The table server's start-up hook: serve the cups of ``store`` and catch up on their rows."""

    async def hook(app: FastAPI) -> Callable[[], None]:
        cups = Cups(store, app.state.tables)
        cups.attach()
        app.state.cups = cups
        await cups.catch_up_all()
        sweeper = asyncio.get_running_loop().create_task(cups.sweep())
        return sweeper.cancel

    return hook
