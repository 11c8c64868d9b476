"""Who is at a table and what each of them sees: connections (:class:`Conn`), presence (away
seats, stand-ins), the state message of one seat built from that seat's observation only, and
chat channels.

Messages to a connection are built from that seat's ``Match.view(seat)`` (or ``public_view()`` for
a Kiebitz) and nothing else; the action string itself is only ever echoed to the seat that made
it (a Tarock discard is secret).
"""

from __future__ import annotations

from ..core.messages import Msg
import asyncio
import logging
import time
from collections import deque
from typing import Any

from ..core.protocol import Match
from .tables import TableError, encode

__all__ = ["public_settings", "Conn", "Presence", "for_people", "HISTORY_KEYS", "PRIVATE_SETTINGS"]

log = logging.getLogger("stammtisch.server")


class Conn:
    """One WebSocket connection as the table sees it: a seat (or ``None`` for a Kiebitz) and an
    outbox of encoded messages, in order.

    The outbox is a plain deque with one waiter (the connection's writer), not an
    :class:`asyncio.Queue`: a table's broadcast queues a message for every connection on every
    action, and the queue's bookkeeping per message was a noticeable part of a server's CPU time
    per action. A connection whose outbox holds ``maxsize`` messages cannot keep up and is closed.
    """

    __slots__ = ("seat", "maxsize", "closed", "_out", "_waiter")

    def __init__(self, seat: int | None, maxsize: int = 512):
        self.seat = seat
        self.maxsize = maxsize
        self.closed = False
        self._out: deque[str | None] = deque()
        self._waiter: asyncio.Future[None] | None = None

    def _put(self, item: str | None) -> None:
        self._out.append(item)
        w = self._waiter
        if w is not None:
            self._waiter = None
            if not w.done():
                w.set_result(None)

    def send(self, msg: dict[str, Any]) -> None:
        """Queue ``msg``; a connection that cannot keep up is closed."""
        if self.closed:
            return
        if len(self._out) >= self.maxsize:
            self.close()
            return
        self._put(encode(msg))

    def send_raw(self, text: str) -> None:
        """Queue an already encoded message."""
        if self.closed:
            return
        if len(self._out) >= self.maxsize:
            self.close()
            return
        self._put(text)

    def close(self) -> None:
        """Stop queueing; the writer sends what is queued, then ends (``None`` marks the end)."""
        if not self.closed:
            self.closed = True
            self._put(None)

    def pending(self) -> int:
        """Messages queued and not yet taken by the writer."""
        return len(self._out)

    async def take(self) -> list[str | None]:
        """Every message queued so far, in order (waits while there is none); ``None`` ends the list
        when the connection was closed. One writer per connection."""
        while not self._out:
            self._waiter = asyncio.get_running_loop().create_future()
            await self._waiter
        out = list(self._out)
        self._out.clear()
        return out


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
PRIVATE_SETTINGS = ("seed", "owner", "fair_seed", "bot_seed")
#: secret while the Partie runs, revealed to everybody once it is over (docs/fair-deals.md): the
#: seed every deal came from (its commitment is public from the start) and the computer players' seed
REVEALED_AT_END = ("fair_seed", "bot_seed")


def public_settings(settings: dict[str, Any], status: str) -> dict[str, Any]:
    """The settings everybody may see: never the private ones; the deal seed and the computer
    players' seed only once the game is finished (and, at a table of a cup round with the same deals
    everywhere, once the cup released them: ``seed_held``, docs/fair-deals.md)."""
    out = {k: v for k, v in settings.items() if k not in PRIVATE_SETTINGS}
    if status == "finished" and not settings.get("seed_held"):
        out.update((k, settings[k]) for k in REVEALED_AT_END if k in settings)
    return out


class Presence:
    """The connections of a table and the messages they get."""

    config: Any
    number: int
    public_id: str
    game: Any
    profile: str
    overrides: dict[str, Any]
    max_deals: int | None
    bot_kind: str
    settings: dict[str, Any]
    status: str
    seats: list[Any]
    match: Match | None
    lock: asyncio.Lock
    conns: set[Conn]
    log: list[tuple[int, str]]
    seen: list[list[int]]
    public_seen: list[int]
    away_since: dict[int, float]
    _last_info: dict[str, Any] | None
    _settled_sent: int

    # ``_changed`` (wake the driver) is :class:`.driver.BotDriver`'s

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
            "settings": public_settings(self.settings, self.status),
            "status": self.status,
            "seats": [
                {"seat": i, "kind": s.kind, "name": s.name, "connected": i in present,
                 "away": s.kind == "human" and i in self.away_since and playing,
                 "standin": self.standin(i)}
                for i, s in enumerate(self.seats)
            ],
            "spectators": spectators,
            # another Partie (:mod:`.rematch`): the new table and the seats that confirmed
            "rematch": ({**r, "confirmed": list(r["confirmed"])} if (r := getattr(self, "rematch", None)) else None),
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


    # -- connections -------------------------------------------------------------------
    async def attach(self, conn: Conn) -> None:
        """Add a connection and send it the full snapshot. Under the table lock, so nobody ever
        sees an action that is applied but not yet written to the log."""
        async with self.lock:
            if conn.seat is None:
                if self.settings.get("kiebitze") is False:  # a table that admits no Kiebitze (e.g. a cup's)
                    raise TableError("no_kiebitze", Msg("this table admits no Kiebitze"))
                spectators = sum(1 for c in self.conns if c.seat is None and not c.closed)
                if spectators >= self.config.max_spectators:
                    raise TableError("full", Msg("too many Kiebitze at this table"))
            else:
                same = sum(1 for c in self.conns if c.seat == conn.seat and not c.closed)
                if same >= self.config.max_conns_per_seat:
                    raise TableError("full", Msg("this seat already has {count} open connections (at most {most})",
                                                 count=same, most=self.config.max_conns_per_seat))
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
            raise TableError("kiebitz", Msg("Kiebitze may watch but never speak into a table (Tiroler Cup, Kiebitze)"))
        if not isinstance(text, str) or not text.strip() or len(text) > 500:
            raise TableError("bad_message", Msg("'text' must be 1..500 characters"))
        channel = channel if isinstance(channel, str) else "table"
        allowed = self.channels(conn.seat)
        if channel not in allowed:
            if self.settings.get("ohne_reden"):
                raise TableError("channel", Msg("you may not speak in channel '{channel}' now (this table plays "
                                                "ohne Reden: Tiroler Cup, Ouvertspiele)", channel=channel[:30]))
            raise TableError("channel", Msg("you may not speak in channel '{channel}' now", channel=channel[:30]))
        members = set(allowed[channel])
        msg = {"type": "chat", "channel": channel, "seat": conn.seat, "name": self.seats[conn.seat].name,
               "text": text.strip()}
        for c in list(self.conns):
            if c.closed:
                continue
            if channel == "table" or c.seat in members:
                c.send(msg)
