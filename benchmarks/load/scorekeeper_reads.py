"""The table server's latency while a client hammers the scorekeeper's public reads of a big cup.

Two ``stammtisch serve`` processes side by side in one run: ``--old SRC`` (a source tree, e.g. one
before the scorekeeper's request bound, from ``git archive <rev> src``) and this checkout. Each gets a
published Doppelkopf cup of 400 players and 5 drawn rounds; then the lobby's ``GET /api/tables`` is
timed idle and while 40 clients read ``/scorekeeper/api/tournaments/1/form`` in a loop.

    python benchmarks/load/scorekeeper_reads.py --old /tmp/old/src --seconds 12

Results: ``benchmarks/results/scorekeeper_reads.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import ROOT, add_results_arg, results_path


def start(src: Path, port: int, data: str) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(src))
    proc = subprocess.Popen([sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port), "--data", data],
                            env=env, stdout=subprocess.DEVNULL)
    for _ in range(300):
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    return proc


def cup(src: Path, port: int, data: str) -> None:
    code = f"""
import httpx
from stammtisch.scorekeeper.store import Store
Store("sqlite:///{data}/stammtisch.sqlite3").create_organiser("Org", "org-password-1")
c = httpx.Client(base_url="http://127.0.0.1:{port}/scorekeeper/api", timeout=300)
H = {{"Authorization": "Bearer " + c.post("/login", json={{"name": "Org", "password": "org-password-1"}}).json()["token"]}}
t = c.post("/tournaments", headers=H, json={{"name": "Big", "game": "doppelkopf", "rounds": 5}}).json()["tournament"]["id"]
for part in range(4):
    c.post(f"/tournaments/{{t}}/players", headers=H, json=[{{"name": f"Spieler {{part}}-{{i}}"}} for i in range(100)])
for r in range(5):
    c.post(f"/tournaments/{{t}}/rounds", headers=H, json={{"seed": f"s{{r}}"}})
c.post(f"/tournaments/{{t}}/publish", headers=H, json={{}})
"""
    subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=str(src)), check=True)


async def probe(port: int, seconds: float, out: list[float]) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=120) as c:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            a = time.perf_counter()
            await c.get("/api/tables")
            out.append(time.perf_counter() - a)
            await asyncio.sleep(0.02)


async def hammer(port: int, seconds: float, n: int) -> None:
    async with httpx.AsyncClient(base_url=f"http://127.0.0.1:{port}", timeout=300,
                                 limits=httpx.Limits(max_connections=n)) as c:
        end = time.monotonic() + seconds

        async def one() -> None:
            while time.monotonic() < end:
                await c.get("/scorekeeper/api/tournaments/1/form")

        await asyncio.gather(*(one() for _ in range(n)))


def q(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return round(1000 * xs[min(len(xs) - 1, int(p * len(xs)))], 1)


async def measure(port: int, seconds: float, clients: int) -> dict:
    idle: list[float] = []
    await probe(port, seconds / 3, idle)
    busy: list[float] = []
    await asyncio.gather(probe(port, seconds, busy), hammer(port, seconds, clients))
    return {"idle_p50_ms": q(idle, .5), "idle_p99_ms": q(idle, .99), "busy_p50_ms": q(busy, .5),
            "busy_p99_ms": q(busy, .99), "busy_samples": len(busy)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--old", type=Path, required=True, help="source tree (src/) of the revision to compare with")
    ap.add_argument("--seconds", type=float, default=12.0)
    ap.add_argument("--clients", type=int, default=40)
    add_results_arg(ap)
    args = ap.parse_args()
    runs = {}
    for label, src, port in (("old", args.old, 8791), ("new", ROOT / "src", 8792)):
        with tempfile.TemporaryDirectory() as data:
            proc = start(src, port, data)
            try:
                cup(src, port, data)
                runs[label] = asyncio.run(measure(port, args.seconds, args.clients))
            finally:
                proc.send_signal(signal.SIGTERM)
                proc.wait(20)
        print(label, runs[label], flush=True)
    result = {"benchmark": "scorekeeper_reads", "clients": args.clients, "seconds": args.seconds,
              "cpus": os.cpu_count(), "runs": runs}
    results_path().mkdir(parents=True, exist_ok=True)
    results_path("scorekeeper_reads.json").write_text(json.dumps(result, indent=2) + "\n")


if __name__ == "__main__":
    main()
