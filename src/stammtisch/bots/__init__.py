"""Computer players behind the protocol: :func:`make` builds one by kind for a game.

Kinds: ``random`` (uniform over legal actions), ``rule`` (the game's own rule-based player).
"""

from __future__ import annotations

from ..core.errors import OptionError
from ..core.protocol import Bot, Game

__all__ = ["make", "KINDS"]

KINDS = ("random", "rule")


def make(kind: str, game: Game) -> Bot:
    """A bot of ``kind`` for ``game``.

    :raises OptionError: for an unknown kind
    """
    if kind == "random":
        from .random import RandomBot

        return RandomBot()
    if kind == "rule":
        return game.rule_bot()
    raise OptionError(f"unknown bot kind '{kind}' (known: {', '.join(KINDS)})")
