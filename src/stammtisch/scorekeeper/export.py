"""Exports: result lists and score sheets as CSV and PDF, and printable table cards.

CSV needs nothing; PDF needs reportlab (the extra ``pdf``: ``bash scripts/setup pdf`` in the checkout;
``scripts/start`` installs it).
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.i18n import render

from .draw import list_keeper
from .store import Store
from .words import WORDS, check_text, word

__all__ = ["ranking_csv", "sheets_csv", "results_pdf", "sheets_pdf", "cards_pdf", "keeper_url", "DEAL_RULE",
           "SpreadsheetCsv", "CSV_BOM", "euros"]


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, CR first) gets a
    leading ``'``: a player registered as ``=HYPERLINK(...)`` stays text in Excel/LibreOffice
    (OWASP, CSV injection). Numbers, also negative ones written as text, stay as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        if re.fullmatch(r"[+-]?\d+(?:[.,]\d+)?", value):  # a number, also with a decimal comma (euros)
            return value
        return "'" + value
    return value


class SpreadsheetCsv(csv.Dialect):
    """The CSV dialect of the exports: what a German Excel or LibreOffice opens by a double click without
    asking -- ``;`` between cells (the comma is the decimal sign), ``"`` around cells that need it,
    CRLF line ends; the file is UTF-8 **with a byte-order mark** (:data:`CSV_BOM`), so umlauts arrive
    whole. Euros are written with the language's decimal sign (``12,50`` in German, ``12.50`` in
    English) and no thousands separator. Read it back with ``csv.reader(f, SpreadsheetCsv)`` on a file
    opened with ``encoding="utf-8-sig"``."""

    delimiter = ";"
    quotechar = '"'
    doublequote = True
    skipinitialspace = False
    lineterminator = "\r\n"
    quoting = csv.QUOTE_MINIMAL


#: the byte-order mark that starts every CSV export (Excel then reads UTF-8)
CSV_BOM = "\ufeff"


def _csv(rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, SpreadsheetCsv).writerows([[_cell(v) for v in row] for row in rows])
    return CSV_BOM + buf.getvalue()


def euros(cents: int, lang: str = "de", sign: bool = False) -> str:
    """Cents as euros in the language's decimal form, no thousands separator (``-1234`` -> ``-12,34``).

    >>> euros(-1234), euros(5, "en"), euros(250, "de", sign=True)
    ('-12,34', '0.05', '+2,50')
    """
    text = f"{abs(cents) // 100}{'.' if lang == 'en' else ','}{abs(cents) % 100:02d}"
    return ("-" if cents < 0 else "+" if sign and cents > 0 else "") + text


#: the paragraph that says who deals first and who keeps the list, per game (printed on table cards)
DEAL_RULE = {"doppelkopf": "Doppelkopf-Turnier 8.", "tarock": "Österreich-Finale 1)", "jass": "Papagei-Jass §19"}
#: the paragraph that makes the dealer sit out at a table of five, per game
SITTING_RULE = {"doppelkopf": "Doppelkopf-Turnier 7.", "tarock": "Tiroler Cup, Paragrafen"}


def _decided(text: str, lang: str) -> str:
    return word(f"tb.{text}", lang) if text and f"tb.{text}" in WORDS else text


def ranking_csv(store: Store, tid: int, round: int | None = None, lang: str = "de") -> str:
    """The ranking as CSV: rank, start number, name, club, per-round scores, total, best round, tie-break."""
    r = store.rankings(tid, round)
    rounds = sorted({int(k) for ln in r["ranking"] for k in ln["rounds"]})
    money = any("money" in ln for ln in r["ranking"])
    cents = any("cents" in ln for ln in r["ranking"])
    head = [word(k, lang) for k in ("rank", "number", "name", "club")] + [word("round_n", lang, n=k) for k in rounds] \
        + [word(k, lang) for k in ("total", "best_round", "decided_by")] + ([word("money_total", lang)] if money else []) \
        + ([word("euros", lang)] if cents else [])
    # the same deals at every table (an online cup's duplicate rounds): the ranking by comparison
    # beside the sheet's ranking, which stays the official one (its order is this file's order)
    compared = {c["player"]: c for c in r.get("comparison") or ()}
    if compared:
        head += [word("comparison", lang), word("compared", lang)]
    rows = [head]
    for ln in r["ranking"]:
        c = compared.get(ln["player"])
        rows.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds]
                    + [ln["total"], ln["best_round"], _decided(ln["decided_by"], lang)]
                    + ([ln.get("money", 0)] if money else []) + ([euros(ln.get("cents", 0), lang)] if cents else [])
                    + ([f"{c['comparison']:.2f}" if c else "", c["deals"] if c else ""] if compared else []))
    return _csv(rows)


def sheets_csv(store: Store, tid: int, lang: str = "de") -> str:
    """Every row of every table: round, table, game, the dealer by name, the game, then per position the
    player's name and points, the money ledger (and euros at the rate) per position where the list keeps
    money, struck (0 counted) or corrected, the Pflichtsolo's player, the revision and the settlement in
    words of ``lang`` (:class:`SpreadsheetCsv`)."""
    t = store.tournament(tid)
    tables = [(rnd, tab, store.table(tab["id"])) for rnd in t["rounds"] for tab in rnd["tables"]]
    money = any(sh.get("money_totals") is not None for _, _, sh in tables)
    cents = any(sh.get("rate_cents") is not None for _, _, sh in tables)
    head = [word(k, lang) for k in ("round", "table", "game", "dealer", "label")]
    for n in range(1, 6):
        head += [word("name_n", lang, n=n), word("position_n", lang, n=n)]
    head += [word("money_n", lang, n=n) for n in range(1, 6)] if money else []
    head += [word("euros_n", lang, n=n) for n in range(1, 6)] if cents else []
    head += [word(k, lang) for k in ("struck", "pflichtsolo_by", "revision", "lines")]
    rows = [head]
    for rnd, tab, sheet in tables:
        seats = {s["position"]: s["name"] for s in sheet["seats"]}
        names = [seats.get(p, "") for p in range(1, 6)]
        rate = sheet.get("rate_cents")
        for row in sheet["rows"]:
            pp = list(row["position_points"]) + [""] * (5 - len(row["position_points"]))
            cells: list[Any] = [rnd["number"], tab["number"], row["number"], seats.get(row["dealer"], row["dealer"]),
                                row["label"]]
            for n in range(5):
                cells += [names[n], pp[n]]
            mp = row.get("money_points")
            if money:
                m = list(mp) if mp is not None else []
                cells += m + [""] * (5 - len(m))
            if cents:
                e = [euros(x * rate, lang) for x in mp] if mp is not None and rate is not None else []
                cells += e + [""] * (5 - len(e))
            state = word("struck", lang) if row["struck"] else word("corrected", lang) if row["revision"] > 1 else ""
            solo = seats.get(row["pflichtsolo_by"], "") if row["pflichtsolo_by"] else ""
            cells += [state, solo, row["revision"], lines_text(row["lines"], names, lang)]
            rows.append(cells)
    return _csv(rows)


def lines_text(lines: list[dict[str, Any]], names: list[str], lang: str = "de") -> str:
    """A row's settlement in words of ``lang`` (the seats by their players' names, as the list page shows them)."""
    def one(ln: dict[str, Any]) -> str:
        value = ln["value"]
        text = f"{render(ln['label'], lang, names)} {value:+d}" if isinstance(value, int) else render(ln["label"], lang, names)
        return text + (f" ({render(ln['note'], lang, names)})" if ln.get("note") else "")
    return "; ".join(one(ln) for ln in lines)


# ---------------------------------------------------------------------------- PDF
def _reportlab() -> Mapping[str, Any]:
    try:
        from reportlab.lib import colors
        from reportlab.lib.pagesizes import A4, A6, landscape
        from reportlab.lib.styles import getSampleStyleSheet
        from reportlab.lib.units import mm
        from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Spacer, Table, TableStyle
    except ImportError:
        raise IllegalAction(Msg("PDF export needs reportlab (the extra pdf): run `bash scripts/setup pdf` in the checkout")) from None
    return dict(colors=colors, A4=A4, A6=A6, landscape=landscape, styles=getSampleStyleSheet(), mm=mm,
                PageBreak=PageBreak, Paragraph=Paragraph, SimpleDocTemplate=SimpleDocTemplate, Spacer=Spacer,
                Table=Table, TableStyle=TableStyle)


def _grid(rl: Mapping[str, Any], data: list[list[Any]], widths: list[float] | None = None) -> Any:
    t = rl["Table"](data, colWidths=widths, repeatRows=1)
    t.setStyle(rl["TableStyle"]([
        ("GRID", (0, 0), (-1, -1), 0.4, rl["colors"].grey),
        ("BACKGROUND", (0, 0), (-1, 0), rl["colors"].lightgrey),
        ("FONTSIZE", (0, 0), (-1, -1), 8),
        ("ALIGN", (1, 1), (-1, -1), "RIGHT"),
    ]))
    return t


def _build(rl: Mapping[str, Any], story: list[Any], title: str, pagesize: Any = None) -> bytes:
    buf = io.BytesIO()
    doc = rl["SimpleDocTemplate"](buf, pagesize=pagesize or rl["A4"], title=title, author="stammtisch",
                                  leftMargin=12 * rl["mm"], rightMargin=12 * rl["mm"], topMargin=12 * rl["mm"],
                                  bottomMargin=12 * rl["mm"])
    doc.build(story)
    return buf.getvalue()


def _p(rl: Mapping[str, Any], text: str, style: str = "Normal") -> Any:
    from xml.sax.saxutils import escape
    return rl["Paragraph"](escape(text), rl["styles"][style])


def results_pdf(store: Store, tid: int, lang: str = "de") -> bytes:
    """The result list: overall ranking, then each round's tables."""
    rl = _reportlab()
    r = store.rankings(tid)
    rounds = sorted({int(k) for ln in r["ranking"] for k in ln["rounds"]})
    story = [_p(rl, word("results_title", lang, name=r["name"]), "Title"),
             _p(rl, word("tiebreaks", lang, tbs=", ".join(_decided(x, lang) for x in r["tiebreaks"]),
                         seed=r["lot_seed"]))]
    money = any("money" in ln for ln in r["ranking"])
    cents = any("cents" in ln for ln in r["ranking"])
    data = [[word(k, lang) for k in ("rank", "number", "name", "club")]
            + [word("round_short", lang, n=k) for k in rounds] + [word("total", lang)]
            + ([word("money_total", lang)] if money else []) + ([word("euros", lang)] if cents else [])]
    for ln in r["ranking"]:
        data.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds] + [ln["total"]]
                    + ([ln.get("money", 0)] if money else []) + ([euros(ln.get("cents", 0), lang)] if cents else []))
    story += [rl["Spacer"](1, 4 * rl["mm"]), _grid(rl, data)]
    if r.get("comparison"):  # an online cup's duplicate rounds: the offer beside the official ranking
        story += [_p(rl, word("comparison_title", lang), "Heading2"), _p(rl, word("comparison_note", lang)),
                  _grid(rl, [[word(k, lang) for k in ("rank", "number", "name", "club", "comparison", "compared")]]
                        + [[c["rank"], c.get("number", ""), c.get("name", ""), c.get("club", ""),
                            f"{c['comparison']:.2f}", c["deals"]] for c in r["comparison"]])]
    for tr in r["tables"]:
        if tr["table"] == 1:
            story.append(_p(rl, word("round_n", lang, n=tr["round"]), "Heading2"))
        story.append(_p(rl, f"{word('table', lang)} {tr['table']}: " + ", ".join(f"{p['position']}. {p['name']} {p['score']:+d}"
                                                                  for p in tr["players"])))
    return _build(rl, story, word("results_title", lang, name=r["name"]))


def _sheet_story(rl: Mapping[str, Any], sheet: Mapping[str, Any], lang: str = "de") -> list[Any]:
    """One Tischzettel: every row with the points it counts -- a struck row shows its old numbers struck
    through and the 0 it counts (Österreich-Finale 1)), so the column adds up to Summe by hand; a
    corrected row is marked -- then the money ledger (and euros at the rate) and the check's findings."""
    from xml.sax.saxutils import escape
    names = [f"{s['position']}. {s['name']}" for s in sheet["seats"]]
    cols = names if len(sheet["columns"]) == len(names) else sheet["columns"]
    story = [_p(rl, word("sheet_title", lang, name=sheet["tournament_name"], round=sheet["round"],
                         table=sheet["number"]), "Heading2"),
             _p(rl, word("sheet_games", lang, n=sheet["normal_games"], planned=sheet["planned"] or "–",
                         keeper=sheet["list_keeper"]))]
    small = rl["styles"]["Normal"].clone("cell", fontSize=8, leading=9)

    def cell(text: str) -> Any:
        return rl["Paragraph"](text, small)

    money = sheet.get("money_totals") is not None
    data: list[list[Any]] = [[word("game", lang), word("dealer", lang), word("label", lang)] + cols]
    for row in sheet["rows"]:
        label = row["label"][:40] + (f" ({word('struck_zero', lang)})" if row["struck"] else
                                     f" ({word('corrected', lang)})" if row["revision"] > 1 else "") + (
            " [Pflichtsolo]" if row["pflichtsolo_by"] else "")
        if row["struck"]:
            pts: list[Any] = [cell(f"<strike>{p}</strike> 0") if p else "0" for p in row["points"]]
        else:
            pts = [str(p) for p in row["points"]]
        data.append([row["number"], row["dealer"], cell(escape(label))] + pts)
    data.append(["", "", word("total", lang)] + [str(t) for t in sheet["totals"]])
    story.append(_grid(rl, data))
    if money:
        rate = sheet.get("rate_cents")
        story.append(_p(rl, word("money", lang) + (" – " + word("rate", lang, rate=rate) if rate is not None else ""),
                        "Heading3"))
        mdata: list[list[Any]] = [[word("game", lang), word("label", lang)] + cols]
        for row in sheet["rows"]:
            mp = row.get("money_points")
            if mp is None:
                continue
            label = row["label"][:40] + (f" ({word('struck_zero', lang)})" if row["struck"] else
                                         f" ({word('as_points', lang)})" if row["money"] is None else "")
            mdata.append([row["number"], cell(escape(label))] + [str(m) for m in mp])
        mdata.append(["", word("total", lang)] + [str(m) for m in sheet["money_totals"]])
        if sheet.get("cents_totals") is not None:
            mdata.append(["", word("euros", lang)] + [euros(c, lang) for c in sheet["cents_totals"]])
        story.append(_grid(rl, mdata))
    errors = [c for c in sheet["checks"] if c["level"] != "info"]
    seats = {s["position"]: s["name"] for s in sheet["seats"]}
    for c in errors:
        story.append(_p(rl, f"{word('check.' + c['level'], lang)}: {check_text(c, lang, seats)}"))
    return story


def sheets_pdf(store: Store, tid: int, table_id: int | None = None, lang: str = "de") -> bytes:
    """Score sheets (Tischzettel) of every table, one page each (or of one table)."""
    rl = _reportlab()
    t = store.tournament(tid)
    ids = [table_id] if table_id is not None else [tab["id"] for r in t["rounds"] for tab in r["tables"]]
    story: list[Any] = []
    for i, tab_id in enumerate(ids):
        if i:
            story.append(rl["PageBreak"]())
        story += _sheet_story(rl, store.table(tab_id), lang)
    if not story:
        story = [_p(rl, word("no_tables", lang, name=t["name"]))]
    return _build(rl, story, f"{t['name']} score sheets")


def _qr(rl: Mapping[str, Any], url: str, size: float) -> Any:
    """A QR code of ``url`` (reportlab's own QR widget: no further dependency)."""
    from reportlab.graphics.barcode.qr import QrCodeWidget
    from reportlab.graphics.shapes import Drawing
    w = QrCodeWidget(url, barLevel="M")
    x0, y0, x1, y1 = w.getBounds()
    d = Drawing(size, size, transform=[size / (x1 - x0), 0, 0, size / (y1 - y0), 0, 0])
    d.add(w)
    return d


def keeper_url(base: str, table_id: int) -> str:
    """The address of a table's list keeper page (the entry code is never part of it)."""
    return f"{base.rstrip('/')}/scorekeeper/tisch/{table_id}"


def cards_pdf(store: Store, tid: int, round: int | None = None, codes: Mapping[int, str] | None = None,
              base: str = "", lang: str = "de") -> bytes:
    """Printable table cards (A6 landscape): table, players by position (names left-aligned), who deals
    first and who keeps the list with the game's own rule, number of games, the keeper page's address
    with a QR code (given ``base``, the server's address), and -- given ``codes``
    (:meth:`Store.issue_codes`, shown only once) -- the table's entry code for live entry."""
    rl = _reportlab()
    t = store.tournament(tid)
    rule = DEAL_RULE.get(t["game"], "")
    rounds = [r for r in t["rounds"] if round is None or r["number"] == round]
    mm = rl["mm"]
    story: list[Any] = []
    for r in rounds:
        for tab in r["tables"]:
            if story:
                story.append(rl["PageBreak"]())
            story.append(_p(rl, word("card_title", lang, name=t["name"], round=r["number"], table=tab["number"]),
                            "Heading2"))
            data = [[word("pos", lang), word("number", lang), word("name", lang)]] + [
                [s["position"], s["number"], s["name"]] for s in tab["seats"]]
            grid = _grid(rl, data, [12 * mm, 12 * mm, 62 * mm])
            grid.setStyle(rl["TableStyle"]([("ALIGN", (2, 0), (2, -1), "LEFT")]))
            if base:
                url = keeper_url(base, tab["id"])
                row = rl["Table"]([[grid, _qr(rl, url, 30 * mm)]], colWidths=[88 * mm, 34 * mm])
                row.setStyle(rl["TableStyle"]([("VALIGN", (0, 0), (-1, -1), "TOP")]))
                story.append(row)
            else:
                story.append(grid)
            text = word("card_games", lang, games=tab["planned"], keeper=list_keeper(tab["size"]),
                        rule=rule or "–")
            if tab["size"] == 5 and t["game"] in SITTING_RULE:
                text += " " + word("card_sitting", lang, rule=SITTING_RULE[t["game"]])
            story.append(_p(rl, text))
            if base:
                story.append(_p(rl, word("card_address", lang, url=keeper_url(base, tab["id"]))))
            if codes and tab["id"] in codes:
                story.append(_p(rl, word("card_code", lang, code=codes[tab["id"]]), "Heading3"))
    if not story:
        story = [_p(rl, word("no_tables", lang, name=t["name"]))]
    return _build(rl, story, f"{t['name']} table cards", rl["landscape"](rl["A6"]))
