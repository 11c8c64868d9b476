"""Computer players on a server that strangers can reach: which kinds a request may name, and
where the expensive ones think.

* **What a request may ask for** (:func:`check_request_kind`): ``random``, ``rule`` and the search
  player at one of the server's allowed levels (``search:easy`` …, ``search+rule:…``; bare
  ``search`` is the default budget). Never ``py:`` (that imports a module: command line and Python
  API only), never a free time or iteration budget (``search:600`` would think for ten minutes
  per move). Nothing that arrives over the network selects code to import.
* **Where the search thinks** (:class:`BotRunner`): search players run in a process pool sized
  to the cores (``ServerConfig.search_processes``), so one table's thinking never holds the event
  loop, the GIL of the server process, or the thread that plays every other table's cheap
  players. Cheap players (random, rule) run in a thread as before.
* **Who thinks next** (:class:`FairQueue`): waiting decisions are served round robin per client
  (the address that opened the table), and one client has at most ``search_per_client``
  decisions in the workers at once, so one address running its whole allowance of search tables
  leaves a worker for everybody else.
* **Clean exits**: a worker ends when the server process ends, however it ends (SIGTERM, kill -9):
  the kernel sends it SIGKILL when its parent dies (``PR_SET_PDEATHSIG``, Linux), and a thread in
  the worker watches the parent elsewhere; the multiprocessing resource tracker ends with the
  workers (its pipe closes).
"""

from __future__ import annotations

import asyncio
import collections
import logging
import os
import random
import signal
import threading
import time
from collections.abc import Hashable
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from .. import bots as botkit
from ..core import registry
from ..core.messages import Msg
from ..core.protocol import Bot, Turn

log = logging.getLogger(__name__)

__all__ = ["check_request_kind", "allowed_kinds", "is_search", "BotRunner", "FairQueue", "RemoteBot",
           "default_processes"]

#: search strengths a request may name by default (fixed budgets per game, :mod:`stammtisch.bots.levels`;
#: ``search:strong`` does ~7x the work of ``hard``)
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
        raise KindRefused(Msg("computer player '{kind}' is not offered here ({offered})", kind=shown,
                              offered=", ".join(allowed)))  # notation, as typed
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


def _end_with_parent(parent: int) -> None:
    """End this process when ``parent`` (the server) ends, whatever way it ends.

    Linux: ``prctl(PR_SET_PDEATHSIG, SIGKILL)``, the kernel kills us the moment the parent dies
    (kill -9 included). Everywhere: a daemon thread that looks at the parent id once a second
    (an orphan is adopted by another process)."""
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, int(signal.SIGKILL), 0, 0, 0)  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        pass
    if os.getppid() != parent:  # the parent died before the line above
        os._exit(0)

    def watch() -> None:
        while True:
            time.sleep(1.0)
            if os.getppid() != parent:
                os._exit(0)

    threading.Thread(target=watch, name="stammtisch-parent-watch", daemon=True).start()


def _background(parent: int | None = None) -> None:
    """Worker initializer: the search is background work; the server's own process (every table's
    sockets, log and cheap players) comes first when the machine's cores are busy. The worker ends
    with its parent (:func:`_end_with_parent`)."""
    if parent is not None:
        _end_with_parent(parent)
    try:
        os.nice(10)
    except (AttributeError, OSError):  # pragma: no cover - not on every platform
        pass


def _pid() -> int:
    return os.getpid()


def default_processes() -> int:
    """Search workers when none are configured: one per core (at least 1, at most 8)."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cores = os.cpu_count() or 1
    return max(1, min(8, cores))


class FairQueue:
    """Waiting jobs, served round robin per client with at most ``per_client`` running per client.

    >>> q = FairQueue(per_client=1)
    >>> for client, job in [("a", 1), ("a", 2), ("a", 3), ("b", 4)]:
    ...     q.put(client, job)
    >>> first = q.take(); second = q.take(); first, second, q.take()
    (('a', 1), ('b', 4), None)
    >>> q.done("a"); q.take()
    ('a', 2)
    """

    def __init__(self, per_client: int = 1):
        self.per_client = max(1, per_client)
        self._waiting: dict[Hashable, collections.deque[Any]] = {}
        self._ring: collections.deque[Hashable] = collections.deque()
        self._running: collections.Counter[Hashable] = collections.Counter()

    def __len__(self) -> int:
        return sum(len(q) for q in self._waiting.values())

    def put(self, client: Hashable, job: Any) -> None:
        q = self._waiting.get(client)
        if q is None:
            q = self._waiting[client] = collections.deque()
            self._ring.append(client)
        q.append(job)

    def take(self) -> tuple[Hashable, Any] | None:
        """The next job to run (and its client), or ``None`` when every waiting client is at its cap."""
        for _ in range(len(self._ring)):
            client = self._ring[0]
            self._ring.rotate(-1)
            if self._running[client] >= self.per_client:
                continue
            q = self._waiting[client]
            job = q.popleft()
            if not q:
                del self._waiting[client]
                self._ring.remove(client)
            self._running[client] += 1
            return client, job
        return None

    def done(self, client: Hashable) -> None:
        """A job of ``client`` finished."""
        self._running[client] -= 1
        if self._running[client] <= 0:
            del self._running[client]

    def remove(self, client: Hashable, job: Any) -> bool:
        """Forget a waiting job (its caller gave up); ``False`` if it is not waiting."""
        q = self._waiting.get(client)
        if q is None or job not in q:
            return False
        q.remove(job)
        if not q:
            del self._waiting[client]
            self._ring.remove(client)
        return True


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
    state is inherited; at lower priority, ``nice`` 10; ending with the server). Decisions wait in
    a :class:`FairQueue` (round robin per client, at most ``per_client`` running per client) and
    are handed to the pool only
    when a worker is free, so the order is ours, not the pool's FIFO. Every table has at most one
    decision in flight because its driver waits for the answer. ``processes=0`` runs the search in
    the thread pool instead (tests, single-process embedding); ``None``: one per core.
    """

    def __init__(self, processes: int | None = 1, queue: int = 64, threads: int = 2, per_client: int | None = None,
                 fair: bool = True):
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="stammtisch-bots")
        self.processes = default_processes() if processes is None or processes < 0 else processes
        self._pool: ProcessPoolExecutor | None = None
        #: most decisions of one client in the workers at once: all but one worker (one is kept for
        #: everybody else), at least one
        self.per_client = per_client if per_client is not None else max(1, self.processes - 1)
        #: ``False``: first come, first served over all clients (how the server worked before; the
        #: fairness benchmark's baseline)
        self.fair = fair
        if not fair:
            self.per_client = self.processes
        self.queue = max(1, queue)
        self._fair = FairQueue(self.per_client)
        self._busy = 0
        self.waiting = 0
        self._closed = False

    def _process_pool(self) -> ProcessPoolExecutor:
        if self._pool is None:
            from ..bots.pool import quiet_context  # Ctrl-C is the server's: workers start with SIGINT ignored

            self._pool = ProcessPoolExecutor(self.processes, mp_context=quiet_context("spawn"),
                                             initializer=_background, initargs=(os.getpid(),))
        return self._pool

    def start(self) -> list[int]:
        """Spawn the worker processes now (instead of at the first search decision); returns their
        process ids as far as known (at least the one that answered)."""
        if self.processes <= 0:
            return []
        pool = self._process_pool()
        futs = [pool.submit(_pid) for _ in range(self.processes)]
        return sorted({f.result(timeout=120) for f in futs})

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers."""
        procs = getattr(self._pool, "_processes", None) or {}
        return sorted(procs)

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
                    seed: int, client: Hashable = None) -> str | None:
        """One search decision in a worker process, after its turn in the fair queue (``client``:
        whose table it is; ``None`` counts as a client of its own)."""
        loop = asyncio.get_running_loop()
        if self.processes <= 0:
            return await loop.run_in_executor(self.threads, _think, game, kind, method, seat, legal, view, seed)
        client = (client if client is not None else object()) if self.fair else "everybody"
        go: asyncio.Future[None] = loop.create_future()
        self._fair.put(client, go)
        self.waiting += 1
        self._dispatch()
        try:
            await go
        except BaseException:
            if not self._fair.remove(client, go):  # it was already given a worker
                self._finished(client)
            raise
        finally:
            self.waiting -= 1
        try:
            return await loop.run_in_executor(self._process_pool(), _think, game, kind, method, seat, legal,
                                              view, seed)
        finally:
            self._finished(client)

    async def background(self, fn: Any, *args: Any) -> Any:
        """Low-priority work in a worker (a finished game's analysis, one decision per call): it
        starts only while no table's decision waits and a worker is free (with two workers or more,
        one always stays free for the tables), so the tables' decisions go first."""
        loop = asyncio.get_running_loop()
        if self.processes <= 0:
            return await loop.run_in_executor(self.threads, fn, *args)
        spare = 1 if self.processes > 1 else 0
        while not self._closed and (self.waiting > 0 or self._busy >= self.processes - spare):
            await asyncio.sleep(0.05)
        if self._closed:
            raise RuntimeError("the search workers are stopped")
        self._busy += 1
        try:
            return await loop.run_in_executor(self._process_pool(), fn, *args)
        finally:
            self._busy -= 1
            self._dispatch()

    def _finished(self, client: Hashable) -> None:
        self._busy -= 1
        self._fair.done(client)
        self._dispatch()

    def _dispatch(self) -> None:
        """Give free workers to the next waiting decisions, fairly."""
        while self._busy < self.processes and not self._closed:
            nxt = self._fair.take()
            if nxt is None:
                return
            _, go = nxt
            self._busy += 1
            if not go.done():
                go.set_result(None)

    def close(self, wait: float = 3.0) -> None:
        """Stop the threads and the workers: waiting decisions are dropped, a worker in the middle
        of a search is ended (SIGTERM, then SIGKILL after ``wait`` seconds)."""
        self._closed = True
        self.threads.shutdown(wait=False, cancel_futures=True)
        if self._pool is not None:
            procs = list((getattr(self._pool, "_processes", None) or {}).values())
            self._pool.shutdown(wait=False, cancel_futures=True)
            for p in procs:
                try:
                    p.terminate()
                except Exception:  # pragma: no cover - already gone
                    pass
            deadline = time.monotonic() + wait
            for p in procs:
                p.join(max(0.0, deadline - time.monotonic()))
                if p.is_alive():  # pragma: no cover - a worker that ignores SIGTERM
                    p.kill()


class RemoteBot:
    """Stands for a search player whose thinking happens in :class:`BotRunner`'s processes."""

    def __init__(self, kind: str, game: str):
        self.kind, self.game, self.name = kind, game, kind
