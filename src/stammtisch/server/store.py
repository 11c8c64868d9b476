"""Persistence of tables: a thin synchronous layer over SQLAlchemy.

The server calls these from one worker thread per database (see :class:`~.tables.Registry`),
so a write is finished -- committed -- before the action it records is acknowledged.
"""

from __future__ import annotations

import hashlib
import secrets
import unicodedata
from dataclasses import dataclass
from datetime import timezone
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from ..storage import migrate
from .models import AccountRow, ActionRow, AnalysisRow, DealRow, SeatRow, SessionRow, TableRow, utcnow

__all__ = ["Store", "hash_token", "new_token", "account_key", "MIGRATIONS", "VERSION_TABLE"]

MIGRATIONS = Path(__file__).with_name("migrations")
VERSION_TABLE = "alembic_version_server"


def new_token() -> str:
    """An unguessable token (192 random bits, URL-safe)."""
    return secrets.token_urlsafe(24)


def account_key(name: str) -> str:
    """The key under which account names are unique: NFKC, spaces collapsed, case folded.

    >>> account_key("Victim") == account_key("VICTIM") == account_key("\uff36ictim") == account_key(" victim ")
    True
    """
    return " ".join(unicodedata.normalize("NFKC", name).split()).casefold()[:80]


def hash_token(token: str) -> str:
    """Tokens are stored only as SHA-256 hashes."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


@dataclass
class LoadedTable:
    """Everything needed to rebuild a table in memory."""

    row: TableRow
    seats: list[SeatRow]
    deals: list[DealRow]
    actions: list[ActionRow]


class Store:
    """The server's database."""

    def __init__(self, engine: Engine, run_migrations: bool = True):
        self.engine = engine
        if run_migrations:
            migrate(engine, MIGRATIONS, VERSION_TABLE)
        self.session = sessionmaker(engine, expire_on_commit=False)

    # -- tables ------------------------------------------------------------------------
    def create_table(self, *, game: str, profile: str, options: dict[str, Any], max_deals: int | None,
                     bot_kind: str, settings: dict[str, Any], num_seats: int) -> TableRow:
        with self.session.begin() as s:
            row = TableRow(public_id=secrets.token_urlsafe(9), game=game, profile=profile, options=options,
                           max_deals=max_deals, bot_kind=bot_kind, settings=settings, status="open",
                           created_at=utcnow())
            s.add(row)
            s.flush()
            for i in range(num_seats):
                s.add(SeatRow(table_number=row.number, seat=i, kind="empty", name=""))
            return row

    def set_seat(self, number: int, seat: int, kind: str, name: str, token_hash: str | None,
                 account_id: int | None = None) -> None:
        with self.session.begin() as s:
            s.execute(update(SeatRow).where(SeatRow.table_number == number, SeatRow.seat == seat)
                      .values(kind=kind, name=name, token_hash=token_hash, account_id=account_id))

    def start(self, number: int, dealer: int, deal: dict[str, Any]) -> None:
        """Mark the table as playing and store its first deal, in one transaction."""
        with self.session.begin() as s:
            s.execute(update(TableRow).where(TableRow.number == number).values(status="playing"))
            s.add(DealRow(table_number=number, number=0, dealer=dealer, deal=deal))

    def append(self, number: int, version: int, seat: int, action: str, actor: str,
               new_deal: tuple[int, int, dict[str, Any]] | None = None,
               finished: dict[str, Any] | None = None) -> None:
        """Append one action (and the deal it started, or the match result) in one transaction.

        The primary key ``(table, version)`` makes a second write for the same version fail,
        so the log can never fork.
        """
        with self.session.begin() as s:
            s.add(ActionRow(table_number=number, version=version, seat=seat, action=action, actor=actor,
                            at=utcnow()))
            if new_deal is not None:
                k, dealer, deal = new_deal
                s.add(DealRow(table_number=number, number=k, dealer=dealer, deal=deal))
            if finished is not None:
                s.execute(update(TableRow).where(TableRow.number == number)
                          .values(status="finished", finished_at=utcnow(), result=finished))

    def append_many(self, jobs: list[tuple]) -> None:
        """Append several tables' actions in one transaction (group commit); each job holds the
        arguments of :meth:`append`. All or nothing."""
        now = utcnow()
        with self.engine.begin() as c:
            acts, deals = [], []
            for number, version, seat, action, actor, new_deal, finished in jobs:
                acts.append({"table_number": number, "version": version, "seat": seat, "action": action,
                             "actor": actor, "at": now})
                if new_deal is not None:
                    k, dealer, deal = new_deal
                    deals.append({"table_number": number, "number": k, "dealer": dealer, "deal": deal})
                if finished is not None:
                    c.execute(update(TableRow).where(TableRow.number == number)
                              .values(status="finished", finished_at=now, result=finished))
            c.execute(insert(ActionRow), acts)
            if deals:
                c.execute(insert(DealRow), deals)

    def load(self, number: int) -> LoadedTable | None:
        with self.session() as s:
            row = s.get(TableRow, number)
            if row is None:
                return None
            return self._load(s, row)

    def _load(self, s: Session, row: TableRow) -> LoadedTable:
        seats = list(s.scalars(select(SeatRow).where(SeatRow.table_number == row.number).order_by(SeatRow.seat)))
        deals = list(s.scalars(select(DealRow).where(DealRow.table_number == row.number).order_by(DealRow.number)))
        actions = list(s.scalars(select(ActionRow).where(ActionRow.table_number == row.number)
                                 .order_by(ActionRow.version)))
        return LoadedTable(row, seats, deals, actions)

    def number_of(self, public_id: str) -> int | None:
        with self.session() as s:
            return s.scalar(select(TableRow.number).where(TableRow.public_id == public_id))

    def number_and_status(self, public_id: str) -> tuple[int, str] | None:
        """A table's number and status by its public id (``None``: no such table)."""
        with self.session() as s:
            row = s.execute(select(TableRow.number, TableRow.status).where(TableRow.public_id == public_id)).first()
            return (row[0], row[1]) if row is not None else None

    def live_tables(self, limit: int = 100) -> list[LoadedTable]:
        """The newest open and playing tables with their seats (the lobby's list, the same from
        every process of a cluster)."""
        with self.session() as s:
            rows = list(s.scalars(select(TableRow).where(TableRow.status.in_(("open", "playing")))
                                  .order_by(TableRow.number.desc()).limit(limit)))
            numbers = [r.number for r in rows]
            seats = list(s.scalars(select(SeatRow).where(SeatRow.table_number.in_(numbers))
                                   .order_by(SeatRow.table_number, SeatRow.seat))) if numbers else []
        by: dict[int, list[SeatRow]] = {}
        for seat in seats:
            by.setdefault(seat.table_number, []).append(seat)
        return [LoadedTable(r, by.get(r.number, []), [], []) for r in rows]

    def unfinished(self) -> list[int]:
        with self.session() as s:
            return list(s.scalars(select(TableRow.number).where(TableRow.status.in_(("open", "playing")))
                                  .order_by(TableRow.number)))

    def set_status(self, number: int, status: str, settings: dict[str, Any]) -> None:
        """End a table without a result (closed, expired, broken), with its settings (the reason)."""
        with self.session.begin() as s:
            s.execute(update(TableRow).where(TableRow.number == number).values(status=status, settings=settings))

    def finished(self, limit: int = 50) -> list[TableRow]:
        with self.session() as s:
            return list(s.scalars(select(TableRow).where(TableRow.status == "finished")
                                  .order_by(TableRow.number.desc()).limit(limit)))

    def count_actor(self, numbers: list[int], actor: str) -> dict[int, int]:
        """Per table of ``numbers``: its actions by ``actor`` (only tables that have any)."""
        if not numbers:
            return {}
        with self.session() as s:
            rows = s.execute(select(ActionRow.table_number, func.count()).where(
                ActionRow.table_number.in_(numbers), ActionRow.actor == actor).group_by(ActionRow.table_number))
            return {int(n): int(c) for n, c in rows}

    # -- analyses (the replay page's, kept across restarts) -------------------------------
    def analysis(self, record_hash: str, seat: int, budget: str) -> dict[str, Any] | None:
        """The kept analysis of ``seat`` in the record with SHA-256 ``record_hash`` at ``budget``."""
        with self.session() as s:
            row = s.get(AnalysisRow, (record_hash, seat, budget))
            return dict(row.result) if row is not None else None

    def save_analysis(self, record_hash: str, seat: int, budget: str, result: dict[str, Any]) -> None:
        """Keep a finished analysis (a second one for the same key -- two processes -- is dropped)."""
        try:
            with self.session.begin() as s:
                s.add(AnalysisRow(record_hash=record_hash, seat=seat, budget=budget, result=result,
                                  created_at=utcnow()))
        except IntegrityError:
            pass  # the same analysis, kept already

    # -- accounts ----------------------------------------------------------------------
    def create_account(self, name: str, password_hash: str) -> int | None:
        """The new account's id, or ``None`` when the name is taken."""
        key = account_key(name)
        try:
            with self.session.begin() as s:
                if s.scalar(select(AccountRow.id).where((AccountRow.name_key == key) | (AccountRow.name == name))) \
                        is not None:
                    return None
                row = AccountRow(name=name, name_key=key, password_hash=password_hash, created_at=utcnow())
                s.add(row)
                s.flush()
                return row.id
        except IntegrityError:  # registered at the same moment (another process): taken
            return None

    def account_by_name(self, name: str) -> AccountRow | None:
        """The account of ``name`` in any spelling (case, compatibility forms); an exact name first
        (accounts that clashed before names were unique by their key keep working)."""
        with self.session() as s:
            exact = s.scalar(select(AccountRow).where(AccountRow.name == name))
            return exact or s.scalar(select(AccountRow).where(AccountRow.name_key == account_key(name)))

    def new_session(self, account_id: int) -> str:
        token = new_token()
        with self.session.begin() as s:
            s.add(SessionRow(token_hash=hash_token(token), account_id=account_id, created_at=utcnow()))
        return token

    def account_of_session(self, token: str, max_age: float | None = None) -> AccountRow | None:
        """The account of a login session, or ``None`` (unknown, or older than ``max_age`` seconds:
        an expired session is deleted)."""
        with self.session.begin() as s:
            sess = s.get(SessionRow, hash_token(token))
            if sess is None:
                return None
            created = sess.created_at if sess.created_at.tzinfo else sess.created_at.replace(tzinfo=timezone.utc)
            if max_age is not None and (utcnow() - created).total_seconds() > max_age:
                s.delete(sess)
                return None
            return s.get(AccountRow, sess.account_id)

    def end_session(self, token: str) -> bool:
        """Log out: forget the session; whether there was one."""
        with self.session.begin() as s:
            sess = s.get(SessionRow, hash_token(token))
            if sess is None:
                return False
            s.delete(sess)
            return True
