"""The words of the online cup's pages as message ids of the translation catalogue.

The pages (``static/cup.js``, ``static/join.js``, through ``static/cupwords.js``) name each word
by a key and render it from the catalogue (``stammtisch/i18n/locale/<lang>.po``) with the web's
``i18n.js``; this table lists the same ids in the source, so the catalogue tools find them and a
test keeps the two lists equal.
"""

from __future__ import annotations

from stammtisch.core.messages import Msg

__all__ = ["CUP_WORDS"]

#: key (as cupwords.js names it) -> the English message id
CUP_WORDS: dict[str, Msg] = {
    "onlineCups": Msg("Online cups"),
    "newCup": Msg("New online cup"),
    "cupName": Msg("Name of the cup"),
    "mixed": Msg("mixed: live and online tables"),
    "gamesPerTable": Msg("Games per table (empty: the sheet's)"),
    "moveSeconds": Msg("Move clock per card (seconds, 0 = off)"),
    "wordSeconds": Msg("Move clock per word (seconds)"),
    "kiebitze": Msg("Kiebitze may watch"),
    "computerNames": Msg("Computer players (names, one per line)"),
    "createCup": Msg("Create the cup"),
    "invitation": Msg("Invitation link"),
    "invitationHint": Msg("Send this link to the players: they register with their name and a personal code."),
    "players": Msg("Players ({n})"),
    "addPlayers": Msg("Add players (one name per line)"),
    "checkinOpen": Msg("Open the check-in for round {n}"),
    "checkinClose": Msg("Close the check-in"),
    "checkedIn": Msg("{n} checked in for round {r}"),
    "drawRound": Msg("Draw round {n}"),
    "startRound": Msg("Start round {n}"),
    "tablesOnline": Msg("Tables"),
    "gameOf": Msg("game {k} of {n}"),
    "gameK": Msg("game {k}"),
    "rowsOf": Msg("{k} of {n} rows"),
    "rowsK": Msg("{k} rows"),
    "away": Msg("away: {who}"),
    "clock": Msg("clock: {who}, {s} s left"),
    "stuck": Msg("stuck"),
    "paused": Msg("paused"),
    "closedTable": Msg("finished"),
    "live": Msg("live"),
    "makeLive": Msg("play it live"),
    "makeOnline": Msg("play it online"),
    "pause": Msg("Pause"),
    "resume": Msg("Resume"),
    "replace": Msg("Replace"),
    "replacePrompt": Msg("Position of the player to replace (1-5) and the new name, e.g. '2 Anna' (no name: the computer plays)"),
    "standings": Msg("Standings"),
    "publish": Msg("Publish the standings"),
    "publicPage": Msg("Public results page"),
    "refreshed": Msg("updated {time}"),
    "joinTitle": Msg("Register for the cup"),
    "yourName": Msg("Your name"),
    "personalCode": Msg("Your personal code (at least 4 characters; keep it)"),
    "registerMe": Msg("Register"),
    "registeredAs": Msg("Registered as {name}, start number {n}"),
    "checkInMe": Msg("Check in for round {n}"),
    "checkedInMe": Msg("You are checked in for round {n}."),
    "checkinClosed": Msg("The check-in is not open."),
    "registrationClosed": Msg("The registration is closed."),
    "myTable": Msg("Round {r}: table {t}, position {p}"),
    "toTable": Msg("Go to your table"),
    "tableLive": Msg("Your table is played live: sit down at table {t}."),
    "waitRound": Msg("No table for you yet; this page looks again every few seconds."),
    "tableDone": Msg("Your table has finished its games."),
    "show": Msg("Show"),
    "game": Msg("Game"),
    "profile": Msg("Rules"),
    "rounds": Msg("Rounds"),
    "login": Msg("Log in"),
    "name": Msg("Name"),
    "password": Msg("Password"),
    "duplicate": Msg("the same deals at every table of a round (duplicate)"),
    "roundCommitment": Msg("Round {n}: commitment (SHA-256) {commitment}"),
    "roundSeed": Msg("seed, revealed after the round: {seed}"),
    "comparisonCsv": Msg("Ranking by comparison (CSV)"),
    "howToCheck": Msg("How to check that the deals were fair"),
}
