"""Online cup tables (issue 30, step 1): reserved seats, the number of games, one row per finished
game through the scorekeeper's settlement, Kiebitze, the move clock flagged, restart and catch-up."""

from __future__ import annotations

import time

import pytest

from stammtisch.core import records

NAMES4 = ["Anna", "Bert", "Cilli", "Done"]


def wait_closed(cup, tid, round_=None, timeout=120.0):
    """The cup's dashboard once every online table (of ``round_``) has closed its list."""
    end = time.monotonic() + timeout
    while True:
        tables = cup.call("GET", f"/cup/api/cups/{tid}")["tables"]
        mine = [t for t in tables if round_ is None or t["round"] == round_]
        if mine and all(t["closed"] for t in mine):
            return mine
        assert time.monotonic() < end, f"tables not closed in time: {mine}"
        time.sleep(0.05)


def play(cup, game, names, *, profile=None, rounds=1, **settings):
    settings.setdefault("computer", names)
    settings.setdefault("move_seconds", 0)
    tid = cup.create(game, names, profile=profile, rounds=rounds, **settings)
    for r in range(1, rounds + 1):
        cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": f"s{r}"})
        cup.call("POST", f"/cup/api/cups/{tid}/start", {})
        wait_closed(cup, tid, r)
    return tid


def sheet(cup, table_id):
    return cup.call("GET", f"/scorekeeper/api/tables/{table_id}")


def record_of(cup, server_table):
    return cup.call("GET", f"/api/records/{server_table}")


def per_position(record, first, n, team):
    """The record's deal points per table position (server seat s sits at (s - first) % n + 1)."""
    out = []
    for d in record["deals"]:
        pts = d["result"]["points"]
        row = [0] * n
        for s in range(n):
            row[(s - first) % n] = pts[s % 2] if team else pts[s]
        out.append(row)
    return out


def test_reserved_seats_refuse_everybody_else(cup):
    """The seats of a cup table belong to the drawn players: nobody else can sit down."""
    tid = cup.create("tarock", NAMES4, games=1, move_seconds=0)
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "x"})
    started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    public = started["tables"][0]["server_id"]
    info = cup.client.get(f"/api/tables/{public}").json()["table"]
    assert [s["name"] for s in info["seats"]] and all(s["kind"] == "human" for s in info["seats"])
    r = cup.client.post(f"/api/tables/{public}/seats", json={"name": "Zaungast", "seat": 0})
    assert r.status_code >= 400 and r.json()["code"] in ("reserved", "started")
    assert info["settings"]["reserved"] is True


def test_reserved_seats_refused_before_the_start(cup):
    """Reserved at a table that is still open: take_seat refuses with the code ``reserved``."""
    tables = cup.app.state.tables

    async def go():
        t = await tables.create("tarock", "oesterreich-finale", {}, 1, "rule", {})
        await t.reserve_seats([("human", n) for n in NAMES4])
        with pytest.raises(Exception) as e:
            await t.take_seat(None, "Zaungast")
        return e.value

    err = cup.client.portal.call(go)
    assert getattr(err, "code", None) == "reserved"


def test_table_closes_after_n_games_and_each_game_is_exactly_one_row(cup):
    """Tarock with games=3: the server table finishes after three deals; the list has three rows,
    one per deal, each settled from the game's facts to the points the table played."""
    tid = play(cup, "tarock", NAMES4, profile="oesterreich-finale", games=3)
    t = cup.call("GET", f"/cup/api/cups/{tid}")
    (tab,) = t["tables"]
    assert tab["written"] == 3 and tab["closed"]
    rec = record_of(cup, tab["server_table"])
    assert len(rec["deals"]) == 3 and "result" in rec
    rows = sheet(cup, tab["id"])["rows"]
    assert [r["number"] for r in rows] == [1, 2, 3]
    assert [r["facts"]["online"]["deal"] for r in rows] == [0, 1, 2]
    assert all(r["facts"].get("kind", "game") == "game" for r in rows)  # settled from facts, not copied
    first = rec["deals"][0]["dealer"]
    assert [r["position_points"] for r in rows] == per_position(rec, first, 4, False)
    assert not [c for c in sheet(cup, tab["id"])["checks"] if c["level"] == "error"]


@pytest.mark.parametrize("game,profile", [("jass", None), ("perlaggen", None), ("doppelkopf", "turnier")])
def test_every_game_gives_rows_equal_to_the_table(cup, game, profile, caplog):
    """Each finished deal becomes one row, settled from the keeper's facts (never the fallback of
    copied points, which would log a warning) to the points the table played."""
    settings = {"games": 1} if game == "doppelkopf" else {"games": 3}
    tid = play(cup, game, NAMES4, profile=profile, **settings)
    (tab,) = cup.call("GET", f"/cup/api/cups/{tid}")["tables"]
    rec = record_of(cup, tab["server_table"])
    rows = sheet(cup, tab["id"])["rows"]
    assert len(rows) == len(rec["deals"])
    team = game in ("jass", "perlaggen")
    assert [r["position_points"] for r in rows] == per_position(rec, rec["deals"][0]["dealer"], 4, team)
    assert any(r["facts"].get("kind") == "game" for r in rows)
    assert not [x for x in caplog.records if "did not settle" in x.getMessage()]
    if game == "doppelkopf":  # 1 game and four Pflichtsoli (Doppelkopf-Turnier 1., 2.)
        assert len(rows) == 5 and sorted(r["pflichtsolo_by"] for r in rows if r["pflichtsolo_by"]) == [1, 2, 3, 4]


def test_no_kiebitze_when_the_cup_says_so(cup):
    tid = cup.create("tarock", NAMES4, games=1, move_seconds=0, kiebitze=False)
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random"})
    public = cup.call("POST", f"/cup/api/cups/{tid}/start", {})["tables"][0]["server_id"]
    with cup.client.websocket_connect(f"/ws/{public}") as ws:
        ws.send_json({"type": "hello"})
        msg = ws.receive_json()
    assert msg["type"] == "error" and msg["code"] == "no_kiebitze"


def test_the_clock_runs_out_and_the_move_is_flagged_in_the_record_and_on_the_list(make_cup):
    """A person who never moves: each expired move clock lets the computer player move for him,
    actor ``timer`` in the log, ``flags`` in the record, ``[position, "timer"]`` on the row."""
    cup = make_cup(grace=1000.0)
    tid = cup.create("tarock", NAMES4, profile="oesterreich-finale", games=1, move_seconds=0.05, word_seconds=0.05,
                     computer=NAMES4[1:])
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "c"})
    cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    (tab,) = wait_closed(cup, tid)
    rec = record_of(cup, tab["server_table"])
    flags = rec["deals"][0].get("flags")
    assert flags and {a for _, a in flags} == {"timer"}
    anna_seat = rec["seats"].index("Anna")
    assert all(rec["deals"][0]["actions"][i][0] == anna_seat for i, _ in flags)
    (row,) = sheet(cup, tab["id"])["rows"]
    positions = {p for p, _ in row["facts"]["online"]["flags"]}
    assert positions == {(anna_seat - rec["deals"][0]["dealer"]) % 4 + 1}
    seats = sheet(cup, tab["id"])["seats"]
    assert seats[min(positions) - 1]["name"] == "Anna"
    assert records.replay(rec)  # the flags do not disturb the record's replay


def test_a_restart_writes_the_missing_rows_once(make_cup):
    """Rows lost (no observer, as if every write after the log's commit were killed) are rebuilt from
    the tables' logs at the next start; a second start writes nothing twice."""
    cup = make_cup()
    cup.restart(observe=False)
    tid = cup.create("tarock", NAMES4 + ["Eva", "Franz", "Gretl", "Hias"], profile="oesterreich-finale", games=2,
                     computer=NAMES4 + ["Eva", "Franz", "Gretl", "Hias"], move_seconds=0)
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "r"})
    started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    end = time.monotonic() + 60
    while not all(cup.client.get(f"/api/tables/{t['server_id']}").json()["table"]["status"] == "finished"
                  for t in started["tables"]):
        assert time.monotonic() < end
        time.sleep(0.05)
    before = cup.call("GET", f"/cup/api/cups/{tid}")["tables"]
    assert sum(t["written"] for t in before) < 4  # the observer was gone: rows are missing
    cup.restart()
    after = wait_closed(cup, tid)
    assert [t["written"] for t in after] == [2, 2]
    cup.restart()
    again = cup.call("GET", f"/cup/api/cups/{tid}")["tables"]
    assert [t["written"] for t in again] == [2, 2]
    for t in again:
        rows = sheet(cup, t["id"])["rows"]
        assert [r["number"] for r in rows] == [1, 2] and all(r["revision"] == 1 for r in rows)


def test_a_restart_mid_round_continues_the_table_and_loses_no_row(make_cup):
    """Killed while a table plays (here: stopped between two deals): the server resumes it from the
    log and the rows continue without a gap or a duplicate."""
    cup = make_cup(bot_delay=0.01)
    tid = cup.create("tarock", NAMES4, profile="oesterreich-finale", games=4, computer=NAMES4, move_seconds=0)
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "m"})
    cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    end = time.monotonic() + 60
    while cup.call("GET", f"/cup/api/cups/{tid}")["tables"][0]["written"] < 1:
        assert time.monotonic() < end
        time.sleep(0.02)
    cup.restart()
    (tab,) = wait_closed(cup, tid)
    rows = sheet(cup, tab["id"])["rows"]
    rec = record_of(cup, tab["server_table"])
    assert [r["number"] for r in rows] == [1, 2, 3, 4]
    assert [r["position_points"] for r in rows] == per_position(rec, rec["deals"][0]["dealer"], 4, False)


def test_pause_stops_the_play_and_resume_goes_on(make_cup):
    cup = make_cup(bot_delay=0.02)
    tid = cup.create("tarock", NAMES4, profile="oesterreich-finale", games=2, computer=NAMES4, move_seconds=0)
    cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random"})
    started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    table_id = started["tables"][0]["id"]
    cup.call("POST", f"/cup/api/cups/{tid}/tables/{table_id}/pause", {})
    dash = cup.call("GET", f"/cup/api/cups/{tid}")["tables"][0]
    assert dash["paused"] is True
    time.sleep(0.3)
    assert cup.call("GET", f"/cup/api/cups/{tid}")["tables"][0]["quiet_seconds"] >= 0.25
    cup.call("POST", f"/cup/api/cups/{tid}/tables/{table_id}/resume", {})
    assert wait_closed(cup, tid)[0]["written"] == 2


def test_only_the_organiser_runs_a_cup(cup):
    r = cup.client.post("/cup/api/cups", json={"name": "X", "game": "jass"})
    assert r.status_code == 403
    tid = cup.create("jass", NAMES4)
    r = cup.client.get(f"/cup/api/cups/{tid}")
    assert r.status_code == 403
    r = cup.client.get(f"/cup/api/cups/{tid}/standings")
    assert r.status_code == 403  # not published yet
    cup.call("POST", f"/cup/api/cups/{tid}/publish", {"published": True})
    assert cup.client.get(f"/cup/api/cups/{tid}/standings").status_code == 200


def test_bad_cup_settings_are_refused_by_name(cup):
    r = cup.client.post("/cup/api/cups", headers=cup.auth,
                        json={"name": "X", "game": "jass", "settings": {"move_seconds": -1}})
    assert r.status_code == 422 and "move_seconds" in r.text
    r = cup.client.post("/cup/api/cups", headers=cup.auth, json={"name": "X", "game": "jass", "settings": {"gams": 3}})
    assert r.status_code == 422 and "gams" in r.text


def test_a_mixed_cup_ranks_live_and_online_tables_together(cup):
    """One round, one live table (a keeper enters its rows) and one online table: one ranking."""
    names = NAMES4 + ["Eva", "Franz", "Gretl", "Hias"]
    tid = cup.create("tarock", names, profile="oesterreich-finale", games=2, computer=names, move_seconds=0,
                     mixed=True)
    rnd = cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "mx",
                                                         "kinds": ["live", "online"]})["round"]
    live, online = rnd["tables"]
    assert (live["kind"], online["kind"]) == ("live", "online")
    started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    assert [t["table"] for t in started["tables"]] == [online["number"]]
    wait_closed(cup, tid)
    version = sheet(cup, live["id"])["version"]
    for pts in ([3, -1, -1, -1], [-2, 6, -2, -2]):
        r = cup.client.post(f"/scorekeeper/api/tables/{live['id']}/entries", headers=cup.auth,
                            json={"version": version, "facts": {"kind": "row", "points": pts}})
        assert r.status_code == 201, r.text
        version = r.json()["table"]["version"]
    ranking = cup.call("GET", f"/cup/api/cups/{tid}/standings")["ranking"]["ranking"]
    totals = {ln["name"]: ln["total"] for ln in ranking}
    played = sheet(cup, online["id"])  # positions as played: position 1 dealt first (they turned at the start)
    rows = played["rows"]
    for pos, seat in enumerate(sorted(played["seats"], key=lambda s: s["position"]), start=1):
        assert totals[seat["name"]] == sum(r["position_points"][pos - 1] for r in rows)
    live_names = [s["name"] for s in sorted(live["seats"], key=lambda s: s["position"])]
    assert [totals[n] for n in live_names] == [1, 5, -3, -3]


def test_the_table_kind_is_fixed_once_the_table_plays(cup):
    names = NAMES4
    tid = cup.create("tarock", names, games=1, computer=names, move_seconds=0, mixed=True)
    rnd = cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "kinds": ["live"]})["round"]
    table_id = rnd["tables"][0]["id"]
    assert cup.call("POST", f"/cup/api/cups/{tid}/tables/{table_id}/kind", {"kind": "online"})["kind"] == "online"
    cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    r = cup.client.post(f"/cup/api/cups/{tid}/tables/{table_id}/kind", headers=cup.auth, json={"kind": "live"})
    assert r.status_code == 422


def test_the_cup_pages_words_are_the_catalogues():
    """cupwords.js names every word by an English message id; the same ids are in the source
    (cup.pagewords.CUP_WORDS) and have a German and an English text in the catalogue."""
    import json as _json
    import re
    from pathlib import Path

    from stammtisch.cup.pagewords import CUP_WORDS
    from stammtisch.i18n import catalog

    src = (Path(__file__).resolve().parents[2] / "src/stammtisch/cup/static/cupwords.js").read_text()
    body = src[src.index("const IDS = {"):src.index("\n};", src.index("const IDS = {"))]
    ids = {k: _json.loads(f'"{v}"') for k, v in re.findall(r'(?:^|[\s,{])([\w-]+)\s*:\s*"((?:[^"\\]|\\.)*)"', body)}
    assert ids == {k: m.id for k, m in CUP_WORDS.items()}
    for lang in ("de", "en"):
        assert not [i for i in ids.values() if i not in catalog(lang)], lang
    assert catalog("de")[CUP_WORDS["onlineCups"].id] == "Online-Turniere"


def test_a_player_registers_checks_in_and_gets_his_seat_link(cup):
    """The invitation: register with name and personal code (until the first draw), check in while
    the check-in is open; only checked-in players (and computer players) are drawn; the seat link
    is a fresh token for the player's own seat."""
    tid = cup.create("tarock", ["Bert", "Cilli", "Done"], games=1, computer=["Bert", "Cilli", "Done"],
                     move_seconds=0)
    key = cup.call("POST", f"/cup/api/cups/{tid}/invite", {})["key"]
    anon = cup.client
    r = anon.post(f"/cup/api/cups/{tid}/register", json={"key": "falsch", "name": "Anna", "code": "1234"})
    assert r.status_code == 403
    r = anon.post(f"/cup/api/cups/{tid}/register", json={"key": key, "name": "Anna", "code": "1234"})
    assert r.status_code == 201, r.text
    r = anon.post(f"/cup/api/cups/{tid}/register", json={"key": key, "name": "Eva", "code": "5678"})
    assert r.status_code == 201
    r = anon.post(f"/cup/api/cups/{tid}/checkin", json={"name": "Anna", "code": "1234"})
    assert r.status_code == 422  # not open yet
    cup.call("POST", f"/cup/api/cups/{tid}/checkin/open", {"open": True})
    assert anon.post(f"/cup/api/cups/{tid}/checkin", json={"name": "Anna", "code": "0000"}).status_code == 403
    assert anon.post(f"/cup/api/cups/{tid}/checkin", json={"name": "Anna", "code": "1234"}).status_code == 200
    rnd = cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random"})["round"]
    (tab,) = rnd["tables"]
    assert sorted(s["name"] for s in tab["seats"]) == ["Anna", "Bert", "Cilli", "Done"]  # Eva did not check in
    assert anon.post(f"/cup/api/cups/{tid}/register", json={"key": key, "name": "Zoe", "code": "9999"}).status_code == 422
    me = anon.post(f"/cup/api/cups/{tid}/me", json={"name": "Anna", "code": "1234"}).json()
    assert me["table"]["number"] == 1 and me["table"]["playing"] is False
    cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    link = anon.post(f"/cup/api/cups/{tid}/seat", json={"name": "Anna", "code": "1234"}).json()
    with anon.websocket_connect(f"/ws/{link['table']}") as ws:
        ws.send_json({"type": "hello", "token": link["token"]})
        state = ws.receive_json()
        while state["type"] != "state":
            state = ws.receive_json()
    assert state["table"]["seats"][state["you"]]["name"] == "Anna"
    again = anon.post(f"/cup/api/cups/{tid}/seat", json={"name": "Anna", "code": "1234"}).json()
    with anon.websocket_connect(f"/ws/{link['table']}") as ws:  # the old link stopped working
        ws.send_json({"type": "hello", "token": link["token"]})
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "bad_token"
    assert again["token"] != link["token"]


def test_an_online_table_takes_no_game_by_hand_but_the_organiser_corrects_a_row(cup):
    """The games of an online table come from the server; a keeper's entry is refused, the
    organiser's correction of a row (with a reason) goes through the same settlement."""
    tid = play(cup, "tarock", NAMES4, profile="oesterreich-finale", games=1)
    (tab,) = cup.call("GET", f"/cup/api/cups/{tid}")["tables"]
    sh = sheet(cup, tab["id"])
    r = cup.client.post(f"/scorekeeper/api/tables/{tab['id']}/entries", headers=cup.auth,
                        json={"version": sh["version"], "facts": {"kind": "row", "points": [3, -1, -1, -1]}})
    assert r.status_code == 422 and "online" in r.text
    r = cup.client.post(f"/scorekeeper/api/tables/{tab['id']}/entries/1/strike", headers=cup.auth,
                        json={"version": sh["version"], "reason": "Schiedsrichter: Kiebitz hat eingegriffen"})
    assert r.status_code < 300, r.text
    assert sheet(cup, tab["id"])["rows"][0]["struck"] is True


def test_the_move_clock_has_its_own_time_for_a_word(cup):
    """``word_seconds`` times a word (the Tarock bidding: Tiroler Cup, Lizitation), ``move_seconds`` a
    card; the dashboard's clock is the one running now."""
    tables = cup.app.state.tables

    async def go():
        t = await tables.create("tarock", "oesterreich-finale", {}, 1, "rule",
                                {"move_seconds": 40, "word_seconds": 7})
        await t.reserve_seats([("human", n) for n in NAMES4])
        await t.start(None, trusted=True)
        seat, left = t.clock_due()
        legal = t.match.legal_actions(seat)
        cards = set(t.game.deck.notation)
        await t.end("closed", "test over")
        return seat, left, legal, cards

    seat, left, legal, cards = cup.client.portal.call(go)
    assert not set(legal) <= cards  # a word is asked first (the bidding)
    assert 6 < left <= 7
