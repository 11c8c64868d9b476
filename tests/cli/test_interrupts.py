"""Ctrl-C and SIGTERM stop a command: every child process ends within 2 s, one line is printed,
the partial result is written, and the exit code is 130 (SIGINT) or 143 (SIGTERM)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .sigint import sigint_default

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="process groups and /proc: Linux")

STAMMTISCH = [sys.executable, "-m", "stammtisch.cli.main"]


def children(pid: int) -> list[int]:
    """The direct children of ``pid`` (from /proc)."""
    out = []
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d.name))
    return out


def running(pid: int) -> bool:
    """``pid`` exists and is not a zombie (an ended child nobody has reaped yet does not run)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def cpu_seconds(pids: list[int]) -> float:
    """CPU time the processes used so far (a worker that used some has finished some work,
    however loaded the machine is)."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / os.sysconf("SC_CLK_TCK")


def wait_for(cond, timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not cond():
        if time.monotonic() > end:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def start(args: list[str], cwd: Path, **kw) -> subprocess.Popen:
    # a session of its own: a signal to the group reaches parent and workers, as Ctrl-C in a terminal does
    # SIGINT at its default in the child, also when the suite runs as a background job (sigint.py)
    return subprocess.Popen(STAMMTISCH + args, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True, preexec_fn=sigint_default, **kw)


def stop_and_check(p: subprocess.Popen, sig: int, kids: list[int], group: bool,
                   said: str = "stopped (") -> tuple[str, str]:
    """Send ``sig``; every child ends within 2 s, the command exits 128+sig with one line."""
    t0 = time.monotonic()
    if group:
        os.killpg(p.pid, sig)
    else:
        p.send_signal(sig)
    try:
        wait_for(lambda: not any(running(k) for k in kids), 2.0, "the children to end")
        out, err = p.communicate(timeout=10)
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
        for k in kids:
            if running(k):
                os.kill(k, signal.SIGKILL)
    assert time.monotonic() - t0 < 10
    assert p.returncode == 128 + sig, (p.returncode, err)
    out = out or ""
    assert "Traceback" not in err and "Traceback" not in out, err
    lines = [ln for ln in err.splitlines() if ln.strip()]
    assert len(lines) == 1 and lines[0].startswith(said), err
    return out, err


@pytest.mark.parametrize("sig,group", [(signal.SIGINT, True), (signal.SIGTERM, False)],
                         ids=["ctrl-c-to-the-group", "sigterm-to-the-parent"])
def test_arena_stops_its_workers_and_writes_the_partial_result(tmp_path, sig, group):
    p = start(["arena", "jass", "--a", "rule", "--b", "random", "--deals", "100000", "--workers", "2",
               "--out", "res"], tmp_path)
    wait_for(lambda: len(children(p.pid)) >= 2, 60, "two workers")
    kids = children(p.pid)
    wait_for(lambda: cpu_seconds(kids) >= 0.5, 60, "the workers to play some deals")
    _, err = stop_and_check(p, sig, kids, group)
    written = sorted((tmp_path / "res").glob("*_partial.json"))
    assert len(written) == 1, err
    res = json.loads(written[0].read_text())
    assert res["interrupted"] is True and res["summary"]["pairs"] >= 1
    assert str(res["summary"]["pairs"]) in err and "written" in err


def test_simulate_stops_and_reports_the_games_finished(tmp_path):
    p = start(["simulate", "jass", "-n", "1000000", "--bots", "random", "--workers", "2", "--json"], tmp_path)
    wait_for(lambda: len(children(p.pid)) >= 2, 60, "two workers")
    kids = children(p.pid)
    wait_for(lambda: cpu_seconds(kids) >= 1.0, 60, "the workers to play some chunks")
    out, err = stop_and_check(p, signal.SIGINT, kids, group=True)
    res = json.loads(out)
    assert res["interrupted"] is True and 0 < res["games"] < 1000000


def test_a_worker_does_not_outlive_a_killed_parent(tmp_path):
    """SIGKILL leaves the parent no time to clean up: the workers' parent-death signal ends them."""
    p = start(["simulate", "jass", "-n", "10000000", "--bots", "random", "--workers", "2"], tmp_path)
    wait_for(lambda: len(children(p.pid)) >= 2, 60, "two workers")
    kids = children(p.pid)
    time.sleep(0.5)  # the workers have run their initializer
    p.kill()
    p.communicate(timeout=10)
    assert p.returncode == -signal.SIGKILL and len(kids) >= 2
    wait_for(lambda: not any(running(k) for k in kids), 2.0, "the orphaned workers to end")


def test_play_writes_the_record_so_far_on_ctrl_c(tmp_path):
    with (tmp_path / "screen.txt").open("w") as screen:
        p = subprocess.Popen(STAMMTISCH + ["play", "jass", "--seed", "3", "--record", "r.json"], cwd=tmp_path,
                             stdin=subprocess.PIPE, stdout=screen, stderr=subprocess.PIPE, text=True,
                             start_new_session=True, preexec_fn=sigint_default)
        wait_for(lambda: "1:" in (tmp_path / "screen.txt").read_text(), 60, "the first question")
        _, err = stop_and_check(p, signal.SIGINT, [], group=True, said="Spiel verlassen (Ctrl-C)")  # a German screen
    rec = json.loads((tmp_path / "r.json").read_text())
    assert rec["game"] == "jass"
    assert "r.json" in err


# serve: tests/cli/test_readme.py starts `serve` and `scripts/start` as the README shows them, stops them with
# Ctrl-C to the process group and checks the exit code 130, the one line and that no child is left.
