"""The organiser flow in Debian's Chromium through Playwright: create, register, draw, enter,
correct, strike, rank, publish, public page. Screenshots go to test-artifacts/."""

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
ORGANISER, PASSWORD = "Maria Moser", "geheim-12345"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture
def server(tmp_path):
    uvicorn = pytest.importorskip("uvicorn")
    from stammtisch.scorekeeper.api import create_app
    port = _free_port()
    app = create_app(f"sqlite:///{tmp_path / 'b.sqlite3'}")
    app.state.scorekeeper.create_organiser(ORGANISER, PASSWORD)
    cfg = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    srv = uvicorn.Server(cfg)
    th = threading.Thread(target=srv.run, daemon=True)
    th.start()
    for _ in range(100):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    th.join(5)


@pytest.fixture
def page():
    if not (os.path.exists(CHROMIUM) or shutil.which("chromium")):
        pytest.skip("Debian's chromium is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM if os.path.exists(CHROMIUM) else shutil.which("chromium"),
                                    args=ARGS, headless=True)
        pg = browser.new_page(viewport={"width": 1200, "height": 1000})
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


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"scorekeeper-{name}.png"), full_page=True)


def test_organiser_flow(server, page):
    errors = watch(page)
    log_in(page, server)
    page.wait_for_selector("[data-testid=t-game] option[value=tarock]", state="attached")
    page.fill("[data-testid=t-name]", "Tarockcup Hall")
    page.select_option("[data-testid=t-game]", "tarock")
    page.click("[data-testid=t-create]")
    page.wait_for_selector("#tournament:not([hidden])")
    assert "Tarockcup Hall" in page.text_content("[data-testid=my-tournaments]")
    page.fill("[data-testid=p-names]", "\n".join(f"Spieler {i}; Club {i % 3}" for i in range(1, 10)))
    page.click("[data-testid=p-add]")
    wait_text(page, "players", "9. Spieler 9")
    page.select_option("[data-testid=d-method]", "schedule")
    page.click("[data-testid=d-draw]")
    page.wait_for_selector("[data-testid=table-1-1]")
    page.click("[data-testid=codes-btn]")
    page.wait_for_selector("[data-testid=codes] li .key")
    assert len(page.text_content("[data-testid=codes] li .key").strip()) == 11
    shot(page, "1-draw")
    page.click("[data-testid=table-1-1]")  # the table of five
    page.wait_for_selector("#table:not([hidden])")
    assert "Position 1 setzt aus" in page.text_content("#entry-title")
    # game 1: position 1 deals and sits out
    for i, v in enumerate([None, 3, -1, -1, -1]):
        if v is not None:
            page.fill(f"[data-testid=pt-{i}]", str(v))
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-1]")
    # game 2: an unbalanced row is refused with the rule
    for i, v in enumerate([5, None, -1, -1, -1]):
        if v is not None:
            page.fill(f"[data-testid=pt-{i}]", str(v))
    page.click("[data-testid=e-write]")
    wait_text(page, "status", "Österreich-Finale 1)")
    page.fill("[data-testid=pt-0]", "3")
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-2]")
    # correct the last row
    page.click("[data-testid=correct-2]")
    page.fill("[data-testid=pt-0]", "-3")
    for i in (2, 3, 4):
        page.fill(f"[data-testid=pt-{i}]", "1")
    page.fill("[data-testid=reason]", "Vorzeichen")
    page.click("[data-testid=e-write]")
    wait_text(page, "row-2", "Rev. 2")
    # strike it (Tarock: the organiser may strike an unclearable row)
    page.once("dialog", lambda d: d.accept("nicht klärbar"))
    page.click("[data-testid=strike-1]")
    page.wait_for_selector("[data-testid=row-1].struck")
    shot(page, "2-table")
    page.click("[data-testid=checks-btn]")
    page.wait_for_selector("[data-testid=all-checks] li")
    assert "Runde 1, Tisch 1" in page.text_content("[data-testid=all-checks]")
    page.click("[data-testid=rank]")
    page.wait_for_selector("[data-testid=ranking] tbody tr")
    assert page.locator("[data-testid=ranking] tbody tr").count() == 9
    page.click("[data-testid=publish]")
    wait_text(page, "status", "veröffentlicht")
    shot(page, "3-ranking")
    page.goto(server + "/scorekeeper/results")
    page.wait_for_selector("[data-testid=public-list] a")
    page.click("[data-testid=public-list] a")
    page.wait_for_selector("[data-testid=ranking] tbody tr")
    assert "Tarockcup Hall" in page.text_content("#result")
    shot(page, "4-public")
    assert errors == []


def test_game_facts_entry_with_preview(server, page):
    """A Doppelkopf game entered as facts: example, preview of the settlement lines, write."""
    pytest.importorskip("stammtisch.games.doppelkopf.scoring")
    errors = watch(page)
    log_in(page, server)
    page.wait_for_selector("[data-testid=t-game] option[value=doppelkopf]", state="attached")
    page.fill("[data-testid=t-name]", "Doko-Abend")
    page.select_option("[data-testid=t-game]", "doppelkopf")
    page.click("[data-testid=t-create]")
    page.wait_for_selector("#tournament:not([hidden])")
    page.fill("[data-testid=p-names]", "Anna\nBert\nCilli\nDani")
    page.click("[data-testid=p-add]")
    wait_text(page, "players", "4. Dani")
    page.click("[data-testid=d-draw]")
    page.wait_for_selector("[data-testid=table-1-1]")
    page.click("[data-testid=table-1-1]")
    page.wait_for_selector("#table:not([hidden])")
    page.click("[data-testid=facts-summary]")
    # the structured form: Re = positions 1 and 3, 130 Augen, Re announced
    page.select_option("[data-testid=f-contract]", label="normal")
    page.check("[data-testid=f-re-1]")
    page.check("[data-testid=f-re-3]")
    page.fill("[data-testid=f-re_augen]", "130")
    page.select_option("[data-testid=f-re_level]", label="re")
    page.click("[data-testid=preview-btn]")
    wait_text(page, "preview", "Re angesagt")
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-1]")
    row = page.text_content("[data-testid=row-1]")
    assert "Normalspiel" in row and "3-33-3" in row.replace(" ", "")
    # game 2 from the example JSON (the facts section stays open)
    page.click("#example-btn")
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-2]")
    shot(page, "5-doppelkopf-facts")
    assert errors == []


def test_single_live_table(server, page):
    """A Stammtisch table without a tournament: four names, a Jass game entered as points."""
    errors = watch(page)
    log_in(page, server)
    page.wait_for_selector("[data-testid=t-game] option[value=jass]", state="attached")
    page.fill("[data-testid=t-name]", "Freitagsjass")
    page.select_option("[data-testid=t-game]", "jass")
    page.check("[data-testid=t-single]")
    page.fill("[data-testid=t-names]", "Anna, Bert, Cilli, Dani")
    page.click("[data-testid=t-create]")
    page.wait_for_selector("#table:not([hidden])")
    page.fill("[data-testid=pt-0]", "1190")
    page.fill("[data-testid=pt-1]", "399")
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-1]")
    assert "1190" in page.text_content("[data-testid=sheet]")
    assert errors == []


def test_list_keeper_opens_a_table_with_the_card_code(server, page):
    """The list keeper enters with the code printed on the table card (no organiser login)."""
    import httpx
    tok = httpx.post(server + "/scorekeeper/api/login", json={"name": ORGANISER, "password": PASSWORD}).json()["token"]
    H = {"Authorization": f"Bearer {tok}"}
    r = httpx.post(server + "/scorekeeper/api/tournaments", headers=H,
                   json={"name": "Cup", "game": "tarock", "kind": "table", "names": ["A", "B", "C", "D"]}).json()
    tid, tab_id = r["tournament"]["id"], r["tournament"]["rounds"][0]["tables"][0]["id"]
    code = httpx.post(f"{server}/scorekeeper/api/tournaments/{tid}/codes", headers=H, json={}).json()["codes"][
        str(tab_id)]
    anonymous = httpx.get(f"{server}/scorekeeper/api/tables/{tab_id}")
    assert anonymous.status_code == 403
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server + "/scorekeeper/")
    page.wait_for_selector("[data-testid=open-table-id]")
    page.fill("[data-testid=open-table-id]", str(tab_id))
    page.fill("[data-testid=open-table-key]", "wrong")
    page.click("[data-testid=open-table]")
    wait_text(page, "status", "wrong entry code")
    page.fill("[data-testid=open-table-key]", code)
    page.click("[data-testid=open-table]")
    page.wait_for_selector("#table:not([hidden])")
    for i, v in enumerate([3, -1, -1, -1]):
        page.fill(f"[data-testid=pt-{i}]", str(v))
    page.click("[data-testid=e-write]")
    page.wait_for_selector("[data-testid=row-1]")
    assert errors == []
