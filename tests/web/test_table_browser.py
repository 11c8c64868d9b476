"""The card table in a real browser (Debian's Chromium through Playwright), as a player uses it.

A person opens a table in the lobby (game, profile, options), fills the other seats with computer
players and plays one whole deal through the page only: clicks, number keys, taps on a phone.
At every turn the test checks what a player must see against the seat's own view (names at the
seats, each trick card in front of the seat that played it, the legal cards raised, the contract
badge); at the end the settlement lines against the engine's result of the replayed record; the
console must stay free of errors and of Content-Security-Policy violations (the policy the server
sends is applied to every page here). Screenshots go to ``test-artifacts/``.
"""

from __future__ import annotations

import re
from typing import Any

import httpx
import pytest

from stammtisch.core import records, registry
from stammtisch.core.messages import Msg
from stammtisch.i18n import render
from tests.chromium import FLAGS as CHROMIUM_FLAGS, MARKS, launch, live_server
from tests.server.live import ROOT

# pages are served through a route (to add the CSP header); keep their sockets to 127.0.0.1 allowed
FLAGS = CHROMIUM_FLAGS + ["--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests"]
CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
ARTIFACTS = ROOT / "test-artifacts"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}

pytestmark = MARKS

DEFAULT = {g: registry.get(g).default_profile for g in ("jass", "doppelkopf", "tarock", "perlaggen")}
SETUPS = [(g, p, {}) for g in DEFAULT for p in registry.get(g).profiles]
SETUPS.append(("tarock", "oesterreich-finale", {"players": 5}))


def _id(s: tuple[str, str, dict]) -> str:
    return f"{s[0]}-{s[1]}" + ("-5" if s[2] else "")


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    yield from live_server(tmp_path_factory, "table")


@pytest.fixture(scope="module")
def browser():
    yield from launch(FLAGS)


def open_page(browser, viewport: dict, phone: bool = False):
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    page = ctx.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(f"console {m.type}: {m.text}") if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(f"page error: {e}"))

    def with_csp(route):
        resp = route.fetch()
        headers = dict(resp.headers)
        if "text/html" in headers.get("content-type", ""):
            headers["content-security-policy"] = CSP
        route.fulfill(response=resp, headers=headers)

    page.route("**/*", with_csp)
    return ctx, page, problems


def with_names(text: str, seats: list[str], lang: str = "de") -> str:
    """What the page does to the engines' words (frame.js withNames): a message in the page's
    language with seats by name; plain text with the engines' seat words replaced."""
    if isinstance(text, Msg):
        return render(text, lang, seats)
    text = re.sub(r"\bseats (\d+) and (\d+)", lambda m: f"{seats[int(m[1])]} & {seats[int(m[2])]}", text)
    text = re.sub(r"\b[Ss]eat (\d+)", lambda m: seats[int(m[1])], text)
    text = re.sub(r"\bPosition (\d+)", lambda m: seats[int(m[1]) - 1], text)
    text = re.sub(r"\bTeam (\d)/(\d)", lambda m: f"{seats[int(m[1]) - 1]} & {seats[int(m[2]) - 1]}", text)
    return re.sub(r"\bside ([AB])\b", lambda m: f"{seats[0]} & {seats[2]}" if m[1] == "A" else f"{seats[1]} & {seats[3]}", text)


def legal_cards(view: dict[str, Any]) -> set[str]:
    """The hand cards that carry a legal action: played as they are (``EU``), with a Taufe
    (``EO=E10``) or with a prefix (``discard:T3``)."""
    hand = set(view["deal"].get("hand") or [])
    out = set()
    for a in view["legal"]:
        if a in hand:
            out.add(a)
        elif "=" in a and a.split("=")[0] in hand:
            out.add(a.split("=")[0])
        elif re.fullmatch(r"[a-z_]+:[^:]+", a) and a.split(":")[1] in hand:
            out.add(a.split(":")[1])
    return out


SNAPSHOT = """() => {
  const q = (sel) => Array.from(document.querySelectorAll(sel));
  const contract = document.querySelector("#contract .badge.contract");
  return {
    state: window.stammtisch.state,
    names: q("#felt .seat-plate .name").map((e) => e.textContent),
    peek: q("#show-last[aria-pressed=true]").length > 0,
    trick: q("#trick .card.in-trick:not(.collect)").map((e) => [Number(e.dataset.seat), e.dataset.card]),
    raised: q("#hand .card.legal").map((e) => e.dataset.card),
    contract: contract ? contract.textContent : null,
    badges: q("#felt .seat-plate").map((e) => e.querySelector(".badges").textContent),
  };
}"""


def check_table(page, game: str) -> dict[str, Any]:
    """What a player must see now, against the seat's own view (read in one go, so that the
    page and the state it was drawn from are the same)."""
    snap = page.evaluate(SNAPSHOT)
    view = snap["state"]["view"]
    deal = view["deal"]
    assert snap["names"] == view["seats"], (snap["names"], view["seats"])
    if not snap["peek"]:
        assert snap["trick"] == [[s, c.split("=")[0]] for s, c in deal.get("trick", [])], (snap["trick"], deal.get("trick"))
    assert set(snap["raised"]) == legal_cards(view), (snap["raised"], view["legal"])
    contract = snap["contract"] or ""
    if game == "doppelkopf" and deal.get("contract"):
        assert render(deal["contract_label"], snap.get("lang") or "de") in contract
    if game == "tarock" and deal.get("contract"):
        assert contract.lower().replace(" ", "_") == deal["contract"]
    if game == "jass" and deal.get("trump"):
        assert f"×{deal['multiplier']}" in contract
    if game == "perlaggen" and deal.get("trump"):
        assert contract
    return snap


def create_table(page, server, game: str, profile: str, options: dict, move_seconds: int = 0) -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table")
    page.select_option("#game", game)
    page.select_option("#profile", profile)
    if options:
        page.click("#create summary")
        for k, v in options.items():
            page.fill(f"#options input[name={k}]", str(v))
    page.fill("#name", "Anna")
    page.select_option("#max-deals", "1")
    if move_seconds:
        page.fill("#move-seconds", str(move_seconds))
    page.click("#create-table")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")


def play_deal(page, game: str, phone: bool = False, refuse_once: bool = False, limit: int = 3000) -> dict:
    """Play whenever it is our turn: a legal card (by number key or click/tap), else an action
    word; check the table at every turn. Returns counts of what was done."""
    done = {"keys": 0, "clicks": 0, "words": 0, "refusals": 0, "checks": 0}
    last = None
    for _ in range(limit):
        status = page.locator("#status")
        if status.get_attribute("data-over") == "true":
            return done
        version = status.get_attribute("data-version")
        if status.get_attribute("data-your-turn") != "true" or version == last:
            page.wait_for_timeout(30)
            continue
        check_table(page, game)
        done["checks"] += 1
        if page.locator("#chooser").count():
            page.locator("#chooser .choice").first.click()
        else:
            cards = page.locator("#hand .card.legal")
            others = page.locator("#hand .card:not(.legal)")
            if refuse_once and cards.count() and others.count() and not done["refusals"]:
                # a card the rules do not allow: refused, and the refusal is shown at the card with its rule
                others.first.click(position={"x": 14, "y": 55})
                page.wait_for_selector("#hand .refusal")
                assert re.search(r"\(.+\)", page.locator("#hand .refusal").inner_text())
                page.screenshot(path=str(ARTIFACTS / f"refusal-{game}.png"))
                done["refusals"] += 1
                continue
            if cards.count():
                card = cards.first
                if phone:
                    card.tap(position={"x": 14, "y": 55})
                    done["clicks"] += 1
                elif done["keys"] <= done["clicks"] and card.get_attribute("data-key"):
                    page.keyboard.press(card.get_attribute("data-key"))
                    done["keys"] += 1
                else:
                    card.click(position={"x": 14, "y": 55})
                    done["clicks"] += 1
            else:
                button = page.locator("#actions button.action").first
                if not button.count() and (status.get_attribute("data-your-turn") != "true"
                                           or status.get_attribute("data-version") != version):
                    continue  # someone acted out of turn meanwhile (Jass Bedanken ends the match at once)
                if not button.count():
                    page.screenshot(path=str(ARTIFACTS / f"stuck-{game}.png"))
                    view = page.evaluate("window.stammtisch.state.view")
                    raise AssertionError(f"our turn, but nothing to do on the page: legal {view['legal']}, "
                                         f"hand {view['deal'].get('hand')}, to_act {view['to_act']}")
                assert button.get_attribute("title") or game not in ("jass", "doppelkopf", "tarock"), \
                    f"no tooltip on {button.get_attribute('data-action')}"
                button.tap() if phone else button.click()
                done["words"] += 1
            if page.locator("#chooser").count():
                page.locator("#chooser .choice").first.click()
        last = version
        page.wait_for_timeout(30)
    raise AssertionError("the deal did not end in the browser")


def check_settlement(page, server) -> None:
    """The settlement lines on the page are the engine's result of the replayed record."""
    number = page.locator("#status").evaluate("() => window.stammtisch.state.table.number")
    record = httpx.get(server.url + f"/api/records/{number}").json()
    match = records.replay(record, check_results=False)
    result = match.logs[-1].result
    seats = record["seats"]
    page.wait_for_selector("#settlement-lines")
    shown = page.locator("#settlement-lines li.line")
    assert shown.count() == len(result.lines)
    for i, line in enumerate(result.lines):
        li = shown.nth(i)
        assert li.locator(".label").inner_text() == with_names(line.label, seats)
        value = li.locator(".value").inner_text()
        assert value == (f"+{line.value}" if isinstance(line.value, int) and line.value > 0 else str(line.value))
        if line.note:
            assert li.locator(".note").inner_text() == with_names(line.note, seats)
    cells = page.locator("#settled table.pts td").all_inner_texts()
    assert [int(c) for c in cells] == list(result.points)


def test_every_game_and_profile_one_whole_deal_on_the_desktop(server, browser, setup):
    game, profile, options = setup
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = open_page(browser, DESKTOP)
    create_table(page, server, game, profile, options, move_seconds=120 if game == "jass" else 0)
    page.screenshot(path=str(ARTIFACTS / f"table-{_id(setup)}.png"))
    if game == "jass":  # the move timer counts down visibly while the table waits for us
        page.wait_for_selector("#status[data-your-turn=true]")
        first = page.locator("#timer").inner_text()
        page.wait_for_timeout(2100)
        second = page.locator("#timer").inner_text()
        assert re.fullmatch(r"\d+ s", first) and re.fullmatch(r"\d+ s", second), (first, second)
        assert 1 <= int(first.split()[0]) - int(second.split()[0]) <= 3
    snap = check_table(page, game)
    deal = snap["state"]["view"]["deal"]
    # with five, the dealer sits out this deal: Doppelkopf (DDV 1) names him, Tarock lists who plays
    sits_out = deal.get("sitting") == 0 or 0 not in deal.get("players", [0])
    if sits_out:
        assert "setzt aus" in snap["badges"][0]
    done = play_deal(page, game, refuse_once=game in ("jass", "doppelkopf"))
    assert done["checks"] > 0 or sits_out
    page.wait_for_selector("#game-over")
    page.screenshot(path=str(ARTIFACTS / f"over-{_id(setup)}.png"), full_page=True)
    check_settlement(page, server)
    # the last trick may be looked at, with who took it (Papagei-Jass §14, Österreich-Finale 1))
    deal = page.evaluate("window.stammtisch.state.view.deal")
    if deal.get("last_trick"):
        page.click("#show-last")
        shown = page.eval_on_selector_all("#trick.peek .card.in-trick",
                                          "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
        assert shown == [[s, c.split("=")[0]] for s, c in deal["last_trick"]]
        seats = page.evaluate("window.stammtisch.state.view.seats")
        assert seats[deal["last_winner"]] in page.locator("#trick .peek-caption").inner_text()
        page.click("#show-last")
        assert page.locator("#trick.peek").count() == 0
    assert page.locator("#winner").inner_text()
    assert page.locator("#game-over table.sheet tbody tr").count() == 1
    # the replay: the same table, every hand open
    page.click("#replay-link")
    page.wait_for_selector("#next")
    for _ in range(6):
        page.click("#next")
    assert page.locator("#step-action").inner_text() != "Ausgangslage"
    assert page.locator("#felt .open-hand").count() >= 3
    page.screenshot(path=str(ARTIFACTS / f"replay-{_id(setup)}.png"))
    page.keyboard.press("End")
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("game", list(DEFAULT))
def test_one_deal_of_each_game_on_a_phone(server, browser, game):
    """390×844: the trick and the hand fit one screen without scrolling; cards are tapped."""
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = open_page(browser, PHONE, phone=True)
    create_table(page, server, game, DEFAULT[game], {})
    page.wait_for_selector("#hand .card, #actions button")
    page.evaluate("window.scrollTo(0, 0)")
    felt, hand = page.evaluate("""() => ["#felt", "#hand"].map((s) => {
      const r = document.querySelector(s).getBoundingClientRect();
      return { y: r.top, height: r.height };
    })""")  # one read: the page redraws on every move
    assert felt["y"] >= 0 and hand["y"] + hand["height"] <= PHONE["height"], (felt, hand)
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    page.screenshot(path=str(ARTIFACTS / f"phone-{game}.png"))
    play_deal(page, game, phone=True)
    page.wait_for_selector("#game-over")
    check_settlement(page, server)
    page.screenshot(path=str(ARTIFACTS / f"phone-over-{game}.png"), full_page=True)
    assert not problems, problems
    ctx.close()


def test_english_switch_keeps_the_game_terms_german(server, browser):
    ctx, page, problems = open_page(browser, DESKTOP)
    create_table(page, server, "doppelkopf", "turnier", {})
    assert page.locator("#lang").inner_text() == "English"
    page.click("#lang")
    page.wait_for_selector("text=Score sheet")
    assert page.locator("#lang").inner_text() == "Deutsch"
    assert page.evaluate("document.documentElement.lang") == "en"
    words = page.eval_on_selector_all("#actions button.action .word", "els => els.map(e => e.textContent)")
    assert not words or set(words) <= {"Gesund", "Vorbehalt", "Hochzeit", "Nein", "Re", "Kontra", "keine 90",
                                       "keine 60", "keine 30", "schwarz"} | {
        "Kreuzsolo", "Piksolo", "Herzsolo", "Karosolo", "Bubensolo", "Damensolo", "Fleischloser"}
    page.screenshot(path=str(ARTIFACTS / "english-doppelkopf.png"))
    page.click("#lang")  # back to German for the other tests in this browser
    assert not problems, problems
    ctx.close()


def test_cards_have_text_labels_for_screen_readers(server, browser):
    ctx, page, problems = open_page(browser, DESKTOP)
    create_table(page, server, "tarock", "tiroler-cup", {})
    page.wait_for_selector("#hand .card")
    labels = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(re.match(r"(Kreuz|Pik|Herz|Karo) |Tarock [IVXL]+|Sküs", x) for x in labels), labels
    assert page.locator("#felt .seat-plate[aria-label]").count() == 4
    assert not problems, problems
    ctx.close()


def pytest_generate_tests(metafunc):  # pragma: no cover - collection
    if "setup" in metafunc.fixturenames:
        params = [pytest.param(s, id=_id(s), marks=() if s[1] == DEFAULT[s[0]] and not s[2] else pytest.mark.slow)
                  for s in SETUPS]
        metafunc.parametrize("setup", params)
