// Fair deals on the table page and the page that explains them (docs/fair-deals.md): the
// commitment every seat sees before the first card, the seed once the Partie is over, and a link
// to /fair, which says in words how a player checks it. Every word comes from the catalogue.

import { h } from "./api.js";
import { gettext, msg } from "./i18n.js";

/** The table's commitment (and, once over, its seed) with the link to the explanation, or null
 * for a table dealt otherwise (a table from before, a fixed test seed). */
export function fairLine(info) {
  const s = (info && info.settings) || {};
  if (!s.commitment) return null;
  return h("div", { class: "fair-line" },
    h("p", {}, msg({ id: "Fair deals: the deals are fixed by a secret seed; its commitment (SHA-256): {commitment}", args: { commitment: s.commitment } })),
    s.fair_seed ? h("p", { class: "fair-seed" }, msg({ id: "The Partie is over; the seed is revealed: {seed}", args: { seed: s.fair_seed } })) : null,
    h("p", {}, h("a", { href: "/fair", target: "_blank", rel: "noopener" }, gettext("How to check that the deals were fair"))));
}

/** The lobby's table entry: the commitment in short (its first 12 digits), the whole value on
 * hover (title) and on tap (the details open), with the link to the explanation; null for a table
 * dealt otherwise. Shown before any card is dealt (docs/fair-deals.md). */
export function fairBadge(info) {
  const c = ((info && info.settings) || {}).commitment;
  if (!c) return null;
  return h("details", { class: "fair-badge", title: c },
    h("summary", {}, msg({ id: "commitment {short}…", args: { short: c.slice(0, 12) } })),
    h("p", {}, msg({ id: "Fair deals: the deals are fixed by a secret seed; its commitment (SHA-256): {commitment}", args: { commitment: c } })),
    h("p", {}, h("a", { href: "/fair", target: "_blank", rel: "noopener" }, gettext("How to check that the deals were fair"))));
}

/** The explanation page (/fair). */
export function fairPage(root) {
  const ps = [
    "At every table the server draws a secret seed before any card is dealt, and shows everybody its commitment: the SHA-256 of the seed, 64 hexadecimal digits. Write it down or keep the page.",
    "Every card of the Partie comes from that seed by a published rule (HMAC-SHA-256 of the seed and the deal number, then a shuffle). The server cannot change a card afterwards without the commitment giving it away.",
    "When the Partie is over, the table page shows the seed and the record (download it from the replay page) carries both the seed and the commitment.",
    "To check: compute the SHA-256 of the seed (any SHA-256 tool, on the seed's 32 bytes); it must be the commitment you saw before the first card. Then run: stammtisch verify RECORD. It deals every deal again from the seed and compares it with the record, card by card; it names the first deal that differs.",
    "What it proves: the deals were fixed before the first bid and not changed during the game. What it cannot prove: that the seed was drawn at random. That does not make it unfair between the seats: the seed was fixed before anybody sat down with their cards, so it cannot favour anyone for what happens at the table.",
  ];
  root.replaceChildren(
    h("header", {}, h("a", { href: "/", class: "home" }, "stammtisch"), h("h1", {}, gettext("Fair deals: how to check them"))),
    h("section", { class: "panel" }, h("h2", {}, gettext("Fair deals: how to check them")), ps.map((p) => h("p", {}, gettext(p)))));
}
