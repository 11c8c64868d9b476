"""Quick reactions at the table (issue 31, 9; :mod:`stammtisch.server.reactions`): fixed ids only,
one per seat every three seconds, never from a Kiebitz; everybody at the table sees them."""

from __future__ import annotations

import pytest

from stammtisch.server.reactions import REACTION_SECONDS, REACTIONS, react
from stammtisch.server.tables import TableError
from tests.server.helpers import create_table, recv_until


def _hello(ws, token=None):
    ws.send_json({"type": "hello", "token": token} if token else {"type": "hello"})
    return recv_until(ws, lambda m: m["type"] == "welcome")


def test_a_reaction_reaches_everybody_and_a_second_too_fast_is_refused(client):
    made = create_table(client, name="Anna")
    tid, anna = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/ws/{tid}") as player, client.websocket_connect(f"/ws/{tid}") as kiebitz:
        _hello(player, anna)
        _hello(kiebitz)
        player.send_json({"type": "react", "reaction": "servus", "id": 1})
        for ws in (player, kiebitz):
            got = recv_until(ws, lambda m: m["type"] == "reaction")
            assert got["seat"] == 0 and got["reaction"] == "servus" and got["msg"] == {"id": "Servus!"}
        player.send_json({"type": "react", "reaction": "thanks", "id": 2})
        err = recv_until(player, lambda m: m["type"] == "error")
        assert err["code"] == "too_fast" and err["id"] == 2 and "3 seconds" in err["message"]


def test_only_listed_ids_are_accepted(client):
    made = create_table(client, name="Anna")
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        _hello(ws, made["token"])
        for bad in ("Eichel-Ass", "", None, 7, ["servus"], "servus " * 10):
            ws.send_json({"type": "react", "reaction": bad, "id": 3})
            err = recv_until(ws, lambda m: m["type"] == "error")
            assert err["code"] == "bad_reaction" and "well_played" in err["message"], (bad, err)
        # nothing refused counted against the seat: a listed one still goes through
        ws.send_json({"type": "react", "reaction": "oje"})
        assert recv_until(ws, lambda m: m["type"] in ("reaction", "error"))["type"] == "reaction"


def test_a_kiebitz_cannot_send(client):
    made = create_table(client, name="Anna")
    with client.websocket_connect(f"/ws/{made['table']['id']}") as ws:
        assert _hello(ws)["role"] == "kiebitz"
        ws.send_json({"type": "react", "reaction": "servus", "id": 4})
        err = recv_until(ws, lambda m: m["type"] == "error")
        assert err["code"] == "kiebitz"


class _Table:
    def __init__(self):
        self.conns = set()


def test_one_reaction_per_seat_every_three_seconds_at_the_boundary():
    t = _Table()
    react(t, 1, "lucky", now=100.0)
    with pytest.raises(TableError) as e:
        react(t, 1, "lucky", now=100.0 + REACTION_SECONDS - 0.01)
    assert e.value.code == "too_fast"
    react(t, 2, "lucky", now=100.5)  # another seat is not held up
    assert react(t, 1, "thanks", now=100.0 + REACTION_SECONDS)["reaction"] == "thanks"
    assert set(REACTIONS) == {"well_played", "lucky", "servus", "thanks", "oje"}
