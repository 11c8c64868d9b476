"""The server's tables (SQLAlchemy 2 declarative models).

Everything a table needs to come back after a crash lives here:

* ``server_tables``: one row per table (a *game number*), its game, profile, options and settings;
* ``server_seats``: who sits where (person, computer player or empty), seat tokens as SHA-256 hashes;
* ``server_deals``: the cards of every deal as dealt, written in the same transaction as the action
  (or the start) that began the deal;
* ``server_actions``: the append-only action log; ``(table_id, version)`` is the primary key, so an
  action can only ever be written once for a version;
* ``server_accounts`` / ``server_sessions``: optional accounts (argon2 hashes) and login sessions;
* ``server_analyses``: the replay page's analyses, kept per record (its SHA-256), seat and budget, so
  that a restart keeps them (migration 0003).

The schema is created by the Alembic environment in ``migrations/`` (version table
``alembic_version_server``), never by ``create_all``.
"""

from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, Text
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = ["Base", "TableRow", "SeatRow", "DealRow", "ActionRow", "AccountRow", "SessionRow", "AnalysisRow", "utcnow"]


def utcnow() -> datetime:
    return datetime.now(timezone.utc)


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "server_tables"

    number: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    public_id: Mapped[str] = mapped_column(String(32), unique=True, index=True)
    game: Mapped[str] = mapped_column(String(32))
    profile: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict] = mapped_column(JSON)
    max_deals: Mapped[int | None] = mapped_column(Integer, nullable=True)
    bot_kind: Mapped[str] = mapped_column(String(32))
    settings: Mapped[dict] = mapped_column(JSON)
    status: Mapped[str] = mapped_column(String(16), index=True)  # open | playing | finished | closed | expired | broken
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    result: Mapped[dict | None] = mapped_column(JSON, nullable=True)


class SeatRow(Base):
    __tablename__ = "server_seats"

    table_number: Mapped[int] = mapped_column(ForeignKey("server_tables.number", ondelete="CASCADE"),
                                              primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))  # empty | human | bot
    name: Mapped[str] = mapped_column(String(64), default="")
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    account_id: Mapped[int | None] = mapped_column(ForeignKey("server_accounts.id"), nullable=True)


class DealRow(Base):
    __tablename__ = "server_deals"

    table_number: Mapped[int] = mapped_column(ForeignKey("server_tables.number", ondelete="CASCADE"),
                                              primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    dealer: Mapped[int] = mapped_column(Integer)
    deal: Mapped[dict] = mapped_column(JSON)


class ActionRow(Base):
    __tablename__ = "server_actions"

    table_number: Mapped[int] = mapped_column(ForeignKey("server_tables.number", ondelete="CASCADE"),
                                              primary_key=True)
    #: the table's state version *after* this action (1, 2, 3, ...)
    version: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(64))
    #: who chose it: person | bot | standin (bot for an absent person) | timer
    actor: Mapped[str] = mapped_column(String(16))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class AccountRow(Base):
    __tablename__ = "server_accounts"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    #: the name under NFKC and case folding (:func:`.store.account_key`): unique, so ``victim``,
    #: ``VICTIM`` and ``Ｖictim`` are one account (migration 0002)
    name_key: Mapped[str | None] = mapped_column(String(96), unique=True, nullable=True)
    password_hash: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class SessionRow(Base):
    __tablename__ = "server_sessions"

    token_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("server_accounts.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)




class AnalysisRow(Base):
    """A finished analysis of one seat of a record (:mod:`.analysis`): computed once, kept across
    restarts. The key is the record's content (its SHA-256), not the table's number, so a record
    that changed (it never does once finished) would not find an analysis of another."""

    __tablename__ = "server_analyses"

    record_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    #: the search's budget: level, worlds and iterations (another budget is another analysis)
    budget: Mapped[str] = mapped_column(String(64), primary_key=True)
    result: Mapped[dict] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
