// SVG playing cards for the four decks, drawn from the card's notation (see docs/records.md).
// Swiss suits for Jass (Eicheln, Schellen, Schilten, Rosen), German suits for Perlaggen
// (Eichel, Laub, Herz, Schell, and the Weli), French suits for Doppelkopf, and Tarock with
// its trumps numbered I..XXI and the Sküs.

import { cardName } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

const ROMAN = [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
export function roman(n) {
  let out = "";
  for (const [v, s] of ROMAN) while (n >= v) { out += s; n -= v; }
  return out;
}

// --- suit symbols: each returns SVG markup centred at (x, y) with size s ----------------
const sym = {
  heart: (x, y, s, c = "#c8102e") =>
    `<path fill="${c}" d="M${x} ${y + s * 0.45} C${x - s * 0.9} ${y - s * 0.1} ${x - s * 0.45} ${y - s * 0.75} ${x} ${y - s * 0.25}
       C${x + s * 0.45} ${y - s * 0.75} ${x + s * 0.9} ${y - s * 0.1} ${x} ${y + s * 0.45}Z"/>`,
  diamond: (x, y, s) =>
    `<path fill="#d2461e" d="M${x} ${y - s * 0.55} L${x + s * 0.4} ${y} L${x} ${y + s * 0.55} L${x - s * 0.4} ${y}Z"/>`,
  spade: (x, y, s) =>
    `<path fill="#111" d="M${x} ${y - s * 0.5} C${x + s * 0.9} ${y + s * 0.1} ${x + s * 0.45} ${y + s * 0.65} ${x} ${y + s * 0.2}
       C${x - s * 0.45} ${y + s * 0.65} ${x - s * 0.9} ${y + s * 0.1} ${x} ${y - s * 0.5}Z"/>
     <path fill="#111" d="M${x} ${y + s * 0.1} L${x + s * 0.18} ${y + s * 0.55} L${x - s * 0.18} ${y + s * 0.55}Z"/>`,
  club: (x, y, s) =>
    `<g fill="#111"><circle cx="${x}" cy="${y - s * 0.25}" r="${s * 0.2}"/><circle cx="${x - s * 0.24}" cy="${y + s * 0.08}" r="${s * 0.2}"/>
     <circle cx="${x + s * 0.24}" cy="${y + s * 0.08}" r="${s * 0.2}"/>
     <path d="M${x} ${y} L${x + s * 0.16} ${y + s * 0.55} L${x - s * 0.16} ${y + s * 0.55}Z"/></g>`,
  acorn: (x, y, s) =>
    `<g><ellipse cx="${x}" cy="${y + s * 0.12}" rx="${s * 0.26}" ry="${s * 0.34}" fill="#b7791f"/>
     <path d="M${x - s * 0.32} ${y - s * 0.05} Q${x} ${y - s * 0.5} ${x + s * 0.32} ${y - s * 0.05}Z" fill="#5a3b12"/>
     <path d="M${x} ${y - s * 0.28} L${x + s * 0.06} ${y - s * 0.55}" stroke="#5a3b12" stroke-width="${s * 0.08}"/></g>`,
  bell: (x, y, s) =>
    `<g><circle cx="${x}" cy="${y}" r="${s * 0.36}" fill="#e0a800" stroke="#7a5a00" stroke-width="${s * 0.04}"/>
     <rect x="${x - s * 0.36}" y="${y - s * 0.06}" width="${s * 0.72}" height="${s * 0.12}" fill="#c0392b"/>
     <circle cx="${x}" cy="${y + s * 0.2}" r="${s * 0.06}" fill="#222"/>
     <path d="M${x} ${y + s * 0.2} L${x} ${y + s * 0.34}" stroke="#222" stroke-width="${s * 0.04}"/></g>`,
  shield: (x, y, s) =>
    `<g><path d="M${x - s * 0.34} ${y - s * 0.42} L${x + s * 0.34} ${y - s * 0.42} L${x + s * 0.34} ${y} Q${x + s * 0.3} ${y + s * 0.35} ${x} ${y + s * 0.5}
       Q${x - s * 0.3} ${y + s * 0.35} ${x - s * 0.34} ${y}Z" fill="#222"/>
     <path d="M${x - s * 0.34} ${y - s * 0.14} L${x + s * 0.34} ${y - s * 0.14} L${x + s * 0.34} ${y + s * 0.02} L${x - s * 0.34} ${y + s * 0.02}Z" fill="#e0a800"/></g>`,
  rose: (x, y, s) => {
    let p = "";
    for (let i = 0; i < 5; i++) {
      const a = (i / 5) * Math.PI * 2 - Math.PI / 2;
      p += `<circle cx="${x + Math.cos(a) * s * 0.22}" cy="${y + Math.sin(a) * s * 0.22}" r="${s * 0.18}" fill="#c8102e"/>`;
    }
    return `<g>${p}<circle cx="${x}" cy="${y}" r="${s * 0.13}" fill="#f2c200"/></g>`;
  },
  leaf: (x, y, s) =>
    `<g><path d="M${x} ${y - s * 0.5} C${x + s * 0.45} ${y - s * 0.2} ${x + s * 0.35} ${y + s * 0.3} ${x} ${y + s * 0.42}
       C${x - s * 0.35} ${y + s * 0.3} ${x - s * 0.45} ${y - s * 0.2} ${x} ${y - s * 0.5}Z" fill="#2e8b2e"/>
     <path d="M${x} ${y - s * 0.42} L${x} ${y + s * 0.56}" stroke="#1a5a1a" stroke-width="${s * 0.05}"/></g>`,
  star: (x, y, s) => {
    let d = "";
    for (let i = 0; i < 10; i++) {
      const r = i % 2 ? s * 0.18 : s * 0.42, a = (i / 10) * Math.PI * 2 - Math.PI / 2;
      d += `${i ? "L" : "M"}${(x + Math.cos(a) * r).toFixed(1)} ${(y + Math.sin(a) * r).toFixed(1)}`;
    }
    return `<path d="${d}Z" fill="#6b2fa0"/>`;
  },
};

// deck name -> suit letter -> symbol and colour of the rank text
const SUITS = {
  jass: { E: ["acorn", "#5a3b12"], S: ["bell", "#8a6d00"], L: ["shield", "#222"], R: ["rose", "#c8102e"] },
  perlaggen: { E: ["acorn", "#5a3b12"], L: ["leaf", "#1a6a1a"], G: ["leaf", "#1a6a1a"], H: ["heart", "#c8102e"], S: ["bell", "#8a6d00"] },
  doko: { X: ["club", "#111"], P: ["spade", "#111"], H: ["heart", "#c8102e"], K: ["diamond", "#d2461e"] },
  tarock: { X: ["club", "#111"], P: ["spade", "#111"], H: ["heart", "#c8102e"], K: ["diamond", "#d2461e"] },
};

const SUIT_NAMES = {
  jass: { E: "Eicheln", S: "Schellen", L: "Schilten", R: "Rosen" },
  perlaggen: { E: "Eichel", L: "Laub", G: "Laub", H: "Herz", S: "Schell" },
  doko: { X: "Kreuz", P: "Pik", H: "Herz", K: "Karo" },
  tarock: { X: "Kreuz", P: "Pik", H: "Herz", K: "Karo", T: "Tarock" },
};

export function suitName(deck, letter) {
  return (SUIT_NAMES[deck] || {})[letter] || letter;
}

/** Split a notation into {kind, suit, rank}: kind is "suit", "tarock", "weli" or "unknown". */
export function parseCard(deck, text) {
  const t = String(text);
  if (deck === "tarock" && /^T\d+$/i.test(t)) return { kind: "tarock", number: parseInt(t.slice(1), 10) };
  if (deck === "perlaggen" && t.toUpperCase() === "W") return { kind: "weli" };
  const suit = t[0].toUpperCase(), rank = t.slice(1).toUpperCase();
  if ((SUITS[deck] || {})[suit]) return { kind: "suit", suit, rank };
  return { kind: "unknown", text: t };
}

function frame(inner, label) {
  return `<svg xmlns="${NS}" viewBox="0 0 60 90" class="card-svg" role="img" aria-label="${label}">
    <rect x="1" y="1" width="58" height="88" rx="6" ry="6" fill="#fffdf6" stroke="#555" stroke-width="1.2"/>${inner}</svg>`;
}

/** SVG markup for one card of ``deck`` written as ``text``. */
export function cardSVG(deck, text) {
  const c = parseCard(deck, text);
  if (c.kind === "tarock") {
    const n = c.number, label = n === 22 ? "Sküs" : roman(n);
    const big = n === 22 ? sym.star(30, 48, 36) :
      `<text x="30" y="58" font-size="${label.length > 3 ? 15 : 20}" text-anchor="middle" font-family="Georgia,serif" fill="#3b2a6b" font-weight="bold">${label}</text>`;
    return frame(`<rect x="5" y="5" width="50" height="80" rx="4" fill="none" stroke="#6b2fa0" stroke-width="1.5"/>
      <text x="8" y="17" font-size="11" font-family="sans-serif" fill="#3b2a6b" font-weight="bold">${n}</text>
      <text x="52" y="82" font-size="11" text-anchor="end" font-family="sans-serif" fill="#3b2a6b" font-weight="bold">${n}</text>${big}`,
      `Tarock ${label}`);
  }
  if (c.kind === "weli") {
    return frame(`${sym.bell(30, 40, 34)}<text x="30" y="76" font-size="13" text-anchor="middle" font-family="Georgia,serif" fill="#8a6d00" font-weight="bold">Weli</text>
      <text x="7" y="15" font-size="11" font-family="sans-serif" font-weight="bold" fill="#8a6d00">6</text>`, "Weli");
  }
  if (c.kind === "unknown") {
    return frame(`<text x="30" y="50" font-size="14" text-anchor="middle" font-family="sans-serif">${c.text}</text>`, c.text);
  }
  const [shape, colour] = SUITS[deck][c.suit];
  const rank = c.rank;
  return frame(`<text x="6" y="17" font-size="${rank.length > 1 ? 11 : 13}" font-family="sans-serif" font-weight="bold" fill="${colour}">${rank}</text>
    ${sym[shape](11, 27, 11)}
    <text x="54" y="83" font-size="${rank.length > 1 ? 11 : 13}" text-anchor="end" font-family="sans-serif" font-weight="bold" fill="${colour}">${rank}</text>
    ${sym[shape](32, 50, 34)}`, `${suitName(deck, c.suit)} ${rank}`);
}

/** A card element: a <button> (when clickable) or a <span> holding the SVG. */
export function cardElement(deck, text, { clickable = false, legal = false } = {}) {
  const el = document.createElement(clickable ? "button" : "span");
  el.className = "card" + (legal ? " legal" : "") + (clickable ? " clickable" : "");
  el.dataset.card = text;
  el.innerHTML = cardSVG(deck, text);
  const label = cardLabel(deck, text);
  // a button is named by its text (a hidden span; the drawing's letters are not its name), a card
  // that is only shown is an image with a label
  if (clickable) el.append(Object.assign(document.createElement("span"), { className: "sr-only card-name", textContent: label }));
  else { el.setAttribute("aria-label", label); el.setAttribute("role", "img"); }
  el.title = label;
  const svg = el.querySelector("svg");
  if (svg) svg.setAttribute("aria-hidden", "true");
  return el;
}

const RANK_NAMES = { A: "Ass", K: "König", O: "Ober", U: "Unter", D: "Dame", B: "Bube", C: "Cavall", R: "Reiter" };

/** A card's name as players say it, from the catalogue ("Rosen-Ass", "Pagat", "Weli"; i18n.js
 * cardName): the screen reader's words and every text that names a card. */
export function cardLabel(deck, text) {
  const named = cardName(deck, text);
  if (named !== null) return named;
  const c = parseCard(deck, text);
  if (c.kind === "tarock") return c.number === 22 ? "Sküs" : `Tarock ${roman(c.number)}`;
  if (c.kind === "weli") return "Weli";
  if (c.kind === "unknown") return c.text;
  let rank = RANK_NAMES[c.rank] || c.rank;
  if (deck === "tarock" && c.rank === "B") rank = "Bube";
  return `${suitName(deck, c.suit)} ${rank}`;
}

/** Whether ``text`` is a card of the deck (the catalogue lists every notation). */
export function isCard(deckInfo, text) {
  return deckInfo && deckInfo.notation.includes(text);
}
