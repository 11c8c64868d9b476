"""The lobby's table entry shows the table's commitment before any card is dealt (docs/fair-deals.md):
the short form on the entry, the whole value on hover (title) and on tap (the entry opens), with the
link to /fair; at 360×640, 640×360 and a desktop, in German and English. Screenshots go to
``output/screens/lobby-commitment-<lang>-<w>x<h>.png`` for a person to look at."""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.chromium import MARKS, launch, live_server

SCREENS = Path("output/screens")
WORDS = {"de": "Zusage", "en": "commitment"}
LINK = {"de": "So prüfst du", "en": "How to check"}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "lobby_commitment")


@pytest.fixture(scope="module")
def browser():
    yield from launch()


@pytest.fixture(scope="module")
def open_table(server):
    c = httpx.Client(base_url=server.url, timeout=30)
    made = c.post("/api/tables", json={"game": "doppelkopf", "bot": "rule"}).json()
    return made["table"]["id"], made["table"]["settings"]["commitment"]


@pytest.mark.slow
@MARKS[0]
@MARKS[1]
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)])
def test_the_lobby_entry_shows_the_tables_commitment(server, browser, open_table, lang, size):
    tid, commitment = open_table
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    entry = page.locator(f'li.table-row[data-table="{tid}"]')
    badge = entry.locator("details.fair-badge")
    badge.wait_for(timeout=30_000)
    summary = badge.locator("summary")
    assert summary.inner_text().strip() == f"{WORDS[lang]} {commitment[:12]}…"
    assert badge.get_attribute("title") == commitment  # the whole value on hover
    assert commitment not in badge.inner_text()  # closed: the short form only
    summary.click()  # on tap: the whole value and the link to the explanation
    assert commitment in badge.inner_text()
    link = badge.locator('a[href="/fair"]')
    assert link.is_visible() and link.inner_text().startswith(LINK[lang])
    box = badge.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= size[0] + 1, "the entry is wider than the screen"
    entry.scroll_into_view_if_needed()
    SCREENS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENS / f"lobby-commitment-{lang}-{size[0]}x{size[1]}.png"), full_page=True)
    assert not errors, errors
    ctx.close()
