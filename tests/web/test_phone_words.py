"""Every word of every phase on a phone's screen (issue 31, 2): at 360×640 and at 640×360, in a whole
deal of each of the four games, at each of our turns with words, every word button lies inside the
viewport and is at least 44 px each way, and the page never scrolls sideways. The words that do not
fit the row are behind "Weitere (n)", a sheet that opens with every word of the turn (table.js
fitWords); the test opens it and checks it too, and sometimes says a word from it. A Perlagg's
chooser (the Taufe, Perlaggen §18) is checked the same way."""

from __future__ import annotations

import pytest

from tests.chromium import MARKS, launch, live_server
from tests.web.test_phone_fit import LANDSCAPE, SEEDS, next_turn, seated_table
from tests.web.test_table_browser import ARTIFACTS, FLAGS, SMALL_PHONE

pytestmark = MARKS

#: the word buttons (or a chooser's) outside the screen or smaller than a 44 px tap, and how many
CHECK = """(sel) => {
  window.scrollTo(0, 0);
  const out = { n: 0, off: [], wide: document.documentElement.scrollWidth > innerWidth };
  for (const el of document.querySelectorAll(sel)) {
    if (!el.offsetParent && getComputedStyle(el).position !== "fixed") continue;  // (hidden)
    const r = el.getBoundingClientRect(), name = el.dataset.action || el.id || el.tagName;
    out.n += 1;
    if (r.left < -0.5 || r.top < -0.5 || r.right > innerWidth + 0.5 || r.bottom > innerHeight + 0.5)
      out.off.push(`${name} at ${Math.round(r.left)},${Math.round(r.top)}..${Math.round(r.right)},${Math.round(r.bottom)}`);
    if (r.width < 44 || r.height < 44) out.off.push(`${name} only ${Math.round(r.width)}x${Math.round(r.height)}`);
  }
  return out;
}"""
ROW = "#actions button.action, #actions .action-select, #more-words"
SHEET = "#words-sheet button.action, #words-sheet .action-select, #words-close"
CHOOSER = "#chooser button.choice, #chooser button.cancel"


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "phone-words")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def check(page, sel: str, where: str, seen: list[str]) -> int:
    got = page.evaluate(CHECK, sel)
    assert not got["off"] and not got["wide"], (where, got)
    return got["n"]


def play_through(page, game: str, size: str) -> dict[str, int]:
    """One deal by taps: at each turn with words every word on the screen (the row, then the sheet);
    says a word (every third time one from the sheet), plays the first legal card otherwise."""
    counts = {"turns": 0, "words": 0, "sheets": 0, "choosers": 0}
    last, seen = None, []
    for turn in range(120):
        status = next_turn(page, last)
        if status["over"] == "true":
            break
        last = status["version"]
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        words = page.locator("#actions button.action").count()
        if words:
            counts["turns"] += 1
            counts["words"] += check(page, ROW, f"{game} {size} row at {last}", seen)
            if page.locator("#more-words").count():
                page.locator("#more-words").tap()
                page.wait_for_selector("#words-sheet:not([hidden])")
                counts["sheets"] += 1
                counts["words"] += check(page, SHEET, f"{game} {size} sheet at {last}", seen)
                if counts["sheets"] == 1:
                    page.screenshot(path=str(ARTIFACTS / f"words-sheet-{game}-{size}.png"))
                if turn % 3 == 0:
                    page.locator("#words-sheet button.action").last.tap()
                else:
                    page.locator("#words-close").tap()
                    page.locator("#actions button.action").first.tap()
            else:
                page.locator("#actions button.action").first.tap()
        elif page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.tap(position={"x": 14, "y": 30})
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        if page.locator("#chooser").count():
            counts["choosers"] += 1
            check(page, CHOOSER, f"{game} {size} chooser at {last}", seen)
            page.locator("#chooser .choice").first.tap()
    return counts


@pytest.mark.parametrize("size", ["360x640", "640x360"])
@pytest.mark.parametrize("game", list(SEEDS))
def test_every_word_of_every_phase_is_on_the_phone_screen(server, browser, game, size):
    ARTIFACTS.mkdir(exist_ok=True)
    viewport = SMALL_PHONE if size == "360x640" else LANDSCAPE
    ctx, page, problems = seated_table(browser, server, game, viewport, "de", SEEDS[game])
    try:
        counts = play_through(page, game, size)
        assert counts["turns"] >= 1 and counts["words"] >= 2, counts
        if game in ("jass", "tarock"):  # eleven trump words, ten bids: more than a phone's row
            assert counts["sheets"] >= 1, counts
        assert not problems, problems
    finally:
        ctx.close()
