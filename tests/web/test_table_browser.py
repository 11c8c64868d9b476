"""The card table in a real browser (Debian's Chromium through Playwright), as a player uses it.

A person opens a table in the lobby (game, profile, options), fills the other seats with computer
players and plays one whole deal through the page only: clicks, number keys, taps on a phone
(360×640), in German and in English. At every turn the test checks what a player must see against
the seat's own view (names at the seats, each trick card in front of the seat that played it, or
the finished trick while it rests, the legal cards marked, the contract badge), that the focus
stays on the hand after a move by key, and on the phone that every legal card's face is fully
visible and tappable (44 px and more, nothing over it) and that no seat plates or badges overlap.
A finished trick rests at least a second; the screen reader's live region names each card played
and whose turn it is; high-stakes words ask once more. At the end the settlement lines against
the engine's result of the replayed record. axe-core (vendored, ``tests/web/axe.py``) finds no
serious violation on the lobby, each game's table and the replay; the console stays free of
errors and of Content-Security-Policy violations (the policy the server sends is applied to
every page here). Screenshots go to ``test-artifacts/``.
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
from tests.web.axe import violations

# pages are served through a route (to add the CSP header); keep their sockets to 127.0.0.1 allowed
FLAGS = CHROMIUM_FLAGS + ["--disable-features=LocalNetworkAccessChecks,BlockInsecurePrivateNetworkRequests"]
CSP = "default-src 'self'; script-src 'self'; style-src 'self'"
ARTIFACTS = ROOT / "test-artifacts"
DESKTOP = {"width": 1200, "height": 900}
PHONE = {"width": 390, "height": 844}
SMALL_PHONE = {"width": 360, "height": 640}

#: the trick rest, the focus and the live region, watched from the page's start: when a finished
#: trick appeared at rest and when it went (performance.now()), and what the live region said
WATCH = """
window.__rests = []; window.__said = []; window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) { try { window.__sent.push(JSON.parse(data)); } catch (e) { /* not JSON */ } return send.call(this, data); };
document.addEventListener("DOMContentLoaded", () => {
  let current = null;
  const look = () => {
    const z = document.querySelector("#trick.resting");
    const key = z ? Array.from(z.querySelectorAll(".card.resting")).map((c) => c.dataset.seat + c.dataset.card).join() : null;
    const now = performance.now();
    if (current && current.key !== key) { current.end = now; window.__rests.push(current); current = null; }
    if (key && !current) current = { key, start: now, end: null, hands: {}, count: (document.querySelector("#contract .trick-count") || {}).textContent || null };
    if (current) {  // the most cards in hand while it rests, per deal the page shows
      const st = window.stammtisch && (window.stammtisch.view || (window.stammtisch.state && window.stammtisch.state.view));
      const d = st ? String(st.deal_number) : "-";
      current.hands[d] = Math.max(current.hands[d] || 0, document.querySelectorAll("#hand .card").length);
    }
    const live = document.getElementById("announcer");
    if (live && live.textContent && window.__said[window.__said.length - 1] !== live.textContent) window.__said.push(live.textContent);
  };
  new MutationObserver(look).observe(document.body, { childList: true, subtree: true, characterData: true, attributes: true });
});
"""

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


def open_page(browser, viewport: dict, phone: bool = False, lang: str | None = None):
    ctx = browser.new_context(viewport=viewport, is_mobile=phone, has_touch=phone)
    if lang:
        ctx.add_init_script(f"localStorage.setItem('stammtisch:lang', '{lang}')")
    ctx.add_init_script(WATCH)
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


def with_names(text: str, seats: list[str], lang: str = "de", deck: str | None = None) -> str:
    """What the page does to the engines' words (frame.js withNames): a message in the page's
    language with seats by name and the cards of ``deck`` in words; plain text with the engines'
    seat words replaced."""
    if isinstance(text, Msg):
        return render(text, lang, seats, deck=deck)
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
    resting: q("#trick.resting").length > 0,
    lang: document.documentElement.lang,
    trick: q("#trick .card.in-trick:not(.collect)").map((e) => [Number(e.dataset.seat), e.dataset.card]),
    plates: q("#felt .seat-plate").map((e) => e.getAttribute("aria-label")),
    raised: q("#hand .card.legal").map((e) => e.dataset.card),
    contract: contract ? contract.textContent : null,
    count: (document.querySelector("#contract .trick-count") || {}).textContent || null,
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
    # the seats that play this deal (Doppelkopf "active", Tarock "players"; a table of five)
    active = deal.get("active") or (deal["players"] if isinstance(deal.get("players"), list) else None)
    sitting_out = active is not None and view.get("seat") not in active
    if snap["resting"] and sitting_out:
        # a seat sitting the deal out sees the finished tricks one after another, each resting its
        # time, while the play goes on: the resting trick may be an earlier one, of the active seats
        assert sorted(s for s, _ in snap["trick"]) == sorted(active), (snap["trick"], deal)
    elif snap["resting"]:  # the finished trick rests; the next one's cards come after it
        assert snap["trick"] == [[s, c.split("=")[0]] for s, c in deal.get("last_trick", [])], (snap["trick"], deal)
    elif not snap["peek"]:
        assert snap["trick"] == [[s, c.split("=")[0]] for s, c in deal.get("trick", [])], (snap["trick"], deal.get("trick"))
    # the seat plates say whose turn it is (to a screen reader too)
    for s in view["to_act"]:
        assert any(w in snap["plates"][s] for w in ("am Zug", "to play")), snap["plates"][s]
    assert set(snap["raised"]) == legal_cards(view), (snap["raised"], view["legal"])
    contract = snap["contract"] or ""
    if game == "doppelkopf" and deal.get("contract"):
        assert render(deal["contract_label"], snap.get("lang") or "de") in contract
    if game == "tarock" and deal.get("contract"):
        assert contract.lower().replace(" ", "_") == deal["contract"]
    if game == "jass" and deal.get("trump"):
        assert f"×{deal['multiplier']}" in contract
        # the count is of the trick on the table: while a finished trick rests, that trick's own number
        n = sum(deal["tricks_won"]) if snap["resting"] else deal["trick_number"]
        assert snap["count"] and snap["count"].endswith(f" {n}/9"), (snap["count"], n, snap["resting"])
    if game == "perlaggen" and deal.get("trump"):
        assert contract
    return snap


def create_table(page, server, game: str, profile: str, options: dict, move_seconds: int = 0, pace: str = "",
                 deals: str = "1") -> None:
    page.goto(server.url + "/")
    page.wait_for_selector("#open-tables")
    if page.locator("#new-table").count():  # a phone: the form opens behind "Neuer Tisch"
        page.click("#new-table")
    page.wait_for_selector("#create-table")
    page.select_option("#game", game)
    page.select_option("#profile", profile)
    if options:
        page.click("#create summary")
        for k, v in options.items():  # a select for a choice (by its words), a number field otherwise
            page.wait_for_selector(f"#options [name={k}]", state="attached")  # (the profile's form comes after its choice)
            if page.locator(f"#options select[name={k}]").count():  # a choice in words: "5 Spieler, der Geber setzt aus"
                sel = f"#options select[name={k}]"
                index = page.eval_on_selector(sel, "(s, v) => [...s.options].findIndex((o) => o.textContent.startsWith(v))", str(v))
                assert index >= 0, (k, v)
                page.select_option(sel, index=index)
            else:
                page.fill(f"#options input[name={k}]", str(v))
    page.fill("#name", "Anna")
    page.select_option("#max-deals", deals)
    if move_seconds:
        page.fill("#move-seconds", str(move_seconds))
    if pace:
        page.select_option("#bot-pace", pace)
    page.click("#create-table")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")


PHONE_CHECK = """() => {
  const out = { small: [], covered: [], overlaps: [], clipped: [], wide: document.documentElement.scrollWidth > innerWidth };
  const hand = document.getElementById("hand");
  if (hand) hand.scrollIntoView({ block: "nearest" });
  for (const el of document.querySelectorAll("#hand .card.legal")) {
    const r = el.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) out.small.push(`${el.dataset.card} ${r.width}x${r.height}`);
    // the whole face shows: points across the card, corners included, all hit this card
    for (const [fx, fy] of [[.15, .12], [.85, .12], [.5, .5], [.15, .88], [.85, .88]]) {
      const x = r.left + fx * r.width, y = r.top + fy * r.height;
      const hit = x >= 0 && y >= 0 && x < innerWidth && y < innerHeight ? document.elementFromPoint(x, y) : null;
      if (!hit || !el.contains(hit)) { out.covered.push(`${el.dataset.card} at ${fx},${fy}: ${hit ? hit.tagName + "." + hit.getAttribute("class") : "off screen"}`); break; }
    }
  }
  const plates = Array.from(document.querySelectorAll("#felt .seat-plate"));
  const rects = plates.map((p) => p.getBoundingClientRect());
  const meet = (a, b) => a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  for (let i = 0; i < rects.length; i++) for (let j = i + 1; j < rects.length; j++) {
    if (meet(rects[i], rects[j])) out.overlaps.push(`${plates[i].dataset.seat}/${plates[j].dataset.seat}`);
  }
  plates.forEach((p, i) => {
    const r = rects[i];
    for (const b of p.querySelectorAll(".badges .badge")) {
      const q = b.getBoundingClientRect();
      if (q.left < r.left - 1 || q.right > r.right + 1 || q.top < r.top - 1 || q.bottom > r.bottom + 1) out.clipped.push(`${p.dataset.seat}: ${b.textContent}`);
    }
    for (const x of document.querySelectorAll("#felt .card.in-trick")) {
      if (x.getAnimations().some((a) => a.playState === "running")) continue;  // a card on its way in or out
      if (meet(r, x.getBoundingClientRect())) out.overlaps.push(`${p.dataset.seat}/trick ${x.dataset.card}`);
    }
  });
  return out;
}"""


#: the cards of the hand not wholly on the screen (scrolled to the top): none while words are said
HAND_ON_SCREEN = """() => { window.scrollTo(0, 0);
  return Array.from(document.querySelectorAll("#hand .card")).map((el) => [el.dataset.card, el.getBoundingClientRect()])
    .filter(([, r]) => r.left < 0 || r.top < 0 || r.right > innerWidth || r.bottom > innerHeight)
    .map(([c, r]) => `${c} ${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight}`); }"""


#: English words that must not be on a German page (the engine's words included), and German
#: words of the engine and the page that must not be on an English one; game terms (Talon, Re,
#: Kontra, Solodreier, Weis, Stöck, Gleich, Spiel …) are German in both and not listed
FOREIGN = {
    "de": [r"\blost\b", r"\bwon\b", r"\bpoints?\b", r"\bannounced?\b", r"\bcalls\b", r"\bplays\b", r"\btalon\b",
           r"\bdeclarer\b", r"\bopponents?\b", r"\bwinner\b", r"[Ss]core sheet", r"\bSeat \d", r"\b[Dd]eal \d",
           r"\btricks?\b", r"\bthe\b", r"\b[Yy]our\b", r"\btakes\b", r"\bleads\b", r"\bpassed\b"],
    "en": [r"\bverloren\b", r"\bgewonnen\b", r"\bPunkte\b", r"\bangesagt\b", r"\bruft\b", r"\bspielt\b",
           r"\bSpieler\b", r"\bGegner\b", r"\bSieger\b", r"\bSchreibblock\b", r"\bVerlauf\b", r"\bGeber\b",
           r"\bam Zug\b", r"\babgerechnet\b", r"\bStiche?\b", r"\bnimmt\b", r"\bmeisten\b"],
}

PAGE_WORDS = """() => [document.body.innerText,
  ...Array.from(document.querySelectorAll("[title]")).map((e) => e.getAttribute("title")),
  ...Array.from(document.querySelectorAll("[aria-label]")).map((e) => e.getAttribute("aria-label"))].join("\\n")"""


def check_language(page, lang: str) -> None:
    """No word of the other language on the page (text, tooltips, screen-reader labels); names of
    people and of computer players are left out."""
    view = page.evaluate("(window.stammtisch && window.stammtisch.state && window.stammtisch.state.view) || {}")
    events = (view.get("deal") or {}).get("events") or []
    if any(isinstance(e, str) for e in events):
        return  # an engine that still writes its own (English) words: checked once it speaks messages
    text = page.evaluate(PAGE_WORDS)
    for name in page.evaluate("(window.stammtisch && window.stammtisch.state && window.stammtisch.state.view || {}).seats || []"):
        text = text.replace(name, "")
    found = sorted({m.group(0) for pat in FOREIGN[lang] for m in re.finditer(pat, text)})
    if found:
        page.screenshot(path=str(ARTIFACTS / f"language-{lang}.png"), full_page=True)
    assert not found, (found, [line for line in text.splitlines() if any(re.search(p, line) for p in FOREIGN[lang])][:8])


def check_phone(page) -> None:
    """Every legal card is tapped on its whole face; seat plates and badges never overlap."""
    got = page.evaluate(PHONE_CHECK)
    if any(got[k] for k in ("small", "covered", "overlaps", "clipped", "wide")):
        page.screenshot(path=str(ARTIFACTS / "phone-problem.png"))
    assert not got["small"], got
    assert not got["covered"], got
    assert not got["overlaps"], got
    assert not got["clipped"], got
    assert not got["wide"], "the page scrolls sideways"


def confirm_word(page, button, phone: bool, checked: dict) -> None:
    """A high-stakes word asks once more: the dialog names it; 'cancel' sends nothing."""
    if not page.locator("#confirm").count():
        return
    assert button.get_attribute("data-action")
    title = page.locator("#confirm-title").inner_text()
    assert page.locator("#confirm-why").inner_text(), title
    assert page.evaluate("document.activeElement && document.activeElement.id") == "confirm-yes"
    if not checked.get("cancelled"):
        word = button.get_attribute("data-action")
        page.click("#confirm-no")
        assert not page.locator("#confirm").count()
        assert not sent(page, word)  # 'cancel' sent nothing
        checked["cancelled"] = title
        button = page.locator(f'#actions button.action[data-action="{button.get_attribute("data-action")}"]')
        button.tap() if phone else button.click()
        page.wait_for_selector("#confirm")
    page.click("#confirm-yes")
    checked["confirmed"] = checked.get("confirmed", 0) + 1


#: what ``play_deal`` waits for: the end, or our turn in a state it has not acted in yet
TURN = """(last) => {
  const s = document.getElementById("status");
  return !!s && (s.dataset.over === "true" || (s.dataset.yourTurn === "true" && s.dataset.version !== last)
    || (window.__until !== undefined && window.stammtisch && window.stammtisch.state && window.stammtisch.state.view
        && window.stammtisch.state.view.deal_number >= window.__until));
}"""

#: what is on offer at our turn, read in one go
OFFER = """(prefer) => {
  const q = (sel) => Array.from(document.querySelectorAll(sel));
  const s = document.getElementById("status");
  return {
    version: s.dataset.version, mine: s.dataset.yourTurn === "true", over: s.dataset.over === "true",
    deal: window.stammtisch.state.view.deal_number,
    chooser: q("#chooser .choice").length, legal: q("#hand .card.legal").map((e) => e.dataset.card),
    others: q("#hand .card:not(.legal)").length, resting: q("#trick.resting").length,
    words: q("#actions button.action").map((e) => e.dataset.action),
    wanted: prefer.find((w) => document.querySelector(`#actions button.action[data-action="${w}"]`)) || null,
  };
}"""


def play_deal(page, game: str, phone: bool = False, refuse_once: bool = False, limit: int = 3000,
              prefer: tuple[str, ...] = (), watch_rests: int = 0, until_deal: int | None = None) -> dict:
    """Play whenever it is our turn: a legal card (by number key or click/tap), else an action
    word (one of ``prefer`` when offered: high-stakes words, to see them confirmed); check the
    table at every turn. The first ``watch_rests`` finished tricks are watched to their end
    before playing on (a move ends a rest early: the player has seen the trick). Waits on the
    page's state (never a fixed time); stops at the end of the Partie or, with ``until_deal``, once
    that deal (0-based) has begun. Returns counts of what was done."""
    done = {"keys": 0, "clicks": 0, "words": 0, "refusals": 0, "checks": 0, "focus": 0, "confirm": {}}
    last = None
    focus_due = False
    if until_deal is not None:
        page.evaluate(f"window.__until = {int(until_deal)}")
    for _ in range(limit):
        # (a seat sitting a deal of five out waits for the whole deal: four computer players and
        # every trick's rest, minutes on a loaded machine)
        page.wait_for_function(TURN, arg=last, timeout=300_000)
        offer = page.evaluate(OFFER, list(prefer) if not done["confirm"].get("confirmed") else [])
        if offer["over"] or (until_deal is not None and offer["deal"] >= until_deal):
            return done
        if not offer["mine"] or offer["version"] == last:
            continue
        version = offer["version"]
        if watch_rests and offer["resting"] and len(rests(page)) < watch_rests:
            page.wait_for_selector("#trick.resting", state="detached", timeout=10_000)
            continue
        check_table(page, game)
        done["checks"] += 1
        if focus_due:  # after a move by key the focus stayed on the hand (or the words above it)
            where = page.evaluate("() => { const a = document.activeElement; return a && a.closest('#hand, #actions') ? 'hand' : (a ? a.tagName + '#' + a.id : null); }")
            assert where == "hand", where
            done["focus"] += 1
            focus_due = False
        if phone:
            if offer["words"]:  # a word to say: the whole hand it is said on is on the screen beside the words
                off = page.evaluate(HAND_ON_SCREEN)
                assert not off, off
            check_phone(page)
        if offer["chooser"]:
            page.locator("#chooser .choice").first.click()
        else:
            wanted = page.locator(f'#actions button.action[data-action="{offer["wanted"]}"]') if offer["wanted"] else None
            if refuse_once and offer["legal"] and offer["others"] and not done["refusals"] and wanted is None:
                # a card the rules do not allow: refused, and the refusal is shown at the card with its rule
                page.locator("#hand .card:not(.legal)").first.click(position={"x": 14, "y": 55})
                page.wait_for_selector("#hand .refusal")
                assert re.search(r"\(.+\)", page.locator("#hand .refusal").inner_text())
                page.screenshot(path=str(ARTIFACTS / f"refusal-{game}.png"))
                done["refusals"] += 1
                continue
            if offer["legal"] and wanted is None:
                card = page.locator("#hand .card.legal").first
                key = card.get_attribute("data-key") if not phone and done["keys"] <= done["clicks"] else None
                if phone:
                    card.tap(position={"x": 14, "y": 30})
                    done["clicks"] += 1
                elif key:
                    page.keyboard.press(key)
                    done["keys"] += 1
                    focus_due = True
                else:
                    card.click(position={"x": 14, "y": 55})
                    done["clicks"] += 1
            else:
                if wanted is None and not offer["words"]:
                    now = page.evaluate(OFFER, [])
                    if not now["mine"] or now["version"] != version:
                        continue  # someone acted out of turn meanwhile (Jass Bedanken ends the match at once)
                    page.screenshot(path=str(ARTIFACTS / f"stuck-{game}.png"))
                    view = page.evaluate("window.stammtisch.state.view")
                    raise AssertionError(f"our turn, but nothing to do on the page: legal {view['legal']}, "
                                         f"hand {view['deal'].get('hand')}, to_act {view['to_act']}")
                button = wanted or page.locator("#actions button.action").first
                assert button.get_attribute("title") or game not in ("jass", "doppelkopf", "tarock"), \
                    f"no tooltip on {button.get_attribute('data-action')}"
                button.tap() if phone else button.click()
                confirm_word(page, button, phone, done["confirm"])
                done["words"] += 1
            if page.locator("#chooser").count():
                page.locator("#chooser .choice").first.click()
        last = version
    raise AssertionError("the deal did not end in the browser")


def sent(page, action: str) -> list[dict]:
    """The moves the page sent with ``action`` (its WebSocket messages, recorded by WATCH)."""
    return page.evaluate("(a) => window.__sent.filter((m) => m.type === 'act' && m.action === a)", action)


def rests(page) -> list[float]:
    """How long each finished trick rested on the table (ms)."""
    return page.evaluate("window.__rests.filter((r) => r.end !== null).map((r) => r.end - r.start)")


def check_settlement(page, server) -> None:
    """The settlement lines on the page are the engine's result of the replayed record."""
    number = page.locator("#status").evaluate("() => window.stammtisch.state.table.number")
    record = httpx.get(server.url + f"/api/records/{number}").json()
    match = records.replay(record, check_results=False)
    result = match.logs[-1].result
    # the names as the page shows them (a computer player's strength in the page's language)
    seats = page.evaluate("window.stammtisch.state.view.seats")
    lang = page.evaluate("document.documentElement.lang")
    deck = registry.get(record["game"]).deck.name
    page.wait_for_selector("#settlement-lines")
    shown = page.locator("#settlement-lines li.line")
    assert shown.count() == len(result.lines)
    for i, line in enumerate(result.lines):
        li = shown.nth(i)
        assert li.locator(".label").inner_text() == with_names(line.label, seats, lang, deck)
        value = li.locator(".value").inner_text()
        assert value == (f"+{line.value}" if isinstance(line.value, int) and line.value > 0 else str(line.value))
        if line.note:
            assert li.locator(".note").inner_text() == with_names(line.note, seats, lang, deck)
    cells = page.locator("#settled table.pts td").all_inner_texts()
    assert [int(c) for c in cells] == list(result.points)


#: each game is played once on the desktop and once on the phone, once in German and once in
#: English (the default profiles; the others on the desktop in German, on the phone in English)
DESKTOP_LANG = {"jass": "de", "tarock": "de", "doppelkopf": "en", "perlaggen": "en"}
WORDS = {"de": {"sits out": "setzt aus", "plays": " spielt ", "your turn": "Du bist am Zug."},
         "en": {"sits out": "sits out", "plays": " plays ", "your turn": "Your turn."}}


def desktop_lang(setup) -> str:
    return DESKTOP_LANG[setup[0]] if setup[1] == DEFAULT[setup[0]] and not setup[2] else "de"


def test_every_game_and_profile_one_whole_deal_on_the_desktop(server, browser, setup):
    game, profile, options = setup
    ARTIFACTS.mkdir(exist_ok=True)
    lang = desktop_lang(setup)
    words = WORDS[lang]
    ctx, page, problems = open_page(browser, DESKTOP, lang=lang)
    create_table(page, server, game, profile, options, move_seconds=120 if game == "jass" else 0)
    page.screenshot(path=str(ARTIFACTS / f"table-{_id(setup)}-{lang}.png"))
    if game == "jass":  # the move timer counts down visibly while the table waits for us
        page.wait_for_selector("#status[data-your-turn=true]")
        first = page.locator("#timer").inner_text()
        page.wait_for_function("(f) => parseInt(document.getElementById('timer').textContent) < f",
                               arg=int(first.split()[0]), timeout=3000)
        second = page.locator("#timer").inner_text()
        assert re.fullmatch(r"\d+ s", first) and re.fullmatch(r"\d+ s", second), (first, second)
        assert 1 <= int(first.split()[0]) - int(second.split()[0]) <= 3
    snap = check_table(page, game)
    deal = snap["state"]["view"]["deal"]
    # with five, the dealer sits out this deal: Doppelkopf (DDV 1) names him, Tarock lists who plays
    sits_out = deal.get("sitting") == 0 or 0 not in deal.get("players", [0])
    if sits_out:
        assert words["sits out"] in snap["badges"][0] or words["sits out"] in snap["plates"][0]
    assert not violations(page), violations(page)
    check_language(page, lang)
    done = play_deal(page, game, refuse_once=game in ("jass", "doppelkopf"), watch_rests=0 if sits_out else 2,
                     prefer=("re", "kontra", "keine90", "keine60") if game == "doppelkopf" else ())
    assert done["checks"] > 0 or sits_out
    if not sits_out:
        # a finished trick rests visibly: at least a second (1.5 s by default) before it goes; the
        # deal's last trick too (waited for: the deal may end after its first trick, a lost Bettel)
        page.wait_for_selector("#trick.resting", state="detached")
        watched = rests(page)[:2]
        assert all(1000 <= ms <= 3000 for ms in watched), watched
        if profile == DEFAULT[game]:  # (a Perlaggen deal of other rules may end before a trick)
            assert len(watched) == min(2, len(page.evaluate("window.__rests"))) >= 1, watched
        # the live region named the cards played and whose turn it is
        said = " ".join(page.evaluate("window.__said"))
        assert words["plays"] in said and words["your turn"] in said, said[-300:]
    if done["keys"] > 1:  # every move by key but the deal's last is followed by a turn that checks the focus
        assert done["focus"] > 0
    page.wait_for_selector("#game-over")
    page.screenshot(path=str(ARTIFACTS / f"over-{_id(setup)}.png"), full_page=True)
    check_settlement(page, server)
    # the last trick may be looked at, with who took it (Papagei-Jass §14, Österreich-Finale 1))
    deal = page.evaluate("window.stammtisch.state.view.deal")
    if deal.get("last_trick"):
        # a seat sitting the deal out (a table of five) sees the finished tricks one after another,
        # each resting its time: the last one is shown once those before it have rested
        expected = [[s, c.split("=")[0]] for s, c in deal["last_trick"]]
        for _ in range(40):
            page.wait_for_selector("#trick.resting", state="detached")
            page.click("#show-last")
            shown = page.eval_on_selector_all("#trick.peek .card.in-trick",
                                              "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
            if shown == expected:
                break
            page.click("#show-last")
            page.wait_for_timeout(250)
        assert shown == expected
        seats = page.evaluate("window.stammtisch.state.view.seats")
        assert seats[deal["last_winner"]] in page.locator("#peek-caption").inner_text()
        page.click("#show-last")
        assert page.locator("#trick.peek").count() == 0
    assert page.locator("#winner").inner_text()
    assert page.locator("#game-over table.sheet tbody tr").count() == 1
    assert not violations(page), violations(page)
    check_language(page, lang)
    # the replay: the same table, every hand open
    page.click("#replay-link")
    page.wait_for_selector("#next")
    for _ in range(6):
        page.click("#next")
    assert page.locator("#step-action").inner_text() not in ("Ausgangslage", "Starting position")
    assert page.locator("#felt .open-hand").count() >= 3
    page.screenshot(path=str(ARTIFACTS / f"replay-{_id(setup)}.png"))
    assert not violations(page), violations(page)
    page.keyboard.press("End")
    assert not problems, problems
    ctx.close()


def phone_params():  # pragma: no cover - collection
    out = []
    for s in SETUPS:
        default = s[1] == DEFAULT[s[0]] and not s[2]
        for lang in ({"de": "en", "en": "de"}[DESKTOP_LANG[s[0]]],) if default else ("en",):
            out.append(pytest.param(s, lang, id=f"{_id(s)}-{lang}", marks=() if default else pytest.mark.slow))
    return out


@pytest.mark.parametrize("phone_setup,lang", phone_params())
def test_one_deal_of_every_game_on_a_small_phone(server, browser, phone_setup, lang):
    """360×640, tapped: every legal card's whole face is tappable, no seat plates or badges overlap,
    the score sheet and the events open from the bar above the table without scrolling past it."""
    setup = phone_setup
    game, profile, options = setup
    ARTIFACTS.mkdir(exist_ok=True)
    ctx, page, problems = open_page(browser, SMALL_PHONE, phone=True, lang=lang)
    create_table(page, server, game, profile, options)
    page.wait_for_selector("#felt")  # (with five, the dealer sits out: no hand)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(ARTIFACTS / f"phone-{_id(setup)}-{lang}.png"))
    # the score sheet is one tap away, above the table
    quick = page.locator('.quick-btn[data-panel="sheet"]')
    assert page.evaluate("document.querySelector('.quick-btn[data-panel=sheet]').getBoundingClientRect().top") < 160
    quick.tap()
    page.wait_for_selector("#panel-sheet.shown")
    box = page.evaluate("(() => { const r = document.getElementById('panel-sheet').getBoundingClientRect(); return { y: r.top }; })()")
    assert box["y"] >= 0 and box["y"] + 40 <= SMALL_PHONE["height"], box
    page.screenshot(path=str(ARTIFACTS / f"phone-sheet-{_id(setup)}-{lang}.png"))
    page.locator("#panel-sheet .close-panel").tap()
    assert not page.locator(".side-col.open").count()
    done = play_deal(page, game, phone=True)
    # (at a table of five the dealer, who may be us, sits the deal out)
    assert done["checks"] > 0 or len(page.evaluate("window.stammtisch.state.view.seats")) == 5
    page.wait_for_selector("#game-over")
    check_settlement(page, server)
    page.screenshot(path=str(ARTIFACTS / f"phone-over-{_id(setup)}-{lang}.png"), full_page=True)
    assert not violations(page), violations(page)
    check_language(page, lang)
    more = page.locator("#felt .badge.more")
    if more.count():  # collapsed badges open as a list with their rules, and close again
        hidden = int(more.first.inner_text().lstrip("+"))
        shown = more.first.locator("xpath=..").locator(".badge:not(.more)").count()
        more.first.tap()
        page.wait_for_selector("#badge-detail")
        assert page.locator("#badge-detail li").count() == shown + hidden
        assert page.locator("#felt .badge.more[aria-expanded=true]").count() == 1
        box = page.evaluate("(() => { const r = document.getElementById('badge-detail').getBoundingClientRect(); return [r.left, r.right, innerWidth]; })()")
        assert box[0] >= 0 and box[1] <= box[2], box  # the list opens on the screen, never past its edge
        page.screenshot(path=str(ARTIFACTS / f"phone-badges-{_id(setup)}-{lang}.png"))
        page.locator("#felt .badge.more").first.tap()
        assert not page.locator("#badge-detail").count()
    assert not problems, problems
    ctx.close()


@pytest.mark.parametrize("game", list(DEFAULT))
def test_the_phone_table_and_hand_fit_one_screen(server, browser, game):
    """390×844: the table, the words and the hand fit one screen without scrolling."""
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
    assert not problems, problems
    ctx.close()


def test_high_stakes_words_ask_once_more_and_the_owner_sets_the_pace(server, browser):
    """Re/Kontra and the Absagen (DDV 5) are asked once more: the dialog says why, cancelling sends nothing, the
    focus is on the answer; the owner chose calm computer players (1.2 s a move)."""
    ctx, page, problems = open_page(browser, DESKTOP, lang="de")
    create_table(page, server, "doppelkopf", "turnier", {}, pace="1.2")
    assert page.evaluate("window.stammtisch.state.table.settings.bot_seconds") == 1.2
    words = ["re", "kontra", "keine90", "keine60", "keine30", "schwarz"]
    last = None
    said = None
    # A Hochzeit defers every Re/Kontra until the Klärungsstich (DDV 5): up to three tricks of computer
    # moves, so the test waits on the page's state (our turn), with a generous limit for a loaded machine.
    # A word offered can be taken away meanwhile (the partner says Re first): then the next one is tried.
    for _ in range(200):
        page.wait_for_function(TURN, arg=last, timeout=150_000)
        offer = page.evaluate(OFFER, words)
        assert not offer["over"], "the deal ended without an announcement or Absage said"
        if not offer["mine"] or offer["version"] == last:
            continue
        word = offer["wanted"]
        if not word:
            last = offer["version"]
            if offer["words"]:
                page.locator("#actions button.action").first.click()  # gesund
            elif offer["legal"]:
                page.locator("#hand .card.legal").first.click()
            continue
        button = page.locator(f'#actions button.action[data-action="{word}"]')
        button.click()
        page.wait_for_selector("#confirm")
        spoken = button.locator(".word").inner_text()
        assert page.locator("#confirm-title").inner_text() == f"{spoken} wirklich ansagen?"
        assert "DDV 5" in page.locator("#confirm-why").inner_text()
        assert page.evaluate("document.activeElement.id") == "confirm-yes"
        assert not violations(page), violations(page)
        page.screenshot(path=str(ARTIFACTS / "confirm-doppelkopf.png"))
        page.keyboard.press("Escape")
        assert not page.locator("#confirm").count()
        assert not sent(page, word)  # nothing was said
        if word not in page.evaluate("window.stammtisch.state.view.legal"):
            continue  # (taken away by another seat's word meanwhile)
        button.click()
        page.click("#confirm-yes")
        assert len(sent(page, word)) == 1
        said = word
        break
    assert said, "no announcement or Absage was ever said"
    page.wait_for_function("(w) => (window.stammtisch.state.view.deal.announced || []).some((a) => a[0] === 0 && a[1] === w)",
                           arg=said)
    announced = page.evaluate("window.stammtisch.state.view.deal.announced")
    assert any(a[:2] == [0, said] for a in announced), announced
    # the hand has the focus again after the word
    assert page.evaluate("!!document.activeElement.closest('#hand, #actions')")
    assert not problems, problems
    ctx.close()


def test_the_last_trick_of_a_deal_rests_before_the_next_deal_and_can_be_looked_at(server, browser):
    """Between two deals of a Partie the last trick rests like every other (at least a second by
    default), with nobody's cards in hand: the next deal's cards come after it. Before the next deal's
    first trick is turned, the last trick of the deal before can still be looked at, with who took it
    (Papagei-Jass §11, §14)."""
    ctx, page, problems = open_page(browser, DESKTOP, lang="de")
    # a target no deal reaches: at 1000 one deal can end the Partie (a Match ×5 is 1285 and more)
    create_table(page, server, "jass", DEFAULT["jass"], {"target": 10000}, deals="4")
    play_deal(page, "jass", until_deal=1)
    assert page.evaluate("window.stammtisch.state.view.deal_number") == 1
    page.wait_for_selector("#hand .card")  # the next deal's cards, after the rest
    previous = page.evaluate("window.stammtisch.state.view.previous_trick")
    assert previous and previous["deal"] == 0 and len(previous["cards"]) == 4, previous
    key = ",".join(f"{s}{c.split('=')[0]}" for s, c in previous["cards"])
    page.wait_for_function("(k) => window.__rests.some((r) => r.key === k && r.end !== null)", arg=key)
    # (the last one of that trick: a deal ended by a Rest claim, Papagei-Jass §17, rested it in the deal already)
    rest = [r for r in page.evaluate("window.__rests") if r["key"] == key][-1]
    assert rest["end"] - rest["start"] >= 1000, rest  # (it ended: waited for above)
    # no card of the next deal while it rests (a deal ended by a Rest claim rested the trick with the
    # claimed cards still in hand first: the same rest goes on into the next deal)
    assert rest["hands"].get("1", 0) == 0, rest
    if rest["hands"].get("0", 0) == 0:  # (not claimed: the deal's ninth trick rests, and the count says so)
        assert rest["count"] == "Stich 9/9", rest
    if page.evaluate("(window.stammtisch.state.view.deal.last_trick || []).length") == 0:
        page.click("#show-last")
        shown = page.eval_on_selector_all("#trick.peek .card.in-trick", "els => els.map(e => [Number(e.dataset.seat), e.dataset.card])")
        assert shown == [[s, c.split("=")[0]] for s, c in previous["cards"]]
        caption = page.locator("#peek-caption").inner_text()
        seats = page.evaluate("window.stammtisch.state.view.seats")
        assert "letzter Stich von Spiel 1" in caption and seats[previous["winner"]] in caption, caption
        page.screenshot(path=str(ARTIFACTS / "previous-trick-jass-de.png"))
        page.click("#show-last")
    assert not problems, problems
    ctx.close()


def test_a_seat_sitting_a_deal_out_sees_each_trick_rest_and_the_last_one(server, browser):
    """Königrufen with five: the dealer sits the deal out (Tiroler Cup, Paragrafen: "der aussetzende Geber")
    and holds no cards.
    For that seat too every finished trick rests at least a second -- the computer players play on
    meanwhile, so the tricks rest one after another -- and the last trick can be looked at, with who
    took it. Between that deal and the next, the deal's last trick rests before the new cards come."""
    from stammtisch.core import registry as games

    profile, options = "oesterreich-finale", {"players": 5}
    seed = next(s for s in range(200)  # a Partie whose first dealer is seat 0: we sit deal 1 out
                if games.get("tarock").new_match(profile, options, seed=s).logs[0].ctx.dealer == 0)
    made = httpx.post(server.url + "/api/tables", json={"game": "tarock", "profile": profile, "options": options,
                                                         "name": "Anna", "seed": seed, "max_deals": 2}).json()
    tid, token = made["table"]["id"], made["token"]
    ctx, page, problems = open_page(browser, DESKTOP, lang="de")
    ctx.add_init_script(f"localStorage.setItem('stammtisch:token:{tid}', '{token}')")
    page.goto(server.url + f"/t/{tid}")
    page.wait_for_selector("#fill-bots")
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")
    view = page.evaluate("window.stammtisch.state.view")
    assert view["deal_number"] == 0 and 0 not in view["deal"]["players"], view["deal"]["players"]
    assert "setzt aus" in page.locator('#felt .seat-plate[data-seat="0"]').inner_text()
    # the last trick, looked at while the others play on (read with the state it was drawn from)
    page.wait_for_selector("#show-last", timeout=120_000)
    looked = [page.evaluate("performance.now()")]
    page.click("#show-last")
    peek = page.evaluate("""() => ({ view: window.stammtisch.view,
      shown: Array.from(document.querySelectorAll('#trick.peek .card.in-trick')).map((e) => [Number(e.dataset.seat), e.dataset.card]),
      caption: (document.getElementById('peek-caption') || {}).textContent || '' })""")
    deal, pt = peek["view"]["deal"], peek["view"]["previous_trick"] or {}
    cards, winner = (deal["last_trick"], deal["last_winner"]) if deal["last_trick"] else (pt["cards"], pt["winner"])
    assert peek["shown"] == [[s, c.split("=")[0]] for s, c in cards], peek
    assert peek["view"]["seats"][winner] in peek["caption"], peek["caption"]
    assert page.locator("#hand .card").count() == 0 or peek["view"]["deal_number"] > 0
    page.click("#show-last")
    looked.append(page.evaluate("performance.now()"))
    # the deal is played out by the others; the next one is ours (we play it: our cards come)
    page.wait_for_function("() => window.stammtisch.state.view.deal_number >= 1", timeout=180_000)
    previous = page.evaluate("window.stammtisch.state.view.previous_trick")
    page.wait_for_selector("#hand .card", timeout=120_000)
    page.screenshot(path=str(ARTIFACTS / "sitting-out-next-deal-tarock.png"))
    watched = [r for r in page.evaluate("window.__rests") if r["end"] is not None]
    # rested while the page showed the deal we sat out (a rest hidden while we looked at the last trick apart)
    sat = [r for r in watched if "0" in r["hands"] and not (r["start"] <= looked[1] and r["end"] >= looked[0])]
    assert len(sat) >= 1, watched
    assert all(r["hands"]["0"] == 0 for r in sat), sat  # no cards in our hand while we sit out
    assert all(r["end"] - r["start"] >= 1000 for r in sat), [(round(r["end"] - r["start"]), r["key"]) for r in watched]
    if previous:  # the deal's last trick rested before our new cards came
        key = ",".join(f"{s}{c.split('=')[0]}" for s, c in previous["cards"])
        last = [r for r in watched if r["key"] == key][-1]
        assert last["end"] - last["start"] >= 1000 and last["hands"].get("1", 0) == 0, last
    assert not problems, problems
    ctx.close()


def test_lobby_options_are_a_form_and_a_signed_in_player_sees_their_games(server, browser):
    """The Tarock tariff is a row per game with its value (never a JSON field); the table is opened
    with what was set; a signed-in player finds the game among their games with its replay and
    record; the open tables list free seats to join; axe-core finds nothing serious."""
    ctx, page, problems = open_page(browser, DESKTOP, lang="de")
    page.goto(server.url + "/")
    page.wait_for_selector("#create-table")
    assert not violations(page), violations(page)
    # an account, then the lobby knows the player
    page.click(".account summary")
    page.fill("#acc-name", "Berta")
    page.fill("#acc-password", "geheim1234")
    page.click("#register")
    page.wait_for_selector("#logout")
    page.select_option("#game", "tarock")
    page.click("#create summary")
    page.wait_for_selector('fieldset[data-option="tariff"]')
    assert not page.locator('#options input[type=text]').count()  # no JSON, no free text
    tariff = page.locator('fieldset[data-option="tariff"]')
    assert tariff.locator("legend").inner_text()
    assert tariff.locator('input[type=checkbox][data-item="rufer"]').is_disabled()  # Österreich-Finale 3)
    tariff.locator('input[type=checkbox][data-item="farbensolo"]').uncheck()
    tariff.locator('input.opt-value[data-item="rufer"]').fill("2")
    page.select_option("#options select[name=valat_mode]", index=1)
    assert not violations(page), violations(page)
    page.screenshot(path=str(ARTIFACTS / "lobby-tarock-options.png"), full_page=True)
    page.select_option("#max-deals", "1")
    page.click("#create-table")
    page.wait_for_selector("#fill-bots")
    options = page.evaluate("window.stammtisch.state.table.options")
    assert "rufer:2" in options["tariff"] and not any(x.startswith("farbensolo:") for x in options["tariff"])
    assert options["valat_mode"] == "premium"
    page.click("#fill-bots")
    page.wait_for_selector("li.seat.bot")
    page.click("#start")
    page.wait_for_selector("#felt")
    play_deal(page, "tarock")
    page.wait_for_selector("#game-over")
    number = page.evaluate("window.stammtisch.state.table.number")
    # an open table with free seats, listed to join
    other = browser.new_context(viewport=DESKTOP)
    other_page = other.new_page()
    other_page.goto(server.url + "/")
    other_page.fill("#name", "Carl")
    other_page.click("#create-table")
    other_page.wait_for_selector("#fill-bots")
    other.close()
    page.goto(server.url + "/")
    page.wait_for_selector("#my-games")
    row = page.locator(f'#my-games tr[data-number="{number}"]')
    assert "Tarock" in row.inner_text()
    assert row.locator("a.replay").get_attribute("href") == f"/replay/{number}"
    assert row.locator("a.record").get_attribute("href") == f"/api/records/{number}"
    assert re.search(r"\d", row.locator("td").first.inner_text())  # the date
    join = page.locator("#open-tables .table-row", has_text="Carl")
    assert "3 frei" in join.inner_text() and join.locator("a.button").inner_text() == "mitspielen"
    assert not violations(page), violations(page)
    page.screenshot(path=str(ARTIFACTS / "lobby-my-games.png"), full_page=True)
    row.locator("a.replay").click()
    page.wait_for_selector("#next")
    assert not problems, problems
    ctx.close()


def test_english_switch_keeps_the_game_terms_german(server, browser):
    ctx, page, problems = open_page(browser, DESKTOP)
    create_table(page, server, "doppelkopf", "turnier", {})
    assert page.input_value("#lang") == "de"  # the switch offers every language (tests/web/test_languages.py)
    page.select_option("#lang", "en")
    page.wait_for_selector("#panel-sheet h2:has-text('Score sheet')")
    assert page.input_value("#lang") == "en"
    assert page.evaluate("document.documentElement.lang") == "en"
    words = page.eval_on_selector_all("#actions button.action .word", "els => els.map(e => e.textContent)")
    assert not words or set(words) <= {"Gesund", "Vorbehalt", "Hochzeit", "Nein", "Re", "Kontra", "keine 90",
                                       "keine 60", "keine 30", "schwarz"} | {
        "Kreuzsolo", "Piksolo", "Herzsolo", "Karosolo", "Bubensolo", "Damensolo", "Fleischloser"}
    page.screenshot(path=str(ARTIFACTS / "english-doppelkopf.png"))
    page.select_option("#lang", "de")  # back to German for the other tests in this browser
    assert not problems, problems
    ctx.close()


def test_cards_have_text_labels_for_screen_readers(server, browser):
    ctx, page, problems = open_page(browser, DESKTOP)
    create_table(page, server, "tarock", "tiroler-cup", {})
    page.wait_for_selector("#hand .card")
    labels = page.eval_on_selector_all("#hand .card", "els => els.map(e => e.querySelector('.card-name').textContent)")
    # the cards' names as players say them, from the catalogue: "Kreuz-Bube", "Pagat", "Tarock XV", "Sküs"
    assert labels and all(re.match(r"(Kreuz|Pik|Herz|Karo)-|Tarock [IVXL]+|Sküs|Pagat|Mond", x) for x in labels), labels
    assert page.locator("#felt .seat-plate[aria-label]").count() == 4
    assert not problems, problems
    ctx.close()


def pytest_generate_tests(metafunc):  # pragma: no cover - collection
    if "setup" in metafunc.fixturenames:
        params = [pytest.param(s, id=_id(s), marks=() if s[1] == DEFAULT[s[0]] and not s[2] else pytest.mark.slow)
                  for s in SETUPS]
        metafunc.parametrize("setup", params)
