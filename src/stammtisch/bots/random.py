"""The random player: a uniformly random legal action; never interjects."""

from __future__ import annotations

from typing import Any

from ..core.protocol import BaseBot, Turn


class RandomBot(BaseBot):
    """Uniform over ``turn.legal``."""

    name = "random"

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = turn.legal
        return legal[rng.randrange(len(legal))]
