"""The table server's storage on PostgreSQL (`--database-url`), sharing one database with the
scorekeeper. Runs when ``STAMMTISCH_TEST_POSTGRES_URL`` names an empty test database (CI starts
one with ``scripts/ci-postgres``); skipped otherwise."""

from __future__ import annotations

import os

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError

URL = os.environ.get("STAMMTISCH_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="STAMMTISCH_TEST_POSTGRES_URL not set")


@pytest.fixture
def engine():
    from stammtisch.storage import make_engine

    eng = make_engine(URL)
    with eng.begin() as c:
        names = inspect(c).get_table_names()
        for t in names:
            # the server's tables and the scorekeeper's (one test builds both on this database)
            if t.startswith(("server_", "sk_")) or t.startswith("alembic_version"):
                c.execute(text(f"DROP TABLE IF EXISTS {t} CASCADE"))
    yield eng
    eng.dispose()


def test_server_log_on_postgres_is_append_only_and_survives_a_new_store(engine):
    from stammtisch.server.store import Store

    store = Store(engine)
    row = store.create_table(game="jass", profile="standard", options={}, max_deals=1, bot_kind="rule",
                             settings={}, num_seats=4)
    store.append(row.number, 1, 0, "trump:E", "person")
    with pytest.raises(IntegrityError):  # one action per version: the log cannot fork
        store.append(row.number, 1, 1, "schieben", "person")
    again = Store(engine)  # a restarted server: migrations are a no-op, the log is there
    assert [(a.version, a.action) for a in again.load(row.number).actions] == [(1, "trump:E")]


def test_server_and_scorekeeper_share_one_postgres_database(engine):
    from stammtisch.scorekeeper.store import VERSION_TABLE, Store as ScoreStore
    from stammtisch.server.store import Store

    Store(engine)
    ScoreStore(URL)
    names = set(inspect(engine).get_table_names())
    assert {"alembic_version_server", VERSION_TABLE, "server_tables", "sk_tournament"} <= names
