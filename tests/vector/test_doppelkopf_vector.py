"""Batched Doppelkopf against the engine: every step of random batched games replayed through
``DoppelkopfDeal`` (seat to move, legal sets, observation rebuilt from the engine's view of that
seat, settlement, rewards), every contract, hidden information. Records, seeding, bad input, waiting
rows and the Gymnasium/PettingZoo faces are checked for every game in ``test_all_games.py``.

``STAMMTISCH_VECTOR_GAMES=10000`` plays that many games per profile (default: a few dozen).
"""

from __future__ import annotations

import os
from collections import Counter

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.games.doppelkopf import GAME  # noqa: E402
from stammtisch.vector import COMPILED_GAMES, make  # noqa: E402
from stammtisch.vector import _doppelkopf_nb as nb  # noqa: E402

GAMES = int(os.environ.get("STAMMTISCH_VECTOR_GAMES", "24"))


def run_differential(profile: str, games: int, batch: int, seed: int, options: dict[str, object] | None = None,
                     policy: str = "random") -> Counter[str]:
    """Play ``games`` batched games, each step checked against the engine; returns what was said
    and which contracts were played. ``policy`` ``words``: announcements whenever legal (to reach
    the Absagen: the lowest word open, a third of the time; mostly gesund), else uniformly random."""
    env = make("doppelkopf", batch, profile, options)
    assert env.compiled
    b = env.reset(seed)
    states = [env.engine_deal(g) for g in range(batch)]
    finished = 0
    seen: Counter[str] = Counter()
    names = env.space.actions
    rng = np.random.default_rng(seed)
    while finished < games:
        for g in range(batch):
            st = states[g]
            seat = int(b.seat[g])
            assert st.to_act() == (seat,)
            legal = sorted(st.legal_action_ids(seat))
            got = np.flatnonzero(b.mask[g]).tolist()
            assert got == legal, (g, [names[i] for i in got], [names[i] for i in legal])
            assert env.legal_ids[g, :env.num_legal[g]].tolist() == got
            assert np.array_equal(b.obs[g], env.observation_from_view(st.view(seat))), g
        acts = env.sample_actions().copy()
        if policy == "hochzeit":  # a Vorbehalt mostly from both ♣ Queens, and then mostly nein
            for g in range(batch):
                ids = env.legal_ids[g, :env.num_legal[g]].tolist()
                both = (int(env.S[g, int(b.seat[g])]) >> 6 & 3) == 3  # XD and its copy are cards 6, 7
                if names[ids[0]] == "gesund":
                    acts[g] = ids[1] if rng.random() < (0.8 if both else 0.1) else ids[0]
                elif names[ids[0]] == "nein" and rng.random() < 0.9:
                    acts[g] = ids[0]
        if policy == "words":
            for g in range(batch):
                ids = env.legal_ids[g, :env.num_legal[g]]
                words = [i for i in ids if names[i] in ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")]
                if words and rng.random() < 0.3:
                    acts[g] = words[0]
                elif names[ids[0]] == "gesund":
                    acts[g] = ids[0] if rng.random() < 0.85 else ids[1]
        seats = b.seat.copy()
        b = env.step(acts)
        for g in range(batch):
            a = names[acts[g]]
            if a not in GAME.deck.notation:
                seen[a] += 1
            states[g].apply(int(seats[g]), a)  # the validated notation path
            assert states[g].is_over() == bool(b.done[g])
            if b.done[g]:
                res = states[g].result()
                assert list(res.points) == b.points[g].tolist(), res.summary
                for s in range(4):
                    assert reward(GAME, env.options, res, s) == pytest.approx(float(b.reward[g, s]))
                seen["contract " + str(res.summary["contract"])] += 1
                if res.summary["contract"] == "hochzeit" and res.summary["partner"] is None:
                    seen["hochzeit alone"] += 1
                finished += 1
                states[g] = env.engine_deal(g)
            else:
                assert not b.reward[g].any()
    return seen


@pytest.mark.parametrize(("profile", "options", "policy"), [
    ("turnier", None, "random"), ("turnier", None, "words"), ("blatt", None, "words"),
    ("turnier", {"pflichtsolo": False, "late_reply_absagen": True, "alone_as_solo": False, "solos": ("damen", "kreuz")},
     "words")])
def test_batched_games_replay_through_the_engine(profile: str, options: dict[str, object] | None, policy: str) -> None:
    """Same seat, same legal set, same observation as built from the engine's view of that seat (so
    it holds nothing else), same settlement and rewards, at every step (Doppelkopf-Turnier 1.-7.)."""
    seen = run_differential(profile, GAMES, 8, seed=len(profile) + len(options or ()) + len(policy), options=options,
                            policy=policy)
    if profile == "turnier" and policy == "words" and options is None and GAMES >= 24:
        # the words of a whole game were exercised (fixed seed)
        for w in ("gesund", "vorbehalt", "re", "kontra", "keine90", "contract normal"):
            assert seen[w] > 0, (w, seen)
        assert any(k.startswith("solo:") for k in seen), seen


def test_every_contract_is_reached_and_replays() -> None:
    """Hochzeit (with and without partner), stille Hochzeit, normal games and solos, all settled as
    the engine settles them (Doppelkopf-Turnier 3., 4., 6., 7.)."""
    seen = run_differential("turnier", 60 if GAMES < 400 else GAMES, 16, seed=7, policy="hochzeit")
    for c in ("contract normal", "contract hochzeit", "contract stille_hochzeit", "nein", "hochzeit",
              "hochzeit alone"):
        assert seen[c] > 0, (c, seen)


def test_compiled_and_listed() -> None:
    assert "doppelkopf" in COMPILED_GAMES
    assert make("doppelkopf", 2).compiled
    assert not make("doppelkopf", 2, engine=True).compiled
    assert not make("doppelkopf", 2, "turnier5").compiled  # a five-table: the engine fallback


def test_obs_hides_other_hands() -> None:
    """Any seat's observation holds its own hand by card kind and does not change when the cards the
    other seats still hold are swapped between them (nothing of another hand is in it)."""
    env = make("doppelkopf", 6)
    env.reset(5)
    for _ in range(30):
        env.step(env.sample_actions())
    rng = np.random.default_rng(1)
    for seat in range(4):
        obs = env.observe(np.full(6, seat))
        lo, _n = env.layout["hand"]
        for g in range(6):
            hand = int(env.S[g, seat])
            assert obs[g, lo:lo + 24].tolist() == [(hand >> 2 * k & 1) + (hand >> 2 * k + 1 & 1) for k in range(24)]
        saved = env.S.copy()
        a, b = [s for s in range(4) if s != seat][:2]
        for g in range(6):  # swap one held card of a with one of b (hands and as dealt)
            ha, hb = int(env.S[g, a]), int(env.S[g, b])
            if ha and hb:
                ca = [c for c in range(48) if ha >> c & 1][int(rng.integers(ha.bit_count()))]
                cb = [c for c in range(48) if hb >> c & 1][int(rng.integers(hb.bit_count()))]
                for base in (0, nb.F_DEALT):
                    env.S[g, base + a] ^= (1 << ca) | (1 << cb)
                    env.S[g, base + b] ^= (1 << ca) | (1 << cb)
        assert np.array_equal(env.observe(np.full(6, seat)), obs)
        env.S[:] = saved
