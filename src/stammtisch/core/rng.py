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


#: bit lengths of 1 .. 128, for the inlined Fisher-Yates below
_BITS = tuple(n.bit_length() for n in range(129))
_WITH_GETRANDBITS = getattr(random.Random, "_randbelow_with_getrandbits", None)


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A shuffled copy of ``items``: exactly :meth:`random.Random.shuffle` (the same draws in the
    same order, so a seed deals the same cards), with its ``_randbelow`` inlined.

    >>> a, b = list(range(40)), shuffled(range(40), make_rng(7))
    >>> make_rng(7).shuffle(a); a == b
    True
    """
    out = list(items)
    n = len(out)
    if n > 128 or getattr(type(rng), "_randbelow", None) is not _WITH_GETRANDBITS:
        rng.shuffle(out)  # a generator that draws otherwise: its own shuffle
        return out
    bits = rng.getrandbits
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = _BITS[m]
        j = bits(k)
        while j >= m:
            j = bits(k)
        out[i], out[j] = out[j], out[i]
    return out
