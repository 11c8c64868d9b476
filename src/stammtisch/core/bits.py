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

__all__ = ["mask_of", "iter_bits", "bit_list", "popcount", "lowest", "highest", "BIT", "BitIds"]

from collections.abc import Sequence

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


class BitIds:
    """A bit set turned into a list of ids (one per set bit, lowest bit first) by table lookups.

    The integer action API lists a state's legal cards as action ids: ``ids[i]`` is the id of
    card ``i`` (``None`` for a bit that never yields an id, e.g. the second copy of a
    Doppelkopf card). Each lookup handles ``chunk`` bits, so a 36-card hand costs four.

    >>> to_ids = BitIds([10, 11, None, 13], chunk=2)
    >>> to_ids(0b1011), to_ids(0)
    ([10, 11, 13], [])
    """

    __slots__ = ("tables", "chunk", "low")

    def __init__(self, ids: Sequence[int | None], chunk: int = 9):
        self.chunk = chunk
        self.low = (1 << chunk) - 1
        self.tables = tuple(
            tuple(tuple(ids[base + b] for b in range(chunk)  # type: ignore[misc]
                        if m >> b & 1 and base + b < len(ids) and ids[base + b] is not None)
                  for m in range(1 << chunk))
            for base in range(0, len(ids), chunk))

    def __call__(self, mask: int) -> list[int]:
        out: list[int] = []
        low, chunk = self.low, self.chunk
        for t in self.tables:
            if mask & low:
                out += t[mask & low]
            mask >>= chunk
            if not mask:
                break
        return out
