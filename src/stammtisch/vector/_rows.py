"""The row bookkeeping every compiled batched step shares (Numba; plain Python without it).

Each game's ``step_all`` (``_<game>_nb.py``) works on all rows of a batch at once, in the same frame:

1. :func:`first_refused`: before any row changes, the first row whose action is not in its legal
   mask (the step then returns it and nothing has changed);
2. per row, :func:`clear_row` (no reward, not done) before the row's action is applied (a finished
   row, ``seat == -1`` without auto-reset, is skipped: its action is ignored);
3. when a deal ends: the settlement's rewards, :func:`team_rewards` (two partnerships, Jass and
   Perlaggen) or :func:`zero_sum_rewards` (every player for himself, Doppelkopf and Tarock);
4. a row that stays finished (no auto-reset): :func:`finish_row` (no seat, no legal action, an
   empty observation).

All are compiled to be inlined (``inline="always"``) into the steps, which are compiled without
reference counts (``_nrt=False``): inlined, the arrays handed to them cost no reference count.
A new deal hands out a shuffled deck with :func:`deal_rows`. The observations write a bit set's cards as bytes, eight at a time, through :data:`BYTES_OF`.
"""

from __future__ import annotations

import numpy as np

from ..bots.kernels._nb import njit

__all__ = ["BYTES_OF", "first_refused", "clear_row", "team_rewards", "zero_sum_rewards", "finish_row", "deal_rows"]

#: the observations' card bytes: per byte value, the 64-bit word whose eight bytes are its eight bits (little-endian)
BYTES_OF = np.zeros(256, np.uint64)
for _v in range(256):
    BYTES_OF[_v] = sum(((_v >> _i) & 1) << (8 * _i) for _i in range(8))


@njit(cache=True, inline="always", error_model="numpy")
def first_refused(actions: np.ndarray, seats: np.ndarray, mask: np.ndarray) -> np.int64:
    """The first row still playing (``seats[g] >= 0``) whose action is not an id in its legal mask,
    or -1 when every action is legal."""
    for g in range(actions.shape[0]):
        a = actions[g]
        if seats[g] >= 0 and (a < 0 or a >= mask.shape[1] or not mask[g, a]):
            return g
    return -1


@njit(cache=True, inline="always", error_model="numpy")
def clear_row(done: np.ndarray, rewards: np.ndarray, g: np.int64) -> None:
    """Row ``g`` before its step: not done, no reward for any seat."""
    done[g] = False
    for s in range(rewards.shape[1]):
        rewards[g, s] = 0.0


@njit(cache=True, inline="always", error_model="numpy")
def team_rewards(pts: np.ndarray, rewards: np.ndarray, g: np.int64) -> None:
    """Rewards of a partnership game (seats 0, 2 against 1, 3): each seat the difference of its
    team's points ``pts[g, team]`` to the other's."""
    d = pts[g, 0] - pts[g, 1]
    for s in range(4):
        rewards[g, s] = d if (s & 1) == 0 else -d


@njit(cache=True, inline="always", error_model="numpy")
def zero_sum_rewards(pts: np.ndarray, rewards: np.ndarray, g: np.int64, n: np.int64) -> None:
    """Rewards of ``n`` players each for himself: a seat's points ``pts[g, s]`` less the mean of the
    others' (summing to zero)."""
    tot = np.int64(0)
    for s in range(n):
        tot += pts[g, s]
    for s in range(n):
        rewards[g, s] = pts[g, s] - (tot - pts[g, s]) / (n - 1.0)


@njit(cache=True, inline="always", error_model="numpy")
def finish_row(seats: np.ndarray, mask: np.ndarray, nl: np.ndarray, obs: np.ndarray, g: np.int64) -> None:
    """Row ``g`` finished and waiting for ``reset``: no seat to move (-1), no legal action, an empty
    observation."""
    seats[g] = -1
    for i in range(mask.shape[1]):
        mask[g, i] = False
    nl[g] = 0
    for i in range(obs.shape[1]):
        obs[g, i] = 0


@njit(cache=True, inline="always", error_model="numpy")
def deal_rows(S: np.ndarray, g: np.int64, deck: np.ndarray, hand_at: np.int64, dealt_at: np.int64,
              size: np.int64) -> None:
    """Deal ``size`` cards of the shuffled ``deck`` to each of the four seats in turn, in blocks from
    the top: seat ``s``'s hand (a bit set) into ``S[g, hand_at + s]`` and, as dealt, ``S[g, dealt_at + s]``."""
    for s in range(4):
        h = np.int64(0)
        for i in range(size):
            h |= np.int64(1) << deck[s * size + i]
        S[g, hand_at + s] = h
        S[g, dealt_at + s] = h
