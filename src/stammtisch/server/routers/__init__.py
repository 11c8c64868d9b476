"""The table server's routes, one module per concern (FastAPI's "bigger applications"):

* :mod:`.pages` — the lobby, table and replay pages of the web client;
* :mod:`.lobby` — the games on offer and the tables (open, seats, computer players, start, close);
* :mod:`.records` — finished games, their records and replays;
* :mod:`.accounts` — registration, login, logout;
* :mod:`.socket` — the table WebSocket.

Shared request handling (bounded strict JSON bodies, path types, the app's tables and limits) is
in :mod:`.common`. :func:`stammtisch.server.app.create_app` includes them all.
"""
