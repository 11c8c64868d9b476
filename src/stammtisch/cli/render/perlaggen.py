"""Terminal rendering of a Perlaggen view: score, trump (and Luck/Boden while shown), figures and
bids, the trick, each seat's cards played, partner signals, and the own hand with its Perlaggen marked."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from . import scoreboard

SUIT_NAMES = {"E": "Eichel", "L": "Laub", "H": "Herz", "S": "Schell"}
SUIT_STYLE = {"E": "yellow", "L": "green", "H": "red", "S": "bright_yellow"}
PHASE_HELP = {
    "cut": "cut the cards: abheben:N",
    "keep": "a standing Perlagg shows at the bottom of your lift: behalten or liegen (§4)",
    "look": "look at your cards (ansehen); while your partner has not looked either, your side may bid "
            "unseen (ungesehen:…, §32)",
    "exchange": "exchange the turned-up Perlagg for a trump (§7)",
    "meld": "17 : 17 — declare a dritziges, vierfaches or fünffaches figure, or pass (§25)",
    "play": "play a card (a Perlagg with its Taufe, e.g. W=LA) or bid a figure (bieten:gleich)",
    "answer": "answer the bid: halten, gut or steigern (§11, §13)",
    "figures": "the Spiel is decided: weisen / gut / bieten; the others abweisen / stellen / gut (§22)",
}


def perlaggen_of(trump: str | None) -> set[str]:
    if not trump:
        return set()
    return {"HK", "W", f"{trump}7", f"{trump}U", f"{trump}O", "E7", "EU", "EO"}


def card_text(card: str, trump: str | None) -> Text:
    base = card.split("=")[0]
    style = SUIT_STYLE.get(base[0], "white") if base != "W" else "magenta"
    if base in perlaggen_of(trump):
        style = "bold magenta"
    return Text(card, style=style)


def render(view: dict[str, Any]) -> RenderableType:
    deal = view["deal"]
    seats = view["seats"]
    trump = deal.get("trump")
    parts: list[RenderableType] = [scoreboard(view)]
    head = Text()
    if trump:
        head.append(f"Trumpf {SUIT_NAMES.get(trump, trump)} ", style="bold")
        head.append_text(card_text(deal.get("trump_card") or "", trump))
    if deal.get("luck"):
        head.append(f"   Luck {deal['luck']}  Boden {deal['boden']}", style="cyan")
    written = deal.get("written")
    if written:
        head.append(f"   written so far (Partie): A {written[0]}  B {written[1]}", style="dim")
    parts.append(head)
    if deal.get("phase") in PHASE_HELP:
        parts.append(Text(PHASE_HELP[deal["phase"]], style="italic"))

    figs = Table(title="figures", show_header=True, expand=False)
    for h in ("figure", "status", "stake", "bid by", "winner"):
        figs.add_column(h)
    for name, f in (deal.get("figures") or {}).items():
        stake = f.get("value") or f.get("offer") or ""
        figs.add_row(name.capitalize(), f["status"] + (" (unseen)" if f.get("unseen") else ""), str(stake),
                     f.get("bidder", ""), str(f.get("winner", "")) if "winner" in f else "")
    parts.append(figs)
    if deal.get("pending"):
        p = deal["pending"]
        parts.append(Text(f"open bid: {seats[p['seat']]} offers {p['figure']} {p['value']} — awaiting the answer",
                          style="bold red"))
    for k, cs in (deal.get("shown_hands") or {}).items():
        t = Text(f"{seats[int(k)]} lays open: ")
        for c in cs:
            t.append_text(card_text(c, trump))
            t.append(" ")
        parts.append(t)
    if deal.get("shown_figure"):
        parts.append(Text(f"shown: {deal['shown_figure']} ({deal.get('figure_on_table')})", style="bold"))

    table = Table(show_header=True, expand=False)
    table.add_column("seat")
    table.add_column("side")
    table.add_column("played")
    for s, name in enumerate(seats):
        row = Text()
        for c in deal.get("played", [[]] * 4)[s]:
            row.append_text(card_text(c, trump))
            row.append(" ")
        marker = " (dealer)" if s == deal.get("dealer") else ""
        table.add_row(name + marker, "AB"[s % 2], row)
    parts.append(table)
    trick = Text("trick: ")
    for s, c in deal.get("trick") or []:
        trick.append(f"{seats[s]}: ")
        trick.append_text(card_text(c, trump))
        trick.append("  ")
    parts.append(trick)
    if deal.get("last_trick"):
        parts.append(Text("last trick: " + " ".join(c for _, c in deal["last_trick"]), style="dim"))
    tw = deal.get("tricks_won")
    if tw:
        parts.append(Text(f"tricks: A {tw[0]}  B {tw[1]}"))
    for s, g in deal.get("signals") or []:
        parts.append(Text(f"signal from {seats[s]}: {g}", style="green"))
    for e in (deal.get("events") or [])[-6:]:
        parts.append(Text(f"  · {e}", style="cyan"))
    hand = deal.get("hand")
    if hand is not None:
        t = Text("your hand: ", style="bold")
        if not hand and deal.get("phase") == "look":
            t.append("(not looked at yet)")
        for c in hand:
            t.append_text(card_text(c, trump))
            t.append(" ")
        parts.append(t)
    return Panel(Group(*parts), title="Perlaggen")
