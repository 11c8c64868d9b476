"""The scorekeeper in Debian's Chromium through Playwright: a list keeper on a phone enters games
by meaning (taps), corrects the last one, may not strike an earlier one; the organiser strikes it
with a reason; the organiser's page (create once per click, register, draw, seating, codes, ranking,
publish) and the public page. Screenshots go to test-artifacts/ (phone and desktop, German and English)."""

import os
import re
import shutil
from pathlib import Path

import pytest

from tests.scorekeeper.helpers import serve_app

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ORGANISER, PASSWORD = "Maria Moser", "geheim-12345"


@pytest.fixture
def server(tmp_path):
    yield from serve_app(tmp_path / "b.sqlite3", ORGANISER, PASSWORD)


@pytest.fixture
def page():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
                                    args=ARGS, headless=True)
        pg = browser.new_page(viewport={"width": 1200, "height": 1000}, locale="de-DE")  # a German browser
        pg.browser_ = browser
        yield pg
        browser.close()


def watch(page):
    """Page errors and CSP violations (the app sends script-src/style-src 'self'; answers like the
    deliberate 422 below also reach the console and are not errors of the page)."""
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and (
        "Content Security Policy" in m.text or "Refused" in m.text) else None)
    return errors


def wait_text(page, testid, text):
    """Wait until the element shows ``text`` (through Playwright's selectors: no eval, so the page's
    CSP without 'unsafe-eval' stays on)."""
    from playwright.sync_api import expect
    expect(page.locator(f"[data-testid={testid}]")).to_contain_text(text, timeout=15000)


def log_in(page, server):
    page.goto(server + "/scorekeeper/")
    page.wait_for_selector("[data-testid=login-name]")
    page.fill("[data-testid=login-name]", ORGANISER)
    page.fill("[data-testid=login-password]", PASSWORD)
    page.click("[data-testid=login-btn]")
    page.wait_for_selector("#create:not([hidden])")


def shot(page, name, full=True):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"scorekeeper-{name}.png"), full_page=full)


PHONE = {"width": 390, "height": 844}


def no_overflow(page):
    """Nothing is wider than the phone's screen (the list scrolls inside its own box)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= page.evaluate("window.innerWidth")


def api_setup(server, game, names, profile=None):
    """A tournament of one table (drawn), its entry code, and the organiser's headers."""
    import httpx
    tok = httpx.post(server + "/scorekeeper/api/login", json={"name": ORGANISER, "password": PASSWORD}).json()["token"]
    H = {"Authorization": f"Bearer {tok}"}
    body = {"name": f"{game} Cup", "game": game, "rounds": 1}
    if profile:
        body["profile"] = profile
    tid = httpx.post(server + "/scorekeeper/api/tournaments", headers=H, json=body).json()["tournament"]["id"]
    httpx.post(f"{server}/scorekeeper/api/tournaments/{tid}/players", headers=H, json=[{"name": n} for n in names])
    rd = httpx.post(f"{server}/scorekeeper/api/tournaments/{tid}/rounds", headers=H,
                    json={"method": "manual", "tables": [list(range(1, len(names) + 1))]}).json()
    tab = rd["tables"][0]["id"]
    code = httpx.post(f"{server}/scorekeeper/api/tournaments/{tid}/codes", headers=H, json={}).json()["codes"][str(tab)]
    return tid, tab, code, H


def tap(page, testid):
    page.locator(f'[data-testid="{testid}"]').click()


def unlock(page, server, tab, code):
    page.goto(f"{server}/scorekeeper/tisch/{tab}")
    page.fill("[data-testid=code-input]", code)
    tap(page, "unlock-btn")
    page.wait_for_selector("[data-testid=entry-form] [data-testid=kind-game]")


def written(page, n):
    page.wait_for_selector(f'[data-testid="row-{n}"]')
    no_overflow(page)



def test_keeper_on_a_phone_enters_tarock_by_taps_and_the_organiser_strikes_with_a_reason(server, page):
    """Done when of the keeper's page: a Tarock table of five on a 390x844 phone -- a Dreier with an
    announced Pagat and a Kontra, a Trischaken in "35/2" notation, a Renonce by the sitting fifth
    player, a correction of the last row through the prefilled form -- every row is the engine's
    settlement of exactly those facts; the keeper cannot strike an earlier row (no button, and the API
    refuses), the organiser can with a reason, and the history names both."""
    import httpx

    from stammtisch.scorekeeper.entries import context, get
    pytest.importorskip("stammtisch.games.tarock.scoring")
    names = ["Anna Huber", "Bert Moser", "Cilli Wagner", "Dani Gruber", "Eva Leitner"]
    tid, tab, code, H = api_setup(server, "tarock", names, "oesterreich-finale")
    errors = watch(page)
    page.set_viewport_size(PHONE)
    unlock(page, server, tab, code)
    no_overflow(page)
    # game 1: Anna deals and sits out; Cilli plays a Dreier, wins, Pagat announced and made, Kontra
    for t in ("c-dreier", "decl-3", "res-won", "prem-add-pagat", "k-1"):
        tap(page, t)
    wait_text(page, "preview", "Cilli Wagner")
    # the engine's settlement lines ({id, args}) in the page's language (German here), not the ids
    preview = page.get_by_test_id("preview").inner_text()
    assert "Dreier" in preview and not re.search(r"\b(points|won|lost|announced)\b", preview), preview
    shot(page, "keeper-phone-1-entry", full=False)
    tap(page, "e-write")
    written(page, 1)
    # game 2: Bert sits out; Trischaken, points per player as players write them (the last one is the rest)
    tap(page, "c-trischaken")
    for pos, pts, tricks in ((3, "35/2", "4"), (4, "20", "3"), (5, "10/1", "3")):
        page.fill(f"[data-testid=tri-{pos}]", pts)
        page.fill(f"[data-testid=trt-{pos}]", tricks)
    wait_text(page, "preview-points", "Anna Huber")
    tap(page, "e-write")
    written(page, 2)
    # game 3: Cilli sits out and commits a Renonce ("who, what") during Dani's Rufer
    for t in ("c-rufer", "decl-4", "ren-add", "ren-0-who-3"):
        tap(page, t)
    tap(page, "e-write")
    written(page, 3)
    # correct the last row through the same form, prefilled: the Renonce was a Tarockzwang
    tap(page, "row-3")
    tap(page, "correct-3")
    assert page.locator('[data-testid="c-rufer"]').get_attribute("aria-pressed") == "true"
    assert page.locator('[data-testid="ren-0-who-3"]').get_attribute("aria-pressed") == "true"
    page.select_option("[data-testid=ren-0-what]", "tarockzwang")
    page.fill("[data-testid=reason]", "falsch notiert")
    tap(page, "e-write")
    wait_text(page, "row-3", "2")
    wait_text(page, "status", "Spiel 3 korrigiert")
    no_overflow(page)
    shot(page, "keeper-phone-2-list", full=False)

    # every row is the engine's settlement of the facts the taps meant
    expected = [
        {"kind": "game", "contract": "dreier", "declarer": 3, "declarer_points": "35/2", "kontra": 1,
         "premiums": [{"name": "pagat", "side": "declarer", "announced": True, "made": True, "kontra": 0}]},
        {"kind": "game", "contract": "trischaken", "thirds": [12, 0, 107, 60, 31], "tricks": [2, 0, 4, 3, 3]},
        {"kind": "game", "contract": "rufer", "declarer": 4, "renonces": [{"kind": "tarockzwang", "offender": 3}]},
    ]
    sheet = httpx.get(f"{server}/scorekeeper/api/tables/{tab}", headers=H).json()
    assert [r["facts"] for r in sheet["rows"]] == expected
    for r, facts in zip(sheet["rows"], expected):
        s = get("tarock").settle(facts, context(5, r["number"], r["dealer"], profile="oesterreich-finale"))
        assert r["points"] == list(s.points) and r["money"] == list(s.money)
    assert sheet["rows"][2]["points"][2] != 0  # the sitting Renonce player pays ...
    assert not [c for c in sheet["checks"] if c["row"] == 3]  # ... and the check agrees with the settlement
    assert sheet["rows"][0]["money"] != sheet["rows"][0]["points"]  # Kontra counts in money only

    # the keeper may not strike an earlier row: no button, and the API refuses his session
    tap(page, "row-1")
    page.wait_for_selector("[data-testid=history-1] li")
    assert page.locator("[data-testid=strike-1]").count() == 0
    keeper = page.evaluate(f"sessionStorage.getItem('sk-table-{tab}')")
    r = httpx.post(f"{server}/scorekeeper/api/tables/{tab}/entries/1/strike",
                   headers={"Authorization": f"Bearer {keeper}"}, json={"version": sheet["version"], "reason": "x"})
    assert r.status_code == 403 and "organiser" in r.json()["message"]

    # the organiser strikes it with a reason, from the web page; the history shows both authors
    org = page.browser_.new_page(viewport=PHONE, locale="de-DE")
    errors += watch(org)
    log_in(org, server)
    org.goto(f"{server}/scorekeeper/tisch/{tab}")
    org.wait_for_selector("[data-testid=row-1]")
    tap(org, "row-1")
    org.wait_for_selector("[data-testid=strike-1]")
    tap(org, "strike-1")
    wait_text(org, "status", "Grund")  # a reason is required
    org.fill("[data-testid=detail-reason-1]", "Rechenfehler, nicht klärbar")
    tap(org, "strike-1")
    org.wait_for_selector('[data-testid="row-1"].struck')
    wait_text(org, "history-1", ORGANISER)
    history = org.text_content("[data-testid=history-1]")
    assert "Tisch 1" in history and ORGANISER in history and "Rechenfehler" in history
    no_overflow(org)
    shot(org, "organiser-phone-table", full=False)
    # and corrects an earlier row afterwards (Tiroler Cup, Abrechnung: writing errors), the same form prefilled
    tap(org, "row-2")
    tap(org, "correct-2")
    assert org.input_value("[data-testid=tri-3]") == "35/2"
    org.fill("[data-testid=trt-4]", "4")
    org.fill("[data-testid=trt-5]", "2")
    org.fill("[data-testid=reason]", "Stiche vertauscht")
    tap(org, "e-write")
    wait_text(org, "status", "Spiel 2 korrigiert")
    r2 = httpx.get(f"{server}/scorekeeper/api/tables/{tab}/entries/2/history", headers=H).json()
    assert [(x["action"], x["author"]) for x in r2] == [("write", "Tisch 1"), ("late-correct", ORGANISER)]
    assert r2[-1]["facts"]["tricks"] == [2, 0, 4, 4, 2] and r2[-1]["reason"] == "Stiche vertauscht"
    org.set_viewport_size({"width": 1280, "height": 900})
    shot(org, "organiser-desktop-table")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "keeper-desktop")
    assert errors == []


def test_keeper_on_a_phone_enters_doppelkopf_with_a_pflichtsolo(server, page):
    """A plain Doppelkopf game in four taps, then a Pflichtsolo: the row is the engine's, the solo is
    marked as the player's Pflichtsolo on the page, and the same dealer deals again (Doppelkopf-Turnier 2.)."""
    import httpx

    from stammtisch.scorekeeper.entries import context, get
    pytest.importorskip("stammtisch.games.doppelkopf.scoring")
    names = ["Anna", "Bert", "Cilli", "Dani"]
    tid, tab, code, H = api_setup(server, "doppelkopf", names)
    errors = watch(page)
    page.set_viewport_size(PHONE)
    unlock(page, server, tab, code)
    for t in ("re-2", "re-4", "aug-121"):  # Normalspiel is preselected
        tap(page, t)
    tap(page, "e-write")
    written(page, 1)
    for t in ("c-solo:damen", "re-3", "aug-151"):
        tap(page, t)
    wait_text(page, "preview", "Damensolo")
    tap(page, "e-write")
    written(page, 2)
    wait_text(page, "pflicht-3", "2")
    wait_text(page, "entry-title", "Bert")  # Bert dealt the Pflichtsolo and deals again
    no_overflow(page)
    shot(page, "keeper-phone-doppelkopf", full=False)
    expected = [{"kind": "game", "contract": "normal", "re": [2, 4], "re_augen": 121},
                {"kind": "game", "contract": "solo:damen", "re": [3], "re_augen": 151}]
    sheet = httpx.get(f"{server}/scorekeeper/api/tables/{tab}", headers=H).json()
    assert [r["facts"] for r in sheet["rows"]] == expected
    for r, facts in zip(sheet["rows"], expected):
        assert r["points"] == list(get("doppelkopf").settle(facts, context(4, r["number"], r["dealer"])).points)
    assert sheet["rows"][1]["pflichtsolo_by"] == 3 and sheet["next"]["dealer"] == 2
    page.evaluate("localStorage.setItem('stammtisch:lang', 'en')")
    page.reload()
    page.wait_for_selector("[data-testid=row-2]")
    wait_text(page, "pflicht-3", "game 2")
    shot(page, "keeper-phone-doppelkopf-en", full=False)
    assert errors == []


def test_organiser_flow(server, page):
    """The organiser's page: create (a double click makes one tournament), register, draw with the
    seating shown per round, new codes only after asking, ranking with the Summe in view, publish,
    the public page; on a phone and on a desktop."""
    import httpx
    errors = watch(page)
    page.set_viewport_size(PHONE)
    log_in(page, server)
    page.wait_for_selector("[data-testid=t-game] option[value=tarock]", state="attached")
    page.fill("[data-testid=t-name]", "Tarockcup Hall")
    page.select_option("[data-testid=t-game]", "tarock")
    page.locator("[data-testid=t-create]").dblclick()
    page.wait_for_selector("#tournament:not([hidden])")
    tok = page.evaluate("sessionStorage.getItem('sk-session')")
    mine = httpx.get(server + "/scorekeeper/api/me", headers={"Authorization": f"Bearer {tok}"}).json()["tournaments"]
    assert [t["name"] for t in mine] == ["Tarockcup Hall"]
    assert page.input_value("[data-testid=t-name]") == ""  # the form is cleared after creating
    page.fill("[data-testid=p-names]", "\n".join(f"Spieler {i}; Club {i % 3}" for i in range(1, 10)))
    tap(page, "p-add")
    wait_text(page, "players", "9. Spieler 9")
    page.select_option("[data-testid=d-method]", "schedule")
    tap(page, "d-draw")
    page.wait_for_selector("[data-testid=seating-1-1] li")
    assert page.locator("[data-testid=seating-1-1] li").count() == 5
    page.once("dialog", lambda d: d.dismiss())  # asked first: nothing is voided
    tap(page, "codes-btn")
    assert page.locator("[data-testid=codes] li").count() == 0
    page.once("dialog", lambda d: d.accept())
    tap(page, "codes-btn")
    page.wait_for_selector("[data-testid=codes] li .key")
    assert len(page.text_content("[data-testid=codes] li .key").strip()) == 11
    no_overflow(page)
    shot(page, "organiser-phone")
    tap(page, "rank")
    page.wait_for_selector("[data-testid=ranking] tbody tr")
    assert page.locator("[data-testid=ranking] tbody tr").count() == 9
    no_overflow(page)
    tap(page, "publish")
    wait_text(page, "status", "veröffentlicht")
    page.set_viewport_size({"width": 1280, "height": 900})
    shot(page, "organiser-desktop")
    page.set_viewport_size(PHONE)
    page.goto(server + "/scorekeeper/results")
    page.wait_for_selector("[data-testid=public-list] a")
    page.click("[data-testid=public-list] a")
    page.wait_for_selector("[data-testid=ranking] tbody tr")
    assert "Tarockcup Hall" in page.text_content("#result")
    # the Summe column (and the money after it) is in view on the phone, nothing pinned over it (issue 32, item 12)
    summe = page.locator("[data-testid=ranking] thead th:nth-child(3)").bounding_box()
    assert page.locator("[data-testid=ranking] thead th:nth-child(3)").inner_text() == "Summe"
    assert summe["x"] + summe["width"] <= 390
    no_overflow(page)
    shot(page, "public-phone")
    assert errors == []


def test_single_live_table_jass_by_meaning(server, page):
    """A Stammtisch Jass table without a tournament: a game by meaning (mode as players name it), a row from
    the score sheet as points."""
    pytest.importorskip("stammtisch.games.jass.scoring")
    errors = watch(page)
    log_in(page, server)
    page.wait_for_selector("[data-testid=t-game] option[value=jass]", state="attached")
    page.fill("[data-testid=t-name]", "Freitagsjass")
    page.select_option("[data-testid=t-game]", "jass")
    page.check("[data-testid=t-single]")
    page.fill("[data-testid=t-names]", "Anna, Bert, Cilli, Dani")
    tap(page, "t-create")
    page.wait_for_selector("[data-testid=mode-E]")
    for t in ("mode-E", "decl-1"):
        tap(page, t)
    page.fill("[data-testid=cp-0]", "100")
    page.fill("[data-testid=tr-0]", "6")
    page.fill("[data-testid=w-0]", "50")
    tap(page, "stoeck-1")
    wait_text(page, "preview-points", "1190")
    tap(page, "e-write")
    written(page, 1)
    tap(page, "kind-row")
    page.fill("[data-testid=pt-0]", "300")
    page.fill("[data-testid=pt-1]", "200")
    tap(page, "e-write")
    written(page, 2)
    assert "1490" in page.text_content("[data-testid=totals]")
    # the referee annulled a deal (Papagei-Jass §7: the deal, never the Partie), claimed by Bert's side
    tap(page, "kind-annulled")
    tap(page, "annul-rule-§7")
    tap(page, "annul-by-2")
    page.fill("[data-testid=annul-reason]", "falsche Karte zu spät bemerkt")
    tap(page, "e-write")
    written(page, 3)
    # a deal settled after a penalty ruling (§15: Cilli did not follow suit)
    for t in ("mode-S", "decl-2"):
        tap(page, t)
    page.fill("[data-testid=cp-0]", "40")
    page.fill("[data-testid=tr-0]", "2")
    tap(page, "ruling-§15")
    tap(page, "offender-3")
    tap(page, "e-write")
    written(page, 4)
    import httpx
    tok = page.evaluate("sessionStorage.getItem('sk-session')")
    tab = int(page.url.rsplit("/", 1)[1])
    rows = httpx.get(f"{server}/scorekeeper/api/tables/{tab}", headers={"Authorization": f"Bearer {tok}"}).json()["rows"]
    assert rows[2]["facts"] == {"kind": "annulled", "reason": "falsche Karte zu spät bemerkt", "rule": "§7", "by": 2}
    assert rows[2]["struck"] and rows[3]["facts"]["ruling"] == "§15" and rows[3]["facts"]["offender"] == 3
    shot(page, "jass-desktop")
    assert errors == []


def test_keeper_sees_a_finished_round_without_a_form(server, page):
    """Doppelkopf-Turnier 1.: after the round's last game the list shows "Runde fertig: n von n Spielen
    eingetragen" and no entry form (no "Spiel 2" to fill in)."""
    import httpx
    errors = watch(page)
    tok = httpx.post(server + "/scorekeeper/api/login", json={"name": ORGANISER, "password": PASSWORD}).json()["token"]
    H = {"Authorization": f"Bearer {tok}"}
    t = httpx.post(server + "/scorekeeper/api/tournaments", headers=H, json={
        "name": "Fertig", "game": "tarock", "kind": "table", "names": ["Anna", "Bert", "Cilli", "Dani"],
        "games": {"4": 1}}).json()["tournament"]
    tab = t["rounds"][0]["tables"][0]["id"]
    code = httpx.post(f"{server}/scorekeeper/api/tournaments/{t['id']}/codes", headers=H, json={}).json()["codes"][str(tab)]
    r = httpx.post(f"{server}/scorekeeper/api/tables/{tab}/entries", headers=H,
                   json={"version": httpx.get(f"{server}/scorekeeper/api/tables/{tab}", headers=H).json()["version"],
                         "facts": {"kind": "row", "points": [3, -1, -1, -1]}})
    assert r.status_code == 201, r.text
    page.goto(f"{server}/scorekeeper/tisch/{tab}")
    page.fill("[data-testid=code-input]", code)
    tap(page, "unlock-btn")
    wait_text(page, "entry-title", "Runde fertig: 1 von 1 Spielen eingetragen")
    assert page.locator("[data-testid=entry-form]").is_hidden()
    shot(page, "finished-round")
    assert not errors, errors
