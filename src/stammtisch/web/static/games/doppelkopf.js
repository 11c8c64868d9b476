// Doppelkopf (DDV tournament rules): French cards, parties Re and Kontra (known as they come
// out), Vorbehalt/Solo/Hochzeit, announcements with their trick, Augen in the settlement.
// Play clockwise; at a table of five the dealer sits out (DDV 1, 7).

import { gettext, msg } from "../i18n.js";
import { el, tip, tricksBadge } from "./common.js";

const SOLO = {
  kreuz: "Kreuzsolo", pik: "Piksolo", herz: "Herzsolo", karo: "Karosolo", buben: "Bubensolo",
  damen: "Damensolo", fleischlos: "Fleischloser",
};

const WORDS = {
  gesund: ["Gesund", "kein Vorbehalt: normales Spiel (DDV 2)", "no reservation: a normal game (DDV 2)"],
  vorbehalt: ["Vorbehalt", "ich habe einen Vorbehalt: Solo oder Hochzeit (DDV 2)", "I have a reservation: solo or wedding (DDV 2)"],
  hochzeit: ["Hochzeit", "beide Kreuz-Damen: der erste fremde Stich der ersten drei bestimmt den Partner (DDV 4)", "both ♣ Queens: the first trick won by another player within three tricks finds the partner (DDV 4)"],
  nein: ["Nein", "keinen Vorbehalt mehr ansagen (DDV 2)", "no reservation after all (DDV 2)"],
  re: ["Re", "Ansage: wir sind Re und machen 121 (DDV 5), mit 11 Karten", "announce: we are Re and make 121 (DDV 5), while holding 11 cards"],
  kontra: ["Kontra", "Ansage: wir sind Kontra (DDV 5), mit 11 Karten", "announce: we are Kontra (DDV 5), while holding 11 cards"],
  keine90: ["keine 90", "Absage: die Gegner bekommen keine 90 Augen (DDV 5), mit 10 Karten", "the opponents get fewer than 90 Augen (DDV 5), with 10 cards"],
  keine60: ["keine 60", "Absage: die Gegner bekommen keine 60 Augen (DDV 5), mit 9 Karten", "fewer than 60 Augen for the opponents (DDV 5), with 9 cards"],
  keine30: ["keine 30", "Absage: die Gegner bekommen keine 30 Augen (DDV 5), mit 8 Karten", "fewer than 30 Augen for the opponents (DDV 5), with 8 cards"],
  schwarz: ["schwarz", "Absage: die Gegner bekommen keinen Stich (DDV 5), mit 7 Karten", "the opponents take no trick (DDV 5), with 7 cards"],
};

const SUIT_ORDER = ["X", "P", "H", "K"];
const RANK_ORDER = ["A", "10", "K", "D", "B", "9"];

export default {
  direction: "cw",
  /** The solos by their names (the lobby's option form). */
  itemLabel: (option, item) => (option === "solos" ? SOLO[item] || null : null),
  vorhand: (v) => (v.deal.active || [])[0],
  /** The engine sends the hand in the game's order (trumps first, then suits). */
  sort(hand, v) {
    if (v.deal && v.deal.hand === hand) return hand;
    const key = (c) => SUIT_ORDER.indexOf(c[0]) * 10 + RANK_ORDER.indexOf(c.slice(1));
    return [...hand].sort((a, b) => key(a) - key(b));
  },
  actionText(a) {
    if (a.startsWith("solo:")) {
      const k = a.slice(5);
      return { text: SOLO[k] || k, tip: tip("Solo ansagen: allein gegen drei, Punkte ×3 (DDV 3, 7)", "play a solo: alone against three, points ×3 (DDV 3, 7)") };
    }
    if (a === "solo") return { text: "Solo", tip: "" };
    const w = WORDS[a];
    return w ? { text: w[0], tip: tip(w[1], w[2]) } : { text: a.replace(/_/g, " "), tip: "" };
  },
  /** Announcements, Absagen and a Lustsolo cannot be taken back: asked once more (docs/web.md). */
  confirm(a) {
    if (a === "re" || a === "kontra") return tip("Die Ansage erhöht den Wert des Spiels und kann nicht zurückgenommen werden (DDV 5, 6).", "The announcement raises the value of the game and cannot be taken back (DDV 5, 6).");
    if (/^keine\d+$|^schwarz$/.test(a)) return tip("Die Absage zählt einen Sonderpunkt, muss erreicht werden und kann nicht zurückgenommen werden (DDV 5, 6).", "The Absage counts an extra point, must be reached and cannot be taken back (DDV 5, 6).");
    if (a.startsWith("solo:")) return tip("Ein Solo spielst du allein gegen drei, die Punkte zählen dreifach (DDV 3, 7).", "You play a solo alone against three, the points count three times (DDV 3, 7).");
    return null;
  },
  group: (a) => a,
  columnName: (c, i, v) => v.seats[i] ?? c,
  seatBadges(v, s) {
    const d = v.deal, out = [];
    if (d.sitting === s) out.push({ text: { de: "setzt aus", en: "sits out" }, tip: { de: "der Geber am Fünfertisch sitzt (DDV 1)", en: "the dealer at a table of five sits out (DDV 1)" } });
    const party = (d.parties || [])[s];
    const said = (d.announced || []).filter(([who]) => who === s).map(([, w]) => w);
    // the party, marked when this seat announced it itself (one badge, not "Re Re")
    if (party) {
      out.push(said.includes(party)
        ? { text: party === "re" ? "Re" : "Kontra", tip: { de: "angesagt (DDV 5)", en: "announced (DDV 5)" }, cls: `party ${party} said` }
        : { text: party === "re" ? "Re" : "Kontra", tip: { de: "Partei, soweit bekannt", en: "party, as far as known" }, cls: `party ${party}` });
    }
    if (d.soloist === s && d.contract) out.push({ text: gettext(d.contract_label || d.contract), tip: d.pflichtsolo ? { de: "Pflichtsolo (DDV 2)", en: "Pflichtsolo (DDV 2)" } : { de: "Lustsolo", en: "Lustsolo" }, cls: "contract" });
    if (d.hochzeiter === s) out.push({ text: "Hochzeit", tip: tip(WORDS.hochzeit[1], WORDS.hochzeit[2]), cls: "contract" });
    for (const word of said) if (word !== party) out.push({ text: this.actionText(word).text, tip: this.actionText(word).tip, cls: "announce" });
    if (d.phase !== "play" && d.phase !== "over") for (const [who, ans] of d.answers || []) if (who === s) out.push({ text: this.actionText(ans).text, tip: this.actionText(ans).tip });
    const tricks = tricksBadge(d, s);
    if (tricks) out.push(tricks);
    return out;
  },
  centerInfo(v) {
    const d = v.deal, out = [];
    if (d.contract) out.push(el("span", "badge contract", gettext(d.contract_label || d.contract),
      tip("Spielart; Trumpf: {trump}", "game; trump: {trump}", { trump: d.trump || "normal" })));
    const ann = d.announcements || {};
    for (const p of ["re", "kontra"]) {
      if (!ann[p]) continue;
      // the party's highest word: "Re" alone, or "Re: keine 90" once it said an Absage
      const word = p === "re" ? "Re" : "Kontra";
      // (an Absage comes as the engine's word, a message: "keine 90" in the page's language)
      const level = msg(ann[p]);
      out.push(el("span", `badge party ${p}`, level.toLowerCase() === p ? word : `${word}: ${level}`, tip("angesagt (DDV 5)", "announced (DDV 5)")));
    }
    if (d.klaerungsstich) out.push(el("span", "badge", `Klärungsstich ${d.klaerungsstich}`));
    return out;
  },
  resultFacts(v, r) {
    const s = r.summary || {};
    const out = [];
    if (s.re_augen !== undefined) out.push(el("span", "fact augen", `Augen: Re ${s.re_augen} · Kontra ${s.kontra_augen}`));
    if (s.winner) out.push(el("span", "fact", tip("gewonnen: {party}", "won by {party}", { party: s.winner === "re" ? "Re" : "Kontra" })));
    return out;
  },
};
