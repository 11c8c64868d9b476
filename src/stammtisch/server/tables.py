"""What every module of the table server shares: its settings (:class:`ServerConfig`), the
error a table answers with (:class:`TableError`), the table states, and the message encoding.

The tables themselves are split by concept:

* :mod:`.table` — one table's seats, start and the one way its match changes (``submit``);
* :mod:`.actionlog` — the append-only log (group commit) and rebuilding a match from it;
* :mod:`.presence` — connections, what each of them sees, chat;
* :mod:`.driver` — computer players, stand-ins for absent people, move timers;
* :mod:`.registry` — every table of a server, loaded, created, expired and recovered.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import orjson

from ..core.errors import StammtischError
from ..core.messages import Msg, jsonable

__all__ = ["ServerConfig", "TableError", "encode", "ENDED"]

_ORJSON_OPTS = orjson.OPT_NON_STR_KEYS | orjson.OPT_PASSTHROUGH_SUBCLASS


def _subclass(o: Any) -> Any:
    """orjson's hook for subclasses of builtins: an engine message (a ``str``) as ``{"id", "args"}``
    (the browser renders it in the reader's language), any other subclass as its base type."""
    if isinstance(o, Msg):
        return o.to_json()
    for base in (str, bool, int, dict, list):
        if isinstance(o, base):
            return base(o)
    raise TypeError(type(o).__name__)


def encode(msg: Any) -> str:
    """``msg`` as compact JSON text (UTF-8, not ASCII-escaped), like
    ``json.dumps(msg, ensure_ascii=False, separators=(",", ":"))`` but several times faster
    (orjson): encoding the state messages was the largest single cost per action. Engine
    messages (:class:`~stammtisch.core.messages.Msg`) go out as ``{"id", "args"}``."""
    try:
        return orjson.dumps(msg, default=_subclass, option=_ORJSON_OPTS).decode("utf-8")
    except TypeError:  # something orjson refuses (e.g. an int beyond 64 bits): the standard encoder
        return json.dumps(jsonable(msg), ensure_ascii=False, separators=(",", ":"))


class TableError(StammtischError):
    """A request the table refuses (not an illegal move of the rules): ``code`` is machine-readable."""

    def __init__(self, code: str, message: str, *, detail: str | None = None, **extra: Any):
        self.code = code
        self.message = message
        self.detail = detail  # in English only (e.g. pydantic's words), after the message
        self.extra = extra
        super().__init__(f"{message} ({detail})" if detail else message)

    def to_json(self) -> dict[str, Any]:
        """The refusal for a client: the language-free ``code``, the message as ``msg`` (an id and
        arguments, rendered in the reader's language) and in English as ``message``.

        >>> TableError("taken", Msg("seat {number} is taken", number=2)).to_json()
        {'type': 'error', 'code': 'taken', 'message': 'seat 2 is taken', 'msg': {'id': 'seat {number} is taken', 'args': {'number': 2}}}
        """
        body: dict[str, Any] = {"type": "error", "code": self.code, "message": str(self)}
        if isinstance(self.message, Msg):
            body["msg"] = self.message.to_json()
        if self.detail:
            body["detail"] = self.detail
        return {**body, **self.extra}


def said(e: Any) -> Any:
    """What an error says, as a message when it is one (nested in a refusal, rendered with it)."""
    if isinstance(e, Msg):
        return e
    m = getattr(e, "message", None)
    return m if isinstance(m, Msg) else str(e)[:300]


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
    #: worker processes for search players (0: think in a thread of the server process; ``None``:
    #: one per core, see :func:`.botpool.default_processes`)
    search_processes: int | None = None
    #: most search decisions of one client (the address that opened the table) in the workers at
    #: once (``None``: all workers but one); the others wait their turn, round robin per client
    search_per_client: int | None = None
    #: ``False``: search decisions first come, first served (the fairness benchmark's baseline)
    search_fair: bool = True
    #: compile the search kernels in the worker process at start (a fresh install's first search
    #: decision would otherwise wait 5–25 s for the compiler; see :func:`.botpool._warm`)
    warm_search: bool = True
    #: (no longer used: waiting search decisions are queued per client, see ``search_per_client``)
    search_queue: int = 64
    #: the pages' language for a visitor whose browser has not chosen one (``serve --lang``;
    #: ``GET /api/config``, read by ``web/static/i18n.js``)
    default_lang: str = "de"
    #: a connection that has not said hello after this many seconds is closed
    hello_seconds: float = 10.0
    #: an HTTP connection whose request headers are not complete this many seconds after it opened
    #: (or after its last answer) is closed (:mod:`.timeouts`; silent and slowloris sockets)
    header_seconds: float = 10.0
    #: a request body not complete this many seconds after its headers is answered 408 and its
    #: connection closed (:mod:`.timeouts`; bodies that never finish)
    body_seconds: float = 20.0
    #: most open HTTP connections per client address at once (:mod:`.timeouts`, counted by the peer
    #: address unless it is a trusted proxy) and most requests under way per client address
    #: (:class:`.guard.ClientRequests`, the address ``--trusted-proxies`` decides); beyond, 429
    max_http_per_client: int = 128
    #: an idle keep-alive HTTP connection is closed after this many seconds (uvicorn)
    keep_alive_seconds: int = 5
    #: most connections and requests one process serves at once; beyond, 503 (uvicorn)
    max_connections: int = 4096
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
    #: several processes on one PostgreSQL share the tables (:mod:`.cluster`): leases, relay, takeover
    cluster: bool = False
    #: with ``cluster``: seconds between takeover rounds (a dead process's tables move within ~2 ticks)
    cluster_tick: float = 1.0
    #: with ``cluster``: processes of one machine relay to each other over Unix sockets, not NOTIFY
    #: (:mod:`.locallinks`; ``False``: every relay message through PostgreSQL)
    cluster_local_links: bool = True
    #: a login session expires after this many seconds
    session_seconds: float = 30 * 24 * 3600.0
    #: the address people reach this server at (``serve --public-url``, env ``STAMMTISCH_PUBLIC_URL``),
    #: e.g. ``https://cup.example.org`` behind a domain or ``http://192.168.1.20:8000`` on a club's
    #: Wi-Fi: an origin of its own for requests and sockets (:class:`.guard.SameOrigin`), and the
    #: address printed on the scorekeeper's table cards (``app.state.public_url``)
    public_url: str | None = None



#: table states: ``open`` (seats being taken), ``playing``, ``finished``; and the ends without a
#: result: ``closed`` (by its owner), ``expired`` (never started), ``broken`` (its rules failed)
ENDED = ("finished", "closed", "expired", "broken")
