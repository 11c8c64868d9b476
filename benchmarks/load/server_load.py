"""Load benchmark of the table server: N concurrent tables of computer players over loopback WebSockets.

Starts ``stammtisch serve`` as a child process on a fresh SQLite database, opens ``--tables``
tables of ``--game`` with every seat taken by a WebSocket client (a random player that waits
``--think`` seconds, like a person, before acting), plays for ``--seconds`` and reports
actions per second and the latency from sending an action to receiving its acknowledgement
(which the server sends only after the action is in the log).

    python benchmarks/load/server_load.py --tables 500 --seconds 60

Results go to ``benchmarks/results/server_load.json``. The target (issue 6): 500 tables on a
2-core machine with p99 below 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pick_game() -> str:
    from stammtisch.core import registry

    for name in registry.names():
        try:
            registry.get(name)
            return name
        except Exception:
            continue
    raise SystemExit("no game engine is installed")


class Stats:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.actions = 0
        self.deals_finished = 0
        self.measuring = False


async def seat_client(url: str, tid: str, token: str, think: tuple[float, float], stats: Stats, stop: asyncio.Event,
                      rng: random.Random) -> None:
    async with websockets.connect(f"{url}/ws/{tid}", max_size=2**22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        sent_at: float | None = None
        pending_version = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except asyncio.TimeoutError:
                continue
            msg = json.loads(raw)
            kind = msg["type"]
            if kind == "ack" and sent_at is not None:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.actions += 1
                sent_at = None
            elif kind == "error":
                if msg.get("code") != "stale":
                    stats.errors += 1
                sent_at = None
            elif kind == "state":
                view = msg["view"]
                if not view or view["over"]:
                    if view and view["over"]:
                        return
                    continue
                seat = view["seat"]
                if seat in view["to_act"] and view["legal"] and msg["version"] > pending_version and sent_at is None:
                    pending_version = msg["version"]
                    await asyncio.sleep(rng.uniform(*think))
                    if stop.is_set():
                        return
                    action = rng.choice(view["legal"])
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "act", "version": msg["version"], "action": action}))


async def open_table(client: httpx.AsyncClient, game: str, seats: int) -> tuple[str, list[str]]:
    r = (await client.post("/api/tables", json={"game": game, "name": "B0", "bot": "random"})).json()
    tid, tokens = r["table"]["id"], [r["token"]]
    for i in range(1, seats):
        tokens.append((await client.post(f"/api/tables/{tid}/seats", json={"name": f"B{i}"})).json()["token"])
    resp = await client.post(f"/api/tables/{tid}/start", json={"token": tokens[0]})
    resp.raise_for_status()
    return tid, tokens


async def run(args: argparse.Namespace, url: str) -> dict:
    rng = random.Random(args.seed)
    stats = Stats()
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        games = (await client.get("/api/games")).json()["games"]
        seats = next(g["seats"] for g in games if g["name"] == args.game)
        t0 = time.perf_counter()
        tables = []
        for i in range(0, args.tables, 25):
            tables += await asyncio.gather(*[open_table(client, args.game, seats)
                                             for _ in range(min(25, args.tables - i))])
        setup = time.perf_counter() - t0
    tasks = []

    async def table_loop(tid: str, tokens: list[str]) -> None:
        await asyncio.gather(*[seat_client(url.replace("http", "ws"), tid, tok, (args.think_min, args.think_max),
                                           stats, stop, random.Random(rng.random())) for tok in tokens])

    # the client's own garbage-collector pauses (2000 connections in one process) would be measured
    # as server latency: the client does not collect while it measures (the run is short)
    gc.collect()
    gc.freeze()
    gc.disable()
    load_before = os.getloadavg()[0]
    for tid, tokens in tables:
        tasks.append(asyncio.create_task(table_loop(tid, tokens)))
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    start = time.perf_counter()
    await asyncio.sleep(args.seconds)
    elapsed = time.perf_counter() - start
    stats.measuring = False
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    gc.enable()
    gc.unfreeze()
    lat = sorted(stats.latencies)

    def pct(p: float) -> float:
        return round(lat[min(len(lat) - 1, int(p * len(lat)))] * 1000, 2) if lat else float("nan")

    return {
        "benchmark": "server_load",
        "game": args.game,
        "tables": args.tables,
        "connections": args.tables * seats,
        "think_seconds": [args.think_min, args.think_max],
        "seconds": round(elapsed, 1),
        "setup_seconds": round(setup, 1),
        "actions": stats.actions,
        "actions_per_second": round(stats.actions / elapsed, 1),
        "latency_ms": {"p50": pct(0.50), "p90": pct(0.90), "p99": pct(0.99), "max": pct(1.0),
                       "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None},
        "errors": stats.errors,
        "target": {"tables": 500, "p99_ms": 50},
        "machine": {"cpus": os.cpu_count(), "load_average_1min_before": round(load_before, 2),
                    "load_average_1min_after": round(os.getloadavg()[0], 2), "python": platform.python_version(), "platform": platform.platform()},
        "database": "sqlite (WAL)",
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tables", default="500", help="number of tables, or a comma-separated sweep (100,250,500)")
    ap.add_argument("--seconds", type=float, default=60)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--game", default=None, help="default: the first installed engine")
    ap.add_argument("--think-min", type=float, default=0.5, help="a player's least thinking time (s)")
    ap.add_argument("--think-max", type=float, default=1.5, help="a player's longest thinking time (s)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--url", default=None, help="use a running server instead of starting one")
    ap.add_argument("--out", type=Path, default=None, help="results file (default server_load.json in --results)")
    add_results_arg(ap)
    args = ap.parse_args()
    args.game = args.game or pick_game()
    sweep = [int(x) for x in str(args.tables).split(",")]
    runs = []
    for n in sweep:
        args.tables = n
        runs.append(one_run(args))
    result = runs[-1] if len(runs) == 1 else {"benchmark": "server_load", "runs": runs}
    print(json.dumps(result, indent=1))
    args.out = args.out or results_path("server_load.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")


def one_run(args: argparse.Namespace) -> dict:
    """One server process, ``args.tables`` tables."""
    proc = None
    url = args.url
    tmp = tempfile.TemporaryDirectory()
    if url is None:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = subprocess.Popen([sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port),
                                 "--data", tmp.name, "--bot-delay", "0", "--create-burst", "1000000", "--max-sockets-per-client", "1000000"],
                                stdout=subprocess.DEVNULL)
        for _ in range(200):
            try:
                if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)
    try:
        result = asyncio.run(run(args, url))
    finally:
        if proc is not None:
            proc.send_signal(signal.SIGTERM)
            proc.wait(20)
        tmp.cleanup()
    print(f"{args.tables} tables: {result['actions_per_second']} actions/s, p50 {result['latency_ms']['p50']} ms, "
          f"p99 {result['latency_ms']['p99']} ms", file=sys.stderr)
    return result


if __name__ == "__main__":
    main()
