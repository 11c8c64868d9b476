"""Terminal renderer for Doppelkopf: table, contract, parties as known, announcements, trick,
hand (trumps first) and the Spielliste with Pflichtsolo tracking."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.cards import DOKO
from ...core.messages import Msg
from ...games.doppelkopf.spielliste import Spielliste
from ...i18n import render as render_msg
from ..notation import TerminalNotation
from ..settlement import current_language, seat_names, tr

_SUIT = {"X": "♣", "P": "♠", "H": "♥", "K": "♦"}
_RED = {"H", "K"}

#: Cards are shown as suit symbol + rank (``♣D``) and typed the same way; ``kr``/``pi``/``he``/``ka``
#: and the record letters ``X``/``P``/``H`` work too. A bare ``K`` before a rank is refused: the
#: record reads ``KD`` as Karo-Dame, a German player means Kreuz-Dame.
NOTATION = TerminalNotation(
    DOKO,
    legend=[
        Msg("a card = suit symbol + rank, as shown in the hand (♣D Kreuz-Dame, ♥10 Dulle, ♦A Fuchs)"),
        Msg("suits: ♣ Kreuz (also kr or X), ♠ Pik (pi, P), ♥ Herz (he, H), ♦ Karo (ka)"),
        Msg("ranks: 9, 10, B Bube, D Dame, K König, A Ass"),
        Msg("KD, KA … do not count (Kreuz or Karo?): type ♣D/krD for Kreuz, ♦D/kaD for Karo"),
        Msg("Abfrage: gesund, vorbehalt, nein, hochzeit, solo:<kind>; announcements: re, kontra, keine90 … schwarz"),
        Msg("a number picks the option; weiter: the others play on; ? shows this again, q quits"),
    ],
    show=lambda c: _SUIT[c[0]] + c[1:],
    prefixes={"♣": "X", "♠": "P", "♥": "H", "♦": "K", "kr": "X", "pi": "P", "he": "H", "ka": "K"},
    ambiguous={"K": Msg("'{card}' is ambiguous (K for Kreuz or Karo?): type ♣ or kr for Kreuz (♣D, krD), "
                        "♦ or ka for Karo (♦D, kaD)")},
)

#: what a trick's points are called here (Doppelkopf-Turnier 6.: Augen)
TRICK_POINTS = "Augen"

def card_text(card: str) -> Text:
    """A card as suit symbol plus rank, red suits in red (``H10`` -> ``♥10``)."""
    return Text(NOTATION.card(card), style="red" if card[0] in _RED else "bold")


def event_text(text: str, names: list[str]) -> str:
    """An engine event in the session's language, seats named, cards shown as in the hand."""
    return NOTATION.text(seat_names(text, names))


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """After a deal: the Augen of both parties (Doppelkopf-Turnier 6.), e.g. ``Augen: Re 128 : Kontra 112``."""
    if summary.get("re_augen") is None:
        return []
    parties = summary.get("parties") or []
    re_names = ", ".join(names[s] for s, p in enumerate(parties) if p == "re")
    ko_names = ", ".join(names[s] for s, p in enumerate(parties) if p == "kontra")
    return [f"Augen: Re {summary['re_augen']} : Kontra {summary['kontra_augen']}"
            + (f"   (Re: {re_names}; Kontra: {ko_names})" if re_names and ko_names else "")]  # game words


def cards_text(cards: list[str], sep: str = " ") -> Text:
    out = Text()
    for i, c in enumerate(cards):
        if i:
            out.append(sep)
        out.append_text(card_text(c))
    return out


#: the Spielliste's column heads in the session's language
_HEADS = {"Geber": Msg("dealer"), "Spiel": Msg("game"), "Wert": Msg("value")}


def spielliste_table(names: list[str], results: list[dict[str, Any]], last: int = 8) -> Table:
    """The Spielliste (last ``last`` rows) as a Rich table."""
    sl = Spielliste.from_results(names, results)
    rows = sl.table()
    t = Table(title=Text(tr("Spielliste (kept by {name})", name=names[sl.keeper])), expand=False)
    for h in rows[0]:
        t.add_column(Text(tr(_HEADS[h]) if h in _HEADS else h), justify="right")
    body = rows[1:-1]
    for r in body[-last:]:
        t.add_row(*[Text(c) for c in r])
    t.add_row(*[Text(tr(Msg("open (Pflichtsolo)")) if c == "offen" else c) for c in rows[-1]], style="dim")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    """Render a seat's (or a spectator's) match view."""
    deal = view["deal"]
    names = view["seats"]
    me = view.get("seat")
    parts: list[RenderableType] = [spielliste_table(names, view.get("results", []))]

    info = Table.grid(padding=(0, 2))
    contract = render_msg(deal.get("contract_label"), current_language()) if deal.get("contract_label") else "Spielabfrage"
    if deal.get("soloist") is not None:
        contract += " " + tr("by {name}", name=names[deal["soloist"]]) + (" (Pflichtsolo)" if deal.get("pflichtsolo") else " (Lustsolo)")
    if deal.get("hochzeiter") is not None:
        contract += f", Hochzeiter {names[deal['hochzeiter']]}"
        if deal.get("klaerungsstich"):
            contract += (", " + tr("partner {name}", name=names[deal["partner"]]) if deal.get("partner") is not None
                         else ", " + tr("plays alone"))
    info.add_row(Text(tr("game"), style="bold"), Text(contract))
    if deal.get("abfrage"):
        ask = {"pflichtsolo": "Pflichtsolo?", "lustsolo": "Lustsolo?", "hochzeit": "Hochzeit?",
               "vorfuehrung": tr("Vorführung: Pflichtsolo!")}.get(deal["abfrage"], deal["abfrage"])
        info.add_row(Text("Abfrage", style="bold"), Text(ask + " – " + tr("{name} answers", name=names[deal["turn"]])))
    seats = Table.grid(padding=(0, 2))
    for s, name in enumerate(names):
        p = deal["parties"][s]
        mark = "Re" if p == "re" else "Kontra" if p == "kontra" else "?"
        if deal.get("sitting") == s:
            mark = tr("sits out")
        flags = []
        if s == view["dealer"]:
            flags.append(tr("dealer"))
        if deal.get("turn") == s:
            flags.append(tr("to play"))
        if not deal["pflicht_done"][s]:
            flags.append(tr("Pflichtsolo open"))
        said = [w for x, w, _ in deal.get("announced", []) if x == s]
        seats.add_row(Text(name, style="bold green" if s == me else ""), Text(mark),
                      Text(", ".join(said)), Text(tr("{n} tricks", n=deal["tricks_won"][s])),
                      Text(" · ".join(flags), style="dim"))
    ann = deal.get("announcements") or {}
    said = Text(f"Re: {ann.get('re') or '–'}   Kontra: {ann.get('kontra') or '–'}")
    if deal.get("regular_left") is not None:  # the round on the same line: the screen fits 80x24
        said.append("   (" + tr("round: {n} games left", n=deal["regular_left"])
                    + (f", Vorführung: {names[deal['vorfuehrung']]}" if deal.get("vorfuehrung") is not None else "")
                    + ")", style="dim")
    info.add_row(Text(tr("announcements"), style="bold"), said)
    parts += [info, seats]
    if deal.get("last_trick"):
        parts.append(Text(tr("last trick") + ": ").append_text(
            cards_text([c for _, c in deal["last_trick"]])).append(f"  ({names[deal['tricks'][-1]['winner']]})"))
    trick = Text(tr("trick") + ": ")
    for s, c in deal.get("trick", []):
        trick.append(f"{names[s]} ").append_text(card_text(c)).append("  ")
    parts.append(trick)
    for e in (deal.get("events") or [])[-3:]:  # the last three: the screen stays within 80x24
        parts.append(Text(f"  · {event_text(e, names)}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(Text(tr("your cards") + ": ", style="bold").append_text(cards_text(deal["hand"])))
    return Panel(Group(*parts), title=tr("Doppelkopf – deal {n}", n=view["deal_number"] + 1))
