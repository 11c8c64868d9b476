"""Terminal renderer for Schieber Jass: score board, trump, the trick on the table, last
trick, Weis and Stöck, and the own hand sorted by suit with the legal cards highlighted.

Only what the view holds is shown; collected tricks are not shown again (Papagei-Jass §14),
only the last one.
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ...core.cards import JASS
from ...core.messages import Msg
from ...games.jass.modes import MODES
from ...i18n import render as render_msg
from ..notation import TerminalNotation
from ..settlement import current_language, seat_names, tr

#: listed once each (24 orders of Drei mal Drei, 6 Misère modes, Papagei-Jass §24): the variant is
#: asked after the word, so the varianten profile's choice of trump fits a 30-row terminal
GROUPED = ("trump:3x3", "trump:misere")

#: the cards as shown and typed: the record notation itself (``EU``, ``R10``; ``RB`` is read too)
NOTATION = TerminalNotation(JASS, legend=[
    Msg("a card = suit + rank, as shown in the hand (EU = Eicheln-Under, R10 = Rosen-Banner)"),
    Msg("suits: E Eicheln, S Schellen, L Schilten, R Rosen"),
    Msg("ranks: 6 7 8 9 10 (also B for Banner) U Under, O Ober, K König, A Ass"),
    Msg("trump: type the mode as shown (E, obenabe, undenufe …) or trump:E; schieben"),
    Msg("weis (all) or weis:<Weis>, stöck, rest, bedanken; a number picks the option"),
    Msg("? shows the table, the notation and the options again, q quits"),
])


def confirm(action: str, view: dict[str, Any]) -> str | None:
    """Bedanken without enough points loses the Partie (Papagei-Jass §2): ask first.

    The engine lists ``bedanken`` only when the seat knows its team is out; typed otherwise it is
    accepted (and loses), so the terminal asks for a confirmation."""
    if action != "bedanken" or "bedanken" in view.get("legal", []):
        return None
    deal = view["deal"]
    team = (view.get("seat") or 0) % 2
    have = (deal.get("running") or view["totals"])[team]
    return tr("Bedanken with {have} of {target} points: without enough points your side loses the Partie "
              "(Papagei-Jass §2). Really bedanken?", have=have, target=deal.get("target", "?"))

SUIT_STYLE = {"E": "bold dark_orange3", "S": "bold yellow", "L": "bold cyan", "R": "bold red"}
SUIT_NAME = {"E": "Eicheln", "S": "Schellen", "L": "Schilten", "R": "Rosen"}
RANK_NAME = {"U": "Under", "O": "Ober", "K": "König", "A": "Ass", "10": "Banner"}
RANK_ORDER = ["6", "7", "8", "9", "10", "U", "O", "K", "A"]
TRUMP_ORDER = ["6", "7", "8", "10", "O", "K", "A", "9", "U"]
#: what each mode name means, with its §23 multiplier (Papagei-Jass §23)
MODE_HINT = {"E": "Eicheln x7", "S": "Schellen x4", "L": "Schilten x3", "R": "Rosen x2", "obenabe": "Obenabe x5",
             "undenufe": "Undenufe x6", "slalom-oben": Msg("Slalom, Ace first x5"), "slalom-unten": Msg("Slalom, Six first x6"),
             "quer-oben": Msg("Quer 4-5, Ace first x5"), "quer-unten": Msg("Quer 4-5, Six first x6"),
             "quer54-oben": Msg("Quer 5-4, Ace first x5"), "quer54-unten": Msg("Quer 5-4, Six first x6"), "tutti": "Tutti"}


def _hint(mode: str) -> str:
    """A mode's hint in the screen's language: the suit by its name there (``Glands/Carreau x7``)."""
    hint = MODE_HINT[mode]
    if mode in SUIT_NAME and isinstance(hint, str):
        return tr(SUIT_NAME[mode]) + hint[len(SUIT_NAME[mode]):]
    return tr(hint)


def settlement(summary: dict[str, Any], names: list[str]) -> list[str]:
    """After a deal: the trump (the mode, Papagei-Jass §23-§24) and who named it, in the screen's
    language (``atout : Glands/Carreau (fait par Anna)``)."""
    mode = summary.get("mode")
    if not mode:
        return []
    title = MODES[mode].title if mode in MODES else mode
    text = tr("trump") + ": " + render_msg(title, current_language())
    who = summary.get("declarer")
    if isinstance(who, int) and 0 <= who < len(names):
        text += " (" + tr("named by {name}", name=names[who]) + ")"
    return [text]


def card_text(card: str, legal: bool = True, dim: bool = False) -> Text:
    style = SUIT_STYLE.get(card[0], "")
    if dim:
        style = "dim"
    elif not legal:
        style += " dim"
    return Text(NOTATION.card(card), style=style)


def _name(view: dict[str, Any], seat: int) -> str:
    seats = view.get("seats") or [f"Seat {i + 1}" for i in range(4)]
    me = view.get("seat")
    if seat == me:
        you = tr("you")
        tag = f" ({you})" if seats[seat].casefold() != you.casefold() else ""
    else:
        tag = " (" + tr("partner") + ")" if me is not None and seat == (me + 2) % 4 else ""
    return f"{seats[seat]}{tag}"


def _names(view: dict[str, Any], text: str) -> str:
    """Engine events say ``seat N`` (0-based); show the seat's name instead."""
    return seat_names(text, view.get("seats") or [f"Seat {i + 1}" for i in range(4)])


def scoreboard(view: dict[str, Any]) -> Table:
    """Standing, this game's points (cards + Weis/Stöck) and the standing with this game: 3 rows."""
    deal = view["deal"]
    t = Table(expand=False, padding=(0, 1))
    t.add_column("")
    me = view.get("seat")
    for i, c in enumerate(view["columns"]):
        t.add_column(c + (" (" + tr("your side") + ")" if me is not None and i == me % 2 else ""), justify="right")
    t.add_row(tr("standing"), *[str(x) for x in view["totals"]])
    if deal.get("trump"):
        mult = deal.get("multiplier") or 1
        t.add_row(tr("this deal: card points + Weis/Stöck"),
                  *[f"{c} + {w + s}" for c, w, s in zip(deal.get("card_points", [0, 0]),
                                                       deal.get("weis_points", [0, 0]),
                                                       deal.get("stoeck_points", [0, 0]))])
        t.add_row(tr("standing with this deal (x{mult})", mult=mult), *[str(x) for x in deal.get("running", [])])
    return t


def trump_line(view: dict[str, Any]) -> Text:
    deal = view["deal"]
    if not deal.get("trump"):
        pushed = " (" + tr("pushed") + ")" if deal.get("geschoben") else ""
        return Text(tr("trump named by: {name}", name=_name(view, deal["chooser"])) + pushed, style="bold")
    t = Text(tr("trump") + ": ", style="bold")
    suit = deal.get("trump_suit")
    t.append(render_msg(deal.get("contract") or deal["trump"], current_language()), style=SUIT_STYLE.get(suit or "", "bold magenta"))
    t.append(f"  x{deal.get('multiplier')}", style="bold")
    tm = deal.get("trick_mode")
    if tm and any(k in deal["trump"] for k in ("slalom", "quer", "3x3", "tutti")):
        # modes whose trick mode changes (§24.3, §24.4, §24.6, Slalom §23): say what this trick is
        what = {"obenabe": "Obenabe", "undenufe": "Undenufe", "tutti": tr("the suit led is trump")}.get(
            tm, tr("{suit} trump", suit=tr(SUIT_NAME.get(tm, tm))))
        t.append("   " + tr("this trick: {what}", what=what), style="bold italic")
    if deal.get("declarer") is not None:
        t.append("   " + tr("named by {name}", name=_name(view, deal["declarer"])), style="dim")
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
            t.append(tr("to play"), style="italic green")
        else:
            t.append("·", style="dim")
        t.append(f"  ({deal.get('hand_sizes', [9] * 4)[seat]})", style="dim")
        return t

    grid.add_row(Text(""), cell((me + 2) % 4), Text(""))
    grid.add_row(cell((me + 3) % 4), Text(tr("trick {n}", n=deal.get("trick_number", 1)), style="dim"), cell((me + 1) % 4))
    grid.add_row(Text(""), cell(me), Text(""))
    return grid


def hand_view(deal: dict[str, Any], legal: list[str]) -> Text:
    trump = deal.get("trump_suit")
    hand = deal.get("hand") or []
    t = Text(tr("your cards") + ": ", style="bold")
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
    parts: list[RenderableType] = [scoreboard(view), trump_line(view), table_view(view)]
    if deal.get("last_trick"):
        t = Text(tr("last trick") + ": ", style="dim")
        for s, c in deal["last_trick"]:
            t.append(f"{view['seats'][s]}:")
            t.append_text(card_text(c, dim=True))
            t.append(" ")
        played = deal.get("played") or []
        if played:
            _, _, winner, points = played[-1]
            t.append(" → " + tr("{name} ({points} points)", name=view["seats"][winner], points=points), style="bold")
        parts.append(t)
    info = []
    for w in ([] if deal.get("weis_shown") else deal.get("weis", [])):  # once shown, the Weis itself
        info.append(tr("{name} weist {points}", name=_name(view, w["seat"]), points=w["points"]))
    for s, items in (deal.get("weis_shown") or {}).items():
        info.append(tr("Weis of {name}: {items}", name=_name(view, int(s)), items=" ".join(items)))
    if deal.get("stoeck") is not None:
        info.append(f"Stöck: {_name(view, deal['stoeck'])}")
    if deal.get("has_stoeck"):
        info.append(tr("you hold the Stöck (show them: \"stöck\")"))
    if "weis" in view.get("legal", []):
        items = [a[5:] for a in view["legal"] if a.startswith("weis:")]
        all_or = tr("(all) or")
        how = '"weis"' + (f" {all_or} " + ", ".join(f"weis:{i}" for i in items) if items else "")
        info.append(tr("you can weisen: {how} before your first card", how=how))
    if deal.get("my_weis"):
        info.append(tr("your Weis") + ": " + " ".join(deal["my_weis"]))
    if info:
        parts.append(Text(" · ".join(info), style="magenta"))
    for e in (deal.get("events") or [])[-2:]:  # the last two: the screen stays within 80x24
        parts.append(Text(f"  · {_names(view, e)}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(hand_view(deal, legal))
    modes = [a[6:] for a in view.get("legal", []) if a.startswith("trump:")]
    if modes:
        hints = [f"{m} ({_hint(m)})" for m in modes if m in MODE_HINT]
        if any(m.startswith("3x3:") for m in modes):
            hints.append(tr("3x3:<order> (Drei mal Drei, 3 tricks each, counted as the first)"))
        if any(m.startswith("misere:") for m in modes):
            hints.append(tr("misere:<mode> (Misere: the opponents' points count)"))
        parts.append(Text(tr("choose trump") + ": " + ", ".join(hints)
                          + ("; " + tr("or schieben") if "schieben" in view.get("legal", []) else ""), style="green"))
    title = tr("Schieber Jass – deal {n}, to {target}, dealer {name}", n=view["deal_number"] + 1,
               target=deal.get("target", "?"), name=_name(view, view["dealer"]))
    return Panel(Group(*parts), title=Text(title), subtitle=tr("commands: card (EU), weis, stöck, rest, bedanken, ?"))
