"""Settlements and score sheets as the terminal prints them (``play`` and ``replay`` share them).

Seats are named everywhere by their names (``You``, ``rule bot 2`` — 1-based like the core's
``Seat 1`` and the team columns ``Team 1/3``); the engines' ``seat N`` (0-based) and Doppelkopf's
``Position N`` (1-based) in notes are replaced by the name.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ..core.messages import Msg
from ..i18n import DEFAULT_LANG, count_of, gettext, language, plural_category, render, variant_text, worded

#: the terminal's own words (catalogue ids; :func:`words` renders them in one language)
WORDS: dict[str, Msg] = {
    "options": Msg("your options"), "prompt": Msg("your action"), "refused": Msg("refused"),
    "left": Msg("game left."), "settled": Msg("deal {n} settled"), "last_trick": Msg("last trick"),
    "led": Msg("led by"), "won": Msg("won by"), "points": Msg("points"), "over": Msg("game over"),
    "winner": Msg("winner"), "record": Msg("record written to {path}"),
    "no_option": Msg("there is no option {answer} (choose 1..{n}, type an action, ? shows the table, "
                     "the notation and the options again, q quits)"),
    "deal": Msg("deal"), "total": Msg("total"), "sheet": Msg("score sheet"), "ranking": Msg("ranking"),
    "pflicht_missing": Msg("Pflichtsolo not played"), "confirm": Msg("type y to confirm, anything else to go back"),
    "wait": Msg("wait"), "suffix": Msg("(Enter: none)"),
    "help": Msg("? shows the table, the notation (legend) and the options again; q quits"),
    "legend": Msg("notation"), "you": Msg("You"), "yes": Msg("yes"), "no": Msg("no"),
    "trick": Msg("trick"), "cards": Msg("cards"), "dealer": Msg("dealer"), "unfinished": Msg("unfinished"),
    "deal_n": Msg("deal {n}"), "deal_dealer": Msg("deal {n} (dealer {dealer})"),
    "record_ok": Msg("record: {n} deal(s), every action legal."),
    "action_n": Msg("action {n}"),
    "stopped": Msg("game left ({how})"), "stopped_record": Msg("game left ({how}); the record so far: {path}"),
}

#: the language of this terminal session (``--lang``; German by default)
_LANG = [DEFAULT_LANG]


def set_language(lang: str | None) -> str:
    """Set the terminal's language (``de``/``en``; anything else falls back to German)."""
    _LANG[0] = language(lang)
    return _LANG[0]


def current_language() -> str:
    return _LANG[0]


def tr(text: str, /, **args: Any) -> str:
    """A word of the terminal's game screens in the session's language: the catalogue's text for
    the id ``text`` (a literal, or a :class:`Msg` declared elsewhere), its ``{name}`` placeholders
    filled from ``args`` as they are (names, numbers, cards). ``tr`` is an extraction keyword of
    the catalogues (``python -m stammtisch.i18n update``) like ``Msg``."""
    mid = text.id if isinstance(text, Msg) else str(text)
    if not args:
        return gettext(mid, _LANG[0])
    # the sentence's variant (i18n.pick_text): "you" when the subject is the player ("Du hast ihn"),
    # "pair" when it is two players, "one" when the number is one
    you = gettext("You", _LANG[0])
    flags = ["you"] if any(args.get(k) == you for k in ("seat", "winner", "name", "who")) else []
    if isinstance(args.get("side"), str) and " & " in args["side"]:
        flags.append("pair")
    n = count_of(args)
    one = n is not None and plural_category(n, _LANG[0]) == "one"
    said = variant_text(mid, _LANG[0], flags, one)
    values = {k: worded(v, _LANG[0]) for k, v in args.items()}  # a word with its article: {figure:nom}
    try:
        return said.format_map(values)
    except (KeyError, ValueError, IndexError):  # a broken catalogue entry: the source text, never a crash
        return str(text).format_map(args)


def words(lang: str | None = None) -> dict[str, str]:
    """The terminal's words in ``lang`` (default: the session's language)."""
    lang = language(lang or _LANG[0])
    out = {k: gettext(v.id, lang) for k, v in WORDS.items()}
    out["lang"] = lang
    return out


def display_name(name: str, lang: str | None = None) -> str:
    """A stored seat name as this screen shows it: the core's default ``Seat 2`` and a computer
    player's strength (``Computer 2 · stark``) in the screen's language; people's names unchanged."""
    lang = lang or _LANG[0]
    m = re.fullmatch(r"Seat (\d+)", name)
    if m:
        return gettext("Seat {n}", lang).format(n=m.group(1))
    m = re.fullmatch(r"Computer (\d+) · (.+)", name)
    if m:
        return f"Computer {m.group(1)} · {gettext(m.group(2), lang)}"
    return name


def seat_names(text: Any, names: Sequence[str], lang: str | None = None) -> str:
    """An engine message in the session's language with seats by name; plain text: the engines'
    ``seat N`` (0-based) and ``Position N`` (1-based) replaced by the seat's name."""
    if isinstance(text, Msg) or (isinstance(text, dict) and isinstance(text.get("id"), str)):
        # the player's own seat is named "Du": its sentences take the catalogue's "you" form ("Du hältst")
        you = gettext("You", lang or _LANG[0])
        me = list(names).index(you) if you in names else None
        text = render(text, lang or _LANG[0], names, me=me)
        if "You" in names:
            text = re.sub(r"\bYou (does|has|is|\w+?ss(?=es\b)|\w+?(?=s\b))(es|s)?\b", _you, text)
        return text
    def zero(m: re.Match[str]) -> str:
        i = int(m.group(1))
        return names[i] if 0 <= i < len(names) else m.group(0)

    def one(m: re.Match[str]) -> str:
        i = int(m.group(1)) - 1
        return names[i] if 0 <= i < len(names) else m.group(0)

    text = re.sub(r"\b[Ss]eat (\d+)\b", zero, text)
    text = re.sub(r"\bPosition (\d+)\b", one, text)
    if "You" in names:  # "seat 0 plays" said of the person: "You play"
        text = re.sub(r"\bYou (does|has|is|\w+?ss(?=es\b)|\w+?(?=s\b))(es|s)?\b", _you, text)
    return text


def _you(m: re.Match[str]) -> str:
    verb = {"does": "do", "has": "have", "is": "are"}.get(m.group(1), m.group(1))
    return f"You {verb}"


def column_labels(columns: Sequence[str], names: Sequence[str]) -> list[str]:
    """Score columns as people read them: a column per seat carries the seat's name; two team
    columns of a four-seat game name their players (seats 1/3 and 2/4)."""
    if len(columns) == len(names):
        return list(names)
    columns = [gettext(c, _LANG[0]) for c in columns]  # "Team 1/3" is "Équipe 1/3" in French
    if len(columns) == 2 and len(names) == 4:
        return [f"{c} ({names[i]}, {names[i + 2]})" for i, c in enumerate(columns)]
    return list(columns)


def settlement_lines(result: dict[str, Any], names: Sequence[str], show: Callable[[str], str] = str) -> list[str]:
    """The lines of one deal's settlement (``label value (note)``), seats named, cards shown."""
    out = []
    for ln in result.get("lines", []):
        label, note = seat_names(ln["label"], names), seat_names(ln.get("note") or "", names)
        out.append(show(f"{label} {ln['value']:+d}" + (f" ({note})" if note else "")))
    return out


def score_sheet(columns: Sequence[str], names: Sequence[str], rows: Sequence[tuple[int, Sequence[int]]],
                totals: Sequence[int], w: dict[str, str], title: str | None = None) -> Table:
    """The score sheet: one row per deal, then the totals."""
    t = Table(title=Text(title or w["sheet"], style="bold"), expand=False)
    t.add_column(Text(w["deal"]), justify="right")
    for c in column_labels(columns, names):
        t.add_column(Text(c), justify="right")
    for number, points in rows:
        t.add_row(Text(str(number)), *[Text(str(p)) for p in points])
    t.add_row(Text(w["total"], style="bold"), *[Text(str(x), style="bold") for x in totals], end_section=True)
    return t


def match_result(result: dict[str, Any], names: Sequence[str], w: dict[str, str]) -> list[RenderableType]:
    """The match summary after the score sheet: the winner, the ranking, what is missing — by name.

    The totals are in the sheet and not repeated."""
    out: list[RenderableType] = []
    if result.get("winner_name") is not None:
        out.append(Text(f"{w['winner']}: {gettext(str(result['winner_name']), w.get('lang', _LANG[0]))}", style="bold"))
    elif isinstance(result.get("winner"), str):
        side = result["winner"]
        players = [n for s, n in enumerate(names) if len(names) == 4 and "AB"[s % 2] == side]
        out.append(Text(f"{w['winner']}: {side}" + (f" ({', '.join(players)})" if players else ""), style="bold"))
    elif isinstance(result.get("winner"), int) and len(result.get("totals", [])) == len(names):
        out.append(Text(f"{w['winner']}: {names[result['winner']]}", style="bold"))
    if result.get("winners"):
        out.append(Text(f"{w['winner']}: " + ", ".join(names[s] for s in result["winners"]), style="bold"))
    if result.get("ranking"):
        out.append(Text(f"{w['ranking']}: " + "  ".join(f"{i}. {names[s]}" for i, s in
                                                      enumerate(result["ranking"], 1))))
    if result.get("pflicht_missing"):
        out.append(Text(f"{w['pflicht_missing']}: " + ", ".join(names[s] for s in result["pflicht_missing"])))
    skip = {"totals", "winner", "winner_name", "winners", "ranking", "pflicht_missing", "pflicht_done", "money"}
    lang = w.get("lang", _LANG[0])
    yes_no = (w["yes"], w["no"])
    for key, value in result.items():
        if key in skip or isinstance(value, (list, dict)):
            continue
        if key.endswith("dealer") and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        elif isinstance(value, bool):
            value = yes_no[0] if value else yes_no[1]
        label = gettext(RESULT_KEYS[key].id, lang) if key in RESULT_KEYS else key.replace("_", " ")
        out.append(Text(f"  {label}: {value}"))
    return out


#: the match summary's keys as the screen says them
RESULT_KEYS: dict[str, Msg] = {
    "target": Msg("target"), "schneider": Msg("Schneider"), "stake": Msg("stake"), "deals": Msg("deals"),
    "games": Msg("deals"), "next_partie_dealer": Msg("dealer of the next Partie"),
}
