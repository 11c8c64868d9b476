"""Errors of the scorekeeper (all :class:`~stammtisch.core.errors.StammtischError`)."""

from __future__ import annotations

from stammtisch.core.errors import IllegalAction, StammtischError

__all__ = ["NotFound", "Conflict", "Forbidden", "EngineMissing"]


class NotFound(StammtischError):
    """A tournament, table, row or player that does not exist."""


class Conflict(StammtischError):
    """Somebody else changed the table first (optimistic versioning): reload and retry.

    :param current: the version the table has now
    """

    def __init__(self, message: str, current: int | None = None):
        self.current = current
        super().__init__(message)

    def to_json(self):
        return {"error": "Conflict", "message": str(self), "current_version": self.current}


class Forbidden(StammtischError):
    """A write without the organiser's (or the table's) key."""


class EngineMissing(IllegalAction):
    """The game's settlement function is not installed: enter the row as points instead."""
