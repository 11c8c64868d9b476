"""Rule readings at a live table: the Tarock "Punkte/Blatt" field (Österreich-Finale 1)) and the Jass
referee's rows -- an annulled deal and a deal settled after a penalty ruling (Papagei-Jass §7, §15,
§28, §31), with the same correction history as any other row (§19)."""

from __future__ import annotations

import importlib

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.scorekeeper.entries import context, get
from stammtisch.scorekeeper.tablesheet import TableSheet


def tarock(facts, profile="oesterreich-finale"):
    return get("tarock").settle({"kind": "game", **facts}, context(4, 1, 4, profile=profile))


# -- Tarock: Punkte/Blatt ---------------------------------------------------------------------
@pytest.mark.parametrize("points", ["34/7", "36/-1", "35/5", "35/3", "35/x", "71", "70/2", ""])
def test_oesterreich_finale_1_blatt_is_0_1_or_2_else_refused_naming_the_field(points):
    """"36 Punkte (35 Punkte und 2 Blatt)": cards are counted in threes, the Blatt left over is 0, 1
    or 2. "34/7" used to be read as 36 1/3 points and a lost Rufer written as won."""
    with pytest.raises(IllegalAction, match=r"Points \(35/2\)") as e:
        tarock({"contract": "rufer", "declarer": 2, "partner": 4, "declarer_points": points})
    assert e.value.rule == "Österreich-Finale 1)"


@pytest.mark.parametrize("points, won", [("35/2", True), ("35/1", False), ("36", True), ("35", False),
                                         ("35/0", False), ("0", False)])
def test_oesterreich_finale_1_blatt_0_1_2_accepted(points, won):
    s = tarock({"contract": "rufer", "declarer": 2, "partner": 4, "declarer_points": points})
    assert s.points == ((-1, 1, -1, 1) if won else (1, -1, 1, -1))


@pytest.mark.parametrize("thirds", [-1, 211, 107.5, "107", True])
def test_oesterreich_finale_1_declarer_thirds_within_the_pack(thirds):
    with pytest.raises(IllegalAction, match="declarer_thirds"):
        tarock({"contract": "rufer", "declarer": 2, "partner": 4, "declarer_thirds": thirds})


# -- Jass: the referee's rows --------------------------------------------------------------------
GAME = {"kind": "game", "mode": "E", "declarer": 1, "card_points": [100, 57], "tricks": [6, 3]}


def test_papagei_jass_7_annulled_deal_is_zero_struck_and_names_the_paragraph():
    """§7 "hat die Gegenpartei das Recht, das Spiel, nicht aber die ganze Partie, zu annullieren"."""
    t = TableSheet(get("jass"), 4, 12)
    t.write(GAME)
    r = t.write({"kind": "annulled", "rule": "§7", "by": 2, "reason": "falsche Karte im 3. Stich bemerkt"})
    assert r.settlement.points == (0, 0) and r.settlement.struck
    assert "Papagei-Jass §7" in r.settlement.lines[0].note and "2+4" in r.settlement.lines[0].note
    assert t.totals() == (700, 399) and t.next_context().dealer == 3  # not replayed: the deal passes on


@pytest.mark.parametrize("facts, what", [({"rule": "§3"}, "Annulled under"), ({"rule": "§7", "by": 9}, "claimed by"),
                                         ({"rule": "§7", "points": [1, 2]}, "unknown")])
def test_papagei_jass_7_annulled_deal_bad_input(facts, what):
    t = TableSheet(get("jass"), 4, 12)
    with pytest.raises(IllegalAction, match=what):
        t.write({"kind": "annulled", **facts})
    assert t.rows == []


@pytest.mark.parametrize("ruling", ["§7", "§15", "§28", "§31"])
def test_papagei_jass_7_15_28_31_points_after_a_penalty_ruling(ruling):
    """§15 "verliert seine stechhöchste Karte dieser Farbe den Stechwert", §28, §31 ...: the points
    counted after the ruling are written as usual, and the row names the paragraph."""
    t = TableSheet(get("jass"), 4, 12)
    r = t.write({**GAME, "card_points": [120, 37], "tricks": [7, 2], "ruling": ruling, "offender": 2})
    assert r.settlement.points == (120 * 7, 37 * 7)
    strafe = [ln for ln in r.settlement.lines if ln.label == "Strafe"]
    assert len(strafe) == 1 and strafe[0].note.startswith(f"Papagei-Jass {ruling}:") and "position 2" in strafe[0].note
    assert ruling in r.settlement.label


def test_papagei_jass_19_ruling_rows_have_the_same_correction_history():
    """§19: corrections until the next game starts; the ruled row and the annulled row keep history."""
    t = TableSheet(get("jass"), 4, 12)
    t.write({**GAME, "ruling": "§15", "offender": 2})
    t.correct(1, {"kind": "annulled", "rule": "§7", "by": 1}, reason="Gegner verlangt Annullation")
    r = t.rows[0]
    assert r.revision == 2 and [h.action for h in r.history] == ["write", "correct"]
    assert r.history[0].settlement.points == (700, 399) and t.totals() == (0, 0)
    t.correct(1, {**GAME, "ruling": "§31"}, reason="doch weitergespielt")
    assert t.totals() == (700, 399) and t.rows[0].revision == 3
    t.write(GAME)
    with pytest.raises(IllegalAction) as e:
        t.correct(1, GAME)
    assert e.value.rule == "Papagei-Jass §19"


@pytest.mark.parametrize("facts, what", [({"ruling": "§3"}, "Penalty ruling"), ({"ruling": "15"}, "Penalty ruling"),
                                         ({"offender": 2}, "offender"), ({"ruling": "§15", "offender": 7}, "who")])
def test_papagei_jass_ruling_bad_input_names_the_field(facts, what):
    t = TableSheet(get("jass"), 4, 12)
    with pytest.raises(IllegalAction, match=what):
        t.write({**GAME, **facts})


def test_jass_form_offers_the_rulings():
    names = [f["name"] for f in get("jass").form()]
    assert "ruling" in names and "offender" in names
    assert get("jass").describe()["facts"]["ruling"]


# -- scorekeeper-only paths of the settlements (issue: tests that catch any wrong settlement) -----
def test_doppelkopf_turnier_5_keeper_levels_of_re_and_kontra_in_words_and_numbers():
    """5.: a list keeper writes the levels as words or numbers: re/kontra 0, keine 90 1 ... schwarz 4,
    -1 or null none; anything else is refused naming 5."""
    from stammtisch.core.errors import IllegalAction
    from stammtisch.scorekeeper.entries import context, get

    importlib.import_module("stammtisch.games.doppelkopf.scoring")
    dk = get("doppelkopf")

    def value(**lv):
        s = dk.settle({"kind": "game", "contract": "normal", "re": [1, 3], "re_augen": 200, **lv}, context(4, 1, 1))
        return s.points[0]

    # Re 200 : Kontra 40 -- gewonnen 1, unter 90 1, unter 60 1
    assert value() == value(re_level=None) == value(re_level=-1) == 3
    assert value(re_level="re") == value(re_level=0) == 3 + 2  # Re angesagt
    assert value(re_level="kontra") == 5  # the word of either party is level 0
    assert value(kontra_level="kontra") == value(kontra_level=0) == 3 + 2  # Kontra angesagt
    assert value(re_level="keine90") == value(re_level=1) == value(re_level="Keine 90") == 3 + 2 + 1
    assert value(re_level="keine60") == value(re_level=2) == 3 + 2 + 2
    # keine 30 fails (Kontra has 40): Kontra wins gewonnen 1, Re angesagt 2, three Absagen, gegen die Alten 1
    assert value(re_level="keine30") == value(re_level=3) == -(1 + 2 + 3 + 1)
    for bad in (5, -2, True, "keine120"):
        with pytest.raises(IllegalAction, match="announce"):
            value(re_level=bad)


def test_perlaggen_par10_bluff_fine_in_the_scorekeeper_is_two_points():
    """Perlaggen §10 "wird außerdem zwei Punkte gestraft", written as a row's penalty."""
    from stammtisch.scorekeeper.entries import context, get

    importlib.import_module("stammtisch.games.perlaggen.scoring")
    pl = get("perlaggen")
    fig = [{"figure": "spiel", "status": "unbid", "winner": "2+4"}]
    s = pl.settle({"figures": fig, "penalties": [{"kind": "bluff", "side": "1+3"}]},
                  context(4, 1, 1, carry={"standing": [5, 5], "owed": [0, 0]}))
    assert s.points == (-2, 1)
    s = pl.settle({"figures": fig, "penalties": [{"kind": "bluff", "side": "1+3"}]},
                  context(4, 1, 1, carry={"standing": [1, 5], "owed": [0, 0]}))
    assert s.points == (-1, 1) and s.carry["owed"] == [1, 0]
