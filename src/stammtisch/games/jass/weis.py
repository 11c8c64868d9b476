"""Weis (Papagei-Jass §29): finding, parsing, validating and ranking declarations.

A Weis item is written in notation as a sequence ``E8-E10`` (lowest to highest card in the
natural order 6 7 8 9 10 U O K A, always, even in Undenufe) or as a four of a kind ``4U``,
``49``, ``4A``. Several items are joined with ``+``: ``weis:E8-E10+4U``.

>>> from stammtisch.core.cards import JASS
>>> from stammtisch.core.bits import mask_of
>>> hand = mask_of(JASS.parse_cards(["E6", "E7", "E8", "E9", "SU", "EU", "LU", "RU", "R6"]))
>>> [str(w) for w in all_weis(hand)]
['E6-E9', '4U']
>>> sum(w.points for w in all_weis(hand))
250
"""

from __future__ import annotations

from stammtisch.core.messages import Msg
from dataclasses import dataclass

from .modes import RANKS, SUITS

__all__ = ["WeisItem", "all_weis", "parse_weis", "best_key", "SEQUENCE_POINTS", "FOUR_POINTS"]

#: §29: 3..9 cards in sequence
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 150, 7: 200, 8: 250, 9: 300}
#: §29: four of a kind, by rank index (6 7 8 9 10 U O K A): Under 200, Nell 150, all others 100
FOUR_POINTS = (100, 100, 100, 150, 100, 200, 100, 100, 100)


@dataclass(frozen=True, order=True)
class WeisItem:
    """One Weis: ``kind`` is ``"seq"`` (suit, lowest rank, length) or ``"four"`` (rank)."""

    kind: str
    suit: int  # -1 for a four of a kind
    low: int  # lowest rank of a sequence, the rank of a four
    length: int

    @property
    def points(self) -> int:
        return SEQUENCE_POINTS[self.length] if self.kind == "seq" else FOUR_POINTS[self.low]

    @property
    def mask(self) -> int:
        if self.kind == "seq":
            return ((1 << self.length) - 1) << (self.suit * 9 + self.low)
        return sum(1 << (s * 9 + self.low) for s in range(4))

    def __str__(self) -> str:
        if self.kind == "seq":
            s = SUITS[self.suit]
            return f"{s}{RANKS[self.low]}-{s}{RANKS[self.low + self.length - 1]}"
        return f"4{RANKS[self.low]}"

    def describe(self) -> str:
        if self.kind == "four":
            return f"vier {RANKS[self.low]} ({self.points})"
        return f"{self.length} Blatt {self} ({self.points})"


def _runs(bits: int) -> list[tuple[int, int]]:
    """The maximal runs of 3+ set bits among nine: ``(lowest rank, length)``."""
    out = []
    r = 0
    while r < 9:
        if bits >> r & 1:
            start = r
            while r < 9 and bits >> r & 1:
                r += 1
            if r - start >= 3:
                out.append((start, r - start))
        else:
            r += 1
    return out


#: per suit and nine-bit pattern of that suit's cards: its sequence items (built once)
_SEQS = tuple(tuple(tuple(WeisItem("seq", s, lo, n) for lo, n in _runs(bits)) for bits in range(512))
              for s in range(4))
#: per rank: the four cards of a four of a kind and its item
_FOURS = tuple((sum(1 << (s * 9 + r) for s in range(4)), WeisItem("four", -1, r, 4)) for r in range(9))


def all_weis(hand: int) -> list[WeisItem]:
    """Every Weis of a hand: each maximal run of 3+ cards per suit and each four of a kind
    (a card may serve in a run and a four, "über Kreuz", §29). This is the best declaration."""
    out = [*_SEQS[0][hand & 511], *_SEQS[1][hand >> 9 & 511], *_SEQS[2][hand >> 18 & 511],
           *_SEQS[3][hand >> 27 & 511]]
    for four, item in _FOURS:
        if hand & four == four:
            out.append(item)
    return out


def parse_weis(text: str) -> list[WeisItem]:
    """Parse ``E8-E10+4U`` into items.

    :raises ValueError: on anything that is not a Weis in notation
    """
    items = []
    for part in text.split("+"):
        part = part.strip().upper()
        if not part:
            raise ValueError(Msg("empty Weis"))
        if part[0] == "4" and part[1:] in RANKS:
            items.append(WeisItem("four", -1, RANKS.index(part[1:]), 4))
            continue
        if "-" not in part:
            raise ValueError(Msg("'{text}' is no Weis (write a sequence as E8-E10, four of a kind as 4U)", text=part))
        a, b = part.split("-", 1)
        if len(a) < 2 or len(b) < 2 or a[0] != b[0] or a[0] not in SUITS or a[1:] not in RANKS or b[1:] not in RANKS:
            raise ValueError(Msg("'{text}' is no sequence of one suit", text=part))
        lo, hi = RANKS.index(a[1:]), RANKS.index(b[1:])
        if hi - lo + 1 < 3:
            raise ValueError(Msg("'{text}' is shorter than three cards", text=part))
        items.append(WeisItem("seq", SUITS.index(a[0]), lo, hi - lo + 1))
    return items


def check_declaration(hand: int, items: list[WeisItem]) -> Msg | None:
    """Why ``items`` cannot be declared from ``hand`` (``None`` when they can).

    Every card must be held; a card may be in at most one sequence and one four (§29 "über
    Kreuz"); no item twice.
    """
    seq_cards = 0
    seen = set()
    for it in items:
        if it in seen:
            return Msg("{weis} is declared twice (a Weis must be held)", weis=str(it))
        seen.add(it)
        if it.mask & ~hand:
            return Msg("you do not hold {weis} (a Weis must be held)", weis=str(it))
        if it.kind == "seq":
            if seq_cards & it.mask:
                return Msg("{weis} shares cards with another sequence (a Weis must be held)", weis=str(it))
            seq_cards |= it.mask
    return None


def best_key(item: WeisItem, trump: int | None, down: bool) -> tuple[int, int, int, int]:
    """Ranking key of one Weis (§29, §29.2): points, then number of cards, then the highest
    card (in Undenufe the lowest natural card is the highest), then the trump suit.
    Ties beyond that go to whoever declared first."""
    if item.kind == "seq":
        top = 8 - item.low if down else item.low + item.length - 1
    else:
        top = 8 - item.low if down else item.low
    return (item.points, item.length, top, 1 if trump is not None and item.suit == trump else 0)
