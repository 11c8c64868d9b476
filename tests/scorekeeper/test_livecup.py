"""Issue 32, the live cup a club runs tonight: table cards with an address phones reach, exports a
referee adds up by hand, repeat-minimal draws, money in euros, a lockout that locks only the guesser."""

from __future__ import annotations

import base64
import csv
import io
import itertools
import re
import zlib

import pytest
from fastapi.testclient import TestClient

from stammtisch.publicurl import is_loopback, normalise_public_url, public_base
from stammtisch.scorekeeper import auth, export
from stammtisch.scorekeeper.api import create_app
from stammtisch.scorekeeper.draw import draw_minimal, pairs_of, repeat_pairs
from stammtisch.scorekeeper.errors import Forbidden, Locked
from stammtisch.scorekeeper.export import SpreadsheetCsv
from stammtisch.scorekeeper.store import Store

from .helpers import API, login

pytest.importorskip("stammtisch.games.tarock.scoring")


def _pdf_text(pdf: bytes) -> bytes:
    out = b""
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        raw = m.group(1).strip()
        try:
            out += zlib.decompress(base64.a85decode(raw[:-2] if raw.endswith(b"~>") else raw))
        except (ValueError, zlib.error):
            out += raw
    return out


def _cup(client, H, rate=None, names=("Anna", "Bäumer", "Cilli", "Dani")):
    body = {"name": "Stammtisch", "game": "tarock", "kind": "table", "names": list(names),
            "profile": "oesterreich-finale"}
    if rate is not None:
        body["rate"] = rate
    t = client.post(f"{API}/tournaments", headers=H, json=body).json()["tournament"]
    return t["id"], t["rounds"][0]["tables"][0]["id"]


# ------------------------------------------------------------------ 1. the address on the table cards
def test_the_cards_carry_the_public_url_in_text_and_qr_codes(monkeypatch):
    pytest.importorskip("reportlab")
    client = TestClient(create_app("sqlite://", public_url="https://cup.example.org/"))
    H = login(client)
    tid, tab = _cup(client, H)
    encoded = []
    real = export._qr
    monkeypatch.setattr(export, "_qr", lambda rl, url, size: encoded.append(url) or real(rl, url, size))
    pdf = client.post(f"{API}/tournaments/{tid}/cards", headers=H, json={}).content
    url = f"https://cup.example.org/scorekeeper/tisch/{tab}"
    assert encoded == [url]  # the QR code's content
    assert url.encode() in _pdf_text(pdf) and b"testserver" not in _pdf_text(pdf)
    a = client.get(f"{API}/address", headers=H).json()
    assert a == {"base": "https://cup.example.org", "loopback": False, "configured": True, "proxy_warning": None}


def test_the_organiser_page_is_told_when_the_cards_would_point_to_localhost():
    client = TestClient(create_app("sqlite://"), base_url="http://127.0.0.1:8000")
    H = login(client)
    assert client.get(f"{API}/address").status_code == 403
    a = client.get(f"{API}/address", headers=H).json()
    assert a["loopback"] is True and a["base"] == "http://127.0.0.1:8000" and a["configured"] is False


def test_public_addresses_are_checked_and_listening_on_loopback_gives_none():
    assert normalise_public_url(" http://192.168.1.20:8000/ ") == "http://192.168.1.20:8000"
    for bad in ("cup.example.org", "ftp://x", "http://", "http://x/?a=1", "http://x:99999"):
        with pytest.raises(ValueError):
            normalise_public_url(bad)
    assert public_base("127.0.0.1", 8000, None) is None and public_base("localhost", 80, None) is None
    assert public_base("10.0.0.5", 8000, None) == "http://10.0.0.5:8000"
    found = public_base("0.0.0.0", 8000, None)
    assert found is None or not is_loopback(found)  # the machine's network address, never localhost


# ------------------------------------------------------------------ 2., 3. exports
def _played(rate=10):
    s = Store("sqlite://")
    oid = s.create_organiser("Wirt", "geheim-12345")["id"]
    t = s.create_tournament("Cup", "tarock", kind="table", names=["Anna", "Bäumer", "Cilli", "Dani"],
                            organiser=oid, profile="oesterreich-finale", rate=rate)
    tab = t["rounds"][0]["tables"][0]["id"]
    s.write(tab, None, {"kind": "game", "contract": "rufer", "declarer": 2, "partner": 4, "declarer_points": "40",
                        "kontra": 1})
    s.write(tab, None, {"kind": "row", "points": [3, -1, -1, -1]})  # copied from the Tischzettel as points
    s.write(tab, None, {"kind": "row", "points": [2, -1, -1, 1], "strike": True})  # Österreich-Finale 1)
    return s, t["id"], tab


def test_sheets_csv_reads_back_in_its_dialect_with_names_and_words():
    s, tid, tab = _played()
    text = export.sheets_csv(s, tid, "de")
    assert text.startswith(export.CSV_BOM) and "\r\n" in text and "{'id'" not in text and '"id"' not in text
    rows = list(csv.reader(io.StringIO(text[1:], newline=""), SpreadsheetCsv))
    head, first = rows[0], rows[1]
    assert head[:7] == ["Runde", "Tisch", "Spiel", "Geber", "Spiel / Ansage", "Name 1", "Pos. 1"]
    assert first[3] == "Anna" and [first[5], first[7], first[9], first[11]] == ["Anna", "Bäumer", "Cilli", "Dani"]
    settlement = first[head.index("Abrechnung")]
    assert settlement and "Kontra" in settlement and "{" not in settlement
    assert rows[3][head.index("gestrichen")] == "gestrichen"
    euro = [first[head.index(f"Euro {n}")] for n in range(1, 5)]
    assert all(re.fullmatch(r"-?\d+,\d\d", e) for e in euro)  # decimal comma, not a formula-defused text
    en = list(csv.reader(io.StringIO(export.sheets_csv(s, tid, "en")[1:], newline=""), SpreadsheetCsv))
    assert "Kontra" in en[1][en[0].index("settlement")] and "{" not in en[1][en[0].index("settlement")]


def test_sheets_pdf_columns_add_up_to_summe_with_a_struck_row(monkeypatch):
    """Österreich-Finale 1): a struck row counts 0 for all; on paper it shows struck, with the 0 it counts."""
    pytest.importorskip("reportlab")
    s, tid, tab = _played()
    grids = []
    real = export._grid
    monkeypatch.setattr(export, "_grid", lambda rl, data, widths=None: grids.append(data) or real(rl, data, widths))
    export.sheets_pdf(s, tid)
    points = grids[0]
    body, total = points[1:-1], points[-1]

    def counted(cell) -> int:
        text = cell if isinstance(cell, str) else cell.text
        return 0 if "<strike>" in text else int(text)
    for col in range(3, 3 + 4):
        assert sum(counted(r[col]) for r in body) == int(total[col])
    struck = body[2]
    assert "<strike>" in struck[3].text and "gestrichen: 0 gezählt" in struck[2].text
    money = grids[1]  # the money ledger: the row copied as points counts, with euros at the rate
    assert any("als Punkte eingetragen" in r[1].text for r in money[1:-2] if not isinstance(r[1], str))
    assert money[-1][1] == "Euro"


# ------------------------------------------------------------------ 4. the draw
def _brute_minimum(players, sizes, met):
    best = None
    for order in itertools.permutations(players):
        tables, i = [], 0
        for n in sizes:
            tables.append(order[i:i + n])
            i += n
        r = repeat_pairs(tables, met)
        best = r if best is None else min(best, r)
        if best == 0:
            break
    return best


@pytest.mark.parametrize("n, sizes, rounds", [(8, [4, 4], 3), (9, [5, 4], 3), (8, [4, 4], 4)])
def test_the_draw_reaches_brute_forces_minimum_on_small_fields(n, sizes, rounds):
    """Issue 32, item 4: 8 players, round 3 gave 8 repeated pairs where 4 were possible."""
    players = list(range(1, n + 1))
    history: list[list[int]] = []
    for r in range(rounds):
        met = pairs_of(history)
        d = draw_minimal(players, sizes, met, seed=r)
        assert sorted(len(t) for t in d.tables) == sorted(sizes) and sorted(sum(d.tables, [])) == players
        assert d.repeats == repeat_pairs(d.tables, met) == _brute_minimum(players, sizes, met)
        assert d.proven and d.bound == d.repeats
        history += d.tables
    if (n, rounds) == (8, 3):
        assert d.repeats == 4


def test_a_big_field_reports_honestly_whether_its_minimum_is_proven():
    players = list(range(1, 25))
    history: list[list[int]] = []
    for r in range(7):
        d = draw_minimal(players, [4] * 6, pairs_of(history), seed=r, seconds=0.5)
        assert 0 <= d.bound <= d.repeats and d.proven == (d.repeats <= d.bound)
        history += d.tables


# ------------------------------------------------------------------ 5. money
def test_money_in_euros_at_the_rate_counts_rows_copied_as_points():
    s, tid, tab = _played(rate=10)
    sheet = s.table(tab)
    game, copied, struck = sheet["rows"]
    assert game["money"] != game["points"]  # Kontra doubles the money only (Österreich-Finale 2))
    assert copied["money"] is None and copied["money_points"] == [3, -1, -1, -1]
    assert struck["money_points"] == [0, 0, 0, 0]
    want = [g + c for g, c in zip(game["money"], [3, -1, -1, -1])]
    assert sheet["money_totals"] == want and sheet["cents_totals"] == [10 * m for m in want]
    rk = {ln["name"]: ln for ln in s.rankings(tid)["ranking"]}
    assert [rk[n]["cents"] for n in ("Anna", "Bäumer", "Cilli", "Dani")] == [10 * m for m in want]
    s.set_rate(tid, 50, tab)  # a table's own rate
    assert s.table(tab)["cents_totals"] == [50 * m for m in want]


def test_a_rate_is_refused_where_points_are_not_paid_between_players():
    s = Store("sqlite://")
    oid = s.create_organiser("Wirt", "geheim-12345")["id"]
    with pytest.raises(Exception, match="partnership"):
        s.create_tournament("J", "jass", kind="table", names=["A", "B", "C", "D"], organiser=oid, rate=5)


# ------------------------------------------------------------------ 11. the lockout
def _locked_table():
    s = Store("sqlite://")
    oid = s.create_organiser("Wirt", "geheim-12345")["id"]
    t = s.create_tournament("S", "doppelkopf", kind="table", names=["A", "B", "C", "D"], organiser=oid)
    tab = t["rounds"][0]["tables"][0]["id"]
    return s, tab, s.issue_codes(t["id"])[tab]


def test_wrong_codes_lock_the_device_not_the_table_nor_the_keepers_phone():
    s, tab, code = _locked_table()
    assert s.unlock_table(tab, code, "10.0.0.7", device="keeper-phone-token-1")["token"]  # the keeper entered
    for _ in range(auth.CODE_ATTEMPTS):  # a stranger's phone on the same Wi-Fi address
        with pytest.raises(Forbidden, match="this device"):
            s.unlock_table(tab, "00000-00000", "10.0.0.7", device="stranger-token-000")
    with pytest.raises(Locked, match="this device"):
        s.unlock_table(tab, code, "10.0.0.7", device="stranger-token-000")
    assert s.unlock_table(tab, code, "10.0.0.7", device="another-phone-token")["token"]  # other devices are not
    assert s.unlock_table(tab, code, "10.0.0.7", device="keeper-phone-token-1")["token"]


def test_an_address_backs_off_but_a_keeper_who_entered_is_never_locked_out():
    s, tab, code = _locked_table()
    assert s.unlock_table(tab, code, "192.0.2.1", device="keeper-phone-token-1")["token"]
    # six addresses × 5 wrong codes (issue 32, item 11) and a stranger who drops his cookie every time
    for i in range(6):
        for k in range(5):
            with pytest.raises((Forbidden, Locked)):
                s.unlock_table(tab, "00000-00000", f"198.51.100.{i}", device=f"stranger-{i}-{k}-xxxxxxxxx")
    for k in range(auth.ADDRESS_FREE + 1):
        try:
            s.unlock_table(tab, "00000-00000", "203.0.113.9", device=f"fresh-cookie-{k}-xxxxxxxx")
        except Forbidden:
            pass
        except Locked:
            break
    with pytest.raises(Locked, match="network address"):  # the address backs off
        s.unlock_table(tab, code, "203.0.113.9", device="fresh-cookie-last-xxxxxxx")
    for _ in range(auth.CODE_ATTEMPTS_ALL):  # even the bound over all devices spares the keeper
        try:
            s.unlock_table(tab, "00000-00000", "203.0.113.10", device=None)
        except (Forbidden, Locked):
            pass
    s._address_fails.clear()
    s._code_fails.clear()
    for _ in range(auth.CODE_ATTEMPTS_ALL):
        try:
            s.unlock_table(tab, "00000-00000", f"10.1.{_ // 200}.{_ % 200}", device=None)
        except (Forbidden, Locked):
            pass
    with pytest.raises(Locked, match="new devices"):
        s.unlock_table(tab, code, "192.0.2.2", device="never-seen-token-xx")
    assert s.unlock_table(tab, code, "192.0.2.1", device="keeper-phone-token-1")["token"]


def test_the_keeper_page_gives_a_device_cookie_and_unlock_uses_it():
    client = TestClient(create_app("sqlite://"))
    H = login(client)
    tid, tab = _cup(client, H)
    code = client.post(f"{API}/tournaments/{tid}/codes", headers=H, json={}).json()["codes"][str(tab)]
    r = client.get(f"/scorekeeper/tisch/{tab}")
    assert "sk_device" in r.cookies and "httponly" in r.headers["set-cookie"].lower()
    assert client.post(f"{API}/tables/{tab}/unlock", json={"code": code}).status_code == 200
    stranger = TestClient(client.app)
    stranger.get(f"/scorekeeper/tisch/{tab}")
    for _ in range(auth.CODE_ATTEMPTS):
        assert stranger.post(f"{API}/tables/{tab}/unlock", json={"code": "00000-00000"}).status_code == 403
    r = stranger.post(f"{API}/tables/{tab}/unlock", json={"code": code})
    assert r.status_code == 429 and "this device" in r.json()["message"]
    assert client.post(f"{API}/tables/{tab}/unlock", json={"code": code}).status_code == 200


def test_forwarded_headers_from_an_untrusted_proxy_are_warned_about(caplog):
    client = TestClient(create_app("sqlite://"))
    H = login(client)
    assert client.get(f"{API}/address", headers=H).json()["proxy_warning"] is None
    client.post(f"{API}/tables/1/unlock", json={"code": "00000-00000"}, headers={"X-Forwarded-For": "203.0.113.5"})
    w = client.get(f"{API}/address", headers=H).json()["proxy_warning"]
    assert w["header"] == "x-forwarded-for" and w["proxy"] == "testclient"
    assert any("trusted-proxies" in r.getMessage() for r in caplog.records)


# ------------------------------------------------------------------ 7. facts no Jass deal can produce
_JASS = {"kind": "game", "mode": "E", "declarer": 1, "card_points": [100, 57], "tricks": [6, 3]}


@pytest.mark.parametrize("change, options, field, rule", [
    ({"mode": "obenabe", "stoeck": [20, 0]}, {}, "Stöck", "Papagei-Jass §29.3"),       # Stöck in Obenabe
    ({"stoeck": [20, 20]}, {}, "Stöck", "Papagei-Jass §29.3"),                          # Stöck for both teams
    ({"weis": [50, 20]}, {}, "Weis", "Papagei-Jass §29"),                               # Weis for both teams
    ({"card_points": [100, 100]}, {}, "Card points", "Papagei-Jass §23"),               # 100 + 100
    ({"card_points": [150, 7], "tricks": [9, 0]}, {}, "Card points", "Papagei-Jass §23"),  # 7 with 0 tricks
    ({"mode": "misere:E", "weis": [50, 0]}, {"misere": True}, "Weis", "Papagei-Jass §24.5"),
    ({"mode": "misere:E", "stoeck": [20, 0]}, {"misere": True}, "Stöck", "Papagei-Jass §24.5"),
    ({"mode": "misere:E"}, {}, "Mode", "Papagei-Jass §24.5"),                           # Misere never agreed
    ({"mode": "3x3:E-obenabe-undenufe"}, {}, "Mode", "Papagei-Jass §24.3"),             # Drei mal Drei never agreed
])
def test_facts_no_jass_deal_can_produce_are_refused_naming_field_and_paragraph(change, options, field, rule):
    pytest.importorskip("stammtisch.games.jass.scoring")
    from stammtisch.core.errors import IllegalAction
    from stammtisch.scorekeeper.entries import context, get
    with pytest.raises(IllegalAction) as e:
        get("jass").settle(dict(_JASS, **change), context(4, 1, 1, options=options))
    assert str(e.value).startswith(field) and e.value.rule == rule
    assert get("jass").settle(dict(_JASS, stoeck=[20, 0], weis=[50, 0]), context(4, 1, 1)).points  # possible facts pass
