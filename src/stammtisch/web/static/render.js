// Rendering a game's view generically: the common keys (phase, hand, trick, trump/contract,
// events, last_trick) get their own places, everything else is shown as labelled facts.
// No game is named here; cards are recognised through the deck's notation list.

import { h } from "./api.js";
import { cardElement, isCard, parseCard, suitName } from "./cards.js";

// shown in their own places, or never: earlier turned tricks may not be looked at
// (Österreich-Finale 1); Papagei-Jass §14), only the last one
const COMMON = new Set(["hand", "trick", "events", "last_trick", "channels", "hands", "tricks", "played", "actions", "seat"]);

/** Pretty text for an action word such as "trump:E" or "bid:dreier". */
export function actionLabel(deckInfo, action) {
  if (isCard(deckInfo, action)) return action;
  const parts = action.split(":");
  return parts.map((p, i) => {
    if (i > 0 && deckInfo && deckInfo.suits.includes(p)) return suitName(deckInfo.name, p);
    return p.replace(/[_-]/g, " ");
  }).join(": ");
}

function factValue(deckInfo, v, seats) {
  if (v === null || v === undefined) return "–";
  if (typeof v === "boolean") return v ? "ja" : "nein";
  if (typeof v === "string" && isCard(deckInfo, v)) {
    return h("span", { class: "mini" }, cardElement(deckInfo.name, v));
  }
  if (Array.isArray(v)) {
    if (v.length && v.every((x) => typeof x === "string" && isCard(deckInfo, x))) {
      return h("span", { class: "minis" }, v.map((x) => cardElement(deckInfo.name, x)));
    }
    return v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ");
  }
  if (typeof v === "object") return JSON.stringify(v);
  return String(v);
}

/** The facts of a deal view that have no place of their own. */
export function facts(deckInfo, deal, seats) {
  const rows = [];
  for (const [k, v] of Object.entries(deal || {})) {
    if (COMMON.has(k)) continue;
    if (Array.isArray(v) && v.length > 8 && !v.every((x) => typeof x === "string" && isCard(deckInfo, x))) continue;
    rows.push(h("div", { class: "fact", dataset: { key: k } }, h("span", { class: "k" }, k.replace(/_/g, " ")),
      h("span", { class: "v" }, factValue(deckInfo, v, seats))));
  }
  return h("div", { class: "facts" }, rows);
}

/** A trick as cards with the players' names under them. */
export function trickRow(deckInfo, trick, seats, cls = "trick") {
  return h("div", { class: cls },
    (trick || []).map(([s, c]) => h("div", { class: "played" },
      isCard(deckInfo, c) ? cardElement(deckInfo.name, c) : h("span", { class: "word" }, c),
      h("div", { class: "who" }, seats ? (seats[s] || `Seat ${s + 1}`) : `Seat ${s + 1}`))));
}

export function eventsList(events, limit = 12) {
  const list = (events || []).slice(-limit);
  return h("ol", { class: "events" }, list.map((e) => h("li", {}, typeof e === "string" ? e : JSON.stringify(e))));
}

/** The running score sheet: one row per finished deal, totals at the bottom. */
export function scoreSheet(columns, results, totals) {
  const head = h("tr", {}, h("th", {}, "#"), columns.map((c) => h("th", {}, c)));
  const rows = (results || []).map((r, i) => h("tr", { title: (r.lines || []).map((l) => `${l.label} ${l.value}${l.note ? " (" + l.note + ")" : ""}`).join("\n") },
    h("td", {}, i + 1), r.points.map((p) => h("td", {}, p))));
  const foot = h("tr", { class: "totals" }, h("td", {}, "Σ"), (totals || []).map((t) => h("td", {}, t)));
  return h("table", { class: "sheet" }, h("thead", {}, head), h("tbody", {}, rows), h("tfoot", {}, foot));
}

/** Settlement lines of one deal result. */
export function resultLines(columns, result) {
  return h("div", { class: "result" },
    h("div", { class: "pts" }, columns.map((c, i) => h("span", {}, `${c}: ${result.points[i] > 0 ? "+" : ""}${result.points[i]}`))),
    h("ul", {}, (result.lines || []).map((l) => h("li", {}, `${l.label}: ${l.value}${l.note ? " (" + l.note + ")" : ""}`))));
}

export { parseCard };
