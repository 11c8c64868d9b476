"""Who may change which row, who wrote it, and what the lists and cards carry (through the web API).

* A list keeper corrects or strikes the last row only; an earlier row is the organiser's, with a
  reason; every revision names its author from the session ("Tisch N" or the organiser's name).
* Creating a tournament is idempotent per click (the create form's key).
* Where the profile plays for money, the money ledger is in the list, the ranking and the exports.
* Table cards carry the list page's address (and a QR code) and the game's own rule.
* Jass partners with the same score share a place.
"""

import base64
import csv
import io
import re
import zlib

import pytest
from fastapi.testclient import TestClient

from stammtisch.scorekeeper.api import create_app
from stammtisch.scorekeeper.export import SpreadsheetCsv

from .helpers import login, unlock

API = "/scorekeeper/api"
ORG = "Maria Moser"


@pytest.fixture
def client(tmp_path):
    return TestClient(create_app(f"sqlite:///{tmp_path / 'k.sqlite3'}"))


def table(client, H, game="tarock", names=("Anna", "Bert", "Cilli", "Dani"), profile=None):
    body = {"name": "Stammtisch", "game": game, "kind": "table", "names": list(names)}
    if profile:
        body["profile"] = profile
    t = client.post(f"{API}/tournaments", headers=H, json=body).json()["tournament"]
    tab = t["rounds"][0]["tables"][0]["id"]
    code = client.post(f"{API}/tournaments/{t['id']}/codes", headers=H, json={}).json()["codes"][str(tab)]
    return t["id"], tab, unlock(client, tab, code)


def version(client, H, tab):
    return client.get(f"{API}/tables/{tab}", headers=H).json()["version"]


def test_a_keeper_changes_only_the_last_row_and_every_revision_names_its_author(client):
    H = login(client, ORG)
    tid, tab, K = table(client, H)
    for pts in ([3, -1, -1, -1], [-1, 3, -1, -1]):
        r = client.post(f"{API}/tables/{tab}/entries", headers=K,
                        json={"version": version(client, K, tab), "facts": {"kind": "row", "points": pts}})
        assert r.status_code == 201, r.text
    v = version(client, K, tab)
    # an earlier row: refused for the keeper, whatever he sends
    r = client.post(f"{API}/tables/{tab}/entries/1/strike", headers=K, json={"version": v, "reason": "x"})
    assert r.status_code == 403 and "organiser" in r.json()["message"]
    from stammtisch.i18n import render
    assert render(r.json()["msg"], "de").startswith("der Listenführer darf nur das letzte Spiel (2)")  # the page's words
    r = client.put(f"{API}/tables/{tab}/entries/1", headers=K,
                   json={"version": v, "facts": {"kind": "row", "points": [1, 1, -1, -1]}, "reason": "x"})
    assert r.status_code == 403
    # the last row: his to correct
    r = client.put(f"{API}/tables/{tab}/entries/2", headers=K,
                   json={"version": v, "facts": {"kind": "row", "points": [-1, -1, 3, -1]}, "author": "Anna"})
    assert r.status_code == 200, r.text
    # the organiser strikes the earlier row, with a reason (Tiroler Cup, Abrechnung)
    v = version(client, H, tab)
    assert client.post(f"{API}/tables/{tab}/entries/1/strike", headers=H, json={"version": v, "reason": ""}
                       ).status_code == 422
    r = client.post(f"{API}/tables/{tab}/entries/1/strike", headers=H,
                    json={"version": v, "reason": "Rechenfehler, nicht klärbar"})
    assert r.status_code == 200, r.text
    h1 = client.get(f"{API}/tables/{tab}/entries/1/history", headers=H).json()
    h2 = client.get(f"{API}/tables/{tab}/entries/2/history", headers=H).json()
    assert [(x["action"], x["author"]) for x in h1] == [("write", "Tisch 1"), ("strike", ORG)]
    assert [(x["action"], x["author"]) for x in h2] == [("write", "Tisch 1"), ("correct", "Tisch 1 (Anna)")]
    assert all(x["at"] for x in h1 + h2)


def test_creating_is_idempotent_per_click(client):
    H = login(client, ORG)
    body = {"name": "Cup", "game": "tarock", "once": "click-0123456789"}
    a = client.post(f"{API}/tournaments", headers=H, json=body).json()["tournament"]["id"]
    b = client.post(f"{API}/tournaments", headers=H, json=body).json()["tournament"]["id"]
    c = client.post(f"{API}/tournaments", headers=H, json={**body, "once": "click-9876543210"}).json()
    assert a == b != c["tournament"]["id"]
    assert len(client.get(f"{API}/me", headers=H).json()["tournaments"]) == 2


def test_the_money_ledger_is_in_the_list_the_ranking_and_the_exports(client):
    pytest.importorskip("stammtisch.games.tarock.scoring")
    H = login(client, ORG)
    tid, tab, K = table(client, H, profile="oesterreich-finale")
    facts = {"kind": "game", "contract": "rufer", "declarer": 2, "partner": 4, "declarer_points": "40", "kontra": 1}
    row = client.post(f"{API}/tables/{tab}/entries", headers=K, json={"version": version(client, K, tab), "facts": facts}).json()["row"]
    assert row["money"] != row["points"]  # Kontra doubles the money only (Österreich-Finale 2))
    sheet = client.get(f"{API}/tables/{tab}", headers=H).json()
    assert sheet["money_totals"] == row["money"]
    rk = client.get(f"{API}/tournaments/{tid}/rankings", headers=H).json()["ranking"]
    assert sorted(ln["money"] for ln in rk) == sorted(row["money"])
    def read(name: str) -> list[list[str]]:
        got = client.get(f"{API}/tournaments/{tid}/export/{name}", headers=H).content.decode("utf-8-sig")
        return list(csv.reader(io.StringIO(got), SpreadsheetCsv))
    rows = read("sheets.csv")
    assert rows[0][15:19] == ["Geld 1", "Geld 2", "Geld 3", "Geld 4"]
    assert [int(x) for x in rows[1][15:19]] == row["money"]
    en = read("ranking.csv?lang=en")
    assert en[0][:3] == ["rank", "number", "name"] and en[0][-1] == "money"


def _pdf_text(pdf: bytes) -> bytes:
    """The page streams of a reportlab PDF (ASCII85, then Flate), decoded."""
    out = b""
    for m in re.finditer(rb"stream\r?\n(.*?)endstream", pdf, re.S):
        raw = m.group(1).strip()
        try:
            out += zlib.decompress(base64.a85decode(raw[:-2] if raw.endswith(b"~>") else raw))
        except (ValueError, zlib.error):
            out += raw
    return out


def test_table_cards_carry_the_list_address_and_the_games_rule(client):
    pytest.importorskip("reportlab")
    H = login(client, ORG)
    tid, tab, _ = table(client, H, game="doppelkopf")
    pdf = client.post(f"{API}/tournaments/{tid}/cards", headers=H, json={}).content
    text = _pdf_text(pdf)
    assert pdf.startswith(b"%PDF") and f"/scorekeeper/tisch/{tab}".encode() in text
    assert b"Doppelkopf-Turnier 8." in text
    tid, tab, _ = table(client, H, game="tarock")
    text = _pdf_text(client.post(f"{API}/tournaments/{tid}/cards", headers=H, json={}).content)
    assert b"Doppelkopf-Turnier" not in text and b"sterreich-Finale" in text
    assert client.get(f"/scorekeeper/tisch/{tab}").status_code == 200


def test_jass_partners_with_the_same_score_share_a_place(client):
    pytest.importorskip("stammtisch.games.jass.scoring")
    H = login(client, ORG)
    tid, tab, K = table(client, H, game="jass")
    r = client.post(f"{API}/tables/{tab}/entries", headers=K,
                    json={"version": version(client, K, tab), "facts": {"kind": "row", "points": [500, 300]}})
    assert r.status_code == 201, r.text
    ranks = {ln["name"]: ln["rank"] for ln in client.get(f"{API}/tournaments/{tid}/rankings", headers=H).json()["ranking"]}
    assert ranks == {"Anna": 1, "Cilli": 1, "Bert": 3, "Dani": 3}


def test_the_pages_words_are_the_catalogues():
    """words.js names every word by an English message id; the same ids are listed in the source
    (pagewords.PAGE_WORDS) and have a German and an English text in the catalogue."""
    import json as _json
    from pathlib import Path

    from stammtisch.i18n import catalog
    from stammtisch.scorekeeper.pagewords import PAGE_WORDS
    src = (Path(__file__).resolve().parents[2] / "src/stammtisch/scorekeeper/static/words.js").read_text()
    body = src[src.index("const IDS = {"):src.index("\n};", src.index("const IDS = {"))]
    ids = {k.strip('"'): _json.loads(f'"{v}"') for k, v in re.findall(r'(?:^|[\s,{])("?[\w-]+"?)\s*:\s*"((?:[^"\\]|\\.)*)"',
                                                                     body, re.S)}
    assert ids == {k: m.id for k, m in PAGE_WORDS.items()}
    for lang in ("de", "en"):
        assert not [i for i in ids.values() if i not in catalog(lang)], lang
    assert catalog("de")[PAGE_WORDS["organiser"].id] == "Turnierleitung"
