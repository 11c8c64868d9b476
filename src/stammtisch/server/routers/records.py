"""Finished games: the list, a game's record (every hand, once it is over) and the steps of a
deal for the replay page."""

from __future__ import annotations

from ...core.messages import Msg
import asyncio
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse

from ...core import registry
from ...core.messages import jsonable
from ...core.protocol import Deal, Match
from ..driver import FALLBACK
from ..tables import TableError
from ..analysis import Analyses
from .common import DealNo, Number, SeatNo, tables_of

__all__ = ["router", "replay_steps"]

router = APIRouter()


def replay_steps(record: dict[str, Any], deal: int) -> dict[str, Any]:
    """Every step of one deal of a finished game: who did what and what everybody held then."""
    count = len(record.get("deals", []))
    if not 0 <= deal < count:
        raise TableError("not_found", Msg("the game has deals 0..{last}", last=count - 1))
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
    return jsonable({"number": deal, "deals": count, "dealer": record["deals"][deal]["dealer"],
                     "seats": record.get("seats"), "game": record.get("game"), "steps": steps, "result": result})


@router.get("/api/games/finished")
async def api_finished(request: Request):
    tables = tables_of(request)
    rows = await tables.db(tables.store.finished)
    # moves the rule player made for a search player whose decision failed for good (driver.FALLBACK)
    fallbacks = await tables.db(tables.store.count_actor, [r.number for r in rows], FALLBACK)
    return {"games": [{"number": r.number, "game": r.game, "profile": r.profile, "result": r.result,
                       "finished_at": r.finished_at.isoformat() if r.finished_at else None,
                       "fallbacks": fallbacks.get(r.number, 0)} for r in rows]}

# -- finished games ----------------------------------------------------------------
async def finished_record(request: Request, number: int) -> dict[str, Any]:
    t = await tables_of(request).get_number(number)
    if t is None:
        raise TableError("not_found", Msg("no game number {number}", number=number))
    return t.record()

@router.get("/api/records/{number}")
async def api_record(request: Request, number: Number):
    rec = await finished_record(request, number)
    return JSONResponse(rec, headers={"Content-Disposition": f'attachment; filename="stammtisch-{number}.json"'})

@router.get("/api/replays/{number}/deals/{deal}")
async def api_replay(request: Request, number: Number, deal: DealNo):
    rec = await finished_record(request, number)
    return await asyncio.get_running_loop().run_in_executor(None, replay_steps, rec, deal)


# -- the analysis of a finished game (issue 38 item 3) ------------------------------------
def analyses_of(request: Request) -> Analyses:
    """The process's analyses (made on first use; the search workers are the tables')."""
    found = getattr(request.app.state, "analyses", None)
    if found is None:
        tables = tables_of(request)
        # kept in the server's database too, so a restart keeps them (``server_analyses``)
        found = request.app.state.analyses = Analyses(tables.runner, store=tables.store, db=tables.db)
    return found


def _job_json(job: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in job.items() if k != "result"} | ({"result": job["result"]} if "result" in job else {})


@router.post("/api/records/{number}/analysis/{seat}")
async def api_analyse(request: Request, number: Number, seat: SeatNo):
    """Start (or find) the analysis of ``seat`` in the finished game ``number``: its progress."""
    rec = await finished_record(request, number)
    if not 0 <= seat < len(rec.get("seats") or []):
        raise TableError("bad_seat", Msg("there is no seat {number} at this table (0..{last})", number=seat,
                                         last=len(rec.get("seats") or []) - 1))
    service = analyses_of(request)
    job = await service.load(number, seat, rec)
    if job is None and service.busy():
        raise TableError("busy", Msg("too many analyses are running; try again in a minute"))
    return _job_json(service.start(number, seat, rec))


@router.get("/api/records/{number}/analysis/{seat}")
async def api_analysis(request: Request, number: Number, seat: SeatNo):
    """The analysis of ``seat`` in game ``number``: running (with its progress), done (with the
    result) or not asked for (404)."""
    service = analyses_of(request)
    job = service.status(number, seat)
    if job is None:  # perhaps computed before a restart: kept on disk
        job = await service.load(number, seat, await finished_record(request, number))
    if job is None:
        raise TableError("not_found", Msg("no analysis of this seat was asked for"))
    return _job_json(job)
