"""One table: the authority over its match.

A table holds the :class:`~stammtisch.core.protocol.Match`, its seats and its connections.
Everything that changes the match goes through :meth:`Table.submit`, under the table's lock (one
action at a time), and is written to the append-only log (:mod:`.actionlog`) *before* it is
acknowledged or shown to anybody. What each connection sees is :mod:`.presence`'s; the computer
players, stand-ins and move timers are :mod:`.driver`'s.
"""

from __future__ import annotations

from ..core.messages import Msg
import asyncio
import logging
import random
import secrets
import time
import unicodedata
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..core import records, registry
from ..core.errors import IllegalAction, StammtischError
from ..core.protocol import Bot, Game, Match
from ..i18n import computer_name
from .actionlog import LoggedTable
from .botpool import KindRefused, check_request_kind
from .driver import FALLBACK, BotDriver
from .fairness import HELD, fair_seed_of, record_fields
from .presence import Conn, Presence
from .store import LoadedTable, hash_token, new_token
from .tables import ENDED, TableError, said

__all__ = ["Table", "SeatInfo", "TableRefused", "ENGINE_FAILURES"]

log = logging.getLogger("stammtisch.server")

#: a table's status in words (refusals name it in the reader's language)
STATUS_WORDS = {"finished": Msg("finished"), "closed": Msg("closed"), "expired": Msg("expired"),
                "broken": Msg("broken")}


@dataclass
class SeatInfo:
    kind: str = "empty"  # empty | human | bot
    name: str = ""
    token_hash: str | None = None
    account_id: int | None = None



#: a table is marked broken once its engine failed this often on actions its rules offered at one
#: version (a bug in the rules, e.g. at the end of a deal): no endless retries and tracebacks
ENGINE_FAILURES = 3


def _same_name(a: str, b: str) -> bool:
    def key(x: str) -> str:
        return " ".join(unicodedata.normalize("NFKC", x).split()).casefold()
    return key(a) == key(b)

class TableRefused(Exception):
    """A stored table the server will not run (e.g. a computer-player kind it does not allow)."""




def _age_seconds(created: datetime | None) -> float:
    if created is None:
        return 0.0
    if created.tzinfo is None:  # SQLite gives naive datetimes (stored as UTC)
        created = created.replace(tzinfo=timezone.utc)
    return max(0.0, (datetime.now(timezone.utc) - created).total_seconds())



class Table(LoggedTable, Presence, BotDriver):
    """One table: seats, match, connections, log, driver."""

    def __init__(self, tables: Any, loaded: LoadedTable):
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
        #: whose table this is for sharing the search workers (:class:`.botpool.FairQueue`): the
        #: address that opened it, or the table itself when that is not known (after a restart)
        self.client: tuple[str, Any] = ("table", self.number)
        # nothing stored selects code either: a kind a request could not name is refused here, before
        # any computer player is built (a stored ``py:`` kind from an older server never runs)
        if self.status in ("open", "playing"):  # an ended table builds no computer players
            try:
                check_request_kind(self.bot_kind, tuple(self.config.search_levels))
            except KindRefused as e:
                raise TableRefused(e.args[0]) from None  # the catalogue message (Msg), read in any language
        self.options = self.game.options(self.profile, self.overrides)
        self.n = self.game.num_seats(self.options)
        self.seats = [SeatInfo(s.kind, s.name, s.token_hash, s.account_id) for s in loaded.seats]
        self.lock = asyncio.Lock()
        self.conns: set[Conn] = set()
        self.log: list[tuple[int, str]] = []
        #: indices into ``log`` of the actions the rule player chose because a search decision failed
        #: for good (actor ``fallback``, :mod:`.driver`)
        self.fallbacks: list[int] = []
        self.actors: list[str] = []
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
        #: another Partie asked for at the end (:mod:`.rematch`): the new table's id and who confirmed
        self.rematch: dict[str, Any] | None = None
        if self.status in ("playing", "finished") or loaded.deals:
            self._rebuild(loaded)


    def _status_word(self) -> Any:
        """The table's status in words (a message), for a refusal."""
        return STATUS_WORDS.get(self.status, self.status)

    def _seat_names(self) -> list[str]:
        out = []
        for i, s in enumerate(self.seats):
            out.append(s.name or f"Seat {i + 1}")
        return out

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
                raise TableError("started", Msg("the game has already started; watch as a Kiebitz"))
            if self.settings.get("reserved"):
                # a table whose seats were given to named players when it opened (a cup's): nobody else sits
                raise TableError("reserved", Msg("every seat of this table is reserved for a drawn player"))
            if seat is None:
                free = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
                if not free:
                    raise TableError("full", Msg("every seat is taken"))
                seat = free[0]
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise TableError("bad_seat", Msg("there is no seat {number} at this table (0..{last})",
                                                    number=repr(seat)[:20], last=self.n - 1))
            if self.seats[seat].kind != "empty":
                raise TableError("taken", Msg("seat {number} is taken", number=seat))
            for i, s in enumerate(self.seats):
                if s.kind != "empty" and _same_name(s.name, name):
                    raise TableError("name_taken", Msg("somebody called '{name}' already sits at seat {number}; "
                                                       "choose another name", name=s.name, number=i))
            if name.casefold().startswith("computer"):
                raise TableError("bad_name", Msg("names beginning with 'Computer' are kept for computer players"))
            token = token or new_token()
            info = SeatInfo("human", name, hash_token(token), account_id)
            await self.tables.db(self.tables.store.set_seat, self.number, seat, info.kind, info.name,
                                 info.token_hash, account_id)
            self.seats[seat] = info
            self.broadcast()
            return seat, token

    async def reserve_seats(self, people: list[tuple[str, str]]) -> list[str | None]:
        """Give every seat to a named player before anybody can sit (``(kind, name)`` per seat, kind
        ``human`` or ``bot``) and mark the table reserved: :meth:`take_seat` then refuses everybody.
        Returns each person's seat token (``None`` for a computer player)."""
        if len(people) != self.n:
            raise TableError("bad_seat", Msg("this table has {n} seats", n=self.n))
        async with self.lock:
            if self.status != "open" or any(s.kind != "empty" for s in self.seats):
                raise TableError("started", Msg("seats can be reserved only at a new, empty table"))
            tokens: list[str | None] = []
            for i, (kind, name) in enumerate(people):
                token = new_token() if kind == "human" else None
                info = SeatInfo(kind, name, hash_token(token) if token else None)
                await self.tables.db(self.tables.store.set_seat, self.number, i, info.kind, info.name,
                                     info.token_hash, None)
                self.seats[i] = info
                tokens.append(token)
            self.settings["reserved"] = True
            await self.tables.db(self.tables.store.set_status, self.number, self.status, dict(self.settings))
            self.broadcast()
            return tokens

    async def replace_seat(self, seat: int, kind: str, name: str) -> str | None:
        """Put another player on ``seat`` during the game (a cup's organiser replaces a player):
        ``human`` gets a fresh token (the old one stops working), ``bot`` a computer player."""
        async with self.lock:
            if not isinstance(seat, int) or not 0 <= seat < self.n:
                raise TableError("bad_seat", Msg("there is no seat {number} at this table (0..{last})",
                                                    number=repr(seat)[:20], last=self.n - 1))
            if self.status in ENDED:
                raise TableError("ended", Msg("the table is already {status}", status=self._status_word()))
            token = new_token() if kind == "human" else None
            info = SeatInfo(kind, name, hash_token(token) if token else None)
            await self.tables.db(self.tables.store.set_seat, self.number, seat, info.kind, info.name,
                                 info.token_hash, None)
            self.seats[seat] = info
            for c in list(self.conns):
                if c.seat == seat:
                    c.close()
            if self.status == "playing":
                if kind == "human":
                    self.away_since[seat] = time.monotonic()
                else:
                    self.away_since.pop(seat, None)
                self._make_bots()
                self._changed()
            self.broadcast()
            return token

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
            raise TableError("forbidden", Msg("only the table's owner (who opened it) may do that"))

    async def fill_bots(self, token: str | None, seats: list[int] | None = None) -> list[int]:
        """Put clearly labelled computer players on the empty seats (or the given ones); owner only."""
        async with self.lock:
            self._check_host(token)
            if self.status != "open":
                raise TableError("started", Msg("the game has already started"))
            targets = [i for i, s in enumerate(self.seats) if s.kind == "empty"] if seats is None else seats
            for i in targets:
                if not isinstance(i, int) or not 0 <= i < self.n or self.seats[i].kind != "empty":
                    raise TableError("bad_seat", Msg("seat {number} is not an empty seat", number=repr(i)[:20]))
            for i in targets:
                name = computer_name(i + 1, self.bot_kind)  # "Computer 2 · stark" (the page translates the word)
                await self.tables.db(self.tables.store.set_seat, self.number, i, "bot", name, None, None)
                self.seats[i] = SeatInfo("bot", name)
            self.broadcast()
            return targets

    async def remove_seat(self, token: Any, seat: int) -> None:
        """Empty ``seat`` before the start (its token stops working); owner only."""
        async with self.lock:
            self._check_host(token)
            if self.status != "open":
                raise TableError("started", Msg("seats can be emptied only before the game starts"))
            if not 0 <= seat < self.n:
                raise TableError("bad_seat", Msg("there is no seat {number} at this table (0..{last})",
                                                    number=repr(seat)[:20], last=self.n - 1))
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
                raise TableError("ended", Msg("the table is already {status}", status=self._status_word()))
            await self.end("closed", "closed by its owner")

    async def start(self, token: str | None, *, trusted: bool = False) -> None:
        """Start the match (the owner; ``trusted``: the process itself, e.g. a cup starting its round)."""
        async with self.lock:
            if not trusted:
                self._check_host(token)
            if self.status != "open":
                raise TableError("started", Msg("the game has already started"))
            empty = [i for i, s in enumerate(self.seats) if s.kind == "empty"]
            if empty:
                raise TableError("seats_empty", Msg("seats {numbers} are empty: invite people or fill them "
                                                    "with computer players", numbers=empty))
            # every deal from the secret seed whose commitment everybody has seen (docs/fair-deals.md)
            match = Match(self.game, self.profile, self.overrides, max_deals=self.max_deals,
                          seats=self._seat_names(), seed=self.settings.get("seed"),
                          fair_seed=fair_seed_of(self.settings))
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
            raise TableError("bad_message", Msg("an action carries the state 'version' it was made against (a number)"))
        if not isinstance(action, str) or not action or len(action) > 64:
            raise TableError("bad_message", Msg("'action' must be a non-empty string in the game's notation"))
        async with self.lock:
            if self.status == "open" or self.match is None:
                raise TableError("not_started", Msg("the game has not started yet"))
            # versions as this seat knows them: secret actions it did not witness are not counted
            known = self.seen[seat]
            if 0 <= version < len(known) and self.log[known[version]] == (seat, action):
                ack = {"type": "ack", "version": version + 1, "action": action, "duplicate": True, "id": msg_id}
                if conn:
                    conn.send(ack)
                return ack
            if version != len(known):
                raise TableError("stale", Msg("the table is at version {current}, your action was made against "
                                              "version {version}; here is the current state",
                                              current=len(known), version=version), current=len(known))
            if self.status == "finished":
                raise TableError("finished", Msg("the game is over"))
            if self.settings.get("paused"):
                raise TableError("paused", Msg("the table is paused; wait until it resumes"))
            if self.status in ENDED:
                reason = self.settings.get("reason", "")
                if reason:
                    raise TableError("ended", Msg("the table is {status}: {reason}", status=self._status_word(),
                                                  reason=reason))
                raise TableError("ended", Msg("the table is {status}", status=self._status_word()))
            match = self.match
            deals_before = len(match.logs)
            offered = False
            try:
                offered = action in match.legal_actions(seat)
                witnesses = self._apply_tracked(seat, action)
            except IllegalAction as e:
                raise (e.located(seat, action) if e.seat is None else e) from None
            except StammtischError as e:  # e.g. BadNotation: not a card or word of this game
                raise TableError("bad_action", Msg("'{action}' is not an action of this game: {problem}",
                                                    action=action[:40], problem=said(e))) from None
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
                    raise TableError("broken", Msg("the game engine failed on an action its rules offered; the "
                                                   "table is marked broken and stops here")) from None
                raise TableError("engine", Msg("the game engine failed on '{action}' (an error in the program, "
                                               "written to the server's log); nothing was changed",
                                               action=action[:40])) from None
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
                raise TableError("storage", Msg("the action could not be stored (the database did not take it); "
                                                 "nothing was changed, try again")) from e
            if actor == FALLBACK:
                self.fallbacks.append(len(self.log))
            self._logged(seat, action, witnesses, actor)
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
            if new_deal is not None or finished is not None:
                self.tables.deal_finished(self, deals_before - 1)  # committed: the observers may read it
            return ack

    # -- records -----------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The record (only once the game is over: it shows every hand)."""
        if self.status != "finished" or self.match is None:
            raise TableError("not_finished", Msg("the record is published when the game is over"))
        if self.settings.get(HELD):
            # a cup round with the same deals at every table: this record shows cards that a table
            # still playing holds (docs/fair-deals.md, "Duplicate deals")
            raise TableError("held", Msg("the record is published when every table of the cup round has finished"))
        rec = self.full_record()
        rec.update(record_fields(self.settings, self.bot_kind, self.seats, self.overrides))
        if self.fallbacks:
            rec["fallbacks"] = fallback_places(rec, self.fallbacks)
        return rec

    def full_record(self) -> dict[str, Any]:
        """The record of the match as it stands (every hand: for the process itself, e.g. a cup
        deriving a finished deal's row, never for a client before the game is over), with the
        ``flags`` of each deal: the actions the computer player made for a person, ``[index,
        actor]`` (``timer``: the move clock ran out; ``standin``: the person was away)."""
        assert self.match is not None
        rec = records.to_record(self.match)
        for deal, flags in zip(rec["deals"], self.deal_flags()):
            if flags:
                deal["flags"] = flags
        return rec

    def deal_flags(self) -> list[list[list[Any]]]:
        """Per deal, ``[index, actor]`` of each action the computer player made for a person
        (``timer``: the move clock ran out; ``standin``: the person was away)."""
        out: list[list[list[Any]]] = []
        if self.match is None:
            return out
        k = 0
        for dl in self.match.logs:
            flags: list[list[Any]] = []
            for i in range(len(dl.actions)):
                actor = self.actors[k] if k < len(self.actors) else "person"
                if actor in ("timer", "standin"):
                    flags.append([i, actor])
                k += 1
            out.append(flags)
        return out

    async def seat_token(self, seat: int) -> str:
        """A fresh token for a person's reserved seat (the old one stops working): a cup hands it to
        the drawn player who proved who he is, so no plain token is ever stored."""
        async with self.lock:
            if not isinstance(seat, int) or not 0 <= seat < self.n or self.seats[seat].kind != "human":
                raise TableError("bad_seat", Msg("seat {number} is not a person's seat", number=repr(seat)[:20]))
            token = new_token()
            info = self.seats[seat]
            info.token_hash = hash_token(token)
            await self.tables.db(self.tables.store.set_seat, self.number, seat, info.kind, info.name,
                                 info.token_hash, info.account_id)
            for c in list(self.conns):
                if c.seat == seat:
                    c.close()
            return token

    async def release_seed(self) -> None:
        """Reveal the withheld deal seed (``seed_held``): a cup round with the same deals at every
        table releases it when its last table has finished (docs/fair-deals.md)."""
        async with self.lock:
            if not self.settings.get(HELD):
                return
            if self.status != "finished":
                raise TableError("not_finished", Msg("the record is published when the game is over"))
            self.settings.pop(HELD, None)
            await self.tables.db(self.tables.store.set_status, self.number, self.status, dict(self.settings))
            self.broadcast_info()

    async def pause(self, paused: bool) -> None:
        """Stop (or resume) the play: nobody moves, no clock runs, no computer player plays while paused."""
        async with self.lock:
            if self.status in ENDED:
                raise TableError("ended", Msg("the table is already {status}", status=self._status_word()))
            if paused:
                self.settings["paused"] = True
            else:
                self.settings.pop("paused", None)
            await self.tables.db(self.tables.store.set_status, self.number, self.status, dict(self.settings))
            self._changed()
            self.broadcast()


def fallback_places(rec: dict[str, Any], indices: list[int]) -> list[dict[str, int]]:
    """Where in a record the actions at log ``indices`` are: ``{"deal", "action", "seat"}`` (the
    deal's number in ``deals`` and the action's index in its ``actions``).

    >>> rec = {"deals": [{"actions": [[0, "a"], [1, "b"]]}, {"actions": [[2, "c"]]}]}
    >>> fallback_places(rec, [1, 2])
    [{'deal': 0, 'action': 1, 'seat': 1}, {'deal': 1, 'action': 0, 'seat': 2}]
    """
    out, start, wanted = [], 0, sorted(set(indices))
    for d, deal in enumerate(rec.get("deals", [])):
        n = len(deal["actions"])
        for i in wanted:
            if start <= i < start + n:
                out.append({"deal": d, "action": i - start, "seat": int(deal["actions"][i - start][0])})
        start += n
    return out
