"""The table server over the in-process WebSocket: lobby, seats, play, stale/duplicate actions, views."""

from __future__ import annotations

import json

from .helpers import create_table, latest_state, recv_until


def test_games_catalogue_lists_the_registered_toy_game(client):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert "toy" in games
    toy = games["toy"]
    assert toy["seats"] == 4 and toy["deck"]["name"] == "jass" and "random" in toy["bots"]
    assert toy["profiles"]["standard"] == {"target": 5}
    # the web client takes its list of game renderers from here (no list of names in the browser)
    assert toy["renderer"] is False
    assert all(games[n]["renderer"] for n in ("jass", "doppelkopf", "tarock", "perlaggen"))


def test_create_take_seats_fill_bots_start(client):
    made = create_table(client, options={"target": 2}, bot="random", seed=1)
    tid, token = made["table"]["id"], made["token"]
    assert made["seat"] == 0 and len(token) >= 32
    r = client.post(f"/api/tables/{tid}/seats", json={"name": "Berta", "seat": 2})
    assert r.json()["seat"] == 2
    r = client.post(f"/api/tables/{tid}/seats", json={"name": "Carl", "seat": 2})
    assert r.status_code == 409 and r.json()["code"] == "taken"
    r = client.post(f"/api/tables/{tid}/start", json={"token": token})
    assert r.status_code == 409 and r.json()["code"] == "seats_empty"
    r = client.post(f"/api/tables/{tid}/bots", json={"token": "nonsense"})
    assert r.status_code == 403
    r = client.post(f"/api/tables/{tid}/bots", json={"token": token})
    assert r.json()["filled"] == [1, 3]
    seats = r.json()["table"]["seats"]
    assert seats[1]["kind"] == "bot" and "Computer" in seats[1]["name"]
    r = client.post(f"/api/tables/{tid}/start", json={"token": token})
    assert r.status_code == 200 and r.json()["table"]["status"] == "playing"


def test_options_are_checked_and_unknown_games_refused(client):
    r = client.post("/api/tables", json={"game": "toy", "options": {"target": "high"}})
    assert r.status_code == 400 and "target" in r.json()["message"]
    r = client.post("/api/tables", json={"game": "chess"})
    assert r.status_code == 400 and "unknown game" in r.json()["message"]
    r = client.post("/api/tables", content=b"{nope", headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["code"] == "bad_message"
    r = client.post("/api/tables", content=b"[" * 100_000, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["code"] == "too_large"


def _started_table(client, humans=1, target=1, **extra):
    made = create_table(client, options={"target": target}, bot="random", seed=7, **extra)
    tid, tokens = made["table"]["id"], [made["token"]]
    for i in range(1, humans):
        tokens.append(client.post(f"/api/tables/{tid}/seats", json={"name": f"P{i}", "seat": i}).json()["token"])
    client.post(f"/api/tables/{tid}/bots", json={"token": tokens[0]})
    assert client.post(f"/api/tables/{tid}/start", json={"token": tokens[0]}).status_code == 200
    return tid, tokens


def test_four_people_play_a_match_and_stale_or_duplicate_actions_are_idempotent(client):
    tid, tokens = _started_table(client, humans=4)
    socks = [client.websocket_connect(f"/ws/{tid}") for _ in range(4)]
    wss = [s.__enter__() for s in socks]
    try:
        for ws, tok in zip(wss, tokens):
            ws.send_json({"type": "hello", "token": tok})
            assert recv_until(ws, lambda m: m["type"] == "welcome")["role"] == "player"
        st = [latest_state(ws) for ws in wss]
        version = st[0]["version"]
        tested_dup = False
        while True:
            view = st[0]["view"]
            if view["over"]:
                break
            seat = view["to_act"][0]
            ws = wss[seat]
            # the hand of a seat appears only in its own view
            for other in range(4):
                if other != seat:
                    hand = st[other]["view"]["deal"]["hand"]
                    assert not set(hand) & set(st[seat]["view"]["deal"]["hand"])
            legal = st[seat]["view"]["legal"]
            ws.send_json({"type": "act", "version": version, "action": legal[0], "id": 1})
            ack = recv_until(ws, lambda m: m["type"] in ("ack", "error"))
            assert ack["type"] == "ack" and ack["version"] == version + 1, ack
            if not tested_dup:
                tested_dup = True
                ws.send_json({"type": "act", "version": version, "action": legal[0], "id": 2})
                again = recv_until(ws, lambda m: m["type"] in ("ack", "error"))
                assert again["type"] == "ack" and again.get("duplicate") and again["version"] == version + 1
                # a stale action of another content is refused with the current version
                ws.send_json({"type": "act", "version": version, "action": "E6", "id": 3})
                stale = recv_until(ws, lambda m: m["type"] == "error")
                assert stale["code"] in ("stale",) and stale["current"] == version + 1
            version += 1
            st = [latest_state(ws, version) for ws in wss]
        assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "finished"
    finally:
        for s in socks:
            s.__exit__(None, None, None)


def test_illegal_action_is_refused_with_rule_and_changes_nothing(client):
    tid, tokens = _started_table(client, humans=4)
    with client.websocket_connect(f"/ws/{tid}") as ws0, client.websocket_connect(f"/ws/{tid}") as ws1:
        ws0.send_json({"type": "hello", "token": tokens[0]})
        ws1.send_json({"type": "hello", "token": tokens[1]})
        sts = [latest_state(ws0), latest_state(ws1)]
        st = sts[0]
        seat = st["view"]["to_act"][0]
        not_turn = next(s for s in range(4) if s != seat and s in (0, 1))
        ws = ws0 if not_turn == 0 else ws1
        card = sts[not_turn]["view"]["deal"]["hand"][0]
        ws.send_json({"type": "act", "version": st["version"], "action": card})
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "illegal" and err["rule"] == "Toy §1" and err["seat"] == not_turn
        ws.send_json({"type": "sync"})
        assert latest_state(ws)["version"] == st["version"]


def test_bots_play_for_bot_seats_and_the_person_sees_only_their_hand(client):
    tid, tokens = _started_table(client, humans=1, target=1)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        for _ in range(2000):
            m = ws.receive_json()
            if m["type"] != "state":
                continue
            view = m["view"]
            assert view["seat"] == 0 and set(view) >= {"legal", "deal", "totals"}
            if view["over"]:
                break
            if 0 in view["to_act"]:
                ws.send_json({"type": "act", "version": m["version"], "action": view["legal"][0]})
        else:
            raise AssertionError("game did not end")
        rec = client.get(f"/api/records/{latest_number(client, tid)}")
        assert rec.status_code == 200 and rec.json()["format"] == "stammtisch-record"


def latest_number(client, tid):
    return client.get(f"/api/tables/{tid}").json()["table"]["number"]


def test_record_is_published_only_when_over_and_replays(client):
    from stammtisch.core import records

    tid, tokens = _started_table(client, humans=1)
    number = latest_number(client, tid)
    assert client.get(f"/api/records/{number}").status_code == 404
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        while True:
            m = ws.receive_json()
            if m["type"] == "state" and m["view"]["over"]:
                break
            if m["type"] == "state" and 0 in m["view"]["to_act"]:
                ws.send_json({"type": "act", "version": m["version"], "action": m["view"]["legal"][-1]})
    rec = client.get(f"/api/records/{number}").json()
    match = records.replay(json.loads(json.dumps(rec)))
    assert match.is_over()
    steps = client.get(f"/api/replays/{number}/deals/0").json()
    assert steps["steps"][0]["action"] is None and len(steps["steps"]) == 1 + len(rec["deals"][0]["actions"])
    assert any(g["number"] == number for g in client.get("/api/games/finished").json()["games"])


def test_kiebitz_sees_public_view_only_and_may_not_speak_or_act(client):
    tid, tokens = _started_table(client, humans=4)
    with client.websocket_connect(f"/ws/{tid}") as kb:
        kb.send_json({"type": "hello"})
        assert recv_until(kb, lambda m: m["type"] == "welcome")["role"] == "kiebitz"
        st = latest_state(kb)
        assert st["you"] is None and st["view"]["seat"] is None and st["view"]["legal"] == []
        assert "hand" not in st["view"]["deal"]
        kb.send_json({"type": "chat", "text": "spiel den Ober!"})
        err = recv_until(kb, lambda m: m["type"] == "error")
        assert err["code"] == "kiebitz" and "Tiroler Cup, Kiebitze" in err["message"]
        kb.send_json({"type": "act", "version": st["version"], "action": "E6"})
        assert recv_until(kb, lambda m: m["type"] == "error")["code"] == "kiebitz"


def test_table_chat_reaches_players(client):
    tid, tokens = _started_table(client, humans=2)
    with client.websocket_connect(f"/ws/{tid}") as a, client.websocket_connect(f"/ws/{tid}") as b:
        a.send_json({"type": "hello", "token": tokens[0]})
        b.send_json({"type": "hello", "token": tokens[1]})
        recv_until(b, lambda m: m["type"] == "welcome")
        a.send_json({"type": "chat", "channel": "table", "text": "Servus"})
        msg = recv_until(b, lambda m: m["type"] == "chat")
        assert msg["text"] == "Servus" and msg["seat"] == 0
        a.send_json({"type": "chat", "channel": "opponents", "text": "x"})
        assert recv_until(a, lambda m: m["type"] == "error")["code"] == "channel"


def test_malformed_messages_get_errors(client):
    tid, tokens = _started_table(client, humans=1)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "act", "version": 0, "action": "E6"})
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "hello_first"
        ws.send_json({"type": "hello", "token": "forged"})
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_token"
        ws.send_text("{not json")
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_message"
        ws.send_text("x" * 10000)
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "too_large"
        ws.send_bytes(b"\x00\x01")
        assert recv_until(ws, lambda m: m["type"] == "error")["code"] == "bad_message"
        ws.send_json({"type": "hello", "token": tokens[0]})
        recv_until(ws, lambda m: m["type"] == "welcome")
        for bad in ({"type": "act"}, {"type": "act", "version": "1", "action": "E6"},
                    {"type": "act", "version": 0, "action": 5}, {"type": "zzz"}, [1, 2], {"type": 3}):
            ws.send_json(bad)
            assert recv_until(ws, lambda m: m["type"] == "error")["type"] == "error"


def test_rate_limit(make_client):
    client = make_client(rate_burst=5, rate_per_second=0.5)
    tid, tokens = _started_table(client, humans=1)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        for _ in range(8):
            ws.send_json({"type": "ping"})
        codes = []
        for _ in range(8):
            m = recv_until(ws, lambda m: m["type"] in ("pong", "error"))
            codes.append(m.get("code", m["type"]))
        assert "rate_limited" in codes and codes.count("pong") <= 5


def test_replay_steps_through_every_deal_of_a_longer_match(client):
    tid, tokens = _started_table(client, humans=1, target=9)
    number = latest_number(client, tid)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        while True:
            m = ws.receive_json()
            if m["type"] == "state" and m["view"]["over"]:
                break
            if m["type"] == "state" and 0 in m["view"]["to_act"]:
                ws.send_json({"type": "act", "version": m["version"], "action": m["view"]["legal"][0]})
    rec = client.get(f"/api/records/{number}").json()
    assert len(rec["deals"]) >= 2
    for k, d in enumerate(rec["deals"]):
        steps = client.get(f"/api/replays/{number}/deals/{k}").json()
        assert [[s["seat"], s["action"]] for s in steps["steps"][1:]] == d["actions"]
        first_hands = steps["steps"][0]["hands"]
        assert first_hands == d["deal"]["hands"]  # every hand open from the start of the deal
    assert client.get(f"/api/replays/{number}/deals/99").status_code == 404


def test_an_engine_failure_is_refused_and_leaves_the_table_as_logged(client, monkeypatch):
    tid, tokens = _started_table(client, humans=4)
    t = client.app.state.tables.by_id[tid]
    seat = t.match.to_act()[0]
    before = json.dumps(t.match.view(seat))
    original = type(t.match.deal_state).apply

    def broken(self, s, a):
        self.hands[s] = 0  # half-done change, then a crash
        raise KeyError("boom")

    monkeypatch.setattr(type(t.match.deal_state), "apply", broken)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[seat]})
        st = latest_state(ws)
        ws.send_json({"type": "act", "version": st["version"], "action": st["view"]["legal"][0]})
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "engine"
        monkeypatch.setattr(type(t.match.deal_state), "apply", original)
        t = client.app.state.tables.by_id[tid]
        assert json.dumps(t.match.view(seat)) == before  # rebuilt from the log
        ws.send_json({"type": "act", "version": st["version"], "action": st["view"]["legal"][0]})
        assert recv_until(ws, lambda m: m["type"] in ("ack", "error"))["type"] == "ack"


def test_settled_deals_are_sent_when_they_change_and_in_every_full_snapshot(client):
    tid, tokens = _started_table(client, humans=1, target=9)
    seen_with, seen_without = 0, 0
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[0]})
        first = latest_state(ws)
        assert first["view"]["results"] == []  # the first snapshot is complete
        results = []
        m = first
        while True:
            if m is None:
                m = ws.receive_json()
            if m["type"] != "state":
                m = None
                continue
            if "results" in m["view"]:
                seen_with += 1
                assert len(m["view"]["results"]) >= len(results)
                results = m["view"]["results"]
            else:
                seen_without += 1
            if m["view"]["over"]:
                break
            if 0 in m["view"]["to_act"]:
                ws.send_json({"type": "act", "version": m["version"], "action": m["view"]["legal"][0]})
            m = None
        ws.send_json({"type": "sync"})
        full = latest_state(ws)
        assert full["view"]["results"] == results and len(results) >= 2
    assert seen_without > seen_with > 0


def test_profiles_carry_the_names_players_know_them_by(client):
    """The lobby and the table header show "Österreich-Finale", not the key "oesterreich-finale"."""
    from stammtisch.core import registry

    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    assert games["toy"]["profile_titles"] == {"standard": "standard"}  # no titles given: the key
    for name in ("jass", "doppelkopf", "tarock", "perlaggen"):
        game = registry.get(name)
        assert set(game.profile_titles) == set(game.profiles), name  # every profile named
        if name in games:
            assert games[name]["profile_titles"] == dict(game.profile_titles)
    assert registry.get("tarock").profile_title("oesterreich-finale") == "Österreich-Finale"
    made = create_table(client, options={"target": 2}, bot="random", seed=1)
    assert made["table"]["profile_title"] == "standard"
