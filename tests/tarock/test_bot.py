"""The rule-based player: sensible bids, a king it does not hold, the better talon half, legal discards,
announcements its hand justifies."""

from __future__ import annotations

import random

from stammtisch.core.protocol import Turn
from stammtisch.games.tarock import GAME

from .helpers import make_state, play
from .test_flow import HANDS, PASS3, TALON

BOT = GAME.rule_bot()


def ask(state, seat):
    legal = state.legal_actions(seat)
    return BOT.choose(Turn(seat, legal, lambda: state.view(seat)), random.Random(0))


def test_rule_bot_bids_by_strength():
    s = make_state(HANDS, TALON)
    # seat 0: seven tarock, the Trull, three kings — "Vorhand", then a Rufer
    assert ask(s, 0) == "vorhand"
    play(s, [(0, "vorhand"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert ask(s, 0) == "bid:rufer"
    from .test_flow import VALAT_HANDS, VALAT_TALON
    strong = make_state(VALAT_HANDS, VALAT_TALON)
    assert ask(strong, 0) == "bid:solodreier"
    weak = make_state(HANDS, TALON, dealer=0)  # Vorhand seat 1: four tarock, no king
    assert ask(weak, 1) in ("vorhand", "bid:piccolo")


def test_rule_bot_calls_a_king_it_does_not_hold_and_takes_the_better_half():
    s = make_state(HANDS, TALON)
    play(s, PASS3 + [(0, "bid:rufer")])
    assert ask(s, 0) == "call:fourth"
    s.apply(0, "call:fourth")
    assert ask(s, 0) == "talon:1"  # T2 T3 T4 beat XB XR XD for a tarock hand
    s.apply(0, "talon:1")
    for _ in range(3):
        a = ask(s, 0)
        assert a in s.legal_actions(0)
        s.apply(0, a)
    assert s.phase == "announce"
    assert ask(s, 0) == "announce:trull"  # holds Pagat, Mond and Sküs


def test_rule_bots_play_whole_matches():
    m = GAME.new_match("tiroler-cup", {"match_deals": 8}, seed=3)
    from stammtisch.core.driver import play_out
    play_out(m, [BOT] * 4, random.Random(3))
    assert m.is_over() and sum(m.totals) == 0
