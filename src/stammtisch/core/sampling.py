"""Constrained random deals, for determinizing search bots (``Game.sample_state``).

A seat's view leaves some cards hidden; each must go to a *place* (another seat's hand, the
talon, the stock …) with a known number of free slots, and rules shown in play forbid some
places for some cards (a void, a called king the declarer cannot hold). :func:`assign_cards`
deals the hidden cards at random under those constraints. It is a bipartite matching with
capacities: each card goes to a random place with room (weighted by the room left, so an
unconstrained deal is uniform); when a card finds every place it fits full, cards already
placed are moved along an augmenting path. It therefore finds an assignment whenever one
exists (Berge), in polynomial time, and returns ``None`` only when there is none.

>>> import random
>>> voids = {1: "S", 2: ""}                        # seat 1 holds no Schilten
>>> cards = ["S7", "S8", "E7", "E8"]
>>> out = assign_cards(cards, {1: 2, 2: 2}, lambda c, s: c[0] not in voids[s], random.Random(1))
>>> sorted(out[1]), sorted(out[2])
(['E7', 'E8'], ['S7', 'S8'])
>>> assign_cards(["S7"], {1: 1}, lambda c, s: c[0] not in voids[s], random.Random(1)) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, TypeVar

__all__ = ["assign_cards"]

C = TypeVar("C", bound=Hashable)
P = TypeVar("P", bound=Hashable)


def assign_cards(cards: Sequence[C], room: Mapping[P, int], fits: Callable[[C, P], bool], rng: Any,
                 pins: Mapping[C, P] | None = None) -> dict[P, list[C]] | None:
    """A random assignment of ``cards`` to places, or ``None`` when none exists.

    :param cards: the hidden cards (distinct, hashable; e.g. card ints)
    :param room: how many cards each place takes (places in a fixed order: it decides ties)
    :param fits: ``fits(card, place)``: whether the rules allow ``card`` in ``place``
    :param rng: a ``random.Random`` (``shuffle``, ``random``)
    :param pins: cards whose place is already proven (a card a bid shows); they count against
        that place's room, are never moved and need not pass ``fits``
    :returns: place → its cards; a place gets at most ``room[place]`` cards (exactly that many
        when ``len(cards) == sum(room.values())``)

    >>> import random
    >>> assign_cards([1, 2, 3], {"a": 1, "b": 2}, lambda c, p: True, random.Random(0), pins={3: "a"})["a"]
    [3]
    """
    pins = pins or {}
    left = dict(room)
    out: dict[P, list[C]] = {p: [] for p in room}
    for c, loc in pins.items():
        if left.get(loc, 0) <= 0:
            return None
        out[loc].append(c)
        left[loc] -= 1
    free = [c for c in cards if c not in pins]
    rng.shuffle(free)
    for c in free:
        locs = [loc for loc in room if fits(c, loc)]
        if not locs:
            return None
        total = 0
        for loc in locs:
            total += left[loc]
        if total:
            r = rng.random() * total
            pick = locs[-1]
            for loc in locs:
                if left[loc]:
                    pick = loc
                    r -= left[loc]
                    if r < 0:
                        break
            out[pick].append(c)
            left[pick] -= 1
            continue
        # augmenting path (breadth first): move placed cards along until a place with room is reached
        parent: dict[P, tuple[P, C] | None] = {loc: None for loc in locs}
        queue = list(locs)
        found = None
        while queue and found is None:
            a = queue.pop(0)
            for x in out[a]:
                if x in pins:
                    continue
                for b in room:
                    if b in parent or not fits(x, b):
                        continue
                    parent[b] = (a, x)
                    if left[b] > 0:
                        found = b
                        break
                    queue.append(b)
                if found is not None:
                    break
        if found is None:
            return None
        b = found
        left[b] -= 1
        step = parent[b]
        while step is not None:
            a, x = step
            out[a].remove(x)
            out[b].append(x)
            b = a
            step = parent[b]
        out[b].append(c)
    return out
