"""``stammtisch serve --workers N`` and ``--cluster`` share tables through PostgreSQL only: on the
SQLite default they are refused with one line naming what is needed (the processes themselves are
tested in test_cluster.py, which needs a PostgreSQL)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from stammtisch.cli.main import app


@pytest.mark.parametrize("flags", [["--workers", "2"], ["--cluster"]])
def test_several_processes_need_postgresql(tmp_path, flags):
    r = CliRunner().invoke(app, ["serve", "--port", "0", "--data", str(tmp_path), *flags])
    assert r.exit_code == 1
    assert "PostgreSQL" in r.output and "--database-url" in r.output


def test_the_worker_settings_travel_to_the_worker_processes(monkeypatch):
    import dataclasses
    import json

    from stammtisch.server import ServerConfig
    from stammtisch.server import workers

    cfg = ServerConfig(cluster=True, search_levels=("easy",), header_seconds=3.0, bot_delay=0.1)
    monkeypatch.setenv(workers.ENV, json.dumps({"url": "postgresql+psycopg://x/y", "config": dataclasses.asdict(cfg)}))
    monkeypatch.setattr("stammtisch.server.botpool._end_with_parent", lambda parent: None)
    monkeypatch.setattr("stammtisch.server.timeouts.HeaderTimeoutProtocol.header_seconds", 10.0)  # restored after
    url, got = workers.worker_settings()
    assert url == "postgresql+psycopg://x/y" and got == cfg
    from stammtisch.server.timeouts import HeaderTimeoutProtocol

    assert HeaderTimeoutProtocol.header_seconds == 3.0
