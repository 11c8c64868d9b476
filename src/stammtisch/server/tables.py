"""Table actors: one in-memory :class:`Table` per game table, the authority over its match.

A table holds the :class:`~stammtisch.core.protocol.Match`, its seats and its connections.
Everything that changes the match goes through :meth:`Table.submit`, under the table's
lock (one action at a time), and is written to the append-only log *before* it is
acknowledged or shown to anybody. Messages to a connection are built from that seat's
``Match.view(seat)`` (or ``public_view()`` for a Kiebitz) and nothing else; the action
string itself is only ever echoed to the seat that made it (a Tarock discard is secret).

A driver task per table plays the computer players, stands in for a person who has been
away longer than the grace period, and enforces the optional move timer.
"""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import random
import secrets
import time
import unicodedata
from datetime import datetime, timezone
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

import orjson

from .. import bots as botkit
from ..core import records, registry
from ..core.errors import IllegalAction, StammtischError
from ..core.protocol import Bot, Deal, Game, Match, Turn
from .botpool import BotRunner, KindRefused, RemoteBot, check_request_kind, is_search
from .store import LoadedTable, Store, hash_token, new_token

__all__ = ["Table", "Tables", "ServerConfig", "Conn", "TableError", "PASS_WORDS"]

log = logging.getLogger("stammtisch.server")

#: What "silence counts as passing" picks when a bidding timer expires (Tiroler Cup, Lizitation):
#: the first legal action that is one of these words; otherwise the computer player chooses.
PASS_WORDS = ("pass", "passe", "weiter", "gut", "nein", "fertig")


_ORJSON_OPTS = orjson.OPT_NON_STR_KEYS


def encode(msg: Any) -> str:
    """``msg`` as compact JSON text (UTF-8, not ASCII-escaped), like
    ``json.dumps(msg, ensure_ascii=False, separators=(",", ":"))`` but several times faster
    (orjson): encoding the state messages was the largest single cost per action."""
    try:
        return orjson.dumps(msg, option=_ORJSON_OPTS).decode("utf-8")
    except TypeError:  # something orjson refuses (e.g. an int beyond 64 bits): the standard encoder
        return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


class TableError(StammtischError):
    """A request the table refuses (not an illegal move of the rules): ``code`` is machine-readable."""

    def __init__(self, code: str, message: str, **extra: Any):
        self.code = code
        self.message = message
        self.extra = extra
        super().__init__(message)

    def to_json(self) -> dict[str, Any]:
        return {"type": "error", "code": self.code, "message": self.message, **self.extra}


@dataclass
class ServerConfig:
    """Tunables of a server (tests shorten the delays)."""

    #: pause before a computer player moves, so people can follow (seconds)
    bot_delay: float = 0.6
    #: a person away this long is replaced by a computer player while it is their turn (seconds)
    grace: float = 45.0
    #: largest accepted client message (bytes)
    max_message: int = 4096
    #: token bucket per connection: burst and refill per second
    rate_burst: int = 30
    rate_per_second: float = 15.0
    #: allow a fixed seed for the shuffle (tests and benchmarks only)
    allow_seed: bool = False
    #: most spectators per table
    max_spectators: int = 50
    #: tune the garbage collector for a long-running server (see :mod:`.gctune`); off in tests,
    #: which run many servers in one process; ``stammtisch serve`` turns it on
    gc_tuning: bool = False
    #: with ``gc_tuning``: seconds between full garbage collections
    gc_full_seconds: float = 600.0

    # -- limits against hostile clients (docs/server.md, "Threat model and limits") ----------------
    #: largest request body on any HTTP route of the app, the scorekeeper's included (bytes)
    max_body: int = 65536
    #: largest body of the lobby's own JSON routes (bytes)
    max_api_body: int = 16384
    #: search strengths a request may name (``search:<level>``; see :mod:`.botpool`)
    search_levels: tuple[str, ...] = ("easy", "medium", "hard")
    #: worker processes for search players (0: think in a thread of the server process)
    search_processes: int = 1
    #: compile the search kernels in the worker process at start (a fresh install's first search
    #: decision would otherwise wait 5–25 s for the compiler; see :func:`.botpool._warm`)
    warm_search: bool = True
    #: most search decisions waiting for a worker; further tables wait their turn (FIFO)
    search_queue: int = 64
    #: a connection that has not said hello after this many seconds is closed
    hello_seconds: float = 10.0
    #: most open connections per seat token (several tabs of one person)
    max_conns_per_seat: int = 4
    #: most open table sockets per client address, all tables together (a Kiebitz flood of every
    #: table from one address; counted from the handshake, before hello)
    max_sockets_per_client: int = 64
    #: finished games kept in memory (the others are loaded from the database when asked for)
    finished_in_memory: int = 64
    #: an unstarted table expires after this many seconds
    open_table_seconds: float = 7200.0
    #: table creation per client address: burst and tables per minute after that
    create_burst: int = 10
    create_per_minute: float = 6.0
    #: most unstarted tables on the server at once
    max_open_tables: int = 1000
    #: login and registration attempts per client address and per name: burst and per minute
    login_burst: int = 10
    login_per_minute: float = 10.0
    #: a login session expires after this many seconds
    session_seconds: float = 30 * 24 * 3600.0


@dataclass
class SeatInfo:
    kind: str = "empty"  # empty | human | bot
    name: str = ""
    token_hash: str | None = None
    account_id: int | None = None


class Conn:
    """One WebSocket connection as the table sees it: a seat (or ``None`` for a Kiebitz) and an outbox."""

    def __init__(self, seat: int | None, maxsize: int = 512):
        self.seat = seat
        self.outbox: asyncio.Queue[str | None] = asyncio.Queue(maxsize)
        self.closed = False

    def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg``; a connection that cannot keep up is closed."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(encode(msg))
        except asyncio.QueueFull:
            self.close()

    def send_raw(self, text: str) -> None:
        """Queue an already encoded message."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            try:
                self.outbox.put_nowait(None)
            except asyncio.QueueFull:
                pass


class _ResumedMatch(Match):
    """A match rebuilt from the stored deals that deals fresh cards once those run out."""

    def _start_deal(self, dealer, carry):  # type: ignore[override]
        if self._recorded is not None and len(self.logs) >= len(self._recorded):
            self._recorded = None
        super()._start_deal(dealer, carry)


#: deal-view keys holding the turned tricks of the running deal: bots may use them, but people see
#: only the last trick (Österreich-Finale 1); Papagei-Jass §14), so they are not sent to browsers
HISTORY_KEYS = ("tricks", "played")


def for_people(view: dict[str, Any] | None) -> dict[str, Any] | None:
    """A match view as sent to a person: earlier turned tricks removed (the last one stays in ``last_trick``)."""
    if view is None:
        return None
    deal = view.get("deal")
    if isinstance(deal, dict) and any(isinstance(deal.get(k), list) for k in HISTORY_KEYS):
        view = dict(view)
        view["deal"] = {k: v for k, v in deal.items() if not (k in HISTORY_KEYS and isinstance(v, list))}
    return view


#: settings that never leave the server: the fixed seed (tests) and the owner's token hash
PRIVATE_SETTINGS = ("seed", "owner")

#: table states: ``open`` (seats being taken), ``playing``, ``finished``; and the ends without a
#: result: ``closed`` (by its owner), ``expired`` (never started), ``broken`` (its rules failed)
ENDED = ("finished", "closed", "expired", "broken")

#: a table is marked broken once its engine failed this often on actions its rules offered at one
#: version (a bug in the rules, e.g. at the end of a deal): no endless retries and tracebacks
ENGINE_FAILURES = 3


def _settings_public(settings: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in settings.items() if k not in PRIVATE_SETTINGS}


def _same_name(a: str, b: str) -> bool:
    def key(x: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", x).split()).casefold()
    return key(a) == key(b)


class TableRefused(Exception):
    """A stored table the server will not run (e.g. a computer-player kind it does not allow)."""


@dataclass
class _Think:
    """A search player's decision to be made in a worker process."""

    seat: int
    method: str
    legal: list[str]
    view: dict[str, Any]
    actor: str
    seed: int


def _age_seconds(created: datetime | None) -> float:
    if created is None:
        return 0.0
    if created.tzinfo is None:  # SQLite gives naive datetimes (stored as UTC)
        created = created.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - created).total_seconds())


class Table:
    """One table: seats, match, connections, log, driver."""

    def __init__(self, tables: "Tables", loaded: LoadedTable):
        row = loaded.row
        self.tables = tables
        self.config = tables.config
        self.number = row.number
        self.public_id = row.public_id
        self.game: Game = registry.get(row.game)
        self.profile = row.profile
        self.overrides = dict(row.options or {})
        self.max_deals = row.max_deals
        self.bot_kind = row.bot_kind
        self.settings = dict(row.settings or {})
        self.status = row.status
        self.owner_hash: str | None = self.settings.get("owner")
        self.created_at = time.time() - _age_seconds(row.created_at)
        # nothing stored selects code either: a kind a request could not name is refused here, before
        # any computer player is built (a stored ``py:`` kind from an older server never runs)
        if self.status in ("open", "playing"):  # an ended table builds no computer players
            try:
                check_request_kind(self.bot_kind, tuple(self.config.search_levels))
            except KindRefused as e:
                raise TableRefused(str(e)) from None
        self.options = self.game.options(self.profile, self.overrides)
        self.n = self.game.num_seats(self.options)
        self.seats = [SeatInfo(s.kind, s.name, s.token_hash, s.account_id) for s in loaded.seats]
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.log: list[tuple[int, str]] = []
        self.version = 0
        #: per seat, the indices into ``log`` of the actions that seat knows of (all but the secret
        #: actions it did not witness: a partner signal, Perlaggen §9); the public list for Kiebitze
        self.seen: list[list[int]] = [[] for _ in range(self.n)]
        self.public_seen: list[int] = []
        #: engine failures on offered actions at the current version (see ``ENGINE_FAILURES``)
        self._engine_failures: dict[int, int] = {}
        self.match: Match | None = None
        self.bots: list[Bot | None] = [None] * self.n
        self.rng = random.Random()
        self.changed = asyncio.Event()
        self.changed_at = time.monotonic()
        self.away_since: dict[int, float] = {}
        self.asked: set[int] = set()  # seats already asked to interject at ``asked_version``
        self.asked_version = -1
        self.driver: asyncio.Task | None = None
        self._last_info: dict[str, Any] | None = None
        self._settled_sent = -1
        if self.status in ("playing", "finished") or loaded.deals:
            self._rebuild(loaded)

    # -- rebuilding --------------------------------------------------------------------
    def _rebuild(self, loaded: LoadedTable) -> None:
        """Replay the stored log through the rules (crash recovery)."""
        deck = self.game.deck
        recorded = [(d.dealer, Deal.from_json(d.deal, deck)) for d in loaded.deals]
        self.match = _ResumedMatch(self.game, self.profile, self.overrides, max_deals=self.max_deals,
                                   seats=self._seat_names(), recorded=recorded, seed=self.settings.get("seed"))
        self.seen = [[] for _ in range(self.n)]
        self.public_seen = []
        for a in loaded.actions:
            if a.version != len(self.log) + 1:
                raise RuntimeError(f"table {self.number}: action log has a gap before version {a.version}")
            witnesses = self._apply_tracked(a.seat, a.action)
            self._logged(a.seat, a.action, witnesses)
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

    def _logged(self, seat: int, action: str, witnesses: tuple[int, ...] | None) -> None:
        index = len(self.log)
        self.log.append((seat, action))
        for s in range(self.n):
            if witnesses is None or s in witnesses:
                self.seen[s].append(index)
        if witnesses is None:
            self.public_seen.append(index)

    def seen_version(self, seat: int | None) -> int:
        """The state version ``seat`` (``None``: a Kiebitz) knows: the number of actions it knows of."""
        return len(self.seen[seat]) if seat is not None else len(self.public_seen)

    def _seat_names(self) -> list[str]:
        out = []
        for i, s in enumerate(self.seats):
            out.append(s.name or f"Seat {i + 1}")
        return out

    def _make_bots(self) -> None:
        check_request_kind(self.bot_kind, tuple(self.config.search_levels))  # never build another kind
        remote = is_search(self.bot_kind) and self.tables.runner.processes > 0
        for i, s in enumerate(self.seats):
            if s.kind == "bot" or s.kind == "human":
                # every seat gets a computer player: bots play, people get a stand-in for when they are away
                self.bots[i] = RemoteBot(self.bot_kind, self.game.name) if remote \
                    else botkit.make(self.bot_kind, self.game)  # type: ignore[assignment]

    # -- information -------------------------------------------------------------------
    def connected(self, seat: int) -> bool:
        return any(c.seat == seat and not c.closed for c in self.conns)

    def standin(self, seat: int) -> bool:
        """Whether a computer player currently plays for the person in ``seat``."""
        if self.seats[seat].kind != "human" or seat not in self.away_since:
            return False
        return time.monotonic() - self.away_since[seat] >= self.config.grace

    def info(self) -> dict[str, Any]:
        """Public facts about the table (no tokens, no cards)."""
        present: set[int | None] = set()
        spectators = 0
        for c in self.conns:  # one pass over the connections (this runs on every broadcast)
            if not c.closed:
                present.add(c.seat)
                spectators += c.seat is None
        playing = self.status == "playing"
        return {
            "id": self.public_id,
            "number": self.number,
            "game": self.game.name,
            "title": self.game.title,
            "deck": self.game.deck.name,
            "profile": self.profile,
            "profile_title": self.game.profile_title(self.profile),
            "options": self.overrides,
            "max_deals": self.max_deals,
            "bot_kind": self.bot_kind,
            "settings": _settings_public(self.settings),
            "status": self.status,
            "seats": [
                {"seat": i, "kind": s.kind, "name": s.name, "connected": i in present,
                 "away": s.kind == "human" and i in self.away_since and playing,
                 "standin": self.standin(i)}
                for i, s in enumerate(self.seats)
            ],
            "spectators": spectators,
        }

    def channels(self, seat: int | None, view: dict[str, Any] | None = None) -> dict[str, list[int]]:
        """Chat channels ``seat`` may speak in: ``table`` for seated people, plus channels the deal
        view declares (``deal["channels"]``, e.g. the opponents of an ouvert game) unless the table
        plays *ohne Reden* (Tiroler Cup, Ouvertspiele). Kiebitze never speak (Tiroler Cup, Kiebitze)."""
        if seat is None:
            return {}
        out: dict[str, list[int]] = {"table": [i for i, s in enumerate(self.seats) if s.kind == "human"]}
        if self.match is not None and not self.settings.get("ohne_reden") and not self.match.is_over():
            full = view if view is not None else self.match.view(seat)
            declared = (full.get("deal") or {}).get("channels") or {}
            if isinstance(declared, dict):
                for name, members in declared.items():
                    if isinstance(members, list) and seat in members:
                        out[str(name)] = [int(m) for m in members]
        return out

    def snapshot(self, conn: Conn, info: dict[str, Any] | None = None,
                 cache: dict[int | None, str] | None = None, results: bool = True) -> dict[str, Any] | str:
        """The full state message for one connection, built from that seat's observation only.

        With ``cache`` (one broadcast), the message is returned already encoded and shared by the
        connections of the same seat. ``results=False`` leaves out ``view.results`` (the settled
        deals, which only grow when a deal ends; clients keep the last list they got)."""
        seat = conn.seat
        if cache is not None and seat in cache:
            return cache[seat]
        view = None
        raw = None
        if self.match is not None:
            raw = self.match.view(seat) if seat is not None else self.match.public_view()
            view = for_people(raw)
            if not results and view is not None:
                view = {k: v for k, v in view.items() if k != "results"}
        known = self.seen[seat] if seat is not None else self.public_seen
        msg: dict[str, Any] = {"type": "state", "version": len(known), "you": seat, "view": view}
        table_info = info if info is not None else self.info()
        if table_info:
            msg["table"] = table_info
        if known:
            msg["last"] = {"seat": self.log[known[-1]][0], "version": len(known)}
        if seat is not None:
            msg["channels"] = self.channels(seat, raw)
        if cache is not None:
            cache[seat] = encode(msg)
            return cache[seat]
        return msg

    def broadcast(self, witnesses: tuple[int, ...] | None = None) -> None:
        """Send every connection its state; after a secret action only the ``witnesses``' connections."""
        info: dict[str, Any] | None = self.info()
        if info == self._last_info:
            info = {}  # unchanged: the state messages leave it out (clients keep the last one)
        else:
            self._last_info = info
        settled = len(self.match.logs) - (0 if self.match.is_over() else 1) if self.match is not None else 0
        results = settled != self._settled_sent
        self._settled_sent = settled
        cache: dict[int | None, str] = {}
        for c in list(self.conns):
            if c.closed:
                self.conns.discard(c)
                continue
            if witnesses is not None and c.seat not in witnesses:
                continue  # they learn nothing: no message at all
            try:
                c.send_raw(self.snapshot(c, info, cache, results))
            except Exception:  # a view that cannot be built must not break the table
                log.exception("table %s: view of seat %s failed", self.number, c.seat)
                c.send({"type": "error", "code": "engine", "message": "your view could not be built"})

    # -- seats and start ---------------------------------------------------------------
    def seat_of_token(self, token: str | None) -> int | None:
        if not token:
            return None
        h = hash_token(token)
        for i, s in enumerate(self.seats):
            if s.token_hash is not None and s.token_hash == h:
                return i
        return None

    async def take_seat(self, seat: int | None, name: str, account_id: int | None = None,
                        token: str | None = None) -> tuple[int, str]:
        """Sit a person down; returns ``(seat, token)``. ``seat=None`` takes the first empty one;
        ``token`` (the owner's, when the creator sits down) instead of a fresh one."""
        async with self.lock:
            if self.status != "open":
                raise TableError("started", "the game has already started; watch as a Kiebitz")
            if seat is None:
                free = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
                if not free:
                    raise TableError("full", "every seat is taken")
                seat = free[0]
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise TableError("bad_seat", f"there is no seat {seat!r} at this table (0..{self.n - 1})")
            if self.seats[seat].kind != "empty":
                raise TableError("taken", f"seat {seat} is taken")
            for i, s in enumerate(self.seats):
                if s.kind != "empty" and _same_name(s.name, name):
                    raise TableError("name_taken", f"somebody called '{s.name}' already sits at seat {i}; "
                                                   f"choose another name")
            if name.casefold().startswith("computer"):
                raise TableError("bad_name", "names beginning with 'Computer' are kept for computer players")
            token = token or new_token()
            info = SeatInfo("human", name, hash_token(token), account_id)
            await self.tables.db(self.tables.store.set_seat, self.number, seat, info.kind, info.name,
                                 info.token_hash, account_id)
            self.seats[seat] = info
            self.broadcast()
            return seat, token

    def is_owner(self, token: Any) -> bool:
        """Whether ``token`` is the owner's (the creator's token). Tables stored before owners
        existed have none: there any seated person counts, as before."""
        if not isinstance(token, str) or not token or len(token) > 128:
            return False
        if self.owner_hash is None:
            return self.seat_of_token(token) is not None
        return secrets.compare_digest(hash_token(token), self.owner_hash)

    def _check_host(self, token: Any) -> None:
        if not self.is_owner(token):
            raise TableError("forbidden", "only the table's owner (who opened it) may do that")

    async def fill_bots(self, token: str | None, seats: list[int] | None = None) -> list[int]:
        """Put clearly labelled computer players on the empty seats (or the given ones); owner only."""
        async with self.lock:
            self._check_host(token)
            if self.status != "open":
                raise TableError("started", "the game has already started")
            targets = [i for i, s in enumerate(self.seats) if s.kind == "empty"] if seats is None else seats
            for i in targets:
                if not isinstance(i, int) or not 0 <= i < self.n or self.seats[i].kind != "empty":
                    raise TableError("bad_seat", f"seat {i!r} is not an empty seat")
            for i in targets:
                name = f"Computer ({self.bot_kind}) {i + 1}"
                await self.tables.db(self.tables.store.set_seat, self.number, i, "bot", name, None, None)
                self.seats[i] = SeatInfo("bot", name)
            self.broadcast()
            return targets

    async def remove_seat(self, token: Any, seat: int) -> None:
        """Empty ``seat`` before the start (its token stops working); owner only."""
        async with self.lock:
            self._check_host(token)
            if self.status != "open":
                raise TableError("started", "seats can be emptied only before the game starts")
            if not 0 <= seat < self.n:
                raise TableError("bad_seat", f"there is no seat {seat} at this table (0..{self.n - 1})")
            await self.tables.db(self.tables.store.set_seat, self.number, seat, "empty", "", None, None)
            self.seats[seat] = SeatInfo()
            for c in list(self.conns):
                if c.seat == seat:
                    c.close()
            self.broadcast()

    async def end(self, status: str, reason: str | None = None) -> None:
        """End the table without a result (``closed``, ``expired``, ``broken``): stored, driver stopped,
        everybody told. Call under the lock (or when nobody else can hold it)."""
        if reason:
            self.settings["reason"] = reason
        self.status = status
        await self.tables.db(self.tables.store.set_status, self.number, status, dict(self.settings))
        if self.driver is not None and self.driver is not asyncio.current_task():
            self.driver.cancel()
        self.broadcast()
        self.tables.ended(self)

    async def close_table(self, token: Any) -> None:
        """The owner closes the table (before or during the game; a finished game stays)."""
        async with self.lock:
            self._check_host(token)
            if self.status in ENDED:
                raise TableError("ended", f"the table is already {self.status}")
            await self.end("closed", "closed by its owner")

    async def start(self, token: str | None) -> None:
        async with self.lock:
            self._check_host(token)
            if self.status != "open":
                raise TableError("started", "the game has already started")
            empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            if empty:
                raise TableError("seats_empty", f"seats {empty} are empty: invite people or fill them with "
                                                f"computer players")
            match = Match(self.game, self.profile, self.overrides, max_deals=self.max_deals,
                          seats=self._seat_names(), seed=self.settings.get("seed"))
            first = match.logs[0].ctx
            await self.tables.db(self.tables.store.start, self.number, first.dealer,
                                 first.deal.to_json(self.game.deck))
            self.match = match
            self.status = "playing"
            self._make_bots()
            for i, s in enumerate(self.seats):
                if s.kind == "human" and not self.connected(i):
                    self.away_since.setdefault(i, time.monotonic())
            self._changed()
            self.broadcast()

    # -- acting ------------------------------------------------------------------------
    async def submit(self, seat: int, version: Any, action: Any, actor: str = "person",
                     conn: Conn | None = None, msg_id: Any = None) -> dict[str, Any]:
        """Apply ``action`` for ``seat`` if it was made against the current ``version``.

        Returns the acknowledgement (also queued to ``conn``). A repeated action for an
        already applied version by the same seat is acknowledged again and changes nothing
        (idempotent); any other stale version is refused.

        :raises TableError: stale version, game not running, storage failure
        :raises IllegalAction: the rules refuse the action (state unchanged)
        """
        if not isinstance(version, int) or isinstance(version, bool) or not 0 <= version < 2**31:
            raise TableError("bad_message", "an action carries the state 'version' it was made against (a number)")
        if not isinstance(action, str) or not action or len(action) > 64:
            raise TableError("bad_message", "'action' must be a non-empty string in the game's notation")
        async with self.lock:
            if self.status == "open" or self.match is None:
                raise TableError("not_started", "the game has not started yet")
            # versions as this seat knows them: secret actions it did not witness are not counted
            known = self.seen[seat]
            if 0 <= version < len(known) and self.log[known[version]] == (seat, action):
                ack = {"type": "ack", "version": version + 1, "action": action, "duplicate": True, "id": msg_id}
                if conn:
                    conn.send(ack)
                return ack
            if version != len(known):
                raise TableError("stale", f"the table is at version {len(known)}, your action was made against "
                                          f"version {version}; here is the current state", current=len(known))
            if self.status == "finished":
                raise TableError("finished", "the game is over")
            if self.status in ENDED:
                raise TableError("ended", f"the table is {self.status}: {self.settings.get('reason', '')}".rstrip(": "))
            match = self.match
            deals_before = len(match.logs)
            offered = False
            try:
                offered = action in match.legal_actions(seat)
                witnesses = self._apply_tracked(seat, action)
            except IllegalAction as e:
                raise e.located(seat, action) if e.seat is None else e
            except StammtischError as e:  # e.g. BadNotation: not a card or word of this game
                raise TableError("bad_action", f"'{action}' is not an action of this game: {e}") from None
            except Exception as e:  # an engine failure must not leave a half-changed state behind
                log.exception("table %s: the engine failed on %r by seat %s", self.number, action, seat)
                await self._reload()
                fails = self._engine_failures.get(self.version, 0) + offered
                self._engine_failures = {self.version: fails}
                if fails >= ENGINE_FAILURES:
                    # the rules offered actions here and failed on them again and again (e.g. at the end
                    # of a deal): the table cannot go on; it is marked broken instead of retrying forever
                    await self.end("broken", f"the game engine failed on '{action}' ({type(e).__name__}), "
                                             f"an action its rules offered; the table cannot continue")
                    raise TableError("broken", "the game engine failed on an action its rules offered; the "
                                               "table is marked broken and stops here") from None
                raise TableError("engine", f"the game engine could not process '{action}' "
                                           f"({type(e).__name__}); nothing was changed") from None
            new_deal = None
            if len(match.logs) > deals_before:
                ctx = match.logs[-1].ctx
                new_deal = (ctx.number, ctx.dealer, ctx.deal.to_json(self.game.deck))
            finished = match.result() if match.is_over() else None
            try:
                await self.tables.append((self.number, self.version + 1, seat, action, actor, new_deal, finished))
            except Exception as e:  # the log is the truth: forget the in-memory change
                log.exception("table %s: could not write the action log", self.number)
                await self._reload()
                raise TableError("storage", f"the action could not be stored ({type(e).__name__}); try again")
            self._logged(seat, action, witnesses)
            self.version += 1
            if finished is not None:
                self.status = "finished"
            ack = {"type": "ack", "version": len(self.seen[seat]), "action": action, "id": msg_id}
            if conn:
                conn.send(ack)
            # a secret action moves no timer and no computer player's delay of the others
            self._changed(touch=witnesses is None)
            self.broadcast(witnesses)
            if finished is not None:
                self.tables.ended(self)
            return ack

    async def _reload(self) -> None:
        """Rebuild the match from the stored log (after a failed write or a failing engine)."""
        loaded = await self.tables.db(self.tables.store.load, self.number)
        self.log = []
        self._rebuild(loaded)

    def _changed(self, touch: bool = True) -> None:
        if touch:
            self.changed_at = time.monotonic()
        self.changed.set()
        if self.driver is None or self.driver.done():
            if self.status == "playing":
                self.driver = asyncio.get_running_loop().create_task(self._drive())

    # -- connections -------------------------------------------------------------------
    async def attach(self, conn: Conn) -> None:
        """Add a connection and send it the full snapshot. Under the table lock, so nobody ever
        sees an action that is applied but not yet written to the log."""
        async with self.lock:
            if conn.seat is None:
                spectators = sum(1 for c in self.conns if c.seat is None and not c.closed)
                if spectators >= self.config.max_spectators:
                    raise TableError("full", "too many Kiebitze at this table")
            else:
                same = sum(1 for c in self.conns if c.seat == conn.seat and not c.closed)
                if same >= self.config.max_conns_per_seat:
                    raise TableError("full", f"this seat already has {same} open connections "
                                             f"(at most {self.config.max_conns_per_seat})")
            self.conns.add(conn)
            if conn.seat is not None:
                was_away = self.away_since.pop(conn.seat, None) is not None
                if was_away:
                    self._changed()
            conn.send(self.snapshot(conn))
            self.broadcast_info()

    async def resync(self, conn: Conn) -> None:
        """Send ``conn`` a fresh full snapshot (of committed state only)."""
        async with self.lock:
            conn.send(self.snapshot(conn))

    def detach(self, conn: Conn) -> None:
        self.conns.discard(conn)
        conn.close()
        if conn.seat is not None and not self.connected(conn.seat) and self.status == "playing":
            self.away_since[conn.seat] = time.monotonic()
            self._changed()
        self.broadcast_info()

    def broadcast_info(self) -> None:
        """Seat presence changed: everybody gets the public table info."""
        self._last_info = self.info()
        for c in list(self.conns):
            if not c.closed:
                c.send({"type": "table", "table": self._last_info})

    def chat(self, conn: Conn, channel: Any, text: Any) -> None:
        if conn.seat is None:
            raise TableError("kiebitz", "Kiebitze may watch but never speak into a table (Tiroler Cup, Kiebitze)")
        if not isinstance(text, str) or not text.strip() or len(text) > 500:
            raise TableError("bad_message", "'text' must be 1..500 characters")
        channel = channel if isinstance(channel, str) else "table"
        allowed = self.channels(conn.seat)
        if channel not in allowed:
            reason = " (this table plays ohne Reden: Tiroler Cup, Ouvertspiele)" if self.settings.get("ohne_reden") \
                else ""
            raise TableError("channel", f"you may not speak in channel '{channel}' now{reason}")
        members = set(allowed[channel])
        msg = {"type": "chat", "channel": channel, "seat": conn.seat, "name": self.seats[conn.seat].name,
               "text": text.strip()}
        for c in list(self.conns):
            if c.closed:
                continue
            if channel == "table" or c.seat in members:
                c.send(msg)

    # -- the driver: computer players, stand-ins, timers -------------------------------
    def _controller(self, seat: int) -> str | None:
        """Who moves for ``seat`` without a person: ``bot``, ``standin`` or ``None``."""
        kind = self.seats[seat].kind
        if kind == "bot":
            return "bot"
        if kind == "human" and self.standin(seat):
            return "standin"
        return None

    def bot_delay(self) -> float:
        """Seconds before a computer player moves: the owner's pace (``bot_seconds``) or the server's."""
        pace = self.settings.get("bot_seconds")
        return float(pace) if isinstance(pace, (int, float)) and not isinstance(pace, bool) else self.config.bot_delay

    def _next_due(self) -> tuple[float, Callable[[], tuple[int, str, str] | None]] | None:
        """The next thing the driver must do and when (monotonic time)."""
        match = self.match
        if match is None or match.is_over():
            return None
        version = self.version
        now_changed = self.changed_at
        best: tuple[float, Callable[[], tuple[int, str, str] | None]] | None = None

        def consider(when: float, fn: Callable[[], tuple[int, str, str] | None]) -> None:
            nonlocal best
            if best is None or when < best[0]:
                best = (when, fn)

        if self.asked_version != version:
            self.asked, self.asked_version = set(), version
        for s in match.interjectors():
            if s in self.asked:
                continue
            ctl = self._controller(s)
            if ctl is not None:
                fn = functools.partial(self._interject, s, ctl)
                fn.interjection = True  # type: ignore[attr-defined]
                consider(now_changed + self.bot_delay(), fn)
        for s in match.to_act():
            ctl = self._controller(s)
            if ctl is not None:
                consider(now_changed + self.bot_delay(), lambda s=s, ctl=ctl: self._choose(s, ctl))
            elif self.seats[s].kind == "human":
                if s in self.away_since:
                    consider(self.away_since[s] + self.config.grace, lambda s=s: self._choose(s, "standin"))
                secs = self.settings.get("move_seconds") or 0
                if secs > 0:
                    consider(now_changed + secs, lambda s=s: self._timeout(s))
        return best

    def _turn(self, seat: int) -> Turn:
        match = self.match
        assert match is not None
        return Turn(seat, match.legal_actions(seat), lambda: match.view(seat))

    def _decide(self, bot: Any, seat: int, method: str, actor: str) -> Any:
        """One decision of ``bot`` for ``seat``: ``(seat, action, actor)`` for a cheap player (decided
        here), a :class:`_Think` for a search player (decided in a worker process), or ``None``."""
        assert self.match is not None
        legal = self.match.legal_actions(seat)
        if not legal:
            return None
        if isinstance(bot, RemoteBot):
            return _Think(seat, method, legal, self.match.view(seat), actor, self.rng.getrandbits(62))
        turn = Turn(seat, legal, lambda: self.match.view(seat))  # type: ignore[union-attr]
        a = bot.choose(turn, self.rng) if method == "choose" else bot.interject(turn, self.rng)
        return (seat, a, actor) if a is not None else None

    def _choose(self, seat: int, actor: str) -> Any:
        bot = self.bots[seat]
        if bot is None or self.match is None or seat not in self.match.to_act():
            return None
        return self._decide(bot, seat, "choose", actor)

    def _interject(self, seat: int, actor: str) -> Any:
        self.asked.add(seat)
        bot = self.bots[seat]
        if bot is None or self.match is None:
            return None
        return self._decide(bot, seat, "interject", actor)

    def _timeout(self, seat: int) -> Any:
        """Move timer expired: silence in the bidding is passing (Tiroler Cup, Lizitation); an expired
        card timer plays a legal card chosen by the computer player."""
        if self.match is None or seat not in self.match.to_act():
            return None
        legal = self.match.legal_actions(seat)
        for a in legal:
            if a.lower() in PASS_WORDS:
                return seat, a, "timer"
        chosen = self._choose(seat, "timer")
        return chosen

    async def _drive(self) -> None:
        runner = self.tables.runner
        try:
            while self.status == "playing":
                self.changed.clear()
                due = self._next_due()
                if due is None:
                    await self.changed.wait()
                    continue
                when, fn = due
                delay = when - time.monotonic()
                if delay > 0:
                    try:
                        await asyncio.wait_for(self.changed.wait(), delay)
                        continue  # something changed: re-plan
                    except asyncio.TimeoutError:
                        pass
                version = -1
                async with self.lock:  # decide on committed state only
                    if self.status != "playing":
                        break
                    try:
                        # a cheap player decides in a thread, under the lock (lazy views of the live match)
                        move = await runner.run_cheap(fn)
                    except Exception:  # a broken bot must not stop the table
                        log.exception("table %s: computer player failed", self.number)
                        move = None
                    if move is not None:
                        version = len(self.seen[move.seat if isinstance(move, _Think) else move[0]])
                if isinstance(move, _Think):
                    # a search player thinks in a worker process, outside the lock: people keep acting,
                    # and an action that lands meanwhile makes this decision stale (then it re-plans)
                    try:
                        action = await runner.think(self.game.name, self.bot_kind, move.method, move.seat,
                                                    move.legal, move.view, move.seed)
                    except Exception:
                        log.exception("table %s: search player failed", self.number)
                        action = None
                    move = (move.seat, action, move.actor) if action is not None else None
                if move is None:
                    if not getattr(fn, "interjection", False):
                        await self.changed.wait()  # nothing to do until something changes
                    continue
                seat, action, actor = move
                try:
                    await self.submit(seat, version, action, actor)
                except TableError as e:
                    if e.code == "stale":
                        continue  # somebody acted while the computer player thought: decide again
                    if e.code in ("broken", "ended", "finished"):
                        break
                    log.warning("table %s: computer move %s for seat %s refused: %s", self.number, action, seat, e)
                    await asyncio.sleep(max(self.config.bot_delay, 0.05))
                except IllegalAction as e:
                    log.warning("table %s: computer move %s for seat %s refused: %s", self.number, action, seat, e)
                    await asyncio.sleep(max(self.config.bot_delay, 0.05))
        except asyncio.CancelledError:
            raise
        except Exception:  # pragma: no cover - last line of defence
            log.exception("table %s: driver stopped", self.number)

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The record (only once the game is over: it shows every hand)."""
        if self.status != "finished" or self.match is None:
            raise TableError("not_finished", "the record is published when the game is over")
        return records.to_record(self.match)


class Tables:
    """Every table of a server, the database behind them, and recovery at start."""

    def __init__(self, store: Store, config: ServerConfig | None = None):
        self.store = store
        self.config = config or ServerConfig()
        self.by_number: dict[int, Table] = {}
        self.by_id: dict[str, Table] = {}
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="stammtisch-db")
        self.runner = BotRunner(self.config.search_processes, self.config.search_queue)
        #: finished (or otherwise ended) tables still in memory, oldest first
        self._ended: dict[int, None] = {}
        self._pending: list[tuple[tuple, asyncio.Future]] = []
        #: write the action log on the event loop (embedded SQLite) instead of the database thread
        self.inline_writes = store.engine.dialect.name == "sqlite"
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

    async def recover(self) -> int:
        """Load every unfinished table and rebuild its match from the log; returns how many."""
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
        return t

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
                     bot_kind: str, settings: dict[str, Any], owner_token: str | None = None) -> Table:
        """A new open table. ``owner_token`` (its hash is kept) may start it, fill and empty seats, close it."""
        g = registry.get(game)
        profile = profile or g.default_profile
        opts = validate_options(g, profile, options)  # raises OptionError naming the problem
        try:
            check_request_kind(bot_kind, tuple(self.config.search_levels))
        except KindRefused as e:
            raise TableError("bot", str(e)) from None
        try:
            botkit.make(bot_kind, g)
        except (NotImplementedError, StammtischError) as e:
            raise TableError("bot", f"computer player '{bot_kind}' is not available for {game}: {e}") from None
        if self.open_count() >= self.config.max_open_tables:
            raise TableError("busy", "too many tables are waiting to start; try again later")
        if owner_token is not None:
            settings = {**settings, "owner": hash_token(owner_token)}
        if max_deals is not None and (not isinstance(max_deals, int) or isinstance(max_deals, bool)
                                      or not 1 <= max_deals <= 1000):
            raise TableError("bad_message", "max_deals must be a whole number 1..1000 (or empty for a full match)")
        if "seed" in settings and not self.config.allow_seed:
            raise TableError("forbidden", "this server does not allow fixed seeds")
        row = await self.db(lambda: self.store.create_table(game=game, profile=profile, options=dict(options),
                                                            max_deals=max_deals, bot_kind=bot_kind,
                                                            settings=settings, num_seats=g.num_seats(opts)))
        t = await self.get_number(row.number)
        assert t is not None
        return t

    async def close(self) -> None:
        for t in self.by_number.values():
            if t.driver is not None:
                t.driver.cancel()
            for c in list(t.conns):
                c.close()
        self._executor.shutdown(wait=True)
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
        raise TableError("bad_options", f"these rules options are not valid: {type(e).__name__}: {e}"[:300]) \
            from None
