"""The web client's files as the browser should cache them.

Every file carries its ``ETag`` and ``Last-Modified`` (from :class:`~starlette.staticfiles.StaticFiles`)
and ``Cache-Control: no-cache``: the browser keeps the file and asks each time whether it changed,
which costs a ``304 Not Modified`` without a body. The client is plain ES modules that import
each other by relative name (no build step, no hashed file names), so a longer ``max-age`` could
mix the modules of two versions after an update; revalidating is what keeps them one version.
The icon, which never matters for consistency, is kept for a day. Compression is the app's
``GZipMiddleware`` (every text answer above a kilobyte, the pages and the JSON API included).
"""

from __future__ import annotations

from typing import Any

from starlette.responses import Response
from starlette.staticfiles import StaticFiles

__all__ = ["CachedStatic", "CACHE_CONTROL"]

#: the Cache-Control header by file ending (default: revalidate every time)
CACHE_CONTROL = {".svg": "public, max-age=86400", "": "no-cache"}


class CachedStatic(StaticFiles):
    """:class:`StaticFiles` with a ``Cache-Control`` header on every answer (304s included)."""

    def file_response(self, full_path: Any, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(full_path, *args, **kwargs)
        name = str(full_path)
        ending = next((e for e in CACHE_CONTROL if e and name.endswith(e)), "")
        response.headers["Cache-Control"] = CACHE_CONTROL[ending]
        return response
