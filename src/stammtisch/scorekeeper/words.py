"""The words of the scorekeeper's exports (CSV headers, PDF texts, table cards) in German and English.

Kept in one place so they move into the project's translation catalogue as a whole; German is
the default. Records stay language-free (the JSON API speaks identifiers).

>>> word("total", "de"), word("total", "en")
('Summe', 'total')
"""

from __future__ import annotations

__all__ = ["WORDS", "LANGS", "word", "check_text"]

LANGS = ("de", "en")

WORDS: dict[str, dict[str, str]] = {
    "rank": {"de": "Rang", "en": "rank"},
    "number": {"de": "Nr.", "en": "number"},
    "name": {"de": "Name", "en": "name"},
    "club": {"de": "Verein", "en": "club"},
    "round_n": {"de": "Runde {n}", "en": "round {n}"},
    "round_short": {"de": "R{n}", "en": "R{n}"},
    "total": {"de": "Summe", "en": "total"},
    "best_round": {"de": "beste Runde", "en": "best round"},
    "decided_by": {"de": "entschieden durch", "en": "decided by"},
    "round": {"de": "Runde", "en": "round"},
    "table": {"de": "Tisch", "en": "table"},
    "game": {"de": "Spiel", "en": "game"},
    "dealer": {"de": "Geber", "en": "dealer"},
    "label": {"de": "Spiel / Ansage", "en": "game / contract"},
    "position_n": {"de": "Pos. {n}", "en": "pos. {n}"},
    "money_n": {"de": "Geld {n}", "en": "money {n}"},
    "money": {"de": "Geld (Kontra zählt nur hier, Österreich-Finale 2))",
              "en": "money (Kontra counts here only, Österreich-Finale 2))"},
    "money_total": {"de": "Geld", "en": "money"},
    "struck": {"de": "gestrichen", "en": "struck"},
    "pflichtsolo_by": {"de": "Pflichtsolo von Pos.", "en": "Pflichtsolo by pos."},
    "revision": {"de": "Fassung", "en": "revision"},
    "lines": {"de": "Abrechnung", "en": "settlement"},
    "results_title": {"de": "{name} – Ergebnisliste", "en": "{name} – results"},
    "tiebreaks": {"de": "Gleichstand entschieden durch: {tbs}; Los-Seed {seed}",
                  "en": "ties decided by: {tbs}; lot seed {seed}"},
    "tb.total": {"de": "Summe", "en": "total"},
    "tb.best_round": {"de": "beste Runde", "en": "best round"},
    "tb.placings": {"de": "Tischplatzierungen", "en": "table placings"},
    "tb.lot": {"de": "Los", "en": "lot"},
    "tb.tied": {"de": "gleichauf", "en": "tied"},
    "sheet_title": {"de": "{name} – Runde {round}, Tisch {table}", "en": "{name} – round {round}, table {table}"},
    "sheet_games": {"de": "{n} von {planned} Spielen; Position 1 gibt zuerst, Position {keeper} führt die Liste",
                    "en": "{n} of {planned} games; position 1 deals first, position {keeper} keeps the list"},
    "check.error": {"de": "Fehler", "en": "error"},
    "check.warning": {"de": "Hinweis", "en": "warning"},
    "no_tables": {"de": "{name}: noch keine Tische ausgelost", "en": "{name}: no tables drawn yet"},
    "card_title": {"de": "{name} – Runde {round} – Tisch {table}", "en": "{name} – round {round} – table {table}"},
    "pos": {"de": "Pos.", "en": "pos."},
    "card_games": {"de": "{games} Spiele. Position 1 gibt zuerst; Position {keeper} führt die Liste ({rule}).",
                   "en": "{games} games. Position 1 deals first; position {keeper} keeps the list ({rule})."},
    "card_sitting": {"de": "Am Fünfertisch setzt der Geber aus ({rule}).",
                     "en": "At a table of five the dealer sits out ({rule})."},
    "card_code": {"de": "Eingabe-Code: {code}", "en": "entry code: {code}"},
    "card_address": {"de": "Liste führen: {url}", "en": "keep the list: {url}"},
    # the sheet check's findings (tablesheet.Check codes with their numbers)
    "chk.settlement": {"de": "Spiel {game} weicht von seiner Abrechnung ab",
                       "en": "game {game} differs from its settlement"},
    "chk.struck": {"de": "Spiel {game} gestrichen (0 für alle)", "en": "game {game} struck (0 for all)"},
    "chk.row-sum": {"de": "Spiel {game} geht nicht auf (Summe {sum})", "en": "game {game} does not balance (sum {sum})"},
    "chk.sitting": {"de": "Spiel {game}: {name} setzt aus und hat Punkte",
                    "en": "game {game}: {name} sits out and has points"},
    "chk.parity": {"de": "Spiel {game}: Einträge gemischter Parität (jeder Eintrag ist ±Wert oder ±3×Wert)",
                   "en": "game {game}: entries of mixed parity (every entry is ±value or ±3×value)"},
    "chk.games": {"de": "{n} von {planned} Spielen geschrieben", "en": "{n} of {planned} games written"},
    "chk.games-over": {"de": "{n} Spiele geschrieben, die Runde hat {planned}",
                       "en": "{n} games written, the round has {planned}"},
    "chk.pflicht_missing": {"de": "{name} hat in dieser Runde kein Pflichtsolo gespielt",
                            "en": "{name} has not played a Pflichtsolo this round"},
    "chk.pflicht_due": {"de": "{name} schuldet das Pflichtsolo und hat nur noch {left} Spiel(e) ({owed} Pflichtsoli "
                              "offen): jetzt spielen",
                        "en": "{name} still owes the Pflichtsolo and has only {left} game(s) left ({owed} owed at "
                              "this table): play it now"},
}


def check_text(check: dict, lang: str = "de", names: dict[int, str] | None = None) -> str:
    """A finding of the sheet check (its JSON) in ``lang``, with the player's name for a position."""
    params = dict(check.get("params") or {})
    if "position" in params:
        params["name"] = (names or {}).get(params["position"], f"{word('pos', lang)} {params['position']}")
    code = check.get("code", "")
    key = f"chk.{code}"
    if code == "pflichtsolo":
        key = "chk.pflicht_due" if "left" in params else "chk.pflicht_missing"
    text = word(key, lang, **params) if key in WORDS else str(check.get("message", ""))
    return text + (f" ({check['rule']})" if check.get("rule") else "")


def word(key: str, lang: str = "de", **params: object) -> str:
    """The word ``key`` in ``lang`` (German when the language is unknown), with ``params`` filled in."""
    entry = WORDS[key]
    text = entry.get(lang) or entry["de"]
    return text.format(**params) if params else text
