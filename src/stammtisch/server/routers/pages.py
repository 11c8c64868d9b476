"""The pages of the web client: the lobby, a table, a replay (the static files are mounted by
:func:`stammtisch.server.app.create_app`)."""

from __future__ import annotations

from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

from .common import Number, TableId

__all__ = ["router", "STATIC"]

STATIC = Path(__file__).resolve().parent.parent.parent / "web" / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
async def lobby_page():
    return FileResponse(STATIC / "index.html")


@router.get("/t/{table_id}", include_in_schema=False)
async def table_page(table_id: TableId):
    return FileResponse(STATIC / "table.html")


@router.get("/replay/{number}", include_in_schema=False)
async def replay_page(number: Number):
    return FileResponse(STATIC / "replay.html")


@router.get("/fair", include_in_schema=False)
async def fair_page():
    """How a player checks a table's deals (docs/fair-deals.md), in the page's language."""
    return FileResponse(STATIC / "fair.html")
