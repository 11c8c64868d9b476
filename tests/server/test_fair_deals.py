"""Provably fair deals at server tables (issue 38 item 1, docs/fair-deals.md) and seeded computer
players (issue 34 item 6).

A table draws a secret seed when it opens and publishes its SHA-256 commitment; every deal comes
from the seed; the seed stays on the server (no message to a seat or Kiebitz, no log line) until
the Partie is over, then it is revealed and written into the record, which ``verify`` accepts."""

from __future__ import annotations

import copy
import json
import logging
import random

import pytest

from stammtisch import bots as botkit
from stammtisch.core import fairdeal, registry
from stammtisch.core.protocol import Deal, Match, Turn
from stammtisch.core.verify import VerifyError, verify

from .helpers import create_table


def _table(client, tid):
    return next(t for t in client.app.state.tables.by_number.values() if t.public_id == tid)


def _play(client, tid, token, seat, messages, stop=lambda view, n: False, limit=4000):
    """Play ``seat`` (its first legal action) over a socket, a Kiebitz watching too; every raw
    message both get is appended to ``messages``. Returns the last view (``stop`` may end early)."""
    acted = 0
    view = None
    with client.websocket_connect(f"/ws/{tid}") as ws, client.websocket_connect(f"/ws/{tid}") as kib:
        ws.send_json({"type": "hello", "token": token})
        kib.send_json({"type": "hello"})
        for _ in range(limit):
            ws.send_json({"type": "sync"})
            ws.send_json({"type": "ping", "id": 1})
            st = None
            while True:
                raw = ws.receive_text()
                messages.append(raw)
                m = json.loads(raw)
                if m["type"] == "state":
                    st = m
                if m["type"] == "pong":
                    break
            view = st["view"]
            if view["over"] or stop(view, acted):
                break
            if seat in view["to_act"]:
                ws.send_json({"type": "act", "version": st["version"], "action": view["legal"][0]})
                while True:
                    raw = ws.receive_text()
                    messages.append(raw)
                    if json.loads(raw)["type"] in ("ack", "error"):
                        break
                acted += 1
        kib.send_json({"type": "ping", "id": 2})
        while True:
            raw = kib.receive_text()
            messages.append(raw)
            if json.loads(raw)["type"] == "pong":
                break
    return view


def _open(client, game="jass", max_deals=2, bot="rule"):
    # to 2500 points: the deals asked for are played (a Jass Partie to 1000 may end after one deal)
    made = create_table(client, game=game, name=None, bot=bot, max_deals=max_deals,
                        **({"profile": "2500"} if game == "jass" else {}))
    tid, owner = made["table"]["id"], made["token"]
    token = client.post(f"/api/tables/{tid}/seats", json={"name": "Anna", "seat": 0}).json()["token"]
    assert client.post(f"/api/tables/{tid}/bots", json={"token": owner}).status_code == 200
    return made, tid, owner, token


def test_the_commitment_is_published_before_the_first_card_and_the_seed_never_before_the_end(make_client, caplog):
    caplog.set_level(logging.DEBUG)
    client = make_client()
    made, tid, owner, token = _open(client)
    table = _table(client, tid)
    seed = table.settings["fair_seed"]
    committed = made["table"]["settings"]["commitment"]
    assert committed == fairdeal.commitment(bytes.fromhex(seed))
    # on the lobby's table entry, before any card is dealt (the table is still open)
    entry = next(t for t in client.get("/api/tables").json()["tables"] if t["id"] == tid)
    assert entry["status"] == "open" and entry["settings"]["commitment"] == committed
    assert "fair_seed" not in entry["settings"] and "bot_seed" not in entry["settings"]
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    messages: list[str] = []
    last = _play(client, tid, token, 0, messages, stop=lambda view, n: n >= 5)
    assert not last["over"]
    secrets = (seed, table.settings["bot_seed"])
    assert messages and not any(s in m for m in messages for s in secrets), "a message carried a secret seed"
    assert any(committed in m for m in messages)  # every seat and Kiebitz got the commitment
    assert client.get(f"/api/records/{table.number}").status_code != 200  # no record while it runs
    # the rest of the Partie: still nothing until the end, then the seed for everybody
    tail: list[str] = []
    last = _play(client, tid, token, 0, tail)
    assert last["over"]
    revealing = [json.loads(m) for m in tail if any(s in m for s in secrets)]
    assert revealing, "the seed is revealed once the Partie is over"
    assert all(m["table"]["status"] == "finished" for m in revealing), "a secret seed before the end"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert seed not in logged and table.settings["bot_seed"] not in logged


def test_a_finished_tables_record_carries_commitment_and_seed_and_verifies(make_client, tmp_path):
    client = make_client()
    made, tid, owner, token = _open(client, max_deals=2)
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    assert _play(client, tid, token, 0, [])["over"]
    number = _table(client, tid).number
    rec = client.get(f"/api/records/{number}").json()
    assert rec["commitment"] == made["table"]["settings"]["commitment"]
    assert rec["seed"] == _table(client, tid).settings["fair_seed"]
    assert rec["derivation"] == fairdeal.DERIVATION
    assert rec["bots"]["seats"] == [1, 2, 3] and rec["bots"]["kind"] == "rule"
    assert verify(rec) == len(rec["deals"]) == 2
    # one card moved between two hands of deal 2: refused, naming deal 2
    bad = copy.deepcopy(rec)
    hands = bad["deals"][1]["deal"]["hands"]
    hands[0][0], hands[1][0] = hands[1][0], hands[0][0]
    with pytest.raises(VerifyError) as e:
        verify(bad)
    assert e.value.deal == 1 and "deal 2" in str(e.value)
    # a changed seed: its SHA-256 is not the commitment
    bad = copy.deepcopy(rec)
    bad["seed"] = ("0" if rec["seed"][0] != "0" else "1") + rec["seed"][1:]
    with pytest.raises(VerifyError, match="commitment does not match"):
        verify(bad)


def test_a_restarted_server_deals_the_same_deals_from_the_stored_seed(make_client):
    client = make_client()
    made, tid, owner, token = _open(client, max_deals=3)
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    _play(client, tid, token, 0, [], stop=lambda view, n: n >= 3)  # in the middle of deal 1
    client.__exit__(None, None, None)
    again = make_client()  # recovery: the action log replayed; deals 2 and 3 dealt after it
    table = next(t for t in again.app.state.tables.by_number.values() if t.public_id == tid) \
        if any(t.public_id == tid for t in again.app.state.tables.by_number.values()) else None
    if table is None:
        again.get(f"/api/tables/{tid}")
        table = _table(again, tid)
    assert _play(again, tid, token, 0, [])["over"]
    rec = again.get(f"/api/records/{table.number}").json()
    assert len(rec["deals"]) == 3 and verify(rec) == 3


def test_a_tables_computer_players_replay_from_the_seed_in_the_record(make_client):
    """Issue 34 item 6: every computer decision is seeded from the table (``bots.seed`` in the
    record and the decision's place), so the record replays a search decision exactly."""
    client = make_client()
    made, tid, owner, token = _open(client, max_deals=1, bot="search:easy")
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    assert _play(client, tid, token, 0, [])["over"]
    rec = client.get(f"/api/records/{_table(client, tid).number}").json()
    assert rec["bots"]["kind"] == "search:easy" and len(rec["bots"]["seed"]) == 32
    game = registry.get(rec["game"])
    match = Match(game, rec["profile"], rec["bots"]["view_options"], seats=rec["seats"], max_deals=rec["max_deals"],
                  recorded=[(d["dealer"], Deal.from_json(d["deal"], game.deck)) for d in rec["deals"]])
    checked = 0
    for k, (seat, action) in enumerate(rec["deals"][0]["actions"]):
        legal = match.legal_actions(seat)
        if seat in rec["bots"]["seats"] and seat in match.to_act() and len(legal) > 1:
            bot = botkit.make(rec["bots"]["kind"], game)
            view = match.view(seat)
            seed = fairdeal.decision_seed(rec["bots"]["seed"], 0, k, seat, "choose")
            assert bot.choose(Turn(seat, legal, lambda v=view: v), random.Random(seed)) == action, (k, seat)
            checked += 1
        match.apply(seat, action)
    assert checked >= 10
