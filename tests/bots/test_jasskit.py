"""jass-kit (test-only reference, GPL-3.0) against our Jass engine and bots."""

from __future__ import annotations

import random

import pytest

from stammtisch.core import registry
from stammtisch.core.cards import JASS
from stammtisch.core.errors import OptionError

pytest.importorskip("jass")
try:
    GAME = registry.get("jass")
except (OptionError, ImportError):  # pragma: no cover
    pytest.skip("the Jass engine is not available", allow_module_level=True)

from jass.agents.agent_random_schieber import AgentRandomSchieber  # noqa: E402

from stammtisch.bots.random import RandomBot  # noqa: E402
from stammtisch.core.driver import play_out  # noqa: E402
from stammtisch.core.protocol import Turn  # noqa: E402

from .jasskit_adapter import JassKitBot, KitModes, from_kit, kit_valid_cards, to_kit  # noqa: E402


def test_card_mapping_round_trips():
    assert all(from_kit(to_kit(c)) == c for c in range(36))
    assert to_kit(JASS.parse("SA")) == 0 and to_kit(JASS.parse("EU")) == 30  # Diamonds Ass, Clubs Jack


def test_jasskit_valid_cards_agree_with_our_legal_cards():
    """In the modes jass-kit knows (trump suits, Obenabe, Undenufe) both rule sets give the
    same legal cards at every step of 300 random deals (Papagei-Jass §22, §26, §27), with one
    known difference: when two trumps already lie on a non-trump lead, jass-kit forbids only
    trumps below the *lowest* of them, our engine (§27, Untertrumpfen) those below the
    *highest* (the one that wins the trick). There our set is a subset of jass-kit's."""
    rng = random.Random(4)
    modes = ["trump:E", "trump:S", "trump:L", "trump:R", "trump:obenabe", "trump:undenufe"]
    steps = differ = 0
    for i in range(300):
        m = GAME.new_match("software", seed=i, max_deals=1)
        d = m.deal_state
        m.apply(d.to_act()[0], rng.choice(modes))
        while not d.is_over():
            seat = d.to_act()[0]
            ours = sorted(a for a in d.legal_actions(seat) if a in JASS.notation)
            kit = kit_valid_cards(d.view(seat), seat)
            trick = [JASS.parse(c) for _, c in d.view(seat)["trick"]]
            trumps_in_trick = sum(1 for c in trick if d.mode.trump is not None and c // 9 == d.mode.trump)
            if trumps_in_trick >= 2 and trick[0] // 9 != d.mode.trump:
                assert set(ours) <= set(kit), (i, d.view(seat))
                differ += set(ours) != set(kit)
            else:
                assert kit == ours, (i, d.view(seat))
            m.apply(seat, ours[rng.randrange(len(ours))])
            steps += 1
    assert steps == 300 * 36
    assert 0 < differ < steps // 100  # the one difference occurs, and rarely


def test_jasskit_random_agent_plays_whole_deals_in_our_engine():
    kit = JassKitBot(AgentRandomSchieber())
    for seed in range(5):
        m = GAME.new_match("software", seed=seed, max_deals=1)
        ours = KitModes(RandomBot())  # only the modes jass-kit knows
        play_out(m, [kit, ours, kit, ours], random.Random(seed))
        assert m.is_over()
    # the random agent only ever proposes a refused card in the two-trumps case above
    assert kit.refused <= 1


def test_turn_view_of_a_match_is_understood():
    m = GAME.new_match("software", seed=1, max_deals=1)
    seat = m.to_act()[0]
    a = JassKitBot(AgentRandomSchieber()).choose(Turn(seat, m.legal_actions(seat), lambda: m.view(seat)),
                                                 random.Random(1))
    assert a in m.legal_actions(seat)
