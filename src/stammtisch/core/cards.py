"""Cards and decks of the four games, as small integers with a text notation.

A card is an ``int``: its index in its :class:`Deck`. Sets of cards are bit sets
(:mod:`stammtisch.core.bits`). Every deck has a short ASCII notation, documented in
``docs/records.md`` and round-trip tested: ``deck.parse(deck.format(c)) == c``.

======== ================================ ======================================
deck     suits                            ranks (low to high in the notation order)
======== ================================ ======================================
jass     E Eicheln, S Schellen,           6 7 8 9 10 U O K A   (10 = Banner,
         L Schilten, R Rosen              U = Under/Buur, O = Ober)
doko     X Kreuz, P Pik, H Herz, K Karo   9 10 B D K A (each card twice)
tarock   H Herz, K Karo, P Pik, X Kreuz;  red: 4 3 2 1 B R D K; black: 7 8 9 10 B R D K
         T1..T21 Tarock, T22 = Sküs (Sk)  (B Bube, R Reiter, D Dame, K König)
perlaggen E Eichel, L Laub, H Herz,       7 8 9 10 U O K A, plus W = Weli (the Schell-6)
         S Schell
======== ================================ ======================================

>>> JASS.format(JASS.parse("EU"))
'EU'
>>> DOKO.format(DOKO.parse("H10"))
'H10'
>>> TAROCK.parse("Sküs") == TAROCK.parse("T22") == TAROCK.parse("XXII")
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from .bits import iter_bits
from .errors import BadNotation
from .messages import Msg

__all__ = ["Deck", "JASS", "DOKO", "TAROCK", "PERLAGGEN", "DECKS", "roman"]

_ROMAN = [(10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")]


def roman(n: int) -> str:
    """Roman numeral for 1..39 (the Tarock cards are numbered I..XXI, Sküs XXII)."""
    out = ""
    for value, sym in _ROMAN:
        while n >= value:
            out += sym
            n -= value
    return out


@dataclass(frozen=True)
class Deck:
    """A deck: its cards in index order, each with a suit and a rank.

    :param name: deck name (``"jass"``, ``"doko"``, ``"tarock"``, ``"perlaggen"``)
    :param suits: suit codes in index order
    :param suit_names: the suits' full names
    :param notation: the canonical notation of every card, by index
    :param card_suit: suit index of every card
    :param card_rank: rank code (a short string) of every card
    :param copies: how often each card kind occurs (Doppelkopf: 2; cards ``2k`` and
        ``2k+1`` are the two copies of kind ``k`` and share a notation)
    """

    name: str
    suits: tuple[str, ...]
    suit_names: tuple[str, ...]
    notation: tuple[str, ...]
    card_suit: tuple[int, ...]
    card_rank: tuple[str, ...]
    copies: int = 1
    aliases: dict[str, int] = field(default_factory=dict, compare=False, repr=False)

    def __post_init__(self) -> None:
        table: dict[str, int] = {}
        for i, text in enumerate(self.notation):
            table.setdefault(text.upper(), i)  # first copy wins
        for alias, i in self.aliases.items():
            table.setdefault(alias.upper(), i)
        object.__setattr__(self, "_parse_table", table)

    # -- sizes and masks ---------------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of cards in the deck."""
        return len(self.notation)

    @property
    def full_mask(self) -> int:
        """Bit set of the whole deck."""
        return (1 << self.size) - 1

    def suit_mask(self, suit: int) -> int:
        """Bit set of every card of suit index ``suit``."""
        m = 0
        for i, s in enumerate(self.card_suit):
            if s == suit:
                m |= 1 << i
        return m

    def kind(self, card: int) -> int:
        """The card's kind (equal for the copies of a Doppelkopf card)."""
        return card // self.copies

    # -- notation ----------------------------------------------------------------------
    def format(self, card: int) -> str:
        """Canonical notation of ``card``."""
        return self.notation[card]

    def parse(self, text: str) -> int:
        """The card written as ``text`` (case-insensitive; the first copy for Doppelkopf).

        :raises BadNotation: when ``text`` is no card of this deck
        """
        key = text.strip().upper()
        try:
            return int(self._parse_table[key])  # type: ignore[attr-defined]
        except KeyError:
            raise BadNotation(Msg("'{text}' is not a card of the {name} deck", text=text, name=self.name)) from None

    def format_cards(self, cards: Iterable[int]) -> list[str]:
        """Notation of several cards."""
        return [self.notation[c] for c in cards]

    def format_mask(self, mask: int) -> list[str]:
        """Notation of the cards in a bit set, in index order."""
        return [self.notation[c] for c in iter_bits(mask)]

    def parse_cards(self, texts: Iterable[str]) -> list[int]:
        """Parse several cards; for Doppelkopf the second occurrence of a kind is the second copy.

        :raises BadNotation: on an unknown card or a card given more often than the deck has it
        """
        out: list[int] = []
        seen: dict[int, int] = {}
        for t in texts:
            first = self.parse(t)
            n = seen.get(first, 0)
            if n >= self.copies:
                raise BadNotation(Msg("'{t}' occurs more often than the {name} deck holds it", t=t, name=self.name))
            seen[first] = n + 1
            out.append(first + n)
        return out


def _simple_deck(name: str, suits: str, suit_names: tuple[str, ...], ranks: tuple[str, ...],
                 copies: int = 1, extra: tuple[tuple[str, int, str], ...] = (),
                 aliases: dict[str, str] | None = None) -> Deck:
    notation, card_suit, card_rank = [], [], []
    for s, code in enumerate(suits):
        for r in ranks:
            for _ in range(copies):
                notation.append(code + r)
                card_suit.append(s)
                card_rank.append(r)
    for text, s, r in extra:
        notation.append(text)
        card_suit.append(s)
        card_rank.append(r)
    deck = Deck(name, tuple(suits), suit_names, tuple(notation), tuple(card_suit), tuple(card_rank), copies)
    if aliases:
        resolved = {a: deck.parse(t) for a, t in aliases.items()}
        deck = Deck(name, tuple(suits), suit_names, tuple(notation), tuple(card_suit), tuple(card_rank),
                    copies, resolved)
    return deck


#: Schieber Jass: 36 Swiss-German cards, index = suit * 9 + rank (6 lowest .. Ass highest).
JASS = _simple_deck(
    "jass", "ESLR", ("Eicheln", "Schellen", "Schilten", "Rosen"),
    ("6", "7", "8", "9", "10", "U", "O", "K", "A"),
    aliases={f"{s}B": f"{s}10" for s in "ESLR"},  # B = Banner
)

#: Doppelkopf: 48 cards with nines, each kind twice; index = kind * 2 + copy.
DOKO = _simple_deck(
    "doko", "XPHK", ("Kreuz", "Pik", "Herz", "Karo"),
    ("9", "10", "B", "D", "K", "A"), copies=2,
    aliases={f"{s}J": f"{s}B" for s in "XPHK"} | {f"{s}Q": f"{s}D" for s in "XPHK"},
)


def _tarock_deck() -> Deck:
    notation, card_suit, card_rank = [], [], []
    red = ("4", "3", "2", "1", "B", "R", "D", "K")
    black = ("7", "8", "9", "10", "B", "R", "D", "K")
    for s, code in enumerate("HKPX"):
        for r in (red if code in "HK" else black):
            notation.append(code + r)
            card_suit.append(s)
            card_rank.append(r)
    for n in range(1, 23):
        notation.append(f"T{n}")
        card_suit.append(4)
        card_rank.append(str(n))
    base = Deck("tarock", ("H", "K", "P", "X", "T"), ("Herz", "Karo", "Pik", "Kreuz", "Tarock"),
                tuple(notation), tuple(card_suit), tuple(card_rank))
    aliases = {roman(n): base.parse(f"T{n}") for n in range(1, 23)}
    aliases |= {"SK": base.parse("T22"), "SKÜS": base.parse("T22"), "SKUES": base.parse("T22"),
                "SKUS": base.parse("T22"), "PAGAT": base.parse("T1"), "MOND": base.parse("T21")}
    return Deck(base.name, base.suits, base.suit_names, base.notation, base.card_suit, base.card_rank, 1, aliases)


#: Königrufen Tarock: 54 cards; index 0..31 the suits (8 each, low to high), 32..53 Tarock I..XXII.
TAROCK = _tarock_deck()

#: Perlaggen: 33 German-suited cards, index = suit * 8 + rank (7 lowest .. Ass), 32 = the Weli.
PERLAGGEN = _simple_deck(
    "perlaggen", "ELHS", ("Eichel", "Laub", "Herz", "Schell"),
    ("7", "8", "9", "10", "U", "O", "K", "A"),
    extra=(("W", 3, "6"),),
    aliases={"WELI": "W", "S6": "W"} | {f"G{r}": f"L{r}" for r in ("7", "8", "9", "10", "U", "O", "K", "A")},
)

DECKS: dict[str, Deck] = {d.name: d for d in (JASS, DOKO, TAROCK, PERLAGGEN)}
