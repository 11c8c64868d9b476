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
import math
import random
import secrets
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

__all__ = ["table_sizes", "draw_random", "draw_balanced", "draw_schedule", "draw_minimal", "Draw", "pairs_of",
           "repeat_pairs", "new_seed", "list_keeper", "five_seats", "EXACT_PARTITIONS"]


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

    Deterministic for a given seed and history. Returns the tables and the number of repeated pairs
    (each pair that met before and sits together again counts once, as :func:`repeat_pairs`).
    :func:`draw_minimal` finds the minimum (and says whether it is proven); this is its first step.
    """
    _check(players, sizes)
    rng = random.Random(f"schedule:{seed}")
    best: list[list[int]] | None = None

    # the count an organiser sees first (pairs that met before), then how often they met as a tie-break
    def cost_of(table: Sequence[int]) -> int:
        return sum(1000 + met[p] for p in itertools.combinations(sorted(table), 2) if met.get(p, 0))

    for _ in range(restarts):
        order = sorted(players)
        rng.shuffle(order)
        tables = _cut(order, sizes)
        costs = [cost_of(t) for t in tables]
        total = sum(costs)
        temperature = 600.0
        for _ in range(steps):
            if total == 0:
                break
            i, j = rng.sample(range(len(tables)), 2)
            a, b = rng.randrange(len(tables[i])), rng.randrange(len(tables[j]))
            ti, tj = tables[i][:], tables[j][:]
            ti[a], tj[b] = tj[b], ti[a]
            ci, cj = cost_of(ti), cost_of(tj)
            delta = ci + cj - costs[i] - costs[j]
            # simulated annealing: sometimes a worse swap, so the search leaves a local minimum
            if delta <= 0 or rng.random() < math.exp(-delta / temperature):
                tables[i], tables[j], costs[i], costs[j] = ti, tj, ci, cj
                total += delta
            temperature = max(1.0, temperature * 0.998)
        if best is None or repeat_pairs(tables, met) < repeat_pairs(best, met):
            best = [t[:] for t in tables]
        if repeat_pairs(best, met) == 0:
            break
    assert best is not None
    # positions at each table: a seeded shuffle, so seating is not by start number
    for t in best:
        rng.shuffle(t)
    return best, repeat_pairs(best, met)


#: fields with at most this many ways to seat them are searched exhaustively (a proven minimum in pure Python)
EXACT_PARTITIONS = 60_000


@dataclass(frozen=True)
class Draw:
    """A repeat-minimising draw: the tables, their repeated pairs, a lower bound on the repeats any draw of
    this field has, and how it was found (``exhaustive``, ``cp-sat``, ``local search``). ``proven`` when the
    repeats equal the bound: no draw has fewer."""

    tables: list[list[int]]
    repeats: int
    bound: int
    method: str

    @property
    def proven(self) -> bool:
        return self.repeats <= self.bound


def _partitions_count(sizes: Sequence[int]) -> int:
    n = sum(sizes)
    count = math.factorial(n)
    for s in sizes:
        count //= math.factorial(s)
    for k in Counter(sizes).values():
        count //= math.factorial(k)
    return count


def _partitions(players: Sequence[int], sizes: Counter) -> Iterator[list[tuple[int, ...]]]:
    """Every way to seat ``players`` at tables of ``sizes`` (size -> count), each once (the first remaining
    player opens the next table)."""
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for size in sorted(s for s, k in sizes.items() if k):
        sizes[size] -= 1
        for others in itertools.combinations(rest, size - 1):
            left = [p for p in rest if p not in others]
            for tail in _partitions(left, sizes):
                yield [(first, *others), *tail]
        sizes[size] += 1


def _exhaustive(players: Sequence[int], sizes: Sequence[int], met: Mapping[tuple[int, int], int]) -> list[list[int]]:
    best: list[list[int]] | None = None
    best_cost = None
    for tables in _partitions(sorted(players), Counter(sizes)):
        cost = repeat_pairs(tables, met)
        if best_cost is None or cost < best_cost:
            best, best_cost = [list(t) for t in tables], cost
            if cost == 0:
                break
    assert best is not None
    return best


def _cp_sat(players: Sequence[int], sizes: Sequence[int], met: Mapping[tuple[int, int], int], hint: list[list[int]],
            seed: str | int, seconds: float) -> tuple[list[list[int]], int] | None:
    """The minimum by OR-Tools' CP-SAT (extra ``draw``) within ``seconds`` of deterministic time; ``None``
    without OR-Tools. Returns the tables and the proven lower bound."""
    try:
        from ortools.sat.python import cp_model
    except ImportError:
        return None
    ps = sorted(players)
    idx = {p: i for i, p in enumerate(ps)}
    m = cp_model.CpModel()
    x = [[m.new_bool_var(f"x{i}_{t}") for t in range(len(sizes))] for i in range(len(ps))]
    for i in range(len(ps)):
        m.add_exactly_one(x[i])
    for t, size in enumerate(sizes):
        m.add(sum(x[i][t] for i in range(len(ps))) == size)
    pairs = [p for p, k in met.items() if k and p[0] in idx and p[1] in idx]
    z = []
    for a, b in pairs:
        v = m.new_bool_var(f"z{a}_{b}")
        for t in range(len(sizes)):
            m.add_bool_or([x[idx[a]][t].Not(), x[idx[b]][t].Not(), v])
        z.append(v)
    m.minimize(sum(z))
    order = list(range(len(sizes)))
    if len(set(sizes)) == 1:  # tables of one size are interchangeable: player i sits at a table <= i
        for i in range(len(ps)):
            for t in range(i + 1, len(sizes)):
                m.add(x[i][t] == 0)
        # the hint's tables ordered by their first player agree with that
        order = sorted(order, key=lambda t: min(idx[p] for p in hint[t]))
    for t, src in enumerate(order):
        for p in hint[src]:
            m.add_hint(x[idx[p]][t], True)
    solver = cp_model.CpSolver()
    solver.parameters.max_deterministic_time = seconds
    solver.parameters.max_time_in_seconds = 4 * seconds  # a busy machine: the organiser waits seconds, not minutes
    solver.parameters.num_workers = 1  # deterministic: the same draw for the same seed and history
    solver.parameters.random_seed = int.from_bytes(str(seed).encode()[:4].ljust(4, b"\0"), "little") % (2 ** 31)
    status = solver.solve(m)
    if status not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        return None
    tables: list[list[int]] = [[] for _ in sizes]
    for i, p in enumerate(ps):
        for t in range(len(sizes)):
            if solver.value(x[i][t]):
                tables[t].append(p)
    bound = int(solver.objective_value) if status == cp_model.OPTIMAL else max(0, math.ceil(
        solver.best_objective_bound - 1e-6))
    return tables, bound


def draw_minimal(players: Sequence[int], sizes: Sequence[int], met: Mapping[tuple[int, int], int], seed: str | int,
                 seconds: float = 2.0) -> Draw:
    """A draw with as few repeated pairs as possible, and an honest word on whether that is the minimum.

    * no draw without repeats found by the local search: small fields (at most :data:`EXACT_PARTITIONS`
      ways to seat them, e.g. 13 players) are searched exhaustively -- the minimum, proven;
    * larger fields: OR-Tools' CP-SAT (the extra ``draw``) starts from the local search's draw, within
      ``seconds`` of its deterministic time: proven when it proves optimality, else the best found
      with its lower bound; without OR-Tools the local search's draw, its bound 0 (not proven).

    >>> d = draw_minimal(range(1, 9), [4, 4], pairs_of([[1, 2, 3, 4], [5, 6, 7, 8], [1, 2, 5, 6], [3, 4, 7, 8]]), 1)
    >>> d.repeats, d.proven
    (4, True)
    """
    players = list(players)
    tables, repeats = draw_schedule(players, sizes, met, seed)
    if repeats == 0:
        return Draw(tables, 0, 0, "local search")
    rng = random.Random(f"minimal:{seed}")
    if _partitions_count(sizes) <= EXACT_PARTITIONS:
        best = _exhaustive(players, sizes, met)
        for t in best:
            rng.shuffle(t)
        r = repeat_pairs(best, met)
        return Draw(best, r, r, "exhaustive")
    found = _cp_sat(players, sizes, met, tables, seed, seconds)
    if found is None:
        return Draw(tables, repeats, 0, "local search")
    solved, bound = found
    r = repeat_pairs(solved, met)
    if r > repeats:  # never worse than the local search's draw
        return Draw(tables, repeats, bound, "cp-sat")
    for t in solved:
        rng.shuffle(t)
    return Draw(solved, r, bound, "cp-sat")
