"""The table server: ``stammtisch serve``.

:func:`create_app` builds the FastAPI application (lobby API, table WebSocket, replays,
the static web client). Tables live in memory as :class:`~.table.Table` actors and in the
database as an append-only action log, from which they are rebuilt after a restart.
See ``docs/server.md`` for the protocol.
"""

from .app import create_app
from .tables import ServerConfig

__all__ = ["create_app", "ServerConfig"]
