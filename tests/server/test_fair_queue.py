"""The search workers are shared fairly: round robin per client, a cap per client, so one address
running many search tables cannot make everybody else wait behind all of its decisions."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.server.botpool import BotRunner, FairQueue


def test_a_newcomer_is_served_before_the_flooders_backlog():
    q = FairQueue(per_client=1)
    for k in range(9):  # one address with nine search tables
        q.put("flood", k)
    first = q.take()
    q.put("person", "p")
    assert first == ("flood", 0)
    assert q.take() == ("person", "p")  # not behind the eight others
    assert q.take() is None  # the flood is at its cap
    q.done("flood")
    assert q.take() == ("flood", 1)


@given(st.lists(st.tuples(st.sampled_from("abcd"), st.booleans()), max_size=60), st.integers(1, 3))
def test_no_client_ever_runs_more_than_its_cap_and_nothing_is_lost(ops, cap):
    q = FairQueue(per_client=cap)
    running: dict[str, int] = {}
    put = taken = 0
    for client, finish in ops:
        q.put(client, put)
        put += 1
        if finish and running:
            c = next(iter(running))
            q.done(c)
            running[c] -= 1
            if not running[c]:
                del running[c]
        while (nxt := q.take()) is not None:
            running[nxt[0]] = running.get(nxt[0], 0) + 1
            taken += 1
            assert running[nxt[0]] <= cap
    assert taken + len(q) == put


def test_the_worker_pool_is_sized_to_the_cores_and_keeps_one_worker_for_others():
    r = BotRunner(None)
    try:
        assert r.processes >= 1
        assert r.per_client == max(1, r.processes - 1)
    finally:
        r.close()
