"""The PettingZoo AEC environments: PettingZoo's own API test and masked random play."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from stammtisch.rl.openspiel_games import available_games, supports_hooks  # noqa: E402
from stammtisch.rl.pettingzoo_env import env  # noqa: E402

TOY = "tests.bots.toygame"


def names() -> list[str]:
    from stammtisch.core import registry

    return [TOY] + [n for n in available_games() if supports_hooks(registry.get(n))]


@pytest.mark.parametrize("name", names())
def test_pettingzoo_api(name):
    api_test(env(name), num_cycles=200)


@pytest.mark.parametrize("name", names())
def test_masked_random_play_reaches_the_end(name):
    e = env(name)
    rng = np.random.default_rng(3)
    for seed in range(3):
        e.reset(seed=seed)
        total = {a: 0.0 for a in e.possible_agents}
        steps = 0
        for agent in e.agent_iter():
            obs, rew, term, trunc, _ = e.last()
            total[agent] += rew
            if term or trunc:
                e.step(None)
                continue
            mask = obs["action_mask"]
            assert mask.sum() >= 1
            e.step(int(rng.choice(np.flatnonzero(mask))))
            steps += 1
        assert steps > 0
        assert abs(sum(total.values())) < 1e-6


def test_masks_are_zero_for_seats_not_to_act():
    e = env(TOY)
    e.reset(seed=1)
    for a in e.possible_agents:
        m = e.observe(a)["action_mask"]
        assert (m.sum() > 0) == (a == e.agent_selection)


def test_an_illegal_action_is_refused_with_the_rule():
    from stammtisch.core.errors import IllegalAction

    e = env(TOY)
    e.reset(seed=1)
    mask = e.observe(e.agent_selection)["action_mask"]
    bad = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(IllegalAction):
        e.step(bad)
