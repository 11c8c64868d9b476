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

The routes live in router modules (:mod:`stammtisch.scorekeeper.routes`), the body reading
and error answers in :mod:`stammtisch.scorekeeper.http`, the bodies in
:mod:`stammtisch.scorekeeper.bodies`; this module puts them together.

Use inside the server::

    from stammtisch.scorekeeper.api import make_router
    app.include_router(make_router(database_url))

or standalone: ``create_app(database_url)``.
"""

from __future__ import annotations

import threading

from fastapi import APIRouter, FastAPI
from fastapi.responses import Response
from fastapi.routing import APIRoute

from stammtisch.httpsec import SecurityHeaders

from .auth import RateLimiter
from .http import MAX_BODY, MAX_DEPTH, MAX_ID, ScorekeeperRoute, body_of, read_json
from .routes import ROUTERS
from .routes.deps import Context
from .routes.pages import STATIC
from .store import Store

__all__ = ["make_router", "create_app", "router", "MAX_BODY", "MAX_ID", "MAX_DEPTH", "read_json", "body_of",
           "STATIC"]


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
    :param concurrency: requests handled at once (the others wait), see :class:`~.http.ScorekeeperRoute`
    """
    ctx = Context(store=Store(store) if isinstance(store, str) else store,
                  logins=RateLimiter(login_rate, 60.0), unlocks=RateLimiter(unlock_rate, 60.0),
                  exports=RateLimiter(export_rate, 60.0),
                  exporting=threading.BoundedSemaphore(max(1, export_slots)))
    # one route class per router: its own gate for reads and its own context
    route_class = type("_GatedRoute", (ScorekeeperRoute,), {"concurrency": concurrency, "_gates": {},
                                                            "context": ctx})
    r = APIRouter(prefix="/scorekeeper", route_class=route_class, tags=["scorekeeper"])
    for sub in ROUTERS:
        for route in sub.routes:
            assert isinstance(route, APIRoute)
            r.add_api_route(route.path, route.endpoint, methods=sorted(route.methods), status_code=route.status_code,
                            include_in_schema=route.include_in_schema, name=route.name,
                            summary=route.summary, description=route.description)
    return r


def create_app(database_url: str = "sqlite://", public_url: str | None = None) -> FastAPI:
    """A standalone app with only the scorekeeper (tests, or a club laptop without the game server).

    :param public_url: the address phones reach it at, printed on the table cards (see ``serve --public-url``)
    """
    from stammtisch.publicurl import normalise_public_url

    app = FastAPI(title="stammtisch scorekeeper")
    app.state.public_url = normalise_public_url(public_url) if public_url else None
    app.state.scorekeeper = Store(database_url)
    app.include_router(make_router(app.state.scorekeeper))
    app.add_middleware(SecurityHeaders)  # the table server's policy (stammtisch.httpsec)

    @app.get("/", include_in_schema=False)
    def root() -> Response:
        return Response(status_code=307, headers={"Location": "/scorekeeper/"})

    return app


#: a router that finds its store on ``app.state.scorekeeper`` (or opens the default database)
router = make_router()
