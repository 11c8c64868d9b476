"""Card order, Augen and trick taking for every Doppelkopf contract: small pure functions.

A card is an index into :data:`~stammtisch.core.cards.DOKO` (``kind * 2 + copy``; kind =
``suit * 6 + rank`` with suits X P H K = Kreuz Pik Herz Karo and ranks 9 10 B D K A).
Each *trump kind* (``normal`` and the solo kinds) has a precomputed :class:`Order`:
the effective suit of every card (0..3 a Fehl suit, 4 trump), its power within that suit
and bit masks per effective suit, so following suit and winning a trick are a few integer
operations.

>>> o = ORDERS["normal"]
>>> o.beats(DOKO.parse("H10"), DOKO.parse("XD"))
True
>>> trick_winner(o, [(0, DOKO.parse("H10")), (1, DOKO.parse("H10") + 1)])
0
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stammtisch.core.bits import BIT
from stammtisch.core.cards import DOKO

from .cardplay import beats, follow_mask

__all__ = [
    "AUGEN", "SOLO_KINDS", "COLOR_SOLOS", "TRUMP", "Order", "ORDERS", "trick_winner", "card_of",
    "XD", "KA", "XB", "augen_of",
]

RANKS = ("9", "10", "B", "D", "K", "A")
SUITS = "XPHK"
#: Augen per rank (DDV TSR 2.2): A 11, 10 10, K 4, D 3, B 2, 9 0 — 240 in the pack.
_RANK_AUGEN = {"9": 0, "10": 10, "B": 2, "D": 3, "K": 4, "A": 11}
AUGEN: tuple[int, ...] = tuple(_RANK_AUGEN[DOKO.card_rank[c]] for c in range(48))
TRUMP = 4

#: the solo kinds of Doppelkopf-Turnier 3.: Fleischloser, Bubensolo, Damensolo, Farbsolo per suit
COLOR_SOLOS = {"kreuz": 0, "pik": 1, "herz": 2, "karo": 3}
SOLO_KINDS: tuple[str, ...] = ("fleischlos", "buben", "damen", "kreuz", "pik", "herz", "karo")


def card_of(suit: str, rank: str) -> int:
    """The first copy of a card, e.g. ``card_of("H", "10")``."""
    return (SUITS.index(suit) * 6 + RANKS.index(rank)) * 2


XD = card_of("X", "D")  #: ♣ Queen, first copy (the Re cards are XD and XD + 1)
KA = card_of("K", "A")  #: ♦ Ace, the Fuchs (normal game)
XB = card_of("X", "B")  #: ♣ Jack, Karlchen


def augen_of(cards: Sequence[int]) -> int:
    """Sum of Augen."""
    return sum(AUGEN[c] for c in cards)


@dataclass(frozen=True)
class Order:
    """The card order of one trump kind.

    :param eff: effective suit of each card (0..3 Fehl suit, 4 trump)
    :param power: strength inside the effective suit (higher wins)
    :param masks: bit set per effective suit (index 4 = trumps)
    :param trumps_high_to_low: trump card kinds, highest first (for display and bots)
    """

    name: str
    eff: tuple[int, ...]
    power: tuple[int, ...]
    masks: tuple[int, ...]
    trumps_high_to_low: tuple[int, ...]

    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` played later beats ``best`` played earlier.

        Strictly higher only: of two equal cards the first played wins (Doppelkopf-Turnier 1.).
        """
        return beats(card, best, self.eff, self.power)  # cardplay: the kernel's rule too

    def follow_mask(self, hand: int, led: int) -> int:
        """The cards of ``hand`` that may be played to a trick led with ``led`` (must follow the
        effective suit; trump led means trump must be played; else anything)."""
        return follow_mask(hand, led, self.eff, self.masks)

    def sort_key(self, card: int) -> tuple[int, int]:
        """Display order: trumps first (highest first), then Fehl suits X P H K, high first."""
        e = self.eff[card]
        return (0 if e == TRUMP else 1 + e, -self.power[card])


def _order(name: str) -> Order:
    # trump kinds from high to low (as card kinds = suit*6 + rank)
    def k(s: str, r: str) -> int:
        return SUITS.index(s) * 6 + RANKS.index(r)

    queens = [k(s, "D") for s in SUITS]
    jacks = [k(s, "B") for s in SUITS]
    if name == "fleischlos":
        trumps: list[int] = []
    elif name == "buben":
        trumps = jacks
    elif name == "damen":
        trumps = queens
    else:
        # normal game and Farbsolo (Doppelkopf-Turnier 3.): ♥10, Damen, Buben stay trump;
        # the trump suit's A 10 K 9 follow (♦ in the normal game).
        suit = "K" if name == "normal" else SUITS[COLOR_SOLOS[name]]
        own = [k(suit, r) for r in ("A", "10", "K", "9") if (suit, r) != ("H", "10")]
        trumps = [k("H", "10")] + queens + jacks + own
    fehl_order = ("9", "B", "D", "K", "10", "A")  # low to high in the Fehl suits
    eff = [0] * 48
    power = [0] * 48
    masks = [0, 0, 0, 0, 0]
    for c in range(48):
        kind = c // 2
        if kind in trumps:
            eff[c] = TRUMP
            power[c] = 100 - trumps.index(kind)
        else:
            eff[c] = kind // 6
            power[c] = fehl_order.index(RANKS[kind % 6])
        masks[eff[c]] |= BIT[c]
    return Order(name, tuple(eff), tuple(power), tuple(masks), tuple(trumps))


#: every trump kind: the normal game (also Hochzeit, stille Hochzeit) and the solos
ORDERS: dict[str, Order] = {n: _order(n) for n in ("normal",) + SOLO_KINDS}


def trick_winner(order: Order, trick: Sequence[tuple[int, int]]) -> int:
    """Seat winning ``trick`` (``[(seat, card), ...]`` in play order); first of equal cards wins."""
    best_seat, best = trick[0]
    for seat, card in trick[1:]:
        if order.beats(card, best):
            best_seat, best = seat, card
    return best_seat
