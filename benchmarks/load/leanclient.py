"""A lean WebSocket player for the load benchmarks: one :class:`asyncio.Protocol` per seat, no
task, future or library frame object per message.

Why: the benchmark client shares the machine's two cores with the server under test, so every
millisecond of CPU it spends per action is taken from the server (the ``websockets`` library's
player, :func:`.client.seat_client`, spent ~0.5 ms per action, about as much as the server). This
player speaks the same protocol as a browser (RFC 6455 over TCP: the upgrade request, masked
client frames, the server's unmasked frames, pings answered) and plays like ``seat_client``: on its
turn it waits ``think`` seconds, then sends a random legal action and records the time from
handing the ``act`` frame to the socket to reading its ``ack``.

It is a measuring tool, not a general client: text frames only (a fragmented message is
reassembled), no extensions (the server is started without compression), the mask key is zero
(allowed by RFC 6455 §5.3: the server unmasks with whatever key the frame carries).
"""

from __future__ import annotations

import asyncio
import base64
import os
import random
import time
from typing import Any

import orjson

__all__ = ["LeanSeat", "connect_seat"]

_ACK = b'{"type":"ack"'
_STATE = b'{"type":"state"'
_ERROR = b'{"type":"error"'
_MASK0 = b"\x00\x00\x00\x00"


def _frame(opcode: int, payload: bytes) -> bytes:
    """A client frame (FIN, ``opcode``), masked with the zero key."""
    n = len(payload)
    if n < 126:
        head = bytes((0x80 | opcode, 0x80 | n))
    elif n < 65536:
        head = bytes((0x80 | opcode, 0x80 | 126)) + n.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + n.to_bytes(8, "big")
    return head + _MASK0 + payload


class LeanSeat(asyncio.Protocol):
    """One person at a table: the socket, the frame parser and the player's decisions."""

    def __init__(self, host: str, path: str, token: str, think: tuple[float, float], stats: Any,
                 stop: asyncio.Event, rng: random.Random):
        self.host, self.path, self.token, self.think = host, path, token, think
        self.stats, self.stop, self.rng = stats, stop, rng
        self.transport: asyncio.Transport | None = None
        self.buf = bytearray()
        self.upgraded = False
        self.opened: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.fragments: list[bytes] = []
        self.sent_at: float | None = None
        self.thinking = False
        self.pending_version = -1

    # -- the socket -------------------------------------------------------------------------
    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]
        key = base64.b64encode(os.urandom(16)).decode("ascii")
        self.transport.write((f"GET {self.path} HTTP/1.1\r\nHost: {self.host}\r\nUpgrade: websocket\r\n"
                              f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
                              "Sec-WebSocket-Version: 13\r\n\r\n").encode("ascii"))

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.opened.done():
            self.opened.set_exception(ConnectionError("closed before the upgrade"))
        if not self.closed.done():
            self.closed.set_result(None)

    def send_text(self, data: bytes) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(_frame(0x1, data))

    def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.transport.write(_frame(0x8, (1000).to_bytes(2, "big")))
            self.transport.close()

    def data_received(self, data: bytes) -> None:
        buf = self.buf
        buf += data
        if not self.upgraded:
            end = buf.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(buf[:12])
            del buf[:end + 4]
            if not status.startswith(b"HTTP/1.1 101"):
                self.opened.set_exception(ConnectionError(status.decode("latin-1")))
                self.transport.close()  # type: ignore[union-attr]
                return
            self.upgraded = True
            self.send_text(orjson.dumps({"type": "hello", "token": self.token}))
            self.opened.set_result(None)
        while len(buf) >= 2:
            b0, b1 = buf[0], buf[1]
            n, at = b1 & 0x7F, 2
            if n == 126:
                if len(buf) < 4:
                    return
                n, at = int.from_bytes(buf[2:4], "big"), 4
            elif n == 127:
                if len(buf) < 10:
                    return
                n, at = int.from_bytes(buf[2:10], "big"), 10
            if len(buf) < at + n:
                return
            payload = bytes(buf[at:at + n])
            del buf[:at + n]
            opcode = b0 & 0x0F
            if opcode == 0x9:  # ping: pong with the same payload
                if self.transport is not None and not self.transport.is_closing():
                    self.transport.write(_frame(0xA, payload))
            elif opcode == 0x8:  # close
                if self.transport is not None:
                    self.transport.close()
                return
            elif opcode in (0x1, 0x2, 0x0):
                self.fragments.append(payload)
                if b0 & 0x80:
                    msg = self.fragments[0] if len(self.fragments) == 1 else b"".join(self.fragments)
                    self.fragments = []
                    self.on_message(msg)

    # -- the player -------------------------------------------------------------------------
    def on_message(self, raw: bytes) -> None:
        stats = self.stats
        if raw.startswith(_ACK):
            if self.sent_at is not None:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - self.sent_at)
                    stats.actions += 1
                self.sent_at = None
            return
        if raw.startswith(_ERROR):
            if orjson.loads(raw).get("code") != "stale":
                stats.errors += 1
            self.sent_at = None
            return
        if not raw.startswith(_STATE) or self.sent_at is not None or self.thinking:
            return  # table info, welcome, chat; or a state while an action is on its way
        msg = orjson.loads(raw)
        view = msg["view"]
        if not view:
            return
        if view["over"]:
            self.close()
            return
        seat = view["seat"]
        if seat in view["to_act"] and view["legal"] and msg["version"] > self.pending_version:
            self.pending_version = version = msg["version"]
            self.thinking = True
            legal = view["legal"]
            asyncio.get_running_loop().call_later(self.rng.uniform(*self.think), self._act, version, legal)

    def _act(self, version: int, legal: list[str]) -> None:
        self.thinking = False
        if self.stop.is_set():
            self.close()
            return
        action = self.rng.choice(legal)
        out = orjson.dumps({"type": "act", "version": version, "action": action})
        self.sent_at = time.perf_counter()
        self.send_text(out)


async def connect_seat(url: str, tid: str, token: str, think: tuple[float, float], stats: Any,
                       stop: asyncio.Event, rng: random.Random) -> None:
    """Play ``tid``'s seat of ``token`` at the server ``url`` (``http://host:port``) until ``stop``
    is set or the game is over."""
    hostport = url.split("://", 1)[1].rstrip("/")
    host, _, port = hostport.partition(":")
    loop = asyncio.get_running_loop()
    _, seat = await asyncio.wait_for(
        loop.create_connection(lambda: LeanSeat(hostport, f"/ws/{tid}", token, think, stats, stop, rng),
                               host, int(port or 80)), 120)
    await asyncio.wait_for(seat.opened, 120)
    stats.connected += 1
    stop_wait = asyncio.ensure_future(stop.wait())
    try:
        await asyncio.wait({stop_wait, seat.closed}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stop_wait.cancel()
        seat.close()
