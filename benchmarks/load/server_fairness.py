"""Fair thinking time: does one address running its whole allowance of search tables slow
everybody else down? Before (one search worker, first come first served) and after (a pool sized
to the cores, round robin per client, a cap per client), side by side in one run.

For each mode a fresh server (bot delay 0, SQLite in a temporary folder, loopback only) runs:

* a **person's table**: one WebSocket person (acting at once) and three ``search:medium`` computer
  players; measured: the person's wait from their acknowledged action until it is their turn again
  (the computer players' moves in between);
* ``--plain`` **plain tables** of four WebSocket random players (thinking 0.2-0.6 s); measured:
  action to acknowledgement (p50/p99);

first ``idle``, then ``loaded`` with ``--flood`` bot-only ``search:hard`` tables opened from a
second loopback address (127.0.0.2: "one address"). The aims: the person's median wait loaded
within 2x of idle, the plain tables' p99 loaded within 2x of idle.

    python benchmarks/load/server_fairness.py --seconds 40 --flood 9 --plain 10

Results: ``benchmarks/results/server_fairness.json`` (with the machine's load average).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
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
from benchmarks.load.client import Stats, free_port, open_search_table, open_table, pct, seat_client, wait_up

SERVER = """
import sys, uvicorn
from stammtisch.server import ServerConfig, create_app
port, data, procs, fair = int(sys.argv[1]), sys.argv[2], int(sys.argv[3]), sys.argv[4] == "fair"
cfg = ServerConfig(bot_delay=0.0, search_processes=procs if procs > 0 else None, search_fair=fair,
                   create_burst=100000, max_sockets_per_client=100000, warm_search=True)
uvicorn.run(create_app(database_url=f"sqlite:///{data}/s.sqlite3", config=cfg), host="127.0.0.1", port=port,
            log_level="warning")
"""


async def person(url: str, tid: str, token: str, waits: list[float], per_move: list[float], measuring: list[bool],
                 stop: asyncio.Event, rng: random.Random, pending: list[float]) -> None:
    """Acts at once whenever it is this seat's turn; records the wait from its acknowledged action
    to its next turn when computer players moved in between (and that wait per computer move)."""
    async with websockets.connect(f"{url}/ws/{tid}", max_size=2**22, ping_interval=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        acked_at: float | None = None
        acked_version = 0
        acted_version = -1
        while not stop.is_set():
            try:
                msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
            except asyncio.TimeoutError:
                continue
            if msg["type"] == "ack":
                acked_at, acked_version = time.perf_counter(), msg["version"]
            elif msg["type"] == "state":
                view = msg["view"]
                if not view or view.get("over"):
                    if view and view.get("over"):
                        return
                    continue
                if view["seat"] in view["to_act"] and view["legal"] and msg["version"] > acted_version:
                    moves = msg["version"] - acked_version
                    if acked_at is not None and measuring[0] and moves > 0:
                        waits.append(time.perf_counter() - acked_at)
                        per_move.append(waits[-1] / moves)
                    acked_at = None
                    acted_version = msg["version"]
                    await ws.send(json.dumps({"type": "act", "version": msg["version"],
                                              "action": rng.choice(view["legal"])}))
        if acked_at is not None:  # still waiting when the run ended: at least this long
            pending.append(time.perf_counter() - acked_at)


async def phase(url: str, game: str, args: argparse.Namespace, flood: int) -> dict:
    rng = random.Random(args.seed)
    stop = asyncio.Event()
    measuring = [False]
    waits: list[float] = []
    per_move: list[float] = []
    pending: list[float] = []
    stats = Stats()
    async with httpx.AsyncClient(base_url=url, timeout=120) as client, \
            httpx.AsyncClient(base_url=url, timeout=120,
                              transport=httpx.AsyncHTTPTransport(local_address="127.0.0.2")) as other:
        seats = next(g["seats"] for g in (await client.get("/api/games")).json()["games"] if g["name"] == game)
        for _ in range(flood):  # one address, its whole allowance
            await open_search_table(other, game, "search:hard")
        mine = await open_search_table(client, game, "search:medium", "Person")
        plain = [await open_table(client, game, seats) for _ in range(args.plain)]
    tasks = [asyncio.create_task(person(url.replace("http", "ws"), mine["id"], mine["token"], waits, per_move, measuring,
                                        stop, random.Random(1), pending))]
    for tid, tokens in plain:
        for tok in tokens:
            tasks.append(asyncio.create_task(seat_client(url.replace("http", "ws"), tid, tok, (0.2, 0.6), stats, stop,
                                                         random.Random(rng.random()))))
    await asyncio.sleep(args.warmup)
    measuring[0] = stats.measuring = True
    load0 = os.getloadavg()[0]
    await asyncio.sleep(args.seconds)
    measuring[0] = stats.measuring = False
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:  # the next phase starts clean
        for tid, owner in [(mine["id"], mine["token"])] + [(tid, tokens[0]) for tid, tokens in plain]:
            await client.request("DELETE", f"/api/tables/{tid}", json={"token": owner})
    return {"flood_tables": flood, "person_waits": len(waits),
            "person_wait_ms": {"p50": pct(waits, 0.5, digits=1), "p90": pct(waits, 0.9, digits=1),
                               "mean": round(statistics.fmean(waits) * 1000, 1) if waits else None},
            "person_wait_per_computer_move_ms": {"p50": pct(per_move, 0.5, digits=1),
                                                 "p90": pct(per_move, 0.9, digits=1)},
            "person_still_waiting_at_end_ms": round(pending[0] * 1000) if pending else None,
            "plain_actions": stats.actions, "plain_ack_ms": {"p50": pct(stats.latencies, 0.5, digits=1),
                                                             "p99": pct(stats.latencies, 0.99, digits=1)},
            "load_average_1min": [round(load0, 2), round(os.getloadavg()[0], 2)]}


def serve(mode: str, procs: int) -> tuple[subprocess.Popen, str, tempfile.TemporaryDirectory]:
    tmp = tempfile.TemporaryDirectory()
    port = free_port()
    proc = subprocess.Popen([sys.executable, "-c", SERVER, str(port), tmp.name, str(procs), mode],
                            stdout=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}"
    wait_up(url, 600, proc)
    return proc, url, tmp


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="doppelkopf")
    ap.add_argument("--seconds", type=float, default=40)
    ap.add_argument("--warmup", type=float, default=15, help="seconds before measuring (kernels compile)")
    ap.add_argument("--flood", type=int, default=9, help="search:hard tables from one address")
    ap.add_argument("--plain", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", type=Path, default=None, help="results file (default server_fairness.json in --results)")
    add_results_arg(ap)
    args = ap.parse_args()
    args.out = args.out or results_path("server_fairness.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    modes = {"before": ("fifo", 1), "after": ("fair", 0)}
    out: dict = {"benchmark": "server_fairness", "game": args.game, "seconds": args.seconds,
                 "plain_tables": args.plain, "flood_tables": args.flood, "modes": {}}
    for name, (mode, procs) in modes.items():
        proc, url, tmp = serve(mode, procs)
        try:
            runs = {}
            for label, flood in (("idle", 0), ("loaded", args.flood)):
                runs[label] = asyncio.run(phase(url, args.game, args, flood))
                print(name, label, json.dumps(runs[label]), file=sys.stderr, flush=True)
                if label == "idle":  # the idle tables stay; the flood joins them
                    pass
            idle, loaded = runs["idle"], runs["loaded"]
            runs["person_wait_ratio_p50"] = round(loaded["person_wait_ms"]["p50"] / idle["person_wait_ms"]["p50"], 2) \
                if idle["person_wait_ms"]["p50"] and loaded["person_wait_ms"]["p50"] else None
            runs["plain_p99_ratio"] = round(loaded["plain_ack_ms"]["p99"] / idle["plain_ack_ms"]["p99"], 2) \
                if idle["plain_ack_ms"]["p99"] and loaded["plain_ack_ms"]["p99"] else None
            runs["search_processes"] = "1 (first come, first served)" if mode == "fifo" else "one per core, fair"
            out["modes"][name] = runs
        finally:
            proc.send_signal(signal.SIGTERM)
            try:
                proc.wait(30)
            except subprocess.TimeoutExpired:
                proc.kill()
            tmp.cleanup()
    out["aim"] = "loaded/idle within 2x for the person's median wait and the plain tables' p99"
    out["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version(),
                      "note": "2 cores shared with other sessions; see load_average_1min per phase"}
    out["when"] = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
    print(json.dumps(out, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
