"""Do search tables starve the others? Plain tables' latency with and without busy search tables.

Starts ``stammtisch serve`` (bot delay 0) on a fresh SQLite database, opens ``--plain`` tables of
WebSocket people (random players thinking 0.5-1.5 s, as in ``server_load.py``) and measures the
latency from an action to its acknowledgement. Three runs, side by side in one session:

* ``idle``: the plain tables alone;
* ``search``: plus ``--search`` tables of four computer players at ``search:<level>`` that think
  without pause, with the search in the worker process pool (``--search-processes``, the default);
* ``search_in_thread``: the same, with the search in a thread of the server process
  (``--search-processes 0``, how the server ran search players before).

The three are alternated ``--repeat`` times; the result holds every run and the median p99 of each.

The target (issue 11): with N search tables running, the plain tables' p99 stays within 2x of idle.

    python benchmarks/load/server_search_load.py --plain 50 --search 4 --seconds 30

Results: ``benchmarks/results/server_search_load.json``.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import platform
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path
from benchmarks.load.client import (Stats, free_port, latency_summary, open_search_table, open_table, seat_client,
                                    serve_command, start_server, stop_server)


async def measure(args: argparse.Namespace, url: str, search_tables: int) -> dict:
    rng = random.Random(args.seed)
    stats = Stats()
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=60) as client:
        games = (await client.get("/api/games")).json()["games"]
        seats = next(g["seats"] for g in games if g["name"] == args.game)
        plain = [await open_table(client, args.game, seats) for _ in range(args.plain)]
        searching = [(await open_search_table(client, args.game, f"search:{args.level}"))["id"]
                     for _ in range(search_tables)]

        async def table_loop(tid: str, tokens: list[str]) -> None:
            await asyncio.gather(*[seat_client(url.replace("http", "ws"), tid, tok, (0.5, 1.5), stats, stop,
                                               random.Random(rng.random())) for tok in tokens])

        gc.collect()
        gc.freeze()
        gc.disable()
        load_before = os.getloadavg()[0]
        tasks = [asyncio.create_task(table_loop(tid, toks)) for tid, toks in plain]
        await asyncio.sleep(args.warmup)
        v0 = {}
        for tid in searching:
            v0[tid] = await _actions(client, tid)
        stats.measuring = True
        start = time.perf_counter()
        await asyncio.sleep(args.seconds)
        elapsed = time.perf_counter() - start
        stats.measuring = False
        search_actions = 0
        for tid in searching:
            search_actions += await _actions(client, tid) - v0[tid]
        stop.set()
        await asyncio.wait(tasks, timeout=10)
        gc.enable()
        gc.unfreeze()
    return {"plain_tables": args.plain, "search_tables": search_tables, "seconds": round(elapsed, 1),
            "plain_actions": stats.actions, "errors": stats.errors,
            "search_decisions_per_second": round(search_actions / elapsed, 2),
            "latency_ms": latency_summary(stats.latencies),
            "load_average_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)]}


async def _actions(client: httpx.AsyncClient, tid: str) -> int:
    """How far a search table has come: deals and actions from its public info are not exposed, so
    count the state versions through a Kiebitz snapshot."""
    import websockets

    async with websockets.connect(f"{client.base_url}".replace("http", "ws") + f"/ws/{tid}", max_size=2**22) as ws:
        await ws.send(json.dumps({"type": "hello"}))
        while True:
            msg = json.loads(await ws.recv())
            if msg["type"] == "state":
                return int(msg["version"])


def one(args: argparse.Namespace, processes: int, search_tables: int) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        proc = start_server(serve_command(port, data=tmp, search_processes=processes), url)
        try:
            out = asyncio.run(measure(args, url, search_tables))
        finally:
            stop_server(proc)
    out["search_processes"] = processes
    print(f"processes={processes} search_tables={search_tables}: p50 {out['latency_ms']['p50']} ms, "
          f"p99 {out['latency_ms']['p99']} ms, {out['search_decisions_per_second']} search decisions/s",
          file=sys.stderr)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--plain", type=int, default=50, help="tables of people (random players with think time)")
    ap.add_argument("--search", type=int, default=4, help="tables of four search players")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--search-processes", type=int, default=1)
    ap.add_argument("--game", default="jass")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=2, help="alternated rounds of the three configurations")
    ap.add_argument("--out", type=Path, default=None, help="results file (default server_search_load.json in --results)")
    add_results_arg(ap)
    args = ap.parse_args()
    # alternated, ``--repeat`` times, so that the machine's load (shared) falls on every configuration alike
    runs: dict[str, list[dict]] = {"idle": [], "search": [], "search_in_thread": []}
    for _ in range(args.repeat):
        runs["idle"].append(one(args, args.search_processes, 0))
        runs["search"].append(one(args, args.search_processes, args.search))
        runs["search_in_thread"].append(one(args, 0, args.search))
    p99 = {k: statistics.median(r["latency_ms"]["p99"] for r in v) for k, v in runs.items()}
    result = {
        "benchmark": "server_search_load", "game": args.game, "level": args.level, "repeat": args.repeat,
        "runs": runs,
        "p99_ms_median": p99,
        "p99_ratio_to_idle": {k: round(v / p99["idle"], 2) for k, v in p99.items()},
        "target": "plain tables' p99 within 2x of idle with search tables running",
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(), "platform": platform.platform()},
        "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
    }
    print(json.dumps(result, indent=1))
    args.out = args.out or results_path("server_search_load.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(result, indent=1) + "\n")


if __name__ == "__main__":
    main()
