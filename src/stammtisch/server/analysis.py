"""Analyses of finished games for the replay page (issue 38 item 3, docs/fair-deals.md).

A request for the analysis of one seat of a finished game starts a job that values the seat's
decisions one at a time in the search worker pool at low priority
(:meth:`.botpool.BotRunner.background`: only while no table's decision waits), so a playing table
is never slowed by more than the one analysis decision already running. The job's progress is
readable while it runs; the result is kept per record and seat (a finished record never changes):
in memory (a bounded cache) and on disk, in the server's database (``server_analyses``, keyed by
the record's SHA-256, the seat and the search's budget), so the same analysis is computed once,
also across restarts.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..bots import analysis as an
from ..bots.levels import level_for

__all__ = ["Analyses", "record_hash", "budget_of"]

log = logging.getLogger("stammtisch.server")

#: the level the server analyses at (the hard level: issue 38 asks for hard or stronger)
LEVEL = "hard"


def record_hash(record: dict[str, Any]) -> str:
    """The SHA-256 of the record's canonical JSON (sorted keys, no spaces): the key an analysis is
    kept under."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def budget_of(game: str, level: str = LEVEL) -> str:
    """The search's budget as the key names it: ``hard:w80:i1000`` (level, worlds, iterations)."""
    lvl = level_for(game, level)
    return f"{level}:w{lvl.worlds}:i{lvl.iterations}"


class Analyses:
    """The analysis jobs and results of one server process.

    :param store: the server's database (:meth:`.store.Store.analysis`, ``save_analysis``), or
        ``None`` to keep the results in memory only
    :param db: runs a store call off the event loop (:meth:`.registry.Tables.db`)
    """

    def __init__(self, runner: Any, keep: int = 200, running: int = 4, store: Any = None,
                 db: Callable[..., Awaitable[Any]] | None = None):
        self.runner = runner
        self.keep = keep
        self.running = running
        self.store = store
        self.db = db
        self.jobs: collections.OrderedDict[tuple[int, int], dict[str, Any]] = collections.OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()

    def status(self, number: int, seat: int) -> dict[str, Any] | None:
        """The job of ``(number, seat)``: ``{"status": "running"|"done"|"failed", "done", "total",
        "result"?}``, or ``None`` if none was asked for."""
        job = self.jobs.get((number, seat))
        if job is not None:
            self.jobs.move_to_end((number, seat))
        return job

    async def load(self, number: int, seat: int, record: dict[str, Any]) -> dict[str, Any] | None:
        """The job of ``(number, seat)``, from memory or else from the disk (a finished analysis kept
        before a restart); ``None`` if it was never computed."""
        job = self.status(number, seat)
        if job is not None or self.store is None or self.db is None:
            return job
        kept = await self.db(self.store.analysis, record_hash(record), seat, budget_of(str(record.get("game"))))
        if kept is None:
            return None
        job = {"status": "done", "done": len(kept.get("decisions") or ()), "seat": seat, "level": LEVEL,
               "result": kept}
        job["total"] = job["done"]
        self._remember((number, seat), job)
        return job

    def _remember(self, key: tuple[int, int], job: dict[str, Any]) -> None:
        self.jobs[key] = job
        while len(self.jobs) > self.keep:  # the oldest finished ones go first
            old = next((k for k, j in self.jobs.items() if j["status"] != "running"), None)
            if old is None:
                break
            del self.jobs[old]

    def busy(self) -> bool:
        return sum(1 for j in self.jobs.values() if j["status"] == "running") >= self.running

    def start(self, number: int, seat: int, record: dict[str, Any]) -> dict[str, Any]:
        """Start (or find) the analysis of ``seat`` in the finished game ``number``."""
        key = (number, seat)
        job = self.jobs.get(key)
        if job is not None and job["status"] != "failed":
            return job
        job = {"status": "running", "done": 0, "total": None, "seat": seat, "level": LEVEL}
        self._remember(key, job)
        task = asyncio.get_running_loop().create_task(self._run(job, record, seat))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)
        return job

    async def _run(self, job: dict[str, Any], record: dict[str, Any], seat: int) -> None:
        loop = asyncio.get_running_loop()
        try:
            todo = await loop.run_in_executor(None, an.decisions, record, seat)
            job["total"] = len(todo)
            found = []
            for d in todo:
                found.append(await self.runner.background(an.analyse_decision, record, seat, d, LEVEL))
                job["done"] = len(found)
            job["result"] = an.result(record, seat, LEVEL, False, found)
            job["status"] = "done"
            if self.store is not None and self.db is not None:
                await self.db(self.store.save_analysis, record_hash(record), seat,
                              budget_of(str(record.get("game"))), job["result"])
        except asyncio.CancelledError:
            job["status"] = "failed"
            raise
        except Exception:
            log.exception("analysis of seat %s failed", seat)
            job["status"] = "failed"

    def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
