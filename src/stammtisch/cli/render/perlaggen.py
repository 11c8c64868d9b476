"""Terminal rendering of a Perlaggen view: score, trump (and Luck/Boden while shown), figures and
bids, the trick, each seat's cards played, partner signals, and the own hand with its Perlaggen marked."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ...core.cards import PERLAGGEN
from ..notation import TerminalNotation
from ..settlement import seat_names

#: the cards as shown and typed: the record notation itself (``LA``, ``HK``, ``W``; ``G`` for Laub is read too)
NOTATION = TerminalNotation(PERLAGGEN, legend=[
    "a card as shown in the hand: suit + rank (LA Laub-Ass, HK Martl), W the Weli",
    "suits: E Eichel, L Laub (also G Gras), H Herz, S Schell; ranks: 7 8 9 10 U O K A",
    "a Perlagg is played as the card alone; the Taufe (what it becomes, e.g. LA) is asked after it "
    "(W=LA in one go works too; Enter: no Taufe, §18)",
    "words: ansehen, bieten:gleich (hanger, spiel), halten, gut, steigern, partner_fragen, weisen, abweisen, stellen, "
    "zeichen:…, aufdecken",
    "a number picks the option with that number; wait lets the others play on; ? shows this again, q quits",
])

#: listed once (``ungesehen:…``, 15 orders of the figures, §32); which figures is asked after it
GROUPED = ("ungesehen",)

#: after a Perlagg is chosen, the terminal asks for its Taufe (``W`` then ``LA`` -> ``W=LA``)
SUFFIX = "Taufe for {card} (§18): the card it becomes"

SUIT_NAMES = {"E": "Eichel", "L": "Laub", "H": "Herz", "S": "Schell"}
SUIT_STYLE = {"E": "yellow", "L": "green", "H": "red", "S": "bright_yellow"}
PHASE_HELP = {
    "cut": "cut the cards: abheben:N",
    "keep": "a standing Perlagg shows at the bottom of your lift: behalten or liegen (§4)",
    "look": "look at your cards (ansehen); while your partner has not looked either, your side may bid "
            "unseen (ungesehen:…, §32)",
    "exchange": "exchange the turned-up Perlagg for a trump (§7)",
    "meld": "17 : 17 — declare a dritziges, vierfaches or fünffaches figure, or pass (§25)",
    "play": "play a card (for a Perlagg the Taufe is asked after it) or bid a figure (bieten:gleich)",
    "answer": "answer the bid: halten, gut or steigern, or partner_fragen to leave it to your partner (§11, §13)",
    "figures": "the Spiel is decided — the {figure} is asked for: the Spiel side weisen / gut / bieten; the others "
               "abweisen / stellen / gut (§22)",
    "schreiben": "the deal decides the Partie: write the points (schreiben) or claim first (reklamieren:17, §33)",
}
#: the words of the screen that are not actions (for the translation catalogue)
WORDS = {
    "lifted": "your lift shows a standing Perlagg at the bottom: {card}",
    "kept": "kept so far: {cards}",
    "last_trick": "last trick: {cards} — {winner} took it",
    "shown": "{name} showed {cards}",
    "offered_by": "by {side}",
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


def _fig_line(deal: dict[str, Any], seats: list[str]) -> Text:
    """The three figures on one line: status, stake, who bid, who won."""
    t = Text("figures: ", style="bold")
    for i, (name, f) in enumerate((deal.get("figures") or {}).items()):
        if i:
            t.append(" · ")
        stake = f.get("value") or f.get("offer") or ""
        by = f.get("offered_by") or f.get("bidder")  # an open raise names the raiser, not the first bidder
        t.append(name.capitalize(), style="bold")
        t.append(f" {f['status']}" + (" (unseen)" if f.get("unseen") else "") + (f" {stake}" if stake else "")
                 + (" " + WORDS["offered_by"].format(side=by) if by else "")
                 + (f", won by {f['winner']}" if f.get("winner") not in (None, "") else ""))
    return t


def render(view: dict[str, Any]) -> RenderableType:
    """A seat's (or a spectator's) view in at most about 18 lines, so that the screen with the
    options and the prompt fits 80×24."""
    deal = view["deal"]
    seats = view["seats"]
    me = view.get("seat")
    trump = deal.get("trump")
    totals = view["totals"]
    head = Text(f"A {totals[0]} : B {totals[1]}", style="bold")
    target = (view.get("options") or {}).get("target")
    if target:
        head.append(f" (to {target})")
    head.append(f"   deal {view['deal_number'] + 1}, dealer {seats[view['dealer']]}", style="dim")
    parts: list[RenderableType] = [head]
    line = Text()
    if trump:
        line.append(f"Trumpf {SUIT_NAMES.get(trump, trump)} ", style="bold")
        line.append_text(card_text(deal.get("trump_card") or "", trump))
    if deal.get("luck"):
        line.append(f"   Luck {deal['luck']}  Boden {deal['boden']}", style="cyan")
    written = deal.get("written")
    if written and any(written):
        line.append(f"   written: A {written[0]}  B {written[1]}", style="dim")
    if line.plain:
        parts.append(line)
    if deal.get("phase") in PHASE_HELP:
        help_ = PHASE_HELP[deal["phase"]].format(figure=(deal.get("figure_on_table") or "").capitalize())
        parts.append(Text(help_, style="italic"))
    if deal.get("lifted_bottom"):
        t = Text(WORDS["lifted"].format(card="") , style="bold")
        t.append_text(card_text(deal["lifted_bottom"], trump))
        if deal.get("kept"):
            t.append("   " + WORDS["kept"].format(cards=" ".join(deal["kept"])), style="dim")
        parts.append(t)
    parts.append(_fig_line(deal, seats))
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
    played = deal.get("played") or [[] for _ in seats]
    width = max(len(n) for n in seats) + len(" (B, dealer)")
    for s, name in enumerate(seats):
        tag = f"{name} ({'AB'[s % 2]}{', dealer' if s == view['dealer'] else ''})"
        row = Text(tag.ljust(width), style="bold green" if s == me else "")
        for c in played[s]:
            row.append(" ")
            row.append_text(card_text(c, trump))
        parts.append(row)
    trick = Text("trick: ")
    for s, c in deal.get("trick") or []:
        trick.append(f"{seats[s]} ")
        trick.append_text(card_text(c, trump))
        trick.append("  ")
    if not deal.get("trick") and deal.get("last_trick") and deal.get("last_winner") is not None:
        # a finished trick stays in sight until the next card is led
        cards = "  ".join(f"{seats[s]} {c}" for s, c in deal["last_trick"])
        trick.append(WORDS["last_trick"].format(cards=cards, winner=seats[deal["last_winner"]]), style="dim")
    tw = deal.get("tricks_won")
    if tw:
        trick.append(f"   tricks A {tw[0]} : B {tw[1]}", style="dim")
    signals = deal.get("signals") or []
    if signals:
        trick.append("   signals: " + ", ".join(f"{seats[s]} {g}" for s, g in signals), style="green")
    parts.append(trick)
    # fewer events while hands lie open: the screen stays within 80x24
    for e in (deal.get("events") or [])[-max(1, 3 - len(deal.get("shown_hands") or {})):]:
        parts.append(Text(f"  · {seat_names(e, seats)}", style="cyan"))
    hand = deal.get("hand")
    if hand is not None:
        t = Text("your hand: ", style="bold")
        if not hand and deal.get("phase") == "look":
            t.append("(not looked at yet)")
        for c in hand:
            t.append_text(card_text(c, trump))
            t.append(" ")
        parts.append(t)
    return Panel(Group(*parts), title="Perlaggen", padding=(0, 1))


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """Extra lines of a finished deal's settlement: the figures' cards each seat laid open (§22), so
    a player sees what the computer players showed when they closed the deal."""
    return [WORDS["shown"].format(name=names[int(k)], cards=" ".join(cs))
            for k, cs in sorted((summary.get("shown_hands") or {}).items())]
