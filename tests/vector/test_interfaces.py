"""The Gymnasium vector and PettingZoo AEC faces of the batched environments."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from stammtisch.vector.interfaces import AECEnv, GymVectorEnv  # noqa: E402


def test_gym_vector_env_follows_the_conventions() -> None:
    env = GymVectorEnv("jass", num_envs=6)
    obs, info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    assert obs["observation"].shape == (6, env.env.obs_size) and info["seat"].shape == (6,)
    total = np.zeros(4)
    ended = 0
    for _ in range(120):
        acts = env.sample_actions()
        assert env.action_space.contains(acts)
        assert obs["action_mask"][np.arange(6), acts].all()
        obs, rew, term, trunc, info = env.step(acts)
        assert env.observation_space.contains(obs)
        assert rew.dtype == np.float32 and term.shape == trunc.shape == (6,) and not trunc.any()
        assert not rew[~term].any()
        for g in np.flatnonzero(term):
            assert info["_rewards"][g] and rew[g] == info["rewards"][g, info["acted"][g]]
            assert info["rewards"][g].sum() == 0
            total += info["rewards"][g]
            ended += 1
    assert ended >= 6
    again = GymVectorEnv("jass", num_envs=6)
    o2, _ = again.reset(seed=[3, 4, 5, 6, 7, 8])
    assert np.array_equal(o2["observation"], GymVectorEnv("jass", 6).reset(seed=3)[0]["observation"])
    env.close()


def test_aec_plays_whole_deals_with_team_rewards() -> None:
    e = AECEnv("jass")
    for seed in range(3):
        e.reset(seed=seed)
        n = 0
        r = {}
        for agent in e.agent_iter():
            obs, rew, term, trunc, info = e.last()
            if term or trunc:
                r[agent] = rew
                e.step(None)
                continue
            n += 1
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))
        assert n >= 37
        assert r["seat_0"] == r["seat_2"] == -r["seat_1"] == -r["seat_3"]
