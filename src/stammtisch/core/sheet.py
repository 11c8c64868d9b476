"""Score sheets: rows of points per column, and the rule that rows must balance.

The Tarock and Doppelkopf sheets require every row to sum to zero; a row that does not
and cannot be cleared is struck, 0 for everybody (Österreich-Finale 1); Tiroler Cup, last
paragraph). Jass and Perlaggen write points per team and do not balance.

>>> s = ScoreSheet(("A", "B", "C", "D"), zero_sum=True)
>>> _ = s.add((3, -1, -1, -1), "Dreier")
>>> s.totals()
(3, -1, -1, -1)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .errors import IllegalAction
from .messages import Msg

__all__ = ["Row", "ScoreSheet"]


@dataclass(frozen=True)
class Row:
    """One row of a score sheet."""

    points: tuple[int, ...]
    label: str = ""
    struck: bool = False
    note: str = ""

    @property
    def effective(self) -> tuple[int, ...]:
        """The points that count: zeros for a struck row."""
        return tuple(0 for _ in self.points) if self.struck else self.points

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points), "label": self.label, "struck": self.struck, "note": self.note}


@dataclass
class ScoreSheet:
    """A list of rows under fixed columns; running totals ignore struck rows."""

    columns: tuple[str, ...]
    zero_sum: bool = False
    rows: list[Row] = field(default_factory=list)

    def add(self, points: Sequence[int], label: str = "", note: str = "") -> Row:
        """Append a row.

        :raises IllegalAction: on a wrong number of columns, or an unbalanced row on a
            zero-sum sheet (use :meth:`strike` for a row that cannot be cleared)
        """
        pts = tuple(int(p) for p in points)
        if len(pts) != len(self.columns):
            raise IllegalAction(Msg('a row needs {n} entries, got {n2}', n=len(self.columns), n2=len(pts)))
        if self.zero_sum and sum(pts) != 0:
            raise IllegalAction(Msg('row does not balance (sum {sum}); a row that cannot be cleared is struck', sum=sum(pts)),
                                rule="Österreich-Finale 1)")
        row = Row(pts, label, False, note)
        self.rows.append(row)
        return row

    def strike(self, points: Sequence[int], label: str = "", note: str = "") -> Row:
        """Append an unbalanced row as struck: 0 for all (Österreich-Finale 1))."""
        row = Row(tuple(int(p) for p in points), label, True, note or "struck: row does not balance")
        self.rows.append(row)
        return row

    def totals(self) -> tuple[int, ...]:
        """Column sums over the rows that count."""
        out = [0] * len(self.columns)
        for r in self.rows:
            for i, p in enumerate(r.effective):
                out[i] += p
        return tuple(out)

    def to_json(self) -> dict[str, Any]:
        return {"columns": list(self.columns), "zero_sum": self.zero_sum,
                "rows": [r.to_json() for r in self.rows], "totals": list(self.totals())}
