"""Reconnect, stand-in computer players after the grace period, move timers, accounts, channels."""

from __future__ import annotations

import time

import pytest

from stammtisch.core import registry
from tests.core import toy

from .helpers import create_table, latest_state, recv_until


def _table(client, tid):
    return client.app.state.tables.by_id[tid]


def _start(client, humans=1, **extra):
    made = create_table(client, options={"target": 1}, bot="random", seed=2, **extra)
    tid, tokens = made["table"]["id"], [made["token"]]
    for i in range(1, humans):
        tokens.append(client.post(f"/api/tables/{tid}/seats", json={"name": f"P{i}"}).json()["token"])
    client.post(f"/api/tables/{tid}/bots", json={"token": tokens[0]})
    assert client.post(f"/api/tables/{tid}/start", json={"token": tokens[0]}).status_code == 200
    return tid, tokens


def _wait(pred, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.02)
    return False


def test_a_computer_player_stands_in_after_the_grace_period(make_client):
    client = make_client(grace=0.3)
    tid, tokens = _start(client, humans=1)
    t = _table(client, tid)
    # nobody connects for seat 0: after the grace period the stand-in plays the whole match
    assert _wait(lambda: t.status == "finished", 30)
    loaded = t.tables.store.load(t.number)
    actors = {a.actor for a in loaded.actions if a.seat == 0}
    assert actors == {"standin"}


def test_reconnect_restores_the_seat_with_a_full_snapshot_and_the_person_plays_again(make_client):
    client = make_client(grace=1000)
    tid, tokens = _start(client, humans=1)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        st = latest_state(ws)
        assert st["you"] == 0 and st["view"]["deal"]["hand"]
    t = _table(client, tid)
    assert _wait(lambda: 0 in t.away_since)
    info = client.get(f"/api/tables/{tid}").json()["table"]
    assert info["seats"][0]["away"] and not info["seats"][0]["standin"]
    left_at = t.version
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        st = latest_state(ws)
        # a full snapshot of the table as it stands (computer seats may have moved on since: never
        # newer than the table, never older than when the person left)
        assert st["you"] == 0 and st["view"]["seat"] == 0 and left_at <= st["version"] <= t.version
        assert 0 not in t.away_since


def test_an_expired_move_timer_plays_a_legal_card_chosen_by_the_computer(make_client):
    client = make_client(grace=1000)
    tid, tokens = _start(client, humans=1, move_seconds=0.2)
    t = _table(client, tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        latest_state(ws)
        assert _wait(lambda: any(s == 0 for s, _ in t.log), 20)
    loaded = t.tables.store.load(t.number)
    assert {a.actor for a in loaded.actions if a.seat == 0} == {"timer"}


def test_silence_in_the_bidding_counts_as_passing():
    """Tiroler Cup, Lizitation: the timer picks the pass word when it is legal."""
    from stammtisch.server.driver import PASS_WORDS
    from stammtisch.server.table import Table

    class Fake:
        to_act = staticmethod(lambda: (0,))
        legal_actions = staticmethod(lambda s: ["bid:dreier", "weiter"])

    fake_table = Table.__new__(Table)
    fake_table.match = Fake()
    assert "weiter" in PASS_WORDS
    assert Table._timeout(fake_table, 0) == (0, "weiter", "timer")


def test_accounts_use_argon2_and_sessions_take_seats(client):
    r = client.post("/api/accounts", json={"name": "Vroni", "password": "geheim123"})
    assert r.status_code == 200
    session = r.json()["session"]
    assert client.post("/api/accounts", json={"name": "Vroni", "password": "geheim123"}).status_code == 409
    assert client.post("/api/accounts", json={"name": "X", "password": "short"}).status_code == 400
    assert client.post("/api/login", json={"name": "Vroni", "password": "falsch!!"}).status_code == 403
    assert client.post("/api/login", json={"name": "Vroni", "password": "geheim123"}).status_code == 200
    store = client.app.state.store
    assert store.account_by_name("Vroni").password_hash.startswith("$argon2")
    made = create_table(client, name=None)
    tid = made["table"]["id"]
    r = client.post(f"/api/tables/{tid}/seats", json={"session": session})
    assert r.status_code == 200 and r.json()["table"]["seats"][0]["name"] == "Vroni"
    assert client.post(f"/api/tables/{tid}/seats", json={"session": "forged"}).status_code == 403


class OuvertDeal(toy.ToyDeal):
    """The toy game with an ouvert-like channel for seats 1..3 (the game declares it in its view)."""

    def view(self, seat):
        v = super().view(seat)
        v["channels"] = {"opponents": [1, 2, 3]}
        return v


class OuvertGame(toy.ToyGame):
    name = "toy_ouvert"

    def new_deal(self, options, ctx):
        return OuvertDeal(ctx)


@pytest.fixture
def ouvert(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "toy_ouvert", "tests.server.test_presence")
    monkeypatch.setitem(registry._cache, "toy_ouvert", OuvertGame())


@pytest.mark.parametrize("ohne_reden", [False, True])
def test_ouvert_opponents_confer_in_their_channel_unless_ohne_reden(client, ouvert, ohne_reden):
    """Tiroler Cup, Ouvertspiele: opponents may confer (mit Reden) or must keep silent (ohne Reden)."""
    made = create_table(client, game="toy_ouvert", bot="random", ohne_reden=ohne_reden)
    tid, tokens = made["table"]["id"], [made["token"]]
    for i in (1, 2, 3):
        tokens.append(client.post(f"/api/tables/{tid}/seats", json={"name": f"P{i}"}).json()["token"])
    client.post(f"/api/tables/{tid}/start", json={"token": tokens[0]})
    cms = [client.websocket_connect(f"/ws/{tid}") for _ in range(4)]
    wss = [c.__enter__() for c in cms]
    try:
        for ws, tok in zip(wss, tokens):
            ws.send_json({"type": "hello", "token": tok})
        states = [latest_state(ws) for ws in wss]
        assert ("opponents" in states[1]["channels"]) is (not ohne_reden)
        assert "opponents" not in states[0]["channels"]
        wss[1].send_json({"type": "chat", "channel": "opponents", "text": "spiel Eichel"})
        if ohne_reden:
            err = recv_until(wss[1], lambda m: m["type"] == "error")
            assert err["code"] == "channel" and "ohne Reden" in err["message"]
        else:
            assert recv_until(wss[2], lambda m: m["type"] == "chat")["text"] == "spiel Eichel"
            wss[0].send_json({"type": "chat", "channel": "table", "text": "probe"})
            first = recv_until(wss[0], lambda m: m["type"] == "chat")
            assert first["channel"] == "table"  # the declarer never got the opponents' message
    finally:
        for c in cms:
            c.__exit__(None, None, None)


def test_a_slow_computer_player_does_not_stop_the_server(tmp_path, monkeypatch):
    """Bots think on a worker thread: while one table's computer player thinks, the event loop
    (every other table, every socket) keeps running. One loop, as under uvicorn."""
    import asyncio
    import threading

    from stammtisch.bots.random import RandomBot
    from stammtisch.server.store import Store
    from stammtisch.server.registry import Tables
    from stammtisch.server.tables import ServerConfig
    from stammtisch.storage import make_engine

    entered, release = threading.Event(), threading.Event()

    def slow_choose(self, turn, rng):
        entered.set()
        release.wait(3)
        return turn.legal[0]

    monkeypatch.setattr(RandomBot, "choose", slow_choose)

    async def main():
        tables = Tables(Store(make_engine(f"sqlite:///{tmp_path / 'd.sqlite3'}")),
                        ServerConfig(bot_delay=0, grace=0))  # grace 0: every seat is played by a computer
        t = await tables.create("toy", None, {}, None, "random", {})
        _, token = await t.take_seat(None, "A")
        await t.fill_bots(token)
        await t.start(token)
        for _ in range(300):
            if entered.is_set():
                break
            await asyncio.sleep(0.01)
        assert entered.is_set()
        start = time.monotonic()
        await asyncio.sleep(0.02)
        elapsed = time.monotonic() - start
        release.set()
        await tables.close()
        return elapsed

    assert asyncio.run(main()) < 1.0
