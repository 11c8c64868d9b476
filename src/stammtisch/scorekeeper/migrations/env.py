"""Alembic environment of the scorekeeper (version table ``alembic_version_scorekeeper``).

Run through :func:`stammtisch.storage.migrate` (``stammtisch.scorekeeper.store.migrate_db``),
which passes the connection and the version table in ``config.attributes``.
"""

from alembic import context
from sqlalchemy import engine_from_config, pool

from stammtisch.scorekeeper.models import Base

target_metadata = Base.metadata
#: ``None`` when this file is merely imported (doctest collection), not run by Alembic
config = getattr(context, "config", None)
VERSION_TABLE = config.attributes.get("version_table", "alembic_version_scorekeeper") if config else \
    "alembic_version_scorekeeper"


def _include(obj, name, type_, reflected, compare_to):  # only our own tables
    return type_ != "table" or name.startswith("sk_")


def run() -> None:
    conn = config.attributes.get("connection")
    if conn is not None:
        context.configure(connection=conn, target_metadata=target_metadata, version_table=VERSION_TABLE,
                          include_object=_include, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()
        return
    engine = engine_from_config(config.get_section(config.config_ini_section, {}), prefix="sqlalchemy.",
                                poolclass=pool.NullPool)
    with engine.connect() as connection:
        context.configure(connection=connection, target_metadata=target_metadata, version_table=VERSION_TABLE,
                          include_object=_include, render_as_batch=True)
        with context.begin_transaction():
            context.run_migrations()


if config is None:  # imported outside Alembic: nothing to run
    pass
elif context.is_offline_mode():  # pragma: no cover - offline SQL generation
    context.configure(url=config.get_main_option("sqlalchemy.url"), target_metadata=target_metadata,
                      version_table=VERSION_TABLE, literal_binds=True)
    with context.begin_transaction():
        context.run_migrations()
else:
    run()
