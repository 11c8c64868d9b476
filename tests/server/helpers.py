"""Small helpers to drive a table over the in-process WebSocket, and to check that no process of a
server's tree outlives it (Linux ``/proc``)."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any


def create_table(client, game="toy", name="Anna", **extra) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "name": name, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def recv_until(ws, pred, limit=500) -> dict[str, Any]:
    """Receive messages until ``pred(msg)``; returns that message."""
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("expected message never came")


def latest_state(ws, version=None, limit=500) -> dict[str, Any]:
    """Receive until a state message (at ``version`` if given)."""
    return recv_until(ws, lambda m: m["type"] == "state" and (version is None or m["version"] >= version), limit)


# -- the process tree of a server (Linux /proc) ---------------------------------------------


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
    """``pid`` runs (not gone, not a zombie)."""
    st = _stat(pid)
    return st is not None and st[1] != "Z"


def assert_no_child_outlives(proc: subprocess.Popen, children: set[int], how: int = signal.SIGKILL,
                             wait: float = 30.0, within: float = 10.0) -> None:
    """Send ``how`` to the server ``proc``, wait up to ``wait`` s for it to end, and assert that every
    process of ``children`` (its tree before, from :func:`descendants`) has ended ``within`` s after."""
    os.kill(proc.pid, how)
    proc.wait(wait)
    deadline = time.monotonic() + within
    while time.monotonic() < deadline and any(alive(p) for p in children):
        time.sleep(0.1)
    left = sorted(p for p in children if alive(p))
    assert not left, f"outlived the server by {within:g} s: {left}"


def kill_tree(proc: subprocess.Popen, children: set[int]) -> None:
    """Leave nothing behind, even when a test failed: ``proc`` and every living process of ``children``
    killed (for a ``finally``)."""
    if proc.poll() is None:
        proc.kill()
    for p in children:
        if alive(p):
            os.kill(p, signal.SIGKILL)
