"""Shuffling: cryptographically secure by default, seeded on request.

>>> r = make_rng(42)
>>> shuffled(list(range(5)), r) == shuffled(list(range(5)), make_rng(42))
True

Without a seed the shuffle draws from :class:`secrets.SystemRandom` (the operating system's
CSPRNG). A seed gives :class:`random.Random`, so a seeded deal is reproducible on any
machine running the same Python. Either way the full deal is written into the record, so a
record never depends on the generator to replay.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import TypeVar

__all__ = ["make_rng", "shuffled", "Rng"]

T = TypeVar("T")
Rng = random.Random


def make_rng(seed: int | str | None = None) -> random.Random:
    """A generator for deals: secure when ``seed`` is ``None``, else reproducible."""
    if seed is None:
        return secrets.SystemRandom()
    return random.Random(seed)


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``items`` (Fisher-Yates via :meth:`random.Random.shuffle`)."""
    out = list(items)
    rng.shuffle(out)
    return out
