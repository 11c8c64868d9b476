"""The scorekeeper's routes, one router module per concern (FastAPI's "bigger applications").

* :mod:`.deps` -- the router's context (store, rate limiters) and the permission dependencies
* :mod:`.pages` -- the HTML pages and their static files
* :mod:`.sessions` -- log in and out, who am I, a table's entry code
* :mod:`.tournaments` -- create, register, draw, codes and cards, publish, rankings, checks, seasons
* :mod:`.tables` -- one table's list: read, preview, write, correct, strike, history, Tischzettel
* :mod:`.exports` -- CSV and PDF exports

:func:`stammtisch.scorekeeper.api.make_router` puts them together under ``/scorekeeper``.
"""

from __future__ import annotations

from . import exports, pages, sessions, tables, tournaments

__all__ = ["ROUTERS"]

#: the routers in the order their routes are matched
ROUTERS = (pages.router, sessions.router, tournaments.router, exports.router, tables.router)
