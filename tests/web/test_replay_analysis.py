"""The replay page's analysis and the fair-deal line in a real browser (issue 38), on a phone
(360×640) and a desktop, in German and English; and every word those pages use is a catalogue
id with a text in both languages.

A live server plays a one-deal Jass table of rule players to its end; on the replay page the test
picks seat 1, waits for the search workers (the progress line first), jumps to the seat's first
decision and checks the values shown against the server's result. The table page shows the
commitment and, the Partie being over, the seed, with the link to /fair."""

from __future__ import annotations

import re
import time
from importlib.resources import files

import httpx
import pytest

from stammtisch.i18n import catalog
from tests.chromium import MARKS, launch, live_server

STATIC = files("stammtisch.web") / "static"


def _ids(name: str) -> set[str]:
    js = (STATIC / name).read_text(encoding="utf-8")
    ids = set(re.findall(r'gettext\("((?:[^"\\]|\\.)*)"\)', js))
    ids |= set(re.findall(r'msg\(\{\s*id: "((?:[^"\\]|\\.)*)"', js))
    return ids


@pytest.mark.parametrize("name", ["replay-analysis.js", "fair.js"])
def test_every_word_of_the_analysis_and_fair_pages_is_in_both_catalogues(name):
    ids = _ids(name)
    if name == "fair.js":  # the explanation's paragraphs are gettext(p) over a list
        js = (STATIC / name).read_text(encoding="utf-8")
        ids |= set(re.findall(r'^    "((?:[^"\\]|\\.)*)",$', js, re.M))
    assert len(ids) >= 8
    for lang in ("de", "en"):
        cat = catalog(lang)
        missing = sorted(i for i in ids if not cat.get(i))
        assert not missing, (lang, missing)
    assert catalog("de")["Analysis by the search player"] != "Analysis by the search player"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "replay_analysis")


@pytest.fixture(scope="module")
def browser():
    yield from launch()


@pytest.fixture(scope="module")
def finished(server):
    c = httpx.Client(base_url=server.url, timeout=30)
    made = c.post("/api/tables", json={"game": "jass", "bot": "rule", "max_deals": 1, "profile": "2500"}).json()
    tid, owner = made["table"]["id"], made["token"]
    c.post(f"/api/tables/{tid}/bots", json={"token": owner})
    c.post(f"/api/tables/{tid}/start", json={"token": owner})
    for _ in range(600):
        info = c.get(f"/api/tables/{tid}").json()["table"]
        if info.get("status") == "finished":
            break
        time.sleep(0.1)
    return c, tid, info["number"], made["table"]["settings"]["commitment"]


@pytest.mark.slow
@MARKS[0]
@MARKS[1]
@pytest.mark.parametrize("lang,viewport", [("de", {"width": 360, "height": 640}), ("en", {"width": 1280, "height": 800})])
def test_the_replay_page_shows_the_analysis_of_a_seat(server, browser, finished, lang, viewport):
    c, tid, number, commitment = finished
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}')")
    page = ctx.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(f"{server.url}/replay/{number}")
    page.wait_for_selector("#analysis")
    title = catalog(lang)["Analysis by the search player"]
    assert title in page.inner_text("#analysis")
    page.click("#analysis .analysis-seats button >> nth=1")
    page.wait_for_selector(".analysis-list button.link", timeout=240_000)
    job = c.get(f"/api/records/{number}/analysis/1").json()
    assert job["status"] == "done"
    first = job["result"]["decisions"][0]
    page.click(".analysis-list button.link >> nth=0")
    page.wait_for_selector("#analysis-here")
    rows = page.locator(".analysis-values tbody tr")
    assert rows.count() == len(first["legal"])
    assert page.locator(".analysis-values tr.chosen").count() + page.locator(".analysis-values tr.best").count() >= 1
    assert page.locator("#analysis").is_visible()  # on the phone too: below the table
    # the table page: the commitment and, the Partie over, the seed and the link to /fair
    page.goto(f"{server.url}/t/{tid}")
    page.wait_for_timeout(1500)
    html = page.content()
    assert commitment in html
    seed = c.get(f"/api/records/{number}").json()["seed"]
    assert seed in html and 'href="/fair"' in html
    page.goto(f"{server.url}/fair")
    page.wait_for_selector("h1")
    assert catalog(lang)["Fair deals: how to check them"] in page.inner_text("h1")
    assert not errors, errors
    ctx.close()
