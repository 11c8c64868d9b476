"""Terminal renderer for Doppelkopf: table, contract, parties as known, announcements, trick,
hand (trumps first) and the Spielliste with Pflichtsolo tracking."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.cards import DOKO
from ...games.doppelkopf.spielliste import Spielliste
from ..notation import TerminalNotation
from ..settlement import seat_names

_SUIT = {"X": "♣", "P": "♠", "H": "♥", "K": "♦"}
_RED = {"H", "K"}

#: the whole Doppelkopf screen is German (Spielliste, Ansagen, the engine's settlement lines)
LANG = "de"

#: Cards are shown as suit symbol + rank (``♣D``) and typed the same way; ``kr``/``pi``/``he``/``ka``
#: and the record letters ``X``/``P``/``H`` work too. A bare ``K`` before a rank is refused: the
#: record reads ``KD`` as Karo-Dame, a German player means Kreuz-Dame.
NOTATION = TerminalNotation(
    DOKO,
    legend=[
        "Karte = Farbsymbol + Wert, so wie in der Hand gezeigt (♣D Kreuz-Dame, ♥10 Dulle, ♦A Fuchs)",
        "Farben: ♣ Kreuz (auch kr oder X), ♠ Pik (pi, P), ♥ Herz (he, H), ♦ Karo (ka)",
        "Werte: 9, 10, B Bube, D Dame, K König, A Ass",
        "KD, KA … gelten nicht (Kreuz oder Karo?): ♣D/krD für Kreuz, ♦D/kaD für Karo tippen",
        "Abfrage: gesund, vorbehalt, nein, hochzeit, solo:<Art>; Ansagen: re, kontra, keine90 … schwarz",
        "eine Zahl wählt die Möglichkeit; weiter: die Gegner spielen weiter; ? zeigt dies wieder, q beendet",
    ],
    show=lambda c: _SUIT[c[0]] + c[1:],
    prefixes={"♣": "X", "♠": "P", "♥": "H", "♦": "K", "kr": "X", "pi": "P", "he": "H", "ka": "K"},
    ambiguous={"K": "'{card}' ist mehrdeutig (K = Kreuz oder Karo?): ♣ oder kr für Kreuz (♣D, krD), "
                    "♦ oder ka für Karo (♦D, kaD) tippen"},
)

#: the engine's refusals a person meets at the table, in German (the rule reference follows them)
MESSAGES = (
    (r"^answer the Spielabfrage with 'gesund' or 'vorbehalt'$",
     "die Spielabfrage mit 'gesund' oder 'vorbehalt' beantworten"),
    (r"^a Hochzeit needs both ♣ Queens$", "eine Hochzeit braucht beide Kreuz-Damen"),
    (r"^your party is not decided yet$", "deine Partei steht noch nicht fest"),
    (r"^'(\w+)' is announced by the (Re|Kontra) party only; you are (Re|Kontra)$",
     r"'\1' sagt nur die \2-Partei an; du bist \3"),
    (r"^your party has already announced (.*)$", r"deine Partei hat schon \1 angesagt"),
    (r"^'(\w+)' is out of its window: with (\d+) cards in hand.*$",
     r"'\1' kommt zu spät: mit \2 Karten auf der Hand (Re/Kontra spätestens mit 11 Karten, keine 90 mit 10, "
     r"keine 60 mit 9, keine 30 mit 8, schwarz mit 7; eine Erwiderung eine Karte später)"),
    (r"^that is neither a card nor an announcement$", "das ist weder eine Karte noch eine Ansage"),
    (r"^(\S+) is not in your hand$", r"\1 hast du nicht auf der Hand"),
    (r"^you must follow the led suit \(trump counts as one suit\)$",
     "die ausgespielte Farbe bedienen (Trumpf gilt als eine Farbe)"),
    (r"^in a Hochzeit announcements are allowed only after the Klärungsstich$",
     "in einer Hochzeit erst nach dem Klärungsstich ansagen"),
)

#: what a trick's points are called here (Doppelkopf-Turnier 6.: Augen)
TRICK_POINTS = "Augen"

#: the engine's few English event words, in the screen's language
_EVENT_WORDS = ((" plays a Hochzeit", " spielt eine Hochzeit"), (" plays ", " spielt "),
                (" is the partner", " ist Partner"), ("the Hochzeiter plays alone", "der Hochzeiter spielt allein"))


def card_text(card: str) -> Text:
    """A card as suit symbol plus rank, red suits in red (``H10`` -> ``♥10``)."""
    return Text(NOTATION.card(card), style="red" if card[0] in _RED else "bold")


def event_text(text: str, names: list[str]) -> str:
    """An engine event with seats named, cards shown as in the hand, in German."""
    text = NOTATION.text(seat_names(text, names))
    for en, de in _EVENT_WORDS:
        text = text.replace(en, de)
    return text


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """After a deal: the Augen of both parties (Doppelkopf-Turnier 6.), e.g. ``Augen: Re 128 : Kontra 112``."""
    if summary.get("re_augen") is None:
        return []
    parties = summary.get("parties") or []
    re_names = ", ".join(names[s] for s, p in enumerate(parties) if p == "re")
    ko_names = ", ".join(names[s] for s, p in enumerate(parties) if p == "kontra")
    return [f"Augen: Re {summary['re_augen']} : Kontra {summary['kontra_augen']}"
            + (f"   (Re: {re_names}; Kontra: {ko_names})" if re_names and ko_names else "")]


def cards_text(cards: list[str], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


def spielliste_table(names: list[str], results: list[dict[str, Any]], last: int = 8) -> Table:
    """The Spielliste (last ``last`` rows) as a Rich table."""
    sl = Spielliste.from_results(names, results)
    rows = sl.table()
    t = Table(title=Text(f"Spielliste (geführt von {names[sl.keeper]})"), expand=False)
    for h in rows[0]:
        t.add_column(Text(h), justify="right")
    body = rows[1:-1]
    for r in body[-last:]:
        t.add_row(*[Text(c) for c in r])
    t.add_row(*[Text(c) for c in rows[-1]], style="dim")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    """Render a seat's (or a spectator's) match view."""
    deal = view["deal"]
    names = view["seats"]
    me = view.get("seat")
    parts: list[RenderableType] = [spielliste_table(names, view.get("results", []))]

    info = Table.grid(padding=(0, 2))
    contract = deal.get("contract_label") or "Spielabfrage"
    if deal.get("soloist") is not None:
        contract += f" von {names[deal['soloist']]}" + (" (Pflichtsolo)" if deal.get("pflichtsolo") else " (Lustsolo)")
    if deal.get("hochzeiter") is not None:
        contract += f", Hochzeiter {names[deal['hochzeiter']]}"
        if deal.get("klaerungsstich"):
            contract += (f", Partner {names[deal['partner']]}" if deal.get("partner") is not None
                         else ", spielt allein")
    info.add_row(Text("Spiel", style="bold"), Text(contract))
    if deal.get("abfrage"):
        ask = {"pflichtsolo": "Pflichtsolo?", "lustsolo": "Lustsolo?", "hochzeit": "Hochzeit?",
               "vorfuehrung": "Vorführung: Pflichtsolo!"}.get(deal["abfrage"], deal["abfrage"])
        info.add_row(Text("Abfrage", style="bold"), Text(f"{ask} – {names[deal['turn']]} antwortet"))
    seats = Table.grid(padding=(0, 2))
    for s, name in enumerate(names):
        p = deal["parties"][s]
        mark = "Re" if p == "re" else "Kontra" if p == "kontra" else "?"
        if deal.get("sitting") == s:
            mark = "sitzt"
        flags = []
        if s == view["dealer"]:
            flags.append("Geber")
        if deal.get("turn") == s:
            flags.append("am Zug")
        if not deal["pflicht_done"][s]:
            flags.append("Pflichtsolo offen")
        said = [w for x, w, _ in deal.get("announced", []) if x == s]
        seats.add_row(Text(name, style="bold green" if s == me else ""), Text(mark),
                      Text(", ".join(said)), Text(f"{deal['tricks_won'][s]} Stiche"),
                      Text(" · ".join(flags), style="dim"))
    ann = deal.get("announcements") or {}
    said = Text(f"Re: {ann.get('re') or '–'}   Kontra: {ann.get('kontra') or '–'}")
    if deal.get("regular_left") is not None:  # the round on the same line: the screen fits 80x24
        said.append(f"   (Runde: noch {deal['regular_left']} Spiele"
                    + (f", Vorführung: {names[deal['vorfuehrung']]}" if deal.get("vorfuehrung") is not None else "")
                    + ")", style="dim")
    info.add_row(Text("Ansagen", style="bold"), said)
    parts += [info, seats]
    if deal.get("last_trick"):
        parts.append(Text("letzter Stich: ").append_text(
            cards_text([c for _, c in deal["last_trick"]])).append(f"  ({names[deal['tricks'][-1]['winner']]})"))
    trick = Text("Stich: ")
    for s, c in deal.get("trick", []):
        trick.append(f"{names[s]} ").append_text(card_text(c)).append("  ")
    parts.append(trick)
    for e in (deal.get("events") or [])[-3:]:  # the last three: the screen stays within 80x24
        parts.append(Text(f"  · {event_text(e, names)}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(Text("deine Karten: ", style="bold").append_text(cards_text(deal["hand"])))
    return Panel(Group(*parts), title=f"Doppelkopf – Spiel {view['deal_number'] + 1}")
