"""The load benchmarks' client, shared by ``server_load``, ``server_search_load``,
``server_fairness``, ``server_scale`` and ``server_cpu``: starting and stopping a server, opening
tables, the WebSocket players, the latency statistics and the CPU time of a process tree.

What a latency here is: for one action, the time from the client handing the ``act`` frame to its
socket until the client reads the server's ``ack`` for it (the server acknowledges only after the
action is committed to the log), as seen by the client's event loop: server time, database commit,
loopback and the client's own loop delay. Percentiles are over every acknowledged action of the
measuring window (after the warm-up).

The players are kept cheap, since the client shares the cores with the server under test: frames
are parsed with orjson, an acknowledgement or a table-info frame is recognised by its first bytes
without parsing the rest, and a state frame is parsed only up to what a random player needs.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import httpx
import orjson
import websockets

__all__ = ["free_port", "pick_game", "Stats", "seat_client", "open_table", "open_search_table", "start_server",
           "wait_up", "stop_server", "pct", "latency_summary", "cpu_seconds", "play_tables", "serve_command"]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pick_game() -> str:
    """The first installed game engine."""
    from stammtisch.core import registry

    for name in registry.names():
        try:
            registry.get(name)
            return name
        except Exception:
            continue
    raise SystemExit("no game engine is installed")


class Stats:
    """What the players of one run saw: latencies (seconds) of acknowledged actions while measuring."""

    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.errors = 0
        self.actions = 0
        self.connected = 0
        self.measuring = False


# the server encodes with orjson, which keeps the key order: every frame starts with its type
_ACK = b'{"type":"ack"'
_STATE = b'{"type":"state"'
_ERROR = b'{"type":"error"'


async def seat_client(url: str, tid: str, token: str, think: tuple[float, float], stats: Stats, stop: asyncio.Event,
                      rng: random.Random) -> None:
    """A person at ``tid``'s seat of ``token``: on its turn it waits ``think`` seconds (uniform), then
    sends a random legal action; records the latency to the acknowledgement."""
    # a long opening timeout: thousands of players connect at once to a loaded machine
    async with websockets.connect(f"{url}/ws/{tid}", max_size=2**22, ping_interval=None, compression=None,
                                  open_timeout=120) as ws:
        await ws.send(orjson.dumps({"type": "hello", "token": token}).decode())
        stats.connected += 1
        sent_at: float | None = None
        pending_version = -1
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(decode=False), 1.0)
            except asyncio.TimeoutError:
                continue
            if raw.startswith(_ACK):
                if sent_at is not None:
                    if stats.measuring:
                        stats.latencies.append(time.perf_counter() - sent_at)
                        stats.actions += 1
                    sent_at = None
                continue
            if raw.startswith(_ERROR):
                if orjson.loads(raw).get("code") != "stale":
                    stats.errors += 1
                sent_at = None
                continue
            if not raw.startswith(_STATE) or sent_at is not None:
                continue  # table info, welcome, chat; or a state while an action is on its way
            msg = orjson.loads(raw)
            view = msg["view"]
            if not view or view["over"]:
                if view and view["over"]:
                    return
                continue
            seat = view["seat"]
            if seat in view["to_act"] and view["legal"] and msg["version"] > pending_version:
                pending_version = msg["version"]
                await asyncio.sleep(rng.uniform(*think))
                if stop.is_set():
                    return
                action = rng.choice(view["legal"])
                out = orjson.dumps({"type": "act", "version": msg["version"], "action": action}).decode()
                sent_at = time.perf_counter()
                await ws.send(out)


async def open_table(client: httpx.AsyncClient, game: str, seats: int) -> tuple[str, list[str]]:
    """A started table whose every seat is a person; returns its id and the seat tokens."""
    r = (await client.post("/api/tables", json={"game": game, "name": "B0", "bot": "random"})).json()
    tid, tokens = r["table"]["id"], [r["token"]]
    for i in range(1, seats):
        tokens.append((await client.post(f"/api/tables/{tid}/seats", json={"name": f"B{i}"})).json()["token"])
    resp = await client.post(f"/api/tables/{tid}/start", json={"token": tokens[0]})
    resp.raise_for_status()
    return tid, tokens


async def open_search_table(client: httpx.AsyncClient, game: str, kind: str, name: str | None = None) -> dict:
    """A started table of computer players of ``kind``; returns ``{"id", "token"}`` (the owner's)."""
    body = {"game": game, "bot": kind, **({"name": name} if name else {})}
    r = (await client.post("/api/tables", json=body)).json()
    tid, owner = r["table"]["id"], r["token"]
    (await client.post(f"/api/tables/{tid}/bots", json={"token": owner})).raise_for_status()
    (await client.post(f"/api/tables/{tid}/start", json={"token": owner})).raise_for_status()
    return {"id": tid, "token": owner}


def serve_command(port: int, *, data: str | None = None, database_url: str | None = None, workers: int = 1,
                  cluster: bool = False, search_processes: int | None = None, http_cap: bool = True) -> list[str]:
    """``stammtisch serve`` for a benchmark: loopback, no computer-player delay, no per-client limits
    (``http_cap=False``: without ``--max-http-per-client``, for a revision from before it)."""
    # a long grace: opening thousands of tables takes a while, and a stand-in must not play for a
    # person whose socket is not connected yet (its moves would be counted as the server's work)
    cmd = [sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port), "--bot-delay", "0",
           "--create-burst", "1000000", "--max-sockets-per-client", "1000000", "--grace", "3600"]
    cmd += ["--max-http-per-client", "1000000"] if http_cap else []
    cmd += ["--database-url", database_url] if database_url else ["--data", str(data)]
    if search_processes is not None:
        cmd += ["--search-processes", str(search_processes)]
    cmd += ["--workers", str(workers)] if workers > 1 else (["--cluster"] if cluster else [])
    return cmd


def wait_up(url: str, tries: int = 1800, proc: subprocess.Popen | None = None) -> None:
    for _ in range(tries):
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server ended with {proc.returncode} before it answered")
        try:
            if httpx.get(url + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise RuntimeError("the server did not come up")


def start_server(cmd: Sequence[str], url: str, env: dict[str, str] | None = None,
                 log: str | None = None) -> subprocess.Popen:
    """Start a server (``cmd``; its output to the file ``log``, if given) and wait until ``url`` answers."""
    out = open(log, "ab") if log else subprocess.DEVNULL  # noqa: SIM115 - the child keeps it
    proc = subprocess.Popen(list(cmd), stdout=out, stderr=subprocess.STDOUT if log else subprocess.DEVNULL, env=env)
    try:
        wait_up(url, proc=proc)
    except Exception:
        stop_server(proc)
        raise
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    """SIGTERM, then SIGKILL after 30 s."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(30)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


def pct(xs: Sequence[float], p: float, scale: float = 1000, digits: int = 2) -> float | None:
    """The ``p`` quantile (nearest rank) of ``xs`` in milliseconds."""
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(p * len(xs)))] * scale, digits) if xs else None


def latency_summary(xs: Sequence[float]) -> dict:
    return {"p50": pct(xs, 0.5), "p90": pct(xs, 0.9), "p99": pct(xs, 0.99), "max": pct(xs, 1.0),
            "mean": round(statistics.fmean(xs) * 1000, 2) if xs else None}


def _descendants(pid: int) -> list[int]:
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        try:
            kids = Path(f"/proc/{p}/task/{p}/children").read_text().split()
        except OSError:
            continue
        todo += [int(k) for k in kids]
    return out


def cpu_seconds(pid: int, tree: bool = True) -> float:
    """CPU time (user + system) used so far by process ``pid`` and, with ``tree``, its living
    descendants (Linux ``/proc``; 0 for a process that is gone)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0
    for p in _descendants(pid) if tree else [pid]:
        try:
            fields = Path(f"/proc/{p}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15 of stat)
    return total / tick


#: the players of :func:`play_tables`: ``lean`` (:mod:`.leanclient`, one protocol object per seat)
#: or ``websockets`` (:func:`seat_client`, the ``websockets`` library, ~2x the client's CPU per action)
CLIENTS = ("lean", "websockets")


async def play_tables(url: str, game: str, tables: int, think: tuple[float, float], seed: int, warmup: float,
                      seconds: float, on_measure: list | None = None, client_kind: str = "lean") -> dict:
    """Open ``tables`` tables of four (or the game's number of) WebSocket people at the server at
    ``url``, let them play ``warmup`` seconds, then measure ``seconds`` seconds.

    ``on_measure``: callables run at the start and the end of the measuring window (e.g. reading a
    process's CPU time); their results are returned under ``"marks"``. ``client_kind``: one of
    :data:`CLIENTS`."""
    from .leanclient import connect_seat

    player = {"lean": connect_seat, "websockets": seat_client}[client_kind]
    import gc

    rng = random.Random(seed)
    stats = Stats()
    stop = asyncio.Event()
    async with httpx.AsyncClient(base_url=url, timeout=120) as client:
        games = (await client.get("/api/games")).json()["games"]
        seats = next(g["seats"] for g in games if g["name"] == game)
        t0 = time.perf_counter()
        opened: list[tuple[str, list[str]]] = []
        for i in range(0, tables, 25):
            opened += await asyncio.gather(*[open_table(client, game, seats) for _ in range(min(25, tables - i))])
        setup = time.perf_counter() - t0
    ws_url = url.replace("http", "ws")
    # the client's own garbage-collector pauses (thousands of connections in one process) would be
    # measured as server latency: the client does not collect while it measures (the run is short)
    gc.collect()
    gc.freeze()
    gc.disable()
    load_before = os.getloadavg()[0]
    tasks = [asyncio.create_task(player(url if client_kind == "lean" else ws_url, tid, tok, think, stats, stop,
                                        random.Random(rng.random())))
             for tid, tokens in opened for tok in tokens]
    t1 = time.perf_counter()
    while stats.connected < len(tasks) and time.perf_counter() - t1 < 300:  # every player at the table first
        await asyncio.sleep(0.2)
    connect = time.perf_counter() - t1
    await asyncio.sleep(warmup)
    marks: list = [[f() for f in on_measure or []]]
    own0 = time.process_time()
    stats.measuring = True
    start = time.perf_counter()
    await asyncio.sleep(seconds)
    elapsed = time.perf_counter() - start
    stats.measuring = False
    own = time.process_time() - own0
    marks.append([f() for f in on_measure or []])
    stop.set()
    await asyncio.wait(tasks, timeout=10)
    for t in tasks:
        t.cancel()
    gc.enable()
    gc.unfreeze()
    return {"tables": tables, "connections": tables * seats, "think_seconds": list(think),
            "seconds": round(elapsed, 1), "setup_seconds": round(setup, 1), "connect_seconds": round(connect, 1),
            "connected": stats.connected, "actions": stats.actions,
            "actions_per_second": round(stats.actions / elapsed, 1), "latency_ms": latency_summary(stats.latencies),
            "errors": stats.errors, "client": client_kind, "client_cpu_ms_per_action": round(own / stats.actions * 1000, 3)
            if stats.actions else None,
            "load_average_1min": [round(load_before, 2), round(os.getloadavg()[0], 2)], "marks": marks}
