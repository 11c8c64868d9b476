"""Bot factories for arena A/B runs (``--a py:benchmarks.strength.arena_bots:search_nobelief``).

The budget is the environment variable ``ARENA_SEARCH`` (a bot kind, default ``search``), so
both sides of an A/B run use the same one.
"""

from __future__ import annotations

import os
from typing import Any


def _kind() -> str:
    return os.environ.get("ARENA_SEARCH", "search")


def search(game: Any, options: Any = None) -> Any:
    """The search player as configured (belief on)."""
    from stammtisch.bots import make

    return make(_kind(), game, options)


def search_nobelief(game: Any, options: Any = None) -> Any:
    """The search player without weighting determinizations by bids and announcements."""
    from stammtisch.bots import make

    return make(_kind(), game, options, belief=False)
