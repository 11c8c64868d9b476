"""The ranking by comparison of a cup whose rounds play the same deals at every table (duplicate).

For each deal and position, a player's points minus the mean of the points the players at that
position scored **with the same cards** at the other tables of the round, summed over his deals
(``docs/fair-deals.md``, "Ranking by comparison"; argued against matchpoints in
``docs/tournaments.md``). Deals are the same when their rows carry the same cards key
(:func:`.rows.cards_key`: the dealt cards, the dealer and the first dealer); a deal that no other
table held with the same cards (one table of five in a round of fours, a Jass Partie won before the
other table reached that deal, a Pflichtsolo that moved the deal on) is not compared.

The points are the list's (``position_points`` of each row as it stands, corrections included,
struck rows left out), so the comparison always agrees with the official ranking's rows. It is an
offer beside the sheet's ranking, never instead of it: the sheets know no duplicate deals.

>>> rows = lambda *pts: [{"cards": "k", "position_points": list(p), "struck": False} for p in pts]
>>> lists = [{"round": 1, "table": 1, "seats": {1: 11, 2: 12}, "rows": rows((30, -30))},
...          {"round": 1, "table": 2, "seats": {1: 21, 2: 22}, "rows": rows((10, -10))}]
>>> [(s["player"], s["comparison"], s["deals"]) for s in compare(lists)]
[(11, 20.0, 1), (22, 20.0, 1), (12, -20.0, 1), (21, -20.0, 1)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

__all__ = ["compare", "table_lists", "with_names", "csv_text"]


def compare(lists: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The players ranked by comparison, best first.

    :param lists: per table of a round, ``{"round", "table", "seats": {position: player}, "rows":
        [{"cards", "position_points", "struck"}]}``
    :returns: per player ``{"player", "comparison", "deals", "rank"}``: the sum of his differences
        (rounded to two places), the deals compared, and his place (equal sums share a place)
    """
    # (round, cards key, position) -> [(player, points)], one entry per table that held those cards
    held: dict[tuple[int, str, int], list[tuple[int, int]]] = defaultdict(list)
    players: set[int] = set()
    for tab in lists:
        seats = {int(p): pid for p, pid in tab["seats"].items()}
        players.update(seats.values())
        for row in tab["rows"]:
            key = row.get("cards")
            if not key or row.get("struck"):
                continue
            for pos, pts in enumerate(row["position_points"], start=1):
                if pos in seats:
                    held[(tab["round"], key, pos)].append((seats[pos], int(pts)))
    total: dict[int, Fraction] = {p: Fraction(0) for p in players}
    deals: dict[int, int] = {p: 0 for p in players}
    for group in held.values():
        if len(group) < 2:
            continue  # nobody else held these cards: nothing to compare with
        whole = sum(pts for _, pts in group)
        for pid, pts in group:
            others = Fraction(whole - pts, len(group) - 1)
            total[pid] += pts - others
            deals[pid] += 1
    order = sorted(players, key=lambda p: (-total[p], p))
    out: list[dict[str, Any]] = []
    for i, pid in enumerate(order):
        rank = out[-1]["rank"] if out and total[order[i - 1]] == total[pid] else i + 1
        out.append({"player": pid, "comparison": round(float(total[pid]), 2), "deals": deals[pid], "rank": rank})
    return out


def table_lists(tournament: Mapping[str, Any], sheets: Mapping[int, Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The input of :func:`compare` from the scorekeeper's tournament and its tables' lists
    (``sheets``: table id -> :meth:`~stammtisch.scorekeeper.store.Store.table`)."""
    out = []
    for rnd in tournament["rounds"]:
        for tab in rnd["tables"]:
            sheet = sheets.get(tab["id"])
            if sheet is None:
                continue
            out.append({"round": rnd["number"], "table": tab["number"],
                        "seats": {s["position"]: s["player"] for s in sheet["seats"]},
                        "rows": [_row(r) for r in sheet["rows"]]})
    return out


def _row(r: Mapping[str, Any]) -> dict[str, Any]:
    online = (r.get("facts") or {}).get("online") or {}
    return {"cards": online.get("cards"), "position_points": list(r.get("position_points") or ()),
            "struck": bool(r.get("struck"))}


def with_names(ranked: Sequence[dict[str, Any]], players: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The comparison lines with each player's number, name and club."""
    by_id = {p["id"]: p for p in players}
    return [{**line, **{k: by_id[line["player"]][k] for k in ("number", "name", "club") if k in by_id.get(line["player"], {})}}
            for line in ranked]


def csv_text(result: Mapping[str, Any], header: Sequence[str]) -> str:
    """The ranking by comparison as CSV (``header``: the columns' titles in the reader's language:
    place, number, name, club, comparison, deals compared)."""
    import csv
    import io

    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(header)
    for line in result["ranking"]:
        w.writerow([line["rank"], line.get("number", ""), line.get("name", ""), line.get("club", ""),
                    f"{line['comparison']:.2f}", line["deals"]])
    return buf.getvalue()
