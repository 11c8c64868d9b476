"""core.sampling.assign_cards: a constrained random deal (bipartite matching with capacities)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.sampling import assign_cards


@st.composite
def solvable(draw: st.DrawFn) -> tuple[list[int], dict[int, int], dict[int, set[int]], dict[int, int]]:
    """A hidden deal that exists (a true owner for every card) and constraints it satisfies: each
    card is allowed in its owner's place and in a random set of others."""
    n_places = draw(st.integers(1, 5))
    n_cards = draw(st.integers(0, 30))
    owner = {c: draw(st.integers(0, n_places - 1)) for c in range(n_cards)}
    allowed = {c: {owner[c]} | draw(st.sets(st.integers(0, n_places - 1))) for c in range(n_cards)}
    room = {p: sum(1 for c in owner if owner[c] == p) for p in range(n_places)}
    pins = {c: owner[c] for c in range(n_cards) if draw(st.integers(0, 9)) == 0}
    return list(range(n_cards)), room, allowed, pins


@given(solvable(), st.integers(0, 2**32))
def test_finds_a_deal_whenever_one_exists(case, seed: int) -> None:
    """Complete: the augmenting paths find an assignment every time one exists, and it respects
    every constraint, every pin and every place's room."""
    cards, room, allowed, pins = case
    out = assign_cards(cards, room, lambda c, p: p in allowed[c], random.Random(seed), pins)
    assert out is not None
    assert sorted(c for cs in out.values() for c in cs) == cards
    for p, cs in out.items():
        assert len(cs) == room[p]
        for c in cs:
            assert c in pins or p in allowed[c]
    for c, p in pins.items():
        assert c in out[p]


def test_none_when_no_deal_exists() -> None:
    """Hall's condition broken: three cards fit only two slots in total."""
    fits = {0: {"a"}, 1: {"a"}, 2: {"a", "b"}}
    assert assign_cards([0, 1, 2], {"a": 1, "b": 2}, lambda c, p: p in fits[c], random.Random(3)) is None
    assert assign_cards([0], {"a": 1}, lambda c, p: False, random.Random(3)) is None


def test_pin_without_room_fails() -> None:
    assert assign_cards([0, 1], {"a": 1, "b": 1}, lambda c, p: True, random.Random(0), {0: "a", 1: "a"}) is None


def test_needs_augmenting_path() -> None:
    """A card that can only go where others already sit makes them move (here always)."""
    fits = {0: {"a", "b"}, 1: {"a", "b"}, 2: {"a"}}
    for seed in range(30):
        out = assign_cards([0, 1, 2], {"a": 1, "b": 2}, lambda c, p: p in fits[c], random.Random(seed))
        assert out == {"a": [2], "b": sorted(out["b"])} or out["a"] == [2]


def test_unconstrained_deal_is_uniform_enough() -> None:
    """Without constraints each card lands in a place in proportion to its room."""
    count: Counter[str] = Counter()
    rng = random.Random(11)
    for _ in range(2000):
        out = assign_cards([0, 1, 2, 3], {"a": 1, "b": 3}, lambda c, p: True, rng)
        assert out is not None
        count[out["a"][0]] += 1
    assert all(400 < count[c] < 600 for c in range(4)), count


def test_same_seed_same_deal() -> None:
    fits = lambda c, p: (c + p) % 3 != 0  # noqa: E731
    a = assign_cards(list(range(12)), {0: 4, 1: 4, 2: 4}, fits, random.Random(5))
    b = assign_cards(list(range(12)), {0: 4, 1: 4, 2: 4}, fits, random.Random(5))
    assert a == b and a is not None
