"""The same deals at every table of a cup round (duplicate; docs/fair-deals.md, "Duplicate deals")
and the ranking by comparison (docs/tournaments.md).

A duplicate round plays every online table from one secret round seed: one commitment, published
before the round's first table opens, on every table of the round and on the cup's pages; deal n is
the same at every table, seat for seat; the seed (and every table's record, which shows the cards)
is withheld until the last table of the round has ended -- not when one table ends, or a table still
playing would be told its cards -- and ``verify`` then accepts each table's record against the
round's commitment."""

from __future__ import annotations

import json
import logging
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.core import fairdeal
from stammtisch.core.verify import verify
from stammtisch.scorekeeper.comparison import compare

from .test_online_tables import wait_closed

NAMES8 = ["Anna", "Bert", "Cilli", "Done", "Ede", "Fritz", "Gerti", "Hias"]
PEOPLE = ("Anna", "Bert")


def _draw_apart(cup, tid):
    """Draw round 1 so that the two people sit at different tables (the others are computers)."""
    for k in range(40):
        rnd = cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": f"apart{k}"})["round"]
        where = {s["name"]: tab for tab in rnd["tables"] for s in tab["seats"]}
        if where["Anna"]["id"] != where["Bert"]["id"]:
            return rnd, where
        assert cup.client.delete(f"/scorekeeper/api/tournaments/{tid}/rounds/last", headers=cup.auth).status_code == 204
    raise AssertionError("no draw put the two people apart")


def _seat(cup, tid, tab, name):
    """A fresh seat link of ``name`` (positions as they stand since the start: position 1 deals first)."""
    rnd = cup.call("GET", f"/cup/api/cups/{tid}")["tournament"]["rounds"][-1]
    tab = next(t for t in rnd["tables"] if t["id"] == tab["id"])
    pos = next(s["position"] for s in tab["seats"] if s["name"] == name)
    return cup.call("POST", f"/cup/api/cups/{tid}/tables/{tab['id']}/seats/{pos}/link", {})


def _play_to_end(client, link, messages):
    """Play a person's seat (its first legal action) to the Partie's end; every raw message kept."""
    with client.websocket_connect(f"/ws/{link['table']}") as ws:
        ws.send_json({"type": "hello", "token": link["token"]})
        for _ in range(4000):
            ws.send_json({"type": "sync"})
            ws.send_json({"type": "ping", "id": 1})
            st_ = None
            while True:
                raw = ws.receive_text()
                messages.append(raw)
                m = json.loads(raw)
                if m["type"] == "state":
                    st_ = m
                if m["type"] == "pong":
                    break
            view = st_["view"]
            if view["over"]:
                return view
            if link["seat"] in view["to_act"]:
                ws.send_json({"type": "act", "version": st_["version"], "action": view["legal"][0]})
                while json.loads(raw := ws.receive_text())["type"] not in ("ack", "error"):
                    messages.append(raw)
            else:
                time.sleep(0.01)
    raise AssertionError("the Partie did not end")


def _server_table(cup, number):
    return cup.app.state.tables.by_number[number]


@pytest.mark.parametrize("game", ["tarock", "doppelkopf"])
def test_a_duplicate_round_deals_the_same_cards_everywhere_and_reveals_its_seed_after_the_last_table(
        cup, caplog, game):
    caplog.set_level(logging.DEBUG)
    tid = cup.create(game, NAMES8, games=2, move_seconds=0, duplicate=True,
                     computer=[n for n in NAMES8 if n not in PEOPLE])
    assert cup.call("GET", f"/cup/api/cups/{tid}")["tournament"]["online"]["kiebitze"] is False
    rnd, where = _draw_apart(cup, tid)
    started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
    committed = started["commitment"]
    # one commitment for the round, on the cup's page and on every table of the round
    page = cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]
    assert page["rounds"] == [{"round": 1, "commitment": committed, "seed": None}]
    # and on the players' page (the invitation's, public): the round's commitment, not its seed
    assert cup.client.get(f"/cup/api/cups/{tid}/about").json()["round_seeds"] == page["rounds"]
    tables = [_server_table(cup, t["server_table"]) for t in started["tables"]]
    assert len(tables) == 2 and {t.settings["commitment"] for t in tables} == {committed}
    seed = tables[0].settings["fair_seed"]
    assert fairdeal.commitment(bytes.fromhex(seed)) == committed == fairdeal.commitment(
        bytes.fromhex(tables[1].settings["fair_seed"]))
    lobby = {t["id"]: t for t in cup.client.get("/api/tables").json()["tables"]}
    assert all(lobby[t.public_id]["settings"]["commitment"] == committed for t in tables)
    # no Kiebitze at a duplicate table: one watching a table ahead would see a table behind's cards
    with cup.client.websocket_connect(f"/ws/{tables[0].public_id}") as kib:
        kib.send_json({"type": "hello"})
        assert json.loads(kib.receive_text())["code"] == "no_kiebitze"

    # Anna's table plays to its end while Bert's table waits for him
    messages: list[str] = []
    a_link = _seat(cup, tid, where["Anna"], "Anna")
    assert _play_to_end(cup.client, a_link, messages)["over"]
    a_messages = list(messages)
    a_table = next(t for t in tables if t.public_id == a_link["table"])
    b_table = next(t for t in tables if t is not a_table)
    assert a_table.status == "finished" and b_table.status == "playing"
    # one table ended, the other plays: the seed and the finished table's record stay withheld
    info = cup.client.get(f"/api/tables/{a_table.public_id}").json()
    assert "fair_seed" not in json.dumps(info) and seed not in json.dumps(info)
    refused = cup.client.get(f"/api/records/{a_table.number}")
    assert refused.status_code != 200 and refused.json()["code"] == "held"
    assert cup.client.get(f"/api/replays/{a_table.number}/deals/0").status_code != 200
    assert cup.client.post(f"/api/records/{a_table.number}/analysis/0", json={}).status_code != 200
    assert cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]["rounds"][0]["seed"] is None
    assert seed not in json.dumps(cup.call("GET", f"/cup/api/cups/{tid}"))

    b_link = _seat(cup, tid, where["Bert"], "Bert")
    assert _play_to_end(cup.client, b_link, messages)["over"]
    wait_closed(cup, tid, 1)
    # every message a seat got before the round's end: never the round seed
    before = [m for m in messages if '"finished"' not in m or seed not in m]
    assert before and not any(seed in m for m in before)
    for m in messages:
        if seed in m:  # only once the whole round has ended (both tables finished)
            assert json.loads(m)["table"]["status"] == "finished" and b_table.status == "finished"
    logged = "\n".join(r.getMessage() for r in caplog.records)
    assert seed not in logged

    # revealed: on the cup's page, at every table, in every record; the same deals seat for seat
    deadline = time.monotonic() + 10
    while cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]["rounds"][0]["seed"] != seed:
        assert time.monotonic() < deadline, "the round's seed was not revealed"
        time.sleep(0.05)
    recs = [cup.call("GET", f"/api/records/{t.number}") for t in tables]
    # every hand a seat was shown belongs to the deal its table was playing then: never a later one
    by_id = {t.public_id: rec for t, rec in zip(tables, recs)}
    shown = 0
    for link, kept in ((a_link, a_messages), (b_link, messages[len(a_messages):])):
        rec = by_id[link["table"]]
        for raw in kept:
            m = json.loads(raw)
            view = m.get("view") if m.get("type") == "state" else None
            hand = ((view or {}).get("deal") or {}).get("hand")
            if not hand:
                continue
            dealt = rec["deals"][view["deal_number"]]["deal"]["hands"][link["seat"]]
            assert set(hand) <= set(dealt), "a seat was shown cards that are not its hand of the deal being played"
            shown += 1
    assert shown
    for rec in recs:
        assert rec["commitment"] == committed and rec["seed"] == seed
        assert verify(rec, commitment=committed) == len(rec["deals"])
    common = min(len(r["deals"]) for r in recs)
    assert common >= 1
    for n in range(common):
        assert recs[0]["deals"][n]["deal"] == recs[1]["deals"][n]["deal"], f"deal {n} differs between tables"
        assert recs[0]["deals"][n]["dealer"] == recs[1]["deals"][n]["dealer"]
    # the ranking by comparison: every player compared on the deals both tables held
    ranking = cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]["ranking"]
    assert {line["name"] for line in ranking} == set(NAMES8)
    assert all(line["deals"] == common for line in ranking)
    assert abs(sum(line["comparison"] for line in ranking)) < 0.05
    # beside the sheet's ranking (the official one, unchanged) in the scorekeeper's ranking and exports
    official = cup.scores.rankings(tid)
    assert official["comparison"] == ranking and len(official["ranking"]) == len(NAMES8)
    export = cup.client.get(f"/scorekeeper/api/tournaments/{tid}/export/ranking.csv?lang=en", headers=cup.auth)
    lines = export.text.lstrip("\ufeff").splitlines()
    assert export.status_code == 200 and lines[0].split(";")[-2:] == ["difference", "deals compared"]
    assert len(lines) == 1 + len(NAMES8) and all(line.split(";")[-1] == str(common) for line in lines[1:])
    de = cup.client.get(f"/scorekeeper/api/tournaments/{tid}/export/ranking.csv?lang=de", headers=cup.auth).text
    assert de.lstrip("\ufeff").splitlines()[0].split(";")[-2:] == ["Differenz", "verglichene Spiele"]
    pdf = cup.client.get(f"/scorekeeper/api/tournaments/{tid}/export/results.pdf?lang=en", headers=cup.auth)
    assert pdf.status_code == 200 and pdf.content.startswith(b"%PDF")


def test_verify_accepts_a_table_record_against_its_rounds_commitment_only(tmp_path):
    """``verify --commitment`` (the round's, from the cup's page) accepts each table's record of the
    round and refuses a record whose commitment is another."""
    from stammtisch.core import records
    from stammtisch.core.protocol import Match
    from stammtisch.core.registry import get
    from stammtisch.core.verify import VerifyError

    seed = bytes(range(32))
    import random

    from stammtisch import bots as botkit
    from stammtisch.core.driver import play_out

    game = get("tarock")
    m = Match(game, game.default_profile, {}, max_deals=1, fair_seed=seed)
    play_out(m, [botkit.make("random", game) for _ in range(4)], random.Random(3))
    rec = records.to_record(m)
    assert verify(rec, commitment=fairdeal.commitment(seed)) == 1
    with pytest.raises(VerifyError):
        verify(rec, commitment=fairdeal.commitment(bytes(32)))
    from typer.testing import CliRunner

    from stammtisch.cli.main import app

    path = tmp_path / "table.json"
    path.write_text(json.dumps(rec))
    ok = CliRunner().invoke(app, ["verify", str(path), "--commitment", fairdeal.commitment(seed), "--lang", "en"])
    assert ok.exit_code == 0 and "deals checked: 1" in ok.output
    bad = CliRunner().invoke(app, ["verify", str(path), "--commitment", fairdeal.commitment(bytes(32)), "--lang", "en"])
    assert bad.exit_code == 1 and "is not the published commitment" in bad.output


def test_duplicate_is_refused_where_it_cannot_hold(cup):
    body = {"name": "Cup", "game": "perlaggen", "rounds": 1, "settings": {"duplicate": True}}
    r = cup.client.post("/cup/api/cups", json=body, headers=cup.auth)
    assert r.status_code >= 400 and "Perlaggen §4" in r.json()["message"]
    body = {"name": "Cup", "game": "tarock", "rounds": 1, "settings": {"duplicate": True, "mixed": True}}
    r = cup.client.post("/cup/api/cups", json=body, headers=cup.auth)
    assert r.status_code >= 400 and "mixed" in r.json()["message"]


# -- the ranking by comparison, as a pure function -----------------------------------------------
def test_comparison_compares_only_the_same_cards_and_leaves_out_struck_rows():
    row = lambda key, pts, struck=False: {"cards": key, "position_points": pts, "struck": struck}  # noqa: E731
    lists = [
        {"round": 1, "table": 1, "seats": {1: 1, 2: 2, 3: 3, 4: 4},
         "rows": [row("a", [12, -4, -4, -4]), row("b", [0, 6, -3, -3]), row("c", [9, 9, 9, -27], struck=True)]},
        {"round": 1, "table": 2, "seats": {1: 5, 2: 6, 3: 7, 4: 8},
         "rows": [row("a", [-12, 4, 4, 4]), row("x", [3, 3, 3, -9]), row("c", [1, 1, 1, -3])]},
    ]
    by = {s["player"]: s for s in compare(lists)}
    assert by[1]["comparison"] == 24 and by[5]["comparison"] == -24  # deal "a" only
    assert by[2]["comparison"] == -8 and by[6]["comparison"] == 8
    assert all(s["deals"] == 1 for s in by.values())  # "b"/"x" differ, "c" is struck at table 1
    assert [s["player"] for s in compare(lists)][0] == 1 and by[1]["rank"] == 1


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 4), st.integers(1, 5), st.data())
def test_comparison_sums_to_zero_and_ignores_what_every_table_shares(tables, deals, data):
    """Per deal the differences to the others' mean add up to zero; points every table scored alike
    (the luck of the cards) change nobody's comparison."""
    pts = st.lists(st.integers(-300, 300), min_size=4, max_size=4)
    lists = [{"round": 1, "table": k + 1, "seats": {p: 10 * k + p for p in range(1, 5)},
              "rows": [{"cards": f"d{n}", "position_points": data.draw(pts), "struck": False} for n in range(deals)]}
             for k in range(tables)]
    ranked = compare(lists)
    assert abs(sum(s["comparison"] for s in ranked)) < 0.01 * len(ranked)
    assert all(s["deals"] == deals for s in ranked)
    bonus = data.draw(st.lists(st.integers(-100, 100), min_size=4, max_size=4))
    shifted = [{**tab, "rows": [{**r, "position_points": [p + b for p, b in zip(r["position_points"], bonus)]}
                                for r in tab["rows"]]} for tab in lists]
    assert {s["player"]: s["comparison"] for s in compare(shifted)} == {s["player"]: s["comparison"] for s in ranked}


def test_a_restart_after_the_rounds_last_table_ended_reveals_the_seed(cup):
    """The process dies after the last table's list closed and before the seed was released: the
    next start reveals it (and never before the round has ended)."""
    from stammtisch.cup import duplicate

    calls = []
    real = duplicate.release_round

    async def lost(cups, tid, rnd):  # the release is lost, as if the process died right there
        calls.append((tid, rnd))
        return False

    duplicate.release_round = lost
    try:
        tid = cup.create("tarock", NAMES8, games=1, move_seconds=0, duplicate=True, computer=NAMES8)
        cup.call("POST", f"/cup/api/cups/{tid}/rounds", {"method": "random", "seed": "r"})
        started = cup.call("POST", f"/cup/api/cups/{tid}/start", {})
        wait_closed(cup, tid, 1)
        assert calls, "the release was asked for when a table ended"
        assert cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]["rounds"][0]["seed"] is None
        numbers = [t["server_table"] for t in started["tables"]]
        assert all(cup.client.get(f"/api/records/{n}").json().get("code") == "held" for n in numbers)
    finally:
        duplicate.release_round = real
    cup.restart()
    seed = cup.call("GET", f"/cup/api/cups/{tid}/standings")["comparison"]["rounds"][0]["seed"]
    assert seed and fairdeal.commitment(bytes.fromhex(seed)) == started["commitment"]
    assert all(cup.call("GET", f"/api/records/{n}")["seed"] == seed for n in numbers)
