"""Clean exits: when the server process ends — SIGTERM, or kill -9 which gives it no chance to
clean up — every child it started (the search workers and multiprocessing's resource tracker)
ends within seconds instead of running on as orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from .helpers import assert_no_child_outlives, descendants, kill_tree
from .live import ROOT, free_port

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")]


def start_server(tmp_path: Path) -> tuple[subprocess.Popen, set[int]]:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "tests.server.serve_with_workers", str(free_port()),
                             str(tmp_path)], cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True)
    assert proc.stdout is not None
    line = proc.stdout.readline()  # "workers PID PID" once the pool is up
    assert line.startswith("workers"), line
    workers = {int(x) for x in line.split()[1:]}
    children = descendants(proc.pid)
    assert workers <= children
    # two workers and the resource tracker (a spawned pool starts one)
    assert len(children) >= 3, children
    return proc, children


@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM], ids=["kill-9", "sigterm"])
def test_no_child_outlives_the_server(tmp_path, how):
    proc, children = start_server(tmp_path)
    try:
        assert_no_child_outlives(proc, children, how)
    finally:
        kill_tree(proc, children)
