"""Garbage-collector settings for a long-running table server.

With hundreds of tables the heap holds millions of objects (matches, views, connections).
CPython's automatic full collection walks all of them and stops the event loop for tens to
hundreds of milliseconds, and its young collections run many times a second: measured with
``benchmarks/load/server_load.py`` at 500 tables these pauses were the tail of the action latency.

:func:`tune` (called once the server has started, when :attr:`ServerConfig.gc_tuning` is on):

* ``gc.freeze()`` moves everything that exists after start-up (modules, the app, recovered
  tables) out of the collector's sight -- it stays alive anyway;
* raises the young-generation threshold, so there are fewer, still short, young collections;
* turns off *automatic* full collections; :func:`full_collections` runs one every
  ``every`` seconds instead, so reference cycles are still freed (bounded memory) but the
  full pause happens a few times an hour, not several times a minute.

Reference counting, which frees almost all of the server's garbage, is not affected.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time

__all__ = ["tune", "full_collections", "YOUNG", "MIDDLE"]

log = logging.getLogger("stammtisch.server")

#: objects allocated (net) before a young collection (CPython's default: 700)
YOUNG = 10_000
#: young collections before a middle-generation one (default: 10)
MIDDLE = 10
#: full collections only from :func:`full_collections` (a threshold never reached)
_NEVER = 1_000_000_000


def tune() -> tuple[int, int, int]:
    """Freeze the start-up heap and set the thresholds; returns the previous thresholds.

    >>> import gc
    >>> old = tune(); gc.get_threshold()[:2] == (YOUNG, MIDDLE)
    True
    >>> gc.unfreeze(); gc.set_threshold(*old)
    """
    old = gc.get_threshold()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, _NEVER)
    return old


async def full_collections(every: float) -> None:
    """Run a full collection every ``every`` seconds (a task for the server's lifetime)."""
    while True:
        await asyncio.sleep(every)
        t0 = time.perf_counter()
        found = gc.collect()
        log.info("full garbage collection: %d unreachable objects in %.0f ms", found,
                 (time.perf_counter() - t0) * 1000)
