"""pyschieber's challenge player (test-only reference, MIT) against our Jass engine and bots."""

from __future__ import annotations

import random

import pytest

from stammtisch.core import registry
from stammtisch.core.cards import JASS
from stammtisch.core.errors import OptionError

pytest.importorskip("pyschieber")
try:
    GAME = registry.get("jass")
except (OptionError, ImportError):  # pragma: no cover
    pytest.skip("the Jass engine is not available", allow_module_level=True)

from stammtisch.bots.random import RandomBot  # noqa: E402
from stammtisch.core.driver import play_out  # noqa: E402
from stammtisch.core.protocol import Turn  # noqa: E402

from .plain_modes import PlainModes  # noqa: E402
from .pyschieber_adapter import (  # noqa: E402
    OVERRIDES, PROFILE, ChallengeBot, from_card, replay, schieber_allowed_cards, to_card)

MODES = ["trump:E", "trump:S", "trump:L", "trump:R", "trump:obenabe", "trump:undenufe"]


def _match(seed: int):
    return GAME.new_match(PROFILE, OVERRIDES, seed=seed, max_deals=1)


def test_card_mapping_round_trips():
    assert all(from_card(to_card(c)) == c for c in range(36))
    assert str(to_card(JASS.parse("EU"))) == "<ACORN:Under>" and str(to_card(JASS.parse("R10"))) == "<ROSE:Banner>"


def test_pyschieber_allowed_cards_agree_with_our_legal_cards():
    """In pyschieber's modes both rule sets give the same legal cards at nearly every step of
    300 random deals (Papagei-Jass §15, §26, §27). The one difference (§27): holding only
    trumps on a plain lead, our engine lets a seat under-trump freely ("es sei denn, er habe
    nur noch Trumpf"), pyschieber forbids the under-trump when one of its trumps could beat
    the trick. There pyschieber's set is a subset of ours."""
    rng = random.Random(4)
    steps = differ = 0
    for i in range(300):
        m = _match(i)
        d = m.deal_state
        m.apply(d.to_act()[0], rng.choice(MODES))
        while not d.is_over():
            seat = d.to_act()[0]
            view = d.view(seat)
            ours = sorted(a for a in d.legal_actions(seat) if a in JASS.notation)
            theirs = schieber_allowed_cards(view)
            if theirs != ours:
                hand = JASS.parse_cards(view["hand"])
                trump = d.mode.trump
                assert trump is not None and all(c // 9 == trump for c in hand), (i, view)
                assert set(theirs) < set(ours), (i, view)
                differ += 1
            m.apply(seat, ours[rng.randrange(len(ours))])
            steps += 1
    assert steps == 300 * 36
    assert differ < steps // 100  # rare


def test_challenge_player_plays_whole_deals_in_our_engine():
    """Every action it proposes is legal in our engine (apply() refuses anything else), in
    every mode; it names trumps and pushes itself."""
    bot = ChallengeBot()
    for seed in range(12):
        m = _match(seed)
        ours = PlainModes(RandomBot())
        play_out(m, [bot, ours, bot, ours] if seed % 2 else [ours, bot, ours, bot], random.Random(seed))
        assert m.is_over()
    assert bot.refused == 0


def test_replay_gives_the_strategy_every_card_played():
    m = _match(3)
    d = m.deal_state
    rng = random.Random(3)
    m.apply(d.to_act()[0], "trump:R")
    for _ in range(13):
        seat = d.to_act()[0]
        m.apply(seat, rng.choice([a for a in d.legal_actions(seat) if a in JASS.notation]))
    seat = d.to_act()[0]
    strategy, player, stiche, cur = replay(d.view(seat), seat)
    counter = strategy.card_counter
    assert counter.played_count == 13 and len(stiche) == 3 and len(cur) == 1
    hand = JASS.parse_cards(d.view(seat)["hand"])
    assert sorted(str(c) for c in player.cards) == sorted(str(to_card(c)) for c in hand)
    assert sum(len(x) for x in counter.played_cards) == 13


def test_turn_view_of_a_match_is_understood():
    m = _match(1)
    seat = m.to_act()[0]
    a = ChallengeBot().choose(Turn(seat, m.legal_actions(seat), lambda: m.view(seat)), random.Random(1))
    assert a in m.legal_actions(seat)
