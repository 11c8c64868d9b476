"""Computer players on a server that strangers can reach: which kinds a request may name, and
where the expensive ones think.

* **What a request may ask for** (:func:`check_request_kind`): ``random``, ``rule`` and the search
  player at one of the server's allowed levels (``search:easy`` …, ``search+rule:…``; bare
  ``search`` is the default budget). Never ``py:`` (that imports a module: command line and Python
  API only), never a free time or iteration budget (``search:600`` would think for ten minutes
  per move). Nothing that arrives over the network selects code to import.
* **Where the search thinks** (:class:`BotRunner`): search players run in a small process pool
  (``ServerConfig.search_processes``) behind a bounded FIFO queue (``search_queue``), so one
  table's thinking never holds the event loop, the GIL of the server process, or the thread that
  plays every other table's cheap players. Cheap players (random, rule) run in a thread as before.
"""

from __future__ import annotations

import asyncio
import logging
import os
import random
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from .. import bots as botkit
from ..core import registry
from ..core.protocol import Bot, Turn

log = logging.getLogger(__name__)

__all__ = ["check_request_kind", "allowed_kinds", "is_search", "BotRunner", "RemoteBot"]

#: search strengths a request may name by default (``search:strong`` thinks 3 s a move)
DEFAULT_LEVELS = ("easy", "medium", "hard")


class KindRefused(ValueError):
    """A computer-player kind that a request (or a stored table) may not use on this server."""


def allowed_kinds(levels: tuple[str, ...] = DEFAULT_LEVELS) -> list[str]:
    """Every kind a request may name, in catalogue order."""
    out = ["random", "rule", "search"]
    out += [f"search:{lv}" for lv in levels]
    out += ["search+rule"] + [f"search+rule:{lv}" for lv in levels]
    return out


def check_request_kind(kind: Any, levels: tuple[str, ...] = DEFAULT_LEVELS) -> str:
    """``kind`` if a request may use it on this server, else :class:`KindRefused` saying what may.

    >>> check_request_kind("search:easy")
    'search:easy'
    >>> check_request_kind("py:os:system")
    Traceback (most recent call last):
    ...
    stammtisch.server.botpool.KindRefused: computer player 'py:os:system' is not offered here (random, rule, search, search:easy, search:medium, search:hard, search+rule, search+rule:easy, search+rule:medium, search+rule:hard)
    """
    allowed = allowed_kinds(levels)
    if not isinstance(kind, str) or kind not in allowed:
        shown = kind[:40] if isinstance(kind, str) else type(kind).__name__
        raise KindRefused(f"computer player '{shown}' is not offered here ({', '.join(allowed)})")
    return kind


def is_search(kind: str) -> bool:
    return kind.partition(":")[0] in ("search", "search+rule")


# -- the search worker processes --------------------------------------------------------------------
_worker_bots: dict[tuple[str, str], Bot] = {}


def _think(game: str, kind: str, method: str, seat: int, legal: list[str], view: dict[str, Any],
           seed: int) -> str | None:
    """In a worker process: one decision of a search player (built once per game and kind)."""
    bot = _worker_bots.get((game, kind))
    if bot is None:
        bot = _worker_bots[(game, kind)] = botkit.make(kind, registry.get(game))
    turn = Turn(seat, legal, lambda: view)
    rng = random.Random(seed)
    return bot.choose(turn, rng) if method == "choose" else bot.interject(turn, rng)


def _warm(games: list[str]) -> dict[str, int]:
    """In a worker process: compile each game's search kernel before the first table needs it.

    The compiled search (Numba, cached on disk once per installation) takes ~5–25 s to compile
    on a fresh install; a table's first search decision would wait that long. One deal of
    one-world searches per game touches the card and word values and keeps them loaded in this
    worker. Returns per game the decisions the compiled search made (0: no kernel, e.g. Numba
    missing).
    """
    done: dict[str, int] = {}
    for name in games:
        game = registry.get(name)
        bot = botkit.make("search:1w", game, playouts=1)
        match = game.new_match(seed=0, max_deals=1)
        rng = random.Random(0)
        n = 0
        while not match.is_over():
            seat = match.to_act()[0]
            legal = match.legal_actions(seat)
            match.apply(seat, bot.choose(Turn(seat, legal, lambda s=seat: match.view(s)), rng))
            n += bool(getattr(bot, "last_playouts", 0))
        done[name] = n
    return done


def _background() -> None:
    """Worker initializer: the search is background work; the server's own process (every table's
    sockets, log and cheap players) comes first when the machine's cores are busy."""
    try:
        os.nice(10)
    except (AttributeError, OSError):  # pragma: no cover - not on every platform
        pass


def _log_warm(fut: Any) -> None:
    if fut.cancelled():
        return
    err = fut.exception()
    if err is not None:  # the tables still work: the first decision compiles instead
        log.warning("warming the search kernels failed: %s", err)
    else:
        log.info("search kernels ready: %s", fut.result())


class BotRunner:
    """Runs computer players' decisions off the event loop.

    Search decisions go to ``processes`` worker processes (spawned, so nothing of the server's
    state is inherited; at lower priority, ``nice`` 10) through a FIFO queue of at most ``queue`` waiting decisions: a table whose
    decision does not fit waits its turn (fair: first come, first served), and every table gets at
    most one decision in flight because its driver waits for the answer. ``processes=0`` runs the
    search in the thread pool instead (tests, single-process embedding).
    """

    def __init__(self, processes: int = 1, queue: int = 64, threads: int = 2):
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="stammtisch-bots")
        self.processes = processes
        self._pool: ProcessPoolExecutor | None = None
        self._slots = asyncio.Semaphore(max(1, queue)) if processes > 0 else None
        self.waiting = 0

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from ..bots.pool import quiet_context  # Ctrl-C is the server's: workers start with SIGINT ignored

            self._pool = ProcessPoolExecutor(self.processes, mp_context=quiet_context("spawn"),
                                             initializer=_background)
        return self._pool

    def warm(self, games: list[str]) -> Any:
        """Compile the search kernels of ``games`` in a worker process (:func:`_warm`), in the
        background; returns the future, or ``None`` when the search thinks in threads."""
        if self.processes <= 0 or not games:
            return None
        fut = self._process_pool().submit(_warm, list(games))
        fut.add_done_callback(_log_warm)
        return fut

    async def run_cheap(self, fn: Any) -> Any:
        return await asyncio.get_running_loop().run_in_executor(self.threads, fn)

    async def think(self, game: str, kind: str, method: str, seat: int, legal: list[str], view: dict[str, Any],
                    seed: int) -> str | None:
        """One search decision in a worker process (waits for a queue slot first)."""
        loop = asyncio.get_running_loop()
        if self._slots is None:
            return await loop.run_in_executor(self.threads, _think, game, kind, method, seat, legal, view, seed)
        self.waiting += 1
        try:
            async with self._slots:
                return await loop.run_in_executor(self._process_pool(), _think, game, kind, method, seat, legal,
                                                  view, seed)
        finally:
            self.waiting -= 1

    def close(self) -> None:
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)


class RemoteBot:
    """Stands for a search player whose thinking happens in :class:`BotRunner`'s processes."""

    def __init__(self, kind: str, game: str):
        self.kind, self.game, self.name = kind, game, kind
