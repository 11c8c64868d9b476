"""Exports: result lists and score sheets as CSV and PDF, and printable table cards.

CSV needs nothing; PDF needs reportlab (the extra ``pdf``: ``bash scripts/setup pdf`` in the checkout;
``scripts/start`` installs it).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from .draw import list_keeper
from .store import Store
from .words import WORDS, check_text, word

__all__ = ["ranking_csv", "sheets_csv", "results_pdf", "sheets_pdf", "cards_pdf", "keeper_url", "DEAL_RULE"]


def _cell(value: Any) -> Any:
    """A text cell a spreadsheet would run as a formula (``=``, ``+``, ``-``, ``@``, tab, CR first) gets a
    leading ``'``: a player registered as ``=HYPERLINK(...)`` stays text in Excel/LibreOffice
    (OWASP, CSV injection). Numbers, also negative ones written as text, stay as they are."""
    if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
        try:
            float(value)
            return value
        except ValueError:
            return "'" + value
    return value


def _csv(rows: list[list[Any]]) -> str:
    buf = io.StringIO()
    csv.writer(buf, lineterminator="\n").writerows([[_cell(v) for v in row] for row in rows])
    return buf.getvalue()


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
    head = [word(k, lang) for k in ("rank", "number", "name", "club")] + [word("round_n", lang, n=k) for k in rounds] \
        + [word(k, lang) for k in ("total", "best_round", "decided_by")] + ([word("money_total", lang)] if money else [])
    rows = [head]
    for ln in r["ranking"]:
        rows.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds]
                    + [ln["total"], ln["best_round"], _decided(ln["decided_by"], lang)]
                    + ([ln.get("money", 0)] if money else []))
    return _csv(rows)


def sheets_csv(store: Store, tid: int, lang: str = "de") -> str:
    """Every row of every table: round, table, game, dealer, label, points per position, the money ledger per
    position where the profile plays for money (Österreich-Finale 2)), struck, Pflichtsolo, revision."""
    t = store.tournament(tid)
    tables = [(rnd, tab, store.table(tab["id"])) for rnd in t["rounds"] for tab in rnd["tables"]]
    money = any(row["money"] is not None for _, _, sh in tables for row in sh["rows"])
    head = [word(k, lang) for k in ("round", "table", "game", "dealer", "label")] \
        + [word("position_n", lang, n=n) for n in range(1, 6)] \
        + ([word("money_n", lang, n=n) for n in range(1, 6)] if money else []) \
        + [word(k, lang) for k in ("struck", "pflichtsolo_by", "revision", "lines")]
    rows = [head]
    for rnd, tab, sheet in tables:
        for row in sheet["rows"]:
            pp = list(row["position_points"]) + [""] * (5 - len(row["position_points"]))
            mm: list[Any] = []
            if money:
                m = [0 if row["struck"] else x for x in (row["money"] or [])]
                mm = m + [""] * (5 - len(m))
            rows.append([rnd["number"], tab["number"], row["number"], row["dealer"], row["label"], *pp, *mm,
                         int(row["struck"]), row["pflichtsolo_by"] or "", row["revision"],
                         "; ".join(f"{ln['label']} {ln['value']}" for ln in row["lines"])])
    return _csv(rows)


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
    data = [[word(k, lang) for k in ("rank", "number", "name", "club")]
            + [word("round_short", lang, n=k) for k in rounds] + [word("total", lang)]
            + ([word("money_total", lang)] if money else [])]
    for ln in r["ranking"]:
        data.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds] + [ln["total"]]
                    + ([ln.get("money", 0)] if money else []))
    story += [rl["Spacer"](1, 4 * rl["mm"]), _grid(rl, data)]
    for tr in r["tables"]:
        if tr["table"] == 1:
            story.append(_p(rl, word("round_n", lang, n=tr["round"]), "Heading2"))
        story.append(_p(rl, f"{word('table', lang)} {tr['table']}: " + ", ".join(f"{p['position']}. {p['name']} {p['score']:+d}"
                                                                  for p in tr["players"])))
    return _build(rl, story, word("results_title", lang, name=r["name"]))


def _sheet_story(rl: Mapping[str, Any], sheet: Mapping[str, Any], lang: str = "de") -> list[Any]:
    names = [f"{s['position']}. {s['name']}" for s in sheet["seats"]]
    cols = names if len(sheet["columns"]) == len(names) else sheet["columns"]
    story = [_p(rl, word("sheet_title", lang, name=sheet["tournament_name"], round=sheet["round"],
                         table=sheet["number"]), "Heading2"),
             _p(rl, word("sheet_games", lang, n=sheet["normal_games"], planned=sheet["planned"] or "–",
                         keeper=sheet["list_keeper"]))]
    money = sheet.get("money_totals") is not None
    data = [[word("game", lang), word("dealer", lang), word("label", lang)] + cols]
    for row in sheet["rows"]:
        label = row["label"] + (f" ({word('struck', lang)})" if row["struck"] else "") + (
            " [Pflichtsolo]" if row["pflichtsolo_by"] else "")
        data.append([row["number"], row["dealer"], label[:40]] + [str(p) for p in row["points"]])
    data.append(["", "", word("total", lang)] + [str(t) for t in sheet["totals"]])
    story.append(_grid(rl, data))
    if money:
        story.append(_p(rl, word("money", lang), "Heading3"))
        mdata = [[word("game", lang), word("label", lang)] + cols]
        for row in sheet["rows"]:
            if row["money"] is not None:
                mdata.append([row["number"], row["label"][:40]]
                             + [str(0 if row["struck"] else m) for m in row["money"]])
        mdata.append(["", word("total", lang)] + [str(m) for m in sheet["money_totals"]])
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
