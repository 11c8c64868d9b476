"""Server test fixtures: the toy game registered, an app on an in-memory or temporary SQLite database."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stammtisch.core import registry
from stammtisch.server import ServerConfig, create_app
from tests.core.toy import GAME as TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "toy", "tests.core.toy")
    monkeypatch.setitem(registry._cache, "toy", TOY)


@pytest.fixture
def make_client(tmp_path):
    """``make_client(**config)`` -> a started TestClient on a SQLite file in ``tmp_path`` (same file each call)."""
    opened = []

    def make(**cfg):
        cfg.setdefault("bot_delay", 0.0)
        cfg.setdefault("allow_seed", True)
        cfg.setdefault("grace", 1000.0)
        # the tests act as fast as the server answers; test_rate_limit sets its own limits
        cfg.setdefault("rate_burst", 10_000)
        cfg.setdefault("rate_per_second", 10_000.0)
        # many tables and logins from one test client; tests/server/test_hostile.py sets the real limits
        cfg.setdefault("create_burst", 10_000)
        cfg.setdefault("login_burst", 10_000)
        cfg.setdefault("search_processes", 0)
        # no kernel compiling in a worker at start (tests/server/test_botpool_warm.py tests it)
        cfg.setdefault("warm_search", False)
        app = create_app(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", config=ServerConfig(**cfg))
        client = TestClient(app)
        client.__enter__()
        opened.append(client)
        return client

    yield make
    for c in opened:
        try:
            c.__exit__(None, None, None)
        except Exception:
            pass


@pytest.fixture
def client(make_client):
    return make_client()
