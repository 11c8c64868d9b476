"""Scale-out of the table server: 1, 2 and 4 processes (``stammtisch serve --workers N``) on one
PostgreSQL, N bot tables over loopback WebSockets; and the kill-one-process run.

* **Scaling**: for each process count and table count, a fresh database, ``serve --workers N``
  on one port (``serve --cluster`` for one process; the kernel spreads connections over the
  processes; a socket that reaches a process not playing its table is relayed to the owner), tables
  of four WebSocket random players thinking 0.5-1.5 s (:mod:`benchmarks.load.client`): actions per
  second; the latency of each acknowledged action, from the client handing the ``act`` frame to its
  socket to the client reading the ``ack`` (sent after the commit), p50/p90/p99 over every action
  of the measuring window; and the CPU time per action of the server processes, of PostgreSQL and
  of the client, with the cores they used together (the client shares the machine's cores).
* **Kill one process**: two ``serve --cluster`` processes on two ports, half the tables opened at
  each, players connected to both; one process gets SIGKILL mid-run; its players connect to the
  other. Measured: the takeover time (until every playing table has an owner again and answers)
  and the acknowledged actions missing from the action log afterwards (must be 0).

Needs a PostgreSQL (``--database-url``, e.g. from ``scripts/ci-postgres``); loopback only.

    python benchmarks/load/server_scale.py --database-url postgresql+psycopg://postgres@127.0.0.1:55432/db \\
        --processes 1,2,4 --tables 300,1000,2000 --seconds 20

* **Behind a table-sticky proxy** (``--sticky``): side by side in one invocation, alternating, the
  same tables with two processes three ways: ``serve --workers 2`` on one port (the kernel spreads
  the sockets, about half are relayed), HAProxy round robin over two ``serve --cluster`` processes
  (relayed the same way, through the proxy) and HAProxy table-sticky (:mod:`.sticky`: a table's
  requests and sockets go to the process that plays it, nothing relayed). HAProxy's own CPU is
  measured apart. The rows go under ``sticky_proxy`` in the results file; the file is written only
  with ``--update`` (its other sections are kept as they are).

    python benchmarks/load/server_scale.py --database-url ... --sticky --tables 300 --rounds 2 --update

Results: ``benchmarks/results/server_scale.json`` (with the machine's load average and ``uptime``).
A process count whose share of sockets is above one process's connection limit
(``ServerConfig.max_connections``) is left out, with the reason.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path
from benchmarks.load.client import (cpu_seconds, free_port, pick_game, play_tables, serve_command, start_server,
                                    stop_server)


def empty(url: str) -> None:
    from sqlalchemy import inspect, text

    from stammtisch.storage import make_engine

    eng = make_engine(url)
    with eng.begin() as c:
        for t in inspect(c).get_table_names():
            if t.startswith(("server_", "sk_")) or t.startswith("alembic_version"):
                c.execute(text(f"DROP TABLE IF EXISTS {t} CASCADE"))
    eng.dispose()


def serve(url: str, port: int, workers: int = 1, cluster: bool = True) -> subprocess.Popen:
    return start_server(serve_command(port, database_url=url, workers=workers, cluster=cluster, search_processes=0),
                        f"http://127.0.0.1:{port}")


def stop(proc: subprocess.Popen) -> None:
    stop_server(proc)


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def scaling(args: argparse.Namespace, procs: int, tables: int) -> dict:
    from benchmarks.load.server_cpu import postgres_pid
    from stammtisch.server import ServerConfig

    limit = ServerConfig().max_connections
    if tables * 4 / procs > limit:
        return {"processes": procs, "tables": tables, "skipped": f"{tables * 4} sockets over {procs} process(es) "
                                                                 f"is above one process's limit of {limit}"}
    from benchmarks.load.server_cpu import prepared

    prepared(args.database_url)
    port = free_port()
    proc = serve(args.database_url, port, procs)
    pg = postgres_pid(args.database_url)
    before = uptime()
    try:
        probes = [lambda: cpu_seconds(proc.pid)] + ([lambda: cpu_seconds(pg)] if pg else [])
        r = asyncio.run(play_tables(f"http://127.0.0.1:{port}", args.game, tables, (0.5, 1.5), 1, args.warmup,
                                    args.seconds, on_measure=probes))
    finally:
        stop(proc)
    (s0, *p0), (s1, *p1) = r.pop("marks")
    n = r["actions"] or float("nan")  # no action acknowledged: no figure per action
    out = {"processes": procs, "tables": tables, "connections": r["connections"], "connected": r["connected"],
           "connect_seconds": r["connect_seconds"],
           "actions_per_second": r["actions_per_second"], "latency_ms": r["latency_ms"], "errors": r["errors"],
           "client": r["client"],
           "setup_seconds": r["setup_seconds"],
           "cpu_ms_per_action": {"server": round((s1 - s0) / n * 1000, 3) if r["actions"] else None,
                                 "postgres": round((p1[0] - p0[0]) / n * 1000, 3) if pg and r["actions"] else None,
                                 "client": r["client_cpu_ms_per_action"]},
           "cores_used": {"server": round((s1 - s0) / r["seconds"], 2),
                          "postgres": round((p1[0] - p0[0]) / r["seconds"], 2) if pg else None,
                          "client": round((r["client_cpu_ms_per_action"] or 0) * r["actions"] / 1000 / r["seconds"], 2)},
           "load_average_1min": r["load_average_1min"], "uptime_before": before, "uptime_after": uptime()}
    return out


# -- behind a proxy: relayed against table-sticky ----------------------------------------------------
STICKY_MODES = ("workers", "proxy-round-robin", "proxy-sticky")


def proxied(args: argparse.Namespace, mode: str, tables: int) -> dict:
    """One row of ``--sticky``: two processes, ``mode`` one of :data:`STICKY_MODES`."""
    if mode == "workers":
        row = scaling(args, 2, tables)
        row["mode"] = mode
        row["cpu_ms_per_action"]["proxy"] = None
        return row
    from benchmarks.load.server_cpu import postgres_pid, prepared
    from benchmarks.load.sticky import start_haproxy

    prepared(args.database_url)
    ports = [free_port(), free_port()]
    procs = [serve(args.database_url, p) for p in ports]
    front = free_port()
    proxy = None
    pg = postgres_pid(args.database_url)
    before = uptime()
    try:
        proxy = start_haproxy(front, ports, sticky=mode == "proxy-sticky")
        probes = [lambda: sum(cpu_seconds(p.pid) for p in procs)] + ([lambda: cpu_seconds(pg)] if pg else []) \
            + [lambda: cpu_seconds(proxy.pid)]
        r = asyncio.run(play_tables(f"http://127.0.0.1:{front}", args.game, tables, (0.5, 1.5), 1, args.warmup,
                                    args.seconds, on_measure=probes))
    finally:
        if proxy is not None:
            proxy.terminate()
            proxy.wait(10)
        for p in procs:
            stop(p)
    (s0, *p0), (s1, *p1) = r.pop("marks")
    g0, h0 = (p0[0], p0[1]) if pg else (None, p0[0])
    g1, h1 = (p1[0], p1[1]) if pg else (None, p1[0])
    n = r["actions"] or float("nan")

    def per(a: float | None, b: float | None) -> float | None:
        return round((b - a) / n * 1000, 3) if r["actions"] and a is not None and b is not None else None

    return {"mode": mode, "processes": 2, "tables": tables, "connections": r["connections"],
            "connected": r["connected"], "actions_per_second": r["actions_per_second"], "latency_ms": r["latency_ms"],
            "errors": r["errors"], "setup_seconds": r["setup_seconds"],
            "cpu_ms_per_action": {"server": per(s0, s1), "postgres": per(g0, g1), "proxy": per(h0, h1),
                                  "client": r["client_cpu_ms_per_action"]},
            "cores_used": {"server": round((s1 - s0) / r["seconds"], 2),
                           "proxy": round((h1 - h0) / r["seconds"], 2)},
            "load_average_1min": r["load_average_1min"], "uptime_before": before, "uptime_after": uptime()}


def sticky_run(args: argparse.Namespace) -> dict:
    """``--rounds`` rounds of :data:`STICKY_MODES` at each table count, alternating; medians."""
    rows = []
    for n in (int(x) for x in args.tables.split(",")):
        for k in range(args.rounds):
            order = STICKY_MODES if k % 2 == 0 else tuple(reversed(STICKY_MODES))
            for mode in order:
                try:
                    row = proxied(args, mode, n)
                except Exception as e:  # recorded with its reason, never a figure
                    row = {"mode": mode, "tables": n, "skipped": f"{type(e).__name__}: {e}"[:400], "uptime": uptime()}
                row["round"] = k + 1
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
    import statistics

    summary = []
    for n in sorted({r["tables"] for r in rows}):
        for mode in STICKY_MODES:
            got = [r for r in rows if r["tables"] == n and r["mode"] == mode and "skipped" not in r]
            if not got:
                continue

            def med(f):  # noqa: ANN001, ANN202 - a small local helper
                vals = [f(r) for r in got if f(r) is not None]
                return round(statistics.median(vals), 3) if vals else None

            summary.append({"mode": mode, "tables": n, "rounds": len(got),
                            "server_cpu_ms_per_action": med(lambda r: r["cpu_ms_per_action"]["server"]),
                            "proxy_cpu_ms_per_action": med(lambda r: r["cpu_ms_per_action"]["proxy"]),
                            "postgres_cpu_ms_per_action": med(lambda r: r["cpu_ms_per_action"]["postgres"]),
                            "actions_per_second": med(lambda r: r["actions_per_second"]),
                            "p50_ms": med(lambda r: r["latency_ms"]["p50"]),
                            "p99_ms": med(lambda r: r["latency_ms"]["p99"])})
    return {"what": "two processes, the same tables three ways, alternating in one invocation: serve --workers 2 "
                    "(kernel spreads the sockets; about half relayed), HAProxy round robin over two serve --cluster "
                    "processes (relayed the same way), HAProxy table-sticky (benchmarks/load/sticky.py: nothing "
                    "relayed); the proxy's CPU apart; medians over the rounds",
            "haproxy": subprocess.run(["haproxy", "-v"], capture_output=True, text=True).stdout.split("\n")[0],
            "seconds": args.seconds, "warmup_seconds": args.warmup, "rows": rows, "medians": summary,
            "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
            "machine": {"cpus": os.cpu_count(), "uptime_at_end": uptime(),
                        "note": "2 cores shared with other sessions (up to eight engineers' jobs); client, "
                                "servers, proxy and PostgreSQL on the same cores"}}


# -- the kill-one-process run ------------------------------------------------------------------------
async def player(urls: list[str], first: int, tid: str, token: str, acked: list, stop_ev: asyncio.Event,
                 rng: random.Random, switched: list) -> None:
    """A seat that acts randomly on its turn; when its process goes away it connects to the other."""
    i = first
    while not stop_ev.is_set():
        try:
            async with websockets.connect(f"{urls[i].replace('http', 'ws')}/ws/{tid}", max_size=2**22, ping_interval=None,
                                          open_timeout=10) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token}))
                sent: tuple[int, str] | None = None
                while not stop_ev.is_set():
                    try:
                        msg = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    except asyncio.TimeoutError:
                        continue
                    if msg["type"] == "ack" and sent is not None:
                        if not msg.get("duplicate"):
                            acked.append((tid, sent[0], sent[1]))
                        sent = None
                    elif msg["type"] == "error":
                        sent = None
                    elif msg["type"] == "state":
                        view = msg["view"]
                        if not view or view.get("over"):
                            if view and view.get("over"):
                                return
                            continue
                        if view["seat"] in view["to_act"] and view["legal"] and sent is None:
                            await asyncio.sleep(rng.uniform(0.2, 0.6))
                            action = rng.choice(view["legal"])
                            sent = (view["seat"], action)
                            await ws.send(json.dumps({"type": "act", "version": msg["version"], "action": action}))
        except (OSError, websockets.exceptions.WebSocketException, asyncio.TimeoutError):
            if i == first:
                switched.append(time.monotonic())
            i = 1 - first if i == first else i
            await asyncio.sleep(0.2)


async def kill_run(args: argparse.Namespace) -> dict:
    from benchmarks.load.server_cpu import prepared

    prepared(args.database_url)
    ports = [free_port(), free_port()]
    procs = [serve(args.database_url, p) for p in ports]
    urls = [f"http://127.0.0.1:{p}" for p in ports]
    rng = random.Random(3)
    acked: list = []
    switched: list = []
    stop_ev = asyncio.Event()
    tasks = []
    try:
        made = []
        async with httpx.AsyncClient(timeout=60) as client:
            seats = next(g["seats"] for g in (await client.get(urls[0] + "/api/games")).json()["games"]
                         if g["name"] == args.game)
            for k in range(args.kill_tables):
                url = urls[k % 2]
                r = (await client.post(url + "/api/tables", json={"game": args.game, "name": "B0",
                                                                   "bot": "random"})).json()
                tid, tokens = r["table"]["id"], [r["token"]]
                for s in range(1, seats):
                    tokens.append((await client.post(url + f"/api/tables/{tid}/seats",
                                                     json={"name": f"B{s}"})).json()["token"])
                (await client.post(url + f"/api/tables/{tid}/start", json={"token": tokens[0]})).raise_for_status()
                made.append((k % 2, tid, tokens))
        for home, tid, tokens in made:
            for s, tok in enumerate(tokens):
                first = home if s % 2 == 0 else 1 - home  # half the seats on the other process (relayed)
                tasks.append(asyncio.create_task(player(urls, first, tid, tok, acked, stop_ev,
                                                        random.Random(rng.random()), switched)))
        await asyncio.sleep(args.seconds / 2)
        before = len(acked)
        killed_at = time.monotonic()
        procs[0].send_signal(signal.SIGKILL)
        procs[0].wait(10)
        # takeover: every table opened at the killed process answers at the survivor again
        owned_again = None
        async with httpx.AsyncClient(timeout=10) as client:
            while time.monotonic() - killed_at < 60:
                ok = 0
                for home, tid, _tokens in made:
                    if home == 0:
                        r = await client.post(urls[1] + f"/api/tables/{tid}/seats", json={"name": "probe"})
                        ok += r.status_code == 409  # answered by the owner: "started"
                if ok == sum(1 for h, _, _ in made if h == 0):
                    owned_again = time.monotonic() - killed_at
                    break
                await asyncio.sleep(0.1)
        await asyncio.sleep(args.seconds / 2)
        stop_ev.set()
        await asyncio.wait(tasks, timeout=15)
        after = len(acked) - before
    finally:
        for p in procs:
            stop(p)
    # every acknowledged action must be in the log, in order, per table and seat
    from sqlalchemy import text

    from stammtisch.storage import make_engine

    eng = make_engine(args.database_url)
    with eng.connect() as c:
        rows = c.execute(text("select t.public_id, a.seat, a.action from server_actions a join server_tables t "
                              "on t.number = a.table_number order by a.table_number, a.version")).all()
    eng.dispose()
    logged: dict[tuple[str, int], list[str]] = {}
    for tid, seat, action in rows:
        logged.setdefault((tid, seat), []).append(action)
    mine: dict[tuple[str, int], list[str]] = {}
    for tid, seat, action in acked:
        mine.setdefault((tid, seat), []).append(action)
    lost = 0
    for key, acts in mine.items():
        log_acts, j = logged.get(key, []), 0
        for a in acts:  # a subsequence of the log (an action applied but not acknowledged may sit between)
            while j < len(log_acts) and log_acts[j] != a:
                j += 1
            if j == len(log_acts):
                lost += 1
            else:
                j += 1
    return {"tables": args.kill_tables, "processes": 2, "seconds": args.seconds,
            "acknowledged_before_kill": before, "acknowledged_after_kill": after,
            "takeover_seconds": round(owned_again, 2) if owned_again is not None else None,
            "players_reconnected_after": round(max(switched) - killed_at, 2) if switched else None,
            "acknowledged_actions_lost": lost, "load_average_1min": round(os.getloadavg()[0], 2)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--database-url", default=os.environ.get("STAMMTISCH_TEST_POSTGRES_URL"))
    ap.add_argument("--processes", default="1,2,4")
    ap.add_argument("--tables", default="300,1000,2000")
    ap.add_argument("--seconds", type=float, default=20)
    ap.add_argument("--warmup", type=float, default=10)
    ap.add_argument("--kill-tables", type=int, default=100)
    ap.add_argument("--game", default=None)
    ap.add_argument("--skip-scaling", action="store_true")
    ap.add_argument("--append", action="store_true", help="add to the scaling runs of the results file")
    ap.add_argument("--skip-kill", action="store_true", help="no kill-one-process run (keep the file's)")
    ap.add_argument("--out", type=Path, default=None, help="results file (default server_scale.json in --results)")
    ap.add_argument("--sticky", action="store_true",
                    help="only the side-by-side run behind a table-sticky proxy (needs haproxy); its rows go "
                         "under sticky_proxy in the results file, written only with --update")
    ap.add_argument("--rounds", type=int, default=2, help="with --sticky: rounds of the three ways")
    ap.add_argument("--update", action="store_true", help="with --sticky: write the results file")
    add_results_arg(ap)
    args = ap.parse_args()
    args.out = args.out or results_path("server_scale.json")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    if not args.database_url:
        raise SystemExit("give --database-url (a PostgreSQL the benchmark may empty)")
    args.game = args.game or pick_game()
    if args.sticky:
        got = sticky_run(args)
        print(json.dumps(got, indent=1))
        if args.update:
            earlier = json.loads(args.out.read_text()) if args.out.exists() else {}
            earlier["sticky_proxy"] = got  # the other sections stay as they were
            args.out.write_text(json.dumps(earlier, indent=1) + "\n")
        else:
            print(f"(not written: give --update to put it into {args.out})", file=sys.stderr)
        return
    out: dict = {"benchmark": "server_scale", "game": args.game, "database": "postgresql (one, loopback)",
                 "latency": "per acknowledged action: from the client handing its act frame to the socket to the "
                            "client reading the server's ack (sent once the action is committed), as the client's "
                            "event loop sees it; percentiles over every action of the measuring window",
                 "think_seconds": [0.5, 1.5], "seconds": args.seconds, "warmup_seconds": args.warmup,
                 "client": "benchmarks/load/leanclient.py (one asyncio protocol per seat, in one process on the "
                           "same cores as the servers and PostgreSQL)",
                 "scaling": [], "when": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())}
    earlier = json.loads(args.out.read_text()) if args.out.exists() else {}
    if (args.skip_scaling or args.append) and earlier:  # keep the scaling runs of an earlier call
        out["scaling"] = earlier.get("scaling", [])
    if not args.skip_scaling:
        out["not_run"] = list(earlier.get("not_run", [])) if args.append else []
        for n in (int(x) for x in args.tables.split(",")):
            for p in (int(x) for x in args.processes.split(",")):
                try:
                    r = scaling(args, p, n)
                except Exception as e:  # a row that could not run is recorded with its reason, never a figure
                    r = {"processes": p, "tables": n, "skipped": f"{type(e).__name__}: {e}"[:400],
                         "uptime": uptime()}
                (out["not_run"] if "skipped" in r else out["scaling"]).append(r)
                print(json.dumps(r), file=sys.stderr, flush=True)
                args.out.parent.mkdir(parents=True, exist_ok=True)
                args.out.write_text(json.dumps(out, indent=1) + "\n")  # what is done so far
    if args.skip_kill:
        if "kill_one_process" in earlier:
            out["kill_one_process"] = earlier["kill_one_process"]
    else:
        out["kill_one_process"] = asyncio.run(kill_run(args))
        out["kill_one_process"]["uptime"] = uptime()
        print(json.dumps(out["kill_one_process"]), file=sys.stderr, flush=True)
    out["machine"] = {"cpus": os.cpu_count(), "python": platform.python_version(), "uptime_at_end": uptime(),
                      "note": "2 cores shared with other sessions; client, servers and PostgreSQL on the same cores"}
    print(json.dumps(out, indent=1))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
