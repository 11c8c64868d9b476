"""A table-sticky HAProxy on loopback in front of several ``stammtisch serve --cluster`` processes
(each on a port of its own), for ``server_scale.py --sticky``.

The process that opens a table plays it (:mod:`stammtisch.server.cluster`); its answer to
``POST /api/tables`` names the table in the ``X-Stammtisch-Table`` header. HAProxy learns that
pair in a stick table and sends every later request and socket of the table
(``/api/tables/<id>/...``, ``/ws/<id>``) to the same process, so nothing is relayed between the
processes. Hashing the table id (``balance hash`` or nginx's ``hash $table_id consistent``) would
keep a table's sockets together too, but on a process chosen by the hash, not on the one that
plays it: half the tables (with two processes) would have every socket relayed.
``sticky=False`` writes the same proxy with plain round robin (the relayed baseline behind the same
proxy). The same configuration, for a real deployment, is in ``docs/server.md`` ("Deployment").
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import httpx

__all__ = ["haproxy_config", "start_haproxy", "HAPROXY"]

HAPROXY = shutil.which("haproxy")


def haproxy_config(port: int, backends: list[int], sticky: bool = True) -> str:
    """HAProxy's configuration: listen on 127.0.0.1:``port``, the servers on ``backends``."""
    lines = [
        "global",
        "    maxconn 9000",  # two descriptors per proxied connection; within a 20 000 descriptor limit
        "defaults",
        "    mode http",
        "    timeout connect 5s",
        "    timeout client 120s",
        "    timeout server 120s",
        "    timeout tunnel 1h",
        "    option forwardfor",
        "frontend stammtisch",
        f"    bind 127.0.0.1:{port}",
        "    default_backend tables",
        "backend tables",
        "    balance roundrobin",
    ]
    if sticky:
        lines += [
            "    # the table id of /ws/<id> and /api/tables/<id>/...",
            "    http-request set-var(txn.table) path,field(3,/) if { path_beg /ws/ }",
            "    http-request set-var(txn.table) path,field(4,/) if { path_beg /api/tables/ }",
            "    stick-table type string len 32 size 1m expire 7d",
            "    stick match var(txn.table)",
            "    # learnt from the process that opened the table (it plays it)",
            "    stick store-response res.hdr(x-stammtisch-table)",
            "    option redispatch",
        ]
    lines += [f"    server p{i} 127.0.0.1:{b}" for i, b in enumerate(backends)]
    return "\n".join(lines) + "\n"


def start_haproxy(port: int, backends: list[int], sticky: bool = True) -> subprocess.Popen:
    """Run HAProxy (foreground, ``-db``) with :func:`haproxy_config` until it answers on ``port``."""
    if HAPROXY is None:
        raise RuntimeError("haproxy is not installed (Debian: apt-get install haproxy)")
    folder = Path(tempfile.mkdtemp(prefix="stammtisch-haproxy-"))
    cfg = folder / "haproxy.cfg"
    cfg.write_text(haproxy_config(port, backends, sticky))
    check = subprocess.run([HAPROXY, "-c", "-f", str(cfg)], capture_output=True, text=True)
    if check.returncode != 0:
        raise RuntimeError(f"haproxy refused its configuration: {check.stdout[-400:]} {check.stderr[-400:]}")
    proc = subprocess.Popen([HAPROXY, "-db", "-f", str(cfg)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                return proc
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("haproxy did not answer")
