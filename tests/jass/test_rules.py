"""One test per paragraph of the Papagei-Jass sheet that the engine enforces."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.cards import JASS
from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.games.jass import GAME
from stammtisch.games.jass.game import deal_packets
from stammtisch.games.jass.modes import MODES, POINTS
from stammtisch.games.jass.scoring import score_deal

from .helpers import play, state


def cards(text: str) -> list[int]:
    return JASS.parse_cards(text.split())


# -- §20, §21, §30: dealing, direction, lead --------------------------------------------
def test_par20_deal_three_card_packets_vorhand_first_dealer_last():
    deck = list(range(36))
    hands = deal_packets(deck, dealer=2, cut=3)
    cut_deck = deck[3:] + deck[:3]
    assert set(hands[3]) >= set(cut_deck[0:3])  # Vorhand (dealer + 1) gets the first packet
    assert set(hands[0]) >= set(cut_deck[3:6])
    assert set(hands[2]) >= set(cut_deck[9:12])  # the dealer the last of the first round
    assert set(hands[2]) >= set(cut_deck[33:36])  # ... and the very last packet
    assert all(len(h) == 9 for h in hands)


def test_par20_cut_at_least_three_cards():
    with pytest.raises(ValueError):
        deal_packets(list(range(36)), 0, 2)
    with pytest.raises(ValueError):
        deal_packets(list(range(36)), 0, 34)


def test_par20_first_dealer_by_draw_then_rotation():
    m = GAME.new_match(seed=11)
    first = m.logs[0].ctx.dealer
    seats = set()
    for seed in range(40):
        seats.add(GAME.first_dealer(GAME.options(), random.Random(seed)))
    assert seats == {0, 1, 2, 3}
    # rotation: the next seat in order of play deals next (§20)
    nxt = GAME.next_deal(m.options, m.logs[0].ctx, None, (0, 0))
    assert nxt == ((first + 1) % 4, {})


def test_par20_recorded_deal_must_give_nine_cards_each():
    from stammtisch.core.protocol import Deal
    bad = Deal((tuple(range(10)), tuple(range(10, 18)), tuple(range(18, 27)), tuple(range(27, 36))))
    with pytest.raises(IllegalAction, match="§20"):
        GAME.validate_deal(GAME.options(), bad)


def test_par21_par30_vorhand_leads_and_play_goes_on_to_the_next_seat():
    st = state({}, dealer=1)
    assert st.vorhand == 2 and st.to_act() == (2,)
    play(st, "trump:E")
    assert st.to_act() == (2,)
    c = st.legal_actions(2)[0]
    st.apply(2, c)
    assert st.to_act() == (3,)


def test_par30_vorhand_leads_even_after_schieben():
    st = state({})
    play(st, "schieben")
    assert st.to_act() == (2,)  # the partner names the trump
    play(st, "trump:R")
    assert st.to_act() == (0,)  # Vorhand leads (§30, §7 "der falsche Partner")
    assert st.declarer == 2


def test_par30_leader_may_play_any_card():
    st = state({0: "E6 S6 L6 R6 EA SA LA RA EU"})
    play(st, "trump:E")
    assert set(st.legal_actions(0)) >= {"E6", "S6", "L6", "R6", "EA", "SA", "LA", "RA", "EU"}


def test_par22_trick_winner_leads_next():
    st = state({0: "S6 S7 S8 S9 L6 L7 L8 L9 R6", 1: "SA E6 E7 E8 E9 L10 LU LO R7"})
    play(st, "trump:R", "S6", "SA")
    st.apply(2, st.legal_actions(2)[0])
    st.apply(3, st.legal_actions(3)[0])
    winner = st.history[0][2]
    assert st.to_act() == (winner,)


# -- §23: modes and multipliers ---------------------------------------------------------
@pytest.mark.parametrize("mode,mult", [("E", 7), ("S", 4), ("L", 3), ("R", 2), ("obenabe", 5), ("undenufe", 6),
                                       ("slalom-oben", 5), ("slalom-unten", 6), ("quer-oben", 5), ("quer-unten", 6)])
def test_par23_all_ten_modes_with_multipliers(mode, mult):
    assert MODES[mode].multiplier == mult
    st = state({})
    assert f"trump:{mode}" in st.legal_actions(0)
    s = score_deal(mode, (100, 57), (5, 4))
    assert s.points == (100 * mult, 57 * mult)


def test_par23_card_points_sum_to_152_in_every_mode():
    for table in POINTS.values():
        for tm in range(6):
            for led in range(4):
                assert sum(table[(tm * 4 + led) * 36 + c] for c in range(36)) == 152


def test_par23_undenufe_ass_counts_11_by_default_six_as_option():
    ass = POINTS["ass"]
    six = POINTS["six"]
    ea, e6 = JASS.parse("EA"), JASS.parse("E6")
    assert ass[5 * 144 + ea] == 11 and ass[5 * 144 + e6] == 0
    assert six[5 * 144 + ea] == 0 and six[5 * 144 + e6] == 11
    assert GAME.options().undenufe_eleven == "ass"


def test_par23_obenabe_highest_wins_no_trump():
    st = state({0: "E6 E7 E8 E9 E10 EU EO EK S6", 1: "EA S7 S8 S9 S10 SU SO SK SA"})
    play(st, "trump:obenabe", "E6", "EA")
    # seat 2 has no Eicheln: any card; nothing trumps
    st.apply(2, st.legal_actions(2)[0])
    st.apply(3, st.legal_actions(3)[0])
    assert st.history[0][2] == 1


def test_par23_undenufe_lowest_wins():
    st = state({0: "E7 E8 E9 E10 EU EO EK EA S6", 1: "E6 S7 S8 S9 S10 SU SO SK SA"})
    play(st, "trump:undenufe", "E7", "E6")
    st.apply(2, st.legal_actions(2)[0])
    st.apply(3, st.legal_actions(3)[0])
    assert st.history[0][2] == 1


def test_par23_slalom_alternates_directions():
    assert MODES["slalom-oben"].tricks == (4, 5, 4, 5, 4, 5, 4, 5, 4)
    assert MODES["slalom-unten"].tricks == (5, 4, 5, 4, 5, 4, 5, 4, 5)


# -- §25: trump choice ------------------------------------------------------------------
def test_par25_only_the_chooser_names_trump():
    st = state({})
    with pytest.raises(NotYourTurn, match="§25"):
        st.apply(2, "trump:E")
    play(st, "schieben")
    with pytest.raises(NotYourTurn, match="§25"):
        st.apply(0, "trump:E")


def test_par25_partner_cannot_push_back_without_the_variant():
    st = state({})
    play(st, "schieben")
    assert "schieben" not in st.legal_actions(2)
    with pytest.raises(IllegalAction, match="§25"):
        st.apply(2, "schieben")


def test_par25_unknown_mode_refused_and_state_unchanged():
    st = state({})
    with pytest.raises(IllegalAction, match="§23"):
        st.apply(0, "trump:X")
    with pytest.raises(IllegalAction, match="§24"):
        st.apply(0, "trump:misere:E")
    assert st.phase == "trump" and st.mode is None


# -- §15, §26, §27: legal play ----------------------------------------------------------
def test_par15_must_foll_suit():
    st = state({0: "S6 E6 E7 E8 E9 L6 L7 L8 L9", 1: "S7 R6 R7 R8 R9 R10 RU RO RK"})
    play(st, "trump:obenabe", "S6")
    assert st.legal_actions(1)[:1] == ["S7"]
    with pytest.raises(IllegalAction, match="§15"):
        st.apply(1, "R6")
    assert st.hands[1] >> JASS.parse("R6") & 1  # unchanged


def test_par15_may_trump_instead_of_following():
    st = state({0: "S6 E6 E7 E8 E9 L6 L7 L8 L9", 1: "S7 R6 R7 R8 R9 R10 RU RO RK"})
    play(st, "trump:R", "S6")
    assert set(st.legal_actions(1)) >= {"S7", "R6", "RK"}
    with pytest.raises(IllegalAction):
        st.apply(1, "L10")  # not held at all


def test_par26_trump_under_never_has_to_follow():
    st = state({0: "EA E6 E7 S6 S7 S8 L6 L7 L8", 1: "EU S9 S10 SU SO SK SA L9 L10"})
    play(st, "trump:E", "EA")
    assert set(st.legal_actions(1)) >= {"EU", "S9", "L10"}
    st.apply(1, "S9")


def test_par26_other_trumps_must_follow_a_trump_lead():
    st = state({0: "EA E6 E7 S6 S7 S8 L6 L7 L8", 1: "EU E8 S10 SU SO SK SA L9 L10"})
    play(st, "trump:E", "EA")
    assert [a for a in st.legal_actions(1) if len(a) <= 3] == ["E8", "EU"]
    with pytest.raises(IllegalAction, match="§26"):
        st.apply(1, "S10")


def test_par27_no_undertrumping():
    st = state({0: "S6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "RU S7 S8 S9 S10 SU SO SK SA",
                2: "R6 R10 E9 E10 EU EO EK EA LU"})
    play(st, "trump:R", "S6", "RU")
    # seat 2 has no Schellen, holds R6 and R10 below the Buur and other cards: no under-trump
    legal = st.legal_actions(2)
    assert "R6" not in legal and "R10" not in legal and "E9" in legal
    with pytest.raises(IllegalAction, match="§27"):
        st.apply(2, "R6")


def test_par27_undertrump_allowed_with_only_trumps():
    from stammtisch.games.jass.play import legal_mask
    from stammtisch.core.bits import mask_of
    hand = mask_of(cards("R6 R7"))
    trick = cards("S6 RU")
    assert legal_mask(hand, trick, 3, True) == hand
    # with one other card left, the under-trumps are refused
    hand2 = mask_of(cards("R6 R7 E9"))
    assert JASS.format_mask(legal_mask(hand2, trick, 3, True)) == ["E9"]


def test_par27_undertrump_after_two_trumps():
    """The class jass-kit gets wrong (its issue #10): the highest trump in the trick counts."""
    st = state({0: "S6 S7 S8 S9 S10 SU SO SK SA", 1: "R6 E6 E7 E8 E9 E10 EU EO EK",
                2: "RA EA L6 L7 L8 L9 L10 LU LO", 3: "R7 R8 R9 R10 RU RO RK LK LA"})
    play(st, "trump:R", "S6", "R6", "RA")
    assert [a for a in st.legal_actions(3) if len(a) <= 3] == ["LK", "LA", "R9", "RU"]
    with pytest.raises(IllegalAction, match="§27"):
        st.apply(3, "R7")


def test_par27_undertrumping_allowed_in_misere():
    st = state({0: "S6 S7 S8 S9 S10 SU SO SK SA", 1: "R6 E6 E7 E8 E9 E10 EU EO EK",
                2: "RA EA L6 L7 L8 L9 L10 LU LO", 3: "R7 R8 R9 R10 RU RO RK LK LA"}, misere=True)
    play(st, "trump:misere:R", "S6", "R6", "RA")
    assert "R7" in st.legal_actions(3)


# -- §24: agreed variants -----------------------------------------------------------------
def test_par24_variants_are_off_by_default():
    st = state({})
    legal = st.legal_actions(0)
    assert not any(a.startswith(("trump:misere", "trump:3x3", "trump:tutti", "trump:quer54")) for a in legal)


def test_par24_1_zurueckschieben_forces_drei_mal_drei():
    st = state({}, zurueckschieben=True)
    play(st, "schieben")
    assert "schieben" in st.legal_actions(2)
    play(st, "schieben")
    assert st.to_act() == (0,)
    legal = st.legal_actions(0)
    assert legal and all(a.startswith("trump:3x3:") for a in legal)
    with pytest.raises(IllegalAction, match="§24.1"):
        st.apply(0, "trump:E")
    with pytest.raises(IllegalAction, match="§24.1"):
        st.apply(0, "schieben")
    play(st, "trump:3x3:undenufe-R-obenabe")
    assert st.mode.multiplier == 6  # counted as the first: Undenufe


def test_par24_2_obli_only_eicheln_trump():
    st = state({}, obli=True)
    legal = st.legal_actions(0)
    assert "trump:E" in legal and not {"trump:S", "trump:L", "trump:R"} & set(legal)
    with pytest.raises(IllegalAction):
        st.apply(0, "trump:R")


def test_par24_3_drei_mal_drei_three_tricks_each_counted_as_the_first():
    m = MODES["3x3:R-obenabe-undenufe"]
    assert m.tricks == (3, 3, 3, 4, 4, 4, 5, 5, 5) and m.multiplier == 2
    assert MODES["3x3:obenabe-E-undenufe"].multiplier == 5
    st = state({}, drei_mal_drei=True)
    play(st, "trump:3x3:obenabe-E-undenufe")
    while not st.is_over():
        play(st, "*")
    assert sum(st.card_points) == 157


def test_par24_4_quer_four_five_and_five_four():
    assert MODES["quer-oben"].tricks == (4,) * 4 + (5,) * 5
    assert MODES["quer54-unten"].tricks == (5,) * 5 + (4,) * 4
    assert MODES["quer54-unten"].multiplier == 6  # "Gezählt ... wie beim Undeufe"
    st = state({}, quer_54=True)
    assert "trump:quer54-oben" in st.legal_actions(0)


def test_par24_5_misere_writes_the_opponents_points():
    s = score_deal("misere:E", (100, 57), (6, 3))
    assert s.points == (57 * 7, 100 * 7)
    st = state({}, misere=True)
    play(st, "trump:misere:undenufe")
    assert "weis" not in st.legal_actions(0)


def test_par24_6_tutti_led_suit_is_trump_counted_as_the_first_suit():
    st = state({0: "S6 E6 E7 E8 E9 L6 L7 L8 L9", 1: "SU SA S7 R6 R7 R8 R9 R10 RU",
                2: "S9 E10 EU EO EK EA L10 LU LO"}, tutti=True)
    play(st, "trump:tutti", "S6")
    assert st.mode.name == "tutti:S" and st.mode.multiplier == 4
    # Schellen led = trump: the Under need not follow, but the other Schellen must
    legal = [a for a in st.legal_actions(1) if len(a) <= 3]
    assert legal == ["S7", "SU", "SA"]
    play(st, "SA", "S9", "*")
    # Schellen is trump in this trick: the Nell (S9) beats the Ass
    assert st.history[0][2] == 2


def test_par29_weis_multiplied_like_the_mode():
    s = score_deal("undenufe", (80, 77), (5, 4), weis=(0, 100))
    assert s.points == (80 * 6, 177 * 6)
