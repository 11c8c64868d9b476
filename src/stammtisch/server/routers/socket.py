"""The table WebSocket: hello (a seat token, or none for a Kiebitz), then actions, syncs, chat and
pings, every frame rate limited and size bounded (see ``docs/server.md``)."""

from __future__ import annotations

from ...core.messages import Msg
import asyncio
import json
import logging
import time
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...core.errors import IllegalAction, StammtischError
from ..guard import BadJSON, loads_strict
from ..presence import Conn
from ..reactions import react
from ..registry import Tables
from ..table import Table
from ..tables import ServerConfig, TableError

__all__ = ["router", "serve_socket"]

log = logging.getLogger("stammtisch.server")

router = APIRouter()


@router.websocket("/ws/{table_id}")
async def table_socket(ws: WebSocket, table_id: str):
    key = ws.client.host if ws.client else "unknown"
    cfg: ServerConfig = ws.app.state.config
    counts: dict[str, int] = ws.app.state.limits.sockets_by_client
    if counts.get(key, 0) >= cfg.max_sockets_per_client:
        await ws.close(4429)  # before the handshake is accepted: the client sees 403
        return
    counts[key] = counts.get(key, 0) + 1
    try:
        await ws.accept()
        tables: Tables = ws.app.state.tables
        cluster = ws.app.state.cluster
        if cluster is not None and 0 < len(table_id) <= 32:
            found = await tables.db(tables.store.number_and_status, table_id)
            if found is not None and found[1] in ("open", "playing"):
                await cluster.edge(ws, found[0])  # here, or relayed to the process that plays it
                return
        t = await tables.get(table_id) if 0 < len(table_id) <= 32 else None
        if t is None:
            await ws.send_json({"type": "error", "code": "not_found", "message": f"no table '{table_id[:32]}'"})
            await ws.close(4404)
            return
        await serve_socket(ws, t, cfg)
    finally:
        left = counts.pop(key, 1) - 1
        if left > 0:
            counts[key] = left



class _Bucket:
    """Token bucket: ``burst`` messages at once, ``rate`` per second after that."""

    def __init__(self, burst: int, rate: float):
        self.burst, self.rate = burst, rate
        self.tokens = float(burst)
        self.at = time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


async def serve_socket(ws: WebSocket, t: Table, cfg: ServerConfig) -> None:
    """Speak the table protocol on one WebSocket (see ``docs/server.md``)."""
    bucket = _Bucket(cfg.rate_burst, cfg.rate_per_second)
    conn: Conn | None = None
    writer: asyncio.Task | None = None
    strikes = 0

    async def write(c: Conn) -> None:
        try:
            done = False
            while not done:
                for item in await c.take():  # everything queued meanwhile, in one wake-up
                    if item is None:
                        done = True
                        break
                    await ws.send_text(item)
        except Exception:
            pass
        finally:
            c.closed = True
            try:
                await ws.close()
            except Exception:
                pass

    def err(code: str, message: str, **extra: Any) -> dict[str, Any]:
        return {"type": "error", "code": code, "message": message, **extra}

    async def reply(msg: dict[str, Any]) -> None:
        if conn is not None:
            conn.send(msg)
        else:
            await ws.send_text(json.dumps(msg, ensure_ascii=False))

    opened = time.monotonic()
    try:
        while True:
            try:
                if conn is None:
                    # a connection must say hello within ``hello_seconds`` of opening, or it is closed
                    left = cfg.hello_seconds - (time.monotonic() - opened)
                    if left <= 0:
                        raise asyncio.TimeoutError
                    raw = await asyncio.wait_for(ws.receive(), left)
                else:
                    raw = await ws.receive()
            except WebSocketDisconnect:
                break
            except asyncio.TimeoutError:
                try:
                    await ws.send_text(json.dumps(err("hello_timeout", f"say hello within {cfg.hello_seconds:g} s")))
                    await ws.close(4408)
                except Exception:
                    pass
                break
            if raw.get("type") == "websocket.disconnect":
                break
            # every frame counts against the rate limit, whatever it holds (binary and oversized too)
            if not bucket.take():
                strikes += 1
                await reply(err("rate_limited", "too many messages; slow down"))
                if strikes > 50:
                    break
                continue
            text = raw.get("text")
            if text is None:
                data = raw.get("bytes") or b""
                if len(data) > cfg.max_message:
                    await reply(err("too_large", f"messages are limited to {cfg.max_message} bytes"))
                else:
                    await reply(err("bad_message", "send text frames with JSON, not binary"))
                continue
            if len(text) > cfg.max_message or len(text.encode("utf-8")) > cfg.max_message:
                await reply(err("too_large", f"messages are limited to {cfg.max_message} bytes"))
                continue
            try:
                msg = loads_strict(text)
            except BadJSON as e:
                await reply(err("bad_message", str(e)))
                continue
            if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                await reply(err("bad_message", "a message is a JSON object with a 'type'"))
                continue
            kind = msg["type"]
            msg_id = msg.get("id") if isinstance(msg.get("id"), (int, str)) else None
            try:
                if kind == "hello":
                    if conn is not None:
                        raise TableError("bad_message", Msg("already said hello"))
                    token = msg.get("token")
                    seat = None
                    if token is not None:
                        seat = t.seat_of_token(token) if isinstance(token, str) and len(token) <= 128 else None
                        if seat is None:
                            raise TableError("bad_token", Msg("this seat token is not valid at this table"))
                    c = Conn(seat)
                    c.send({"type": "welcome", "seat": seat, "role": "player" if seat is not None else "kiebitz"})
                    await t.attach(c)  # raises when full
                    conn = c
                    writer = asyncio.get_running_loop().create_task(write(c))
                elif conn is None:
                    raise TableError("hello_first", Msg("say hello first: {hello}", hello='{"type": "hello", "token": ...}'))
                elif kind == "act":
                    if conn.seat is None:
                        raise TableError("kiebitz", Msg("Kiebitze may watch but never play (Tiroler Cup, Kiebitze)"))
                    await t.submit(conn.seat, msg.get("version"), msg.get("action"), "person", conn, msg_id)
                elif kind == "sync":
                    await t.resync(conn)
                elif kind == "chat":
                    t.chat(conn, msg.get("channel", "table"), msg.get("text"))
                elif kind == "react":  # a quick reaction (server/reactions.py)
                    react(t, conn.seat, msg.get("reaction"))
                elif kind == "ping":
                    conn.send({"type": "pong", "id": msg_id})
                else:
                    raise TableError("bad_message", Msg("unknown message type '{kind}'", kind=str(kind)[:30]))
            except TableError as e:
                out = e.to_json()
                out["id"] = msg_id
                await reply(out)
                if e.code == "stale" and conn is not None:
                    await t.resync(conn)
            except IllegalAction as e:
                await reply({"type": "error", "code": "illegal", "id": msg_id, **e.to_json()})
            except StammtischError as e:
                await reply({"type": "error", "code": "invalid", "id": msg_id, "message": str(e)})
            except (WebSocketDisconnect, asyncio.CancelledError):
                raise
            except Exception:  # never let one message take the connection (or the server) down
                log.exception("table %s: message %r failed", t.number, kind)
                await reply({"type": "error", "code": "internal", "id": msg_id,
                             "message": "the server could not process this message"})
    except WebSocketDisconnect:
        pass
    except Exception:  # pragma: no cover - a broken socket must never take the server down
        log.exception("socket error")
    finally:
        if conn is not None:
            t.detach(conn)
        if writer is not None:
            try:
                await asyncio.wait_for(writer, 1.0)
            except (asyncio.TimeoutError, Exception):
                writer.cancel()
