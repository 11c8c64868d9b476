"""The compiled kernel a game may have (extra ``fast``): one interface for every game.

A kernel plays the card phase of a deal in compiled code (Numba) for the search bots and the
batched environments. It is declared on the game (:attr:`Game.kernel_class
<stammtisch.core.protocol.Game.kernel_class>`, built by :meth:`Game.kernel
<stammtisch.core.protocol.Game.kernel>`), lives in :mod:`stammtisch.bots.kernels`, and offers:

* :meth:`Kernel.arrays` — a deal in its card-play phase as one flat ``int64`` array (the position);
* :meth:`Kernel.playout` — random legal cards from a position to the end: one ``int64`` array of
  results (card points, tricks, the cards played; each kernel documents its layout);
* :meth:`Kernel.random_deals` — ``n`` random deals played out, for benchmarks;
* :meth:`Kernel.rollout` — the search's playout of an engine state: random words until the cards,
  then the kernel, settled by the engine.

A kernel that can value decisions for the PIMC search also has ``card_values`` (and optionally
``word_values``), see :class:`stammtisch.bots.pimc.Valuer`.
"""

from __future__ import annotations

import random
from typing import Any, Protocol, runtime_checkable

__all__ = ["Kernel"]


@runtime_checkable
class Kernel(Protocol):
    """What every game's compiled kernel offers (see the module)."""

    def arrays(self, state: Any) -> Any:
        """The card-play position of ``state`` as a flat ``int64`` array."""
        ...

    def playout(self, arrays: Any, seed: int) -> Any:
        """Random legal play from ``arrays`` (not changed) to the end; an ``int64`` result array."""
        ...

    def random_deals(self, n: int, seed: int = 0) -> Any:
        """Play ``n`` random deals (benchmarks); totals in the kernel's own terms."""
        ...

    def rollout(self, state: Any, rng: random.Random) -> Any:
        """Play ``state`` to its end (words at random, then the kernel's cards): the finished
        state or its :class:`~stammtisch.core.protocol.DealResult`."""
        ...
