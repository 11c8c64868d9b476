"""Errors that say what was wrong and which rule says so.

Every refusal in stammtisch is an :class:`IllegalAction` (or a subclass) carrying the
paragraph of the rule sheet it enforces, e.g. ``Papagei-Jass §27``. Surfaces print
``str(err)`` to people and ``err.to_json()`` to machines; nobody ever sees a traceback.
"""

from __future__ import annotations

from typing import Any

from .messages import msg_json

__all__ = ["StammtischError", "IllegalAction", "NotYourTurn", "BadNotation", "RecordError", "OptionError"]


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
    (``None`` when the record is malformed before any action).
    """

    def __init__(self, message: str, index: int | None = None, deal: int | None = None,
                 seat: int | None = None, action: str | None = None, rule: str = ""):
        self.index, self.deal, self.seat, self.action, self.rule = index, deal, seat, action, rule
        where = []
        if index is not None:
            where.append(f"action #{index}")
        if deal is not None:
            where.append(f"deal {deal}")
        if seat is not None:
            where.append(f"seat {seat}")
        if action is not None:
            where.append(f"'{action}'")
        text = (", ".join(where) + ": " if where else "") + message
        if rule and rule not in message:
            text += f" ({rule})"
        super().__init__(text)

    def to_json(self) -> dict[str, Any]:
        return {"error": "RecordError", "message": str(self), "index": self.index, "deal": self.deal,
                "seat": self.seat, "action": self.action, "rule": self.rule}
