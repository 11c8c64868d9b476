// The players' page of an online cup (/cup/join?t=ID&k=KEY, the invitation link): register with a
// name and a personal code, check in before a round, and go to one's own table when the round
// starts (a fresh seat link each time; the page keeps the name and code in this tab only).
import { el } from "/scorekeeper/static/api.js";
import { nav } from "/scorekeeper/static/nav.js";
import { g, loadCatalog, msg } from "/scorekeeper/static/words.js";
import { w } from "./cupwords.js";

const params = new URLSearchParams(location.search);
const tid = +params.get("t");
const key = params.get("k") || "";
const store = `stammtisch:cup:${tid}`;
const me = JSON.parse(sessionStorage.getItem(store) || "null");
const $ = (id) => document.getElementById(id);
let timer = null;

async function call(path, body) {
  const res = await fetch(path, body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new Error(data && data.msg ? msg(data.msg) : (data && data.message) || `HTTP ${res.status}`);
  return data;
}

function say(text, bad = false) {
  $("status").textContent = text;
  $("status").className = bad ? "error small" : "muted small";
}

async function guarded(fn) {
  try { await fn(); } catch (e) { say(e.message, true); }
}

function field(label, input) {
  return el("label", {}, el("span", {}, label), input);
}

function registerForm(about) {
  const name = el("input", { name: "name", required: true, autocomplete: "name", "data-testid": "join-name" });
  const code = el("input", { name: "code", type: "password", required: true, minlength: 4, "data-testid": "join-code" });
  const form = el("form", { "data-testid": "join-form" }, field(w("yourName"), name), field(w("personalCode"), code),
    el("div", { class: "row" },
      about.registration ? el("button", { class: "primary", type: "submit", "data-testid": "join-register" }, w("registerMe")) : null,
      el("button", { type: "button", "data-testid": "join-known", onclick: () => remember(name.value, code.value) }, w("show"))));
  form.onsubmit = (e) => { e.preventDefault(); guarded(async () => {
    await call(`/cup/api/cups/${tid}/register`, { key, name: name.value, code: code.value });
    remember(name.value, code.value);
  }); };
  return form;
}

function remember(name, code) {
  sessionStorage.setItem(store, JSON.stringify({ name, code }));
  location.reload();
}

async function render() {
  await loadCatalog();
  nav($("nav"), () => { render(); });
  $("page-title").textContent = w("joinTitle");
  const about = await call(`/cup/api/cups/${tid}/about`);
  const head = el("h2", {}, `${about.name} · ${g(about.game)}`);
  if (!me) {
    $("join").replaceChildren(head, about.registration ? null : el("p", {}, w("registrationClosed")), registerForm(about));
    return;
  }
  const mine = await call(`/cup/api/cups/${tid}/me`, me);
  const parts = [head, el("p", { "data-testid": "join-registered" }, w("registeredAs", { name: mine.player.name, n: mine.player.number }))];
  const c = mine.checkin;
  if (c.open && !c.checked_in) {
    parts.push(el("button", { class: "primary", type: "button", "data-testid": "join-checkin", onclick: () => guarded(async () => {
      await call(`/cup/api/cups/${tid}/checkin`, me);
      await render();
    }) }, w("checkInMe", { n: c.round })));
  } else if (c.checked_in) {
    parts.push(el("p", { "data-testid": "join-checkedin" }, w("checkedInMe", { n: c.round })));
  }
  const tab = mine.table;
  if (tab) {
    parts.push(el("p", {}, w("myTable", { r: tab.round, t: tab.number, p: tab.position })));
    if (tab.kind === "live") parts.push(el("p", {}, w("tableLive", { t: tab.number })));
    else if (tab.closed) parts.push(el("p", {}, w("tableDone")));
    else if (tab.playing) {
      parts.push(el("button", { class: "primary", type: "button", "data-testid": "join-table", onclick: () => guarded(async () => {
        const link = await call(`/cup/api/cups/${tid}/seat`, me);
        localStorage.setItem(`stammtisch:token:${link.table}`, link.token);
        location.href = link.invite;
      }) }, w("toTable")));
    }
  } else {
    parts.push(el("p", { class: "muted" }, w("waitRound")));
  }
  // the same deals at every table of a round: the round's commitment, before its first card
  for (const r of about.round_seeds || []) {
    parts.push(el("p", { class: "small", "data-testid": `join-commitment-${r.round}`, style: "overflow-wrap: anywhere" },
      w("roundCommitment", { n: r.round, commitment: r.commitment }),
      r.seed ? ` · ${w("roundSeed", { seed: r.seed })}` : ""));
  }
  if ((about.round_seeds || []).length) {
    parts.push(el("p", { class: "small" }, el("a", { href: "/fair", target: "_blank", rel: "noopener" }, w("howToCheck"))));
  }
  $("join").replaceChildren(...parts);
  clearTimeout(timer);
  if (!tab || (!tab.playing && !tab.closed && tab.kind !== "live")) timer = setTimeout(() => guarded(render), 4000);
}

guarded(render);
