"""The table server's own refusals read in the reader's language: over HTTP and the WebSocket a
refusal carries the language-free ``code``, the English ``message`` and ``msg`` (an id and its
arguments) whose id has a text in every catalogue, and whose German rendering has no English word
(quoted notation and cited paragraphs apart, as in tests/i18n/test_refusals.py)."""

from __future__ import annotations

import re

from stammtisch.i18n import LANGS, catalog, render
from tests.i18n.test_refusals import ENGLISH, _plain, _words

from .helpers import create_table, recv_until

#: English words of the server's own refusals, besides those of the engines' list
SERVER_ENGLISH = ["table", "request", "body", "fields", "started", "taken", "empty", "invite", "game", "version",
                  "session", "name", "password", "first", "message", "type", "unknown", "wrong", "missing", "no"]


def _german(body: dict) -> str:
    """The refusal as the German page shows it, after checking its id is in every catalogue."""
    assert "code" in body and isinstance(body.get("message"), str) and body["message"], body
    said = body["msg"]
    for lang in LANGS:
        assert catalog(lang).get(said["id"]), (lang, said["id"])
    de = render(said, "de")
    shown = re.sub(r"\{[^{}]*\}", "", de)  # a JSON example of the protocol is notation too
    assert not _words(_plain(shown, set()), ENGLISH + SERVER_ENGLISH), (said["id"], de)
    assert body["message"].startswith(render(said, "en")), body  # the English text, then any detail
    return de


def test_http_refusals_carry_a_message_read_in_german(client):
    made = create_table(client, options={"target": 2}, bot="random", seed=1)
    tid, token = made["table"]["id"], made["token"]
    client.post(f"/api/tables/{tid}/seats", json={"name": "Berta", "seat": 2})
    seen = {}
    for r in (client.post(f"/api/tables/{tid}/seats", json={"name": "Carl", "seat": 2}),  # taken
              client.post(f"/api/tables/{tid}/seats", json={"name": "Berta", "seat": 1}),  # name taken
              client.post(f"/api/tables/{tid}/seats", json={"name": "Dora", "seat": 9}),  # no such seat
              client.post(f"/api/tables/{tid}/start", json={"token": token}),  # seats empty
              client.post("/api/tables/nope/start", json={"token": token}),  # no table
              client.post("/api/tables", content=b"{nope"),  # not JSON
              client.post("/api/tables", json={"game": "toy", "bogus": 1}),  # a wrong field
              client.post("/api/tables", json={"game": "toy", "name": "Emil", "bot": "py:os:system"}),  # no such bot
              client.get("/api/players/me/games", headers={"X-Session": "x" * 40})):  # expired session
        body = r.json()
        assert r.status_code >= 400 and body["type"] == "error", body
        seen[body["code"]] = _german(body)
    assert seen["taken"] == "Platz 2 ist besetzt"
    assert seen["seats_empty"] == "die Plätze 1, 3 sind frei: lade Mitspieler ein oder setze Computerspieler dazu"
    assert seen["bot"].startswith("Computerspieler 'py:os:system' gibt es hier nicht (random, rule")
    assert {"taken", "name_taken", "bad_seat", "seats_empty", "not_found", "bad_message", "forbidden"} <= set(seen)


def test_websocket_refusals_carry_a_message_read_in_german(client):
    made = create_table(client, options={"target": 2}, bot="random", seed=1)
    tid = made["table"]["id"]
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "action", "action": "x", "version": 0})
        first = recv_until(ws, lambda m: m.get("type") == "error")
        assert first["code"] == "hello_first" and _german(first).startswith("zuerst grüßen")
        ws.send_json({"type": "hello", "token": "not-a-token" * 4})
        bad = recv_until(ws, lambda m: m.get("type") == "error")
        assert bad["code"] == "bad_token"
        assert _german(bad) == "dieser Platzschlüssel gilt an diesem Tisch nicht"


def test_a_stored_table_refused_at_start_says_why_in_the_readers_language(client):
    """A stored table whose computer-player kind this server does not offer is refused with a
    catalogue message (not English text), read in German like every refusal."""
    from stammtisch.core.messages import Msg
    from stammtisch.server.table import Table, TableRefused

    made = create_table(client, bot="random", seed=1)
    tables = client.app.state.tables
    loaded = tables.store.load(made["table"]["number"])
    loaded.row.bot_kind, loaded.row.status = "py:os:system", "playing"  # as an older server stored it
    try:
        Table(tables, loaded)
    except TableRefused as e:
        said = e.args[0]
    else:  # pragma: no cover - the assertion
        raise AssertionError("a refused kind was built")
    assert isinstance(said, Msg), said
    assert render(said, "de").startswith("Computerspieler 'py:os:system' gibt es hier nicht (random, rule")
    assert render(said, "en").startswith("computer player 'py:os:system' is not offered here")
    assert all(catalog(lang).get(said.to_json()["id"]) for lang in LANGS)


def test_a_failure_of_the_engine_the_database_or_the_installation_is_said_in_words(client, monkeypatch):
    """The refusal says what went wrong in the reader's words, never a Python exception class
    (``KeyError``, ``OperationalError``, ``ImportError``); the class stays in the server's log."""
    from stammtisch.core import registry as games

    from .helpers import latest_state
    from .test_lobby_ws import _started_table

    tid, tokens = _started_table(client, humans=4)
    t = client.app.state.tables.by_id[tid]
    seat = t.match.to_act()[0]
    cls = type(t.match.deal_state)
    original = cls.apply

    def broken(self, s, a):
        raise KeyError("boom")

    monkeypatch.setattr(cls, "apply", broken)
    seen = {}
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": tokens[seat]})
        st = latest_state(ws)
        ws.send_json({"type": "act", "version": st["version"], "action": st["view"]["legal"][0]})
        err = recv_until(ws, lambda m: m["type"] == "error")
        seen[err["code"]] = (_german(err), err["message"])
        monkeypatch.setattr(cls, "apply", original)

        async def no_database(job):
            raise RuntimeError("disk I/O error")

        monkeypatch.setattr(client.app.state.tables, "append", no_database)
        ws.send_json({"type": "act", "version": st["version"], "action": st["view"]["legal"][0]})
        err = recv_until(ws, lambda m: m["type"] == "error")
        seen[err["code"]] = (_german(err), err["message"])
    real_get = games.get

    def missing(name):
        if name == "toy":
            raise ImportError("No module named 'toy_engine'")
        return real_get(name)

    monkeypatch.setattr(games, "get", missing)
    r = client.post("/api/tables", json={"game": "toy", "name": "Emil"})
    seen[r.json()["code"]] = (_german(r.json()), r.json()["message"])
    assert set(seen) == {"engine", "storage", "bad_message"}, seen
    for de, en in seen.values():
        assert not re.search(r"[A-Z][a-z]+Error|boom|disk", de + en), (de, en)
    assert seen["engine"][0].startswith("das Spielprogramm ist an ")
    assert "die Datenbank hat ihn nicht angenommen" in seen["storage"][0]
    assert seen["bad_message"][0] == "das Spiel 'toy' lässt sich auf diesem Server nicht laden (sein Programm fehlt oder ist beschädigt)"
