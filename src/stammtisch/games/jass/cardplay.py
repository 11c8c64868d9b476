"""The card play of Schieber Jass as small integer functions, written once.

The engine (:mod:`.play`: legal cards, trick winner, trick points) calls them as plain Python with
the tables of :mod:`.modes`; the compiled kernel (:mod:`stammtisch.bots.kernels.jass`) compiles
these very functions with Numba and passes the same tables as arrays. So they stay in the subset
both understand: integers, bit sets and tables in, integers out, no objects.

Tables (from :mod:`.modes`): ``strength[(tm * 4 + led) * 36 + card]`` (who wins, 0 for a card that
cannot win), ``points[(tm * 4 + led) * 36 + card]`` (card points), ``suit_mask[suit]``,
``buur_bit[suit]`` (the Under of each suit). ``tm`` is the trick mode: 0-3 trump suit, 4 Obenabe,
5 Undenufe, 6 Tutti (trump the suit led). A trick is ``trick[0:n]``, leader first.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["TM_TUTTI", "legal_cards", "trick_winner", "trick_points"]

#: the trick mode in which the suit led is trump (Tutti, §24.6)
TM_TUTTI = 6


def legal_cards(hand: int, trick: Sequence[int], n: int, tm: int, no_undertrump: bool,
                strength: Sequence[int], suit_mask: Sequence[int], buur_bit: Sequence[int]) -> int:
    """The cards of ``hand`` that may be played to the trick ``trick[0:n]``.

    * Papagei-Jass §30: the leader may play any card.
    * Follow suit; a trump may always be played instead (Swisslos, Schieber-Jass).
    * §26: the trump Under (Buur) never has to be played to a trump lead.
    * §27: after a trump fell to a non-trump lead, no lower trump may be played unless the hand
      holds only trumps (``no_undertrump``: modes where points are wanted, i.e. not Misere).
    * Obenabe/Undenufe (tm 4, 5): no trump at all, just follow suit.
    """
    if n == 0:
        return hand
    led = trick[0] // 9
    follow = hand & suit_mask[led]
    if tm >= 4 and tm != TM_TUTTI:
        return follow if follow else hand
    trump = tm if tm < 4 else led
    if led == trump:
        # must follow trump, unless the Buur is the only trump held (§26)
        return follow if follow & ~buur_bit[trump] else hand
    trumps = hand & suit_mask[trump]
    legal = (follow | trumps) if follow else hand
    if no_undertrump and trumps and trumps != hand:
        base = (tm * 4 + led) * 36
        best = 0
        for i in range(n):
            c = trick[i]
            if c // 9 == trump and strength[base + c] > best:
                best = strength[base + c]
        if best:
            for c in range(trump * 9, trump * 9 + 9):
                if trumps >> c & 1 and strength[base + c] < best:
                    legal &= ~(1 << c)
    return legal


def trick_winner(trick: Sequence[int], n: int, tm: int, strength: Sequence[int]) -> int:
    """Position (0..n-1, from the leader) of the card that wins ``trick[0:n]`` so far (§22): the
    highest strength in the trick's mode, the first of equals."""
    base = (tm * 4 + trick[0] // 9) * 36
    best, pos = -1, 0
    for i in range(n):
        v = strength[base + trick[i]]
        if v > best:
            best, pos = v, i
    return pos


def trick_points(trick: Sequence[int], n: int, tm: int, points: Sequence[int]) -> int:
    """Card points of ``trick[0:n]`` counted in trick mode ``tm`` (the first trick's mode in Slalom
    and Tutti, §24.3, §24.4; the last-trick bonus is the caller's, §11)."""
    base = (tm * 4 + trick[0] // 9) * 36
    total = 0
    for i in range(n):
        total += points[base + trick[i]]
    return total
