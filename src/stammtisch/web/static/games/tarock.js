// Königrufen Tarock (Österreich-Finale, Tiroler Cup): play counter-clockwise, Vorhand at the
// dealer's right; bidding, the called king (once known), the talon when it is shown, premiums
// and Kontras as badges; Trischaken points per player in the settlement. With five at the
// table the dealer sits out.

import { cardElement, cardLabel } from "../cards.js";
import { lang, msg, thirds } from "../i18n.js";
import { el, tip, tricksBadge } from "./common.js";

const CONTRACTS = {
  trischaken: ["Trischaken", "alle passen: wer die meisten Punkte macht, zahlt (Österreich-Finale 5)", "all pass: most points pays (Österreich-Finale 5)"],
  rufer: ["Rufer", "König rufen, Talon halb (Österreich-Finale 4)", "call a king, half the talon (Österreich-Finale 4)"],
  piccolo: ["Piccolo", "genau einen Stich machen (Österreich-Finale 6)", "take exactly one trick (Österreich-Finale 6)"],
  bettel: ["Bettel", "keinen Stich machen (Österreich-Finale 6)", "take no trick (Österreich-Finale 6)"],
  solorufer: ["Solorufer", "König rufen, ohne Talon (Österreich-Finale 4)", "call a king, without the talon (Österreich-Finale 4)"],
  besserrufer: ["Besserrufer", "Rufer, höher geboten (Österreich-Finale 4)", "a Rufer bid higher (Österreich-Finale 4)"],
  farbendreier: ["Farbendreier", "allein, Farben vor Tarock (Österreich-Finale 7)", "alone, suits before Tarock (Österreich-Finale 7)"],
  sechserdreier: ["Sechserdreier", "allein mit dem ganzen Talon (Österreich-Finale 1)", "alone with the whole talon (Österreich-Finale 1)"],
  dreier: ["Dreier", "allein, Talon halb (Österreich-Finale 1)", "alone, half the talon (Österreich-Finale 1)"],
  farbensolo: ["Farbensolo", "allein ohne Talon, Farben vor Tarock (Österreich-Finale 7)", "alone without talon, suits first (Österreich-Finale 7)"],
  zwiccolo_ouvert: ["Zwiccolo ouvert", "genau zwei Stiche, offen (Tiroler Cup)", "exactly two tricks, open (Tiroler Cup)"],
  piccolo_ouvert: ["Piccolo ouvert", "ein Stich, Karten offen (Österreich-Finale 6)", "one trick, cards open (Österreich-Finale 6)"],
  bettel_ouvert: ["Bettel ouvert", "kein Stich, Karten offen (Österreich-Finale 6)", "no trick, cards open (Österreich-Finale 6)"],
  solodreier: ["Solodreier", "allein ohne Talon (Österreich-Finale 1)", "alone without the talon (Österreich-Finale 1)"],
};

const PREMIUMS = {
  koenig_ultimo: ["König ultimo", "der gerufene König macht den letzten Stich (Österreich-Finale 8)", "the called king takes the last trick (Österreich-Finale 8)"],
  trull: ["Trull", "Sküs, Mond (XXI) und Pagat (I) im eigenen Lager (Österreich-Finale 8)", "Sküs, XXI and I on one side (Österreich-Finale 8)"],
  vier_koenige: ["Vier Könige", "alle vier Könige im eigenen Lager (Österreich-Finale 8)", "all four kings on one side (Österreich-Finale 8)"],
  pagat: ["Pagat", "der Pagat (I) macht den letzten Stich (Österreich-Finale 8)", "the Pagat (I) takes the last trick (Österreich-Finale 8)"],
  uhu: ["Uhu", "der II macht den vorletzten Stich (Österreich-Finale 8)", "II takes the second-to-last trick (Österreich-Finale 8)"],
  kakadu: ["Kakadu", "der III macht den drittletzten Stich (Österreich-Finale 8)", "III takes the third-to-last trick (Österreich-Finale 8)"],
  quapil: ["Quapil", "der IIII macht den viertletzten Stich (Tiroler Cup)", "IIII takes the fourth-to-last trick (Tiroler Cup)"],
  valat: ["Valat", "alle Stiche (Österreich-Finale 9)", "all tricks (Österreich-Finale 9)"],
  game: ["Spiel", "das Spiel selbst", "the game itself"],
};

const WORDS = {
  vorhand: ["Vorhand", "die Vorhand meldet sich zuerst und behält sich den Rufer vor (Österreich-Finale 3)", "Vorhand speaks first and keeps the Rufer (Österreich-Finale 3)"],
  weitergeben: ["Weitergeben", "Vorhand mit allen vier Königen gibt die Vorhand weiter (Clubregel)", "Vorhand with all four kings passes the Vorhand on (club rule)"],
  pass: ["Gut", "passen: kein Spiel anmelden oder überbieten (Österreich-Finale 1)", "pass: no bid (Österreich-Finale 1)"],
  hold: ["Halten", "die Vorhand spielt das gebotene Spiel selbst (Österreich-Finale 3)", "Vorhand plays the bid game herself (Österreich-Finale 3)"],
  gut: ["Gut", "nichts (mehr) ansagen, zur Kenntnis nehmen (Österreich-Finale 1)", "nothing (more) to announce (Österreich-Finale 1)"],
  liege: ["Ich liege", "der Spieler eröffnet das Spiel: keine weiteren Ansagen (Österreich-Finale 1), 8))", "the declarer opens play: no more announcements (Österreich-Finale 1), 8))"],
};

function contractText(c) { const x = CONTRACTS[c]; return x ? x[0] : c; }
function premiumText(p) { const x = PREMIUMS[p]; return x ? x[0] : p; }

export default {
  direction: "ccw",
  /** The games of the tariff and the premiums by their names (the lobby's option form). */
  itemLabel(option, item) {
    if (option === "tariff" && CONTRACTS[item]) return CONTRACTS[item][0];
    if (option === "premium_values" && PREMIUMS[item]) return PREMIUMS[item][0];
    return null;
  },
  vorhand: (v) => (v.deal.players || [])[0],
  /** Suits (♣ ♠ ♥ ♦, kings high) then Tarock I..XXI and the Sküs. */
  sort(hand) {
    const suitOrder = { X: 0, P: 1, H: 2, K: 3 };
    const high = { K: 8, D: 7, C: 6, B: 5, R: 5 };
    const key = (c) => {
      if (/^T\d+$/.test(c)) return 1000 + parseInt(c.slice(1), 10);
      const r = c.slice(1);
      return suitOrder[c[0]] * 100 + (high[r] ? 50 + high[r] : parseInt(r, 10) || 0);
    };
    return [...hand].sort((a, b) => key(a) - key(b));
  },
  actionText(a, v) {
    // the declarer closes the announcements with "Ich liege" (Österreich-Finale 1)
    if (a === "gut" && v && v.deal && v.deal.phase === "announce" && v.deal.declarer === v.seat) a = "liege";
    const [kind, what] = a.includes(":") ? a.split(":") : [a, null];
    if (kind === "bid") { const c = CONTRACTS[what] || [what, "", ""]; return { text: c[0], tip: tip(c[1], c[2]) }; }
    if (kind === "announce") { const p = PREMIUMS[what] || [what, "", ""]; return { text: p[0], tip: tip(`ansagen: ${p[1]}`, `announce: ${p[2]}`) }; }
    if (kind === "kontra" || kind === "rekontra" || kind === "subkontra") {
      const word = { kontra: "Kontra", rekontra: "Re", subkontra: "Sub" }[kind];
      return { text: what ? `${word} ${premiumText(what)}` : word, tip: tip("verdoppelt den Wert (Österreich-Finale 2)", "doubles the value (Österreich-Finale 2)") };
    }
    if (kind === "talon") return { text: tip(`${Number(what) === 0 ? "linke" : "rechte"} Talonhälfte`, `${Number(what) === 0 ? "left" : "right"} half of the talon`), tip: tip("Talonhälfte nehmen (Österreich-Finale 4)", "take this half (Österreich-Finale 4)") };
    if (kind === "discard") return { text: tip(`ablegen ${what}`, `discard ${what}`), tip: tip("Karte verlegen (Österreich-Finale 1)", "lay a card away (Österreich-Finale 1)") };
    if (kind === "call") return { text: msg({ id: "call {king}", args: { king: what } }), tip: tip("den König rufen (Österreich-Finale 4)", "call the king (Österreich-Finale 4)") };
    if (WORDS[a]) return { text: WORDS[a][0], tip: tip(WORDS[a][1], WORDS[a][2]) };
    return { text: a.replace(/[_:]/g, " "), tip: "" };
  },
  /** Words that cannot be taken back and change what the deal is worth: asked once more (docs/web.md). */
  confirm(a) {
    const [kind, what] = a.includes(":") ? a.split(":") : [a, null];
    if (kind === "announce" && what === "valat") return tip("Valat angesagt zählt das Spiel achtfach; ist der Valat verloren, ist auch das Spiel verloren (Österreich-Finale 9).", "An announced Valat counts the game eight times; a lost Valat loses the game too (Österreich-Finale 9).");
    if (kind === "announce") return tip("Angesagt zählt die Prämie voll (still nur die Hälfte) und kostet, wenn sie nicht gelingt; jeder sagt nur einmal an (Österreich-Finale 8).", "Announced, the premium counts in full (silent only half) and costs if it fails; each player announces only once (Österreich-Finale 8).");
    if (kind === "kontra" || kind === "rekontra" || kind === "subkontra") return tip("Verdoppelt das Geld des Spiels; zurücknehmen geht nicht (Österreich-Finale 2).", "Doubles the money of the game; it cannot be taken back (Österreich-Finale 2).");
    if (kind === "bid" && /ouvert/.test(what || "")) return tip("Ouvert: nach dem ersten Stich liegen deine Karten offen auf dem Tisch (Österreich-Finale 6).", "Ouvert: after the first trick your cards lie open on the table (Österreich-Finale 6).");
    // a negative game or a game alone binds the bidder to it: Bettel, Piccolo, the Dreier and the solos (Österreich-Finale 1), 3), 6))
    if (kind === "bid" && /^(bettel|piccolo|zwiccolo)/.test(what || "")) return msg({ id: "A {game} binds you to it: a bid is not taken back (Österreich-Finale 3), 6)).", args: { game: contractText(what) } });
    if (kind === "bid" && /(dreier|solo)/.test(what || "")) return msg({ id: "You play the {game} alone against three: a bid is not taken back (Österreich-Finale 1), 3)).", args: { game: contractText(what) } });
    return null;
  },
  group: (a) => a.split(":")[0] === "bid" || a.split(":")[0] === "announce" ? a : a.split(":")[0],
  columnName: (c, i, v) => v.seats[i] ?? c,
  seatBadges(v, s) {
    const d = v.deal, out = [];
    if (d.players && !d.players.includes(s)) out.push({ text: { de: "setzt aus", en: "sits out" }, tip: { de: "der Geber zu fünft setzt aus", en: "the dealer of five sits out" } });
    if (d.declarer === s && d.contract) out.push({ text: contractText(d.contract), tip: { de: "Spieler", en: "declarer" }, cls: "contract" });
    else if (d.bidder === s && d.bid && !d.contract) out.push({ text: contractText(d.bid), tip: { de: "höchstes Gebot", en: "highest bid" }, cls: "bid" });
    if (d.partner === s && d.declarer !== s) out.push({ text: { de: "Partner", en: "partner" }, tip: { de: "hält den gerufenen König", en: "holds the called king" }, cls: "party re" });
    if ((d.passed || []).includes(s) && d.phase === "bidding") out.push({ text: "Gut", tip: { de: "hat gepasst", en: "passed" } });
    else if (d.phase === "bidding") {
      // what the seat said last in the bidding (Vorhand, a bid)
      const said = (d.history || []).filter(([who]) => who === s).map(([, w]) => w).pop();
      if (said && said !== "pass" && !(d.bidder === s && said === `bid:${d.bid}`)) out.push({ ...this.actionText(said), cls: "bid" });
    }
    for (const [name, p] of Object.entries(d.announcements || {})) {
      if (p.announcer === s) out.push({ text: premiumText(name) + (p.kontra ? ` ×${2 ** p.kontra}` : ""), tip: tip(PREMIUMS[name] ? PREMIUMS[name][1] : "", PREMIUMS[name] ? PREMIUMS[name][2] : ""), cls: "announce" });
    }
    const k = (d.kontras || {})[String(s)];
    if (k) out.push({ text: `Kontra ×${2 ** k}`, tip: { de: "Kontra gegen das Spiel", en: "Kontra on the game" }, cls: "announce" });
    const tricks = tricksBadge(d, s);
    if (tricks) out.push(tricks);
    return out;
  },
  centerInfo(v) {
    const d = v.deal, out = [];
    if (d.contract) out.push(el("span", "badge contract", contractText(d.contract), CONTRACTS[d.contract] ? tip(CONTRACTS[d.contract][1], CONTRACTS[d.contract][2]) : ""));
    else if (d.bid) out.push(el("span", "badge bid", tip("Gebot: {contract}", "bid: {contract}", { contract: contractText(d.bid) })));
    if (d.called) out.push(el("span", "badge called", d.called === "fourth" ? tip("der vierte König ist gerufen", "the fourth king is called") : `${tip("gerufen", "called")}: ${cardLabel("tarock", d.called)}`));
    if (d.game_kontra) out.push(el("span", "badge announce", `Kontra ×${2 ** d.game_kontra}`));
    return out;
  },
  /** The talon when the rules show it (two halves, the one taken marked), the open discards and the open hand. */
  tableCards(v, deck, card) {
    const d = v.deal, out = [];
    const mk = (c) => card(c);
    if (Array.isArray(d.talon)) {
      out.push(el("div", "felt-label", "Talon"));
      const halves = document.createElement("div");
      halves.className = "talon";
      d.talon.forEach((half, i) => {
        const box = document.createElement("div");
        box.className = "talon-half" + (d.taken_half === i ? " taken" : "");
        box.dataset.half = String(i);
        half.forEach((c) => box.append(mk(c)));
        halves.append(box);
      });
      out.push(halves);
    }
    if ((d.discards_open || []).length) {
      out.push(el("div", "felt-label", tip("offen verlegt", "laid away open")));
      const box = document.createElement("div");
      box.className = "talon-half";
      d.discards_open.forEach((c) => box.append(mk(c)));
      out.push(box);
    }
    if (Array.isArray(d.open_hand) && d.declarer !== v.seat) {
      out.push(el("div", "felt-label", `${tip("offen", "open")}: ${v.seats[d.declarer]}`));
      const box = document.createElement("div");
      box.className = "talon-half open";
      d.open_hand.forEach((c) => box.append(mk(c)));
      out.push(box);
    }
    return out;
  },
  resultFacts(v, r) {
    const s = r.summary || {}, o = s.outcome || {}, out = [];
    const third = thirds;  // "41⅓" / "41 1/3", as the settlement lines write them
    if (o.contract === "trischaken" && (o.thirds || []).length) {
      out.push(el("span", "fact trischaken", `${tip("Punkte", "points")}: ` + o.players.map((p) => `${v.seats[p]} ${third(o.thirds[p])}`).join(" · ")));
    } else if (o.declarer !== null && o.declarer !== undefined) {
      const who = [o.declarer, o.partner].filter((x) => x !== null && x !== undefined).map((x) => v.seats[x]).join(" & ");
      const negative = /piccolo|bettel|zwiccolo/.test(o.contract || "");
      if (!negative) out.push(el("span", "fact", `${who}: ${third(o.declarer_thirds)} ${tip("Punkte", "points")} (35 ${tip("zum Sieg", "to win")})`));
      else out.push(el("span", "fact", `${who}: ${o.declarer_tricks} ${tip("Stiche", "tricks")}`));
      if (s.won !== undefined) out.push(el("span", "fact", s.won ? tip("gewonnen", "won") : tip("verloren", "lost")));
    }
    if (s.talon) {
      const box = el("span", "fact talon-fact", "Talon: ");
      s.talon.forEach((c) => box.append(cardElement("tarock", c)));
      out.push(box);
    }
    return out;
  },
};
