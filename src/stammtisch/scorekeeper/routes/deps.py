"""The context of one scorekeeper router and the dependencies every route declares.

Permission dependencies read only headers (never the body), so a write route that declares
one first refuses a request without a valid session before a byte of its body is read.
"""

from __future__ import annotations

import logging
import secrets
import threading
import time
from dataclasses import dataclass, field
from typing import Any

from fastapi import Depends, Request

from stammtisch.core.messages import Msg

from ..auth import RateLimiter
from ..errors import Forbidden
from ..http import CONTEXT_KEY, Id
from ..store import Principal, Store

__all__ = ["Context", "context", "store", "client", "token_of", "who", "logged_in", "organiser", "table_writer",
           "readable", "device_of", "set_device", "DEVICE_COOKIE", "public_base", "note_proxy"]

log = logging.getLogger("stammtisch.scorekeeper")

#: the cookie that names a device to the lockout (random, no secret: it only says "the same phone")
DEVICE_COOKIE = "sk_device"


@dataclass
class Context:
    """What the routes of one :func:`~stammtisch.scorekeeper.api.make_router` share: the store (bound at
    the first request when ``None``) and the per-address rate limiters."""

    store: Store | None
    logins: RateLimiter
    unlocks: RateLimiter
    exports: RateLimiter
    exporting: threading.BoundedSemaphore
    #: forwarded headers seen from an address that is not a trusted proxy: {"proxy", "header", "at"}
    proxy_warning: dict[str, Any] | None = None
    #: (organiser, the create form's key) -> tournament id: creating is idempotent per click
    created: dict[tuple[int, str], int] = field(default_factory=dict)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def store_for(self, request: Request) -> Store:
        """The bound store, or ``app.state.scorekeeper`` (opened on the default database when missing)."""
        if self.store is None:
            with self._lock:
                if self.store is None:
                    found = getattr(request.app.state, "scorekeeper", None)
                    if found is None:
                        from stammtisch.storage import database_url
                        found = Store(database_url())
                        request.app.state.scorekeeper = found
                    self.store = found
        return self.store


def context(request: Request) -> Context:
    """The context of the router that matched the request (set by :class:`~..http.ScorekeeperRoute`)."""
    ctx: Any = request.scope[CONTEXT_KEY]
    return ctx  # type: ignore[no-any-return]


def store(request: Request) -> Store:
    return context(request).store_for(request)


def client(request: Request) -> str:
    return request.client.host if request.client else "?"


def device_of(request: Request) -> str | None:
    """The device token the page's cookie carries (``None``: none, or not one of ours)."""
    value = request.cookies.get(DEVICE_COOKIE, "")
    return value if 16 <= len(value) <= 64 and value.replace("-", "").replace("_", "").isalnum() else None


def set_device(request: Request, response: Any) -> None:
    """Give a device without a token one (the lockout locks devices, not every phone behind one address)."""
    if device_of(request) is None:
        response.set_cookie(DEVICE_COOKIE, secrets.token_urlsafe(18), max_age=400 * 24 * 3600, path="/scorekeeper",
                            httponly=True, samesite="strict", secure=request.url.scheme == "https")


def public_base(request: Request) -> str:
    """The address table cards print: ``serve --public-url`` (or the network address it listens on,
    ``app.state.public_url``), else the address this request came to."""
    return getattr(request.app.state, "public_url", None) or str(request.base_url).rstrip("/")


_FORWARDED = ("x-forwarded-for", "forwarded", "x-real-ip")


def note_proxy(request: Request) -> None:
    """Warn (log and the organiser page) when forwarded headers arrive that the server did not believe.

    Behind a reverse proxy without ``serve --trusted-proxies`` every request seems to come from the
    proxy's address: the per-address limits then count every phone together. uvicorn, when it
    believes the proxy, puts the forwarded address in the request; so a forwarded header whose
    addresses do not include the request's address was not believed.
    """
    headers = [h for h in _FORWARDED if h in request.headers]
    if not headers:
        return
    host = client(request)
    forwarded = [x.strip() for x in request.headers.get("x-forwarded-for", "").split(",")]
    if headers == ["x-forwarded-for"] and host in forwarded:
        return  # believed: uvicorn took the client's address from it
    ctx = context(request)
    if ctx.proxy_warning is None:
        log.warning("scorekeeper: %s arrives from %s, which is not a trusted proxy: every request seems to come "
                    "from that address, so its limits count all phones together; start the server with "
                    "--trusted-proxies %s (docs/scorekeeper.md)", headers[0], host, host)
    ctx.proxy_warning = {"proxy": host, "header": headers[0], "at": time.time()}


def token_of(request: Request) -> str | None:
    scheme, _, token = request.headers.get("authorization", "").partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None


# ------------------------------------------------------------------ auth dependencies (no body read)
def who(request: Request) -> Principal | None:
    return store(request).principal(token_of(request))


def logged_in(p: Principal | None = Depends(who)) -> Principal:
    if p is None or p.organiser is None:
        raise Forbidden(Msg("log in as an organiser first (POST /scorekeeper/api/login)"))
    return p


def organiser(request: Request, tid: Id, p: Principal | None = Depends(who)) -> Principal:
    store(request).authorize(p, tid)
    return p  # type: ignore[return-value]


def table_writer(request: Request, table_id: Id, p: Principal | None = Depends(who)) -> Principal:
    s = store(request)
    s.authorize(p, s.tournament_of_table(table_id), table_id)
    return p  # type: ignore[return-value]


def readable(request: Request, tid: int, p: Principal | None, table_id: int | None = None) -> None:
    """Published tournaments are public; otherwise the organiser (or the table's session)."""
    s = store(request)
    if s.tournament(tid)["published"]:
        return
    s.authorize(p, tid, table_id)
