"""The scorekeeper's exports in French and Italian (issue 37): the CSV heads, the results and
score-sheet PDFs and the table cards speak the language asked for (``?lang=fr|it``); an unknown
language is refused by the route."""

from __future__ import annotations

import base64
import csv
import io
import zlib

import pytest
from fastapi.testclient import TestClient

from stammtisch.scorekeeper.api import create_app

from .helpers import API, login


@pytest.fixture
def cup(tmp_path):
    client = TestClient(create_app(f"sqlite:///{tmp_path / 'cup.sqlite3'}"))
    H = login(client)
    r = client.post(f"{API}/tournaments", headers=H, json={"name": "Coupe du Léman", "game": "jass", "rounds": 1})
    assert r.status_code == 201, r.text
    tid = r.json()["tournament"]["id"]
    r = client.post(f"{API}/tournaments/{tid}/players", headers=H,
                    json=[{"name": n, "club": "Lausanne"} for n in ("Anne", "Benoît", "Chloé", "Daniel")])
    assert r.status_code == 201, r.text
    r = client.post(f"{API}/tournaments/{tid}/rounds", headers=H, json={"method": "random", "seed": "1"})
    assert r.status_code in (200, 201), r.text
    return client, H, tid


def pdf_text(data: bytes) -> str:
    """The text of a PDF's page streams (reportlab writes them ASCII85 and deflated)."""
    out, i = [], 0
    while (i := data.find(b"stream", i)) != -1:
        start = data.find(b"\n", i) + 1
        end = data.find(b"endstream", start)
        chunk = data[start:end].strip()
        try:
            chunk = zlib.decompress(base64.a85decode(chunk, adobe=True) if chunk.endswith(b"~>") else chunk)
        except (ValueError, zlib.error):
            pass
        out.append(chunk.decode("latin-1"))
        i = end + 9
    return "".join(out)


@pytest.mark.parametrize("lang,head,results", [("fr", ["rang", "numéro", "nom", "club"], "sultats"),
                                               ("it", ["posto", "numero", "nome", "club"], "risultati")])
def test_the_exports_speak_french_and_italian(cup, lang, head, results):
    client, H, tid = cup
    text = client.get(f"{API}/tournaments/{tid}/export/ranking.csv", params={"lang": lang}, headers=H).text
    # the export's dialect is a German spreadsheet's (docs/scorekeeper.md): a byte-order mark, ';' between cells
    assert [c.lower() for c in next(csv.reader(io.StringIO(text.lstrip("\ufeff")), delimiter=";"))[:4]] == head
    r = client.get(f"{API}/tournaments/{tid}/export/results.pdf", params={"lang": lang}, headers=H)
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    assert results in pdf_text(r.content).lower()
    r = client.get(f"{API}/tournaments/{tid}/export/sheets.pdf", params={"lang": lang}, headers=H)
    assert r.status_code == 200 and r.content.startswith(b"%PDF")
    r = client.post(f"{API}/tournaments/{tid}/cards", params={"lang": lang}, headers=H, json={"round": 1})
    assert r.status_code == 200 and r.content.startswith(b"%PDF")


def test_an_unknown_export_language_is_refused(cup):
    client, H, tid = cup
    r = client.get(f"{API}/tournaments/{tid}/export/ranking.csv", params={"lang": "xx"}, headers=H)
    assert r.status_code == 422
