"""HTTP security helpers the web surfaces share: the security headers every response carries and
the pure ASGI middleware that adds them.

The table server (``server/``) and the scorekeeper's standalone app (``scorekeeper/``) both send
these; a surface may not import another (docs/architecture.md), so the one policy lives here, below
the surfaces. It imports nothing of stammtisch. Threat model: ``docs/server.md``.

>>> dict(SECURITY_HEADERS)[b"x-content-type-options"]
b'nosniff'
"""

from __future__ import annotations

from typing import Any

__all__ = ["CSP", "SECURITY_HEADERS", "SecurityHeaders"]

#: the Content-Security-Policy of every response: scripts, styles and connections from this
#: server only, no inline scripts or style attributes, never framed
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "frame-ancestors 'none'; base-uri 'none'; form-action 'self'; object-src 'none'")

#: the headers every HTTP response carries (a header the route set itself is left alone)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]


class SecurityHeaders:
    """Pure ASGI middleware: adds :data:`SECURITY_HEADERS` to every HTTP response (pages, API,
    static files, mounted routers), keeping any of them a route set itself."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(msg: dict) -> None:
            if msg["type"] == "http.response.start":
                have = {k.lower() for k, _ in msg.get("headers", [])}
                msg = dict(msg)
                msg["headers"] = list(msg.get("headers", [])) + [h for h in SECURITY_HEADERS if h[0] not in have]
            await send(msg)

        await self.app(scope, receive, with_headers)
