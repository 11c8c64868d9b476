"""The scorekeeper's HTML pages and static files, and the list of games (public)."""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse

from .. import entries
from ..errors import NotFound

__all__ = ["router", "STATIC"]

STATIC = FilePath(__file__).parent.parent / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
def organiser_page() -> FileResponse:
    return FileResponse(STATIC / "organiser.html")


@router.get("/results", include_in_schema=False)
def public_page() -> FileResponse:
    return FileResponse(STATIC / "results.html")


@router.get("/static/{name}", include_in_schema=False)
def static(name: Annotated[str, Path(max_length=100)]) -> FileResponse:
    path = (STATIC / name).resolve()
    if path.parent != STATIC.resolve() or not path.is_file():
        raise NotFound(f"no file {name}")
    media = "text/javascript" if name.endswith(".js") else None
    return FileResponse(path, media_type=media)


@router.get("/api/games")
def games() -> list[dict[str, Any]]:
    return [entries.get(g).describe() for g in entries.names()]
