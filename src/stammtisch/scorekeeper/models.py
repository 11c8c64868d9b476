"""SQLAlchemy models of the scorekeeper (tables ``sk_*``; migrations in ``migrations/``).

Optimistic versioning: every write to a table's list first moves its :class:`SkTable` row's
``version`` on with a compare-and-set (``UPDATE ... SET version = version + 1 WHERE version =
:seen``) in the same transaction. A client sends the version it last saw; a stale version is
refused with a clear conflict error, so two devices entering at one table never lose a row.
``(table_id, number)`` is unique, so two inserts of
"game 7" cannot both succeed even across processes.
"""

from __future__ import annotations

import datetime as _dt
from typing import Any

from sqlalchemy import JSON, Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship

__all__ = ["Base", "SkOrganiser", "SkSession", "SkTournament", "SkPlayer", "SkRound", "SkTable", "SkSeat", "SkEntry",
           "SkRevision"]


def _now() -> _dt.datetime:
    return _dt.datetime.now(_dt.timezone.utc).replace(tzinfo=None)


class Base(DeclarativeBase):
    type_annotation_map = {dict[str, Any]: JSON, list[Any]: JSON}


class SkOrganiser(Base):
    """An organiser's account (password as an argon2 hash; wrong passwords lock it for a while)."""

    __tablename__ = "sk_organiser"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    failed_logins: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[_dt.datetime | None] = mapped_column(DateTime, nullable=True)
    created_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)


class SkSession(Base):
    """A login: an organiser's, or a list keeper's for one table. Only the token's SHA-256 is kept."""

    __tablename__ = "sk_session"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    organiser_id: Mapped[int | None] = mapped_column(ForeignKey("sk_organiser.id", ondelete="CASCADE"),
                                                     nullable=True, index=True)
    table_id: Mapped[int | None] = mapped_column(ForeignKey("sk_table.id", ondelete="CASCADE"), nullable=True,
                                                 index=True)
    created_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)
    expires_at: Mapped[_dt.datetime] = mapped_column(DateTime)


class SkTournament(Base):
    __tablename__ = "sk_tournament"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    game: Mapped[str] = mapped_column(String(40))
    profile: Mapped[str | None] = mapped_column(String(80), nullable=True)
    options: Mapped[dict[str, Any]] = mapped_column(JSON, default=dict)
    kind: Mapped[str] = mapped_column(String(20), default="tournament")  # tournament | table
    season: Mapped[str | None] = mapped_column(String(80), nullable=True, index=True)
    rounds_planned: Mapped[int] = mapped_column(Integer, default=3)
    games_4: Mapped[int] = mapped_column(Integer, default=0)
    games_5: Mapped[int] = mapped_column(Integer, default=0)
    tiebreaks: Mapped[list[Any]] = mapped_column(JSON, default=list)
    lot_seed: Mapped[str] = mapped_column(String(64), default="")
    organiser_id: Mapped[int | None] = mapped_column(ForeignKey("sk_organiser.id"), nullable=True, index=True)
    published: Mapped[bool] = mapped_column(Boolean, default=False)
    #: the money rate in cents per point (``None``: no money in euros); a table may set its own
    rate_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    #: the settings of the tournament's online tables (games per table, move clock, Kiebitze, ...:
    #: read and written by the online cup layer, ``stammtisch.cup``); ``None`` for a live-only cup
    online: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    created_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)
    version: Mapped[int] = mapped_column(Integer, default=1)

    players: Mapped[list["SkPlayer"]] = relationship(back_populates="tournament", order_by="SkPlayer.number",
                                                     cascade="all, delete-orphan")
    rounds: Mapped[list["SkRound"]] = relationship(back_populates="tournament", order_by="SkRound.number",
                                                   cascade="all, delete-orphan")


class SkPlayer(Base):
    __tablename__ = "sk_player"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("sk_tournament.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)  # start number
    name: Mapped[str] = mapped_column(String(200))
    club: Mapped[str] = mapped_column(String(200), default="")
    active: Mapped[bool] = mapped_column(Boolean, default=True)
    #: argon2 hash of the personal code of a player who registered himself (an online cup's
    #: invitation); ``None`` for a player the organiser registered
    code_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    registered_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)

    tournament: Mapped[SkTournament] = relationship(back_populates="players")


class SkRound(Base):
    __tablename__ = "sk_round"
    __table_args__ = (UniqueConstraint("tournament_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("sk_tournament.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(20))  # random | schedule | manual
    seed: Mapped[str] = mapped_column(String(64), default="")
    repeat_pairs: Mapped[int] = mapped_column(Integer, default=0)
    #: a lower bound on the repeated pairs of any draw of this round (``repeat_pairs`` equal to it: the
    #: minimum, proven); ``None`` for draws that do not minimise repeats
    repeats_bound: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)

    tournament: Mapped[SkTournament] = relationship(back_populates="rounds")
    tables: Mapped[list["SkTable"]] = relationship(back_populates="round", order_by="SkTable.number",
                                                   cascade="all, delete-orphan")


class SkTable(Base):
    __tablename__ = "sk_table"
    __table_args__ = (UniqueConstraint("round_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("sk_round.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    size: Mapped[int] = mapped_column(Integer)
    games_planned: Mapped[int] = mapped_column(Integer, default=0)
    #: argon2 hash of the entry code printed on the table card (``None``: no code issued)
    code_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    failed_codes: Mapped[int] = mapped_column(Integer, default=0)
    locked_until: Mapped[_dt.datetime | None] = mapped_column(DateTime, nullable=True)
    closed: Mapped[bool] = mapped_column(Boolean, default=False)
    #: this table's money rate in cents per point (``None``: the tournament's)
    rate_cents: Mapped[int | None] = mapped_column(Integer, nullable=True)
    version: Mapped[int] = mapped_column(Integer, default=1)
    #: ``live``: a list keeper enters the games; ``online``: a table of the table server plays them
    #: and each finished game becomes a row (``stammtisch.cup``)
    kind: Mapped[str] = mapped_column(String(10), default="live", server_default="live")
    #: an online table's number at the table server, once its round started
    server_table: Mapped[int | None] = mapped_column(Integer, nullable=True)

    round: Mapped[SkRound] = relationship(back_populates="tables")
    seats: Mapped[list["SkSeat"]] = relationship(back_populates="table", order_by="SkSeat.position",
                                                 cascade="all, delete-orphan")
    entries: Mapped[list["SkEntry"]] = relationship(back_populates="table", order_by="SkEntry.number",
                                                    cascade="all, delete-orphan")


class SkSeat(Base):
    __tablename__ = "sk_seat"
    __table_args__ = (UniqueConstraint("table_id", "position"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("sk_table.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    player_id: Mapped[int] = mapped_column(ForeignKey("sk_player.id"))

    table: Mapped[SkTable] = relationship(back_populates="seats")
    player: Mapped[SkPlayer] = relationship()


class SkEntry(Base):
    """A row of a table's list as it stands now (its versions are in :class:`SkRevision`)."""

    __tablename__ = "sk_entry"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("sk_table.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    dealer: Mapped[int] = mapped_column(Integer)
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    settlement: Mapped[dict[str, Any]] = mapped_column(JSON)
    pflichtsolo_by: Mapped[int | None] = mapped_column(Integer, nullable=True)
    revision: Mapped[int] = mapped_column(Integer, default=1)
    updated_at: Mapped[_dt.datetime] = mapped_column(DateTime, default=_now)

    table: Mapped[SkTable] = relationship(back_populates="entries")
    revisions: Mapped[list["SkRevision"]] = relationship(back_populates="entry", order_by="SkRevision.revision",
                                                         cascade="all, delete-orphan")


class SkRevision(Base):
    """Every version of every row, never changed after it is written."""

    __tablename__ = "sk_revision"
    __table_args__ = (UniqueConstraint("entry_id", "revision"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("sk_entry.id", ondelete="CASCADE"), index=True)
    revision: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(20))
    facts: Mapped[dict[str, Any]] = mapped_column(JSON)
    settlement: Mapped[dict[str, Any]] = mapped_column(JSON)
    reason: Mapped[str] = mapped_column(Text, default="")
    author: Mapped[str] = mapped_column(String(200), default="")
    at: Mapped[str] = mapped_column(String(40))

    entry: Mapped[SkEntry] = relationship(back_populates="revisions")
