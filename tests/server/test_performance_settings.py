"""The latency work on the server must not change what clients receive: the fast encoder gives the
same text as the standard one, table info still reports presence, and GC tuning is opt-in and undone."""

from __future__ import annotations

import gc
import json

from hypothesis import given
from hypothesis import strategies as st

from stammtisch.server import gctune
from stammtisch.server.tables import encode
from tests.server.helpers import create_table, recv_until

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**63), 2**63 - 1) | st.text(),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=6), kids, max_size=4),
    max_leaves=20,
)


def _standard(msg):
    return json.dumps(msg, ensure_ascii=False, separators=(",", ":"))


@given(json_values)
def test_encode_equals_the_standard_encoder(value):
    msg = {"type": "state", "view": value}
    assert encode(msg) == _standard(msg)
    assert json.loads(encode(msg)) == msg


def test_encode_handles_umlauts_int_keys_tuples_and_huge_ints():
    msg = {"text": "Stöck, Weis und Bock – 🂡", "by_seat": {0: "a", 1: "b"}, "trick": ((0, "EU"), (1, "SO"))}
    assert encode(msg) == _standard(msg)
    big = {"n": 2**70}  # beyond orjson: falls back to the standard encoder
    assert encode(big) == _standard(big)


def test_table_info_reports_connected_seats_and_kiebitze(client):
    made = create_table(client, bot="random")
    tid, token = made["table"]["id"], made["token"]
    with client.websocket_connect(f"/ws/{tid}") as p, client.websocket_connect(f"/ws/{tid}") as kb:
        p.send_json({"type": "hello", "token": token})
        recv_until(p, lambda m: m["type"] == "welcome")
        kb.send_json({"type": "hello"})
        recv_until(kb, lambda m: m["type"] == "welcome")
        info = recv_until(p, lambda m: m["type"] == "table" and m["table"]["spectators"] == 1)["table"]
        assert [s["connected"] for s in info["seats"]] == [True] + [False] * (len(info["seats"]) - 1)
    info = client.get(f"/api/tables/{tid}").json()
    info = info.get("table", info)
    assert info["spectators"] == 0 and not any(s["connected"] for s in info["seats"])


def test_gc_tuning_is_opt_in_and_undone_at_shutdown(make_client):
    before = gc.get_threshold()
    c = make_client()
    assert gc.get_threshold() == before  # tests and embedders keep the interpreter's settings
    c.__exit__(None, None, None)
    c = make_client(gc_tuning=True)
    assert gc.get_threshold()[:2] == (gctune.YOUNG, gctune.MIDDLE)
    assert gc.get_freeze_count() > 0
    c.__exit__(None, None, None)
    assert gc.get_threshold() == before and gc.get_freeze_count() == 0
