// The organiser's page: log in, create, register, draw, seating, entry codes and table cards, checks,
// ranking, publish, export. Tables open on the list page (/scorekeeper/tisch/<id>), where the
// organiser may correct or strike any row with a reason. The session token lives in sessionStorage
// and goes out in the Authorization header only.
import { api, download, el, rankingTable } from "./api.js";
import { nav } from "./nav.js";
import { checkText, g, lang, loadCatalog, t } from "./words.js";

const $ = (id) => document.getElementById(id);
const state = { t: null, key: sessionStorage.getItem("sk-session"), organiser: null, games: [], me: null, once: null };

function status(msg, cls = "ok") {
  $("status").className = cls;
  $("status").textContent = msg;
}

async function guard(fn) {
  try { await fn(); } catch (e) { status(e.message, "error"); }
}

const newOnce = () => (crypto.randomUUID ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`);

function words() {
  nav($("nav"), () => { words(); renderTournament(); });
  const set = (id, k) => { $(id).textContent = t(k); };
  set("page-title", "organiser"); set("h-keeper", "keeper"); set("l-tableid", "tableId"); set("b-open", "openTable");
  set("h-login", "login"); set("l-name", "name"); set("l-password", "password"); set("b-login", "login");
  set("logout-btn", "logout"); set("h-create", "newTournament"); set("l-tname", "name"); set("l-game", "game");
  set("l-profile", "profile"); set("l-rounds", "rounds"); set("l-games4", "games4"); set("l-games5", "games5");
  set("l-season", "season"); set("l-single", "single"); set("l-names", "namesInOrder"); set("b-create", "create");
  set("h-reg", "registration"); set("b-reg", "register"); set("h-draw", "draw"); set("l-method", "method");
  set("l-seed", "seed"); set("l-prefer", "tables"); set("b-draw", "drawNext"); set("h-cards", "cards");
  set("codes-once", "codesOnce"); set("cards-btn", "printCards"); set("codes-btn", "showCodes");
  set("l-rate", "rateCents"); set("l-rate2", "rateCents"); set("b-rate", "setRate");
  set("h-scoring", "scoring"); set("rank-btn", "ranking"); set("checks-btn", "checkSheets");
  $("players-form").names.placeholder = t("onePerLine");
  $("draw-form").seed.placeholder = t("random");
  const m = $("draw-form").method.value || "balanced";
  $("draw-form").method.replaceChildren(...[["balanced", "mBalanced"], ["random", "mRandom"], ["schedule", "mSchedule"]].map(([v, k]) =>
    el("option", { value: v, selected: v === m }, t(k))));
  const p = $("draw-form").prefer.value || "four";
  $("draw-form").prefer.replaceChildren(...[["four", "preferFour"], ["five", "preferFive"]].map(([v, k]) =>
    el("option", { value: v, selected: v === p }, t(k))));
  if (state.me) $("whoami-name").textContent = t("loggedInAs", { name: state.organiser.name });
}

async function loadGames() {
  state.games = await api("/games");
  const sel = $("create-form").game;
  sel.replaceChildren(...state.games.map((x) => el("option", { value: x.game }, g(x.game))));
  sel.addEventListener("change", profiles);
  profiles();
}

function profiles() {
  const game = state.games.find((x) => x.game === $("create-form").game.value);
  $("create-form").profile.replaceChildren(...((game && game.profiles) || []).map((p) => el("option", { value: p }, p)));
}

async function showLogin() {
  let me = null;
  if (state.key) me = await api("/me", { token: state.key }).catch(() => null);
  state.me = me;
  state.organiser = me && me.organiser ? me.organiser : null;
  $("login-form").hidden = !!state.organiser;
  $("whoami").hidden = !state.organiser;
  $("create").hidden = !state.organiser;
  // a logged-in organiser sees his tournaments first; the list keeper's box goes below
  $("keeper-open").hidden = !!state.organiser;
  $("whoami-name").textContent = state.organiser ? t("loggedInAs", { name: state.organiser.name }) : "";
  $("my-tournaments").replaceChildren(...(state.organiser ? me.tournaments : []).map((x) =>
    el("button", { type: "button", "data-testid": `my-${x.id}`, onclick: () => guard(() => openTournament(x.id)) },
      `${x.name} (${g(x.game)})`)));
  if (!state.once) state.once = newOnce();
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
  const tt = state.t;
  if (!tt) return;
  $("tournament").hidden = false;
  $("create-details").open = false;  // the open tournament first; a new one behind its summary
  $("t-title").textContent = `${tt.name} · ${g(tt.game)}${tt.profile ? ` (${tt.profile})` : ""} · #${tt.id}`;
  $("rate-form").rate.value = tt.rate_cents ?? "";
  if (state.key) address().catch(() => {});  // warn before anybody prints cards with a loopback address
  $("players").textContent = tt.players.map((p) => `${p.number}. ${p.name}${p.club ? " (" + p.club + ")" : ""}`).join(", ") || t("nobody");
  $("rounds").replaceChildren(...tt.rounds.map((r) => el("div", { "data-testid": `round-${r.number}` },
    el("h3", {}, `${t("round", { n: r.number })} · ${t(r.method === "schedule" ? "mSchedule" : r.method === "balanced" ? "mBalanced" : r.method === "random" ? "mRandom" : "seating")}`
      + `${r.seed ? ` · ${t("seed")} ${r.seed}` : ""} · `, el("span", { "data-testid": `repeats-${r.number}` }, t("repeats", { n: r.repeat_pairs })),
      r.repeats_bound === null || r.repeats_bound === undefined ? "" : el("span", { class: "small muted", "data-testid": `proven-${r.number}` },
        ` · ${r.repeats_proven ? t("repeatsMinimum") : t("repeatsBest", { n: r.repeats_bound })}`)),
    el("div", { class: "tables" }, r.tables.map((tab) => el("div", { class: "tablecard", "data-testid": `seating-${r.number}-${tab.number}` },
      el("div", { class: "row" }, el("strong", {}, `${t("table", { n: tab.number })}${tab.size === 5 ? ` · ${t("seatsFive")}` : ""}`),
        el("span", { class: "small muted" }, `${t("games", { n: tab.normal_games, p: tab.planned || "–" })}${tab.errors ? " ⚠" : ""}`)),
      el("ol", {}, tab.seats.map((s) => el("li", {}, `${s.name} `, el("span", { class: "muted small" }, `${t("no")} ${s.number}`)))),
      el("a", { href: `/scorekeeper/tisch/${tab.id}`, "data-testid": `table-${r.number}-${tab.number}` },
        `${t("openList")} (${t("tableId")} ${tab.id})`)))))));
  $("exports").replaceChildren(...["ranking.csv", "sheets.csv", "results.pdf", "sheets.pdf"].map((n) =>
    el("button", { type: "button", "data-testid": `export-${n}`,
      onclick: () => guard(() => download(`/tournaments/${tt.id}/export/${n}?lang=${lang()}`, n, { token: state.key })) }, n)));
  $("publish-btn").textContent = tt.published ? t("unpublish") : t("publish");
}

async function refreshTournament() {
  state.t = await api(`/tournaments/${state.t.id}`, { token: state.key });
  renderTournament();
}

$("create-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const games = {};
  if (f.games4.value) games["4"] = +f.games4.value;
  if (f.games5.value) games["5"] = +f.games5.value;
  const body = { name: f.name.value, game: f.game.value, rounds: +f.rounds.value, games, once: state.once };
  if (f.profile.value) body.profile = f.profile.value;
  if (f.season.value) body.season = f.season.value;
  if (f.rate.value !== "") body.rate = +f.rate.value;
  const single = f.single.checked;
  if (single) {
    body.kind = "table";
    body.names = f.names.value.split(",").map((x) => x.trim()).filter(Boolean);
  }
  $("b-create").disabled = true;
  try {
    const out = await api("/tournaments", { method: "POST", body, token: state.key });
    state.t = out.tournament;
  } finally {
    $("b-create").disabled = false;
  }
  // the next click is a new tournament only after the form was filled again
  f.reset();
  profiles();
  state.once = newOnce();
  renderTournament();
  status(t("created", { id: state.t.id }));
  await showLogin();
  if (single) location.href = `/scorekeeper/tisch/${state.t.rounds[0].tables[0].id}`;
}); });

$("login-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const out = await api("/login", { method: "POST", body: { name: f.name.value, password: f.password.value } });
  f.password.value = "";
  setSession(out.token);
  await showLogin();
  status(t("loggedInAs", { name: out.organiser.name }));
}); });

$("logout-btn").addEventListener("click", () => guard(async () => {
  await api("/logout", { method: "POST", token: state.key });
  setSession(null);
  state.t = null;
  $("tournament").hidden = true;
  await showLogin();
  status(t("loggedOut"));
}));

$("open-table-form").addEventListener("submit", (e) => {
  e.preventDefault();
  location.href = `/scorekeeper/tisch/${+e.target.id.value}`;
});

function lastRound() {
  const n = state.t.rounds.length;
  if (!n) throw new Error(t("noRound"));
  return n;
}

// the address the cards will carry: phones cannot open a loopback one (serve --public-url, docs/scorekeeper.md)
async function address() {
  const a = await api("/address", { token: state.key });
  $("card-address").textContent = t("cardAddress", { url: `${a.base}/scorekeeper/tisch/…` });
  $("address-warning").hidden = !a.loopback;
  $("address-warning").textContent = a.loopback ? t("loopbackWarning", { url: a.base }) : "";
  $("proxy-warning").hidden = !a.proxy_warning;
  $("proxy-warning").textContent = a.proxy_warning ? t("proxyWarning", { proxy: a.proxy_warning.proxy }) : "";
  return a;
}

$("rate-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const v = e.target.rate.value;
  await api(`/tournaments/${state.t.id}/rate`, { method: "POST", token: state.key, body: { rate: v === "" ? null : +v } });
  await refreshTournament();
  status(v === "" ? t("noRate") : t("rateSet", { rate: +v }));
}); });

$("cards-btn").addEventListener("click", () => guard(async () => {
  const n = lastRound();
  const a = await address();
  if (a.loopback && !confirm(t("loopbackWarning", { url: a.base }))) return;
  if (!confirm(t("confirmCodes", { n }))) return;
  await download(`/tournaments/${state.t.id}/cards?lang=${lang()}`, `tischkarten-runde-${n}.pdf`,
    { method: "POST", body: { round: n }, token: state.key });
  $("codes").replaceChildren();
  status(t("cardsMade", { n }));
}));

$("codes-btn").addEventListener("click", () => guard(async () => {
  const n = lastRound();
  if (!confirm(t("confirmCodes", { n }))) return;
  const out = await api(`/tournaments/${state.t.id}/codes`, { method: "POST", body: { round: n }, token: state.key });
  const tables = state.t.rounds[n - 1].tables;
  $("codes").replaceChildren(el("ul", {}, tables.map((tab) => el("li", { "data-testid": `code-${tab.id}` },
    `${t("table", { n: tab.number })} (${t("tableId")} ${tab.id}): `, el("span", { class: "key" }, out.codes[String(tab.id)])))));
  status(t("codesFor", { n }));
}));

$("players-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const players = e.target.names.value.split("\n").map((l) => l.trim()).filter(Boolean).map((l) => {
    const [name, club] = l.split(";").map((x) => x.trim());
    return { name, club: club || "" };
  });
  await api(`/tournaments/${state.t.id}/players`, { method: "POST", token: state.key, body: players });
  e.target.names.value = "";
  await refreshTournament();
  status(t("registered", { n: players.length }));
}); });

$("draw-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const f = e.target;
  const body = { method: f.method.value, prefer: f.prefer.value };
  if (f.seed.value) body.seed = f.seed.value;
  const r = await api(`/tournaments/${state.t.id}/rounds`, { method: "POST", token: state.key, body });
  await refreshTournament();
  status(`${t("drawn", { n: r.number })} · ${t("repeats", { n: r.repeat_pairs })}`);
}); });

$("rank-btn").addEventListener("click", () => guard(async () => {
  const r = await api(`/tournaments/${state.t.id}/rankings`, { token: state.key });
  $("ranking").replaceChildren(rankingTable(r, t, lang()));
}));

$("checks-btn").addEventListener("click", () => guard(async () => {
  const cs = (await api(`/tournaments/${state.t.id}/checks`, { token: state.key })).filter((c) => c.level !== "info");
  $("all-checks").replaceChildren(cs.length ? el("ul", {}, cs.map((c) => el("li", { class: c.level },
    `${t("round", { n: c.round })}, ${t("table", { n: c.table })}: ${checkText(c)}`))) : el("p", {}, t("allGood")));
}));

$("publish-btn").addEventListener("click", () => guard(async () => {
  state.t = await api(`/tournaments/${state.t.id}/publish`, { method: "POST", token: state.key, body: { published: !state.t.published } });
  renderTournament();
  status(state.t.published ? t("published") : t("unpublishedMsg"));
}));

loadCatalog().then(() => { words(); return loadGames(); }).then(showLogin).then(words)
  .catch((e) => status(e.message, "error"));
