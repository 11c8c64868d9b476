"""The relay's messages between cluster processes (:mod:`stammtisch.server.cluster`) without a
PostgreSQL: messages sent while a batch is on its way share one round trip, small ones are packed
into one payload per node, large ones are chunked, every payload stays below PostgreSQL's NOTIFY
limit (8000 bytes) and no two payloads of a batch are equal (PostgreSQL would fold them into one);
the receiving side gets every message once, in the order sent."""

from __future__ import annotations

import asyncio
import json
import random

from stammtisch.server.cluster import NOTIFY_BATCH, Cluster


class _Conn:
    """Records each round trip (one statement: ``pg_notify`` per channel and payload, in order)."""

    def __init__(self):
        self.sent: list[list[tuple[str, str]]] = []

    async def execute(self, sql: str, params: tuple, binary: bool = False) -> None:
        assert sql == NOTIFY_BATCH
        channels, payloads = params
        assert len(channels) == len(payloads)
        self.sent.append(list(zip(channels, payloads)))
        await asyncio.sleep(0.001)  # a round trip: messages sent meanwhile wait for the next batch


def test_relay_messages_are_batched_packed_chunked_and_arrive_once_in_order():
    rng = random.Random(5)
    # the relay's own frames: small ones (acks, actions), state messages of a few KB, and one beyond
    # the payload limit (a long record)
    msgs = [{"op": "out", "cid": f"c{i % 7}", "text": "x" * rng.choice([20, 300, 2500, 6900, 20000]) + f"#{i}"}
            for i in range(200)]
    msgs += [{"op": "out", "cid": "c0", "text": "same"}] * 3  # equal messages must all arrive

    async def main() -> tuple[list, list]:
        sender = Cluster("postgresql+psycopg://u@h/db", tables=None, app=None)
        sender._notify_conn = _Conn()
        await asyncio.gather(*[sender.send(1 + i % 2, m) for i, m in enumerate(msgs)])
        receivers = {n: Cluster("postgresql+psycopg://u@h/db", tables=None, app=None) for n in (1, 2)}
        got: dict[int, list] = {1: [], 2: []}
        for n, r in receivers.items():
            async def keep(m, n=n):
                got[n].append(m)
            r._dispatch = keep  # type: ignore[method-assign]
        for trip in sender._notify_conn.sent:
            assert len({p for _, p in trip}) == len(trip), "no two payloads of a transaction are equal"
            for channel, payload in trip:
                assert len(payload.encode()) < 8000, "below PostgreSQL's NOTIFY payload limit"
                await receivers[int(channel.rsplit("_", 1)[1])]._note(payload)
        return sender._notify_conn.sent, [got[1], got[2]]

    trips, (to1, to2) = asyncio.run(main())
    assert to1 == [m for i, m in enumerate(msgs) if i % 2 == 0]
    assert to2 == [m for i, m in enumerate(msgs) if i % 2 == 1]
    assert len(trips) < len(msgs) / 10, f"{len(trips)} round trips for {len(msgs)} messages"
    assert any(json.loads(p).get("op") == "chunk" for t in trips for _, p in t)


def test_small_relay_messages_share_a_notification():
    """Fifty state-sized messages for one node: a handful of notifications, one round trip."""
    msgs = [{"op": "out", "cid": f"c{i}", "text": "s" * 1500} for i in range(50)]

    async def main() -> list:
        c = Cluster("postgresql+psycopg://u@h/db", tables=None, app=None)
        c._notify_conn = _Conn()
        await asyncio.gather(*[c.send(3, m) for m in msgs])
        return c._notify_conn.sent

    trips = asyncio.run(main())
    assert len(trips) == 1
    assert len(trips[0]) <= 13, len(trips[0])  # four such messages per payload of at most 7000 bytes
