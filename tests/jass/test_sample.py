"""sample_state: hidden cards dealt consistently with everything a seat knows."""

from __future__ import annotations

import random

from stammtisch.core.cards import JASS
from stammtisch.games.jass import GAME
from stammtisch.games.jass.modes import SUIT_MASK

from .helpers import play, state


def test_voids_shown_by_play_are_respected():
    st = state({0: "S6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "E9 E10 EU EO EK EA R6 R7 R8"})
    play(st, "trump:obenabe", "S6", "E9")  # seat 1 shows it has no Schellen
    view = st.view(2)
    rng = random.Random(1)
    for _ in range(50):
        s = GAME.sample_state(st.opts, view, rng)
        assert s.hands[1] & SUIT_MASK[1] == 0
        assert s.hands[2] == st.hands[2]
        assert [h.bit_count() for h in s.hands] == [h.bit_count() for h in st.hands]


def test_no_trump_follow_means_at_most_the_buur():
    st = state({0: "EA E6 E7 S6 S7 S8 L6 L7 L8", 1: "S9 S10 SU SO SK SA L9 L10 LU"})
    play(st, "trump:E", "EA", "S9")  # seat 1 did not follow the trump lead
    view = st.view(3)
    rng = random.Random(2)
    for _ in range(50):
        s = GAME.sample_state(st.opts, view, rng)
        assert s.hands[1] & SUIT_MASK[0] & ~(1 << JASS.parse("EU")) == 0


def test_shown_weis_cards_stay_with_their_owner():
    st = state({0: "E6 E7 E8 E9 SA SK LA LK RA"})
    play(st, "trump:R", "weis", "SA", "*", "*", "*")
    view = st.view(1)
    assert view["weis_shown"] == {"0": ["E6-E9"]}
    rng = random.Random(3)
    for _ in range(30):
        s = GAME.sample_state(st.opts, view, rng)
        for c in ("E6", "E7", "E8", "E9"):
            assert s.hands[0] >> JASS.parse(c) & 1
        assert s.weis_points == st.weis_points
