"""The relay between cluster processes of one machine over Unix sockets, beside PostgreSQL's
``NOTIFY`` (:mod:`.cluster`).

Relaying a table socket through ``NOTIFY`` costs a database statement per batch on the sending
side, work in PostgreSQL and a notification to parse on the receiving side; with ``serve
--workers N`` about half of all frames (``1 - 1/N``) are relayed, and this was the largest cost per
action of a worker. Processes on the same machine therefore send each other their relay messages
over a Unix socket instead: a length-prefixed JSON message per frame, in order per pair of
processes. Processes on other machines (and any process whose socket cannot be reached) are still
reached through ``NOTIFY``; which one a process uses for a peer is fixed with the first message to
it, so the two paths never overtake each other.

Who is on this machine: each process names its lease connection ``stammtisch-local <boot id>``
(PostgreSQL's ``application_name``, read back from ``pg_stat_activity`` with the living nodes);
its socket is ``<tmp>/stammtisch-relay-<uid>/<node>.sock`` in a directory only its user may
enter (mode 0700, checked), so no other local user can connect or inject messages.
"""

from __future__ import annotations

import asyncio
import logging
import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

import orjson

__all__ = ["LocalLinks", "machine_tag"]

log = logging.getLogger("stammtisch.server.cluster")

#: a writer holding more than this many bytes not yet sent waits for the peer to read
HIGH_WATER = 1 << 20


def machine_tag() -> str:
    """``stammtisch-local <id>``: this boot of this machine (Linux's boot id; else the host name)."""
    try:
        ident = Path("/proc/sys/kernel/random/boot_id").read_text().strip()
    except OSError:
        import socket

        ident = socket.gethostname()
    return f"stammtisch-local {ident}"[:63]  # application_name keeps 63 bytes


def _private_dir() -> Path | None:
    """The directory of this user's relay sockets (created 0700), or ``None`` when it is not private."""
    d = Path(tempfile.gettempdir()) / f"stammtisch-relay-{os.getuid()}"
    try:
        d.mkdir(mode=0o700, exist_ok=True)
        st = d.lstat()
    except OSError:
        return None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid != os.getuid() or stat.S_IMODE(st.st_mode) & 0o077:
        log.warning("%s is not a private directory of this user: no local relay sockets", d)
        return None
    return d


class _Reader(asyncio.Protocol):
    """One peer's connection to this node: length-prefixed messages, delivered in order."""

    def __init__(self, links: "LocalLinks"):
        self.links = links
        self.buf = bytearray()
        self.transport: asyncio.BaseTransport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport
        self.links._readers.add(self)

    def connection_lost(self, exc: Exception | None) -> None:
        self.links._readers.discard(self)

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        at = 0
        while len(buf) - at >= 4:
            n = int.from_bytes(buf[at:at + 4], "big")
            if len(buf) - at - 4 < n:
                break
            body = bytes(buf[at + 4:at + 4 + n])
            at += 4 + n
            try:
                self.links.deliver(orjson.loads(body))
            except Exception:
                log.exception("local relay message failed")
        if at:
            del buf[:at]


class LocalLinks:
    """This process's Unix socket for relay messages from peers on the machine, and its
    connections to theirs. ``deliver`` gets each message received, at once, in order per peer.

    Messages to a peer sent in one turn of the event loop leave in one write (one system call and
    one wake-up of the peer, not one per message)."""

    def __init__(self, deliver: Callable[[dict[str, Any]], Any]):
        self.deliver = deliver
        self.dir = _private_dir()
        self.node = 0
        #: nodes on this machine (from ``pg_stat_activity``), kept current by the cluster
        self.peers: set[int] = set()
        self._server: asyncio.AbstractServer | None = None
        self._writers: dict[int, asyncio.StreamWriter] = {}
        self._connecting: dict[int, asyncio.Lock] = {}
        self._readers: set[_Reader] = set()
        #: per peer, the frames waiting for this turn's write
        self._pending: dict[int, list[bytes]] = {}

    @property
    def enabled(self) -> bool:
        return self._server is not None

    def path(self, node: int) -> Path:
        assert self.dir is not None
        return self.dir / f"{int(node)}.sock"

    async def start(self, node: int) -> bool:
        """Listen on this node's socket; ``False`` when there is no private directory for it."""
        if self.dir is None:
            return False
        self.node = node
        p = self.path(node)
        try:
            p.unlink(missing_ok=True)  # a socket left by an earlier process with this (reused) node id
            loop = asyncio.get_running_loop()
            self._server = await loop.create_unix_server(lambda: _Reader(self), path=str(p))
            os.chmod(p, 0o600)
        except OSError:
            log.exception("no local relay socket at %s", p)
            self._server = None
            return False
        return True

    async def close(self) -> None:
        for w in self._writers.values():
            w.close()
        self._writers.clear()
        for r in list(self._readers):
            if r.transport is not None:
                r.transport.close()
        if self._server is not None:
            self._server.close()
            try:
                self.path(self.node).unlink(missing_ok=True)
            except OSError:  # pragma: no cover
                pass
            self._server = None

    # -- sending ---------------------------------------------------------------------------------
    async def send(self, node: int, msg: dict[str, Any]) -> bool:
        """Send ``msg`` to ``node`` over its socket (in this turn's write); ``False`` when there is
        no connection to it (the caller sends it another way)."""
        w = self._writers.get(node)
        if w is None or w.is_closing():
            w = await self._connect(node)
            if w is None:
                return False
        body = orjson.dumps(msg)
        pending = self._pending.get(node)
        if pending is None:
            pending = self._pending[node] = []
            asyncio.get_running_loop().call_soon(self._flush, node)
        pending.append(len(body).to_bytes(4, "big"))
        pending.append(body)
        if w.transport.get_write_buffer_size() > HIGH_WATER:
            await w.drain()
        return True

    def _flush(self, node: int) -> None:
        frames = self._pending.pop(node, None)
        w = self._writers.get(node)
        if not frames or w is None or w.is_closing():
            return  # the peer is gone: like a notification to a channel nobody listens on
        try:
            w.write(b"".join(frames))
        except (OSError, ConnectionError):
            self._writers.pop(node, None)

    async def _connect(self, node: int) -> asyncio.StreamWriter | None:
        lock = self._connecting.setdefault(node, asyncio.Lock())
        async with lock:
            w = self._writers.get(node)
            if w is not None and not w.is_closing():
                return w
            try:
                _, w = await asyncio.open_unix_connection(str(self.path(node)))
            except OSError:
                return None
            self._writers[node] = w
            return w
