"""Every table of a server: loaded on demand from the database, created, expired, recovered at
start; finished tables are kept in memory only a while.
"""

from __future__ import annotations

from ..core.messages import Msg
import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

from .. import bots as botkit
from ..core import registry
from ..core.errors import StammtischError
from ..core.protocol import Game
from .actionlog import ActionLog
from .botpool import BotRunner, KindRefused, check_request_kind
from .store import LoadedTable, Store, hash_token
from .fairness import fair_settings
from .table import Table, TableRefused
from .tables import ENDED, ServerConfig, TableError, said

__all__ = ["Tables", "validate_options"]

log = logging.getLogger("stammtisch.server")


class Tables:
    """Every table of a server, the database behind them, and recovery at start."""

    def __init__(self, store: Store, config: ServerConfig | None = None):
        self.store = store
        self.config = config or ServerConfig()
        self.by_number: dict[int, Table] = {}
        self.by_id: dict[str, Table] = {}
        #: the action log's writer (and the database thread every store call runs on)
        self.actions = ActionLog(store)
        self.runner = BotRunner(self.config.search_processes, self.config.search_queue,
                                per_client=self.config.search_per_client, fair=self.config.search_fair)
        #: finished (or otherwise ended) tables still in memory, oldest first
        self._ended: dict[int, None] = {}
        #: with several processes on one PostgreSQL: this process's leases (:mod:`.cluster`)
        self.cluster: Any = None
        #: called with ``(table, deal index)`` once a finished deal is committed to the log (a cup
        #: turns it into a row of its list); a failing observer is logged, never stops the table
        self.deal_observers: list[Callable[[Table, int], None]] = []

    def deal_finished(self, t: Table, index: int) -> None:
        """Deal ``index`` of ``t`` is over and committed: tell the observers."""
        for fn in self.deal_observers:
            try:
                fn(t, index)
            except Exception:  # an observer must not stop the table
                log.exception("table %s: a deal observer failed", t.number)

    async def append(self, job: tuple) -> None:
        """Write one action to the log; returns once it is committed (:meth:`.ActionLog.append`)."""
        await self.actions.append(job)

    async def db(self, fn: Callable[..., Any], *args: Any) -> Any:
        """Run a store call on the database thread (one writer, in order)."""
        return await self.actions.db(fn, *args)

    async def recover(self) -> int:
        """Load every unfinished table and rebuild its match from the log; returns how many. (In a
        cluster the takeover loop does this, table by table, for the tables nobody holds.)"""
        if self.cluster is not None:
            return len(await self.cluster.take_over())
        numbers = await self.db(self.store.unfinished)
        for number in numbers:
            await self.get_number(number)
        for t in self.by_number.values():
            if t.status == "playing":
                t._changed()
        return len(numbers)

    def ended(self, t: Table) -> None:
        """``t`` is over (finished, closed, expired, broken): keep at most ``finished_in_memory`` such
        tables in memory; older ones are dropped (their sockets keep their own reference until they
        close) and loaded again from the database when somebody asks for them."""
        self._ended.pop(t.number, None)
        self._ended[t.number] = None
        if self.cluster is not None and t.number in self.cluster.held:  # an ended table needs no owner
            asyncio.get_running_loop().create_task(self.cluster.release(t.number))
        while len(self._ended) > max(0, self.config.finished_in_memory):
            old = next(iter(self._ended))
            del self._ended[old]
            gone = self.by_number.pop(old, None)
            if gone is not None:
                self.by_id.pop(gone.public_id, None)

    def open_count(self) -> int:
        return sum(1 for t in self.by_number.values() if t.status == "open")

    async def expire(self) -> int:
        """End the unstarted tables older than ``open_table_seconds``; returns how many."""
        now = time.time()
        n = 0
        for t in list(self.by_number.values()):
            if t.status == "open" and now - t.created_at > self.config.open_table_seconds:
                async with t.lock:
                    if t.status == "open":
                        await t.end("expired", "never started")
                        n += 1
        return n

    async def sweep(self, every: float = 60.0) -> None:
        """Background task: expire unstarted tables now and then."""
        while True:
            await asyncio.sleep(every)
            try:
                await self.expire()
            except Exception:  # pragma: no cover - keep sweeping
                log.exception("expiring tables failed")

    async def get_number(self, number: int) -> Table | None:
        t = self.by_number.get(number)
        if t is not None:
            return t
        loaded = await self.db(self.store.load, number)
        if loaded is None:
            return None
        t = self.by_number.get(number)  # loaded meanwhile
        if t is not None:
            return t
        if self.cluster is not None and loaded.row.status in ("open", "playing") \
                and not await self.cluster.acquire(number):
            return None  # another process plays it (sockets and requests are relayed there)
        t = self.by_number.get(number)
        if t is not None:
            return t
        try:
            t = Table(self, loaded)
        except TableRefused as e:  # never run: marked broken, so it is not tried again at every start
            log.error("table %s refused: %s", number, e)
            await self._mark_broken(loaded, f"refused at start: {e}")
            return None
        except Exception as e:  # engine missing, or the log no longer replays: keep the server up
            log.error("table %s cannot be rebuilt: %s: %s", number, type(e).__name__, e)
            if loaded.row.status not in ENDED and registry_has(loaded.row.game):
                await self._mark_broken(loaded, f"its log no longer replays ({type(e).__name__})")
            return None
        self.by_number[number] = t
        self.by_id[t.public_id] = t
        if t.status in ENDED:
            self.ended(t)
        elif t.status == "playing" and self.cluster is not None:
            # this process just took the table's lease (e.g. a request for a table whose process died,
            # before the takeover loop came to it): it plays the table from now on
            t._changed()
        return t

    def forget(self, number: int) -> None:
        """Drop the in-memory copy of table ``number`` (its lease went elsewhere, or it is taken over
        and must be rebuilt from the log)."""
        t = self.by_number.pop(number, None)
        if t is not None:
            self.by_id.pop(t.public_id, None)
            self._ended.pop(number, None)
            if t.driver is not None:
                t.driver.cancel()
            for c in list(t.conns):
                c.close()

    async def _mark_broken(self, loaded: LoadedTable, reason: str) -> None:
        settings = dict(loaded.row.settings or {})
        settings["reason"] = reason
        try:
            await self.db(self.store.set_status, loaded.row.number, "broken", settings)
        except Exception:  # pragma: no cover
            log.exception("table %s: could not mark it broken", loaded.row.number)

    async def get(self, public_id: str) -> Table | None:
        t = self.by_id.get(public_id)
        if t is not None:
            return t
        number = await self.db(self.store.number_of, public_id)
        return await self.get_number(number) if number is not None else None

    async def create(self, game: str, profile: str | None, options: dict[str, Any], max_deals: int | None,
                     bot_kind: str, settings: dict[str, Any], owner_token: str | None = None,
                     client: str | None = None, fair_seed: bytes | None = None) -> Table:
        """A new open table. ``owner_token`` (its hash is kept) may start it, fill and empty seats, close it.
        ``client`` (the address that opened it) shares the search workers fairly with the others.
        ``fair_seed``: the deal seed given by the process itself (a cup round's seed, the same at every
        table of the round); otherwise the table draws its own."""
        g = registry.get(game)
        profile = profile or g.default_profile
        opts = validate_options(g, profile, options)  # raises OptionError naming the problem
        try:
            check_request_kind(bot_kind, tuple(self.config.search_levels))
        except KindRefused as e:
            raise TableError("bot", said(e.args[0] if e.args and isinstance(e.args[0], Msg) else e)) from None
        try:
            botkit.make(bot_kind, g)
        except (NotImplementedError, StammtischError) as e:
            raise TableError("bot", Msg("computer player '{kind}' is not available for {game}: {problem}",
                                        kind=bot_kind, game=game, problem=said(e))) from None
        if self.open_count() >= self.config.max_open_tables:
            raise TableError("busy", Msg("too many tables are waiting to start; try again later"))
        if owner_token is not None:
            settings = {**settings, "owner": hash_token(owner_token)}
        if max_deals is not None and (not isinstance(max_deals, int) or isinstance(max_deals, bool)
                                      or not 1 <= max_deals <= 1000):
            raise TableError("bad_message", Msg("max_deals must be a whole number 1..1000 (or empty for a full match)"))
        if "seed" in settings and not self.config.allow_seed:
            raise TableError("forbidden", Msg("this server does not allow fixed seeds"))
        if "seed" not in settings:  # a fixed seed (tests) deals as before; every other table fairly
            settings = {**settings, **fair_settings(fair_seed)}
        row = await self.db(lambda: self.store.create_table(game=game, profile=profile, options=dict(options),
                                                            max_deals=max_deals, bot_kind=bot_kind,
                                                            settings=settings, num_seats=g.num_seats(opts)))
        t = await self.get_number(row.number)
        assert t is not None
        if client is not None:
            t.client = ("client", client)
        return t

    async def close(self) -> None:
        for t in self.by_number.values():
            if t.driver is not None:
                t.driver.cancel()
            for c in list(t.conns):
                c.close()
        await self.actions.aclose()
        self.runner.close()



def registry_has(game: str) -> bool:
    try:
        registry.get(game)
        return True
    except Exception:
        return False


def validate_options(game: Game, profile: str, overrides: dict[str, Any]) -> Any:
    """The game's options for a new table, validated by the game itself (type and meaning; a game
    may add ``validate_options(options)``). Anything the validation raises becomes an
    :class:`OptionError`-style 400, never a 500 or a table that breaks later."""
    try:
        opts = game.options(profile, overrides)
        check = getattr(game, "validate_options", None)
        if callable(check):
            check(opts)
        game.num_seats(opts)
        return opts
    except StammtischError:
        raise
    except Exception as e:  # a validation that fails badly is still the request's fault
        raise TableError("bad_options", Msg("these rules options are not valid"),
                         detail=f"{type(e).__name__}: {e}"[:300]) from None
