// Organiser pages: log in, create, register, draw, issue codes, enter, correct, strike, publish, export.
// The session token lives in sessionStorage and goes out in the Authorization header only.
import { api, download, el, rankingTable } from "./api.js";

const $ = (id) => document.getElementById(id);
// an engine message {id, args} as text (its source words; the page does not load the catalogues yet)
const text = (m) => (m && typeof m === "object" && typeof m.id === "string"
  ? m.id.replace(/\{(\w+)\}/g, (all, k) => (m.args && k in m.args ? (Array.isArray(m.args[k]) ? m.args[k].map(text).join(", ") : text(m.args[k])) : all))
  : m === null || m === undefined ? "" : String(m));
const state = { t: null, key: sessionStorage.getItem("sk-session"), tableKey: null, organiser: null, table: null,
  games: [], form: null };
// the list keeper's session (from the table card's code) writes one table; otherwise the organiser's
const tableToken = () => state.tableKey || state.key;

function status(msg, cls = "info") {
  $("status").className = cls;
  $("status").textContent = msg;
}

async function guard(fn) {
  try { await fn(); } catch (e) { status(e.message, "error"); }
}

async function loadGames() {
  state.games = await api("/games");
  $("create-form").game.replaceChildren(...state.games.map((g) => el("option", { value: g.game }, g.title)));
}

async function showLogin() {
  let me = null;
  if (state.key) me = await api("/me", { token: state.key }).catch(() => null);
  state.organiser = me && me.organiser ? me.organiser : null;
  $("login-form").hidden = !!state.organiser;
  $("whoami").hidden = !state.organiser;
  $("create").hidden = !state.organiser;
  $("whoami-name").textContent = state.organiser ? state.organiser.name : "";
  $("my-tournaments").replaceChildren(...(state.organiser ? me.tournaments : []).map((t) =>
    el("button", { type: "button", "data-testid": `my-${t.id}`, onclick: () => guard(() => openTournament(t.id)) },
      `${t.name} (${t.game})`)));
}

function setSession(token) {
  state.key = token;
  if (token) sessionStorage.setItem("sk-session", token);
  else sessionStorage.removeItem("sk-session");
}

async function openTournament(id) {
  state.t = await api(`/tournaments/${id}`, { token: state.key });
  renderTournament();
}

function renderTournament() {
  const t = state.t;
  $("tournament").hidden = false;
  $("t-title").textContent = `${t.name} (${t.game}) — Turnier ${t.id}`;
  $("players").textContent = t.players.map((p) => `${p.number}. ${p.name}${p.club ? " (" + p.club + ")" : ""}`).join(", ") || "noch niemand";
  $("rounds").replaceChildren(...t.rounds.map((r) => el("div", { "data-testid": `round-${r.number}` },
    el("strong", {}, `Runde ${r.number}`), ` (${r.method}${r.seed ? ", Seed " + r.seed : ""}, Wiederholungen ${r.repeat_pairs}) `,
    ...r.tables.map((tab) => el("button", { "data-testid": `table-${r.number}-${tab.number}`,
      onclick: () => guard(() => { state.tableKey = null; return openTable(tab.id); }) },
      `Tisch ${tab.number} (${tab.size}) ${tab.normal_games}/${tab.planned}${tab.errors ? " ⚠" : ""}`)))));
  $("exports").replaceChildren(...["ranking.csv", "sheets.csv", "results.pdf", "sheets.pdf"].map((n) =>
    el("button", { type: "button", class: "export", "data-testid": `export-${n}`,
      onclick: () => guard(() => download(`/tournaments/${t.id}/export/${n}`, n, { token: state.key })) }, n)));
  $("publish-btn").textContent = t.published ? "Veröffentlichung zurücknehmen" : "Veröffentlichen";
}

async function refreshTournament() {
  state.t = await api(`/tournaments/${state.t.id}`, { token: state.key });
  renderTournament();
}

async function openTable(id) {
  state.table = await api(`/tables/${id}`, { token: tableToken() });
  if (!state.form || state.form.tid !== state.table.tournament) {
    state.form = await api(`/tournaments/${state.table.tournament}/form`);
    state.form.tid = state.table.tournament;
  }
  renderTable();
}

function renderFields() {
  const tab = state.table;
  const fields = (state.form && state.form.fields) || [];
  const positions = tab.seats.map((s) => s.position);
  const label = (p) => `${p}. ${tab.seats[p - 1].name}`;
  $("facts-fields").replaceChildren(...fields.map((f) => {
    let input;
    if (f.type === "select") {
      input = el("select", { name: `f-${f.name}`, "data-testid": `f-${f.name}` },
        f.optional && !f.options.includes(null) ? el("option", { value: "" }, "—") : null,
        f.options.map((o) => el("option", { value: o === null ? "" : JSON.stringify(o) }, o === null ? "—" : String(o))));
    } else if (f.type === "position") {
      input = el("select", { name: `f-${f.name}`, "data-testid": `f-${f.name}` }, el("option", { value: "" }, "—"),
        positions.map((p) => el("option", { value: p, disabled: tab.next.sitting === p }, label(p))));
    } else if (f.type === "positions") {
      input = el("span", {}, positions.map((p) => el("label", {}, el("input", { type: "checkbox", name: `f-${f.name}`,
        value: p, disabled: tab.next.sitting === p, "data-testid": `f-${f.name}-${p}` }), label(p))));
    } else if (f.type === "pair") {
      input = el("span", {}, el("input", { type: "number", name: `f-${f.name}-0`, "data-testid": `f-${f.name}-0` }),
        " : ", el("input", { type: "number", name: `f-${f.name}-1`, "data-testid": `f-${f.name}-1` }));
    } else if (f.type === "json") {
      input = el("input", { name: `f-${f.name}`, size: 60, placeholder: f.hint || "[]", "data-testid": `f-${f.name}` });
    } else {
      input = el("input", { type: f.type === "int" ? "number" : "text", name: `f-${f.name}`, "data-testid": `f-${f.name}` });
    }
    return el("div", {}, el("label", {}, f.label + " ", input));
  }));
}

function factsFromFields() {
  const form = $("entry-form");
  const facts = { kind: "game" };
  for (const f of state.form.fields) {
    let v;
    if (f.type === "positions") {
      v = [...form.querySelectorAll(`input[name="f-${f.name}"]:checked`)].map((x) => +x.value);
      if (!v.length) v = undefined;
    } else if (f.type === "pair") {
      const a = form[`f-${f.name}-0`].value, b = form[`f-${f.name}-1`].value;
      v = a === "" && b === "" ? undefined : [+(a || 0), +(b || 0)];
    } else {
      const raw = form[`f-${f.name}`].value.trim();
      if (raw === "") v = undefined;
      else if (f.type === "select") v = JSON.parse(raw);
      else if (f.type === "position" || f.type === "int") v = parseInt(raw, 10);
      else if (f.type === "json") v = JSON.parse(raw);
      else v = raw;
    }
    if (v !== undefined) facts[f.name] = v;
  }
  return facts;
}

function renderTable() {
  const tab = state.table;
  $("table").hidden = false;
  $("tab-title").textContent = `Runde ${tab.round}, Tisch ${tab.number} (Tisch-ID ${tab.id}) — Version ${tab.version}`;
  const cols = tab.columns.length === tab.seats.length ? tab.seats.map((s) => `${s.position}. ${s.name}`) : tab.columns;
  const last = tab.rows.length;
  $("sheet").replaceChildren(el("table", { class: "grid" },
    el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, "Geber"), el("th", {}, "Spiel"),
      cols.map((c) => el("th", {}, c)), el("th", {}, ""))),
    el("tbody", {},
      tab.rows.map((r) => el("tr", { class: r.struck ? "struck" : "", "data-testid": `row-${r.number}` },
        el("td", {}, r.number), el("td", {}, r.dealer),
        el("td", { title: r.lines.map((l) => `${text(l.label)} ${l.value}`).join("\n") },
          r.label + (r.pflichtsolo_by ? " [Pflichtsolo]" : "") + (r.revision > 1 ? ` (Rev. ${r.revision})` : "")),
        r.points.map((p) => el("td", { class: "num" }, p)),
        el("td", {},
          r.number === last && !r.struck ? el("button", { "data-testid": `correct-${r.number}`, onclick: () => startCorrect(r) }, "korrigieren") : null,
          !r.struck && (r.number === last || tab.late_corrections) ? el("button", { "data-testid": `strike-${r.number}`, onclick: () => guard(() => strike(r)) }, "streichen") : null))),
      el("tr", {}, el("td", {}), el("td", {}), el("th", {}, "Summe"), tab.totals.map((x) => el("th", { class: "num" }, x)), el("td", {})))));
  $("checks").replaceChildren(...tab.checks.map((c) => el("div", { class: c.level }, `${c.level}: ${c.message}${c.rule ? " (" + c.rule + ")" : ""}`)));
  const n = tab.next;
  $("entry-title").textContent = `Spiel ${n.number} eintragen — Geber Position ${n.dealer}` + (n.sitting ? `, Position ${n.sitting} setzt aus` : "");
  $("points-inputs").replaceChildren(...tab.columns.map((c, i) => el("label", {}, cols[i] + " ",
    el("input", { type: "number", name: `p${i}`, "data-testid": `pt-${i}`, value: "", disabled: tab.columns.length === tab.seats.length && n.sitting === i + 1 }))));
  const g = state.games.find((x) => x.game === tab.game);
  $("facts-help").textContent = g ? JSON.stringify(g.facts, null, 1) : "";
  renderFields();
  cancelCorrect();
}

function factsFromForm() {
  const f = $("entry-form");
  const text = f.facts.value.trim();
  if (text) return JSON.parse(text);
  if ($("facts-details").open && state.form && state.form.fields.length) return factsFromFields();
  const pts = state.table.columns.map((_, i) => {
    const inp = f[`p${i}`];
    return inp.disabled ? 0 : parseInt(inp.value || "0", 10);
  });
  return { kind: "row", points: pts };
}

function startCorrect(r) {
  const f = $("entry-form");
  f.correct.value = String(r.number);
  $("entry-title").textContent = `Spiel ${r.number} korrigieren`;
  if (r.facts.kind === "row") r.points.forEach((p, i) => { const inp = f[`p${i}`]; if (inp) { inp.disabled = false; inp.value = p; } });
  else f.facts.value = JSON.stringify(r.facts);
  $("cancel-correct").hidden = false;
}

function cancelCorrect() {
  const f = $("entry-form");
  f.correct.value = "";
  f.facts.value = "";
  f.reason.value = "";
  $("cancel-correct").hidden = true;
}

async function strike(r) {
  const reason = prompt(`Spiel ${r.number} streichen (0 für alle) — Grund:`, "Schreibfehler nicht klärbar");
  if (!reason) return;
  const out = await api(`/tables/${state.table.id}/entries/${r.number}/strike`, { method: "POST", token: tableToken(),
    body: { version: state.table.version, reason } });
  state.table = out.table;
  renderTable();
  status(`Spiel ${r.number} gestrichen`);
}

$("create-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const games = {};
  if (f.games4.value) games["4"] = +f.games4.value;
  if (f.games5.value) games["5"] = +f.games5.value;
  const body = { name: f.name.value, game: f.game.value, rounds: +f.rounds.value, games };
  if (f.season.value) body.season = f.season.value;
  if (f.single.checked) {
    body.kind = "table";
    body.names = f.names.value.split(",").map((x) => x.trim()).filter(Boolean);
  }
  const out = await api("/tournaments", { method: "POST", body, token: state.key });
  state.t = out.tournament;
  renderTournament();
  status(`Turnier ${state.t.id} angelegt`);
  await showLogin();
  if (f.single.checked) await openTable(state.t.rounds[0].tables[0].id);
}); });

$("login-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const out = await api("/login", { method: "POST", body: { name: f.name.value, password: f.password.value } });
  f.password.value = "";
  setSession(out.token);
  await showLogin();
  status(`angemeldet als ${out.organiser.name}`);
}); });

$("logout-btn").addEventListener("click", () => guard(async () => {
  await api("/logout", { method: "POST", token: state.key });
  setSession(null);
  state.t = null;
  $("tournament").hidden = true;
  $("table").hidden = true;
  await showLogin();
  status("abgemeldet");
}));

$("open-table-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const out = await api(`/tables/${f.id.value}/unlock`, { method: "POST", body: { code: f.code.value } });
  f.code.value = "";
  state.tableKey = out.token;  // a list keeper's session: this table only (kept in this page only)
  await openTable(f.id.value);
  status(`Tisch ${f.id.value} geöffnet`);
}); });

$("cards-btn").addEventListener("click", () => guard(async () => {
  const n = state.t.rounds.length;
  if (!n) throw new Error("noch keine Runde ausgelost");
  await download(`/tournaments/${state.t.id}/cards`, `tischkarten-runde-${n}.pdf`,
    { method: "POST", body: { round: n }, token: state.key });
  $("codes").replaceChildren();
  status(`Tischkarten der Runde ${n} mit neuen Codes erstellt`);
}));

$("codes-btn").addEventListener("click", () => guard(async () => {
  const n = state.t.rounds.length;
  if (!n) throw new Error("noch keine Runde ausgelost");
  const out = await api(`/tournaments/${state.t.id}/codes`, { method: "POST", body: { round: n }, token: state.key });
  const tables = state.t.rounds[n - 1].tables;
  $("codes").replaceChildren(el("ul", {}, tables.map((tab) => el("li", { "data-testid": `code-${tab.id}` },
    `Tisch ${tab.number} (Tisch-ID ${tab.id}): `, el("span", { class: "key" }, out.codes[String(tab.id)])))));
  status(`neue Eingabe-Codes für Runde ${n}`);
}));

$("players-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const players = e.target.names.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
    const [name, club] = l.split(";").map((x) => x.trim());
    return { name, club: club || "" };
  });
  await api(`/tournaments/${state.t.id}/players`, { method: "POST", token: state.key, body: players });
  e.target.names.value = "";
  await refreshTournament();
  status(`${players.length} Spieler angemeldet`);
}); });

$("draw-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const body = { method: f.method.value, prefer: f.prefer.value };
  if (f.seed.value) body.seed = f.seed.value;
  const r = await api(`/tournaments/${state.t.id}/rounds`, { method: "POST", token: state.key, body });
  await refreshTournament();
  status(`Runde ${r.number} ausgelost (Seed ${r.seed || "-"})`);
}); });

$("entry-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const facts = factsFromForm();
  const tab = state.table;
  let out;
  if (f.correct.value) {
    out = await api(`/tables/${tab.id}/entries/${f.correct.value}`, { method: "PUT", token: tableToken(),
      body: { version: tab.version, facts, reason: f.reason.value } });
    status(`Spiel ${f.correct.value} korrigiert`);
  } else {
    out = await api(`/tables/${tab.id}/entries`, { method: "POST", token: tableToken(), body: { version: tab.version, facts } });
    status(`Spiel ${out.row.number} eingetragen`);
  }
  state.table = out.table;
  renderTable();
  $("preview").textContent = out.row.lines.map((l) => `${text(l.label)} ${l.value}${l.note ? " (" + text(l.note) + ")" : ""}`).join("\n");
}).then(async () => { if (state.t) await guard(refreshTournament); }); });

$("preview-btn").addEventListener("click", () => guard(async () => {
  const s = await api(`/tables/${state.table.id}/preview`, { method: "POST", token: tableToken(), body: { facts: factsFromForm() } });
  $("preview").textContent = s.lines.map((l) => `${text(l.label)} ${l.value}`).join("\n") + `\n= ${s.points.join(" / ")}`;
}));

$("example-btn").addEventListener("click", () => {
  const g = state.games.find((x) => x.game === state.table.game);
  if (g) $("entry-form").facts.value = JSON.stringify(g.example);
});

$("cancel-correct").addEventListener("click", () => renderTable());

$("rank-btn").addEventListener("click", () => guard(async () => {
  const r = await api(`/tournaments/${state.t.id}/rankings`, { token: state.key });
  $("ranking").replaceChildren(rankingTable(r));
}));

$("checks-btn").addEventListener("click", () => guard(async () => {
  const cs = (await api(`/tournaments/${state.t.id}/checks`, { token: state.key })).filter((c) => c.level !== "info");
  $("all-checks").replaceChildren(cs.length ? el("ul", {}, cs.map((c) => el("li", { class: c.level },
    `Runde ${c.round}, Tisch ${c.table}: ${c.message}${c.rule ? " (" + c.rule + ")" : ""}`))) : el("p", {}, "Alles in Ordnung."));
}));

$("publish-btn").addEventListener("click", () => guard(async () => {
  state.t = await api(`/tournaments/${state.t.id}/publish`, { method: "POST", token: state.key, body: { published: !state.t.published } });
  renderTournament();
  status(state.t.published ? "veröffentlicht" : "nicht mehr öffentlich");
}));

loadGames().then(showLogin).catch((e) => status(e.message, "error"));
