"""Alembic environment of the table server (version table ``alembic_version_server``).

Run by :func:`stammtisch.storage.migrate` at start-up with an open connection in
``config.attributes["connection"]``; also usable from the ``alembic`` command line with
``-x url=...``.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine

from stammtisch.server.models import Base

config = context.config
target_metadata = Base.metadata
VERSION_TABLE = config.attributes.get("version_table", "alembic_version_server")


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=target_metadata, version_table=VERSION_TABLE,
                          render_as_batch=conn.dialect.name == "sqlite")
        with context.begin_transaction():
            context.run_migrations()
        return
    url = context.get_x_argument(as_dictionary=True).get("url") or config.get_main_option("sqlalchemy.url")
    engine = create_engine(url)
    with engine.connect() as c:
        context.configure(connection=c, target_metadata=target_metadata, version_table=VERSION_TABLE)
        with context.begin_transaction():
            context.run_migrations()


run()
