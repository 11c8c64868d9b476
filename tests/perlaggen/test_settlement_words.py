"""Perlaggen: the words of every settlement line, from the sheet's cases (§2, §5-§7, §10, §12, §14,
§17, §21, §25, §33, §34), checked against the catalogue in German and English
(``tests/settlement_words.py``); and the exact lines of the §25 and §6/§10 cases."""

from __future__ import annotations

import pytest

from stammtisch.games.perlaggen.scoring import AUS, FigureOutcome, Penalty, settle

from ..settlement_words import assert_lines

G, H, S = "gleich", "hanger", "spiel"


def F(figure, status="unbid", value=1, winner=None, **kw):
    return FigureOutcome(figure, status, value, winner, **kw)


CASES = [
    ([F(G, "held", 3, 0, bidder=0), F(H, "conceded", 2, 1, bidder=1), F(S, winner=0)], (), (3, 4), (1, 0)),
    ([F(G, winner=None, cards=3), F(H, winner=0, cards=4), F(S, winner=1)], (), (17, 17), (0, 0)),
    ([F(G, winner=0, cards=2), F(S, winner=1)], (), (17, 17), (0, 0)),
    ([F(H, "held", 2, 1, bidder=0, lacking=(0,)), F(S, winner=0)], (), (5, 5), (0, 0)),
    ([F(G, "held", 2, 0, bidder=0), F(S, winner=0)], [Penalty("mehr_als_fuenf", 0)], (5, 5), (0, 0)),
    ([F(S, "held", AUS, 1, bidder=1), F(G, winner=0)], [Penalty("vergeben", 1, note="cards shown")], (4, 1), (0, 2)),
    ([F(S, winner=1)], [Penalty("farbleugnen", 0, transfer=2, late=True)], (1, 16), (0, 0)),
    ([F(S, winner=0)], [Penalty("farbleugnen", 0), Penalty("ueberbieten", 1), Penalty("bluff", 0)], (17, 17), (0, 0)),
    ([F(S, winner=0)], [Penalty("tausch", 0, note="Perlagg left to the partner")], (10, 10), (0, 0)),
    ([F(S, winner=0)], [Penalty("kartenstehlen", 1)], (10, 10), (0, 0)),
]


@pytest.mark.parametrize("i", range(len(CASES)))
def test_every_settlement_line_is_in_words(i):
    figs, pens, standing, owed = CASES[i]
    s = settle(figs, pens, standing, owed)
    assert s.lines
    assert_lines(s.lines, frozenset({"Gleich", "Hanger", "Spiel"}))


def _lines(s):
    return [ln.to_json() for ln in s.lines]


def test_par25_lines_a_standing_figure_and_a_zweifache_one_at_17_17():
    """§25 at 17 : 17: the standing dritzige Gleich "steht", the Hanger after it is "not counted", the
    Spiel decides; a zweifache Gleich "does not go out" -- each a line of value 0 naming 17 : 17."""
    s = settle([F(G, winner=None, cards=3), F(H, winner=0, cards=4), F(S, winner=1)], (), (17, 17))
    assert _lines(s) == [
        {"label": {"id": "{name} steht / not made", "args": {"name": {"id": "Gleich"}}}, "value": 0},
        {"label": {"id": "{name} not counted: a figure stands at {n} : {n}, the Spiel decides (Perlaggen §25)",
                   "args": {"name": {"id": "Hanger"}, "n": 17}}, "value": 0},
        {"label": {"id": "{name} (unbid)", "args": {"name": {"id": "Spiel"}}}, "value": 1,
         "note": {"id": "{side}", "args": {"side": "B"}}}]
    s = settle([F(G, winner=0, cards=2), F(S, winner=1)], (), (17, 17))
    assert _lines(s)[0] == {"label": {"id": "{name} zweifach does not go out at {n} : {n} (Perlaggen §25)",
                                      "args": {"name": {"id": "Gleich"}, "n": 17}}, "value": 0}


def test_par6_par10_lines_of_the_figures_lost_and_the_fines():
    """§6 "jeder gemachten Figur für verlustig erklärt und zwei Punkte gestraft"; §10 "verliert alle
    gemachten Punkte und wird außerdem zwei Punkte gestraft": the fine names its paragraph, each figure
    made is written as lost (0) for its side."""
    s = settle([F(G, "held", 2, 0, bidder=0), F(S, winner=0)], [Penalty("mehr_als_fuenf", 0)], (5, 5))
    assert _lines(s) == [
        {"label": {"id": "{kind} ({rule})", "args": {"kind": {"id": "mehr_als_fuenf"}, "rule": "Perlaggen §6"}},
         "value": -2, "note": {"id": "{side}", "args": {"side": "A"}}},
        {"label": {"id": "{name} lost (Perlaggen §6/§10)", "args": {"name": {"id": "Gleich"}}}, "value": 0,
         "note": {"id": "{side}", "args": {"side": "A"}}},
        {"label": {"id": "{name} lost (Perlaggen §6/§10)", "args": {"name": {"id": "Spiel"}}}, "value": 0,
         "note": {"id": "{side}", "args": {"side": "A"}}}]
    s = settle([F(H, "held", 2, 1, bidder=0, lacking=(0,)), F(S, winner=0)], (), (5, 5))
    assert _lines(s)[0] == {"label": {"id": "{figure} bid or held without having it (Perlaggen §10)",
                                      "args": {"figure": "hanger"}}, "value": -2,
                            "note": {"id": "{side}", "args": {"side": "A"}}}
    s = settle([F(S, winner=1)], [Penalty("vergeben", 0, note="cards shown")], (5, 5))
    assert _lines(s)[0]["label"] == {"id": "{kind} ({rule}) {note}",
                                     "args": {"kind": {"id": "vergeben"}, "rule": "Perlaggen §5", "note": "cards shown"}}


def test_par14_par12_lines_of_spiel_aus_and_held_figures():
    s = settle([F(S, "held", AUS, 1, bidder=1, order=0)], (), (4, 9))
    assert _lines(s) == [{"label": {"id": "{name} aus (Perlaggen §14)", "args": {"name": {"id": "Spiel"}}},
                          "value": 9, "note": {"id": "{side}", "args": {"side": "B"}}}]
    s = settle([F(H, "held", 4, 0, bidder=0)], (), (4, 9))
    assert _lines(s) == [{"label": {"id": "{name} gehalten {value}", "args": {"name": {"id": "Hanger"}, "value": 4}},
                          "value": 4, "note": {"id": "{side}", "args": {"side": "A"}}}]


def test_par17_par33_a_late_farbleugnen_that_ends_the_partie_writes_every_side_exactly():
    """A late Farbleugnen (§17 with §33) claimed in the next deal: the offender's Spiel points go to the
    other side, which reaches 18 (§2) -- and the offender's two-point fine, which it cannot pay, stays
    owed. Nothing of this deal is written after the Partie is won."""
    s = settle([F(S, winner=0)], [Penalty("farbleugnen", 0, transfer=2, late=True)], (1, 16))
    assert s.winner == 1
    assert s.points == (-1, 2) and s.totals == (0, 18) and s.owed == (3, 0)
