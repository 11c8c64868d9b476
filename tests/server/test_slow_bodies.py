"""Slow bodies (issue 34, item 2): headers complete, then a body that never finishes. The whole
body has a deadline (408, connection closed), and one address holds at most
``max_http_per_client`` HTTP connections (429 beyond), so a flood of them from one address leaves
another address's requests at 200 (docs/server.md, "Threat model and limits").

The server runs with ``stammtisch serve``'s uvicorn settings (:func:`stammtisch.cli.serve.uvicorn_config`)
in a thread, on 127.0.0.1; the second client is 127.0.0.2 (the whole of 127.0.0.0/8 is loopback).
"""

from __future__ import annotations

import socket
import threading
import time

import httpx
import pytest

from stammtisch.cli.serve import uvicorn_config
from stammtisch.server import ServerConfig, create_app
from tests.server.live import free_port

SLOW_POST = (b"POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
             b"Content-Length: 200\r\n\r\n{\"game\": ")


@pytest.fixture
def served(tmp_path):
    """A server with small limits: 60 connections per process, 8 per address, bodies within 2 s."""
    import uvicorn

    cfg = ServerConfig(search_processes=0, warm_search=False, bot_delay=0.0, create_burst=10_000,
                       max_connections=60, max_http_per_client=8, body_seconds=2.0, header_seconds=10.0)
    app = create_app(database_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", config=cfg)
    port = free_port()
    server = uvicorn.Server(uvicorn_config(app, "127.0.0.1", port, "warning", "", cfg))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield port
    server.should_exit = True
    thread.join(10)


def _second_address() -> httpx.Client:
    return httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.2"), timeout=10)


def _slow(port: int, source: str = "127.0.0.1") -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=10, source_address=(source, 0))
    s.sendall(SLOW_POST)  # the headers, and a body that never finishes
    return s


def _answer(s: socket.socket, timeout: float) -> bytes:
    s.settimeout(timeout)
    try:
        return s.recv(4096)
    except (TimeoutError, socket.timeout):
        return b""
    except ConnectionResetError:
        return b"reset"


def test_a_slow_body_flood_from_one_address_leaves_another_address_at_200(served):
    """Done when: a slow-body flood (bounded, on loopback) leaves another address's requests at 200.
    100 slow bodies from 127.0.0.1 are more than the process's 60 connections: without the cap per
    address the server would answer 503 to everybody while they are held."""
    port = served
    flood = []
    try:
        for _ in range(100):
            flood.append(_slow(port))
        refused = 0
        for s in flood[8:]:  # beyond the cap: 429 at once
            got = _answer(s, 5.0)
            refused += got.startswith(b"HTTP/1.1 429") or got in (b"", b"reset")
        assert refused == len(flood) - 8
        assert b"too_many_connections" in _answer(_slow(port), 5.0)
        with _second_address() as other:
            for _ in range(5):
                assert other.get(f"http://127.0.0.1:{port}/api/games").status_code == 200
                r = other.post(f"http://127.0.0.1:{port}/api/tables", json={"game": "toy", "name": "Anna"})
                assert r.status_code == 200, r.text
        # the held bodies get their deadline: 408 after 2 s, and the connection is closed
        t0 = time.monotonic()
        got = _answer(flood[0], 10.0)
        assert got.startswith(b"HTTP/1.1 408") and b"body_timeout" in got, got
        assert time.monotonic() - t0 < 5.0
        for s in flood[1:8]:
            assert _answer(s, 5.0).startswith(b"HTTP/1.1 408")
        # the address's places are free again
        r = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10)
        assert r.status_code == 200
    finally:
        for s in flood:
            s.close()


def test_a_body_that_arrives_in_time_is_read(served):
    port = served
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    body = b'{"game": "toy", "name": "Anna"}'
    s.sendall(SLOW_POST.split(b"Content-Length")[0] + b"Content-Length: %d\r\n\r\n" % len(body))
    for i in range(0, len(body), 8):  # slowly, but within the deadline
        s.sendall(body[i:i + 8])
        time.sleep(0.1)
    assert _answer(s, 10.0).startswith(b"HTTP/1.1 200")
    s.close()
