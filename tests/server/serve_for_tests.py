"""Run a test server: ``python -m tests.server.serve_for_tests PORT DATA_DIR [BOT_DELAY]``.

Registers the toy game (tests/core/toy.py) next to the real engines, then serves with uvicorn.
Used by the crash test (as a subprocess that gets kill -9) and by the browser tests.
"""

from __future__ import annotations

import os
import sys

import uvicorn

from stammtisch.core import registry
from stammtisch.server import ServerConfig, create_app


def register_toy() -> None:
    registry._GAMES.setdefault("toy", "tests.core.toy")


def app_for(data_dir: str, bot_delay: float = 0.0, grace: float = 1000.0):
    register_toy()
    return create_app(database_url=f"sqlite:///{data_dir}/stammtisch.sqlite3",
                      config=ServerConfig(bot_delay=bot_delay, grace=grace, allow_seed=True,
                                          rate_burst=200, rate_per_second=200,
                                          create_burst=10_000, login_burst=10_000,
                                          warm_search=False))


if __name__ == "__main__":
    port, data = int(sys.argv[1]), sys.argv[2]
    delay = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    print(f"serving on {port}", flush=True)
    from stammtisch.server.timeouts import slow_client_protocol

    header_seconds = float(os.environ.get("STAMMTISCH_TEST_HEADER_SECONDS", "10"))
    uvicorn.run(app_for(data, delay), host="127.0.0.1", port=port, log_level="warning",
                http=slow_client_protocol(header_seconds))
