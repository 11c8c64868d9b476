"""The words of the scorekeeper's exports (CSV headers, PDF texts, table cards, the sheet check's
findings), through the project's translation catalogue (:mod:`stammtisch.i18n`).

Each key names an English message id; its German (the default) and English texts are in
``stammtisch/i18n/locale/<lang>.po``. Records stay language-free (the JSON API speaks
identifiers and codes).

>>> word("total", "de"), word("total", "en")
('Summe', 'total')
"""

from __future__ import annotations

from stammtisch.core.messages import Msg
from stammtisch.i18n import LANGS, gettext

__all__ = ["WORDS", "LANGS", "word", "check_text"]

#: key -> its message (the English id in the catalogue)
WORDS: dict[str, Msg] = {
    "rank": Msg("rank"),
    "number": Msg("number"),
    "name": Msg("name"),
    "club": Msg("club"),
    "round_n": Msg("round {n}"),
    "round_short": Msg("R{n}"),
    "total": Msg("total"),
    "comparison": Msg("difference"),
    "compared": Msg("deals compared"),
    "comparison_title": Msg("Ranking by comparison (same cards)"),
    "comparison_note": Msg("For each deal: your points minus the average of the players who held the same cards at the other tables, summed. An offer beside the official ranking, which stays the sheet's."),
    "best_round": Msg("best round"),
    "decided_by": Msg("decided by"),
    "round": Msg("round"),
    "table": Msg("table"),
    "game": Msg("game"),
    "dealer": Msg("dealer"),
    "label": Msg("game / contract"),
    "position_n": Msg("pos. {n}"),
    "money_n": Msg("money {n}"),
    "money": Msg("money (Kontra counts here only, Österreich-Finale 2))"),
    "money_total": Msg("money"),
    "struck": Msg("struck"),
    "pflichtsolo_by": Msg("Pflichtsolo by pos."),
    "revision": Msg("revision"),
    "lines": Msg("settlement"),
    "results_title": Msg("{name} – results"),
    "tiebreaks": Msg("ties decided by: {tbs}; lot seed {seed}"),
    "tb.total": Msg("total"),
    "tb.best_round": Msg("best round"),
    "tb.placings": Msg("table placings"),
    "tb.lot": Msg("lot"),
    "tb.tied": Msg("tied"),
    "sheet_title": Msg("{name} – round {round}, table {table}"),
    "sheet_games": Msg("{n} of {planned} games; position 1 deals first, position {keeper} keeps the list"),
    "check.error": Msg("error"),
    "check.warning": Msg("warning"),
    "no_tables": Msg("{name}: no tables drawn yet"),
    "card_title": Msg("{name} – round {round} – table {table}"),
    "pos": Msg("pos."),
    "card_games": Msg("{games} games. Position 1 deals first; position {keeper} keeps the list ({rule})."),
    "card_sitting": Msg("At a table of five the dealer sits out ({rule})."),
    "card_code": Msg("entry code: {code}"),
    "card_address": Msg("keep the list: {url}"),
    "chk.settlement": Msg("game {game} differs from its settlement"),
    "chk.struck": Msg("game {game} struck (0 for all)"),
    "chk.row-sum": Msg("game {game} does not balance (sum {sum})"),
    "chk.sitting": Msg("game {game}: {name} sits out and has points"),
    "chk.parity": Msg("game {game}: entries of mixed parity (every entry is ±value or ±3×value)"),
    "chk.games": Msg("{n} of {planned} games written"),
    "chk.games-over": Msg("{n} games written, the round has {planned}"),
    "chk.pflicht_missing": Msg("{name} has not played a Pflichtsolo this round"),
    "chk.pflicht_due": Msg("{name} still owes the Pflichtsolo and has only {left} game(s) left ({owed} owed at this table): play it now"),
    "name_n": Msg("name {n}"),
    "euros_n": Msg("euros {n}"),
    "euros": Msg("euros"),
    "corrected": Msg("corrected"),
    "struck_zero": Msg("struck: 0 counted"),
    "as_points": Msg("entered as points"),
    "rate": Msg("{rate} cents per point"),
}


def word(key: str, lang: str = "de", **params: object) -> str:
    """The word ``key`` in ``lang`` (German when the language is unknown), with ``params`` filled in."""
    text = gettext(WORDS[key].id, lang)
    return text.format(**params) if params else text


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
