"""The card play of Doppelkopf as small integer functions, written once.

The engine (:class:`.rules.Order`: ``follow_mask``, ``beats``) calls them as plain Python with an
order's tables; the compiled kernel (:mod:`stammtisch.bots.kernels.doppelkopf`) compiles these very
functions with Numba and passes the same tables as arrays. So they stay in the subset both
understand: integers, bit sets and tables in, integers out, no objects.

Tables of one trump order (:class:`.rules.Order`): ``eff[card]`` the effective suit (0..3 a Fehl
suit, 4 trump), ``power[card]`` the strength inside it, ``masks[effective suit]`` its cards.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TRUMP", "follow_mask", "beats", "trick_winner"]

TRUMP = 4


def follow_mask(hand: int, led: int, eff: Sequence[int], masks: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to a trick led with the card ``led`` (-1: leading):
    follow the effective suit (trump led: trump), else anything (Doppelkopf-Turnier 1.)."""
    if led < 0:
        return hand
    m = hand & masks[eff[led]]
    return m if m else hand


def beats(card: int, best: int, eff: Sequence[int], power: Sequence[int]) -> bool:
    """Whether ``card`` played later beats ``best`` played earlier: a trump beats a Fehl card,
    within one effective suit the strictly higher power; of two equal cards the first played wins
    (Doppelkopf-Turnier 1.)."""
    e, b = eff[card], eff[best]
    if e == b:
        return power[card] > power[best]
    return e == TRUMP


def trick_winner(trick: Sequence[int], base: int, n: int, eff: Sequence[int], power: Sequence[int]) -> int:
    """Index (0..n-1) of the card winning ``trick[base:base + n]`` so far (:func:`beats`)."""
    best = trick[base]
    bi = 0
    for i in range(1, n):
        c = trick[base + i]
        if beats(c, best, eff, power):
            best = c
            bi = i
    return bi
