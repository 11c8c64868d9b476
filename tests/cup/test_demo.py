"""`stammtisch tournament demo` (issue 30, "Done when"): whole online cups with computer players,
through the server's HTTP and WebSocket interface. For every table the replayed records add up to
its rows, and the ranking is each player's sum of rows."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

from stammtisch.cli.cupdemo import _own_server, run_demo
from stammtisch.core import records

TEAM = {"jass", "perlaggen"}


def demo(tmp_path, game, profile, players, rounds, games=None):
    with _own_server(tmp_path) as (base, organiser, password):
        return run_demo(base, organiser, password, game, profile, players, rounds, tmp_path / "records", games)


def check_sums(out):
    """Replayed records = rows per table; ranking = sum of rows per player."""
    game = out["game"]
    by_table: dict[tuple[int, int], Counter] = {}
    for row in out["rows"]:
        by_table.setdefault((row["round"], row["table"]), Counter()).update(row["points"])
    for tab in out["tables"]:
        replayed: Counter = Counter()
        games = 0
        for path in tab["records"]:
            match = records.replay(records.load(path))
            for dl in match.logs:
                games += 1
                for s, name in enumerate(tab["players"]):
                    replayed[name] += dl.result.points[s % 2 if game in TEAM else s]
        rows = by_table[(tab["round"], tab["table"])]
        assert games == tab["games"] == sum(1 for r in out["rows"] if (r["round"], r["table"]) == (tab["round"], tab["table"]))
        assert {n: replayed[n] for n in tab["players"]} == {n: rows[n] for n in tab["players"]}
    total: Counter = Counter()
    for row in out["rows"]:
        total.update(row["points"])
    assert {ln["player"]: ln["points"] for ln in out["ranking"]} == {n: total[n] for n in total}
    points = [ln["points"] for ln in out["ranking"]]
    assert points == sorted(points, reverse=True)


def test_demo_doppelkopf_turnier_eight_players_two_rounds_plays_the_sheets_round(tmp_path):
    """The documented command: 24 games per table of four per round (20 + four Pflichtsoli,
    Doppelkopf-Turnier 1., 2.), every player exactly one Pflichtsolo per round; the records replay
    with ``stammtisch replay PATH --json`` to the rows."""
    exe = Path(sys.executable).with_name("stammtisch")
    r = subprocess.run([str(exe), "tournament", "demo", "--game", "doppelkopf", "--profile", "turnier", "--players", "8",
                        "--rounds", "2", "--json", "--out", str(tmp_path / "records")],
                       capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["game"] == "doppelkopf" and out["profile"] == "turnier"
    assert len(out["tables"]) == 4
    names = {n for t in out["tables"] for n in t["players"]}
    assert len(names) == 8
    for rnd in (1, 2):
        tabs = [t for t in out["tables"] if t["round"] == rnd]
        assert sorted(n for t in tabs for n in t["players"]) == sorted(names)
        for t in tabs:
            assert len(t["players"]) == 4 and t["games"] == 24
            assert t["pflichtsoli"] == {n: 1 for n in t["players"]}
    check_sums(out)
    # the CLI's replay of one record: its per-seat totals (record seat order) are the table's rows
    tab = out["tables"][0]
    rp = subprocess.run([str(exe), "replay", tab["records"][0], "--json"], capture_output=True, text=True, timeout=120)
    assert rp.returncode == 0, rp.stderr
    totals = json.loads(rp.stdout)["totals"]
    rows = Counter()
    for row in out["rows"]:
        if (row["round"], row["table"]) == (1, tab["table"]):
            rows.update(row["points"])
    assert totals == [rows[n] for n in tab["players"]]


def test_demo_tarock_oesterreich_finale_ten_players_at_tables_of_five(tmp_path):
    """Ten players: two tables of five, the dealer sitting out each game (Tiroler Cup, Paragrafen)."""
    out = demo(tmp_path, "tarock", "oesterreich-finale", 10, 1, games=5)
    assert sorted(len(t["players"]) for t in out["tables"]) == [5, 5]
    assert all(t["games"] == 5 for t in out["tables"])
    check_sums(out)


def test_demo_tarock_plays_the_default_sixteen_deals_at_four(tmp_path):
    """The cup's default where the sheets are silent: 16 deals at a table of four (docs/tournaments.md)."""
    out = demo(tmp_path, "tarock", "oesterreich-finale", 4, 1)
    assert [t["games"] for t in out["tables"]] == [16]
    check_sums(out)


def test_demo_jass_plays_one_partie_to_the_target(tmp_path):
    """Papagei-Jass §2: a table plays one Partie, until a team reaches the target."""
    out = demo(tmp_path, "jass", None, 4, 1)
    (tab,) = out["tables"]
    rec = records.load(tab["records"][0])
    assert max(records.replay(rec).totals) >= rec["options"].get("target", 1000)
    check_sums(out)


def test_demo_perlaggen_plays_one_partie_to_eighteen(tmp_path):
    """Perlaggen §2: a table plays one Partie to 18."""
    out = demo(tmp_path, "perlaggen", None, 8, 2)
    assert len(out["tables"]) == 4
    for tab in out["tables"]:
        match = records.replay(records.load(tab["records"][0]))
        assert max(match.totals) >= 18
    check_sums(out)
