"""Bit sets over card indices.

A hand, a trick or "cards seen" is a Python ``int`` whose bit *i* is set when card *i*
is in the set. Python ints are arbitrary precision, so the 54-card Tarock deck fits as
easily as the 36-card Jass deck. All helpers are tiny and allocation-free where possible.

>>> m = mask_of([0, 3, 5])
>>> list(iter_bits(m))
[0, 3, 5]
>>> popcount(m)
3
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

__all__ = ["mask_of", "iter_bits", "bit_list", "popcount", "lowest", "highest", "BIT"]

#: ``BIT[i] == 1 << i`` for the first 64 indices (a lookup beats the shift in hot loops).
BIT: tuple[int, ...] = tuple(1 << i for i in range(64))


def mask_of(cards: Iterable[int]) -> int:
    """The bit set holding exactly ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def iter_bits(mask: int) -> Iterator[int]:
    """Yield the set bit indices of ``mask`` from lowest to highest."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def bit_list(mask: int) -> list[int]:
    """The set bit indices of ``mask`` as a list, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def popcount(mask: int) -> int:
    """Number of set bits."""
    return mask.bit_count()


def lowest(mask: int) -> int:
    """Index of the lowest set bit (``mask`` must be non-zero)."""
    return (mask & -mask).bit_length() - 1


def highest(mask: int) -> int:
    """Index of the highest set bit (``mask`` must be non-zero)."""
    return mask.bit_length() - 1
