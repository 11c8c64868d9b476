"""A signed-in player's games, the lobby catalogue's options schema, the owner's computer-player
pace, and the static files compressed with caching headers."""

from __future__ import annotations

from stammtisch.server.routers.players import column_of

from .helpers import create_table


def _account(client, name="Berta"):
    r = client.post("/api/accounts", json={"name": name, "password": "geheim123"})
    assert r.status_code == 200, r.text
    return r.json()["session"]


def _play_out(client, tid, token):
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        for _ in range(5000):
            m = ws.receive_json()
            if m["type"] != "state":
                continue
            if m["view"]["over"]:
                return
            if m["view"]["seat"] in m["view"]["to_act"]:
                ws.send_json({"type": "act", "version": m["version"], "action": m["view"]["legal"][0]})
    raise AssertionError("the game did not end")


def test_a_signed_in_player_sees_the_games_they_played_with_links(client):
    session = _account(client)
    other = _account(client, "Carl")
    r = client.post("/api/tables", json={"game": "toy", "max_deals": 1})
    tid, owner = r.json()["table"]["id"], r.json()["token"]
    seat = client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "session": session}).json()
    client.post(f"/api/tables/{tid}/bots", json={"token": owner})
    client.post(f"/api/tables/{tid}/start", json={"token": owner})
    _play_out(client, tid, seat["token"])
    # a table the player did not sit at is not listed
    create_table(client, name="Dora")
    games = client.get("/api/players/me/games", headers={"X-Session": session}).json()
    assert games["name"] == "Berta" and len(games["games"]) == 1
    g = games["games"][0]
    number = client.get(f"/api/tables/{tid}").json()["table"]["number"]
    assert g["number"] == number and g["game"] == "toy" and g["status"] == "finished" and g["seats"] == [1]
    assert g["replay"] == f"/replay/{number}" and g["record"] == f"/api/records/{number}" and g["date"]
    assert client.get(g["record"]).status_code == 200 and client.get(g["replay"]).status_code == 200
    totals = g["result"]["totals"]
    assert g["result"]["points"] == totals[column_of(1, 4, len(totals))]
    assert 1 <= g["result"]["place"] <= len(totals)
    assert client.get("/api/players/me/games", headers={"X-Session": other}).json()["games"] == []


def test_my_games_needs_a_valid_session(client):
    assert client.get("/api/players/me/games").status_code == 403
    r = client.get("/api/players/me/games", headers={"X-Session": "nonsense"})
    assert r.status_code == 403 and "log in" in r.json()["message"]


def test_columns_of_seats():
    assert [column_of(s, 4, 2) for s in range(4)] == [0, 1, 0, 1]  # Jass teams 1/3 and 2/4
    assert [column_of(s, 5, 5) for s in range(5)] == [0, 1, 2, 3, 4]
    assert column_of(0, 3, 2) is None


def test_the_catalogue_describes_each_option_for_a_form(client):
    games = {g["name"]: g for g in client.get("/api/games").json()["games"]}
    for g in games.values():
        for profile in g["profiles"].values():
            assert set(profile) == set(g["schema"])
    if "tarock" in games:
        tariff = games["tarock"]["schema"]["tariff"]
        assert tariff["kind"] == "pairs" and "rufer" in tariff["items"] and {"rufer", "trischaken"} <= set(tariff["required"])
        assert games["tarock"]["schema"]["valat_mode"] == {"rule": "", "kind": "choice", "choices": ["multiply", "premium"]}
    if "doppelkopf" in games:
        assert games["doppelkopf"]["schema"]["solos"]["kind"] == "set"
        assert games["doppelkopf"]["schema"]["players"]["choices"] == [4, 5]
    if "jass" in games:
        assert games["jass"]["schema"]["target"] == {"rule": "Papagei-Jass §2", "kind": "int",
                                                     "min": 100, "max": 10000}


def test_the_owner_sets_the_computer_players_pace(client):
    r = client.post("/api/tables", json={"game": "toy", "name": "Anna", "bot_seconds": 2.5})
    assert r.json()["table"]["settings"]["bot_seconds"] == 2.5
    t = client.app.state.tables.by_number[r.json()["table"]["number"]]
    assert t.bot_delay() == 2.5
    plain = create_table(client)
    assert client.app.state.tables.by_number[plain["table"]["number"]].bot_delay() == 0.0  # the server's default
    bad = client.post("/api/tables", json={"game": "toy", "bot_seconds": 99})
    assert bad.status_code == 400 and "bot_seconds" in bad.json()["message"]


def test_static_files_are_compressed_and_carry_caching_headers(client):
    r = client.get("/static/frame.js", headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["content-encoding"] == "gzip"
    assert r.headers["cache-control"] == "no-cache" and r.headers["etag"]
    assert int(r.headers["content-length"]) < len(r.content) / 2  # the body came compressed
    again = client.get("/static/frame.js", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304 and again.headers["cache-control"] == "no-cache" and not again.content
    assert client.get("/static/favicon.svg").headers["cache-control"].startswith("public, max-age=")
    assert client.get("/api/games", headers={"Accept-Encoding": "gzip"}).headers["content-encoding"] == "gzip"
    assert "content-encoding" not in client.get("/static/frame.js", headers={"Accept-Encoding": "identity"}).headers
