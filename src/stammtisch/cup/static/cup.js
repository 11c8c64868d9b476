// The organiser's page of the online cups (/cup/): create a cup, the invitation link, players,
// check-in, draw, start, the dashboard of the online tables (pause, resume, replace) and the live
// standings, refreshed every few seconds. The session is the scorekeeper's (sessionStorage
// "sk-session"): an organiser logged in there is logged in here.
import { comparisonTable, el, rankingTable } from "/scorekeeper/static/api.js";
import { nav } from "/scorekeeper/static/nav.js";
import { g, lang, loadCatalog, msg, t } from "/scorekeeper/static/words.js";
import { w } from "./cupwords.js";

const state = { key: sessionStorage.getItem("sk-session"), cups: [], games: [], cup: null, timer: null };
const $ = (id) => document.getElementById(id);

class Refused extends Error {}

async function call(path, { method = "GET", body } = {}) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (state.key) headers["Authorization"] = `Bearer ${state.key}`;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => null);
  if (!res.ok) {
    if (res.status === 403 && path !== "/scorekeeper/api/login") { setKey(null); }
    throw new Refused(data && data.msg ? msg(data.msg) : (data && data.message) || `HTTP ${res.status}`);
  }
  return data;
}

function setKey(k) {
  state.key = k;
  if (k) sessionStorage.setItem("sk-session", k); else sessionStorage.removeItem("sk-session");
}

function say(text, bad = false) {
  const s = $("status");
  s.textContent = text;
  s.className = bad ? "error small" : "muted small";
}

async function guarded(fn) {
  try { await fn(); } catch (e) { say(e.message, true); }
}

function field(label, input) {
  return el("label", {}, el("span", {}, label), input);
}

// -- login --------------------------------------------------------------------------------
function showLogin() {
  $("login-panel").hidden = false;
  for (const id of ["list-panel", "create-panel", "cup-panel"]) $(id).hidden = true;
  const name = el("input", { name: "name", autocomplete: "username", required: true, "data-testid": "login-name" });
  const pw = el("input", { name: "password", type: "password", autocomplete: "current-password", required: true,
    "data-testid": "login-password" });
  $("login").replaceChildren(field(w("name"), name), field(w("password"), pw),
    el("button", { class: "primary", type: "submit", "data-testid": "login-submit" }, w("login")));
  $("login").onsubmit = (e) => { e.preventDefault(); guarded(async () => {
    const out = await call("/scorekeeper/api/login", { method: "POST", body: { name: name.value, password: pw.value } });
    setKey(out.token);
    await render();
  }); };
}

// -- the list and the create form ---------------------------------------------------------------
async function showList() {
  $("login-panel").hidden = true;
  $("list-panel").hidden = false;
  $("create-panel").hidden = false;
  state.cups = (await call("/cup/api/cups")).cups;
  $("list").replaceChildren(el("h2", {}, w("onlineCups")), state.cups.length
    ? el("ul", {}, state.cups.map((c) => el("li", {}, el("a", { href: `?t=${c.id}`, "data-testid": `cup-${c.id}`,
      onclick: (e) => { e.preventDefault(); history.pushState({}, "", `?t=${c.id}`); guarded(() => showCup(c.id)); } },
      `${c.name} (${g(c.game)})`))))
    : el("p", { class: "muted" }, t("nobody")));
  if (!state.games.length) state.games = await call("/scorekeeper/api/games");
  const game = el("select", { name: "game", "data-testid": "cup-game" },
    state.games.map((x) => el("option", { value: x.game }, g(x.game))));
  const profile = el("select", { name: "profile", "data-testid": "cup-profile" });
  const fillProfiles = () => profile.replaceChildren(...(state.games.find((x) => x.game === game.value)?.profiles || [])
    .map((p) => el("option", { value: p }, p)));
  game.onchange = fillProfiles;
  fillProfiles();
  const name = el("input", { name: "name", required: true, "data-testid": "cup-name" });
  const rounds = el("input", { name: "rounds", type: "number", min: 1, max: 50, value: 3, "data-testid": "cup-rounds" });
  const games = el("input", { name: "games", type: "number", min: 1, max: 200, "data-testid": "cup-games" });
  const move = el("input", { name: "move", type: "number", min: 0, max: 600, value: 30, "data-testid": "cup-move" });
  const word = el("input", { name: "word", type: "number", min: 0, max: 600, value: 20, "data-testid": "cup-word" });
  const kiebitze = el("input", { name: "kiebitze", type: "checkbox", checked: true, "data-testid": "cup-kiebitze" });
  const mixed = el("input", { name: "mixed", type: "checkbox", "data-testid": "cup-mixed" });
  const dup = el("input", { name: "duplicate", type: "checkbox", "data-testid": "cup-duplicate" });
  const computer = el("textarea", { name: "computer", rows: 2, "data-testid": "cup-computer" });
  // duplicate deals keep Kiebitze off (a table ahead would show a slower table's cards) and need
  // every table dealt by the server (no live tables): the form says so as the server will
  const linked = () => {
    if (dup.checked) kiebitze.checked = false;
    kiebitze.disabled = dup.checked;
    dup.disabled = mixed.checked;
    mixed.disabled = dup.checked;
  };
  dup.onchange = linked;
  mixed.onchange = linked;
  $("create").replaceChildren(el("h2", {}, w("newCup")), field(w("cupName"), name), field(w("game"), game),
    field(w("profile"), profile), field(w("rounds"), rounds), field(w("gamesPerTable"), games),
    field(w("moveSeconds"), move), field(w("wordSeconds"), word), field(w("kiebitze"), kiebitze),
    field(w("mixed"), mixed), field(w("duplicate"), dup), field(w("computerNames"), computer),
    el("button", { class: "primary", type: "submit", "data-testid": "cup-create-submit" }, w("createCup")));
  $("create").onsubmit = (e) => { e.preventDefault(); guarded(async () => {
    const settings = { move_seconds: +move.value || 0, word_seconds: +word.value || 0, kiebitze: kiebitze.checked,
      mixed: mixed.checked, duplicate: dup.checked };
    if (games.value) settings.games = +games.value;
    const bots = computer.value.split("\n").map((x) => x.trim()).filter(Boolean);
    settings.computer = bots;
    const out = await call("/cup/api/cups", { method: "POST", body: { name: name.value, game: game.value,
      profile: profile.value || null, rounds: +rounds.value || 1, settings } });
    if (bots.length) await call(`/cup/api/cups/${out.tournament.id}/players`, { method: "POST",
      body: { players: bots.map((n) => ({ name: n })) } });
    history.pushState({}, "", `?t=${out.tournament.id}`);
    await showCup(out.tournament.id);
  }); };
}

// -- one cup ------------------------------------------------------------------------------------
function tableLine(d, names) {
  const who = (ps) => ps.map((p) => names(d.id, p)).join(", ");
  const bits = [];
  if (d.max_deals) bits.push(w("gameOf", { k: d.game ?? 0, n: d.max_deals }));
  else if (d.game) bits.push(w("gameK", { k: d.game }));
  bits.push(d.planned ? w("rowsOf", { k: d.written, n: d.planned }) : w("rowsK", { k: d.written }));
  if (d.closed) bits.push(w("closedTable"));
  if (d.paused) bits.push(w("paused"));
  if (d.away && d.away.length) bits.push(w("away", { who: who(d.away) }));
  if (d.clock) bits.push(w("clock", { who: names(d.id, d.clock.position), s: Math.max(0, Math.round(d.clock.left)) }));
  if (d.stuck) bits.push(w("stuck"));
  if (d.problem) bits.push(d.problem);
  return bits.join(" · ");
}

// the same deals at every table: each round's commitment (its seed once the round is over) and the
// ranking by comparison, beside the sheet's ranking (the official one)
function comparisonPart(c, id) {
  const short = (hex) => el("code", { title: hex, tabindex: 0, class: "fair-code" }, `${hex.slice(0, 12)}…`);
  return el("div", { "data-testid": "comparison-part" },
    c.rounds.map((r) => el("p", { class: "small", "data-testid": `round-commitment-${r.round}` },
      ...split(w("roundCommitment", { n: r.round, commitment: "\u0000" }), short(r.commitment)),
      r.seed ? el("span", {}, " · ", ...split(w("roundSeed", { seed: "\u0000" }), short(r.seed))) : null)),
    el("p", { class: "small" }, el("a", { href: "/fair", target: "_blank", rel: "noopener" }, w("howToCheck"))),
    comparisonTable(c.ranking, t, lang()),
    // the scorekeeper's ranking export carries the comparison beside the points
    el("a", { href: `/scorekeeper/api/tournaments/${id}/export/ranking.csv?lang=${lang()}`, "data-testid": "comparison-csv",
      onclick: (e) => { e.preventDefault(); guarded(() => download(e.currentTarget.href, `ranking-${id}.csv`)); } },
    w("comparisonCsv")));
}

// a file of an organiser's route (the session as the Authorization header, which a plain link lacks)
async function download(path, name) {
  const res = await fetch(path, { headers: { Authorization: `Bearer ${state.key}` } });
  if (!res.ok) throw new Refused(`HTTP ${res.status}`);
  const url = URL.createObjectURL(await res.blob());
  const a = el("a", { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  URL.revokeObjectURL(url);
}

// a sentence with one placeholder (\u0000) split around an element put in its place
function split(text, node) {
  const [a, b = ""] = text.split("\u0000");
  return [a, node, b];
}

async function showCup(id) {
  state.cup = id;
  $("list-panel").hidden = true;
  $("create-panel").hidden = true;
  $("cup-panel").hidden = false;
  const data = await call(`/cup/api/cups/${id}`);
  const tt = data.tournament;
  const ranking = await call(`/cup/api/cups/${id}/standings`);
  const next = tt.rounds.length + 1;
  const checkin = (tt.online || {}).checkin || {};
  const last = tt.rounds[tt.rounds.length - 1];
  const seatsOf = {};
  for (const r of tt.rounds) for (const tab of r.tables) seatsOf[tab.id] = tab.seats;
  const names = (tableId, pos) => (seatsOf[tableId] || []).find((s) => s.position === pos)?.name ?? pos;
  const invite = el("div", { "data-testid": "invite" });
  const addNames = el("textarea", { rows: 3, "data-testid": "add-players" });
  const started = last && last.tables.some((x) => x.server_table);
  const mine = data.tables.filter((d) => last && d.round === last.number);
  const act = (label, path, testid, body = {}) => el("button", { type: "button", "data-testid": testid,
    onclick: () => guarded(async () => { await call(path, { method: "POST", body }); await showCup(id); }) }, label);
  $("cup").replaceChildren(...[
    el("h2", {}, `${tt.name} · ${g(tt.game)}${tt.profile ? " · " + tt.profile : ""}`),
    el("div", { class: "row" },
      el("button", { type: "button", "data-testid": "invite-button", onclick: () => guarded(async () => {
        const out = await call(`/cup/api/cups/${id}/invite`, { method: "POST", body: {} });
        const url = location.origin + out.invite;
        invite.replaceChildren(el("p", { class: "small" }, w("invitationHint")),
          el("input", { value: url, readonly: true, "data-testid": "invite-link", style: "width:100%" }));
      }) }, w("invitation"))),
    invite,
    el("h3", {}, w("players", { n: tt.players.length })),
    el("p", { class: "small", "data-testid": "player-list" }, tt.players.map((p) => p.name).join(", ") || t("nobody")),
    tt.rounds.length ? null : el("div", {}, addNames, el("button", { type: "button", "data-testid": "add-players-button",
      onclick: () => guarded(async () => {
        const players = addNames.value.split("\n").map((x) => x.trim()).filter(Boolean).map((n) => ({ name: n }));
        if (players.length) await call(`/cup/api/cups/${id}/players`, { method: "POST", body: { players } });
        await showCup(id);
      }) }, t("register"))),
    next <= tt.rounds_planned ? el("div", { class: "row" },
      checkin.open && checkin.round === next
        ? act(w("checkinClose"), `/cup/api/cups/${id}/checkin/open`, "checkin-close", { open: false })
        : act(w("checkinOpen", { n: next }), `/cup/api/cups/${id}/checkin/open`, "checkin-open", { open: true }),
      checkin.round === next ? el("span", { class: "small", "data-testid": "checked-in" },
        w("checkedIn", { n: (checkin.players || []).length, r: next })) : null,
      act(w("drawRound", { n: next }), `/cup/api/cups/${id}/rounds`, "draw", { method: "schedule" })) : null,
    last && !started ? act(w("startRound", { n: last.number }), `/cup/api/cups/${id}/start`, "start") : null,
    last ? el("h3", {}, w("tablesOnline")) : null,
    last ? el("ul", { "data-testid": "dashboard" }, last.tables.map((tab) => {
      const d = mine.find((x) => x.id === tab.id);
      return el("li", { "data-testid": `dash-${tab.number}` },
        el("strong", {}, t("table", { n: tab.number })), " ",
        el("span", { class: "small" }, tab.seats.map((s) => s.name).join(", ")), el("br"),
        el("span", { class: "small" }, tab.kind === "live" ? w("live") : d ? tableLine(d, names) : ""),
        // a mixed cup: each table of a drawn round is live or online until the round starts
        (tt.online || {}).mixed && !started ? act(tab.kind === "live" ? w("makeOnline") : w("makeLive"),
          `/cup/api/cups/${id}/tables/${tab.id}/kind`, `kind-${tab.number}`,
          { kind: tab.kind === "live" ? "online" : "live" }) : null,
        d && !d.closed ? el("span", { class: "row" },
          d.paused ? act(w("resume"), `/cup/api/cups/${id}/tables/${tab.id}/resume`, `resume-${tab.number}`)
            : act(w("pause"), `/cup/api/cups/${id}/tables/${tab.id}/pause`, `pause-${tab.number}`),
          el("button", { type: "button", "data-testid": `replace-${tab.number}`, onclick: () => guarded(async () => {
            const answer = prompt(w("replacePrompt"));
            if (!answer) return;
            const [pos, ...rest] = answer.trim().split(/\s+/);
            await call(`/cup/api/cups/${id}/tables/${tab.id}/replace`, { method: "POST",
              body: rest.length ? { position: +pos, name: rest.join(" ") } : { position: +pos } });
            await showCup(id);
          }) }, w("replace"))) : null);
    })) : null,
    el("h3", {}, w("standings")),
    rankingTable(ranking.ranking, t),
    ranking.comparison ? comparisonPart(ranking.comparison, id) : null,
    el("div", { class: "row" },
      tt.published ? el("a", { href: `/scorekeeper/results?t=${id}`, "data-testid": "public-link" }, w("publicPage"))
        : act(w("publish"), `/cup/api/cups/${id}/publish`, "publish", { published: true }),
      el("a", { href: "/scorekeeper/" }, t("organiser"))),
  ].filter((x) => x));
  say(w("refreshed", { time: new Date().toLocaleTimeString(lang()) }));
}

async function render() {
  await loadCatalog();
  nav($("nav"), () => { render(); });
  $("page-title").textContent = w("onlineCups");
  if (!state.key) return showLogin();
  const id = new URLSearchParams(location.search).get("t");
  try {
    if (id) await showCup(+id); else await showList();
  } catch (e) {
    if (!state.key) return showLogin();
    say(e.message, true);
  }
}

// live: the dashboard and the standings follow each finished game within seconds
state.timer = setInterval(() => {
  const typing = document.activeElement && $("cup").contains(document.activeElement)
    && ["INPUT", "TEXTAREA", "SELECT"].includes(document.activeElement.tagName);
  if (state.cup && state.key && !document.hidden && !typing) guarded(() => showCup(state.cup));
}, 3000);
window.addEventListener("popstate", () => { state.cup = null; render(); });
render();
