"""The scorekeeper's web surface: a FastAPI :class:`~fastapi.APIRouter` under ``/scorekeeper``.

* Organiser pages (``/scorekeeper/``): create a tournament, register players, draw, enter
  (live, game by game, or a finished Tischzettel), correct, strike, publish, export.
* Public read-only results (``/scorekeeper/results``): published tournaments only.
* JSON API under ``/scorekeeper/api``. Writes need the organiser's key (header
  ``X-Scorekeeper-Key``), or for one table's list the key printed on its table card. Every
  write to a list carries the table ``version`` the client last saw; a stale one answers
  409 Conflict (optimistic versioning: a row is never lost when two devices enter at once).
  Errors answer JSON ``{"error", "message", "rule"}`` with 4xx -- never a traceback.

Use inside the server::

    from stammtisch.scorekeeper.api import make_router
    app.include_router(make_router(database_url))

or standalone: ``create_app(database_url)``.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Body, FastAPI, Header, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.routing import APIRoute

from stammtisch.core.errors import IllegalAction, OptionError, StammtischError

from . import entries, export
from .errors import Conflict, Forbidden, NotFound
from .store import Store

__all__ = ["make_router", "create_app", "router"]

STATIC = Path(__file__).parent / "static"
KEY_HEADER = "X-Scorekeeper-Key"


def _status(exc: StammtischError) -> int:
    if isinstance(exc, NotFound):
        return 404
    if isinstance(exc, Conflict):
        return 409
    if isinstance(exc, Forbidden):
        return 403
    if isinstance(exc, (IllegalAction, OptionError)):
        return 422
    return 400


class _Route(APIRoute):
    """Turns the scorekeeper's errors into JSON answers inside the router (no app handler needed)."""

    def get_route_handler(self) -> Callable:
        handler = super().get_route_handler()

        async def run(request: Request) -> Response:
            try:
                return await handler(request)
            except StammtischError as exc:
                return JSONResponse(exc.to_json(), status_code=_status(exc))

        return run


def make_router(store: Store | str | None = None) -> APIRouter:
    """The router; ``store`` is a :class:`Store`, a database URL, or ``None`` to use
    ``app.state.scorekeeper`` (or the default database) at the first request."""
    bound: dict[str, Store] = {}
    if isinstance(store, Store):
        bound["s"] = store
    elif isinstance(store, str):
        bound["s"] = Store(store)

    def st(request: Request) -> Store:
        if "s" not in bound:
            found = getattr(request.app.state, "scorekeeper", None)
            if found is None:
                from stammtisch.storage import database_url
                found = Store(database_url())
                request.app.state.scorekeeper = found
            bound["s"] = found
        return bound["s"]

    r = APIRouter(prefix="/scorekeeper", route_class=_Route, tags=["scorekeeper"])

    def organiser(request: Request, tid: int, key: str | None) -> None:
        st(request).check_key(tid, key)

    def readable(request: Request, tid: int, key: str | None, table_id: int | None = None) -> None:
        """Published tournaments are public; otherwise the organiser's (or the table's) key."""
        s = st(request)
        if s.tournament(tid)["published"]:
            return
        s.check_key(tid, key, table_id)

    # -------------------------------------------------------------- pages
    @r.get("/", include_in_schema=False)
    def organiser_page() -> FileResponse:
        return FileResponse(STATIC / "organiser.html")

    @r.get("/results", include_in_schema=False)
    def public_page() -> FileResponse:
        return FileResponse(STATIC / "results.html")

    @r.get("/static/{name}", include_in_schema=False)
    def static(name: str) -> FileResponse:
        path = (STATIC / name).resolve()
        if path.parent != STATIC.resolve() or not path.is_file():
            raise NotFound(f"no file {name}")
        media = "text/javascript" if name.endswith(".js") else None
        return FileResponse(path, media_type=media)

    # -------------------------------------------------------------- games
    @r.get("/api/games")
    def games() -> list[dict[str, Any]]:
        return [entries.get(g).describe() for g in entries.names()]

    # -------------------------------------------------------------- tournaments
    @r.post("/api/tournaments", status_code=201)
    def create(request: Request, body: dict[str, Any] = Body(...)) -> dict[str, Any]:
        allowed = {"name", "game", "profile", "options", "rounds", "games", "season", "tiebreaks", "kind", "names"}
        unknown = set(body) - allowed
        if unknown:
            raise IllegalAction(f"unknown fields {sorted(unknown)} (known: {', '.join(sorted(allowed))})")
        if "name" not in body or "game" not in body:
            raise IllegalAction("a tournament needs a name and a game")
        t, key = st(request).create_tournament(**body)
        return {"tournament": t, "organiser_key": key}

    @r.get("/api/tournaments")
    def list_public(request: Request, season: str | None = None) -> list[dict[str, Any]]:
        return st(request).list_tournaments(published_only=True, season=season)

    @r.get("/api/tournaments/{tid}")
    def show(request: Request, tid: int, x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        readable(request, tid, x_scorekeeper_key)
        t = st(request).tournament(tid)
        return t

    @r.get("/api/tournaments/{tid}/form")
    def form(request: Request, tid: int) -> dict[str, Any]:
        """The entry form of the tournament's game and profile (public: no results in it)."""
        t = st(request).tournament(tid)
        a = entries.get(t["game"])
        return {"game": t["game"], "fields": a.form(t["profile"], t["options"]), "example": dict(a.example),
                "facts": dict(a.facts_help)}

    @r.post("/api/tournaments/{tid}/players", status_code=201)
    def add_players(request: Request, tid: int, body: Any = Body(...),
                    x_scorekeeper_key: str | None = Header(None)) -> list[dict[str, Any]]:
        organiser(request, tid, x_scorekeeper_key)
        players = body.get("players") if isinstance(body, dict) else body
        if not isinstance(players, list):
            raise IllegalAction("send a list of players: [{\"name\": ..., \"club\": ...}, ...]")
        return st(request).add_players(tid, players)

    @r.patch("/api/tournaments/{tid}/players/{number}")
    def player_active(request: Request, tid: int, number: int, body: dict[str, Any] = Body(...),
                      x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        organiser(request, tid, x_scorekeeper_key)
        return st(request).set_player_active(tid, number, bool(body.get("active", True)))

    @r.post("/api/tournaments/{tid}/rounds", status_code=201)
    def draw(request: Request, tid: int, body: dict[str, Any] = Body(default={}),
             x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        organiser(request, tid, x_scorekeeper_key)
        allowed = {"method", "seed", "prefer", "sizes", "tables"}
        unknown = set(body) - allowed
        if unknown:
            raise IllegalAction(f"unknown fields {sorted(unknown)} (known: {', '.join(sorted(allowed))})")
        return st(request).draw_round(tid, **body)

    @r.delete("/api/tournaments/{tid}/rounds/last", status_code=204)
    def undraw(request: Request, tid: int, x_scorekeeper_key: str | None = Header(None)) -> Response:
        organiser(request, tid, x_scorekeeper_key)
        st(request).delete_last_round(tid)
        return Response(status_code=204)

    @r.post("/api/tournaments/{tid}/publish")
    def publish(request: Request, tid: int, body: dict[str, Any] = Body(default={}),
                x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        organiser(request, tid, x_scorekeeper_key)
        return st(request).publish(tid, bool(body.get("published", True)))

    @r.get("/api/tournaments/{tid}/rankings")
    def rankings(request: Request, tid: int, round: int | None = None,
                 x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        readable(request, tid, x_scorekeeper_key)
        return st(request).rankings(tid, round)

    @r.get("/api/tournaments/{tid}/checks")
    def checks(request: Request, tid: int, x_scorekeeper_key: str | None = Header(None)) -> list[dict[str, Any]]:
        organiser(request, tid, x_scorekeeper_key)
        return st(request).checks(tid)

    @r.get("/api/tournaments/{tid}/export/{name}")
    def export_file(request: Request, tid: int, name: str, round: int | None = None, table: int | None = None,
                    x_scorekeeper_key: str | None = Header(None), key: str | None = None) -> Response:
        # exports open in a new browser tab, so the key may also come as ?key=
        readable(request, tid, x_scorekeeper_key or key)
        s = st(request)
        if name == "ranking.csv":
            return Response(export.ranking_csv(s, tid, round), media_type="text/csv; charset=utf-8")
        if name == "sheets.csv":
            return Response(export.sheets_csv(s, tid), media_type="text/csv; charset=utf-8")
        if name == "results.pdf":
            return Response(export.results_pdf(s, tid), media_type="application/pdf")
        if name == "sheets.pdf":
            return Response(export.sheets_pdf(s, tid, table), media_type="application/pdf")
        if name == "cards.pdf":
            organiser(request, tid, x_scorekeeper_key or key)  # cards carry the tables' entry keys
            return Response(export.cards_pdf(s, tid, round), media_type="application/pdf")
        raise NotFound(f"no export {name!r} (ranking.csv, sheets.csv, results.pdf, sheets.pdf, cards.pdf)")

    @r.get("/api/seasons/{season}")
    def season(request: Request, season: str, scoring: str = "points") -> dict[str, Any]:
        return st(request).season(season, scoring, published_only=True)

    # -------------------------------------------------------------- tables
    def table_write(request: Request, table_id: int, key: str | None, organiser_only: bool = False) -> None:
        s = st(request)
        tid = s.tournament_of_table(table_id)
        s.check_key(tid, key, None if organiser_only else table_id)

    @r.get("/api/tables/{table_id}")
    def table(request: Request, table_id: int, x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        s = st(request)
        tid = s.tournament_of_table(table_id)
        readable(request, tid, x_scorekeeper_key, table_id)
        # the organiser sees the table's entry code (to hand to the list keeper)
        return s.table(table_id, with_key=s.is_organiser(tid, x_scorekeeper_key))

    @r.post("/api/tables/{table_id}/preview")
    def preview(request: Request, table_id: int, body: dict[str, Any] = Body(...),
                x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        table_write(request, table_id, x_scorekeeper_key)
        return st(request).preview(table_id, body.get("facts", body))

    @r.post("/api/tables/{table_id}/entries", status_code=201)
    def write(request: Request, table_id: int, body: dict[str, Any] = Body(...),
              x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        table_write(request, table_id, x_scorekeeper_key)
        if "version" not in body or "facts" not in body:
            raise IllegalAction("send the facts and the version of the list you saw: "
                                "{\"version\": n, \"facts\": {...}}")
        return st(request).write(table_id, body["version"], body["facts"], str(body.get("author", "")))

    @r.put("/api/tables/{table_id}/entries/{number}")
    def correct(request: Request, table_id: int, number: int, body: dict[str, Any] = Body(...),
                x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        late = bool(body.get("late", False))
        table_write(request, table_id, x_scorekeeper_key, organiser_only=late)
        if "version" not in body or "facts" not in body:
            raise IllegalAction("send the corrected facts and the version of the list you saw")
        return st(request).correct(table_id, number, body["version"], body["facts"], reason=str(body.get("reason", "")),
                                   author=str(body.get("author", "")), late=late)

    @r.post("/api/tables/{table_id}/entries/{number}/strike")
    def strike(request: Request, table_id: int, number: int, body: dict[str, Any] = Body(...),
               x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        table_write(request, table_id, x_scorekeeper_key)
        if "version" not in body:
            raise IllegalAction("send the version of the list you saw")
        return st(request).strike(table_id, number, body["version"], str(body.get("reason", "")),
                                  str(body.get("author", "")))

    @r.get("/api/tables/{table_id}/entries/{number}/history")
    def history(request: Request, table_id: int, number: int,
                x_scorekeeper_key: str | None = Header(None)) -> list[dict[str, Any]]:
        s = st(request)
        readable(request, s.tournament_of_table(table_id), x_scorekeeper_key, table_id)
        return s.history(table_id, number)

    @r.post("/api/tables/{table_id}/sheet")
    def sheet(request: Request, table_id: int, body: dict[str, Any] = Body(...),
              x_scorekeeper_key: str | None = Header(None)) -> dict[str, Any]:
        table_write(request, table_id, x_scorekeeper_key)
        if "version" not in body or not isinstance(body.get("rows"), list):
            raise IllegalAction("send {\"version\": n, \"rows\": [[points...] or {facts}, ...]}")
        return st(request).enter_sheet(table_id, body["version"], body["rows"],
                                       strike_unbalanced=bool(body.get("strike_unbalanced", True)),
                                       author=str(body.get("author", "")))

    return r


def create_app(database_url: str = "sqlite://") -> FastAPI:
    """A standalone app with only the scorekeeper (tests, or a club laptop without the game server)."""
    app = FastAPI(title="stammtisch scorekeeper")
    app.state.scorekeeper = Store(database_url)
    app.include_router(make_router(app.state.scorekeeper))

    @app.get("/", include_in_schema=False)
    def root() -> Response:
        return Response(status_code=307, headers={"Location": "/scorekeeper/"})

    return app


#: a router that finds its store on ``app.state.scorekeeper`` (or opens the default database)
router = make_router()
