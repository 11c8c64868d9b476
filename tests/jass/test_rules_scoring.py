"""Weis, Stöck, points, Match, Bedanken, Rest, Schneider: one test per paragraph."""

from __future__ import annotations

import pytest

from stammtisch.core.bits import mask_of
from stammtisch.core.cards import JASS
from stammtisch.core.errors import IllegalAction
from stammtisch.games.jass import GAME
from stammtisch.games.jass.scoring import TrickStep, bedanken, first_out, partie_result, reached_in, score_deal
from stammtisch.games.jass.weis import WeisItem, all_weis, best_key, check_declaration, parse_weis

from .helpers import play, state


def cards(text: str) -> list[int]:
    return JASS.parse_cards(text.split())


def play_all(st, pick=lambda legal: legal[0]):
    while not st.is_over():
        s = st.to_act()[0]
        legal = [a for a in st.legal_actions(s) if len(a) <= 3 and a != "rest"]
        st.apply(s, pick(legal))


# -- §11, §13, §10: points -----------------------------------------------------------------
def test_par11_last_trick_counts_five_more():
    st = state({})
    play(st, "trump:E")
    play_all(st)
    assert sum(st.card_points) == 157
    assert st.history[-1][3] >= 5
    last_cards = st.history[-1][1]
    base = 0 * 144  # Eicheln trump
    from stammtisch.games.jass.modes import POINTS, SUIT_OF
    raw = sum(POINTS["ass"][(base + SUIT_OF[last_cards[0]] * 36) + c] for c in last_cards)
    assert st.history[-1][3] == raw + 5


def test_par13_match_bonus_100():
    s = score_deal("R", (157, 0), (9, 0))
    assert s.points == ((157 + 100) * 2, 0)
    assert [ln.label for ln in s.lines] == ["Kartenpunkte", "Match"]


def test_par13_match_in_play():
    # seat 0 holds all nine Eicheln: every trick is his
    st = state({0: "E6 E7 E8 E9 E10 EU EO EK EA"})
    play(st, "trump:E")
    play_all(st)
    assert st.tricks_won == [9, 0]
    res = st.result()
    assert res.points == ((157 + 100) * 7, 0)
    assert any(ln.label == "Match" for ln in res.lines)


def test_par10_kontermatch_counts_the_same():
    s = score_deal("S", (0, 157), (0, 9), declarer_team=0)
    assert s.points == (0, 257 * 4)
    assert [ln.label for ln in s.lines] == ["Kartenpunkte", "Kontermatch"]


# -- §29: Weis -----------------------------------------------------------------------------
@pytest.mark.parametrize("n,pts", [(3, 20), (4, 50), (5, 100), (6, 150), (7, 200), (8, 250), (9, 300)])
def test_par29_sequence_values(n, pts):
    ranks = ["6", "7", "8", "9", "10", "U", "O", "K", "A"][:n]
    items = all_weis(mask_of(JASS.parse_cards([f"R{r}" for r in ranks])))
    assert [w.points for w in items] == [pts]


@pytest.mark.parametrize("rank,pts", [("A", 100), ("K", 100), ("O", 100), ("10", 100), ("8", 100), ("7", 100),
                                      ("6", 100), ("U", 200), ("9", 150)])
def test_par29_four_of_a_kind_values(rank, pts):
    items = all_weis(mask_of(JASS.parse_cards([f"{s}{rank}" for s in "ESLR"])))
    assert [w.points for w in items] == [pts]


def test_par29_crosswise_four_kings_and_a_sequence_from_the_ass():
    items = all_weis(mask_of(cards("EK ESK SK LK RK EO EA".replace("ESK ", ""))))
    assert sorted(str(i) for i in items) == ["4K", "EO-EA"]
    assert sum(i.points for i in items) == 120


def test_par29_weis_only_with_the_first_card():
    st = state({0: "E6 E7 E8 S6 S7 S8 L6 L7 L8", 1: "R6 R7 R8 E9 E10 EU S9 S10 SU"})
    play(st, "trump:R")
    assert "weis" in st.legal_actions(0)
    play(st, "weis", "E6")
    play(st, "E9")
    play(st, "*", "*")
    s = st.to_act()[0]
    with pytest.raises(IllegalAction, match="§29"):
        st.apply(s, "weis")


def test_par29_best_weis_side_writes_all_its_weis_multiplied():
    # seat 0: 3x20 (E, S, L); seat 1: 50 (R6-R9) -> Team 2/4 has the best and writes 50 only
    st = state({0: "E6 E7 E8 S6 S7 S8 L6 L7 L8", 1: "R6 R7 R8 R9 E10 EU S9 S10 L10",
                2: "EA EK SA SK LA LK RA RK RO", 3: ""})
    play(st, "trump:S", "weis", "E6", "weis", "E10")
    play(st, "*", "*")
    assert st.weis_team == 1 and st.weis_points == [0, 50]
    play_all(st)
    res = st.result()
    assert ("Weis", 50 * 4) in [(ln.label, ln.value) for ln in res.lines]
    assert res.summary["weis"] == [0, 50]


def test_par29_announced_only_highest_then_shown_after_first_trick():
    st = state({0: "E6 E7 E8 S6 S7 S8 L6 L7 L8", 1: "R6 R7 R8 R9 E10 EU S9 S10 L10"})
    play(st, "trump:S", "weis", "E6")
    v = st.view(2)
    assert v["weis"] == [{"seat": 0, "points": 20}] and v["weis_shown"] == {}
    play(st, "E10", "*", "*")
    v = st.view(1)
    assert v["weis_shown"] == {"0": ["E6-E8", "S6-S8", "L6-L8"]}
    assert v["weis_points"] == [60, 0]


def test_par29_pointless_weis_may_not_be_declared():
    # seat 1 announces 50; seat 2 (partner of seat 0, who has played without Weis) and seat 3 ...
    st = state({0: "SA SK LA LK RA RK RO R10 L9", 1: "E6 E7 E8 E9 S10 SU L10 LU R9",
                2: "S6 S7 S8 L6 L7 R6 R7 R8 E10"})
    play(st, "trump:obenabe", "SA", "weis", "S10")
    # seat 2 holds 20 + 20; seat 0 played without declaring; seat 1 announced 50: pointless
    assert not any(a.startswith("weis") for a in st.legal_actions(2))
    with pytest.raises(IllegalAction, match="§29"):
        st.apply(2, "weis")


def test_par29_a_pointless_part_of_a_weis_is_not_offered():
    """§29: of a Weis that may count, a part that alone could never count (below what the
    other side announced, the partner already played) is not listed, and refused; listing it
    made the search player's determinized games refuse their own legal action (issue #13.15)."""
    st = state({0: "SA SK LA LK RA RK RO R10 E10", 1: "E6 E7 E8 E9 S10 SU L10 LU R9",
                2: "S6 S7 S8 L6 L7 L8 L9 R6 R7"})
    play(st, "trump:obenabe", "SA", "weis", "S10")
    legal = st.legal_actions(2)
    assert "weis" in legal and "weis:L6-L9" in legal  # 50 ties the announced 50: may still count
    assert "weis:S6-S8" not in legal
    with pytest.raises(IllegalAction, match="unnötiger Weis"):
        st.apply(2, "weis:S6-S8")
    for a in legal:  # every listed action is accepted
        other = st.clone()
        other.apply(2, a)


def test_par29_1_weis_must_be_held_and_a_lower_declaration_is_binding():
    st = state({0: "E6 E7 E8 E9 S6 S7 S8 L6 L7"})
    play(st, "trump:R")
    with pytest.raises(IllegalAction, match="§29.1"):
        st.apply(0, "weis:E6-E10")
    with pytest.raises(IllegalAction, match="§29.1"):
        st.apply(0, "weis:4A")
    assert st.weis_decl == {}
    # "Wer 20 statt 50 meldet ... darf nur 20 schreiben"
    play(st, "weis:E6-E8", "E6")
    play(st, "*", "*", "*")
    assert st.weis_points[0] == 20


def test_par29_1_parse_and_check_declarations():
    assert [str(i) for i in parse_weis("E8-E10+4U")] == ["E8-E10", "4U"]
    with pytest.raises(ValueError):
        parse_weis("E8-E9")
    with pytest.raises(ValueError):
        parse_weis("E8-S10")
    hand = mask_of(cards("E6 E7 E8 E9 E10 E U".replace(" E U", " EU")))
    assert check_declaration(hand, parse_weis("E6-E8+E7-E9")) is not None  # cards shared by two sequences
    assert check_declaration(hand, parse_weis("E6-E8+E9-EU")) is None


def test_par29_2_equal_weis_more_cards_then_higher_card_then_trump_then_first():
    seq7 = WeisItem("seq", 0, 0, 7)   # 200 with 7 cards
    four_u = WeisItem("four", -1, 5, 4)  # 200 with 4 cards
    assert best_key(seq7, None, False) > best_key(four_u, None, False)
    low = WeisItem("seq", 0, 0, 3)  # E6-E8
    high = WeisItem("seq", 1, 2, 3)  # S8-S10
    assert best_key(high, None, False) > best_key(low, None, False)
    # Undenufe: the rank-highest card is the lowest ("Dreiblatt vom Achter heisst Achter-Neuner-Banner")
    assert best_key(low, None, True) > best_key(high, None, True)
    same_e = WeisItem("seq", 0, 2, 3)
    same_s = WeisItem("seq", 1, 2, 3)
    assert best_key(same_s, 1, False) > best_key(same_e, 1, False)


def test_par29_2_equal_weis_first_declared_wins():
    st = state({0: "E6 E7 E8 SA SK LA LK RA RK", 1: "S6 S7 S8 E9 E10 L6 L8 R6 R8"})
    play(st, "trump:R", "weis", "SA", "weis", "S6")
    play(st, "*", "*")
    assert st.weis_team == 0  # both 20 from the Eight, neither trump: seat 0 declared first


def test_par29_3_stoeck_20_always_valid():
    st = state({0: "EK EO S6 S7 S8 L6 L7 L8 L9"})
    play(st, "trump:E")
    assert "stöck" in st.legal_actions(0)
    play(st, "stöck")
    play_all(st)
    res = st.result()
    assert ("Stöck", 20 * 7) in [(ln.label, ln.value) for ln in res.lines]
    assert res.summary["stoeck"] == [20, 0]


def test_par29_3_no_stoeck_without_both_cards():
    st = state({0: "EK S6 S7 S8 L6 L7 L8 L9 R6", 1: "EO"})
    play(st, "trump:E")
    assert "stöck" not in st.legal_actions(0)
    with pytest.raises(IllegalAction, match="§29.3"):
        st.apply(0, "stöck")


def test_par29_3_stoeck_valid_even_without_a_trick():
    s = score_deal("E", (0, 157), (0, 9), stoeck=(20, 0))
    assert s.points == (140, 257 * 7)


# -- §1, §2: Bedanken, Ausmachregel ---------------------------------------------------------
def test_par1_ausmachregel_stoeck_before_stich_before_wys():
    # both reach 1000 in the first trick: Stöck first
    assert first_out((960, 960), 1000, [TrickStep((20, 0), 1, 30, (0, 0))], 2) == 0
    # trick before Weis
    assert first_out((960, 960), 1000, [TrickStep((0, 0), 1, 30, (50, 0))], 2) == 1
    # Stöck together with the own Weis still come first
    assert first_out((900, 960), 1000, [TrickStep((20, 0), 1, 30, (50, 0))], 2) == 0


def test_par2_bedanken_with_enough_points_wins_at_once():
    st = state({0: "E6 E7 E8 E9 E10 EU EO EK EA"}, standing=(990, 500))
    play(st, "trump:obenabe", "EA")
    play(st, "*", "*", "*")
    assert st.card_points[0] > 5
    assert "bedanken" in st.legal_actions(2)
    st.apply(2, "bedanken")  # the partner, out of turn
    assert st.is_over()
    res = st.result()
    assert res.ends_match and res.summary["end"]["winner"] == 0


def test_par2_bedanken_listed_only_when_the_seat_sees_enough_but_accepted_always():
    st = state({0: "EK EO S6 S7 S8 L6 L7 L8 L9"}, standing=(870, 500))
    play(st, "trump:E")
    assert st.interjectors() == () and "bedanken" not in st.legal_actions(1)
    # seat 0 holds the Stöck: 870 + 20 x 7 = 1010, seat 0 knows it, his partner does not
    assert "bedanken" in st.legal_actions(0)
    assert "bedanken" not in st.legal_actions(2)
    st.apply(2, "bedanken")  # accepted from anybody; the held Stöck count (§29.3)
    assert st.result().summary["end"]["winner"] == 0


def test_par2_bedanken_without_enough_points_loses():
    st = state({}, standing=(800, 500))
    play(st, "trump:R")
    st.apply(1, "bedanken")
    res = st.result()
    assert res.ends_match and res.summary["end"]["winner"] == 0 and not res.summary["end"]["reached"]


@pytest.mark.parametrize("team", [0, 1])
def test_par2_bedanken_in_a_match_ends_it_and_names_the_winner(team):
    """§2 "Wer sich bedankt, ohne das vorgegebene Punkteziel zu erreichen, hat verloren": at 0 : 0 the
    team that bedankt loses the match at once, and the other team is named the winner."""
    m = GAME.new_match(seed=5)
    seat = next(s for s in (team, team + 2) if s not in m.to_act())  # not the seat to play: §2 "egal wer am Zug ist"
    m.apply(seat, "bedanken")
    assert m.is_over()
    r = m.result()
    assert r["winner"] == 1 - team and r["totals"] == [0, 0] and r["deals"] == 1


def test_par2_par29_3_stoeck_held_count_for_bedanken():
    out = bedanken(0, (990, 0), 1000, [TrickStep((20, 0))], 1)
    assert out["reached"] and out["winner"] == 0


def test_par1_order_of_bedanken_does_not_matter():
    steps = [TrickStep((0, 0), 0, 30, (0, 50))]
    # team 1 thanks first, but team 0 got out with the trick before team 1's Weis
    assert bedanken(1, (980, 960), 1000, steps, 1)["winner"] == 0
    assert bedanken(0, (980, 960), 1000, steps, 1)["winner"] == 0


# -- §17: Rest ----------------------------------------------------------------------------
def test_par14_only_the_last_trick_is_shown():
    from stammtisch.cli.render.jass import render
    from rich.console import Console
    st = state({})
    play(st, "trump:E", *["*"] * 8)
    v = st.view(0)
    assert len(v["last_trick"]) == 4
    assert v["last_trick"] == [[(st.history[1][0] + i) & 3, JASS.format(c)] for i, c in enumerate(st.history[1][1])]
    frame = {"seat": 0, "seats": ["A", "B", "C", "D"], "columns": ["Team 1/3", "Team 2/4"], "totals": [0, 0],
             "deal_number": 0, "dealer": 3, "to_act": list(st.to_act()), "legal": [], "deal": v}
    c = Console(width=120, record=True, color_system=None)
    c.print(render(frame))
    text = c.export_text()
    first = [JASS.format(x) for x in st.history[0][1]]
    assert not any(f"[{x}]" in text for x in first)


def test_par25_first_announcement_stands():
    st = state({})
    play(st, "trump:E")
    with pytest.raises(IllegalAction):
        st.apply(0, "trump:S")
    assert st.mode.name == "E"


def test_par17_rest_right_takes_all_remaining_tricks():
    st = state({0: "E6 E7 E8 E9 E10 EU EO EK EA"})
    play(st, "trump:E", "rest")
    assert st.is_over() and st.end["holds"]
    assert st.tricks_won == [9, 0] and st.card_points == [157, 0]
    assert st.result().points == (257 * 7, 0)


def test_par17_rest_wrong_gives_all_cards_to_the_opponents():
    # trump Under, Nell and Six shown, the trump Seven still with an opponent (the sheet's example)
    st = state({0: "EU E9 E6 SA SK SO LA LK LO", 1: "E7"})
    play(st, "trump:E", "rest")
    assert st.is_over() and not st.end["holds"]
    assert st.tricks_won == [0, 9] and st.card_points == [0, 157]


def test_par17_rest_listed_only_when_the_claimer_can_know_it_but_accepted_always():
    st = state({0: "EU E9 E6 SA SK SO LA LK LO", 1: "E7"})
    play(st, "trump:E")
    assert "rest" not in st.legal_actions(0)
    st2 = state({0: "E6 E7 E8 E9 E10 EU EO EK EA"})
    play(st2, "trump:E")
    assert "rest" in st2.legal_actions(0)
    st.apply(0, "rest")
    assert st.is_over() and not st.end["holds"]


def test_par17_rest_only_when_leading():
    st = state({})
    play(st, "trump:E", "*")
    assert "rest" not in st.legal_actions(1)
    with pytest.raises(IllegalAction, match="§17"):
        st.apply(1, "rest")


# -- §18: Schneider -----------------------------------------------------------------------
def test_par18_schneider_below_half_the_target():
    assert partie_result((1010, 499), 1000)["schneider"] is True
    assert partie_result((1010, 499), 1000)["stake"] == 2
    assert partie_result((1010, 500), 1000)["schneider"] is False
    assert partie_result((2600, 1200), 2500)["schneider"] is True


def test_par18_target_per_table():
    assert GAME.options("2500").target == 2500
    assert GAME.options(None, {"target": 1500}).target == 1500
    m = GAME.new_match(options={"target": 100}, seed=2)
    from stammtisch.core.driver import play_out
    import random
    play_out(m, [GAME.rule_bot()] * 4, random.Random(2))
    assert m.is_over() and max(m.totals) >= 100


from hypothesis import given, strategies as hst  # noqa: E402


@given(standing=hst.tuples(hst.integers(0, 999), hst.integers(0, 999)),
       steps=hst.lists(hst.tuples(hst.sampled_from([(0, 0), (20, 0), (0, 20)]), hst.integers(0, 1),
                                  hst.integers(0, 60), hst.sampled_from([(0, 0), (50, 0), (0, 100)])), max_size=9),
       mult=hst.sampled_from([2, 3, 4, 5, 6, 7]), team=hst.integers(0, 1))
def test_par1_par2_bedanken_agrees_with_the_ausmachregel(standing, steps, mult, team):
    ts = [TrickStep(s, t, p, w) for s, t, p, w in steps]
    out = bedanken(team, standing, 1000, ts, mult, "first_to_reach")
    if not out["reached"]:
        assert out["winner"] == 1 - team
    elif out["totals"][1 - team] >= 1000:
        assert out["winner"] == first_out(standing, 1000, ts, mult)
    else:
        assert out["winner"] == team
    # §2 (default): in different tricks the thanking team wins; in the same trick §1 decides
    out2 = bedanken(team, standing, 1000, ts, mult)
    assert out2["reached"] == out["reached"] and out2["totals"] == out["totals"]
    if out["reached"] and out["totals"][1 - team] >= 1000 and \
            reached_in(team, standing, 1000, ts, mult) != reached_in(1 - team, standing, 1000, ts, mult):
        assert out2["winner"] == team
    else:
        assert out2["winner"] == out["winner"]
    fo = first_out(standing, 1000, ts, mult)
    if fo is not None:
        assert out["totals"][fo] >= 1000
