"""A Tarock cup through the web API with every game entered as facts, the facts taken from deals
simulated in the engine: the ranking must equal the engine's own points (scorekeeper = engine,
at tournament scale). Skipped while the Tarock engine is not installed."""


from fastapi.testclient import TestClient

from stammtisch.scorekeeper.api import create_app

from .helpers import login
from .test_entries_engines import engine, play_deal

API = "/scorekeeper/api"


def tarock_facts(outcome, engine_dealer, table_dealer, n):
    """The engine's Outcome (seats) as scorekeeper facts (positions), rotated so that the engine's
    dealer is the table's dealer."""
    pos = lambda s: None if s is None else (s - engine_dealer + table_dealer - 1) % n + 1  # noqa: E731
    facts = {"kind": "game", "contract": outcome["contract"], "declarer": pos(outcome["declarer"]),
             "partner": pos(outcome["partner"]), "declarer_thirds": outcome["declarer_thirds"],
             "declarer_tricks": outcome["declarer_tricks"], "kontra": outcome["kontra"],
             "schleifen": outcome["schleifen"],
             "premiums": [dict(p, announcer=pos(p.get("announcer"))) for p in outcome["premiums"]],
             "kontras": [[pos(a), lv] for a, lv in outcome["kontras"]],
             "renonces": [{"kind": r["kind"], "offender": pos(r["offender"])} for r in outcome["renonces"]],
             "claims": [[pos(a), v] for a, v in outcome["claims"]]}
    if outcome["thirds"]:
        order = sorted(range(n), key=lambda s: pos(s))
        facts["thirds"] = [outcome["thirds"][s] for s in order]
        facts["tricks"] = [outcome["tricks"][s] for s in order]
    return facts, pos


def test_tarock_cup_entered_as_facts_equals_the_engine(tmp_path):
    engine("tarock")
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'cup.sqlite3'}"))
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "Tiroler Cup, 3. Turnier", "game": "tarock",
                                               "profile": "tiroler-cup", "rounds": 3, "games": {"4": 4, "5": 5}})
    tid = r.json()["tournament"]["id"]
    client.post(f"{API}/tournaments/{tid}/players", headers=H, json=[{"name": f"T{i}"} for i in range(24)])
    expected: dict[int, int] = {}
    money: dict[int, int] = {}
    seed = 0
    for rnd in (1, 2, 3):
        rd = client.post(f"{API}/tournaments/{tid}/rounds", headers=H,
                         json={"method": "schedule", "prefer": "five", "seed": rnd}).json()
        assert sorted(t["size"] for t in rd["tables"]) == [4, 5, 5, 5, 5]
        for t in rd["tables"]:
            tab = client.get(f"{API}/tables/{t['id']}", headers=H).json()
            while tab["normal_games"] < tab["planned"]:
                n, dealer = tab["size"], tab["next"]["dealer"]
                due = [p for p in tab["pflicht_due"] if p != tab["next"]["sitting"]]
                if due:  # Vorführung (Doppelkopf-Turnier 2.): a due player's Pflichtsolo, as its row
                    pts = [0 if p == tab["next"]["sitting"] else (3 if p == due[0] else -1) for p in range(1, n + 1)]
                    out = client.post(f"{API}/tables/{t['id']}/entries", headers=H, json={
                        "version": tab["version"], "facts": {"kind": "row", "points": pts, "solo_by": due[0]}})
                    assert out.status_code == 201 and out.json()["row"]["pflichtsolo_by"] == due[0], out.text
                    for p in range(1, n + 1):
                        player = tab["seats"][p - 1]["player"]
                        expected[player] = expected.get(player, 0) + pts[p - 1]
                    tab = out.json()["table"]
                    continue
                seed += 1
                _, ctx, res = play_deal("tarock", "tiroler-cup", seed, {"players": n} if n == 5 else {})
                facts, pos = tarock_facts(res.summary["outcome"], ctx.dealer, dealer, n)
                out = client.post(f"{API}/tables/{t['id']}/entries", headers=H,
                                  json={"version": tab["version"], "facts": facts})
                assert out.status_code == 201, out.text
                row = out.json()["row"]
                for s in range(n):
                    player = tab["seats"][pos(s) - 1]["player"]
                    expected[player] = expected.get(player, 0) + res.points[s]
                    money[player] = money.get(player, 0) + res.money[s]
                    assert row["points"][pos(s) - 1] == res.points[s]
                    assert row["money"][pos(s) - 1] == res.money[s]
                tab = out.json()["table"]
            assert not [c for c in tab["checks"] if c["level"] == "error"]
    rk = client.get(f"{API}/tournaments/{tid}/rankings", headers=H).json()
    assert {ln["player"]: ln["total"] for ln in rk["ranking"]} == expected
    assert sum(expected.values()) == 0 and sum(money.values()) == 0
    pdf = client.get(f"{API}/tournaments/{tid}/export/sheets.pdf", headers=H)
    assert pdf.content.startswith(b"%PDF")


def test_doppelkopf_cup_entered_as_facts_equals_the_engine(tmp_path):
    """The same for Doppelkopf: 24 players, tables of 5 and 4, each game's facts from a simulated deal."""
    engine("doppelkopf")
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'doko.sqlite3'}"))
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "Doko-Cup", "game": "doppelkopf", "rounds": 3,
                                               "games": {"4": 4, "5": 5}})
    tid = r.json()["tournament"]["id"]
    client.post(f"{API}/tournaments/{tid}/players", headers=H, json=[{"name": f"D{i}"} for i in range(24)])
    expected: dict[int, int] = {}
    seed = 1000
    for rnd in (1, 2, 3):
        rd = client.post(f"{API}/tournaments/{tid}/rounds", headers=H,
                         json={"method": "random", "prefer": "five", "seed": rnd}).json()
        for t in rd["tables"]:
            tab = client.get(f"{API}/tables/{t['id']}", headers=H).json()
            while tab["normal_games"] < tab["planned"]:
                n, dealer = tab["size"], tab["next"]["dealer"]
                due = [p for p in tab["pflicht_due"] if p != tab["next"]["sitting"]]
                if due:  # Vorführung (Doppelkopf-Turnier 2.): a due player's Pflichtsolo, as its row
                    pts = [0 if p == tab["next"]["sitting"] else (3 if p == due[0] else -1) for p in range(1, n + 1)]
                    out = client.post(f"{API}/tables/{t['id']}/entries", headers=H, json={
                        "version": tab["version"], "facts": {"kind": "row", "points": pts, "solo_by": due[0]}})
                    assert out.status_code == 201 and out.json()["row"]["pflichtsolo_by"] == due[0], out.text
                    for p in range(1, n + 1):
                        player = tab["seats"][p - 1]["player"]
                        expected[player] = expected.get(player, 0) + pts[p - 1]
                    tab = out.json()["table"]
                    continue
                seed += 1
                _, ctx, res = play_deal("doppelkopf", None, seed, {"players": n} if n == 5 else {})
                s = res.summary
                pos = lambda x: (x - ctx.dealer + dealer - 1) % n + 1  # noqa: E731
                parties = s["parties"]
                facts = {"kind": "game", "contract": s["contract"] or "normal",
                         "re": [pos(i) for i, p in enumerate(parties) if p == "re"], "re_augen": s["re_augen"],
                         "re_tricks": sum(1 for tr in s["tricks"] if parties[tr["winner"]] == "re"),
                         "re_level": s["announcements"]["re"], "kontra_level": s["announcements"]["kontra"],
                         "specials": [[ln.note.lower(), ln.label] for ln in res.lines
                                      if ln.label in ("Doppelkopf", "Fuchs gefangen", "Karlchen")]}
                out = client.post(f"{API}/tables/{t['id']}/entries", headers=H,
                                  json={"version": tab["version"], "facts": facts})
                assert out.status_code == 201, out.text
                for x in range(n):
                    player = tab["seats"][pos(x) - 1]["player"]
                    expected[player] = expected.get(player, 0) + res.points[x]
                    assert out.json()["row"]["points"][pos(x) - 1] == res.points[x]
                tab = out.json()["table"]
    rk = client.get(f"{API}/tournaments/{tid}/rankings", headers=H).json()
    assert {ln["player"]: ln["total"] for ln in rk["ranking"]} == expected
    assert client.get(f"{API}/tournaments/{tid}/export/ranking.csv", headers=H).status_code == 200
