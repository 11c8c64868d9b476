// Every word of the scorekeeper's pages in German (default) and English, in one place, so that it
// moves into the project's translation catalogue as a whole. Game terms stay in their own language.
// The language is the one the lobby and the table remember (localStorage "stammtisch:lang").
const DE = {
  lobby: "Lobby", organiser: "Turnierleitung", results: "Ergebnisse", keeper: "Liste führen",
  langSwitch: "English", login: "Anmelden", logout: "Abmelden", name: "Name", password: "Passwort",
  loggedInAs: "Angemeldet als {name}", loggedOut: "abgemeldet",
  tableId: "Tisch-ID", code: "Eingabe-Code", openTable: "Tisch öffnen", opened: "Tisch {n} geöffnet",
  newTournament: "Neues Turnier", game: "Spiel", profile: "Regeln", rounds: "Runden", games4: "Spiele am 4er-Tisch",
  games5: "Spiele am 5er-Tisch", season: "Saison", single: "nur ein Tisch (Stammtisch)",
  namesInOrder: "Spieler in Spielreihenfolge", create: "Anlegen", created: "Turnier {id} angelegt",
  registration: "Anmeldung", onePerLine: "Ein Name pro Zeile (Name; Verein)", register: "Anmelden",
  registered: "{n} Spieler angemeldet", nobody: "noch niemand", draw: "Auslosung", method: "Verfahren",
  mRandom: "Zufall", mBalanced: "Zufall, Fünfertische ausgeglichen", mSchedule: "Plan ohne Wiederholungen",
  seed: "Seed", random: "zufällig", tables: "Tische", preferFour: "möglichst 4er", preferFive: "möglichst 5er",
  drawNext: "Nächste Runde auslosen", drawn: "Runde {n} ausgelost", round: "Runde {n}", table: "Tisch {n}",
  repeats: "{n} Wiederholungen", seatsFive: "Fünfertisch", cards: "Tischkarten und Eingabe-Codes",
  codesOnce: "Codes werden nur beim Ausgeben gezeigt; neue Codes machen die gedruckten Karten ungültig.",
  printCards: "Tischkarten drucken (neue Codes)", showCodes: "Neue Codes anzeigen",
  confirmCodes: "Neue Codes für Runde {n}? Die gedruckten Tischkarten und offenen Listen dieser Runde werden ungültig.",
  codesFor: "neue Eingabe-Codes für Runde {n}", cardsMade: "Tischkarten der Runde {n} mit neuen Codes erstellt",
  noRound: "noch keine Runde ausgelost", scoring: "Wertung", ranking: "Rangliste", checkSheets: "Tischzettel prüfen",
  publish: "Veröffentlichen", unpublish: "Veröffentlichung zurücknehmen", published: "veröffentlicht",
  unpublishedMsg: "nicht mehr öffentlich", allGood: "Alles in Ordnung.", rank: "Platz", no: "Nr.", total: "Summe",
  decidedBy: "entschieden durch", tb_total: "Summe", tb_best_round: "beste Runde", tb_placings: "Tischplatzierungen",
  tb_lot: "Los", tb_tied: "gleichauf", money: "Geld", moneyNote: "Kontra zählt nur im Geld (Österreich-Finale 2))",
  seating: "Sitzordnung", pos: "Pos.", openList: "Liste", games: "{n} von {p} Spielen", gamesOpen: "{n} Spiele",
  // keeper page
  enterCode: "Code von der Tischkarte", unlock: "Liste öffnen", wrongCode: "falscher Code",
  gameN: "Spiel {n}", dealer: "Geber", dealerIs: "Spiel {n}: {name} gibt", sitsOut: "{name} setzt aus",
  write: "Eintragen", written: "Spiel {n} eingetragen", correct: "korrigieren", corrected: "Spiel {n} korrigiert",
  strike: "streichen", struck: "Spiel {n} gestrichen", reason: "Grund", reasonNeeded: "Grund (Pflicht)",
  cancel: "abbrechen", correcting: "Spiel {n} korrigieren", history: "Verlauf", by: "von {who}",
  actWrite: "eingetragen", actCorrect: "korrigiert", actLate: "nachträglich korrigiert", actStrike: "gestrichen",
  preview: "Vorschau", asPoints: "Zeile vom Tischzettel", asGame: "Spiel", pointsOf: "Punkte {name}",
  annulled: "annulliert", annul: "Spiel annulliert", pflichtsolo: "Pflichtsolo", pflichtOwed: "offen",
  pflichtDone: "Spiel {n}", pflichtTitle: "Pflichtsolo je Spieler", checks: "Prüfung",
  onlyLast: "Nur das letzte Spiel kann hier korrigiert werden; frühere die Turnierleitung.",
  organiserHere: "Turnierleitung: jede Zeile mit Grund korrigieren oder streichen",
  complete: "Runde vollständig", version: "Fassung {n}", nothingYet: "noch kein Spiel",
  // Tarock
  declarer: "Spieler", partner: "Partner (König)", alone: "allein", points: "Punkte (35/2)",
  pointsHint: "Punkte/Blatt der Spielerpartei", won: "gewonnen", lost: "verloren", tricks: "Stiche",
  kontra0: "kein Kontra", kontra1: "Kontra", kontra2: "Re", kontra3: "Sub", premiums: "Prämien",
  side_declarer: "Spieler", side_opponents: "Gegner", announced: "angesagt", silent: "still", made: "gemacht",
  failed: "verloren", add: "+", remove: "entfernen", renonce: "Renonce", who: "wer", what: "was",
  trischakenPoints: "Punkte/Blatt je Spieler (35/2)", kontraBy: "Kontra von {name}",
  // Doppelkopf
  rePlayers: "Re-Partei", soloist: "Solist", reAugen: "Augen Re", reAnn: "Ansage Re", kontraAnn: "Ansage Kontra",
  specials: "Sonderpunkte", forRe: "für Re", forKontra: "für Kontra", none: "keine",
  // Jass
  mode: "Spielart", announcedBy: "angesagt von", cardPoints: "Kartenpunkte {team}", weis: "Weis {team}",
  stoeck: "Stöck", moreModes: "weitere Spielarten", match: "Match",
  // Perlaggen
  figure_gleich: "Gleich", figure_hanger: "Hanger", figure_spiel: "Spiel", status_unbid: "nicht geboten",
  status_conceded: "geboten, geschenkt", status_held: "gehalten", value: "Wert", winner: "gewonnen von",
  bidder: "geboten von", penalties: "Strafen", nobodyWon: "niemand",
  chk_settlement: "Spiel {game} weicht von seiner Abrechnung ab", chk_struck: "Spiel {game} gestrichen (0 für alle)",
  "chk_row-sum": "Spiel {game} geht nicht auf (Summe {sum})", chk_sitting: "Spiel {game}: {name} setzt aus und hat Punkte",
  chk_parity: "Spiel {game}: Einträge gemischter Parität (jeder Eintrag ist ±Wert oder ±3×Wert)",
  chk_games: "{n} von {planned} Spielen geschrieben", "chk_games-over": "{n} Spiele geschrieben, die Runde hat {planned}",
  chk_pflicht_missing: "{name} hat in dieser Runde kein Pflichtsolo gespielt",
  chk_pflicht_due: "{name} schuldet das Pflichtsolo und hat nur noch {left} Spiel(e) ({owed} Pflichtsoli offen): jetzt spielen",
};

const EN = {
  lobby: "Lobby", organiser: "Organiser", results: "Results", keeper: "Keep the list", langSwitch: "Deutsch",
  login: "Log in", logout: "Log out", name: "Name", password: "Password", loggedInAs: "Logged in as {name}",
  loggedOut: "logged out", tableId: "Table id", code: "Entry code", openTable: "Open table", opened: "Table {n} opened",
  newTournament: "New tournament", game: "Game", profile: "Rules", rounds: "Rounds", games4: "Games at a table of 4",
  games5: "Games at a table of 5", season: "Season", single: "one table only (Stammtisch)",
  namesInOrder: "Players in order of play", create: "Create", created: "Tournament {id} created",
  registration: "Registration", onePerLine: "One name per line (name; club)", register: "Register",
  registered: "{n} players registered", nobody: "nobody yet", draw: "Draw", method: "Method", mRandom: "Random",
  mBalanced: "Random, tables of five balanced", mSchedule: "Schedule without repeats", seed: "Seed",
  random: "random", tables: "Tables", preferFour: "mostly 4", preferFive: "mostly 5", drawNext: "Draw next round",
  drawn: "Round {n} drawn", round: "Round {n}", table: "Table {n}", repeats: "{n} repeats", seatsFive: "table of five",
  cards: "Table cards and entry codes",
  codesOnce: "Codes are shown only when issued; new codes void the printed cards.",
  printCards: "Print table cards (new codes)", showCodes: "Show new codes",
  confirmCodes: "New codes for round {n}? The printed table cards and open lists of this round stop working.",
  codesFor: "new entry codes for round {n}", cardsMade: "Table cards of round {n} made with new codes",
  noRound: "no round drawn yet", scoring: "Scoring", ranking: "Ranking", checkSheets: "Check score sheets",
  publish: "Publish", unpublish: "Withdraw publication", published: "published", unpublishedMsg: "no longer public",
  allGood: "All in order.", rank: "Place", no: "No.", total: "Total", decidedBy: "decided by", tb_total: "total",
  tb_best_round: "best round", tb_placings: "table placings", tb_lot: "lot", tb_tied: "tied", money: "Money",
  moneyNote: "Kontra counts in money only (Österreich-Finale 2))", seating: "Seating", pos: "Pos.",
  openList: "List", games: "{n} of {p} games", gamesOpen: "{n} games",
  enterCode: "Code from the table card", unlock: "Open the list", wrongCode: "wrong code", gameN: "Game {n}",
  dealer: "Dealer", dealerIs: "Game {n}: {name} deals", sitsOut: "{name} sits out", write: "Write",
  written: "Game {n} written", correct: "correct", corrected: "Game {n} corrected", strike: "strike",
  struck: "Game {n} struck", reason: "Reason", reasonNeeded: "Reason (required)", cancel: "cancel",
  correcting: "Correct game {n}", history: "History", by: "by {who}", actWrite: "written", actCorrect: "corrected",
  actLate: "corrected later", actStrike: "struck", preview: "Preview", asPoints: "Row from the score sheet",
  asGame: "Game", pointsOf: "Points {name}", annulled: "annulled", annul: "Game annulled",
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
  moreModes: "more modes", match: "Match",
  figure_gleich: "Gleich", figure_hanger: "Hanger", figure_spiel: "Spiel", status_unbid: "not bid",
  status_conceded: "bid, conceded", status_held: "held", value: "Value", winner: "won by", bidder: "bid by",
  penalties: "Penalties", nobodyWon: "nobody",
  chk_settlement: "Game {game} differs from its settlement", chk_struck: "Game {game} struck (0 for all)",
  "chk_row-sum": "Game {game} does not balance (sum {sum})", chk_sitting: "Game {game}: {name} sits out and has points",
  chk_parity: "Game {game}: entries of mixed parity (every entry is ±value or ±3×value)",
  chk_games: "{n} of {planned} games written", "chk_games-over": "{n} games written, the round has {planned}",
  chk_pflicht_missing: "{name} has not played a Pflichtsolo this round",
  chk_pflicht_due: "{name} still owes the Pflichtsolo and has only {left} game(s) left ({owed} owed at this table): play it now",
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

export function lang() {
  const l = localStorage.getItem("stammtisch:lang");
  return l === "en" ? "en" : "de";
}

export function setLang(l) {
  localStorage.setItem("stammtisch:lang", l);
  document.documentElement.lang = l;
}

export function t(key, vars = {}) {
  const table = lang() === "en" ? EN : DE;
  const text = table[key] ?? DE[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}

// a game term (contract, premium, Renonce kind, announcement) as the players say it
export function g(key) {
  return GAME[key] ?? String(key).replace(/_/g, " ");
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
  const text = key in DE ? t(key, p) : c.message;
  return c.rule ? `${text} (${c.rule})` : text;
}
