"""The online cup's HTTP interface (``/cup/api``), mounted on the table server by ``stammtisch serve``.

An organiser signs in at the scorekeeper (``POST /scorekeeper/api/login``) and sends its session as
``Authorization: Bearer <token>``; the standings of a published cup are public. Bodies are read
capped and strictly (:func:`stammtisch.server.routers.common.read_model`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import APIRouter, FastAPI, Path, Request
from fastapi.responses import JSONResponse, Response
from fastapi.routing import APIRoute
from pydantic import BaseModel, ConfigDict, Field

from stammtisch.core.errors import IllegalAction, OptionError, StammtischError
from stammtisch.core.messages import Msg
from stammtisch.scorekeeper.errors import Conflict, Forbidden, Locked, NotFound
from stammtisch.scorekeeper.store import Principal
from stammtisch.scorekeeper.store import Store as SkStore
from stammtisch.server.routers.common import read_model
from stammtisch.server.tables import TableError

from .service import Cups

__all__ = ["router", "startup", "cups_of"]

Id = Annotated[int, Path(ge=1, le=2**31 - 1)]
BODY = 16384


def _status(exc: StammtischError) -> int:
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Conflict):
        return 409
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, Locked):
        return 429
    if isinstance(exc, TableError):
        return 400
    if isinstance(exc, (IllegalAction, OptionError)):
        return 422
    return 400


class CupRoute(APIRoute):
    """The cup's errors as JSON answers inside the router (a message id and its arguments, and English)."""

    def get_route_handler(self) -> Callable[[Request], Awaitable[Response]]:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except StammtischError as exc:
                body = exc.to_json() if not isinstance(exc, TableError) else exc.to_json()
                return JSONResponse(body, status_code=_status(exc))

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
    rnd = await asyncio.to_thread(lambda: cups.store.draw_round(tid, method=body.method, seed=body.seed,
                                                                  prefer=body.prefer, kinds=body.kinds))
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


@router.post("/cups/{tid}/tables/{table_id}/seats/{position}/link")
async def seat_link(request: Request, tid: Id, table_id: Id, position: Annotated[int, Path(ge=1, le=5)]) -> dict[str, Any]:
    """A drawn player's seat link (a fresh token; the old link stops working): the organiser sends it."""
    cups = cups_of(request)
    await _organiser(request, cups, tid)
    await _table_of(cups, tid, table_id)
    return await cups.seat_link(table_id, position)


@router.get("/cups/{tid}/standings")
async def standings(request: Request, tid: Id) -> dict[str, Any]:
    """The ranking after the rounds so far (public once published), with each online table's progress."""
    cups = cups_of(request)
    t = await asyncio.to_thread(cups.store.tournament, tid)
    if not t["published"]:
        await _organiser(request, cups, tid)
    ranking = await asyncio.to_thread(cups.store.rankings, tid)
    return {"ranking": ranking, "tables": [
        {k: d.get(k) for k in ("round", "table", "written", "planned", "closed", "game", "status")}
        for d in await cups.dashboard(tid)]}


def startup(store: SkStore) -> Callable[[FastAPI], Awaitable[None]]:
    """The table server's start-up hook: serve the cups of ``store`` and catch up on their rows."""

    async def hook(app: FastAPI) -> None:
        cups = Cups(store, app.state.tables)
        cups.attach()
        app.state.cups = cups
        await cups.catch_up_all()

    return hook
