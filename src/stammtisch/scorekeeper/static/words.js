// The words of the scorekeeper's pages: each key names an English message id of the project's
// translation catalogue (stammtisch/i18n/locale/<lang>.po, German the default), rendered through the
// web's i18n.js (the same language setting and catalogues as the lobby and the table). Game terms
// (contracts, premiums, Renonce kinds) stay in their own language.
import { gettext, lang, langPicker, loadCatalog, msg, setLang } from "./i18n.js";

export { lang, langPicker, loadCatalog, msg, setLang };

// key -> English message id
const IDS = {
  lobby: "Lobby", organiser: "Organiser", results: "Results", keeper: "Keep the list", langSwitch: "Deutsch",
  login: "Log in", logout: "Log out", name: "Name", password: "Password", loggedInAs: "Logged in as {name}",
  loggedOut: "logged out", tableId: "Table id", code: "Entry code", openTable: "Open table", opened: "Table {n} opened",
  newTournament: "New tournament", game: "Game", profile: "Rules", rounds: "Rounds", games4: "Games at a table of 4",
  games5: "Games at a table of 5", season: "Season", single: "one table only (Stammtisch)",
  namesInOrder: "Players in order of play", create: "Create", created: "Tournament {id} created",
  registration: "Registration", onePerLine: "One name per line (name; club)", register: "Register",
  registered: "{n} players registered", nobody: "nobody yet", draw: "Draw", method: "Method", mRandom: "Random",
  mBalanced: "Random, tables of five balanced", mSchedule: "Schedule with the fewest repeats", seed: "Seed",
  random: "random", tables: "Tables", preferFour: "mostly 4", preferFive: "mostly 5", drawNext: "Draw next round",
  drawn: "Round {n} drawn", round: "Round {n}", table: "Table {n}", repeats: "{n} repeats", seatsFive: "table of five",
  cards: "Table cards and entry codes",
  codesOnce: "Codes are shown only when issued; new codes void the printed cards.",
  printCards: "Print table cards (new codes)", showCodes: "Show new codes",
  confirmCodes: "New codes for round {n}? The printed table cards and open lists of this round stop working.",
  codesFor: "new entry codes for round {n}", cardsMade: "Table cards of round {n} made with new codes",
  noRound: "no round drawn yet", scoring: "Scoring", ranking: "Ranking", checkSheets: "Check score sheets",
  publish: "Publish", unpublish: "Withdraw publication", published: "published", unpublishedMsg: "no longer public",
  comparisonTitle: "Ranking by comparison (same cards)",
  comparisonNote: "For each deal: your points minus the average of the players who held the same cards at the other tables, summed. An offer beside the official ranking, which stays the sheet's.",
  comparisonPoints: "difference", comparisonDeals: "deals compared",
  allGood: "All in order.", rank: "Place", no: "No.", total: "Total", decidedBy: "decided by", tb_total: "total",
  tb_best_round: "best round", tb_placings: "table placings", tb_lot: "lot", tb_tied: "tied", money: "Money",
  moneyNote: "Kontra counts in money only (Österreich-Finale 2))", seating: "Seating", pos: "Pos.",
  openList: "List", games: "{n} of {p} games", gamesOpen: "{n} games",
  enterCode: "Code from the table card", unlock: "Open the list", wrongCode: "wrong code", gameN: "Game {n}",
  dealer: "Dealer", dealerIs: "Game {n}: {name} deals",
  roundDone: "Round finished: {n} of {planned} games entered", sitsOut: "{name} sits out", write: "Write",
  written: "Game {n} written", correct: "correct", corrected: "Game {n} corrected", strike: "strike",
  struck: "Game {n} struck", reason: "Reason", reasonNeeded: "Reason (required)", cancel: "cancel",
  correcting: "Correct game {n}", history: "History", by: "by {who}", actWrite: "written", actCorrect: "corrected",
  actLate: "corrected later", actStrike: "struck", preview: "Preview", asPoints: "Row from the score sheet",
  asGame: "Game", pointsOf: "Points {name}", annulled: "annulled", annul: "Game annulled",
  flagTimer: "clock ran out: {who}", flagStandin: "computer stood in: {who}",
  pflichtsolo: "Pflichtsolo", pflichtOwed: "owed", pflichtDone: "game {n}", pflichtTitle: "Pflichtsolo per player",
  checks: "Check", onlyLast: "Only the last game can be corrected here; earlier ones by the organiser.",
  organiserHere: "Organiser: correct or strike any row, with a reason", complete: "Round complete",
  version: "version {n}", nothingYet: "no game yet",
  declarer: "Declarer", partner: "Partner (king)", alone: "alone", points: "Points (35/2)",
  pointsHint: "points/cards of the declarer's side", won: "won", lost: "lost", tricks: "Tricks",
  kontra0: "no Kontra", kontra1: "Kontra", kontra2: "Re", kontra3: "Sub", premiums: "Premiums",
  side_declarer: "declarer", side_opponents: "opponents", announced: "announced", silent: "silent", made: "made",
  failed: "failed", add: "+", remove: "remove", renonce: "Renonce", who: "who", what: "what",
  trischakenPoints: "Points/cards per player (35/2)", kontraBy: "Kontra by {name}",
  rePlayers: "Re party", soloist: "Soloist", reAugen: "Re's Augen", reAnn: "Re announced", kontraAnn: "Kontra announced",
  specials: "Extra points", forRe: "for Re", forKontra: "for Kontra", none: "none",
  mode: "Mode", announcedBy: "announced by", cardPoints: "Card points {team}", weis: "Weis {team}", stoeck: "Stöck",
  moreModes: "more modes", match: "Match", ruling: "Penalty ruling", annulRule: "Annulled under", annulBy: "claimed by",
  figure_gleich: "Gleich", figure_hanger: "Hanger", figure_spiel: "Spiel", status_unbid: "not bid",
  status_conceded: "bid, conceded", status_held: "held", value: "Value", winner: "won by", bidder: "bid by",
  penalties: "Penalties", nobodyWon: "nobody",
  chk_settlement: "Game {game} differs from its settlement", chk_struck: "Game {game} struck (0 for all)",
  "chk_row-sum": "Game {game} does not balance (sum {sum})", chk_sitting: "Game {game}: {name} sits out and has points",
  chk_parity: "Game {game}: entries of mixed parity (every entry is ±value or ±3×value)",
  chk_games: "{n} of {planned} games written", "chk_games-over": "{n} games written, the round has {planned}",
  chk_pflicht_missing: "{name} has not played a Pflichtsolo this round",
  chk_pflicht_due: "{name} still owes the Pflichtsolo and has only {left} game(s) left ({owed} owed at this table): play it now",
  rateCents: "Money: cents per point",
  setRate: "Set the rate",
  noRate: "no money in euros",
  rateSet: "{rate} cents per point",
  repeatsMinimum: "the fewest possible (proven)",
  repeatsBest: "the fewest found; at least {n} cannot be avoided",
  cardAddress: "The table cards carry the address {url}",
  loopbackWarning: "The table cards would carry {url}: phones cannot open this address of this computer. Start the server with --host 0.0.0.0 --public-url http://<this computer's address>:<port> (docs/scorekeeper.md). Print anyway?",
  proxyWarning: "Requests arrive through a proxy at {proxy} that the server does not trust: every phone seems to come from that one address, so its limits count all phones together. Start the server with --trusted-proxies {proxy}.",
  euros: "Euros",
  schleifen: "geschleift (king in the talon)",
  claim: "Punkteverlust claimed",
  claimBy: "claimed by",
  claimPoints: "points",
  changeContract: "change game",
};

// Game words as the players say them (the same in both languages: game terms stay in their language).
const GAME = {
  trischaken: "Trischaken", rufer: "Rufer", piccolo: "Piccolo", bettel: "Bettel", solorufer: "Solorufer",
  besserrufer: "Besserrufer", farbendreier: "Farbendreier", sechserdreier: "Sechserdreier", dreier: "Dreier",
  farbensolo: "Farbensolo", zwiccolo_ouvert: "Zwiccolo ouvert", piccolo_ouvert: "Piccolo ouvert",
  bettel_ouvert: "Bettel ouvert", solodreier: "Solodreier",
  koenig_ultimo: "König ultimo", trull: "Trull", vier_koenige: "Vier Könige", pagat: "Pagat", uhu: "Uhu",
  kakadu: "Kakadu", quapil: "Quapil", valat: "Valat",
  farbzwang: "Farbzwang", tarockzwang: "Tarockzwang", stichzwang: "Stichzwang", pagat_zuletzt: "Pagat zuletzt",
  ablage: "Ablage", kartenanzahl: "Kartenanzahl", ausspiel: "Ausspiel", vorwerfen: "Vorwerfen", reden: "Reden",
  zusammenwerfen: "Zusammenwerfen", besserrufer_ohne_vogel: "Besserrufer ohne Vogel", eigener_koenig: "eigener König",
  solorufer_vier_koenige: "Solorufer mit vier Königen", vogel_reihenfolge: "Vogel-Reihenfolge",
  vogel_vorzeitig: "Vogel vorzeitig", falschansage: "Falschansage", other: "sonstige",
  normal: "Normalspiel", hochzeit: "Hochzeit", stille_hochzeit: "stille Hochzeit", "solo:fleischlos": "Fleischlos",
  "solo:buben": "Bubensolo", "solo:damen": "Damensolo", "solo:kreuz": "Kreuzsolo", "solo:pik": "Piksolo",
  "solo:herz": "Herzsolo", "solo:karo": "Karosolo", re: "Re", keine90: "keine 90", keine60: "keine 60",
  keine30: "keine 30", schwarz: "schwarz",
  vergeben: "Vergeben", mehr_als_fuenf: "mehr als fünf Karten", tausch: "Tausch", bluff: "Bluff",
  farbleugnen: "Farbleugnen", ueberbieten: "Überbieten", kartenstehlen: "Kartenstehlen",
  tarock: "Königrufen Tarock", doppelkopf: "Doppelkopf", jass: "Schieber Jass", perlaggen: "Perlaggen",
};

export function t(key, vars = {}) {
  const text = gettext(IDS[key] ?? key, typeof vars.n === "number" ? vars.n : undefined);  // plural forms by n
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

// a game term (contract, premium, Renonce kind, announcement) as the players say it
export function g(key) {
  // the catalogue's word where the engines use the term too (e.g. "Normalspiel" is "normal game" in English)
  return gettext(GAME[key] ?? String(key).replace(/_/g, " "));
}

// "35 Punkte und 2 Blatt" notation: thirds <-> "35/2"
export function thirdsOf(text) {
  const m = /^\s*(\d{1,3})\s*(?:\/\s*([0-2]))?\s*$/.exec(String(text ?? ""));
  return m ? 3 * +m[1] + (m[2] ? +m[2] : 0) : null;
}

export function pointsText(thirds) {
  const p = Math.floor(thirds / 3), b = thirds % 3;
  return b ? `${p}/${b}` : String(p);
}

// a finding of the sheet check in the page's language (the API sends its code and numbers)
export function checkText(c, nameOf) {
  const p = { ...(c.params || {}) };
  if (p.position && nameOf) p.name = nameOf(p.position);
  let key = `chk_${c.code}`;
  if (c.code === "pflichtsolo") key = "left" in p ? "chk_pflicht_due" : "chk_pflicht_missing";
  const text = key in IDS ? t(key, p) : c.message;
  return c.rule ? `${text} (${c.rule})` : text;
}
