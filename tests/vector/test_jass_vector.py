"""Batched Schieber Jass against the engine: every step of random batched deals replayed through
``JassDeal`` (legal sets, seat to move, observation from the engine's view, settlement, rewards),
hidden information. Records, seeding, bad input, waiting rows and the Gymnasium/PettingZoo faces are
checked for every game in ``test_all_games.py``.

``STAMMTISCH_VECTOR_GAMES=10000`` plays that many deals per profile (default: a few dozen).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.games.jass import GAME  # noqa: E402
from stammtisch.vector import make  # noqa: E402

GAMES = int(os.environ.get("STAMMTISCH_VECTOR_GAMES", "24"))
#: what a batched Jass deal never offers (docs/bots.md: single Weis items §29, Rest §17, Bedanken §2)
NEVER = ("rest", "bedanken")


def run_differential(profile: str, games: int, batch: int, seed: int,
                     options: dict[str, object] | None = None) -> dict[str, int]:
    env = make("jass", batch, profile, options)
    b = env.reset(seed)
    states = [env.engine_deal(g) for g in range(batch)]
    finished, steps, said = 0, 0, {"stöck": 0, "schieben": 0, "weis": 0}
    names = env.space.actions
    while finished < games:
        for g in range(batch):
            st = states[g]
            seat = int(b.seat[g])
            assert st.to_act() == (seat,)
            legal = set(st.legal_action_ids(seat))
            got = set(np.flatnonzero(b.mask[g]).tolist())
            assert got == {i for i in legal if env.supported[i]}, (g, sorted(got), sorted(legal))
            assert all(names[i].startswith("weis:") or names[i] in NEVER for i in legal - got)
            assert env.legal_ids[g, :env.num_legal[g]].tolist() == sorted(got)
            assert np.array_equal(b.obs[g], env.observation_from_view(st.view(seat))), g
        acts = env.sample_actions().copy()
        seats = b.seat.copy()
        b = env.step(acts)
        steps += batch
        for g in range(batch):
            a = names[acts[g]]
            if a in said:
                said[a] += 1
            states[g].apply(int(seats[g]), a)  # the validated notation path
            assert states[g].is_over() == bool(b.done[g])
            if b.done[g]:
                res = states[g].result()
                assert list(res.points) == b.points[g].tolist()
                for s in range(4):
                    assert reward(GAME, env.options, res, s) == pytest.approx(float(b.reward[g, s]))
                finished += 1
                states[g] = env.engine_deal(g)
            else:
                assert not b.reward[g].any()
    return {"steps": steps, **said}


@pytest.mark.parametrize(("profile", "options"), [("standard", None), ("varianten", None), ("software", None),
                                                  ("varianten", {"stoeck_drei_mal_drei": False, "weis": False})])
def test_batched_deals_replay_through_the_engine(profile: str, options: dict[str, object] | None) -> None:
    """Same seat, same legal set (less the documented words), same observation as built from the
    engine's view of that seat (so it holds nothing else), same settlement, at every step."""
    said = run_differential(profile, GAMES, 8, seed=len(profile) + len(options or ()), options=options)
    if profile == "standard" and GAMES >= 24:  # the words of a whole deal were exercised (fixed seed)
        assert said["schieben"] > 0 and said["stöck"] > 0 and said["weis"] > 0


def test_obs_is_the_view_of_the_seat_to_move_and_hides_other_hands() -> None:
    """The observation of any seat is built from that seat's view alone; other hands never appear."""
    env = make("jass", 4)
    env.reset(5)
    for _ in range(20):
        env.step(env.sample_actions())
    for seat in range(4):
        obs = env.observe(np.full(4, seat))
        for g in range(4):
            st = env.S[g]
            hand = int(st[seat])
            lo, n = env.layout["hand"]
            assert {i for i in range(n) if obs[g, lo + i]} == {c for c in range(36) if hand >> c & 1}
            others = 0
            for s in range(4):
                if s != seat:
                    others |= int(st[s])
            # no card another seat still holds appears anywhere in the card fields
            for field in ("hand", "played", "trick"):
                lo, n = env.layout[field]
                for i in range(n):  # card blocks of 40 bytes: 36 cards, 4 always 0
                    if obs[g, lo + i]:
                        assert i % 40 < 36 and not others >> (i % 40) & 1
