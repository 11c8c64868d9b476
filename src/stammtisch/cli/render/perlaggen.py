"""Terminal rendering of a Perlaggen view: score, trump (and Luck/Boden while shown), figures and
bids, the trick, each seat's cards played, partner signals, and the own hand with its Perlaggen marked."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.text import Text

from ...core.cards import PERLAGGEN
from ...core.messages import Msg
from ...i18n import render as render_msg
from ..notation import TerminalNotation
from ..settlement import current_language, seat_names, tr

#: the cards as shown and typed: the record notation itself (``LA``, ``HK``, ``W``; ``G`` for Laub is read too)
NOTATION = TerminalNotation(PERLAGGEN, legend=[
    Msg("a card as shown in the hand: suit + rank (LA Laub-Ass, HK Martl), W the Weli"),
    Msg("suits: E Eichel, L Laub (also G Gras), H Herz, S Schell; ranks: 7 8 9 10 U O K A"),
    Msg("a Perlagg is played as the card alone; the Taufe (what it becomes, e.g. LA) is asked after it "
        "(W=LA in one go works too; Enter: no Taufe, §18)"),
    Msg("words: ansehen, bieten:gleich (hanger, spiel), halten, gut, steigern, partner_fragen, weisen, abweisen, "
        "stellen, zeichen:…, aufdecken"),
    Msg("a number picks the option with that number; wait lets the others play on; ? shows this again, q quits"),
])

#: listed once (``ungesehen:…``, 15 orders of the figures, §32); which figures is asked after it
GROUPED = ("ungesehen",)

#: after a Perlagg is chosen, the terminal asks for its Taufe (``W`` then ``LA`` -> ``W=LA``)
SUFFIX = Msg("Taufe for {card} (§18): the card it becomes")

SUIT_NAMES = {"E": "Eichel", "L": "Laub", "H": "Herz", "S": "Schell"}
SUIT_STYLE = {"E": "yellow", "L": "green", "H": "red", "S": "bright_yellow"}
PHASE_HELP = {
    "cut": Msg("cut the cards: abheben:N"),
    "keep": Msg("a standing Perlagg shows at the bottom of your lift: behalten or liegen (§4)"),
    "look": Msg("look at your cards (ansehen); while your partner has not looked either, your side may bid "
                "unseen (ungesehen:…, §32)"),
    "look_only": Msg("look at your cards (ansehen)"),
    "exchange": Msg("exchange the turned-up Perlagg for a trump (§7)"),
    "meld": Msg("17 : 17 — declare a dritziges, vierfaches or fünffaches figure, or pass (§25)"),
    "play": Msg("play a card (for a Perlagg the Taufe is asked after it) or bid a figure (bieten:gleich)"),
    "answer": Msg("answer the bid: halten, gut or steigern, or partner_fragen to leave it to your partner (§11, §13)"),
    "figures": Msg("the Spiel is decided — the {figure} is asked for: the Spiel side weisen / gut / bieten; the "
                   "others abweisen / stellen / gut (§22)"),
    "schreiben": Msg("the deal decides the Partie: write the points (schreiben) or claim first (reklamieren:17, §33)"),
}
#: the words of the screen that are not actions
WORDS = {
    "lifted": Msg("your lift shows a standing Perlagg at the bottom: {card}"),
    "kept": Msg("kept so far: {cards}"),
    "last_trick": Msg("last trick: {cards} — {winner} took it"),
    "shown": Msg("{name} showed {cards}"),
    "offered_by": Msg("by {side}"),
}
#: where a figure stands, as players say it
STATUS = {"open": Msg("open (figure)"), "offered": Msg("bid (figure)"), "held": Msg("held"),
          "conceded": Msg("conceded (figure)"), "lapsed": Msg("lapsed (figure)"), "decided": Msg("decided (figure)"),
          "unbid": Msg("unbid (figure)")}


def _w(key: str, **args: Any) -> str:
    """One of :data:`WORDS` in the session's language."""
    return tr(WORDS[key], **args)


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
    t = Text(tr("figures") + ": ", style="bold")
    for i, (name, f) in enumerate((deal.get("figures") or {}).items()):
        if i:
            t.append(" · ")
        stake = f.get("value") or f.get("offer") or ""
        # an open raise names the raiser, not the first bidder; a held figure names the side that held it
        by = f.get("offered_by") or (f.get("held_by") if f["status"] == "held" else None) or f.get("bidder")
        t.append(name.capitalize(), style="bold")
        t.append(" " + tr(STATUS.get(f["status"], f["status"])) + (" (" + tr("unseen") + ")" if f.get("unseen") else "")
                 + (f" {stake}" if stake else "") + (" " + _w("offered_by", side=by) if by else "")
                 + (", " + tr("won by {side}", side=f["winner"]) if f.get("winner") not in (None, "") else ""))
    return t


def _may_bid_unseen(view: dict[str, Any]) -> bool:
    """Whether the seat may still bid unseen (§32: neither partner has looked; §21: not at target − 1;
    some figure still open), from what its view shows."""
    deal, me = view["deal"], view.get("seat")
    if me is None:
        return False
    looked = deal.get("looked") or [False] * 4
    written = deal.get("written") or [0, 0]
    target = deal.get("target") or (view.get("options") or {}).get("target") or 18
    open_ = any(f.get("status") == "open" for f in (deal.get("figures") or {}).values())
    return not looked[(me + 2) % 4] and written[me % 2] < target - 1 and open_


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
        head.append(" (" + tr("to {target}", target=target) + ")")
    head.append("   " + tr("deal {n}, dealer {name}", n=view["deal_number"] + 1, name=seats[view["dealer"]]), style="dim")
    parts: list[RenderableType] = [head]
    line = Text()
    if trump:
        line.append(f"{tr('trump')} {SUIT_NAMES.get(trump, trump)} ", style="bold")
        line.append_text(card_text(deal.get("trump_card") or "", trump))
    if deal.get("luck"):
        line.append(f"   Luck {deal['luck']}  Boden {deal['boden']}", style="cyan")
    written = deal.get("written")
    if written and any(written):
        line.append("   " + tr("written") + f": A {written[0]}  B {written[1]}", style="dim")
    if line.plain:
        parts.append(line)
    if deal.get("phase") in PHASE_HELP:
        phase = deal["phase"]
        if phase == "look" and not _may_bid_unseen(view):
            phase = "look_only"  # only ``ansehen`` is offered: no word of unseen bidding (§32)
        help_ = tr(PHASE_HELP[phase], figure=(deal.get("figure_on_table") or "").capitalize())
        parts.append(Text(help_, style="italic"))
    if deal.get("lifted_bottom"):
        t = Text(_w("lifted", card=""), style="bold")
        t.append_text(card_text(deal["lifted_bottom"], trump))
        if deal.get("kept"):
            t.append("   " + _w("kept", cards=" ".join(deal["kept"])), style="dim")
        parts.append(t)
    parts.append(_fig_line(deal, seats))
    if deal.get("pending"):
        p = deal["pending"]
        parts.append(Text(tr("open bid: {name} offers {figure} {value} — awaiting the answer", name=seats[p["seat"]],
                             figure=p["figure"], value=p["value"]), style="bold red"))
    for k, cs in (deal.get("shown_hands") or {}).items():
        t = Text(tr("{name} lays open", name=seats[int(k)]) + ": ")
        for c in cs:
            t.append_text(card_text(c, trump))
            t.append(" ")
        parts.append(t)
    if deal.get("shown_figure"):
        parts.append(Text(tr("shown") + f": {render_msg(deal['shown_figure'], current_language())} ({deal.get('figure_on_table')})",
                          style="bold"))
    played = deal.get("played") or [[] for _ in seats]
    dealer = tr("dealer")
    width = max(len(n) for n in seats) + len(f" (B, {dealer})")
    for s, name in enumerate(seats):
        tag = f"{name} ({'AB'[s % 2]}{', ' + dealer if s == view['dealer'] else ''})"
        row = Text(tag.ljust(width), style="bold green" if s == me else "")
        for c in played[s]:
            row.append(" ")
            row.append_text(card_text(c, trump))
        parts.append(row)
    trick = Text(tr("trick") + ": ")
    for s, c in deal.get("trick") or []:
        trick.append(f"{seats[s]} ")
        trick.append_text(card_text(c, trump))
        trick.append("  ")
    mine_in_trick = any(s == me for s, _ in deal.get("trick") or [])
    last: Text | None = None
    if deal.get("last_trick") and deal.get("last_winner") is not None and not mine_in_trick \
            and len(deal.get("trick") or []) < len(seats):
        # a finished trick stays in sight until the viewer plays to the next one, also when a computer
        # player took it and led at once (then on a line of its own, under the new trick)
        cards = "  ".join(f"{seats[s]} {c}" for s, c in deal["last_trick"])
        said = _w("last_trick", cards=cards, winner=seats[deal["last_winner"]])
        if deal.get("trick"):
            last = Text("  " + said, style="dim")
        else:
            trick.append(said, style="dim")
    tw = deal.get("tricks_won")
    if tw:
        trick.append("   " + tr("tricks") + f" A {tw[0]} : B {tw[1]}", style="dim")
    signals = deal.get("signals") or []
    if signals:
        trick.append("   " + tr("signals") + ": " + ", ".join(f"{seats[s]} {g}" for s, g in signals), style="green")
    parts.append(trick)
    if last is not None:
        parts.append(last)
    # fewer events while hands lie open or the last trick has a line: the screen stays within 80x24
    for e in (deal.get("events") or [])[-max(1, 3 - len(deal.get("shown_hands") or {}) - (last is not None)):]:
        parts.append(Text(f"  · {seat_names(e, seats)}", style="cyan"))
    hand = deal.get("hand")
    if hand is not None:
        t = Text(tr("your cards") + ": ", style="bold")
        if not hand and deal.get("phase") == "look":
            t.append("(" + tr("not looked at yet") + ")")
        for c in hand:
            t.append_text(card_text(c, trump))
            t.append(" ")
        parts.append(t)
    return Panel(Group(*parts), title="Perlaggen", padding=(0, 1))


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """Extra lines of a finished deal's settlement: the figures' cards each seat laid open (§22), so
    a player sees what the computer players showed when they closed the deal."""
    return [_w("shown", name=names[int(k)], cards=" ".join(cs))
            for k, cs in sorted((summary.get("shown_hands") or {}).items())]
