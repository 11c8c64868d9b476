// Public read-only results: published tournaments only.
import { api, comparisonTable, el, rankingTable } from "./api.js";
import { nav } from "./nav.js";
import { g, lang, loadCatalog, t } from "./words.js";

const list = document.getElementById("list");
const result = document.getElementById("result");
let shown = null;

async function show(id) {
  shown = id;
  document.getElementById("result-panel").hidden = false;
  result.replaceChildren(el("p", {}, "…"));
  const tt = await api(`/tournaments/${id}`);
  const r = await api(`/tournaments/${id}/rankings`);
  result.replaceChildren(
    el("h2", {}, `${tt.name} · ${g(tt.game)}`),
    rankingTable(r, t, lang()),
    r.comparison ? comparisonTable(r.comparison, t, lang()) : "",
    ...tt.rounds.map((rd) => el("div", {}, el("h3", {}, t("round", { n: rd.number })),
      el("div", { class: "tables" }, rd.tables.map((tab) => el("div", { class: "tablecard" }, el("strong", {}, t("table", { n: tab.number })),
        el("ol", {}, tab.seats.map((s) => el("li", {}, s.name)))))))));
}

async function main() {
  await loadCatalog();
  nav(document.getElementById("nav"), () => { main(); });
  document.getElementById("page-title").textContent = t("results");
  const ts = await api("/tournaments");
  list.replaceChildren(ts.length ? el("ul", {}, ts.map((x) => el("li", {},
    el("a", { href: `?t=${x.id}`, onclick: (e) => { e.preventDefault(); history.pushState({}, "", `?t=${x.id}`); show(x.id); } },
      `${x.name} (${g(x.game)}${x.season ? ", " + x.season : ""})`)))) : el("p", {}, "–"));
  const id = shown || new URLSearchParams(location.search).get("t");
  if (id) show(id);
}
main().catch((e) => list.replaceChildren(el("p", { class: "error" }, e.message)));
// live standings: an online cup's rows arrive as its games finish, so the shown ranking is read again
setInterval(() => { if (shown && !document.hidden) show(shown).catch(() => {}); }, 5000);
