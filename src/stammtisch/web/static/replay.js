// The replay page: step through a finished game deal by deal, every hand open.

import { api, games, h, toast } from "./api.js";
import { cardElement, isCard } from "./cards.js";
import { actionLabel, eventsList, facts, resultLines, trickRow } from "./render.js";

const number = location.pathname.split("/").filter(Boolean).pop();
const root = document.getElementById("app");
let data = null, deckInfo = null, step = 0, dealNo = 0;

async function load(k) {
  try {
    data = await api(`/api/replays/${number}/deals/${k}`);
    dealNo = k; step = 0;
    const g = (await games()).find((x) => x.name === data.game);
    deckInfo = g ? g.deck : { name: data.game, suits: [], notation: [] };
    draw();
  } catch (e) { root.replaceChildren(h("p", {}, e.message)); toast(e.message, "error"); }
}

function draw() {
  const s = data.steps[step];
  const seats = data.seats;
  const v = s.public;
  const deal = v.deal || {};
  const hands = h("div", { class: "hands" }, s.hands.map((hand, i) => h("div", { class: "hand-row" },
    h("div", { class: "who" }, seats[i]),
    h("div", { class: "hand small" }, (hand || []).map((c) => cardElement(deckInfo.name, c))))));
  const what = s.action === null ? "Ausgangslage" :
    `${seats[s.seat]}: ` + (isCard(deckInfo, s.action) ? s.action : actionLabel(deckInfo, s.action));
  const nav = h("div", { class: "nav" },
    h("button", { id: "prev-deal", disabled: dealNo === 0, onclick: () => load(dealNo - 1) }, "« Spiel"),
    h("button", { id: "prev", disabled: step === 0, onclick: () => { step--; draw(); } }, "‹ zurück"),
    h("input", { type: "range", min: 0, max: data.steps.length - 1, value: step, oninput: (e) => { step = +e.target.value; draw(); } }),
    h("button", { id: "next", disabled: step === data.steps.length - 1, onclick: () => { step++; draw(); } }, "vor ›"),
    h("button", { id: "next-deal", disabled: dealNo >= data.deals - 1, onclick: () => load(dealNo + 1) }, "Spiel »"));
  root.replaceChildren(...[
    h("header", {}, h("a", { href: "/", class: "home" }, "stammtisch"), h("h1", {}, `Wiederholung Nr. ${number}`),
      h("a", { href: `/api/records/${number}`, download: `stammtisch-${number}.json` }, "Protokoll herunterladen")),
    h("p", {}, `Spiel ${dealNo + 1} von ${data.deals}, Geber ${seats[data.dealer]} · Schritt ${step} von ${data.steps.length - 1}`),
    nav,
    h("p", { class: "turn", id: "step-action" }, what),
    h("section", { class: "panel board" }, trickRow(deckInfo, deal.trick, seats), facts(deckInfo, deal, seats)),
    hands,
    step === data.steps.length - 1 && data.result ? h("section", { class: "panel" }, h("h3", {}, "Abrechnung"),
      resultLines(v.columns, data.result)) : null,
    h("section", { class: "panel" }, eventsList(deal.events, 40))].filter((x) => x));
}

load(0);
