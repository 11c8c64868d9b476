"""Browser tests: a person opens a table in Chromium, fills three seats with computer players and
plays a complete deal of every available game; a screenshot of each table is kept in test-artifacts/."""

from __future__ import annotations

import importlib

import pytest

from stammtisch.core import registry

from tests.chromium import MARKS, launch, live_server

from .live import ROOT

ARTIFACTS = ROOT / "test-artifacts"

pytestmark = MARKS


def _available() -> list[str]:
    out = []
    for name in registry.names():
        try:
            mod = importlib.import_module(registry._GAMES[name])
        except Exception:
            continue
        if getattr(mod, "GAME", None) is not None:
            out.append(name)
    return out + ["toy"]


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "browser")


@pytest.fixture(scope="module")
def browser():
    yield from launch()


def play_deal(page, limit: int = 2000) -> None:
    """Click a highlighted card (or an action button) whenever it is our turn, until the deal is over."""
    last_version = None
    for _ in range(limit):
        status = page.locator("#status")
        if status.get_attribute("data-over") == "true":
            return
        version = status.get_attribute("data-version")
        if page.locator("#confirm").count():  # a high-stakes word asks once more (docs/web.md)
            page.click("#confirm-yes")
            continue
        if page.locator("#chooser").count():  # a card with a choice (Perlaggen: the Perlagg's Taufe)
            from playwright.sync_api import TimeoutError as PlaywrightTimeout

            try:
                page.locator("#chooser .choice").first.click(timeout=3000)
            except PlaywrightTimeout:  # a new state re-rendered the table and closed the chooser
                pass
            continue
        if status.get_attribute("data-your-turn") == "true" and version != last_version:
            cards = page.locator("#hand .card.legal")
            target = cards.first if cards.count() else page.locator("#actions button.action").first
            if target.count():
                target.click()
                last_version = version
        page.wait_for_timeout(40)
    raise AssertionError("the deal did not end in the browser")


@pytest.mark.parametrize("game", _available())
def test_person_plays_a_full_deal_against_three_computer_players(server, browser, game):
    ARTIFACTS.mkdir(exist_ok=True)
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table")
    page.select_option("#game", game)
    page.fill("#name", "Anna")
    page.select_option("#max-deals", "1")
    page.click("#create-table")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    assert page.locator("li.seat.bot").count() >= 2  # clearly labelled computer players
    page.click("#start")
    page.wait_for_selector("#hand")
    page.screenshot(path=str(ARTIFACTS / f"table-{game}.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})  # a phone
    page.screenshot(path=str(ARTIFACTS / f"table-{game}-phone.png"), full_page=True)
    page.set_viewport_size({"width": 1000, "height": 900})
    play_deal(page)
    page.wait_for_selector("#game-over")
    page.screenshot(path=str(ARTIFACTS / f"over-{game}.png"), full_page=True)
    # the replay page steps through the record
    page.click("text=Wiederholung ansehen")
    page.wait_for_selector("#next")
    page.click("#next")
    assert page.locator("#step-action").inner_text() != "Ausgangslage"
    page.screenshot(path=str(ARTIFACTS / f"replay-{game}.png"), full_page=True)
    assert not errors, errors
    page.close()


def test_phone_layout_and_kiebitz(server, browser):
    """A phone-sized window shows the table; a second browser joins as a Kiebitz and sees no hand."""
    import httpx

    made = httpx.post(server.url + "/api/tables", json={"game": "toy", "name": "Anna", "bot": "random"}).json()
    tid, token = made["table"]["id"], made["token"]
    httpx.post(server.url + f"/api/tables/{tid}/bots", json={"token": token})
    httpx.post(server.url + f"/api/tables/{tid}/start", json={"token": token})
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = ctx.new_page()
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#status[data-role=kiebitz]")
    page.wait_for_selector("#felt .seat-plate")
    assert page.locator("#hand").count() == 0
    assert page.locator("#chat-text").count() == 0  # Kiebitze never speak
    assert "Kiebitze" in page.locator(".chat").inner_text()
    page.screenshot(path=str(ARTIFACTS / "kiebitz-phone.png"), full_page=True)
    ctx.close()


def test_an_invited_friend_takes_a_seat_through_the_link(server, browser):
    host = browser.new_context(viewport={"width": 1000, "height": 900})
    friend = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    a = host.new_page()
    a.goto(server.url + "/")
    a.wait_for_selector("#create-table")
    a.select_option("#game", "toy")
    a.fill("#name", "Anna")
    a.click("#create-table")
    a.wait_for_selector("#fill-bots")
    invite = a.locator("input.invite").input_value()
    b = friend.new_page()
    b.goto(invite)
    b.wait_for_selector("#seat-name")
    b.fill("#seat-name", "Berta")
    b.locator("button.take").first.click()
    b.wait_for_selector(".badge.you")
    a.wait_for_selector("text=Berta")
    a.click("#fill-bots")
    a.wait_for_selector("li.seat.bot")
    a.click("#start")
    a.wait_for_selector("#hand")
    b.wait_for_selector("#hand")
    assert b.locator("#status").get_attribute("data-role") == "player"
    b.screenshot(path=str(ARTIFACTS / "friend-phone.png"), full_page=True)
    host.close()
    friend.close()
