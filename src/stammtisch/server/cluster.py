"""Several server processes on one PostgreSQL: each table owned by exactly one process, players
connect to any of them, a dead process's tables taken over from the action log.

Everything here rests on PostgreSQL itself, no home-made consensus:

* **Ownership** is a session-level advisory lock per table (``pg_try_advisory_lock(LOCK_CLASS,
  number)``) held on one connection per process. PostgreSQL releases a session's locks the moment
  its connection ends, so when a process dies (SIGTERM, kill -9, a lost machine once its TCP
  connection times out) its tables are free at once. A process's **node id** is the backend pid
  of that connection: ``pg_locks`` tells which node holds a table, ``pg_stat_activity`` which
  nodes are alive.
* **Takeover**: every ``cluster_tick`` seconds each process tries the locks of the open and
  playing tables nobody holds (one query) and rebuilds the ones it got from the action log
  (:meth:`.LoggedTable._rebuild`), as after a restart. The log's primary key (table, version)
  fences a process that lost its lock without noticing: its next write fails.
* **Relay**: a table socket opened at a process that does not own the table is relayed to the
  owner over ``LISTEN``/``NOTIFY`` (one channel per node; messages above the payload limit are
  sent in chunks, in order, over one connection). The owner runs the ordinary table protocol
  (:func:`.routers.socket.serve_socket`) on a :class:`RelayedSocket`. When the owner dies, the
  relaying process finds the new owner (often itself) and says hello again for the client, who
  gets a fresh welcome and state.
* **HTTP** requests for an open or playing table owned elsewhere (``/api/tables/{id}/...``) are
  forwarded the same way and answered by the owner's own app (:class:`ClusterForward`).

SQLite stays the one-process default; this runs only with ``ServerConfig.cluster`` on PostgreSQL.
"""

from __future__ import annotations

import asyncio
import base64
import json
import logging
import os
import re
import signal
import time
import uuid
from typing import Any

import orjson

log = logging.getLogger("stammtisch.server.cluster")

__all__ = ["Cluster", "ClusterForward", "RelayedSocket", "LOCK_CLASS"]

#: first key of the advisory locks of table leases (the second is the table number)
LOCK_CLASS = 0x57A7
#: NOTIFY payloads are limited to 8000 bytes; larger messages go in chunks of this size
CHUNK = 7000
#: a new table belongs to the process that opened it: others leave it alone this long
FRESH_SECONDS = 5.0

#: a batch of notifications in one statement: ``pg_notify`` once per (channel, payload), in the
#: order given (PostgreSQL delivers a transaction's notifications in the order they were sent)
NOTIFY_BATCH = ("SELECT count(pg_notify(c, p)) FROM (SELECT c, p FROM unnest(%b::text[], %b::text[]) "
                "WITH ORDINALITY AS u(c, p, i) ORDER BY i) s")

_TABLE_PATH = re.compile(r"^/api/tables/([A-Za-z0-9_-]{1,32})(/.*)?$")


def _dsn(url: str) -> str:
    """A libpq connection string from an SQLAlchemy URL (``postgresql+psycopg://...``)."""
    from sqlalchemy.engine import make_url

    u = make_url(url)
    return u.set(drivername="postgresql").render_as_string(hide_password=False)


class RelayedSocket:
    """The owner's side of a socket relayed from another process: what :func:`serve_socket` needs
    of a WebSocket (``receive``, ``send_text``, ``close``), carried over NOTIFY."""

    def __init__(self, cluster: "Cluster", node: int, cid: str, host: str):
        self.cluster, self.node, self.cid = cluster, node, cid
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(1024)
        self.client = type("Client", (), {"host": host, "port": 0})()
        self.closed = False

    async def accept(self) -> None:
        return None

    async def receive(self) -> dict[str, Any]:
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        if not self.closed:
            await self.cluster.send(self.node, {"op": "out", "cid": self.cid, "text": text})

    async def send_json(self, obj: Any) -> None:
        await self.send_text(json.dumps(obj, ensure_ascii=False))

    async def close(self, code: int = 1000) -> None:
        if not self.closed:
            self.closed = True
            await self.cluster.send(self.node, {"op": "closed", "cid": self.cid, "code": code})


class _LocalPipe:
    """The client's own socket read through a queue (so a relay can hand it over to the local
    table protocol), saying the remembered hello again first."""

    def __init__(self, ws: Any, inbox: asyncio.Queue, hello: str | None):
        self.ws, self.inbox = ws, inbox
        self.replay = [hello] if hello is not None else []
        self.client = ws.client

    async def receive(self) -> dict[str, Any]:
        if self.replay:
            return {"type": "websocket.receive", "text": self.replay.pop(0)}
        return await self.inbox.get()

    async def send_text(self, text: str) -> None:
        await self.ws.send_text(text)

    async def send_json(self, obj: Any) -> None:
        await self.ws.send_json(obj)

    async def close(self, code: int = 1000) -> None:
        await self.ws.close(code)


class Cluster:
    """This process's membership of the cluster: its lease connection, its NOTIFY channel, the
    takeover loop, the relays in both directions."""

    def __init__(self, url: str, tables: Any, app: Any, tick: float = 1.0, local_links: bool = True):
        from .locallinks import LocalLinks, machine_tag

        self.dsn = _dsn(url)
        #: relay messages to processes of this machine over Unix sockets (:mod:`.locallinks`)
        self.links: LocalLinks | None = LocalLinks(self._dispatch_now) if local_links else None
        self.machine = machine_tag()
        #: per peer node, fixed with the first message to it: over its Unix socket (``True``) or NOTIFY
        self._via_link: dict[int, bool] = {}
        self.tables, self.app, self.tick = tables, app, tick
        self.node = 0
        self.held: set[int] = set()
        self.alive: set[int] = set()
        self._lock_conn: Any = None
        self._listen_conn: Any = None
        self._notify_conn: Any = None
        self._lock_use = asyncio.Lock()
        self._notify_use = asyncio.Lock()
        #: messages waiting for the next NOTIFY batch: (node, payload, future)
        self._outgoing: list[tuple[int, str, asyncio.Future]] = []
        self._sender: asyncio.Task | None = None
        self._seq = 0
        self._tasks: list[asyncio.Task] = []
        self._chunks: dict[str, list[str | None]] = {}
        #: sockets relayed *to* us (we own the table): cid -> socket
        self.remote: dict[str, RelayedSocket] = {}
        #: sockets we relay to an owner: cid -> queue of the owner's messages
        self.edges: dict[str, asyncio.Queue] = {}
        #: forwarded HTTP requests waiting for their answer: rid -> future
        self.calls: dict[str, asyncio.Future] = {}
        self.takeovers: list[tuple[int, float]] = []  # (table number, monotonic time) for benchmarks

    # -- membership ------------------------------------------------------------------------------
    async def start(self) -> None:
        import psycopg

        # the lease connection names this machine: peers on it relay over Unix sockets (:mod:`.locallinks`)
        self._lock_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True,
                                                                application_name=self.machine)
        self.node = (await (await self._lock_conn.execute("SELECT pg_backend_pid()")).fetchone())[0]
        if self.links is not None and not await self.links.start(self.node):
            self.links = None
        self._listen_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._listen_conn.execute(f"LISTEN {self.channel(self.node)}")
        self._notify_conn = await psycopg.AsyncConnection.connect(self.dsn, autocommit=True)
        await self._refresh_alive()
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._listen()), loop.create_task(self._loop())]
        log.info("cluster node %s started", self.node)

    async def stop(self) -> None:
        for task in self._tasks:
            task.cancel()
        if self.links is not None:
            await self.links.close()
        for conn in (self._listen_conn, self._notify_conn, self._lock_conn):
            if conn is not None:
                try:
                    await conn.close()  # closing the lease connection frees every table at once
                except Exception:  # pragma: no cover
                    pass

    @staticmethod
    def channel(node: int) -> str:
        return f"stammtisch_node_{int(node)}"

    async def _lockq(self, sql: str, params: Any = None) -> list[tuple]:
        async with self._lock_use:
            cur = await self._lock_conn.execute(sql, params)
            return await cur.fetchall() if cur.description else []

    async def _refresh_alive(self) -> None:
        rows = await self._lockq("SELECT pid, application_name FROM pg_stat_activity "
                                 "WHERE datname = current_database()")
        self.alive = {r[0] for r in rows}
        if self.links is not None:
            self.links.peers = {pid for pid, name in rows if name == self.machine and pid != self.node}

    # -- leases ----------------------------------------------------------------------------------
    async def acquire(self, number: int) -> bool:
        """Take the lease of table ``number`` if nobody holds it; ``True`` if this process holds it."""
        if number in self.held:
            return True
        got = (await self._lockq("SELECT pg_try_advisory_lock(%s, %s)", (LOCK_CLASS, number)))[0][0]
        if got:
            self.held.add(number)
        return bool(got)

    async def release(self, number: int) -> None:
        if number in self.held:
            self.held.discard(number)
            await self._lockq("SELECT pg_advisory_unlock(%s, %s)", (LOCK_CLASS, number))

    async def owner(self, number: int) -> int | None:
        """The node holding table ``number``'s lease, or ``None``."""
        if number in self.held:
            return self.node
        rows = await self._lockq(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND classid = %s AND objid = %s AND objsubid = 2 "
            "AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
            (LOCK_CLASS, number))
        return rows[0][0] if rows else None

    async def route(self, number: int) -> int | None:
        """Where table ``number`` is played: ``None`` here (held, or taken now), else the owner's node."""
        if number in self.held:
            return None
        for _ in range(3):
            if await self.acquire(number):
                return None
            owner = await self.owner(number)
            if owner is not None:
                return owner
        return None if await self.acquire(number) else await self.owner(number)

    async def _loop(self) -> None:
        """Every tick: who is alive, and take over the open and playing tables nobody holds."""
        while True:
            try:
                await self._refresh_alive()
                await self.take_over()
                for rs in list(self.remote.values()):  # the relaying process died: the socket is gone
                    if rs.node not in self.alive:
                        rs.inbox.put_nowait({"type": "websocket.disconnect", "code": 1001})
            except asyncio.CancelledError:
                raise
            except Exception:
                if self._lock_conn is None or self._lock_conn.closed:
                    # the lease connection is gone, and with it every lease: another process may be
                    # playing our tables already. Stop serving them (a supervisor starts us again).
                    log.critical("cluster node %s lost its lease connection; stopping", self.node)
                    os.kill(os.getpid(), signal.SIGTERM)
                    return
                log.exception("cluster tick failed")
            await asyncio.sleep(self.tick)

    async def take_over(self) -> list[int]:
        """Take the lease of every open or playing table nobody holds (one query; PostgreSQL's
        locks make one process the winner) and rebuild each from its log."""
        rows = await self._lockq(
            "SELECT number, pg_try_advisory_lock(%s, number) FROM (SELECT number FROM server_tables "
            "WHERE status IN ('open', 'playing') AND NOT (number = ANY(%s)) "
            "AND created_at < now() - make_interval(secs => %s) OFFSET 0) s",
            (LOCK_CLASS, sorted(self.held), FRESH_SECONDS))
        got = [n for n, ok in rows if ok]
        now = time.monotonic()
        for number in got:
            self.held.add(number)
            self.tables.forget(number)  # a copy from an earlier lease is stale
            t = await self.tables.get_number(number)
            if t is None or t.status not in ("open", "playing"):
                await self.release(number)
                continue
            self.takeovers.append((number, now))
            if t.status == "playing":
                t._changed()
            log.info("node %s took over table %s", self.node, number)
        return got

    # -- messages --------------------------------------------------------------------------------
    async def send(self, node: int, msg: dict[str, Any]) -> None:
        """Send ``msg`` to ``node``, in order; returns once it is handed to PostgreSQL (or to the
        peer's Unix socket when ``node`` runs on this machine: :mod:`.locallinks`).

        Messages sent while a batch is on its way go together in the next one (as the action log's
        group commit): several messages for one node share a payload (up to :data:`CHUNK` bytes),
        and one round trip carries every payload of the batch (one statement of ``pg_notify``
        calls, delivered in order). A message above the payload limit goes in chunks."""
        links = self.links
        if links is not None:
            via = self._via_link.get(node)
            if via is None:  # fixed now: the two ways never overtake each other
                if node not in links.peers and self._lock_conn is not None:
                    try:  # a process started since the last tick may be a peer
                        await self._refresh_alive()
                    except Exception:  # the tick says it again (or stops the process: _loop)
                        log.warning("cluster: could not read the living nodes")
                via = self._via_link.setdefault(node, node in links.peers)
            if via and await links.send(node, msg):
                return
        fut = asyncio.get_running_loop().create_future()
        self._outgoing.append((node, orjson.dumps(msg).decode("utf-8"), fut))
        if self._sender is None or self._sender.done():
            self._sender = asyncio.get_running_loop().create_task(self._send_batches())
        await fut

    def _payloads(self, batch: list[tuple[int, str, asyncio.Future]]) -> list[tuple[str, str]]:
        """``(channel, payload)`` in order: small messages packed per node, large ones chunked."""
        out: list[tuple[str, str]] = []
        packs: dict[int, list[str]] = {}
        sizes: dict[int, int] = {}

        def flush(node: int) -> None:
            items = packs.pop(node, [])
            sizes.pop(node, None)
            if items:  # numbered: no two payloads of a transaction are equal (PostgreSQL would fold them)
                self._seq += 1
                out.append((self.channel(node), f'{{"op":"batch","s":{self._seq},"m":[' + ",".join(items) + "]}"))

        for node, payload, _ in batch:
            size = len(payload.encode("utf-8"))
            if size > CHUNK:
                flush(node)
                mid = uuid.uuid4().hex[:12]
                raw = base64.b64encode(payload.encode("utf-8")).decode("ascii")
                pieces = [raw[i:i + CHUNK] for i in range(0, len(raw), CHUNK)]
                out += [(self.channel(node), json.dumps({"op": "chunk", "id": mid, "i": k, "n": len(pieces), "d": p}))
                        for k, p in enumerate(pieces)]
                continue
            if sizes.get(node, 0) + size + 40 > CHUNK:
                flush(node)
            packs.setdefault(node, []).append(payload)
            sizes[node] = sizes.get(node, 0) + size + 1
        for node in list(packs):
            flush(node)
        return out

    async def _send_batches(self) -> None:
        await asyncio.sleep(0)  # let the messages already on their way join this batch
        while self._outgoing:
            batch, self._outgoing = self._outgoing, []
            try:
                payloads = self._payloads(batch)
                async with self._notify_use:
                    # one statement, so one transaction and one round trip: delivered together and in
                    # order (a batch's payloads all differ, so PostgreSQL folds none of them)
                    # binary parameters (``%b``): a text array in text form escapes every quote of
                    # every payload (JSON is full of them), which cost more than the rest of the relay
                    await self._notify_conn.execute(NOTIFY_BATCH, ([c for c, _ in payloads],
                                                                   [p for _, p in payloads]))
                for _, _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
            except Exception as e:
                for _, _, fut in batch:
                    if not fut.done():
                        fut.set_exception(e)

    async def _listen(self) -> None:
        async for note in self._listen_conn.notifies():
            try:
                await self._note(note.payload)
            except Exception:
                log.exception("cluster message failed")

    async def _note(self, payload: str) -> None:
        """One notification: a batch of messages, or one chunk of a large message."""
        msg = orjson.loads(payload)
        if msg.get("op") == "chunk":
            got = self._chunks.setdefault(msg["id"], [None] * int(msg["n"]))
            got[int(msg["i"])] = msg["d"]
            if any(x is None for x in got):
                return
            del self._chunks[msg["id"]]
            msg = json.loads(base64.b64decode("".join(got)).decode("utf-8"))  # type: ignore[arg-type]
        for one in msg["m"] if msg.get("op") == "batch" else [msg]:
            await self._dispatch(one)

    async def _dispatch(self, msg: dict[str, Any]) -> None:
        self._dispatch_now(msg)

    def _dispatch_now(self, msg: dict[str, Any]) -> None:
        """One relay message, handled at once (it only queues and starts tasks: the order of the
        messages is kept)."""
        op = msg.get("op")
        cid = msg.get("cid")
        if op == "open":  # registered at once: its first frames may arrive before the table is loaded
            rs = RelayedSocket(self, int(msg["from"]), str(cid), str(msg.get("client", "relay")))
            self.remote[str(cid)] = rs
            asyncio.get_running_loop().create_task(self._serve_relayed(msg, rs))
        elif op == "frame":
            rs = self.remote.get(cid)
            if rs is not None:
                rs.inbox.put_nowait({"type": "websocket.receive", "text": msg["text"]})
        elif op == "close":
            rs = self.remote.get(cid)
            if rs is not None:
                rs.inbox.put_nowait({"type": "websocket.disconnect", "code": 1000})
        elif op in ("out", "closed"):
            q = self.edges.get(cid)
            if q is not None:
                q.put_nowait(msg)
        elif op == "http":
            asyncio.get_running_loop().create_task(self._answer_http(msg))
        elif op == "http_reply":
            fut = self.calls.pop(msg.get("rid"), None)
            if fut is not None and not fut.done():
                fut.set_result(msg)

    # -- the owner's side ------------------------------------------------------------------------
    async def _serve_relayed(self, msg: dict[str, Any], rs: RelayedSocket) -> None:
        from .routers.socket import serve_socket

        cid = rs.cid
        t = await self.tables.get_number(int(msg["table"])) if int(msg["table"]) in self.held else None
        if t is None:
            self.remote.pop(cid, None)
            await rs.send_json({"type": "error", "code": "moved", "message": "the table moved; connecting again"})
            await rs.close(4503)
            return
        try:
            await serve_socket(rs, t, self.app.state.config)
        finally:
            self.remote.pop(cid, None)
            await rs.close()

    async def _answer_http(self, msg: dict[str, Any]) -> None:
        import httpx

        headers = dict(msg.get("headers") or {})
        headers["x-stammtisch-forwarded"] = "1"
        transport = httpx.ASGITransport(app=self.app, client=(str(msg.get("client", "relay")), 0))
        async with httpx.AsyncClient(transport=transport, base_url="http://cluster") as client:
            r = await client.request(msg["method"], msg["path"], params=msg.get("query") or None,
                                     content=base64.b64decode(msg.get("body", "")), headers=headers)
        await self.send(int(msg["from"]), {"op": "http_reply", "rid": msg["rid"], "status": r.status_code,
                                           "type": r.headers.get("content-type", "application/json"),
                                           "body": base64.b64encode(r.content).decode("ascii")})

    # -- the relaying side -----------------------------------------------------------------------
    async def forward_http(self, node: int, method: str, path: str, query: str, headers: dict[str, str],
                           body: bytes, client: str, timeout: float = 15.0) -> dict[str, Any]:
        rid = uuid.uuid4().hex
        fut: asyncio.Future = asyncio.get_running_loop().create_future()
        self.calls[rid] = fut
        await self.send(node, {"op": "http", "rid": rid, "from": self.node, "method": method, "path": path,
                               "query": query, "headers": headers, "client": client,
                               "body": base64.b64encode(body).decode("ascii")})
        try:
            return await asyncio.wait_for(fut, timeout)
        finally:
            self.calls.pop(rid, None)

    async def edge(self, ws: Any, number: int) -> None:
        """Serve one client socket (already accepted) for table ``number``: here when this process
        owns it, else relayed to the owner; when the owner dies, to the next one."""
        from .routers.socket import serve_socket

        inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue(1024)

        async def read() -> None:
            try:
                while True:
                    m = await ws.receive()
                    await inbox.put(m)
                    if m.get("type") == "websocket.disconnect":
                        return
            except Exception:
                await inbox.put({"type": "websocket.disconnect", "code": 1006})

        # the client's socket is read through ``inbox`` only once a relay needs it (a table played
        # here from the start reads its socket directly: no extra hop per frame)
        reader: asyncio.Task | None = None
        # the client's hello, said again to the next owner when one dies: the client gets a fresh
        # welcome and state (its signal to send again what was not answered; an action carries its
        # version, so one the dead owner had acknowledged is acknowledged again, never applied twice)
        hello: str | None = None
        try:
            for _ in range(100):  # owners come and go; a client is never bounced for ever
                target = await self.route(number)
                if target is None:
                    t = await self.tables.get_number(number)
                    if t is None:
                        await ws.send_json({"type": "error", "code": "not_found", "message": "no such table"})
                        await ws.close(4404)
                        return
                    await serve_socket(ws if reader is None else _LocalPipe(ws, inbox, hello), t,
                                       self.app.state.config)
                    return
                if reader is None:
                    reader = asyncio.get_running_loop().create_task(read())
                outcome, hello = await self._relay(target, ws, inbox, number, hello)
                if outcome != "owner_gone":
                    return
                await asyncio.sleep(self.tick / 4)
        finally:
            if reader is not None:
                reader.cancel()

    async def _relay(self, node: int, ws: Any, inbox: asyncio.Queue, number: int,
                     hello: str | None) -> tuple[str, str | None]:
        cid = uuid.uuid4().hex
        back: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.edges[cid] = back
        host = ws.client.host if getattr(ws, "client", None) else "unknown"
        try:
            await self.send(node, {"op": "open", "cid": cid, "table": number, "from": self.node, "client": host})
            if hello is not None:
                await self.send(node, {"op": "frame", "cid": cid, "text": hello})
            async def to_client() -> dict[str, Any]:
                """The owner's messages to the client, in order, until it closes the socket (one
                task: a message costs a queue hand-over, not a wait on both directions)."""
                while True:
                    m = await back.get()
                    if m["op"] == "closed":
                        return m
                    await ws.send_text(m["text"])

            from_client = asyncio.ensure_future(inbox.get())
            from_owner = asyncio.ensure_future(to_client())
            try:
                while True:
                    done, _ = await asyncio.wait({from_client, from_owner}, timeout=self.tick,
                                                 return_when=asyncio.FIRST_COMPLETED)
                    if from_owner in done:
                        m = from_owner.result()  # "closed" (or the client's socket failed: raises)
                        if m.get("code") == 4503:  # the table moved meanwhile: find it again
                            return "owner_gone", hello
                        await ws.close(int(m.get("code") or 1000))
                        return "closed", hello
                    if from_client in done:
                        m = from_client.result()
                        if m.get("type") == "websocket.disconnect":
                            await self.send(node, {"op": "close", "cid": cid})
                            return "client_gone", hello
                        text = m.get("text")
                        if text is not None:
                            if hello is None and '"hello"' in text:
                                try:
                                    if json.loads(text).get("type") == "hello":
                                        hello = text
                                except Exception:
                                    pass
                            await self.send(node, {"op": "frame", "cid": cid, "text": text})
                        from_client = asyncio.ensure_future(inbox.get())
                    if node not in self.alive:
                        return "owner_gone", hello
            finally:
                for f in (from_client, from_owner):
                    if not f.done():
                        f.cancel()
                if from_client.done() and not from_client.cancelled():
                    inbox.put_nowait(from_client.result())  # taken but not sent on: the next owner's
        finally:
            self.edges.pop(cid, None)


class ClusterForward:
    """ASGI middleware: an HTTP request for an open or playing table that another process owns is
    answered by that process (forwarded over NOTIFY); everything else passes through."""

    def __init__(self, app: Any):
        self.app = app

    async def __call__(self, scope: dict, receive: Any, send: Any) -> None:
        if scope["type"] != "http" or not _TABLE_PATH.match(scope.get("path", "")):
            await self.app(scope, receive, send)
            return
        app = scope.get("app")  # Starlette puts itself here before its middleware runs
        cluster: Cluster | None = getattr(app.state, "cluster", None) if app is not None else None
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope.get("headers", ())}
        if cluster is None or headers.get("x-stammtisch-forwarded"):
            await self.app(scope, receive, send)
            return
        public_id = _TABLE_PATH.match(scope["path"]).group(1)  # type: ignore[union-attr]
        tables = app.state.tables
        found = await tables.db(tables.store.number_and_status, public_id)
        if found is None or found[1] not in ("open", "playing"):
            await self.app(scope, receive, send)
            return
        node = await cluster.route(found[0])
        if node is None:
            await self.app(scope, receive, send)
            return
        body = b""
        while True:
            m = await receive()
            body += m.get("body", b"")
            if not m.get("more_body"):
                break
        keep = {k: v for k, v in headers.items() if k in ("content-type", "x-table-token")}
        client = scope["client"][0] if scope.get("client") else "unknown"
        try:
            r = await cluster.forward_http(node, scope["method"], scope["path"],
                                           scope.get("query_string", b"").decode("latin-1"), keep, body, client)
            status, ctype, out = int(r["status"]), r["type"], base64.b64decode(r["body"])
        except asyncio.TimeoutError:
            status, ctype = 503, "application/json"
            out = b'{"type":"error","code":"busy","message":"the process playing this table did not answer"}'
        await send({"type": "http.response.start", "status": status,
                    "headers": [(b"content-type", ctype.encode("latin-1")),
                                (b"content-length", str(len(out)).encode())]})
        await send({"type": "http.response.body", "body": out})
