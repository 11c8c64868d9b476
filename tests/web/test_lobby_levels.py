"""The lobby's level choice in a real browser: choosing a search level shows what the strength
ladder measured against the level below (from ``bots/ladder_gaps.json``), in German and in
English, as the option's tooltip and as a line under the choice; the rule player shows none."""

from __future__ import annotations

import pytest

from stammtisch.i18n import render
from stammtisch.server.routers.lobby import level_gap_text
from tests.chromium import MARKS, launch, live_server

pytestmark = MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "lobby-levels")


@pytest.fixture(scope="module")
def browser():
    yield from launch()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_the_level_choice_shows_the_measured_gap(server, browser, lang):
    expected = {k: level_gap_text("jass", k) for k in ("search:easy", "search:medium", "search:hard")}
    assert all(expected.values()), "the ladder's gaps for today's Jass levels are shipped (ladder.py --gaps)"
    ctx = browser.new_context(viewport={"width": 360, "height": 640})
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}')")
    page = ctx.new_page()
    try:
        page.goto(server.url + "/")
        page.click("#new-table")  # on a phone the form opens behind "Neuer Tisch"
        page.wait_for_selector("#bot")
        page.select_option("#game", "jass")
        gap = page.locator("#bot-gap")
        assert gap.is_hidden()  # the rule player is chosen first: no ladder figure
        for kind, msg in expected.items():
            page.select_option("#bot", kind)
            text = render(msg, lang)
            assert gap.inner_text() == text and gap.is_visible()
            assert page.locator(f'#bot option[value="{kind}"]').get_attribute("title") == text
        assert ("Punkte pro Spiel" if lang == "de" else "points per deal") in render(expected["search:hard"], lang) \
            or ("kein messbarer" if lang == "de" else "no measurable") in render(expected["search:hard"], lang)
    finally:
        ctx.close()
