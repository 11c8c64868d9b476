"""The scorekeeper's HTML pages and static files, and the list of games (public)."""

from __future__ import annotations

from pathlib import Path as FilePath
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import FileResponse

from stammtisch.core.messages import Msg

from .. import entries
from ..errors import NotFound

__all__ = ["router", "STATIC"]

STATIC = FilePath(__file__).parent.parent / "static"
#: the web's translation module and its catalogues (one i18n.js for the lobby, the table and these pages)
WEB_STATIC = FilePath(__file__).parent.parent.parent / "web" / "static"

router = APIRouter()


@router.get("/", include_in_schema=False)
def organiser_page() -> FileResponse:
    return FileResponse(STATIC / "organiser.html")


@router.get("/tisch/{table_id}", include_in_schema=False)
def keeper_page(request: Request, table_id: Annotated[int, Path(ge=1, le=2**31 - 1)]) -> FileResponse:
    """A table's list (the address on its table card; the entry code is typed, never in the address).
    A device without one gets its device cookie here, so the lockout can lock it alone."""
    from .deps import set_device

    out = FileResponse(STATIC / "keeper.html")
    set_device(request, out)
    return out


@router.get("/results", include_in_schema=False)
def public_page() -> FileResponse:
    return FileResponse(STATIC / "results.html")


@router.get("/static/i18n/{lang}.json", include_in_schema=False)
def catalogue(lang: Annotated[str, Path(pattern="^[a-z]{2}$")]) -> FileResponse:
    """The translation catalogue of ``lang`` as the web's i18n.js reads it (written by
    ``python -m stammtisch.i18n export``)."""
    path = WEB_STATIC / "i18n" / f"{lang}.json"
    if not path.is_file():
        raise NotFound(Msg("no catalogue {lang}", lang=lang))
    return FileResponse(path, media_type="application/json")


@router.get("/static/{name}", include_in_schema=False)
def static(name: Annotated[str, Path(max_length=100)]) -> FileResponse:
    if name == "i18n.js":
        return FileResponse(WEB_STATIC / "i18n.js", media_type="text/javascript")
    try:  # a NUL or another byte the file system refuses is a missing file, not a 500
        path = (STATIC / name).resolve()
        found = path.parent == STATIC.resolve() and path.is_file()
    except (ValueError, OSError):
        found = False
    if not found:
        raise NotFound(Msg("no file {name}", name=repr(name[:100])))
    media = "text/javascript" if name.endswith(".js") else None
    return FileResponse(path, media_type=media)


@router.get("/api/games")
def games() -> list[dict[str, Any]]:
    return [entries.get(g).describe() for g in entries.names()]
