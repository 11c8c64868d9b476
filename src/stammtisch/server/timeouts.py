"""Connections that say nothing, or too little too slowly, are closed.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but a fresh
connection that never completes its request headers (silent, or a header a byte a minute:
"slowloris") was kept open for ever; 6,000 such sockets from one address stayed open.
:func:`slow_client_protocol` gives uvicorn an HTTP protocol that closes a connection whose request
headers are not complete ``seconds`` after it opened (or after its last response). WebSockets
are covered by the table protocol itself (``hello_seconds``) and uvicorn's pings.
"""

from __future__ import annotations

import asyncio
from typing import Any

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

__all__ = ["slow_client_protocol", "HeaderTimeoutProtocol"]


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol that closes a connection whose request headers are not complete
    within :attr:`header_seconds` (importable by name, for uvicorn's worker processes)."""

    header_seconds = 10.0

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = self.loop.call_later(self.header_seconds,
                                                                               self._headers_too_slow)

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete):
            self.transport.close()  # no complete request yet

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE and self._header_timer is not None:
            self._header_timer.cancel()  # the headers are in: the request is the app's now
            self._header_timer = None

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # the next request on this connection gets its own deadline (keep-alive covers idleness)
        if self._header_timer is None and not self.transport.is_closing():
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)


def slow_client_protocol(seconds: float = 10.0) -> type[asyncio.Protocol]:
    """An uvicorn HTTP protocol class (``uvicorn.Config(http=...)``) that closes a connection whose
    request headers are not complete within ``seconds``."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,), {"header_seconds": float(seconds)})
