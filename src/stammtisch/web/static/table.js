// The table page: lobby of one table (seats, computer players, start) and the game itself.
// Everything shown comes from the server's state message, which is built from this seat's
// observation only (or the public view for a Kiebitz). Actions carry the state version.
// The drawing is the shared frame (frame.js) with the game's own module (games/<name>.js).

import { fairLine } from "./fair.js";
import { account, api, games, h, toast, tokens } from "./api.js";
import { cardElement, cardLabel } from "./cards.js";
import {
  chooser, columnNames, drawActions, drawHand, drawTable, eventsList, handKeys, scoreSheet, seatClocks, settlement, withNames,
} from "./frame.js";
import { loadGame } from "./games/index.js";
import { displayName, gettext, langPicker, msg as message, setCardDeck, t } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const root = document.getElementById("app");
let ws = null, state = null, info = null, role = null, msgId = 0, backoff = 300;
let catalogue = [], deckInfo = null, game = null;
let seenResults = null, settled = null, peek = false, pending = false;
let refusal = null, choosing = null, turnStarted = 0, turnVersion = null;
let confirming = null, openBadges = null, panel = null, refocus = null;
//: rest: the finished trick resting now; queue: tricks finished meanwhile, each resting after the one
//: before (a seat sitting a deal out and a Kiebitz wait for nobody: the computer players play on)
const anim = { arrivals: new Map(), rest: null, queue: [] };
const chatLog = [];
let chatChannel = "table";

// --- this player's settings (kept in the browser) -------------------------------------------
//: how long a finished trick rests on the table before it goes to the winner (ms)
export const REST_CHOICES = [1000, 1500, 2500, 4000];
const prefs = {
  get rest() { const x = Number(localStorage.getItem("stammtisch:rest")); return REST_CHOICES.includes(x) ? x : 1500; },
  set rest(x) { localStorage.setItem("stammtisch:rest", String(x)); },
  get confirm() { return localStorage.getItem("stammtisch:confirm") !== "off"; },
  set confirm(x) { localStorage.setItem("stammtisch:confirm", x ? "on" : "off"); },
  get sound() { return localStorage.getItem("stammtisch:sound") === "on"; },
  set sound(x) { localStorage.setItem("stammtisch:sound", x ? "on" : "off"); },
  get reactions() { return localStorage.getItem("stammtisch:reactions") !== "off"; },
  set reactions(x) { localStorage.setItem("stammtisch:reactions", x ? "on" : "off"); },
};

// --- quick reactions (issue 31, 9; server/reactions.py): fixed phrases by id, shown a few seconds
// at the sender's seat plate; each player may hide them (remembered in the browser) ---------------
const REACTION_IDS = ["well_played", "lucky", "servus", "thanks", "oje"];
const REACTION_WORDS = { well_played: "Well played!", lucky: "Lucky!", servus: "Servus!", thanks: "Thanks!", oje: "Oh dear!" };
const REACTION_MS = 4000;
//: per seat, the reaction shown now: { msg, until }
const shownReactions = new Map();

function reactionBar() {
  if (role !== "player" || !prefs.reactions) return null;
  return h("div", { class: "reactions", id: "reactions", role: "group", "aria-label": message("Quick reactions") },
    REACTION_IDS.map((id) => h("button", {
      type: "button", class: "reaction", dataset: { reaction: id },
      onclick: () => send({ type: "react", reaction: id, id: ++msgId }),
    }, message(REACTION_WORDS[id]))));
}

/** The reactions shown now, each in a bubble on its seat's plate (drawn after every render). */
function showReactions() {
  const now = performance.now();
  for (const [seat, r] of shownReactions) {
    if (r.until <= now || !prefs.reactions) { shownReactions.delete(seat); continue; }
    const plate = document.querySelector(`.seat-plate[data-seat="${seat}"]`);
    if (plate) plate.append(h("div", { class: "reaction-bubble", dataset: { seat } }, message(r.msg)));
  }
}

// --- sounds behind a switch (off unless the player turns them on): made in the browser with
// WebAudio, no files: a short low knock for a card played, two rising notes for "your turn" -------
let audio = null;
function tone(freq, start, ms, gain = 0.08) {
  if (!prefs.sound) return;
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    const o = audio.createOscillator(), g = audio.createGain(), t0 = audio.currentTime + start;
    o.frequency.value = freq;
    o.type = freq < 300 ? "triangle" : "sine";
    g.gain.setValueAtTime(gain, t0);
    g.gain.exponentialRampToValueAtTime(0.0001, t0 + ms / 1000);
    o.connect(g).connect(audio.destination);
    o.start(t0);
    o.stop(t0 + ms / 1000 + 0.02);
  } catch { /* no sound on this device */ }
}
const sounds = {
  card: () => tone(180, 0, 90, 0.12),
  turn: () => { tone(660, 0, 120); tone(880, 0.13, 160); },
};
const COLLECT_MS = 450;

// --- the screen reader's voice: one live region outside the redrawn page ---------------------
const live = document.createElement("div");
live.id = "announcer";
live.className = "sr-only";
live.setAttribute("aria-live", "polite");
live.setAttribute("aria-atomic", "true");
document.body.append(live);
function announce(parts) {
  const text = parts.filter(Boolean).join(" ");
  if (text) live.textContent = text;
}

//: a phone held upright, or on its side (a short landscape screen): the hand in rows of whole cards
const PHONE = "(max-width: 600px), (max-height: 500px) and (orientation: landscape)";
const LANDSCAPE = "(max-height: 500px) and (orientation: landscape)";
const compact = () => window.matchMedia(PHONE).matches;
const sideways = () => window.matchMedia(LANDSCAPE).matches;

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(action) {
  if (!state || pending) return;
  pending = true;
  choosing = null;
  confirming = null;
  confirmDialog();
  refocus = refocus ?? { where: "hand", index: 0 };
  // a move ends the rest, and those waiting after it: the player has seen the table (a card, a word
  // or a card chosen with what it is to mean alike)
  const now = performance.now();
  if (anim.rest && now < anim.rest.t + anim.rest.ms) anim.rest = { ...anim.rest, ms: now - anim.rest.t };
  anim.queue = [];
  send({ type: "act", version: state.version, action, id: ++msgId });
  setTimeout(() => { pending = false; }, 1500);
}

/** An action word: the irreversible high-stakes ones are asked once more (the game module's ``confirm``). */
function say(action) {
  const why = prefs.confirm && game.confirm ? game.confirm(action, state.view) : null;
  if (!why) { act(action); return; }
  let word = action;
  try { word = game.actionText(action, state.view).text; } catch { /* the plain word */ }
  confirming = { action, word, why };
  render();
}

// the question lives outside the redrawn page, so that it stays put while others play on
const modal = document.createElement("div");
modal.id = "modal";
document.body.append(modal);
let shownQuestion = null;

/** Show (or take away) the question about ``confirming``; only redrawn when the question changes. */
function confirmDialog() {
  if (shownQuestion === confirming) return;
  shownQuestion = confirming;
  if (!confirming) { modal.replaceChildren(); return; }
  const { action, word, why } = confirming;
  const no = () => { confirming = null; refocus = { where: "action", action }; render(); };
  modal.replaceChildren(h("div", { class: "confirm-backdrop", onclick: (e) => { if (e.target === e.currentTarget) no(); } },
    h("div", { class: "confirm panel", id: "confirm", role: "alertdialog", "aria-modal": "true", "aria-labelledby": "confirm-title", "aria-describedby": "confirm-why" },
      h("h2", { id: "confirm-title" }, t("confirmTitle", { word })),
      h("p", { id: "confirm-why" }, why),
      h("div", { class: "buttons" },
        h("button", { type: "button", id: "confirm-no", onclick: no }, t("cancel")),
        h("button", { type: "button", id: "confirm-yes", class: "primary", onclick: () => { if (confirming && confirming.action === action) act(action); } }, t("confirmYes", { word }))))));
  document.getElementById("confirm-yes").focus();
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.addEventListener("open", () => {
    backoff = 300;
    const token = tokens.get(tableId);
    send(token ? { type: "hello", token } : { type: "hello" });
    render();
  });
  ws.addEventListener("message", (ev) => handle(JSON.parse(ev.data)));
  ws.addEventListener("close", () => {
    render();
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  });
}

/** Remember when cards reached the trick and when a trick was finished (it rests, then goes). */
function trackTrick(prev, next) {
  const now = performance.now();
  const pd = (prev && prev.deal) || {}, nd = (next && next.deal) || {};
  const before = new Set((pd.trick || []).map(([s, c]) => `${s}:${c}`));
  if (!prev) return;  // the first snapshot: nothing moves
  for (const [s, c] of nd.trick || []) {
    const k = `${s}:${c}`;
    if (!before.has(k) && !anim.arrivals.has(k)) anim.arrivals.set(k, now);
  }
  const last = nd.last_trick || [];
  if (last.length && JSON.stringify(last) !== JSON.stringify(pd.last_trick || [])) {
    const winner = nd.last_winner !== undefined && nd.last_winner !== null ? nd.last_winner
      : (nd.trick && nd.trick.length ? nd.trick[0][0] : (next.to_act || [null])[0]);
    for (const [s, c] of last) { const k = `${s}:${c}`; if (!before.has(k) && !anim.arrivals.has(k)) anim.arrivals.set(k, now); }
    const t = restStart(now);
    restAt({ cards: last, winner, t, ms: prefs.rest }, now);
    // the next trick's cards come in after the rest: they arrive then
    for (const [s, c] of nd.trick || []) anim.arrivals.set(`${s}:${c}`, t + prefs.rest);
  }
  // a new deal: the last trick of the deal before rests first (with the table as it was), and the
  // new deal's cards come after it (the view of the new deal no longer holds it: previous_trick)
  const pt = next.previous_trick;
  if (next.deal_number !== prev.deal_number && pt && (pt.cards || []).length && pt.deal === prev.deal_number) {
    for (const [s, c] of pt.cards) { const k = `${s}:${c}`; if (!before.has(k) && !anim.arrivals.has(k)) anim.arrivals.set(k, now); }
    // a deal ended while its last trick rests already (the rest of the tricks claimed, Papagei-Jass §17):
    // that rest goes on, now without the claimed cards in hand; otherwise the trick rests from now
    const r = anim.queue.length ? anim.queue[anim.queue.length - 1] : anim.rest;
    const going = r && !r.view && now < r.t + r.ms && JSON.stringify(r.cards) === JSON.stringify(pt.cards);
    if (going && anim.queue.includes(r)) anim.queue.pop();
    else if (going) anim.rest = null;
    const t = going ? r.t : restStart(now), ms = going ? r.ms : prefs.rest;
    for (const [s, c] of nd.trick || []) anim.arrivals.set(`${s}:${c}`, t + ms);
    // (counted: whether the view drawn meanwhile, the one before the deal's end, holds the trick in its counts)
    const counted = JSON.stringify(pd.last_trick || []) === JSON.stringify(pt.cards);
    restAt({ cards: pt.cards, winner: pt.winner, t, ms, counted,
      view: { ...prev, to_act: [], legal: [], deal: { ...(prev.deal || {}), hand: [], trick: [], last_trick: pt.cards, last_winner: pt.winner } } }, now);
  }
  for (const [k, tm] of anim.arrivals) if (now - tm > 6000) anim.arrivals.delete(k);
}

/** When a trick finished at ``now`` starts to rest: now, or after the tricks resting before it. */
function restStart(now) {
  const r = anim.queue.length ? anim.queue[anim.queue.length - 1] : anim.rest;
  return r && now < r.t + r.ms ? r.t + r.ms : now;
}

/** Let ``rest`` rest (from ``rest.t``): at once, or queued after the one resting now. */
function restAt(rest, now) {
  if (rest.t > now) anim.queue.push(rest);
  else anim.rest = rest;
  if (rest.t > now) wake(rest.t - now);
  wake(rest.t + rest.ms - now);
  wake(rest.t + rest.ms - now + COLLECT_MS);
}

/** The last trick of a finished deal, resting now or still to rest (the next deal waits for it). */
function dealRest() {
  const now = performance.now();
  return [anim.rest, ...anim.queue].find((r) => r && r.view && now < r.t + r.ms) || null;
}

/** The view to draw: while the last trick of a finished deal rests (or waits to), the table as that
 * deal left it (no hand, nobody to act); the next deal's cards appear after the rest. */
function shownView() {
  const r = dealRest();
  if (!r) return state.view;
  // the score sheet as it is now (the finished deal is written), the table as the deal left it
  return { ...r.view, results: state.view.results, totals: state.view.totals };
}

/** Whether the last trick of a finished deal is resting now (the next deal waits for it). */
const betweenDeals = () => !!dealRest();

/** The queued rest whose time has come rests now; a rest gone with its collecting is forgotten. */
function settleRests() {
  const now = performance.now();
  while (anim.queue.length && now >= anim.queue[0].t) anim.rest = anim.queue.shift();
  if (anim.rest && now - anim.rest.t >= anim.rest.ms + COLLECT_MS) anim.rest = null;
}

/** Redraw after ``ms`` (the start or end of a rest, or of the collecting). */
function wake(ms) {
  setTimeout(() => { settleRests(); render(); }, Math.max(0, ms) + 5);
}

/** What a screen reader hears after a state: each card played, who took the trick, whose turn it is. */
function announceChange(prev, next) {
  if (!next || !prev) return;
  const pd = prev.deal || {}, nd = next.deal || {};
  const seats = next.seats || [];
  const parts = [];
  const before = new Set((pd.trick || []).map(([s, c]) => `${s}:${c}`));
  const lastChanged = JSON.stringify(nd.last_trick || []) !== JSON.stringify(pd.last_trick || []) && (nd.last_trick || []).length;
  const played = lastChanged ? [...(nd.last_trick || []), ...(nd.trick || [])] : (nd.trick || []);
  for (const [s, c] of played) {
    if (before.has(`${s}:${c}`)) continue;
    const card = String(c).split("=")[0];
    parts.push(t("playedCard", { who: seats[s], card: deckInfo ? cardLabel(deckInfo.name, card) : card }));
  }
  if (parts.length) sounds.card();
  if (lastChanged && nd.last_winner !== undefined && nd.last_winner !== null) parts.push(t("wonBy", { who: seats[nd.last_winner] }) + ".");
  if (myTurn(next) && !myTurn(prev) && !next.over) sounds.turn();
  const was = JSON.stringify(prev.to_act || []), now = JSON.stringify(next.to_act || []);
  if (was !== now || parts.length) {
    if (next.over) parts.push(t("over"));
    else if (myTurn(next)) parts.push(t("yourTurn"));
    else if ((next.to_act || []).length) parts.push(t("turnOf", { who: next.to_act.map((x) => seats[x]).join(", ") }));
  }
  announce(parts);
}

/** Seat names in the page's language (a computer player's strength word), kept beside the stored ones. */
function relabel(msg) {
  if (!msg) return;
  if (msg.view && msg.view.seats) {
    msg.view.storedSeats = msg.view.storedSeats || msg.view.seats;
    msg.view.seats = msg.view.storedSeats.map(displayName);
  }
  if (msg.table && msg.table.seats) {
    msg.table.seats.forEach((s) => { if (s && s.name) { s.storedName = s.storedName || s.name; s.name = displayName(s.storedName); } });
  }
}

function handle(msg) {
  switch (msg.type) {
    case "welcome": role = msg.role; break;
    case "state": {
      if (msg.view && !("results" in msg.view)) msg.view.results = state && state.view ? state.view.results : [];
      relabel(msg);
      const prev = state && state.view;
      trackTrick(prev, msg.view);
      announceChange(prev, msg.view);
      if (!state || msg.version !== state.version) { refusal = null; choosing = null; }
      // a question stays open while its word is still to be said (others may speak meanwhile)
      if (confirming && !((msg.view && msg.view.legal) || []).includes(confirming.action)) confirming = null;
      state = msg; info = msg.table || info; pending = false;
      if (state.view) {
        const n = state.view.results.length;
        if (seenResults !== null && n > seenResults) settled = { index: n - 1, result: state.view.results[n - 1] };
        seenResults = n;
        if (turnVersion !== state.version) { turnVersion = state.version; turnStarted = performance.now(); }
      }
      render();
      break;
    }
    case "table": relabel(msg); info = msg.table; render(); break;
    case "ack": pending = false; break;
    case "reaction":
      if (prefs.reactions && Number.isInteger(msg.seat)) {
        shownReactions.set(msg.seat, { msg: msg.msg, until: performance.now() + REACTION_MS });
        const who = state && state.view && state.view.seats ? state.view.seats[msg.seat] : "";
        announce([message({ id: "{who}: {reaction}", args: { who, reaction: message(msg.msg) } })]);
        render();
        setTimeout(() => { if (state) render(); }, REACTION_MS + 50);
      }
      break;
    case "error": {
      pending = false;
      if (msg.code === "bad_token") { localStorage.removeItem(`stammtisch:token:${tableId}`); ws.close(); }
      const text = (msg.msg ? message(msg.msg, state && state.view ? state.view.seats : undefined) : msg.message || msg.code)
        + (msg.rule ? ` (${msg.rule})` : "");
      if (msg.action && state && state.view) {
        const card = String(msg.action).split("=")[0];
        refusal = { action: msg.action, card, text };
        render();
        if (document.getElementById("refusal") || document.querySelector(`#actions [data-action="${CSS.escape(msg.action)}"] .refusal`)) break;
      }
      toast(text, "error");
      break;
    }
    case "chat": chatLog.push(msg); if (chatLog.length > 100) chatLog.shift(); render(); break;
    default: break;
  }
}

// --- lobby of this table ----------------------------------------------------------------
function seatLobby() {
  const mine = state && state.you;
  const seated = mine !== null && mine !== undefined;
  const nameInput = h("input", { id: "seat-name", placeholder: t("yourName"), maxlength: 40, value: (account.get() || {}).name || "", "aria-label": t("yourName") });
  const rows = info.seats.map((s) => h("li", { class: `seat ${s.kind}` },
    h("span", { class: "seatno" }, t("seatN", { n: s.seat + 1 })),
    s.kind === "empty" ? (!seated
      ? h("button", { class: "take", dataset: { seat: s.seat }, onclick: () => takeSeat(s.seat, nameInput.value) }, t("takeSeat"))
      : h("em", {}, t("free")))
      : h("span", {}, s.name, s.kind === "bot" ? h("span", { class: "badge bot" }, t("computer")) : null,
        s.seat === mine ? h("span", { class: "badge you" }, t("you")) : null,
        s.kind === "human" && !s.connected ? h("span", { class: "badge away" }, t("away")) : null)));
  const invite = `${location.origin}/t/${tableId}`;
  return h("section", { class: "panel lobby" },
    h("h2", {}, t("invite")),
    h("p", {}, t("inviteText"),
      h("input", { class: "invite", readonly: true, value: invite, "aria-label": t("invite"), onclick: (e) => e.target.select() }),
      h("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"))) }, t("copy")),
      // a phone's share sheet (messenger, mail …) where the browser has one
      navigator.share ? h("button", { id: "share", type: "button", onclick: () => navigator.share({ title: message("An invitation to my table"), url: invite }).catch(() => {}) }, message("share")) : null),
    !seated ? h("p", {}, nameInput) : null,
    h("ul", { class: "seats" }, rows),
    seated ? h("div", { class: "buttons" },
      h("button", { id: "fill-bots", onclick: fillBots }, t("fillBots")),
      h("button", { id: "start", class: "primary", onclick: start }, t("start"))) : null,
    fairLine(info));
}

async function takeSeat(seat, name) {
  const acc = account.get();
  try {
    const body = acc ? { seat, session: acc.session } : { seat, name };
    const r = await api(`/api/tables/${tableId}/seats`, body);
    tokens.set(tableId, r.token);
    ws.close();
  } catch (e) { toast(e.message, "error"); }
}

async function fillBots() {
  try { await api(`/api/tables/${tableId}/bots`, { token: tokens.get(tableId) }); } catch (e) { toast(e.message, "error"); }
}

async function start() {
  try { await api(`/api/tables/${tableId}/start`, { token: tokens.get(tableId) }); } catch (e) { toast(e.message, "error"); }
}

// --- the game ---------------------------------------------------------------------------
function myTurn(v) {
  return v.seat !== null && v.seat !== undefined && (v.to_act || []).includes(v.seat);
}

function timerText() {
  const secs = info && info.settings && info.settings.move_seconds;
  if (!secs || !state || !state.view || state.view.over) return "";
  const left = Math.max(0, Math.ceil(secs - (performance.now() - turnStarted) / 1000));
  return t("seconds", { n: left });
}

function turnLine(v) {
  const timer = h("span", { class: "timer", id: "timer", title: t("timer"), "aria-live": "off" }, timerText());
  if (v.over) return h("p", { class: "turn over", id: "turn" }, t("over"));
  if (myTurn(v)) return h("p", { class: "turn mine", id: "turn" }, t("yourTurn"), " ", timer);
  const who = (v.to_act || []).map((s) => v.seats[s]).join(", ");
  return h("p", { class: "turn", id: "turn" }, who ? t("turnOf", { who }) : "", " ", timer);
}

function onPlay(card, acts, el) {
  const v = shownView();
  if (!myTurn(v) && !acts.length) return;
  if (acts.length > 1) { choosing = { card, acts }; render(); return; }
  // the focus stays on the hand: on the card that takes this one's place
  refocus = { where: "hand", index: el ? Number(el.dataset.index) : 0 };
  act(acts.length ? acts[0] : card);  // an unplayable card is sent too: the refusal names the rule
}

function settledPanel(v) {
  if (!settled) return null;
  return h("section", { class: "panel settled", id: "settled", role: "dialog", "aria-label": t("settled", { n: settled.index + 1 }) },
    h("h2", {}, t("settled", { n: settled.index + 1 })),
    settlement(v, game, settled.result, deckInfo),
    h("button", { id: "settled-next", class: "primary", onclick: () => { settled = null; render(); } }, v.over ? t("close") : t("next")));
}

function overPanel(v) {
  const names = columnNames(v, game);
  const best = Math.max(...v.totals);
  const winners = names.filter((_, i) => v.totals[i] === best);
  return h("section", { class: "panel over", id: "game-over" },
    rematchBox(v),
    h("h2", {}, t("gameOver", { n: info.number })),
    h("p", { class: "winner", id: "winner" }, winners.length === names.length ? t("draw") : t("winner", { who: winners.join(", ") })),
    scoreSheet(v, game, v.results, v.totals),
    h("p", { class: "links" }, h("a", { href: `/replay/${info.number}`, id: "replay-link" }, t("replay")), " · ",
      h("a", { href: `/api/records/${info.number}`, download: `stammtisch-${info.number}.json`, id: "record-link" }, t("record"))),
    fairLine(info));
}

/** Another Partie with the same seats and options (issue 31): the first thing on the end panel. A
 * person confirms and goes to the new table (their seat token carries over); the others see who is in;
 * a Kiebitz may follow to watch. */
function rematchBox(v) {
  const r = info.rematch;
  const who = r ? r.confirmed.map((i) => v.seats[i]).join(", ") : "";
  if (role !== "player") {
    return r ? h("p", { class: "rematch", id: "rematch" },
      h("a", { href: `/t/${encodeURIComponent(r.table)}`, id: "rematch-watch" }, message("To the next Partie (watch)"))) : null;
  }
  return h("div", { class: "rematch", id: "rematch" },
    h("button", { id: "rematch-button", class: "primary", type: "button", onclick: askRematch }, message("Another Partie")),
    who ? h("span", { class: "muted", id: "rematch-who" }, message({ id: "Already in: {who}", args: { who } })) : null);
}

async function askRematch() {
  const token = tokens.get(tableId);
  try {
    const r = await api(`/api/tables/${tableId}/rematch`, { token });
    tokens.set(r.table, token);  // the same seat token opens the seat at the new table
    location.href = `/t/${encodeURIComponent(r.table)}`;
  } catch (e) { toast(e.message, "error"); }
}

function chatPanel() {
  const channels = (state && state.channels) || {};
  const names = Object.keys(channels);
  const input = h("input", { id: "chat-text", maxlength: 500, placeholder: t("message"), "aria-label": t("message") });
  const select = h("select", { "aria-label": "Kanal", onchange: (e) => { chatChannel = e.target.value; } },
    names.map((n) => h("option", { value: n, selected: n === chatChannel }, n === "table" ? t("table") : n)));
  const submit = (e) => {
    e.preventDefault();
    if (!input.value.trim()) return;
    send({ type: "chat", channel: names.includes(chatChannel) ? chatChannel : "table", text: input.value });
    input.value = "";
  };
  return h("section", { class: `panel chat${panel === "chat" ? " shown" : ""}`, id: "panel-chat" },
    h("ol", { class: "chatlog", tabindex: "0", "aria-label": t("chat") }, chatLog.slice(-30).map((m) => h("li", { class: `ch-${m.channel}` },
      h("b", {}, m.name), m.channel !== "table" ? h("em", {}, ` [${m.channel}]`) : "", `: ${m.text}`))),
    role === "player" ? h("form", { onsubmit: submit }, names.length > 1 ? select : null, input, h("button", {}, t("send"))) :
      h("p", { class: "muted" }, info && info.game === "tarock" ? t("kiebitzNoTalk") : message("Kiebitze may watch but not talk.")));
}

function settingsPanel() {
  const rest = h("select", { id: "pref-rest", onchange: (e) => { prefs.rest = Number(e.target.value); } },
    REST_CHOICES.map((ms) => h("option", { value: String(ms), selected: ms === prefs.rest }, t("seconds", { n: String(ms / 1000).replace(".", t("decimal")) }))));
  const conf = h("input", { type: "checkbox", id: "pref-confirm", checked: prefs.confirm, onchange: (e) => { prefs.confirm = e.target.checked; } });
  const react = h("input", { type: "checkbox", id: "pref-reactions", checked: prefs.reactions, onchange: (e) => { prefs.reactions = e.target.checked; render(); } });
  const sound = h("input", { type: "checkbox", id: "pref-sound", checked: prefs.sound, onchange: (e) => { prefs.sound = e.target.checked; if (prefs.sound) sounds.turn(); } });
  const pace = info && info.settings && info.settings.bot_seconds !== undefined ? t("seconds", { n: String(info.settings.bot_seconds).replace(".", t("decimal")) }) : t("paceNormal");
  return h("section", { class: "panel settings", id: "panel-settings" }, h("h2", {}, t("settings")),
    h("label", { for: "pref-rest" }, h("span", {}, t("trickRest")), rest),
    h("label", { for: "pref-confirm", class: "check" }, conf, h("span", {}, t("confirmWords"))),
    h("label", { for: "pref-sound", class: "check" }, sound, h("span", {}, message("Sounds (a card played, your turn)"))),
    h("label", { for: "pref-reactions", class: "check" }, react, h("span", {}, message("Show quick reactions at the seats"))),
    h("p", { class: "muted small" }, `${t("botPace")}: ${pace}`), fairLine(info));
}

/** On a phone the score sheet, the events and the rest open over the table from this bar. */
function quickNav() {
  const item = (id, label) => h("button", {
    type: "button", class: `quick-btn${panel === id ? " active" : ""}`, "aria-expanded": panel === id ? "true" : "false",
    "aria-controls": `panel-${id}`, dataset: { panel: id }, onclick: () => { panel = panel === id ? null : id; render(); },
  }, label);
  return h("nav", { class: "quick", "aria-label": t("more") }, item("sheet", t("sheet")), item("events", t("events")), item("chat", t("chat")), item("settings", t("settings")));
}

/**
 * The view the hand is drawn from. At the end of the Partie no card is left to play: cards still in
 * a hand then (the Partie thanked out, Papagei-Jass §2 "Das Spiel ist zu Ende, wenn sich eine Partei
 * bedankt") are not played and not shown, so the hand is empty and a line says why (``left``).
 */
function handView(v) {
  const hand = (v.deal && Array.isArray(v.deal.hand)) ? v.deal.hand : [];
  if (!v.over || !hand.length) return { hv: v, left: 0, shown: null };
  const hv = { ...v, legal: [], to_act: [], deal: { ...v.deal, hand: [] } };
  // cards this seat laid open on the table (Perlaggen §9: "die Karten aufgedeckt auf den Tisch") are
  // shown as such, face up beside the table, and are not a hand either
  if (game.laidOpen && game.laidOpen(v)) return { hv, left: 0, shown: game.sort ? game.sort(hand, v) : hand };
  return { hv, left: hand.length, shown: null };
}

/** The cards a seat laid open at the end: shown, never played (no buttons, no keys). */
function shownCards(v, cards) {
  return h("div", { class: "shown-hand", id: "shown-hand", role: "group", "aria-label": t("laidOpen", { who: v.seats[v.seat] }) },
    h("p", { class: "shown-label" }, t("laidOpen", { who: v.seats[v.seat] })),
    h("div", { class: "shown-cards" }, cards.map((c) => cardElement(deckInfo.name, c))));
}

function gameView() {
  const v = shownView();
  const small = compact();
  const table = drawTable({
    deck: deckInfo, v, game, info, peek, anim, badgeRoom: small ? { side: 12, top: 18 } : 24, openBadges, compact: small,
    onPeek: () => { peek = !peek; render(); },
    onBadges: (s) => { openBadges = openBadges === s ? null : s; render(); },
  });
  // (the settlement comes after the last trick's rest: on a phone it would push the trick out of sight)
  const settledBox = betweenDeals() ? null : settledPanel(v);
  if (choosing) table.querySelector(".felt").append(chooser(deckInfo, game, choosing.acts, act, () => { choosing = null; render(); }));
  // beside the table where there is a column for it (the hand stays on the screen), above it otherwise
  const beside = window.matchMedia("(min-width: 861px)").matches;
  const main = h("div", { class: "main-col" },
    v.over ? overPanel(v) : null,
    beside ? null : settledBox,
    table,
    // (the turn, the words and the hand: beside the table on a phone on its side, below it otherwise)
    h("div", { class: "play-col", id: "play-col" },
      turnLine(v),
      drawActions({ deck: deckInfo, v, game, onAct: say, refusal }),
      drawHand(handOptions(handView(v).hv)),
      handView(v).left ? h("p", { class: "hand-note", id: "hand-note" }, message({ id: "The remaining {n} cards are not played.", args: { n: handView(v).left } })) : null,
      handView(v).shown ? shownCards(v, handView(v).shown) : null,
      v.seat !== null && v.seat !== undefined && ((handView(v).hv.deal || {}).hand || []).length ? h("p", { class: "keys-hint" }, t("keys")) : null,
      reactionBar()));
  // (at the end the sheet is in the end panel too: beside the table it is left out, the quick bar still opens it)
  const sidePanel = (id, title, body, twice = false) => h("section", { class: `panel${panel === id ? " shown" : ""}${twice ? " twice" : ""}`, id: `panel-${id}`, dataset: { panel: id } },
    h("div", { class: "panel-head" }, h("h2", {}, title),
      h("button", { type: "button", class: "close-panel", "aria-label": t("close"), onclick: () => { panel = null; render(); } }, "×")), body);
  const side = h("aside", { class: `side-col${panel ? " open" : ""}`, "aria-label": t("more") },
    beside ? settledBox : null,
    sidePanel("sheet", t("sheet"), scoreSheet(v, game, v.results, v.totals, v.over ? "sheet-side" : "sheet"), v.over),
    sidePanel("events", t("events"), eventsList((v.deal || {}).events, v.seats)),
    chatPanel(),
    settingsPanel());
  return [quickNav(), h("div", { class: "game-layout" }, main, side)];
}

/** What the hand is drawn with: on a phone rows of whole cards as wide as its column, and with
 * ``height`` no taller than that (fitScreen). */
function handOptions(v, height) {
  const small = compact();
  const width = sideways() ? Math.floor(root.clientWidth / 2) - 8 : Math.min(root.clientWidth, 1100) - 12;
  return { deck: deckInfo, v, game, onPlay, refusal, compact: small, width, height };
}

//: the least felt on a phone: without cards on it (the words of a deal's start), and with a trick
const FELT_MIN = { empty: 150, trick: 200 };

/**
 * On a phone the table, the words and the whole hand share one screen: a player choosing trump or
 * bidding sees every card of the hand without scrolling. Upright, the felt gives up height first
 * (down to FELT_MIN), then the hand's cards narrow (never under a 44 px tap target); on its side the
 * felt fills the left half's height and the hand the right half's. Not while a panel (a settlement,
 * the end of the game) stands above the table: that one is read first.
 */
function fitScreen() {
  if (!compact() || !state || !state.view) return;
  const felt = document.getElementById("felt"), hand = document.getElementById("hand");
  if (!felt || document.querySelector(".main-col > .panel")) return;
  const top = (el) => el.getBoundingClientRect().top + window.scrollY;
  if (sideways()) felt.style.height = `${Math.max(FELT_MIN.empty, Math.floor(innerHeight - top(felt) - 6))}px`;
  if (!hand || !hand.children.length) return;
  const bottom = () => hand.getBoundingClientRect().bottom + window.scrollY;
  let over = Math.ceil(bottom() - innerHeight);
  if (over <= 0) return;
  if (!sideways()) {
    const least = felt.querySelector(".card.in-trick") ? FELT_MIN.trick : FELT_MIN.empty;
    const give = Math.min(over, Math.max(0, felt.offsetHeight - least));
    if (give > 0) felt.style.height = `${felt.offsetHeight - give}px`;
    over = Math.ceil(bottom() - innerHeight);
    if (over <= 0) return;
  }
  const redrawn = drawHand(handOptions(handView(shownView()).hv, Math.max(0, hand.offsetHeight - over)));
  if (redrawn) {
    const focused = document.activeElement && hand.contains(document.activeElement) ? Number(document.activeElement.dataset.index || 0) : null;
    hand.replaceWith(redrawn);
    if (focused !== null) { const c = redrawn.querySelector(`.card[data-index="${focused}"]`); if (c) c.focus({ preventScroll: true }); }
  }
}

//: whether the sheet of all words stands open (a phone: more words than one row holds)
let wordsOpen = false;
let wordsAt = null;

/**
 * On a phone the words are one row that never scrolls sideways: the words that fit, then "Weitere (n)",
 * which opens a sheet at the screen's foot with every word of the turn in a grid (each a 44 px tap).
 * The hand stays on the screen beside the row (fitScreen); the sheet covers it only while open.
 */
function fitWords() {
  const row = document.getElementById("actions");
  if (!row) { wordsOpen = false; return; }
  const version = state ? state.version : null;
  if (wordsAt !== version) { wordsOpen = false; wordsAt = version; }
  if (!compact() || row.scrollWidth <= row.clientWidth + 1) return;
  const words = [...row.children];
  const more = h("button", { type: "button", class: "more-words", id: "more-words", "aria-controls": "words-sheet",
    "aria-expanded": String(wordsOpen), onclick: () => { wordsOpen = !wordsOpen; render(); } });
  row.append(more);
  const label = (n) => { more.textContent = message({ id: "more words ({n})", args: { n } }); };
  label(words.length);
  let moved = 0;
  while (moved < words.length - 1 && row.scrollWidth > row.clientWidth + 1) {
    moved += 1;
    words[words.length - moved].hidden = true;
    label(moved);
  }
  for (const w of words) w.hidden = false;
  const close = h("button", { type: "button", class: "cancel", id: "words-close", onclick: () => { wordsOpen = false; render(); } }, t("close"));
  const sheet = h("div", { class: "words-sheet", id: "words-sheet", role: "dialog", "aria-label": message("All words"), hidden: !wordsOpen },
    h("div", { class: "words-grid" }, words.map((w) => w)), close);
  // the row keeps the words that fit; every word (the same buttons, as the sheet shows them) is in the sheet
  const kept = words.slice(0, words.length - moved).map((w) => {
    const twin = w.cloneNode(true);
    twin.removeAttribute("id");
    twin.addEventListener("click", () => w.click());
    if (twin.tagName === "SPAN") {  // a group: its choice and its button act together
      const sel = twin.querySelector("select"), btn = twin.querySelector("button"), orig = w.querySelector("select");
      if (sel && orig) { sel.value = orig.value; sel.addEventListener("change", () => { orig.value = sel.value; }); }
      if (btn) btn.addEventListener("click", (e) => { e.stopPropagation(); w.querySelector("button").click(); });
      return twin;
    }
    return twin;
  });
  row.replaceChildren(...kept, more);
  row.after(sheet);
  if (wordsOpen) (sheet.querySelector("button.action") || close).focus({ preventScroll: true });
}

/** After a redraw, put the focus back where the player was: on the hand after a move. */
function restoreFocus() {
  if (!refocus) return;
  const want = refocus;
  const cards = document.querySelectorAll("#hand .card");
  let target = null;
  if (want.where === "action") target = document.querySelector(`#actions [data-action="${CSS.escape(want.action)}"]`);
  else if (want.where === "id") target = document.getElementById(want.id);
  if (!target && want.where !== "id") {
    target = cards.length ? cards[Math.min(want.index || 0, cards.length - 1)] : document.querySelector("#actions button") || document.getElementById("hand");
  }
  if (target) target.focus({ preventScroll: true });
  refocus = null;
}

function render() {
  if (info && !deckInfo) {
    const g = catalogue.find((x) => x.name === info.game);
    deckInfo = g ? g.deck : { name: info.deck, suits: [], notation: [] };
    setCardDeck(deckInfo.name);  // the messages name this deck's cards in words
  }
  if (info && !game) { loadGame(info.game).then((m) => { game = m; render(); }); return; }
  const connected = ws && ws.readyState === WebSocket.OPEN;
  settleRests();
  const v = state && state.view && shownView();
  const status = h("div", {
    id: "status", dataset: {
      version: state ? state.version : "", over: v ? String(v.over) : "false",
      yourTurn: v && myTurn(v) ? "true" : "false",
      status: info ? info.status : "", role: role || "",
    },
  }, connected ? t("connected") : t("connecting"));
  const langBtn = langPicker(() => { relabel(state); if (info) relabel({ table: info }); render(); });
  const head = h("header", {},
    h("a", { href: "/", class: "home" }, t("home")),
    h("h1", {}, info ? `${gettext(info.title)} · ${gettext(info.profile_title || info.profile)}` : ""),
    info ? h("span", { class: "muted" }, t("numberShort", { n: info.number }) + (v ? ` · ${t("deal", { n: v.deal_number + 1 })} · ${t("dealer")} ${v.seats[v.dealer]}` : "")) : null,
    role === "kiebitz" ? h("span", { class: "badge kiebitz" }, t("kiebitz")) : null,
    langBtn, status);
  const body = !info ? [h("p", {}, t("loading"))] : info.status === "open" ? [seatLobby(), chatPanel()] : v ? gameView() : [];
  // the redraw replaces the elements: keep the focus where it was (a card of the hand, a word, a field)
  const a = document.activeElement;
  if (!refocus && a && a !== document.body && root.contains(a)) {
    if (a.closest("#hand")) refocus = { where: "hand", index: Number(a.dataset.index || 0) };
    else if (a.closest("#actions") && a.dataset.action) refocus = { where: "action", action: a.dataset.action };
    else if (a.id) refocus = { where: "id", id: a.id };
  }
  root.replaceChildren(head, ...body.filter((x) => x));
  showReactions();
  fitWords();
  fitScreen();
  seatClocks(() => timerText());
  confirmDialog();
  if (!confirming && refocus) restoreFocus();
  // (view: the view drawn, which is the state's but while the last trick of a deal before rests)
  window.stammtisch = { state, view: v || null, version: state ? state.version : null, rest: prefs.rest };
}

document.addEventListener("keydown", (e) => {
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape" && (choosing || confirming || openBadges !== null || panel)) {
    choosing = null; confirming = null; openBadges = null; panel = null; render(); return;
  }
  if (confirming) return;
  const i = handKeys.indexOf(e.key);
  if (i < 0) return;
  const card = document.querySelector(`#hand .card[data-index="${i}"]`);
  if (card) { e.preventDefault(); card.click(); }
});

setInterval(() => {
  const el = document.getElementById("timer");
  if (el) el.textContent = timerText();
  seatClocks(() => timerText());  // the move clock at the seat whose turn it is
}, 250);

let resized = null;
window.addEventListener("resize", () => { clearTimeout(resized); resized = setTimeout(() => { if (state) render(); }, 150); });

async function init() {
  catalogue = await games();
  connect();
}

init();

export { withNames };
