"""Run a server with the online cups for the browser tests: ``python -m tests.cup.serve_cup PORT DATA_DIR
[GRACE]`` (organiser "Maria" with the tests' password; computer players answer after 0.05 s)."""

from __future__ import annotations

import sys

import uvicorn

from stammtisch.cli.serve import _app
from stammtisch.scorekeeper.store import Store as ScoreStore
from stammtisch.server import ServerConfig

from .conftest import PASSWORD

if __name__ == "__main__":
    port, data = int(sys.argv[1]), sys.argv[2]
    grace = float(sys.argv[3]) if len(sys.argv) > 3 else 1000.0
    url = f"sqlite:///{data}/stammtisch.sqlite3"
    ScoreStore(url).create_organiser("Maria", PASSWORD)
    config = ServerConfig(bot_delay=0.05, grace=grace, warm_search=False, search_processes=0, create_burst=10_000,
                          login_burst=10_000, rate_burst=200, rate_per_second=200)
    print(f"serving on {port}", flush=True)
    uvicorn.run(_app(url, config), host="127.0.0.1", port=port, log_level="warning")
