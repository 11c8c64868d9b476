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


def test_the_action_log_writer_on_postgres_commits_actions_deals_and_results_and_cannot_fork(engine):
    """The action log's own PostgreSQL connection (``actionlog._PostgresWriter``): a batch of
    several tables' actions, a new deal and a finished match in one transaction, all there for a
    fresh store (a restart); a second write of a version already logged fails and writes nothing
    of its batch."""
    import asyncio

    import psycopg

    from stammtisch.server.actionlog import ActionLog
    from stammtisch.server.store import Store

    store = Store(engine)
    a, b = (store.create_table(game="jass", profile="standard", options={}, max_deals=1, bot_kind="rule",
                               settings={}, num_seats=4).number for _ in range(2))
    log = ActionLog(store)
    assert log._postgres is not None, "PostgreSQL through psycopg: the writer on the event loop"

    async def main() -> None:
        try:
            await asyncio.gather(log.append((a, 1, 0, "trump:E", "person", None, None)),
                                 log.append((b, 1, 0, "schieben", "person", (1, 2, {"hands": ["x"]}), None)),
                                 log.append((a, 2, 1, "E6", "bot", None, {"totals": [157, 0]})))
            with pytest.raises(psycopg.errors.UniqueViolation):  # the log cannot fork
                await log._postgres.write([(b, 2, 1, "E7", "person", None, None),
                                           (a, 2, 2, "E8", "person", None, None)])
        finally:
            await log.aclose()

    asyncio.run(main())
    again = Store(engine)
    la, lb = again.load(a), again.load(b)
    assert [(x.version, x.seat, x.action, x.actor) for x in la.actions] == [(1, 0, "trump:E", "person"),
                                                                         (2, 1, "E6", "bot")]
    assert la.row.status == "finished" and la.row.result == {"totals": [157, 0]}
    assert [(x.version, x.action) for x in lb.actions] == [(1, "schieben")], "the failed batch wrote nothing"
    assert [(d.number, d.dealer, d.deal) for d in lb.deals] == [(1, 2, {"hands": ["x"]})]
