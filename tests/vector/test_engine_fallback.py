"""The engine fallback behind the batched API (Doppelkopf, Tarock, Perlaggen; Jass with engine=True)."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.core.records import replay  # noqa: E402
from stammtisch.vector import make  # noqa: E402
from stammtisch.vector.records import Recorder  # noqa: E402


@pytest.mark.parametrize("game", ["doppelkopf", "tarock", "perlaggen", "jass"])
def test_fallback_rows_are_engine_deals_with_every_word(game: str) -> None:
    env = make(game, 3, engine=True)
    assert not env.compiled
    rec = Recorder(env, keep=3)
    b = rec.reset(9)
    states = [env.engine_deal(g) for g in range(3)]
    words = 0
    while len(rec.records) < 3:
        for g in range(3):
            seat = int(b.seat[g])
            assert states[g].to_act()[0] == seat
            assert sorted(states[g].legal_action_ids(seat)) == np.flatnonzero(b.mask[g]).tolist()
        acts = env.sample_actions().copy()
        seats = b.seat.copy()
        b = rec.step(acts)
        for g in range(3):
            a = env.space.actions[acts[g]]
            try:
                env.game.deck.parse(a)
            except Exception:
                words += 1
            states[g].apply(int(seats[g]), a)
            if b.done[g]:
                res = states[g].result()
                assert list(res.points) == b.points[g].tolist()
                assert b.reward[g].tolist() == pytest.approx([reward(env.game, env.options, res, s) for s in range(env.num_seats)])
                states[g] = env.engine_deal(g)
    assert words > 0  # bids, announcements, trump choice ... are in the batched deal
    for r in rec.records:
        replay(r)


def test_fallback_is_deterministic() -> None:
    a, b = make("tarock", 2), make("tarock", 2)
    ra, rb = a.reset(5), b.reset(5)
    for _ in range(100):
        assert np.array_equal(ra.obs, rb.obs) and np.array_equal(ra.mask, rb.mask)
        ra, rb = a.step(a.sample_actions()), b.step(b.sample_actions())
