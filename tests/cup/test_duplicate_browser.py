"""The cup page of a duplicate cup (the same deals at every table of a round): the ranking by
comparison beside the points ranking, the round's commitment and, once the round is over, its seed;
at 360×640, 640×360 and a desktop, in German and English (screenshots in
test-artifacts/cup-duplicate-<lang>-<w>x<h>.png)."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.chromium import MARKS

from .conftest import PASSWORD
from .test_cup_browser import ARTIFACTS, browser, server  # noqa: F401 (the module's fixtures)

pytestmark = MARKS
NAMES8 = ["Anna", "Bert", "Cilli", "Done", "Ede", "Fritz", "Gerti", "Hias"]
TITLE = {"de": "Wertung im Vergleich (gleiche Karten)", "en": "Ranking by comparison (same cards)"}


@pytest.fixture(scope="module")
def played(server):  # noqa: F811
    c = httpx.Client(base_url=server, timeout=30)
    token = c.post("/scorekeeper/api/login", json={"name": "Maria", "password": PASSWORD}).json()["token"]
    c.headers["Authorization"] = f"Bearer {token}"
    tid = c.post("/cup/api/cups", json={"name": "Duplicate", "game": "tarock", "rounds": 1, "settings": {
        "games": 2, "move_seconds": 0, "duplicate": True, "computer": NAMES8}}).json()["tournament"]["id"]
    c.post(f"/cup/api/cups/{tid}/players", json={"players": [{"name": n} for n in NAMES8]})
    c.post(f"/cup/api/cups/{tid}/rounds", json={"method": "random", "seed": "b"})
    committed = c.post(f"/cup/api/cups/{tid}/start", json={}).json()["commitment"]
    end = time.monotonic() + 120
    while True:
        rounds = c.get(f"/cup/api/cups/{tid}/standings").json()["comparison"]["rounds"]
        if rounds[0]["seed"]:
            break
        assert time.monotonic() < end, "the round did not end"
        time.sleep(0.2)
    return tid, token, committed, rounds[0]["seed"]


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("size", [(360, 640), (640, 360), (1280, 800)])
def test_the_cup_page_shows_the_ranking_by_comparison_and_the_rounds_commitment(server, browser, played, lang, size):  # noqa: F811
    tid, token, committed, seed = played
    ctx = browser.new_context(viewport={"width": size[0], "height": size[1]})
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}'); sessionStorage.setItem('sk-session', '{token}')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server}/cup/?t={tid}")
    part = page.locator("[data-testid=comparison-part]")
    part.wait_for(timeout=30_000)
    assert part.locator("h3").inner_text() == TITLE[lang]
    assert page.locator("[data-testid=ranking]").is_visible()  # the sheet's ranking stays, beside it
    assert part.locator("[data-testid=comparison] tbody tr").count() == len(NAMES8)
    line = part.locator("[data-testid=round-commitment-1]")
    assert committed[:12] in line.inner_text() and seed[:12] in line.inner_text()
    assert line.locator(f'code[title="{committed}"]').count() == 1 and line.locator(f'code[title="{seed}"]').count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0] + 1, "wider than the screen"
    assert part.locator('a[href="/fair"]').is_visible()
    part.scroll_into_view_if_needed()
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"cup-duplicate-{lang}-{size[0]}x{size[1]}.png"), full_page=True)
    assert not errors, errors
    ctx.close()


@pytest.mark.parametrize("lang", ["de"])
def test_the_form_turns_kiebitze_off_and_live_tables_away_for_a_duplicate_cup(server, browser, played, lang):  # noqa: F811
    _, token, _, _ = played
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}'); sessionStorage.setItem('sk-session', '{token}')")
    page = ctx.new_page()
    page.goto(f"{server}/cup/")
    dup, kiebitze, mixed = (page.locator(f"[data-testid=cup-{k}]") for k in ("duplicate", "kiebitze", "mixed"))
    dup.wait_for(timeout=30_000)
    assert kiebitze.is_checked() and kiebitze.is_enabled() and mixed.is_enabled()
    dup.check()  # the server keeps Kiebitze off at duplicate tables, and refuses live tables with it
    assert not kiebitze.is_checked() and kiebitze.is_disabled() and mixed.is_disabled()
    dup.uncheck()
    assert kiebitze.is_enabled() and mixed.is_enabled()
    mixed.check()
    assert dup.is_disabled()
    ctx.close()
