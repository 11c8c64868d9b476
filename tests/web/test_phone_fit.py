"""The phone table at a deal's start and end, in a real browser (Debian's Chromium).

* While a player says a word (Jass: trump or Schieben; Doppelkopf: Gesund/Vorbehalt; Tarock: bids,
  the king, the talon; Perlaggen: the bids) the whole hand is on the screen beside the words: every
  card of it fully inside a 360×640 phone held upright without scrolling, in German and in English,
  and on the same phone on its side (640×360). That hand is what the player decides on.
* A Partie thanked out (Papagei-Jass §2 "Das Spiel ist zu Ende, wenn sich eine Partei bedankt") leaves
  no card to play: the cards still held are neither a playable hand nor shown, and a line says so.

Screenshots go to ``test-artifacts/`` (``words-<game>-<lang>-<size>.png``, ``bedanken-<lang>.png``).
"""

from __future__ import annotations

import httpx
import pytest

from tests.chromium import MARKS, launch, live_server
from tests.web.test_table_browser import ARTIFACTS, FLAGS, SMALL_PHONE, check_phone, open_page

pytestmark = MARKS

LANDSCAPE = {"width": 640, "height": 360}
#: a fixed shuffle per game in which our seat (0) says the first word of the deal
SEEDS = {"jass": 8, "doppelkopf": 0, "tarock": 0, "perlaggen": 2}
PROFILES = {"jass": "standard", "doppelkopf": "turnier", "tarock": "oesterreich-finale", "perlaggen": "innsbruck"}

#: every card of the hand, and the words, inside the screen (scrolled to the top): what is not
OFF_SCREEN = """() => {
  window.scrollTo(0, 0);
  const out = { cards: 0, off: [], words: document.querySelectorAll("#actions button.action").length };
  for (const el of document.querySelectorAll("#hand .card")) {
    const r = el.getBoundingClientRect();
    out.cards += 1;
    if (r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight) out.off.push(`${el.dataset.card} ${Math.round(r.top)}..${Math.round(r.bottom)}`);
    if (r.width < 44 || r.height < 44) out.off.push(`${el.dataset.card} only ${r.width}x${r.height}`);
  }
  const a = document.getElementById("actions");
  if (a) { const r = a.getBoundingClientRect(); if (r.top < 0 || r.bottom > innerHeight) out.off.push(`words ${Math.round(r.top)}..${Math.round(r.bottom)}`); }
  return out;
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "phone-fit")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def seated_table(browser, server, game: str, viewport: dict, lang: str, seed: int, options: dict | None = None):
    """A table of ``game`` with a fixed shuffle, we at seat 0 and computer players in the others, started."""
    made = httpx.post(server.url + "/api/tables", json={"game": game, "profile": PROFILES[game], "options": options or {},
                                                         "name": "Anna", "seed": seed, "max_deals": 1}).json()
    tid, token = made["table"]["id"], made["token"]
    ctx, page, problems = open_page(browser, viewport, phone=True, lang=lang)
    ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")
    return ctx, page, problems


def next_turn(page, last: str | None) -> dict:
    """Wait until the deal is over or it is our turn at a state newer than ``last``; the status's data."""
    page.wait_for_function("""(last) => { const s = document.getElementById("status");
      return s && (s.dataset.over === "true" || (s.dataset.yourTurn === "true" && s.dataset.version !== last)); }""",
                           arg=last, timeout=60_000)
    return page.evaluate("() => ({ ...document.getElementById('status').dataset })")


def words_turns(page, game: str, size: str, lang: str, limit: int = 4) -> int:
    """At each of our first turns with words to say (up to ``limit``, the word phases): the hand and
    the words on the screen. Says the first word each time; returns how many turns were checked."""
    checked, last = 0, None
    for _ in range(40):
        status = next_turn(page, last)
        if status["over"] == "true":
            break
        last = status["version"]
        page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")
        got = page.evaluate(OFF_SCREEN)
        if not got["words"]:
            break  # the words are said: the play begins
        if not got["cards"]:  # a word before the cards are dealt (Perlaggen: the lift, §4)
            page.locator("#actions button.action").first.tap()
            continue
        if checked == 0:
            page.screenshot(path=str(ARTIFACTS / f"words-{game}-{lang}-{size}.png"))
        said = page.eval_on_selector_all("#actions button.action", "els => els.map((e) => e.dataset.action)")
        if "schieben" in said:  # Jass: Schieben first, never at the far end of a row that scrolls (Papagei-Jass §25)
            assert said[0] == "schieben", said
        assert not got["off"], (game, size, lang, got)
        checked += 1
        if checked >= limit:
            break
        page.locator("#actions button.action").first.tap()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
    return checked


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", list(SEEDS))
def test_the_whole_hand_is_on_a_small_phone_while_words_are_said(server, browser, game, lang):
    """360×640 upright: the words and every card of the hand on the screen at once, each card a 44 px tap."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = seated_table(browser, server, game, SMALL_PHONE, lang, SEEDS[game])
    assert words_turns(page, game, "360x640", lang) >= 1
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("game", list(SEEDS))
def test_the_whole_hand_is_on_a_phone_on_its_side_while_words_are_said(server, browser, game):
    """640×360 (the phone on its side): the table on the left, the words and the whole hand on the right;
    in the play that follows nothing overlaps and every legal card is tapped on its face."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = seated_table(browser, server, game, LANDSCAPE, "de", SEEDS[game])
    assert words_turns(page, game, "640x360", "de") >= 1
    felt = page.evaluate("(() => { const r = document.getElementById('felt').getBoundingClientRect(); return [r.left, r.right, r.bottom, r.height]; })()")
    assert felt[0] >= 0 and felt[1] <= LANDSCAPE["width"] / 2 + 4 and felt[2] <= LANDSCAPE["height"] and felt[3] >= 150, felt
    assert page.evaluate("document.documentElement.scrollWidth") <= LANDSCAPE["width"]
    # then the play: on the narrower felt no plate or badge covers another or a trick card, every legal
    # card of the hand is tapped on its whole face
    played, last = 0, None
    for _ in range(60):
        status = next_turn(page, last)
        if status["over"] == "true" or played >= 3:
            break
        last = status["version"]
        if page.locator("#hand .card.legal").count():
            check_phone(page)
            page.locator("#hand .card.legal").first.tap(position={"x": 14, "y": 30})
            played += 1
        elif page.locator("#actions button.action").count():
            page.locator("#actions button.action").first.tap()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        if page.locator("#chooser").count():
            page.locator("#chooser .choice").first.click()
    page.screenshot(path=str(ARTIFACTS / f"play-{game}-de-640x360.png"))
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_a_partie_thanked_out_leaves_no_hand_to_play(server, browser, lang):
    """Papagei-Jass §2: a team that has its points thanks itself out and the Partie ends at once. The cards
    still held are not played: no card is left in the hand (none playable, none shown) and a line says why."""
    ARTIFACTS.mkdir(exist_ok=True)
    # a target of 100: a team is out after a trick or two, and thanks (we, or a computer player)
    ctx, page, problems = seated_table(browser, server, "jass", SMALL_PHONE, lang, SEEDS["jass"], {"target": 100})
    last = None
    for _ in range(60):
        status = next_turn(page, last)
        if status["over"] == "true":
            break
        last = status["version"]
        thank = page.locator('#actions button.action[data-action="bedanken"], #words-sheet button.action[data-action="bedanken"]')
        if thank.count():
            if not thank.first.is_visible():  # behind "Weitere (n)": the sheet of every word opens first
                page.locator("#more-words").tap()
            thank.first.tap()
        elif page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.tap(position={"x": 14, "y": 30})
        elif page.locator("#actions button.action").count():
            page.locator("#actions button.action").first.tap()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
    page.wait_for_selector("#game-over")
    deal = page.evaluate("window.stammtisch.state.view.deal")
    assert (deal.get("end") or {}).get("kind") == "bedanken", deal.get("end")
    held = len(deal["hand"])
    assert held > 0, "thanked out after the last trick: nothing left to check"
    assert page.locator("#hand .card").count() == 0
    assert page.locator("#hand.has-legal, #hand .card.legal").count() == 0
    note = page.locator("#hand-note").inner_text()
    assert str(held) in note and ("nicht gespielt" if lang == "de" else "not played") in note, note
    page.locator("#hand-note").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / f"bedanken-{lang}.png"))
    assert not problems, problems
    ctx.close()


def test_cards_laid_open_are_shown_not_a_hand(server, browser):
    """Perlaggen §9: a player who throws the cards open on the table renounces the side's remaining figures
    and the deal ends. Those cards are shown, face up, as laid open: not a hand to play (no card buttons)."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = seated_table(browser, server, "perlaggen", SMALL_PHONE, "de", SEEDS["perlaggen"])
    last = None
    for _ in range(60):
        status = next_turn(page, last)
        if status["over"] == "true":
            break
        last = status["version"]
        lay = page.locator('#actions button.action[data-action="aufdecken"], #words-sheet button.action[data-action="aufdecken"]')
        if lay.count():
            if not lay.first.is_visible():  # behind "Weitere (n)": the sheet of every word opens first
                page.locator("#more-words").tap()
            lay.first.tap()
        elif page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.tap(position={"x": 14, "y": 30})
        elif page.locator("#actions button.action").count():
            page.locator("#actions button.action").first.tap()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        if page.locator("#chooser").count():
            page.locator("#chooser .choice").first.click()
    page.wait_for_selector("#game-over")
    view = page.evaluate("window.stammtisch.state.view")
    assert any(isinstance(e, dict) and e["id"].startswith("seat {seat} lays the cards open") and e["args"]["seat"] == 0
               for e in view["deal"]["events"]), "the cards were never laid open"
    held = sorted(view["deal"]["hand"])
    assert held, "laid open after the last card: nothing left to show"
    assert page.locator("#hand .card").count() == 0 and page.locator("#hand-note").count() == 0
    shown = page.eval_on_selector_all("#shown-hand .card", "els => els.map((e) => [e.dataset.card, e.tagName])")
    assert sorted(c for c, _ in shown) == held and all(tag == "SPAN" for _, tag in shown), shown  # shown, not buttons
    assert "offen aufgelegt" in page.locator("#shown-hand").inner_text()
    page.locator("#shown-hand").scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "laid-open-perlaggen-de.png"))
    assert not problems, problems
    ctx.close()
