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


def play(seats: list[Seat], version: int, steps: int | None, rng: random.Random, sent: list) -> int:
    """Play ``steps`` actions (or to the end) starting at ``version``; returns the last acked version."""
    n = 0
    while steps is None or n < steps:
        st = seats[0].state_at(version)
        view = st["view"]
        if view["over"]:
            return version
        seat = view["to_act"][0]
        me = seats[seat].state_at(version)
        action = rng.choice(me["view"]["legal"])
        seats[seat].ws.send(json.dumps({"type": "act", "version": version, "action": action}))
        ack = seats[seat].recv(lambda m: m["type"] in ("ack", "error"))
        assert ack["type"] == "ack" and ack["version"] == version + 1, ack
        sent.append([seat, action])
        version += 1
        n += 1
    return version


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
            v = play(seats, 0, steps, rng, sent)
            views = [s.state_at(v)["view"] for s in seats]
            progress[tid] = (v, views, sent)
            for s in seats:
                s.close()
        srv.kill9()

        srv.start()  # same data folder, same port
        for tid, tokens in tables:
            v, views, sent = progress[tid]
            seats = [Seat(srv.url, tid, t) for t in tokens]
            for s, before in zip(seats, views):
                st = s.state_at(0)
                assert st["version"] == v, "table must resume at its last acknowledged action"
                assert st["view"] == before, "every seat must see exactly what it saw before the crash"
            end = play(seats, v, None, rng, sent)
            assert seats[0].state_at(end)["view"]["over"]
            for s in seats:
                s.close()
            number = httpx.get(srv.url + f"/api/tables/{tid}").json()["table"]["number"]
            rec = httpx.get(srv.url + f"/api/records/{number}").json()
            flat = [a for d in rec["deals"] for a in d["actions"]]
            assert flat == sent, "the log holds exactly the acknowledged actions, in order"
            assert records.replay(rec).is_over()
    finally:
        srv.stop()
