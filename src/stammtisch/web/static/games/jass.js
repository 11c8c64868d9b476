// Schieber Jass (Papagei-Jass rules): Swiss cards, teams 1/3 against 2/4 sitting crosswise,
// play counter-clockwise (§21). Trump, Weis and Stöck as badges; card points per team.

import { suitName } from "../cards.js";
import { cardWords, gettext } from "../i18n.js";
import { el, tip } from "./common.js";

const SUITS = ["E", "S", "L", "R"];
const RANKS = ["6", "7", "8", "9", "10", "U", "O", "K", "A"];

// a mode: its title in German and in English (Obenabe, Undenufe, Slalom, Quer, Tutti are the game's
// own words in both), then its explanation in German and in English
const MODE = {
  obenabe: ["Obenabe", "Obenabe", "Ass ist die höchste Karte, kein Trumpf (×5, §23)", "Ace is high, no trump (×5, §23)"],
  undenufe: ["Undenufe", "Undenufe", "Sechs ist die höchste Karte, kein Trumpf (×6, §23)", "Six is high, no trump (×6, §23)"],
  "slalom-oben": ["Slalom (Ass)", "Slalom (Ace first)", "Stich um Stich abwechselnd Obenabe/Undenufe, Anfang Obenabe (§23)", "alternating Obenabe/Undenufe, Obenabe first (§23)"],
  "slalom-unten": ["Slalom (Sechs)", "Slalom (Six first)", "abwechselnd Undenufe/Obenabe, Anfang Undenufe (§23)", "alternating Undenufe/Obenabe, Undenufe first (§23)"],
  "quer-oben": ["Quer 4-5 (Ass)", "Quer 4-5 (Ace first)", "4 Stiche Obenabe, dann 5 Undenufe (§24.4)", "4 tricks Obenabe then 5 Undenufe (§24.4)"],
  "quer-unten": ["Quer 4-5 (Sechs)", "Quer 4-5 (Six first)", "4 Stiche Undenufe, dann 5 Obenabe (§24.4)", "4 tricks Undenufe then 5 Obenabe (§24.4)"],
  "quer54-oben": ["Quer 5-4 (Ass)", "Quer 5-4 (Ace first)", "5 Stiche Obenabe, dann 4 Undenufe (§24.4)", "5 tricks Obenabe then 4 Undenufe (§24.4)"],
  "quer54-unten": ["Quer 5-4 (Sechs)", "Quer 5-4 (Six first)", "5 Stiche Undenufe, dann 4 Obenabe (§24.4)", "5 tricks Undenufe then 4 Obenabe (§24.4)"],
  tutti: ["Tutti", "Tutti", "die ausgespielte Farbe ist Trumpf (§24.6)", "the suit led is trump (§24.6)"],
};

function modeText(code) {
  if (SUITS.includes(code)) {
    const suit = gettext(suitName("jass", code));  // Eicheln; Glands/Carreau in Romandie, Ghiande/Quadri in Ticino
    return { text: suit, tip: tip("{suit} Trumpf (§25)", "{suit} trump (§25)", { suit }) };
  }
  if (MODE[code]) return { text: tip(MODE[code][0], MODE[code][1]), tip: tip(MODE[code][2], MODE[code][3]) };
  if (code.startsWith("misere:")) {
    const b = modeText(code.slice(7));
    return { text: tip("Misere {mode}", "Misere {mode}", { mode: b.text }), tip: tip("wer die wenigsten Punkte macht, gewinnt (§24.5)", "fewest points wins (§24.5)") };
  }
  if (code.startsWith("3x3:")) {
    const parts = code.slice(4).split("-").map((p) => modeText(p).text);
    return { text: `3×3 ${parts.join("-")}`, tip: tip("Drei mal Drei: je drei Stiche in dieser Reihenfolge (§24.3)", "three tricks each in this order (§24.3)") };
  }
  return { text: code, tip: "" };
}

export default {
  direction: "ccw",
  vorhand: (v) => v.deal.vorhand,
  /** Trump suit first, then the other suits; within a suit by rank. */
  sort(hand, v) {
    const d = v.deal;
    const trump = d.trump && SUITS.includes(d.trump) ? d.trump : (SUITS.includes(d.trump_suit) ? d.trump_suit : null);
    const key = (c) => {
      const s = SUITS.indexOf(c[0]);
      return (c[0] === trump ? -1 : s) * 100 + RANKS.indexOf(c.slice(1));
    };
    return [...hand].sort((a, b) => key(a) - key(b));
  },
  /** A Rest claim (§17) lays the cards open on the table: they are shown there, never as a hand. */
  tableCards(v, deck, card) {
    const end = v.deal && v.deal.end;
    if (!end || end.kind !== "rest" || !(end.cards || []).length) return [];
    const box = document.createElement("div");
    box.className = "felt-card rest-shown";
    box.id = "rest-shown";
    for (const c of end.cards) box.append(card(c));
    const cap = document.createElement("div");
    cap.className = "felt-label";
    cap.textContent = tip("Rest: offen aufgelegt (§17)", "Rest: laid open (§17)");
    box.append(cap);
    return [box];
  },
  actionText(a) {
    if (a === "schieben") return { text: tip("Schieben", "Schieben"), tip: tip("der Partner bestimmt den Trumpf (§25)", "your partner chooses trump (§25)") };
    if (a === "weis") return { text: tip("Weis", "Weis"), tip: tip("Weis ansagen, beim ersten Ausspielen (§29)", "declare your Weis with your first card (§29)") };
    if (a === "stöck") return { text: tip("Stöck", "Stöck"), tip: tip("König und Ober des Trumpfs: 20 Punkte (§29.3)", "King and Ober of trump: 20 points (§29.3)") };
    if (a === "rest") return { text: tip("Rest", "Rest"), tip: tip("alle übrigen Stiche verlangen; falsch: die Gegner erhalten alle Karten (§17)", "claim all remaining tricks; wrong: the opponents get all cards (§17)") };
    if (a === "trump") return { text: tip("Trumpf", "Trump"), tip: "" };
    if (a.startsWith("trump:")) return modeText(a.slice(6));
    return { text: a, tip: "" };
  },
  /** Claiming the rest cannot be taken back: asked once more (docs/web.md). */
  confirm: (a) => (a === "rest" ? tip("Du verlangst alle übrigen Stiche; ist es falsch, erhalten die Gegner alle Karten (§17).", "You claim all remaining tricks; if wrong, the opponents get all cards (§17).") : null),
  /** Schieben first: on a phone the row of eleven modes scrolls sideways, and pushing is the first choice a player weighs (§25). */
  order: (a) => (a === "schieben" ? 0 : 1),
  group: (a) => (a.startsWith("trump:3x3") ? "trump" : a.startsWith("trump:") ? a : a),
  /** A team's column by its players, short enough for one line: a computer player without its
   * strength word ("Anna & Computer 3"; the seats say the strength). */
  columnName(c, i, v) {
    const short = (n) => String(n).replace(/ · .*$/, "");
    return `${short(v.seats[i])} & ${short(v.seats[i + 2])}`;
  },
  seatBadges(v, s) {
    const d = v.deal, out = [];
    if (d.declarer === s && d.trump) {
      const short = d.trump.startsWith("3x3:") ? "3×3" : d.trump.startsWith("misere:") ? tip("Misere", "Misere") : modeText(d.trump).text;
      out.push({ text: short, tip: tip("hat Trumpf bestimmt: {mode}", "chose trump: {mode}", { mode: modeText(d.trump).text }), cls: "contract" });
    }
    if (d.geschoben && d.chooser === s && d.declarer !== s) out.push({ text: tip("geschoben", "pushed"), tip: { de: "hat geschoben (§25)", en: "pushed (§25)" } });
    for (const w of d.weis || []) if (w.seat === s) out.push({ text: tip("Weis {points}", "Weis {points}", { points: w.points }), tip: { de: "Weis angesagt (§29)", en: "Weis declared (§29)" }, cls: "weis" });
    const shown = (d.weis_shown || {})[String(s)];
    if (shown) out.push({ text: shown.map(weisText).join(" · "), tip: { de: "gezeigter Weis (§29)", en: "Weis shown (§29)" }, cls: "shown" });
    if (d.stoeck === s) out.push({ text: tip("Stöck", "Stöck"), tip: { de: "Stöck gewiesen: 20 (§29.3)", en: "Stöck shown: 20 (§29.3)" }, cls: "weis" });
    return out;
  },
  centerInfo(v, deck, { resting = null, counted = true } = {}) {
    const d = v.deal, out = [];
    if (d.trump) {
      const m = modeText(d.trump);
      out.push(el("span", `badge contract trump`, tip("Trumpf: {mode} ×{mult}", "Trump: {mode} ×{mult}", { mode: m.text, mult: d.multiplier }), m.tip));
    } else if (d.phase) out.push(el("span", "badge", tip("Trumpf wird bestimmt", "choosing trump")));
    if (d.trump && d.trick_mode && d.trick_mode !== d.trump) out.push(el("span", "badge", tip("dieser Stich: {mode}", "this trick: {mode}", { mode: modeText(d.trick_mode).text })));
    if (d.card_points) out.push(el("span", "badge points", tip("Kartenpunkte {a} : {b}", "card points {a} : {b}", { a: d.card_points[0], b: d.card_points[1] }),
      tip("Kartenpunkte der gewonnenen Stiche, Team 1/3 : 2/4", "card points of the tricks taken, team 1/3 : 2/4")));
    const n = resting ? restingNumber(d, counted) : d.trick_number;
    if (n) out.push(el("span", "badge trick-count", tip("Stich {n}/9", "trick {n}/9", { n })));
    return out;
  },
  /** The card points are the settlement's own lines (each figure once): no fact repeats them. */
  resultFacts() {
    return [];
  },
};

/** The number of a resting trick (1..9): the tricks taken so far, counting it once (``counted``: the
 * view's counts hold it already; between two deals the view is the one before its last card). */
export function restingNumber(d, counted) {
  const taken = (d.tricks_won || []).reduce((a, b) => a + b, 0);
  return Math.max(1, Math.min(counted ? taken : taken + 1, 9));
}

/** A Weis in words (i18n.js cardWords): "4U" is "vier Under", "E6-E8" "Eichel-6 bis Eichel-8". */
function weisText(w) {
  return cardWords("jass", w) ?? w;
}
