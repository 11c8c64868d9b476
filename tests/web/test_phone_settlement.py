"""The settlement at the end of a deal on a phone (issue 31 item 10), in a real browser: for every
game, held upright (360×640) and on its side (640×360), in German and in English, the settlement
fits the screen's width (no sideways scrolling of the page or of the panel) and its "continue"
button is in view. Screenshots go to ``test-artifacts/settled-<game>-<lang>-<size>.png``."""

from __future__ import annotations

import json
import time

import httpx
import pytest

from tests.chromium import MARKS, launch, live_server
from tests.web.test_phone_fit import PROFILES
from tests.web.test_table_browser import ARTIFACTS, FLAGS, open_page

pytestmark = MARKS

SIZES = {"360x640": {"width": 360, "height": 640}, "640x360": {"width": 640, "height": 360}}

#: what does not fit: the page or the settlement wider than the screen, the button out of view
MISFITS = """() => {
  const out = [];
  const doc = document.documentElement;
  if (doc.scrollWidth > innerWidth + 1) out.push(`page ${doc.scrollWidth} wide on ${innerWidth}`);
  const panel = document.getElementById("settled");
  if (!panel) return ["no settlement"];
  const p = panel.getBoundingClientRect();
  if (p.left < -1 || p.right > innerWidth + 1) out.push(`panel ${Math.round(p.left)}..${Math.round(p.right)}`);
  for (const el of panel.querySelectorAll("*")) {
    if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") out.push(`${el.tagName}.${el.className} scrolls sideways`);
    const r = el.getBoundingClientRect();
    if (r.width && (r.left < -1 || r.right > innerWidth + 1)) out.push(`${el.tagName}.${el.className} ${Math.round(r.left)}..${Math.round(r.right)}`);
  }
  const b = document.getElementById("settled-next").getBoundingClientRect();
  if (b.top < 0 || b.bottom > innerHeight || b.left < 0 || b.right > innerWidth) out.push(`button ${Math.round(b.top)}..${Math.round(b.bottom)}`);
  return out.slice(0, 8);
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "phone-settlement")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def play_first_deal(server, tid: str, token: str, limit: float = 120.0) -> None:
    """Our seat plays its first legal action at every turn over its socket until the first deal is settled."""
    from websockets.sync.client import connect

    with connect(server.url.replace("http://", "ws://") + f"/ws/{tid}", origin=server.url) as s:
        s.send(json.dumps({"type": "hello", "token": token}))
        deadline = time.monotonic() + limit
        while True:
            assert time.monotonic() < deadline, "the first deal did not end"
            m = json.loads(s.recv(timeout=limit))
            v = m.get("view") if m.get("type") == "state" else None
            if not v:
                continue
            if v["over"] or v["deal_number"] >= 1:
                return
            if v["seat"] in v["to_act"] and v["legal"]:
                s.send(json.dumps({"type": "act", "version": m["version"], "action": v["legal"][0]}))


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", list(PROFILES))
def test_the_settlement_fits_a_phone_and_its_button_is_in_view(server, browser, game, lang):
    made = httpx.post(server.url + "/api/tables", json={"game": game, "profile": PROFILES[game], "name": "Anna",
                                                         "seed": 1, "max_deals": 2}).json()
    tid, token = made["table"]["id"], made["token"]
    assert httpx.post(server.url + f"/api/tables/{tid}/bots", json={"token": token}).status_code == 200
    ctx, page, problems = open_page(browser, SIZES["360x640"], phone=True, lang=lang)
    try:
        ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
        page.goto(server.url + f"/t/{tid}")
        page.wait_for_selector("#start")
        page.click("#start")
        page.wait_for_selector("#felt")
        play_first_deal(server, tid, token)
        page.wait_for_selector("#settled #settled-next", timeout=30_000)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.wait_for_timeout(300)  # the page redraws after a resize (150 ms)
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=str(ARTIFACTS / f"settled-{game}-{lang}-{size}.png"))
            misfits = page.evaluate(MISFITS)
            assert not misfits, (game, lang, size, misfits)
        assert not problems, problems
    finally:
        ctx.close()
