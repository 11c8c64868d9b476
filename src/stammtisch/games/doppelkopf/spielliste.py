"""The Spielliste: the score list of one round (Doppelkopf-Turnier 1., 8.).

Built from the deal results of a match (their ``summary``), so the engine, the terminal and
the scorekeeper read the same list. Each row shows the game, its dealer, the contract (with
soloist and whether it was a Pflichtsolo), the value and the points per seat with running
totals; below it the Pflichtsolo tracking per player. The list is kept by position 4 (at a
five-table position 5), Doppelkopf-Turnier 8.

>>> sl = Spielliste(["A", "B", "C", "D"])
>>> row = sl.add({"points": [1, -1, 1, -1], "summary": {"contract": "normal", "value": 1, "dealer": 0}})
>>> sl.totals
[1, -1, 1, -1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Spielliste", "ListRow"]

_SHORT = {"normal": "N", "hochzeit": "H", "stille_hochzeit": "sH", "solo:fleischlos": "Fl", "solo:buben": "B",
          "solo:damen": "D", "solo:kreuz": "X", "solo:pik": "P", "solo:herz": "He", "solo:karo": "Ka"}


@dataclass
class ListRow:
    """One game on the list."""

    number: int
    dealer: int
    contract: str
    soloist: int | None
    pflicht: bool
    value: int
    points: list[int]
    totals: list[int]


@dataclass
class Spielliste:
    """Rows of a round plus Pflichtsolo tracking per player."""

    names: list[str]
    rows: list[ListRow] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    pflicht_done: list[bool] = field(default_factory=list)

    def __post_init__(self) -> None:
        if not self.totals:
            self.totals = [0] * len(self.names)
        if not self.pflicht_done:
            self.pflicht_done = [False] * len(self.names)

    @property
    def keeper(self) -> int:
        """Seat keeping the list: position 4, at a five-table position 5 (Doppelkopf-Turnier 8.)."""
        return len(self.names) - 1

    def add(self, result: Mapping[str, Any]) -> ListRow:
        """Append a deal result (``DealResult.to_json()`` shape)."""
        summ = result.get("summary", {})
        pts = list(result["points"])
        self.totals = [a + b for a, b in zip(self.totals, pts)]
        soloist = summ.get("soloist")
        pflicht = bool(summ.get("pflichtsolo"))
        if pflicht and soloist is not None:
            self.pflicht_done[soloist] = True
        row = ListRow(len(self.rows) + 1, summ.get("dealer", 0), summ.get("contract") or "normal", soloist, pflicht,
                      summ.get("value", 0), pts, list(self.totals))
        self.rows.append(row)
        return row

    @classmethod
    def from_results(cls, names: Sequence[str], results: Sequence[Mapping[str, Any]]) -> "Spielliste":
        sl = cls(list(names))
        for r in results:
            sl.add(r)
        return sl

    def to_json(self) -> dict[str, Any]:
        return {"names": self.names, "keeper": self.keeper, "totals": self.totals, "pflicht_done": self.pflicht_done,
                "rows": [r.__dict__ for r in self.rows]}

    def table(self) -> list[list[str]]:
        """The list as rows of text cells (header first)."""
        out = [["#", "Geber", "Spiel", "Wert"] + list(self.names)]
        for r in self.rows:
            game = _SHORT.get(r.contract, r.contract)
            if r.soloist is not None:
                game += f" {self.names[r.soloist]}" + (" (P)" if r.pflicht else "")
            out.append([str(r.number), self.names[r.dealer], game, str(r.value)]
                       + [f"{p:+d} = {t}" for p, t in zip(r.points, r.totals)])
        out.append(["", "", "Pflichtsolo", ""] + ["✓" if d else "offen" for d in self.pflicht_done])
        return out

    def __str__(self) -> str:
        rows = self.table()
        widths = [max(len(r[i]) for r in rows) for i in range(len(rows[0]))]
        return "\n".join("  ".join(c.rjust(w) for c, w in zip(r, widths)) for r in rows)
