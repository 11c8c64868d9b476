"""Our players restricted to the plain Schieber modes that outside Jass programs know (the four
trump suits, Obenabe, Undenufe and Schieben): jass-kit and pyschieber are never asked to play a
Slalom, Quer or Misere they do not know. Shared by the jass-kit and pyschieber adapters."""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import BaseBot, Turn

#: the trump actions of the plain modes
PLAIN_TRUMPS = frozenset(f"trump:{m}" for m in ("E", "S", "L", "R", "obenabe", "undenufe"))


class PlainModes(BaseBot):
    """Any bot restricted to the plain modes (trump suits, Obenabe, Undenufe, Schieben)."""

    def __init__(self, bot: Any, suffix: str = "plainmodes"):
        self.bot = bot
        self.name = f"{getattr(bot, 'name', 'bot')}-{suffix}"

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        if any(a.startswith("trump:") for a in legal):
            restricted = [a for a in legal if a in PLAIN_TRUMPS or a == "schieben"]
            a = self.bot.choose(Turn(turn.seat, restricted, lambda: turn.view), rng)
            return a if a in restricted else restricted[rng.randrange(len(restricted))]
        return self.bot.choose(turn, rng)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return self.bot.interject(turn, rng)

    @property
    def errors(self) -> list[str]:
        return list(getattr(self.bot, "errors", []))
