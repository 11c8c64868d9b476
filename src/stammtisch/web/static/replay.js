// The replay page: step through a finished game deal by deal with the same table drawing as the
// game, every hand open. Arrow keys step; the last step shows the settlement.

import { api, games, h, toast } from "./api.js";
import { cardLabel, cardSVG } from "./cards.js";
import { drawTable, eventsList, settlement, withNames } from "./frame.js";
import { loadGame } from "./games/index.js";
import { cardWords, displayName, langPicker, setCardDeck, t } from "./i18n.js";
import { analysisPanel } from "./replay-analysis.js";

const number = location.pathname.split("/").filter(Boolean).pop();
const root = document.getElementById("app");
let data = null, deckInfo = null, game = null, step = 0, dealNo = 0;

async function load(k) {
  try {
    data = await api(`/api/replays/${number}/deals/${k}`);
    dealNo = k; step = 0;
    const g = (await games()).find((x) => x.name === data.game);
    deckInfo = g ? g.deck : { name: data.game, suits: [], notation: [] };
    setCardDeck(deckInfo.name);  // the messages name this deck's cards in words
    game = await loadGame(data.game);
    draw();
  } catch (e) { root.replaceChildren(h("p", {}, e.message)); toast(e.message, "error"); }
}

function go(i) {
  step = Math.max(0, Math.min(data.steps.length - 1, i));
  draw();
}

/** An action in words: a card by its name (a Perlagg with its Taufe, "Herz-7 als Eichel-8"), a word as the game says it. */
function label(action) {
  const card = String(action).split("=")[0];
  return deckInfo.notation.includes(card) ? (String(action).includes("=") ? cardWords(deckInfo.name, String(action)) : cardLabel(deckInfo.name, card))
    : game.actionText(action).text;
}

function describe(s, seats) {
  if (s.action === null) return t("start0");
  return `${seats[s.seat]}: ${label(s.action)}`;
}

/** At the step whose card finished a trick, that trick lies on the table with who took it (it
 * would be gone otherwise: the view after the step holds the next, empty trick). */
function finishedTrick(s, v) {
  if (s.action === null || ((v.deal || {}).trick || []).length) return null;
  const has = (cards) => (cards || []).some(([seat, c]) => seat === s.seat && c === s.action);
  const d = v.deal || {}, pt = v.previous_trick || {};
  const rest = has(d.last_trick) ? { cards: d.last_trick, winner: d.last_winner }
    : has(pt.cards) ? { cards: pt.cards, winner: pt.winner } : null;
  return rest ? { arrivals: new Map(), rest: { ...rest, t: performance.now(), ms: 1e9 } } : null;
}

function draw() {
  const s = data.steps[step];
  const seats = (data.seats || []).map(displayName);
  const last = step === data.steps.length - 1;
  // the public view of the step, drawn from the bottom seat 0 with every hand open
  const v = { ...s.public, seat: null, legal: [], seats };
  const hands = s.hands.map((x) => x || []);
  if (last && s.public.deal_number !== s.deal_number) v.deal = { ...v.deal, trick: [] };
  const felt = drawTable({ deck: deckInfo, v, game, info: null, hands, peek: false, anim: finishedTrick(s, v) });
  // the bottom seat's hand below the table, as in the game
  const mine = h("div", { class: "hand replay-hand", id: "hand", role: "group", "aria-label": t("handOf", { who: seats[0] }) },
    (game.sort ? game.sort(hands[0], v) : hands[0]).map((c, i) => drawCard(c, i, hands[0].length)));
  mine.style.setProperty("--count", String(Math.max(hands[0].length, 1)));
  const nav = h("div", { class: "nav" },
    h("button", { id: "prev-deal", disabled: dealNo === 0, onclick: () => load(dealNo - 1) }, t("prevDeal")),
    h("button", { id: "prev", disabled: step === 0, onclick: () => go(step - 1) }, t("prev")),
    h("input", { type: "range", min: 0, max: data.steps.length - 1, value: step, "aria-label": t("step", { i: step, n: data.steps.length - 1 }), oninput: (e) => go(+e.target.value) }),
    h("button", { id: "next", disabled: last, onclick: () => go(step + 1) }, t("fwd")),
    h("button", { id: "next-deal", disabled: dealNo >= data.deals - 1, onclick: () => load(dealNo + 1) }, t("nextDeal")));
  const head = h("header", {}, h("a", { href: "/", class: "home" }, t("home")), h("h1", {}, t("replayTitle", { n: number })),
    h("a", { href: `/api/records/${number}`, download: `stammtisch-${number}.json` }, t("record")),
    langPicker(draw));
  root.replaceChildren(head, h("div", { class: "game-layout" },
    h("div", { class: "main-col" },
      h("p", { class: "turn" }, `${t("dealOf", { k: dealNo + 1, n: data.deals })} · ${t("dealer")} ${seats[data.dealer]} · ${t("step", { i: step, n: data.steps.length - 1 })}`),
      nav,
      h("p", { class: "turn mine", id: "step-action", "aria-live": "polite" }, describe(s, seats)),
      felt, mine),
    h("aside", { class: "side-col" },
      analysisPanel({ number, dealNo, step, seats, go, label, redraw: draw }),
      last && data.result ? h("section", { class: "panel", id: "replay-result" }, h("h2", {}, t("settlement")), settlement(v, game, data.result, deckInfo)) : null,
      h("section", { class: "panel" }, h("h2", {}, t("events")), eventsList((s.public.deal || {}).events, seats, 60)))));
}

function drawCard(c, i, n) {
  const wrap = document.createElement("span");
  wrap.className = "card";
  wrap.dataset.card = c;
  wrap.setAttribute("role", "img");
  wrap.setAttribute("aria-label", cardLabel(deckInfo.name, c));
  wrap.style.setProperty("--rot", `${(i - (n - 1) / 2) * 1.6}deg`);
  wrap.innerHTML = cardSVG(deckInfo.name, c);
  return wrap;
}

document.addEventListener("keydown", (e) => {
  if (!data) return;
  if (e.key === "ArrowRight") go(step + 1);
  if (e.key === "ArrowLeft") go(step - 1);
});

load(0);

export { withNames };
