"""Run one process of a test cluster: ``python -m tests.server.serve_cluster PORT POSTGRES_URL``.

The toy game registered, tables shared with the other processes on the same PostgreSQL
(``ServerConfig.cluster``), a short takeover tick.
"""

from __future__ import annotations

import sys

import uvicorn

from stammtisch.server import ServerConfig, create_app

from .serve_for_tests import register_toy


def app_for(url: str):
    register_toy()
    # the test players loop as fast as the acknowledgements come (a few ms with processes on one machine):
    # no rate limit of a socket is under test here (tests/server/test_hostile.py tests it)
    return create_app(database_url=url, config=ServerConfig(
        bot_delay=0.0, grace=1000.0, allow_seed=True, rate_burst=10_000, rate_per_second=10_000, create_burst=10_000,
        login_burst=10_000, warm_search=False, search_processes=0, cluster=True, cluster_tick=0.5))


if __name__ == "__main__":
    port, url = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(app_for(url), host="127.0.0.1", port=port, log_level="warning")
