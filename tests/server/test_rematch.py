"""Another Partie at the end (issue 31 item 5, :mod:`stammtisch.server.rematch`): the same seats, the
same options, each person's seat token carried over; only the people seated may ask."""

from __future__ import annotations

import pytest

from tests.server.helpers import create_table
from tests.server.test_players import _play_out


@pytest.fixture
def finished(make_client):
    """A finished one-deal toy Partie: Anna (owner, seat 0), Berta (seat 1), two computer players;
    Berta is away, so a stand-in plays her cards (``grace=0``)."""
    client = make_client(grace=0.0)
    made = create_table(client, name="Anna", max_deals=1, move_seconds=30)
    tid, anna = made["table"]["id"], made["token"]
    berta = client.post(f"/api/tables/{tid}/seats", json={"seat": 1, "name": "Berta"}).json()["token"]
    assert client.post(f"/api/tables/{tid}/bots", json={"token": anna}).status_code == 200
    assert client.post(f"/api/tables/{tid}/start", json={"token": anna}).status_code == 200
    _play_out(client, tid, anna)
    assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "finished"
    return client, tid, anna, berta


def test_both_people_confirm_and_land_on_one_new_table_with_the_same_seats(finished):
    client, tid, anna, berta = finished
    old = client.get(f"/api/tables/{tid}").json()["table"]
    first = client.post(f"/api/tables/{tid}/rematch", json={"token": berta})
    assert first.status_code == 200, first.text
    new_id = first.json()["table"]
    assert new_id != tid and first.json()["seat"] == 1 and first.json()["confirmed"] == [1]
    waiting = client.get(f"/api/tables/{new_id}").json()["table"]
    assert waiting["status"] == "open"  # Anna has not confirmed yet: her seat waits for her
    assert [s["kind"] for s in waiting["seats"]] == ["empty", "human", "bot", "bot"]
    # the old table tells everybody where the new one is and who confirmed
    assert client.get(f"/api/tables/{tid}").json()["table"]["rematch"]["confirmed"] == [1]
    second = client.post(f"/api/tables/{tid}/rematch", json={"token": anna}).json()
    assert second["table"] == new_id and sorted(second["confirmed"]) == [0, 1]
    new = client.get(f"/api/tables/{new_id}").json()["table"]
    assert new["status"] == "playing"  # every person confirmed: it starts
    assert [(s["kind"], s["name"]) for s in new["seats"]] == [(s["kind"], s["name"]) for s in old["seats"]]
    for key in ("game", "profile", "options", "max_deals", "bot_kind"):
        assert new[key] == old[key]
    assert new["settings"].get("move_seconds") == 30
    # each person's seat token carries over: it opens their seat at the new table
    for token, seat in ((anna, 0), (berta, 1)):
        with client.websocket_connect(f"/ws/{new_id}") as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json() == {"type": "welcome", "seat": seat, "role": "player"}
    # the owner of the old table owns the new one (may close it); Berta may not
    assert client.request("DELETE", f"/api/tables/{new_id}", json={"token": berta}).status_code == 403
    # asking again changes nothing
    again = client.post(f"/api/tables/{tid}/rematch", json={"token": anna}).json()
    assert again["table"] == new_id


def test_a_client_not_seated_is_refused(finished):
    client, tid, anna, berta = finished
    for body in ({}, {"token": "not-a-token"}, {"token": "x" * 100}):
        r = client.post(f"/api/tables/{tid}/rematch", json=body)
        assert r.status_code == 403 and "seated" in r.json()["message"], r.text
    assert client.get(f"/api/tables/{tid}").json()["table"]["rematch"] is None  # nothing opened


def test_a_partie_still_running_is_refused(make_client):
    client = make_client()
    made = create_table(client, name="Anna")
    tid, anna = made["table"]["id"], made["token"]
    r = client.post(f"/api/tables/{tid}/rematch", json={"token": anna})
    assert r.status_code == 400 and r.json()["code"] == "not_over", r.text
