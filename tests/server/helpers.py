"""Small helpers to drive a table over the in-process WebSocket."""

from __future__ import annotations

from typing import Any


def create_table(client, game="toy", name="Anna", **extra) -> dict[str, Any]:
    r = client.post("/api/tables", json={"game": game, "name": name, **extra})
    assert r.status_code == 200, r.text
    return r.json()


def recv_until(ws, pred, limit=500) -> dict[str, Any]:
    """Receive messages until ``pred(msg)``; returns that message."""
    for _ in range(limit):
        msg = ws.receive_json()
        if pred(msg):
            return msg
    raise AssertionError("expected message never came")


def latest_state(ws, version=None, limit=500) -> dict[str, Any]:
    """Receive until a state message (at ``version`` if given)."""
    return recv_until(ws, lambda m: m["type"] == "state" and (version is None or m["version"] >= version), limit)
