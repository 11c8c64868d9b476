"""Issue 32 in Debian's Chromium: Schleifen and the Renonce claims on the keeper's form, a Tarock premium
game on one 360×640 screen, the organiser's loopback warning, euros on the results page."""

from __future__ import annotations

import pytest

from tests.scorekeeper.test_browser import (ORGANISER, PASSWORD, api_setup, no_overflow, page, server, shot, tap,  # noqa: F401
                                            unlock, wait_text, watch, written)

pytestmark = pytest.mark.browser

SMALL = {"width": 360, "height": 640}


def test_schleifen_and_a_renonce_claim_are_entered_by_taps(server, page):  # noqa: F811
    """Österreich-Finale 4): "Liegt der gerufene König im Talon, darf der Spieler das Spiel schleifen, d. h.
    er verliert Spiel plus Ansager"; Österreich-Finale 10) / Tiroler Cup: a regular player claims an obvious
    loss ("Punkteverlust") from the Renonce offender."""
    import httpx
    pytest.importorskip("stammtisch.games.tarock.scoring")
    from stammtisch.scorekeeper.entries import context, get
    names = ["Anna Huber", "Bert Moser", "Cilli Wagner", "Dani Gruber"]
    tid, tab, code, H = api_setup(server, "tarock", names, "oesterreich-finale")
    errors = watch(page)
    page.set_viewport_size(SMALL)
    unlock(page, server, tab, code)
    for t in ("c-rufer", "decl-2", "res-schleifen"):
        tap(page, t)
    wait_text(page, "preview", "geschleift")
    tap(page, "e-write")
    written(page, 1)
    for t in ("c-rufer", "decl-3", "partner-4", "res-won", "ren-add", "ren-0-who-1", "claim-add", "claim-0-who-2"):
        tap(page, t)
    page.fill("[data-testid=claim-0-pts]", "4")
    wait_text(page, "preview", "Renonce")
    tap(page, "e-write")
    written(page, 2)
    shot(page, "livecup-claims-360", full=False)
    rows = httpx.get(f"{server}/scorekeeper/api/tables/{tab}", headers=H).json()["rows"]
    assert rows[0]["facts"]["schleifen"] is True and "declarer_points" not in rows[0]["facts"]
    a = get("tarock")
    want = a.settle(rows[0]["facts"], context(4, 1, 1, profile="oesterreich-finale"))
    assert rows[0]["points"] == list(want.points) and want.points[1] < 0  # he loses Spiel plus Ansager
    assert rows[1]["facts"]["claims"] == [[2, 4]]
    again = a.settle(rows[1]["facts"], context(4, 2, 2, profile="oesterreich-finale"))
    assert rows[1]["points"] == list(again.points)
    assert not errors, errors


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_tarock_premium_game_fits_one_360x640_screen_after_the_contract(server, page, lang):  # noqa: F811
    """Issue 32, item 8: after the contract is chosen, the declarer, partner, result, Kontra, a premium with
    its side/announced/made/Kontra and the write button fit one 360×640 screen."""
    pytest.importorskip("stammtisch.games.tarock.scoring")
    names = ["Anna Huber", "Bert Moser", "Cilli Wagner", "Dani Gruber"]
    tid, tab, code, H = api_setup(server, "tarock", names, "oesterreich-finale")
    page.set_viewport_size(SMALL)
    page.goto(f"{server}/scorekeeper/tisch/{tab}")
    page.evaluate(f"localStorage.setItem('stammtisch-lang', '{lang}')")
    unlock(page, server, tab, code)
    for t in ("c-dreier", "decl-3", "res-won", "prem-add-pagat"):
        tap(page, t)
    wait_text(page, "preview", "Pagat")
    top = page.locator('[data-testid="c-dreier"]').bounding_box()["y"]
    end = page.locator('[data-testid="e-write"]').bounding_box()
    assert end["y"] + end["height"] - top <= SMALL["height"], (top, end)
    page.locator('[data-testid="c-dreier"]').scroll_into_view_if_needed()
    page.evaluate("window.scrollBy(0, document.querySelector('[data-testid=c-dreier]').getBoundingClientRect().top - 4)")
    shot(page, f"livecup-premium-360-{lang}", full=False)
    no_overflow(page)
    tap(page, "c-change")  # every contract again
    assert page.locator('[data-testid="c-trischaken"]').count() == 1
