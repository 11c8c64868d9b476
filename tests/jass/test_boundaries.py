"""Every threshold of the Papagei-Jass settlement at its boundary, on both sides, from the sheet:

* §1/§2 "das vorgegebene Punkteziel": a team that has the target (``>= target``) is out, one point
  less is not -- in the standing, at its Stöck (alone or with its Weis), at its Stich, at its Wys;
* §2 Bedanken with exactly the target wins, one point less loses;
* §18 Schneider: "die Hälfte des Ziels nicht erreicht" -- half is reached, one less is not;
* §13 Match: all nine tricks (nine, not eight); §10 Kontermatch; §23 multipliers.
"""

from __future__ import annotations

import pytest

from stammtisch.games.jass.scoring import (MATCH_BONUS, TrickStep, bedanken, first_out, partie_result, reach_moment,
                                           reached_in, score_deal)

T = 1000


# -- §1: the Ausmachregel at the target ---------------------------------------------------------
def test_par1_standing_at_the_target_is_out_one_less_is_not():
    assert first_out((T, 0), T, [], 1) == 0
    assert first_out((0, T), T, [], 1) == 1
    assert first_out((T - 1, T - 1), T, [], 1) is None
    assert reached_in(0, (T, 0), T, [], 1) == -1 and reached_in(0, (T - 1, 0), T, [], 1) is None


def test_par1_stich_reaching_exactly_the_target():
    step = [TrickStep((0, 0), 0, 10)]
    assert first_out((T - 10, 0), T, step, 1) == 0
    assert first_out((T - 11, 0), T, step, 1) is None
    assert first_out((0, T - 10), T, [TrickStep((0, 0), 1, 10)], 1) == 1
    assert first_out((0, T - 11), T, [TrickStep((0, 0), 1, 10)], 1) is None
    assert reached_in(0, (T - 10, 0), T, step, 1) == 0 and reached_in(0, (T - 11, 0), T, step, 1) is None


def test_par1_stoeck_alone_reaching_exactly_the_target_come_before_the_stich():
    # team 2/4 gets the Stich (and would be out too); team 1/3's Stöck: exactly the target, first
    steps = [TrickStep((20, 0), 1, 40)]
    assert first_out((T - 20, T - 40), T, steps, 1) == 0
    # one point short: the Stöck do not suffice, the Stich decides
    assert first_out((T - 21, T - 40), T, steps, 1) == 1
    # and for team 2/4's Stöck against team 1/3's Stich
    assert first_out((T - 40, T - 20), T, [TrickStep((0, 20), 0, 40)], 1) == 1
    assert first_out((T - 40, T - 21), T, [TrickStep((0, 20), 0, 40)], 1) == 0


def test_par1_stoeck_with_the_own_weis_reaching_exactly_the_target():
    """§1 "sofern sie alleine oder mit einem Weis ... genügen": Stöck 20 + Weis 50 = exactly 70."""
    steps = [TrickStep((20, 0), 1, 40, (50, 0))]
    assert first_out((T - 70, T - 40), T, steps, 1) == 0
    assert first_out((T - 71, T - 40), T, steps, 1) == 1  # 69: the Stich of 2/4 comes first
    assert reach_moment(0, (T - 70, 0), T, steps, 1) == (0, 0)
    assert reach_moment(0, (T - 71, 0), T, steps, 1) is None  # 999


def test_par1_wys_reaching_exactly_the_target_after_the_stich():
    steps = [TrickStep((0, 0), 1, 30, (50, 0))]
    assert first_out((T - 50, T - 40), T, steps, 1) == 0  # the Stich of 2/4 (30) does not reach 1000
    assert first_out((T - 51, T - 40), T, steps, 1) is None
    assert first_out((T - 50, T - 30), T, steps, 1) == 1  # the Stich reaches exactly: before the Wys
    assert first_out((T - 50, 0), T, [TrickStep((0, 0), 0, 0, (0, 50))], 1) is None
    assert first_out((0, T - 50), T, [TrickStep((0, 0), 0, 0, (0, 50))], 1) == 1
    assert first_out((0, T - 51), T, [TrickStep((0, 0), 0, 0, (0, 50))], 1) is None


def test_par1_points_are_multiplied_before_the_comparison():
    steps = [TrickStep((0, 0), 0, 10)]
    assert first_out((T - 70, 0), T, steps, 7) == 0  # 10 x 7 = 70
    assert first_out((T - 71, 0), T, steps, 7) is None
    assert first_out((T - 140, 0), T, [TrickStep((20, 0), 1, 0)], 7) == 0
    assert first_out((T - 141, 0), T, [TrickStep((20, 0), 1, 0)], 7) is None


def test_par1_later_trick_counts_only_after_the_earlier():
    steps = [TrickStep((0, 0), 1, 10), TrickStep((0, 0), 0, 10)]
    assert first_out((T - 10, T - 10), T, steps, 1) == 1
    assert reached_in(0, (T - 10, T - 10), T, steps, 1) == 1
    assert reached_in(1, (T - 10, T - 10), T, steps, 1) == 0


# -- §2: Bedanken at the target -----------------------------------------------------------------
@pytest.mark.parametrize("team", [0, 1])
def test_par2_bedanken_with_exactly_the_target_wins_one_less_loses(team):
    steps = [TrickStep((0, 0), team, 10)]
    standing = [500, 500]
    standing[team] = T - 10
    out = bedanken(team, standing, T, steps, 1)
    assert out["reached"] and out["winner"] == team and out["totals"][team] == T
    standing[team] = T - 11
    out = bedanken(team, standing, T, steps, 1)
    assert not out["reached"] and out["winner"] == 1 - team


def test_par2_bedanken_the_other_team_at_exactly_the_target_in_the_same_trick():
    """Both at exactly the target in one trick: the Ausmachregel (§1) decides, whoever thanks."""
    steps = [TrickStep((0, 0), 1, 30, (50, 0))]
    for thanker in (0, 1):
        assert bedanken(thanker, (T - 50, T - 30), T, steps, 1)["winner"] == 1
    # the other team one point short: the thanking team wins alone
    assert bedanken(0, (T - 50, T - 31), T, steps, 1)["winner"] == 0


def test_par2_bedanken_counts_stoeck_and_weis_of_both_teams():
    steps = [TrickStep((0, 20), 0, 10, (0, 50))]
    out = bedanken(1, (0, T - 70), T, steps, 1)
    assert out["totals"] == [10, T] and out["reached"]
    assert not bedanken(1, (0, T - 71), T, steps, 1)["reached"]


# -- §18: Schneider at half the target ----------------------------------------------------------
@pytest.mark.parametrize("winner", [0, 1])
def test_par18_half_the_target_on_both_sides(winner):
    totals = [0, 0]
    totals[winner] = T + 10
    totals[1 - winner] = T // 2
    assert partie_result(totals, T)["schneider"] is False
    totals[1 - winner] = T // 2 - 1
    out = partie_result(totals, T)
    assert out["schneider"] is True and out["stake"] == 2 and out["winner"] == winner


def test_par18_partie_winner_at_exactly_the_target():
    assert partie_result((T, 700), T)["winner"] == 0
    assert partie_result((T - 1, 700), T)["winner"] is None
    assert "stake" not in partie_result((T - 1, 700), T)
    assert partie_result((700, T), T)["winner"] == 1


def test_par18_both_past_the_target_the_ausmachregel_or_the_higher_total():
    """§18 with §1: both past the target -- the winner given (Ausmachregel) counts; without one, the
    higher total (ties to team 1/3)."""
    assert partie_result((1100, 1050), T, 1)["winner"] == 1
    assert partie_result((1100, 1050), T)["winner"] == 0
    assert partie_result((1050, 1100), T)["winner"] == 1
    assert partie_result((1050, 1050), T)["winner"] == 0
    assert partie_result((1050, 1100), T, 0)["schneider"] is False


def test_par18_names_the_winner():
    assert partie_result((T, 0), T)["winner_name"] == "Team 1/3"
    assert partie_result((0, T), T)["winner_name"] == "Team 2/4"


# -- §13 Match, §10 Kontermatch, §23 multipliers ------------------------------------------------
def test_par13_match_nine_tricks_not_eight():
    assert score_deal("R", (157, 0), (9, 0)).points == ((157 + MATCH_BONUS) * 2, 0)
    assert score_deal("R", (152, 5), (8, 1)).points == (152 * 2, 5 * 2)
    assert MATCH_BONUS == 100


def test_par10_kontermatch_is_labelled_and_worth_the_same():
    s = score_deal("S", (0, 157), (0, 9), declarer_team=0)
    assert [str(ln.label) for ln in s.lines] == ["Kartenpunkte", "Kontermatch"]
    s = score_deal("S", (0, 157), (0, 9), declarer_team=1)
    assert [str(ln.label) for ln in s.lines] == ["Kartenpunkte", "Match"]
    assert s.points == (0, 257 * 4)


@pytest.mark.parametrize("mode,mult", [("E", 7), ("S", 4), ("L", 3), ("R", 2), ("obenabe", 5), ("undenufe", 6),
                                       ("slalom-oben", 5), ("slalom-unten", 6)])
def test_par23_multipliers(mode, mult):
    s = score_deal(mode, (100, 57), (5, 4), weis=(20, 0), stoeck=(0, 20))
    assert s.multiplier == mult and s.raw == (120, 77) and s.points == (120 * mult, 77 * mult)
    assert [ln.value for ln in s.lines] == [100 * mult, 20 * mult, 57 * mult, 20 * mult]


def test_par24_5_misere_writes_the_other_teams_points_and_match():
    s = score_deal("misere:R", (100, 57), (5, 4))
    assert s.raw == (57, 100)
    s = score_deal("misere:R", (157, 0), (9, 0), declarer_team=0)
    assert s.raw == (0, 257) and [str(ln.label) for ln in s.lines] == ["Kartenpunkte", "Match"]


def test_par24_6_tutti_without_its_first_suit_has_no_multiplier():
    with pytest.raises(ValueError, match="multiplier"):
        score_deal("tutti", (100, 57), (5, 4))
    assert score_deal("tutti:S", (100, 57), (5, 4)).multiplier == 4


def test_par29_no_line_for_zero_points():
    s = score_deal("R", (157, 0), (9, 0))
    assert len(s.lines) == 2  # no lines for team 2/4's zero card points, nor for zero Weis and Stöck


# -- what each line says (§23, §29: "{team}: {points} x {mult}") --------------------------------
def _note(team: int, points: int, mult: int) -> dict:
    seats = (0, 2) if team == 0 else (1, 3)
    return {"id": "{team}: {points} x {mult}",
            "args": {"team": {"id": "{seat_a} & {seat_b}", "args": {"seat_a": seats[0], "seat_b": seats[1]}},
                     "points": points, "mult": mult}}


def test_par23_par29_every_line_names_team_points_and_multiplier():
    """Each line of the settlement: what it is, its value (x the multiplier) and the note that shows
    the reckoning -- the team's two seats, the raw points and the multiplier."""
    s = score_deal("L", (157, 0), (9, 0), weis=(50, 0), stoeck=(0, 20))
    got = [(str(ln.label), ln.value, ln.note.to_json()) for ln in s.lines]
    assert got == [("Kartenpunkte", 157 * 3, _note(0, 157, 3)), ("Match", 100 * 3, _note(0, 100, 3)),
                   ("Weis", 50 * 3, _note(0, 50, 3)), ("Stöck", 20 * 3, _note(1, 20, 3))]
    s = score_deal("obenabe", (0, 157), (0, 9), declarer_team=0)
    got = [(str(ln.label), ln.value, ln.note.to_json()) for ln in s.lines]
    assert got == [("Kartenpunkte", 157 * 5, _note(1, 157, 5)), ("Kontermatch", 100 * 5, _note(1, 100, 5))]


# -- §1 over several tricks, multiplied ---------------------------------------------------------
@pytest.mark.parametrize("team", [0, 1])
def test_par1_stoeck_and_weis_of_an_earlier_trick_count_towards_a_later_stich(team, mult=2):
    """Stöck shown in trick 1 and the Weis written after it are part of the total when the team's
    Stich of trick 2 reaches the target (x2: 900 + 20x2 + 30x2 = 1000)."""
    standing = [0, 0]
    standing[team] = 900
    stoeck = (20, 0) if team == 0 else (0, 20)
    steps = [TrickStep(stoeck, 1 - team, 0), TrickStep((0, 0), team, 30)]
    assert first_out(standing, T, steps, mult) == team
    assert reach_moment(team, standing, T, steps, mult) == (1, 1)
    assert reached_in(team, standing, T, steps, mult) == 1
    weis = (20, 0) if team == 0 else (0, 20)
    steps = [TrickStep((0, 0), 1 - team, 0, weis), TrickStep((0, 0), team, 30)]
    assert first_out(standing, T, steps, mult) == team
    assert reach_moment(team, standing, T, steps, mult) == (1, 1)
    # one point short without them
    standing[team] = 899
    assert first_out(standing, T, steps, mult) is None
    assert reach_moment(team, standing, T, steps, mult) is None


def test_par1_reach_moment_at_each_phase_exactly():
    assert reach_moment(0, (T, 0), T, [], 1) == (-1, 0)
    assert reach_moment(0, (T - 1, 0), T, [], 1) is None
    assert reach_moment(0, (T - 40, 0), T, [TrickStep((20, 0), 1, 0)], 2) == (0, 0)  # Stöck x2
    assert reach_moment(0, (T - 41, 0), T, [TrickStep((20, 0), 1, 0)], 2) is None
    assert reach_moment(0, (T - 100, 0), T, [TrickStep((20, 0), 1, 0, (30, 0))], 2) == (0, 0)  # with its Weis
    assert reach_moment(0, (T - 101, 0), T, [TrickStep((20, 0), 1, 0, (30, 0))], 2) is None
    assert reach_moment(0, (T - 60, 0), T, [TrickStep((0, 0), 0, 30)], 2) == (0, 1)
    assert reach_moment(0, (T - 61, 0), T, [TrickStep((0, 0), 0, 30)], 2) is None
    assert reach_moment(0, (T - 60, 0), T, [TrickStep((0, 0), 1, 0, (30, 0))], 2) == (0, 2)
    assert reach_moment(0, (T - 61, 0), T, [TrickStep((0, 0), 1, 0, (30, 0))], 2) is None


def test_par1_reached_in_counts_stoeck_and_weis_multiplied():
    steps = [TrickStep((20, 0), 1, 0, (30, 0))]
    assert reached_in(0, (T - 100, 0), T, steps, 2) == 0
    assert reached_in(0, (T - 101, 0), T, steps, 2) is None


def test_par2_bedanken_result_names_the_team_and_refuses_an_unknown_reading():
    assert bedanken(1, (0, T), T, [], 1)["team"] == 1
    with pytest.raises(ValueError, match="first_to_thank, first_to_reach"):
        bedanken(0, (0, 0), T, [], 1, "whoever")


def test_par18_partie_result_names_the_target():
    assert partie_result((T, 0), T)["target"] == T
    assert partie_result((2500, 0), 2500)["target"] == 2500
