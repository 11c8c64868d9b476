// The table page: lobby of one table (seats, computer players, start) and the game itself.
// Everything shown comes from the server's state message, which is built from this seat's
// observation only (or the public view for a Kiebitz). Actions carry the state version.
// The drawing is the shared frame (frame.js) with the game's own module (games/<name>.js).

import { account, api, games, h, toast, tokens } from "./api.js";
import {
  chooser, columnNames, drawActions, drawHand, drawTable, eventsList, handKeys, scoreSheet, settlement, withNames,
} from "./frame.js";
import { loadGame } from "./games/index.js";
import { displayName, lang, msg as message, setLang, t } from "./i18n.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const root = document.getElementById("app");
let ws = null, state = null, info = null, role = null, msgId = 0, backoff = 300;
let catalogue = [], deckInfo = null, game = null;
let seenResults = null, settled = null, peek = false, pending = false;
let refusal = null, choosing = null, turnStarted = 0, turnVersion = null;
const anim = { arrivals: new Map(), collect: null };
const chatLog = [];
let chatChannel = "table";

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(action) {
  if (!state || pending) return;
  pending = true;
  choosing = null;
  send({ type: "act", version: state.version, action, id: ++msgId });
  setTimeout(() => { pending = false; }, 1500);
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

/** Remember when cards reached the trick and when a trick was turned, for the animations. */
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
  const lastKey = JSON.stringify(last);
  if (prev && last.length && lastKey !== JSON.stringify(pd.last_trick || [])) {
    const winner = nd.last_winner !== undefined && nd.last_winner !== null ? nd.last_winner
      : (nd.trick && nd.trick.length ? nd.trick[0][0] : (next.to_act || [null])[0]);
    for (const [s, c] of last) { const k = `${s}:${c}`; if (!before.has(k) && !anim.arrivals.has(k)) anim.arrivals.set(k, now); }
    anim.collect = { cards: last, winner, t: now };
  }
  for (const [k, tm] of anim.arrivals) if (now - tm > 3000) anim.arrivals.delete(k);
  if (anim.collect && now - anim.collect.t > 1300) anim.collect = null;
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
      if (!state || msg.version !== state.version) { refusal = null; choosing = null; }
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
      h("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast(t("copied"))) }, t("copy"))),
    !seated ? h("p", {}, nameInput) : null,
    h("ul", { class: "seats" }, rows),
    seated ? h("div", { class: "buttons" },
      h("button", { id: "fill-bots", onclick: fillBots }, t("fillBots")),
      h("button", { id: "start", class: "primary", onclick: start }, t("start"))) : null);
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
  const v = state.view;
  if (!myTurn(v) && !acts.length) return;
  if (acts.length > 1) { choosing = { card, acts }; render(); return; }
  act(acts.length ? acts[0] : card);  // an unplayable card is sent too: the refusal names the rule
  if (el) el.blur();
}

function settledPanel(v) {
  if (!settled) return null;
  return h("section", { class: "panel settled", id: "settled", role: "dialog", "aria-label": t("settled", { n: settled.index + 1 }) },
    h("h3", {}, t("settled", { n: settled.index + 1 })),
    settlement(v, game, settled.result, deckInfo),
    h("button", { id: "settled-next", class: "primary", onclick: () => { settled = null; render(); } }, v.over ? t("close") : t("next")));
}

function overPanel(v) {
  const names = columnNames(v, game);
  const best = Math.max(...v.totals);
  const winners = names.filter((_, i) => v.totals[i] === best);
  return h("section", { class: "panel over", id: "game-over" },
    h("h2", {}, t("gameOver", { n: info.number })),
    h("p", { class: "winner", id: "winner" }, winners.length === names.length ? t("draw") : t("winner", { who: winners.join(", ") })),
    scoreSheet(v, game, v.results, v.totals),
    h("p", { class: "links" }, h("a", { href: `/replay/${info.number}`, id: "replay-link" }, t("replay")), " · ",
      h("a", { href: `/api/records/${info.number}`, download: `stammtisch-${info.number}.json`, id: "record-link" }, t("record"))));
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
  return h("section", { class: "panel chat" },
    h("ol", { class: "chatlog" }, chatLog.slice(-30).map((m) => h("li", { class: `ch-${m.channel}` },
      h("b", {}, m.name), m.channel !== "table" ? h("em", {}, ` [${m.channel}]`) : "", `: ${m.text}`))),
    role === "player" ? h("form", { onsubmit: submit }, names.length > 1 ? select : null, input, h("button", {}, t("send"))) :
      h("p", { class: "muted" }, t("kiebitzNoTalk")));
}

function gameView() {
  const v = state.view;
  const felt = drawTable({
    deck: deckInfo, v, game, info, peek, anim,
    onPeek: () => { peek = !peek; render(); },
  });
  const settledBox = settledPanel(v);
  if (choosing) felt.append(chooser(deckInfo, game, choosing.acts, act, () => { choosing = null; render(); }));
  const main = h("div", { class: "main-col" },
    v.over ? overPanel(v) : null,
    settledBox,
    felt,
    turnLine(v),
    drawActions({ deck: deckInfo, v, game, onAct: act, refusal }),
    drawHand({ deck: deckInfo, v, game, onPlay, refusal }),
    v.seat !== null && v.seat !== undefined && ((v.deal || {}).hand || []).length ? h("p", { class: "keys-hint" }, t("keys")) : null);
  const side = h("aside", { class: "side-col" },
    v.over ? null : h("section", { class: "panel" }, h("h3", {}, t("sheet")), scoreSheet(v, game, v.results, v.totals)),
    h("section", { class: "panel" }, h("h3", {}, t("events")), eventsList((v.deal || {}).events, v.seats)),
    chatPanel());
  return [h("div", { class: "game-layout" }, main, side)];
}

function render() {
  if (info && !deckInfo) {
    const g = catalogue.find((x) => x.name === info.game);
    deckInfo = g ? g.deck : { name: info.deck, suits: [], notation: [] };
  }
  if (info && !game) { loadGame(info.game).then((m) => { game = m; render(); }); return; }
  const connected = ws && ws.readyState === WebSocket.OPEN;
  const v = state && state.view;
  const status = h("div", {
    id: "status", dataset: {
      version: state ? state.version : "", over: v ? String(v.over) : "false",
      yourTurn: v && myTurn(v) ? "true" : "false",
      status: info ? info.status : "", role: role || "",
    },
  }, connected ? t("connected") : t("connecting"));
  const langBtn = h("button", { class: "lang", id: "lang", onclick: () => setLang(t("langCode")).then(() => { relabel(state); if (info) relabel({ table: info }); render(); }) }, t("lang"));
  const head = h("header", {},
    h("a", { href: "/", class: "home" }, t("home")),
    h("h1", {}, info ? `${info.title} · ${info.profile_title || info.profile}` : ""),
    info ? h("span", { class: "muted" }, `Nr. ${info.number}` + (v ? ` · ${t("deal", { n: v.deal_number + 1 })} · ${t("dealer")} ${v.seats[v.dealer]}` : "")) : null,
    role === "kiebitz" ? h("span", { class: "badge kiebitz" }, t("kiebitz")) : null,
    langBtn, status);
  const body = !info ? [h("p", {}, t("loading"))] : info.status === "open" ? [seatLobby(), chatPanel()] : v ? gameView() : [];
  root.replaceChildren(head, ...body.filter((x) => x));
  window.stammtisch = { state, version: state ? state.version : null };
}

document.addEventListener("keydown", (e) => {
  const tag = (e.target && e.target.tagName) || "";
  if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === "Escape" && choosing) { choosing = null; render(); return; }
  const i = handKeys.indexOf(e.key);
  if (i < 0) return;
  const card = document.querySelector(`#hand .card[data-index="${i}"]`);
  if (card) { e.preventDefault(); card.click(); }
});

setInterval(() => {
  const el = document.getElementById("timer");
  if (el) el.textContent = timerText();
  if (anim.collect && performance.now() - anim.collect.t > 1300 && state) { anim.collect = null; render(); }
}, 250);

async function init() {
  catalogue = await games();
  connect();
}

init();

export { withNames };
