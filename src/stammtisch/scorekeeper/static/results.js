// Public read-only results: published tournaments only.
import { api, el, rankingTable } from "./api.js";

const list = document.getElementById("list");
const result = document.getElementById("result");

async function show(id) {
  result.replaceChildren(el("p", {}, "…"));
  const t = await api(`/tournaments/${id}`);
  const r = await api(`/tournaments/${id}/rankings`);
  result.replaceChildren(
    el("h2", {}, `${t.name} (${t.game})`),
    rankingTable(r),
    el("p", {}, el("a", { href: `/scorekeeper/api/tournaments/${id}/export/results.pdf` }, "Ergebnisliste (PDF)"), " · ",
      el("a", { href: `/scorekeeper/api/tournaments/${id}/export/ranking.csv` }, "CSV")),
    ...t.rounds.map((rd) => el("div", {}, el("h3", {}, `Runde ${rd.number}`),
      ...rd.tables.map((tab) => el("p", {}, `Tisch ${tab.number}: `,
        tab.seats.map((s) => `${s.position}. ${s.name}`).join(", "))))));
}

async function main() {
  const ts = await api("/tournaments");
  list.replaceChildren(ts.length ? el("ul", {}, ts.map((t) => el("li", {},
    el("a", { href: `?t=${t.id}`, onclick: (e) => { e.preventDefault(); history.pushState({}, "", `?t=${t.id}`); show(t.id); } },
      `${t.name} (${t.game}${t.season ? ", " + t.season : ""})`)))) : el("p", {}, "Noch keine Ergebnisse veröffentlicht."));
  const id = new URLSearchParams(location.search).get("t");
  if (id) show(id);
}
main().catch((e) => list.replaceChildren(el("p", { class: "error" }, e.message)));
