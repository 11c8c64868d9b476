"""Compiled playout kernels (extra ``fast``), one per game where it pays.

:func:`rollout_for` gives the search bot a fast rollout for a game when one exists, else
``None`` (the generic protocol rollout is used).
"""

from __future__ import annotations

from typing import Any, Callable

__all__ = ["rollout_for"]


def rollout_for(game: Any, options: Any = None) -> Callable[..., Any] | None:
    """A fast rollout ``(state, rng) -> finished state`` for ``game``, or ``None``."""
    if getattr(game, "name", None) == "jass":
        try:
            from .jass import COMPILED, JassKernel
        except ImportError:  # pragma: no cover
            return None
        if not COMPILED:
            return None
        eleven = getattr(options, "undenufe_eleven", "ass") if options is not None else "ass"
        return JassKernel(eleven).rollout
    return None
