"""Load benchmark of the table server: N concurrent tables of computer players over loopback WebSockets.

Starts ``stammtisch serve`` as a child process on a fresh SQLite database, opens ``--tables``
tables of ``--game`` with every seat taken by a WebSocket client (a random player that waits
``--think`` seconds, like a person, before acting), plays for ``--seconds`` and reports
actions per second and the latency from sending an action to receiving its acknowledgement
(which the server sends only after the action is in the log); the players are
:mod:`benchmarks.load.client`'s.

    python benchmarks/load/server_load.py --tables 500 --seconds 60

Results go to ``benchmarks/results/server_load.json``. The target (issue 6): 500 tables on a
2-core machine with p99 below 50 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path
from benchmarks.load.client import free_port, pick_game, play_tables, serve_command, start_server, stop_server


async def run(args: argparse.Namespace, url: str) -> dict:
    r = await play_tables(url, args.game, args.tables, (args.think_min, args.think_max), args.seed, args.warmup,
                          args.seconds)
    r.pop("marks", None)
    load = r.pop("load_average_1min")
    return {"benchmark": "server_load", "game": args.game, **r, "target": {"tables": 500, "p99_ms": 50},
            "machine": {"cpus": os.cpu_count(), "load_average_1min_before": load[0],
                        "load_average_1min_after": load[1], "python": platform.python_version(),
                        "platform": platform.platform()},
            "database": "sqlite (WAL)"}


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
    with tempfile.TemporaryDirectory() as tmp:
        proc = None
        url = args.url
        if url is None:
            port = free_port()
            url = f"http://127.0.0.1:{port}"
            proc = start_server(serve_command(port, data=tmp), url)
        try:
            result = asyncio.run(run(args, url))
        finally:
            if proc is not None:
                stop_server(proc)
    print(f"{args.tables} tables: {result['actions_per_second']} actions/s, p50 {result['latency_ms']['p50']} ms, "
          f"p99 {result['latency_ms']['p99']} ms", file=sys.stderr)
    return result


if __name__ == "__main__":
    main()
