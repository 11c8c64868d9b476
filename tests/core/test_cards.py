"""Decks and notation of the four games (docs/rules/sources.md: the background facts of each game)."""

import pytest
from hypothesis import given, strategies as st

from stammtisch.core.bits import bit_list, iter_bits, mask_of, popcount
from stammtisch.core.cards import DECKS, DOKO, JASS, PERLAGGEN, TAROCK, roman
from stammtisch.core.errors import BadNotation


def test_deck_sizes_match_notes():
    # Jass 36, Doppelkopf 48 (each twice), Tarock 54 (22 Tarock + 4x8), Perlaggen 33 (with Weli)
    assert (JASS.size, DOKO.size, TAROCK.size, PERLAGGEN.size) == (36, 48, 54, 33)
    assert sum(1 for s in TAROCK.card_suit if s == 4) == 22
    assert PERLAGGEN.format(32) == "W" and PERLAGGEN.suits[PERLAGGEN.card_suit[32]] == "S"


@pytest.mark.parametrize("deck", list(DECKS.values()), ids=list(DECKS))
def test_notation_round_trips(deck):
    for c in range(deck.size):
        assert deck.kind(deck.parse(deck.format(c))) == deck.kind(c)
    assert len(set(deck.notation)) == deck.size // deck.copies


def test_aliases():
    assert JASS.parse("eb") == JASS.parse("E10")  # B = Banner
    assert TAROCK.parse("Sküs") == TAROCK.parse("T22") == TAROCK.parse("xxii") == TAROCK.parse("sk")
    assert TAROCK.parse("Pagat") == TAROCK.parse("I") == TAROCK.parse("T1")
    assert PERLAGGEN.parse("Weli") == PERLAGGEN.parse("W")
    assert DOKO.parse("XQ") == DOKO.parse("XD")
    assert roman(21) == "XXI"


@pytest.mark.parametrize("bad", ["", "E11", "ZZ", "T23", "Hx"])
def test_bad_notation_is_refused_with_the_text(bad):
    with pytest.raises(BadNotation) as e:
        JASS.parse(bad) if not bad.startswith("T") else TAROCK.parse(bad)
    assert repr(bad)[1:-1] in str(e.value)


def test_doko_copies_parse_in_order():
    assert DOKO.parse_cards(["H10", "H10"]) == [DOKO.parse("H10"), DOKO.parse("H10") + 1]
    with pytest.raises(BadNotation):
        DOKO.parse_cards(["H10", "H10", "H10"])


@given(st.sets(st.integers(0, 53)))
def test_bit_sets(cards):
    m = mask_of(cards)
    assert bit_list(m) == sorted(cards) == list(iter_bits(m))
    assert popcount(m) == len(cards)
    assert TAROCK.format_mask(m) == [TAROCK.format(c) for c in sorted(cards)]


def test_suit_masks_partition_the_deck():
    for deck in DECKS.values():
        union = 0
        for s in range(len(deck.suits)):
            assert union & deck.suit_mask(s) == 0
            union |= deck.suit_mask(s)
        assert union == deck.full_mask
