// Perlaggen (Innsbrucker Perlaggerregeln): German cards, sides A (seats 1 and 3) and B (2 and 4)
// sitting crosswise, play clockwise. Trump card, Luck and Boden, the three figures (Gleich,
// Hanger, Spiel) with bids, Steigern and who holds them; the Perlaggen are played with a Taufe.

import { suitName } from "../cards.js";
import { cardName, cardWords, msg } from "../i18n.js";
import { el, tip } from "./common.js";

const FIG = { gleich: "Gleich", hanger: "Hanger", spiel: "Spiel", perlagg: "Perlagg", nichts: "nichts" };

const WORDS = {
  ansehen: ["Karten ansehen", "die eigenen fünf Karten aufnehmen", "pick up your five cards"],
  aufdecken: ["Trumpf aufdecken", "die nächste Karte wird Trumpf (§7)", "the next card is turned for trump (§7)"],
  behalten: ["behalten", "abgehobene Perlaggen behalten (§4)", "keep the Perlaggen you lifted (§4)"],
  gut: ["gut", "die Figur gut lassen: die Bietenden schreiben sie (§12)", "concede the figure: the bidders write it (§12)"],
  halten: ["halten", "das Gebot annehmen, es wird ausgespielt (§11)", "accept the bid, it is played out (§11)"],
  partner_fragen: ["Partner fragen", "die Antwort dem Partner überlassen; er muss dann antworten (§11, §9)", "leave the answer to your partner, who then must answer (§11, §9)"],
  steigern: ["steigern", "den Wert erhöhen: drei, vier … Spiel aus (§13)", "raise the value: three, four … Spiel aus (§13)"],
  liegen: ["Ich liege", "nichts bieten, weiter spielen", "no bid, play on"],
  weisen: ["weisen", "die Figur zeigen (§22)", "show the figure (§22)"],
  abweisen: ["abweisen", "mit einer höheren Figur abweisen (§22)", "beat it with a higher figure (§22)"],
  stellen: ["stellen", "die Figur stehen lassen (§22)", "let the figure stand (§22)"],
  nicht_tauschen: ["nicht tauschen", "keine Karte tauschen", "exchange no card"],
  schreiben: ["schreiben", "die Punkte schreiben; wer reklamieren will, tut es vorher (§33)", "write the points; claim first if you must (§33)"],
};

export default {
  direction: "cw",
  vorhand: (v) => (v.deal.dealer + 1) % 4,
  sort(hand, v) {
    const order = ["W", "E", "L", "G", "H", "S"];
    const ranks = ["A", "K", "O", "U", "10", "9", "8", "7", "6"];
    const trump = v.deal.trump;
    const key = (c) => {
      if (c === "W") return -1;
      const s = c[0] === trump ? 0 : 1 + order.indexOf(c[0]);
      return s * 20 + ranks.indexOf(c.slice(1));
    };
    return [...hand].sort((a, b) => key(a) - key(b));
  },
  actionText(a) {
    if (a.includes("=")) {
      // the chooser shows the card it becomes: "als Eichel-8"; the tip the whole Taufe (§18)
      const [, as] = a.split("=");
      return { text: msg({ id: "as {target}", args: { target: as } }), tip: `${msg({ id: "Taufe: {taufe}", args: { taufe: a } })} (§18)` };
    }
    if (/^(W|[ELGHS](?:[6-9]|10|[UOKA]))$/.test(a)) return { text: tip("ungetauft", "plain"), tip: tip("ohne Taufe: zählt als einfache Karte (§18)", "without a Taufe it counts as a plain card (§18)") };
    const [kind, what] = a.includes(":") ? [a.slice(0, a.indexOf(":")), a.slice(a.indexOf(":") + 1)] : [a, null];
    if (kind === "bieten") {
      if (what === "gleich") return { text: "Gleich bieten", tip: tip("Gleich bieten: drei gleiche Karten (§3, §8)", "bid Gleich: three of a kind (§3, §8)") };
      if (what === "hanger") return { text: "Hanger bieten", tip: tip("Hanger bieten: drei Karten in Folge einer Farbe (§3, §8)", "bid Hanger: a run of three in a suit (§3, §8)") };
      if (what === "spiel") return { text: "Spiel bieten", tip: tip("Spiel bieten: drei Stiche machen (§8, §29)", "bid Spiel: take three tricks (§8, §29)") };
      return { text: "bieten", tip: "" };
    }
    if (kind === "steigern") return { text: what ? `${FIG[what] || what} steigern` : "steigern", tip: tip(WORDS.steigern[1], WORDS.steigern[2]) };
    if (kind === "ungesehen") return { text: what ? `ungesehen: ${what.split("+").map((f) => FIG[f] || f).join(", ")}` : tip("ungesehen bieten", "bid unseen"), tip: tip("ungesehen bieten: die Partei bietet ohne die Karten anzusehen (§32)", "bid unseen, before looking at the cards (§32)") };
    if (kind === "zeichen") return { text: `${tip("Zeichen", "signal")}: ${FIG[what] || what}`, tip: tip("dem Partner ein Zeichen geben", "signal to your partner") };
    if (kind === "abheben") return { text: what ? `${tip("abheben", "cut")} ${what}` : tip("abheben", "cut"), tip: tip("so viele Karten abheben (§4)", "lift this many cards (§4)") };
    if (kind === "tauschen") return { text: `${tip("tauschen", "exchange")}: ${cardName("perlaggen", what) ?? what}`, tip: tip("diese Karte tauschen", "exchange this card") };
    if (WORDS[a]) return { text: WORDS[a][0], tip: tip(WORDS[a][1], WORDS[a][2]) };
    return { text: a.replace(/[_:]/g, " "), tip: "" };
  },
  /** A raise cannot be taken back and raises what the figure is worth (§13): asked once more. */
  confirm: (a) => (a.startsWith("steigern") ? msg("A raise cannot be taken back: the figure is worth more, won or lost (Perlaggen §13).") : null),
  group: (a) => (a.startsWith("abheben:") ? "abheben" : a.startsWith("ungesehen:") ? "ungesehen" : a),
  columnName(c, i, v) { return `${c}: ${v.seats[i]} & ${v.seats[i + 2]}`; },
  seatBadges(v, s) {
    const d = v.deal, out = [];
    const side = s % 2 === 0 ? "A" : "B";
    out.push({ text: side, tip: { de: `Partei ${side}`, en: `side ${side}` }, cls: `side side-${side}` });
    if (d.pending && d.pending.seat === s) out.push({ text: `${FIG[d.pending.figure] || d.pending.figure} ${d.pending.value || ""}`.trim(), tip: { de: "geboten (§8)", en: "bid (§8)" }, cls: "bid" });
    for (const [who, sig] of d.signals || []) if (who === s) out.push({ text: `${tip("Zeichen", "signal")}: ${FIG[sig] || sig}`, tip: { de: "Zeichen an den Partner", en: "signal to the partner" }, cls: "signal" });
    if (d.looked && d.looked[s] === false && d.phase !== "over") out.push({ text: tip("ungesehen", "unseen"), tip: "" });
    const shown = (d.shown_hands || {})[String(s)];
    if (shown) out.push({ text: shown.map((c) => cardWords("perlaggen", c) ?? c).join(", "), tip: { de: "gezeigt", en: "shown" }, cls: "shown" });
    return out;
  },
  centerInfo(v) {
    const d = v.deal, out = [];
    if (d.trump) out.push(el("span", "badge contract trump", `${tip("Trumpf", "Trump")}: ${suitName("perlaggen", d.trump)}`, tip("aufgeschlagene Karte bestimmt den Trumpf (§7)", "the turned card sets trump (§7)")));
    for (const [name, f] of Object.entries(d.figures || {})) {
      // an open raise names the side that raised (offered_by), not the side that bid first
      const by = f.offered_by || f.bidder;
      const who = by ? ` ${by}` : "";
      const st = { open: tip("offen", "open"), offered: tip("geboten", "offered"), held: tip("gehalten", "held"), conceded: tip("gut", "conceded"), decided: tip("entschieden", "decided"), lapsed: tip("verfallen", "lapsed"), bid: tip("geboten", "bid"), raised: tip("gesteigert", "raised") }[f.status] || f.status;
      const stake = f.value || f.offer;
      out.push(el("span", `badge figure ${f.status}`, `${FIG[name] || name}${who}: ${st}${stake ? " " + stake : ""}${f.winner ? " → " + f.winner : ""}${f.unseen ? " (" + tip("ungesehen", "unseen") + ")" : ""}`,
        tip("Figur: wer bietet, Stand und Wert (§8–§14)", "figure: bidder, state and value (§8–§14)")));
    }
    if (d.written) out.push(el("span", "badge points", `${tip("geschrieben", "written")} A ${d.written[0]} : B ${d.written[1]}`));
    if (d.tricks_won) out.push(el("span", "badge", `${tip("Stiche", "tricks")} A ${d.tricks_won[0]} : B ${d.tricks_won[1]}`));
    if (d.phase === "figures" && d.figure_on_table) out.push(el("span", "badge asked", `${tip("gefragt", "asked for")}: ${FIG[d.figure_on_table] || d.figure_on_table}`, tip("diese Figur ist zu weisen, zu bieten oder gut zu lassen (§22)", "this figure is to be shown, bid or conceded (§22)")));
    if (d.shown_figure) out.push(el("span", "badge shown", msg(d.shown_figure)));
    return out;
  },
  /** Whether this seat threw its cards open on the table (§9: the side renounces its remaining figures). */
  laidOpen(v) {
    return (v.deal.events || []).some((e) => e && typeof e === "object" && String(e.id).startsWith("seat {seat} lays the cards open")
      && e.args && Number(e.args.seat) === v.seat);
  },
  tableCards(v, deck, card) {
    const d = v.deal, out = [];
    const put = (label, c) => {
      if (!c) return;
      const box = document.createElement("div");
      box.className = "felt-card";
      box.append(card(c));
      const cap = document.createElement("div");
      cap.className = "felt-label";
      cap.textContent = label;
      box.append(cap);
      out.push(box);
    };
    put(tip("abgehoben", "lifted"), d.lifted_bottom);  // the standing Perlagg at the bottom of the lift (§4)
    put(tip("Trumpf", "trump"), d.trump_card);
    put("Luck", d.luck);
    put("Boden", d.boden);
    return out;
  },
  resultFacts(v, r) {
    const s = r.summary || {}, out = [];
    if (s.won) out.push(el("span", "fact", `${tip("Stiche", "tricks")}: A ${s.won[0]} · B ${s.won[1]}`));
    if (s.winner) out.push(el("span", "fact", `${tip("gewonnen", "won")}: ${s.winner}`));
    // what each seat laid open to show a figure (§22): the computer players' too
    for (const [k, cs] of Object.entries(s.shown_hands || {})) out.push(el("span", "fact", `${v.seats[Number(k)]} ${tip("zeigte", "showed")}: ${cs.map((c) => cardWords("perlaggen", c) ?? c).join(", ")}`));
    return out;
  },
};
