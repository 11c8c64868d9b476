"""``stammtisch serve --workers N``: N server processes on one port and one PostgreSQL.

The parent binds the port and runs uvicorn's process supervisor (which restarts a worker that
dies); each worker builds the app from :func:`worker_app` with the same settings (passed in the
environment as JSON) and joins the cluster (:mod:`.cluster`): every table is played by one
process, a socket or request reaching another is relayed, a dead worker's tables are taken over.
Several machines do the same with ``--cluster`` against one PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import json
import os
import socket
from typing import Any

from .tables import ServerConfig

__all__ = ["worker_app", "run_workers", "ENV"]

#: the environment variable carrying the settings to the worker processes
ENV = "STAMMTISCH_SERVE_WORKER"


def worker_app() -> Any:
    """The app of one worker process (uvicorn calls it: ``factory=True``)."""
    from ..scorekeeper.api import make_router
    from .app import create_app

    from .botpool import _end_with_parent

    _end_with_parent(os.getppid())  # a worker ends with its supervisor, however that ends
    spec = json.loads(os.environ[ENV])
    fields = {f.name for f in dataclasses.fields(ServerConfig)}
    cfg = {k: v for k, v in spec["config"].items() if k in fields}
    if isinstance(cfg.get("search_levels"), list):
        cfg["search_levels"] = tuple(cfg["search_levels"])
    url = spec["url"]
    from .timeouts import HeaderTimeoutProtocol

    HeaderTimeoutProtocol.header_seconds = float(cfg.get("header_seconds", HeaderTimeoutProtocol.header_seconds))
    return create_app(database_url=url, config=ServerConfig(**cfg), routers=[make_router(url)])


def run_workers(config: ServerConfig, url: str, sock: socket.socket, n: int, **uvicorn_kwargs: Any) -> None:
    """Serve on ``sock`` with ``n`` worker processes (blocks until the supervisor ends)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    os.environ[ENV] = json.dumps({"url": url, "config": dataclasses.asdict(config)})
    ucfg = uvicorn.Config("stammtisch.server.workers:worker_app", factory=True, workers=n, **uvicorn_kwargs)
    Multiprocess(ucfg, sockets=[sock]).run()
