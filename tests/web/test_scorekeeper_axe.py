"""axe-core on the scorekeeper's pages (the organiser's login and desk, the public results), in
the same Chromium as the table's browser tests: no serious or critical violation."""

from __future__ import annotations

import threading
import time

import pytest

from tests.chromium import MARKS, launch
from tests.server.live import free_port
from tests.web.axe import violations

pytestmark = MARKS

ORGANISER, PASSWORD = "Maria Moser", "geheim-12345"


@pytest.fixture(scope="module")
def scorekeeper(tmp_path_factory):
    uvicorn = pytest.importorskip("uvicorn")
    from stammtisch.scorekeeper.api import create_app

    app = create_app(f"sqlite:///{tmp_path_factory.mktemp('sk') / 'sk.sqlite3'}")
    app.state.scorekeeper.create_organiser(ORGANISER, PASSWORD)
    port = free_port()
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(5)


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
