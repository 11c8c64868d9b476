"""The small things players expect (issue 31, 9): the move clock's countdown at the seat whose turn
it is, sounds behind a switch (off until turned on, remembered), high-stakes Tarock bids asked once
more."""

from __future__ import annotations

import re

import httpx
import pytest

from tests.chromium import MARKS, launch, live_server
from tests.web.test_phone_fit import next_turn
from tests.web.test_table_browser import FLAGS, open_page

pytestmark = MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "small-things")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def started(browser, server, game: str, **extra):
    made = httpx.post(server.url + "/api/tables", json={"game": game, "name": "Anna", "seed": 0, "max_deals": 1,
                                                         **extra}).json()
    tid, token = made["table"]["id"], made["token"]
    ctx, page, problems = open_page(browser, {"width": 1280, "height": 900}, lang="de")
    ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")
    return ctx, page, problems


def test_the_move_clock_counts_down_at_the_seat_whose_turn_it_is(server, browser):
    ctx, page, problems = started(browser, server, "jass", move_seconds=120)
    try:
        next_turn(page, None)
        clock = page.locator(".seat-plate.to-act .seat-clock")
        clock.wait_for()
        first = int(re.match(r"(\d+)", clock.inner_text()).group(1))
        assert 100 < first <= 120
        page.wait_for_timeout(1300)
        assert int(re.match(r"(\d+)", clock.inner_text()).group(1)) < first
        assert page.locator(".seat-plate:not(.to-act) .seat-clock").count() == 0  # only where it is someone's turn
        assert not problems, problems
    finally:
        ctx.close()


def test_a_table_without_a_clock_shows_none(server, browser):
    ctx, page, _ = started(browser, server, "jass")
    try:
        next_turn(page, None)
        assert page.locator(".seat-clock").count() == 0
    finally:
        ctx.close()


def test_sounds_are_off_until_switched_on_and_the_switch_is_remembered(server, browser):
    ctx, page, problems = started(browser, server, "jass")
    try:
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        box = page.locator("#pref-sound")
        assert not box.is_checked()
        box.check()
        assert page.evaluate("localStorage.getItem('stammtisch:sound')") == "on"
        assert "Töne" in page.locator("label[for=pref-sound]").inner_text()
        assert not problems, problems
    finally:
        ctx.close()
