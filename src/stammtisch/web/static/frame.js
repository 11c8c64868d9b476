// The shared table frame: a green table with the seats around it (own seat at the bottom, the
// partner opposite), names with dealer/Vorhand marks and badges, the trick in the middle placed
// by seat, the hand fanned and sorted with the legal cards raised, the last-trick peek, the
// Schreibblock with names, the settlement panel. What differs between games comes from the
// game's module in games/ (badges, contract, talon, action words); everything shown comes from
// the seat's own view.

import { h } from "./api.js";
import { cardElement, isCard } from "./cards.js";
import { msg, pick, t } from "./i18n.js";

/** Where seat ``s`` sits, as an angle in degrees (screen coordinates, 90 = bottom). */
export function seatAngle(s, me, n, direction) {
  const k = ((s - me) % n + n) % n;
  const step = 360 / n;
  return direction === "ccw" ? 90 - k * step : 90 + k * step;
}

function polar(angle, rx, ry) {
  const a = (angle * Math.PI) / 180;
  return [50 + rx * Math.cos(a), 50 + ry * Math.sin(a)];
}

/** Replace the engines' seat words ("seat 2", "Position 3", "Team 1/3", "side A") with names. */
export function withNames(text, seats) {
  if (text && typeof text === "object" && typeof text.id === "string") return msg(text, seats);  // an engine message
  if (typeof text !== "string") return text === null || text === undefined ? "" : JSON.stringify(text);
  const name = (i) => (seats[i] !== undefined ? seats[i] : `#${i + 1}`);
  return text
    .replace(/\bseats (\d+) and (\d+)/g, (_, a, b) => `${name(+a)} & ${name(+b)}`)
    .replace(/\b[Ss]eat (\d+)/g, (_, a) => name(+a))
    .replace(/\bPosition (\d+)/g, (_, a) => name(+a - 1))
    .replace(/\bTeam (\d)\/(\d)/g, (_, a, b) => `${name(+a - 1)} & ${name(+b - 1)}`)
    .replace(/\bside ([AB])\b/g, (_, x) => (x === "A" ? `${name(0)} & ${name(2)}` : `${name(1)} & ${name(3)}`));
}

/** A badge: short text with a tooltip (the rule behind it). */
export function badge(text, tip, cls = "") {
  return h("span", { class: `badge ${cls}`.trim(), title: tip || null }, text);
}

/**
 * How the legal actions of ``v`` map onto the hand: a card of the hand may be played ("EU"),
 * carry a prefixed action ("discard:T3", "tauschen:H9") or choices ("EO=E10", Perlaggen).
 * Returns {byCard: Map(card -> [actions]), words: [actions for the action bar]}.
 */
export function mapActions(deck, v) {
  const hand = (v.deal && Array.isArray(v.deal.hand)) ? v.deal.hand : [];
  const inHand = new Set(hand);
  const byCard = new Map();
  const words = [];
  const add = (c, a) => { if (!byCard.has(c)) byCard.set(c, []); byCard.get(c).push(a); };
  for (const a of v.legal || []) {
    if (inHand.has(a)) { add(a, a); continue; }
    const eq = a.match(/^([^:=]+)=(.+)$/);
    if (eq && inHand.has(eq[1])) { add(eq[1], a); continue; }
    const pre = a.match(/^([a-z_]+):([^:]+)$/);
    if (pre && inHand.has(pre[2]) && isCard(deck, pre[2])) { add(pre[2], a); continue; }
    words.push(a);
  }
  return { byCard, words };
}

const KEYS = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "-", "="];
export const handKeys = KEYS;

function cardAt(deck, card, seat, cls) {
  const el = cardElement(deck.name, card);
  el.classList.add(...cls.split(" ").filter(Boolean));
  el.dataset.seat = seat;
  return el;
}

/**
 * Draw the table.
 * @param o.deck deck info from the catalogue
 * @param o.v the match view (or a replay step's public view with ``seat`` null)
 * @param o.game the game's module (games/<name>.js)
 * @param o.info the table info (seat kinds, presence) or null
 * @param o.hands all hands (replay) or null
 * @param o.peek show the last trick instead of the running one
 * @param o.anim {arrivals: Map(card -> t), rest: {cards, winner, t, ms}|null}: cards arriving, the finished trick resting
 * @param o.badgeRoom characters of badges a plate shows before the rest collapse into one ("+3") with a
 *   detail view: a number, or {side, top} for the plates at the sides and at the top and bottom
 * @param o.openBadges the seat whose badge details are open, o.onBadges(seat) toggles them
 * @param o.onPeek toggles the peek
 */
export function drawTable(o) {
  const { deck, v, game } = o;
  const deal = v.deal || {};
  const n = v.seats.length;
  const me = v.seat !== null && v.seat !== undefined ? v.seat : (game.bottomSeat ? game.bottomSeat(v) : 0);
  const dir = game.direction;
  const felt = h("section", { class: `felt n${n}`, id: "felt", "aria-label": t("table") });
  const vorhand = game.vorhand ? game.vorhand(v) : null;
  const toAct = new Set(v.to_act || []);
  const now = performance.now();

  for (let s = 0; s < n; s++) {
    const ang = seatAngle(s, me, n, dir);
    const [x, y] = polar(ang, 37, 41);
    const seatInfo = o.info && o.info.seats ? o.info.seats[s] : null;
    const where = Math.abs(Math.cos((ang * Math.PI) / 180)) > 0.5 ? (Math.cos((ang * Math.PI) / 180) < 0 ? "left" : "right")
      : (Math.sin((ang * Math.PI) / 180) > 0 ? "bottom" : "top");
    // characters of badges a plate shows before they collapse (plates at the sides are narrower)
    const room = o.badgeRoom || 24;
    const budget = typeof room === "object" ? room[where === "left" || where === "right" ? "side" : "top"] : room;
    const badges = [];
    if (s === v.dealer) badges.push({ text: t("dealerMark"), tip: t("dealer"), cls: "dealer", mark: true });
    if (s === vorhand) badges.push({ text: t("vorhandMark"), tip: t("vorhand"), cls: "vorhand", mark: true });
    if (seatInfo && seatInfo.standin) badges.push({ text: t("standin"), tip: "", cls: "standin" });
    else if (seatInfo && seatInfo.away) badges.push({ text: t("away"), tip: "", cls: "away" });
    for (const b of (game.seatBadges ? game.seatBadges(v, s) : [])) badges.push({ text: pick(b.text), tip: pick(b.tip), cls: b.cls || "" });
    // what the plate says to a screen reader: name, turn, roles and badges in words
    const roles = badges.map((b) => (b.mark ? b.tip : b.text)).filter(Boolean);
    const label = [v.seats[s] + (s === v.seat ? ` (${t("you")})` : ""), toAct.has(s) ? t("toAct") : null, ...roles].filter(Boolean).join(", ");
    // many badges collapse into one with a detail view (a tap opens the list with the rules)
    let shown = badges;
    let more = null;
    const width = (b) => String(b.text).length + 2;
    if (badges.reduce((a, b) => a + width(b), 0) > budget) {
      shown = [];
      let used = 3;  // the "+n" badge
      for (const b of badges) { if (used + width(b) > budget) break; shown.push(b); used += width(b); }
      const rest = badges.length - shown.length;
      const open = o.openBadges === s;
      more = h("button", {
        class: "badge more", type: "button", "aria-expanded": open ? "true" : "false", dataset: { seat: s },
        "aria-label": t("moreBadges", { n: rest, who: v.seats[s] }), onclick: () => o.onBadges && o.onBadges(s),
      }, `+${rest}`);
    }
    const plate = h("div", {
      class: `seat-plate at-${where}${toAct.has(s) ? " to-act" : ""}${s === v.seat ? " me" : ""}`,
      dataset: { seat: s }, role: "group", "aria-label": label,
    },
    h("div", { class: "name" }, v.seats[s]),
    h("div", { class: "badges" }, shown.map((b) => badge(b.text, b.tip, b.cls)), more));
    if (o.openBadges === s && more) {
      plate.append(h("ul", { class: "badge-detail", id: "badge-detail", role: "list" },
        badges.map((b) => h("li", {}, badge(b.text, "", b.cls), b.tip ? h("span", { class: "why" }, b.tip) : null))));
      plate.classList.add("detail-open");
    }
    plate.style.left = `${x}%`;
    plate.style.top = `${y}%`;
    felt.append(plate);
    if (o.hands && o.hands[s] && s !== me) {
      const open = h("div", { class: `open-hand at-${where}`, dataset: { seat: s }, role: "group", "aria-label": t("handOf", { who: v.seats[s] }) },
        (game.sort ? game.sort(o.hands[s], v) : o.hands[s]).map((c) => cardElement(deck.name, c)));
      // open hands (replay, ouvert) lie just inside the seat, towards the middle
      const [hx, hy] = polar(ang, 37, 41);
      if (where === "left") open.style.left = "3%";
      else if (where === "right") open.style.right = "3%";
      else open.style.left = `${hx}%`;
      open.style.top = `${hy + (where === "bottom" ? -22 : 10)}%`;
      felt.append(open);
    }
  }

  // the trick in the middle, each card in front of the seat that played it. A finished trick
  // rests (o.anim.rest: {cards, winner, t, ms}) with who took it, then moves to the winner; the
  // next trick's cards wait until it has gone.
  // the last trick: of this deal, or before this deal's first trick the last one of the deal before
  const own = Array.isArray(deal.last_trick) && deal.last_trick.length > 0;
  const pt = v.previous_trick;
  const lastTrick = own ? deal.last_trick : pt && (pt.cards || []).length ? pt.cards : null;
  const lastWinner = own ? deal.last_winner : pt ? pt.winner : null;
  const showLast = o.peek && !!lastTrick;
  const rest = !showLast && o.anim && o.anim.rest ? o.anim.rest : null;
  const resting = !!rest && now < rest.t + rest.ms;
  const trick = showLast ? lastTrick : resting ? [] : (deal.trick || []);
  const trickBox = h("div", { class: `trick-zone${showLast ? " peek" : ""}${resting ? " resting" : ""}`, id: "trick" });
  const place = (list, extra) => list.forEach(([s, c], i) => {
    if (!isCard(deck, String(c).split("=")[0])) return;
    const ang = seatAngle(s, me, n, dir);
    const [x, y] = o.compact ? polar(ang, 13, 17) : polar(ang, 14, 19);  // (a phone: the side cards clear of the side plates)
    const el = cardAt(deck, String(c).split("=")[0], s, `in-trick ${extra}`);
    el.style.left = `${x}%`;
    el.style.top = `${y}%`;
    el.style.zIndex = String(10 + i);
    el.setAttribute("aria-label", `${v.seats[s]}: ${el.getAttribute("aria-label")}`);
    if (String(c).includes("=")) el.append(h("span", { class: "as" }, msg({ id: "as {target}", args: { target: String(c).split("=")[1] } })));
    const arr = o.anim && o.anim.arrivals && !showLast ? o.anim.arrivals.get(`${s}:${c}`) : undefined;
    const delays = [];
    if (arr !== undefined && now - arr < 400) {
      const [fx, fy] = polar(ang, 41, 42);
      el.classList.add("arrive");
      el.style.setProperty("--dx", String(fx - x));
      el.style.setProperty("--dy", String(fy - y));
      delays.push(`${-(now - arr)}ms`);
    }
    if (extra === "collect") {
      const [wx, wy] = polar(seatAngle(rest.winner ?? me, me, n, dir), 41, 42);
      el.style.setProperty("--wx", String(wx - x));
      el.style.setProperty("--wy", String(wy - y));
      delays.push(`${rest.t + rest.ms - now}ms`);
    }
    if (delays.length) el.style.animationDelay = delays.join(", ");
    trickBox.append(el);
  });
  if (rest) place(rest.cards, resting ? "resting" : "collect");
  place(trick, "");
  const winnerOf = (w) => (w !== null && w !== undefined ? t("wonBy", { who: v.seats[w] }) : "");
  felt.append(trickBox);

  // above the felt: contract, trump and the like (left), talon / trump card / open cards (right),
  // and the last trick, which a player may always look at
  const bar = h("div", { class: "felt-bar" });
  // (while a trick rests, the counts are of that trick: the game module is told which cards rest)
  const info = game.centerInfo ? game.centerInfo(v, deck, { resting: resting ? rest.cards : null, counted: !rest || rest.counted !== false }) : [];
  bar.append(h("div", { class: "felt-info", id: "contract" }, info));
  const extra = game.tableCards ? game.tableCards(v, deck, (c) => cardElement(deck.name, c)) : [];
  if (extra.length) bar.append(h("div", { class: "felt-cards" }, extra));
  if (resting && winnerOf(rest.winner)) bar.append(h("div", { class: "rest-caption", id: "rest-caption" }, winnerOf(rest.winner)));
  // (the caption of a looked-at trick sits above the felt, where it covers no card)
  if (showLast) {
    const caption = own ? t("lastTrick") : t("lastTrickOf", { n: pt.deal + 1 });
    bar.append(h("div", { class: "rest-caption peek-caption", id: "peek-caption" }, caption + (winnerOf(lastWinner) ? " · " + winnerOf(lastWinner) : "")));
  }
  if (o.onPeek && lastTrick) {
    bar.append(h("button", { class: "peek-btn", id: "show-last", type: "button", "aria-pressed": o.peek ? "true" : "false", onclick: o.onPeek },
      o.peek ? t("currentTrick") : t("lastTrick")));
  }
  return h("div", { class: "table-wrap" }, bar, felt);
}

/**
 * How a hand of ``count`` cards is laid out in ``width`` pixels on a phone: rows of whole cards,
 * none covering another, each at least ``min`` px wide (a tap target of 44 px and more), at most
 * ``max`` px. With ``height`` the largest cards whose rows fit that many pixels (the hand stays on
 * the screen), never narrower than ``min``. Returns {cols, rows, cw}.
 */
export function handGrid(count, width, { min = 50, max = 60, gap = 4, height = Infinity } = {}) {
  const n = Math.max(count, 1);
  const lay = (least) => {
    let cols = Math.max(1, Math.min(n, Math.floor((width + gap) / (least + gap))));
    const rows = Math.ceil(n / cols);
    cols = Math.ceil(n / rows);  // balanced rows: 6 + 6 rather than 7 + 5
    const cw = Math.max(least, Math.min(max, Math.floor((width - (cols - 1) * gap) / cols)));
    return { cols, rows, cw };
  };
  const tall = (g) => g.rows * Math.round(g.cw * 1.5) + (g.rows - 1) * HAND_ROW_GAP + HAND_PAD;
  let g = lay(min);
  if (tall(g) <= height) return g;
  // narrower cards, down to a tap target's 44 px: more of them to a row, the rows lower
  for (let least = min - 1; least >= TAP_MIN; least--) {
    g = lay(least);
    const cw = Math.min(g.cw, Math.floor(((height - HAND_PAD - (g.rows - 1) * HAND_ROW_GAP) / g.rows) / 1.5));
    if (cw >= least) return { ...g, cw: Math.max(cw, TAP_MIN) };
  }
  return g;
}

//: the phone hand's row gap and vertical padding (style.css .hand.grid), and a tap target's least size
const HAND_ROW_GAP = 6, HAND_PAD = 10, TAP_MIN = 44;

/**
 * The own hand, sorted, legal cards marked; number keys, clicks and taps play. On a wide screen
 * a fan (legal cards raised); with ``o.compact`` (a phone) rows of whole cards, none covering
 * another (:func:`handGrid`), so every card is tapped on its face.
 */
export function drawHand(o) {
  const { deck, v, game, onPlay, refusal } = o;
  const hand = (v.deal && Array.isArray(v.deal.hand)) ? v.deal.hand : null;
  if (!hand) return null;
  const sorted = game.sort ? game.sort(hand, v) : hand;
  const { byCard } = mapActions(deck, v);
  const mine = v.seat !== null && (v.to_act || []).includes(v.seat);
  const anyLegal = sorted.some((c) => byCard.has(c));
  const compact = !!o.compact;
  const box = h("div", {
    class: `hand${compact ? " grid" : " fan"}${mine ? " my-turn" : ""}${anyLegal ? " has-legal" : ""}`, id: "hand", role: "group",
    "aria-label": t("handOf", { who: v.seats[v.seat] }), tabindex: "-1",
  });
  const count = sorted.length;
  box.style.setProperty("--count", String(Math.max(count, 1)));
  if (compact) {
    const g = handGrid(count, o.width || 352, { height: o.height || Infinity });
    box.style.setProperty("--cols", String(g.cols));
    box.style.setProperty("--cw", `${g.cw}px`);
    box.style.setProperty("--ch", `${Math.round(g.cw * 1.5)}px`);
  }
  sorted.forEach((c, i) => {
    const acts = byCard.get(c) || [];
    const legal = acts.length > 0;
    const el = cardElement(deck.name, c, { clickable: true, legal });
    el.dataset.index = String(i);
    el.style.setProperty("--i", String(i));
    if (!compact) el.style.setProperty("--rot", `${(i - (count - 1) / 2) * (count > 8 ? 1.6 : 2.4)}deg`);
    const key = KEYS[i];
    if (key) el.dataset.key = key;
    const name = el.querySelector(".card-name");
    name.textContent += (legal || !anyLegal ? "" : ` (${t("notPlayable")})`) + (key && !compact ? ` [${key}]` : "");
    if (acts.length && acts[0] !== c) el.title = acts.map((a) => game.actionText(a).text).join(" · ");
    el.addEventListener("click", () => onPlay(c, acts, el));
    if (key) el.append(h("span", { class: "key", "aria-hidden": "true" }, key));
    box.append(el);
    if (refusal && refusal.card === c && !box.querySelector(".refusal")) {  // Doppelkopf: the first of two equal cards
      // the refusal with its rule, shown at the card (placed once the hand is laid out)
      el.classList.add("refused");
      const bubble = h("span", { class: "refusal", role: "alert", id: "refusal" }, refusal.text);
      box.append(bubble);
      requestAnimationFrame(() => {
        const centre = el.offsetLeft + el.offsetWidth / 2;
        const left = Math.max(4, Math.min(centre - bubble.offsetWidth / 2, box.clientWidth - bubble.offsetWidth - 4));
        bubble.style.left = `${left}px`;
      });
    }
  });
  return box;
}

/** Buttons for the action words (bids, announcements, Schieben …), grouped where there are many. */
export function drawActions(o) {
  const { deck, v, onAct, refusal } = o;
  const game = { ...o.game, actionText: (a) => { try { return o.game.actionText(a, v); } catch { return { text: a, tip: "" }; } } };
  const { words: given } = mapActions(deck, v);
  if (!given.length) return null;
  // a game may put a word first that players look for at once (Jass: Schieben), where a phone's row scrolls
  const words = game.order ? [...given].sort((a, b) => o.game.order(a) - o.game.order(b)) : given;
  const groups = new Map();
  for (const w of words) {
    const g = game.group ? game.group(w) : w.split(":")[0];
    if (!groups.has(g)) groups.set(g, []);
    groups.get(g).push(w);
  }
  const out = h("div", { class: "actions", id: "actions" });
  for (const [g, list] of groups) {
    if (list.length > 8) {
      const sel = h("select", { class: "action-select", "aria-label": game.actionText(g).text },
        list.map((a) => h("option", { value: a }, game.actionText(a).text)));
      out.append(h("span", { class: "action-group" }, sel,
        h("button", { class: "action", dataset: { action: list[0], group: g }, title: game.actionText(list[0]).tip || null,
          onclick: () => onAct(sel.value) }, game.actionText(g).text)));
      continue;
    }
    for (const a of list) {
      const card = a.includes(":") ? a.split(":").pop() : a;
      const { text, tip } = game.actionText(a);
      const btn = h("button", { class: "action", dataset: { action: a }, title: tip || null, onclick: () => onAct(a) },
        isCard(deck, card) ? cardElement(deck.name, card) : null, h("span", { class: "word" }, text));
      if (refusal && refusal.action === a) btn.append(h("span", { class: "refusal", role: "alert" }, refusal.text));
      out.append(btn);
    }
  }
  return out;
}

/** A popup to choose among the actions a single card carries (Perlaggen: the Perlagg "as" which card). */
export function chooser(deck, game, actions, onAct, onCancel) {
  return h("div", { class: "chooser", id: "chooser", role: "dialog", "aria-label": t("choose") },
    h("div", { class: "chooser-title" }, t("choose")),
    h("div", { class: "chooser-list" }, actions.map((a) => {
      const target = a.includes("=") ? a.split("=")[1] : (isCard(deck, a) ? a : null);
      const { text, tip } = game.actionText(a);
      return h("button", { class: "action choice", dataset: { action: a }, title: tip || null, onclick: () => onAct(a) },
        target && isCard(deck, target) ? cardElement(deck.name, target) : null, h("span", { class: "word" }, text));
    })),
    h("button", { class: "cancel", onclick: onCancel }, t("cancel")));
}

/** Column headings of the score sheet with the players' names. */
export function columnNames(v, game) {
  return v.columns.map((c, i) => (game.columnName ? game.columnName(c, i, v) : withNames(c, v.seats)));
}

/** The running Schreibblock: one row per deal, totals below, names in the heading. */
export function scoreSheet(v, game, results, totals, id = "sheet") {
  const names = columnNames(v, game);
  // a wide sheet scrolls sideways in its own box, which the keyboard can reach
  return h("div", { class: "scroll-x sheet-box", tabindex: "0", role: "region", "aria-label": t("sheet") }, h("table", { class: "sheet", id },
    h("thead", {}, h("tr", {}, h("th", {}, "#"), names.map((c) => h("th", { scope: "col" }, c)))),
    h("tbody", {}, (results || []).map((r, i) => h("tr", {
      title: (r.lines || []).map((l) => `${withNames(l.label, v.seats)} ${l.value}${l.note ? " (" + withNames(l.note, v.seats) + ")" : ""}`).join("\n"),
    }, h("td", {}, i + 1), r.points.map((p) => h("td", { class: p < 0 ? "neg" : "" }, p))))),
    h("tfoot", {}, h("tr", { class: "totals" }, h("td", {}, "Σ"), (totals || []).map((x) => h("td", {}, x))))));
}

/** One deal's settlement as it reads on the sheet: each line with its rule, points per column. */
export function settlement(v, game, result, deck) {
  const names = columnNames(v, game);
  const signed = (x) => (x > 0 ? `+${x}` : String(x));
  return h("div", { class: "result" },
    h("ul", { class: "lines", id: "settlement-lines" }, (result.lines || []).map((l) => h("li", { class: "line" },
      h("span", { class: "label" }, withNames(l.label, v.seats)),
      h("span", { class: "value" }, typeof l.value === "number" ? signed(l.value) : String(l.value)),
      l.note ? h("span", { class: "note" }, withNames(l.note, v.seats)) : null))),
    game.resultFacts ? h("div", { class: "facts" }, game.resultFacts(v, result, deck)) : null,
    h("table", { class: "pts" }, h("tr", {}, names.map((c) => h("th", {}, c))),
      h("tr", {}, result.points.map((p) => h("td", { class: p < 0 ? "neg" : "pos" }, signed(p))))),
    result.money ? h("p", { class: "money" }, `${t("money")}: ` + result.money.map((m, i) => `${names[i]} ${signed(m)}`).join(" · ")) : null);
}

/** The list of events of the deal with names in place of seat numbers. */
export function eventsList(events, seats, limit = 14) {
  return h("ol", { class: "events", id: "events", tabindex: "0", "aria-label": t("events") }, (events || []).slice(-limit).map((e) => h("li", {}, withNames(e, seats))));
}

/**
 * A visible countdown at each seat whose turn it is: ``text(seat)`` gives the clock's words (""
 * for none). Generic: a table's move clock uses it (table.js), a cup's clock can as well. Called
 * after each redraw and while the clock runs.
 */
export function seatClocks(text) {
  for (const plate of document.querySelectorAll(".seat-plate")) {
    let clock = plate.querySelector(".seat-clock");
    const words = plate.classList.contains("to-act") ? text(Number(plate.dataset.seat)) : "";
    if (!words) { if (clock) clock.remove(); continue; }
    if (!clock) { clock = h("span", { class: "seat-clock", role: "timer", "aria-live": "off" }); plate.append(clock); }
    if (clock.textContent !== words) clock.textContent = words;
  }
}
