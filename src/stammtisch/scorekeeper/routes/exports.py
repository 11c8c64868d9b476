"""Exports (CSV, PDF): rate-limited per address and a few at once on the whole server."""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Path, Query, Request
from fastapi.responses import Response

from stammtisch.core.messages import Msg

from .. import export
from ..errors import BadInput, Locked, NotFound
from ..http import MAX_ID, Id
from ..store import Principal
from .deps import client, context, readable, store, who

__all__ = ["router"]

router = APIRouter()


@router.get("/api/tournaments/{tid}/export/{name}")
def export_file(request: Request, tid: Id, name: Annotated[str, Path(max_length=40)],
                round: Annotated[int, Query(ge=1, le=50)] | None = None,
                table: Annotated[int, Query(ge=1, le=MAX_ID)] | None = None,
                lang: Literal["de", "en", "fr", "it"] = "de", p: Principal | None = Depends(who)) -> Response:
    # the session comes in the Authorization header only (the pages download through fetch)
    readable(request, tid, p)
    s, ctx = store(request), context(request)
    if table is not None and s.tournament_of_table(table) != tid:
        # a published tournament's export must not open another (unpublished) tournament's sheet
        raise NotFound(Msg("tournament {number} has no table {table}", number=tid, table=table))
    makers: dict[str, Callable[[], Any]] = {
        "ranking.csv": lambda: export.ranking_csv(s, tid, round, lang),
        "sheets.csv": lambda: export.sheets_csv(s, tid, lang),
        "results.pdf": lambda: export.results_pdf(s, tid, lang),
        "sheets.pdf": lambda: export.sheets_pdf(s, tid, table, lang),
    }
    if name == "cards.pdf":
        raise NotFound(Msg("table cards carry new entry codes: POST /scorekeeper/api/tournaments/{number}/cards", number=tid))
    if name not in makers:
        raise NotFound(Msg("no export {name} (ranking.csv, sheets.csv, results.pdf, sheets.pdf)", name=repr(name)))
    if not ctx.exports.allow(client(request)):
        raise Locked(Msg("too many exports from this address; wait a minute"))
    if not ctx.exporting.acquire(blocking=False):
        raise BadInput("the server is making other exports right now; try again in a moment", status=503)
    try:
        made = makers[name]()
    finally:
        ctx.exporting.release()
    media = "text/csv; charset=utf-8" if name.endswith(".csv") else "application/pdf"
    return Response(made, media_type=media)
