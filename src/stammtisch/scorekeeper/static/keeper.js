// A table's list, phone first: the list keeper (entry code from the table card) writes the next game
// by meaning and corrects or strikes the last one; the tournament's organiser (logged in on the
// organiser page) may correct or strike any row, with a reason. Every revision shows its author.
import { api, el, euros } from "./api.js";
import { activeOf, buildEntry } from "./entry.js";
import { nav } from "./nav.js";
import { checkText, g, lang, loadCatalog, msg, pointsText, t } from "./words.js";

const $ = (id) => document.getElementById(id);
const tableId = +(/\/tisch\/(\d+)/.exec(location.pathname) || [])[1];
const keeperKey = `sk-table-${tableId}`;
const state = { tab: null, form: null, entry: null, correcting: null, boss: false, open: null, history: {}, previewTimer: null };
const token = () => sessionStorage.getItem(keeperKey) || sessionStorage.getItem("sk-session");

function status(msg, cls = "ok") {
  $("status").className = cls;
  $("status").textContent = msg;
}

async function guard(fn) {
  try { await fn(); } catch (e) { status(e.message, "error"); }
}

const nameFull = (p) => (state.tab.seats[p - 1] || {}).name || String(p);
const nameOf = nameFull;
const short = (s) => { const w = s.split(" ")[0]; return w.length > 7 ? w.slice(0, 6) + "…" : w; };

// a row's game in the players' words: the contract as they call it and who played it
function labelOf(r, brief = false) {
  const f = r.facts || {};
  const nameOf = brief ? (p) => short(nameFull(p)) : nameFull;
  if (f.kind !== "game" && f.kind !== undefined) return msg(r.label);
  const tab = state.tab;
  if (tab.game === "tarock" && f.contract) {
    const who = f.declarer ? ` · ${nameOf(f.declarer)}${f.partner ? ` + ${nameOf(f.partner)}` : ""}` : "";
    const ren = (f.renonces || []).length ? ` · ${t("renonce")} ${f.renonces.map((x) => nameOf(x.offender)).join(", ")}` : "";
    return `${g(f.contract)}${who}${ren}`;
  }
  if (tab.game === "doppelkopf" && f.contract) return `${g(f.contract)} · ${(f.re || []).map(nameOf).join(" + ")}`;
  if (tab.game === "jass" && f.mode) {
    const m = ((state.form.spec || {}).modes || []).find((x) => x.name === f.mode);
    return `${m ? m.title : f.mode}${f.declarer ? ` · ${nameOf(f.declarer)}` : ""}${f.ruling ? ` · ${f.ruling}${f.offender ? ` ${nameOf(f.offender)}` : ""}` : ""}`;
  }
  return msg(r.label);
}

// the moves a computer player made for a person at an online table (the clock ran out, or he was
// away), as kept with the row (docs/tournaments.md)
function flagsOf(r, brief = false) {
  const flags = ((r.facts || {}).online || {}).flags || [];
  const nameOf = brief ? (p) => short(nameFull(p)) : nameFull;
  const who = (actor) => [...new Set(flags.filter((x) => x[1] === actor).map((x) => x[0]))].map(nameOf).join(", ");
  return ["timer", "standin"].filter((a) => flags.some((x) => x[1] === a))
    .map((a) => ` · ${t(a === "timer" ? "flagTimer" : "flagStandin", { who: who(a) })}`).join("");
}

function signed(v) { return v > 0 ? `+${v}` : String(v); }

// a settlement line in the page's language (engine messages through the catalogue; seats are positions - 1)
// card points as the players write them on the Tischzettel: "35/2" (35 Punkte und 2 Blatt), not 35⅔
function blatt(m) {
  if (!m || typeof m !== "object" || !m.args) return m;
  const args = Object.fromEntries(Object.entries(m.args).map(([k, v]) =>
    [k, typeof v === "number" && (k === "thirds" || k.endsWith("_thirds")) ? pointsText(v) : v]));
  return { ...m, args };
}

function lineText(l) {
  const seat = (v) => nameOf(v + 1);
  return `${msg(blatt(l.label), seat)} ${signed(l.value)}${l.note ? ` (${msg(blatt(l.note), seat)})` : ""}`;
}

function pointsInWords(points, cols) {
  const tab = state.tab;
  const named = cols.length === tab.seats.length;
  return points.map((p, i) => `${named ? nameOf(i + 1) : cols[i]} ${signed(p)}`).join(", ");
}

async function load() {
  state.tab = await api(`/tables/${tableId}`, { token: token() });
  if (!state.form || state.form.tid !== state.tab.tournament) {
    state.form = await api(`/tournaments/${state.tab.tournament}/form`);
    state.form.tid = state.tab.tournament;
  }
  const org = sessionStorage.getItem("sk-session");
  state.boss = false;
  if (org && !sessionStorage.getItem(keeperKey)) {
    const me = await api("/me", { token: org }).catch(() => null);
    state.boss = !!(me && me.organiser && me.tournaments.some((x) => x.id === state.tab.tournament));
  }
}

function renderAll() {
  nav($("nav"), renderAll);
  $("code-label").textContent = t("enterCode");
  $("unlock-btn").textContent = t("unlock");
  if (!state.tab) return;
  const tab = state.tab;
  // a published list can be read by anybody; writing needs the card's code (or the organiser)
  const canWrite = !!sessionStorage.getItem(keeperKey) || state.boss;
  $("unlock").hidden = canWrite;
  // an online table's games come from the server (docs/tournaments.md): no new game by hand; the
  // organiser still corrects or strikes a row in its detail
  $("entry").hidden = !canWrite || tab.kind === "online";
  $("keeper").hidden = false;
  $("title").textContent = `${tab.tournament_name} · ${t("round", { n: tab.round })} · ${t("table", { n: tab.number })}`;
  document.title = `${t("table", { n: tab.number })} — ${tab.tournament_name}`;
  renderSheet();
  renderEntry();
}

function renderSheet() {
  const tab = state.tab;
  const named = tab.columns.length === tab.seats.length;
  const cols = named ? tab.seats.map((s) => short(s.name)) : tab.columns;
  const money = tab.money_totals;
  $("list-title").textContent = tab.planned ? t("games", { n: tab.normal_games, p: tab.planned }) : t("gamesOpen", { n: tab.normal_games });
  const last = tab.rows.length;
  $("sheet").replaceChildren(el("table", { class: "sheet" },
    el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", { class: "label" }, t("game")),
      cols.map((c, i) => el("th", { scope: "col", title: named ? tab.seats[i].name : c }, c)))),
    el("tbody", {}, tab.rows.map((r) => el("tr", {
      class: `rowbtn${r.struck ? " struck" : ""}${state.open === r.number ? " mine" : ""}`, "data-testid": `row-${r.number}`,
      tabindex: "0", onclick: () => openRow(r.number), onkeydown: (e) => { if (e.key === "Enter") openRow(r.number); } },
      el("td", {}, r.number),
      el("td", { class: "label" }, labelOf(r, true) + (r.pflichtsolo_by ? ` · ${t("pflichtsolo")}` : "") + flagsOf(r, true),
        r.revision > 1 ? el("span", { class: "muted small", title: t("version", { n: r.revision }) }, ` ✎${r.revision}`) : null),
      r.points.map((p, i) => el("td", { class: named && tab.size === 5 && r.dealer === i + 1 && p === 0 ? "sitting" : "" }, r.struck ? "0" : p))))),
    el("tfoot", {},
      el("tr", { "data-testid": "totals" }, el("td", {}), el("th", { class: "label", scope: "row" }, t("total")), tab.totals.map((x) => el("td", {}, x))),
      money ? el("tr", { "data-testid": "money" }, el("td", {}), el("th", { class: "label", scope: "row", title: t("moneyNote") }, t("money")),
        money.map((x) => el("td", {}, x))) : null,
      tab.cents_totals ? el("tr", { "data-testid": "euros" }, el("td", {}), el("th", { class: "label", scope: "row" }, t("euros")),
        tab.cents_totals.map((x) => el("td", {}, euros(x, lang())))) : null)));
  // scroll the list's end into view (the latest rows) inside its box
  const wrap = $("sheet");
  wrap.scrollTop = wrap.scrollHeight;
  renderDetail();
  const ps = tab.pflichtsolo;
  $("pflicht").replaceChildren(...(ps ? [el("h3", {}, t("pflichtTitle")), el("div", { class: "pflicht" },
    tab.seats.map((s) => {
      const n = ps[String(s.position)];
      return el("span", { class: `badge ${n ? "done" : "owed"}`, "data-testid": `pflicht-${s.position}` },
        `${s.name}: ${n ? t("pflichtDone", { n }) : t("pflichtOwed")}`);
    }))] : []));
  // the number of games is in the list's title; the rest of the check below the list
  const cs = tab.checks.filter((c) => c.level !== "info" && c.code !== "games");
  $("checks").replaceChildren(...(cs.length ? [el("h3", {}, t("checks")), el("ul", { class: "small" }, cs.map((c) =>
    el("li", { class: c.level }, checkText(c, nameOf))))] : []));

}

function mayChange(n) {
  return state.boss ? true : n === state.tab.rows.length;
}

async function openRow(n) {
  state.open = state.open === n ? null : n;
  if (state.open) state.history[n] = await api(`/tables/${tableId}/entries/${n}/history`, { token: token() }).catch(() => null);
  renderSheet();
}

function renderDetail() {
  const n = state.open;
  const tab = state.tab;
  const r = tab.rows.find((x) => x.number === n);
  if (!r) { $("detail").replaceChildren(); return; }
  const acts = { write: t("actWrite"), correct: t("actCorrect"), "late-correct": t("actLate"), strike: t("actStrike") };
  const hist = state.history[n] || [];
  const reason = el("input", { "data-testid": `detail-reason-${n}`, "aria-label": t("reason"), placeholder: t("reason") });
  $("detail").replaceChildren(el("div", { class: "preview", "data-testid": `detail-${n}` },
    el("div", {}, el("strong", {}, `${t("gameN", { n })}: ${labelOf(r)}`)),
    el("div", { class: "pts" }, pointsInWords(r.struck ? r.points.map(() => 0) : r.points, tab.columns)),
    r.money ? el("div", { class: "small" }, `${t("money")}: ${pointsInWords(r.struck ? r.money.map(() => 0) : r.money, tab.columns)}`) : null,
    el("ul", {}, r.lines.map((l) => el("li", {}, lineText(l)))),
    el("h3", {}, t("history")),
    el("ol", { class: "hist", "data-testid": `history-${n}` }, hist.map((h) => el("li", {},
      `${acts[h.action] || h.action} ${t("by", { who: h.author || "?" })}, ${String(h.at).replace("T", " ").slice(0, 16)}`
      + `${h.reason ? ` — ${h.reason}` : ""}: ${(h.settlement.points || []).join(" / ")}`))),
    !r.struck && mayChange(n) ? el("div", { class: "row" },
      el("button", { type: "button", "data-testid": `correct-${n}`, onclick: () => startCorrect(r) }, t("correct")),
      reason,
      el("button", { type: "button", class: "danger", "data-testid": `strike-${n}`, onclick: () => guard(() => strike(r, reason.value)) }, t("strike")))
      : null,
    el("p", { class: "small muted" }, state.boss ? t("organiserHere") : t("onlyLast"))));
}

function contextOf(number) {
  // the dealer of the row being corrected, or of the next game
  const tab = state.tab;
  if (number) return tab.rows[number - 1].dealer;
  return tab.next.dealer;
}

function renderEntry() {
  const tab = state.tab;
  const n = state.correcting;
  const dealer = contextOf(n);
  const number = n || tab.next.number;
  const sitting = tab.size === 5 ? dealer : null;
  $("entry-title").textContent = (n ? t("correcting", { n }) : t("dealerIs", { n: number, name: nameOf(dealer) }))
    + (sitting && !n ? ` · ${t("sitsOut", { name: nameOf(sitting) })}` : "");
  const prefill = n ? tab.rows[n - 1].facts : null;
  state.entry = buildEntry($("fields"), { spec: state.form.spec, game: tab.game, seats: tab.seats, size: tab.size, dealer,
    columns: tab.columns, prefill, onChange: schedulePreview });
  $("write-btn").textContent = n ? t("correct") : t("write");
  $("cancel-btn").textContent = t("cancel");
  $("cancel-btn").hidden = !n;
  $("reason-row").hidden = !n;
  $("reason-label").textContent = n && n !== tab.rows.length ? t("reasonNeeded") : t("reason");
  $("preview").hidden = true;
  if (n) schedulePreview();
}

function schedulePreview() {
  clearTimeout(state.previewTimer);
  state.previewTimer = setTimeout(() => preview().catch(() => {}), 250);
}

async function preview() {
  const facts = state.entry.facts();
  if (facts.kind === "game" && Object.keys(facts).length < 2) { $("preview").hidden = true; return; }
  let s;
  try {
    s = await api(`/tables/${tableId}/preview`, { method: "POST", token: token(), body: { facts } });
  } catch (e) {
    $("preview").hidden = false;
    $("preview").replaceChildren(el("span", { class: "muted small" }, e.message));
    return;
  }
  $("preview").hidden = false;
  $("preview").replaceChildren(el("div", {}, el("strong", {}, labelOf({ facts, label: s.label }))),
    el("div", { class: "pts", "data-testid": "preview-points" }, pointsInWords(s.points, state.tab.columns)),
    s.money ? el("div", { class: "small" }, `${t("money")}: ${pointsInWords(s.money, state.tab.columns)}`) : null,
    el("ul", {}, s.lines.map((l) => el("li", {}, lineText(l)))));
}

function startCorrect(r) {
  state.correcting = r.number;
  renderEntry();
  $("entry").scrollIntoView({ block: "start" });
}

async function strike(r, reason) {
  if (!reason.trim()) throw new Error(t("reasonNeeded"));
  const out = await api(`/tables/${tableId}/entries/${r.number}/strike`, { method: "POST", token: token(),
    body: { version: state.tab.version, reason } });
  state.tab = out.table;
  state.history[r.number] = await api(`/tables/${tableId}/entries/${r.number}/history`, { token: token() }).catch(() => null);
  renderAll();
  status(t("struck", { n: r.number }));
}

$("entry-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const facts = state.entry.facts();
  const tab = state.tab;
  const n = state.correcting;
  let out;
  if (n) {
    const late = n !== tab.rows.length;
    out = await api(`/tables/${tableId}/entries/${n}`, { method: "PUT", token: token(),
      body: { version: tab.version, facts, reason: e.target.reason.value, late } });
    status(t("corrected", { n }));
    state.correcting = null;
    if (state.open === n) state.history[n] = await api(`/tables/${tableId}/entries/${n}/history`, { token: token() }).catch(() => null);
  } else {
    out = await api(`/tables/${tableId}/entries`, { method: "POST", token: token(), body: { version: tab.version, facts } });
    status(`${t("written", { n: out.row.number })}: ${labelOf(out.row)} — ${pointsInWords(out.row.points, tab.columns)}`);
  }
  state.tab = out.table;
  e.target.reason.value = "";
  renderAll();
  // the list's newest rows and the next entry in view: the list at the top of the screen, the entry below
  state.open = null;
  renderSheet();
  $("sheet").scrollIntoView({ block: "start" });
}); });

$("cancel-btn").addEventListener("click", () => { state.correcting = null; renderEntry(); });

$("unlock-form").addEventListener("submit", (e) => { e.preventDefault(); guard(async () => {
  const out = await api(`/tables/${tableId}/unlock`, { method: "POST", body: { code: e.target.code.value } });
  e.target.code.value = "";
  sessionStorage.setItem(keeperKey, out.token);
  await load();
  renderAll();
  status(t("opened", { n: state.tab.number }));
}); });

async function main() {
  await loadCatalog();
  renderAll();
  if (!tableId) { status("?", "error"); return; }
  try {
    await load();
  } catch (e) {
    if (e.status === 403 || e.status === 401) {
      sessionStorage.removeItem(keeperKey);
      $("unlock").hidden = false;
      return;
    }
    throw e;
  }
  renderAll();
}
main().catch((e) => status(e.message, "error"));
