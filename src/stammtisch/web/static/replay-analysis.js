// The replay page's analysis (issue 38 item 3, docs/fair-deals.md): pick a seat, the server
// values each of its decisions with the search player (in its worker pool, at low priority) and
// the page shows the progress, then per step the values of every legal action, the choice made,
// the search's choice and the expected points lost, and the biggest mistakes. Every word comes
// from the catalogue (msg / gettext).

import { api, h } from "./api.js";
import { gettext, msg } from "./i18n.js";

const state = { seat: null, job: null, timer: null, error: null };

const round1 = (x) => Math.round(x * 10) / 10;

/** The summary's lines with the actions in words: the totals line as the server wrote it, then
 * each of the biggest mistakes. */
function summaryLines(res, label, seats) {
  const byPlace = new Map(res.decisions.map((d) => [`${d.deal}:${d.index}`, d]));
  const lines = [msg(res.summary.lines[0], seats)];
  if (!res.summary.mistakes.length) lines.push(msg(res.summary.lines[1], seats));
  for (const m of res.summary.mistakes) {
    const d = byPlace.get(`${m.deal}:${m.index}`);
    lines.push(msg({ id: "deal {deal}, action {n}: chosen {chosen}, better {best} (expected points lost: {loss})",
      args: { deal: m.deal + 1, n: m.index + 1, chosen: label(d.chosen), best: label(d.best), loss: round1(m.loss) } }, seats));
  }
  return lines;
}

function fmt(x) {
  return (x > 0 ? "+" : "") + x.toLocaleString(document.documentElement.lang || "de", { maximumFractionDigits: 1, minimumFractionDigits: 1 });
}

async function poll(number, redraw) {
  clearTimeout(state.timer);
  try {
    state.job = await api(`/api/records/${number}/analysis/${state.seat}`);
    state.error = null;
  } catch (e) { state.error = e.message; }
  redraw();
  if (state.job && state.job.status === "running") state.timer = setTimeout(() => poll(number, redraw), 1000);
}

async function begin(number, seat, redraw) {
  state.seat = seat; state.job = null; state.error = null;
  try {
    state.job = await api(`/api/records/${number}/analysis/${seat}`, {});
  } catch (e) { state.error = e.message; }
  redraw();
  if (state.job && state.job.status === "running") state.timer = setTimeout(() => poll(number, redraw), 700);
}

function table(d, label) {
  const rows = [...d.legal].sort((a, b) => (d.values[b] ?? -1e9) - (d.values[a] ?? -1e9)).map((a) => {
    const marks = [a === d.chosen ? gettext("chosen") : null, a === d.best ? gettext("search") : null].filter(Boolean);
    return h("tr", { class: a === d.chosen ? "chosen" : a === d.best ? "best" : null },
      h("td", {}, label(a)), h("td", { class: "num" }, a in d.values ? fmt(d.values[a]) : "–"), h("td", {}, marks.join(", ")));
  });
  return h("table", { class: "analysis-values" },
    h("thead", {}, h("tr", {}, h("th", {}, gettext("action")), h("th", { class: "num" }, gettext("value")), h("th", {}, ""))),
    h("tbody", {}, rows));
}

/** The analysis panel for the replay page at deal ``dealNo``, step ``step`` (the state after
 * ``step`` actions of the deal); ``go(i)`` jumps to a step, ``label(action)`` names an action. */
export function analysisPanel({ number, dealNo, step, seats, go, label, redraw }) {
  const pickSeat = h("div", { class: "analysis-seats", role: "group", "aria-label": gettext("Analyse the decisions of") },
    seats.map((name, i) => h("button", {
      class: state.seat === i ? "on" : null, "aria-pressed": state.seat === i ? "true" : "false",
      onclick: () => begin(number, i, redraw),
    }, name)));
  const parts = [h("h2", {}, gettext("Analysis by the search player")),
    h("p", { class: "hint" }, gettext("Every legal action valued from this seat's information only (the hands it could not see are sampled), at the hard level's fixed budget; values in expected points.")),
    h("p", { class: "hint" }, gettext("Analyse the decisions of")), pickSeat];
  const job = state.job;
  if (state.error) parts.push(h("p", { class: "error" }, state.error));
  if (job && job.status === "running") {
    const total = job.total ?? 0;
    parts.push(h("p", { id: "analysis-progress" },
      h("progress", { value: job.done || 0, max: Math.max(total, 1) }), " ",
      total ? msg({ id: "{done} of {total} decisions valued", args: { done: job.done || 0, total } })
        : gettext("waiting for the search workers …")));
  }
  if (job && job.status === "failed") parts.push(h("p", { class: "error" }, gettext("the analysis failed; try again")));
  if (job && job.status === "done" && job.result) {
    const res = job.result;
    const mine = res.decisions.filter((d) => d.deal === dealNo);
    const here = mine.find((d) => d.index === step);
    if (here) {
      parts.push(h("h3", {}, msg({ id: "deal {n}, action {k}", args: { n: dealNo + 1, k: step + 1 } })),
        h("p", { id: "analysis-here" }, msg({
          id: "{seat} chose {chosen}; the search: {best}; expected points lost: {loss}",
          args: { seat: res.seat, chosen: label(here.chosen), best: label(here.best), loss: round1(here.loss ?? 0) },
        }, seats)), table(here, label));
    }
    parts.push(h("h3", {}, gettext("decisions of this deal")),
      h("ol", { class: "analysis-list" }, mine.map((d) => h("li", { class: d.loss >= 1 ? "mistake" : null },
        h("button", { class: "link", onclick: () => go(d.index) },
          msg({ id: "deal {n}, action {k}", args: { n: d.deal + 1, k: d.index + 1 } })), " ",
        `${label(d.chosen)}${d.chosen !== d.best ? ` → ${label(d.best)}` : ""}${d.loss ? ` (${fmt(-d.loss)})` : ""}`))));
    parts.push(h("h3", {}, gettext("summary")),
      h("ul", { class: "analysis-summary" }, summaryLines(res, label, seats).map((l) => h("li", {}, l))));
  }
  return h("section", { class: "panel analysis", id: "analysis" }, parts);
}
