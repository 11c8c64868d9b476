"""The ranking by comparison of a tournament whose rounds play the same deals at every table
(duplicate: an online cup's option, ``stammtisch.cup.duplicate``).

For each deal and position, a player's points minus the mean of the points the players at that
position scored **with the same cards** at the other tables of the round, summed over his deals
(``docs/fair-deals.md``, "Ranking by comparison"; argued against matchpoints in
``docs/tournaments.md``). Deals are the same when their rows carry the same cards key
(``facts.online.cards``, written by the online cup: the dealt cards, the dealer and the first
dealer); a deal that no other
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

__all__ = ["compare", "has_cards", "row_of", "with_names"]


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


def has_cards(rows: Iterable[Mapping[str, Any]]) -> bool:
    """Whether any of a list's rows (as :meth:`.tablesheet.TableSheet.to_json` gives them) carries a
    cards key: a table of a round with the same deals everywhere."""
    return any(((r.get("facts") or {}).get("online") or {}).get("cards") for r in rows)


def row_of(r: Mapping[str, Any]) -> dict[str, Any]:
    """One row of a list (as :meth:`.tablesheet.TableSheet.to_json` gives it) as :func:`compare` reads it."""
    online = (r.get("facts") or {}).get("online") or {}
    return {"cards": online.get("cards"), "position_points": list(r.get("position_points") or ()),
            "struck": bool(r.get("struck"))}


def with_names(ranked: Sequence[dict[str, Any]], players: Mapping[int, Any]) -> list[dict[str, Any]]:
    """The comparison lines with each player's number, name and club (``players``: id -> a player
    with ``number``, ``name``, ``club`` attributes)."""
    out = []
    for line in ranked:
        p = players.get(line["player"])
        out.append({**line, **({"number": p.number, "name": p.name, "club": p.club} if p is not None else {})})
    return out

