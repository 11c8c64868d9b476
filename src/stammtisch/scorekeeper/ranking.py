"""Rankings per round and overall, with the cups' tie-breaks, and season standings.

The score of a player in a round is the total of his position on his table's list (struck rows
count 0; a partnership's points count for both partners). The overall ranking adds the rounds.

Tie-breaks, in the configured order (default ``best_round``, ``placings``, ``lot``):

* ``best_round`` -- the better single round score;
* ``placings`` -- the better table placings: more first places at the tables, then more
  second places, and so on (a player's placing at his table is 1 + the number of players
  there with a higher round score);
* ``lot`` -- a lot drawn from the tournament's recorded lot seed (reproducible).

The rule sheets (docs/rules/sources.md) do not fix a ranking order; this order is the one
the cups use (issue 8) and is a tournament setting. Documented in ``docs/scorekeeper.md``.

>>> r = [TableResult(1, 1, {1: 10, 2: 11, 3: 12, 4: 13}, {10: 5, 11: 1, 12: -3, 13: -3})]
>>> [(e.player, e.rank) for e in rank_players(r, lot_seed="x")][:2]
[(10, 1), (11, 2)]
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

__all__ = ["TableResult", "Standing", "rank_players", "table_placings", "season_standings", "TIEBREAKS"]

TIEBREAKS = ("best_round", "placings", "lot")


@dataclass(frozen=True)
class TableResult:
    """One table of one round: ``seats`` position -> player, ``scores`` player -> round score."""

    round: int
    table: int
    seats: Mapping[int, int]
    scores: Mapping[int, int]


@dataclass
class Standing:
    """A player's line in a ranking."""

    player: int
    total: int
    rounds: dict[int, int] = field(default_factory=dict)
    placings: dict[int, int] = field(default_factory=dict)  # round -> placing at the table
    rank: int = 0
    lot: float = 0.0
    decided_by: str = ""  # the tie-break that separated this player from the one above

    @property
    def best_round(self) -> int:
        return max(self.rounds.values()) if self.rounds else 0

    def placing_counts(self, size: int = 5) -> tuple[int, ...]:
        return tuple(sum(1 for p in self.placings.values() if p == k) for k in range(1, size + 1))

    def to_json(self) -> dict[str, Any]:
        return {"player": self.player, "rank": self.rank, "total": self.total,
                "rounds": {str(k): v for k, v in sorted(self.rounds.items())},
                "placings": {str(k): v for k, v in sorted(self.placings.items())},
                "best_round": self.best_round, "decided_by": self.decided_by}


def table_placings(scores: Mapping[int, int]) -> dict[int, int]:
    """Placing of each player at one table: 1 + number of players with a higher score.

    >>> table_placings({1: 4, 2: 4, 3: -8})
    {1: 1, 2: 1, 3: 3}
    """
    return {p: 1 + sum(1 for q in scores.values() if q > s) for p, s in scores.items()}


def _keys(st: Standing, tiebreaks: Sequence[str]) -> list[tuple[str, Any]]:
    out: list[tuple[str, Any]] = [("total", -st.total)]
    for tb in tiebreaks:
        if tb == "best_round":
            out.append((tb, -st.best_round))
        elif tb == "placings":
            out.append((tb, tuple(-c for c in st.placing_counts())))
        elif tb == "lot":
            out.append((tb, st.lot))
        else:
            raise IllegalAction(Msg("unknown tie-break {name} (known: {known})", name=repr(tb), known=", ".join(TIEBREAKS)))
    return out


def rank_players(results: Iterable[TableResult], *, rounds: Iterable[int] | None = None,
                 tiebreaks: Sequence[str] = TIEBREAKS, lot_seed: str = "",
                 players: Iterable[int] = (), teams: bool = False) -> list[Standing]:
    """The ranking over ``rounds`` (all rounds when ``None``), best first.

    Players tied on every key share a rank (possible only without ``lot``).
    ``players`` adds registered players with no result yet (score 0).

    :param teams: a partnership game (Jass, Perlaggen: positions 1+3 and 2+4 score together):
        partners of every round they played have the same score by construction, so no lot
        separates them -- they share the place.

    >>> r = [TableResult(1, 1, {1: 10, 2: 11, 3: 12, 4: 13}, {10: 50, 11: 30, 12: 50, 13: 30})]
    >>> sorted((e.player, e.rank) for e in rank_players(r, lot_seed="x", teams=True))
    [(10, 1), (11, 3), (12, 1), (13, 3)]
    """
    wanted = set(rounds) if rounds is not None else None
    by: dict[int, Standing] = {}
    mates: dict[int, set[tuple[int, int, int]]] = defaultdict(set)  # player -> (round, table, partnership)
    for p in players:
        by[p] = Standing(p, 0)
    for tr in results:
        if wanted is not None and tr.round not in wanted:
            continue
        placing = table_placings(tr.scores)
        for pos, pid in tr.seats.items():
            mates[pid].add((tr.round, tr.table, (pos - 1) % 2))
        for p, s in tr.scores.items():
            st = by.setdefault(p, Standing(p, 0))
            st.rounds[tr.round] = st.rounds.get(tr.round, 0) + s
            st.placings[tr.round] = placing[p]
            st.total += s
    for st in by.values():
        st.lot = random.Random(f"lot:{lot_seed}:{st.player}").random()
    ordered = sorted(by.values(), key=lambda st: [k for _, k in _keys(st, tiebreaks)])
    prev: Standing | None = None
    for i, st in enumerate(ordered):
        if prev is None:
            st.rank, st.decided_by = 1, ""
        else:
            ka, kb = _keys(prev, tiebreaks), _keys(st, tiebreaks)
            diff = next((name for (name, a), (_, b) in zip(ka, kb) if a != b), None)
            if diff == "lot" and teams and mates[prev.player] == mates[st.player]:
                diff = None  # partners throughout: one place, no lot between them
            if diff is None:
                st.rank, st.decided_by = prev.rank, "tied"
            else:
                st.rank, st.decided_by = i + 1, diff
        prev = st
    return ordered


@dataclass(frozen=True)
class SeasonLine:
    """A player's line in the season standings (players matched by name across tournaments)."""

    name: str
    rank: int
    points: int
    tournaments: int
    wins: int
    best_rank: int
    results: tuple[tuple[str, int, int], ...]  # (tournament, rank, points)

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "rank": self.rank, "points": self.points, "tournaments": self.tournaments,
                "wins": self.wins, "best_rank": self.best_rank,
                "results": [{"tournament": t, "rank": r, "points": p} for t, r, p in self.results]}


def season_standings(tournaments: Sequence[tuple[str, Sequence[tuple[str, int, int]]]],
                     scoring: str = "points") -> list[SeasonLine]:
    """Standings across tournaments: ``tournaments`` = [(name, [(player name, rank, total), ...]), ...].

    :param scoring: ``"points"`` adds the tournament totals; ``"places"`` gives each
        tournament's players N+1-rank points (N = players in that tournament)
    Ties: more tournament wins, then the better best rank, then the name.
    """
    if scoring not in ("points", "places"):
        raise IllegalAction(Msg("season scoring must be 'points' or 'places', not {value}", value=repr(scoring)))
    acc: dict[str, dict[str, Any]] = defaultdict(lambda: {"name": "", "points": 0, "res": []})
    for tname, lines in tournaments:
        n = len(lines)
        for pname, rank, total in lines:
            key = " ".join(pname.split()).casefold()
            a = acc[key]
            a["name"] = a["name"] or " ".join(pname.split())
            pts = total if scoring == "points" else n + 1 - rank
            a["points"] += pts
            a["res"].append((tname, rank, pts))
    lines_out = []
    for a in acc.values():
        ranks = [r for _, r, _ in a["res"]]
        lines_out.append((a["name"], a["points"], len(ranks), sum(1 for r in ranks if r == 1), min(ranks),
                          tuple(a["res"])))
    lines_out.sort(key=lambda x: (-x[1], -x[3], x[4], x[0].casefold()))
    out: list[SeasonLine] = []
    for i, (name, pts, n, wins, best, res) in enumerate(lines_out):
        rank = i + 1
        if out and (out[-1].points, out[-1].wins, out[-1].best_rank) == (pts, wins, best):
            rank = out[-1].rank
        out.append(SeasonLine(name, rank, pts, n, wins, best, res))
    return out
