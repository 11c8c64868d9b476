"""Bad input: a clear error naming the paragraph, and the state unchanged."""

import pytest

from stammtisch.core.errors import IllegalAction, NotYourTurn

from .helpers import all_gesund, hands_with, make_state, snapshot


def game():
    return all_gesund(make_state(hands_with({1: ["XD", "PA"], 2: ["P9", "XA"], 3: ["XD"], 0: ["HA"]}, seed=11)))


def refused(st, seat, action, rule):
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(seat, action)
    assert rule in str(e.value), str(e.value)
    assert snapshot(st) == before
    return e.value


def test_card_not_in_hand():
    st = game()
    hand = set(st.view(1)["hand"])
    missing = next(c for c in ("X9", "X10", "XK", "XA", "P9", "P10", "PK", "HA", "H9") if c not in hand)
    err = refused(st, 1, missing, "Doppelkopf-Turnier 1.")
    assert "not in your hand" in err.message


def test_not_following_suit():
    """1.: a player holding the led Fehl suit must follow it."""
    st = game()
    st.apply(1, "PA")
    err = refused(st, 2, "XA", "Doppelkopf-Turnier 1.")
    assert "follow" in err.message


def test_not_your_turn_and_sitting_player():
    st = game()
    with pytest.raises(NotYourTurn):
        st.apply(2, st.view(2)["hand"][0])
    st5 = make_state(hands_with({}, seed=3, players=5, dealer=2), dealer=2, players=5)
    with pytest.raises(NotYourTurn, match="Doppelkopf-Turnier 7."):
        st5.apply(2, "gesund")


def test_announcement_outside_window_and_wrong_party():
    st = game()
    refused(st, 0, "re", "Doppelkopf-Turnier 5.")
    refused(st, 3, "kontra", "Doppelkopf-Turnier 5.")
    for _ in range(8):
        s = st.to_act()[0]
        words = ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
        st.apply(s, [a for a in st.legal_actions(s) if a not in words][0])
    refused(st, 1, "re", "Doppelkopf-Turnier 5.")
    refused(st, 1, "keine90", "Doppelkopf-Turnier 5.")


def test_unknown_words_and_solos():
    st = make_state(hands_with({}, seed=4))
    refused(st, 1, "maybe", "Doppelkopf-Turnier 2.")
    for s in (1, 2, 3, 0):
        st.apply(s, "vorbehalt" if s == 1 else "gesund")
    refused(st, 1, "solo:trumpf", "Doppelkopf-Turnier 3.")
    refused(st, 1, "gesund", "Doppelkopf-Turnier 2.")
    st2 = game()
    refused(st2, 1, "Kreuzkönig", "Doppelkopf-Turnier")
