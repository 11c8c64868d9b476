"""Memory of the scorekeeper under oversized bodies (issue 11, item 3), measured on a real server.

Starts ``uvicorn`` with the standalone scorekeeper app in a subprocess, then sends three 30 MB
POSTs with a wrong session, three with a valid organiser session and no Content-Length
(chunked), and three declaring 30 MB; records the server's resident memory (VmRSS) before and
after each batch, and the answers. Before the fix the same three wrong-key posts took a server
from 116 MB to 1.6 GB (issue 11).

    .venv/bin/python benchmarks/load/scorekeeper_hostile.py [--before REV]
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import write_result

MB = 1024 * 1024
CHUNK = b"[" + b"1," * 32767 + b"1"


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def post(port: int, path: str, headers: dict[str, str], total: int, declare: bool) -> tuple[int, float]:
    """Send ``total`` bytes (chunked unless ``declare``); returns (status, seconds)."""
    t = time.perf_counter()
    s = socket.create_connection(("127.0.0.1", port))
    head = [f"POST {path} HTTP/1.1", "Host: x", "Content-Type: application/json"]
    head += [f"{k}: {v}" for k, v in headers.items()]
    head.append(f"Content-Length: {total}" if declare else "Transfer-Encoding: chunked")
    s.sendall(("\r\n".join(head) + "\r\n\r\n").encode())
    sent = 0
    try:
        while sent < total:
            piece = CHUNK[: min(len(CHUNK), total - sent)]
            s.sendall(piece if declare else b"%x\r\n%s\r\n" % (len(piece), piece))
            sent += len(piece)
        if not declare:
            s.sendall(b"0\r\n\r\n")
    except (BrokenPipeError, ConnectionResetError):
        pass  # the server answered and closed early: that is the point
    s.settimeout(30)
    data = b""
    try:
        while b"\r\n" not in data:
            more = s.recv(4096)
            if not more:
                break
            data += more
    except (ConnectionResetError, socket.timeout):
        pass
    s.close()
    status = int(data.split()[1]) if data.startswith(b"HTTP/") else 0
    return status, time.perf_counter() - t


def measure(src: Path | None) -> dict:
    """Run the server from ``src`` (``None``: this checkout) and send the oversized bodies."""
    tmp = tempfile.mkdtemp()
    db = f"sqlite:///{tmp}/bench.sqlite3"
    port = free_port()
    after = src is None
    setup = ("app.state.scorekeeper.create_organiser('Bench', 'geheim-12345'); "
             "app.state.scorekeeper.create_tournament('B', 'tarock', organiser=1); ") if after else \
        "app.state.scorekeeper.create_tournament('B', 'tarock'); "
    code = ("import uvicorn; from stammtisch.scorekeeper.api import create_app; "
            f"app = create_app({db!r}); {setup}"
            f"uvicorn.run(app, host='127.0.0.1', port={port}, log_level='warning')")
    env = os.environ.copy()
    if src is not None:
        env["PYTHONPATH"] = str(src)
    proc = subprocess.Popen([sys.executable, "-c", code], env=env)
    try:
        for _ in range(300):
            try:
                socket.create_connection(("127.0.0.1", port)).close()
                break
            except OSError:
                time.sleep(0.1)
        wrong = {"Authorization": "Bearer wrong", "X-Scorekeeper-Key": "wrong"}
        cases = [("wrong key, 30 MB declared", wrong, True), ("wrong key, 30 MB chunked", wrong, False)]
        if after:
            import httpx
            tok = httpx.post(f"http://127.0.0.1:{port}/scorekeeper/api/login",
                             json={"name": "Bench", "password": "geheim-12345"}).json()["token"]
            cases += [("organiser, 30 MB declared", {"Authorization": f"Bearer {tok}"}, True),
                      ("organiser, 30 MB chunked", {"Authorization": f"Bearer {tok}"}, False)]
        out: dict = {"rss_start_mb": round(rss_mb(proc.pid), 1), "cases": []}
        for name, headers, declare in cases:
            answers = [post(port, "/scorekeeper/api/tournaments/1/players", headers, 30 * MB, declare)
                       for _ in range(3)]
            out["cases"].append({"case": name, "status": [a[0] for a in answers],
                                 "seconds": [round(a[1], 3) for a in answers],
                                 "rss_after_mb": round(rss_mb(proc.pid), 1)})
        out["rss_end_mb"] = round(rss_mb(proc.pid), 1)
    finally:
        proc.terminate()
        proc.wait(10)
    return out


def main(before_rev: str = "4955496") -> None:
    """The revision before the fix and this checkout, side by side in one run."""
    from benchmarks._common import unpack_src
    with tempfile.TemporaryDirectory() as d:
        old = measure(unpack_src(before_rev, d))
    new = measure(None)
    write_result("scorekeeper_hostile", {
        "body_mb": 30, "posts_per_case": 3, "before": {"revision": before_rev, **old}, "after": new,
        "note": "issue 11 reported 116 MB -> 1.6 GB after three 30 MB posts with a wrong key; after the fix the "
                "answer (403 without a session, 413 with one) comes before the body is read (declared length) or "
                "after 256 KiB (chunked)"})


if __name__ == "__main__":
    import argparse

    from benchmarks._common import add_results_arg

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--before", default="4955496", help="git revision measured as the baseline")
    add_results_arg(ap)
    main(ap.parse_args().before)
