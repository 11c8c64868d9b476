"""Run a test server whose search workers are started at once:
``python -m tests.server.serve_with_workers PORT DATA_DIR``.

Used by the lifecycle test: the server is killed (SIGKILL or SIGTERM) and no child may remain.
"""

from __future__ import annotations

import sys
from contextlib import asynccontextmanager

import uvicorn

from stammtisch.server import ServerConfig, create_app

from .serve_for_tests import register_toy


def app_for(data_dir: str):
    register_toy()
    app = create_app(database_url=f"sqlite:///{data_dir}/stammtisch.sqlite3",
                     config=ServerConfig(bot_delay=0.0, search_processes=2, warm_search=False))
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a):
        async with inner(a) as state:
            pids = a.state.tables.runner.start()
            print("workers", *pids, flush=True)
            yield state

    app.router.lifespan_context = lifespan
    return app


if __name__ == "__main__":
    port, data = int(sys.argv[1]), sys.argv[2]
    uvicorn.run(app_for(data), host="127.0.0.1", port=port, log_level="warning")
