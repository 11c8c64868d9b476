"""Connections that say nothing, or too little too slowly, are closed; one address holds only so
many HTTP connections at once.

uvicorn closes an idle keep-alive connection after ``timeout_keep_alive`` seconds, but a fresh
connection that never completes its request headers (silent, or a header a byte a minute:
"slowloris") was kept open for ever; 6,000 such sockets from one address stayed open.
:func:`slow_client_protocol` gives uvicorn an HTTP protocol that

* closes a connection whose request headers are not complete ``header_seconds`` after it opened
  (or after its last response);
* gives the whole request body a deadline: a body not complete ``body_seconds`` after its headers
  is answered 408 (when no answer has begun) and the connection closed (4,200 connections whose
  body never finished held every connection place of a process: 503 for everybody);
* holds at most ``max_per_client`` connections per peer address at once (counted from the moment
  the connection opens until it closes or becomes a WebSocket); a connection above it is answered
  429 and closed at once. The address of a trusted reverse proxy (``--trusted-proxies``) is not
  counted here: the proxy's clients are told apart by ``X-Forwarded-For``, which only the
  application sees (:class:`.guard.ClientRequests` caps them there).

WebSockets are covered by the table protocol itself (``hello_seconds``, the sockets per address)
and uvicorn's pings.
"""

from __future__ import annotations

import asyncio
import collections
import json
from typing import Any, ClassVar

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from ..httpsec import SECURITY_HEADERS

__all__ = ["slow_client_protocol", "HeaderTimeoutProtocol"]


def _refusal(status: int, reason: bytes, code: str, message: str) -> list[Any]:
    body = json.dumps({"type": "error", "code": code, "message": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
               (b"connection", b"close")] + SECURITY_HEADERS
    return [h11.Response(status_code=status, headers=headers, reason=reason), h11.Data(data=body), h11.EndOfMessage()]


def _trusted(config: Any) -> Any:
    """The trusted proxies of an uvicorn config (something ``host in`` works on), or ``()``."""
    if not getattr(config, "proxy_headers", False):
        return ()
    cached = getattr(config, "_stammtisch_trusted", None)
    if cached is None:
        try:
            from uvicorn.middleware.proxy_headers import _TrustedHosts

            cached = _TrustedHosts(config.forwarded_allow_ips)
        except Exception:  # pragma: no cover - another uvicorn: count every address
            cached = ()
        config._stammtisch_trusted = cached
    return cached


class HeaderTimeoutProtocol(H11Protocol):
    """uvicorn's h11 protocol with deadlines for the request headers (:attr:`header_seconds`) and
    the whole request body (:attr:`body_seconds`), and at most :attr:`max_per_client` connections
    per peer address (importable by name, for uvicorn's worker processes)."""

    header_seconds = 10.0
    body_seconds = 20.0
    max_per_client = 128
    #: open HTTP connections per peer address, in this process
    open_by_address: ClassVar[collections.Counter[str]] = collections.Counter()

    def connection_made(self, transport: Any) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._body_timer: asyncio.TimerHandle | None = None
        self._counted: str | None = None
        host = self.client[0] if self.client else None
        if host is not None and host not in _trusted(self.config):
            if self.open_by_address[host] >= self.max_per_client:
                self._header_timer: asyncio.TimerHandle | None = None
                self._refuse(429, b"Too Many Requests", "too_many_connections",
                             f"at most {self.max_per_client} open HTTP connections per address")
                return
            self.open_by_address[host] += 1
            self._counted = host
        self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _refuse(self, status: int, reason: bytes, code: str, message: str) -> None:
        """Answer ``status`` now (before or instead of the application) and close."""
        events = _refusal(status, reason, code, message)
        if self.conn.their_state is h11.IDLE:  # no request read yet: h11 answers only requests, so by hand
            head = b"HTTP/1.1 %d %s\r\n" % (status, reason)
            head += b"".join(k + b": " + v + b"\r\n" for k, v in events[0].headers.raw_items())
            self.transport.write(head + b"\r\n" + events[1].data)
        else:
            try:
                for event in events:
                    self.transport.write(self.conn.send(event))
            except h11.LocalProtocolError:  # an answer has begun: just close
                pass
        if self.cycle is not None:
            self.cycle.disconnected = True  # the application's answer, if any, goes nowhere
            self.cycle.message_event.set()  # and its next receive() is a disconnect
        self.transport.close()

    def _uncount(self) -> None:
        if self._counted is not None:
            self.open_by_address[self._counted] -= 1
            if self.open_by_address[self._counted] <= 0:
                del self.open_by_address[self._counted]
            self._counted = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete):
            self.transport.close()  # no complete request yet

    def _body_too_slow(self) -> None:
        self._body_timer = None
        if self.conn.their_state is h11.SEND_BODY and not self.transport.is_closing():
            if self.cycle is not None and self.cycle.response_started:
                self.transport.close()
            else:
                self._refuse(408, b"Request Timeout", "body_timeout",
                             f"the request body was not complete within {self.body_seconds:g} s")

    def handle_events(self) -> None:
        super().handle_events()
        if self.conn.their_state is not h11.IDLE and self._header_timer is not None:
            self._header_timer.cancel()  # the headers are in: the body's deadline starts
            self._header_timer = None
            if self.conn.their_state is h11.SEND_BODY and self._body_timer is None:
                self._body_timer = self.loop.call_later(self.body_seconds, self._body_too_slow)
        if self._body_timer is not None and self.conn.their_state is not h11.SEND_BODY:
            self._body_timer.cancel()  # the body is complete
            self._body_timer = None

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self._uncount()  # a table socket: capped per address by the application (max_sockets_per_client)
        self._cancel_timers()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        # the next request on this connection gets its own deadline (keep-alive covers idleness)
        if self._header_timer is None and not self.transport.is_closing():
            self._header_timer = self.loop.call_later(self.header_seconds, self._headers_too_slow)

    def _cancel_timers(self) -> None:
        for name in ("_header_timer", "_body_timer"):
            timer = getattr(self, name, None)
            if timer is not None:
                timer.cancel()
                setattr(self, name, None)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_timers()
        self._uncount()
        super().connection_lost(exc)


def slow_client_protocol(seconds: float = 10.0, body_seconds: float = 20.0,
                         max_per_client: int = 128) -> type[asyncio.Protocol]:
    """An uvicorn HTTP protocol class (``uvicorn.Config(http=...)``) that closes a connection whose
    request headers are not complete within ``seconds``, answers 408 to a body not complete
    ``body_seconds`` after its headers, and holds at most ``max_per_client`` connections per peer
    address."""
    return type("HeaderTimeoutProtocol", (HeaderTimeoutProtocol,),
                {"header_seconds": float(seconds), "body_seconds": float(body_seconds),
                 "max_per_client": int(max_per_client)})
