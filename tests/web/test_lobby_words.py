"""The lobby in words (issue 31, 1 and 4): on the German lobby page of every game, with every rule
option visible, no option key (no word with an underscore, no option's engine name), no computer
player's internal kind and no English word; the options come in the rule sheet's groups with their
paragraph, the profile's own values are marked. On a phone the open tables come first and the form
opens behind "Neuer Tisch"."""

from __future__ import annotations

import re

import pytest

from stammtisch.core import registry
from stammtisch.i18n import catalog, render
from stammtisch.server.routers.lobby import games_catalogue
from tests.chromium import MARKS, launch, live_server

pytestmark = MARKS

GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")

#: everything the page shows: the visible text plus each choice of every select (closed selects hide them)
PAGE_TEXT = """() => document.body.innerText + "\\n" +
  [...document.querySelectorAll("select option")].map((o) => o.textContent).join("\\n")"""


def _words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]+", text)}


def english_only_words() -> set[str]:
    """Words of the English texts of every option, choice and group that no German text uses."""
    german: set[str] = set()
    for text in catalog("de").values():
        german |= _words(re.sub(r"\{\w*(?::\w+)?\}", " ", text))  # (a placeholder is no word)
    english: set[str] = set()
    for entry in games_catalogue():
        for words in entry["option_texts"].values():
            for m in [words["label"], words["help"], *words["choices"].values()]:
                english |= _words(render(m, "en"))
        for g in entry["option_groups"]:
            english |= _words(render(g["title"], "en"))
    # the words of the form itself (i18n.js STRINGS en), which the German page must not show either
    english |= {"players", "target", "points", "rules", "options", "game", "length", "computer", "timer", "open",
                "table", "default", "other", "new", "refuse", "detect", "multiply", "premium", "figure",
                "degree", "penalise", "each", "first", "random", "search", "rule", "easy", "medium", "hard"}
    return english - german


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "lobby-words")


@pytest.fixture(scope="module")
def browser():
    yield from launch()


def open_lobby(browser, server, lang: str, viewport: dict):
    ctx = browser.new_context(viewport=viewport)
    ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}')")
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.wait_for_selector("#open-tables")
    return ctx, page


def test_the_english_word_list_can_find_english():
    """The check below is not empty: it knows the English labels of the options."""
    words = english_only_words()
    assert {"players", "target", "tariff", "premiums", "signals", "offences"} <= words
    assert not {"partie", "valat", "trischaken", "spiel"} & words


@pytest.mark.parametrize("game", GAMES)
def test_the_german_lobby_holds_no_key_and_no_english_word(server, browser, game):
    english = english_only_words()
    entry = next(e for e in games_catalogue() if e["name"] == game)
    keys = set(entry["schema"]) | {str(c) for s in entry["schema"].values() for c in s.get("choices", [])
                                   if isinstance(c, str)}
    ctx, page = open_lobby(browser, server, "de", {"width": 1280, "height": 900})
    try:
        page.select_option("#game", game)
        for profile in registry.get(game).profiles:
            page.select_option("#profile", profile)
            page.wait_for_function("(p) => document.querySelector('#options [data-option]') !== null", arg=profile)
            page.evaluate("() => { document.querySelector('details.rule-options').open = true; }")
            page.wait_for_timeout(100)
            text = page.evaluate(PAGE_TEXT)
            assert not re.findall(r"\w+_\w+", text), (profile, re.findall(r"\w+_\w+", text))
            shown = set(re.findall(r"[A-Za-z0-9ÄÖÜäöüß_]+", text))
            assert not (keys & shown), (profile, sorted(keys & shown))
            assert not {b for b in entry["bots"] if b in text and (":" in b or "+" in b or b in english)}, profile
            bad = sorted(_words(text) & english)
            assert not bad, (profile, bad)
            # the sheet's groups, each with its paragraph; the profile's own values marked
            heads = page.locator("#options .opt-group > h3").all_inner_texts()
            assert len(heads) == len(entry["option_groups"]) and all("(" in h for h in heads), heads
            assert page.locator("#options .opt-default").count() >= len(entry["schema"]) - sum(
                1 for s in entry["schema"].values() if s["kind"] in ("set", "pairs", "choice"))
    finally:
        ctx.close()


def test_every_choice_is_said_in_words_in_both_languages():
    for entry in games_catalogue():
        for name, spec in entry["schema"].items():
            if spec["kind"] != "choice" or all(isinstance(c, int) for c in spec["choices"]) and name != "players":
                continue
            words = entry["option_texts"][name]["choices"]
            assert set(words) == {str(c) for c in spec["choices"]}, (entry["name"], name)
            for lang in ("de", "en"):
                assert all(render(m, lang) and "_" not in render(m, lang) for m in words.values())


@pytest.mark.parametrize("lang", ["de", "en"])
def test_computer_players_by_their_strength(server, browser, lang):
    ctx, page = open_lobby(browser, server, lang, {"width": 1280, "height": 900})
    try:
        page.select_option("#game", "jass")
        labels = page.locator("#bot option").all_inner_texts()
        # the level names the seats carry ("Computer 2 · solide"), the random player last; never a kind
        assert labels == (["solide", "leicht", "mittel", "stark", "Zufall"] if lang == "de"
                          else ["steady", "easy", "medium", "strong", "random"])
        kinds = page.eval_on_selector_all("#bot option", "els => els.map((e) => e.value)")
        assert kinds == ["rule", "search:easy", "search:medium", "search:hard", "random"]
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["de", "en"])
def test_on_a_phone_the_open_tables_come_first_and_the_form_opens_behind_a_button(server, browser, lang):
    ctx, page = open_lobby(browser, server, lang, {"width": 360, "height": 640})
    try:
        assert page.locator("#create").is_hidden()
        tables = page.locator("#open-tables").bounding_box()
        button = page.locator("#new-table")
        assert button.inner_text() == ("Neuer Tisch" if lang == "de" else "New table")
        assert tables["y"] < button.bounding_box()["y"]
        button.click()
        assert page.locator("#create").is_visible() and button.get_attribute("aria-expanded") == "true"
        assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    finally:
        ctx.close()
