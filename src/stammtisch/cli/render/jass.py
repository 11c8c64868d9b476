"""Terminal renderer for Schieber Jass: score board, trump, the trick on the table, last
trick, Weis and Stöck, and the own hand sorted by suit with the legal cards highlighted.

Only what the view holds is shown; collected tricks are not shown again (Papagei-Jass §14),
only the last one.
"""

from __future__ import annotations

import re
from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

SUIT_STYLE = {"E": "bold dark_orange3", "S": "bold yellow", "L": "bold cyan", "R": "bold red"}
SUIT_NAME = {"E": "Eicheln", "S": "Schellen", "L": "Schilten", "R": "Rosen"}
RANK_NAME = {"U": "Under", "O": "Ober", "K": "König", "A": "Ass", "10": "Banner"}
RANK_ORDER = ["6", "7", "8", "9", "10", "U", "O", "K", "A"]
TRUMP_ORDER = ["6", "7", "8", "10", "O", "K", "A", "9", "U"]


def card_text(card: str, legal: bool = True, dim: bool = False) -> Text:
    style = SUIT_STYLE.get(card[0], "")
    if dim:
        style = "dim"
    elif not legal:
        style += " dim"
    return Text(f"[{card}]", style=style)


def _name(view: dict[str, Any], seat: int) -> str:
    seats = view.get("seats") or [f"seat {i}" for i in range(4)]
    me = view.get("seat")
    tag = " (du)" if seat == me else (" (Partner)" if me is not None and seat == (me + 2) % 4 else "")
    return f"{seats[seat]}{tag}"


def _names(view: dict[str, Any], text: str) -> str:
    """Engine events say ``seat N`` (0-based); show the seat's name instead."""
    seats = view.get("seats") or [f"seat {i}" for i in range(4)]
    return re.sub(r"seat (\d)", lambda m: seats[int(m.group(1))], text)


def scoreboard(view: dict[str, Any]) -> Table:
    deal = view["deal"]
    t = Table(title=f"bis {deal.get('target', '?')}, Spiel {view['deal_number'] + 1}", expand=False)
    t.add_column("")
    for c in view["columns"]:
        t.add_column(c, justify="right")
    t.add_row("Stand", *[str(x) for x in view["totals"]])
    if deal.get("trump"):
        t.add_row("dieses Spiel (Karten)", *[str(x) for x in deal.get("card_points", [0, 0])])
        t.add_row("mit Weis/Stöck, x" + str(deal.get("multiplier") or 1), *[str(x) for x in deal.get("running", [])])
    return t


def trump_line(view: dict[str, Any]) -> Text:
    deal = view["deal"]
    if not deal.get("trump"):
        pushed = " (geschoben)" if deal.get("geschoben") else ""
        return Text(f"Trumpf sagt an: {_name(view, deal['chooser'])}{pushed}", style="bold")
    t = Text("Trumpf: ", style="bold")
    suit = deal.get("trump_suit")
    t.append(deal.get("contract") or deal["trump"], style=SUIT_STYLE.get(suit or "", "bold magenta"))
    t.append(f"  x{deal.get('multiplier')}", style="bold")
    if deal.get("trick_mode") and deal["trick_mode"] not in (deal["trump"], suit):
        t.append(f"   dieser Stich: {deal['trick_mode']}", style="italic")
    if deal.get("declarer") is not None:
        t.append(f"   angesagt von {_name(view, deal['declarer'])}", style="dim")
    return t


def table_view(view: dict[str, Any]) -> Table:
    deal = view["deal"]
    me = view.get("seat") if view.get("seat") is not None else 0
    played = {s: c for s, c in deal.get("trick", [])}
    grid = Table.grid(padding=(0, 3))
    for _ in range(3):
        grid.add_column(justify="center")

    def cell(seat: int) -> Text:
        t = Text(_name(view, seat) + "\n", style="bold" if seat in view.get("to_act", []) else "")
        if seat in played:
            t.append_text(card_text(played[seat]))
        elif seat in view.get("to_act", []):
            t.append("am Zug", style="italic green")
        else:
            t.append("·", style="dim")
        t.append(f"  ({deal.get('hand_sizes', [9] * 4)[seat]})", style="dim")
        return t

    grid.add_row(Text(""), cell((me + 2) % 4), Text(""))
    grid.add_row(cell((me + 3) % 4), Text(f"Stich {deal.get('trick_number', 1)}", style="dim"), cell((me + 1) % 4))
    grid.add_row(Text(""), cell(me), Text(""))
    return grid


def hand_view(deal: dict[str, Any], legal: list[str]) -> Text:
    trump = deal.get("trump_suit")
    hand = deal.get("hand") or []
    t = Text("deine Karten: ", style="bold")
    for suit in "ESLR":
        cards = [c for c in hand if c[0] == suit]
        order = TRUMP_ORDER if suit == trump else RANK_ORDER
        cards.sort(key=lambda c: order.index(c[1:]))
        for c in cards:
            t.append_text(card_text(c, legal=not legal or c in legal))
            t.append(" ")
        if cards:
            t.append("  ")
    return t


def render(view: dict[str, Any]) -> RenderableType:
    deal = view["deal"]
    legal = [a for a in view.get("legal", []) if len(a) <= 3 and a[:1] in SUIT_STYLE]
    parts: list[RenderableType] = [scoreboard(view), Text(f"Geber: {_name(view, view['dealer'])}", style="dim"),
                                   trump_line(view), table_view(view)]
    if deal.get("last_trick"):
        t = Text("letzter Stich: ", style="dim")
        for s, c in deal["last_trick"]:
            t.append(f"{_name(view, s)}:")
            t.append_text(card_text(c, dim=True))
            t.append(" ")
        parts.append(t)
    info = []
    for w in deal.get("weis", []):
        info.append(f"{_name(view, w['seat'])} weist {w['points']}")
    for s, items in (deal.get("weis_shown") or {}).items():
        info.append(f"Weis {_name(view, int(s))}: {' '.join(items)}")
    if deal.get("stoeck") is not None:
        info.append(f"Stöck: {_name(view, deal['stoeck'])}")
    if deal.get("has_stoeck"):
        info.append("du hast die Stöck (\"stöck\" zeigen)")
    if deal.get("my_weis"):
        info.append("dein Weis: " + " ".join(deal["my_weis"]))
    if info:
        parts.append(Text(" · ".join(info), style="magenta"))
    for e in (deal.get("events") or [])[-4:]:
        parts.append(Text(f"  · {_names(view, e)}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(hand_view(deal, legal))
    return Panel(Group(*parts), title="Schieber Jass", subtitle="Befehle: Karte (EU), weis, stöck, rest, bedanken, ?")
