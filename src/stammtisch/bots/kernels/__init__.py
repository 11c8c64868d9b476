"""Compiled playout kernels (extra ``fast``), one per game: Jass, Doppelkopf, Tarock, Perlaggen.

Every kernel offers one interface, :class:`stammtisch.core.kernel.Kernel`: ``arrays(state)`` turns a
deal in its card-play phase into one flat ``int64`` array, ``playout(arrays, seed)`` plays random
legal cards to the end and returns an ``int64`` result array (layouts documented per kernel),
``random_deals(n, seed)`` for benchmarks and ``rollout(state, rng)``, a search playout (random words
until the cards, then the kernel) whose end the engine settles (docs/bots.md, "Compiled playout
kernels"). A game declares its kernel on itself (:attr:`Game.kernel_class
<stammtisch.core.protocol.Game.kernel_class>`), and :meth:`Game.kernel
<stammtisch.core.protocol.Game.kernel>` builds it once per options; nothing here lists games.

* :func:`kernel_for` — the kernel object of a game (cached per game and options), or ``None``;
* :func:`kernel_rollout` — the search rollout of any game with a kernel, or ``None``;
* :func:`rollout_for` — what :class:`~stammtisch.bots.search.SearchBot` uses by default: the kernel
  rollout of the games whose ``search_defaults["kernel_rollout"]`` says so (the same random play
  as the search's ``CardsFirstRollout``, only faster);
* :func:`kernel_games` — the installed games that declare a kernel.

The kernels also value decisions for the PIMC search (:mod:`stammtisch.bots.pimc`): ``card_values``
/ ``word_values`` play compiled policies and settle in compiled code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...core import registry
from ...core.kernel import Kernel

__all__ = ["Kernel", "kernel_for", "kernel_rollout", "rollout_for", "kernel_games"]


def kernel_for(game: Any, options: Any = None) -> Kernel | None:
    """The compiled kernel of ``game`` under ``options`` (default profile when ``None``), or
    ``None`` (no kernel for the game, or Numba missing: the plain-Python fallback is too slow to
    be worth it in a search)."""
    make = getattr(game, "kernel", None)
    if make is None or getattr(game, "kernel_class", None) is None:
        return None
    k: Kernel | None = make(options)
    return k


def kernel_rollout(game: Any, options: Any = None) -> Callable[..., Any] | None:
    """A fast rollout ``(state, rng) -> finished state or DealResult`` for ``game``, or ``None``."""
    k = kernel_for(game, options)
    return None if k is None else k.rollout


def rollout_for(game: Any, options: Any = None) -> Callable[..., Any] | None:
    """The search's default fast rollout: the kernel's, where the game's ``search_defaults`` ask
    for it (``kernel_rollout``)."""
    if not getattr(game, "search_defaults", {}).get("kernel_rollout", False):
        return None
    return kernel_rollout(game, options)


def kernel_games() -> list[str]:
    """The installed games that declare a compiled kernel (built or not: Numba may be missing)."""
    return [n for n in registry.available() if registry.get(n).kernel_class is not None]
