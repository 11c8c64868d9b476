"""French and Italian in a real browser (Debian's Chromium through Playwright), issue 37.

A Jass table of four computer players, watched as a Kiebitz in French and in Italian on a phone
(360×640) and a desktop: whatever the page shows while the trump is named, while the cards are
played and after the settlement is French or Italian, with none of the engines' German or English
words (Trumpf, Stich, Punkte, gewonnen; trump, trick, won …). The switch offers every catalogue
(Français, Italiano); a first visit follows the browser's own languages (``navigator.languages``),
and a visitor's own choice is remembered over them. Screenshots go to ``test-artifacts/``
(``lang-*.png``).
"""

from __future__ import annotations

import re

import httpx
import pytest

from tests.chromium import FLAGS as CHROMIUM_FLAGS, MARKS, launch, live_server
from tests.scorekeeper.helpers import serve_app
from tests.server.live import ROOT

FLAGS = CHROMIUM_FLAGS + ["--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests"]
ARTIFACTS = ROOT / "test-artifacts"
DESKTOP = {"width": 1200, "height": 900}
SMALL_PHONE = {"width": 360, "height": 640}

pytestmark = MARKS

#: words of the engines that must not show on a French or Italian page (whole words)
GERMAN = ["Trumpf", "Stich", "Stiche", "Punkte", "Kartenpunkte", "gewonnen", "Geber", "Spiel", "Platz",
          "Sieger", "Summe", "Schreibblock", "Verlauf", "Weis", "geschoben", "schiebt", "weist", "Partei",
          "bestimmt", "letzter", "Zug"]
ENGLISH = ["trump", "trick", "tricks", "won", "dealer", "deal", "Seat", "winner", "card points", "score sheet",
           "Events", "pushed", "your turn", "declares"]
#: words that belong to the page in that language although they look like the lists above
KEPT = {"fr": set(), "it": set()}


def stray_words(text: str) -> list[str]:
    """The German or English engine words in ``text`` (whole words; case-sensitive for German nouns)."""
    found = [w for w in GERMAN if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text)]
    found += [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)]
    return found


def test_the_stray_word_check_finds_engine_words():
    assert stray_words("Trumpf: Eicheln ×7 · Stich 3/9") == ["Trumpf", "Stich"]
    assert stray_words("trick to Anna; Kartenpunkte 57") == ["Kartenpunkte", "trick"]
    assert stray_words("Atout : Glands/Carreau ×7 · pli 3/9 · points de cartes 57 : 12") == []
    assert stray_words("Briscola: Ghiande/Quadri ×7 · presa 3/9 · punti delle carte 57 : 12") == []


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "languages")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def bot_table(server, seed: int, bot_seconds: float = 0.4, game: str = "jass", profile: str = "standard") -> str:
    """A table (one deal) of computer players only, started; its public id."""
    made = httpx.post(server.url + "/api/tables", json={"game": game, "profile": profile, "options": {},
                                                         "seed": seed, "max_deals": 1, "bot_seconds": bot_seconds}).json()
    tid, token = made["table"]["id"], made["token"]
    head = {"X-Table-Token": token}
    assert httpx.post(server.url + f"/api/tables/{tid}/bots", json={}, headers=head).status_code == 200
    assert httpx.post(server.url + f"/api/tables/{tid}/start", json={}, headers=head).status_code == 200
    return tid


def page_in(browser, viewport: dict, lang: str | None = None, locale: str | None = None, phone: bool = False):
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone, **({"locale": locale} if locale else {}))
    if lang:
        ctx.add_init_script(f"if (!localStorage.getItem('stammtisch:lang')) localStorage.setItem('stammtisch:lang', '{lang}')")
    page = ctx.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))
    return ctx, page, problems


def shown_text(page) -> str:
    """What a person reads: the visible text, and the tooltips and labels of what is on the page."""
    return page.evaluate("""() => [document.body.innerText,
      ...Array.from(document.querySelectorAll('[title]')).map((e) => e.title),
      ...Array.from(document.querySelectorAll('[aria-label]')).map((e) => e.getAttribute('aria-label'))].join('\\n')""")


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_jass_table_watched_as_a_kiebitz_speaks_french_or_italian(server, browser, lang, size):
    """Issue 37: the French and Italian pages of a Jass table, watched as a Kiebitz, show no
    German or English engine words — while the cards are played, and after the settlement."""
    tid = bot_table(server, seed=11 if lang == "fr" else 12)
    viewport = SMALL_PHONE if size == "phone" else DESKTOP
    ctx, page, problems = page_in(browser, viewport, lang=lang, phone=size == "phone")
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#felt", timeout=30_000)
    assert page.evaluate("document.documentElement.lang") == lang
    seen: list[str] = []
    trump = "atout" if lang == "fr" else "briscola"
    page.wait_for_function("(w) => document.body.innerText.toLowerCase().includes(w)", arg=trump, timeout=60_000)
    page.wait_for_selector("#trick .card", timeout=60_000)
    seen.append(shown_text(page))
    page.screenshot(path=str(ARTIFACTS / f"lang-jass-kiebitz-{lang}-{size}.png"))
    page.wait_for_function("() => { const s = document.getElementById('status'); return s && s.dataset.over === 'true'; }",
                           timeout=120_000)
    page.wait_for_timeout(300)
    seen.append(shown_text(page))
    page.screenshot(path=str(ARTIFACTS / f"lang-jass-kiebitz-{lang}-{size}-over.png"), full_page=True)
    for text in seen:
        assert not stray_words(text), (stray_words(text), text)
    assert trump in "\n".join(seen).lower()
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("lang", ["fr", "it"])
@pytest.mark.parametrize("game,profile", [("doppelkopf", "turnier"), ("tarock", "oesterreich-finale"),
                                          ("perlaggen", "innsbruck")])
def test_the_other_games_keep_their_terms_but_the_page_around_them_is_french_or_italian(server, browser, game,
                                                                                       profile, lang):
    """Issue 37 item 2: Re, Kontra, Rufer, Gleich … stay German; no English word of the engines shows,
    and the page's own words are the language's (the sheet, the events, the settlement)."""
    tid = bot_table(server, seed=3, game=game, profile=profile, bot_seconds=0.2)
    ctx, page, problems = page_in(browser, DESKTOP, lang=lang)
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#felt", timeout=30_000)
    page.wait_for_function("() => { const s = document.getElementById('status'); return s && s.dataset.over === 'true'; }",
                           timeout=180_000)
    page.wait_for_timeout(300)
    text = shown_text(page)
    page.screenshot(path=str(ARTIFACTS / f"lang-{game}-kiebitz-{lang}.png"), full_page=True)
    english = [w for w in ENGLISH if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, re.I)]
    assert not english, (english, text)
    own = {"fr": ("Feuille de points", "Déroulement"), "it": ("Foglio dei punti", "Cronaca")}[lang]
    assert all(w in text for w in own), text
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("lang,name,word", [("fr", "Français", "Ouvrir une table"), ("it", "Italiano", "Apri un tavolo")])
def test_the_switch_offers_french_and_italian_and_remembers_the_choice(server, browser, lang, name, word):
    """The lobby's switch lists every catalogue by its own name; the choice is kept over a reload."""
    ctx, page, problems = page_in(browser, DESKTOP, locale="de-CH")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table")
    offered = page.eval_on_selector_all("#lang option", "els => els.map((e) => [e.value, e.textContent])")
    assert offered == [["de", "Deutsch"], ["en", "English"], ["fr", "Français"], ["it", "Italiano"]]
    assert page.evaluate("document.documentElement.lang") == "de"  # a German browser: German
    page.select_option("#lang", lang)
    page.wait_for_function("(w) => document.body.innerText.includes(w)", arg=word)
    assert page.evaluate("document.documentElement.lang") == lang
    page.reload()
    page.wait_for_selector("#create-table")
    assert word in page.inner_text("body") and page.input_value("#lang") == lang
    shot = page.screenshot(path=str(ARTIFACTS / f"lang-lobby-{lang}-desktop.png"), full_page=True)
    assert shot
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("locale,lang,word", [("fr-CH", "fr", "Ouvrir une table"), ("it-CH", "it", "Apri un tavolo"),
                                              ("en-GB", "en", "Open a table"), ("de-CH", "de", "Tisch aufmachen")])
def test_a_first_visit_follows_the_browsers_own_language(server, browser, locale, lang, word):
    ctx, page, problems = page_in(browser, SMALL_PHONE, locale=locale, phone=True)
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table", state="attached")
    if page.locator("#new-table").count():  # a phone: the lobby's form opens behind "Neuer Tisch"
        page.click("#new-table")
    page.wait_for_selector("#create-table")
    assert page.evaluate("document.documentElement.lang") == lang
    assert word in page.inner_text("body")
    if lang in ("fr", "it"):
        page.screenshot(path=str(ARTIFACTS / f"lang-lobby-{lang}-phone.png"), full_page=True)
    assert not problems, problems
    ctx.close()


def test_a_browser_language_we_lack_gets_the_servers_default(server, browser):
    """Spanish is no catalogue of ours: the server's language (``serve --lang``, German here)."""
    ctx, page, problems = page_in(browser, DESKTOP, locale="es-ES")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table")
    assert page.evaluate("document.documentElement.lang") == "de"
    assert not problems, problems
    ctx.close()


@pytest.fixture(scope="module")
def scorekeeper(tmp_path_factory):
    yield from serve_app(tmp_path_factory.mktemp("sk") / "sk.sqlite3")


def test_the_scorekeeper_pages_offer_every_language(scorekeeper, browser):
    ctx, page, problems = page_in(browser, DESKTOP, locale="it-CH")
    page.goto(scorekeeper + "/scorekeeper/results")
    page.wait_for_selector("[data-testid=nav-lang]")
    assert page.eval_on_selector_all("[data-testid=nav-lang] option", "els => els.map((e) => e.value)") == ["de", "en", "fr", "it"]
    assert page.inner_text("[data-testid=nav-results]") == "Risultati"
    page.select_option("[data-testid=nav-lang]", "fr")
    page.wait_for_function("() => document.querySelector('[data-testid=nav-results]').textContent === 'Résultats'")
    assert not [p for p in problems if "Failed to load resource" not in p], problems  # (the favicon)
    ctx.close()
