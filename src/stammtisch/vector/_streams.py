"""Random streams of the batched environments (one SplitMix64 state per row) and the random player.

Every game's rows are seeded the same way (:func:`seed_rows`), and the random player draws from the
legal lists every compiled step writes (:func:`random_actions`), so these are one for all games.
"""

from __future__ import annotations

import numpy as np

from ..bots.kernels import _nb as _k
from ..bots.kernels._nb import njit
from ._compile import inline

__all__ = ["seed_rows", "random_actions"]

rand_below = inline(_k.rand_below)


@njit(cache=True, error_model="numpy")
def seed_rows(R: np.ndarray, seed: np.int64) -> None:
    """Row ``g``'s stream: SplitMix64 from a mix of ``seed`` and ``g`` (independent per game)."""
    tmp = np.empty(1, np.uint64)
    for g in range(R.shape[0]):
        tmp[0] = np.uint64(seed) * np.uint64(0x9E3779B97F4A7C15) + np.uint64(g) * np.uint64(0xD1B54A32D192ED03)
        rand_below(tmp, 2)
        R[g] = tmp[0]


@njit(cache=True, error_model="numpy")
def random_actions(lid: np.ndarray, nl: np.ndarray, R: np.ndarray, out: np.ndarray) -> None:
    """A uniformly random legal action per row (``-1`` for a row with none) from the legal lists
    ``lid[g, :nl[g]]``, drawn from ``R`` (one stream per row; the environment keeps these apart
    from the dealing streams)."""
    st = np.empty(1, np.uint64)
    for g in range(lid.shape[0]):
        n = nl[g]
        if n == 0:
            out[g] = -1
            continue
        st[0] = R[g]
        out[g] = lid[g, rand_below(st, n)]
        R[g] = st[0]
