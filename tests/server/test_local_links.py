"""The relay between cluster processes of one machine over Unix sockets
(:mod:`stammtisch.server.locallinks`): every message arrives once and in order, large ones too; the
sockets live in a directory only this user may enter (another one is refused); a peer that cannot
be reached makes ``send`` say so (the cluster then uses NOTIFY); and a cluster decides per peer,
with its first message, which way it uses, so the two ways never overtake each other."""

from __future__ import annotations

import asyncio
import os
import random
import tempfile

import pytest

from stammtisch.server.cluster import Cluster
from stammtisch.server.locallinks import LocalLinks


@pytest.fixture()
def private_tmp(tmp_path, monkeypatch):
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    return tmp_path


def test_messages_between_two_processes_arrive_once_in_order(private_tmp):
    rng = random.Random(3)
    msgs = [{"op": "out", "cid": f"c{i % 5}", "text": "x" * rng.choice([5, 400, 3000, 70000]) + f"#{i}"}
            for i in range(300)]

    async def main() -> list:
        got: list = []

        def keep(m):
            got.append(m)

        a, b = LocalLinks(keep), LocalLinks(keep)
        assert await a.start(101) and await b.start(202)
        try:
            for m in msgs:
                assert await a.send(202, m)
            for _ in range(500):
                if len(got) == len(msgs):
                    break
                await asyncio.sleep(0.01)
        finally:
            await a.close()
            await b.close()
        return got

    assert asyncio.run(main()) == msgs
    d = private_tmp / f"stammtisch-relay-{os.getuid()}"
    assert oct(d.stat().st_mode & 0o777) == oct(0o700)
    assert not list(d.iterdir()), "a closed node removes its socket"


def test_a_directory_other_users_may_enter_is_not_used(private_tmp):
    d = private_tmp / f"stammtisch-relay-{os.getuid()}"
    d.mkdir(mode=0o755)
    os.chmod(d, 0o755)

    async def main() -> bool:
        links = LocalLinks(lambda m: None)
        return await links.start(7)

    assert asyncio.run(main()) is False


def test_an_unreachable_peer_is_reported_not_raised(private_tmp):
    async def main() -> bool:
        links = LocalLinks(lambda m: None)
        assert await links.start(1)
        try:
            return await links.send(99, {"op": "close", "cid": "x"})  # nobody listens for node 99
        finally:
            await links.close()

    assert asyncio.run(main()) is False


def test_a_cluster_fixes_the_way_to_a_peer_with_its_first_message(private_tmp):
    """A peer known to be on this machine is reached over its socket; one not known at the first
    message is reached through NOTIFY from then on, even once it is known (a later message over the
    socket could overtake an earlier one still on its way through PostgreSQL); a peer whose socket
    cannot be reached, through NOTIFY too."""
    sent_by_notify: list = []

    async def main() -> tuple[list, list]:
        got: list = []

        def keep(m):
            got.append(m)

        c = Cluster("postgresql+psycopg://u@h/db", tables=None, app=None)
        assert c.links is not None and await c.links.start(1)
        peer = LocalLinks(keep)
        assert await peer.start(2)

        async def notify(sql, params):
            sent_by_notify.extend(params[1])

        c._notify_conn = type("N", (), {"execute": staticmethod(notify)})()
        try:
            c.links.peers = {2}
            await c.send(2, {"op": "close", "cid": "a"})  # a known peer: its socket
            await c.send(3, {"op": "close", "cid": "b"})  # not known as a peer: NOTIFY
            c.links.peers = {2, 3, 4}
            await c.send(3, {"op": "close", "cid": "c"})  # known now, but NOTIFY was chosen
            await c.send(4, {"op": "close", "cid": "d"})  # a peer without a socket: NOTIFY
            for _ in range(100):
                if got:
                    break
                await asyncio.sleep(0.01)
        finally:
            await c.links.close()
            await peer.close()
        return got, sorted(c._via_link.items())

    got, via = asyncio.run(main())
    assert got == [{"op": "close", "cid": "a"}]
    assert [p for p in sent_by_notify if '"cid":"a"' in p] == []
    for cid in "bcd":
        assert any(f'"cid":"{cid}"' in p for p in sent_by_notify), cid
    assert via == [(2, True), (3, False), (4, True)]
