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

from .draw import list_keeper
from .store import Store

__all__ = ["ranking_csv", "sheets_csv", "results_pdf", "sheets_pdf", "cards_pdf"]


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


def ranking_csv(store: Store, tid: int, round: int | None = None) -> str:
    """The ranking as CSV: rank, start number, name, club, per-round scores, total, best round, tie-break."""
    r = store.rankings(tid, round)
    rounds = sorted({int(k) for ln in r["ranking"] for k in ln["rounds"]})
    head = ["rank", "number", "name", "club"] + [f"round {k}" for k in rounds] + ["total", "best_round",
                                                                                 "decided_by"]
    rows = [head]
    for ln in r["ranking"]:
        rows.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds]
                    + [ln["total"], ln["best_round"], ln["decided_by"]])
    return _csv(rows)


def sheets_csv(store: Store, tid: int) -> str:
    """Every row of every table: round, table, game, dealer, label, points per position, struck, revision."""
    t = store.tournament(tid)
    rows = [["round", "table", "game", "dealer", "label", "p1", "p2", "p3", "p4", "p5", "struck", "pflichtsolo_by",
             "revision", "lines"]]
    for rnd in t["rounds"]:
        for tab in rnd["tables"]:
            sheet = store.table(tab["id"])
            for row in sheet["rows"]:
                pp = list(row["position_points"]) + [""] * (5 - len(row["position_points"]))
                rows.append([rnd["number"], tab["number"], row["number"], row["dealer"], row["label"], *pp,
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
        raise IllegalAction("PDF export needs reportlab (the extra pdf): run `bash scripts/setup pdf` in the "
                            "checkout") from None
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


def results_pdf(store: Store, tid: int) -> bytes:
    """The result list: overall ranking, then each round's tables."""
    rl = _reportlab()
    r = store.rankings(tid)
    rounds = sorted({int(k) for ln in r["ranking"] for k in ln["rounds"]})
    story = [_p(rl, f"{r['name']} -- Ergebnisliste", "Title"),
             _p(rl, f"Tie-breaks: {', '.join(r['tiebreaks'])}; lot seed {r['lot_seed']}")]
    data = [["Rang", "Nr.", "Name", "Verein"] + [f"R{k}" for k in rounds] + ["Summe"]]
    for ln in r["ranking"]:
        data.append([ln["rank"], ln["number"], ln["name"], ln["club"]]
                    + [ln["rounds"].get(str(k), "") for k in rounds] + [ln["total"]])
    story += [rl["Spacer"](1, 4 * rl["mm"]), _grid(rl, data)]
    for tr in r["tables"]:
        if tr["table"] == 1:
            story.append(_p(rl, f"Runde {tr['round']}", "Heading2"))
        story.append(_p(rl, f"Tisch {tr['table']}: " + ", ".join(f"{p['position']}. {p['name']} {p['score']:+d}"
                                                                  for p in tr["players"])))
    return _build(rl, story, f"{r['name']} results")


def _sheet_story(rl: Mapping[str, Any], sheet: Mapping[str, Any]) -> list[Any]:
    names = [f"{s['position']}. {s['name']}" for s in sheet["seats"]]
    cols = names if len(sheet["columns"]) == len(names) else sheet["columns"]
    story = [_p(rl, f"{sheet['tournament_name']} -- Runde {sheet['round']}, Tisch {sheet['number']}", "Heading2"),
             _p(rl, f"{sheet['normal_games']} of {sheet['planned'] or '-'} games; position 1 deals first, position "
                    f"{sheet['list_keeper']} keeps the list")]
    data = [["Spiel", "Geber", "Spiel / Ansage"] + cols]
    for row in sheet["rows"]:
        label = row["label"] + (" (gestrichen)" if row["struck"] else "") + (
            " [Pflichtsolo]" if row["pflichtsolo_by"] else "")
        data.append([row["number"], row["dealer"], label[:40]] + [str(p) for p in row["points"]])
    data.append(["", "", "Summe"] + [str(t) for t in sheet["totals"]])
    story.append(_grid(rl, data))
    errors = [c for c in sheet["checks"] if c["level"] != "info"]
    for c in errors:
        story.append(_p(rl, f"{c['level']}: {c['message']}" + (f" ({c['rule']})" if c["rule"] else "")))
    return story


def sheets_pdf(store: Store, tid: int, table_id: int | None = None) -> bytes:
    """Score sheets (Tischzettel) of every table, one page each (or of one table)."""
    rl = _reportlab()
    t = store.tournament(tid)
    ids = [table_id] if table_id is not None else [tab["id"] for r in t["rounds"] for tab in r["tables"]]
    story: list[Any] = []
    for i, tab_id in enumerate(ids):
        if i:
            story.append(rl["PageBreak"]())
        story += _sheet_story(rl, store.table(tab_id))
    if not story:
        story = [_p(rl, f"{t['name']}: no tables drawn yet")]
    return _build(rl, story, f"{t['name']} score sheets")


def cards_pdf(store: Store, tid: int, round: int | None = None, codes: Mapping[int, str] | None = None) -> bytes:
    """Printable table cards (A6 landscape): table, players by position, who deals first, who keeps
    the list, number of games, and -- given ``codes`` (:meth:`Store.issue_codes`, shown only once)
    -- the table's entry code for live entry."""
    rl = _reportlab()
    t = store.tournament(tid)
    rounds = [r for r in t["rounds"] if round is None or r["number"] == round]
    story: list[Any] = []
    for r in rounds:
        for tab in r["tables"]:
            if story:
                story.append(rl["PageBreak"]())
            story.append(_p(rl, f"{t['name']} -- Runde {r['number']} -- Tisch {tab['number']}", "Heading2"))
            data = [["Pos.", "Nr.", "Name"]] + [[s["position"], s["number"], s["name"]] for s in tab["seats"]]
            story.append(_grid(rl, data, [14 * rl["mm"], 14 * rl["mm"], 80 * rl["mm"]]))
            story.append(_p(rl, f"{tab['planned']} Spiele. Position 1 gibt zuerst; Position "
                                f"{list_keeper(tab['size'])} führt die Liste (Doppelkopf-Turnier 8.)."))
            if codes and tab["id"] in codes:
                story.append(_p(rl, f"Eingabe-Code: {codes[tab['id']]}   (Tisch-ID {tab['id']})"))
    if not story:
        story = [_p(rl, f"{t['name']}: no round drawn yet")]
    return _build(rl, story, f"{t['name']} table cards", rl["landscape"](rl["A6"]))
