"""The endgame table of Perlaggen §25–§28 (17 : 17, 17 : 16, 17 : 15) through the pure settlement.

Side A = 0, side B = 1. Each row: the figures as they came out, the standing before the deal, the
points written and the side that goes out (None: nobody, a new deal is dealt).
"""

from __future__ import annotations

import pytest

from stammtisch.games.perlaggen import FigureOutcome as F
from stammtisch.games.perlaggen import settle

G, H, S = "gleich", "hanger", "spiel"

TABLE = [
    # --- §25 17 : 17: the highest (at least dritzig) figure goes out, else the Spiel
    ("§25 dritziges Gleich goes out", (17, 17), [F(G, winner=0, cards=3), F(S, winner=1)], (1, 0), 0),
    ("§25 zweifache Figur does not go out", (17, 17), [F(G, winner=0, cards=2), F(S, winner=1)], (0, 1), 1),
    ("§25 standing dritziges Gleich: no lesser figure, the Spiel", (17, 17),
     [F(G, winner=None, cards=3), F(H, winner=0, cards=4), F(S, winner=1)], (0, 1), 1),
    ("§25 nobody asks: the Spiel decides", (17, 17), [F(S, winner=0)], (1, 0), 0),
    ("§25 vierfacher Hanger when no Gleich", (17, 17), [F(G, winner=None, cards=0), F(H, winner=1, cards=4),
                                                       F(S, winner=0)], (0, 1), 1),
    # --- §26 17 : 16
    ("§26 16 bid Gleich, conceded; dritziger Hanger decides", (16, 17),
     [F(G, "conceded", 1, winner=0, bidder=0), F(H, winner=0, cards=3), F(S, winner=1)], (2, 0), 0),
    ("§26 16 bid Gleich, conceded; Hanger only zweifach: the Spiel", (16, 17),
     [F(G, "conceded", 1, winner=0, bidder=0), F(H, winner=0, cards=2), F(S, winner=1)], (1, 1), 1),
    ("§26 16 bid Gleich, conceded; the Hanger stands: the Spiel", (16, 17),
     [F(G, "conceded", 1, winner=0, bidder=0), F(H, winner=None, cards=3), F(S, winner=0)], (2, 0), 0),
    ("§26 16 bid Spiel, conceded; Gleich stands: new deal", (16, 17),
     [F(S, "conceded", 1, winner=0, bidder=0), F(G, winner=None, cards=3), F(H, winner=1, cards=3)], (1, 0), None),
    ("§26 16 bid Spiel, conceded; dritziges Gleich of the 17 goes out", (16, 17),
     [F(S, "conceded", 1, winner=0, bidder=0), F(G, winner=1, cards=3)], (1, 1), 1),
    ("§26 unbid Gleich of the 17 goes out at once", (16, 17), [F(G, winner=1, cards=2), F(S, winner=0)], (0, 1), 1),
    # --- §27 17 : 15
    ("§27 15 bid Gleich and Hanger, both conceded: the Spiel", (15, 17),
     [F(G, "conceded", 1, winner=0, bidder=0, order=0), F(H, "conceded", 1, winner=0, bidder=0, order=1),
      F(S, winner=1)], (2, 1), 1),
    ("§27 both held, Spiel conceded: the Erstgebotene goes out", (15, 17),
     [F(G, "held", 2, winner=1, bidder=0, order=0), F(H, "held", 2, winner=0, bidder=0, order=1),
      F(S, "conceded", 1, winner=0, bidder=0, order=2)], (1, 2), 1),
    ("§27 Erstgebotene stands: the Zweitgebotene", (15, 17),
     [F(G, "held", 2, winner=None, bidder=0, order=0), F(H, "held", 2, winner=0, bidder=0, order=1),
      F(S, "conceded", 1, winner=0, bidder=0, order=2)], (3, 0), 0),
    ("§27 both stand: new deal (§26)", (15, 17),
     [F(G, "held", 2, winner=None, bidder=0, order=0), F(H, "held", 2, winner=None, bidder=0, order=1),
      F(S, "conceded", 1, winner=0, bidder=0, order=2)], (1, 0), None),
    ("§27 Spiel conceded, 15 show Gleich and Hanger: the 15 win", (15, 17),
     [F(S, "conceded", 1, winner=0, bidder=0), F(G, winner=0, cards=2), F(H, winner=0, cards=2)], (3, 0), 0),
    ("§27 Spiel conceded, 15 show only the Gleich: the 17 go out with the Hanger", (15, 17),
     [F(S, "conceded", 1, winner=0, bidder=0), F(G, winner=0, cards=2), F(H, winner=1, cards=2)], (2, 1), 1),
    ("§27 Spiel conceded, the 17 have the Gleich: out at once", (15, 17),
     [F(S, "conceded", 1, winner=0, bidder=0), F(G, winner=1, cards=2), F(H, winner=0, cards=2)], (1, 1), 1),
    ("§27 16 bid the other figure, conceded: only a dritzige decides", (15, 17),
     [F(S, "conceded", 1, winner=0, bidder=0, order=0), F(H, "conceded", 1, winner=0, bidder=0, order=1),
      F(G, winner=1, cards=2)], (2, 0), None),
    ("§27 ... a dritziges Gleich of the 17 decides", (15, 17),
     [F(S, "conceded", 1, winner=0, bidder=0, order=0), F(H, "conceded", 1, winner=0, bidder=0, order=1),
      F(G, winner=1, cards=3)], (2, 1), 1),
    # --- §28 equal standing figures at 17 : 17: only the Spiel
    ("§28 equal standing figures: the Spiel", (17, 17),
     [F(G, winner=None, cards=4), F(S, winner=0)], (1, 0), 0),
]


@pytest.mark.parametrize("name,standing,figures,points,winner", TABLE, ids=[t[0] for t in TABLE])
def test_endgame_table(name, standing, figures, points, winner):
    s = settle(figures, standing=standing)
    assert s.points == points, [str(ln) for ln in s.lines]
    assert s.winner == winner
    if winner is None:
        assert max(s.totals) < 18
    else:
        assert s.totals[winner] >= 18 and s.totals[1 - winner] < 18


def test_par26_literal_option_lets_a_zweifache_figure_decide():
    """dritzig_at_17=False: §26 read literally — the unbid figure decides whatever its size."""
    figs = [F(G, "conceded", 1, winner=0, bidder=0), F(H, winner=0, cards=2), F(S, winner=1)]
    assert settle(figs, standing=(16, 17), dritzig_at_17=False).winner == 0
    assert settle(figs, standing=(16, 17)).winner == 1


def test_writing_stops_when_a_side_goes_out():
    s = settle([F(G, "held", 2, winner=0, bidder=0), F(S, winner=1)], standing=(16, 17))
    assert s.points == (2, 0) and s.winner == 0


def test_settle_json_for_the_scorekeeper():
    from stammtisch.games.perlaggen import settle_json
    out = settle_json({"figures": [{"figure": "gleich", "status": "held", "value": "aus", "winner": "B",
                                    "bidder": "A"}, {"figure": "spiel", "winner": "A"}],
                       "standing": [3, 4]})
    assert out["winner"] == "B" and out["points"] == [0, 14]
    out = settle_json({"penalties": [{"kind": "vergeben", "side": "A"}], "standing": [1, 0]})
    assert out["points"] == [-1, 0] and out["owed"] == [1, 0]
    with pytest.raises(ValueError):
        settle_json({"penalties": [{"kind": "schummeln", "side": "A"}]})
    with pytest.raises(ValueError):
        settle_json({"figures": [{"figure": "poker"}]})


from hypothesis import given
from hypothesis import strategies as st

from stammtisch.games.perlaggen import AUS, Penalty
from stammtisch.games.perlaggen.scoring import PENALTY_RULES

_fig = st.builds(F, figure=st.sampled_from([G, H, S]), status=st.sampled_from(["unbid", "conceded", "held"]),
                 value=st.sampled_from([1, 2, 3, 4, 5, 6, 7, AUS]), winner=st.sampled_from([0, 1, None]),
                 bidder=st.sampled_from([0, 1, None]), order=st.integers(0, 9), cards=st.integers(0, 5),
                 unseen=st.booleans(), lacking=st.sampled_from([(), (0,), (1,)]))
_pen = st.builds(Penalty, kind=st.sampled_from(sorted(PENALTY_RULES)), side=st.sampled_from([0, 1]))


@given(figs=st.lists(_fig, max_size=3), pens=st.lists(_pen, max_size=2),
       standing=st.tuples(st.integers(0, 17), st.integers(0, 17)), owed=st.tuples(st.integers(0, 4), st.integers(0, 4)))
def test_settle_invariants(figs, pens, standing, owed):
    """The score never decreases except by penalties, never below 0, and only one side goes out."""
    s = settle(figs, pens, standing=standing, owed=owed)
    fines = [0, 0]
    for p in pens:
        fines[p.side] += PENALTY_RULES[p.kind][1] or 0
    for f in figs:
        if f.figure != S and not f.unseen:
            for side in f.lacking:
                fines[side] += 2
    for side in (0, 1):
        assert s.totals[side] >= 0
        assert s.points[side] >= -fines[side]
        if not fines[side]:
            assert s.points[side] >= 0
    assert sum(t >= 18 for t in s.totals) <= 1
    assert (s.winner is None) == (max(s.totals) < 18)
