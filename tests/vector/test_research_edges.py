"""The research interface's conventions: a finished deal observes all zeros in every
game, the Gymnasium face reports ``final_obs`` as Gymnasium's SAME_STEP mode asks, and ``warm_up``
compiles a batched game ahead of its first use."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.vector import COMPILED_GAMES, make, warm_up  # noqa: E402


def _finish(env):  # type: ignore[no-untyped-def]
    env.autoreset = False
    b = env.reset(3)
    while (b.seat >= 0).any():
        a = env.sample_actions().copy()
        a[b.seat < 0] = -1
        b = env.step(a)
    return b


@pytest.mark.parametrize("game", COMPILED_GAMES)
def test_a_finished_deal_observes_all_zeros_for_every_seat_in_every_game(game: str) -> None:
    env = make(game, 3)
    b = _finish(env)
    assert not b.obs.any()
    for seat in range(env.num_seats):
        assert not env.observe(np.full(3, seat, np.int64)).any(), seat
    b = env.reset(3)  # a running deal observes something for every seat (the hand at least)
    for seat in range(env.num_seats):
        got = env.observe(np.full(3, seat, np.int64))
        dealer_out = game == "tarock" and env.num_seats == 5
        assert dealer_out or got.any(axis=1).all(), seat


def test_the_aec_face_observes_zeros_once_the_deal_is_over() -> None:
    pytest.importorskip("pettingzoo")
    from stammtisch.vector.interfaces import AECEnv

    e = AECEnv("jass")
    e.reset(seed=2)
    for _agent in e.agent_iter():
        obs, _r, term, trunc, _i = e.last()
        if term or trunc:
            assert not obs["observation"].any() and not obs["action_mask"].any()
            e.step(None)
        else:
            e.step(int(np.flatnonzero(obs["action_mask"])[0]))


def test_the_gymnasium_face_reports_final_obs_of_the_finished_deals() -> None:
    pytest.importorskip("gymnasium")
    from stammtisch.vector.interfaces import GymVectorEnv

    env = GymVectorEnv("jass", 4)
    env.reset(seed=1)
    seen = 0
    for _ in range(200):
        obs, rew, term, trunc, infos = env.step(env.sample_actions())
        if term.any():
            assert (infos["_final_obs"] == term).all()
            for g in range(4):
                f = infos["final_obs"][g]
                if term[g]:
                    assert f["observation"].shape == (env.env.obs_size,) and not f["observation"].any()
                    assert f["action_mask"].dtype == np.int8 and not f["action_mask"].any()
                    assert obs["action_mask"][g].any()  # same step: obs is already the next deal's
                    seen += 1
                else:
                    assert f is None
        else:
            assert "final_obs" not in infos
    assert seen >= 4


def test_warm_up_compiles_a_game_and_reports_its_cpu_seconds() -> None:
    spent = warm_up(["jass"])
    assert set(spent) == {"jass"} and spent["jass"] >= 0
    with pytest.raises(ValueError, match="no batched environment for 'skat'"):
        warm_up(["skat"])
