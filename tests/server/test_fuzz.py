"""Hypothesis stateful test: random, stale, illegal and malformed messages from a player and a
Kiebitz. The server never crashes, always answers, never shows a hand to the wrong seat, and the
in-memory table always equals the table rebuilt from the stored log."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test

from stammtisch.server.table import Table

from .helpers import recv_until

json_scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 10**12), st.text(max_size=20),
                         st.floats(allow_nan=False))
json_values = st.recursive(json_scalars, lambda inner: st.one_of(st.lists(inner, max_size=3),
                                                                 st.dictionaries(st.text(max_size=8), inner,
                                                                                 max_size=3)), max_leaves=8)
msg_types = st.sampled_from(["hello", "act", "sync", "chat", "ping", "nonsense", "ACT", ""])


@pytest.fixture
def fuzz_client(make_client):
    return make_client(rate_burst=10**6, rate_per_second=10**6)


def _games() -> list[str]:
    """The toy game plus every real engine installed (the server must survive garbage on all of them)."""
    import importlib

    from stammtisch.core import registry

    out = ["toy"]
    for name in registry.names():
        try:
            if getattr(importlib.import_module(registry._GAMES[name]), "GAME", None) is not None:
                out.append(name)
        except Exception:
            continue
    return out


@pytest.mark.parametrize("game", _games())
def test_random_and_malformed_messages(fuzz_client, game):
    client = fuzz_client
    body = {"game": game, "name": "A", "bot": "random", "seed": 3}
    body.update({"options": {"target": 1}} if game == "toy" else {"max_deals": 1})

    class Machine(RuleBasedStateMachine):
        @initialize()
        def open_table(self):
            made = client.post("/api/tables", json=body).json()
            self.tid, self.token = made["table"]["id"], made["token"]
            self.tokens = [self.token] + [client.post(f"/api/tables/{self.tid}/seats", json={"name": f"P{i}"})
                                          .json()["token"] for i in (1, 2, 3)]
            client.post(f"/api/tables/{self.tid}/start", json={"token": self.token})
            self.cms = [client.websocket_connect(f"/ws/{self.tid}") for _ in range(5)]
            self.ws = [cm.__enter__() for cm in self.cms]
            for i, tok in enumerate(self.tokens):
                self.ws[i].send_json({"type": "hello", "token": tok})
            self.ws[4].send_json({"type": "hello"})  # a Kiebitz
            self.ping = 0
            self.latest = [None] * 5
            for i in range(5):
                self.sync(i)

        def table(self) -> Table:
            return client.app.state.tables.by_id[self.tid]

        def sync(self, i):
            """Barrier: everything sent before has been answered; remember the newest state."""
            self.ping += 1
            self.ws[i].send_json({"type": "ping", "id": self.ping})
            pid = self.ping
            while True:
                m = self.ws[i].receive_json()
                self.check(i, m)
                if m["type"] == "state":
                    self.latest[i] = m
                if m["type"] == "pong" and m.get("id") == pid:
                    return

        def check(self, i, m):
            assert isinstance(m, dict) and isinstance(m.get("type"), str)
            if m["type"] == "state" and m["view"] is not None:
                seat = m["view"]["seat"]
                assert seat == (i if i < 4 else None)
                if i == 4:
                    assert not m["view"]["deal"].get("hand") and m["view"]["legal"] == []
            if m["type"] == "error":
                assert m.get("message") or m.get("code")

        @rule(i=st.integers(0, 4), text=st.text(max_size=300))
        def raw_text(self, i, text):
            self.ws[i].send_text(text)
            self.sync(i)

        @rule(i=st.integers(0, 4), kind=msg_types, body=st.dictionaries(
            st.sampled_from(["version", "action", "token", "text", "channel", "id", "x"]), json_values, max_size=4))
        def random_message(self, i, kind, body):
            self.ws[i].send_text(json.dumps({"type": kind, **body}))
            self.sync(i)

        @rule(i=st.integers(0, 3), k=st.integers(0, 40), offset=st.integers(-3, 1))
        def act_maybe_stale(self, i, k, offset):
            st_ = self.latest[i]
            view = st_["view"]
            legal = view["legal"] or view["deal"].get("hand") or ["E6"]
            action = legal[k % len(legal)]
            self.ws[i].send_json({"type": "act", "version": st_["version"] + offset, "action": action})
            self.sync(i)

        @rule(k=st.integers(0, 40))
        def legal_move(self, k):
            t = self.table()
            if t.match.is_over():
                return
            seat = t.match.to_act()[0]
            self.sync(seat)
            view = self.latest[seat]["view"]
            legal = view["legal"]
            self.ws[seat].send_json({"type": "act", "version": self.latest[seat]["version"],
                                     "action": legal[k % len(legal)]})
            m = recv_until(self.ws[seat], lambda m: m["type"] in ("ack", "error"))
            assert m["type"] == "ack", m
            self.sync(seat)

        @invariant()
        def memory_equals_log(self):
            if not hasattr(self, "tid"):
                return
            t = self.table()
            loaded = t.tables.store.load(t.number)
            assert [(a.seat, a.action) for a in loaded.actions] == t.log
            assert t.version == len(t.log)
            again = Table(t.tables, loaded)
            for s in range(4):
                assert json.dumps(again.match.view(s)) == json.dumps(t.match.view(s))

        @invariant()
        def hands_are_private(self):
            """Each seat sees only its own cards: across the seats' views no card occurs more often
            than the deck holds it (a leaked hand would show up twice)."""
            if not hasattr(self, "tid"):
                return
            from collections import Counter

            copies = self.table().game.deck.copies
            seen: Counter = Counter()
            for s in range(4):
                if self.latest[s] and self.latest[s]["version"] == self.table().version:
                    seen.update(self.latest[s]["view"]["deal"].get("hand") or [])
            assert all(n <= copies for n in seen.values()), seen

        def teardown(self):
            for cm in getattr(self, "cms", []):
                cm.__exit__(None, None, None)

    run_state_machine_as_test(Machine, settings=settings(max_examples=20, stateful_step_count=25, deadline=None,
                                                         suppress_health_check=list(HealthCheck)))
