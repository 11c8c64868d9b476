"""Terminal view of a Tarock deal: contract and partners, talon, announcements and Kontras, the trick,
the last trick and the hand sorted by suit (tarock as Roman numerals)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.cards import TAROCK, roman
from ...core.messages import Msg
from ...games.tarock.cards import TOTAL_THIRDS
from ..notation import TerminalNotation
from ..settlement import seat_names, tr
from . import scoreboard

_SYMBOL = {"H": "♥", "K": "♦", "P": "♠", "X": "♣"}
_STYLE = {"H": "red", "K": "red", "P": "bold", "X": "bold", "T": "yellow"}
_ROMAN = ["", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
          "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "Sküs"]
_KONTRA = ("", "Kontra", "Rekontra", "Subkontra")
#: the phases of a deal as players say them
PHASES = {"bidding": Msg("bidding"), "call": Msg("calling the king"), "talon": Msg("talon"), "discard": Msg("discarding"),
          "announce": Msg("announcing"), "play": Msg("play"), "over": Msg("over")}


def _show(card: str) -> str:
    """``HK`` -> ``♥K``, ``T21`` -> ``XXI``, ``T22`` -> ``Sküs``: X is only ever the roman ten."""
    if card.startswith("T") and card[1:].isdigit():
        return _ROMAN[int(card[1:])]
    return _SYMBOL[card[0]] + card[1:]


#: the cards as shown and typed (the record's ``XK``, ``T21`` and roman ``IV`` are read too)
NOTATION = TerminalNotation(
    TAROCK,
    legend=[
        Msg("a card as shown in the hand: suit symbol + rank (♥K Herz-König, ♣10), a Tarock as its roman "
            "number (XXI) or T21, Sküs (also Sk)"),
        Msg("suits: ♥ Herz (also he, H), ♦ Karo (ka), ♠ Pik (pi, P), ♣ Kreuz (kr); ranks: red 4 3 2 1, "
            "black 7 8 9 10, then B Bube, R Reiter, D Dame, K König"),
        Msg("Tarock: I Pagat … IIII Quapil … XXI Mond, Sküs; X alone is always the Tarock X, never Kreuz"),
        Msg("KK, K4 … are refused (Kreuz or Karo?): type ♦K or kaK for Karo, ♣K or krK for Kreuz"),
        Msg("words: a contract alone (dreier) or bid:dreier, vorhand, pass, call:♥K, talon:0, discard:♥K, "
            "announce:…, kontra:game, gut"),
        Msg("a number picks the option with that number; wait lets the others play on; ? shows this again, q quits"),
    ],
    show=_show,
    prefixes={"♥": "H", "♦": "K", "♠": "P", "♣": "X", "he": "H", "ka": "K", "pi": "P", "kr": "X"},
    ambiguous={"K": Msg("'{card}' is ambiguous (K for Kreuz or Karo?): type ♦ or ka for Karo (♦K, kaK), "
                        "♣ or kr for Kreuz (♣K, krK)")},
    aliases={_ROMAN[n]: f"T{n}" for n in range(1, 22)} | {roman(n): f"T{n}" for n in range(1, 23)},
)


def _name(card: str) -> str:
    return NOTATION.card(card)


def _hand(cards: list[str]) -> Text:
    """The hand by suit (♥ ♦ ♠ ♣) then the Tarock, every card as it is typed."""
    out = Text()
    for code in "HKPXT":
        mine = [c for c in cards if c.startswith(code)]
        for c in mine:
            out.append(_name(c), style=_STYLE[code])
            out.append(" ")
        if mine:
            out.append("  ")
    return out


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """After a deal: each player's card points in Trischaken, the sides' points otherwise."""
    o = summary.get("outcome") or {}
    if o.get("thirds"):
        text = seat_names(Msg("points: {points}", points=[Msg("seat {seat} {thirds}", seat=s, thirds=t)
                                                        for s, t in enumerate(o["thirds"])]), names)
        if o.get("tricks"):
            text += "   " + seat_names(Msg("tricks: {tricks}", tricks=[Msg("seat {seat} {n}", seat=s, n=n)
                                                                      for s, n in enumerate(o["tricks"])]), names)
        return [text]
    if o.get("declarer") is not None and o.get("declarer_thirds") is not None and not o.get("struck"):
        d = o["declarer_thirds"]
        return [seat_names(Msg("points: declarer's side {declarer_thirds} : opponents {opponents_thirds}",
                               declarer_thirds=d, opponents_thirds=TOTAL_THIRDS - d), names)]
    return []


def render(view: dict[str, Any]) -> RenderableType:
    deal = view["deal"]
    seats = view["seats"]

    def who(s: Any) -> str:
        return seats[s] if isinstance(s, int) and 0 <= s < len(seats) else "-"

    parts: list[RenderableType] = [scoreboard(view)]
    info = Table.grid(padding=(0, 2))
    info.add_row(Text(tr("phase"), style="bold"), Text(tr(PHASES.get(str(deal.get("phase")), str(deal.get("phase"))))))
    if deal.get("contract"):
        c = str(deal["contract"]).replace("_", " ").title()
        line = c + " " + tr("by {name}", name=who(deal.get("declarer")))
        if deal.get("called"):
            line += ", " + tr("called {card}", card=_name(deal["called"]))
        if deal.get("partner") is not None:
            line += ", " + tr("partner {name}", name=who(deal["partner"]))
        info.add_row(Text(tr("game"), style="bold"), Text(line))
    elif deal.get("bid"):
        info.add_row(Text(tr("highest bid"), style="bold"), Text(f"{deal['bid']} ({who(deal.get('bidder'))})"))
    if deal.get("talon"):
        info.add_row(Text("Talon", style="bold"),
                     Text(" | ".join(" ".join(_name(c) for c in h) for h in deal["talon"])))
    if deal.get("discards_open"):
        info.add_row(Text(tr("discards shown"), style="bold"), Text(" ".join(_name(c) for c in deal["discards_open"])))
    anns = deal.get("announcements") or {}
    if anns or deal.get("game_kontra") or deal.get("kontras"):
        bits = [f"{p} ({who(a['announcer'])}{', ' + _KONTRA[a['kontra']] if a['kontra'] else ''})"
                for p, a in anns.items()]
        if deal.get("game_kontra"):
            bits.append(tr("game") + f": {_KONTRA[deal['game_kontra']]}")
        for s, lvl in (deal.get("kontras") or {}).items():
            bits.append(f"{who(int(s))}: {_KONTRA[lvl]}")
        info.add_row(Text(tr("announced"), style="bold"), Text(", ".join(bits)))
    if deal.get("open_hand"):
        info.add_row(Text(tr("open hand"), style="bold"), _hand(deal["open_hand"]))
    info.add_row(Text(tr("tricks"), style="bold"),
                 Text("  ".join(f"{who(s)} {n}" for s, n in enumerate(deal.get("tricks_won", [])))))
    parts.append(info)
    if deal.get("last_trick"):
        parts.append(Text(tr("last trick") + ": " + "  ".join(f"{who(s)}:{_name(c)}" for s, c in deal["last_trick"]),
                          style="dim"))
    trick = "  ".join(f"{who(s)}:{_name(c)}" for s, c in deal.get("trick", [])) or "(" + tr("empty") + ")"
    parts.append(Text(tr("trick") + f": {trick}"))
    for e in (deal.get("events") or [])[-5:]:
        parts.append(Text(f"  · {NOTATION.text(seat_names(e, seats))}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(Text(tr("your cards") + ": ", style="bold green") + _hand(deal["hand"]))
    return Panel(Group(*parts), title="Königrufen Tarock")
