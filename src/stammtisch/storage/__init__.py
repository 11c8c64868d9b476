"""Database plumbing shared by the surfaces that store things (server, scorekeeper).

One database for everything: an embedded SQLite file in the data folder by default, or
PostgreSQL given by ``--database-url`` / ``STAMMTISCH_DATABASE_URL``. Each surface owns
its tables and its own Alembic migration environment with its **own version table**
(``alembic_version_server``, ``alembic_version_scorekeeper``), so their migrations never
step on each other; :func:`migrate` runs one environment to head at start-up.
"""

from __future__ import annotations

import os
from pathlib import Path

from sqlalchemy import Engine, create_engine, event

__all__ = ["database_url", "make_engine", "migrate", "ENV_URL"]

ENV_URL = "STAMMTISCH_DATABASE_URL"


def database_url(data_dir: str | Path | None = None, url: str | None = None) -> str:
    """The URL to use: ``url``, else ``$STAMMTISCH_DATABASE_URL``, else SQLite in ``data_dir``."""
    if url:
        return url
    if os.environ.get(ENV_URL):
        return os.environ[ENV_URL]
    folder = Path(data_dir or "data")
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{(folder / 'stammtisch.sqlite3').resolve()}"


def make_engine(url: str) -> Engine:
    """An engine; SQLite gets WAL with ``synchronous=FULL`` (acknowledged writes survive power loss),
    foreign keys and a busy timeout for concurrent writers."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn, _record):  # pragma: no cover - trivial
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            # FULL: every commit is fsynced (WAL and checkpoint), so an acknowledged action survives a
            # power loss, not only a crash of the process (NORMAL may lose the last commits then)
            cur.execute("PRAGMA synchronous=FULL")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine, script_location: str | Path, version_table: str) -> None:
    """Run the Alembic environment at ``script_location`` to head on ``engine``.

    The environment's ``env.py`` must use ``config.attributes["connection"]`` when given and
    pass ``version_table=config.attributes["version_table"]`` to ``context.configure``.
    """
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(script_location))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        cfg.attributes["version_table"] = version_table
        command.upgrade(cfg, "head")
