"""``stammtisch serve --workers N``: N server processes on one port and one PostgreSQL.

The parent binds the port and runs uvicorn's process supervisor (which restarts a worker that
dies); each worker builds the app with the same settings (passed in the environment as JSON,
read back by :func:`worker_settings`) and joins the cluster (:mod:`.cluster`): every table is played by one
process, a socket or request reaching another is relayed, a dead worker's tables are taken over.
Several machines do the same with ``--cluster`` against one PostgreSQL.
"""

from __future__ import annotations

import dataclasses
import json
import os
import socket
from collections.abc import Callable, Sequence
from typing import Any

from .tables import ServerConfig

__all__ = ["worker_settings", "run_workers", "migrate_once", "ENV"]

#: the environment variable carrying the settings to the worker processes
ENV = "STAMMTISCH_SERVE_WORKER"


def worker_settings() -> tuple[str, ServerConfig]:
    """In a worker process: the database URL and the settings :func:`run_workers` passed on. The
    worker also ends with its supervisor, however that ends (:func:`.botpool._end_with_parent`).

    The supervisor is named by the pid :func:`run_workers` passed on, not by the worker's parent
    at this moment: a worker whose supervisor was killed while the worker was still importing (tens
    of seconds on a loaded machine) has been adopted by then, and ends here instead of serving on."""
    from .botpool import _end_with_parent
    from .timeouts import HeaderTimeoutProtocol

    spec = json.loads(os.environ[ENV])
    _end_with_parent(int(spec.get("supervisor") or os.getppid()))
    fields = {f.name for f in dataclasses.fields(ServerConfig)}
    cfg = {k: v for k, v in spec["config"].items() if k in fields}
    if isinstance(cfg.get("search_levels"), list):
        cfg["search_levels"] = tuple(cfg["search_levels"])
    config = ServerConfig(**cfg)
    HeaderTimeoutProtocol.header_seconds = float(config.header_seconds)
    HeaderTimeoutProtocol.body_seconds = float(config.body_seconds)
    HeaderTimeoutProtocol.max_per_client = int(config.max_http_per_client)
    return spec["url"], config


def run_workers(config: ServerConfig, url: str, sock: socket.socket, n: int, factory: str,
                migrations: Sequence[Callable[[Any], Any]] = (), **uvicorn_kwargs: Any) -> None:
    """Serve on ``sock`` with ``n`` worker processes, each building its app with ``factory`` (an
    import string such as ``"stammtisch.cli.serve:worker_app"``, which calls
    :func:`worker_settings`); blocks until the supervisor ends. ``migrations``: what else the
    database needs before the workers start (:func:`migrate_once`)."""
    import uvicorn
    from uvicorn.supervisors import Multiprocess

    migrate_once(url, migrations)
    os.environ[ENV] = json.dumps({"url": url, "config": dataclasses.asdict(config), "supervisor": os.getpid()})
    ucfg = uvicorn.Config(factory, factory=True, workers=n, **uvicorn_kwargs)
    Multiprocess(ucfg, sockets=[sock]).run()


def migrate_once(url: str, others: Sequence[Callable[[Any], Any]] = ()) -> None:
    """Bring the database's tables up to date in the supervisor, before any worker starts: the
    table server's, then each of ``others`` (called with the engine: the scorekeeper's store). N
    workers migrating an empty database at once raced (two of them creating the same version
    table; one worker failed at start)."""
    from ..storage import make_engine
    from .store import Store

    engine = make_engine(url)
    try:
        Store(engine)
        for migrate in others:
            migrate(engine)
    finally:
        engine.dispose()
