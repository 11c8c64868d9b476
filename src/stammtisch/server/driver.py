"""A table's driver: one task per playing table that plays the computer players, stands in
for a person who has been away longer than the grace period, and enforces the optional move
timer. Cheap players decide in a thread under the table's lock; search players think in the
server's worker pool (:mod:`.botpool`) outside it, and a decision that went stale meanwhile is
made again. A search decision that fails for good (the workers broke again and again) is made by
the rule player instead, for that move only, and logged with the actor :data:`FALLBACK`: the
table never stalls, and its record says which moves were not the search player's.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import bots as botkit
from ..core import fairdeal
from ..core.errors import IllegalAction
from ..core.protocol import Bot, Match, Turn
from .botpool import RemoteBot, check_request_kind, is_search
from .tables import TableError

__all__ = ["BotDriver", "PASS_WORDS", "FALLBACK", "FALLBACK_KIND"]

log = logging.getLogger("stammtisch.server")

#: What "silence counts as passing" picks when a bidding timer expires (Tiroler Cup, Lizitation):
#: the first legal action that is one of these words; otherwise the computer player chooses.
PASS_WORDS = ("pass", "passe", "weiter", "gut", "nein", "fertig")

#: the actor stored with an action that the rule player chose because the search player's decision
#: failed for good (``server_actions.actor``; the record's ``fallbacks``); language-free
FALLBACK = "fallback"
#: who moves then
FALLBACK_KIND = "rule"


@dataclass
class _Think:
    """A search player's decision to be made in a worker process."""

    seat: int
    method: str
    legal: list[str]
    view: dict[str, Any]
    actor: str
    seed: int



class BotDriver:
    """The computer players of a table and the task that moves them."""

    tables: Any
    config: Any
    number: int
    game: Any
    bot_kind: str
    settings: dict[str, Any]
    status: str
    seats: list[Any]
    match: Match | None
    bots: list[Bot | None]
    rng: random.Random
    lock: asyncio.Lock
    version: int
    seen: list[list[int]]
    changed: asyncio.Event
    changed_at: float
    away_since: dict[int, float]
    asked: set[int]
    asked_version: int
    driver: asyncio.Task | None
    client: Any

    def standin(self, seat: int) -> bool:  # pragma: no cover - defined by presence
        raise NotImplementedError

    async def submit(self, seat: int, version: Any, action: Any, actor: str = "person", conn: Any = None,
                     msg_id: Any = None) -> dict[str, Any]:  # pragma: no cover - defined by the table
        raise NotImplementedError

    _fallback_bot: Bot | None = None

    def _fallback_move(self, think: _Think, why: BaseException) -> tuple[int, str, str] | None:
        """The rule player's decision for a search decision that failed for good (in a thread)."""
        if self._fallback_bot is None:
            self._fallback_bot = botkit.make(FALLBACK_KIND, self.game)
        turn = Turn(think.seat, think.legal, lambda: think.view)
        rng = random.Random(think.seed)
        bot = self._fallback_bot
        a = bot.choose(turn, rng) if think.method == "choose" else bot.interject(turn, rng)
        log.warning("table %s: search decision for seat %s failed for good (%s); the rule player moved instead "
                    "(actor %r)", self.number, think.seat, str(why)[:200] or type(why).__name__, FALLBACK)
        return (think.seat, a, FALLBACK) if a is not None else None

    def _make_bots(self) -> None:
        check_request_kind(self.bot_kind, tuple(self.config.search_levels))  # never build another kind
        remote = is_search(self.bot_kind) and self.tables.runner.processes > 0
        for i, s in enumerate(self.seats):
            if s.kind == "bot" or s.kind == "human":
                # every seat gets a computer player: bots play, people get a stand-in for when they are away
                self.bots[i] = RemoteBot(self.bot_kind, self.game.name) if remote \
                    else botkit.make(self.bot_kind, self.game)  # type: ignore[assignment]

    #: the driver waits with nothing planned (set by :meth:`_drive`)
    _driver_idle = False

    def _driver_needed(self) -> bool:
        """Whether the driver could have anything to do: a computer player, a person away (a stand-in
        once the grace period is over), or a move timer. Without these ``_next_due`` is ``None``."""
        return bool(self.away_since) or (self.settings.get("move_seconds") or 0) > 0 \
            or (self.settings.get("word_seconds") or 0) > 0 \
            or any(s.kind == "bot" for s in self.seats)

    def _changed(self, touch: bool = True) -> None:
        if touch:
            self.changed_at = time.monotonic()
        if self._driver_idle and self.status == "playing" and not self._driver_needed():
            return  # a table of people, all present, no timer: no wake-up per action (it would find nothing)
        self.changed.set()
        if self.driver is None or self.driver.done():
            if self.status == "playing":
                self.driver = asyncio.get_running_loop().create_task(self._drive())

    # -- the driver: computer players, stand-ins, timers -------------------------------
    def _controller(self, seat: int) -> str | None:
        """Who moves for ``seat`` without a person: ``bot``, ``standin`` or ``None``."""
        kind = self.seats[seat].kind
        if kind == "bot":
            return "bot"
        if kind == "human" and self.standin(seat):
            return "standin"
        return None

    def bot_delay(self) -> float:
        """Seconds before a computer player moves: the owner's pace (``bot_seconds``) or the server's."""
        pace = self.settings.get("bot_seconds")
        return float(pace) if isinstance(pace, (int, float)) and not isinstance(pace, bool) else self.config.bot_delay

    def _next_due(self) -> tuple[float, Callable[[], tuple[int, str, str] | None]] | None:
        """The next thing the driver must do and when (monotonic time)."""
        match = self.match
        if match is None or match.is_over() or self.settings.get("paused"):
            return None
        version = self.version
        now_changed = self.changed_at
        best: tuple[float, Callable[[], tuple[int, str, str] | None]] | None = None

        def consider(when: float, fn: Callable[[], tuple[int, str, str] | None]) -> None:
            nonlocal best
            if best is None or when < best[0]:
                best = (when, fn)

        if self.asked_version != version:
            self.asked, self.asked_version = set(), version
        for s in match.interjectors():
            if s in self.asked:
                continue
            ctl = self._controller(s)
            if ctl is not None:
                fn = functools.partial(self._interject, s, ctl)
                fn.interjection = True  # type: ignore[attr-defined]
                consider(now_changed + self.bot_delay(), fn)
        for s in match.to_act():
            ctl = self._controller(s)
            if ctl is not None:
                consider(now_changed + self.bot_delay(), lambda s=s, ctl=ctl: self._choose(s, ctl))
            elif self.seats[s].kind == "human":
                if s in self.away_since:
                    consider(self.away_since[s] + self.config.grace, lambda s=s: self._choose(s, "standin"))
                secs = self._clock(s)
                if secs > 0:
                    consider(now_changed + secs, lambda s=s: self._timeout(s))
        return best

    def _clock(self, seat: int) -> float:
        """The move clock of ``seat``'s decision: ``move_seconds`` for a card, ``word_seconds`` (when
        set) for a word (a bid, an announcement); 0 for none."""
        secs = float(self.settings.get("move_seconds") or 0)
        word = self.settings.get("word_seconds")
        if word is None or self.match is None:
            return secs
        cards = self._cards()
        legal = self.match.legal_actions(seat)
        return secs if legal and all(a in cards for a in legal) else float(word or 0)

    _card_names: frozenset[str] | None = None

    def _cards(self) -> frozenset[str]:
        if self._card_names is None:
            self._card_names = frozenset(self.game.deck.notation)
        return self._card_names

    def clock_due(self) -> tuple[int, float] | None:
        """The seat whose move clock runs and the seconds left (``None``: no clock runs now)."""
        match = self.match
        if match is None or match.is_over() or self.status != "playing":
            return None
        for s in match.to_act():
            if self.seats[s].kind == "human" and self._controller(s) is None:
                secs = self._clock(s)
                if secs > 0:
                    return s, secs - (time.monotonic() - self.changed_at)
        return None

    def _turn(self, seat: int) -> Turn:
        match = self.match
        assert match is not None
        return Turn(seat, match.legal_actions(seat), lambda: match.view(seat))

    def _decide(self, bot: Any, seat: int, method: str, actor: str) -> Any:
        """One decision of ``bot`` for ``seat``: ``(seat, action, actor)`` for a cheap player (decided
        here), a :class:`_Think` for a search player (decided in a worker process), or ``None``."""
        assert self.match is not None
        legal = self.match.legal_actions(seat)
        if not legal:
            return None
        seed = self._decision_seed(seat, method)
        if isinstance(bot, RemoteBot):
            return _Think(seat, method, legal, self.match.view(seat), actor, seed)
        turn = Turn(seat, legal, lambda: self.match.view(seat))  # type: ignore[union-attr]
        rng = random.Random(seed)
        a = bot.choose(turn, rng) if method == "choose" else bot.interject(turn, rng)
        return (seat, a, actor) if a is not None else None

    def _decision_seed(self, seat: int, method: str) -> int:
        """The seed of one decision: from the table's computer seed (in the record once the game is
        over) and the decision's place, so a record replays it (issue 34 item 6,
        :func:`~stammtisch.core.fairdeal.decision_seed`); a table from before has none: a fresh draw."""
        bot_seed = self.settings.get("bot_seed")
        match = self.match
        if not isinstance(bot_seed, str) or match is None:
            return self.rng.getrandbits(62)
        return fairdeal.decision_seed(bot_seed, len(match.logs) - 1, len(match.current.actions), seat, method)

    def _choose(self, seat: int, actor: str) -> Any:
        bot = self.bots[seat]
        if bot is None or self.match is None or seat not in self.match.to_act():
            return None
        return self._decide(bot, seat, "choose", actor)

    def _interject(self, seat: int, actor: str) -> Any:
        self.asked.add(seat)
        bot = self.bots[seat]
        if bot is None or self.match is None:
            return None
        return self._decide(bot, seat, "interject", actor)

    def _timeout(self, seat: int) -> Any:
        """Move timer expired: silence in the bidding is passing (Tiroler Cup, Lizitation); an expired
        card timer plays a legal card chosen by the computer player."""
        if self.match is None or seat not in self.match.to_act():
            return None
        legal = self.match.legal_actions(seat)
        for a in legal:
            if a.lower() in PASS_WORDS:
                return seat, a, "timer"
        chosen = self._choose(seat, "timer")
        return chosen

    async def _drive(self) -> None:
        runner = self.tables.runner
        try:
            while self.status == "playing":
                self.changed.clear()
                due = self._next_due()
                if due is None:
                    self._driver_idle = True
                    try:
                        await self.changed.wait()
                    finally:
                        self._driver_idle = False
                    continue
                when, fn = due
                delay = when - time.monotonic()
                if delay > 0:
                    try:
                        await asyncio.wait_for(self.changed.wait(), delay)
                        continue  # something changed: re-plan
                    except asyncio.TimeoutError:
                        pass
                version = -1
                async with self.lock:  # decide on committed state only
                    if self.status != "playing":
                        break
                    try:
                        # a cheap player decides in a thread, under the lock (lazy views of the live match)
                        move = await runner.run_cheap(fn)
                    except Exception:  # a broken bot must not stop the table
                        log.exception("table %s: computer player failed", self.number)
                        move = None
                    if move is not None:
                        version = len(self.seen[move.seat if isinstance(move, _Think) else move[0]])
                if isinstance(move, _Think):
                    # a search player thinks in a worker process, outside the lock: people keep acting,
                    # and an action that lands meanwhile makes this decision stale (then it re-plans)
                    try:
                        action = await runner.think(self.game.name, self.bot_kind, move.method, move.seat,
                                                    move.legal, move.view, move.seed, self.client)
                        move = (move.seat, action, move.actor) if action is not None else None
                    except Exception as e:  # failed for good: the rule player moves, flagged in the log
                        runner.failed += 1
                        try:
                            move = await runner.run_cheap(functools.partial(self._fallback_move, move, e))
                        except Exception:
                            log.exception("table %s: the rule player failed too", self.number)
                            move = None
                if move is None:
                    if not getattr(fn, "interjection", False):
                        await self.changed.wait()  # nothing to do until something changes
                    continue
                seat, action, actor = move
                try:
                    await self.submit(seat, version, action, actor)
                except TableError as e:
                    if e.code == "stale":
                        continue  # somebody acted while the computer player thought: decide again
                    if e.code in ("broken", "ended", "finished"):
                        break
                    log.warning("table %s: computer move %s for seat %s refused: %s", self.number, action, seat, e)
                    await asyncio.sleep(max(self.config.bot_delay, 0.05))
                except IllegalAction as e:
                    log.warning("table %s: computer move %s for seat %s refused: %s", self.number, action, seat, e)
                    await asyncio.sleep(max(self.config.bot_delay, 0.05))
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - last line of defence
            log.exception("table %s: driver stopped", self.number)
