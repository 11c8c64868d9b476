"""Batched Königrufen Tarock against the engine: every step of random batched deals replayed through
``TarockDeal`` (seat to move, legal sets, observation from the engine's view, settlement, rewards),
hidden information, Schleifen. Records, seeding, bad input, waiting rows and the Gymnasium/PettingZoo
faces are checked for every game in ``test_all_games.py``.

``STAMMTISCH_VECTOR_GAMES=10000`` plays that many deals per profile (default: a few dozen).
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.games.tarock import GAME  # noqa: E402
from stammtisch.vector import COMPILED_GAMES, make  # noqa: E402
from stammtisch.vector.records import Recorder  # noqa: E402

GAMES = int(os.environ.get("STAMMTISCH_VECTOR_GAMES", "24"))
#: what a batched Tarock deal never offers (docs/bots.md): the club option's "weitergeben"
NEVER = ("weitergeben",)


def run_differential(profile: str, games: int, batch: int, seed: int,
                     options: dict[str, object] | None = None) -> Counter[str]:
    env = make("tarock", batch, profile, options)
    b = env.reset(seed)
    states = [env.engine_deal(g) for g in range(batch)]
    finished = 0
    said: Counter[str] = Counter()
    names = env.space.actions
    ix = env.space.index
    prefer = [(ix["pass"], 0.8), (ix["vorhand"], 0.6), (ix["bid:rufer"], 0.4), (ix["bid:trischaken"], 0.3)]
    rng = np.random.default_rng(seed)
    while finished < games:
        for g in range(batch):
            st = states[g]
            seat = int(b.seat[g])
            assert st.to_act() == (seat,), (g, st.to_act(), seat, st.phase)
            legal = set(st.legal_action_ids(seat))
            got = set(np.flatnonzero(b.mask[g]).tolist())
            assert got == {i for i in legal if env.supported[i]}, (g, st.phase, sorted(names[i] for i in got ^ legal))
            assert all(names[i] in NEVER for i in legal - got)
            assert env.legal_ids[g, :env.num_legal[g]].tolist() == sorted(got)
            want = env.observation_from_view(st.view(seat))
            if not np.array_equal(b.obs[g], want):
                diff = [k for k, (at, n) in env.layout.items() if not np.array_equal(b.obs[g, at:at + n], want[at:at + n])]
                raise AssertionError(f"row {g} phase {st.phase}: observation fields differ: {diff}")
        acts = env.sample_actions().copy()
        for g in range(batch):  # pass often, so that the talon games come up too, not only the top bids
            for a, p in prefer:
                if b.mask[g, a] and rng.random() < p:
                    acts[g] = a
                    break
        seats = b.seat.copy()
        b = env.step(acts)
        for g in range(batch):
            a = names[acts[g]]
            said[a.split(":")[0] if ":" in a and not a.startswith(("bid:", "kontra", "rekontra", "subkontra")) else a] += 1
            states[g].apply(int(seats[g]), a)  # the validated notation path
            assert states[g].is_over() == bool(b.done[g]), (g, states[g].phase)
            if b.done[g]:
                res = states[g].result()
                assert list(res.points) == b.points[g].tolist(), (g, res.summary["contract"], res.points, b.points[g])
                for s in range(env.num_seats):
                    assert reward(GAME, env.options, res, s) == pytest.approx(float(b.reward[g, s]))
                said["contract:" + str(res.summary["contract"])] += 1
                finished += 1
                states[g] = env.engine_deal(g)
            else:
                assert not b.reward[g].any()
    return said


@pytest.mark.parametrize(("profile", "options"), [("oesterreich-finale", None), ("tiroler-cup", None),
                                                  ("oesterreich-finale", {"players": 5}),
                                                  ("tiroler-cup", {"players": 5, "kontra_counts_for_points": True,
                                                                   "kaiserstich_order": True})])
def test_batched_deals_replay_through_the_engine(profile: str, options: dict[str, object] | None) -> None:
    """Same seat, same legal set, same observation as built from the engine's view of that seat
    (so it holds nothing else), same settlement and rewards, at every step."""
    said = run_differential(profile, GAMES, 8, seed=len(profile) + len(options or ()), options=options)
    if profile == "oesterreich-finale" and options is None and GAMES >= 24:  # the words of a whole deal were exercised (fixed seed)
        for word in ("vorhand", "pass", "hold", "bird", "call", "talon", "discard", "gut", "announce", "kontra:game",
                     "contract:rufer", "contract:trischaken"):
            assert said[word] > 0, (word, said)


def test_compiled_and_dispatched() -> None:
    assert "tarock" in COMPILED_GAMES
    env = make("tarock", 2)
    assert env.compiled and env.obs_size % 8 == 0
    assert not make("tarock", 2, engine=True).compiled


def test_obs_of_any_seat_is_its_view() -> None:
    """``observe`` of every seat (not only the one to move) equals the observation built from that
    seat's engine view: no other hand, no talon before it is shown, no hidden discard."""
    env = make("tarock", 6, options={"players": 5})
    b = env.reset(7)
    states = [env.engine_deal(g) for g in range(6)]
    names = env.space.actions
    for _ in range(90):
        for seat in range(5):
            obs = env.observe(np.full(6, seat))
            for g in range(6):
                want = env.observation_from_view(states[g].view(seat))
                assert np.array_equal(obs[g], want), (g, seat, states[g].phase)
        acts = env.sample_actions().copy()
        seats = b.seat.copy()
        b = env.step(acts)
        for g in range(6):
            states[g].apply(int(seats[g]), names[acts[g]])
            if b.done[g]:
                states[g] = env.engine_deal(g)


def test_schleifen_settles_as_the_engine() -> None:
    """Österreich-Finale 4): the called king in the talon, the declarer gives up (``schleifen``) and
    loses the game to each opponent. Players steered to Rufer with a king of the talon called; every
    such deal is replayed and settled by the engine (``Recorder``)."""
    from stammtisch.vector import _tarock_nb as nb

    env = make("tarock", 32)
    ix = env.space.index
    rec = Recorder(env)
    b = rec.reset(5)
    first = [ix["vorhand"], ix["pass"], ix["bid:rufer"], ix["schleifen"]]
    calls = [ix[f"call:{k}"] for k in ("HK", "KK", "PK", "XK")]
    for _ in range(12):
        acts = env.sample_actions().copy()
        for g in range(env.num_envs):
            talon = int(env.S[g, nb.F_HALF]) | int(env.S[g, nb.F_HALF + 1])
            pick = [a for a in first if b.mask[g, a]]
            pick += [a for i, a in enumerate(calls) if b.mask[g, a] and talon >> (8 * i + 7) & 1]
            if pick:
                acts[g] = pick[0]
        b = rec.step(acts)
    ended = [r for r in rec.records if any(a[1] == "schleifen" for a in r["deals"][0]["actions"])]
    assert len(ended) >= 2
    for r in ended:
        pts = r["deals"][0]["result"]["points"]
        assert sum(pts) == 0 and min(pts) == -3 * max(pts)  # the declarer pays the game to each of three
