"""The table server: ``stammtisch serve``.

:func:`create_app` builds the FastAPI application (lobby API, table WebSocket, replays,
the static web client). Tables live in memory as :class:`~.table.Table` actors and in the
database as an append-only action log, from which they are rebuilt after a restart.
See ``docs/server.md`` for the protocol.

The two names are imported when first asked for: a search worker process imports
:mod:`.botpool` (its functions run there) without the web framework and the database layer,
so a worker that replaces a dead one starts in a fraction of the time (docs/server.md,
"A server that heals itself").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .tables import ServerConfig

__all__ = ["create_app", "ServerConfig"]


def __getattr__(name: str) -> Any:
    if name == "create_app":
        from .app import create_app

        return create_app
    if name == "ServerConfig":
        from .tables import ServerConfig

        return ServerConfig
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
