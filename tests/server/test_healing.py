"""The search pool heals (issue 34, item 1): a dead worker process is replaced and its decisions
tried again; a decision that fails for good is made by the rule player, flagged in the record;
``GET /api/health`` reports the workers; the compiled search's cache is written under one lock
(docs/server.md, "A server that heals itself")."""

from __future__ import annotations

import asyncio
import os
import signal
import time
from concurrent.futures.process import BrokenProcessPool

import pytest

from stammtisch.server import botpool
from stammtisch.server.driver import FALLBACK
from tests.server.helpers import create_table


def _search_table(client, max_deals=20, seed=1, target=10000):
    # a high target (Papagei-Jass §2): the game is not over (nor "bedankt") within the test's seconds
    made = create_table(client, game="jass", name=None, bot="search:easy", seed=seed, max_deals=max_deals,
                        options={"target": target})
    tid, owner = made["table"]["id"], made["token"]
    assert client.post(f"/api/tables/{tid}/bots", json={"token": owner}).status_code == 200
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    return client.app.state.tables.by_id[tid]


def _wait(pred, seconds):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if pred():
            return True
        time.sleep(0.05)
    return pred()


def test_a_killed_search_worker_is_replaced_and_every_search_table_moves_again(make_client):
    """Done when: a search worker is killed while three search tables play; every table moves again
    within 5 s, and a new search table moves."""
    pytest.importorskip("numba")
    # three tables of one test client: all three may think at once (two workers)
    client = make_client(search_processes=2, search_per_client=3, warm_search=True)
    runner = client.app.state.tables.runner
    tables = [_search_table(client, seed=s) for s in (1, 2, 3)]
    # every table has made search decisions in the workers (kernels compiled or loaded); a Jass game
    # of search players lasts far longer than the seconds after the kill
    assert _wait(lambda: all(t.version >= 1 for t in tables), 180), [t.version for t in tables]
    pids = runner.worker_pids()
    assert pids
    os.kill(pids[0], signal.SIGKILL)
    killed = time.monotonic()
    # the pool notices at the next decision that ends or starts (decisions already answered may still land)
    assert _wait(lambda: runner.restarts >= 1, 5.0)
    before = [t.version for t in tables]
    moved_at: dict[int, float] = {}
    while len(moved_at) < len(tables) and time.monotonic() - killed < 5.0:
        for i, t in enumerate(tables):
            if i not in moved_at and t.version > before[i]:
                moved_at[i] = time.monotonic() - killed
        time.sleep(0.02)
    assert len(moved_at) == len(tables), f"moved within 5 s of the kill: {moved_at}, versions {before} -> " \
                                         f"{[t.version for t in tables]}"
    assert all(t.status in ("playing", "finished") for t in tables), [(t.status, t.settings.get("reason")) for t in tables]
    # the moves after the kill came from the healed pool, not from the rule player
    assert runner.failed == 0 and pids[0] not in runner.worker_pids()
    # a new search table moves
    fresh = _search_table(client, seed=9)
    assert _wait(lambda: fresh.version >= 1, 30)
    health = client.get("/api/health")
    assert health.status_code == 200
    body = health.json()
    assert body["ok"] and body["search"]["restarts"] >= 1 and body["search"]["alive"] >= 1
    assert body["search"]["processes"] == 2 and body["playing_tables"] >= 4


def test_health_reports_the_workers_and_heals_a_pool_broken_between_decisions(make_client):
    client = make_client(search_processes=1)
    runner = client.app.state.tables.runner
    body = client.get("/api/health").json()
    assert body == {"ok": True, "search": {"ok": True, "processes": 1, "alive": 0, "restarts": 0, "failed": 0,
                                           "busy": 0, "waiting": 0}, "playing_tables": 0}
    pids = runner.start()
    assert client.get("/api/health").json()["search"]["alive"] == 1
    os.kill(pids[0], signal.SIGKILL)
    assert _wait(lambda: getattr(runner._slots[0], "_broken", False), 10)  # the pool noticed its worker died
    r = client.get("/api/health")
    assert r.status_code == 200 and r.json()["search"]["restarts"] == 1  # replaced by the health check itself
    assert runner.start() and runner.worker_pids() and pids[0] not in runner.worker_pids()


def test_a_broken_pool_is_retried_a_bounded_number_of_times_then_search_failed(monkeypatch, caplog):
    """Each broken pool is replaced with one log line; after ``retries`` replacements the decision
    fails with SearchFailed (the driver's cue for the rule player)."""
    runner = botpool.BotRunner(processes=1)
    calls = []

    class Broken:
        _processes: dict = {}

        def submit(self, fn, *a, **k):
            calls.append(fn.__name__)
            raise BrokenProcessPool("a worker died")

        def shutdown(self, **k):
            pass

    def slot(i):
        if runner._slots[i] is None:
            runner._slots[i] = Broken()
        return runner._slots[i]

    monkeypatch.setattr(runner, "_slot", slot)
    try:
        with pytest.raises(botpool.SearchFailed):
            asyncio.run(runner.think("jass", "search:easy", "choose", 0, ["a"], {}, 1))
        assert calls.count("_think") == runner.retries + 1 == 3
        assert runner.restarts == 3
        assert sum("replaced with a new process" in r.getMessage() for r in caplog.records) == 3
        assert runner.waiting == 0 and runner._busy == 0  # nothing left counted
    finally:
        runner.close()


def test_a_decision_that_fails_for_good_is_made_by_the_rule_player_and_flagged_in_the_record(make_client,
                                                                                             monkeypatch):
    client = make_client(search_processes=1)
    runner = client.app.state.tables.runner

    async def broken(*a, **k):
        raise botpool.SearchFailed("the worker pool broke 3 times during this decision")

    monkeypatch.setattr(runner, "think", broken)
    t = _search_table(client, max_deals=1)
    assert _wait(lambda: t.status == "finished", 60), (t.status, t.version)
    assert runner.failed == t.version  # every move was the rule player's
    rec = client.get(f"/api/records/{t.number}").json()
    n_actions = sum(len(d["actions"]) for d in rec["deals"])
    assert len(rec["fallbacks"]) == n_actions
    assert rec["fallbacks"][0] == {"deal": 0, "action": 0, "seat": rec["deals"][0]["actions"][0][0]}
    games = client.get("/api/games/finished").json()["games"]
    assert [g["fallbacks"] for g in games if g["number"] == t.number] == [n_actions]
    # the flag survives a reload from the log (the actor is stored)
    stored = client.app.state.store.load(t.number)
    assert {a.actor for a in stored.actions} == {FALLBACK}


def test_a_normal_game_has_no_fallback_flag(make_client):
    client = make_client()
    t = _search_table(client, max_deals=1)  # search in a thread (search_processes=0)
    assert _wait(lambda: t.status == "finished", 120)
    assert "fallbacks" not in client.get(f"/api/records/{t.number}").json()
    assert client.get("/api/games/finished").json()["games"][0]["fallbacks"] == 0


def test_the_compile_lock_is_exclusive_between_processes(tmp_path, monkeypatch):
    """Numba's cache writes each file atomically but the index and data of a function separately, with
    no lock: the workers compile (or load) under one exclusive lock per installation."""
    import multiprocessing

    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert botpool.compile_lock_path() == tmp_path / "stammtisch-compile.lock"
    ctx = multiprocessing.get_context("spawn")
    with botpool.compile_lock():
        p = ctx.Process(target=_hold_lock_briefly, args=(str(tmp_path / "got"),))
        p.start()
        time.sleep(1.0)
        assert not (tmp_path / "got").exists()  # the other process waits for the lock
    p.join(30)
    assert (tmp_path / "got").exists()


def _hold_lock_briefly(marker: str) -> None:
    with botpool.compile_lock():
        open(marker, "w").close()
