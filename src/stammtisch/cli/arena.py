"""`stammtisch arena` (placeholder until its issue lands)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add the `arena` command to ``app``."""
