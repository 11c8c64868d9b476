"""Crash test: a server process plays part of several games over WebSockets, is killed with
SIGKILL, started again on the same database, and every table continues from its last
acknowledged action -- same version, same observation for every seat -- to the end."""

from __future__ import annotations

import json
import random

import httpx
import pytest
from websockets.sync.client import connect

from stammtisch.core import records

from .live import LiveServer

pytestmark = [pytest.mark.slow, pytest.mark.filterwarnings("ignore:connect\\(\\) must be used")]


class Seat:
    def __init__(self, url: str, tid: str, token: str):
        self.ws = connect(url.replace("http", "ws") + f"/ws/{tid}", open_timeout=10)
        self.ws.send(json.dumps({"type": "hello", "token": token}))
        self.state = None

    def recv(self, pred):
        while True:
            m = json.loads(self.ws.recv(timeout=10))
            if m["type"] == "state":
                if m["view"] is not None and "results" not in m["view"]:  # unchanged: keep the last list
                    m["view"]["results"] = self.state["view"]["results"]
                self.state = m
            if pred(m):
                return m

    def state_at(self, version):
        if self.state and self.state["version"] >= version:
            return self.state
        return self.recv(lambda m: m["type"] == "state" and m["version"] >= version)

    def close(self):
        self.ws.close()


def open_tables(url: str, games: list[str], seed0: int) -> list[tuple[str, list[str]]]:
    out = []
    for k, game in enumerate(games):
        body = {"game": game, "name": "P0", "bot": "random", "seed": seed0 + k}
        body.update({"options": {"target": 2}} if game == "toy" else {"max_deals": 1})
        made = httpx.post(url + "/api/tables", json=body).json()
        tid, tokens = made["table"]["id"], [made["token"]]
        for s in range(1, len(made["table"]["seats"])):
            tokens.append(httpx.post(url + f"/api/tables/{tid}/seats", json={"name": f"P{s}", "seat": s})
                          .json()["token"])
        assert httpx.post(url + f"/api/tables/{tid}/start", json={"token": tokens[0]}).status_code == 200
        out.append((tid, tokens))
    return out


def current(seat: Seat) -> dict:
    """The seat's state as the server has it now (a sync, then a ping to know it has arrived)."""
    seat.pings = getattr(seat, "pings", 0) + 1
    seat.ws.send(json.dumps({"type": "sync"}))
    seat.ws.send(json.dumps({"type": "ping", "id": seat.pings}))
    seat.recv(lambda m: m["type"] == "pong" and m["id"] == seat.pings)
    return seat.state


def play(seats: list[Seat], steps: int | None, rng: random.Random, sent: list) -> list[int]:
    """Play ``steps`` actions (or to the end); returns each seat's version afterwards. Versions are per
    seat: a secret action (a Perlaggen partner signal) counts only for the seats that witness it."""
    n = 0
    while steps is None or n < steps:
        states = [current(s) for s in seats]
        view = states[0]["view"]
        if view["over"]:
            break
        seat = view["to_act"][0]
        me = states[seat]
        action = rng.choice(me["view"]["legal"])
        seats[seat].ws.send(json.dumps({"type": "act", "version": me["version"], "action": action}))
        ack = seats[seat].recv(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["version"] == me["version"] + 1, ack
        sent.append([seat, action])
        n += 1
    return [current(s)["version"] for s in seats]


def test_kill_dash_nine_and_every_table_resumes_at_its_last_acknowledged_action(tmp_path):
    rng = random.Random(5)
    srv = LiveServer(tmp_path).start()
    try:
        games = ["toy", "toy"] + [g["name"] for g in httpx.get(srv.url + "/api/games").json()["games"]
                                  if g["name"] != "toy"]
        tables = open_tables(srv.url, games, 40)
        progress = {}
        for (tid, tokens), steps in zip(tables, (3, 40, 17, 9, 25, 30, 11)):
            seats = [Seat(srv.url, tid, t) for t in tokens]
            sent: list = []
            v = play(seats, steps, rng, sent)
            views = [s.state["view"] for s in seats]
            progress[tid] = (v, views, sent)
            for s in seats:
                s.close()
        srv.kill9()

        srv.start()  # same data folder, same port
        for tid, tokens in tables:
            v, views, sent = progress[tid]
            seats = [Seat(srv.url, tid, t) for t in tokens]
            for s, before, known in zip(seats, views, v):
                st = current(s)
                assert st["version"] == known, "table must resume at its last acknowledged action"
                assert st["view"] == before, "every seat must see exactly what it saw before the crash"
            play(seats, None, rng, sent)
            assert current(seats[0])["view"]["over"]
            for s in seats:
                s.close()
            number = httpx.get(srv.url + f"/api/tables/{tid}").json()["table"]["number"]
            rec = httpx.get(srv.url + f"/api/records/{number}").json()
            flat = [a for d in rec["deals"] for a in d["actions"]]
            assert flat == sent, "the log holds exactly the acknowledged actions, in order"
            assert records.replay(rec).is_over()
    finally:
        srv.stop()
