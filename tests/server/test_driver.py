"""The driver lets computer players act on their turn whatever a person could do out of turn.

Reported: a Perlaggen table with rule bots stalled while the person had optional out-of-turn
actions (bieten, zeichen, aufdecken). Here one person at each seat in turn acts only when it is
their turn and only with a main action (never an optional one); the computer players must carry
the deal to its end."""

from __future__ import annotations

import pytest

from .helpers import create_table

OPTIONAL = ("zeichen:", "bieten:", "steigern:", "aufdecken", "reklamieren", "zuruecknehmen")


@pytest.mark.parametrize("human", [0, 1, 2, 3])
def test_perlaggen_rule_bots_act_while_a_person_has_optional_actions(client, human):
    pytest.importorskip("stammtisch.games.perlaggen")
    made = create_table(client, game="perlaggen", name=None, bot="rule", seed=20 + human, max_deals=1)
    tid, owner = made["table"]["id"], made["token"]
    token = client.post(f"/api/tables/{tid}/seats", json={"name": "Mensch", "seat": human}).json()["token"]
    client.post(f"/api/tables/{tid}/bots", json={"token": owner})
    assert client.post(f"/api/tables/{tid}/start", json={"token": owner}).status_code == 200
    optional_seen = 0
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        for _ in range(3000):
            ws.send_json({"type": "sync"})
            ws.send_json({"type": "ping", "id": 1})
            st = None
            while True:
                m = ws.receive_json()
                if m["type"] == "state":
                    st = m
                if m["type"] == "pong":
                    break
            view = st["view"]
            if view["over"]:
                break
            legal = view["legal"]
            optional_seen += any(a.startswith(OPTIONAL) for a in legal) and human not in view["to_act"]
            if human in view["to_act"]:
                main = [a for a in legal if not a.startswith(OPTIONAL)]
                assert main, f"seat {human} is to act but has only optional actions: {legal}"
                ws.send_json({"type": "act", "version": st["version"], "action": main[0]})
                while ws.receive_json()["type"] not in ("ack", "error"):
                    pass
        assert view["over"], "the table stalled"
    assert optional_seen > 0  # the person did have optional actions while the computer players were to act
