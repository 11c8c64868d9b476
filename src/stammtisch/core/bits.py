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
    Doppelkopf card). Each lookup handles ``chunk`` bits, so a 36-card hand costs four;
    :attr:`of` is the lookup as a plain function (unrolled for four and six tables).

    >>> to_ids = BitIds([10, 11, None, 13], chunk=2)
    >>> to_ids(0b1011), to_ids.of(0), BitIds(list(range(54))).of(1 << 53 | 1)
    ([10, 11, 13], [], [0, 53])
    """

    __slots__ = ("tables", "of")

    def __init__(self, ids: Sequence[int | None], chunk: int = 9):
        low = (1 << chunk) - 1
        tables: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
            tuple(tuple(i for b in range(chunk)
                        if m >> b & 1 and base + b < len(ids) and (i := ids[base + b]) is not None)
                  for m in range(1 << chunk))
            for base in range(0, len(ids), chunk))
        self.tables = tables
        c1, c2, c3, c4, c5 = (chunk * k for k in range(1, 6))
        if len(tables) == 4:
            t0, t1, t2, t3 = tables

            def of(m: int) -> list[int]:
                return [*t0[m & low], *t1[m >> c1 & low], *t2[m >> c2 & low], *t3[m >> c3 & low]]
        elif len(tables) == 6:
            t0, t1, t2, t3, t4, t5 = tables

            def of(m: int) -> list[int]:
                return [*t0[m & low], *t1[m >> c1 & low], *t2[m >> c2 & low], *t3[m >> c3 & low],
                        *t4[m >> c4 & low], *t5[m >> c5 & low]]
        else:
            def of(m: int) -> list[int]:
                out: list[int] = []
                for t in tables:
                    out += t[m & low]
                    m >>= chunk
                return out
        self.of = of

    def __call__(self, mask: int) -> list[int]:
        return self.of(mask)
