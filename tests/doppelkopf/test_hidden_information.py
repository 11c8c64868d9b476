"""Audit of hidden information and bad input (AUDIT brief 3., 4.).

Hidden information is checked *directly*: two deals that differ only in cards the viewer cannot
see (a card swapped between two other seats — which may move a ♣ Queen and so change the
parties, or turn a normal game into a stille Hochzeit) are played with the same actions; while
those actions stay legal in both, the viewer's view and the public view must be identical.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.cards import DOKO
from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS

from .helpers import all_gesund, hands_with, make_state, play_lowest, snapshot


def _twin_run(seed: int, players: int, talk: float, force_queen: bool):
    rng = random.Random(seed)
    dealer = rng.randrange(players)
    hands = hands_with({}, seed=seed, players=players, dealer=dealer)
    profile = "turnier5" if players == 5 else "turnier"
    active = [s for s in range(players) if not (players == 5 and s == dealer)]
    viewer = rng.choice(range(players))  # at a five-table possibly the sitting dealer
    others = [s for s in active if s != viewer]
    a, b = rng.sample(others, 2)
    if force_queen and "XD" in hands[a] and "XD" not in hands[b]:
        i, j = hands[a].index("XD"), rng.randrange(12)
    else:
        i, j = rng.randrange(12), rng.randrange(12)
    twin = [list(h) for h in hands]
    twin[a][i], twin[b][j] = hands[b][j], hands[a][i]
    d1 = make_state(hands, dealer=dealer, profile=profile)
    d2 = make_state(twin, dealer=dealer, profile=profile)
    steps = 0
    while not d1.is_over():
        # the Spielabfrage: everybody healthy in both deals (a stille Hochzeit may result in one)
        if d1.phase == "vorbehalt":
            s = d1.to_act()[0]
            d1.apply(s, "gesund")
            d2.apply(s, "gesund")
        else:
            movers = [s for s in d1.interjectors() if rng.random() < talk] + list(d1.to_act())
            s = movers[0]
            act = rng.choice(d1.legal_actions(s))
            if act not in d2.legal_actions(s) or s != d2.to_act()[0] and s not in d2.interjectors():
                break  # the hidden difference now shows in play: stop comparing
            if act in ANNOUNCE_WORDS and d1.party[s] != d2.party[s]:
                break  # "keine90" by a player of the other party: the announcement itself tells
            d1.apply(s, act)
            d2.apply(s, act)
        if d1.is_over():
            break
        assert d1.view(viewer) == d2.view(viewer), (viewer, a, b, steps)
        assert d1.public_view() == d2.public_view()
        steps += 1
    return steps, d1, d2


@given(st.integers(0, 10**9), st.sampled_from([4, 5]), st.floats(0, 0.5), st.booleans())
def test_views_do_not_depend_on_cards_the_viewer_cannot_see(seed, players, talk, force_queen):
    """1., 4., 7.: swapping a card (often a ♣ Queen, so parties or a stille Hochzeit change)
    between two other seats changes nothing the viewer or a spectator sees, including the
    sitting dealer at a five-table."""
    _twin_run(seed, players, talk, force_queen)


def test_twin_runs_do_compare_something():
    """The twin comparison above must actually run for a while, also with a ♣ Queen moved."""
    total = sum(_twin_run(seed, 4, 0.2, True)[0] for seed in range(30))
    assert total > 30 * 8


def test_stille_hochzeit_public_view_before_reveal():
    """4.: a stille Hochzeit looks like a normal game to the others and to spectators until the
    second ♣ Queen falls: contract normal, no Hochzeiter, no party known."""
    hands = hands_with({1: ["XD", "XD"]}, seed=21)
    st_ = all_gesund(make_state(hands))
    pv = st_.public_view()
    assert pv["contract"] == "normal" and pv["hochzeiter"] is None and pv["parties"] == [None] * 4
    assert "stille" not in json.dumps(pv) and "stille" not in json.dumps(st_.view(0))


def test_no_view_contains_another_seats_unplayed_card_or_the_deal():
    """No view (nor the public view) names a card that is in another seat's hand and not yet
    shown: the only card lists are the own hand, the trick(s) and the action history."""
    hands = hands_with({}, seed=8)
    st_ = all_gesund(make_state(hands))
    play_lowest(st_, 3)
    for viewer in range(4):
        v = st_.view(viewer)
        assert "deal" not in v and "hands" not in v and "initial" not in v
        shown = set(v["hand"]) | {c for t in v["tricks"] for _, c in t["cards"]} | {c for _, c in v["trick"]}
        text = json.dumps({k: x for k, x in v.items() if k not in ("hand", "tricks", "trick", "last_trick",
                                                                      "actions")})
        for c in set(DOKO.notation):
            if c not in shown:
                assert f'"{c}"' not in text, (viewer, c)
        assert {a for _, a in v["actions"]} - set(ANNOUNCE_WORDS) - {"gesund", "vorbehalt"} <= shown


# ---------------------------------------------------------------------------------------------
# bad input (AUDIT brief 4.): a clear error naming the rule, state unchanged
# ---------------------------------------------------------------------------------------------
def _normal_in_play():
    hands = hands_with({0: ["XD"], 2: ["XD"]}, seed=5)
    return all_gesund(make_state(hands))


@pytest.mark.parametrize("action", ["", "   ", "XZ", "H11", "re kontra", "solo:kreuz", "gesund", "nein",
                                    "hochzeit", "keine 90", "keine120", "\x00", "🂡", "X" * 500])
def test_malformed_actions_in_play_refused_with_rule_and_state_unchanged(action):
    st_ = _normal_in_play()
    seat = st_.to_act()[0]
    before = snapshot(st_)
    with pytest.raises(IllegalAction) as e:
        st_.apply(seat, action)
    assert e.value.rule and e.value.rule.startswith("Doppelkopf-Turnier")
    assert snapshot(st_) == before


@pytest.mark.parametrize("action", [None, 3, b"XD", ["XD"]])
def test_non_text_actions_refused(action):
    st_ = _normal_in_play()
    seat = st_.to_act()[0]
    before = snapshot(st_)
    with pytest.raises(IllegalAction):
        st_.apply(seat, action)  # type: ignore[arg-type]
    assert snapshot(st_) == before


def test_wrong_seat_and_unknown_seat_refused():
    """A card by a seat not on turn is NotYourTurn (2.); a seat number outside the table is refused."""
    st_ = _normal_in_play()
    seat = st_.to_act()[0]
    other = (seat + 1) % 4
    before = snapshot(st_)
    with pytest.raises(NotYourTurn) as e:
        st_.apply(other, DOKO.format_mask(st_.hands[other])[0])
    assert "Doppelkopf-Turnier" in str(e.value)
    for bad in (-1, 4, 99):
        with pytest.raises(IllegalAction):
            st_.apply(bad, "XD")
    assert snapshot(st_) == before


def test_spielabfrage_words_during_the_abfrage_only():
    """2.: during the Spielabfrage a card or an announcement is refused naming 2."""
    st_ = make_state(hands_with({}, seed=5))
    seat = st_.to_act()[0]
    before = snapshot(st_)
    for a in ("re", DOKO.format_mask(st_.hands[seat])[0], "solo:kreuz", "hochzeit"):
        with pytest.raises(IllegalAction) as e:
            st_.apply(seat, a)
        assert "Doppelkopf-Turnier 2." in str(e.value)
    assert snapshot(st_) == before


def test_actions_after_the_end_refused():
    st_ = _normal_in_play()
    play_lowest(st_, 12)
    assert st_.is_over()
    res = st_.result()
    for seat in range(4):
        for a in ("re", "XD", "gesund"):
            with pytest.raises(IllegalAction):
                st_.apply(seat, a)
    assert st_.result() == res and st_.legal_actions(0) == [] and st_.to_act() == ()


def test_result_before_the_end_refused():
    st_ = _normal_in_play()
    with pytest.raises(IllegalAction):
        st_.result()


def test_sitting_player_cannot_act():
    """7.: the sitting dealer at a five-table has no actions; an action by him is refused naming 7."""
    hands = hands_with({}, seed=2, players=5, dealer=4)
    st_ = make_state(hands, dealer=4, profile="turnier5")
    assert st_.legal_actions(4) == []
    before = snapshot(st_)
    with pytest.raises(IllegalAction) as e:
        st_.apply(4, "gesund")
    assert "Doppelkopf-Turnier 7." in str(e.value)
    assert snapshot(st_) == before
    all_gesund(st_)
    with pytest.raises(IllegalAction):
        st_.apply(4, "re")
