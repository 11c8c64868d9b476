"""Clean exits: when the server process ends — SIGTERM, or kill -9 which gives it no chance to
clean up — every child it started (the search workers and multiprocessing's resource tracker)
ends within seconds instead of running on as orphans."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .live import ROOT, free_port

pytestmark = [pytest.mark.slow, pytest.mark.skipif(not Path("/proc").is_dir(), reason="needs /proc")]


def _stat(pid: int) -> tuple[int, str] | None:
    """(parent id, state) of ``pid``, or ``None`` when it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rsplit(")", 1)[1].split()
    return int(fields[1]), fields[0]


def descendants(pid: int) -> set[int]:
    """Every living process below ``pid`` (children, their children, ...)."""
    parents: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            st = _stat(int(d.name))
            if st is not None and st[1] != "Z":
                parents[int(d.name)] = st[0]
    out: set[int] = set()
    frontier = {pid}
    while frontier:
        frontier = {p for p, pp in parents.items() if pp in frontier and p not in out}
        out |= frontier
    return out


def alive(pid: int) -> bool:
    st = _stat(pid)
    return st is not None and st[1] != "Z"


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
        os.kill(proc.pid, how)
        proc.wait(30)
        deadline = time.monotonic() + 10.0
        while time.monotonic() < deadline and any(alive(p) for p in children):
            time.sleep(0.1)
        left = sorted(p for p in children if alive(p))
        assert not left, f"still running after the server ended: {left}"
    finally:
        if proc.poll() is None:
            proc.kill()
        for p in children:  # never leave anything behind, even when the test fails
            if alive(p):
                os.kill(p, signal.SIGKILL)
