"""Numba helpers every playout kernel shares: bit tricks and a small counter-based random
number generator (so a playout is a pure function of its position and its seed).

Without Numba (the extra ``fast`` missing) :func:`njit` is the identity and the same code runs
as plain Python, slowly; :data:`COMPILED` says which.

The examples are not run as doctests (a doctest import under another module name would
leave a Numba cache entry that names that module); ``tests/bots/test_kernels_common.py`` runs them.

>>> rng = new_rng(7)                                                   # doctest: +SKIP
>>> [rand_below(rng, 10) for _ in range(3)]                            # doctest: +SKIP
>>> int(bit_index(1 << 40)), int(nth_bit(0b101100, 1))                 # doctest: +SKIP
(40, 3)
"""

from __future__ import annotations

from typing import Any

import numpy as np

try:  # pragma: no cover - depends on the extra
    from numba import njit

    COMPILED = True
except ImportError:  # pragma: no cover
    COMPILED = False

    def njit(*args: Any, **kwargs: Any) -> Any:
        if args and callable(args[0]):
            return args[0]
        return lambda f: f


__all__ = ["COMPILED", "njit", "popcount", "bit_index", "nth_bit", "new_rng", "rand_below", "M64", "shuffle",
           "deal_hands", "PlayoutKernel"]

M64 = (1 << 64) - 1
#: de Bruijn sequence for the index of a single set bit (Leiserson, Prokop & Randall 1998)
_DEBRUIJN = 0x03F79D71B4CB0A89
_DB_TABLE = np.zeros(64, np.int64)
for _i in range(64):
    _DB_TABLE[((_DEBRUIJN << _i) & M64) >> 58] = _i
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


@njit(cache=True)
def popcount(x: int) -> int:
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


if COMPILED:
    @njit(cache=True)
    def bit_index(low: int) -> int:
        """Index of the single set bit of ``low`` (``low`` is a power of two below 2**63)."""
        return _DB_TABLE[((low * _DEBRUIJN) >> 58) & 63]

    @njit(cache=True)
    def new_rng(seed: int) -> np.ndarray:
        """A generator state (SplitMix64, Steele, Lea & Flood 2014) seeded with ``seed``."""
        st = np.empty(1, np.uint64)
        st[0] = np.uint64(seed)
        return st

    @njit(cache=True)
    def rand_below(st: np.ndarray, n: int) -> int:
        """A random integer in ``[0, n)`` (``n`` small; the modulo bias is below 2**-58)."""
        x = st[0] + np.uint64(_GOLDEN)
        st[0] = x
        x = (x ^ (x >> np.uint64(30))) * np.uint64(_MIX1)
        x = (x ^ (x >> np.uint64(27))) * np.uint64(_MIX2)
        x = x ^ (x >> np.uint64(31))
        return np.int64(x % np.uint64(n))
else:  # pragma: no cover - plain Python, the same numbers
    def bit_index(low: int) -> int:
        return int(low).bit_length() - 1

    def new_rng(seed: int) -> list[int]:
        return [int(seed) & M64]

    def rand_below(st: list[int], n: int) -> int:
        x = (st[0] + _GOLDEN) & M64
        st[0] = x
        x = ((x ^ (x >> 30)) * _MIX1) & M64
        x = ((x ^ (x >> 27)) * _MIX2) & M64
        x ^= x >> 31
        return x % int(n)


@njit(cache=True)
def nth_bit(x: int, k: int) -> int:
    """Index of the ``k``-th (0-based, from the lowest) set bit of ``x``."""
    while k > 0:
        x &= x - 1
        k -= 1
    return bit_index(x & -x)


@njit(cache=True)
def shuffle(rng: Any, deck: np.ndarray) -> None:
    """Shuffle ``deck`` in place (Fisher-Yates), drawing from ``rng``."""
    for i in range(deck.shape[0] - 1, 0, -1):
        j = rand_below(rng, i + 1)
        deck[i], deck[j] = deck[j], deck[i]


@njit(cache=True)
def deal_hands(deck: np.ndarray, pos: np.ndarray, at: int, seats: int, size: int) -> None:
    """Deal ``size`` cards of ``deck`` to each of ``seats`` seats in turn, in blocks from the top:
    seat ``s``'s hand (a bit set) goes to ``pos[at + s]``."""
    for s in range(seats):
        h = np.int64(0)
        for i in range(size):
            h |= np.int64(1) << deck[s * size + i]
        pos[at + s] = h


def compile_rules(fn: Any, **compiled: Any) -> Any:
    """``fn`` -- a game's card-play function in the Numba-compatible subset (``games/<game>/cardplay.py``)
    -- compiled, the functions it calls replaced by their ``compiled`` versions (Numba calls only
    compiled functions). The game's source stays the one copy of the rule."""
    import types

    if compiled:
        fn = types.FunctionType(fn.__code__, {**fn.__globals__, **compiled}, fn.__name__, fn.__defaults__,
                                fn.__closure__)
    return njit(cache=True)(fn)


class PlayoutKernel:
    """The playout methods a position kernel shares: a kernel sets ``playout_nb`` and
    ``playouts_nb`` (its compiled ``f(pos, seed, *tables)`` and ``f(pos, seed, n, *tables)``)
    and ``tables``, the arrays and numbers its compiled code needs after those arguments."""

    playout_nb: Any
    playouts_nb: Any
    tables: tuple[Any, ...] = ()

    @classmethod
    def for_options(cls, options: Any) -> Any:
        """The kernel for a game's ``options`` (how :meth:`Game.kernel` builds it)."""
        return cls(options)

    def playout(self, arrays: np.ndarray, seed: int) -> np.ndarray:
        """Random legal play from ``arrays`` (not changed) to the end; the ``O_*`` result."""
        return self.playout_inplace(arrays.copy(), seed)

    def playout_inplace(self, pos: np.ndarray, seed: int) -> np.ndarray:
        """As :meth:`playout`, completing ``pos`` itself (its record then holds every card played)."""
        return self.playout_nb(pos, seed, *self.tables)

    def playouts(self, arrays: np.ndarray, seed: int, n: int) -> np.ndarray:
        """``n`` playouts from ``arrays`` (not changed): an ``(n, O_SIZE)`` array, one ``O_*`` row each
        (several playouts of one determinization at the cost of one call)."""
        return self.playouts_nb(arrays, seed, n, *self.tables)
