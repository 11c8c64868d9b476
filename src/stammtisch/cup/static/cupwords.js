// The words of the online cup's pages: each key names an English message id of the project's
// translation catalogue (stammtisch/i18n/locale/<lang>.po, German the default), rendered through the
// web's i18n.js (the same language setting as the lobby, the table and the scorekeeper's pages).
// The same ids are listed in cup/pagewords.py (a test keeps the two lists equal).
import { gettext } from "/scorekeeper/static/i18n.js";

const IDS = {
  onlineCups: "Online cups",
  newCup: "New online cup",
  cupName: "Name of the cup",
  mixed: "mixed: live and online tables",
  gamesPerTable: "Games per table (empty: the sheet's)",
  moveSeconds: "Move clock per card (seconds, 0 = off)",
  wordSeconds: "Move clock per word (seconds)",
  kiebitze: "Kiebitze may watch",
  computerNames: "Computer players (names, one per line)",
  createCup: "Create the cup",
  invitation: "Invitation link",
  invitationHint: "Send this link to the players: they register with their name and a personal code.",
  players: "Players ({n})",
  addPlayers: "Add players (one name per line)",
  checkinOpen: "Open the check-in for round {n}",
  checkinClose: "Close the check-in",
  checkedIn: "{n} checked in for round {r}",
  drawRound: "Draw round {n}",
  startRound: "Start round {n}",
  tablesOnline: "Tables",
  gameOf: "game {k} of {n}",
  gameK: "game {k}",
  rowsOf: "{k} of {n} rows",
  rowsK: "{k} rows",
  away: "away: {who}",
  clock: "clock: {who}, {s} s left",
  stuck: "stuck",
  paused: "paused",
  closedTable: "finished",
  live: "live",
  makeLive: "play it live",
  makeOnline: "play it online",
  pause: "Pause",
  resume: "Resume",
  replace: "Replace",
  replacePrompt: "Position of the player to replace (1-5) and the new name, e.g. '2 Anna' (no name: the computer plays)",
  standings: "Standings",
  publish: "Publish the standings",
  publicPage: "Public results page",
  refreshed: "updated {time}",
  joinTitle: "Register for the cup",
  yourName: "Your name",
  personalCode: "Your personal code (at least 4 characters; keep it)",
  registerMe: "Register",
  registeredAs: "Registered as {name}, start number {n}",
  checkInMe: "Check in for round {n}",
  checkedInMe: "You are checked in for round {n}.",
  checkinClosed: "The check-in is not open.",
  registrationClosed: "The registration is closed.",
  myTable: "Round {r}: table {t}, position {p}",
  toTable: "Go to your table",
  tableLive: "Your table is played live: sit down at table {t}.",
  waitRound: "No table for you yet; this page looks again every few seconds.",
  tableDone: "Your table has finished its games.",
  show: "Show",
  game: "Game",
  profile: "Rules",
  rounds: "Rounds",
  login: "Log in",
  name: "Name",
  password: "Password"
};

export function w(key, vars = {}) {
  const text = gettext(IDS[key] ?? key);
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in vars ? String(vars[k]) : `{${k}}`));
}
