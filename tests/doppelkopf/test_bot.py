"""The rule-based player: serving the partner, catching foxes, Pflichtsolo timing, the questioning."""

import random

from stammtisch.core.cards import DOKO
from stammtisch.core.protocol import Turn
from stammtisch.games.doppelkopf.rules import SOLO_KINDS
from stammtisch.games.doppelkopf.bot import LUSTSOLO_SCORE, RuleBot, pflicht_threshold, solo_scores

from .helpers import all_gesund, hands_with, make_state, run

RE_1 = ["XD", "XB", "XB", "PB", "PB", "HB", "HB", "KB", "KB", "P9", "P9", "X9"]


def choose(st, seat):
    return RuleBot().choose(Turn(seat, st.legal_actions(seat), lambda: st.view(seat)), random.Random(0))


def card_choice(st, seat):
    """The bot's card (its announcement heuristics aside)."""
    from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS
    return RuleBot()._card(st.view(seat), [a for a in st.legal_actions(seat) if a not in ANNOUNCE_WORDS])


def first_card(st, seat):
    from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS
    return next(a for a in st.legal_actions(seat) if a not in ANNOUNCE_WORDS)


def test_serves_partner_whose_card_nothing_unseen_can_beat():
    """Partner (known by his ♣ Queen) leads ♣D; I hold both ♥10, so nothing can beat it: schmieren
    with the fattest card that is no top trump (here the Fuchs)."""
    mine = ["XD", "H10", "H10", "KA", "K10", "K9", "HA", "HA", "HK", "HK", "H9", "PA"]
    st = all_gesund(make_state(hands_with({1: RE_1, 3: mine}, seed=1)))
    run(st, [(1, "XD")])
    run(st, [(2, first_card(st, 2))])
    assert st.view(3)["parties"][1] == "re"
    assert card_choice(st, 3) == "KA"


def test_no_schmieren_when_an_unseen_card_can_beat_the_partner():
    """Same trick, but one ♥10 is still out behind me: the partner's ♣D is not safe, play cheap."""
    mine = ["XD", "H10", "KA", "K10", "K9", "HA", "HA", "HK", "HK", "H9", "PA", "PK"]
    st = all_gesund(make_state(hands_with({1: RE_1, 3: mine, 0: ["H10"]}, seed=2)))
    run(st, [(1, "XD")])
    run(st, [(2, first_card(st, 2))])
    assert card_choice(st, 3) == "K9"


def test_catches_the_fox_with_the_cheapest_card_that_cannot_be_overtaken():
    """An opponent's Fuchs (♦A) in the trick: win it with the lowest card nothing unseen beats —
    my ♣D, since I hold both ♥10 — instead of wasting a ♥10."""
    lead = ["KA", "K9", "K9", "XA", "XA", "X10", "X10", "XK", "XK", "PA", "PA", "P10"]
    mine = ["XD", "H10", "H10", "PD", "PD", "HD", "KB", "KB", "HA", "HK", "H9", "PK"]
    st = all_gesund(make_state(hands_with({1: lead, 3: mine}, seed=3)))
    run(st, [(1, "KA")])
    run(st, [(2, first_card(st, 2))])
    assert st.view(3)["trick"][1][1] not in ("H10", "XD", "PD")  # seat 2 did not beat the Fuchs with these
    assert card_choice(st, 3) == "XD"


def test_pflichtsolo_threshold_falls_as_the_round_runs_out():
    """2.: the rule bot plays its Pflichtsolo with a strong hand early, with a weaker one later, and
    with any hand in the last regular game (else it would be vorgeführt)."""
    values = [pflicht_threshold(n) for n in range(21)]
    assert values == sorted(values) and values[0] == values[1] == 0 and values[20] == LUSTSOLO_SCORE
    # a weak hand: no Vorbehalt early in the round, Pflichtsolo in the last regular game
    hand = ["X9", "X9", "P9", "P9", "H9", "H9", "XK", "PK", "HK", "KB", "HB", "K9"]
    weak = make_state(hands_with({1: hand}, seed=4), carry={"regular_left": 15})
    assert max(solo_scores(DOKO.parse_cards(hand), list(SOLO_KINDS)).values()) < 9
    assert choose(weak, 1) == "gesund"
    late = make_state(hands_with({1: hand}, seed=4), carry={"regular_left": 1})
    assert choose(late, 1) == "vorbehalt"
    late.apply(1, "vorbehalt")
    for s in (2, 3, 0):
        late.apply(s, "gesund")
    assert late.tier == "pflichtsolo" and choose(late, 1).startswith("solo:")


def test_bot_hochzeit_answers_nein_then_hochzeit():
    """2., 4.: with both ♣ Queens and no solo the bot says Vorbehalt, 'nein' to the solo tier, then
    'hochzeit'."""
    hand = ["XD", "XD", "X9", "P9", "P9", "H9", "H9", "XK", "PK", "HK", "KB", "K9"]
    st = make_state(hands_with({1: hand}, seed=5), carry={"regular_left": 20})
    assert choose(st, 1) == "vorbehalt"
    st.apply(1, "vorbehalt")
    for s in (2, 3, 0):
        st.apply(s, "gesund")
    assert choose(st, 1) == "nein"
    st.apply(1, "nein")
    assert choose(st, 1) == "hochzeit"
