"""Errors that say what was wrong and which rule says so.

Every refusal in stammtisch is an :class:`IllegalAction` (or a subclass) carrying the
paragraph of the rule sheet it enforces, e.g. ``Papagei-Jass §27``. Surfaces print
``str(err)`` to people and ``err.to_json()`` to machines; nobody ever sees a traceback.
"""

from __future__ import annotations

from typing import Any

from .messages import msg_json

__all__ = ["StammtischError", "IllegalAction", "NotYourTurn", "BadNotation", "RecordError", "OptionError",
           "seats_from_one"]


class StammtischError(Exception):
    """Base class of every error stammtisch raises on purpose."""

    def to_json(self) -> dict[str, Any]:
        return {"error": type(self).__name__, "message": str(self)}


class IllegalAction(StammtischError):
    """An action the rules do not allow now. The state is left unchanged.

    :param message: what was wrong, in words a player understands: a
        :class:`~stammtisch.core.messages.Msg` that surfaces render in the reader's language
    :param rule: the citation, e.g. ``"Papagei-Jass §27"``; empty when no sheet speaks
    :param seat: the seat that tried it (if known)
    :param action: the action as notation (if known)
    """

    def __init__(self, message: str, rule: str = "", seat: int | None = None, action: str | None = None):
        self.message = message
        self.rule = rule
        self.seat = seat
        self.action = action
        super().__init__(self._text())

    def _text(self) -> str:
        parts = []
        if self.seat is not None:
            parts.append(f"seat {self.seat}")
        if self.action is not None:
            parts.append(f"'{self.action}'")
        head = " ".join(parts)
        text = f"{head}: {self.message}" if head else self.message
        return f"{text} ({self.rule})" if self.rule else text

    def located(self, seat: int, action: str) -> "IllegalAction":
        """The same error with seat and action filled in (for re-raising at the protocol edge)."""
        err = type(self).__new__(type(self))
        IllegalAction.__init__(err, self.message, self.rule, seat, action)
        return err

    def to_json(self) -> dict[str, Any]:
        return {
            "error": type(self).__name__,
            "message": str(self.message),
            "msg": msg_json(self.message),
            "rule": self.rule,
            "seat": self.seat,
            "action": self.action,
        }


class NotYourTurn(IllegalAction):
    """The seat may not act now at all."""


class BadNotation(StammtischError, ValueError):
    """Text that is not a card or action in the notation of the game."""


class OptionError(StammtischError, ValueError):
    """An unknown rules profile or option, or an option value of the wrong kind.

    The first argument may be a :class:`~stammtisch.core.messages.Msg` (kept as ``.message``)."""

    @property
    def message(self) -> Any:
        return self.args[0] if self.args else ""

    def to_json(self) -> dict[str, Any]:
        return {"error": type(self).__name__, "message": str(self), "msg": msg_json(self.message)}


class RecordError(StammtischError):
    """A record that is malformed or does not replay.

    ``index`` is the 0-based index of the offending action in the record's flat action list
    (``None`` when the record is malformed before any action); ``deal`` and ``seat`` are 0-based
    too, as in the record. The message people read counts all three from 1, as every screen
    does (the engines' own ``seat N`` included):

    >>> str(RecordError("it is seat 1's turn", index=4, deal=0, seat=2, action="EU", rule="Papagei-Jass §30"))
    "action 5, deal 1, seat 3, 'EU': it is seat 2's turn (Papagei-Jass §30)"
    """

    def __init__(self, message: str, index: int | None = None, deal: int | None = None,
                 seat: int | None = None, action: str | None = None, rule: str = ""):
        self.index, self.deal, self.seat, self.action, self.rule = index, deal, seat, action, rule
        self.reason = message  # the engine's own message (a Msg a surface renders in its language)
        where = []
        if index is not None:
            where.append(f"action {index + 1}")
        if deal is not None:
            where.append(f"deal {deal + 1}")
        if seat is not None:
            where.append(f"seat {seat + 1}" if isinstance(seat, int) else f"seat {seat!r}")
        if action is not None:
            where.append(f"'{action}'")
        text = (", ".join(where) + ": " if where else "") + seats_from_one(message)
        if rule and rule not in message:
            text += f" ({rule})"
        super().__init__(text)

    def to_json(self) -> dict[str, Any]:
        return {"error": "RecordError", "message": str(self), "index": self.index, "deal": self.deal,
                "seat": self.seat, "action": self.action, "rule": self.rule}


def seats_from_one(text: str) -> str:
    """The engines' ``seat N`` / ``seats N-M`` (0-based, as in the code and records) counted
    from 1 as people count them (``Seat N``, a seat's 1-based name, stays).

    >>> seats_from_one("it is seat 0's turn; four players (seats 0-3)")
    "it is seat 1's turn; four players (seats 1-4)"
    """
    import re

    text = re.sub(r"\bseats (\d+)-(\d+)\b", lambda m: f"seats {int(m.group(1)) + 1}-{int(m.group(2)) + 1}", text)
    # lower case only: "Seat 3" (and "Platz 3") is the 1-based name a surface gives a seat
    return re.sub(r"\bseat (\d+)\b", lambda m: f"seat {int(m.group(1)) + 1}", text)
