"""The card play of Königrufen Tarock as small integer functions, written once.

The engine (:func:`.cards.trick_winner`, :func:`.cards.legal_plays`) calls them as plain Python;
the compiled kernel (:mod:`stammtisch.bots.kernels.tarock_play`) compiles these very functions with
Numba. So they stay in the subset both understand: integers, bit sets and integer sequences in,
integers out, no objects. A trick is ``trick[base:base + n]``, in the order played.

Cards are indices of :data:`~stammtisch.core.cards.TAROCK`: suit cards ``suit * 8 + rank`` (0-31),
tarock 32 (Pagat) to 53 (Sküs).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

__all__ = ["PAGAT", "MOND", "SKUES", "TAROCK_MASK", "trick_winner", "legal_cards"]

PAGAT, MOND, SKUES = 32, 52, 53
TAROCK_MASK = ((1 << 22) - 1) << 32


def trick_winner(trick: Sequence[int], base: int, n: int, colour: bool, kaiser: bool, kaiser_order: bool) -> int:
    """Index (0..n-1) of the card winning ``trick[base:base + n]`` so far.

    A tarock beats every suit card (but not in colour games, where only a led tarock counts:
    Österreich-Finale 7)); otherwise the highest card of the led suit wins. With ``kaiser`` the
    Pagat beats Sküs and Mond in the same trick, with ``kaiser_order`` only in the order Mond,
    Sküs, Pagat (Tiroler Cup, Paragrafen; in colour games only when tarock was led).
    """
    first = trick[base]
    if first >= 32 or not colour:
        best, bi = -1, -1
        for i in range(n):
            c = trick[base + i]
            if c > best and c >= 32:
                best, bi = c, i
        if bi >= 0:
            if kaiser and best == SKUES:
                ip, im, isk = -1, -1, -1
                for i in range(n):
                    c = trick[base + i]
                    if c == PAGAT:
                        ip = i
                    elif c == MOND:
                        im = i
                    elif c == SKUES:
                        isk = i
                if ip >= 0 and im >= 0 and (not kaiser_order or im < isk < ip):
                    return ip
            return bi
    led = first >> 3
    best, bi = first, 0
    for i in range(1, n):
        c = trick[base + i]
        if c < 32 and (c >> 3) == led and c > best:
            best, bi = c, i
    return bi


def legal_cards(hand: int, trick: MutableSequence[int], base: int, n: int, colour: bool, stichzwang: bool,
                pagat_last: bool, kaiser: bool, kaiser_order: bool) -> int:
    """The bit set of cards ``hand`` may play to ``trick[base:base + n]``; ``trick[base + n]`` is
    scratch space (the slot of the card about to be played).

    * Farbzwang, then Tarockzwang: follow the led suit; without it play tarock; without tarock
      anything (Österreich-Finale 6), 7), 10)).
    * Colour games: tarock may be led only without any suit card (Österreich-Finale 7)).
    * ``pagat_last`` (negative games, Trischaken): the Pagat only as the last tarock
      (Österreich-Finale 5), 6)).
    * ``stichzwang`` (negative games, Trischaken): a card that takes the lead of the trick must be
      played when one may be (Österreich-Finale 5), 6)).
    """
    if n == 0:
        allowed = hand
        if colour and hand & ~TAROCK_MASK:
            allowed = hand & ~TAROCK_MASK
    else:
        led = trick[base]
        if led >= 32:
            allowed = hand & TAROCK_MASK
        else:
            allowed = hand & (0xFF << (8 * (led >> 3)))
        if not allowed:
            allowed = hand & TAROCK_MASK  # Tarockzwang
            if not allowed:
                allowed = hand
    others = hand & TAROCK_MASK & ~(1 << PAGAT)
    if pagat_last and (allowed >> PAGAT) & 1 and others:  # the Pagat only as the last tarock
        rest = allowed & ~(1 << PAGAT)
        allowed = rest if rest else others
    if stichzwang and n:  # a card that takes the lead of the trick, when one may
        winners = 0
        for c in range(54):
            if (allowed >> c) & 1:
                trick[base + n] = c
                if trick_winner(trick, base, n + 1, colour, kaiser, kaiser_order) == n:
                    winners |= 1 << c
        if winners:
            allowed = winners
    return allowed
