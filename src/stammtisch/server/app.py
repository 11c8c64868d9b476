"""The FastAPI application: lobby API, table WebSocket, replay API and the static web client.

>>> app = create_app(database_url="sqlite://", config=ServerConfig(bot_delay=0))
>>> sorted(p for p in app.openapi()["paths"] if p.startswith("/api/games"))[:2]
['/api/games', '/api/games/finished']

The routes live in :mod:`.routers` (one module per concern); extra routers (the scorekeeper's,
for instance) are passed as ``routers=[...]`` and included as they are.
"""

from __future__ import annotations

import asyncio
import gc
import logging
from collections.abc import Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.middleware.gzip import GZipMiddleware
from sqlalchemy import Engine

from ..core.messages import Msg
from ..bots.kernels import kernel_games
from ..core.errors import StammtischError
from ..httpsec import SecurityHeaders
from ..storage import database_url as resolve_url
from ..storage import make_engine
from . import gctune
from .botpool import allowed_kinds, is_search
from .cluster import ClusterForward
from .guard import BodyLimit, ClientRequests, PathGuard, SameOrigin
from .registry import Tables
from .routers import accounts, lobby, pages, players, records, socket
from .routers.common import Limits, error_response
from .routers.pages import STATIC
from .staticfiles import CachedStatic
from .store import Store
from .tables import ServerConfig

__all__ = ["create_app", "ServerConfig"]

log = logging.getLogger("stammtisch.server")


def create_app(*, database_url: str | None = None, data_dir: str | Path | None = None,
               engine: Engine | None = None, config: ServerConfig | None = None,
               routers: Sequence[APIRouter] = (),
               startup: Sequence[Callable[[FastAPI], Awaitable[Callable[[], None] | None]]] = ()) -> FastAPI:
    """The server as an ASGI app.

    :param database_url: SQLAlchemy URL (default: ``$STAMMTISCH_DATABASE_URL`` or SQLite in ``data_dir``)
    :param engine: an engine to use instead (tests)
    :param config: delays, grace period and limits
    :param routers: further routers to include (e.g. the scorekeeper's)
    :param startup: called with the app once its tables exist, before the unfinished ones are
        recovered (a layer above, e.g. the online cups, registers its observers and catches up);
        what a hook returns, if callable, is called when the app stops
    """
    cfg = config or ServerConfig()
    levels = tuple(cfg.search_levels)

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        eng = engine or make_engine(resolve_url(data_dir, database_url))
        store = Store(eng)
        tables = Tables(store, cfg)
        app.state.tables = tables
        app.state.store = store
        app.state.cluster = None
        if cfg.cluster:
            if eng.dialect.name != "postgresql":
                raise RuntimeError("several processes (cluster) need PostgreSQL: --database-url postgresql+psycopg://...")
            from .cluster import Cluster

            app.state.cluster = tables.cluster = Cluster(eng.url.render_as_string(hide_password=False), tables, app,
                                                         cfg.cluster_tick, cfg.cluster_local_links)
            await tables.cluster.start()
        cleanups = [c for c in [await hook(app) for hook in startup] if callable(c)]
        n = await tables.recover()
        if n:
            log.info("recovered %d unfinished table(s)", n)
        await tables.expire()
        if cfg.warm_search and any(is_search(k) for k in allowed_kinds(levels)):
            tables.runner.warm(kernel_games())
        sweeper = asyncio.get_running_loop().create_task(tables.sweep(min(60.0, cfg.open_table_seconds / 4)))
        collector = None
        if cfg.gc_tuning:
            old_thresholds = gctune.tune()
            collector = asyncio.get_running_loop().create_task(gctune.full_collections(cfg.gc_full_seconds))
        try:
            yield
        finally:
            for cleanup in cleanups:
                cleanup()
            sweeper.cancel()
            if collector is not None:
                collector.cancel()
                gc.set_threshold(*old_thresholds)
                gc.unfreeze()
            await tables.close()
            if tables.cluster is not None:
                await tables.cluster.stop()

    # no Swagger/ReDoc pages: they load scripts from a CDN with inline code (no network at run time,
    # and the CSP below forbids both); the schema stays at /openapi.json
    app = FastAPI(title="stammtisch", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.config = cfg
    app.state.public_url = cfg.public_url
    app.state.limits = Limits.of(cfg)
    app.state.public_url = cfg.public_url
    # whole-app middleware (the scorekeeper's router included): outermost the headers, then the path check,
    # the requests under way per client, the body limit, then other sites' requests and content types
    if cfg.cluster:  # innermost: requests for a table another process plays are answered there
        app.add_middleware(ClusterForward)
    app.add_middleware(SameOrigin, public_url=cfg.public_url)
    app.add_middleware(BodyLimit, limit=cfg.max_body)
    app.add_middleware(ClientRequests, limit=cfg.max_http_per_client)
    app.add_middleware(PathGuard)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=6)

    @app.exception_handler(StammtischError)
    async def _stammtisch_error(request: Request, exc: StammtischError):
        return error_response(exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid_request(request: Request, exc: RequestValidationError):
        parts, fields = [], []
        for err in exc.errors()[:5]:
            where = ".".join(str(x) for x in err.get("loc", ())) or "request"
            fields.append(where[:60])
            parts.append(f"{where}: {err.get('msg', 'invalid')}")
        said = Msg("wrong or missing fields in the request: {fields}", fields=fields)
        return JSONResponse({"type": "error", "code": "bad_message", "message": "; ".join(parts)[:500],
                             "msg": said.to_json()}, status_code=400)

    if STATIC.is_dir():
        app.mount("/static", CachedStatic(directory=STATIC), name="static")
    for r in (pages.router, lobby.router, records.router, accounts.router, socket.router, players.router, *routers):
        app.include_router(r)
    return app
