"""The terminal game: one person against computer players, on any game of the registry.

The person types an action in the game's notation (``EU``, ``trump:E``, ``schieben``) or the
number shown next to it. ``?`` shows the table and the legal actions again, ``q`` (or Ctrl-D)
quits; an empty line asks again. An illegal
action is refused with the reason and the rule, and the prompt comes back.
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.markup import escape
from rich.prompt import Prompt

from .. import bots as botkit
from ..core import records
from ..core.driver import step
from ..core.errors import IllegalAction
from ..core.protocol import Game
from .render import for_game


HELP = "?"  # re-show the table and the options


def _ask(console: Console, legal: list[str]) -> str | None:
    """Ask for one action; returns it, ``None`` to quit, or :data:`HELP`.

    Empty input asks again; a number outside the listing is answered with the valid range;
    end of input (Ctrl-D) or Ctrl-C quits like ``q``."""
    listing = "  ".join(f"[cyan]{i + 1}[/]:{a}" for i, a in enumerate(legal))
    console.print(f"your options: {listing}", highlight=False)
    while True:
        try:
            answer = Prompt.ask("your action", console=console).strip()
        except (EOFError, KeyboardInterrupt):
            return None
        if not answer:
            continue
        if answer.lower() in ("q", "quit", "exit"):
            return None
        if answer in ("?", "help", "h") and answer not in legal:
            return HELP
        if answer.isdigit() and answer not in legal:
            if 1 <= int(answer) <= len(legal):
                return legal[int(answer) - 1]
            console.print(f"[red]refused:[/] there is no option {answer} (choose 1..{len(legal)}, "
                          "type an action, ? to show the table again, q to quit)")
            continue
        return answer


def _show_result(console: Console, game: Game, options: Any, number: int, res: Any, names: list[str]) -> None:
    """Print a finished deal's settlement: the last trick (when the result lists tricks), the
    points per score column and the lines that explain them."""
    console.rule(f"deal {number} settled")
    tricks = (res.summary or {}).get("tricks") or []
    if tricks:
        last = tricks[-1]
        cards = " ".join(str(c) for c in last.get("cards", []))
        who = {s: n for s, n in enumerate(names)}
        console.print(f"last trick: {cards} (led by {who.get(last.get('leader'))}, won by {who.get(last.get('winner'))}"
                      f", {last.get('points')} points)", highlight=False, markup=False)
    console.print("  ".join(f"{c} {p:+d}" for c, p in zip(game.columns(options), res.points)))
    for ln in res.lines:
        console.print(f"  {_seat_names(str(ln), names)}", highlight=False, markup=False)


def _seat_names(text: str, names: list[str]) -> str:
    """Engines write ``seat N`` (0-based) in line notes; show the seat's name instead."""
    return re.sub(r"\bseat (\d+)\b", lambda m: names[int(m.group(1))] if int(m.group(1)) < len(names)
                  else m.group(0), text)


def _show_match_result(console: Console, result: dict[str, Any]) -> None:
    """Print the match result as ``key: value`` lines (winner first when the game names one)."""
    for key in ("winner_name", "winner"):
        if result.get(key) is not None:
            console.print(f"[bold]winner: {result[key]}[/]")
            break
    for key, value in result.items():
        if key not in ("winner_name", "winner"):
            console.print(f"  {key}: {value}", highlight=False, markup=False)


def run_terminal_game(game: Game, profile: str | None, options: dict[str, Any], *, seat: int, bot_kind: str,
                      seed: int | None, max_deals: int | None, record_path: Path | None, name: str,
                      console: Console) -> None:
    """Play interactively until the match ends or the person quits."""
    match = game.new_match(profile, options, seed=seed, max_deals=max_deals)
    if not 0 <= seat < match.n:
        raise IllegalAction(f"seat must be 0..{match.n - 1}")
    # 1-based like the core's default seat names ("Seat 1" ..) and team names such as "Team 1/3"
    match.seat_names = [name if i == seat else f"{bot_kind} bot {i + 1}" for i in range(match.n)]
    bot = botkit.make(bot_kind, game)
    bots = [bot] * match.n
    rng = random.Random(seed)
    render = for_game(game.name)
    shown_results = 0
    # Out-of-turn actions (announcements, Bedanken, bids) are offered when they become possible;
    # after "wait" the same set is not offered again until it changes or it is the person's turn.
    waived: frozenset[str] | None = None
    while not match.is_over():
        # show finished deals' settlements
        finished = [lg for lg in match.logs if lg.result is not None]
        while shown_results < len(finished):
            _show_result(console, game, match.options, shown_results + 1, finished[shown_results].result,
                         match.seat_names)
            shown_results += 1
        on_turn = seat in match.to_act()
        optional = [] if on_turn or seat not in match.interjectors() else match.legal_actions(seat)
        human_turn = on_turn or (optional and frozenset(optional) != waived)
        if not human_turn:
            step(match, bots, rng)
            continue
        legal = match.legal_actions(seat)
        console.print(render(match.view(seat)))
        if seat not in match.to_act():
            legal = legal + ["wait"]
        action = _ask(console, legal)
        if action is None:
            console.print("game left.")
            break
        if action == HELP:
            continue
        if action == "wait" and seat not in match.to_act():
            waived = frozenset(optional)
            step(match, bots, rng, interjections=False)
            continue
        if on_turn:
            waived = None
        try:
            match.apply(seat, action)
        except IllegalAction as e:
            console.print(f"[red]refused:[/] {escape(e.message)}" + (f" [dim]({escape(e.rule)})[/]" if e.rule else ""))
    if match.is_over():
        finished = [lg for lg in match.logs if lg.result is not None]
        for n in range(shown_results, len(finished)):
            _show_result(console, game, match.options, n + 1, finished[n].result, match.seat_names)
        console.rule("game over")
        console.print("  ".join(f"{c} {p}" for c, p in zip(game.columns(match.options), match.totals)))
        _show_match_result(console, match.result())
    if record_path:
        records.dump(match, record_path)
        console.print(f"record written to {record_path}")
