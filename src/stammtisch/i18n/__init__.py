"""The translation layer: every word a person reads, in the reader's language.

Engines build :class:`~stammtisch.core.messages.Msg` values (a message id plus arguments); the
surfaces render them here. The catalogues are gettext ``.po`` files, one per language, in
``locale/<lang>.po`` beside this module, read with Babel: German (``de``) is the default,
English (``en``) complete, and a further language is one more catalogue (see ``docs/web.md``).

Python::

    from stammtisch.i18n import render, gettext
    render(msg, "en", names=["Anna", "Bert", "Cäcilia", "Du"])   # a Msg, its JSON form or a plain id
    gettext("deal {n}", "de")                                   # one catalogue entry, unformatted

The browser reads the same catalogues as JSON (``web/static/i18n/<lang>.json``, written by
``python -m stammtisch.i18n export``) through ``web/static/i18n.js`` (``msg(m, names)``).
"""

from __future__ import annotations

import string
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from ..core.messages import Msg, is_seat_arg, is_thirds_arg

__all__ = ["LANGS", "DEFAULT_LANG", "render", "gettext", "ngettext", "count_of", "catalog", "plurals", "language",
           "thirds", "seat_name", "pick_text", "plural_category", "VARIANT", "variant_text", "worded",
           "translator", "Names", "strength", "computer_name"]

LOCALE_DIR = Path(__file__).parent / "locale"

#: the default language of every surface
DEFAULT_LANG = "de"

#: the languages with a catalogue, the default first
LANGS: tuple[str, ...] = (DEFAULT_LANG,) + tuple(sorted(p.stem for p in LOCALE_DIR.glob("*.po")
                                                          if p.stem != DEFAULT_LANG))

#: seat names: a list (by seat) or a function of the seat
Names = Sequence[str] | Callable[[int], str] | None

_FORMATTER = string.Formatter()


def language(lang: str | None) -> str:
    """``lang`` if it has a catalogue, else the default (``"en-GB"`` reads as ``"en"``)."""
    if not lang:
        return DEFAULT_LANG
    lang = lang.lower().replace("_", "-").split("-")[0]
    return lang if lang in LANGS else DEFAULT_LANG


#: the separator of a variant's key in a catalogue: ``"you\x04<id>"`` (gettext's context separator)
VARIANT = "\x04"


@cache
def catalog(lang: str) -> dict[str, str]:
    """The catalogue of one language: message id to its text (entries without text left out).

    A message's variants (:func:`pick_text`) are entries of their own, keyed ``"<variant>\x04<id>"``:
    the ``.po`` file's contexts (``msgctxt "you"``: the reader is the subject, "Du hältst";
    ``msgctxt "pair"``: two players are, "Anna & Cilli schreiben") and its plural forms
    (``msgid_plural``: ``one`` for the first form, the last form under the id itself).
    """
    path = LOCALE_DIR / f"{lang}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        cat = read_po(f, locale=lang)
    out: dict[str, str] = {}
    for m in cat:
        if not m.id:
            continue
        mid = m.id if isinstance(m.id, str) else m.id[0]
        key = f"{m.context}{VARIANT}{mid}" if m.context else mid
        if isinstance(m.string, str) and m.string:
            out[key] = m.string
        elif isinstance(m.string, (tuple, list)) and all(m.string):  # plural forms: one, …, other
            out[key] = m.string[-1]
            out[f"one{VARIANT}{key}"] = m.string[0]
    return out


def plural_category(n: int, lang: str) -> str:
    """The language's plural category of ``n`` (CLDR, through Babel): ``one`` or ``other`` …"""
    from babel import Locale
    return str(Locale.parse(language(lang)).plural_form(abs(n)))


def pick_text(mid: str, args: Mapping[str, Any], lang: str, names: Names = None, me: int | None = None) -> str:
    """The catalogue's text of ``mid`` for these arguments: the sentence's variant where the catalogue
    has one: ``you`` when the subject (the argument ``seat``) is the reader (seat ``me``), ``pair`` when
    it is a side named by its two players, ``one`` when ``n`` is one (the language's plural rule)."""
    cat = catalog(language(lang))
    flags = []
    seat = args.get("seat")
    if me is not None and isinstance(seat, int) and not isinstance(seat, bool) and seat == me:
        flags.append("you")
    side = args.get("side")
    if side in ("A", "B") and names is not None and (callable(names) or len(names) == 4):
        flags.append("pair")
    n = count_of(args)  # ``n``, else the first count (a msgid_plural entry of another name: ``{tricks}``)
    one = n is not None and plural_category(n, lang) == "one"
    return _variant(cat, mid, flags, one)


def variant_text(mid: str, lang: str, flags: list[str], one: bool) -> str:
    """The catalogue's text of ``mid`` in ``lang`` in the most specific variant it has for ``flags``
    (``you``, ``pair``) and, when ``one``, the plural form of one (:func:`pick_text`)."""
    return _variant(catalog(language(lang)), mid, flags, one)


def worded(value: Any, lang: str) -> Any:
    """A value to fill into a catalogue text: a word the catalogue gives a grammatical gender
    (``gender:word:<word>``) with its article in each case (``{figure:nom}``: "der Hanger"); any
    other text as it is (a format spec it has no form for is ignored)."""
    if not isinstance(value, str):
        return value
    gender = gettext(f"gender:word:{value}", lang)
    if gender != f"gender:word:{value}":
        from .cards import with_articles
        return with_articles(gettext(value, lang), gender, lang)
    return _Word(value)


def _variant(cat: Mapping[str, str], mid: str, flags: list[str], one: bool) -> str:
    """The most specific variant the catalogue has: ``you+pair``, ``you``, ``pair``, the plain text;
    each in its ``one`` plural form first when the number is one."""
    contexts = (["+".join(flags)] if len(flags) > 1 else []) + flags + [""]
    for ctx in contexts:
        key = f"{ctx}{VARIANT}{mid}" if ctx else mid
        if one and f"one{VARIANT}{key}" in cat:
            return cat[f"one{VARIANT}{key}"]
        if key in cat:
            return cat[key]
    return mid


@cache
def plurals(lang: str) -> dict[str, tuple[str, ...]]:
    """The plural entries of one language (``msgid``/``msgid_plural`` with one ``msgstr[i]`` per form
    of the catalogue's ``Plural-Forms``): the singular id to its forms, ``one`` first (French
    ``1 pli`` / ``2 plis``). An entry without plural forms reads the same for every count."""
    path = LOCALE_DIR / f"{lang}.po"
    if not path.exists():
        return {}
    with path.open("rb") as f:
        cat = read_po(f, locale=lang)
    return {m.id[0]: tuple(m.string) for m in cat
            if isinstance(m.id, tuple) and isinstance(m.string, tuple) and all(m.string)}


def _plural_index(lang: str, n: int) -> int:
    # the forms of our languages are CLDR's "one" and "other" (gettext: fr n > 1, de/en/it n != 1)
    from babel import Locale

    return 0 if Locale.parse(lang).plural_form(abs(n)) == "one" else 1


def count_of(args: Mapping[str, Any]) -> int | None:
    """The count a message's plural form follows: the argument ``n``, else its first whole-number
    argument that is no seat, no thirds and no flag."""
    n = args.get("n")
    if isinstance(n, int) and not isinstance(n, bool):
        return n
    for k, v in args.items():
        if isinstance(v, int) and not isinstance(v, bool) and not is_seat_arg(k) and not is_thirds_arg(k):
            return v
    return None


def ngettext(text: str, lang: str = DEFAULT_LANG, n: int | None = None) -> str:
    """The catalogue's text for ``text`` in ``lang`` in the plural form for the count ``n`` (the
    plain text when the entry has no plural forms or no count is given)."""
    lang = language(lang)
    forms = plurals(lang).get(text)
    if forms and n is not None:
        return forms[min(_plural_index(lang, n), len(forms) - 1)]
    return gettext(text, lang)


def gettext(text: str, lang: str = DEFAULT_LANG) -> str:
    """The catalogue's text for the id ``text`` in ``lang`` (the id itself when there is none)."""
    return catalog(language(lang)).get(text, text)


def thirds(n: int, lang: str = DEFAULT_LANG) -> str:
    """Thirds of a point as the language writes them: ``121`` is ``40⅓`` (de) or ``40 1/3`` (en).

    >>> thirds(121, "de"), thirds(121, "en"), thirds(-2, "de"), thirds(120, "en")
    ('40⅓', '40 1/3', '-⅔', '40')
    """
    sign, n = ("-" if n < 0 else ""), abs(n)
    whole, rest = divmod(n, 3)
    frac = gettext("⅓" if rest == 1 else "⅔", lang) if rest else ""
    if not rest:
        return sign + str(whole)
    if not whole:
        return sign + frac.strip()
    return f"{sign}{whole}{frac}"


def seat_name(seat: int, lang: str = DEFAULT_LANG, names: Names = None) -> str:
    """The name of a seat (0-based): from ``names`` when given, else ``Platz 3`` / ``Seat 3``."""
    if callable(names):
        return names(seat)
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return gettext("Seat {n}", lang).format(n=seat + 1)


def side_name(side: str, lang: str = DEFAULT_LANG, names: Names = None) -> str:
    """A side of four seats in two partnerships (``A``: seats 1 and 3, ``B``: seats 2 and 4) by its
    players' names when they are known, else ``Partei A`` / ``side A``."""
    i = "AB".index(side)
    if names is not None and not callable(names) and len(names) == 4:
        return f"{names[i]} & {names[i + 2]}"
    if callable(names):
        return f"{names(i)} & {names(i + 2)}"
    return gettext("side {x}", lang).format(x=side)


class _Word(str):
    """An argument's text; a format spec it has no form for (``{seat:acc}`` of a name) is ignored."""

    def __format__(self, spec: str) -> str:
        return str(self)


def _arg(name: str, value: Any, lang: str, names: Names, deck: str | None = None, me: int | None = None) -> str:
    if isinstance(value, bool):
        return gettext("yes" if value else "no", lang)
    if isinstance(value, int) and is_seat_arg(name):
        return seat_name(value, lang, names)
    if isinstance(value, str) and value in ("A", "B") and (name == "side" or name.endswith("_side")):
        return side_name(value, lang, names)
    if isinstance(value, int) and is_thirds_arg(name):
        return thirds(value, lang)
    if isinstance(value, int) and name == "half":  # a talon half: counted 1, 2 as players count (0, 1 in the notation)
        return str(value + 1)
    if isinstance(value, int):
        return format_decimal(value, locale=lang) if abs(value) >= 10000 else str(value)
    if isinstance(value, float):  # a measured figure: the language's decimal sign (3,5 / 3.5)
        return format_decimal(value, locale=lang)
    if isinstance(value, (list, tuple)):
        sep = "; " if name == "shown" else ", "
        return sep.join(_arg(name[:-1] if name.endswith("s") else name, v, lang, names, deck) for v in value)
    if isinstance(value, Msg) or (isinstance(value, Mapping) and isinstance(value.get("id"), str)):
        return render(value, lang, names, deck, me)
    if isinstance(value, str) and deck:
        from .cards import card_value  # a card, a Taufe, a Weis: in words (i18n/cards.py)
        worded = card_value(deck, value, lang)
        if worded is not None:
            return worded
    if isinstance(value, str):
        gender = gettext(f"gender:word:{value}", lang)  # a word with its article: {figure:nom}
        if gender != f"gender:word:{value}":
            from .cards import with_articles
            return with_articles(gettext(value, lang), gender, lang)
        return gettext(value, lang)
    return str(value)


def render(m: Any, lang: str = DEFAULT_LANG, names: Names = None, deck: str | None = None,
           me: int | None = None) -> str:
    """A message in ``lang``: a :class:`Msg`, its JSON form ``{"id", "args"}``, or a plain string
    (a catalogue id such as a game word is translated, any other text is kept as it is).

    ``names`` gives the seats' names (default ``Platz n`` / ``Seat n``); ``deck`` (a deck's or a
    game's name) names the cards among the arguments as players do (:mod:`.cards`): ``HK`` is
    "Herz-König", and ``{card:acc}`` in the catalogue's text is "den Herz-König"; ``me`` is the
    reader's seat (a sentence whose subject is the reader takes its ``you`` form: "Du hältst").
    Words with a grammatical gender in the catalogue (``gender:word:<id>``) take their article the
    same way: ``{figure:nom}`` is "der Hanger", "das Gleich".
    """
    lang = language(lang)
    if m is None:
        return ""
    if isinstance(m, Msg):
        mid, args = m.id, m.args
    elif isinstance(m, Mapping) and isinstance(m.get("id"), str):
        mid, args = m["id"], m.get("args") or {}
    else:
        return gettext(str(m), lang) if str(m) else ""
    if not args:
        return gettext(mid, lang)
    text = pick_text(mid, args, lang, names, me)
    values = {k: v if isinstance(v := _arg(k, val, lang, names, deck, me), _Word) or hasattr(v, "forms") else _Word(v)
              for k, val in args.items()}
    try:
        return text.format_map(_Missing(values))
    except (ValueError, IndexError):  # a broken catalogue entry: the source text, never a crash
        return mid.format_map(_Missing(values))


class _Missing(dict):  # type: ignore[type-arg]
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def translator(lang: str, names: Names = None, deck: str | None = None,
               me: int | None = None) -> Callable[[Any], str]:
    """``render`` bound to one language, one set of seat names, (for the cards' names) one deck and
    the reader's seat."""
    lang = language(lang)
    return lambda m: render(m, lang, names, deck, me)


#: how strong a computer player is, by its kind (``bots.make``), as players say it
_STRENGTH = {
    "random": Msg("Zufall"), "rule": Msg("solide"), "search": Msg("stark"), "ismcts": Msg("stark"),
    "search+rule": Msg("stark"), "search:easy": Msg("leicht"), "search:medium": Msg("mittel"),
    "search:hard": Msg("stark"), "search:strong": Msg("sehr stark"), "learned": Msg("gelernt"),
}


def strength(kind: str) -> Msg:
    """A computer player's strength as a word (never an internal kind such as ``rule``)."""
    return _STRENGTH.get(kind) or _STRENGTH.get(kind.split(":", 1)[0]) or Msg("Suche")


def computer_name(number: int, kind: str, lang: str = DEFAULT_LANG) -> str:
    """A computer player's name, short enough for a score-sheet column: ``Computer 2 · stark``.

    >>> computer_name(2, "search:strong", "en"), computer_name(3, "rule")
    ('Computer 2 · very strong', 'Computer 3 · solide')
    """
    return render(Msg("Computer {n} · {strength}", n=number, strength=strength(kind)), lang)
