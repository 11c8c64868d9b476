"""One table's list: who deals, who sits out, the rows, corrections with history, checks.

Pure Python (no database): :mod:`.store` loads rows into a :class:`TableSheet`, lets it decide,
and writes back what it returns. The rules it keeps:

* Position 1 deals the first game; the deal passes on by one position after every game
  (Doppelkopf-Turnier 8.); at a table of five the dealer sits out and gets no points
  (Doppelkopf-Turnier 7.).
* Doppelkopf: each player's first solo of the round is his Pflichtsolo; it is played in
  addition to the round's games and the same dealer deals again afterwards
  (Doppelkopf-Turnier 1., 2.). When a player's remaining games get as few as the Pflichtsoli
  still owed, the sheet warns (DDV "Vorführung", DDV TSR 8.6).
* A row may be corrected until the next game is written (Perlaggen §33; Tiroler Cup,
  Abrechnung: Reklamationen); later only where the sheet allows correcting pure writing and
  arithmetic errors (Tiroler Cup, Abrechnung) and only by the organiser. Every version of a
  row is kept in its history; nothing is overwritten silently.
* A row that does not balance and cannot be cleared is struck, 0 for all (Österreich-Finale 1)).

>>> from stammtisch.scorekeeper.entries import get
>>> t = TableSheet(get("tarock"), 4, planned=16)
>>> row = t.write({"kind": "row", "points": [3, -1, -1, -1], "label": "Dreier"})
>>> t.totals(), t.next_context().dealer
((3, -1, -1, -1), 2)
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.sheet import ScoreSheet

from .entries import Adapter, GameContext, Settlement, context
from .errors import EngineMissing

__all__ = ["Revision", "SheetRow", "Check", "TableSheet"]


def _now() -> str:
    return _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")


@dataclass
class Revision:
    """One version of a row, kept for ever (``action``: write, correct, late-correct, strike)."""

    revision: int
    action: str
    facts: dict[str, Any]
    settlement: Settlement
    reason: str = ""
    author: str = ""
    at: str = field(default_factory=_now)

    def to_json(self) -> dict[str, Any]:
        return {"revision": self.revision, "action": self.action, "facts": self.facts,
                "settlement": self.settlement.to_json(), "reason": self.reason, "author": self.author, "at": self.at}


@dataclass
class SheetRow:
    """A row of the list as it stands now, with the context it was entered in."""

    number: int
    dealer: int
    facts: dict[str, Any]
    settlement: Settlement
    pflichtsolo_by: int | None = None
    revision: int = 1
    history: list[Revision] = field(default_factory=list)

    def to_json(self, adapter: Adapter, size: int) -> dict[str, Any]:
        s = self.settlement
        return {"number": self.number, "dealer": self.dealer,
                "sitting": self.dealer if size == 5 else None,
                "facts": self.facts, "label": s.label, "points": list(s.points),
                "effective": list(s.effective),
                "position_points": list(adapter.position_points(s.effective, size)),
                "money": list(s.money) if s.money is not None else None,
                "lines": [ln.to_json() for ln in s.lines], "struck": s.struck, "note": s.note,
                "pflichtsolo_by": self.pflichtsolo_by, "revision": self.revision}


@dataclass(frozen=True)
class Check:
    """A finding about a list: ``level`` is ``error`` (must be fixed), ``warning`` or ``info``."""

    level: str
    code: str
    message: str
    rule: str = ""
    row: int | None = None
    #: the numbers in the message, so that a page can word the finding in its language
    params: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "code": self.code, "message": self.message, "rule": self.rule, "row": self.row,
                "params": dict(self.params)}


class TableSheet:
    """The list of one table in one round.

    :param adapter: the game's entry adapter
    :param size: positions at the table (4 or 5)
    :param planned: games of the round at this table (without Pflichtsoli); 0 = open-ended
    :param rows: rows already written (loaded from storage)
    """

    def __init__(self, adapter: Adapter, size: int, planned: int = 0, *, profile: str | None = None,
                 options: Mapping[str, Any] | None = None, rows: Sequence[SheetRow] = (),
                 rate_cents: int | None = None):
        if size not in adapter.table_sizes:
            raise IllegalAction(Msg("{title} is not played at a table of {size} (allowed: {allowed})", title=adapter.title, size=size,
                                    allowed=", ".join(map(str, adapter.table_sizes))))
        self.adapter = adapter
        self.size = size
        self.planned = planned
        self.profile = profile
        self.options = dict(options or {})
        self.rows: list[SheetRow] = list(rows)
        #: the money rate in cents per point (``None``: no euros); only for zero-sum lists
        self.rate_cents = rate_cents if adapter.zero_sum else None

    # -- dealing order ---------------------------------------------------------------
    def _dealer_after(self, rows: Sequence[SheetRow]) -> int:
        if not rows:
            return 1
        last = rows[-1]
        if last.pflichtsolo_by is not None:  # Doppelkopf-Turnier 2.: after a Pflichtsolo the cards are dealt anew
            return last.dealer
        return last.dealer % self.size + 1

    def _owed_after(self, rows: Sequence[SheetRow]) -> frozenset[int]:
        if not self.adapter.pflichtsolo:
            return frozenset()
        done = {r.pflichtsolo_by for r in rows if r.pflichtsolo_by is not None}
        return frozenset(p for p in range(1, self.size + 1) if p not in done)

    def _context(self, rows: Sequence[SheetRow]) -> GameContext:
        carry = rows[-1].settlement.carry if rows else {}
        return context(self.size, len(rows) + 1, self._dealer_after(rows), profile=self.profile,
                       options=self.options, pflicht_owed=self._owed_after(rows), carry=carry)

    def next_context(self) -> GameContext:
        """The context of the next game to be written."""
        return self._context(self.rows)

    def context_of(self, number: int) -> GameContext:
        """The context row ``number`` was entered in."""
        return self._context(self.rows[:number - 1])

    def normal_games(self) -> int:
        """Games written that count toward the round (Pflichtsoli are extra)."""
        return sum(1 for r in self.rows if r.pflichtsolo_by is None)

    # -- entering --------------------------------------------------------------------
    def preview(self, facts: Mapping[str, Any]) -> Settlement:
        """The row ``facts`` would give as the next game, without writing it."""
        return self.adapter.settle(facts, self.next_context())

    def _pflicht(self, settlement: Settlement, ctx: GameContext) -> int | None:
        if self.adapter.pflichtsolo and settlement.solo_by is not None and not settlement.struck \
                and settlement.solo_by in ctx.pflicht_owed:
            return settlement.solo_by
        return None

    def write(self, facts: Mapping[str, Any], author: str = "") -> SheetRow:
        """Settle ``facts`` as the next game and append the row.

        :raises IllegalAction: bad facts, or the round is complete
        """
        if self.planned and self.normal_games() >= self.planned:
            raise IllegalAction(Msg("the round at this table is complete ({n} games)", n=self.planned),
                                rule="Doppelkopf-Turnier 1." if self.adapter.pflichtsolo else "")
        ctx = self.next_context()
        settlement = self.adapter.settle(facts, ctx)
        row = SheetRow(len(self.rows) + 1, ctx.dealer, dict(facts), settlement, self._pflicht(settlement, ctx))
        row.history.append(Revision(1, "write", dict(facts), settlement, "", author))
        self.rows.append(row)
        return row

    def _row(self, number: int) -> SheetRow:
        if not isinstance(number, int) or not 1 <= number <= len(self.rows):
            raise IllegalAction(Msg("there is no game {number} on this list (games 1 to {n})", number=repr(number), n=len(self.rows)))
        return self.rows[number - 1]

    def correct(self, number: int, facts: Mapping[str, Any], reason: str = "", author: str = "",
                late: bool = False) -> SheetRow:
        """Replace row ``number`` with the settlement of corrected ``facts``; the old version stays in history.

        Only the last row may be corrected (the next game has not been written yet: Perlaggen §33;
        Tiroler Cup, Abrechnung). With ``late=True`` the organiser may correct an earlier row where
        the game allows correcting writing and arithmetic errors afterwards (Tiroler Cup); such a
        correction may not change the dealing order of the later games.

        :raises IllegalAction: naming the rule that forbids the correction
        """
        row = self._row(number)
        is_last = number == len(self.rows)
        if not is_last:
            if not late:
                raise IllegalAction(Msg("game {n} can no longer be corrected: the next game has been written",
                                        n=number),
                                    rule=self.adapter.correction_rule or self.adapter.late_rule)
            if not self.adapter.late_corrections:
                raise IllegalAction(Msg("{title}: a row may not be corrected after the next game is written", title=self.adapter.title),
                                    rule=self.adapter.late_rule)
            if not reason.strip():
                raise IllegalAction(Msg("a late correction needs a reason (writing or arithmetic error)"),
                                    rule=self.adapter.late_rule)
        ctx = self.context_of(number)
        settlement = self.adapter.settle(facts, ctx)
        pflicht = self._pflicht(settlement, ctx)
        if not is_last and pflicht != row.pflichtsolo_by:
            raise IllegalAction(Msg("this correction would change the Pflichtsolo of game {number} and with it who dealt the later "
                                    "games; strike the row instead", number=number), rule="Doppelkopf-Turnier 2.")
        row.revision += 1
        row.history.append(Revision(row.revision, "correct" if is_last else "late-correct", dict(facts), settlement,
                                    reason, author))
        row.facts, row.settlement, row.pflichtsolo_by = dict(facts), settlement, pflicht
        return row

    def strike(self, number: int, reason: str, author: str = "") -> SheetRow:
        """Strike row ``number``: 0 for all (Österreich-Finale 1)); the written points stay in history.

        The last row may always be struck; earlier rows only by the organiser where late
        corrections are allowed (Tiroler Cup, Abrechnung: an unclearable Rechenfehler).
        """
        row = self._row(number)
        if not reason.strip():
            raise IllegalAction(Msg("striking a row needs a reason"), rule="Österreich-Finale 1)")
        if number != len(self.rows) and not self.adapter.late_corrections:
            raise IllegalAction(Msg("{title}: game {number} can no longer be changed", title=self.adapter.title, number=number),
                                rule=self.adapter.late_rule)
        if row.settlement.struck:
            raise IllegalAction(Msg("game {n} is already struck", n=number))
        s = row.settlement
        # a struck game hands on what it was given (Perlaggen: the standing before it)
        struck = Settlement(s.points, s.lines, s.money, s.label, True, reason, s.solo_by,
                            dict(self.context_of(number).carry))
        row.revision += 1
        row.history.append(Revision(row.revision, "strike", row.facts, struck, reason, author))
        row.settlement = struck
        return row

    # -- sums ------------------------------------------------------------------------
    def score_sheet(self, names: Sequence[str] | None = None) -> ScoreSheet:
        """The list as a :class:`~stammtisch.core.sheet.ScoreSheet` (struck rows count 0)."""
        cols = self.adapter.columns(self.size)
        if names and not self.adapter.team_game:
            cols = tuple(names)
        sheet = ScoreSheet(cols, zero_sum=self.adapter.zero_sum)
        for r in self.rows:
            if r.settlement.struck:
                sheet.strike(r.settlement.points, r.settlement.label, r.settlement.note)
            else:
                sheet.add(r.settlement.points, r.settlement.label, r.settlement.note)
        return sheet

    def totals(self) -> tuple[int, ...]:
        """Totals per sheet column."""
        return self.score_sheet().totals()

    def position_totals(self) -> tuple[int, ...]:
        """Totals per position (a partnership's points count for both partners)."""
        return self.adapter.position_points(self.totals(), self.size)

    def keeps_money(self) -> bool:
        """Whether the list keeps a money ledger: where the profile plays for money (Tarock, Österreich-Finale
        2): "Es muss um Geld gespielt werden"), or where the cup sets a rate (cents per point)."""
        return self.rate_cents is not None or any(r.settlement.money is not None for r in self.rows)

    def row_money(self, row: SheetRow) -> tuple[int, ...] | None:
        """A row's entry in the money ledger: its money where the settlement keeps one apart (Kontra counts
        there only, Österreich-Finale 2)), else -- a row copied from the Tischzettel as points, or a game
        without Kontra money -- its points (a zero-sum list's points are paid as they are); 0 when struck."""
        if not self.keeps_money():
            return None
        s = row.settlement
        width = len(self.adapter.columns(self.size))
        if s.struck:
            return (0,) * width
        if s.money is not None:
            return tuple(s.money)
        return tuple(s.points) if self.adapter.zero_sum else (0,) * width

    def money_totals(self) -> tuple[int, ...] | None:
        """The money ledger's totals per column, or ``None`` if the list keeps none (struck rows count 0;
        rows entered as points count their points)."""
        if not self.keeps_money():
            return None
        out = [0] * len(self.adapter.columns(self.size))
        for r in self.rows:
            for i, m in enumerate(self.row_money(r) or ()):
                out[i] += m
        return tuple(out)

    def cents_totals(self) -> tuple[int, ...] | None:
        """The money per column in cents at the rate (``None`` without a rate)."""
        m = self.money_totals()
        if m is None or self.rate_cents is None:
            return None
        return tuple(x * self.rate_cents for x in m)

    # -- checks ----------------------------------------------------------------------
    def games_left_for(self, position: int) -> int:
        """Games of the round still to come in which ``position`` plays (not sitting out)."""
        if not self.planned:
            return 0
        left = max(0, self.planned - self.normal_games())
        d = self._dealer_after(self.rows)
        count = 0
        for k in range(left):
            dealer = (d - 1 + k) % self.size + 1
            if not (self.size == 5 and dealer == position):
                count += 1
        return count

    def pflicht_status(self) -> dict[int, int | None]:
        """Position -> the game number of its Pflichtsolo (``None`` while owed)."""
        out: dict[int, int | None] = {p: None for p in range(1, self.size + 1)}
        for r in self.rows:
            if r.pflichtsolo_by is not None:
                out[r.pflichtsolo_by] = r.number
        return out

    def _settled_verdict(self, r: SheetRow) -> list[Check] | None:
        """The verdict on a row of game facts, taken from the engine's own settlement: the row is
        settled again in its context; the same points (and money) are right whatever they look like
        (a Renonce of the sitting fifth player gives him points: Österreich-Finale 10)), different
        ones are an error. ``None`` for rows entered as points, or when the engine is missing: then
        the sheet's own checks (sums, sitting player, parity) decide."""
        if r.facts.get("kind", "game") != "game":
            return None
        try:
            again = self.adapter.settle(r.facts, self.context_of(r.number))
        except EngineMissing:
            return None
        except IllegalAction as exc:
            return [Check("error", "settlement", f"game {r.number}: its facts no longer settle ({exc.message})",
                          exc.rule, r.number, {"game": r.number})]
        if again.points != r.settlement.points or again.money != r.settlement.money:
            return [Check("error", "settlement", f"game {r.number}: the row {list(r.settlement.points)} differs "
                          f"from its settlement {list(again.points)}", "", r.number, {"game": r.number})]
        return []

    def checks(self) -> list[Check]:
        """Everything an organiser checks on a Tischzettel: row sums, parity, number of games,
        missing Pflichtsoli, struck rows."""
        out: list[Check] = []
        a = self.adapter
        for r in self.rows:
            s = r.settlement
            if s.struck:
                out.append(Check("info", "struck", f"game {r.number} is struck (0 for all): {s.note}",
                                 "Österreich-Finale 1)", r.number, {"game": r.number}))
                continue
            verdict = self._settled_verdict(r)
            if verdict is not None:
                out.extend(verdict)
                continue
            if a.zero_sum and sum(s.points) != 0:
                out.append(Check("error", "row-sum", f"game {r.number} does not balance (sum {sum(s.points)})",
                                 "Österreich-Finale 1)", r.number, {"game": r.number, "sum": sum(s.points)}))
            if self.size == 5 and not a.team_game and s.points[r.dealer - 1] != 0:
                out.append(Check("error", "sitting", f"game {r.number}: the sitting player (position {r.dealer}) "
                                 f"has points", a.sitting_rule, r.number, {"game": r.number, "position": r.dealer}))
            if a.parity:
                active = [p for i, p in enumerate(s.points) if not (self.size == 5 and i == r.dealer - 1)]
                if len({p % 2 for p in active}) > 1:
                    out.append(Check("warning", "parity", f"game {r.number}: entries of mixed parity "
                                     f"{active} -- every entry is ±value or ±3×value", "Doppelkopf-Turnier 7.",
                                     r.number, {"game": r.number}))
        if self.planned:
            n = self.normal_games()
            if n < self.planned:
                out.append(Check("warning", "games", f"{n} of {self.planned} games written",
                                 "Doppelkopf-Turnier 1." if a.pflichtsolo else "", None, {"n": n, "planned": self.planned}))
            elif n > self.planned:
                out.append(Check("error", "games-over", f"{n} games written, the round has {self.planned}",
                                 "Doppelkopf-Turnier 1." if a.pflichtsolo else "", None, {"n": n, "planned": self.planned}))
        if a.pflichtsolo:
            status = self.pflicht_status()
            owed = [p for p, g in status.items() if g is None]
            complete = bool(self.planned) and self.normal_games() >= self.planned
            for p in owed:
                if complete:
                    out.append(Check("error", "pflichtsolo", f"position {p} has not played a Pflichtsolo this "
                                     f"round", "Doppelkopf-Turnier 2.", None, {"position": p}))
                elif self.planned:
                    left = self.games_left_for(p)
                    if left <= len(owed):
                        out.append(Check("warning", "pflichtsolo", f"position {p} still owes the Pflichtsolo "
                                         f"and has only {left} game(s) left ({len(owed)} Pflichtsoli owed at "
                                         f"this table): it must be played now", "Doppelkopf-Turnier 2.", None,
                                         {"position": p, "left": left, "owed": len(owed)}))
        return out

    def to_json(self, names: Sequence[str] | None = None) -> dict[str, Any]:
        ctx = self.next_context()
        return {"game": self.adapter.game, "size": self.size, "planned": self.planned,
                "columns": list(self.adapter.columns(self.size)),
                "rows": [dict(r.to_json(self.adapter, self.size), money_points=(
                    list(m) if (m := self.row_money(r)) is not None else None)) for r in self.rows],
                "rate_cents": self.rate_cents,
                "cents_totals": list(c) if (c := self.cents_totals()) is not None else None,
                "totals": list(self.totals()), "position_totals": list(self.position_totals()),
                "money_totals": list(m) if (m := self.money_totals()) is not None else None,
                "normal_games": self.normal_games(),
                "next": {"number": ctx.number, "dealer": ctx.dealer, "sitting": ctx.sitting,
                         "active": list(ctx.active)},
                "pflichtsolo": {str(k): v for k, v in self.pflicht_status().items()} if self.adapter.pflichtsolo
                else None,
                "checks": [c.to_json() for c in self.checks()]}
