"""Papagei-Jass §18, third sentence: Schneider by the Ausmachregel.

"Beim Schieber wird mit Schneider gespielt, d.h. wenn eine Partei bei Beendigung der Partie die
Hälfte des Ziels nicht erreicht, verlieren sie den doppelten Einsatz. [...] Es gilt ebenfalls die
Ausmachregel "Stöck - Stich - Wis", wenn es um die Erreichung der nötigen Punktezahl für den
Schneider geht."

The losing team's points count in the order Stöck, Stich, Wys only up to the moment the winner
goes out; what comes later does not save it. Vorhand is seat 0 (dealer 3).
"""

from __future__ import annotations

import pytest
from hypothesis import given, strategies as hst

from stammtisch.games.jass import GAME
from stammtisch.games.jass.scoring import TrickStep, half_in_time, partie_result, reach_moment

from .helpers import play, state

# seat 0 (team 1/3) has no Weis and leads EA in Obenabe (x5): its Stich is 11 x 5 = 55;
# seat 1 (team 2/4) holds SU SO SK, a three-card sequence: 20 x 5 = 100 written after the Stich
HANDS = {0: "EA L6 L8 R6 R8 R10 S6 S8 S10", 1: "E6 SU SO SK LA LK R7 R9 RO", 2: "E7 E8 E9 E10 EU EO EK L7 L9"}


def _first_trick(**options):
    st = state(HANDS, standing=(990, 480), **options)
    play(st, "trump:obenabe", "EA")
    st.apply(1, "weis")
    play(st, "E6", "*", "*")
    assert st.weis_points == [0, 20]
    return st


def _partie(st, **options):
    res = st.result()
    opts = GAME.options(None, options or None)
    totals = (st.standing[0] + res.points[0], st.standing[1] + res.points[1])
    return GAME.match_result(opts, totals, [res])


def test_par18_issue_example_out_with_the_stich_loser_half_only_by_its_later_weis_is_schneider():
    """Team 1/3 goes out with the Stich of the first trick and thanks; team 2/4 reaches half the
    target only through its Weis of that trick, which counts after the Stich (§1): Schneider."""
    st = _first_trick()
    st.apply(0, "bedanken")
    out = _partie(st)
    assert out["totals"] == [990 + 55, 480 + 100]  # the loser's final total is past half ...
    assert out["winner"] == 0
    assert out["schneider"] is True and out["stake"] == 2  # ... but came too late (§18)


def test_par18_option_final_judges_the_losers_final_total():
    """Option ``schneider="final"``: tables that do not apply the third sentence judge the total."""
    st = _first_trick(schneider="final")
    st.apply(0, "bedanken")
    out = _partie(st, schneider="final")
    assert out["schneider"] is False and out["stake"] == 1


def test_par18_default_is_the_sheets_reading_and_the_option_is_validated():
    assert GAME.options().schneider == "ausmachregel"
    with pytest.raises(Exception, match="schneider"):
        GAME.options(None, {"schneider": "never"})


def test_par18_nobody_thanks_the_losers_points_after_the_winner_went_out_do_not_count():
    """The winner went out in trick 1 and nobody thanked; the loser's later tricks come after."""
    steps = [TrickStep((0, 0), 0, 30), TrickStep((0, 0), 1, 40), TrickStep((0, 0), 1, 40)]
    assert reach_moment(0, (980, 440), 1000, steps, 1) == (0, 1)
    assert not half_in_time(0, (980, 440), 1000, steps, 1)
    assert partie_result((1010, 520), 1000, 0, half_in_time(0, (980, 440), 1000, steps, 1))["stake"] == 2


def test_par18_loser_stoeck_count_before_the_winners_stich():
    """§1 "zuerst die Stöcke": the loser's Stöck in the winner's trick come first and save it."""
    steps = [TrickStep((0, 20), 0, 30)]
    assert half_in_time(0, (980, 480), 1000, steps, 1)
    assert partie_result((1010, 500), 1000, 0, True)["stake"] == 1


def test_par18_loser_stoeck_with_its_own_weis_count_first():
    """§1 "sofern sie alleine oder mit einem Weis ... genügen": Stöck and the own Weis together."""
    steps = [TrickStep((0, 20), 0, 30, (0, 20))]
    assert reach_moment(1, (0, 460), 500, steps, 1) == (0, 0)
    assert half_in_time(0, (980, 460), 1000, steps, 1)
    # without the Stöck the Weis alone come after the Stich: Schneider
    assert not half_in_time(0, (980, 460), 1000, [TrickStep((0, 0), 0, 30, (0, 40))], 1)


def test_par18_loser_stich_before_the_winners_weis():
    """The loser takes the trick; the winner goes out only with its Weis (Stich before Wys)."""
    steps = [TrickStep((0, 0), 1, 30, (50, 0))]
    assert half_in_time(0, (960, 480), 1000, steps, 1)


def test_par18_half_reached_in_an_earlier_trick_saves():
    steps = [TrickStep((0, 0), 1, 20), TrickStep((0, 0), 0, 40)]
    assert half_in_time(0, (980, 480), 1000, steps, 1)


def test_par18_boundary_exactly_half_is_reached_one_less_is_not():
    """ "die Hälfte des Ziels nicht erreicht": 500 of 1000 is reached, 499 is not (both readings)."""
    steps = [TrickStep((0, 0), 1, 20), TrickStep((0, 0), 0, 40)]
    assert half_in_time(0, (980, 480), 1000, steps, 1)  # 500 before the winner's trick
    assert not half_in_time(0, (980, 479), 1000, steps, 1)  # 499
    assert partie_result((1020, 500), 1000)["schneider"] is False
    assert partie_result((1020, 499), 1000)["schneider"] is True
    # an odd target: half of 1001 is 500.5, so 500 is not reached and 501 is
    assert partie_result((1001, 500), 1001)["schneider"] is True
    assert partie_result((1001, 501), 1001)["schneider"] is False
    assert not half_in_time(0, (990, 480), 1001, [TrickStep((0, 0), 1, 20), TrickStep((0, 0), 0, 40)], 1)
    assert half_in_time(0, (990, 481), 1001, [TrickStep((0, 0), 1, 20), TrickStep((0, 0), 0, 40)], 1)


def test_par18_winner_that_never_reached_the_target_leaves_the_loser_all_its_points():
    """§2: a team that thanks without enough points loses; the other team never went out."""
    steps = [TrickStep((0, 0), 0, 30), TrickStep((0, 0), 1, 60)]
    assert half_in_time(1, (440, 900), 1000, steps, 1) is False  # loser 1/3 at 470
    assert half_in_time(1, (470, 900), 1000, steps, 1) is True  # loser 1/3 at 500


@given(standing=hst.tuples(hst.integers(0, 999), hst.integers(0, 999)),
       steps=hst.lists(hst.tuples(hst.sampled_from([(0, 0), (20, 0), (0, 20)]), hst.integers(0, 1),
                                  hst.integers(0, 60), hst.sampled_from([(0, 0), (50, 0), (0, 100)])), max_size=9),
       mult=hst.sampled_from([1, 2, 5, 7]), winner=hst.integers(0, 1))
def test_par18_the_ausmachregel_reading_is_never_milder_than_the_final_total(standing, steps, mult, winner):
    """Half reached in time implies half reached at the end; never the other way round by force."""
    ts = [TrickStep(s, t, p, w) for s, t, p, w in steps]
    final = list(standing)
    for st in ts:
        for t in (0, 1):
            final[t] += (st.stoeck[t] + st.weis[t]) * mult
        if st.stich_team is not None:
            final[st.stich_team] += st.stich_points * mult
    loser = 1 - winner
    in_time = half_in_time(winner, standing, 1000, ts, mult)
    if in_time:
        assert final[loser] * 2 >= 1000
    if final[loser] * 2 < 1000:
        assert not in_time
    # a winner that goes out in no step leaves the loser's final total to decide
    if reach_moment(winner, standing, 1000, ts, mult) is None:
        assert in_time == (final[loser] * 2 >= 1000)
