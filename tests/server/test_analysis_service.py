"""The replay page's analysis on the server (issue 38 item 3): a request starts a job in the
search workers at low priority, its progress is readable, the result is kept per record and seat."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import ThreadPoolExecutor

from stammtisch.bots import analysis as an
from stammtisch.server.botpool import BotRunner

from .test_fair_deals import _open, _play, _table


def test_an_analysis_runs_reports_progress_and_is_computed_once(make_client, monkeypatch):
    calls = []

    def fake(game, turn, level, seed):
        calls.append(turn.seat)
        assert level == "hard"
        return turn.legal[-1], {a: (4, float(i)) for i, a in enumerate(turn.legal)}

    monkeypatch.setattr(an, "value_turn", fake)
    client = make_client()
    made, tid, owner, token = _open(client, max_deals=1)
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    assert _play(client, tid, token, 0, [])["over"]
    number = _table(client, tid).number
    assert client.get(f"/api/records/{number}/analysis/1").status_code == 404  # nothing asked yet
    assert client.post(f"/api/records/{number}/analysis/9", json={}).status_code == 400
    r = client.post(f"/api/records/{number}/analysis/1", json={})
    assert r.status_code == 200 and r.json()["status"] in ("running", "done")
    job = r.json()
    for _ in range(200):
        if job["status"] != "running":
            break
        time.sleep(0.05)
        job = client.get(f"/api/records/{number}/analysis/1").json()
        assert job["total"] is None or 0 <= job["done"] <= job["total"]
    assert job["status"] == "done", job
    rec = client.get(f"/api/records/{number}").json()
    want = an.decisions(rec, 1)
    assert job["done"] == job["total"] == len(want) == len(job["result"]["decisions"]) == len(calls)
    assert all(d["best"] == d["legal"][-1] for d in job["result"]["decisions"])
    # asked again (another visitor of the replay page): the kept result, no search again
    again = client.post(f"/api/records/{number}/analysis/1", json={}).json()
    assert again["status"] == "done" and len(calls) == len(want)
    # an unfinished game has no analysis: the record is published at the end only
    made2, tid2, owner2, _ = _open(client, max_deals=1)
    assert client.post(f"/api/records/{_table(client, tid2).number}/analysis/0", json={}).status_code != 200


def test_background_work_waits_while_a_tables_decision_waits():
    runner = BotRunner(processes=1, threads=1)
    pool = ThreadPoolExecutor(1)
    runner._process_pool = lambda: pool  # type: ignore[method-assign]
    order = []

    async def main():
        runner.waiting = 1  # a table's decision is waiting for a worker
        task = asyncio.create_task(runner.background(order.append, "analysis"))
        await asyncio.sleep(0.3)
        assert order == []  # the analysis did not take the worker
        order.append("table")
        runner.waiting = 0
        await asyncio.wait_for(task, 5)

    try:
        asyncio.run(main())
    finally:
        pool.shutdown()
        runner.threads.shutdown()
    assert order == ["table", "analysis"]


def test_a_finished_analysis_is_kept_on_disk_and_survives_a_restart(make_client, monkeypatch):
    """Results are cached per record (its SHA-256), seat and budget in the server's database
    (``server_analyses``): after a restart the replay page gets the analysis without a search."""
    from stammtisch.server.analysis import budget_of, record_hash

    calls = []

    def fake(game, turn, level, seed):
        calls.append(turn.seat)
        return turn.legal[0], {a: (4, float(-i)) for i, a in enumerate(turn.legal)}

    monkeypatch.setattr(an, "value_turn", fake)
    client = make_client()
    made, tid, owner, token = _open(client, max_deals=1)
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    assert _play(client, tid, token, 0, [])["over"]
    number = _table(client, tid).number
    job = client.post(f"/api/records/{number}/analysis/2", json={}).json()
    for _ in range(400):
        if job["status"] != "running":
            break
        time.sleep(0.05)
        job = client.get(f"/api/records/{number}/analysis/2").json()
    assert job["status"] == "done" and calls
    rec = client.get(f"/api/records/{number}").json()
    store = client.app.state.tables.store
    assert store.analysis(record_hash(rec), 2, budget_of(rec["game"])) == job["result"]
    assert store.analysis(record_hash(rec), 1, budget_of(rec["game"])) is None  # another seat: not computed
    assert store.analysis(record_hash(rec), 2, "strong:w400:i3000") is None  # another budget: another analysis
    client.__exit__(None, None, None)

    computed = len(calls)
    again = make_client()  # a new process on the same database: nothing in memory
    got = again.get(f"/api/records/{number}/analysis/2")
    assert got.status_code == 200 and got.json()["status"] == "done" and got.json()["result"] == job["result"]
    posted = again.post(f"/api/records/{number}/analysis/2", json={}).json()
    assert posted["status"] == "done" and posted["result"] == job["result"]
    assert len(calls) == computed, "a kept analysis was searched again"
    assert again.get(f"/api/records/{number}/analysis/1").status_code == 404
