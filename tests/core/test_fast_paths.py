"""Differential test: every game's integer fast path against its notation path.

Two copies of the same match are played side by side with the same random choices, one by
``legal_action_ids`` / ``apply_id``, the other by ``legal_actions`` / ``apply``. At every step the
legal sets of every seat must be the same actions in the same order; the acting seat is drawn
from the seats to act and the interjectors (so out-of-turn actions such as Doppelkopf
announcements or Perlaggen bids take the fast path too); now and then an illegal id is tried
instead and must be refused exactly as its notation is (same error, same rule, state
unchanged). The views of every seat and the results must agree.

``STAMMTISCH_DIFF_DEALS`` sets the deals per game and profile (default 1000: eleven thousand
deals over the four games' profiles).
"""

from __future__ import annotations

import os
import random

import pytest

from stammtisch.core import registry
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Match

DEALS = int(os.environ.get("STAMMTISCH_DIFF_DEALS", "1000"))
GAMES = [(g, p) for g in registry.available() for p in registry.get(g).profiles]


def _refusal(fn) -> tuple[str, str, str | None] | None:
    try:
        fn()
    except IllegalAction as e:  # NotYourTurn is one too
        return type(e).__name__, str(e), e.rule
    return None


def play_both(game_name: str, profile: str, seed: int, check_views_every: int = 1, check_all_every: int = 1) -> int:
    """Play one match of one deal both ways; the number of steps. The legal sets of the seats
    to act and the interjectors are compared at every step, every seat's every
    ``check_all_every`` steps, the views every ``check_views_every`` steps and at the end."""
    game = registry.get(game_name)
    fast = Match(game, profile, {}, seed=seed, max_deals=1)
    slow = Match(game, profile, {}, seed=seed, max_deals=1)
    space = game.action_space(fast.options)
    rng = random.Random(seed)
    steps = 0
    while not slow.is_over():
        assert not fast.is_over()
        movers = list(slow.to_act()) + list(slow.interjectors())
        assert movers == list(fast.to_act()) + list(fast.interjectors())
        for s in (range(fast.n) if steps % check_all_every == 0 else movers):
            ids = fast.legal_action_ids(s)
            assert [space.actions[i] for i in ids] == slow.legal_actions(s), (steps, s)
        seat = rng.choice(movers) if rng.random() < 0.2 else movers[0]
        ids = fast.legal_action_ids(seat)
        if rng.random() < 0.05:  # an illegal id: refused alike, nothing changes
            bad = rng.randrange(len(space))
            if bad not in ids:
                seat2 = rng.randrange(fast.n)
                before = fast.view(seat2)
                got = _refusal(lambda: fast.apply_id(seat2, bad))
                want = _refusal(lambda: slow.apply(seat2, space.actions[bad]))
                assert got == want, (space.actions[bad], got, want)
                if got is not None:
                    assert fast.view(seat2) == before
                else:  # legal for a seat that only interjects: both applied it
                    steps += 1
                    continue
        if not ids:  # a seat to act with nothing listed cannot happen in any game
            raise AssertionError(f"seat {seat} must act but has no legal action")
        k = rng.randrange(len(ids))
        fast.apply_id(seat, ids[k])
        slow.apply(seat, space.actions[ids[k]])
        steps += 1
        if steps % check_views_every == 0 or slow.is_over():
            for s in range(fast.n):
                assert fast.view(s) == slow.view(s), (steps, s)
            assert fast.public_view() == slow.public_view()
        assert steps < 5000
    assert fast.is_over()
    assert fast.result() == slow.result()
    assert [lg.actions for lg in fast.logs] == [lg.actions for lg in slow.logs]
    assert [lg.result for lg in fast.logs] == [lg.result for lg in slow.logs]
    return steps


@pytest.mark.parametrize("game_name,profile", GAMES)
def test_fast_path_equals_notation_path(game_name: str, profile: str) -> None:
    total = 0
    for seed in range(DEALS):
        # everything at every step in the first deals; then the movers' legal sets at every step,
        # every seat's at every 4th, the views at every 10th and at the end
        total += play_both(game_name, profile, seed, 1 if seed < 20 else 10, 1 if seed < 50 else 4)
    assert total > DEALS  # every deal took several steps


@pytest.mark.parametrize("game_name", registry.available())
def test_checked_apply_id_names_the_rule(game_name: str) -> None:
    """``checked=True`` goes through the notation: an illegal id gives the notation's error."""
    game = registry.get(game_name)
    m = Match(game, game.default_profile, {}, seed=5, max_deals=1)
    space = game.action_space(m.options)
    rng = random.Random(5)
    refused = 0
    while not m.is_over() and refused < 20:
        seat = m.to_act()[0]
        legal = set(m.legal_action_ids(seat))
        bad = next(i for i in rng.sample(range(len(space)), len(space)) if i not in legal)
        other = Match(game, game.default_profile, {}, seed=5, max_deals=1)
        for s, a in m.logs[-1].actions:
            other.apply(s, a)
        want = _refusal(lambda: other.apply(seat, space.actions[bad]))
        got = _refusal(lambda: m.apply_id(seat, bad, checked=True))
        assert got == want
        refused += got is not None
        ids = m.legal_action_ids(seat)
        m.apply_id(seat, ids[rng.randrange(len(ids))], checked=True)
    assert refused > 0


@pytest.mark.parametrize("game_name", registry.available())
def test_numpy_ids_are_plain_ids_and_other_types_are_refused(game_name: str) -> None:
    np = pytest.importorskip("numpy")
    game = registry.get(game_name)
    by_np = Match(game, game.default_profile, {}, seed=11, max_deals=1)
    by_int = Match(game, game.default_profile, {}, seed=11, max_deals=1)
    rng = random.Random(11)
    while not by_int.is_over():
        seat = by_int.to_act()[0]
        ids = by_int.legal_action_ids(seat)
        k = ids[rng.randrange(len(ids))]
        by_np.apply_id(seat, np.int64(k))
        by_int.apply_id(seat, k)
        assert all(type(h) is int for h in getattr(by_np.deal_state, "hands", []))  # no NumPy in the state
    assert by_np.result() == by_int.result()
    m = Match(game, game.default_profile, {}, seed=11, max_deals=1)
    seat = m.to_act()[0]
    for bad in (True, 1.0, "3", None):
        with pytest.raises(IllegalAction, match="no action id"):
            m.apply_id(seat, bad)  # type: ignore[arg-type]
        with pytest.raises(IllegalAction, match="no action id"):
            m.deal_state.apply_id(seat, bad)  # type: ignore[arg-type]
