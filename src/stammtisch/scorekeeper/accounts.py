"""Who may write: organiser accounts, sessions and table entry codes, kept in the scorekeeper's database.

The secrets themselves (argon2 hashes, tokens, codes, rate limits) are :mod:`.auth`; this
module stores and checks them. :class:`Accounts` is the part of the scorekeeper's service
that the web API's permission checks call (:meth:`Accounts.principal`, :meth:`Accounts.authorize`).
"""

from __future__ import annotations

import datetime as _dt
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from . import auth
from .db import Database, clean_name
from .errors import Forbidden, Locked, NotFound
from .models import SkOrganiser, SkSession, SkTable, SkTournament

__all__ = ["Accounts", "Principal"]


class Principal:
    """Who a session token belongs to: an organiser (``organiser``) or one table's list keeper (``table``)."""

    __slots__ = ("organiser", "table", "name")

    def __init__(self, organiser: int | None = None, table: int | None = None, name: str = ""):
        self.organiser, self.table, self.name = organiser, table, name

    def __repr__(self) -> str:
        return f"Principal(organiser={self.organiser}, table={self.table})"


class Accounts(Database):
    """Organisers, sessions and entry codes (the base of :class:`~.store.Store`)."""

    # ------------------------------------------------------------------ organisers and sessions
    def create_organiser(self, name: str, password: str) -> dict[str, Any]:
        """An organiser account (``stammtisch tournament organiser add``); the password is stored as argon2."""
        name = clean_name(name, Msg("organiser's name"))
        if len(name) > 80:
            raise IllegalAction(Msg("the organiser's name is too long (80 characters at most)"))
        if not isinstance(password, str) or len(password) < auth.MIN_PASSWORD or len(password) > 200:
            raise IllegalAction(Msg("a password has {low} to 200 characters", low=auth.MIN_PASSWORD))
        with self.session() as s:
            if s.scalar(select(SkOrganiser).where(SkOrganiser.name == name)) is not None:
                raise IllegalAction(Msg("there is an organiser {name} already", name=name))
            o = SkOrganiser(name=name, password_hash=auth.hash_secret(password))
            s.add(o)
            s.flush()
            return {"id": o.id, "name": o.name}

    def set_password(self, name: str, password: str) -> None:
        """A new password (and the lock lifted); the organiser's sessions end."""
        if not isinstance(password, str) or len(password) < auth.MIN_PASSWORD or len(password) > 200:
            raise IllegalAction(Msg("a password has {low} to 200 characters", low=auth.MIN_PASSWORD))
        with self.session() as s:
            o = s.scalar(select(SkOrganiser).where(SkOrganiser.name == name))
            if o is None:
                raise NotFound(Msg("there is no organiser {name}", name=name))
            o.password_hash, o.failed_logins, o.locked_until = auth.hash_secret(password), 0, None
            s.execute(SkSession.__table__.delete().where(SkSession.organiser_id == o.id))

    def organisers(self) -> list[dict[str, Any]]:
        with self.session() as s:
            return [{"id": o.id, "name": o.name, "locked": bool(o.locked_until and o.locked_until > auth.now())}
                    for o in s.scalars(select(SkOrganiser).order_by(SkOrganiser.id))]

    def organiser_id(self, name: str) -> int:
        with self.session() as s:
            o = s.scalar(select(SkOrganiser).where(SkOrganiser.name == name))
            if o is None:
                raise NotFound(Msg("there is no organiser {name} (stammtisch tournament organiser add {quoted})", name=name, quoted=repr(name)))
            return o.id

    def _new_session(self, s: Session, *, organiser: int | None = None, table: int | None = None,
                     hours: int = auth.SESSION_HOURS) -> tuple[str, _dt.datetime]:
        token = auth.new_token()
        expires = auth.now() + _dt.timedelta(hours=hours)
        s.add(SkSession(token_hash=auth.token_hash(token), organiser_id=organiser, table_id=table,
                        expires_at=expires))
        return token, expires

    def login(self, name: str, password: str) -> dict[str, Any]:
        """A session for an organiser. The same answer and about the same time for an unknown name
        and a wrong password; :data:`~stammtisch.scorekeeper.auth.LOGIN_ATTEMPTS` wrong passwords lock
        the account for :data:`~stammtisch.scorekeeper.auth.LOGIN_LOCK`.

        :raises Forbidden: wrong name or password
        :raises Locked: the account is locked
        """
        with self.session() as s:
            o = s.scalar(select(SkOrganiser).where(SkOrganiser.name == name))
            t = auth.now()
            # unknown names fail and lock like real ones (in memory), so a lockout reveals nothing either
            ghost = self._ghosts.get(name) if o is None else None
            until = o.locked_until if o is not None else (ghost[1] if ghost else None)
            if until is not None and until > t:
                auth.verify_secret(None, password)  # same time as a real attempt
                raise Locked(Msg("too many wrong passwords: the account is locked until {time} UTC", time=f"{until:%H:%M}"), until=until)
            ok = auth.verify_secret(o.password_hash if o else None, password)
            if o is None:
                n = (ghost[0] if ghost else 0) + 1
                if len(self._ghosts) > 10_000:
                    self._ghosts.clear()
                self._ghosts[name] = (0, t + auth.LOGIN_LOCK) if n >= auth.LOGIN_ATTEMPTS else (n, None)
            elif not ok:
                o.failed_logins += 1
                if o.failed_logins >= auth.LOGIN_ATTEMPTS:
                    o.failed_logins, o.locked_until = 0, t + auth.LOGIN_LOCK
        if o is None or not ok:
            raise Forbidden(Msg("wrong name or password"))
        with self.session() as s:
            o = s.get(SkOrganiser, o.id)
            o.failed_logins, o.locked_until = 0, None
            s.execute(SkSession.__table__.delete().where(SkSession.expires_at < t))  # forget expired sessions
            token, expires = self._new_session(s, organiser=o.id)
            return {"token": token, "expires": expires.isoformat() + "Z",
                    "organiser": {"id": o.id, "name": o.name}}

    def logout(self, token: str | None) -> None:
        """End the session of ``token`` (nothing happens for an unknown one)."""
        if token:
            with self.session() as s:
                s.execute(SkSession.__table__.delete().where(SkSession.token_hash == auth.token_hash(token)))

    def principal(self, token: str | None) -> Principal | None:
        """Who ``token`` belongs to, or ``None`` (no token, unknown, or expired)."""
        if not token or len(token) > 200:
            return None
        with self.session() as s:
            sess = s.scalar(select(SkSession).where(SkSession.token_hash == auth.token_hash(token)))
            if sess is None or sess.expires_at <= auth.now():
                return None
            name = ""
            if sess.organiser_id is not None:
                o = s.get(SkOrganiser, sess.organiser_id)
                name = o.name if o else ""
            return Principal(sess.organiser_id, sess.table_id, name)

    def authorize(self, who: Principal | None, tid: int, table_id: int | None = None) -> None:
        """Allow a write: the tournament's organiser, or (for one table's list) that table's session.

        :raises NotFound: no such tournament
        :raises Forbidden: otherwise
        """
        with self.session() as s:
            t = s.get(SkTournament, tid)
            if t is None:
                raise NotFound(Msg("there is no tournament {number}", number=tid))
            if who is not None and who.organiser is not None and who.organiser == t.organiser_id:
                return
            if who is not None and table_id is not None and who.table == table_id:
                return
        raise Forbidden(Msg("this needs the tournament's organiser (log in) or the table's entry code"))

    def is_organiser(self, tid: int, who: Principal | None) -> bool:
        """Whether ``who`` is the organiser of tournament ``tid``."""
        if who is None or who.organiser is None:
            return False
        with self.session() as s:
            t = s.get(SkTournament, tid)
            return t is not None and t.organiser_id == who.organiser

    # ------------------------------------------------------------------ entry codes
    def issue_codes(self, tid: int, round: int | None = None, tables: Sequence[int] | None = None) -> dict[int, str]:
        """New entry codes for the tables of ``round`` (default: the last round) or the given table ids.

        Returns ``{table id: code}``; the codes are shown only now (stored as argon2 hashes). Earlier
        codes of these tables stop working and their list keepers' sessions end; a lock is lifted.
        """
        with self.session() as s:
            t = self._tournament(s, tid)
            if not t.rounds:
                raise IllegalAction(Msg("no round is drawn"))
            if tables is not None:
                chosen = [tab for r in t.rounds for tab in r.tables if tab.id in set(tables)]
                missing = sorted(set(tables) - {tab.id for tab in chosen})
                if missing:
                    raise NotFound(Msg("tournament {number} has no tables {tables}", number=tid, tables=[str(x) for x in missing]))
            else:
                rnd = t.rounds[-1] if round is None else next((r for r in t.rounds if r.number == round), None)
                if rnd is None:
                    raise NotFound(Msg("round {number} is not drawn", number=round))
                chosen = list(rnd.tables)
            out = {}
            for tab in chosen:
                code = auth.new_code()
                tab.code_hash, tab.failed_codes, tab.locked_until = auth.hash_secret(auth.normalise_code(code)), 0, None
                s.execute(SkSession.__table__.delete().where(SkSession.table_id == tab.id))
                out[tab.id] = code
            for key in [k for k in self._code_fails if k[1] in out]:  # a new code lifts every lock
                del self._code_fails[key]
            for kd in [k for k in self._known_devices if k[0] in out]:  # and the old code's devices are strangers
                del self._known_devices[kd]
            return out

    def known_device(self, table_id: int, device: str) -> bool:
        """Whether ``device`` (a device token) has entered this table's right code since its code was issued."""
        return (table_id, "d:" + auth.token_hash(device)) in self._known_devices

    def unlock_table(self, table_id: int, code: str, client: str = "", device: str | None = None) -> dict[str, Any]:
        """Exchange a table's entry code for a session that may write that table's list.

        Wrong codes are answered so that a stranger locks out nobody but himself:

        * **the device**: :data:`~stammtisch.scorekeeper.auth.CODE_ATTEMPTS` wrong codes from one device
          (its ``device`` token, the page's cookie; without one, its address) lock that device out of
          this table for :data:`~stammtisch.scorekeeper.auth.CODE_LOCK`;
        * **the address backs off**: after :data:`~stammtisch.scorekeeper.auth.ADDRESS_FREE` wrong codes
          from one address (any devices, any tables) each further try from there waits twice as long as
          the one before (1 s, 2 s, 4 s ... at most :data:`~stammtisch.scorekeeper.auth.ADDRESS_MAX_WAIT`):
          a device that drops its cookie guesses no faster;
        * **the table**: :data:`~stammtisch.scorekeeper.auth.CODE_ATTEMPTS_ALL` wrong codes from anybody
          since the last right one close the table to *new* devices for
          :data:`~stammtisch.scorekeeper.auth.CODE_LOCK_ALL`;
        * a device that has **entered this table's right code before** (its ``device`` token) is never
          locked out by any of these.

        New codes (the organiser) lift every lock of their tables.

        :param client: the client address
        :param device: the device's token (the ``sk_device`` cookie), ``None`` when it sends none
        :raises Forbidden: a wrong code (counted)
        :raises Locked: this device, this address or the table is locked for it (with ``until``)
        """
        entered = auth.normalise_code(code if isinstance(code, str) else "")[:40]
        dev = "d:" + auth.token_hash(device) if device else "a:" + client
        known = bool(device) and (table_id, dev) in self._known_devices
        t = auth.now()
        count, until = self._code_fails.get((dev, table_id), (0, None))
        fails, wait = self._address_fails.get(client, (0, None))
        if not known:
            if until is not None and until > t:
                raise Locked(Msg("too many wrong codes on this device: it may try table {number} again at {time} UTC. "
                                 "Other devices are not locked; the organiser can issue a new code",
                                 number=table_id, time=f"{until:%H:%M}"), until=until)
            if wait is not None and wait > t:
                raise Locked(Msg("too many wrong codes from this network address: the next try from here at {time} "
                                 "UTC. Phones that opened this list before are not affected",
                                 time=f"{wait:%H:%M:%S}"), until=wait)
        with self.session() as s:
            tab = s.get(SkTable, table_id)
            if tab is None:
                raise NotFound(Msg("there is no table {number}", number=table_id))
            if not known and tab.locked_until is not None and tab.locked_until > t:
                raise Locked(Msg("too many wrong codes at table {number} from many devices: new devices may try again "
                                 "at {time} UTC. Phones that opened this list before are not affected; the organiser "
                                 "can issue a new code", number=tab.number, time=f"{tab.locked_until:%H:%M}"),
                             until=tab.locked_until)
            ok = auth.verify_secret(tab.code_hash, entered)
            if not ok:
                tab.failed_codes += 1
                if tab.failed_codes >= auth.CODE_ATTEMPTS_ALL:
                    tab.failed_codes, tab.locked_until = 0, t + auth.CODE_LOCK_ALL
        if not ok:
            count = count + 1 if until is None or until <= t else 1
            left = auth.CODE_ATTEMPTS - count
            self._code_fails.pop((dev, table_id), None)
            self._code_fails[(dev, table_id)] = (count, None) if left > 0 else (0, t + auth.CODE_LOCK)
            fails += 1
            self._address_fails.pop(client, None)
            self._address_fails[client] = (fails, auth.address_wait(fails, t))
            for d in (self._code_fails, self._address_fails):
                while len(d) > 10_000:  # bounded: the oldest entries are forgotten
                    del d[next(iter(d))]  # type: ignore[attr-defined]
            raise Forbidden(Msg("wrong entry code ({left} attempts left on this device)", left=left) if left > 0 else
                            Msg("wrong entry code: this device is locked out of table {number} for {minutes} minutes "
                                "(other devices are not)", number=table_id,
                                minutes=int(auth.CODE_LOCK.total_seconds() // 60)))
        self._code_fails.pop((dev, table_id), None)
        self._address_fails.pop(client, None)
        if device:
            self._known_devices[(table_id, dev)] = True
            while len(self._known_devices) > 50_000:
                del self._known_devices[next(iter(self._known_devices))]
        with self.session() as s:
            tab = s.get(SkTable, table_id)
            tab.failed_codes = 0
            s.execute(SkSession.__table__.delete().where(SkSession.expires_at < auth.now()))
            token, expires = self._new_session(s, table=table_id, hours=auth.TABLE_SESSION_HOURS)
            return {"token": token, "expires": expires.isoformat() + "Z", "table": table_id}
