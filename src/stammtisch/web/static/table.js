// The table page: lobby of one table (seats, computer players, start) and the game itself.
// Everything shown comes from the server's state message, which is built from this seat's
// observation only (or the public view for a Kiebitz). Actions carry the state version.

import { account, api, games, h, toast, tokens } from "./api.js";
import { cardElement, isCard } from "./cards.js";
import { actionLabel, eventsList, facts, resultLines, scoreSheet, trickRow } from "./render.js";

const tableId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop());
const root = document.getElementById("app");
let ws = null, state = null, info = null, role = null, msgId = 0, backoff = 300;
let catalogue = [], gameInfo = null, deckInfo = null;
let seenResults = null, settled = null, showLast = false, pending = false;
const chatLog = [];
let chatChannel = "table";

function send(msg) {
  if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
}

function act(action) {
  if (!state || pending) return;
  pending = true;
  send({ type: "act", version: state.version, action, id: ++msgId });
  setTimeout(() => { pending = false; }, 1500);
}

function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  ws = new WebSocket(`${proto}//${location.host}/ws/${encodeURIComponent(tableId)}`);
  ws.onopen = () => {
    backoff = 300;
    const token = tokens.get(tableId);
    send(token ? { type: "hello", token } : { type: "hello" });
    render();
  };
  ws.onmessage = (ev) => handle(JSON.parse(ev.data));
  ws.onclose = () => {
    render();
    setTimeout(connect, backoff);
    backoff = Math.min(backoff * 2, 5000);
  };
}

function handle(msg) {
  switch (msg.type) {
    case "welcome": role = msg.role; break;
    case "state":
      if (msg.view && !("results" in msg.view)) msg.view.results = state && state.view ? state.view.results : [];
      state = msg; info = msg.table || info; pending = false;
      if (state.view) {
        const n = state.view.results.length;
        if (seenResults !== null && n > seenResults) settled = { index: n - 1, result: state.view.results[n - 1] };
        seenResults = n;
      }
      render();
      break;
    case "table": info = msg.table; render(); break;
    case "ack": pending = false; break;
    case "error":
      pending = false;
      if (msg.code === "bad_token") { localStorage.removeItem(`stammtisch:token:${tableId}`); ws.close(); }
      toast((msg.message || msg.code) + (msg.rule ? ` (${msg.rule})` : ""), "error");
      break;
    case "chat": chatLog.push(msg); if (chatLog.length > 100) chatLog.shift(); render(); break;
    default: break;
  }
}

// --- lobby of this table ----------------------------------------------------------------
function seatLobby() {
  const mine = state && state.you;
  const nameInput = h("input", { id: "seat-name", placeholder: "Dein Name", maxlength: 40, value: (account.get() || {}).name || "" });
  const rows = info.seats.map((s) => h("li", { class: `seat ${s.kind}` },
    h("span", { class: "seatno" }, `Platz ${s.seat + 1}`),
    s.kind === "empty" ? (mine === null || mine === undefined
      ? h("button", { class: "take", dataset: { seat: s.seat }, onclick: () => takeSeat(s.seat, nameInput.value) }, "Platz nehmen")
      : h("em", {}, "frei"))
      : h("span", {}, s.name, s.kind === "bot" ? h("span", { class: "badge bot" }, "Computer") : null,
        s.seat === mine ? h("span", { class: "badge you" }, "du") : null,
        s.kind === "human" && !s.connected ? h("span", { class: "badge away" }, "nicht da") : null)));
  const invite = `${location.origin}/t/${tableId}`;
  return h("section", { class: "panel lobby" },
    h("h2", {}, "Einladung"),
    h("p", {}, "Schick diesen Link an die Mitspieler: ",
      h("input", { class: "invite", readonly: true, value: invite, onclick: (e) => e.target.select() }),
      h("button", { onclick: () => navigator.clipboard && navigator.clipboard.writeText(invite).then(() => toast("Link kopiert")) }, "kopieren")),
    mine === null || mine === undefined ? h("p", {}, nameInput) : null,
    h("ul", { class: "seats" }, rows),
    mine !== null && mine !== undefined ? h("div", { class: "buttons" },
      h("button", { id: "fill-bots", onclick: fillBots }, "Leere Plätze mit Computerspielern füllen"),
      h("button", { id: "start", class: "primary", onclick: start }, "Spiel beginnen")) : null);
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
function seatsStrip(v) {
  return h("ul", { class: "seats strip" }, info.seats.map((s) => {
    const toAct = v.to_act.includes(s.seat);
    return h("li", { class: `seat ${s.kind}${toAct ? " to-act" : ""}${s.seat === v.seat ? " me" : ""}`, dataset: { seat: s.seat } },
      h("span", { class: "name" }, v.seats[s.seat]),
      s.seat === v.dealer ? h("span", { class: "badge dealer", title: "Geber" }, "G") : null,
      s.kind === "bot" ? h("span", { class: "badge bot" }, "Computer") : null,
      s.standin ? h("span", { class: "badge standin" }, "Computer vertritt") : (s.away ? h("span", { class: "badge away" }, "nicht da") : null),
      toAct ? h("span", { class: "badge turn" }, "am Zug") : null);
  }));
}

function handRow(v) {
  const hand = v.deal.hand;
  if (!Array.isArray(hand)) return null;
  const legal = new Set(v.legal);
  const playing = v.seat !== null && v.seat !== undefined;
  return h("div", { class: "hand", id: "hand" }, hand.map((c) => {
    const el = cardElement(deckInfo.name, c, { clickable: playing, legal: legal.has(c) });
    if (playing) el.addEventListener("click", () => act(c));
    return el;
  }));
}

function actionBar(v) {
  const words = v.legal.filter((a) => !isCard(deckInfo, a) || !(v.deal.hand || []).includes(a));
  if (!words.length) return null;
  return h("div", { class: "actions", id: "actions" }, words.map((a) =>
    h("button", { class: "action", dataset: { action: a }, onclick: () => act(a) },
      isCard(deckInfo, a) ? cardElement(deckInfo.name, a) : actionLabel(deckInfo, a))));
}

function turnLine(v) {
  if (v.over) return h("p", { class: "turn over" }, "Das Spiel ist aus.");
  const mine = v.seat !== null && v.seat !== undefined && v.to_act.includes(v.seat);
  const secs = info && info.settings && info.settings.move_seconds;
  if (mine) return h("p", { class: "turn mine" }, "Du bist am Zug.", secs ? h("span", { class: "timer" }, ` (Zugzeit ${secs} s)`) : null);
  const who = v.to_act.map((s) => v.seats[s]).join(", ");
  return h("p", { class: "turn" }, who ? `${who} ist am Zug.` : "");
}

function settledPanel(v) {
  if (!settled) return null;
  const tricks = ((settled.result.summary || {}).tricks || []);
  const last = tricks.length ? tricks[tricks.length - 1] : null;
  return h("section", { class: "panel settled", id: "settled" },
    h("h3", {}, `Spiel ${settled.index + 1} abgerechnet`),
    resultLines(v.columns, settled.result),
    last ? h("div", {}, h("small", {}, "letzter Stich"),
      trickRow(deckInfo, last.cards.map((c, i) => [(last.leader + i) % v.seats.length, c]), v.seats, "trick small")) : null,
    h("button", { onclick: () => { settled = null; render(); } }, "weiter"));
}

function chatPanel() {
  const channels = (state && state.channels) || {};
  const names = Object.keys(channels);
  const input = h("input", { id: "chat-text", maxlength: 500, placeholder: role === "kiebitz" ? "Kiebitze reden nicht mit" : "Nachricht", disabled: role !== "player" });
  const select = h("select", { onchange: (e) => { chatChannel = e.target.value; } },
    names.map((n) => h("option", { value: n, selected: n === chatChannel }, n === "table" ? "Tisch" : n)));
  const submit = (e) => {
    e.preventDefault();
    if (!input.value.trim()) return;
    send({ type: "chat", channel: names.includes(chatChannel) ? chatChannel : "table", text: input.value });
    input.value = "";
  };
  return h("section", { class: "panel chat" },
    h("ol", { class: "chatlog" }, chatLog.slice(-30).map((m) => h("li", { class: `ch-${m.channel}` },
      h("b", {}, m.name), m.channel !== "table" ? h("em", {}, ` [${m.channel}]`) : "", `: ${m.text}`))),
    role === "player" ? h("form", { onsubmit: submit }, names.length > 1 ? select : null, input, h("button", {}, "senden")) :
      h("p", { class: "muted" }, "Kiebitze dürfen zuschauen, aber nicht mitreden (Tiroler Cup, Kiebitze)."));
}

function gameView() {
  const v = state.view;
  const deal = v.deal || {};
  const lastTrick = Array.isArray(deal.last_trick) && deal.last_trick.length ? deal.last_trick : null;
  const parts = [
    seatsStrip(v),
    turnLine(v),
    h("section", { class: "panel board" },
      h("div", { class: "trick-area" }, trickRow(deckInfo, deal.trick, v.seats)),
      lastTrick ? h("button", { id: "show-last", onclick: () => { showLast = !showLast; render(); } },
        showLast ? "letzten Stich verbergen" : "letzten Stich ansehen") : null,
      lastTrick && showLast ? h("div", { class: "last" }, trickRow(deckInfo, lastTrick, v.seats, "trick small")) : null,
      facts(deckInfo, deal, v.seats)),
    actionBar(v),
    handRow(v),
    settledPanel(v),
    h("section", { class: "panel side" },
      h("h3", {}, "Schreibblock"), scoreSheet(v.columns, v.results, v.totals),
      h("h3", {}, "Ereignisse"), eventsList(deal.events)),
  ];
  if (v.over) {
    parts.push(h("section", { class: "panel over", id: "game-over" },
      h("h2", {}, `Spiel Nr. ${info.number} beendet`),
      h("p", {}, v.columns.map((c, i) => `${c}: ${v.totals[i]}`).join(" · ")),
      h("p", {}, h("a", { href: `/replay/${info.number}` }, "Wiederholung ansehen"), " · ",
        h("a", { href: `/api/records/${info.number}`, download: `stammtisch-${info.number}.json` }, "Protokoll herunterladen"))));
  }
  parts.push(chatPanel());
  return parts;
}

function render() {
  if (info && !deckInfo) {
    gameInfo = catalogue.find((g) => g.name === info.game);
    deckInfo = gameInfo ? gameInfo.deck : { name: info.deck, suits: [], notation: [] };
  }
  const connected = ws && ws.readyState === WebSocket.OPEN;
  const v = state && state.view;
  const status = h("div", {
    id: "status", dataset: {
      version: state ? state.version : "", over: v ? String(v.over) : "false",
      yourTurn: v && v.seat !== null && v.to_act.includes(v.seat) ? "true" : "false",
      status: info ? info.status : "", role: role || "",
    },
  }, connected ? "verbunden" : "verbinde …");
  const head = h("header", {},
    h("a", { href: "/", class: "home" }, "stammtisch"),
    h("h1", {}, info ? `${info.title} · ${info.profile}` : "Tisch"),
    info ? h("span", { class: "muted" }, `Nr. ${info.number}` + (v ? ` · Spiel ${v.deal_number + 1} · Geber ${v.seats[v.dealer]}` : "")) : null,
    role === "kiebitz" ? h("span", { class: "badge kiebitz" }, "Kiebitz") : null,
    status);
  const body = !info ? [h("p", {}, "lade …")] : info.status === "open" ? [seatLobby(), chatPanel()] : v ? gameView() : [];
  root.replaceChildren(head, ...body.filter((x) => x));
}

async function init() {
  catalogue = await games();
  connect();
}

init();
