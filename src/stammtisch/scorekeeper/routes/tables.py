"""One table's list: read, preview, write the next game, correct, strike, history, a whole Tischzettel."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Depends, Request

from stammtisch.core.messages import Msg

from ..bodies import CorrectIn, SheetIn, StrikeIn, WriteIn
from ..errors import BadInput, Forbidden
from ..http import Id, Number, body_of, read_json
from ..store import Principal
from .deps import readable, store, table_writer, who

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tables/{table_id}")
def table(request: Request, table_id: Id, p: Principal | None = Depends(who)) -> dict[str, Any]:
    s = store(request)
    readable(request, s.tournament_of_table(table_id), p, table_id)
    return s.table(table_id)


@router.post("/api/tables/{table_id}/preview")
async def preview(request: Request, table_id: Id, p: Principal = Depends(table_writer)) -> dict[str, Any]:
    data = await read_json(request)
    if not isinstance(data, dict):
        raise BadInput("send the facts: {\"facts\": {...}}", "facts")
    facts = data.get("facts", data)
    if not isinstance(facts, dict):
        raise BadInput("the facts are an object", "facts")
    return store(request).preview(table_id, facts)


@router.post("/api/tables/{table_id}/entries", status_code=201)
def write(request: Request, table_id: Id, p: Principal = Depends(table_writer),
          body: WriteIn = Depends(body_of(WriteIn))) -> dict[str, Any]:
    s = store(request)
    return s.write(table_id, body.version, body.facts, s.author(p, table_id, body.author))


@router.put("/api/tables/{table_id}/entries/{number}")
def correct(request: Request, table_id: Id, number: Number, p: Principal = Depends(table_writer),
            body: CorrectIn = Depends(body_of(CorrectIn))) -> dict[str, Any]:
    s = store(request)
    boss = s.is_organiser(s.tournament_of_table(table_id), p)
    if body.late and not boss:
        raise Forbidden(Msg("a late correction is the organiser's (Tiroler Cup, Abrechnung)"))
    return s.correct(table_id, number, body.version, body.facts, reason=body.reason,
                     author=s.author(p, table_id, body.author), late=body.late, keeper=not boss)


@router.post("/api/tables/{table_id}/entries/{number}/strike")
def strike(request: Request, table_id: Id, number: Number, p: Principal = Depends(table_writer),
           body: StrikeIn = Depends(body_of(StrikeIn))) -> dict[str, Any]:
    s = store(request)
    boss = s.is_organiser(s.tournament_of_table(table_id), p)
    return s.strike(table_id, number, body.version, body.reason, s.author(p, table_id, body.author), keeper=not boss)


@router.get("/api/tables/{table_id}/entries/{number}/history")
def history(request: Request, table_id: Id, number: Number,
            p: Principal | None = Depends(who)) -> list[dict[str, Any]]:
    s = store(request)
    readable(request, s.tournament_of_table(table_id), p, table_id)
    return s.history(table_id, number)


@router.post("/api/tables/{table_id}/sheet")
def sheet(request: Request, table_id: Id, p: Principal = Depends(table_writer),
          body: SheetIn = Depends(body_of(SheetIn))) -> dict[str, Any]:
    s = store(request)
    return s.enter_sheet(table_id, body.version, body.rows, strike_unbalanced=body.strike_unbalanced,
                         author=s.author(p, table_id, body.author))
