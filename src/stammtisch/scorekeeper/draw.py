"""Seat draws: tables of four and five, random with a recorded seed, or a schedule that avoids
players meeting again.

Every draw is reproducible from what is stored with the round (the method, the seed and the
players in start-number order): the organiser can show how a draw came about.

Positions at a table are numbered in the order of play; position 1 deals the first game and
position 4 (5 at a table of five) keeps the list (Doppelkopf-Turnier 8.).

>>> table_sizes(22)
[5, 5, 4, 4, 4]
>>> table_sizes(24, prefer="five")
[5, 5, 5, 5, 4]
>>> draw_random(list(range(1, 9)), [4, 4], seed=7) == draw_random(list(range(1, 9)), [4, 4], seed=7)
True
"""

from __future__ import annotations

import itertools
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

__all__ = ["table_sizes", "draw_random", "draw_balanced", "draw_schedule", "pairs_of", "repeat_pairs", "new_seed",
           "list_keeper", "five_seats"]


def new_seed() -> str:
    """A fresh seed for a random draw (recorded with the round)."""
    return secrets.token_hex(8)


def list_keeper(size: int) -> int:
    """The position that keeps the list: 4 at a table of four, 5 at a table of five (Doppelkopf-Turnier 8.)."""
    return 5 if size == 5 else 4


def table_sizes(n: int, prefer: str = "four", allowed: Sequence[int] = (4, 5)) -> list[int]:
    """Split ``n`` players into tables of 4 and 5 (tables of five first).

    :param prefer: ``"four"`` -- as few tables of five as possible; ``"five"`` -- as many as possible
    :param allowed: the table sizes the game is played at
    :raises IllegalAction: when ``n`` players cannot be seated so
    """
    if prefer not in ("four", "five"):
        raise IllegalAction(Msg("prefer must be 'four' or 'five', not {value}", value=repr(prefer)))
    if tuple(allowed) == (4,):
        if n % 4 or n == 0:
            raise IllegalAction(Msg("{n} players cannot be seated at tables of four", n=n))
        return [4] * (n // 4)
    options = [b for b in range(n // 5 + 1) if (n - 5 * b) % 4 == 0 and n - 5 * b >= 0]
    if n < 4 or not options:
        raise IllegalAction(Msg("{n} players cannot be seated at tables of four and five", n=n))
    b = max(options) if prefer == "five" else min(options)
    return [5] * b + [4] * ((n - 5 * b) // 4)


def _check(players: Sequence[int], sizes: Sequence[int]) -> None:
    if sum(sizes) != len(players):
        raise IllegalAction(Msg("{n} players do not fill tables of {sizes}", n=len(players), sizes="+".join(map(str, sizes))))
    if len(set(players)) != len(players):
        raise IllegalAction(Msg("a player is listed twice for the draw"))
    if any(s not in (4, 5) for s in sizes):
        raise IllegalAction(Msg("tables have 4 or 5 players"))


def _cut(order: Sequence[int], sizes: Sequence[int]) -> list[list[int]]:
    out, i = [], 0
    for s in sizes:
        out.append(list(order[i:i + s]))
        i += s
    return out


def draw_random(players: Sequence[int], sizes: Sequence[int], seed: str | int) -> list[list[int]]:
    """Tables (player ids in position order) drawn by a seeded shuffle of the sorted players."""
    _check(players, sizes)
    rng = random.Random(f"draw:{seed}")
    order = sorted(players)
    rng.shuffle(order)
    return _cut(order, sizes)


def five_seats(tables: Iterable[Sequence[int]]) -> Counter:
    """How often each player sat at a table of five."""
    return Counter(p for t in tables if len(t) == 5 for p in t)


def draw_balanced(players: Sequence[int], sizes: Sequence[int], seed: str | int,
                  fives: Mapping[int, int]) -> list[list[int]]:
    """A seeded random draw that gives the seats at tables of five to the players who sat at fewest
    tables of five so far (``fives``: player -> times), so that over the rounds everybody sits out
    about equally often (at a table of five the dealer sits out each fifth game).

    Among players with the same count the order is the seeded shuffle; positions at each table are
    shuffled too, so seating is not by count.

    >>> t = draw_balanced(list(range(1, 10)), [5, 4], "s", {1: 1, 2: 1, 3: 1, 4: 1, 5: 1})
    >>> set(t[0]) > {6, 7, 8, 9}, set(t[1]) < {1, 2, 3, 4, 5}
    (True, True)
    """
    _check(players, sizes)
    rng = random.Random(f"balanced:{seed}")
    order = sorted(players)
    rng.shuffle(order)
    order.sort(key=lambda p: fives.get(p, 0))  # stable: the shuffle decides among equals
    five_count = sum(s for s in sizes if s == 5)
    head, tail = order[:five_count], order[five_count:]
    by_size = iter(head), iter(tail)
    tables = [[next(by_size[0]) for _ in range(5)] if s == 5 else [next(by_size[1]) for _ in range(4)] for s in sizes]
    for t in tables:
        rng.shuffle(t)
    return tables


def pairs_of(tables: Iterable[Sequence[int]]) -> Counter:
    """How often each pair of players sat at one table."""
    c: Counter = Counter()
    for t in tables:
        for a, b in itertools.combinations(sorted(t), 2):
            c[(a, b)] += 1
    return c


def repeat_pairs(tables: Iterable[Sequence[int]], met: Mapping[tuple[int, int], int]) -> int:
    """Number of pairs at these tables that have met before (each pair counted once)."""
    return sum(1 for p in pairs_of(tables) if met.get(p, 0))


def draw_schedule(players: Sequence[int], sizes: Sequence[int], met: Mapping[tuple[int, int], int],
                  seed: str | int, restarts: int = 8, steps: int = 3000) -> tuple[list[list[int]], int]:
    """Tables that avoid pairs that have already met (``met``: pair -> times), by seeded local search.

    Deterministic for a given seed and history: the schedule of a whole tournament can be
    recomputed round by round. Returns the tables and the number of repeated pairs left (0
    whenever the search finds a draw without repeats).
    """
    _check(players, sizes)
    rng = random.Random(f"schedule:{seed}")
    best: list[list[int]] | None = None
    best_cost = None

    def cost_of(table: Sequence[int]) -> int:
        return sum(met.get((a, b), 0) for a, b in itertools.combinations(sorted(table), 2))

    for _ in range(restarts):
        order = sorted(players)
        rng.shuffle(order)
        tables = _cut(order, sizes)
        costs = [cost_of(t) for t in tables]
        total = sum(costs)
        for _ in range(steps):
            if total == 0:
                break
            i, j = rng.sample(range(len(tables)), 2)
            a, b = rng.randrange(len(tables[i])), rng.randrange(len(tables[j]))
            ti, tj = tables[i][:], tables[j][:]
            ti[a], tj[b] = tj[b], ti[a]
            ci, cj = cost_of(ti), cost_of(tj)
            delta = ci + cj - costs[i] - costs[j]
            if delta <= 0:
                tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                total += delta
        if best_cost is None or total < best_cost:
            best, best_cost = [t[:] for t in tables], total
        if best_cost == 0:
            break
    assert best is not None and best_cost is not None
    # positions at each table: a seeded shuffle, so seating is not by start number
    for t in best:
        rng.shuffle(t)
    return best, best_cost
