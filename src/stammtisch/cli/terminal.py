"""The terminal game: one person against computer players, on any game of the registry.

The person types an action in the game's notation (``EU``, ``trump:E``, ``schieben``) or the
number shown next to it. ``?`` lists the legal actions again, ``q`` quits. An illegal
action is refused with the reason and the rule, and the prompt comes back.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.prompt import Prompt

from .. import bots as botkit
from ..core import records
from ..core.driver import step
from ..core.errors import IllegalAction
from ..core.protocol import Game
from .render import for_game


def _ask(console: Console, legal: list[str]) -> str | None:
    listing = "  ".join(f"[cyan]{i + 1}[/]:{a}" for i, a in enumerate(legal))
    console.print(f"your options: {listing}", highlight=False)
    answer = Prompt.ask("your action", console=console).strip()
    if answer.lower() in ("q", "quit", "exit"):
        return None
    if answer.isdigit() and 1 <= int(answer) <= len(legal) and answer not in legal:
        return legal[int(answer) - 1]
    return answer


def run_terminal_game(game: Game, profile: str | None, options: dict[str, Any], *, seat: int, bot_kind: str,
                      seed: int | None, max_deals: int | None, record_path: Path | None, name: str,
                      console: Console) -> None:
    """Play interactively until the match ends or the person quits."""
    match = game.new_match(profile, options, seed=seed, max_deals=max_deals)
    if not 0 <= seat < match.n:
        raise IllegalAction(f"seat must be 0..{match.n - 1}")
    match.seat_names = [name if i == seat else f"{bot_kind} bot {i}" for i in range(match.n)]
    bot = botkit.make(bot_kind, game)
    bots = [bot] * match.n
    rng = random.Random(seed)
    render = for_game(game.name)
    shown_results = 0
    while not match.is_over():
        # show finished deals' settlements
        finished = [lg for lg in match.logs if lg.result is not None]
        while shown_results < len(finished):
            res = finished[shown_results].result
            console.rule(f"deal {shown_results + 1} settled")
            console.print("  ".join(f"{c} {p:+d}" for c, p in zip(game.columns(match.options), res.points)))
            for ln in res.lines:
                console.print(f"  {ln}")
            shown_results += 1
        human_turn = seat in match.to_act() or (seat in match.interjectors() and match.legal_actions(seat))
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
        if action == "wait" and seat not in match.to_act():
            step(match, bots, rng, interjections=False)
            continue
        try:
            match.apply(seat, action)
        except IllegalAction as e:
            console.print(f"[red]refused:[/] {e.message}" + (f" [dim]({e.rule})[/]" if e.rule else ""))
    if match.is_over():
        for lg in match.logs[shown_results:]:
            if lg.result:
                console.print("  ".join(f"{c} {p:+d}" for c, p in zip(game.columns(match.options), lg.result.points)))
        console.rule("game over")
        console.print("  ".join(f"{c} {p}" for c, p in zip(game.columns(match.options), match.totals)))
        console.print(match.result())
    if record_path:
        records.dump(match, record_path)
        console.print(f"record written to {record_path}")
