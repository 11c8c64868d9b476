"""Batched Perlaggen against the engine: every step of random batched deals replayed through
``PerlaggenDeal`` (seat to move, legal sets, observation from the engine's view, settlement,
rewards), hidden information, the fallback for options without a compiled deal. Records, seeding, bad
input, waiting rows and the Gymnasium/PettingZoo faces are checked for every game in ``test_all_games.py``.

``STAMMTISCH_VECTOR_GAMES=10000`` plays that many deals per case (default: a few dozen).
"""

from __future__ import annotations

import os

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.games.perlaggen import GAME  # noqa: E402
from stammtisch.vector import make  # noqa: E402

GAMES = int(os.environ.get("STAMMTISCH_VECTOR_GAMES", "24"))
#: what a batched Perlaggen deal never offers (docs/bots.md): unseen bids (§32), signals and laying open (§9)
NEVER = ("ungesehen:", "zeichen:", "aufdecken")


def differing(env: object, got: np.ndarray, want: np.ndarray) -> list[str]:
    """The observation fields where ``got`` and ``want`` differ (for the failure message)."""
    return [f"{name}: {got[at:at + n].tolist()} != {want[at:at + n].tolist()}"
            for name, (at, n) in env.layout.items() if not np.array_equal(got[at:at + n], want[at:at + n])]  # type: ignore[attr-defined]


def run_differential(profile: str, games: int, batch: int, seed: int,
                     options: dict[str, object] | None = None, bias: bool = True) -> dict[str, int]:
    """Random batched deals checked step by step against the engine. With ``bias`` the random player
    says a word (a bid, an answer, a figure) more often than a card, so that the words of a whole
    deal come up in a small run."""
    env = make("perlaggen", batch, profile, options)
    assert env.compiled
    b = env.reset(seed)
    states = [env.engine_deal(g) for g in range(batch)]
    finished, steps = 0, 0
    said: dict[str, int] = {}
    names = env.space.actions
    rng = np.random.default_rng(seed)
    is_card = np.asarray([env.act_kind[i] == 7 for i in range(env.num_actions)])
    while finished < games:
        for g in range(batch):
            st = states[g]
            seat = int(b.seat[g])
            assert st.to_act() == (seat,), (g, st.phase, st.to_act(), seat)
            legal = set(st.legal_action_ids(seat))
            got = set(np.flatnonzero(b.mask[g]).tolist())
            assert got == {i for i in legal if env.supported[i]}, (g, st.phase, sorted(got), sorted(legal))
            assert all(names[i].startswith(NEVER) for i in legal - got), sorted(names[i] for i in legal - got)
            assert env.legal_ids[g, :env.num_legal[g]].tolist() == sorted(got)
            want = env.observation_from_view(st.view(seat))
            assert np.array_equal(b.obs[g], want), (g, st.phase, differing(env, b.obs[g], want))
        acts = env.sample_actions().copy()
        if bias:
            for g in range(batch):
                ids = env.legal_ids[g, :env.num_legal[g]]
                words = ids[~is_card[ids]]
                if len(words) and len(words) < len(ids) and rng.random() < 0.3:
                    acts[g] = words[rng.integers(len(words))]
        seats = b.seat.copy()
        b = env.step(acts)
        steps += batch
        for g in range(batch):
            a = names[acts[g]]
            if not is_card[acts[g]]:
                said[a.split(":")[0]] = said.get(a.split(":")[0], 0) + 1
            states[g].apply(int(seats[g]), a)  # the validated notation path
            assert states[g].is_over() == bool(b.done[g]), (g, states[g].phase)
            if b.done[g]:
                res = states[g].result()
                assert list(res.points) == b.points[g].tolist(), (g, res.points, b.points[g], res.lines)
                for s in range(4):
                    assert reward(GAME, env.options, res, s) == pytest.approx(float(b.reward[g, s]))
                finished += 1
                states[g] = env.engine_deal(g)
            else:
                assert not b.reward[g].any()
    return {"steps": steps, **said}


@pytest.mark.parametrize(("profile", "options"), [
    ("innsbruck", None),
    ("innsbruck", {"unseen_bidding": False, "taufe_binds_figures": False, "eichel_ober_high": True}),
    ("innsbruck", {"target": 5, "unbid_points": 2, "dritzig_at_17": False}),
])
def test_batched_deals_replay_through_the_engine(profile: str, options: dict[str, object] | None) -> None:
    """Same seat, same legal set (less the documented words), same observation as built from the
    engine's view of that seat (so it holds nothing else), same settlement, at every step."""
    said = run_differential(profile, GAMES, 8, seed=7 + len(options or ()), options=options)
    if options is None and GAMES >= 24:  # the words of a whole deal were exercised (fixed seed)
        for w in ("abheben", "bieten", "halten", "gut", "steigern", "partner_fragen", "weisen"):
            assert said.get(w, 0) > 0, (w, said)


def test_uniform_random_deals_replay_through_the_engine() -> None:
    """Uniformly random actions (no bias towards the rare words) replay through the engine; the
    games did happen: cuts, looks and cards were said."""
    said = run_differential("innsbruck", max(8, GAMES // 3), 4, seed=3, bias=False)
    assert said.get("abheben", 0) > 0 and sum(said.values()) > 8 * max(8, GAMES // 3), said


def test_obs_hides_other_hands() -> None:
    """No card another seat still holds appears in the card fields of any seat's observation."""
    env = make("perlaggen", 4)
    env.reset(5)
    for _ in range(30):
        env.step(env.sample_actions())
    from stammtisch.vector import _perlaggen_nb as nb

    for seat in range(4):
        obs = env.observe(np.full(4, seat))
        for g in range(4):
            others = 0
            for s in range(4):
                if s != seat:
                    others |= int(env.S[g, nb.P_HANDS + s])
            lo, _n = env.layout["cards"]
            mine = int(env.S[g, nb.P_HANDS + seat]) if env.S[g, nb.F_LOOKED + seat] else 0
            for c in range(33):
                if others >> c & 1:  # another seat's card: unseen, or known to all (kept, §4; taken, §7)
                    assert obs[g, lo + c] in (nb.C_UNSEEN, nb.C_HELD), (c, obs[g, lo + c])
                else:
                    assert (obs[g, lo + c] == nb.C_HAND) == bool(mine >> c & 1)


def test_options_without_a_compiled_deal_fall_back_to_the_engine() -> None:
    assert not make("perlaggen", 1, "live").compiled
    assert not make("perlaggen", 1, options={"target": 1}).compiled
    assert not make("perlaggen", 1, engine=True).compiled
    assert make("perlaggen", 1).compiled
