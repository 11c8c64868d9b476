"""Worker processes that stop when they are told to: the pool under ``simulate`` and ``arena``.

:func:`run_each` runs ``fn(*arg)`` for every ``arg`` in a pool of worker processes and hands
each result to a callback in this process as it comes in. The workers are the parent's to end:

- a worker ignores SIGINT (Ctrl-C in a terminal reaches the whole process group: the parent
  alone decides what to do, so no worker prints a traceback);
- a worker dies with its parent (Linux ``PR_SET_PDEATHSIG``: even a parent killed with
  SIGKILL leaves no worker running on);
- when the parent is interrupted (``KeyboardInterrupt``, or :class:`Terminated` from
  :func:`sigterm_raises`) it terminates every worker before the exception goes on, so nothing
  is left computing when the command has printed its last line.

>>> results = []
>>> run_each(pow, [(2, 3), (3, 2)], 2, results.append)
>>> sorted(results)
[8, 9]
"""

from __future__ import annotations

import ctypes
import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

__all__ = ["Terminated", "Interrupted", "run_each", "sigterm_raises", "set_parent_death_signal", "signal_of",
           "ignore_interrupts", "quiet_context"]


class Terminated(KeyboardInterrupt):
    """SIGTERM as an exception: raised in the main thread (see :func:`sigterm_raises`) so that
    every ``except KeyboardInterrupt`` that cleans up after Ctrl-C cleans up after it too."""

    signum = signal.SIGTERM


class Interrupted(KeyboardInterrupt):
    """A batch or arena stopped by Ctrl-C or SIGTERM; ``partial`` holds what finished before.

    :param partial: the result of the finished part, in the shape of the complete result
    :param signum: the signal that stopped it (``SIGINT`` or ``SIGTERM``)
    """

    def __init__(self, partial: Any, signum: int = signal.SIGINT) -> None:
        super().__init__(signum)
        self.partial = partial
        self.signum = signum


def signal_of(exc: BaseException) -> int:
    """The signal behind an interrupt: ``SIGTERM`` for :class:`Terminated`, else ``SIGINT``."""
    return int(getattr(exc, "signum", signal.SIGINT))


@contextmanager
def sigterm_raises() -> Iterator[None]:
    """While inside: SIGTERM raises :class:`Terminated` in the main thread (as SIGINT raises
    ``KeyboardInterrupt``); the previous handler comes back afterwards."""
    def raise_terminated(signum: int, frame: Any) -> None:
        raise Terminated()

    try:
        previous = signal.signal(signal.SIGTERM, raise_terminated)
    except ValueError:  # not the main thread: leave the signals alone
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Ask Linux to send ``signum`` to this process when its parent dies (``prctl``
    ``PR_SET_PDEATHSIG``); ``False`` where that is not available."""
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(1, int(signum), 0, 0, 0) == 0  # 1 = PR_SET_PDEATHSIG
    except (OSError, AttributeError):  # pragma: no cover - not Linux
        return False


def ignore_interrupts() -> None:
    """A worker process's first act (its pool's initializer): Ctrl-C is the parent's business,
    SIGTERM (how the parent ends a worker) ends it at once, and the worker does not outlive its
    parent."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    set_parent_death_signal()


@contextmanager
def _sigint_ignored() -> Iterator[None]:
    try:
        previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except ValueError:  # not the main thread: cannot touch the handlers
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _QuietStart:
    """Mixin: start the process with SIGINT ignored in the parent (see :func:`quiet_context`)."""

    def start(self) -> None:
        with _sigint_ignored():
            super().start()  # type: ignore[misc]


_QUIET: dict[str, Any] = {}
for _method, _names in (("spawn", ("SpawnProcess", "SpawnContext")), ("fork", ("ForkProcess", "ForkContext")),
                        ("forkserver", ("ForkServerProcess", "ForkServerContext"))):
    _proc, _ctx = (getattr(multiprocessing.context, n, None) for n in _names)
    if _proc is not None and _ctx is not None:
        # module-level classes: a spawned worker unpickles its process object by name
        _qp = type(f"Quiet{_names[0]}", (_QuietStart, _proc), {"__module__": __name__})
        globals()[_qp.__name__] = _qp
        _QUIET[_method] = type(f"Quiet{_names[1]}", (_ctx,), {"Process": _qp, "__module__": __name__})()


def quiet_context(method: str | None = None) -> Any:
    """A multiprocessing context whose processes start with SIGINT ignored.

    A worker's initializer comes too late for a Ctrl-C during its start-up (a spawned worker
    imports for a second or more): the parent ignores SIGINT while it starts a worker, the
    child inherits that (across ``exec`` too) and Python then installs no ``KeyboardInterrupt``
    handler in it. Use as ``ProcessPoolExecutor(mp_context=quiet_context("spawn"))``.
    """
    # the default method without fixing it (get_start_method() would, and a later set_start_method fail)
    method = method or multiprocessing.get_start_method(allow_none=True) or multiprocessing.get_all_start_methods()[0]
    return _QUIET.get(method) or multiprocessing.get_context(method)


def _call(job: tuple[Callable[..., Any], tuple[Any, ...]]) -> Any:
    fn, arg = job
    return fn(*arg)


def run_each(fn: Callable[..., Any], args: Sequence[tuple[Any, ...]], workers: int,
             each: Callable[[Any], None]) -> None:
    """Run ``fn(*arg)`` for every ``arg`` in ``workers`` processes; ``each(result)`` hears of
    every result in this process as it comes in (in any order).

    An exception in a worker, or an interrupt here (Ctrl-C, :class:`Terminated`), terminates
    every worker at once and is raised on; the results handed to ``each`` before stay handed.
    """
    pool = quiet_context().Pool(max(1, min(workers, len(args))), initializer=ignore_interrupts)
    try:  # the jobs are handed out one by one as workers get free (a generator: no list of all of them)
        for result in pool.imap_unordered(_call, ((fn, tuple(a)) for a in args)):
            each(result)
    except BaseException:
        pool.terminate()  # SIGTERM to every worker, then join them
        pool.join()
        raise
    pool.close()
    pool.join()
