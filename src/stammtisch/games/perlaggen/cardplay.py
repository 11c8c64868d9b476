"""The card play of Perlaggen as small integer functions, written once.

The engine (:mod:`.rules`, :mod:`.state`, the rule player) calls them as plain Python; the compiled
kernel (:mod:`stammtisch.bots.kernels.perlaggen`) compiles these very functions with Numba. So they
stay in the subset both understand: integers and bit sets in, integers out, no objects.

Cards are indices of :data:`~stammtisch.core.cards.PERLAGGEN` (``suit * 8 + rank``, 32 the Weli).

>>> from stammtisch.core.cards import PERLAGGEN as D
>>> hand = sum(1 << D.parse(c) for c in ("E7", "EA", "L9", "W"))
>>> [D.format(c) for c in range(33) if legal_mask(hand, 0, 1, 1 << 32, False) >> c & 1]  # Eichel led, Laub trump
['E7', 'EA', 'L9', 'W']
>>> trick_key(1, 7, 0, 0, 1) > trick_key(0, 7, 0, 0, 1)  # a trump beats the led suit's Ass
True
"""

from __future__ import annotations

__all__ = ["WELI", "SCHELL", "legal_mask", "counts_as", "trick_key"]

WELI = 32
SCHELL = 3


def legal_mask(hand: int, led_suit: int, trump: int, pmask: int, any_card: bool) -> int:
    """The cards (bit set) a seat holding ``hand`` may play (§15): the led suit's natural cards,
    else anything; following, a trump or a Perlagg may always go instead (a Perlagg is always
    "Farbe"). ``led_suit`` -1: leading; ``pmask``: the Perlaggen of this trump; ``any_card``: every
    card may be played (a revoke is an offence to claim, §17, §33)."""
    if led_suit < 0 or any_card:
        return hand
    naturals = hand & ~pmask
    follow = naturals & (0xFF << (8 * led_suit))
    if not follow:
        return hand
    return follow | (naturals & (0xFF << (8 * trump))) | (hand & pmask)


def counts_as(card: int, taufe: int, prank: int) -> tuple[int, int, int]:
    """``(suit, height, Perlagg rank)`` that ``card`` counts as in a trick, played getauft as the
    suit card ``taufe`` (-1: as itself). Getauft, it is that card and beats the real one of the
    same value by ``prank``, its Perlagg rank (§18, §20); as itself a Perlagg is its printed card,
    the Weli a Schell-6 below the Schell-7 (height -1)."""
    if taufe >= 0:
        return taufe >> 3, taufe & 7, prank
    if card == WELI:
        return SCHELL, -1, 0
    return card >> 3, card & 7, 0


def trick_key(suit: int, height: int, prank: int, led: int, trump: int) -> int:
    """How strongly a card counting as ``(suit, height, prank)`` stands in a trick whose first card
    counts as suit ``led``: trump beats the led suit beats the rest; within a suit the higher value;
    at equal value the getaufte Perlagg by its rank (§20). The trick goes to the first card of the
    highest key."""
    cls = 2 if suit == trump else (1 if suit == led else 0)
    return (cls * 16 + height + 1) * 16 + prank
