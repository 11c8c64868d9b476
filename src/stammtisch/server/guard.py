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

from urllib.parse import urlsplit

from ..core.messages import Msg
from ..httpsec import CSP, SECURITY_HEADERS

#: ``CSP`` is :mod:`stammtisch.httpsec`'s, re-exported
__all__ = ["BodyLimit", "PathGuard", "Buckets", "loads_strict", "CSP", "TooLarge", "BadJSON", "ClientRequests",
           "SameOrigin", "origin_of"]


class TooLarge(Exception):
    """The request body is larger than the limit."""


class BadJSON(ValueError):
    """The body is not the JSON we accept (syntax, nesting, or numbers too long)."""


def _error_body(code: str, message: str) -> bytes:
    return json.dumps({"type": "error", "code": code, "message": message}).encode()


def _said_body(code: str, said: Msg) -> bytes:
    """A refusal with its message for the pages (``msg``: id and arguments, in the reader's language)."""
    return json.dumps({"type": "error", "code": code, "message": str(said), "msg": said.to_json()}).encode()


async def _answer(send: Any, status: int, body: bytes, close: bool = False) -> None:
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers + SECURITY_HEADERS})
    await send({"type": "http.response.body", "body": body})


class ClientRequests:
    """At most ``limit`` HTTP requests under way per client address (the address ``--trusted-proxies``
    decides: behind a trusted proxy the forwarded one), the scorekeeper's routes included; beyond,
    429 at once, before the body is read. Behind a proxy every connection comes from the proxy's
    address, so the per-connection cap of :mod:`.timeouts` does not tell the proxy's clients apart;
    this does (a request whose body comes slowly is under way until its deadline)."""

    def __init__(self, app: Any, limit: int):
        self.app, self.limit = app, max(1, limit)
        self.open: dict[str, int] = {}

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client")
        key = str(client[0]) if client else "unknown"
        if self.open.get(key, 0) >= self.limit:
            said = Msg("too many requests from your address at once (at most {most}); try again in a moment",
                       most=self.limit)
            await _answer(send, 429, _said_body("too_many_requests", said), close=True)
            return
        self.open[key] = self.open.get(key, 0) + 1
        try:
            await self.app(scope, receive, send)
        finally:
            left = self.open[key] - 1
            if left > 0:
                self.open[key] = left
            else:
                del self.open[key]


def origin_of(url: str) -> str | None:
    """The origin (``scheme://host[:port]``, lower case, default ports left out) of a URL, or ``None``.

    >>> origin_of("https://Karten.example.org/lobby"), origin_of("http://a.b:80"), origin_of("null")
    ('https://karten.example.org', 'http://a.b', None)
    """
    try:
        parts = urlsplit(url.strip())
        host, port = parts.hostname, parts.port
    except ValueError:
        return None
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https") or not host:
        return None
    if ":" in host:
        host = f"[{host}]"
    default = {"http": 80, "https": 443}[scheme]
    return f"{scheme}://{host}" + (f":{port}" if port and port != default else "")


def _host_of(origin: str) -> str:
    """``host[:port]`` of an origin from :func:`origin_of`."""
    return origin.split("://", 1)[1]


#: methods that change state (a browser sends them cross-site only with an ``Origin``)
STATE_CHANGING = frozenset({"POST", "PUT", "PATCH", "DELETE"})


class SameOrigin:
    """Requests from other sites are refused, on every route of the app (the scorekeeper's included):

    * a state-changing request (POST, PUT, PATCH, DELETE) and a WebSocket upgrade whose ``Origin``
      is not the server's own: 403 ``cross_origin`` (a socket: refused before the handshake, with
      403). The server's own origins are the one the request was sent to (its ``Host`` header, any
      scheme: a TLS proxy in front may not say) and ``public_url`` (``--public-url``). ``Origin: null``
      (sandboxed frames, files) is foreign. Without an ``Origin`` (command-line and load clients;
      browsers always send it on these requests) a request passes unless ``Sec-Fetch-Site`` says
      ``cross-site``;
    * a request with a body to a JSON route (``json_prefixes``) must say ``Content-Type:
      application/json`` (or ``…+json``): 415 ``unsupported_media_type`` otherwise. A form or
      ``text/plain`` body is what a page of another site can send without asking first (a "simple
      request", no CORS preflight).
    """

    def __init__(self, app: Any, public_url: str | None = None,
                 json_prefixes: tuple[str, ...] = ("/api/", "/scorekeeper/api/")):
        self.app = app
        self.public = origin_of(public_url) if public_url else None
        self.json_prefixes = json_prefixes

    def allowed(self, origin: str, host: str | None) -> bool:
        """Whether ``origin`` (an ``Origin`` header) is the server's own: ``public_url``'s, or the
        host the request was sent to (``Host``).

        >>> g = SameOrigin(None, public_url="https://karten.example.org/")
        >>> g.allowed("https://karten.example.org", "127.0.0.1:8000"), g.allowed("http://localhost:8000", "localhost:8000")
        (True, True)
        >>> g.allowed("https://evil.example", "karten.example.org"), g.allowed("null", "karten.example.org")
        (False, False)
        """
        o = origin_of(origin)
        if o is None:
            return False
        if o == self.public:
            return True
        if not host:
            return False
        h = host.strip().lower()
        own = {_host_of(x) for x in (origin_of("http://" + h), origin_of("https://" + h)) if x}
        return _host_of(o) in own

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers: dict[bytes, bytes] = {}
        for k, v in scope.get("headers", ()):
            headers.setdefault(k, v)
        if kind == "websocket" or scope.get("method") in STATE_CHANGING:
            origin = headers.get(b"origin")
            host = headers.get(b"host")
            foreign = (not self.allowed(origin.decode("latin-1"), host.decode("latin-1") if host else None)
                       if origin is not None else headers.get(b"sec-fetch-site") == b"cross-site")
            if foreign:
                shown = origin.decode("latin-1")[:80] if origin is not None else "cross-site"
                said = Msg("requests from other sites are refused here (origin {origin})", origin=shown)
                body = _said_body("cross_origin", said)
                if kind == "websocket":
                    if "websocket.http.response" in scope.get("extensions", {}):
                        await send({"type": "websocket.http.response.start", "status": 403,
                                    "headers": [(b"content-type", b"application/json"),
                                                (b"content-length", str(len(body)).encode())]})
                        await send({"type": "websocket.http.response.body", "body": body})
                    else:
                        await send({"type": "websocket.close", "code": 1008})
                    return
                await _answer(send, 403, body)
                return
        if kind == "http" and scope.get("method") in STATE_CHANGING and scope.get("path", "").startswith(
                self.json_prefixes):
            has_body = headers.get(b"content-length", b"0").strip() not in (b"0", b"") \
                or b"transfer-encoding" in headers
            if has_body:
                ctype = headers.get(b"content-type", b"").split(b";", 1)[0].strip().lower()
                if not (ctype == b"application/json" or (ctype.startswith(b"application/")
                                                         and ctype.endswith(b"+json"))):
                    said = Msg("this route reads JSON: send the body with 'Content-Type: application/json' "
                               "(not {type})", type=ctype.decode("latin-1")[:60] or "none")
                    await _answer(send, 415, _said_body("unsupported_media_type", said))
                    return
        await self.app(scope, receive, send)


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
