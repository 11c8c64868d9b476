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


def test_a_worker_whose_supervisor_died_while_it_started_ends_at_its_start_up_code(tmp_path):
    """A worker's supervisor is killed while the worker is still importing (on a loaded machine that
    takes tens of seconds): by the time its start-up code runs it has been adopted by another
    process, so "my parent" would be the adopter and it would serve on alone. The supervisor's pid
    travels with the settings: the worker sees its supervisor is gone and ends there."""
    import dataclasses
    import json
    import os
    import subprocess
    import sys

    from stammtisch.server import ServerConfig
    from stammtisch.server import workers

    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()  # a pid that is nobody's parent now
    env = dict(os.environ, **{workers.ENV: json.dumps({"url": "postgresql+psycopg://x/y", "supervisor": gone.pid,
                                                       "config": dataclasses.asdict(ServerConfig())})})
    code = ("from stammtisch.server.workers import worker_settings\n"
            "worker_settings()\n"
            "print('serving on', flush=True)\n")
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "serving on" not in r.stdout, (r.returncode, r.stdout, r.stderr[-500:])
    # and with its supervisor alive (this test process), the same worker goes on
    env[workers.ENV] = json.dumps({"url": "postgresql+psycopg://x/y", "supervisor": os.getpid(),
                                   "config": dataclasses.asdict(ServerConfig())})
    r = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120)
    assert "serving on" in r.stdout, r.stderr[-500:]
