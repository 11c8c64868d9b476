"""Every threshold of the Perlaggen settlement at its boundary, on both sides, from the sheet:

* §2 the Partie goes to 18: a side at exactly 18 has won, at 17 not;
* §25 "Im Falle, dass beide Parteien 17 : 17 haben": only then does a zweifache unbid figure not go
  out, and a standing dritzige figure leaves it to the Spiel -- at 17 : 16 and 16 : 17 it goes out;
* §10 a fine a side cannot pay is owed ("im Laufe des Spieles abgezogen"): points never below 0;
* §14 "Spiel aus" is the Partie; §7/§34 Partieverlust; §6, §10, §17, §21 fines of two points.
"""

from __future__ import annotations

import re

import pytest

from stammtisch.games.perlaggen.scoring import AUS, FigureOutcome, Penalty, settle, settle_json


def F(figure, status="unbid", value=1, winner=None, **kw):
    return FigureOutcome(figure, status, value, winner, **kw)


def labels(s):
    return [str(ln.label) for ln in s.lines]


# -- §2: 18 wins, 17 does not -------------------------------------------------------------------
@pytest.mark.parametrize("side", [0, 1])
def test_par2_the_side_at_exactly_18_wins_at_17_not(side):
    standing = [10, 10]
    standing[side] = 16
    s = settle([F("gleich", "held", 2, side, bidder=side)], (), standing)
    assert s.winner == side and s.totals[side] == 18
    s = settle([F("gleich", "unbid", 1, side, cards=2)], (), standing)
    assert s.winner is None and s.totals[side] == 17


def test_par2_nothing_is_written_after_the_partie_is_won():
    """The first side to reach the target wins; the figures after it are not written."""
    s = settle([F("gleich", "held", 2, 0, bidder=0, order=0), F("hanger", "held", 3, 1, bidder=1, order=1)], (), (16, 16))
    assert s.winner == 0 and s.points == (2, 0)
    s = settle([F("gleich", "held", 2, 0, bidder=0, order=1), F("hanger", "held", 3, 1, bidder=1, order=0)], (), (16, 16))
    assert s.winner == 1 and s.points == (0, 3)


def test_par2_other_target_per_table():
    assert settle([F("spiel", winner=0)], (), (23, 0), target=24).winner == 0
    assert settle([F("spiel", winner=0)], (), (22, 0), target=24).winner is None


# -- §25: only at 17 : 17 -----------------------------------------------------------------------
@pytest.mark.parametrize("standing,strict", [((17, 17), True), ((17, 16), False), ((16, 17), False),
                                             ((16, 16), False)])
def test_par25_zweifache_figure_goes_out_only_below_17_17(standing, strict):
    """§25 "Bei 17 : 17 geht eine zweifache Figur nicht aus"."""
    for side in (0, 1):
        s = settle([F("gleich", "unbid", 1, side, cards=2), F("spiel", "unbid", 1, 1 - side)], (), standing)
        if strict:
            assert s.winner == 1 - side  # the Spiel decides
            assert any("zweifach" in x for x in labels(s))
        else:
            assert s.points[side] == 1


@pytest.mark.parametrize("side", [0, 1])
def test_par25_dritzige_figure_goes_out_at_17_17(side):
    s = settle([F("gleich", "unbid", 1, side, cards=3), F("spiel", "unbid", 1, 1 - side)], (), (17, 17))
    assert s.winner == side


def test_par25_a_standing_dritzige_figure_leaves_it_to_the_spiel():
    """§25 "Haben z. B. Parteien ein dritziges ... Gleich in gleichem Höhengrad, also eine stehende
    Figur, kann eine minderwertige Figur niemals in Betracht kommen, denn in diesem Falle entscheidet
    das Spiel" -- the Hanger after it is not counted."""
    s = settle([F("gleich", "unbid", 1, None, cards=3), F("hanger", "unbid", 1, 0, cards=4),
                F("spiel", "unbid", 1, 1)], (), (17, 17))
    assert s.winner == 1 and s.points == (0, 1)
    # a standing zweifache Gleich does not block: the dritziger Hanger goes out
    s = settle([F("gleich", "unbid", 1, None, cards=2), F("hanger", "unbid", 1, 0, cards=3),
                F("spiel", "unbid", 1, 1)], (), (17, 17))
    assert s.winner == 0
    # not at 17 : 17: nothing is blocked
    s = settle([F("gleich", "unbid", 1, None, cards=3), F("hanger", "unbid", 1, 0, cards=2),
                F("spiel", "unbid", 1, 1)], (), (16, 17))
    assert s.points[0] == 1


def test_par25_option_off_counts_every_figure():
    s = settle([F("gleich", "unbid", 1, 0, cards=2), F("spiel", "unbid", 1, 1)], (), (17, 17), dritzig_at_17=False)
    assert s.winner == 0


def test_par25_checked_when_the_unbid_figures_come_to_be_written():
    """A held figure written first brings the other side to 17 : 17 -- then the rule applies."""
    s = settle([F("spiel", "held", 2, 1, bidder=1, order=0), F("gleich", "unbid", 1, 0, cards=2)], (), (17, 15))
    assert s.totals == (17, 17) and s.winner is None
    assert any("zweifach" in x for x in labels(s))


# -- §10: owed fines, never below zero ----------------------------------------------------------
@pytest.mark.parametrize("side", [0, 1])
def test_par10_fine_with_exactly_two_points_is_paid_with_one_it_is_owed(side):
    standing = [5, 5]
    standing[side] = 2
    s = settle([F("spiel", winner=1 - side)], [Penalty("vergeben", side)], standing)
    assert s.totals[side] == 0 and s.owed[side] == 0
    standing[side] = 1
    s = settle([F("spiel", winner=1 - side)], [Penalty("vergeben", side)], standing)
    assert s.totals[side] == 0 and s.owed[side] == 1
    assert [str(ln.note) for ln in s.lines if ln.value == -2] == [f"{'AB'[side]}, 1 owed (§5)"]


def test_par10_owed_points_are_taken_from_the_next_points():
    s = settle([F("gleich", "held", 3, 0, bidder=0)], (), (4, 4), owed=(2, 0))
    assert s.points == (1, 0) and s.owed == (0, 0) and s.totals == (5, 4)
    s = settle([F("gleich", "held", 2, 0, bidder=0)], (), (4, 4), owed=(3, 0))
    assert s.points == (0, 0) and s.owed == (1, 0)
    assert "2 paid" in str(s.lines[0].note)


def test_par10_bid_without_having_it_loses_the_deals_points_unless_unseen():
    s = settle([F("hanger", "held", 2, 1, bidder=0, lacking=(0,)), F("spiel", "unbid", 1, 0)], (), (5, 5))
    assert s.points == (-2, 2)  # §10: two points fine, the Spiel made is lost
    s = settle([F("hanger", "held", 2, 1, bidder=0, lacking=(0,), unseen=True), F("spiel", "unbid", 1, 0)], (), (5, 5))
    assert s.points == (1, 2)  # §32 "Diese Strafe gilt nicht für das ungesehen Gebotene"


def test_par10_bluff_fine_is_two_points_in_the_scorekeeper():
    """The scorekeeper's bluff row: "wird außerdem zwei Punkte gestraft" (§10)."""
    out = settle_json({"figures": [{"figure": "spiel", "winner": "B"}],
                       "penalties": [{"kind": "bluff", "side": "A"}], "standing": [5, 5]})
    assert out["points"] == [-2, 1] and out["totals"] == [3, 6]
    out = settle_json({"figures": [{"figure": "spiel", "winner": "B"}],
                       "penalties": [{"kind": "bluff", "side": "A"}], "standing": [1, 5]})
    assert out["points"] == [-1, 1] and out["owed"] == [1, 0]


# -- §14 Spiel aus, §7/§34 Partieverlust, §6, §17, §21 ----------------------------------------
def test_par14_spiel_aus_is_the_partie_and_written_first():
    s = settle([F("gleich", "held", 2, 1, bidder=1, order=0), F("spiel", "held", AUS, 0, bidder=0, order=1)], (), (3, 16))
    assert s.winner == 0 and s.totals == (18, 16)
    s = settle([F("spiel", "held", 7, 0, bidder=0)], (), (3, 16))
    assert s.winner is None and s.totals == (10, 16)


def test_par14_spiel_aus_pays_the_debt_too():
    s = settle([F("spiel", "held", AUS, 0, bidder=0)], (), (3, 0), owed=(2, 0))
    assert s.winner == 0 and s.totals == (18, 0) and s.owed == (0, 0)


@pytest.mark.parametrize("kind", ["tausch", "kartenstehlen"])
def test_par7_par34_partieverlust_gives_the_partie_to_the_other_side(kind):
    for side in (0, 1):
        s = settle([F("spiel", winner=side)], [Penalty(kind, side)], (17, 17))
        assert s.winner == 1 - side and s.totals[1 - side] == 18 and s.totals[side] == 17


def test_par6_more_than_five_cards_loses_every_figure_made():
    s = settle([F("gleich", "held", 2, 0, bidder=0), F("spiel", "unbid", 1, 0)], [Penalty("mehr_als_fuenf", 0)], (5, 5))
    assert s.points == (-2, 0)
    assert s.totals == (3, 5)


def test_par17_farbleugnen_spiel_to_the_other_side_and_two_points():
    s = settle([F("spiel", "unbid", 1, 0)], [Penalty("farbleugnen", 0)], (5, 5))
    assert s.points == (-2, 1)


def test_par17_par33_late_farbleugnen_moves_the_spiel_once_per_side():
    pens = [Penalty("farbleugnen", 0, transfer=2, late=True), Penalty("farbleugnen", 0, transfer=2, late=True)]
    s = settle([F("spiel", "unbid", 1, 1)], pens, (8, 5))
    assert s.points == (-2 - 2 - 2, 2 + 1)
    # one late revoke of each side: each side's Spiel moves (once each)
    pens = [Penalty("farbleugnen", 0, transfer=2, late=True), Penalty("farbleugnen", 1, transfer=1, late=True)]
    s = settle([F("spiel", "unbid", 1, 1)], pens, (8, 8))
    assert s.points == (-2 + 1 - 2, 2 - 1 - 2 + 1)


def test_par17_par33_a_late_farbleugnen_can_end_the_partie():
    """A late Farbleugnen claimed in the next deal moves the Spiel points: they can bring the other
    side to 18 (§17 with §33)."""
    s = settle([F("spiel", "unbid", 1, 0)], [Penalty("farbleugnen", 0, transfer=2, late=True)], (10, 16))
    assert s.winner == 1 and s.totals[1] == 18


def test_par21_bidding_at_17_costs_two_points():
    s = settle([F("spiel", "unbid", 1, 1)], [Penalty("ueberbieten", 0)], (17, 5))
    assert s.points == (-2, 1) and s.totals == (15, 6)


def test_par3_unknown_facts_are_refused():
    with pytest.raises(ValueError):
        settle([F("gleich", "bluffed", 1, 0)])
    with pytest.raises(ValueError):
        settle([F("doppel", "unbid", 1, 0)])
    with pytest.raises(ValueError):
        settle([F("spiel", winner=0)], [Penalty("schummeln", 0)])
    with pytest.raises(ValueError):
        settle_json({"figures": [{"figure": "spiel", "winner": "C"}]})


# -- §12, §14: the order of writing decides who reaches 18 first --------------------------------------
def test_par14_spiel_aus_is_written_before_a_conceded_figure():
    """§14 "Die bis zum Spiel aus gesteigerte Figur zieht allen anderen Figuren vor" -- also the one
    gut gelassen (§12 "zieht daher selbst der vorgebotene Figur vor" is about bid figures, not aus)."""
    figs = [F("gleich", "conceded", 1, 1, bidder=1, order=0), F("spiel", "held", AUS, 0, bidder=0, order=1)]
    s = settle(figs, (), (5, 17))
    assert s.winner == 0 and s.totals == (18, 17) and s.points == (13, 0)
    # without the Spiel aus, the conceded Gleich brings B to 18 first
    s = settle([figs[0], F("spiel", "held", 7, 0, bidder=0, order=1)], (), (5, 17))
    assert s.winner == 1 and s.totals == (5, 18)


def test_par12_a_bid_figure_is_decided_before_an_unbid_one():
    """§12 "bevor eine gebotene Figur nicht entschieden ist, kann eine nicht gebotene Figur nicht als
    gemacht betrachtet und geschrieben werden": the held Hanger (bid late) is written before the unbid
    Spiel, whatever order the figures are listed in."""
    for figs in ([F("spiel", "unbid", 1, 1), F("hanger", "held", 2, 0, bidder=0, order=5)],
                 [F("hanger", "held", 2, 0, bidder=0, order=5), F("spiel", "unbid", 1, 1)]):
        s = settle(figs, (), (16, 17))
        assert s.winner == 0 and s.totals == (18, 17)


def test_par12_of_two_held_figures_the_one_bid_first_decides_whatever_the_listing():
    """§12 "In allen übrigen Fällen entscheidet die vorgebotene Figur"."""
    figs = [F("hanger", "held", 2, 1, bidder=1, order=1), F("gleich", "held", 2, 0, bidder=0, order=0)]
    assert settle(figs, (), (16, 16)).winner == 0
    assert settle(figs[::-1], (), (16, 16)).winner == 0


# -- the scorekeeper's JSON entry reads every fact the settlement reads ------------------------------
def _json_of(figs, pens=(), standing=(0, 0), owed=(0, 0), target=18, dritzig=True, *, letters=True, omit=True):
    """The facts as the JSON entry takes them; ``omit`` leaves out every field at its default."""
    def side(v):
        return v if v is None or not letters else "AB"[v]

    def put(d, key, value, default):
        if not (omit and value == default):
            d[key] = value

    out: dict = {"figures": [], "penalties": []}
    for f in figs:
        d = {"figure": f.figure}
        put(d, "status", f.status, "unbid")
        put(d, "value", "aus" if f.value == AUS else f.value, 1)
        put(d, "winner", side(f.winner), None)
        put(d, "bidder", side(f.bidder), None)
        put(d, "order", f.order, 0)
        put(d, "cards", f.cards, 0)
        put(d, "unseen", f.unseen, False)
        put(d, "lacking", [side(x) for x in f.lacking], [])
        out["figures"].append(d)
    for p in pens:
        d = {"kind": p.kind, "side": side(p.side)}
        put(d, "transfer", p.transfer, 0)
        put(d, "note", p.note, "")
        put(d, "late", p.late, False)
        out["penalties"].append(d)
    put(out, "standing", list(standing), [0, 0])
    put(out, "owed", list(owed), [0, 0])
    put(out, "target", target, 18)
    put(out, "dritzig_at_17", dritzig, True)
    return out


#: sheet cases with every fact the settlement reads: (figures, penalties, standing, owed, target, dritzig)
_ENTRY_CASES = [
    # §12 conceded first, then the held figures by their bid order, then the unbid; §10 debt paid
    ([F("hanger", "held", 3, 1, bidder=1, order=1), F("gleich", "conceded", 2, 0, bidder=0, order=0),
      F("spiel", "unbid", 1, 0)], (), (3, 4), (1, 0), 18, True),
    # §12 the Gleich bid first decides, although listed second (and its order left at the default)
    ([F("hanger", "held", 2, 1, bidder=1, order=1), F("gleich", "held", 2, 0, bidder=0)], (), (16, 16), (0, 0), 18, True),
    # §10 a seen Hanger held without having it; §32 an unseen one costs nothing
    ([F("hanger", "held", 2, 1, bidder=0, lacking=(0,)), F("spiel", "unbid", 1, 0)], (), (5, 5), (0, 0), 18, True),
    ([F("hanger", "held", 2, 1, bidder=0, lacking=(0,), unseen=True), F("spiel", "unbid", 1, 0)], (), (5, 5), (0, 0),
     18, True),
    # §17 Farbleugnen in this deal (late left at the default), and claimed late with and without Spiel points
    ([F("spiel", "unbid", 1, 0)], [Penalty("farbleugnen", 0)], (5, 5), (0, 0), 18, True),
    ([F("spiel", "unbid", 1, 1)], [Penalty("farbleugnen", 0, transfer=2, late=True, note="third trick")], (8, 16),
     (0, 0), 18, True),
    ([F("spiel", "unbid", 1, 1)], [Penalty("farbleugnen", 0, late=True)], (8, 5), (0, 0), 18, True),
    # §25 at 17 : 17 a zweifache Gleich does not go out -- unless the table plays without the rule
    ([F("gleich", "unbid", 1, 0, cards=2), F("spiel", "unbid", 1, 1)], (), (17, 17), (0, 0), 18, True),
    ([F("gleich", "unbid", 1, 0, cards=2), F("spiel", "unbid", 1, 1)], (), (17, 17), (0, 0), 18, False),
    ([F("gleich", "unbid", 1, 0, cards=3), F("spiel", "unbid", 1, 1)], (), (17, 17), (0, 0), 18, True),
    # §2 the target: 18 by default, another one agreed; §14 Spiel aus
    ([F("gleich", "held", 2, 0, bidder=0)], (), (16, 0), (0, 0), 18, True),
    ([F("gleich", "held", 2, 0, bidder=0)], (), (16, 0), (0, 0), 21, True),
    ([F("spiel", "held", AUS, 1, bidder=1), F("gleich", "unbid", 1, 0)], [Penalty("vergeben", 1)], (4, 1), (0, 2),
     18, True),
    # §7 Partieverlust with a note
    ([F("spiel", "unbid", 1, 0)], [Penalty("tausch", 0, note="Perlagg left to the partner")], (10, 10), (0, 0), 18,
     True),
]


@pytest.mark.parametrize("letters", [True, False], ids=["A-B", "0-1"])
@pytest.mark.parametrize("omit", [True, False], ids=["defaults-left-out", "every-field"])
@pytest.mark.parametrize("case", range(len(_ENTRY_CASES)))
def test_settle_json_settles_exactly_as_settle(case, omit, letters):
    """The JSON entry (sides as "A"/"B" or 0/1, ``"aus"`` for Spiel aus, a field left out at its
    default) settles a deal exactly as :func:`settle` on the same facts: points, lines with their
    notes, what stays owed, the winner and the totals."""
    figs, pens, standing, owed, target, dritzig = _ENTRY_CASES[case]
    s = settle(figs, pens, standing, owed, target, dritzig)
    out = settle_json(_json_of(figs, pens, standing, owed, target, dritzig, letters=letters, omit=omit))
    assert out == {"points": list(s.points), "lines": [ln.to_json() for ln in s.lines], "owed": list(s.owed),
                   "winner": None if s.winner is None else "AB"[s.winner], "totals": list(s.totals)}


def test_settle_json_defaults_are_the_sheets():
    """Left out: the Partie goes to 18 (§2), from 0 : 0 with nothing owed, §25 at 17 : 17 applies,
    a figure is unbid and worth 1, and no figure or penalty is an empty deal."""
    assert settle_json({"figures": [{"figure": "gleich", "status": "held", "value": 2, "winner": "A"}],
                        "standing": [16, 0]})["winner"] == "A"
    assert settle_json({"figures": [{"figure": "gleich", "status": "held", "value": 2, "winner": "A"}],
                        "standing": [15, 0]})["winner"] is None
    assert settle_json({"figures": [{"figure": "spiel", "winner": "B"}]})["totals"] == [0, 1]
    out = settle_json({"figures": [{"figure": "gleich", "winner": "A", "cards": 2}, {"figure": "spiel", "winner": "B"}],
                       "standing": [17, 17]})
    assert out["winner"] == "B" and out["points"] == [0, 1]
    assert settle_json({}) == {"points": [0, 0], "lines": [], "owed": [0, 0], "winner": None, "totals": [0, 0]}
    out = settle_json({"penalties": [{"kind": "vergeben", "side": 1}], "owed": [0, 1]})
    assert out["owed"] == [0, 3] and out["totals"] == [0, 0]


@pytest.mark.parametrize("bad", ["C", 2, -1, "a", ""])
def test_settle_json_refuses_a_side_that_is_neither_a_nor_b_naming_it(bad):
    with pytest.raises(ValueError, match=r"a side is 'A' or 'B', not " + re.escape(repr(bad))):
        settle_json({"figures": [{"figure": "spiel", "winner": bad}]})
    with pytest.raises(ValueError, match=re.escape(repr(bad))):
        settle_json({"penalties": [{"kind": "vergeben", "side": bad}]})
