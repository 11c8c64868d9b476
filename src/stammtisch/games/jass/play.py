"""Legal cards and trick winners on bit sets, with the tables of :mod:`.modes` (the rules themselves
are written once in :mod:`.cardplay`, which the compiled kernel plays too).

>>> from stammtisch.core.cards import JASS
>>> from stammtisch.core.bits import mask_of
>>> hand = mask_of(JASS.parse_cards(["EU", "S7", "L8"]))
>>> # Eicheln is trump and led; the only trump in hand is the Under: anything goes (§26)
>>> JASS.format_mask(legal_mask(hand, [JASS.parse("EA")], 0, True))
['EU', 'S7', 'L8']
>>> # with another trump, trump must be played
>>> JASS.format_mask(legal_mask(hand | mask_of([JASS.parse("E6")]), [JASS.parse("EA")], 0, True))
['E6', 'EU']
"""

from __future__ import annotations

from collections.abc import Sequence

from .cardplay import legal_cards
from .cardplay import trick_points as _trick_points
from .cardplay import trick_winner as _trick_winner
from .modes import RANK_OF, STRENGTH, SUIT_MASK, UNDER

__all__ = ["legal_mask", "trick_winner", "trick_points", "BUUR_BIT", "cards_of"]

CHUNKS = _CHUNKS = tuple(tuple(tuple(s * 9 + r for r in range(9) if m >> r & 1) for m in range(512)) for s in range(4))
_C0, _C1, _C2, _C3 = _CHUNKS


def cards_of(mask: int) -> tuple[int, ...]:
    """The card indices of a Jass bit set, lowest first (four table lookups)."""
    return _C0[mask & 511] + _C1[mask >> 9 & 511] + _C2[mask >> 18 & 511] + _C3[mask >> 27 & 511]

#: the bit of each suit's Under (the trump Under is the Buur)
BUUR_BIT = tuple(1 << (s * 9 + UNDER) for s in range(4))


def legal_mask(hand: int, trick: Sequence[int], tm: int, no_undertrump: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first):
    :func:`.cardplay.legal_cards` (§26, §27, §30; the compiled kernel plays the same function)."""
    return legal_cards(hand, trick, len(trick), tm, no_undertrump, STRENGTH, SUIT_MASK, BUUR_BIT)


def trick_winner(trick: Sequence[int], tm: int) -> int:
    """Position (0..3, from the leader) of the card that wins a complete trick (§22)."""
    return _trick_winner(trick, len(trick), tm, STRENGTH)


def trick_points(trick: Sequence[int], tm: int, points: Sequence[int]) -> int:
    """Card points of a trick under trick mode ``tm`` (``points`` from :data:`modes.POINTS`)."""
    return _trick_points(trick, len(trick), tm, points)


def is_rank(card: int, rank: int) -> bool:
    return RANK_OF[card] == rank
