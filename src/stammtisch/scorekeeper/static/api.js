// Small client for the scorekeeper API (plain ES module, no build step).
import { msg } from "./i18n.js";

export const BASE = "/scorekeeper/api";

// an error's words in the page's language: its message {id, args} through the catalogue, else its text
function said(body) {
  if (!body) return "";
  const text = body.msg && typeof body.msg === "object" ? msg(body.msg) : body.message;
  return text ? text + (body.rule ? ` (${body.rule})` : "") : "";
}

export class ApiError extends Error {
  constructor(status, body) {
    super(said(body) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

// The session token travels in the Authorization header only, never in a URL.
function headersFor(body, token) {
  const headers = {};
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers["Authorization"] = `Bearer ${token}`;
  return headers;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const res = await fetch(BASE + path, { method, headers: headersFor(body, token),
    body: body === undefined ? undefined : JSON.stringify(body) });
  if (res.status === 204) return null;
  const data = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// Fetch a file with the session header and hand it to the browser as a download.
export async function download(path, filename, { method = "GET", body, token } = {}) {
  const res = await fetch(BASE + path, { method, headers: headersFor(body, token),
    body: body === undefined ? undefined : JSON.stringify(body) });
  if (!res.ok) throw new ApiError(res.status, await res.json().catch(() => null));
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = url;
  a.download = filename;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k.startsWith("on") && typeof v === "function") e.addEventListener(k.slice(2), v);
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

// Money in euros as the page's language writes them (12,50 € / €12.50).
export function euros(cents, lang) {
  const v = Math.abs(cents), text = `${Math.floor(v / 100)}${lang === "en" ? "." : ","}${String(v % 100).padStart(2, "0")}`;
  return `${cents < 0 ? "−" : ""}${lang === "en" ? `€${text}` : `${text} €`}`;
}

// The ranking as a table. On a phone the first columns stay readable without scrolling: place, name,
// Summe and the money (euros at the cup's rate); the rounds and "decided by" (which wraps, never
// clipped) follow and scroll sideways with the table.
export function rankingTable(r, t, lang = "de") {
  const rounds = [...new Set(r.ranking.flatMap((l) => Object.keys(l.rounds)))].sort((a, b) => a - b);
  const money = r.ranking.some((l) => "money" in l);
  const cents = r.ranking.some((l) => "cents" in l);
  const tb = (x) => (x ? t(`tb_${x}`) : "");
  return el("div", { class: "sheet-wrap" }, el("table", { class: "sheet ranking", "data-testid": "ranking" },
    el("thead", {}, el("tr", {}, el("th", {}, t("rank")), el("th", { class: "label" }, t("name")),
      el("th", {}, t("total")), cents ? el("th", {}, t("euros")) : null,
      money ? el("th", { title: t("moneyNote") }, t("money")) : null,
      rounds.map((k) => el("th", {}, `R${k}`)), el("th", { class: "wrap" }, t("decidedBy")))),
    el("tbody", {}, r.ranking.map((l) => el("tr", {},
      el("td", {}, l.rank), el("td", { class: "label" }, `${l.name}`, el("span", { class: "muted small" }, ` ${t("no")} ${l.number}`)),
      el("td", {}, el("strong", {}, l.total)),
      cents ? el("td", { "data-testid": "euros" }, euros(l.cents ?? 0, lang)) : null,
      money ? el("td", {}, l.money ?? 0) : null,
      rounds.map((k) => el("td", {}, l.rounds[k] ?? "")), el("td", { class: "small wrap" }, tb(l.decided_by)))))));
}

/** The ranking by comparison (a tournament whose rounds played the same deals at every table: an
 * online cup's duplicate rounds), shown beside the ranking above, which stays the official one. */
export function comparisonTable(lines, t, lang = "de") {
  const num = (x) => x.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  return el("div", { "data-testid": "comparison-ranking" },
    el("h3", {}, t("comparisonTitle")),
    el("p", { class: "muted small" }, t("comparisonNote")),
    el("div", { class: "sheet-wrap" }, el("table", { class: "sheet ranking", "data-testid": "comparison" },
      el("thead", {}, el("tr", {}, el("th", {}, t("rank")), el("th", { class: "label" }, t("name")),
        el("th", {}, t("comparisonPoints")), el("th", { class: "wrap" }, t("comparisonDeals")))),
      el("tbody", {}, lines.map((l) => el("tr", {}, el("td", {}, l.rank),
        el("td", { class: "label" }, `${l.name}`, el("span", { class: "muted small" }, ` ${t("no")} ${l.number}`)),
        el("td", {}, el("strong", {}, num(l.comparison))), el("td", {}, l.deals)))))));
}
