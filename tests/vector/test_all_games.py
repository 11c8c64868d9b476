"""What every compiled batched game owes (Jass, Doppelkopf, Tarock, Perlaggen), one test per duty,
parametrized over the games: records of batched deals replay through the engine, the seed alone
decides the deals whatever the batch size, bad input is refused with nothing changed, a finished row
waits without auto-reset, and the Gymnasium vector and PettingZoo AEC faces run (PettingZoo's own
``api_test`` included) with zero-sum rewards at the end of a deal.

Each game's own scenarios (the step-by-step replay through its engine, hidden information, its
words and contracts) stay in ``test_<game>_vector.py``. The sizes here are small and fixed (CI);
``STAMMTISCH_VECTOR_GAMES`` sizes the differential runs of those files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.core.errors import IllegalAction  # noqa: E402
from stammtisch.core.records import replay  # noqa: E402
from stammtisch.vector import COMPILED_GAMES, make  # noqa: E402
from stammtisch.vector.records import Recorder  # noqa: E402


@dataclass(frozen=True)
class Case:
    """One game's sizes for the shared tests (steps enough for a few whole deals of it)."""

    game: str
    records_profile: str | None  #: the profile whose records are replayed (None: the default)
    records: int  #: how many records
    seed_steps: int  #: steps of the same-seed comparison
    wait_steps: int  #: at most this many steps until every row has finished (no auto-reset)
    face_steps: int  #: steps of the Gymnasium face
    aec_cycles: int  #: ``api_test``'s cycles
    aec_options: dict[str, Any] | None = None
    points_zero_sum: bool = False  #: the settlement's points themselves sum to zero (not only the rewards)


CASES = [
    Case("jass", "varianten", 6, 80, 120, 120, 200),
    Case("doppelkopf", None, 6, 120, 200, 150, 120, points_zero_sum=True),
    Case("tarock", "tiroler-cup", 5, 150, 400, 300, 300, aec_options={"players": 5}),
    Case("perlaggen", None, 4, 80, 400, 150, 100),
]
ALL = pytest.mark.parametrize("case", CASES, ids=[c.game for c in CASES])


def test_every_compiled_game_is_covered() -> None:
    assert sorted(c.game for c in CASES) == sorted(COMPILED_GAMES)


def state_of(env: Any) -> list[np.ndarray]:
    """Copies of the batched state arrays (``S``, and Tarock's players' table ``P``)."""
    return [np.copy(getattr(env, name)) for name in ("S", "P", "R") if hasattr(env, name)]


@ALL
def test_records_of_batched_deals_replay(case: Case) -> None:
    """A record written from a batched deal replays through the engine to the same points."""
    env = make(case.game, 4, case.records_profile)
    assert env.compiled
    rec = Recorder(env, keep=case.records)
    rec.reset(21)
    while len(rec.records) < case.records:
        rec.step(env.sample_actions())
    for r in rec.records:
        m = replay(r)
        assert m.over and r["deals"][0]["result"]["points"] == list(m.logs[0].result.points)


@ALL
def test_same_seed_same_games_whatever_the_batch_size(case: Case) -> None:
    """The seed alone decides the deals (also with the actions handed over as a strided view: the
    step makes them contiguous); another seed deals otherwise."""
    a, b = make(case.game, 3), make(case.game, 5)
    ra, rb = a.reset(11), b.reset(11)
    for _ in range(case.seed_steps):
        assert np.array_equal(ra.obs, rb.obs[:3]) and np.array_equal(ra.mask, rb.mask[:3])
        strided = np.repeat(a.sample_actions(), 2)[::2]
        assert not strided.flags.c_contiguous
        ra, rb = a.step(strided), b.step(b.sample_actions())
        assert np.array_equal(ra.reward, rb.reward[:3])
    c, d = make(case.game, 3), make(case.game, 3)
    c.reset(12)
    d.reset(11)
    assert not np.array_equal(c.S, d.S)


@ALL
def test_bad_input_is_refused_and_changes_nothing(case: Case) -> None:
    """A step before ``reset``, an action outside the row's legal mask (or outside the action ids),
    the wrong shape or non-integer actions: ``IllegalAction`` naming what was wrong, no row changed."""
    env = make(case.game, 2)
    with pytest.raises(IllegalAction, match="reset"):
        env.step([0, 0])
    b = env.reset(3)
    before = state_of(env)
    bad = np.flatnonzero(~b.mask[1])[0]
    good = np.flatnonzero(b.mask[0])[0]
    with pytest.raises(IllegalAction, match="game 1"):
        env.step([good, bad])
    with pytest.raises(IllegalAction, match="shape"):
        env.step([good])
    with pytest.raises(IllegalAction):
        env.step([1.5, 2.0])
    with pytest.raises(IllegalAction, match="game 0"):
        env.step([-1, good])
    with pytest.raises(IllegalAction, match="game 0"):
        env.step([env.num_actions, good])
    assert all(np.array_equal(x, y) for x, y in zip(state_of(env), before, strict=True))


def test_make_refuses_what_it_cannot_build() -> None:
    with pytest.raises(ValueError):
        make("jass", 0)
    with pytest.raises(ValueError):
        make("skat", 1)


@ALL
def test_without_autoreset_a_finished_row_waits(case: Case) -> None:
    """Without auto-reset a finished row has no seat, no legal action, an empty observation and no
    reward, and its action (``-1``) is ignored, until ``reset``."""
    env = make(case.game, 3)
    env.autoreset = False
    b = env.reset(4)
    ended = np.zeros(3, bool)
    for _ in range(case.wait_steps):
        acts = env.sample_actions().copy()  # -1 for a finished row: ignored
        waiting = b.seat < 0
        b = env.step(acts)
        assert not (b.done & waiting).any() and not b.reward[waiting].any()
        ended |= b.done
        if (b.seat < 0).all():
            break
    assert ended.all() and (b.seat < 0).all() and not b.mask.any() and not b.obs.any()
    b = env.reset(4)
    assert (b.seat >= 0).all()


@ALL
def test_gymnasium_and_pettingzoo_faces(case: Case) -> None:
    """The Gymnasium vector face runs the compiled game (legal sampled actions, observations in the
    space, no reward before a deal ends, the acting seat's share of the settlement at its end,
    zero-sum); PettingZoo's ``api_test`` passes on the AEC face."""
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from stammtisch.vector.interfaces import AECEnv, GymVectorEnv

    env = GymVectorEnv(case.game, num_envs=4)
    assert env.env.compiled
    obs, _info = env.reset(seed=3)
    assert env.observation_space.contains(obs)
    ended = 0
    for _ in range(case.face_steps):
        acts = env.sample_actions()
        assert obs["action_mask"][np.arange(4), acts].all()
        obs, rew, term, _trunc, info = env.step(acts)
        assert env.observation_space.contains(obs)
        assert not rew[~term].any()
        for g in np.flatnonzero(term):
            assert rew[g] == info["rewards"][g, info["acted"][g]]
            assert info["rewards"][g].sum() == pytest.approx(0, abs=1e-3)  # float32 (Tarock: thirds of points)
            if case.points_zero_sum:
                assert info["points"][g].sum() == 0
            ended += 1
    assert ended >= 4
    env.close()
    api_test(AECEnv(case.game, options=case.aec_options), num_cycles=case.aec_cycles)
