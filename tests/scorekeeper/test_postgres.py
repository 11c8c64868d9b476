"""The same storage on PostgreSQL (the server's option). Runs when ``STAMMTISCH_TEST_POSTGRES_URL``
names an empty test database (e.g. ``postgresql+psycopg://user@127.0.0.1:5432/sktest``) and a driver
is installed; skipped otherwise."""

import os
import threading

import pytest
from sqlalchemy import inspect, text

from stammtisch.scorekeeper.errors import Conflict
from stammtisch.scorekeeper.store import VERSION_TABLE, Store

URL = os.environ.get("STAMMTISCH_TEST_POSTGRES_URL")
pytestmark = pytest.mark.skipif(not URL, reason="STAMMTISCH_TEST_POSTGRES_URL not set")


@pytest.fixture
def pg():
    from sqlalchemy import create_engine
    engine = create_engine(URL)
    with engine.begin() as c:  # every scorekeeper table, whichever migration made it
        for t in inspect(c).get_table_names():
            if t.startswith("sk_") or t == VERSION_TABLE:
                c.execute(text(f"DROP TABLE IF EXISTS {t} CASCADE"))
    engine.dispose()
    return Store(URL)


def test_postgres_migrations_and_a_tournament(pg):
    assert VERSION_TABLE in inspect(pg.engine).get_table_names()
    t = pg.create_tournament("PG-Cup", "doppelkopf", rounds=1, games={4: 20, 5: 25})
    pg.add_players(t["id"], [{"name": f"P{i}"} for i in range(9)])
    r = pg.draw_round(t["id"], method="schedule", seed="pg")
    five = r["tables"][0]
    out = pg.enter_sheet(five["id"], None, [[0, 1, 1, -1, -1], [1, 0, -1, 1, -1], [3, 3, 0, -3, 3]])
    assert out["totals"] == [1, 1, 0, 0, -2] and out["rows"][2]["struck"]
    assert sum(ln["total"] for ln in pg.rankings(t["id"])["ranking"]) == 0


def test_postgres_two_writers_never_lose_a_row(pg):
    t = pg.create_tournament("Tisch", "tarock", kind="table", names=["A", "B", "C", "D"], games={4: 0})
    tab = t["rounds"][0]["tables"][0]["id"]
    other = Store(URL, migrate=False)
    ok, conflicts = [], []

    def device(store):
        for _ in range(6):
            while True:
                v = store.table(tab)["version"]
                try:
                    store.write(tab, v, {"kind": "row", "points": [1, -1, 1, -1]})
                    ok.append(1)
                    break
                except Conflict:
                    conflicts.append(1)

    ts = [threading.Thread(target=device, args=(s,)) for s in (pg, other)]
    for th in ts:
        th.start()
    for th in ts:
        th.join()
    rows = pg.table(tab)["rows"]
    assert len(ok) == 12 == len(rows) and [r["number"] for r in rows] == list(range(1, 13))
