"""Errors of the scorekeeper (all :class:`~stammtisch.core.errors.StammtischError`)."""

from __future__ import annotations

from typing import Any

from stammtisch.core.errors import IllegalAction, StammtischError
from stammtisch.core.messages import msg_json

__all__ = ["NotFound", "Conflict", "Forbidden", "Locked", "TooLarge", "BadInput", "EngineMissing"]


class _Said(StammtischError):
    """An error whose first argument may be a :class:`~stammtisch.core.messages.Msg`: its JSON carries
    the message as ``msg`` (``{"id", "args"}``) too, so a page words it in its language."""

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        if self.args:
            out["msg"] = msg_json(self.args[0])
        return out


class NotFound(_Said):
    """A tournament, table, row or player that does not exist."""


class Conflict(_Said):
    """Somebody else changed the table first (optimistic versioning): reload and retry.

    :param current: the version the table has now
    """

    def __init__(self, message: str, current: int | None = None):
        self.current = current
        super().__init__(message)

    def to_json(self) -> dict[str, Any]:
        return {"error": "Conflict", "message": str(self), "msg": msg_json(self.args[0]) if self.args else None,
                "current_version": self.current}


class Forbidden(_Said):
    """A write without the organiser's (or the table's) key."""


class Locked(_Said):
    """Too many wrong codes or passwords (or requests): try again later (HTTP 429).

    :param until: when the lock ends (``None``: a short rate limit)
    """

    def __init__(self, message: str, until=None):
        self.until = until
        super().__init__(message)

    def to_json(self):
        return {"error": "Locked", "message": str(self), "msg": msg_json(self.args[0]) if self.args else None,
                "until": self.until.isoformat() + "Z" if self.until is not None else None}


class TooLarge(StammtischError):
    """A request body over the scorekeeper's limit (HTTP 413)."""


class BadInput(StammtischError):
    """A request that is not what the route takes: names the field (HTTP 422, or 400 for bad JSON).

    :param field: the field, dotted (``games.4``, ``tables.0.2``); empty for the whole body
    """

    def __init__(self, message: str, field: str = "", status: int = 422):
        self.field, self.status = field, status
        super().__init__(f"{field}: {message}" if field else message)

    def to_json(self):
        return {"error": "BadInput", "message": str(self), "field": self.field, "rule": ""}


class EngineMissing(IllegalAction):
    """The game's settlement function is not installed: enter the row as points instead."""
