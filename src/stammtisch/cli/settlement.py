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

#: the terminal's own words in the language of the game's screen
WORDS: dict[str, dict[str, str]] = {
    "en": {"options": "your options", "prompt": "your action", "refused": "refused", "left": "game left.",
           "settled": "deal {n} settled", "last_trick": "last trick", "led": "led by", "won": "won by",
           "points": "points", "over": "game over", "winner": "winner", "record": "record written to {path}",
           "no_option": "there is no option {answer} (choose 1..{n}, type an action, ? shows the table, "
                        "the notation and the options again, q quits)",
           "deal": "deal", "total": "total", "sheet": "score sheet", "ranking": "ranking",
           "pflicht_missing": "Pflichtsolo not played", "confirm": "type y to confirm, anything else to go back",
           "wait": "wait", "suffix": "(Enter: none)",
           "help": "? shows the table, the notation (legend) and the options again; q quits",
           "legend": "notation", "you": "You",
           "stopped": "game left ({how})", "stopped_record": "game left ({how}); the record so far: {path}"},
    "de": {"options": "deine Möglichkeiten", "prompt": "dein Zug", "refused": "abgelehnt",
           "left": "Spiel verlassen.", "settled": "Spiel {n} abgerechnet", "last_trick": "letzter Stich",
           "led": "ausgespielt von", "won": "gewonnen von", "points": "Punkte", "over": "Partie beendet",
           "winner": "Sieger", "record": "Aufzeichnung geschrieben: {path}",
           "no_option": "es gibt keine Möglichkeit {answer} (1..{n} wählen, eine Aktion tippen, ? zeigt Tisch, "
                        "Notation und Möglichkeiten wieder, q beendet)",
           "deal": "Spiel", "total": "Summe", "sheet": "Spielliste", "ranking": "Rangliste",
           "pflicht_missing": "Pflichtsolo nicht gespielt", "confirm": "j zum Bestätigen, sonst zurück",
           "wait": "weiter", "suffix": "(Enter: keine)",
           "help": "? zeigt Tisch, Notation (Legende) und Möglichkeiten wieder; q beendet",
           "legend": "Notation", "you": "Du",
           "stopped": "Spiel verlassen ({how})", "stopped_record": "Spiel verlassen ({how}); die Aufzeichnung "
                                                                  "bis hier: {path}"},
}


def words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def seat_names(text: str, names: Sequence[str]) -> str:
    """Replace the engines' ``seat N`` (0-based) and ``Position N`` (1-based) by the seat's name."""
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
    if len(columns) == 2 and len(names) == 4:
        return [f"{c} ({names[i]}, {names[i + 2]})" for i, c in enumerate(columns)]
    return list(columns)


def settlement_lines(result: dict[str, Any], names: Sequence[str], show: Callable[[str], str] = str) -> list[str]:
    """The lines of one deal's settlement (``label value (note)``), seats named, cards shown."""
    out = []
    for ln in result.get("lines", []):
        note = ln.get("note") or ""
        out.append(show(seat_names(f"{ln['label']} {ln['value']:+d}" + (f" ({note})" if note else ""), names)))
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
        out.append(Text(f"{w['winner']}: {result['winner_name']}", style="bold"))
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
    label = RESULT_KEYS.get(w["deal"], {})
    yes_no = ("ja", "nein") if w is WORDS["de"] else ("yes", "no")
    for key, value in result.items():
        if key in skip or isinstance(value, (list, dict)):
            continue
        if key.endswith("dealer") and isinstance(value, int) and 0 <= value < len(names):
            value = names[value]
        elif isinstance(value, bool):
            value = yes_no[0] if value else yes_no[1]
        out.append(Text(f"  {label.get(key, key.replace('_', ' '))}: {value}"))
    return out


#: the match summary's keys as the screen says them (by the language's word for "deal")
RESULT_KEYS = {
    "Spiel": {"target": "Ziel", "schneider": "Schneider", "stake": "Einsatz", "deals": "Spiele", "games": "Spiele",
              "next_partie_dealer": "Geber der nächsten Partie"},
    "deal": {"next_partie_dealer": "dealer of the next Partie", "games": "deals", "schneider": "Schneider"},
}
