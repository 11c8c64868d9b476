"""Readings the Papagei-Jass sheet leaves to the table: both teams past the target (§1, §2) and
Stöck in Drei mal Drei (§24.3, §29.3). Each reading is an option; both are tested. Vorhand is
seat 0 (dealer 3)."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.jass import GAME
from stammtisch.games.jass.scoring import TrickStep, bedanken, first_out, reached_in

from .helpers import play, state

# trick 1 (Obenabe): seat 0 leads EA and takes E6 E7 E8 -> team 1/3 +11 x 5;
# trick 2: seat 0 leads L6, seat 1 takes it with LA -> team 2/4 +11 x 5
TWO_TRICKS = {0: "EA L6 R6 R7 R8 S6 S7 S8 S9", 1: "E6 LA R9 R10 RU RO RK RA S10",
              2: "E7 L7 SU SO SK SA L8 L9 L10", 3: "E8 LU LO LK E9 E10 EU EO EK"}


def _both_out(both_out: str, thanker: int) -> int:
    st = state(TWO_TRICKS, standing=(950, 950), both_out=both_out)
    play(st, "trump:obenabe", "EA", "E6", "E7", "E8")  # team 1/3: 950 + 11 x 5 = 1005
    assert st.running()[0] >= 1000 and st.running()[1] < 1000
    play(st, "L6", "LA", "L7", "LU")  # team 2/4: 950 + 11 x 5 = 1005, one trick later
    assert st.running()[1] >= 1000
    st.apply(thanker, "bedanken")
    return st.end["winner"]


def test_par2_both_out_in_different_tricks_the_first_to_thank_wins_by_default():
    """§2 "Wer sich zuerst bedankt und genügend Punkte besitzt, hat gewonnen": team 1/3 reached the
    target in trick 1 and played on; team 2/4 reached it in trick 2 and thanks first -- it wins."""
    assert GAME.options().both_out == "first_to_thank"
    assert _both_out("first_to_thank", 1) == 1
    assert _both_out("first_to_thank", 0) == 0


def test_par1_option_first_to_reach_gives_the_partie_to_the_team_out_first():
    """Option ``both_out="first_to_reach"``: the team that got there first wins, whoever thanks."""
    assert _both_out("first_to_reach", 1) == 0
    assert _both_out("first_to_reach", 0) == 0


def test_par1_same_trick_the_ausmachregel_decides_under_both_readings():
    """§1 "Die Reihenfolge des Bedankens ist hingegen belanglos": both teams out in one trick -> Stöck
    (with the own Weis) before Stich before Wys, whoever thanks, under either option."""
    steps = [TrickStep((0, 0), 0, 30, (0, 50))]
    for both_out in ("first_to_thank", "first_to_reach"):
        assert bedanken(1, (980, 960), 1000, steps, 1, both_out)["winner"] == 0
        assert bedanken(0, (980, 960), 1000, steps, 1, both_out)["winner"] == 0
    assert reached_in(0, (980, 960), 1000, steps, 1) == reached_in(1, (980, 960), 1000, steps, 1) == 0


def test_par2_thanking_without_enough_points_loses_under_both_readings():
    steps = [TrickStep((0, 0), 1, 60)]
    for both_out in ("first_to_thank", "first_to_reach"):
        out = bedanken(0, (900, 950), 1000, steps, 1, both_out)
        assert not out["reached"] and out["winner"] == 1


def test_par1_nobody_thanks_the_team_out_first_wins_the_partie():
    """Nobody thanked by the end of the deal: the Ausmachregel decides who got there first (both options)."""
    steps = [TrickStep((0, 0), 0, 60), TrickStep((0, 0), 1, 60)]
    assert first_out((950, 950), 1000, steps, 1) == 0


def test_par2_both_out_option_is_validated():
    with pytest.raises(Exception, match="both_out"):
        GAME.options(None, {"both_out": "whoever"})
    with pytest.raises(ValueError, match="both_out"):
        bedanken(0, (0, 0), 1000, [], 1, "whoever")


# -- §24.3 with §29.3: Stöck in Drei mal Drei --------------------------------------------------
def _drei_mal_drei(**options):
    hands = {0: "RK RO S6 E8 L6 L7 L8 L9 L10", 1: "SA E6 R6 R7 R8 R9 R10 LU LO"}
    st = state(hands, drei_mal_drei=True, **options)
    play(st, "trump:3x3:R-obenabe-undenufe")
    return st


def test_par29_3_stoeck_count_in_drei_mal_drei_by_default():
    """§29.3 "König - Ober vom Trumpf bilden die Stöcke und zählen 20 Punkte" names no exception and
    "Der Stöckweis ist immer gültig": the Drei mal Drei has a trump suit, so its König and Ober are
    Stöck, counted with the game's multiplier (the first part's, §24.3)."""
    st = _drei_mal_drei()
    assert st.view(0)["has_stoeck"] and "stöck" in st.legal_actions(0)
    st.apply(0, "stöck")
    while not st.is_over():
        seat = st.to_act()[0]
        st.apply(seat, next(a for a in st.legal_actions(seat) if a[0] in "ESLR" and len(a) <= 3))
    res = st.result()
    assert any(ln.label == "Stöck" and ln.value == 20 * 2 for ln in res.lines)  # Rosen first: x 2


def test_par29_3_option_no_stoeck_in_drei_mal_drei():
    st = _drei_mal_drei(stoeck_drei_mal_drei=False)
    assert not st.view(0)["has_stoeck"] and "stöck" not in st.legal_actions(0)
    with pytest.raises(IllegalAction, match="Stöck") as e:
        st.apply(0, "stöck")
    assert e.value.rule == "Papagei-Jass §29.3"


def test_par24_5_still_no_stoeck_in_misere():
    st = state({0: "RK RO S6 E8 L6 L7 L8 L9 L10"}, misere=True)
    play(st, "trump:misere:R")
    assert not st.view(0)["has_stoeck"]
