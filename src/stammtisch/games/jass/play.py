"""Legal cards and trick winners as small pure functions on bit sets.

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

from .modes import RANK_OF, STRENGTH, SUIT_MASK, SUIT_OF, TM_TUTTI, UNDER

__all__ = ["legal_mask", "trick_winner", "trick_points", "BUUR_BIT", "cards_of"]

CHUNKS = _CHUNKS = tuple(tuple(tuple(s * 9 + r for r in range(9) if m >> r & 1) for m in range(512)) for s in range(4))
_C0, _C1, _C2, _C3 = _CHUNKS


def cards_of(mask: int) -> tuple[int, ...]:
    """The card indices of a Jass bit set, lowest first (four table lookups)."""
    return _C0[mask & 511] + _C1[mask >> 9 & 511] + _C2[mask >> 18 & 511] + _C3[mask >> 27 & 511]

#: the bit of each suit's Under (the trump Under is the Buur)
BUUR_BIT = tuple(1 << (s * 9 + UNDER) for s in range(4))


def legal_mask(hand: int, trick: Sequence[int], tm: int, no_undertrump: bool) -> int:
    """The cards of ``hand`` that may be played to ``trick`` (cards so far, leader first).

    * Papagei-Jass §30: the leader may play any card.
    * Follow suit; a trump may always be played instead (Swisslos, Schieber-Jass).
    * §26: the trump Under (Buur) never has to be played to a trump lead.
    * §27: after a trump fell to a non-trump lead, no lower trump may be played unless the hand
      holds only trumps (``no_undertrump``: modes where points are wanted, i.e. not Misere).
    * Obenabe/Undenufe (tm 4, 5): no trump at all, just follow suit.
    """
    if not trick:
        return hand
    led = SUIT_OF[trick[0]]
    follow = hand & SUIT_MASK[led]
    if tm >= 4 and tm != TM_TUTTI:
        return follow or hand
    trump = tm if tm < 4 else led
    if led == trump:
        # must follow trump, unless the Buur is the only trump held (§26)
        return follow if follow & ~BUUR_BIT[trump] else hand
    tmask = SUIT_MASK[trump]
    trumps = hand & tmask
    legal = (follow | trumps) if follow else hand
    if no_undertrump and trumps and trumps != hand:
        base = tm * 144 + led * 36
        best = 0
        for c in trick:
            if SUIT_OF[c] == trump and STRENGTH[base + c] > best:
                best = STRENGTH[base + c]
        if best:
            lower = 0
            t = trumps
            while t:
                low = t & -t
                c = low.bit_length() - 1
                if STRENGTH[base + c] < best:
                    lower |= low
                t ^= low
            legal &= ~lower
    return legal


def trick_winner(trick: Sequence[int], tm: int) -> int:
    """Position (0..3, from the leader) of the card that wins a complete trick (§22)."""
    base = tm * 144 + SUIT_OF[trick[0]] * 36
    best, pos = -1, 0
    for i, c in enumerate(trick):
        v = STRENGTH[base + c]
        if v > best:
            best, pos = v, i
    return pos


def trick_points(trick: Sequence[int], tm: int, points: Sequence[int]) -> int:
    """Card points of a trick under trick mode ``tm`` (``points`` from :data:`modes.POINTS`)."""
    base = tm * 144 + SUIT_OF[trick[0]] * 36
    return sum(points[base + c] for c in trick)


def is_rank(card: int, rank: int) -> bool:
    return RANK_OF[card] == rank
