"""Tarock card facts: values in thirds, trick winners and the play constraints, as small pure functions.

Cards are :data:`~stammtisch.core.cards.TAROCK` indices: 0..31 the four suits (8 each, low to
high: red ``4 3 2 1 B R D K``, black ``7 8 9 10 B R D K``), 32..53 Tarock I..XXII (``T22`` = Sküs).

Counting is exact in thirds (pagat.com, Königrufen; Österreich-Finale 1)): a card is worth ``3·value − 2``
thirds, so any set of cards counts ``3·Σvalues − 2·cards``; the pack is 210 thirds = 70 points
and "35 Punkte und 2 Blatt" is 107 thirds.

>>> from stammtisch.core.cards import TAROCK
>>> sum(THIRDS)
210
>>> thirds_to_text(107)
'35 2/3'
>>> trick_winner([TAROCK.parse("HK"), TAROCK.parse("T1"), TAROCK.parse("HD")], colour=False, kaiserstich=False)
1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from stammtisch.core.cards import TAROCK
from stammtisch.core.messages import Msg

from .cardplay import legal_cards as _legal_cards
from .cardplay import trick_winner as _trick_winner

__all__ = [
    "TAROCK", "TAROCK_MASK", "SUIT_MASKS", "KINGS", "KING_MASK", "TRULL_MASK", "PAGAT", "UHU", "KAKADU",
    "QUAPIL", "MOND", "SKUES", "BIRDS", "VALUES", "THIRDS", "thirds_of", "thirds_to_text", "suit_of",
    "is_tarock", "trick_winner", "legal_plays", "WIN_THIRDS", "TOTAL_THIRDS",
]

#: index of Tarock I (Pagat)
PAGAT = 32
UHU, KAKADU, QUAPIL = 33, 34, 35
MOND, SKUES = 52, 53
#: the birds and the trick (1-based) each must win: Pagat 12, Uhu 11, Kakadu 10, Quapil 9 (Österreich-Finale 8))
BIRDS: dict[str, tuple[int, int]] = {"pagat": (PAGAT, 12), "uhu": (UHU, 11), "kakadu": (KAKADU, 10),
                                     "quapil": (QUAPIL, 9)}
TAROCK_MASK = ((1 << 22) - 1) << 32
SUIT_MASKS = tuple(0xFF << (8 * s) for s in range(4)) + (TAROCK_MASK,)
KINGS = (7, 15, 23, 31)
KING_MASK = sum(1 << k for k in KINGS)
#: Trull: Pagat, Mond, Sküs
TRULL_MASK = (1 << PAGAT) | (1 << MOND) | (1 << SKUES)
TOTAL_THIRDS = 210
#: "35 Punkte und 2 Blatt" (Österreich-Finale 1))
WIN_THIRDS = 107

_SUIT_VALUES = (1, 1, 1, 1, 2, 3, 4, 5)  # pips, Bube, Reiter, Dame, König
VALUES: tuple[int, ...] = tuple(_SUIT_VALUES * 4) + tuple(5 if n in (1, 21, 22) else 1 for n in range(1, 23))
THIRDS: tuple[int, ...] = tuple(3 * v - 2 for v in VALUES)


def suit_of(card: int) -> int:
    """Suit index 0..3, or 4 for Tarock."""
    return 4 if card >= 32 else card >> 3


def is_tarock(card: int) -> bool:
    return card >= 32


def thirds_of(mask: int) -> int:
    """Card points of a bit set, in thirds."""
    total = 0
    while mask:
        low = mask & -mask
        total += THIRDS[low.bit_length() - 1]
        mask ^= low
    return total


def thirds_to_text(thirds: int) -> str:
    """``107`` → ``'35 2/3'`` (points and Blatt as players say them)."""
    whole, rest = divmod(thirds, 3)
    return f"{whole}" + (f" {rest}/3" if rest else "")


def points_blatt_to_thirds(text: str) -> int:
    """``'35/2'`` (35 Punkte und 2 Blatt, Österreich-Finale 1)) → ``107`` thirds; ``'36'`` → ``108``.

    Points are counted in threes, so the Blatt left over is 0, 1 or 2; the pack holds 70 points
    (210 thirds). Anything else is refused.

    >>> points_blatt_to_thirds("35/2"), points_blatt_to_thirds("36"), points_blatt_to_thirds("0/1")
    (107, 108, 1)

    :raises ValueError: naming what is wrong (the Blatt, the points or the form)
    """
    pts, slash, blatt = str(text).strip().partition("/")
    pts, blatt = pts.strip(), blatt.strip()
    if not pts.isdigit() or (slash and not blatt.lstrip("-").isdigit()):
        raise ValueError(Msg("'Punkte/Blatt' such as '35/2', not {value}", value=repr(text)))
    b = int(blatt) if slash else 0
    if not 0 <= b <= 2:
        raise ValueError(Msg("Blatt is 0, 1 or 2 (cards are counted in threes), not {b} in {value}", b=b, value=repr(text)))
    thirds = 3 * int(pts) + b
    if thirds > 210:
        raise ValueError(Msg("the pack holds 70 points; {value} is more", value=repr(text)))
    return thirds


def trick_winner(cards: Sequence[int], colour: bool, kaiserstich: bool, kaiser_order: bool = False) -> int:
    """Index (into ``cards``) of the card winning the trick so far.

    A tarock beats every suit card (but not in colour games, where only a led tarock counts:
    Österreich-Finale 7)); otherwise the highest card of the led suit wins. With ``kaiserstich``
    the Pagat beats Sküs and Mond in the same trick (Tiroler Cup, Paragrafen; in colour games
    only when tarock was led).
    """
    return _trick_winner(cards, 0, len(cards), colour, kaiserstich, kaiser_order)  # cardplay: the kernel's too


def play_rules(opts: Any, contract: Any) -> dict[str, bool]:
    """The keyword rules of :func:`legal_plays` for a contract under table options: colour
    games, and Stichzwang and Pagat-last in negative games and Trischaken (Österreich-Finale 5), 6), 7))."""
    strict = contract.kind != "positive"
    return {"colour": contract.colour, "stichzwang": strict, "pagat_last": strict,
            "kaiserstich": opts.kaiserstich, "kaiser_order": opts.kaiserstich_order}


def legal_plays(hand: int, trick: Sequence[int], *, colour: bool, stichzwang: bool, pagat_last: bool,
                kaiserstich: bool = False, kaiser_order: bool = False) -> int:
    """The bit set of cards ``hand`` may play to ``trick`` (cards already played, in order).

    * Farbzwang, then Tarockzwang: follow the led suit; without it play tarock; without
      tarock anything (Österreich-Finale 6), 7), 10)).
    * Colour games: tarock may be led only without any suit card (Österreich-Finale 7)).
    * ``pagat_last`` (negative games, Trischaken): the Pagat only as the last tarock
      (Österreich-Finale 5), 6)).
    * ``stichzwang`` (negative games, Trischaken): a card that takes the lead of the trick must
      be played when one may be (Österreich-Finale 5), 6)).
    """
    scratch = [*trick, 0]  # the slot of the card about to be played
    return _legal_cards(hand, scratch, 0, len(trick), colour, stichzwang, pagat_last, kaiserstich, kaiser_order)
