"""axe-core on the scorekeeper's pages (the organiser's login and desk, the public results), in
the same Chromium as the table's browser tests: no serious or critical violation."""

from __future__ import annotations

import pytest

from tests.chromium import MARKS, launch
from tests.scorekeeper.helpers import serve_app
from tests.web.axe import violations

pytestmark = MARKS

ORGANISER, PASSWORD = "Maria Moser", "geheim-12345"


@pytest.fixture(scope="module")
def scorekeeper(tmp_path_factory):
    yield from serve_app(tmp_path_factory.mktemp("sk") / "sk.sqlite3", ORGANISER, PASSWORD)


@pytest.fixture(scope="module")
def browser():
    yield from launch()


@pytest.mark.parametrize("viewport", [{"width": 1200, "height": 900}, {"width": 360, "height": 640}], ids=["desktop", "phone"])
def test_scorekeeper_pages_have_no_serious_accessibility_violations(scorekeeper, browser, viewport):
    page = browser.new_page(viewport=viewport)
    page.goto(scorekeeper + "/scorekeeper/")
    page.wait_for_selector("[data-testid=login-name]")
    assert not violations(page), violations(page)
    page.fill("[data-testid=login-name]", ORGANISER)
    page.fill("[data-testid=login-password]", PASSWORD)
    page.click("[data-testid=login-btn]")
    page.wait_for_selector("#create:not([hidden])")
    assert not violations(page), violations(page)
    page.goto(scorekeeper + "/scorekeeper/results")
    page.wait_for_load_state("networkidle")
    assert not violations(page), violations(page)
    page.close()
