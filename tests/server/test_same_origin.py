"""Requests from other sites (issue 34, item 3): JSON routes read only JSON content types (415),
state-changing requests and socket upgrades from a foreign ``Origin`` are refused (403), on the
lobby's routes and on the scorekeeper's router mounted in the same app; the page's own requests,
``--public-url``'s origin and clients that send no ``Origin`` (command line, load clients) still
work (docs/server.md, "Threat model and limits")."""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from stammtisch.server import ServerConfig, create_app
from tests.server.helpers import create_table

EVIL = "https://evil.example"
OWN = "http://testserver"  # the TestClient's host: the page's own origin
BODY = {"game": "toy", "name": "Anna"}


def _post(client, path, body=BODY, ctype="application/json", **headers):
    return client.post(path, content=json.dumps(body).encode(), headers={"content-type": ctype, **headers})


def test_a_cross_site_text_plain_create_is_refused(client):
    """Done when: a cross-site ``text/plain`` create is refused (a "simple request" a page of another
    site can send without a CORS preflight)."""
    r = _post(client, "/api/tables", ctype="text/plain", origin=EVIL)
    assert r.status_code == 403 and r.json()["code"] == "cross_origin"
    assert r.json()["msg"] == {"id": "requests from other sites are refused here (origin {origin})",
                               "args": {"origin": EVIL}}
    assert client.get("/api/tables").json()["tables"] == []  # nothing was opened


@pytest.mark.parametrize("ctype", ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data", ""])
def test_a_json_route_refuses_other_content_types_with_415(client, ctype):
    r = _post(client, "/api/tables", ctype=ctype)
    assert r.status_code == 415
    body = r.json()
    assert body["code"] == "unsupported_media_type" and "Content-Type: application/json" in body["message"]
    assert body["msg"]["args"] == {"type": ctype or "none"}
    assert client.get("/api/tables").json()["tables"] == []


@pytest.mark.parametrize("ctype", ["application/json", "application/json; charset=utf-8", "application/merge+json"])
def test_json_content_types_are_accepted(client, ctype):
    assert _post(client, "/api/tables", ctype=ctype).status_code == 200


@pytest.mark.parametrize("origin", [EVIL, "null", "http://testserver.evil.example", "http://testserver:8080",
                                    "file://", "not a url"])
def test_state_changing_requests_from_a_foreign_origin_are_refused(client, origin):
    made = create_table(client)
    tid, token = made["table"]["id"], made["token"]
    for method, path, body in [("POST", "/api/tables", BODY), ("POST", f"/api/tables/{tid}/seats", {"name": "Bea"}),
                               ("DELETE", f"/api/tables/{tid}", None), ("POST", "/api/login", {"name": "a",
                                                                                             "password": "b"})]:
        r = client.request(method, path, content=json.dumps(body).encode() if body else None,
                           headers={"content-type": "application/json", "origin": origin, "x-table-token": token})
        assert r.status_code == 403 and r.json()["code"] == "cross_origin", (method, path, r.status_code)
    assert client.get(f"/api/tables/{tid}").json()["table"]["status"] == "open"  # not closed


def test_the_pages_own_requests_and_clients_without_origin_still_work(client):
    # a browser on the page: its own origin (any scheme: a TLS proxy in front may not say so)
    for origin in (OWN, "https://testserver"):
        assert _post(client, "/api/tables", origin=origin).status_code == 200
    # the command line and the load clients send no Origin
    made = _post(client, "/api/tables").json()
    tid, token = made["table"]["id"], made["token"]
    # a request without a body needs no content type
    assert client.delete(f"/api/tables/{tid}", headers={"x-table-token": token, "origin": OWN}).status_code == 200
    # reading is never refused for its origin (nothing changes)
    assert client.get("/api/tables", headers={"origin": EVIL}).status_code == 200


def test_without_origin_a_browsers_cross_site_fetch_metadata_is_refused(client):
    r = _post(client, "/api/tables", **{"sec-fetch-site": "cross-site"})
    assert r.status_code == 403 and r.json()["code"] == "cross_origin"
    assert _post(client, "/api/tables", **{"sec-fetch-site": "same-origin"}).status_code == 200


def test_the_public_url_is_an_origin_of_its_own(make_client):
    client = make_client(public_url="https://karten.example.org/")
    assert client.app.state.public_url == "https://karten.example.org/"
    assert _post(client, "/api/tables", origin="https://karten.example.org").status_code == 200
    assert _post(client, "/api/tables", origin="https://karten.example.org:443").status_code == 200
    assert _post(client, "/api/tables", origin="http://karten.example.org.evil.example").status_code == 403


def _welcome(client, tid, token, origin):
    with client.websocket_connect(f"/ws/{tid}", headers={"origin": origin}) as ws:
        ws.send_json({"type": "hello", "token": token})
        return ws.receive_json()


def test_a_socket_upgrade_from_a_foreign_origin_is_refused(client):
    """Done when: a socket upgrade from a foreign Origin is refused; the page's own socket works."""
    made = create_table(client)
    tid, token = made["table"]["id"], made["token"]
    assert _welcome(client, tid, token, OWN)["type"] == "welcome"
    for origin in (EVIL, "null"):
        with pytest.raises(Exception) as refused:
            _welcome(client, tid, token, origin)
        e = refused.value
        if hasattr(e, "status_code"):  # the denial response (ASGI websocket.http.response): 403 with the reason
            assert e.status_code == 403 and e.json()["code"] == "cross_origin"
        else:
            assert isinstance(e, WebSocketDisconnect) and e.code == 1008
    # a client that sends no Origin (the load clients, the command line)
    with client.websocket_connect(f"/ws/{tid}") as ws:
        ws.send_json({"type": "hello", "token": token})
        assert ws.receive_json()["type"] == "welcome"


@pytest.fixture
def with_scorekeeper(tmp_path):
    from stammtisch.scorekeeper.api import make_router

    url = f"sqlite:///{tmp_path / 'db.sqlite3'}"
    app = create_app(database_url=url, config=ServerConfig(search_processes=0, warm_search=False),
                     routers=[make_router(url)])
    with TestClient(app) as c:
        yield c


def test_the_scorekeepers_router_in_the_same_app_is_covered_too(with_scorekeeper):
    c = with_scorekeeper
    body = {"name": "organiser", "password": "wrong password"}
    r = _post(c, "/scorekeeper/api/login", body, origin=EVIL)
    assert r.status_code == 403 and r.json()["code"] == "cross_origin"
    r = _post(c, "/scorekeeper/api/login", body, ctype="text/plain")
    assert r.status_code == 415 and r.json()["code"] == "unsupported_media_type"
    # its own page's request reaches the route (and is refused there for the wrong password)
    r = _post(c, "/scorekeeper/api/login", body, origin=OWN)
    assert r.status_code != 415 and (r.json() or {}).get("code") != "cross_origin", r.text
