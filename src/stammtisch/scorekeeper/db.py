"""The scorekeeper's database: engine, migrations, transactions and the loaders every service uses.

:class:`Database` is the base of the scorekeeper's services (:class:`~.accounts.Accounts`,
:class:`~.store.Store`): one engine, one session factory, one transaction per call.
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import Engine
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload, sessionmaker

from stammtisch import storage
from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from .errors import Conflict, NotFound
from .models import SkRound, SkSeat, SkTable, SkTournament

__all__ = ["Database", "migrate_db", "clean_name", "MIGRATIONS", "VERSION_TABLE"]

MIGRATIONS = Path(__file__).parent / "migrations"
VERSION_TABLE = "alembic_version_scorekeeper"

def migrate_db(engine: Engine) -> None:
    """Bring the scorekeeper's tables to the newest migration."""
    storage.migrate(engine, MIGRATIONS, VERSION_TABLE)


def clean_name(text: Any, what: Msg | None = None) -> str:
    """``text`` with its white space made single; refused when empty or over 200 characters.

    :param what: whose name it is, as a message (default: a tournament's or table's name)
    """
    what = what if what is not None else Msg("name of a tournament")
    if not isinstance(text, str) or not " ".join(text.split()):
        raise IllegalAction(Msg("a {what} is needed", what=what))
    out = " ".join(text.split())
    if len(out) > 200:
        raise IllegalAction(Msg("the {what} is too long (200 characters at most)", what=what))
    return out



class Database:
    """The scorekeeper's data in one database (SQLite default, PostgreSQL option).

    :param url: database URL (``sqlite://`` for in-memory), or an :class:`~sqlalchemy.Engine`
    :param migrate: run the scorekeeper's migrations first
    """

    def __init__(self, url: str | Engine, migrate: bool = True):
        if isinstance(url, str):
            if url in ("sqlite://", "sqlite:///:memory:"):
                from sqlalchemy import create_engine
                from sqlalchemy.pool import StaticPool
                self.engine = create_engine("sqlite://", connect_args={"check_same_thread": False},
                                            poolclass=StaticPool)
            else:
                self.engine = storage.make_engine(url)
        else:
            self.engine = url
        if migrate:
            migrate_db(self.engine)
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        #: errors found by the check per (table, version) (see Store._errors)
        self._verdicts: dict[tuple[int, int], int] = {}
        #: failed logins under names that have no account: name -> (count, locked until)
        self._ghosts: dict[str, tuple[int, _dt.datetime | None]] = {}
        #: wrong entry codes per (client, table): (count, locked until)
        # in memory (a restart forgets them): wrong codes per (device, table), per address, and the devices
        # that entered a table's right code (never locked out of it)
        self._code_fails: dict[tuple[str, int], tuple[int, _dt.datetime | None]] = {}
        self._address_fails: dict[str, tuple[int, _dt.datetime | None]] = {}
        self._known_devices: dict[tuple[int, str], bool] = {}

    @contextmanager
    def session(self) -> Iterator[Session]:
        with self._session() as s:
            try:
                yield s
                s.commit()
            except IntegrityError as exc:
                s.rollback()
                raise Conflict(Msg("somebody else wrote at the same time; reload and try again")) from exc
            except BaseException:
                s.rollback()
                raise

    # ------------------------------------------------------------------ loading helpers
    def _tournament(self, s: Session, tid: int) -> SkTournament:
        t = s.get(SkTournament, tid, options=[
            selectinload(SkTournament.players),
            selectinload(SkTournament.rounds).selectinload(SkRound.tables).selectinload(SkTable.entries),
            selectinload(SkTournament.rounds).selectinload(SkRound.tables).selectinload(SkTable.seats)
            .selectinload(SkSeat.player)])
        if t is None:
            raise NotFound(Msg("there is no tournament {number}", number=tid))
        return t

    def _table(self, s: Session, table_id: int) -> SkTable:
        t = s.get(SkTable, table_id, options=[selectinload(SkTable.entries),
                                              selectinload(SkTable.seats).selectinload(SkSeat.player)])
        if t is None:
            raise NotFound(Msg("there is no table {number}", number=table_id))
        return t
