"""Migrations (own version table, idempotent), the store's append-only log, and `stammtisch serve --help`."""

from __future__ import annotations

import pytest
from sqlalchemy import inspect, text
from sqlalchemy.exc import IntegrityError
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.server.store import Store, hash_token, new_token
from stammtisch.storage import make_engine


def test_migrations_use_their_own_version_table_and_run_twice(tmp_path):
    engine = make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}")
    Store(engine)
    Store(engine)  # second start: nothing to do, no error
    names = set(inspect(engine).get_table_names())
    assert {"alembic_version_server", "server_tables", "server_seats", "server_deals", "server_actions",
            "server_accounts", "server_sessions", "server_analyses"} <= names
    assert "alembic_version" not in names
    with engine.connect() as c:
        assert c.execute(text("select version_num from alembic_version_server")).scalar() == "0003_server_analyses"


def test_the_log_cannot_fork(tmp_path):
    store = Store(make_engine(f"sqlite:///{tmp_path / 'x.sqlite3'}"))
    row = store.create_table(game="toy", profile="standard", options={}, max_deals=None, bot_kind="random",
                             settings={}, num_seats=4)
    store.append(row.number, 1, 0, "E6", "person")
    with pytest.raises(IntegrityError):
        store.append(row.number, 1, 1, "E7", "person")
    assert [(a.version, a.action) for a in store.load(row.number).actions] == [(1, "E6")]


def test_tokens_are_unguessable_and_stored_hashed():
    a, b = new_token(), new_token()
    assert a != b and len(a) >= 32
    assert hash_token(a) != a and len(hash_token(a)) == 64


def test_serve_command_is_registered():
    r = CliRunner().invoke(app, ["serve", "--help"])
    assert r.exit_code == 0
    for opt in ("--host", "--port", "--data", "--database-url"):
        assert opt in r.output


def test_a_table_whose_engine_is_gone_does_not_stop_the_server(make_client, monkeypatch):
    from stammtisch.core import registry

    client = make_client()
    made = client.post("/api/tables", json={"game": "toy", "name": "A", "bot": "random"}).json()
    number = made["table"]["number"]
    client.__exit__(None, None, None)
    monkeypatch.setitem(registry._GAMES, "toy", "tests.no_such_module")
    monkeypatch.delitem(registry._cache, "toy")
    again = make_client()  # recovery skips the table it cannot rebuild
    assert again.get("/api/games").status_code == 200
    assert again.get(f"/api/records/{number}").status_code == 404
