"""The action log: every change of a match is an action appended here, committed before it is
acknowledged or shown to anybody, and a table is rebuilt from it after a restart or a takeover.

:class:`ActionLog` is the writer (one database thread, group commit); :class:`LoggedTable` is the
part of a :class:`~.table.Table` that applies actions through the rules and remembers which seat
witnessed which action (secret actions, Perlaggen §9).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from ..core.protocol import Deal, Match
from .fairness import fair_seed_of
from .models import utcnow
from .presence import for_people
from .store import LoadedTable, Store
from .tables import ENDED

__all__ = ["ActionLog", "LoggedTable"]

log = logging.getLogger("stammtisch.server")


class _ResumedMatch(Match):
    """A match rebuilt from the stored deals that deals fresh cards once those run out."""

    def _start_deal(self, dealer, carry):  # type: ignore[override]
        if self._recorded is not None and len(self.logs) >= len(self._recorded):
            self._recorded = None
        super()._start_deal(dealer, carry)



class _PostgresWriter:
    """The action log's writes on PostgreSQL, on the event loop over one psycopg connection of its
    own: a whole batch -- actions, new deals, finished matches -- is **one statement** (writable
    common table expressions over arrays), so it is one round trip and one implicit transaction
    (all or nothing), committed before any action of the batch is acknowledged -- as
    :meth:`.Store.append_many`, without the hand-over to the database thread, the ORM layer and
    the ``BEGIN``/``COMMIT`` round trips per batch, and never queued behind a slow read."""

    #: one statement: PostgreSQL runs every part of it or none (the primary key of the log, table
    #: and version, fences a process that lost its lease: the whole batch fails)
    BATCH = ("WITH f AS (UPDATE server_tables t SET status = 'finished', finished_at = %(now)s, result = u.result "
             "FROM unnest(%(fn)s::int[], %(fr)s::json[]) AS u(number, result) WHERE t.number = u.number), "
             "d AS (INSERT INTO server_deals (table_number, number, dealer, deal) "
             "SELECT * FROM unnest(%(dt)s::int[], %(dn)s::int[], %(dd)s::int[], %(dj)s::json[])) "
             "INSERT INTO server_actions (table_number, version, seat, action, actor, at) "
             "SELECT a.t, a.v, a.s, a.a, a.r, %(now)s "
             "FROM unnest(%(at)s::int[], %(av)s::int[], %(as)s::int[], %(aa)s::text[], %(ar)s::text[]) "
             "AS a(t, v, s, a, r)")

    def __init__(self, dsn: str):
        self.dsn = dsn
        self.conn: Any = None

    async def write(self, jobs: list[tuple]) -> None:
        import psycopg
        from psycopg.types.json import Json

        if self.conn is None or self.conn.closed:
            self.conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        params: dict[str, Any] = {"now": utcnow(), "fn": [], "fr": [], "dt": [], "dn": [], "dd": [], "dj": [],
                                  "at": [], "av": [], "as": [], "aa": [], "ar": []}
        at, av, as_, aa, ar = params["at"], params["av"], params["as"], params["aa"], params["ar"]
        for number, version, seat, action, actor, new_deal, result in jobs:
            at.append(number)
            av.append(version)
            as_.append(seat)
            aa.append(action)
            ar.append(actor)
            if new_deal is not None:
                k, dealer, deal = new_deal
                params["dt"].append(number)
                params["dn"].append(k)
                params["dd"].append(dealer)
                params["dj"].append(Json(deal))
            if result is not None:
                params["fn"].append(number)
                params["fr"].append(Json(result))
        try:
            await self.conn.execute(self.BATCH, params)  # autocommit: committed when it returns
        except psycopg.OperationalError:
            await self.close()  # a lost connection: a fresh one for the next batch
            raise

    async def close(self) -> None:
        if self.conn is not None:
            try:
                await self.conn.close()
            except Exception:  # pragma: no cover
                pass
            self.conn = None


class ActionLog:
    """Writes the action log of every table of a server, in order, with group commit (actions
    arriving while a write is under way go into the next transaction): on the event loop for the
    embedded SQLite and for PostgreSQL (:class:`_PostgresWriter`), else on the database thread."""

    def __init__(self, store: Store):
        self.store = store
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="stammtisch-db")
        self._pending: list[tuple[tuple, asyncio.Future]] = []
        #: write the action log on the event loop (embedded SQLite) instead of the database thread
        self.inline_writes = store.engine.dialect.name == "sqlite"
        self._postgres: _PostgresWriter | None = None
        if store.engine.dialect.name == "postgresql" and store.engine.dialect.driver == "psycopg":
            url = store.engine.url.set(drivername="postgresql")
            self._postgres = _PostgresWriter(url.render_as_string(hide_password=False))
        self._writer: asyncio.Task | None = None

    async def append(self, job: tuple) -> None:
        """Write one action to the log; returns once it is committed.

        Actions arriving while a write is under way are committed together in the next
        transaction (group commit), so many busy tables cost one commit, not one each.
        """
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((job, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_batches())
        await fut

    async def _write_batches(self) -> None:
        await asyncio.sleep(0)  # let the actions already on their way join this batch
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                if self.inline_writes:
                    # SQLite: a WAL commit is a fraction of a millisecond; doing it on the loop avoids a
                    # thread hand-over per batch (and the GIL ping-pong that comes with it)
                    self.store.append_many([job for job, _ in batch])
                elif self._postgres is not None:
                    await self._postgres.write([job for job, _ in batch])
                else:
                    await self.db(self.store.append_many, [job for job, _ in batch])
                for _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
            except Exception:
                # isolate the failing job: write the others one by one
                for job, fut in batch:
                    try:
                        await self.db(self.store.append_many, [job])
                        if not fut.done():
                            fut.set_result(None)
                    except Exception as e:
                        if not fut.done():
                            fut.set_exception(e)

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a store call on the database thread (one writer, in order)."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=True)

    async def aclose(self) -> None:
        """Close the PostgreSQL writer's connection (then :meth:`close`)."""
        if self._postgres is not None:
            await self._postgres.close()
        self.close()


class LoggedTable:
    """A table's match as the log made it: replaying the log, applying an action with its
    witnesses, and the versions each seat knows."""

    tables: Any
    number: int
    n: int
    game: Any
    profile: str
    overrides: dict[str, Any]
    max_deals: int | None
    settings: dict[str, Any]
    status: str
    match: Match | None
    log: list[tuple[int, str]]
    fallbacks: list[int]
    #: who made each action of ``log`` (``person``, ``bot``, ``standin``, ``timer``, ``fallback``)
    actors: list[str]
    version: int
    seen: list[list[int]]
    public_seen: list[int]

    def _seat_names(self) -> list[str]:  # pragma: no cover - defined by the table
        raise NotImplementedError

    # ``_make_bots`` is the driver's (:class:`.driver.BotDriver`)

    # -- rebuilding --------------------------------------------------------------------
    def _rebuild(self, loaded: LoadedTable) -> None:
        """Replay the stored log through the rules (crash recovery)."""
        deck = self.game.deck
        recorded = [(d.dealer, Deal.from_json(d.deal, deck)) for d in loaded.deals]
        self.match = _ResumedMatch(self.game, self.profile, self.overrides, max_deals=self.max_deals,
                                   seats=self._seat_names(), recorded=recorded, seed=self.settings.get("seed"),
                                   fair_seed=fair_seed_of(self.settings))
        self.seen = [[] for _ in range(self.n)]
        self.public_seen = []
        self.fallbacks = []
        for a in loaded.actions:
            if a.version != len(self.log) + 1:
                raise RuntimeError(f"table {self.number}: action log has a gap before version {a.version}")
            if a.actor == "fallback":  # .driver.FALLBACK: the rule player moved for a failed search
                self.fallbacks.append(len(self.log))
            witnesses = self._apply_tracked(a.seat, a.action)
            self._logged(a.seat, a.action, witnesses, a.actor)
        self.version = len(self.log)
        if self.status not in ENDED:
            self._make_bots()

    # -- secret actions ----------------------------------------------------------------
    def _people_view(self, seat: int | None) -> Any:
        assert self.match is not None
        return for_people(self.match.view(seat) if seat is not None else self.match.public_view())

    def _apply_tracked(self, seat: int, action: str) -> tuple[int, ...] | None:
        """Apply ``action`` through the rules; returns its witnesses (``None``: public).

        A game declares secret actions (:meth:`DealState.witnesses`); the server checks the
        declaration: if the view of anybody outside the witnesses (or the public view) changed, or a
        deal ended, the action is treated as public (and logged), so a wrong declaration can only
        show too much to the seats that saw it anyway, never hide a change from a seat."""
        match = self.match
        assert match is not None
        secret = None
        try:
            declared = match.witnesses(seat, action)
        except Exception:  # a game's declaration must not stop the action
            declared = None
        if declared is not None:
            secret = tuple(sorted({int(s) for s in declared if 0 <= int(s) < self.n} | {seat}))
            others: list[int | None] = [s for s in range(self.n) if s not in secret]
            others.append(None)
            before = [self._people_view(s) for s in others]
            deals = len(match.logs)
        match.apply(seat, action)
        if secret is not None:
            if len(match.logs) != deals or match.is_over() or [self._people_view(s) for s in others] != before:
                log.warning("table %s: '%s' was declared secret but changed what others see; shown to all",
                            self.number, action)
                secret = None
        return secret

    def _logged(self, seat: int, action: str, witnesses: tuple[int, ...] | None, actor: str = "person") -> None:
        index = len(self.log)
        self.log.append((seat, action))
        self.actors.append(actor)
        for s in range(self.n):
            if witnesses is None or s in witnesses:
                self.seen[s].append(index)
        if witnesses is None:
            self.public_seen.append(index)

    def seen_version(self, seat: int | None) -> int:
        """The state version ``seat`` (``None``: a Kiebitz) knows: the number of actions it knows of."""
        return len(self.seen[seat]) if seat is not None else len(self.public_seen)

    async def _reload(self) -> None:
        """Rebuild the match from the stored log (after a failed write or a failing engine)."""
        loaded = await self.tables.db(self.tables.store.load, self.number)
        self.log = []
        self.actors = []
        self._rebuild(loaded)
