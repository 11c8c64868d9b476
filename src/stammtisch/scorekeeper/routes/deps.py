"""The context of one scorekeeper router and the dependencies every route declares.

Permission dependencies read only headers (never the body), so a write route that declares
one first refuses a request without a valid session before a byte of its body is read.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from fastapi import Depends, Request

from stammtisch.core.messages import Msg

from ..auth import RateLimiter
from ..errors import Forbidden
from ..http import CONTEXT_KEY, Id
from ..store import Principal, Store

__all__ = ["Context", "context", "store", "client", "token_of", "who", "logged_in", "organiser", "table_writer",
           "readable"]


@dataclass
class Context:
    """What the routes of one :func:`~stammtisch.scorekeeper.api.make_router` share: the store (bound at
    the first request when ``None``) and the per-address rate limiters."""

    store: Store | None
    logins: RateLimiter
    unlocks: RateLimiter
    exports: RateLimiter
    exporting: threading.BoundedSemaphore
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
