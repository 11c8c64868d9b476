"""Browser tests of the online cup (issue 30): a person plays an online cup table on a 360×640 phone
in German with computer players, from the invitation to the published ranking; a second person
lets the clock run out and the flagged move shows in the record and on the table's list.
Screenshots in test-artifacts/cup-*.png."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import httpx
import pytest

from tests.chromium import MARKS, launch
from tests.server.live import ROOT, free_port

from .conftest import PASSWORD

ARTIFACTS = ROOT / "test-artifacts"
PHONE = {"width": 360, "height": 640}

pytestmark = MARKS


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    port, data = free_port(), tmp_path_factory.mktemp("cupbrowser")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    proc = subprocess.Popen([sys.executable, "-m", "tests.cup.serve_cup", str(port), str(data)], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    end = time.monotonic() + 60
    while True:
        assert proc.poll() is None, proc.stdout.read().decode(errors="replace")
        try:
            if httpx.get(url + "/api/config", timeout=1).status_code == 200:
                break
        except httpx.HTTPError:
            pass
        assert time.monotonic() < end, "the server did not come up"
        time.sleep(0.1)
    yield url
    proc.terminate()
    proc.wait(10)


@pytest.fixture(scope="module")
def browser():
    yield from launch()


def german_phone(browser):
    ctx = browser.new_context(viewport=PHONE, locale="de-DE")
    ctx.add_init_script("localStorage.setItem('stammtisch:lang', 'de')")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return ctx, page, errors


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"cup-{name}.png"), full_page=True)


def fits(page):
    """Nothing wider than the phone (no sideways scrolling of the page)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"] + 1


def organiser_creates(page, url, name, *, move, word, games, computer):
    page.goto(url + "/cup/")
    page.fill("[data-testid=login-name]", "Maria")
    page.fill("[data-testid=login-password]", PASSWORD)
    page.click("[data-testid=login-submit]")
    page.wait_for_selector("[data-testid=cup-create]")
    assert page.locator("h1").inner_text() == "Online-Turniere"
    page.fill("[data-testid=cup-name]", name)
    page.select_option("[data-testid=cup-game]", "tarock")
    page.select_option("[data-testid=cup-profile]", "oesterreich-finale")
    page.fill("[data-testid=cup-rounds]", "1")
    page.fill("[data-testid=cup-games]", str(games))
    page.fill("[data-testid=cup-move]", str(move))
    page.fill("[data-testid=cup-word]", str(word))
    page.fill("[data-testid=cup-computer]", "\n".join(computer))
    fits(page)
    shot(page, f"{name}-create")
    page.click("[data-testid=cup-create-submit]")
    page.wait_for_selector("[data-testid=invite-button]")
    page.click("[data-testid=invite-button]")
    return page.locator("[data-testid=invite-link]").input_value()


def player_registers_and_checks_in(org, player, invite, name):
    player.goto(invite)
    player.wait_for_selector("[data-testid=join-form]")
    assert player.locator("h1").inner_text() == "Anmeldung zum Turnier"
    player.fill("[data-testid=join-name]", name)
    player.fill("[data-testid=join-code]", "geheim1")
    player.click("[data-testid=join-register]")
    player.wait_for_selector("[data-testid=join-registered]")
    fits(player)
    org.reload()
    org.click("[data-testid=checkin-open]")
    org.wait_for_selector("[data-testid=checkin-close]")
    player.reload()
    player.click("[data-testid=join-checkin]")
    player.wait_for_selector("[data-testid=join-checkedin]")
    assert "eingecheckt" in player.locator("[data-testid=join-checkedin]").inner_text()
    shot(player, f"{name}-checked-in")
    org.reload()
    org.click("[data-testid=draw]")
    org.wait_for_selector("[data-testid=start]")
    org.click("[data-testid=start]")
    org.wait_for_selector("[data-testid=dash-1]")
    player.wait_for_selector("[data-testid=join-table]", timeout=15_000)
    player.click("[data-testid=join-table]")
    player.wait_for_url("**/t/**", timeout=15_000)
    player.wait_for_selector("#status[data-version]", timeout=15_000)


def wait_closed(org, timeout=180):
    """The organiser's dashboard (refreshed every 3 s) until the table's list is complete."""
    end = time.monotonic() + timeout
    while "zu Ende" not in org.locator("[data-testid=dash-1]").inner_text():
        assert time.monotonic() < end, org.locator("[data-testid=dash-1]").inner_text()
        org.wait_for_timeout(500)


def test_a_person_plays_an_online_cup_table_on_a_phone_in_german(server, browser):
    """From the invitation to the published ranking, at 360×640, in German, with computer players."""
    from tests.server.test_browser import play_deal

    octx, org, oerr = german_phone(browser)
    pctx, player, perr = german_phone(browser)
    invite = organiser_creates(org, server, "Frühjahrscup", move=60, word=60, games=1,
                               computer=["Bert", "Cilli", "Done"])
    shot(org, "Frühjahrscup-invite")
    player_registers_and_checks_in(org, player, invite, "Anna")
    fits(player)
    shot(player, "Frühjahrscup-table")
    play_deal(player)
    shot(player, "Frühjahrscup-over")
    wait_closed(org)
    shot(org, "Frühjahrscup-dashboard")
    org.click("[data-testid=publish]")
    org.wait_for_selector("[data-testid=public-link]")
    org.click("[data-testid=public-link]")
    org.wait_for_selector("[data-testid=ranking]")
    ranking = org.locator("[data-testid=ranking]").inner_text()
    assert all(n in ranking for n in ("Anna", "Bert", "Cilli", "Done"))
    fits(org)
    shot(org, "Frühjahrscup-published")
    # the public page shows what the API ranks: Anna's total is her row
    tid = int(org.url.split("t=")[1])
    r = httpx.get(f"{server}/cup/api/cups/{tid}/standings").json()
    anna = next(ln for ln in r["ranking"]["ranking"] if ln["name"] == "Anna")
    assert str(anna["total"]) in ranking
    assert not oerr and not perr, oerr + perr
    octx.close()
    pctx.close()


def test_the_clock_runs_out_and_the_flagged_move_shows_in_the_record_and_on_the_list(server, browser):
    """The person goes to the table and does nothing: each expired move clock lets the computer move
    for her; the record's deal lists the moves as ``timer`` and her table's list names her."""
    octx, org, oerr = german_phone(browser)
    pctx, player, perr = german_phone(browser)
    invite = organiser_creates(org, server, "Herbstcup", move=1, word=1, games=1, computer=["Eva", "Franz", "Gretl"])
    player_registers_and_checks_in(org, player, invite, "Hanna")
    player.wait_for_timeout(2500)
    shot(player, "Herbstcup-clock")
    wait_closed(org)
    tid = int(org.url.split("t=")[1])
    token = org.evaluate("sessionStorage.getItem('sk-session')")
    auth = {"Authorization": f"Bearer {token}"}
    t = httpx.get(f"{server}/cup/api/cups/{tid}", headers=auth).json()
    (tab,) = t["tournament"]["rounds"][0]["tables"]
    rec = httpx.get(f"{server}/api/records/{tab['server_table']}").json()
    flags = rec["deals"][0]["flags"]
    hanna = rec["seats"].index("Hanna")
    assert flags and all(a == "timer" and rec["deals"][0]["actions"][i][0] == hanna for i, a in flags)
    # on the list: the organiser opens the table's list
    org.goto(f"{server}/scorekeeper/tisch/{tab['id']}")
    org.wait_for_selector("[data-testid=row-1]")
    row = org.locator("[data-testid=row-1]").inner_text()
    assert "Zugzeit abgelaufen" in row and "Hanna" in row
    shot(org, "Herbstcup-list")
    assert not oerr and not perr, oerr + perr
    octx.close()
    pctx.close()
