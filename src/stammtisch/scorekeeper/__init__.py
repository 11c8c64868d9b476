"""The scorekeeper: live-table entry, score sheets, tournaments, rankings.

A real table plays with real cards; the scorekeeper is its list keeper. What happened in a
game is entered as plain facts (contract, declarer, announcements, points ...); the game's
own settlement function (``stammtisch.games.<game>.scoring``) computes the row, reached
through a thin per-game adapter (:mod:`stammtisch.scorekeeper.entries`). Nothing here
implements a rule of a game a second time.

Layers, inside out:

* :mod:`.entries` -- per-game adapters: validate facts, call the settlement, return a row
* :mod:`.tablesheet` -- one table's list: dealing order, sitting fifth player, rows,
  corrections with history, checks, Pflichtsolo tracking (pure Python)
* :mod:`.draw` -- table sizes, seat draws (seeded random, repeat-avoiding schedule)
* :mod:`.ranking` -- rankings per round and overall with the cups' tie-breaks, seasons
* :mod:`.models`, :mod:`.store` -- SQLAlchemy storage with optimistic versioning
* :mod:`.export` -- CSV and PDF exports, table cards
* :mod:`.api` -- FastAPI router and static pages; ``stammtisch tournament`` is the CLI
"""
