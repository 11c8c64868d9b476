"""Card values, counting in thirds, trick winners and play constraints (pure functions)."""

from __future__ import annotations

from hypothesis import given, strategies as st

from stammtisch.core.bits import mask_of
from stammtisch.core.cards import TAROCK
from stammtisch.games.tarock.cards import (THIRDS, VALUES, legal_plays, thirds_of, thirds_to_text,
                                           trick_winner)

from .helpers import cards


def test_values_and_thirds():
    """pagat.com, Königrufen: König, Pagat, Mond, Sküs 5; Dame 4; Reiter 3; Bube 2; others 1; pack 70 = 210 thirds."""
    v = {TAROCK.format(c): VALUES[c] for c in range(54)}
    assert v["HK"] == v["T1"] == v["T21"] == v["T22"] == 5
    assert v["XD"] == 4 and v["PR"] == 3 and v["KB"] == 2 and v["H4"] == v["X7"] == v["T2"] == 1
    assert sum(VALUES) == 106 and sum(THIRDS) == 210
    assert thirds_to_text(105) == "35" and thirds_to_text(107) == "35 2/3"


@given(st.sets(st.integers(0, 53)))
def test_thirds_are_3_sum_minus_2_cards(s):
    assert thirds_of(mask_of(s)) == 3 * sum(VALUES[c] for c in s) - 2 * len(s)


def test_trick_winner_tarock_beats_suits_and_colour_games():
    """Tarock beats suit cards; in colour games suit cards are not beaten by tarock (Österreich-Finale 7))."""
    t = list(cards("H4 T2 HK T1"))
    assert trick_winner(t, colour=False, kaiserstich=False) == 1
    assert trick_winner(t, colour=True, kaiserstich=False) == 2
    assert trick_winner(list(cards("T3 T21 T22 T4")), colour=True, kaiserstich=False) == 2


def test_tiroler_cup_paragrafen_kaiserstich_option():
    """Tiroler Cup, Paragrafen: Kaiserstich (Sküs, Mond, Pagat: the Pagat wins); none in the Österreich-Finale."""
    t = list(cards("T22 T21 T1 T5"))
    assert trick_winner(t, colour=False, kaiserstich=False) == 0
    assert trick_winner(t, colour=False, kaiserstich=True) == 2
    assert trick_winner(t, colour=False, kaiserstich=True, kaiser_order=True) == 0  # Sküs before Mond
    assert trick_winner(list(cards("T21 T22 T1")), colour=False, kaiserstich=True, kaiser_order=True) == 2
    # in colour games only when tarock was led
    assert trick_winner(list(cards("H4 T22 T21 T1")), colour=True, kaiserstich=True) == 0


def m(text: str) -> int:
    return mask_of(cards(text))


def test_farbzwang_and_tarockzwang():
    """Österreich-Finale 10): follow suit; without it tarock; without tarock anything."""
    hand = m("H4 HK T5 X7")
    assert legal_plays(hand, list(cards("H3")), colour=False, stichzwang=False, pagat_last=False) == m("H4 HK")
    assert legal_plays(hand, list(cards("K3")), colour=False, stichzwang=False, pagat_last=False) == m("T5")
    assert legal_plays(m("H4 X7"), list(cards("K3")), colour=False, stichzwang=False, pagat_last=False) == m("H4 X7")


def test_oesterreich_finale_6_stichzwang_and_pagat_last():
    """Österreich-Finale 6): Farb- and Stichzwang; the Pagat only as the last tarock."""
    hand = m("T1 T5 T12")
    # tarock led T8: must overtake with T12; the Pagat never while other tarock are held
    assert legal_plays(hand, list(cards("T8")), colour=False, stichzwang=True, pagat_last=True) == m("T12")
    assert legal_plays(hand, list(cards("T15")), colour=False, stichzwang=True, pagat_last=True) == m("T5 T12")
    assert legal_plays(hand, [], colour=False, stichzwang=True, pagat_last=True) == m("T5 T12")
    assert legal_plays(m("T1 H4"), [], colour=False, stichzwang=True, pagat_last=True) == m("T1 H4")
    # positive games: no Stichzwang, Pagat free
    assert legal_plays(hand, list(cards("T8")), colour=False, stichzwang=False, pagat_last=False) == hand


def test_oesterreich_finale_5_trischaken_constraints():
    """Österreich-Finale 5): Farb- and Stichzwang, no obligation to lead tarock; Pagat last."""
    hand = m("H4 HK T1 T9")
    assert legal_plays(hand, list(cards("HD")), colour=False, stichzwang=True, pagat_last=True) == m("HK")
    assert legal_plays(hand, list(cards("X8")), colour=False, stichzwang=True, pagat_last=True) == m("T9")
    assert legal_plays(hand, [], colour=False, stichzwang=True, pagat_last=True) == m("H4 HK T9")


def test_oesterreich_finale_7_colour_games():
    """Österreich-Finale 7): tarock led only without suit cards; without the led suit tarock must be played."""
    hand = m("H4 T5 T9")
    assert legal_plays(hand, [], colour=True, stichzwang=False, pagat_last=False) == m("H4")
    assert legal_plays(m("T5 T9"), [], colour=True, stichzwang=False, pagat_last=False) == m("T5 T9")
    assert legal_plays(hand, list(cards("X8")), colour=True, stichzwang=False, pagat_last=False) == m("T5 T9")
