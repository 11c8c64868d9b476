"""One table's list: dealing order, sitting player, balance, corrections, history, checks."""

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.scorekeeper.entries import context, get
from stammtisch.scorekeeper.tablesheet import TableSheet


def row(*points, **kw):
    return {"kind": "row", "points": list(points), **kw}


def test_position_1_deals_first_and_the_deal_passes_on():
    """Doppelkopf-Turnier 8.: position 1 deals first; the deal passes on by one position."""
    t = TableSheet(get("doppelkopf"), 4, 20)
    dealers = []
    for _ in range(6):
        dealers.append(t.next_context().dealer)
        t.write(row(1, 1, -1, -1))
    assert dealers == [1, 2, 3, 4, 1, 2]
    assert t.rows[0].dealer == 1


def test_vorhand_is_left_of_the_dealer():
    ctx = context(4, 1, 3)
    assert ctx.active == (4, 1, 2, 3) and ctx.vorhand == 4 and ctx.sitting is None


def test_the_dealer_sits_out_at_a_table_of_five_and_gets_nothing():
    """Doppelkopf-Turnier 7.: a sitting player gets no points; with five the dealer sits out."""
    t = TableSheet(get("doppelkopf"), 5, 25)
    with pytest.raises(IllegalAction, match="sits out") as e:
        t.write(row(1, 1, 1, -1, -2))
    assert e.value.rule == "Doppelkopf-Turnier 7."
    t.write(row(0, 3, -1, -1, -1))
    assert t.next_context().sitting == 2
    t.write(row(1, 0, 1, -1, -1))
    assert t.totals() == (1, 3, 0, -2, -2)


def test_tarock_five_table_sitting_rule_cites_tiroler_cup():
    t = TableSheet(get("tarock"), 5, 20)
    with pytest.raises(IllegalAction) as e:
        t.write(row(1, 1, 1, -1, -2))
    assert e.value.rule == "Tiroler Cup, Paragrafen"


def test_a_row_that_does_not_balance_is_refused_or_struck():
    """Österreich-Finale 1): an unclearable row is struck, 0 for all; the written points are kept."""
    t = TableSheet(get("tarock"), 4, 16)
    with pytest.raises(IllegalAction, match="does not balance") as e:
        t.write(row(4, 4, 4, -4))
    assert e.value.rule == "Österreich-Finale 1)"
    r = t.write(row(4, 4, 4, -4, strike=True))
    assert r.settlement.struck and r.settlement.points == (4, 4, 4, -4)
    assert t.totals() == (0, 0, 0, 0)
    assert any(c.code == "struck" for c in t.checks())


def test_team_games_do_not_balance_and_count_for_both_partners():
    t = TableSheet(get("jass"), 4, 12)
    t.write(row(1190, 399))
    assert t.totals() == (1190, 399)
    assert t.position_totals() == (1190, 399, 1190, 399)
    with pytest.raises(IllegalAction, match="not kept at a table of 5|not played at a table of 5"):
        TableSheet(get("jass"), 5, 12)


def test_annulled_game_is_struck_and_not_repeated():
    """Tiroler Cup, Abrechnung: an annulled game is struck, all get 0, it is not repeated."""
    t = TableSheet(get("tarock"), 4, 16)
    t.write({"kind": "annulled", "reason": "Kiebitz hat eingegriffen"})
    assert t.rows[0].settlement.struck and t.totals() == (0, 0, 0, 0)
    assert t.normal_games() == 1 and t.next_context().dealer == 2


def test_last_row_may_be_corrected_with_history():
    """Perlaggen §33 / Tiroler Cup Reklamationen: correct until the next game is written; keep history."""
    t = TableSheet(get("tarock"), 4, 16)
    t.write(row(3, -1, -1, -1))
    t.correct(1, row(6, -2, -2, -2), reason="Pagat vergessen")
    assert t.totals() == (6, -2, -2, -2)
    r = t.rows[0]
    assert r.revision == 2 and [h.action for h in r.history] == ["write", "correct"]
    assert r.history[0].settlement.points == (3, -1, -1, -1)


def test_no_correction_after_the_next_game_perlaggen_33():
    """Perlaggen §33: Reklamationen only until the next game's points are written, never later."""
    t = TableSheet(get("perlaggen"), 4)
    t.write(row(2, 0))
    t.write(row(0, 3))
    with pytest.raises(IllegalAction) as e:
        t.correct(1, row(3, 0))
    assert e.value.rule == "Perlaggen §33"
    with pytest.raises(IllegalAction) as e:
        t.correct(1, row(3, 0), reason="Schreibfehler", late=True)
    assert e.value.rule == "Perlaggen §33"
    with pytest.raises(IllegalAction):
        t.strike(1, "unklar")
    assert t.totals() == (2, 3)


def test_late_correction_of_a_writing_error_tiroler_cup():
    """Tiroler Cup, Abrechnung: pure writing and arithmetic errors may be corrected afterwards."""
    t = TableSheet(get("tarock"), 4, 16)
    t.write(row(3, -1, -1, -1))
    t.write(row(-1, 3, -1, -1))
    with pytest.raises(IllegalAction, match="next game"):
        t.correct(1, row(-3, 1, 1, 1))
    with pytest.raises(IllegalAction, match="reason"):
        t.correct(1, row(-3, 1, 1, 1), late=True)
    t.correct(1, row(-3, 1, 1, 1), reason="Vorzeichen vertauscht", late=True)
    assert t.rows[0].history[-1].action == "late-correct"
    assert t.totals() == (-4, 4, 0, 0)
    t.strike(2, "Rechenfehler nicht klärbar")
    assert t.totals() == (-3, 1, 1, 1)
    assert [h.action for h in t.rows[1].history] == ["write", "strike"]


def test_pflichtsolo_is_extra_and_the_same_dealer_deals_again():
    """Doppelkopf-Turnier 1., 2.: each player's first solo is his Pflichtsolo, played in addition;
    after it the cards are dealt anew by the same dealer."""
    t = TableSheet(get("doppelkopf"), 4, 20)
    t.write(row(-1, 3, -1, -1, solo_by=2, label="Damensolo"))
    assert t.rows[0].pflichtsolo_by == 2
    assert t.next_context().dealer == 1 and t.normal_games() == 0
    t.write(row(-1, 3, -1, -1, solo_by=2, label="Lustsolo"))  # his second solo is a Lustsolo
    assert t.rows[1].pflichtsolo_by is None and t.next_context().dealer == 2
    assert t.pflicht_status() == {1: None, 2: 1, 3: None, 4: None}


def test_pflichtsolo_warning_and_missing_at_the_end():
    """DDV Vorführung: warn when a player's games left get as few as the Pflichtsoli owed;
    a finished list with a missing Pflichtsolo is an error."""
    t = TableSheet(get("doppelkopf"), 4, 8)
    for _ in range(2):
        t.write(row(1, 1, -1, -1))
    assert not [c for c in t.checks() if c.code == "pflichtsolo"]
    for _ in range(2):
        t.write(row(1, 1, -1, -1))
    warn = [c for c in t.checks() if c.code == "pflichtsolo"]
    assert len(warn) == 4 and all(c.level == "warning" for c in warn)
    for p in (1, 2, 3, 4):
        pts = [-1] * 4
        pts[p - 1] = 3
        t.write(row(*pts, solo_by=p))
    for _ in range(4):
        t.write(row(1, 1, -1, -1))
    assert not [c for c in t.checks() if c.level == "error"]
    assert len(t.rows) == 12  # 8 games + 4 Pflichtsoli
    with pytest.raises(IllegalAction, match="complete"):
        t.write(row(1, 1, -1, -1))
    t2 = TableSheet(get("doppelkopf"), 4, 2)
    t2.write(row(1, 1, -1, -1))
    t2.write(row(1, 1, -1, -1))
    errs = [c for c in t2.checks() if c.code == "pflichtsolo"]
    assert len(errs) == 4 and all(c.level == "error" for c in errs)


def test_five_table_games_left_counts_only_games_where_the_player_plays():
    t = TableSheet(get("doppelkopf"), 5, 5)
    assert [t.games_left_for(p) for p in range(1, 6)] == [4, 4, 4, 4, 4]


def test_parity_check_flags_a_writing_error_doppelkopf():
    t = TableSheet(get("doppelkopf"), 4, 20)
    t.write(row(2, 1, -1, -2))
    assert [c.code for c in t.checks() if c.level == "warning" and c.code == "parity"] == ["parity"]


def test_number_of_games_check():
    t = TableSheet(get("tarock"), 4, 2)
    t.write(row(1, -1, 1, -1))
    assert any(c.code == "games" and c.level == "warning" for c in t.checks())
    t.write(row(1, -1, 1, -1))
    assert not any(c.code == "games" for c in t.checks())


def test_money_ledger_is_kept_apart():
    """Österreich-Finale 2): Kontra changes the money, not the tournament points."""
    t = TableSheet(get("tarock"), 4, 16)
    t.write(row(3, -1, -1, -1, money=[6, -2, -2, -2]))
    t.write(row(-1, -1, 3, -1))
    assert t.totals() == (2, -2, 2, -2)
    # a row copied from the Tischzettel as points (no Kontra written) is paid as its points (issue 32, item 5)
    assert t.money_totals() == (5, -3, 1, -3)


@pytest.mark.parametrize("facts, msg", [
    ([1, 2], "JSON object"),
    ({"kind": "row"}, "points"),
    ({"kind": "row", "points": [1, -1]}, "needs 4 entries"),
    ({"kind": "row", "points": [1, "x", 0, -1]}, "whole number"),
    ({"kind": "row", "points": [1, True, 0, -1]}, "whole number"),
    ({"kind": "bogus"}, "unknown kind"),
])
def test_bad_facts_are_refused_with_a_message(facts, msg):
    t = TableSheet(get("tarock"), 4, 16)
    with pytest.raises(IllegalAction, match=msg):
        t.write(facts)
    assert t.rows == []


def test_unknown_game():
    with pytest.raises(IllegalAction, match="unknown game"):
        get("skat")


def test_score_sheet_is_the_core_sheet():
    t = TableSheet(get("doppelkopf"), 4, 20)
    t.write(row(1, 1, -1, -1))
    t.write(row(2, 2, -2, -2, strike=True))
    s = t.score_sheet(["A", "B", "C", "D"])
    assert s.columns == ("A", "B", "C", "D") and s.zero_sum and [r.struck for r in s.rows] == [False, False]
