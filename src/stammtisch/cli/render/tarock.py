"""Terminal view of a Tarock deal: contract and partners, talon, announcements and Kontras, the trick,
the last trick and the hand sorted by suit (tarock as Roman numerals)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import scoreboard

_SUITS = (("H", "♥ Herz", "red"), ("K", "♦ Karo", "red"), ("P", "♠ Pik", "white"), ("X", "♣ Kreuz", "white"))
_ROMAN = ["", "I", "II", "III", "IIII", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII", "XIV", "XV",
          "XVI", "XVII", "XVIII", "XIX", "XX", "XXI", "Sküs"]
_KONTRA = ("", "Kontra", "Rekontra", "Subkontra")


def _name(card: str) -> str:
    if card.startswith("T") and card[1:].isdigit():
        return _ROMAN[int(card[1:])]
    return card


def _hand(cards: list[str]) -> Text:
    out = Text()
    for code, title, style in _SUITS:
        mine = [c[1:] for c in cards if c.startswith(code)]
        if mine:
            out.append(f"{title}: ", style=f"bold {style}")
            out.append(" ".join(mine) + "   ")
    tarock = [_name(c) for c in cards if c.startswith("T")]
    if tarock:
        out.append("Tarock: ", style="bold yellow")
        out.append(" ".join(tarock))
    return out


def render(view: dict[str, Any]) -> RenderableType:
    deal = view["deal"]
    seats = view["seats"]

    def who(s: Any) -> str:
        return seats[s] if isinstance(s, int) and 0 <= s < len(seats) else "-"

    parts: list[RenderableType] = [scoreboard(view)]
    info = Table.grid(padding=(0, 2))
    info.add_row(Text("phase", style="bold"), Text(str(deal.get("phase"))))
    if deal.get("contract"):
        c = str(deal["contract"]).replace("_", " ").title()
        line = f"{c} by {who(deal.get('declarer'))}"
        if deal.get("called"):
            line += f", called {deal['called']}"
        if deal.get("partner") is not None:
            line += f", partner {who(deal['partner'])}"
        info.add_row(Text("game", style="bold"), Text(line))
    elif deal.get("bid"):
        info.add_row(Text("highest bid", style="bold"), Text(f"{deal['bid']} ({who(deal.get('bidder'))})"))
    if deal.get("talon"):
        info.add_row(Text("talon", style="bold"),
                     Text(" | ".join(" ".join(_name(c) for c in h) for h in deal["talon"])))
    if deal.get("discards_open"):
        info.add_row(Text("discards shown", style="bold"), Text(" ".join(_name(c) for c in deal["discards_open"])))
    anns = deal.get("announcements") or {}
    if anns or deal.get("game_kontra") or deal.get("kontras"):
        bits = [f"{p} ({who(a['announcer'])}{', ' + _KONTRA[a['kontra']] if a['kontra'] else ''})"
                for p, a in anns.items()]
        if deal.get("game_kontra"):
            bits.append(f"game: {_KONTRA[deal['game_kontra']]}")
        for s, lvl in (deal.get("kontras") or {}).items():
            bits.append(f"{who(int(s))}: {_KONTRA[lvl]}")
        info.add_row(Text("announced", style="bold"), Text(", ".join(bits)))
    if deal.get("open_hand"):
        info.add_row(Text("open hand", style="bold"), _hand(deal["open_hand"]))
    info.add_row(Text("tricks", style="bold"),
                 Text("  ".join(f"{who(s)} {n}" for s, n in enumerate(deal.get("tricks_won", [])))))
    parts.append(info)
    if deal.get("last_trick"):
        parts.append(Text("last trick: " + "  ".join(f"{who(s)}:{_name(c)}" for s, c in deal["last_trick"]),
                          style="dim"))
    trick = "  ".join(f"{who(s)}:{_name(c)}" for s, c in deal.get("trick", [])) or "(empty)"
    parts.append(Text(f"trick: {trick}"))
    for e in (deal.get("events") or [])[-5:]:
        parts.append(Text(f"  · {e}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(Text("your hand: ", style="bold green") + _hand(deal["hand"]))
    return Panel(Group(*parts), title="Königrufen Tarock")
