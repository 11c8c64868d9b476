"""Analyses of finished games for the replay page (issue 38 item 3, docs/fair-deals.md).

A request for the analysis of one seat of a finished game starts a job that values the seat's
decisions one at a time in the search worker pool at low priority
(:meth:`.botpool.BotRunner.background`: only while no table's decision waits), so a playing table
is never slowed by more than the one analysis decision already running. The job's progress is
readable while it runs; the result is kept per record and seat (a finished record never changes)
in a bounded cache, so the same analysis is computed once.
"""

from __future__ import annotations

import asyncio
import collections
import logging
from typing import Any

from ..bots import analysis as an

__all__ = ["Analyses"]

log = logging.getLogger("stammtisch.server")

#: the level the server analyses at (the hard level: issue 38 asks for hard or stronger)
LEVEL = "hard"


class Analyses:
    """The analysis jobs and results of one server process."""

    def __init__(self, runner: Any, keep: int = 200, running: int = 4):
        self.runner = runner
        self.keep = keep
        self.running = running
        self.jobs: collections.OrderedDict[tuple[int, int], dict[str, Any]] = collections.OrderedDict()
        self._tasks: set[asyncio.Task[Any]] = set()

    def status(self, number: int, seat: int) -> dict[str, Any] | None:
        """The job of ``(number, seat)``: ``{"status": "running"|"done"|"failed", "done", "total",
        "result"?}``, or ``None`` if none was asked for."""
        job = self.jobs.get((number, seat))
        if job is not None:
            self.jobs.move_to_end((number, seat))
        return job

    def busy(self) -> bool:
        return sum(1 for j in self.jobs.values() if j["status"] == "running") >= self.running

    def start(self, number: int, seat: int, record: dict[str, Any]) -> dict[str, Any]:
        """Start (or find) the analysis of ``seat`` in the finished game ``number``."""
        key = (number, seat)
        job = self.jobs.get(key)
        if job is not None and job["status"] != "failed":
            return job
        job = {"status": "running", "done": 0, "total": None, "seat": seat, "level": LEVEL}
        self.jobs[key] = job
        while len(self.jobs) > self.keep:  # the oldest finished ones go first
            old = next((k for k, j in self.jobs.items() if j["status"] != "running"), None)
            if old is None:
                break
            del self.jobs[old]
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
        except asyncio.CancelledError:
            job["status"] = "failed"
            raise
        except Exception:
            log.exception("analysis of seat %s failed", seat)
            job["status"] = "failed"

    def close(self) -> None:
        for t in list(self._tasks):
            t.cancel()
