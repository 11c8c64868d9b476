"""Another Partie (issue 31 item 5) in a real browser: two people (two browser contexts) finish a
one-deal Partie, one sends a quick reaction (issue 31 item 9: it shows at her seat plate on the other's page,
who then hides them), both ask for another one from the end panel (its first thing), and both land on the
same new table, on their own seats, which starts once both confirmed. Screenshots of the end panel
with the button at 360×640 (English) and on the desktop (German) go to ``test-artifacts/``."""

from __future__ import annotations

import json
import time
from contextlib import ExitStack

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.chromium import MARKS, launch, live_server
from tests.web.test_table_browser import ARTIFACTS, FLAGS, open_page

pytestmark = MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "rematch")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def play_out(server, tid: str, tokens: list[str], limit: float = 120.0) -> None:
    """Both people play their first legal action at every turn over their own seat's socket (the
    pages watch), until the Partie is over."""
    from websockets.sync.client import connect

    url = server.url.replace("http://", "ws://") + f"/ws/{tid}"
    with ExitStack() as stack:
        socks = [stack.enter_context(connect(url, origin=server.url)) for _ in tokens]
        for s, token in zip(socks, tokens):
            s.send(json.dumps({"type": "hello", "token": token}))
        over = [False] * len(socks)
        deadline = time.monotonic() + limit
        while not all(over):
            assert time.monotonic() < deadline, "the Partie did not end"
            for i, s in enumerate(socks):
                try:
                    m = json.loads(s.recv(timeout=0.05))
                except TimeoutError:
                    continue
                if m.get("type") != "state" or not m.get("view"):
                    continue
                v = m["view"]
                if v["over"]:
                    over[i] = True
                elif v["seat"] in v["to_act"] and v["legal"]:
                    s.send(json.dumps({"type": "act", "version": m["version"], "action": v["legal"][0]}))


def test_two_people_finish_confirm_and_land_on_the_same_new_table(server, browser):
    made = httpx.post(server.url + "/api/tables", json={"game": "jass", "name": "Anna", "seed": 3,
                                                         "max_deals": 1}).json()
    tid, anna = made["table"]["id"], made["token"]
    berta = httpx.post(server.url + f"/api/tables/{tid}/seats", json={"seat": 2, "name": "Berta"}).json()["token"]
    assert httpx.post(server.url + f"/api/tables/{tid}/bots", json={"token": anna}).status_code == 200
    assert httpx.post(server.url + f"/api/tables/{tid}/start", json={"token": anna}).status_code == 200
    pages = []
    for token, viewport, lang in ((anna, {"width": 1280, "height": 900}, "de"),
                                  (berta, {"width": 360, "height": 640}, "en")):
        ctx, page, problems = open_page(browser, viewport, phone=viewport["width"] < 400, lang=lang)
        ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
        page.goto(server.url + f"/t/{tid}")
        page.wait_for_selector("#felt")
        pages.append((ctx, page, problems))
    try:
        play_out(server, tid, [anna, berta])
        for (_, page, _), size in zip(pages, ("Noch eine Partie", "Another Partie")):
            page.wait_for_selector('#status[data-over="true"]')
            if page.locator("#settled-next").count():
                page.click("#settled-next")
            button = page.locator("#game-over #rematch-button")
            button.wait_for()
            assert button.inner_text() == size
            # the first thing on the end panel
            assert page.evaluate("() => document.querySelector('#game-over').firstElementChild.id") == "rematch"
        (_, a, _), (_, b, _) = pages
        # a quick reaction (issue 31, 9): Berta taps one, it shows at her seat plate on Anna's page
        b.locator('#reactions .reaction[data-reaction="well_played"]').tap()
        bubble = a.locator('.seat-plate[data-seat="2"] .reaction-bubble')
        bubble.wait_for()
        assert bubble.inner_text() == "Gut gespielt!"
        b.locator('.seat-plate[data-seat="2"] .reaction-bubble').wait_for()
        assert b.locator('.seat-plate[data-seat="2"] .reaction-bubble').inner_text() == "Well played!"
        for page, name in ((a, "de-desktop"), (b, "en-360x640")):
            # a broadcast (the reaction's end) may draw the end panel anew between finding the button
            # and scrolling to it: scroll to the one that is there once the panel is still
            for attempt in range(5):
                try:
                    page.locator("#rematch-button").scroll_into_view_if_needed(timeout=5_000)
                    break
                except PlaywrightError:
                    if attempt == 4:
                        raise
                    page.wait_for_timeout(200)
            page.screenshot(path=str(ARTIFACTS / f"rematch-{name}.png"))
            assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")  # no sideways scrolling
        # each player may hide them (remembered in the browser)
        a.uncheck("#pref-reactions")
        assert a.locator(".reaction-bubble").count() == 0 and a.locator("#reactions").count() == 0
        assert a.evaluate("localStorage.getItem('stammtisch:reactions')") == "off"
        a.click("#rematch-button")
        a.wait_for_url(lambda u: f"/t/{tid}" not in u)
        new_id = a.url.rstrip("/").split("/")[-1]
        b.wait_for_selector("#rematch-who")
        assert "Anna" in b.locator("#rematch-who").inner_text()
        b.screenshot(path=str(ARTIFACTS / "rematch-en-360x640-waiting.png"))
        b.click("#rematch-button")
        b.wait_for_url(f"**/t/{new_id}")
        for page, seat in ((a, 0), (b, 2)):
            page.wait_for_selector('#status[data-status="playing"][data-role="player"]')
            page.wait_for_function("(s) => window.stammtisch && window.stammtisch.state && window.stammtisch.state.view "
                                   "&& window.stammtisch.state.view.seat === s", arg=seat)
        new = httpx.get(server.url + f"/api/tables/{new_id}").json()["table"]
        old = httpx.get(server.url + f"/api/tables/{tid}").json()["table"]
        assert [(s["kind"], s["name"]) for s in new["seats"]] == [(s["kind"], s["name"]) for s in old["seats"]]
        assert (new["game"], new["profile"], new["max_deals"]) == ("jass", old["profile"], 1)
        a.reload()  # the seat token carried over: a reload lands on the new table's seat
        a.wait_for_function("() => window.stammtisch && window.stammtisch.state && window.stammtisch.state.view "
                            "&& window.stammtisch.state.view.seat === 0")
        for _, _, problems in pages:
            assert not problems, problems
    finally:
        for ctx, _, _ in pages:
            ctx.close()
