"""Several server processes on one PostgreSQL (``ServerConfig.cluster``): a table opened at one
process is played through another, and when the owning process is killed (SIGKILL, mid-deal) the
other takes the table over from the action log and finishes it with every acknowledged action in
place. Runs when ``STAMMTISCH_TEST_POSTGRES_URL`` names an empty test database (CI starts one with
``scripts/ci-postgres``); skipped otherwise."""

from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time

import httpx
import pytest
from websockets.sync.client import connect

from stammtisch.core import records

from .live import ROOT, free_port

URL = os.environ.get("STAMMTISCH_TEST_POSTGRES_URL")
pytestmark = [pytest.mark.slow, pytest.mark.skipif(not URL, reason="STAMMTISCH_TEST_POSTGRES_URL not set"),
              pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")]


def empty_database() -> None:
    from sqlalchemy import inspect, text

    from stammtisch.storage import make_engine

    eng = make_engine(URL)
    with eng.begin() as c:
        for t in inspect(c).get_table_names():
            if t.startswith(("server_", "sk_")) or t.startswith("alembic_version"):
                c.execute(text(f"DROP TABLE IF EXISTS {t} CASCADE"))
    eng.dispose()


class Node:
    """One ``serve_cluster`` process."""

    def __init__(self):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.server.serve_cluster", str(self.port), URL],
                                     cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert self.proc.poll() is None, "a cluster process exited at start"
            try:
                if httpx.get(self.url + "/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("cluster process did not come up")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)


@pytest.fixture
def nodes():
    empty_database()
    made: list[Node] = []

    def start() -> Node:
        made.append(Node())
        return made[-1]

    yield start
    for n in made:
        n.stop()


class Seat:
    """A seat's socket that sends again what was not answered when the process behind it changes
    (it gets a fresh welcome and state then)."""

    def __init__(self, url: str, tid: str, token: str):
        self.ws = connect(url.replace("http", "ws") + f"/ws/{tid}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state: dict | None = None
        self.welcomes = 0
        self.pings = 0

    def ask(self, frames: list[dict], pred, timeout: float = 30.0) -> dict:
        for f in frames:
            self.ws.send(json.dumps(f))
        deadline = time.monotonic() + timeout
        while True:
            m = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if m["type"] == "welcome":
                self.welcomes += 1
                if self.welcomes > 1:  # a new owner: say it again
                    for f in frames:
                        self.ws.send(json.dumps(f))
            if m["type"] == "state":
                if m["view"] is not None and "results" not in m["view"] and self.state:
                    m["view"]["results"] = self.state["view"]["results"]
                self.state = m
            if pred(m):
                return m

    def current(self) -> dict:
        self.pings += 1
        self.ask([{"type": "sync"}, {"type": "ping", "id": self.pings}],
                 lambda m, p=self.pings: m["type"] == "pong" and m["id"] == p)
        assert self.state is not None
        return self.state


def play(seats: list[Seat], steps: int | None, rng: random.Random, acked: list) -> None:
    n = 0
    while steps is None or n < steps:
        states = [s.current() for s in seats]
        if states[0]["view"]["over"]:
            return
        seat = states[0]["view"]["to_act"][0]
        me = states[seat]
        action = rng.choice(me["view"]["legal"])
        ack = seats[seat].ask([{"type": "act", "version": me["version"], "action": action}],
                              lambda m: m["type"] in ("ack", "error"))
        if ack["type"] == "error" and ack.get("code") == "stale":
            continue  # the state moved meanwhile (an answer to a frame sent twice): look again
        assert ack["type"] == "ack", ack
        if not ack.get("duplicate"):
            acked.append([seat, action])
        n += 1


def open_toy(url_a: str, url_b: str) -> tuple[str, int, list[str]]:
    made = httpx.post(url_a + "/api/tables", json={"game": "toy", "name": "P0", "seed": 3,
                                                  "options": {"target": 12}}).json()
    tid, tokens = made["table"]["id"], [made["token"]]
    for s in range(1, len(made["table"]["seats"])):  # through the other process: forwarded to the owner
        r = httpx.post(url_b + f"/api/tables/{tid}/seats", json={"name": f"P{s}", "seat": s})
        assert r.status_code == 200, r.text
        tokens.append(r.json()["token"])
    assert httpx.post(url_b + f"/api/tables/{tid}/start", json={"token": tokens[0]}).status_code == 200
    return tid, made["table"]["number"], tokens


def test_a_table_opened_on_one_process_is_played_through_another(nodes):
    a, b = nodes(), nodes()
    tid, number, tokens = open_toy(a.url, b.url)
    seats = [Seat(b.url, tid, t) for t in tokens]
    acked: list = []
    play(seats, None, random.Random(1), acked)
    assert seats[0].current()["view"]["over"]
    # the lobby, the table list and the finished games are the same from every process
    for url in (a.url, b.url):
        assert any(g["number"] == number for g in httpx.get(url + "/api/games/finished").json()["games"])
        rec = httpx.get(url + f"/api/records/{number}").json()
        assert [x for d in rec["deals"] for x in d["actions"]] == acked
    assert httpx.get(a.url + "/api/tables").json() == httpx.get(b.url + "/api/tables").json()


def test_sigkill_of_the_owner_mid_deal_hands_the_table_over_with_every_acknowledged_action(nodes):
    a, b = nodes(), nodes()
    tid, number, tokens = open_toy(a.url, b.url)
    seats = [Seat(b.url, tid, t) for t in tokens]
    rng = random.Random(7)
    acked: list = []
    play(seats, 6, rng, acked)
    assert not seats[0].current()["view"]["over"]
    a.proc.send_signal(signal.SIGKILL)  # the owner dies mid-deal
    a.proc.wait(10)
    t0 = time.monotonic()
    seats[0].current()  # answered again once B has taken the table over
    takeover = time.monotonic() - t0
    assert takeover < 10, f"takeover took {takeover:.1f} s"
    play(seats, None, rng, acked)
    assert seats[0].current()["view"]["over"]
    assert all(s.welcomes >= 2 for s in seats), "each socket was handed to the new owner (a second welcome)"
    rec = httpx.get(b.url + f"/api/records/{number}").json()
    assert [x for d in rec["deals"] for x in d["actions"]] == acked, "every acknowledged action, in order"
    assert records.replay(rec).is_over()



def _cluster_nodes() -> int:
    """How many server processes have joined the cluster: each listens on its own channel (its
    last statement on that connection, as PostgreSQL shows it), after its start-up code ran."""
    from sqlalchemy import text

    from stammtisch.storage import make_engine

    eng = make_engine(URL)
    try:
        with eng.connect() as c:
            return int(c.execute(text("SELECT count(*) FROM pg_stat_activity WHERE datname = current_database() "
                                      "AND query LIKE 'LISTEN stammtisch_node_%'")).scalar() or 0)
    finally:
        eng.dispose()


def test_serve_workers_leaves_no_process_behind_when_the_supervisor_is_killed():
    """``serve --workers 2``: once both workers are up, the supervisor gets SIGKILL; the workers (and
    anything below them) end within seconds: the kernel's parent-death signal, and a thread that
    watches the supervisor. (A worker still importing when its supervisor dies ends as soon as its
    start-up code runs: test_workers.py.)"""
    from .helpers import assert_no_child_outlives, descendants, kill_tree

    empty_database()
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port),
                             "--database-url", URL, "--workers", "2", "--search-processes", "0"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    children: set[int] = set()
    try:
        deadline = time.monotonic() + 180  # importing the app takes long on a loaded machine
        while time.monotonic() < deadline and _cluster_nodes() < 2:
            assert proc.poll() is None, "the supervisor ended at start"
            time.sleep(0.2)
        assert _cluster_nodes() == 2, "both workers joined the cluster"
        children = descendants(proc.pid)
        assert len(children) >= 2, children
        assert_no_child_outlives(proc, children, signal.SIGKILL, wait=10)
    finally:
        kill_tree(proc, children)
