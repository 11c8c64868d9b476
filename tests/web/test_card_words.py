"""Cards named as players name them (issue 31, 3): no card notation token ("XK", "H7=E8", "E9-EU",
"T21") in the visible text of the German or English table page of any game, through a whole deal
and its settlement, with the score sheet and the events open, for a player and for a Kiebitz.
The card names come from the catalogue with their grammatical forms (``i18n/cards.py``)."""

from __future__ import annotations

import re

import httpx
import pytest

from stammtisch.core.messages import Msg
from stammtisch.i18n import render
from stammtisch.i18n.cards import card_name, card_value
from tests.chromium import MARKS, launch, live_server
from tests.web.test_phone_fit import PROFILES, SEEDS, next_turn
from tests.web.test_table_browser import ARTIFACTS, FLAGS, open_page

pytestmark = MARKS

#: a card of each deck as the engines write it (docs/records.md), as a whole word
TOKENS = {
    "jass": r"[ESLR](?:6|7|8|9|10|U|O|K|A)",
    "perlaggen": r"(?:[ELHS](?:7|8|9|10|U|O|K|A)|W)",
    "doppelkopf": r"[XPHK](?:9|10|B|D|K|A)",
    "tarock": r"(?:[XPHK](?:1|2|3|4|7|8|9|10|B|R|D|K)|T(?:[1-9]|1\d|2[0-2]))",
}


def notation(game: str, text: str) -> list[str]:
    """The notation tokens in ``text`` (a Perlaggen "W" only beside another token or "=")."""
    found = re.findall(rf"(?<![\w-])({TOKENS[game]})(?![\w-])", text)
    if game == "perlaggen":
        found = [f for f in found if f != "W" or re.search(r"(?<![\w-])W\s*=|=\s*W(?![\w-])", text)]
    return found


def test_the_token_finder_finds_tokens_and_no_words():
    assert notation("tarock", "ruft XK · Talon: HB, HR | T21") == ["XK", "HB", "HR", "T21"]
    assert notation("perlaggen", "H7 = E8 · Weli · Wer") == ["H7", "E8"]
    assert notation("jass", "E9-EU · Eichel-9 · Rosen-Ass") == []  # (a Weis written E9-EU is caught below)
    assert re.search(r"[ESLR]\w*-[ESLR]\w+", "Weis E9-EU")
    assert notation("doppelkopf", "Kreuz-Dame · KK · HK") == ["KK", "HK"]


@pytest.mark.parametrize(("deck", "code", "lang", "case", "expected"), [
    ("tarock", "XK", "de", "acc", "den Kreuz-König"), ("tarock", "HD", "de", "nom", "die Herz-Dame"),
    ("doppelkopf", "XA", "de", "dat", "dem Kreuz-Ass"), ("perlaggen", "H7", "de", "acc", "die Herz-7"),
    ("perlaggen", "W", "de", "nom", "der Weli"), ("tarock", "T1", "de", "acc", "den Pagat"),
    ("tarock", "T15", "de", "", "Tarock XV"), ("jass", "EU", "de", "", "Eichel-Under"),
    ("tarock", "XK", "en", "acc", "the King of Clubs"), ("jass", "RA", "en", "", "Ace of Roses"),
])
def test_card_names_have_their_article_in_each_case(deck, code, lang, case, expected):
    assert format(card_name(deck, code, lang), case) == expected


def test_taufe_weis_and_lists_in_words():
    assert card_value("perlaggen", "H7=E8", "de") == "Herz-7 als Eichel-8"
    assert card_value("jass", "E9-EU", "de") == "Eichel-9 bis Eichel-Under"
    assert card_value("jass", "4U", "de") == "vier Under" and card_value("jass", "4A", "en") == "four Aces"
    assert card_value("tarock", "nothing", "de") is None
    m = Msg("seat {seat} calls {king}", seat=1, king="XK")
    assert render(m, "de", deck="tarock") == "Platz 2 ruft den Kreuz-König"
    assert render(m, "en", deck="tarock") == "Seat 2 calls the King of Clubs"
    assert render(m, "de") == "Platz 2 ruft XK"  # without a deck: the record's code (language-free logs)


#: what the page shows: its visible text, the open score sheet and events included
VISIBLE = """() => document.body.innerText"""


def play_and_read(page, game: str, limit: int = 80) -> list[str]:
    """Play the deal (first legal card or word, first choice) and read the page at every turn; with the
    panels (score sheet, events) open where the page has them."""
    texts, last = [], None
    for _ in range(limit):
        status = next_turn(page, last)
        last = status["version"]
        page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        texts.append(page.evaluate(VISIBLE))
        if page.locator("#chooser").count():
            texts.append(page.evaluate(VISIBLE))
            page.locator("#chooser .choice").first.click()
            continue
        if status["over"] == "true":
            break
        if page.locator("#hand .card.legal").count():
            page.locator("#hand .card.legal").first.click()
        elif page.locator("#actions button.action").count():
            page.locator("#actions button.action").first.click()
        if page.locator("#confirm").count():
            page.click("#confirm-yes")
        if page.locator("#chooser").count():  # a Perlagg: the Taufe's choices, read before one is taken
            texts.append(page.evaluate(VISIBLE))
            page.locator("#chooser .choice").first.click()
    page.wait_for_timeout(300)
    page.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
    texts.append(page.evaluate(VISIBLE))
    return texts


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "card-words")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


@pytest.mark.parametrize("lang", ["de", "en"])
@pytest.mark.parametrize("game", list(SEEDS))
def test_no_card_notation_on_the_table_page(server, browser, game, lang):
    ARTIFACTS.mkdir(exist_ok=True)
    made = httpx.post(server.url + "/api/tables", json={"game": game, "profile": PROFILES[game], "name": "Anna",
                                                         "seed": SEEDS[game], "max_deals": 1}).json()
    tid, token = made["table"]["id"], made["token"]
    ctx, page, problems = open_page(browser, {"width": 1280, "height": 900}, lang=lang)
    ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
    kctx, kiebitz, _ = open_page(browser, {"width": 1280, "height": 900}, lang=lang)
    try:
        page.goto(server.url + f"/t/{tid}")
        page.wait_for_selector("#fill-bots")
        page.click("#fill-bots")
        page.wait_for_selector("li.seat.bot")
        page.click("#start")
        page.wait_for_selector("#felt")
        kiebitz.goto(server.url + f"/t/{tid}")
        texts = play_and_read(page, game)
        kiebitz.wait_for_selector("#felt")
        kiebitz.evaluate("() => document.querySelectorAll('details').forEach((d) => { d.open = true; })")
        texts.append(kiebitz.evaluate(VISIBLE))
        page.screenshot(path=str(ARTIFACTS / f"card-words-{game}-{lang}.png"), full_page=True)
        bad = {t for text in texts for t in notation(game, text)}
        if game == "jass":
            bad |= {w for text in texts for w in re.findall(r"(?<![\w-])[ESLR]\w{0,2}-[ESLR]\w{1,2}(?![\w-])", text)}
        where = [line for text in texts for line in text.splitlines() if notation(game, line)][:8]
        assert not bad, (sorted(bad), where)
        assert not problems, problems
    finally:
        ctx.close()
        kctx.close()
