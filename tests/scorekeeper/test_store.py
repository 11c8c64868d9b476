"""Storage: migrations with their own version table, optimistic versioning, history, Tischzettel entry."""

import threading

import pytest
from sqlalchemy import inspect, text

from stammtisch.core.errors import IllegalAction
from stammtisch.scorekeeper.errors import Conflict, Forbidden, NotFound
from stammtisch.scorekeeper.store import VERSION_TABLE, Store


@pytest.fixture
def store(tmp_path):
    return Store(f"sqlite:///{tmp_path / 'sk.sqlite3'}")


def _table(store, game="tarock", names=("A", "B", "C", "D")):
    oid = store.create_organiser("Wirt", "geheim-12345")["id"] if not store.organisers() else 1
    t = store.create_tournament("Stammtisch", game, kind="table", names=list(names), organiser=oid)
    return t["rounds"][0]["tables"][0]["id"], t["id"], oid


def test_migrations_use_their_own_version_table(store):
    insp = inspect(store.engine)
    names = set(insp.get_table_names())
    assert VERSION_TABLE == "alembic_version_scorekeeper" and VERSION_TABLE in names
    assert {"sk_tournament", "sk_player", "sk_round", "sk_table", "sk_seat", "sk_entry", "sk_revision"} <= names
    with store.engine.connect() as c:
        assert c.execute(text(f"select version_num from {VERSION_TABLE}")).scalar() == "sk0004"
    Store(store.engine)  # migrating again is a no-op


def test_stale_version_is_a_conflict_and_loses_nothing(store):
    tab, _, _ = _table(store)
    v = store.table(tab)["version"]
    store.write(tab, v, {"kind": "row", "points": [3, -1, -1, -1]})
    with pytest.raises(Conflict) as e:  # the second device still shows version v
        store.write(tab, v, {"kind": "row", "points": [-1, 3, -1, -1]})
    assert e.value.current == v + 1
    t = store.table(tab)
    assert [r["points"] for r in t["rows"]] == [[3, -1, -1, -1]]
    store.write(tab, t["version"], {"kind": "row", "points": [-1, 3, -1, -1]})
    assert len(store.table(tab)["rows"]) == 2


def test_two_devices_writing_at_once_never_lose_a_row(tmp_path):
    """Two stores (two devices / processes) on one database file write concurrently."""
    url = f"sqlite:///{tmp_path / 'race.sqlite3'}"
    a, b = Store(url), Store(url, migrate=False)
    tab, _, _ = _table(a)
    ok, conflicts = [], []

    def device(store, n):
        for _ in range(n):
            while True:
                v = store.table(tab)["version"]
                try:
                    store.write(tab, v, {"kind": "row", "points": [1, -1, 1, -1]})
                    ok.append(1)
                    break
                except Conflict:
                    conflicts.append(1)

    ts = [threading.Thread(target=device, args=(s, 8)) for s in (a, b)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    rows = a.table(tab)["rows"]
    assert len(ok) == 16 == len(rows)
    assert [r["number"] for r in rows] == list(range(1, 17))
    assert a.table(tab)["version"] == 1 + 16


def test_corrections_keep_history(store):
    tab, _, _ = _table(store)
    store.write(tab, None, {"kind": "row", "points": [3, -1, -1, -1]})
    store.correct(tab, 1, None, {"kind": "row", "points": [6, -2, -2, -2]}, reason="Trull vergessen", author="Pos. 4")
    store.strike(tab, 1, None, "nicht klärbar")
    h = store.history(tab, 1)
    assert [x["action"] for x in h] == ["write", "correct", "strike"]
    assert h[0]["settlement"]["points"] == [3, -1, -1, -1] and h[1]["author"] == "Pos. 4"
    assert store.table(tab)["totals"] == [0, 0, 0, 0]
    with pytest.raises(NotFound):
        store.history(tab, 9)


def test_enter_a_finished_tischzettel(store):
    tab, _, _ = _table(store, "doppelkopf")
    out = store.enter_sheet(tab, None, [[1, 1, -1, -1], [3, 3, 3, -3], {"kind": "row", "points": [-3, 1, 1, 1],
                                                                        "solo_by": 2}])
    assert [r["struck"] for r in out["rows"]] == [False, True, False]
    assert out["totals"] == [-2, 2, 0, 0]
    # the Pflichtsolo of position 2 was game 3 (solo_by given on the Tischzettel row)
    assert out["pflichtsolo"]["2"] == 3
    with pytest.raises(IllegalAction, match="empty list"):
        store.enter_sheet(tab, None, [[1, 1, -1, -1]])


def test_enter_sheet_refuses_a_bad_row_naming_it(store):
    tab, _, _ = _table(store)
    with pytest.raises(IllegalAction, match="row 2"):
        store.enter_sheet(tab, None, [[1, 1, -1, -1], [1, 2, 3]])
    assert store.table(tab)["rows"] == []


def test_organiser_sessions_and_entry_codes(store):
    tab, tid, oid = _table(store)
    tok = store.login("Wirt", "geheim-12345")["token"]
    boss = store.principal(tok)
    assert boss.organiser == oid
    store.authorize(boss, tid)
    code = store.issue_codes(tid)[tab]
    keeper = store.principal(store.unlock_table(tab, code)["token"])
    store.authorize(keeper, tid, tab)
    with pytest.raises(Forbidden):
        store.authorize(keeper, tid)  # a table's session is not the organiser's
    with pytest.raises(Forbidden):
        store.unlock_table(tab, "WRONG-CODE0")
    with pytest.raises(Forbidden):
        store.login("Wirt", "falsch-12345")
    with pytest.raises(Forbidden):
        store.login("Niemand", "geheim-12345")
    store.logout(tok)
    assert store.principal(tok) is None
    with pytest.raises(Forbidden):
        store.authorize(store.principal(tok), tid)
    # nothing secret is stored in the clear
    with store.engine.connect() as c:
        dump = " ".join(str(r) for t in ("sk_organiser", "sk_session", "sk_table")
                        for r in c.execute(text(f"select * from {t}")))
    assert code not in dump and code.replace("-", "") not in dump and "geheim-12345" not in dump and tok not in dump


def test_manual_draw_and_withdrawn_players(store):
    t = store.create_tournament("Cup", "doppelkopf", rounds=2)
    store.add_players(t["id"], [{"name": n} for n in "ABCDEFGHI"])
    with pytest.raises(IllegalAction, match="missing"):
        store.draw_round(t["id"], method="manual", tables=[[1, 2, 3, 4]])
    with pytest.raises(IllegalAction, match="registered already"):
        store.add_players(t["id"], [{"name": "a"}])
    store.set_player_active(t["id"], 9, False)
    r = store.draw_round(t["id"], method="manual", tables=[[1, 2, 3, 4], [5, 6, 7, 8]])
    assert [s["name"] for s in r["tables"][1]["seats"]] == ["E", "F", "G", "H"]
    store.delete_last_round(t["id"])
    r = store.draw_round(t["id"], method="random", seed="abc")
    assert r["seed"] == "abc" and [tab["size"] for tab in r["tables"]] == [4, 4]
    store.draw_round(t["id"], method="schedule", seed="x")
    with pytest.raises(IllegalAction, match="all 2 rounds"):
        store.draw_round(t["id"])


def test_create_refuses_bad_settings(store):
    with pytest.raises(IllegalAction):
        store.create_tournament("X", "skat")
    with pytest.raises(IllegalAction):
        store.create_tournament("X", "tarock", rounds=0)
    with pytest.raises(IllegalAction):
        store.create_tournament("X", "tarock", games={6: 10})
    with pytest.raises(IllegalAction):
        store.create_tournament("X", "tarock", tiebreaks=["coin"])
    with pytest.raises(IllegalAction):
        store.create_tournament("  ", "tarock")


def test_migrations_match_the_models(store):
    """The migration creates exactly what the models declare (no autogenerate diff)."""
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    from stammtisch.scorekeeper.models import Base
    with store.engine.connect() as conn:
        mc = MigrationContext.configure(conn, opts={"include_object": lambda o, n, t, r, c:
                                                    t != "table" or n.startswith("sk_")})
        assert compare_metadata(mc, Base.metadata) == []


def test_downgrade_removes_the_tables(tmp_path):
    from alembic import command
    from alembic.config import Config

    from stammtisch.scorekeeper.store import MIGRATIONS
    s = Store(f"sqlite:///{tmp_path / 'd.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))
    with s.engine.begin() as conn:
        cfg.attributes["connection"] = conn
        cfg.attributes["version_table"] = VERSION_TABLE
        command.downgrade(cfg, "base")
    assert not [n for n in inspect(s.engine).get_table_names() if n.startswith("sk_")]


def test_migration_sk0002_keeps_data_and_drops_the_plain_keys(tmp_path):
    """A database at sk0001 (per-tournament key, plain 6-hex entry keys) upgrades: the tournament and
    its lists stay, the keys are gone, the tournament has no owner until one is assigned."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import create_engine

    from stammtisch.scorekeeper.store import MIGRATIONS

    engine = create_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    cfg = Config()
    cfg.set_main_option("script_location", str(MIGRATIONS))

    def to(rev, fn=command.upgrade):
        with engine.begin() as conn:
            cfg.attributes["connection"], cfg.attributes["version_table"] = conn, VERSION_TABLE
            fn(cfg, rev)

    to("sk0001")
    with engine.begin() as c:
        c.execute(text("insert into sk_tournament (id, name, game, options, kind, rounds_planned, games_4, games_5, "
                       "tiebreaks, lot_seed, organiser_key, published, created_at, version) values (1, 'Alt', "
                       "'tarock', '{}', 'tournament', 1, 16, 20, '[]', 's', 'abc', 0, '2026-01-01', 1)"))
        c.execute(text("insert into sk_round (id, tournament_id, number, method, seed, repeat_pairs, created_at) "
                       "values (1, 1, 1, 'manual', '', 0, '2026-01-01')"))
        c.execute(text("insert into sk_table (id, round_id, number, size, games_planned, entry_key, closed, version) "
                       "values (1, 1, 1, 4, 16, 'a1b2c3', 0, 3)"))
    store = Store(engine)  # runs sk0002
    cols = {c["name"] for c in inspect(engine).get_columns("sk_table")}
    assert "entry_key" not in cols and "code_hash" in cols
    assert "organiser_key" not in {c["name"] for c in inspect(engine).get_columns("sk_tournament")}
    t = store.tournament(1)
    assert t["name"] == "Alt" and t["organiser"] is None and t["rounds"][0]["tables"][0]["version"] == 3
    store.create_organiser("Neu", "geheim-12345")
    assert store.set_owner(1, "Neu")["organiser"] == store.organiser_id("Neu")
    to("sk0001", command.downgrade)  # and back
    assert "entry_key" in {c["name"] for c in inspect(engine).get_columns("sk_table")}
