"""What stands between the app and a hostile client: whole-app middleware (a body limit on every
HTTP route, security headers on every response: :mod:`stammtisch.httpsec`, shared with the
scorekeeper), rate limits per key, and strict JSON reading.

The middleware is plain ASGI and knows nothing of the routes, so it covers the routers mounted
into the app (the scorekeeper's) exactly like the lobby's own. See ``docs/server.md``,
"Threat model and limits".
"""

from __future__ import annotations

import json
import time
from collections import OrderedDict
from typing import Any

from ..httpsec import CSP, SECURITY_HEADERS

#: ``CSP`` is :mod:`stammtisch.httpsec`'s, re-exported
__all__ = ["BodyLimit", "PathGuard", "Buckets", "loads_strict", "CSP", "TooLarge", "BadJSON"]


class TooLarge(Exception):
    """The request body is larger than the limit."""


class BadJSON(ValueError):
    """The body is not the JSON we accept (syntax, nesting, or numbers too long)."""


def _error_body(code: str, message: str) -> bytes:
    return json.dumps({"type": "error", "code": code, "message": message}).encode()


class BodyLimit:
    """Refuses request bodies larger than ``limit`` bytes with 413, on every HTTP route.

    A declared ``Content-Length`` above the limit is refused before anything is read; a body
    without one (chunked) is counted while the application reads it and cut off at the limit.
    """

    def __init__(self, app: Any, limit: int):
        self.app, self.limit = app, limit

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                if not v.isdigit() or int(v) > self.limit:
                    await self._refuse(send)
                    return
        seen = 0
        started = False

        async def counted() -> dict:
            nonlocal seen
            msg = await receive()
            if msg["type"] == "http.request":
                seen += len(msg.get("body", b""))
                if seen > self.limit:
                    raise TooLarge()
            return msg

        async def tracked(msg: dict) -> None:
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, counted, tracked)
        except TooLarge:
            if not started:
                await self._refuse(send)

    async def _refuse(self, send: Any) -> None:
        body = _error_body("too_large", f"request bodies are limited to {self.limit} bytes")
        await send({"type": "http.response.start", "status": 413,
                    "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                                (b"connection", b"close")] + SECURITY_HEADERS})
        await send({"type": "http.response.body", "body": body})


def bad_path(path: str) -> str | None:
    r"""What is wrong with a request path (after percent-decoding), or ``None``: control characters
    (NUL, line breaks, DEL ...) and bytes that are not UTF-8 (decoded as U+FFFD) are never part of
    a name the server serves.

    >>> bad_path("/scorekeeper/static/\x00"), bad_path("/t/abc")
    ('control character U+0000', None)
    """
    for ch in path:
        o = ord(ch)
        if o < 0x20 or 0x7F <= o < 0xA0:
            return f"control character U+{o:04X}"
        if o == 0xFFFD:
            return "bytes that are not UTF-8"
    return None


class PathGuard:
    """Refuses a request whose path holds a control character or bytes that are not UTF-8 with
    400 (a socket: closed before the handshake), on every route and mount of the app, before any
    of them sees it (``/scorekeeper/static/%00`` used to reach the file system and answer 500)."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            why = bad_path(scope.get("path", ""))
            if why is None:
                try:
                    scope.get("raw_path", b"").decode("ascii")
                except UnicodeDecodeError:
                    why = "bytes that are not ASCII in the raw path"
            if why is not None:
                if scope["type"] == "websocket":
                    await send({"type": "websocket.close", "code": 1008})
                    return
                body = _error_body("bad_path", f"the request path holds {why}")
                await send({"type": "http.response.start", "status": 400,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode())] + SECURITY_HEADERS})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class Buckets:
    """Token buckets per key (a client address, a name): ``burst`` at once, ``per_minute`` after
    that. At most ``keys`` keys are remembered (least recently used are forgotten)."""

    def __init__(self, burst: int, per_minute: float, keys: int = 10_000):
        self.burst, self.rate = burst, per_minute / 60.0
        self.keys = keys
        self._b: OrderedDict[str, tuple[float, float]] = OrderedDict()

    def take(self, key: str) -> bool:
        now = time.monotonic()
        tokens, at = self._b.pop(key, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - at) * self.rate)
        ok = tokens >= 1
        if ok:
            tokens -= 1
        self._b[key] = (tokens, now)
        while len(self._b) > self.keys:
            self._b.popitem(last=False)
        return ok


#: the longest integer accepted in a JSON body (digits); longer ones are refused, not parsed
MAX_INT_DIGITS = 18


def _parse_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_INT_DIGITS:
        raise BadJSON(f"numbers are limited to {MAX_INT_DIGITS} digits")
    return int(text)


def _parse_float(text: str) -> float:
    if len(text) > 40:
        raise BadJSON("numbers are limited to 40 characters")
    value = float(text)
    if value != value or value in (float("inf"), float("-inf")):
        raise BadJSON("numbers must be finite")
    return value


def _no_constants(name: str) -> Any:
    raise BadJSON(f"'{name}' is not JSON")


def loads_strict(raw: bytes | str) -> Any:
    """JSON as a hostile client may send it: integers of at most 18 digits, finite numbers, no
    NaN/Infinity, nesting bounded (the recursion limit), text in UTF-8.

    :raises BadJSON: with a message saying what was wrong
    """
    try:
        return json.loads(raw, parse_int=_parse_int, parse_float=_parse_float, parse_constant=_no_constants)
    except BadJSON:
        raise
    except RecursionError:
        raise BadJSON("the JSON is nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as e:
        raise BadJSON(f"not JSON: {str(e)[:80]}") from None
