"""A signed-in player's own games: ``GET /api/players/me/games``.

The login session (``POST /api/login``) is sent in the ``X-Session`` header. The answer lists the
games the account sat at, newest first: number, game, profile, when it finished (or that it is
still running), the table's link, the seat(s) and names, and for a finished game the totals
with the player's own column, points and place. Finished games link to their replay
(``/replay/{number}``) and record (``/api/records/{number}``); the page draws that list.
Nothing here tells a player more than the finished games' list and the records already do.

>>> column_of(1, n_seats=4, n_columns=2), column_of(3, n_seats=4, n_columns=4)
(1, 3)
"""

from __future__ import annotations

from ...core.messages import Msg
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import select

from ..models import SeatRow, TableRow
from ..store import Store
from ..tables import TableError

__all__ = ["router", "column_of", "player_games"]

router = APIRouter()

#: at most this many games in one answer (newest first)
LIMIT = 200


def column_of(seat: int, n_seats: int, n_columns: int) -> int | None:
    """The score-sheet column of ``seat``: its own where every seat has one (Doppelkopf, Tarock),
    the team of seats ``seat % 2`` where two teams sit crosswise (Jass teams 1/3 and 2/4,
    Perlaggen sides A and B); ``None`` otherwise."""
    if n_columns == n_seats:
        return seat
    if n_columns == 2 and n_seats % 2 == 0:
        return seat % 2
    return None


def player_games(store: Store, account_id: int, limit: int = LIMIT) -> list[dict[str, Any]]:
    """The games the account sat at (finished or running), newest first."""
    with store.session() as s:
        numbers = list(s.scalars(select(SeatRow.table_number).where(SeatRow.account_id == account_id)
                                 .distinct().order_by(SeatRow.table_number.desc()).limit(limit)))
        if not numbers:
            return []
        rows = {r.number: r for r in s.scalars(select(TableRow).where(TableRow.number.in_(numbers)))}
        seats: dict[int, list[SeatRow]] = {}
        for seat in s.scalars(select(SeatRow).where(SeatRow.table_number.in_(numbers)).order_by(SeatRow.seat)):
            seats.setdefault(seat.table_number, []).append(seat)
    out = []
    for n in numbers:
        row = rows.get(n)
        if row is None or row.status not in ("finished", "playing"):
            continue
        all_seats = seats.get(n, [])
        mine = [x.seat for x in all_seats if x.account_id == account_id]
        outcome = None
        if row.status == "finished":
            totals = (row.result or {}).get("totals")
            if isinstance(totals, list) and mine:
                col = column_of(mine[0], len(all_seats), len(totals))
                outcome = {"totals": totals}
                if col is not None and col < len(totals):
                    outcome.update(column=col, points=totals[col], of=len(totals),
                                   place=1 + sum(1 for x in totals if x > totals[col]))
        when = row.finished_at or row.created_at
        out.append({
            "number": n, "game": row.game, "profile": row.profile, "status": row.status,
            "table": f"/t/{row.public_id}", "date": when.isoformat() if when else None,
            "seats": mine, "names": [x.name for x in all_seats], "result": outcome,
            "replay": f"/replay/{n}" if row.status == "finished" else None,
            "record": f"/api/records/{n}" if row.status == "finished" else None,
        })
    return out


@router.get("/api/players/me/games")
async def my_games(request: Request) -> dict[str, Any]:
    """The signed-in player's games (the session in the ``X-Session`` header)."""
    token = request.headers.get("x-session")
    if not token or len(token) > 128:
        raise TableError("forbidden", Msg("sign in first: send the login session in the X-Session header"))
    tables = request.app.state.tables
    cfg = request.app.state.config
    acc = await tables.db(tables.store.account_of_session, token, cfg.session_seconds)
    if acc is None:
        raise TableError("forbidden", Msg("unknown or expired session; log in again"))
    games = await tables.db(player_games, tables.store, acc.id)
    return {"name": acc.name, "games": games}
