"""An online cup at scale (issue 30): 200 players at 50 online tables at once, at the clock's pace,
on one server process; and the same cup on PostgreSQL with two processes, one killed mid-round.

* **One process** (``stammtisch serve``, SQLite in a temporary folder, or PostgreSQL with
  ``--one-on-postgres``): a
  Königrufen cup (Österreich-Finale) of ``--players`` players, drawn into tables of four and
  started through ``/cup/api``. Half the players are people: WebSocket players
  (:func:`benchmarks.load.client.seat_client`) who get their seat link from the organiser and think
  ``--think`` seconds (uniform) per move -- the pace of a move clock; the other half are the cup's
  computer players (``--bot-delay`` seconds a move). Measured over ``--seconds`` after a warm-up:
  the latency of each acknowledged action of the people (act frame to ack, after the log's commit;
  p50/p90/p99), actions per second, the server's CPU per action; at the end every table's
  finished games (from its record) against the rows on its list: every finished game must be
  exactly one row.
* **Kill one process** (needs ``--database-url`` of a PostgreSQL, e.g. from
  ``scripts/ci-postgres``): two ``serve --cluster`` processes on one database, the cup opened
  through the first (which plays every table), computer players only; the first gets SIGKILL
  mid-round; the second takes the tables over and plays them to the end. Counted: games
  (deals in the records) against the cup's planned games, and rows against games: 0 lost.

    python benchmarks/load/cup_scale.py --database-url postgresql+psycopg://postgres@127.0.0.1:55432/db

Results: ``benchmarks/results/cup_scale.json`` (not overwritten unless ``--update``; a trial run
names another folder with ``--results DIR``). The machine is shared: the load average is recorded.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path, write_result
from benchmarks.load.client import Stats, cpu_seconds, free_port, latency_summary, seat_client, start_server, stop_server

PASSWORD = "benchmark-organiser-1"


def serve(port: int, *, data: str | None, database_url: str | None, bot_delay: float, cluster: bool = False) -> list[str]:
    cmd = [sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port), "--bot-delay", str(bot_delay),
           "--create-burst", "1000000", "--max-sockets-per-client", "1000000", "--grace", "3600",
           "--search-processes", "0"]
    cmd += ["--database-url", database_url] if database_url else ["--data", str(data)]
    return cmd + (["--cluster"] if cluster else [])


def organiser(url: str) -> None:
    from stammtisch.scorekeeper.store import Store

    s = Store(url)
    if "Bench" not in {o["name"] for o in s.organisers()}:
        s.create_organiser("Bench", PASSWORD)
    s.engine.dispose()


def empty(url: str) -> None:
    from sqlalchemy import inspect, text

    from stammtisch.storage import make_engine

    eng = make_engine(url)
    with eng.begin() as c:
        for t in inspect(c).get_table_names():
            if t.startswith(("server_", "sk_")) or t.startswith("alembic_version"):
                c.execute(text(f"DROP TABLE IF EXISTS {t} CASCADE"))
    eng.dispose()


async def open_cup(client: httpx.AsyncClient, players: int, computer: list[str], games: int, move: float) -> dict:
    """Create, fill, draw and start the cup; returns the started round and the tournament id."""
    r = await client.post("/scorekeeper/api/login", json={"name": "Bench", "password": PASSWORD})
    client.headers["Authorization"] = f"Bearer {r.json()['token']}"
    body = {"name": "Benchmark-Cup", "game": "tarock", "profile": "oesterreich-finale", "rounds": 1,
            "settings": {"games": games, "computer": computer, "move_seconds": move, "word_seconds": move,
                         "kiebitze": False}}
    tid = (await client.post("/cup/api/cups", json=body)).json()["tournament"]["id"]
    names = [f"P{i:03d}" for i in range(players)]
    (await client.post(f"/cup/api/cups/{tid}/players", json={"players": [{"name": n} for n in names]})).raise_for_status()
    (await client.post(f"/cup/api/cups/{tid}/rounds", json={"method": "random", "seed": "bench"})).raise_for_status()
    t0 = time.perf_counter()
    started = (await client.post(f"/cup/api/cups/{tid}/start", json={})).json()
    took = round(time.perf_counter() - t0, 2)
    # the positions as the tables play them (position 1 is each table's first dealer)
    rnd = (await client.get(f"/cup/api/cups/{tid}")).json()["tournament"]["rounds"][-1]
    return {"tid": tid, "round": rnd, "started": started, "start_seconds": took}


async def count(client: httpx.AsyncClient, tid: int) -> dict[str, Any]:
    """Per table: finished games in its record (or log) and rows on its list."""
    dash = (await client.get(f"/cup/api/cups/{tid}")).json()
    games = rows = 0
    per = []
    for d in dash["tables"]:
        rec = await client.get(f"/api/records/{d['server_table']}")
        if rec.status_code == 200:
            finished = sum(1 for x in rec.json()["deals"] if "result" in x)
        else:  # still playing: the finished deals so far are the table's game number minus the running one
            finished = max(0, (d.get("game") or 1) - 1)
        games += finished
        rows += d["written"]
        per.append({"table": d["table"], "games": finished, "rows": d["written"], "closed": d["closed"]})
    return {"games": games, "rows": rows, "tables": per,
            "rows_missing": sum(max(0, p["games"] - p["rows"]) for p in per),
            "rows_extra": sum(max(0, p["rows"] - p["games"]) for p in per)}


async def one_process(args: argparse.Namespace, data: str) -> dict[str, Any]:
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    pg = args.database_url if args.one_on_postgres else None
    db = pg or f"sqlite:///{data}/stammtisch.sqlite3"
    if pg:
        empty(pg)
    organiser(db)
    proc = start_server(serve(port, data=None if pg else data, database_url=pg, bot_delay=args.bot_delay), url,
                        log=os.path.join(data, "one.log"))
    try:
        rng = random.Random(args.seed)
        names = [f"P{i:03d}" for i in range(args.players)]
        computer = sorted(rng.sample(names, args.players // 2))
        async with httpx.AsyncClient(base_url=url, timeout=300) as client:
            cup = await open_cup(client, args.players, computer, args.games, args.clock)
            tid = cup["tid"]
            stats, stop = Stats(), asyncio.Event()
            tasks = []
            people = set(names) - set(computer)
            for tab in cup["round"]["tables"]:
                server_id = next(x["server_id"] for x in cup["started"]["tables"] if x["id"] == tab["id"])
                for seat in tab["seats"]:
                    if seat["name"] in people:
                        resp = await client.post(f"/cup/api/cups/{tid}/tables/{tab['id']}/seats/{seat['position']}/link",
                                                 json={})
                        if resp.status_code != 200:
                            raise RuntimeError(f"seat link: {resp.status_code} {resp.text}")
                        link = resp.json()
                        tasks.append(asyncio.create_task(seat_client(url.replace("http", "ws"), server_id, link["token"],
                                                                     tuple(args.think), stats, stop,
                                                                     random.Random(rng.random()))))
            await asyncio.sleep(args.warmup)
            cpu0, t0 = cpu_seconds(proc.pid), time.perf_counter()
            stats.measuring = True
            await asyncio.sleep(args.seconds)
            stats.measuring = False
            elapsed, cpu = time.perf_counter() - t0, cpu_seconds(proc.pid) - cpu0
            stop.set()
            await asyncio.wait(tasks, timeout=10)
            for t in tasks:
                t.cancel()
            await asyncio.sleep(args.settle)  # the rows of the games finished last
            counted = await count(client, tid)
        lat = latency_summary(stats.latencies)
        return {"players": args.players, "tables": len(cup["round"]["tables"]), "people": len(people),
                "computer_players": len(computer), "think_seconds": list(args.think), "bot_delay": args.bot_delay,
                "move_clock_seconds": args.clock, "games_per_table": args.games, "start_round_seconds": cup["start_seconds"],
                "seconds": round(elapsed, 1), "people_actions": stats.actions,
                "people_actions_per_second": round(stats.actions / elapsed, 1), "latency_ms": lat,
                "p99_below_100ms": lat["p99"] is not None and lat["p99"] < 100, "errors": stats.errors,
                "server_cpu_seconds": round(cpu, 2), "games_finished": counted["games"], "rows": counted["rows"],
                "rows_missing": counted["rows_missing"], "rows_extra": counted["rows_extra"],
                "database": "postgresql" if pg else "sqlite"}
    finally:
        stop_server(proc)


async def kill_one(args: argparse.Namespace, data: str) -> dict[str, Any]:
    empty(args.database_url)
    organiser(args.database_url)
    pa, pb = free_port(), free_port()
    ua, ub = f"http://127.0.0.1:{pa}", f"http://127.0.0.1:{pb}"
    a = start_server(serve(pa, data=None, database_url=args.database_url, bot_delay=args.kill_bot_delay, cluster=True),
                     ua, log=os.path.join(data, "a.log"))
    b = start_server(serve(pb, data=None, database_url=args.database_url, bot_delay=args.kill_bot_delay, cluster=True),
                     ub, log=os.path.join(data, "b.log"))
    try:
        names = [f"P{i:03d}" for i in range(args.players)]
        async with httpx.AsyncClient(base_url=ua, timeout=300) as ca:
            cup = await open_cup(ca, args.players, names, args.kill_games, 0)
            tid = cup["tid"]
            planned = args.kill_games * len(cup["round"]["tables"])
            # mid-round: about half the games played
            end = time.monotonic() + 600
            while True:
                dash = (await ca.get(f"/cup/api/cups/{tid}")).json()["tables"]
                if sum(d["written"] for d in dash) >= planned // 2 or time.monotonic() > end:
                    break
                await asyncio.sleep(0.2)
            before = sum(d["written"] for d in dash)
        os.kill(a.pid, signal.SIGKILL)
        a.wait(10)
        killed_at = time.perf_counter()
        async with httpx.AsyncClient(base_url=ub, timeout=300) as cb:
            r = await cb.post("/scorekeeper/api/login", json={"name": "Bench", "password": PASSWORD})
            cb.headers["Authorization"] = f"Bearer {r.json()['token']}"
            end = time.monotonic() + args.kill_timeout
            while True:
                dash = (await cb.get(f"/cup/api/cups/{tid}")).json()["tables"]
                if all(d["closed"] for d in dash) or time.monotonic() > end:
                    break
                await asyncio.sleep(0.5)
            done = time.perf_counter() - killed_at
            counted = await count(cb, tid)
        return {"players": args.players, "tables": len(cup["round"]["tables"]), "games_per_table": args.kill_games,
                "games_planned": planned, "rows_before_kill": before, "seconds_to_finish_after_kill": round(done, 1),
                "games_finished": counted["games"], "rows": counted["rows"],
                "games_lost": planned - counted["games"], "rows_lost": counted["rows_missing"],
                "rows_extra": counted["rows_extra"], "all_tables_closed": all(d["closed"] for d in dash)}
    finally:
        stop_server(b)
        if a.poll() is None:
            stop_server(a)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--database-url", help="PostgreSQL for the kill run (and the one-process run); SQLite otherwise")
    ap.add_argument("--players", type=int, default=200)
    ap.add_argument("--games", type=int, default=16, help="games per table of the one-process cup")
    ap.add_argument("--think", type=float, nargs=2, default=(1.0, 3.0), metavar=("MIN", "MAX"),
                    help="a person's seconds per move (the pace of the move clock)")
    ap.add_argument("--clock", type=float, default=30.0, help="the cup's move clock (seconds)")
    ap.add_argument("--bot-delay", type=float, default=1.0, help="a computer player's seconds per move")
    ap.add_argument("--warmup", type=float, default=10.0)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--settle", type=float, default=3.0)
    ap.add_argument("--kill-games", type=int, default=4, help="games per table of the kill run")
    ap.add_argument("--kill-bot-delay", type=float, default=0.02)
    ap.add_argument("--kill-timeout", type=float, default=900.0)
    ap.add_argument("--seed", type=int, default=30)
    ap.add_argument("--skip-one", action="store_true", help="only the kill run")
    ap.add_argument("--one-on-postgres", action="store_true",
                    help="the one-process run on --database-url too (default: the embedded SQLite)")
    ap.add_argument("--update", action="store_true", help="overwrite an existing results file")
    add_results_arg(ap)
    args = ap.parse_args()
    target = results_path("cup_scale.json")
    if target.exists() and not args.update:
        sys.exit(f"{target} exists; --update overwrites it, --results DIR writes elsewhere")
    out: dict[str, Any] = {"benchmark": "cup_scale", "note": "the machine's 2 cores were shared with other work "
                           "(load average below); the client runs on the same machine",
                           "load_average_before": [round(x, 2) for x in os.getloadavg()]}
    with tempfile.TemporaryDirectory(prefix="cup-scale-") as data:
        if not args.skip_one:
            out["one_process"] = asyncio.run(one_process(args, data))
        if args.database_url:
            out["kill_one_of_two"] = asyncio.run(kill_one(args, data))
        else:
            out["kill_one_of_two"] = {"skipped": "needs --database-url (PostgreSQL)"}
    out["load_average_after"] = [round(x, 2) for x in os.getloadavg()]
    write_result("cup_scale", out, target)


if __name__ == "__main__":
    main()
