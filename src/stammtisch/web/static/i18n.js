// UI language: German, English, French or Italian (the catalogues in ./i18n/<lang>.json). A visitor's
// own choice is kept in localStorage; on a first visit the browser's own languages
// (navigator.languages) pick the first we have, else the server's default (``serve --lang``), else
// German. Game terms stay as their players say them (Re, Kontra, Solodreier, Gleich, Taufe in every
// language; the Jass words as Romandie and Ticino say them: docs/glossary.md).
//
// The engines' messages (events, settlement lines, refusals: ``{id, args}``) are rendered with
// the server's gettext catalogues, exported as JSON to ./i18n/<lang>.json
// (``python -m stammtisch.i18n export``): ``msg(m, seats)``. The page's own words are ``t(key)``.

const STRINGS = {
  de: {
    loading: "lade …", connected: "verbunden", connecting: "verbinde …",
    invite: "Einladung", inviteText: "Schick diesen Link an die Mitspieler: ", copy: "kopieren", copied: "Link kopiert",
    yourName: "Dein Name", seatN: "Platz {n}", takeSeat: "Platz nehmen", free: "frei", you: "du", away: "nicht da",
    computer: "Computer", standin: "Computer vertritt", fillBots: "Leere Plätze mit Computerspielern füllen",
    start: "Spiel beginnen", dealer: "Geber", vorhand: "Vorhand", yourTurn: "Du bist am Zug.", turnOf: "{who} ist am Zug.",
    over: "Die Partie ist aus.", leftOver: "Die übrigen {n} Karten werden nicht gespielt.", laidOpen: "{who} hat die Karten offen aufgelegt", lastTrick: "letzter Stich", lastTrickOf: "letzter Stich von Spiel {n}", showLast: "letzten Stich ansehen", hideLast: "letzten Stich verbergen",
    sheet: "Schreibblock", events: "Verlauf", deal: "Spiel {n}", settled: "Spiel {n} abgerechnet", next: "weiter",
    gameOver: "Partie Nr. {n} beendet", winner: "Gewonnen: {who}", draw: "Unentschieden", replay: "Wiederholung ansehen",
    record: "Protokoll herunterladen", send: "senden", message: "Nachricht", kiebitz: "Kiebitz",
    kiebitzNoTalk: "Kiebitze dürfen zuschauen, aber nicht mitreden (Tiroler Cup, Kiebitze).", kiebitzInput: "Kiebitze reden nicht mit",
    table: "Tisch", seconds: "{n} s", timer: "Zugzeit", wonBy: "Stich an {who}", tricks: "Stiche",
    refused: "abgelehnt", currentTrick: "laufender Stich", close: "schließen", choose: "Wähle:", cancel: "abbrechen", home: "stammtisch", lang: "English", langCode: "en",
    replayTitle: "Wiederholung Nr. {n}", start0: "Ausgangslage", step: "Schritt {i} von {n}", prev: "‹ zurück", fwd: "vor ›",
    prevDeal: "« Spiel", nextDeal: "Spiel »", dealOf: "Spiel {k} von {n}", settlement: "Abrechnung", total: "Summe",
    handOf: "Blatt von {who}", keys: "Tasten 1–9, 0, -, = spielen die Karten", talon: "Talon", cardPoints: "Kartenpunkte",
    tricksWon: "Stiche", sittingOut: "setzt aus", ouvert: "offen", points: "Punkte", money: "Geld",
    ruleBot: "regelbasiert", wholePartie: "ganze Partie", oneDeal: "ein Spiel", fourDeals: "vier Spiele", badValue: "kein gültiger Wert",
    openTable: "Tisch aufmachen", game: "Spiel", rules: "Regeln", ruleOptions: "Regeloptionen (z. B. Zielpunkte)", length: "Dauer",
    computerPlayers: "Computerspieler", moveTime: "Zugzeit (Sekunden, 0 = aus)", ohneReden: "Ouvertspiele ohne Reden",
    openTables: "Offene Tische", waiting: "wartet", running: "läuft", none: "keine", finishedGames: "Gespielte Partien",
    recordShort: "Protokoll", noneYet: "noch keine", noEngine: "Noch keine Spiel-Engine installiert.", loggedInAs: "Angemeldet als",
    logout: "abmelden", password: "Passwort (mind. 8 Zeichen)", login: "anmelden", register: "Konto anlegen", account: "Konto (freiwillig)",
    toAct: "am Zug", moreBadges: "{n} weitere Zeichen von {who} zeigen", notPlayable: "nicht spielbar",
    confirmTitle: "{word} wirklich ansagen?", confirmYes: "Ja: {word}", playedCard: "{who} spielt {card}.",
    settings: "Einstellungen", trickRest: "Fertiger Stich bleibt liegen", confirmWords: "Hohe Ansagen (Valat, Kontra, Absagen, Bettel, Dreier, Steigern …) noch einmal bestätigen",
    botPace: "Tempo der Computerspieler", paceNormal: "flott", paceCalm: "gemütlich (1,2 s)", paceSlow: "langsam (2,5 s)", decimal: ",",
    more: "Schreibblock, Verlauf und mehr", chat: "Chat", optValue: "Wert", pickOne: "wähle mindestens einen Eintrag", name: "Name",
    myGames: "Meine Partien", date: "Datum", result: "Ergebnis", replayShort: "Wiederholung", placeWon: "gewonnen", place: "{place}. von {of}",
    nobodyYet: "noch niemand", freeSeats: "{n} frei", full: "voll", join: "mitspielen", watch: "zuschauen",
    langLabel: "Sprache", numberShort: "Nr. {n}",
    dealerMark: "G", vorhandMark: "V",
  },
  en: {
    loading: "loading …", connected: "connected", connecting: "connecting …",
    invite: "Invitation", inviteText: "Send this link to the other players: ", copy: "copy", copied: "link copied",
    yourName: "Your name", seatN: "Seat {n}", takeSeat: "Take seat", free: "free", you: "you", away: "away",
    computer: "Computer", standin: "computer stands in", fillBots: "Fill empty seats with computer players",
    start: "Start the game", dealer: "dealer", vorhand: "Vorhand", yourTurn: "Your turn.", turnOf: "{who} to play.",
    over: "The Partie is over.", leftOver: "The remaining {n} cards are not played.", laidOpen: "{who} laid the cards open", lastTrick: "last trick", lastTrickOf: "last trick of deal {n}", showLast: "show last trick", hideLast: "hide last trick",
    sheet: "Score sheet", events: "Events", deal: "Deal {n}", settled: "Deal {n} settled", next: "continue",
    gameOver: "Partie no. {n} finished", winner: "Winner: {who}", draw: "Draw", replay: "Watch the replay",
    record: "Download the record", send: "send", message: "Message", kiebitz: "Kiebitz",
    kiebitzNoTalk: "Kiebitze may watch but not talk (Tiroler Cup, Kiebitze).", kiebitzInput: "Kiebitze do not talk",
    table: "table", seconds: "{n} s", timer: "move timer", wonBy: "trick to {who}", tricks: "tricks",
    refused: "refused", currentTrick: "current trick", close: "close", choose: "Choose:", cancel: "cancel", home: "stammtisch", lang: "Deutsch", langCode: "de",
    replayTitle: "Replay no. {n}", start0: "Starting position", step: "step {i} of {n}", prev: "‹ back", fwd: "next ›",
    prevDeal: "« deal", nextDeal: "deal »", dealOf: "Deal {k} of {n}", settlement: "Settlement", total: "Total",
    handOf: "hand of {who}", keys: "keys 1–9, 0, -, = play the cards", talon: "Talon", cardPoints: "card points",
    tricksWon: "tricks", sittingOut: "sits out", ouvert: "open", points: "points", money: "money",
    ruleBot: "rule-based", wholePartie: "whole Partie", oneDeal: "one deal", fourDeals: "four deals", badValue: "not a valid value",
    openTable: "Open a table", game: "Game", rules: "Rules", ruleOptions: "Rule options (e.g. target points)", length: "Length",
    computerPlayers: "Computer players", moveTime: "Move timer (seconds, 0 = off)", ohneReden: "Ouvert games without talking",
    openTables: "Open tables", waiting: "waiting", running: "running", none: "none", finishedGames: "Finished games",
    recordShort: "record", noneYet: "none yet", noEngine: "No game engine installed yet.", loggedInAs: "Logged in as",
    logout: "log out", password: "Password (at least 8 characters)", login: "log in", register: "create account", account: "Account (optional)",
    toAct: "to play", moreBadges: "show {n} more marks of {who}", notPlayable: "not playable",
    confirmTitle: "Really announce {word}?", confirmYes: "Yes: {word}", playedCard: "{who} plays {card}.",
    settings: "Settings", trickRest: "A finished trick stays for", confirmWords: "Confirm high-stakes words (Valat, Kontra, Absagen, Bettel, Dreier, raises …)",
    botPace: "Computer players' pace", paceNormal: "brisk", paceCalm: "relaxed (1.2 s)", paceSlow: "slow (2.5 s)", decimal: ".",
    more: "Score sheet, events and more", chat: "Chat", optValue: "value", pickOne: "choose at least one", name: "Name",
    myGames: "My games", date: "Date", result: "Result", replayShort: "replay", placeWon: "won", place: "{place}. of {of}",
    nobodyYet: "nobody yet", freeSeats: "{n} free", full: "full", join: "join", watch: "watch",
    langLabel: "Language", numberShort: "No. {n}",
    dealerMark: "G", vorhandMark: "V",
  },
  fr: {
    loading: "chargement …", connected: "connecté", connecting: "connexion …",
    invite: "Invitation", inviteText: "Envoie ce lien aux autres joueurs : ", copy: "copier", copied: "lien copié",
    yourName: "Ton nom", seatN: "Place {n}", takeSeat: "Prendre place", free: "libre", you: "toi", away: "pas là",
    computer: "Ordinateur", standin: "l'ordinateur remplace", fillBots: "Remplir les places vides avec des joueurs ordinateur",
    start: "Commencer la partie", dealer: "donneur", vorhand: "main", yourTurn: "À toi de jouer.", turnOf: "À {who} de jouer.",
    over: "La partie est terminée.", leftOver: "Les {n} cartes restantes ne sont pas jouées.", laidOpen: "{who} a étalé ses cartes", lastTrick: "dernier pli", lastTrickOf: "dernier pli de la donne {n}", showLast: "voir le dernier pli", hideLast: "cacher le dernier pli",
    sheet: "Feuille de points", events: "Déroulement", deal: "Donne {n}", settled: "Donne {n} décomptée", next: "continuer",
    gameOver: "Partie n° {n} terminée", winner: "Gagnant : {who}", draw: "Égalité", replay: "Revoir la partie",
    record: "Télécharger le protocole", send: "envoyer", message: "Message", kiebitz: "Spectateur",
    kiebitzNoTalk: "Les spectateurs peuvent regarder mais pas parler (Tiroler Cup, Kiebitze).", kiebitzInput: "Les spectateurs ne parlent pas",
    table: "table", seconds: "{n} s", timer: "temps de jeu", wonBy: "pli pour {who}", tricks: "plis",
    refused: "refusé", currentTrick: "pli en cours", close: "fermer", choose: "Choisis :", cancel: "annuler", home: "stammtisch", lang: "Langue", langCode: "fr",
    replayTitle: "Revoir la partie n° {n}", start0: "Position de départ", step: "étape {i} sur {n}", prev: "‹ retour", fwd: "suite ›",
    prevDeal: "« donne", nextDeal: "donne »", dealOf: "Donne {k} sur {n}", settlement: "Décompte", total: "Total",
    handOf: "main de {who}", keys: "les touches 1–9, 0, -, = jouent les cartes", talon: "Talon", cardPoints: "points de cartes",
    tricksWon: "plis", sittingOut: "ne joue pas", ouvert: "ouvert", points: "points", money: "argent",
    ruleBot: "selon les règles", wholePartie: "partie entière", oneDeal: "une donne", fourDeals: "quatre donnes", badValue: "valeur non valable",
    openTable: "Ouvrir une table", game: "Jeu", rules: "Règles", ruleOptions: "Options de règles (p. ex. points à atteindre)", length: "Durée",
    computerPlayers: "Joueurs ordinateur", moveTime: "Temps de jeu (secondes, 0 = sans)", ohneReden: "Jeux ouverts sans parler",
    openTables: "Tables ouvertes", waiting: "attend", running: "en cours", none: "aucune", finishedGames: "Parties jouées",
    recordShort: "protocole", noneYet: "aucune pour l'instant", noEngine: "Aucun moteur de jeu installé.", loggedInAs: "Compte :",
    logout: "se déconnecter", password: "Mot de passe (8 caractères au moins)", login: "se connecter", register: "créer un compte", account: "Compte (facultatif)",
    toAct: "à jouer", moreBadges: "montrer {n} autres signes de {who}", notPlayable: "pas jouable",
    confirmTitle: "Vraiment annoncer {word} ?", confirmYes: "Oui : {word}", playedCard: "{who} joue {card}.",
    settings: "Réglages", trickRest: "Un pli terminé reste affiché", confirmWords: "Confirmer les annonces fortes (Valat, Kontra, Absagen …)",
    botPace: "Rythme des joueurs ordinateur", paceNormal: "rapide", paceCalm: "tranquille (1,2 s)", paceSlow: "lent (2,5 s)", decimal: ",",
    more: "Feuille de points, déroulement et plus", chat: "Discussion", optValue: "valeur", pickOne: "choisis au moins un élément", name: "Nom",
    myGames: "Mes parties", date: "Date", result: "Résultat", replayShort: "revoir", placeWon: "gagné", place: "{place}e sur {of}",
    nobodyYet: "personne encore", freeSeats: "libres : {n}", full: "complet", join: "jouer", watch: "regarder",
    langLabel: "Langue", numberShort: "n° {n}",
    dealerMark: "D", vorhandMark: "M",
  },
  it: {
    loading: "caricamento …", connected: "connesso", connecting: "connessione …",
    invite: "Invito", inviteText: "Manda questo link agli altri giocatori: ", copy: "copia", copied: "link copiato",
    yourName: "Il tuo nome", seatN: "Posto {n}", takeSeat: "Siediti", free: "libero", you: "tu", away: "assente",
    computer: "Computer", standin: "il computer sostituisce", fillBots: "Riempi i posti vuoti con giocatori computer",
    start: "Inizia la partita", dealer: "mazziere", vorhand: "di mano", yourTurn: "Tocca a te.", turnOf: "Tocca a {who}.",
    over: "La partita è finita.", leftOver: "Le {n} carte rimaste non si giocano.", laidOpen: "{who} ha scoperto le carte", lastTrick: "ultima presa", lastTrickOf: "ultima presa della smazzata {n}", showLast: "mostra l'ultima presa", hideLast: "nascondi l'ultima presa",
    sheet: "Foglio dei punti", events: "Cronaca", deal: "Smazzata {n}", settled: "Smazzata {n} conteggiata", next: "avanti",
    gameOver: "Partita n. {n} finita", winner: "Vince: {who}", draw: "Pareggio", replay: "Rivedi la partita",
    record: "Scarica il protocollo", send: "invia", message: "Messaggio", kiebitz: "Spettatore",
    kiebitzNoTalk: "Gli spettatori possono guardare ma non parlare (Tiroler Cup, Kiebitze).", kiebitzInput: "Gli spettatori non parlano",
    table: "tavolo", seconds: "{n} s", timer: "tempo per mossa", wonBy: "presa a {who}", tricks: "prese",
    refused: "rifiutato", currentTrick: "presa in corso", close: "chiudi", choose: "Scegli:", cancel: "annulla", home: "stammtisch", lang: "Lingua", langCode: "it",
    replayTitle: "Rivedi la partita n. {n}", start0: "Situazione iniziale", step: "passo {i} di {n}", prev: "‹ indietro", fwd: "avanti ›",
    prevDeal: "« smazzata", nextDeal: "smazzata »", dealOf: "Smazzata {k} di {n}", settlement: "Conteggio", total: "Totale",
    handOf: "mano di {who}", keys: "i tasti 1–9, 0, -, = giocano le carte", talon: "Talon", cardPoints: "punti delle carte",
    tricksWon: "prese", sittingOut: "resta fuori", ouvert: "scoperto", points: "punti", money: "denaro",
    ruleBot: "secondo le regole", wholePartie: "partita intera", oneDeal: "una smazzata", fourDeals: "quattro smazzate", badValue: "valore non valido",
    openTable: "Apri un tavolo", game: "Gioco", rules: "Regole", ruleOptions: "Opzioni delle regole (ad es. punti da raggiungere)", length: "Durata",
    computerPlayers: "Giocatori computer", moveTime: "Tempo per mossa (secondi, 0 = senza)", ohneReden: "Giochi scoperti senza parlare",
    openTables: "Tavoli aperti", waiting: "in attesa", running: "in corso", none: "nessuno", finishedGames: "Partite giocate",
    recordShort: "protocollo", noneYet: "ancora nessuna", noEngine: "Nessun motore di gioco installato.", loggedInAs: "Account:",
    logout: "esci", password: "Password (almeno 8 caratteri)", login: "accedi", register: "crea un account", account: "Account (facoltativo)",
    toAct: "di turno", moreBadges: "mostra altri {n} segni di {who}", notPlayable: "non giocabile",
    confirmTitle: "Annunciare davvero {word}?", confirmYes: "Sì: {word}", playedCard: "{who} gioca {card}.",
    settings: "Impostazioni", trickRest: "Una presa finita resta visibile", confirmWords: "Confermare gli annunci forti (Valat, Kontra, Absagen …)",
    botPace: "Ritmo dei giocatori computer", paceNormal: "svelto", paceCalm: "tranquillo (1,2 s)", paceSlow: "lento (2,5 s)", decimal: ",",
    more: "Foglio dei punti, cronaca e altro", chat: "Chat", optValue: "valore", pickOne: "scegli almeno un elemento", name: "Nome",
    myGames: "Le mie partite", date: "Data", result: "Risultato", replayShort: "rivedi", placeWon: "vinto", place: "{place}° di {of}",
    nobodyYet: "ancora nessuno", freeSeats: "liberi: {n}", full: "pieno", join: "gioca", watch: "guarda",
    langLabel: "Lingua", numberShort: "n. {n}",
    dealerMark: "M", vorhandMark: "1°",
  },
};

/** The languages with a catalogue, each named in its own language: the switch offers them all. */
export const LANGS = { de: "Deutsch", en: "English", fr: "Français", it: "Italiano" };

const KEY = "stammtisch:lang";

/** ``l`` as one of ours (``"fr-CH"`` is ``"fr"``), or null. */
function known(l) {
  const code = String(l || "").toLowerCase().split(/[-_]/)[0];
  return Object.hasOwn(LANGS, code) ? code : null;
}

/** The browser's own language if we have a catalogue for it: the first of ``navigator.languages``. */
export function browserLang() {
  for (const l of navigator.languages || [navigator.language]) {
    const k = known(l);
    if (k) return k;
  }
  return null;
}

/** The language of a first visit: the browser's own, else the server's (``serve --lang``, asked
 * only when the browser gives none of ours and nothing is remembered), else German. */
const FIRST_VISIT = known(localStorage.getItem(KEY)) || browserLang() || await (async () => {
  try {
    const r = await fetch("/api/config");
    return (r.ok && known((await r.json()).lang)) || "de";
  } catch { return "de"; }
})();

export function lang() {
  return known(localStorage.getItem(KEY)) || FIRST_VISIT;
}

/** Switch the language (remembered in localStorage); resolves once its catalogue is loaded. */
export async function setLang(l) {
  const k = known(l) || "de";
  localStorage.setItem(KEY, k);
  document.documentElement.lang = k;
  await loadCatalog(k);
}

/** The language switch of a page header: every catalogue by its own name; ``onChange`` redraws. */
export function langPicker(onChange) {
  const sel = document.createElement("select");
  sel.className = "lang";
  sel.id = "lang";
  sel.setAttribute("aria-label", t("langLabel"));
  for (const [code, name] of Object.entries(LANGS)) {
    const o = document.createElement("option");
    o.value = code;
    o.lang = code;
    o.textContent = name;
    o.selected = code === lang();
    sel.append(o);
  }
  sel.addEventListener("change", () => setLang(sel.value).then(() => onChange && onChange(sel.value)));
  return sel;
}

const CATALOGS = {};

/** Load the message catalogue of ``l`` (once); the page renders engine messages with it. */
export async function loadCatalog(l = lang()) {
  if (!CATALOGS[l]) {
    try {
      const r = await fetch(new URL(`./i18n/${l}.json`, import.meta.url));
      CATALOGS[l] = r.ok ? await r.json() : {};
    } catch { CATALOGS[l] = {}; }
  }
  return CATALOGS[l];
}

/** The catalogue text of a message id (or plain word) in the current language; the id itself if none.
 * A plural entry (a list of forms, ``one`` first) gives the form for the count ``n`` (the last
 * form without one): "1 pli", "2 plis". */
export function gettext(id, n) {
  const c = CATALOGS[lang()] || {};
  const text = c[id];
  if (Array.isArray(text)) {
    const one = typeof n === "number" && new Intl.PluralRules(lang()).select(Math.abs(n)) === "one";
    return text[one ? 0 : text.length - 1];
  }
  return text ?? id;
}

/** The count a message's plural form follows: ``n``, else its first number that is no seat or thirds. */
function countOf(args) {
  if (typeof args.n === "number") return args.n;
  for (const [k, v] of Object.entries(args)) if (typeof v === "number" && !isSeat(k) && !isThirds(k)) return v;
  return undefined;
}

const isSeat = (k) => k === "seat" || k.startsWith("seat_") || k.endsWith("_seat");
const isThirds = (k) => k === "thirds" || k.endsWith("_thirds");

/** Thirds of a point as the language writes them: 121 -> "40⅓" (de) / "40 1/3" (en). */
export function thirds(n) {
  const sign = n < 0 ? "-" : "", a = Math.abs(n), whole = Math.floor(a / 3), rest = a % 3;
  if (!rest) return sign + String(whole);
  const frac = gettext(rest === 1 ? "⅓" : "⅔");
  return whole ? `${sign}${whole}${frac}` : sign + frac.trim();
}

// ---- cards named as players name them (the catalogue's forms; as i18n/cards.py in Python) ----------

//: the deck whose cards the messages name (the table's game; set by the page that shows the game)
let cardDeck = null;
const DECK_OF = { doppelkopf: "doko" };
const NOTATION = {
  jass: /^([ESLR])(6|7|8|9|10|U|O|K|A)$/, perlaggen: /^([ELHS])(7|8|9|10|U|O|K|A)$/,
  doko: /^([XPHK])(9|10|B|D|K|A)$/, tarock: /^([XPHK])(1|2|3|4|7|8|9|10|B|R|D|K)$/,
};
const ROMAN_DIGITS = [[10, "X"], [9, "IX"], [5, "V"], [4, "IV"], [1, "I"]];
const CASES = ["nom", "acc", "dat"];

/** The deck (or game) whose card codes the messages and ``cardName`` read. */
export function setCardDeck(deck) { cardDeck = deck ? (DECK_OF[deck] || deck) : null; }

function withArticles(plain, gender) {
  const forms = { "": plain };
  // before a vowel a language may elide its article (``article:elided``: French and Italian "l'As")
  const elided = gettext("article:elided");
  const vowel = /^[aeiouàâäéèêëîïôöùûü]/i.test(plain) && !["article:elided", "", "-"].includes(elided);
  for (const c of CASES) {
    const key = `article:${c}:${gender}`, art = gettext(key);
    forms[c] = art === key || !art || art === "-" ? plain : vowel ? `${elided}${plain}` : `${art} ${plain}`;
  }
  return forms;
}

/**
 * The name of card ``code`` of ``deck`` in the page's language ("Herz-König", "King of Hearts"), or
 * with its article in ``gramCase`` ("acc": "den Herz-König"); ``null`` when ``code`` is no card of it.
 */
export function cardName(deck, code, gramCase = "") {
  const forms = cardForms(deck, code);
  return forms ? forms[gramCase] ?? forms[""] : null;
}

function cardForms(deck, code) {
  deck = DECK_OF[deck] || deck;
  code = String(code);
  let m;
  if (deck === "tarock" && (m = /^T(\d+)$/.exec(code)) && +m[1] >= 1 && +m[1] <= 22) {
    const special = `card:tarock:T${m[1]}`;
    if (gettext(special) !== special) return withArticles(gettext(special), gettext(`gender:tarock:T${m[1]}`));
    let n = +m[1], r = "";
    for (const [v, sym] of ROMAN_DIGITS) while (n >= v) { r += sym; n -= v; }
    return withArticles(fill(gettext("Tarock {roman}"), { roman: r }), gettext("gender:tarock:T"));
  }
  if (deck === "perlaggen" && code === "W") return withArticles(gettext("card:perlaggen:W"), gettext("gender:perlaggen:W"));
  m = NOTATION[deck] && NOTATION[deck].exec(code);
  if (!m) return null;
  const [, suit, rank] = m;
  const digit = /^\d+$/.test(rank);
  const suitWord = gettext(`suit:${deck}:${suit}`);
  // a suit beginning with a vowel may join differently ("Roi d'écussons", i18n/cards.py)
  const join = /^[aeiouàâäéèêëîïôöùûü]/i.test(suitWord) ? "card {suit} {rank} (vowel)" : "card {suit} {rank}";
  const plain = fill(gettext(join), { suit: suitWord, rank: digit ? rank : gettext(`rank:${deck}:${rank}`) });
  return withArticles(plain, digit ? gettext("gender:number") : gettext(`gender:${deck}:${rank}`));
}

/** An argument holding cards, in words: a card, a Taufe ("H7=E8": "Herz-7 als Eichel-8"), a Jass
 * Weis ("E9-EU", "4U") or a list of them; ``null`` if it is none of these (as cards.py card_value). */
export function cardWords(deck, value, gramCase = "") {
  if (!deck || typeof value !== "string" || !value) return null;
  deck = DECK_OF[deck] || deck;
  const one = cardName(deck, value, gramCase);
  if (one !== null) return one;
  if (value.includes("=")) {
    const [a, b] = value.split("=");
    const x = cardName(deck, a), y = cardName(deck, b);
    if (x !== null && y !== null) return fill(gettext("{card} as {target}"), { card: x, target: y });
  }
  if (deck === "jass") {
    let m = /^([ESLR]\w+)-([ESLR]\w+)$/.exec(value);
    if (m && cardName(deck, m[1]) !== null && cardName(deck, m[2]) !== null) return fill(gettext("{low} to {high}"), { low: cardName(deck, m[1]), high: cardName(deck, m[2]) });
    m = /^4(9|10|U|O|K|A)$/.exec(value);
    if (m) return fill(gettext("four {ranks}"), { ranks: gettext(`plural:jass:${m[1]}`) });
  }
  for (const sep of [" | ", ", "]) {
    if (value.includes(sep)) {
      const parts = value.split(sep).map((p) => cardWords(deck, p));
      if (parts.every((p) => p !== null)) return parts.join(sep);
    }
  }
  return null;
}

function arg(k, v, seats, gramCase = "") {
  if (typeof v === "boolean") return gettext(v ? "yes" : "no");
  if (typeof v === "number" && isSeat(k)) {
    if (typeof seats === "function") return seats(v);
    return seats && seats[v] !== undefined ? seats[v] : gettext("Seat {n}").replace("{n}", v + 1);
  }
  if ((k === "side" || k.endsWith("_side")) && (v === "A" || v === "B")) {
    const i = v === "A" ? 0 : 1;
    if (Array.isArray(seats) && seats.length === 4) return `${seats[i]} & ${seats[i + 2]}`;
    if (typeof seats === "function") return `${seats(i)} & ${seats(i + 2)}`;
    return gettext("side {x}").replace("{x}", v);
  }
  if (typeof v === "number" && isThirds(k)) return thirds(v);
  if (typeof v === "number" && k === "half") return String(v + 1);  // a talon half: 1, 2 as players count
  if (typeof v === "number" && !Number.isInteger(v)) return v.toLocaleString(lang());  // 3,5 / 3.5
  if (Array.isArray(v)) {
    const sep = k === "shown" ? "; " : ", ";
    return v.map((x) => arg(k.endsWith("s") ? k.slice(0, -1) : k, x, seats)).join(sep);
  }
  if (v && typeof v === "object" && typeof v.id === "string") return msg(v, seats);
  if (typeof v === "string" && cardDeck) {
    const worded = cardWords(cardDeck, v, gramCase);
    if (worded !== null) return worded;
  }
  if (typeof v === "string") {
    const g = gettext(`gender:word:${v}`);  // a word with its article: {figure:nom} is "der Hanger"
    if (gramCase && g !== `gender:word:${v}`) return withArticles(gettext(v), g)[gramCase] ?? gettext(v);
    return gettext(v);
  }
  return v === null || v === undefined ? "" : String(v);
}

/** A seat name as the page shows it: a computer player's strength (stored as "Computer 2 · stark")
 * and the default "Seat 2" in the page's language; people's names unchanged. */
export function displayName(name) {
  if (typeof name !== "string") return name;
  let m = /^Computer (\d+) · (.+)$/.exec(name);
  if (m) return `Computer ${m[1]} · ${gettext(m[2])}`;
  m = /^Seat (\d+)$/.exec(name);
  return m ? gettext("Seat {n}").replace("{n}", m[1]) : name;
}

/**
 * The catalogue's text of ``id`` in the variant these arguments ask for (as i18n.pick_text in
 * Python): ``you`` when the subject (``seat``) is the reader (``me``), ``pair`` when it is a side named
 * by its two players, each in the plural form ``one`` when ``n`` is one (the language's plural rule).
 */
function variant(id, args, seats, me) {
  const c = CATALOGS[lang()] || {};
  const flags = [];
  if (me !== null && me !== undefined && args.seat === me) flags.push("you");
  if ((args.side === "A" || args.side === "B") && (typeof seats === "function" || (Array.isArray(seats) && seats.length === 4))) flags.push("pair");
  const n = countOf(args);
  const one = typeof n === "number" && new Intl.PluralRules(lang()).select(Math.abs(n)) === "one";
  const contexts = [...(flags.length > 1 ? [flags.join("+")] : []), ...flags, ""];
  for (const ctx of contexts) {
    const key = ctx ? `${ctx}\u0004${id}` : id;
    if (one && c[`one\u0004${key}`] !== undefined) return c[`one\u0004${key}`];
    // a plural entry as a list of forms (``one`` first, the catalogue's msgid_plural): the count's form
    if (Array.isArray(c[key])) return c[key][one ? 0 : c[key].length - 1];
    if (c[key] !== undefined) return c[key];
  }
  return id;
}

/** An engine message ``{id, args}`` (or a plain word) in the current language; ``seats``: names by seat. */
export function msg(m, seats, me = null) {
  if (m === null || m === undefined) return "";
  if (typeof m === "string") return gettext(m);
  if (typeof m !== "object" || typeof m.id !== "string") return String(m);
  const args = m.args || {};
  // ``{king:acc}``: the argument in a grammatical case (a card with its article, i18n/cards.py)
  return variant(m.id, args, seats, me).replace(/\{(\w+)(?::(\w+))?\}/g, (all, k, c) => (k in args ? arg(k, args[k], seats, c || "") : all));
}

/** ``{name}`` placeholders of ``s`` filled from ``vars`` (the others kept). */
export function fill(s, vars = {}) {
  return String(s).replace(/\{(\w+)\}/g, (all, k) => (k in vars ? String(vars[k]) : all));
}

/** The UI string ``key`` in the current language with ``{name}`` placeholders filled. */
export function t(key, vars = {}) {
  return fill(STRINGS[lang()][key] ?? STRINGS.de[key] ?? key, vars);
}

/** Pick the text for the current language from ``{de, en}`` (or a plain string); a language without
 * its own entry reads the catalogue's text for the English one (``python -m stammtisch.i18n update``
 * lists those pairs of the pages' scripts as message ids), ``vars`` fill ``{name}`` placeholders. */
export function pick(text, vars = {}) {
  if (text === null || text === undefined) return "";
  if (typeof text === "string") return fill(text, vars);
  const l = lang();
  const own = text[l] ?? (l !== "de" && text.en !== undefined ? gettext(text.en, countOf(vars)) : undefined);
  return fill(own ?? text.de ?? "", vars);
}

document.documentElement.lang = lang();
await loadCatalog(lang());
