"""Small pure rules functions of Perlaggen: Perlaggen, taufen, legal cards, tricks, figures.

Cards are indices of :data:`~stammtisch.core.cards.PERLAGGEN` (``suit * 8 + rank``, suits
E L H S, ranks 7 8 9 10 U O K A; 32 = the Weli). Suits: 0 Eichel, 1 Laub, 2 Herz, 3 Schell.

>>> from stammtisch.core.cards import PERLAGGEN as D
>>> [D.format(c) for c in perlaggen_order(1)]   # Laub trump, high to low
['HK', 'W', 'L7', 'LU', 'LO', 'E7', 'EU', 'EO']
>>> best_gleich([D.parse(x) for x in ("HA", "SA", "W", "E9", "L8")], 1).n   # two Asse + Weli
3
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.messages import Msg

from .cardplay import counts_as, legal_mask, trick_key

__all__ = [
    "EICHEL", "LAUB", "HERZ", "SCHELL", "WELI", "MARTL", "RANKS", "RANK_WORDS", "SUIT_WORDS",
    "perlaggen_order", "perlagg_rank", "is_perlagg", "standing_perlaggen", "Played", "plain", "baptise",
    "trick_winner", "legal_cards", "Figure", "best_gleich", "best_hanger", "best_hanger_scan", "best_figure",
    "card_name",
    "suit_mask", "parse_play", "figure_cards", "figure_members",
]

EICHEL, LAUB, HERZ, SCHELL = 0, 1, 2, 3
WELI = 32
MARTL = HERZ * 8 + 6  # Herz-König
RANKS = ("7", "8", "9", "10", "U", "O", "K", "A")
#: the ranks as a Gleich names them (plural): messages, rendered in the reader's language
RANK_WORDS = (Msg("Siebener"), Msg("Achter"), Msg("Neuner"), Msg("Zehner"), Msg("Unter"), Msg("Ober"), Msg("Könige"),
              Msg("Asse"))
SUIT_WORDS = ("Eichel", "Laub", "Herz", "Schell")

_SUIT_MASK = tuple(sum(1 << (s * 8 + r) for r in range(8)) for s in range(4))


def suit_mask(suit: int) -> int:
    """The eight natural cards of ``suit`` (the Weli is not counted: it is always a Perlagg)."""
    return _SUIT_MASK[suit]


def card(suit: int, rank: int) -> int:
    return suit * 8 + rank


def perlaggen_order(trump: int, eichel_ober_high: bool = False) -> tuple[int, ...]:
    """The eight Perlaggen high to low (heltschl.org, Perlaggen § 1.2; docs/rules/perlaggen.md): Martl, Weli, Spitz (trump 7),
    trump Unter, trump Ober, Eichel-7, Eichel-Unter, Eichel-Ober (clubs that rank the Eichel-Ober
    above the Eichel-Unter: ``eichel_ober_high``)."""
    eichel = (card(EICHEL, 0), card(EICHEL, 5), card(EICHEL, 4)) if eichel_ober_high else \
        (card(EICHEL, 0), card(EICHEL, 4), card(EICHEL, 5))
    return (MARTL, WELI, card(trump, 0), card(trump, 4), card(trump, 5)) + eichel


#: the Perlaggen of each trump suit as a bit set (the same set whichever Ober ranks higher)
_PMASK = tuple(sum(1 << c for c in perlaggen_order(t)) for t in range(4))


def standing_perlaggen() -> tuple[int, ...]:
    """The five "ständige" Perlaggen, Perlaggen for every trump: Martl, Weli, E7, EU, EO (§4)."""
    return (MARTL, WELI, card(EICHEL, 0), card(EICHEL, 4), card(EICHEL, 5))


def perlagg_rank(c: int, trump: int, eichel_ober_high: bool = False) -> int:
    """8 for the Martl down to 1 for the lowest Perlagg; 0 for a card that is no Perlagg."""
    order = perlaggen_order(trump, eichel_ober_high)
    return 8 - order.index(c) if c in order else 0


def is_perlagg(c: int, trump: int) -> bool:
    return c in perlaggen_order(trump)


def card_name(c: int) -> str:
    return D.format(c)


@dataclass(frozen=True)
class Played:
    """A card on the table as it counts in the trick.

    :param card: the physical card
    :param suit: the suit it counts as (its own, or the Taufe)
    :param height: 0 (7) .. 7 (Ass); the Weli as plain Schell-6 is -1
    :param prank: Perlagg rank if getauft (§20: beats the real card of the same value), else 0
    :param taufe: the card it was getauft as (notation), ``None`` when played as itself
    """

    card: int
    suit: int
    height: int
    prank: int = 0
    taufe: str | None = None

    def notation(self) -> str:
        return D.format(self.card) + (f"={self.taufe}" if self.taufe else "")


def plain(c: int) -> Played:
    """A card played as itself; a Perlagg played without Taufe is declared a plain card (§18):
    the Weli a Schell-6 below the Schell-7, any other Perlagg its printed card."""
    suit, height, _ = counts_as(c, -1, 0)
    return Played(c, suit, height)


def baptise(c: int, as_card: int, trump: int, eichel_ober_high: bool = False) -> Played:
    """A Perlagg getauft as ``as_card`` (a natural card index 0..31): it counts as that card and
    beats the real one of the same value by the Perlagg order (§18, §20)."""
    suit, height, prank = counts_as(c, as_card, perlagg_rank(c, trump, eichel_ober_high))
    return Played(c, suit, height, prank, D.format(as_card))


def parse_play(text: str) -> tuple[int, int | None]:
    """``"LA"`` → (card, None); ``"W=HA"`` → (Weli, Herz-Ass). Raises BadNotation."""
    if "=" in text:
        a, b = text.split("=", 1)
        c, t = D.parse(a), D.parse(b)
        if t == WELI:
            from stammtisch.core.errors import BadNotation
            raise BadNotation("a Perlagg is getauft as one of the 32 suit cards, not as the Weli")
        return c, t
    return D.parse(text), None


def trick_winner(trick: Sequence[Played], trump: int) -> int:
    """Index (into ``trick``) of the winning card: trump beats the led suit beats the rest;
    within a suit the higher value; equal value: the getaufte Perlagg by its rank (§20)."""
    led = trick[0].suit
    best, best_key = 0, -1
    for i, p in enumerate(trick):
        key = trick_key(p.suit, p.height, p.prank, led, trump)  # the kernel's rule too (cardplay)
        if key > best_key:
            best, best_key = i, key
    return best


def legal_cards(hand: int, led_suit: int | None, trump: int) -> int:
    """Cards (bit set) the seat may play (§15): never renounce the led suit except by trumping with
    trump or with a Perlagg; a Perlagg is always "Farbe" and may always be played."""
    return legal_mask(hand, -1 if led_suit is None else led_suit, trump, _PMASK[trump], False)


# ---------------------------------------------------------------------------------------
# Figures (§3): Gleich, Hanger; Perlaggen stand in for any card (heltschl.org, Perlaggen § 1.2)
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True, order=True)
class Figure:
    """A Gleich or Hanger of one hand, comparable within its kind by ``key``.

    ``key`` = (number of cards, height of the (top) rank, counts in trump): more cards beat fewer,
    then the higher rank, then trump (docs/rules/perlaggen.md, Figures: more cards, then higher, then trump).
    """

    key: tuple[int, int, int]
    kind: str = field(compare=False)
    suit: int = field(default=-1, compare=False)

    @property
    def n(self) -> int:
        return self.key[0]

    def describe(self) -> Msg:
        """The figure as players name it (a message; its plain text is the Tyrolean German):

        >>> Figure((3, 7, 1), "gleich").describe()
        'dritziges Gleich (Asse, mit Trumpf)'
        """
        n, h, t = self.key
        if self.kind == "gleich":  # das Gleich
            rank: Msg = Msg("{rank}, mit Trumpf", rank=RANK_WORDS[h]) if t else RANK_WORDS[h]
            if n == 2:
                return Msg("zweifaches Gleich ({rank})", rank=rank)
            if n == 3:
                return Msg("dritziges Gleich ({rank})", rank=rank)
            if n == 4:
                return Msg("vierfaches Gleich ({rank})", rank=rank)
            if n == 5:
                return Msg("fünffaches Gleich ({rank})", rank=rank)
            return Msg("{n}-faches Gleich ({rank})", n=n, rank=rank)
        suit, top = SUIT_WORDS[self.suit], RANKS[h]  # der Hanger (suits are the cards' own names)
        if n == 2:
            return Msg("zweifacher Hanger ({suit} bis {top})", suit=suit, top=top)
        if n == 3:
            return Msg("dritziger Hanger ({suit} bis {top})", suit=suit, top=top)
        if n == 4:
            return Msg("vierfacher Hanger ({suit} bis {top})", suit=suit, top=top)
        if n == 5:
            return Msg("fünffacher Hanger ({suit} bis {top})", suit=suit, top=top)
        return Msg("{n}-facher Hanger ({suit} bis {top})", n=n, suit=suit, top=top)


def _split(hand: list[int], trump: int, fixed: Sequence[int] = ()) -> tuple[list[int], int]:
    ps = perlaggen_order(trump)
    naturals = [c for c in hand if c not in ps]
    return naturals + [c for c in fixed if 0 <= c < 32], len(hand) - len(naturals)


def best_gleich(hand: Sequence[int], trump: int, fixed: Sequence[int] = ()) -> Figure | None:
    """The best Gleich (cards of equal rank) of a hand; Perlaggen stand in for any card,
    so with a Perlagg the Gleich may hold the trump card of that rank.

    ``fixed``: cards that count as the natural card they name although the index may be a
    Perlagg's — a Perlagg already getauft in the play counts only as its Taufe (§18 "Ein getaufter
    Perlag darf unter keinen Umständen mehr getauft werden"); see :func:`figure_cards`."""
    hand = list(hand)
    naturals, p = _split(hand, trump, fixed)
    best: Figure | None = None
    for h in range(8):
        same = [c for c in naturals if c % 8 == h]
        n = len(same) + p
        if n < 2 or (not same and h != 7):
            continue
        t = 1 if (p or any(c // 8 == trump for c in same)) else 0
        f = Figure((n, h, t), "gleich")
        if best is None or f > best:
            best = f
    return best


def _best_runs() -> tuple[tuple[tuple[tuple[int, int] | None, ...], ...], ...]:
    """``_RUNS[empty_ok][p][have]``: the best run ``(length, top rank)`` of one suit whose natural
    ranks are the bit set ``have``, with ``p`` Perlaggen to fill gaps or extend it (``None``: none);
    ``empty_ok`` lets a run consist of Perlaggen alone (the trump suit). Built by the scan of
    :func:`best_hanger_scan` (more cards first, then the higher top rank)."""
    out = []
    for empty_ok in (0, 1):
        per_p = []
        for p in range(10):
            row: list[tuple[int, int] | None] = []
            for have in range(256):
                best = None
                for lo in range(8):
                    for hi in range(lo + 1, 8):
                        length = hi - lo + 1
                        inside = (have >> lo & ((1 << length) - 1)).bit_count()
                        if length - inside > p or (inside == 0 and not empty_ok):
                            continue
                        if best is None or (length, hi) > best:
                            best = (length, hi)
                row.append(best)
            per_p.append(tuple(row))
        out.append(tuple(per_p))
    return tuple(out)


_RUNS = _best_runs()
_PERLAGG_LIST = tuple(frozenset(perlaggen_order(t)) for t in range(4))


def best_hanger(hand: Sequence[int], trump: int, fixed: Sequence[int] = ()) -> Figure | None:
    """The best Hanger (run of consecutive ranks in one suit, 7 8 9 10 U O K A); Perlaggen fill
    gaps or extend the run. ``fixed`` as in :func:`best_gleich`.

    One table lookup per suit (:data:`_RUNS`, built by :func:`best_hanger_scan`'s scan); on equal
    runs the lower suit wins, as in the scan."""
    ps = _PERLAGG_LIST[trump]
    have = [0, 0, 0, 0]
    p = 0
    for c in hand:
        if c in ps:
            p += 1
        else:
            have[c >> 3] |= 1 << (c & 7)
    for c in fixed:
        if 0 <= c < 32:
            have[c >> 3] |= 1 << (c & 7)
    if p > 9:  # pragma: no cover - a hand holds at most eight Perlaggen
        return best_hanger_scan(hand, trump, fixed)
    best_key: tuple[int, int, int] | None = None
    best_suit = -1
    for s in range(4):
        run = _RUNS[s == trump][p][have[s]]
        if run is not None:
            key = (run[0], run[1], 1 if s == trump else 0)
            if best_key is None or key > best_key:
                best_key, best_suit = key, s
    return None if best_key is None else Figure(best_key, "hanger", best_suit)


def best_hanger_scan(hand: Sequence[int], trump: int, fixed: Sequence[int] = ()) -> Figure | None:
    """:func:`best_hanger` by trying every run of every suit: the reference its tables are built
    from and tested against."""
    naturals, p = _split(list(hand), trump, fixed)
    size = len(naturals) + p
    best: Figure | None = None
    for s in range(4):
        have = {c % 8 for c in naturals if c // 8 == s}
        for lo in range(8):
            for hi in range(lo + 1, 8):
                length = hi - lo + 1
                inside = sum(1 for r in have if lo <= r <= hi)
                if length - inside > p or length > size:
                    continue
                if inside == 0 and s != trump:
                    continue  # a run of Perlaggen alone is best named in trump
                f = Figure((length, hi, 1 if s == trump else 0), "hanger", s)
                if best is None or f > best:
                    best = f
    return best


def best_figure(kind: str, hand: Sequence[int], trump: int, fixed: Sequence[int] = ()) -> Figure | None:
    return best_gleich(hand, trump, fixed) if kind == "gleich" else best_hanger(hand, trump, fixed)


def figure_cards(dealt: Sequence[int], played: Sequence[str], trump: int) -> tuple[list[int], list[int]]:
    """The cards a seat's Gleich and Hanger are judged on: ``(free, fixed)``.

    A Perlagg still in the hand stands in for any card (``free``, with the natural cards). A Perlagg
    already played counts only as what it became on the table (§18: getauft it is that card and is
    never getauft again; played without Taufe it is a plain card, the Weli a Schell-6 that fits no
    figure). §28 says the same from the other side: "die Perlaggen zur freien Verfügung haben, sofern
    sie noch in den Händen der Spieler sind".

    >>> free, fixed = figure_cards([32, 31, 23], ["W=LA"], 1)   # Weli played as Laub-Ass
    >>> [D.format(c) for c in free], [D.format(c) for c in fixed]
    (['SA', 'HA'], ['LA'])
    """
    free, counts = _played_perlaggen(dealt, played, trump)
    return free, [n for n, _ in counts]


def _played_perlaggen(dealt: Sequence[int], played: Sequence[str],
                      trump: int) -> tuple[list[int], list[tuple[int, int]]]:
    """``dealt`` without the Perlaggen among ``played``, and those Perlaggen as ``(the card it counts
    as, the physical card)`` (§18: its Taufe, or itself played plain; the Weli played plain fits no
    figure and is left out)."""
    ps = perlaggen_order(trump)
    free = list(dealt)
    counts: list[tuple[int, int]] = []
    for note in played:
        c, taufe = parse_play(note)
        if c not in ps or c not in free:
            continue
        free.remove(c)
        if taufe is not None:
            counts.append((taufe, c))
        elif c != WELI:
            counts.append((c, c))
    return free, counts


def figure_members(fig: Figure, dealt: Sequence[int], played: Sequence[str], trump: int) -> list[int]:
    """The physical cards that make up ``fig`` in a seat's five cards: what the seat lays open when it
    weist (§22, §24) — the figure, not the whole hand.

    ``played`` are the seat's played cards when a played Perlagg counts only as its Taufe (option
    ``taufe_binds_figures``; pass ``[]`` to treat every Perlagg as free). A Perlagg still free stands in
    for a missing card of the figure.

    >>> f = best_gleich([D.parse(x) for x in ("HA", "SA", "W", "E9", "L8")], 1)
    >>> [D.format(c) for c in figure_members(f, [D.parse(x) for x in ("HA", "SA", "W", "E9", "L8")], [], 1)]
    ['HA', 'SA', 'W']
    """
    ps = perlaggen_order(trump)
    free, counts = _played_perlaggen(dealt, played, trump)  # (natural card it counts as, physical card)
    counts += [(c, c) for c in free if c not in ps]
    wild = [c for c in free if c in ps]
    n, h, _ = fig.key
    if fig.kind == "gleich":
        same = [phys for as_, phys in counts if as_ % 8 == h]
    else:
        lo = h - n + 1
        seen: set[int] = set()
        same = []
        for as_, phys in counts:
            if as_ // 8 == fig.suit and lo <= as_ % 8 <= h and as_ % 8 not in seen:
                seen.add(as_ % 8)
                same.append(phys)
    return same[:n] + wild[:max(0, n - len(same))]
