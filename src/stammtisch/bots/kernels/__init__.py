"""Compiled playout kernels (extra ``fast``), one per game: Jass, Doppelkopf, Tarock, Perlaggen.

Each kernel has ``Kernel.rollout(state, rng)``, a search playout (random words until the cards,
then the kernel) whose end the engine settles, and ``Kernel.random_deals(n, seed)`` for benchmarks.
The Doppelkopf, Tarock and Perlaggen kernels share a small API (docs/bots.md, "Compiled playout
kernels"): ``Kernel.arrays(state)`` turns a deal in its card-play phase into one flat ``int64``
array, ``Kernel.playout(arrays, seed)`` plays random legal cards to the end and returns an
``int64`` array of card points, tricks and trick winners; the Jass kernel keeps its earlier
``playout(hands, mode, trick_no, leader, trick)``.

* :func:`kernel_for` — the kernel object of a game (cached per game and options), or ``None``;
* :func:`kernel_rollout` — the search rollout of any game with a kernel, or ``None``;
* :func:`rollout_for` — what :class:`~stammtisch.bots.search.SearchBot` uses by default: the kernel
  rollout of the games in :data:`SEARCH_DEFAULT` (Jass, Doppelkopf, Perlaggen: the same random
  play as the search's ``CardsFirstRollout``, only faster). Tarock is left out: its search uses
  rule playouts (``search_playout = "rule"``), which the random kernel would replace.

The Tarock kernel also values decisions for the PIMC search (:mod:`stammtisch.bots.pimc`):
``card_values`` / ``word_values`` play the rule player's card play as a compiled policy and settle
in compiled code (:mod:`.tarock_settle`).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Callable

__all__ = ["SEARCH_DEFAULT", "KERNEL_GAMES", "kernel_for", "kernel_rollout", "rollout_for"]

#: games with a compiled kernel
KERNEL_GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
#: games whose search playouts use the kernel by default (:func:`rollout_for`)
SEARCH_DEFAULT: frozenset[str] = frozenset({"jass", "doppelkopf", "perlaggen"})


@lru_cache(maxsize=32)
def _kernel(name: str, options: Any) -> Any:
    if name == "jass":
        from .jass import COMPILED, JassKernel

        eleven = getattr(options, "undenufe_eleven", "ass") if options is not None else "ass"
        return JassKernel(eleven) if COMPILED else None
    if name == "doppelkopf":
        from .doppelkopf import COMPILED, DoppelkopfKernel

        return DoppelkopfKernel(options) if COMPILED else None
    if name == "tarock":
        from .tarock import COMPILED, TarockKernel

        return TarockKernel() if COMPILED else None
    if name == "perlaggen":
        from .perlaggen import COMPILED, PerlaggenKernel

        return PerlaggenKernel(options) if COMPILED else None
    return None


def kernel_for(game: Any, options: Any = None) -> Any:
    """The compiled kernel of ``game`` under ``options`` (default profile when ``None``), or
    ``None`` (no kernel for the game, or Numba missing: the plain-Python fallback is too slow to
    be worth it in a search)."""
    name = getattr(game, "name", None)
    if name not in KERNEL_GAMES:
        return None
    if name == "tarock":
        options = None  # the Tarock kernel reads every rule from the state
    elif options is None:
        options = game.options()
    try:
        return _kernel(name, options)
    except TypeError:  # unhashable options: build one uncached
        return _kernel.__wrapped__(name, options)
    except ImportError:  # pragma: no cover - numpy missing
        return None


def kernel_rollout(game: Any, options: Any = None) -> Callable[..., Any] | None:
    """A fast rollout ``(state, rng) -> finished state or DealResult`` for ``game``, or ``None``."""
    k = kernel_for(game, options)
    return None if k is None else k.rollout


def rollout_for(game: Any, options: Any = None) -> Callable[..., Any] | None:
    """The search's default fast rollout: the kernel's for the games in :data:`SEARCH_DEFAULT`."""
    if getattr(game, "name", None) not in SEARCH_DEFAULT:
        return None
    return kernel_rollout(game, options)
