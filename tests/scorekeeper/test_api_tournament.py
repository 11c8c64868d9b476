"""A whole simulated tournament through the web API: 3 rounds, 24 players, tables of 5 and 4,
live entry and finished Tischzettel, a correction, a struck row, a conflict, rankings, exports."""

import csv
import io
import random

import pytest
from fastapi.testclient import TestClient

from stammtisch.scorekeeper.api import create_app
from stammtisch.scorekeeper.export import SpreadsheetCsv

from .helpers import login, unlock

API = "/scorekeeper/api"


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(f"sqlite:///{tmp_path / 'cup.sqlite3'}"))


def random_row(rng, size, dealer, solo_by=None):
    """A plausible Doppelkopf list row: 2 vs 2 at ±v, or a solo at 3v vs -v; the sitting dealer 0."""
    active = [p for p in range(1, size + 1) if not (size == 5 and p == dealer)]
    pts = [0] * size
    v = rng.randint(1, 6)
    if solo_by is not None:
        for p in active:
            pts[p - 1] = -v
        pts[solo_by - 1] = 3 * v
    else:
        re = rng.sample(active, 2)
        for p in active:
            pts[p - 1] = v if p in re else -v
    return pts


def play_table_live(client, H, table_id, rng, expected):
    """Enter every game one by one as the list keeper would, Pflichtsoli included."""
    tab = client.get(f"{API}/tables/{table_id}", headers=H).json()
    owed = set(range(1, tab["size"] + 1))
    while tab["normal_games"] < tab["planned"] or owed:
        nxt = tab["next"]
        left = tab["planned"] - tab["normal_games"]
        active = [p for p in nxt["active"]]
        candidates = [p for p in active if p in owed]
        solo = candidates[0] if candidates and (left <= len(owed) + 2 or rng.random() < 0.2) else None
        if solo is not None:
            owed.discard(solo)
        pts = random_row(rng, tab["size"], nxt["dealer"], solo)
        facts = {"kind": "row", "points": pts, "label": "Solo" if solo else "Normalspiel"}
        if solo:
            facts["solo_by"] = solo
        r = client.post(f"{API}/tables/{table_id}/entries", json={"version": tab["version"], "facts": facts}, headers=H)
        assert r.status_code == 201, r.text
        tab = r.json()["table"]
        for i, s in enumerate(tab["seats"]):
            expected[s["player"]] = expected.get(s["player"], 0) + pts[i]
    return tab


def sheet_rows(rng, size, planned):
    """A finished Tischzettel: rows in dealing order, each player's Pflichtsolo somewhere."""
    rows, dealer, normal = [], 1, 0
    owed = list(range(1, size + 1))
    while normal < planned or owed:
        active = [p for p in range(1, size + 1) if not (size == 5 and p == dealer)]
        force = planned - normal <= len(owed) + 2  # DDV Vorführung: in time, before the round ends
        solo = next((p for p in owed if p in active), None) if (rng.random() < 0.25 or force) else None
        pts = random_row(rng, size, dealer, solo)
        row = {"kind": "row", "points": pts}
        if solo:
            row["solo_by"] = solo
            owed.remove(solo)
        else:
            dealer = dealer % size + 1
            normal += 1
        rows.append(row)
    return rows


def test_whole_tournament_through_the_web_api(client):
    rng = random.Random(2026)
    assert client.post(f"{API}/tournaments", json={"name": "X", "game": "doppelkopf"}).status_code == 403
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "Doko-Cup Innsbruck", "game": "doppelkopf",
                                                          "rounds": 3, "season": "2026"})
    assert r.status_code == 201
    tid = r.json()["tournament"]["id"]
    assert client.post(f"{API}/tournaments/{tid}/players", json=[{"name": "x"}]).status_code == 403
    r = client.post(f"{API}/tournaments/{tid}/players", headers=H,
                    json=[{"name": f"Spieler {i:02d}", "club": "DK Inn" if i % 2 else "Tarockrunde"}
                          for i in range(1, 25)])
    assert r.status_code == 201 and len(r.json()) == 24
    expected: dict[int, int] = {}
    met = set()
    for rnd in (1, 2, 3):
        r = client.post(f"{API}/tournaments/{tid}/rounds", headers=H,
                        json={"method": "schedule", "prefer": "five", "seed": f"cup-{rnd}"})
        assert r.status_code == 201, r.text
        rd = r.json()
        assert [t["size"] for t in rd["tables"]] == [5, 5, 5, 5, 4]
        assert [t["planned"] for t in rd["tables"]] == [25, 25, 25, 25, 20]  # Doppelkopf-Turnier 1.
        assert rd["repeat_pairs"] == 0
        for t in rd["tables"]:
            ids = sorted(s["player"] for s in t["seats"])
            pairs = {(a, b) for a in ids for b in ids if a < b}
            assert not pairs & met
            met |= pairs
        codes = client.post(f"{API}/tournaments/{tid}/codes", headers=H, json={"round": rnd}).json()["codes"]
        for i, t in enumerate(rd["tables"]):
            if i % 2 == 0:  # the list keeper enters with the code of the table card
                play_table_live(client, unlock(client, t["id"], codes[str(t["id"])]), t["id"], rng, expected)
            else:
                rows = sheet_rows(rng, t["size"], t["planned"])
                out = client.post(f"{API}/tables/{t['id']}/sheet", headers=H, json={"version": t["version"],
                                                                                   "rows": rows})
                assert out.status_code == 200, out.text
                for row in rows:
                    for k, s in enumerate(out.json()["seats"]):
                        expected[s["player"]] = expected.get(s["player"], 0) + row["points"][k]

    # a correction of the last row, a late correction refused, a struck row, a conflict
    t1 = client.get(f"{API}/tournaments/{tid}", headers=H).json()["rounds"][2]["tables"][0]
    tab = client.get(f"{API}/tables/{t1['id']}", headers=H).json()
    last = tab["rows"][-1]
    fixed = [-p for p in last["points"]]
    r = client.put(f"{API}/tables/{t1['id']}/entries/{last['number']}", headers=H,
                   json={"version": tab["version"], "facts": {**last["facts"], "points": fixed},
                         "reason": "vertauscht"})
    assert r.status_code == 200, r.text
    for k, s in enumerate(tab["seats"]):
        expected[s["player"]] += fixed[k] - last["points"][k]
    r = client.put(f"{API}/tables/{t1['id']}/entries/1", headers=H,
                   json={"version": r.json()["table"]["version"], "facts": tab["rows"][0]["facts"]})
    assert r.status_code == 422 and "no longer be corrected" in r.json()["message"]
    r = client.post(f"{API}/tables/{t1['id']}/entries", headers=H,
                    json={"version": tab["version"], "facts": {"kind": "row", "points": [0] * 5}})
    assert r.status_code == 409 and r.json()["error"] == "Conflict"
    hist = client.get(f"{API}/tables/{t1['id']}/entries/{last['number']}/history", headers=H).json()
    assert [h["action"] for h in hist] == ["write", "correct"]

    checks = client.get(f"{API}/tournaments/{tid}/checks", headers=H).json()
    assert [c for c in checks if c["level"] == "error"] == []

    # rankings: not public before publishing
    assert client.get(f"{API}/tournaments/{tid}/rankings").status_code == 403
    rk = client.get(f"{API}/tournaments/{tid}/rankings", headers=H).json()
    assert len(rk["ranking"]) == 24
    assert {ln["player"]: ln["total"] for ln in rk["ranking"]} == expected
    assert sum(ln["total"] for ln in rk["ranking"]) == 0
    assert [ln["rank"] for ln in rk["ranking"]] == list(range(1, 25))
    totals = [ln["total"] for ln in rk["ranking"]]
    assert totals == sorted(totals, reverse=True)
    for rnd in (1, 2, 3):
        rr = client.get(f"{API}/tournaments/{tid}/rankings", params={"round": rnd}, headers=H).json()
        assert {ln["player"]: ln["rounds"][str(rnd)] for ln in rr["ranking"]} == \
            {ln["player"]: ln["rounds"][str(rnd)] for ln in rk["ranking"]}

    # exports
    csv_text = client.get(f"{API}/tournaments/{tid}/export/ranking.csv", headers=H).content.decode("utf-8-sig")
    table = list(csv.reader(io.StringIO(csv_text), SpreadsheetCsv))
    assert table[0][:4] == ["Rang", "Nr.", "Name", "Verein"] and len(table) == 25
    assert int(table[1][-3]) == rk["ranking"][0]["total"]
    sheets = list(csv.reader(io.StringIO(client.get(f"{API}/tournaments/{tid}/export/sheets.csv", headers=H)
                                         .content.decode("utf-8-sig")), SpreadsheetCsv))
    assert len(sheets) > 3 * (4 * 30 + 24)
    for name in ("results.pdf", "sheets.pdf"):
        r = client.get(f"{API}/tournaments/{tid}/export/{name}", headers=H)
        assert r.status_code == 200 and r.content.startswith(b"%PDF"), name
    r = client.post(f"{API}/tournaments/{tid}/cards", headers=H, json={"round": 3})
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert client.post(f"{API}/tournaments/{tid}/cards", json={"round": 3}).status_code == 403

    # publish: the public page and the season standings see it
    assert client.get(f"{API}/tournaments").json() == []
    assert client.post(f"{API}/tournaments/{tid}/publish", headers=H, json={"published": True}).status_code == 200
    assert [t["id"] for t in client.get(f"{API}/tournaments").json()] == [tid]
    pub = client.get(f"{API}/tournaments/{tid}/rankings").json()
    assert pub["ranking"] == rk["ranking"]
    assert client.post(f"{API}/tables/{t1['id']}/entries", json={"version": 0, "facts": {}}).status_code == 403
    season = client.get(f"{API}/seasons/2026").json()
    assert len(season["standings"]) == 24 and season["standings"][0]["points"] == rk["ranking"][0]["total"]
    assert client.get("/scorekeeper/results").status_code == 200
    assert client.get("/scorekeeper/").status_code == 200
    assert client.get("/scorekeeper/static/organiser.js").headers["content-type"].startswith("text/javascript")
    assert client.get("/scorekeeper/static/..%2Fstore.py").status_code == 404


def test_api_errors_are_json(client):
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "X", "game": "skat"})
    assert r.status_code == 422 and r.json()["error"] == "IllegalAction" and "unknown game" in r.json()["message"]
    assert client.get(f"{API}/tournaments/99").status_code == 404
    assert client.get(f"{API}/tables/99").status_code == 404
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "X", "game": "tarock", "colour": "red"})
    assert r.status_code == 422 and r.json()["field"] == "colour"
    games = client.get(f"{API}/games").json()
    assert [g["game"] for g in games] == ["jass", "doppelkopf", "tarock", "perlaggen"]


def test_table_code_allows_entry_at_that_table_only(client):
    H = login(client)
    t = client.post(f"{API}/tournaments", headers=H, json={"name": "Abend", "game": "tarock", "kind": "table",
                                                          "names": ["A", "B", "C", "D"]}).json()["tournament"]
    tab_id = t["rounds"][0]["tables"][0]["id"]
    assert client.get(f"{API}/tables/{tab_id}", headers=H).json()["code_issued"] is False
    code = client.post(f"{API}/tournaments/{t['id']}/codes", headers=H, json={}).json()["codes"][str(tab_id)]
    assert client.get(f"{API}/tables/{tab_id}", headers=H).json()["code_issued"] is True
    HT = unlock(client, tab_id, code.lower().replace("-", " "))  # typed as the list keeper types it
    r = client.post(f"{API}/tables/{tab_id}/entries", headers=HT,
                    json={"version": 1, "facts": {"kind": "row", "points": [3, -1, -1, -1]}})
    assert r.status_code == 201
    # a late correction is the organiser's
    client.post(f"{API}/tables/{tab_id}/entries", headers=HT,
                json={"version": 2, "facts": {"kind": "row", "points": [3, -1, -1, -1]}})
    r = client.put(f"{API}/tables/{tab_id}/entries/1", headers=HT,
                   json={"version": 3, "facts": {"kind": "row", "points": [-3, 1, 1, 1]}, "late": True,
                         "reason": "Vorzeichen"})
    assert r.status_code == 403
    r = client.put(f"{API}/tables/{tab_id}/entries/1", headers=H,
                   json={"version": 3, "facts": {"kind": "row", "points": [-3, 1, 1, 1]}, "late": True,
                         "reason": "Vorzeichen"})
    assert r.status_code == 200 and r.json()["table"]["totals"] == [0, 0, 0, 0]
    assert client.post(f"{API}/tournaments/{t['id']}/rounds", headers=HT, json={}).status_code == 403
    # a new code ends the list keeper's session
    client.post(f"{API}/tournaments/{t['id']}/codes", headers=H, json={"tables": [tab_id]})
    assert client.post(f"{API}/tables/{tab_id}/entries", headers=HT,
                       json={"version": 4, "facts": {"kind": "row", "points": [3, -1, -1, -1]}}).status_code == 403
