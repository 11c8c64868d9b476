"""Scoring modes (Papagei-Jass §23, §24) and the per-trick tables the engine runs on.

A *mode* is what the trump chooser names: a trump suit, Obenabe, Undenufe, Slalom, Quer, or
one of the agreed variants of §24. Internally every mode is a sequence of nine *trick modes*
(one per trick), each one of:

========  ===================================================================
``0..3``  trump suit E, S, L, R (Papagei-Jass §25, §26, §27)
``4``     Obenabe: no trump, highest card of the led suit wins
``5``     Undenufe: no trump, lowest card of the led suit wins
``6``     Tutti: the led suit is trump for this trick (§24.6)
========  ===================================================================

Slalom alternates Obenabe/Undenufe trick by trick, Quer plays 4 (or 5) tricks one way and the
rest the other way, Drei mal Drei plays three tricks each of a trump suit, Obenabe and
Undenufe. Card points always follow the *first* trick's mode ("Gezählt werden die Punkte
wie beim Obenaben", §24.4; "Gezählt wird jenes, welches im ersten Spielzug angesagt wurde",
§24.3), so a deal is always worth 157. The trick winner, the card points and the legal cards
all come from the tables below, indexed by ``(trick_mode * 4 + led_suit) * 36 + card``.

>>> MODES["E"].multiplier, MODES["undenufe"].multiplier, MODES["slalom-unten"].multiplier
(7, 6, 6)
>>> MODES["quer-oben"].tricks
(4, 4, 4, 4, 5, 5, 5, 5, 5)
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import permutations

from stammtisch.core.messages import Msg

__all__ = [
    "Mode", "MODES", "SUITS", "TM_OBENABE", "TM_UNDENUFE", "TM_TUTTI", "SUIT_OF", "RANK_OF", "SUIT_MASK",
    "UNDER", "NELL", "KING", "OBER", "ASS", "SIX", "strength_table", "points_table", "multiplier",
    "base_choices", "card_index",
]

SUITS = "ESLR"
RANKS = ("6", "7", "8", "9", "10", "U", "O", "K", "A")
SIX, SEVEN, EIGHT, NELL, BANNER, UNDER, OBER, KING, ASS = range(9)
TM_OBENABE, TM_UNDENUFE, TM_TUTTI = 4, 5, 6

SUIT_OF: tuple[int, ...] = tuple(c // 9 for c in range(36))
RANK_OF: tuple[int, ...] = tuple(c % 9 for c in range(36))
SUIT_MASK: tuple[int, ...] = tuple(((1 << 9) - 1) << (9 * s) for s in range(4))


def card_index(suit: int, rank: int) -> int:
    """Card index of ``rank`` (0 = Six .. 8 = Ass) in ``suit`` (0..3 = E S L R)."""
    return suit * 9 + rank


#: trump order low to high: 6 7 8 10 O K A 9 U (Swisslos, Schieber-Jass)
TRUMP_ORDER = (SIX, SEVEN, EIGHT, BANNER, OBER, KING, ASS, NELL, UNDER)
TRUMP_STRENGTH = {r: i for i, r in enumerate(TRUMP_ORDER)}

#: suit multipliers of Papagei-Jass §23 (Eicheln x7, Schellen x4, Schilten x3, Rosen x2)
SUIT_MULTIPLIER = (7, 4, 3, 2)
SUIT_NAMES = ("Eicheln", "Schellen", "Schilten", "Rosen")


@dataclass(frozen=True)
class Mode:
    """One scoring mode.

    :param name: the name used in actions (``trump:<name>``) and records
    :param title: how players call it (a message where the words differ by language: Slalom, Quer)
    :param multiplier: the §23 multiplier applied to every point of the deal (0 for Tutti until
        the first card is led)
    :param tricks: the trick mode of each of the nine tricks
    :param trump: the trump suit of a trump-suit mode (Stöck, Weis tie-break), else ``None``
    :param misere: §24.5: each side writes the card points the *other* side took
    """

    name: str
    title: str
    multiplier: int
    tricks: tuple[int, ...]
    trump: int | None = None
    misere: bool = False

    @property
    def first_down(self) -> bool:
        """Whether the first trick is played Undenufe (ranks Weis by the lowest card, §29.2)."""
        return self.tricks[0] == TM_UNDENUFE


def _build_modes() -> dict[str, Mode]:
    m: dict[str, Mode] = {}
    up, down = TM_OBENABE, TM_UNDENUFE
    for s, code in enumerate(SUITS):
        m[code] = Mode(code, SUIT_NAMES[s], SUIT_MULTIPLIER[s], (s,) * 9, s)
    m["obenabe"] = Mode("obenabe", "Obenabe", 5, (up,) * 9)
    m["undenufe"] = Mode("undenufe", "Undenufe", 6, (down,) * 9)
    m["slalom-oben"] = Mode("slalom-oben", Msg("Slalom, Anfang mit Ass"), 5, tuple(up if i % 2 == 0 else down for i in range(9)))
    m["slalom-unten"] = Mode("slalom-unten", Msg("Slalom, Anfang mit Sechs"), 6,
                             tuple(down if i % 2 == 0 else up for i in range(9)))
    # §23 Quer (the 4-5 split); §24.4 adds the 5-4 split as a table option
    m["quer-oben"] = Mode("quer-oben", Msg("Quer 4-5, Anfang mit Ass"), 5, (up,) * 4 + (down,) * 5)
    m["quer-unten"] = Mode("quer-unten", Msg("Quer 4-5, Anfang mit Sechs"), 6, (down,) * 4 + (up,) * 5)
    m["quer54-oben"] = Mode("quer54-oben", Msg("Quer 5-4, Anfang mit Ass"), 5, (up,) * 5 + (down,) * 4)
    m["quer54-unten"] = Mode("quer54-unten", Msg("Quer 5-4, Anfang mit Sechs"), 6, (down,) * 5 + (up,) * 4)
    # §24.5 Misere on a trump suit, Obenabe or Undenufe
    for base in list(SUITS) + ["obenabe", "undenufe"]:
        b = m[base]
        m[f"misere:{base}"] = Mode(f"misere:{base}", Msg("Misere {mode}", mode=b.title), b.multiplier, b.tricks, b.trump, True)
    # §24.3 Drei mal Drei: an order of (trump suit, Obenabe, Undenufe), counted as the first
    for s, code in enumerate(SUITS):
        for order in permutations((code, "obenabe", "undenufe")):
            tricks: tuple[int, ...] = ()
            for part in order:
                tricks += (m[part].tricks[0],) * 3
            name = "3x3:" + "-".join(order)
            m[name] = Mode(name, Msg("Drei mal Drei {order}", order="-".join(m[p].title for p in order)), m[order[0]].multiplier,
                           tricks, s)
    # §24.6 Tutti: the led suit is trump; counted as the suit of the very first card
    m["tutti"] = Mode("tutti", "Tutti", 0, (TM_TUTTI,) * 9)
    for s, code in enumerate(SUITS):
        m[f"tutti:{code}"] = Mode(f"tutti:{code}", f"Tutti ({SUIT_NAMES[s]})", SUIT_MULTIPLIER[s], (TM_TUTTI,) * 9)
    return m


#: every mode by name
MODES: dict[str, Mode] = _build_modes()


def multiplier(mode: str) -> int:
    """The §23 multiplier of a mode name (``"E"`` -> 7, ``"misere:obenabe"`` -> 5).

    :raises KeyError: for an unknown mode
    """
    return MODES[mode].multiplier


def base_choices(options: object) -> list[str]:
    """The mode names a trump chooser may name under ``options`` (§23 always, §24 when agreed)."""
    obli = getattr(options, "obli", False)
    suits = ["E"] if obli else list(SUITS)  # §24.2 Obli: no Rosen, Schilten or Schellen trump
    out = suits + ["obenabe", "undenufe", "slalom-oben", "slalom-unten", "quer-oben", "quer-unten"]
    if getattr(options, "quer_54", False):
        out += ["quer54-oben", "quer54-unten"]
    if getattr(options, "drei_mal_drei", False):
        out += drei_mal_drei_choices(options)
    if getattr(options, "misere", False):
        out += [f"misere:{b}" for b in suits + ["obenabe", "undenufe"]]
    if getattr(options, "tutti", False):
        out.append("tutti")
    return out


def drei_mal_drei_choices(options: object) -> list[str]:
    """The Drei mal Drei orders (§24.3), also forced after Zurückschieben (§24.1)."""
    suits = "E" if getattr(options, "obli", False) else SUITS
    return [n for n in MODES if n.startswith("3x3:") and MODES[n].trump is not None and SUITS[MODES[n].trump] in suits]


# ---------------------------------------------------------------------------------------
# Tables
# ---------------------------------------------------------------------------------------
def strength_table() -> tuple[int, ...]:
    """``STRENGTH[(tm * 4 + led) * 36 + card]``: the highest value in a trick wins it.

    Trumps rank 20..28 in trump order, cards of the led suit 1..9 in the trick mode's order,
    all other cards 0 (they can never win).
    """
    out = []
    for tm in range(7):
        for led in range(4):
            for c in range(36):
                s, r = SUIT_OF[c], RANK_OF[c]
                trump = tm if tm < 4 else (led if tm == TM_TUTTI else None)
                if trump is not None and s == trump:
                    v = 20 + TRUMP_STRENGTH[r]
                elif s == led:
                    v = 9 - r if tm == TM_UNDENUFE else 1 + r
                else:
                    v = 0
                out.append(v)
    return tuple(out)


_PLAIN = {SIX: 0, SEVEN: 0, EIGHT: 0, NELL: 0, BANNER: 10, UNDER: 2, OBER: 3, KING: 4, ASS: 11}


def points_table(undenufe_eleven: str = "ass") -> tuple[int, ...]:
    """``POINTS[(tm * 4 + led) * 36 + card]``: card points (Swisslos, Schieber-Jass).

    Trump: Under 20, Nell 14, Ass 11, Banner 10, König 4, Ober 3. Plain: Ass 11, Banner 10,
    König 4, Ober 3, Under 2. Obenabe and Undenufe: the Achter counts 8. Undenufe: §23 says
    "(Ass zählen 11)" (``undenufe_eleven="ass"``); common software counts the Six 11 and the
    Ass 0 instead (``"six"``). Every trick mode sums to 152 over the deck (Tutti per trick).
    """
    out = []
    for tm in range(7):
        for led in range(4):
            for c in range(36):
                s, r = SUIT_OF[c], RANK_OF[c]
                trump = tm if tm < 4 else (led if tm == TM_TUTTI else None)
                if trump is not None and s == trump:
                    v = {UNDER: 20, NELL: 14}.get(r, _PLAIN[r])
                elif tm in (TM_OBENABE, TM_UNDENUFE):
                    v = 8 if r == EIGHT else _PLAIN[r]
                    if tm == TM_UNDENUFE and undenufe_eleven == "six":
                        v = {ASS: 0, SIX: 11}.get(r, v)
                else:
                    v = _PLAIN[r]
                out.append(v)
    return tuple(out)


STRENGTH = strength_table()
POINTS = {"ass": points_table("ass"), "six": points_table("six")}
