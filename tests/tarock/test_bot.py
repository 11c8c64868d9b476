"""The rule-based player: sensible bids, a king it does not hold, the better talon half, legal discards,
announcements its hand justifies."""

from __future__ import annotations

import random

from stammtisch.core.protocol import Turn
from stammtisch.games.tarock import GAME
from stammtisch.games.tarock.bot import TarockRuleBot

from .helpers import make_state, play
from .test_flow import HANDS, PASS3, TALON

BOT = GAME.rule_bot()


def ask(state, seat, bot=None):
    legal = state.legal_actions(seat)
    return (bot or BOT).choose(Turn(seat, legal, lambda: state.view(seat)), random.Random(0))


def test_rule_bot_bids_by_strength():
    s = make_state(HANDS, TALON)
    # seat 0: seven tarock (six of them XV or higher), the Trull, three kings, a void — a Dreier
    assert ask(s, 0) == "bid:dreier"
    # a more cautious bot (the thresholds before tuning) says "Vorhand", then plays a Rufer
    cautious = TarockRuleBot(dreier_tarock=9, dreier_high=4)
    assert ask(s, 0, cautious) == "vorhand"
    play(s, [(0, "vorhand"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert ask(s, 0, cautious) == "bid:rufer"
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


def _ask_view(view, legal, bot=None):
    return (bot or BOT).choose(Turn(view.get("seat", 0), legal, lambda: view), random.Random(0))


def test_rule_bot_besserrufer_only_with_the_pagat():
    """The higher birds must win trick 11/10/9 themselves: no Besserrufer on an Uhu alone."""
    hand = "T22 T21 T20 T19 T17 T16 T2 T5 H4 K4 P7 X7".split()
    v = {"phase": "bidding", "hand": hand}
    legal = ["pass", "bid:besserrufer", "bid:farbendreier", "bid:sechserdreier", "bid:dreier"]
    assert _ask_view(v, legal) == "pass"
    v["hand"] = hand[:6] + ["T1"] + hand[7:]  # the Pagat instead of the Uhu
    assert _ask_view(v, legal) == "bid:besserrufer"


def test_rule_bot_plays_an_announced_bird_in_its_own_trick():
    """An announced Uhu is played in trick 11 (it is made only there)."""
    v = {"phase": "play", "seat": 0, "contract": "rufer", "declarer": 0, "partner": None,
         "hand": ["T2", "T21"], "trick": [], "tricks": [{}] * 10,
         "announcements": {"uhu": {"announcer": 0, "kontra": 0}}}
    assert _ask_view(v, ["T2", "T21"]) == "T2"
    v["tricks"] = [{}] * 9  # trick 10: keep the Uhu
    v["hand"] = ["T2", "T21", "T20"]
    assert _ask_view(v, ["T2", "T21", "T20"]) != "T2"


def test_rule_bot_trischaken_with_a_weak_vorhand_hand():
    """Final choice after three passes: four tarock and two kings is a Trischaken, not a losing Rufer."""
    v = {"phase": "bidding", "hand": "T3 T8 T12 T14 HK KK H4 H3 K4 P7 P8 X7".split()}
    legal = ["bid:trischaken", "bid:rufer", "bid:piccolo", "bid:dreier"]
    assert _ask_view(v, legal) == "bid:trischaken"
    v["hand"] = "T3 T8 T12 T14 T15 HK KK H4 H3 K4 P7 X7".split()  # five tarock: a Rufer
    assert _ask_view(v, legal) == "bid:rufer"


def test_rule_bot_king_call_prefers_the_suit_with_its_dame_and_never_a_void():
    hand = "T22 T21 T20 T19 T17 T16 HD H4 PR P7 P8 P9".split()
    v = {"phase": "call", "hand": hand}
    legal = ["call:HK", "call:KK", "call:PK", "call:XK"]
    assert _ask_view(v, legal) == "call:HK"  # Herz-Dame held: 2 cards + bonus beat 4 Pik cards
    assert _ask_view(v, legal, TarockRuleBot(call_dame_bonus=0)) == "call:PK"


def test_rule_bot_takes_the_talon_half_with_the_called_king():
    hand = "T22 T21 T20 T19 T17 T16 T15 H4 H3 K4 P7 X7".split()
    v = {"phase": "talon", "hand": hand, "called": "PK", "talon": [["PK", "X8", "K3"], ["T2", "X9", "H2"]]}
    assert _ask_view(v, ["talon:0", "talon:1"]) == "talon:0"
    assert _ask_view(v, ["talon:0", "talon:1"], TarockRuleBot(talon_king_bonus=0)) == "talon:1"


def test_rule_bot_passes_the_vorhand_on_with_four_kings_and_few_tarock():
    v = {"phase": "bidding", "hand": "T3 T8 T12 T14 T15 HK KK PK XK H4 H3 K4".split()}
    assert _ask_view(v, ["vorhand", "weitergeben", "bid:dreier"]) == "weitergeben"
    v["hand"] = "T3 T8 T12 T14 T15 T16 T17 HK KK PK XK H4".split()
    assert _ask_view(v, ["vorhand", "weitergeben", "bid:dreier"]) != "weitergeben"


def test_search_player_plays_its_playouts_with_the_rule_player():
    """With random playouts the Tarock search overbids (docs/bots.md, arena): the game makes the rule
    player's playouts its search default (``search_defaults["playout"]``); an explicit choice still wins."""
    from stammtisch.bots.search import SearchBot
    from stammtisch.games.tarock import GAME as TAROCK_GAME

    assert TAROCK_GAME.search_defaults["playout"] == "rule"
    assert SearchBot(TAROCK_GAME, iterations=4, time_limit=None).playout == "rule"
    assert SearchBot(TAROCK_GAME, iterations=4, time_limit=None, playout="random").playout == "random"
