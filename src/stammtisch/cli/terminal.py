"""The terminal game: one person against computer players, on any game of the registry.

The person types what the screen shows: a card as it appears in the hand (Doppelkopf ``♣D``,
Tarock ``XXI`` or ``T21``, ``Sküs``), an action word (``schieben``, ``re``), a word after its
prefix alone (``undenufe`` for ``trump:undenufe``), or the number shown next to an option.
``?`` shows the table, the notation legend and the options again, ``q`` (or Ctrl-D) quits; an
empty line asks again. An illegal action is refused with the reason and the rule, and the
prompt comes back. The typed text is read by the game's :class:`~.notation.TerminalNotation`
(``cli/render/<game>.py``); the engines and records keep the record notation.

Every word of the screens is in the session's language (``--lang``, German by default): the
renderers' words through the catalogue (:func:`~.settlement.tr`), the engines' messages rendered.
Per game, the renderer module may also define ``confirm(action, view)`` (a question before an action that would lose, e.g.
Jass Bedanken short of the target), ``settlement(summary, names)`` (extra lines after a deal:
Doppelkopf Augen, Trischaken points) and ``SUFFIX`` (a question asked after a card that takes
a suffix, e.g. the Perlaggen Taufe ``W=LA``), ``GROUPED`` (words listed once whose variants
are asked after them, Perlaggen ``ungesehen:…``).
"""

from __future__ import annotations

import random
from pathlib import Path
from types import ModuleType
from typing import Any

from rich.console import Console
from rich.prompt import Prompt
from rich.text import Text

from .. import bots as botkit
from ..core import records
from ..core.driver import step
from ..core.errors import IllegalAction, StammtischError
from ..core.protocol import Game
from .notation import TerminalNotation
from .render import for_game, module_for
from ..core.messages import Msg
from ..i18n import computer_name, render
from .settlement import match_result, score_sheet, seat_names, settlement_lines, tr, words


HELP = "?"  # re-show the table, the legend and the options


class Screen:
    """What the terminal needs of one game: its renderer, notation, language and hooks."""

    def __init__(self, game: Game, console: Console) -> None:
        self.game = game
        self.console = console
        self.module: ModuleType | None = module_for(game.name)
        self.render = for_game(game.name)
        self.notation: TerminalNotation | None = getattr(self.module, "NOTATION", None)
        self.w = words()  # the session's language (--lang)

    # -- showing ----------------------------------------------------------------------------
    def show_action(self, action: str) -> str:
        return self.notation.action(action) if self.notation else action

    def show_text(self, text: str) -> str:
        return self.notation.text(text) if self.notation else text

    def legend(self) -> None:
        if self.notation and self.notation.legend:
            self.console.print(Text(f"{self.w['legend']}: ", style="bold").append(
                tr(self.notation.legend[0]), style=""), highlight=False)
            for ln in self.notation.legend[1:]:
                self.console.print(Text("  " + tr(ln)), highlight=False)

    def listing(self, legal: list[str]) -> list[str]:
        """The options as listed: a card with a suffix (``W=LA``) once, as the card alone; a run
        of more than :data:`RANGE_AT` numbered actions (``abheben:2`` … ``abheben:31``) once, as
        the word (the number is asked after it)."""
        suffix = getattr(self.module, "SUFFIX", None)
        ranges = _ranges(legal)
        grouped = self._grouped(legal)
        out: list[str] = []
        for a in legal:
            word = a.split(":", 1)[0]
            group = _group_of(a, grouped)
            base = group if group else a.split("=", 1)[0] if suffix and "=" in a else word if word in ranges else a
            if base not in out:
                out.append(base)
        return out

    def shown_option(self, option: str, legal: list[str]) -> str:
        """An option as listed: ``abheben:2…31`` for a run of numbered actions, ``ungesehen:…``
        for a word whose variants are asked after it."""
        ranges = _ranges(legal)
        if option in ranges:
            lo, hi = ranges[option]
            return f"{option}:{lo}…{hi}"
        if option in self._grouped(legal):
            return f"{option}:…"
        return self.show_action(option)

    def _grouped(self, legal: list[str]) -> dict[str, list[str]]:
        """The renderer's ``GROUPED`` words (a word, or a word with its prefix such as
        ``trump:3x3``) that have several ``word:…`` actions -> their tails."""
        out: dict[str, list[str]] = {}
        for word in getattr(self.module, "GROUPED", ()):
            tails = [a[len(word) + 1:] for a in legal if a.startswith(word + ":")]
            if len(tails) > 1:
                out[word] = tails
        return out

    def refuse(self, message: Any, rule: str | None = None) -> None:
        """Print a refusal in the screen's language (an engine's message rendered, seats by name)."""
        if isinstance(message, Msg):
            message = render(message, self.w["lang"])
        t = Text(f"{self.w['refused']}: ", style="red").append(message)
        if rule:
            t.append(f" ({rule})", style="dim")
        self.console.print(t, highlight=False)

    # -- asking -----------------------------------------------------------------------------
    def ask(self, view: dict[str, Any], legal: list[str]) -> str | None:
        """Ask for one action; returns it in the record notation, ``None`` to quit, or :data:`HELP`.

        Empty input asks again; a number outside the listing is answered with the valid range;
        end of input (Ctrl-D) quits like ``q``; Ctrl-C goes on as ``KeyboardInterrupt`` (the
        command writes the record and exits 130)."""
        listed = self.listing(legal)
        listing = Text(f"{self.w['options']}: ")
        for i, a in enumerate(listed):
            listing.append(f"{i + 1}", style="cyan").append(f":{self.shown_option(a, legal)}  ")
        self.console.print(listing, highlight=False)
        while True:
            answer = self._prompt(self.w["prompt"])
            if answer is None:
                return None
            if not answer:
                continue
            if answer.lower() in ("q", "quit", "exit"):
                return None
            if answer in ("?", "help", "h") and answer not in legal:
                return HELP
            if answer.lower() in ("wait", "weiter") and self.w["wait"] in legal:
                return self.w["wait"]
            group = _group_named(answer, self._grouped(legal))
            if group and answer not in legal:
                action = group
            elif answer.isdigit() and answer not in legal:
                if 1 <= int(answer) <= len(listed):
                    action = listed[int(answer) - 1]
                else:
                    self.refuse(self.w["no_option"].format(answer=answer, n=len(listed)))
                    continue
            else:
                try:
                    action = self.notation.read(answer, legal) if self.notation else answer
                except StammtischError as e:
                    self.refuse(e.args[0] if e.args else str(e))
                    continue
            action = self._suffix(action, legal)
            if action is None:
                continue
            if not self._confirmed(action, view, legal):
                continue
            return action

    def _prompt(self, text: str) -> str | None:
        try:
            return Prompt.ask(Text(text), console=self.console).strip()
        except EOFError:
            return None

    def _suffix(self, action: str, legal: list[str]) -> str | None:
        """Ask for the suffix of a card that takes one (the Perlaggen Taufe); ``None``: ask again."""
        ranges = _ranges(legal)
        if action in ranges and action not in legal:
            lo, hi = ranges[action]
            middle = (lo + hi) // 2
            answer = self._prompt(f"{action}: {lo}…{hi} (Enter: {middle})")
            if answer == "":
                return f"{action}:{middle}"  # a cut in the middle, as a hand lifts without counting
            if answer is None:
                return None
            answer = answer.removeprefix(action + ":")  # "abheben:15" typed in full is the same
            if not answer.isdigit() or not lo <= int(answer) <= hi:
                self.refuse(tr("{action}: {low}…{high}, not {answer}", action=action, low=lo, high=hi, answer=repr(answer)))
                return None
            return f"{action}:{answer}"
        grouped = self._grouped(legal)
        if action in grouped and action not in legal:
            self.console.print(Text(f"{action}: " + "  ".join(grouped[action])), highlight=False)
            answer = self._prompt(action)
            if not answer:
                return None
            return f"{action}:{answer.removeprefix(action + ':')}"
        suffix = getattr(self.module, "SUFFIX", None)
        variants = [a for a in legal if a.startswith(action + "=")]
        if not suffix or not variants:
            return action
        choices = [self.show_action(a.split("=", 1)[1]) for a in variants]
        shown = " ".join(choices) if len(choices) <= 8 else tr("any of {n} cards, e.g. {card}", n=len(choices), card=choices[-1])
        self.console.print(Text(tr(suffix, card=self.show_action(action)) + f": {shown}"), highlight=False)
        answer = self._prompt(f"{self.show_action(action)}= {self.w['suffix']}")
        if answer is None:
            return None
        if not answer:
            if action in legal:
                return action
            self.refuse(f"{self.show_action(action)}: {tr(suffix, card=self.show_action(action))}?")
            return None
        try:
            card = self.notation.read_card(answer) if self.notation else answer
        except StammtischError as e:
            self.refuse(e.args[0] if e.args else str(e))
            return None
        return f"{action}={card or answer}"

    def _confirmed(self, action: str, view: dict[str, Any], legal: list[str]) -> bool:
        confirm = getattr(self.module, "confirm", None)
        question = confirm(action, view) if confirm else None
        if not question:
            return True
        self.console.print(Text(question, style="bold yellow"), highlight=False)
        answer = self._prompt(self.w["confirm"])
        return bool(answer) and answer.lower() in ("y", "yes", "j", "ja")

    # -- results ----------------------------------------------------------------------------
    def deal_result(self, number: int, res: dict[str, Any], names: list[str], options: Any) -> None:
        """Print a finished deal's settlement: the last trick (when the result lists tricks),
        the points per score column, the lines that explain them and the game's own extras."""
        w = self.w
        self.console.rule(Text(w["settled"].format(n=number)))
        summary = res.get("summary") or {}
        tricks = summary.get("tricks") or []
        if tricks:
            last = tricks[-1]
            cards = " ".join(self.show_action(str(c)) for c in last.get("cards", []))
            who = dict(enumerate(names))
            self.console.print(Text(f"{w['last_trick']}: {cards} ({w['led']} {who.get(last.get('leader'))}, "
                                    f"{w['won']} {who.get(last.get('winner'))}, {last.get('points')} "
                                    f"{getattr(self.module, 'TRICK_POINTS', w['points'])})"),
                               highlight=False)
        cols = self.game.columns(options)
        labels = cols if len(cols) != len(names) else names
        self.console.print(Text("  ".join(f"{c} {p:+d}" for c, p in zip(labels, res["points"]))), highlight=False)
        for ln in settlement_lines(res, names, self.show_text):
            self.console.print(Text("  " + ln), highlight=False)
        extra = getattr(self.module, "settlement", None)
        for ln in (extra(summary, names) if extra else []):
            self.console.print(Text("  " + ln, style="bold"), highlight=False)


#: more numbered actions of one word than this are listed once (``abheben:2…31``)
RANGE_AT = 8


def _ranges(legal: list[str]) -> dict[str, tuple[int, int]]:
    """Words with more than :data:`RANGE_AT` numbered actions -> (lowest, highest) number."""
    nums: dict[str, list[int]] = {}
    for a in legal:
        word, _, tail = a.partition(":")
        if tail.isdigit():
            nums.setdefault(word, []).append(int(tail))
    return {w: (min(n), max(n)) for w, n in nums.items() if len(n) > RANGE_AT}


def _group_of(action: str, grouped: dict[str, list[str]]) -> str | None:
    """The grouped word ``action`` is listed under (``trump:3x3`` for ``trump:3x3:E-obenabe-undenufe``)."""
    return next((g for g in grouped if action.startswith(g + ":")), None)


def _group_named(answer: str, grouped: dict[str, list[str]]) -> str | None:
    """The grouped word a person typed: in full (``trump:3x3``) or after its prefix (``3x3``)."""
    a = answer.strip().lower().removesuffix(":…").removesuffix(":")
    return next((g for g in grouped if a in (g.lower(), g.rsplit(":", 1)[-1].lower())), None)


def _kind(action: str) -> str:
    """The word of an action (``steigern:gleich`` -> ``steigern``, ``W=LA`` -> ``W``)."""
    return action.split(":", 1)[0].split("=", 1)[0]


def _bots_step(match: Any, bots: list[Any], rng: random.Random, human: int) -> None:
    """One round of the computer players: their interjections, then the seat to move — never
    anything for the person's seat (no bot announces, bids or thanks out in the person's name)."""
    step(match, bots, rng, skip=human)


def run_terminal_game(game: Game, profile: str | None, options: dict[str, Any], *, seat: int, bot_kind: str,
                      seed: int | None, max_deals: int | None, record_path: Path | None, name: str | None,
                      console: Console) -> None:
    """Play interactively until the match ends or the person quits.

    :param seat: the person's seat, 0-based internally (the command line counts from 1)

    Ctrl-C (or SIGTERM, raised as :class:`~stammtisch.bots.pool.Terminated`) goes on as
    ``KeyboardInterrupt`` after the record of what was played is written to ``record_path``.
    """
    match = game.new_match(profile, options, seed=seed, max_deals=max_deals)
    try:
        _play(game, match, seat=seat, bot_kind=bot_kind, seed=seed, record_path=record_path, name=name,
              console=console)
    except KeyboardInterrupt:
        if record_path:
            records.dump(match, record_path)
        raise


def _play(game: Game, match: Any, *, seat: int, bot_kind: str, seed: int | None, record_path: Path | None,
          name: str | None, console: Console) -> None:
    """The game loop of :func:`run_terminal_game`."""
    if not 0 <= seat < match.n:
        raise IllegalAction(f"seat must be 1..{match.n}")
    # 1-based like the core's default seat names ("Seat 1" ..) and team names such as "Team 1/3"
    screen = Screen(game, console)
    name = name or screen.w["you"]  # in the screen's language
    match.seat_names = [name if i == seat else computer_name(i + 1, bot_kind, screen.w["lang"]) for i in range(match.n)]
    bot = botkit.make(bot_kind, game)
    bots = [bot] * match.n
    rng = random.Random(seed)
    shown_results = 0
    # Out-of-turn actions (announcements, Bedanken, signals, answers to a bid) interrupt the bots'
    # play only when a kind of action appears (``re``, ``steigern``, ``halten``) that was not
    # waited past before in this deal; after "wait" that kind is offered again at the person's
    # own turn (where the engines list it too), not after every opponent move.
    waived: set[str] = set()
    deal_no = -1
    legend_shown = show_legend = False
    while not match.is_over():
        finished = [lg for lg in match.logs if lg.result is not None]
        while shown_results < len(finished):
            screen.deal_result(shown_results + 1, finished[shown_results].result.to_json(), match.seat_names,
                               match.options)
            shown_results += 1
        if len(match.logs) != deal_no:
            deal_no, waived = len(match.logs), set()
        on_turn = seat in match.to_act()
        optional = [] if on_turn or seat not in match.interjectors() else match.legal_actions(seat)
        if not on_turn and not ({_kind(a) for a in optional} - waived):
            _bots_step(match, bots, rng, seat)
            continue
        legal = match.legal_actions(seat)
        view = match.view(seat)
        console.print(screen.render(view))
        if show_legend:  # after '?': the legend between the table and the options
            screen.legend()
            show_legend = False
        elif not legend_shown:  # once: where the legend is (the screen stays within 80x24)
            console.print(Text(screen.w["help"], style="dim"), highlight=False)
            legend_shown = True
        if not on_turn:
            legal = legal + [screen.w["wait"]]
        action = screen.ask(view, legal)
        if action is None:
            console.print(Text(screen.w["left"]), highlight=False)
            break
        if action == HELP:
            show_legend = True
            continue
        if action == screen.w["wait"] and not on_turn:
            waived |= {_kind(a) for a in optional}
            _bots_step(match, bots, rng, seat)
            continue
        try:
            match.apply(seat, action)
        except IllegalAction as e:
            screen.refuse(screen.show_text(seat_names(e.message, match.seat_names)), e.rule)
    if match.is_over():
        finished = [lg for lg in match.logs if lg.result is not None]
        for n in range(shown_results, len(finished)):
            screen.deal_result(n + 1, finished[n].result.to_json(), match.seat_names, match.options)
        console.rule(Text(screen.w["over"]))
        rows = [(i + 1, lg.result.points) for i, lg in enumerate(finished)]
        console.print(score_sheet(game.columns(match.options), match.seat_names, rows, match.totals, screen.w))
        for part in match_result(match.result(), match.seat_names, screen.w):
            console.print(part, highlight=False)
    if record_path:
        records.dump(match, record_path)
        console.print(Text(screen.w["record"].format(path=record_path)), highlight=False)
