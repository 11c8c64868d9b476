"""Cards named as players name them, in the reader's language: ``HK`` is "Herz-König" (de) or
"King of Hearts" (en), ``T1`` the "Pagat", ``H7=E8`` "Herz-7 als Eichel-8"; with the article of
the case a sentence asks for: a catalogue text writes ``{king:acc}`` for "den Herz-König".

Every word comes from the catalogue (``locale/<lang>.po``), so a further language translates the
card names, their grammatical gender and its articles like any other message:

- ``suit:<deck>:<letter>`` the suit as the first part of a card's name (``Eichel``, ``Herz``);
- ``rank:<deck>:<rank>`` a face card (``König``), ``card:<deck>:<code>`` a card with a name of its own
  (``Pagat``, ``Mond``, ``Sküs``, ``Weli``), ``Tarock {roman}`` the other trumps;
- ``gender:<deck>:<rank or code>`` and ``gender:number`` the grammatical gender (``m``, ``f``, ``n``);
- ``article:<case>:<gender>`` the definite article (cases ``nom``, ``acc``, ``dat``);
  ``article:elided`` the article before a vowel where the language elides it (``l'`` in French and
  Italian: "l'As de glands"; ``-`` where it never does);
- ``card {suit} {rank}`` how the two parts join (``{suit}-{rank}`` / ``{rank} of {suit}``), and
  ``card {suit} {rank} (vowel)`` before a suit beginning with a vowel (French ``{rank} d'{suit}``).

The browser does the same with the JSON copy of the catalogue (``web/static/i18n.js``,
``cardName``).
"""

from __future__ import annotations

import re

from ..core.messages import Msg

__all__ = ["CARD_WORDS", "WORD_GENDERS", "card_name", "card_value", "CardName", "CASES", "with_articles"]

#: the grammatical cases a catalogue text may ask of a card (``{card:acc}``)
CASES = ("nom", "acc", "dat")

#: every catalogue id of the card names (listed literally, so that the extraction finds them)
CARD_WORDS = (
    Msg("suit:jass:E"),
    Msg("suit:jass:S"),
    Msg("suit:jass:L"),
    Msg("suit:jass:R"),
    Msg("rank:jass:U"),
    Msg("gender:jass:U"),
    Msg("rank:jass:O"),
    Msg("gender:jass:O"),
    Msg("rank:jass:K"),
    Msg("gender:jass:K"),
    Msg("rank:jass:A"),
    Msg("gender:jass:A"),
    Msg("suit:perlaggen:E"),
    Msg("suit:perlaggen:L"),
    Msg("suit:perlaggen:H"),
    Msg("suit:perlaggen:S"),
    Msg("rank:perlaggen:U"),
    Msg("gender:perlaggen:U"),
    Msg("rank:perlaggen:O"),
    Msg("gender:perlaggen:O"),
    Msg("rank:perlaggen:K"),
    Msg("gender:perlaggen:K"),
    Msg("rank:perlaggen:A"),
    Msg("gender:perlaggen:A"),
    Msg("suit:doko:X"),
    Msg("suit:doko:P"),
    Msg("suit:doko:H"),
    Msg("suit:doko:K"),
    Msg("rank:doko:B"),
    Msg("gender:doko:B"),
    Msg("rank:doko:D"),
    Msg("gender:doko:D"),
    Msg("rank:doko:K"),
    Msg("gender:doko:K"),
    Msg("rank:doko:A"),
    Msg("gender:doko:A"),
    Msg("suit:tarock:X"),
    Msg("suit:tarock:P"),
    Msg("suit:tarock:H"),
    Msg("suit:tarock:K"),
    Msg("rank:tarock:B"),
    Msg("gender:tarock:B"),
    Msg("rank:tarock:R"),
    Msg("gender:tarock:R"),
    Msg("rank:tarock:D"),
    Msg("gender:tarock:D"),
    Msg("rank:tarock:K"),
    Msg("gender:tarock:K"),
    Msg("plural:jass:9"),
    Msg("plural:jass:10"),
    Msg("plural:jass:U"),
    Msg("plural:jass:O"),
    Msg("plural:jass:K"),
    Msg("plural:jass:A"),
    Msg("card:tarock:T1"),
    Msg("gender:tarock:T1"),
    Msg("card:tarock:T21"),
    Msg("gender:tarock:T21"),
    Msg("card:tarock:T22"),
    Msg("gender:tarock:T22"),
    Msg("card:perlaggen:W"),
    Msg("gender:perlaggen:W"),
    Msg("Tarock {roman}"),
    Msg("gender:tarock:T"),
    Msg("gender:number"),
    Msg("card {suit} {rank}"),
    Msg("card {suit} {rank} (vowel)"),
    Msg("{card} as {target}"),
    Msg("{low} to {high}"),
    Msg("four {ranks}"),
    Msg("article:nom:m"),
    Msg("article:nom:f"),
    Msg("article:nom:n"),
    Msg("article:acc:m"),
    Msg("article:acc:f"),
    Msg("article:acc:n"),
    Msg("article:dat:m"),
    Msg("article:dat:f"),
    Msg("article:dat:n"),
    Msg("article:elided"),
)

#: the letters a word may begin with that elide the article before it (``article:elided``)
_VOWELS = "aeiouàâäéèêëîïôöùûü"

#: words of the games with a grammatical gender (their article: ``{figure:nom}`` is "der Hanger")
WORD_GENDERS = (Msg("gender:word:Gleich"), Msg("gender:word:Hanger"), Msg("gender:word:Spiel"),
                Msg("gender:word:gleich"), Msg("gender:word:hanger"), Msg("gender:word:spiel"))
#: the Perlaggen figures as the engine names them in its messages (``name="gleich"``): nouns
FIGURE_WORDS = (Msg("gleich"), Msg("hanger"), Msg("spiel"))

#: the suit letters and ranks of each deck's notation (docs/records.md)
_NOTATION = {
    "jass": re.compile(r"^([ESLR])(6|7|8|9|10|U|O|K|A)$"),
    "perlaggen": re.compile(r"^([ELHS])(7|8|9|10|U|O|K|A)$"),
    "doko": re.compile(r"^([XPHK])(9|10|B|D|K|A)$"),
    "tarock": re.compile(r"^([XPHK])(1|2|3|4|7|8|9|10|B|R|D|K)$"),
}
#: the deck of each game (a message's card is read in its game's deck)
DECKS = {"jass": "jass", "doppelkopf": "doko", "doko": "doko", "tarock": "tarock", "perlaggen": "perlaggen"}
_ROMAN = ((10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def _roman(n: int) -> str:
    out = ""
    for v, s in _ROMAN:
        while n >= v:
            out, n = out + s, n - v
    return out


class CardName(str):
    """A card's name (its ``str``) that also gives the name with its article in a case:
    ``format(name, "acc")`` is "den Herz-König"."""

    forms: dict[str, str]

    def __new__(cls, plain: str, forms: dict[str, str]) -> CardName:
        obj = super().__new__(cls, plain)
        obj.forms = forms
        return obj

    def __format__(self, spec: str) -> str:
        return self.forms.get(spec, str(self)) if spec else str(self)


def with_articles(plain: str, gender: str, lang: str) -> CardName:
    """``plain`` (a word of grammatical ``gender``) with its article in each case, from the catalogue."""
    from . import gettext
    # before a vowel a language may elide its article (``article:elided``: French and Italian "l'As")
    elided = gettext("article:elided", lang)
    vowel = plain[:1].lower() in _VOWELS and elided not in ("article:elided", "", "-")
    forms = {}
    for case in CASES:
        key = f"article:{case}:{gender}"
        art = gettext(key, lang)
        if art == key or not art or art == "-":
            forms[case] = plain
        else:
            forms[case] = f"{elided}{plain}" if vowel else f"{art} {plain}"
    return CardName(plain, forms)


def card_name(deck: str, code: str, lang: str) -> CardName | None:
    """The name of card ``code`` of ``deck`` (a deck or a game name) in ``lang``, or ``None`` when
    ``code`` is no card of that deck.

    >>> card_name("doppelkopf", "HK", "de"), format(card_name("tarock", "XK", "de"), "acc")
    ('Herz-König', 'den Kreuz-König')
    >>> card_name("tarock", "T1", "en"), card_name("perlaggen", "H7", "en"), card_name("jass", "E6", "de")
    ('Pagat', '7 of Hearts', 'Eichel-6')
    """
    from . import gettext
    deck = DECKS.get(deck, deck)
    if deck == "tarock" and re.fullmatch(r"T([1-9]|1\d|2[0-2])", code):
        n = int(code[1:])
        special = f"card:tarock:T{n}"
        if gettext(special, lang) != special:
            return with_articles(gettext(special, lang), gettext(f"gender:tarock:T{n}", lang), lang)
        return with_articles(gettext("Tarock {roman}", lang).format(roman=_roman(n)), gettext("gender:tarock:T", lang), lang)
    if deck == "perlaggen" and code == "W":
        return with_articles(gettext("card:perlaggen:W", lang), gettext("gender:perlaggen:W", lang), lang)
    pattern = _NOTATION.get(deck)
    m = pattern.fullmatch(code) if pattern else None
    if not m:
        return None
    suit, rank = m.groups()
    if rank.isdigit():
        rank_word, gender = rank, gettext("gender:number", lang)
    else:
        rank_word, gender = gettext(f"rank:{deck}:{rank}", lang), gettext(f"gender:{deck}:{rank}", lang)
    suit_word = gettext(f"suit:{deck}:{suit}", lang)
    # a suit beginning with a vowel may join differently ("Roi d'écussons"): ``card {suit} {rank} (vowel)``
    join = "card {suit} {rank} (vowel)" if suit_word[:1].lower() in _VOWELS else "card {suit} {rank}"
    plain = gettext(join, lang).format(suit=suit_word, rank=rank_word)
    return with_articles(plain, gender, lang)


def card_value(deck: str | None, value: str, lang: str) -> str | None:
    """A message argument that holds cards, in words: a card (``HK``), a Taufe (``H7=E8``: "Herz-7 als
    Eichel-8"), a Jass Weis (``E9-EU``: "Eichel-9 bis Eichel-Under"; ``4U``: "vier Under"), or a list
    of them separated by ``, `` or `` | ``; ``None`` when ``value`` is none of these."""
    from . import gettext
    if not deck or not value:
        return None
    deck = DECKS.get(deck, deck)
    one = card_name(deck, value, lang)
    if one is not None:
        return one
    if "=" in value:
        card, _, target = value.partition("=")
        a, b = card_name(deck, card, lang), card_name(deck, target, lang)
        if a is not None and b is not None:
            return gettext("{card} as {target}", lang).format(card=a, target=b)
    if deck == "jass":
        seq = re.fullmatch(r"([ESLR]\w+)-([ESLR]\w+)", value)
        if seq:
            a, b = card_name(deck, seq.group(1), lang), card_name(deck, seq.group(2), lang)
            if a is not None and b is not None:
                return gettext("{low} to {high}", lang).format(low=a, high=b)
        four = re.fullmatch(r"4(9|10|U|O|K|A)", value)
        if four:
            return gettext("four {ranks}", lang).format(ranks=gettext(f"plural:jass:{four.group(1)}", lang))
    for sep in (" | ", ", "):
        if sep in value:
            parts = [card_value(deck, p, lang) for p in value.split(sep)]
            if all(p is not None for p in parts):
                return sep.join(str(p) for p in parts)
    return None
