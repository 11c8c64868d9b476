"""CPU time per acknowledged action: the server (every process of ``serve``), PostgreSQL and the
benchmark client, for two revisions of the server side by side in one run.

The latency of a loaded server depends on the machine's load; the CPU time the server spends per
acknowledged action hardly does (as long as the server is not saturated), so it is the figure to
compare revisions by. For each revision (``--before``: a git revision whose ``src`` is unpacked
and run; ``after``: this worktree) and ``--repeat`` alternated rounds, a fresh database, one
``serve --cluster`` process on PostgreSQL, ``--tables`` tables of four WebSocket random players
thinking 0.5-1.5 s; measured over ``--seconds``: the CPU seconds of the server's process tree,
of the PostgreSQL server's process tree (found by its port) and of the client, divided by the
acknowledged actions.

    python benchmarks/load/server_cpu.py --database-url postgresql+psycopg://postgres@127.0.0.1:55432/db \\
        --before HEAD~3 --tables 300 --seconds 30

Results: ``benchmarks/results/server_cpu.json`` (with the machine's load average).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path, unpack_src
from benchmarks.load.client import (cpu_seconds, free_port, pick_game, play_tables, serve_command, start_server,
                                    stop_server)
from benchmarks.load.server_scale import empty


def postgres_pid(url: str) -> int | None:
    """The PostgreSQL postmaster listening on ``url``'s port (a process of this machine), if found."""
    from sqlalchemy.engine import make_url

    port = str(make_url(url).port or 5432)
    for p in Path("/proc").iterdir():
        if not p.name.isdigit():
            continue
        try:
            args = (p / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        if args and args[0].endswith(b"postgres") and b"-p" in args and port.encode() in args:
            return int(p.name)
    return None


def prepared(url: str) -> None:
    """An empty database with every table migrated (before any server starts: several workers of an
    older revision raced migrating an empty one)."""
    from stammtisch.scorekeeper.store import Store as ScoreStore
    from stammtisch.server.workers import migrate_once

    empty(url)
    migrate_once(url, (ScoreStore,))


def one(args: argparse.Namespace, label: str, src: Path | None, processes: int, client: str = "lean") -> dict:
    prepared(args.database_url)
    port = free_port()
    env = dict(os.environ)
    if src is not None:
        path = str(src)
        if args.hide_uvloop:
            # an earlier revision from before uvloop, with its own event loop: asyncio's (uvloop is hidden)
            hide = src.parent / "hide_uvloop"
            (hide / "uvloop").mkdir(parents=True, exist_ok=True)
            (hide / "uvloop" / "__init__.py").write_text("raise ImportError('hidden for the before run')\n")
            path = f"{hide}{os.pathsep}{src}"
        env["PYTHONPATH"] = f"{path}{os.pathsep}{env['PYTHONPATH']}" if env.get("PYTHONPATH") else path
    url = f"http://127.0.0.1:{port}"
    proc = start_server(serve_command(port, database_url=args.database_url, cluster=True, workers=processes,
                                      search_processes=0, http_cap=src is None), url, env=env)
    pg = postgres_pid(args.database_url)
    try:
        probes = [lambda: cpu_seconds(proc.pid)] + ([lambda: cpu_seconds(pg)] if pg else [])
        r = asyncio.run(play_tables(url, args.game, args.tables, (0.5, 1.5), args.seed, args.warmup, args.seconds,
                                    on_measure=probes, client_kind=client))
    finally:
        stop_server(proc)
    (s0, *p0), (s1, *p1) = r.pop("marks")
    n = r["actions"]
    r["server_cpu_seconds"] = round(s1 - s0, 3)
    # no action acknowledged in the window: the server was saturated; no figure per action
    r["server_cpu_ms_per_action"] = round((s1 - s0) / n * 1000, 3) if n else None
    r["server_cpu_share"] = round((s1 - s0) / r["seconds"], 3)  # cores the server used
    if pg:
        r["postgres_cpu_ms_per_action"] = round((p1[0] - p0[0]) / n * 1000, 3) if n else None
    r["revision"] = label
    r["processes"] = processes
    print(json.dumps(r), file=sys.stderr, flush=True)
    return r


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--database-url", default=os.environ.get("STAMMTISCH_TEST_POSTGRES_URL"))
    ap.add_argument("--before", default=None, help="git revision to compare with (its src is unpacked)")
    ap.add_argument("--tables", type=int, default=300)
    ap.add_argument("--processes", default="1,2", help="server processes: 1 (--cluster) or N (--workers N)")
    ap.add_argument("--seconds", type=float, default=30)
    ap.add_argument("--warmup", type=float, default=5)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--game", default=None)
    ap.add_argument("--hide-uvloop", action="store_true", help="run --before without uvloop (a revision before it)")
    ap.add_argument("--clients", default="lean", help="players (benchmarks.load.client.CLIENTS), comma-separated: "
                                                     "the first for both revisions, the others for this one only")
    ap.add_argument("--out", type=Path, default=None, help="results file (default server_cpu.json in --results)")
    add_results_arg(ap)
    args = ap.parse_args()
    if not args.database_url:
        raise SystemExit("give --database-url (a PostgreSQL the benchmark may empty)")
    args.game = args.game or pick_game()
    args.uptime_start = _uptime()
    runs: dict[str, list[dict]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        old = unpack_src(args.before, tmp) if args.before else None
        clients = args.clients.split(",")
        for procs in (int(x) for x in args.processes.split(",")):
            for _ in range(args.repeat):  # alternated: the machine's load falls on all alike
                for client in clients:
                    tag = "" if client == clients[0] else f"_{client}"
                    if old is not None and not tag:  # the earlier revision with the first client only
                        runs.setdefault(f"before_{procs}", []).append(one(args, args.before, old, procs, client))
                    runs.setdefault(f"after_{procs}{tag}", []).append(one(args, "worktree", None, procs, client))
                    _write(args, runs)  # what is done so far
    out = _write(args, runs)
    print(json.dumps(out["median"], indent=1))


def _write(args: argparse.Namespace, runs: dict[str, list[dict]]) -> dict:
    out = summarise(args, runs)
    args.out = args.out or results_path("server_cpu.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")
    return out


def summarise(args: argparse.Namespace, runs: dict[str, list[dict]]) -> dict:
    """Medians per configuration over the runs that acknowledged any action (a run with none is kept
    in ``runs`` and counted in ``saturated_runs``)."""
    fields = ("server_cpu_ms_per_action", "postgres_cpu_ms_per_action", "client_cpu_ms_per_action")
    med = {k: {f: round(statistics.median(r[f] for r in v if r.get(f) is not None), 3)
               for f in fields if any(r.get(f) is not None for r in v)} for k, v in runs.items()}
    saturated = {k: sum(1 for r in v if not r["actions"]) for k, v in runs.items()}
    ratio = {k[len("after_"):]: round(v["server_cpu_ms_per_action"] / med["before_" + k[len("after_"):]]
                                      ["server_cpu_ms_per_action"], 3)
             for k, v in med.items() if k.startswith("after_") and "before_" + k[len("after_"):] in med
             and v.get("server_cpu_ms_per_action") and med["before_" + k[len("after_"):]].get("server_cpu_ms_per_action")}
    chain = {k: round(sum(v.get(f) or 0 for f in fields), 3) for k, v in med.items()}
    return {"benchmark": "server_cpu", "game": args.game, "tables": args.tables, "seconds": args.seconds,
            "before": args.before, "runs": runs, "median": med, "saturated_runs": saturated,
            "server_cpu_ratio_after_to_before_by_processes": ratio,
            "chain_cpu_ms_per_action": chain, "clients": args.clients.split(","),
            "what": "CPU seconds (user+system) of the server's process tree, of PostgreSQL's and of the client "
                    "over the measuring window, divided by the acknowledged actions in it",
            "database": "postgresql (one, loopback); 1 process: serve --cluster, more: serve --workers N",
            "keys": "before_N / after_N: N server processes, the first client; after_N_<client>: this revision "
                    "with another client (lean: benchmarks/load/leanclient.py; websockets: the websockets library)",
            "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                        "uptime_start": getattr(args, "uptime_start", None), "uptime": _uptime(),
                        "note": "2 cores shared with other sessions; client, server and PostgreSQL on the same cores"},
            "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}


def _uptime() -> str:
    import subprocess

    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


if __name__ == "__main__":
    main()
