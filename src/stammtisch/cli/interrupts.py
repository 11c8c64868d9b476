"""Ctrl-C and SIGTERM on a command: one line, the partial result, no child left, exit 130/143.

Every long-running command (``simulate``, ``arena``, ``play``, ``serve``) runs inside
:func:`guarded`: SIGTERM raises :class:`~stammtisch.bots.pool.Terminated` (a
``KeyboardInterrupt``) like Ctrl-C does, so one ``except KeyboardInterrupt`` writes what was
finished; :func:`stop` then ends any child process still running, prints one line and exits
with ``128 + signal`` (130 for Ctrl-C, 143 for SIGTERM), as a shell reports a killed command.
"""

from __future__ import annotations

import multiprocessing
import signal
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer

from ..bots.pool import sigterm_raises, signal_of

__all__ = ["guarded", "stop", "exit_code", "end_children", "how"]


@contextmanager
def guarded() -> Iterator[None]:
    """While inside, SIGTERM raises like Ctrl-C (see the module)."""
    with sigterm_raises():
        yield


def exit_code(exc: BaseException) -> int:
    """130 after Ctrl-C, 143 after SIGTERM."""
    return 128 + signal_of(exc)


def end_children(timeout: float = 1.0) -> None:
    """Terminate every child process of this one that is still running (SIGTERM, then SIGKILL
    after ``timeout`` seconds)."""
    children = multiprocessing.active_children()
    for p in children:
        p.terminate()
    deadline = time.monotonic() + timeout
    for p in children:
        p.join(max(0.0, deadline - time.monotonic()))
        if p.is_alive():
            p.kill()
            p.join(0.5)


def how(exc: BaseException) -> str:
    """``Ctrl-C`` or ``SIGTERM``: what stopped the command."""
    return "SIGTERM" if signal_of(exc) == signal.SIGTERM else "Ctrl-C"


def stop(exc: BaseException, what: str = "", *, line: str | None = None) -> NoReturn:
    """End the children, print one line (``stopped (Ctrl-C): what``, or ``line`` as it is) and
    exit 130/143."""
    end_children()
    print(line if line is not None else f"stopped ({how(exc)})" + (f": {what}" if what else ""), file=sys.stderr,
          flush=True)
    raise typer.Exit(exit_code(exc))
