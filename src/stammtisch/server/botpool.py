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
* **Healing** (:meth:`BotRunner.think`): when a worker dies (the OOM killer, a crash in compiled
  code, an administrator's ``kill``) the pool is broken and every later decision would fail; the
  broken pool is replaced at once (one log line each time, counted in :attr:`BotRunner.restarts`)
  and the decision tried again, at most :attr:`BotRunner.retries` times. A decision that fails for
  good raises :class:`SearchFailed`; the driver then lets the rule player move for that seat once
  and stores the action with the actor ``fallback`` (:mod:`.driver`), so no table stalls.
  :meth:`BotRunner.health` says how the workers are (``GET /api/health``).
* **The compiled search's disk cache** (Numba) has no lock of its own: each file is written to a
  temporary name and renamed (a reader never sees a torn file), but the index and the data file of
  a function are separate files, so two processes compiling one function at once can leave an index
  entry that names the other process's data. Every worker therefore compiles (or loads from the
  cache) under one exclusive file lock per installation and user (:func:`compile_lock`), the first
  time it uses a game's search.
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
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from .. import bots as botkit
from ..core import registry
from ..core.messages import Msg
from ..core.protocol import Bot, Turn

log = logging.getLogger(__name__)

__all__ = ["check_request_kind", "allowed_kinds", "is_search", "BotRunner", "FairQueue", "RemoteBot",
           "default_processes", "SearchFailed", "compile_lock"]

#: search strengths a request may name by default (fixed budgets per game, :mod:`stammtisch.bots.levels`;
#: ``search:strong`` does ~7x the work of ``hard``)
DEFAULT_LEVELS = ("easy", "medium", "hard")


class SearchFailed(RuntimeError):
    """A search decision that could not be made in the worker processes, even after replacing a
    broken pool (:attr:`BotRunner.retries` times)."""


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
#: games whose compiled search this worker has loaded (or compiled) under :func:`compile_lock`
_worker_compiled: set[str] = set()


def compile_lock_path() -> Path:
    """The lock file that orders the compilation of the search kernels between processes: in
    ``$NUMBA_CACHE_DIR`` when that is set (the cache's own folder), else beside the package (the
    cache Numba writes into the installation's ``__pycache__`` folders) when that is writable, else
    in the user's cache folder (where Numba then writes its cache)."""
    cache = os.environ.get("NUMBA_CACHE_DIR")
    if cache:
        return Path(cache) / "stammtisch-compile.lock"
    here = Path(__file__).resolve().parents[1]
    if os.access(here, os.W_OK):
        return here / "__pycache__" / "stammtisch-compile.lock"
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "stammtisch" / "compile.lock"


@contextmanager
def compile_lock() -> Iterator[None]:
    """Hold the installation's compile lock (``flock``, exclusive; released when the process ends,
    however it ends). Without ``fcntl`` (not POSIX), or when the file cannot be made: no lock."""
    try:
        import fcntl

        path = compile_lock_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    except (ImportError, OSError):  # pragma: no cover - not POSIX, or a read-only place
        yield
        return
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _first_use(game: str, fn: Any) -> Any:
    """``fn()``; the first time this worker uses ``game``'s search, under :func:`compile_lock` (the
    call compiles the kernels or loads them from the disk cache)."""
    if game in _worker_compiled:
        return fn()
    with compile_lock():
        out = fn()
    _worker_compiled.add(game)
    return out


def _think(game: str, kind: str, method: str, seat: int, legal: list[str], view: dict[str, Any],
           seed: int) -> str | None:
    """In a worker process: one decision of a search player (built once per game and kind)."""
    bot = _worker_bots.get((game, kind))
    if bot is None:
        bot = _worker_bots[(game, kind)] = botkit.make(kind, registry.get(game))
    turn = Turn(seat, legal, lambda: view)
    rng = random.Random(seed)
    return _first_use(game, lambda: bot.choose(turn, rng) if method == "choose" else bot.interject(turn, rng))


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
        with compile_lock():  # one process of this installation compiles (writes the cache) at a time
            done[name] = _warm_one(name)
        _worker_compiled.add(name)
        time.sleep(0.05)  # a worker waiting for the lock (its first decision) gets it before the next game
    return done


def _warm_one(name: str) -> int:
    """One deal of one-world searches of game ``name``; the decisions the compiled search made."""
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
    return n


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
    state is inherited; at lower priority, ``nice`` 10; ending with the server). Each worker is a
    pool of its own (a *slot*: a ``ProcessPoolExecutor`` of one process), so a worker that dies
    breaks only its slot: the other workers, with their kernels loaded, take the decisions that
    were under way there at once, and the slot gets a new process. Decisions wait in a
    :class:`FairQueue` (round robin per client, at most ``per_client`` running per client) and
    are handed to a slot only when one is free, so the order is ours, not the pool's FIFO. Every
    table has at most one decision in flight because its driver waits for the answer.
    ``processes=0`` runs the search in the thread pool instead (tests, single-process embedding);
    ``None``: one per core.
    """

    def __init__(self, processes: int | None = 1, queue: int = 64, threads: int = 2, per_client: int | None = None,
                 fair: bool = True):
        self.threads = ThreadPoolExecutor(threads, thread_name_prefix="stammtisch-bots")
        self.processes = default_processes() if processes is None or processes < 0 else processes
        #: one single-process pool per worker (``None``: not started yet, or replaced)
        self._slots: list[ProcessPoolExecutor | None] = [None] * self.processes
        #: slots running a decision now
        self._taken: set[int] = set()
        #: slots whose process has answered a decision (its kernels are loaded)
        self._warm_slots: set[int] = set()
        #: slots whose process is still loading kernels (:meth:`warm` at start, or a new process after
        #: one died, loading those of :attr:`_games`): a decision goes there only when no other
        #: worker becomes free meanwhile
        self._restarting: set[int] = set()
        #: games whose search the workers have run (a new process loads their kernels at once)
        self._games: set[str] = set()
        #: decisions waiting for a worker that is not restarting, first come first served
        self._slot_waiters: collections.deque[asyncio.Future[int]] = collections.deque()
        self._loop: asyncio.AbstractEventLoop | None = None
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
        #: a decision whose worker died is tried again this many times (in another worker when one
        #: is free and warm, else in the slot's new process)
        self.retries = 2
        #: dead workers replaced so far
        self.restarts = 0
        #: search decisions that failed for good (the driver let the rule player move instead)
        self.failed = 0

    @property
    def _pool(self) -> ProcessPoolExecutor | None:
        """The first started slot (``None``: no worker started yet)."""
        return next((p for p in self._slots if p is not None), None)

    def _slot(self, i: int) -> ProcessPoolExecutor:
        pool = self._slots[i]
        if pool is None:
            from ..bots.pool import quiet_context  # Ctrl-C is the server's: workers start with SIGINT ignored

            pool = self._slots[i] = ProcessPoolExecutor(1, mp_context=quiet_context("spawn"),
                                                        initializer=_background, initargs=(os.getpid(),))
        return pool

    def _process_pool(self) -> ProcessPoolExecutor:
        """Slot 0 (warming, starting)."""
        return self._slot(0)

    def _replace(self, i: int, broken: ProcessPoolExecutor, why: BaseException) -> None:
        """Give slot ``i`` a new process (unless another decision did already): the broken pool is
        shut down, its process ended; one log line."""
        if self._slots[i] is not broken or self._closed:
            return
        procs = list((getattr(broken, "_processes", None) or {}).values())
        try:
            broken.shutdown(wait=False, cancel_futures=True)
        except Exception:  # pragma: no cover - a broken pool may complain
            pass
        for p in procs:
            try:
                p.kill()
            except Exception:  # pragma: no cover - already gone
                pass
        self._slots[i] = None
        self._warm_slots.discard(i)
        self.restarts += 1
        log.warning("search worker %d died (%s: %s): replaced with a new process (restart %d)",
                    i, type(why).__name__, str(why)[:120], self.restarts)
        pool = self._slot(i)
        if self._games:  # the new process loads the kernels at once, before any decision waits for it
            try:
                fut = pool.submit(_warm, sorted(self._games))
            except (BrokenProcessPool, RuntimeError):  # pragma: no cover - the next decision replaces it again
                return
            self._restarting.add(i)
            fut.add_done_callback(lambda f: self._from_thread(self._restarted, i, pool))

    #: a decision waits at most this long for a worker that is not restarting before it takes one that is
    RESTART_WAIT = 30.0

    def _remember_loop(self) -> None:
        try:
            self._loop = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - called outside the event loop
            pass

    def _from_thread(self, fn: Any, *args: Any) -> None:
        """Run ``fn(*args)`` on the event loop (from a pool's callback thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            fn(*args)
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:  # pragma: no cover - the loop is closing
            pass

    def _restarted(self, i: int, pool: ProcessPoolExecutor) -> None:
        """Slot ``i``'s process has loaded its kernels (or failed to): it takes decisions again."""
        if self._slots[i] is pool:
            self._restarting.discard(i)
            if i not in self._taken:
                self._hand_over(i)

    def _hand_over(self, i: int) -> None:
        """Give the free slot ``i`` to the first decision waiting for one."""
        while self._slot_waiters:
            w = self._slot_waiters.popleft()
            if not w.done():
                self._taken.add(i)
                w.set_result(i)
                return

    def _release(self, i: int) -> None:
        self._taken.discard(i)
        if i not in self._restarting:
            self._hand_over(i)

    async def _pick(self) -> int:
        """A free slot, taken: a worker that is not restarting first (a restarting one would make
        the decision wait until it has started and loaded the kernels, seconds on a busy machine;
        a worker with its kernels loaded is usually free again within a second). Decisions that
        wait for one are served in order (:meth:`_hand_over`)."""
        free = [i for i in range(self.processes) if i not in self._taken]
        ready = [i for i in free if i not in self._restarting]
        warm = [i for i in ready if i in self._warm_slots]
        if (warm or ready) and not self._slot_waiters:
            i = (warm or ready)[0]
        elif len(self._restarting) >= self.processes or not (free or self._slot_waiters):
            i = (free or [0])[0]  # every worker is restarting: wait in the queue of one
        else:
            w: asyncio.Future[int] = asyncio.get_running_loop().create_future()
            self._slot_waiters.append(w)
            try:
                return await asyncio.wait_for(w, self.RESTART_WAIT)
            except asyncio.TimeoutError:
                free = [i for i in range(self.processes) if i not in self._taken]
                i = (free or [0])[0]
            except asyncio.CancelledError:  # the table closed meanwhile: a slot handed over goes back
                if w.done() and not w.cancelled():
                    self._release(w.result())
                raise
        self._taken.add(i)
        return i

    async def _run(self, *args: Any) -> Any:
        """``_think(*args)`` in a free worker; a dead worker is replaced and the decision tried again
        (:attr:`retries` times), then :class:`SearchFailed`."""
        loop = asyncio.get_running_loop()
        self._loop = loop
        for attempt in range(self.retries + 1):
            if self._closed:
                raise SearchFailed("the search workers are shut down")
            self._games.add(args[0])
            i = await self._pick()
            pool = self._slot(i)
            try:
                out = await loop.run_in_executor(pool, _think, *args)
                self._warm_slots.add(i)
                return out
            except BrokenProcessPool as e:
                self._replace(i, pool, e)
                if attempt < self.retries:
                    log.warning("search decision (%s, seat %s): its worker died, trying again (%d of %d)",
                                args[0], args[3], attempt + 1, self.retries)
                    continue
                raise SearchFailed(f"the worker died {self.retries + 1} times during this decision") from e
            finally:
                self._release(i)
        raise AssertionError("unreachable")  # pragma: no cover

    def _heal(self) -> None:
        """Replace every slot whose worker died while no decision was under way there."""
        for i, pool in enumerate(self._slots):
            if pool is not None and getattr(pool, "_broken", False) and i not in self._taken:
                self._replace(i, pool, BrokenProcessPool("found dead between decisions"))

    def health(self) -> dict[str, Any]:
        """How the search workers are: ``processes`` (configured; 0: a thread), ``alive`` (worker
        processes running now; a worker starts when the first decision needs it), ``restarts``
        (dead workers replaced), ``failed`` (decisions made by the rule player instead), ``busy``
        (decisions in the workers), ``waiting`` (decisions queued) and ``ok`` (no worker is known
        dead). A worker found dead here (it died while no decision was under way) is replaced
        first."""
        self._heal()
        procs = [p for pool in self._slots if pool is not None
                 for p in (getattr(pool, "_processes", None) or {}).values()]
        alive = sum(1 for p in procs if p.is_alive())
        broken = any(getattr(pool, "_broken", False) for pool in self._slots if pool is not None)
        return {"ok": not broken and not self._closed, "processes": self.processes, "alive": alive,
                "restarts": self.restarts, "failed": self.failed, "busy": self._busy, "waiting": self.waiting}

    def start(self) -> list[int]:
        """Spawn the worker processes now (instead of at the first search decision); returns their
        process ids."""
        if self.processes <= 0:
            return []
        futs = [self._slot(i).submit(_pid) for i in range(self.processes)]
        return sorted({f.result(timeout=120) for f in futs})

    def worker_pids(self) -> list[int]:
        """Process ids of the running workers."""
        return sorted(pid for pool in self._slots if pool is not None
                      for pid in (getattr(pool, "_processes", None) or {}))

    def warm(self, games: list[str]) -> Any:
        """Compile the search kernels of ``games`` in the first worker process (:func:`_warm`, under
        :func:`compile_lock`), in the background; returns the future, or ``None`` when the search
        thinks in threads. The other workers load the kernels from the disk cache at their first
        decision (under the same lock)."""
        if self.processes <= 0 or not games:
            return None
        pool = self._slot(0)
        self._restarting.add(0)  # decisions go to the other workers while it can wait for them
        self._remember_loop()
        fut = pool.submit(_warm, list(games))
        fut.add_done_callback(_log_warm)
        fut.add_done_callback(lambda f: self._from_thread(self._restarted, 0, pool))
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
            return await self._run(game, kind, method, seat, legal, view, seed)
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
        procs = []
        for pool in self._slots:
            if pool is None:
                continue
            procs += list((getattr(pool, "_processes", None) or {}).values())
            pool.shutdown(wait=False, cancel_futures=True)
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
