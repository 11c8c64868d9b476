"""Online cup fixtures: a table server with the scorekeeper and the cup layer on one SQLite file,
and an organiser signed in."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from stammtisch.cup.api import routers as cup_routers
from stammtisch.cup.api import startup as cup_startup
from stammtisch.scorekeeper.api import make_router
from stammtisch.scorekeeper.store import Store as ScoreStore
from stammtisch.server import ServerConfig, create_app

PASSWORD = "geheim-12345"


class Cup:
    """A started app (``client``) and the organiser's header (``auth``); ``restart()`` stops the app
    and starts a new one on the same database (as after a crash: nothing in memory survives)."""

    def __init__(self, tmp_path, **cfg):
        self.url = f"sqlite:///{tmp_path / 'cup.sqlite3'}"
        self.cfg = cfg
        self.client: TestClient | None = None
        self.start()

    def start(self, observe: bool = True) -> None:
        cfg = dict(bot_delay=0.0, grace=1000.0, search_processes=0, warm_search=False, create_burst=10_000,
                   login_burst=10_000, rate_burst=10_000, rate_per_second=10_000.0, allow_seed=True)
        cfg.update(self.cfg)
        self.scores = ScoreStore(self.url)
        if "Maria" not in {o["name"] for o in self.scores.organisers()}:
            self.scores.create_organiser("Maria", PASSWORD)
        app = create_app(database_url=self.url, config=ServerConfig(**cfg),
                         routers=[make_router(self.scores), *cup_routers], startup=[cup_startup(self.scores)])
        self.client = TestClient(app)
        self.client.__enter__()
        if not observe:  # as if every row write were lost: only the catch-up at the next start writes them
            app.state.tables.deal_observers.clear()
        r = self.client.post("/scorekeeper/api/login", json={"name": "Maria", "password": PASSWORD})
        assert r.status_code == 200, r.text
        self.auth = {"Authorization": f"Bearer {r.json()['token']}"}

    def stop(self) -> None:
        if self.client is not None:
            self.client.__exit__(None, None, None)
            self.client = None

    def restart(self, observe: bool = True) -> None:
        self.stop()
        self.start(observe)

    @property
    def app(self):
        return self.client.app

    def call(self, method: str, path: str, body=None, status: int | None = None):
        r = self.client.request(method, path, json=body, headers=self.auth)
        if status is not None:
            assert r.status_code == status, r.text
        else:
            assert r.status_code < 300, r.text
        return r.json()

    def create(self, game: str, names, *, profile=None, rounds=1, **settings):
        body = {"name": f"Cup {game}", "game": game, "rounds": rounds, "settings": settings}
        if profile:
            body["profile"] = profile
        tid = self.call("POST", "/cup/api/cups", body)["tournament"]["id"]
        self.call("POST", f"/cup/api/cups/{tid}/players", {"players": [{"name": n} for n in names]})
        return tid


@pytest.fixture
def cup(tmp_path):
    c = Cup(tmp_path)
    yield c
    c.stop()


@pytest.fixture
def make_cup(tmp_path):
    made = []

    def make(**cfg):
        c = Cup(tmp_path, **cfg)
        made.append(c)
        return c

    yield make
    for c in made:
        c.stop()
