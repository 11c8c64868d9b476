"""Who may do what in the scorekeeper: organiser accounts, sessions, table entry codes.

* **Organisers** have accounts (name + password, argon2 hash at rest), created on the server
  machine with ``stammtisch tournament organiser add NAME``. Logging in gives a session token
  (32 random bytes; only its SHA-256 is stored) sent as ``Authorization: Bearer <token>``,
  never in a URL. A tournament belongs to the organiser who created it; creating one needs a
  session.
* **List keepers** get a per-table **entry code** printed on the table card: 10 characters of
  Crockford base32 (50 bits), stored as an argon2 hash, shown once when issued. The code is
  exchanged for a table session (``POST /api/tables/{id}/unlock``) that may write that
  table's list only. Wrong codes lock the device that sent them (:data:`CODE_ATTEMPTS`), make its
  address back off (:data:`ADDRESS_FREE`, :func:`address_wait`), and never lock out a device that
  entered the table's right code before (:meth:`~.accounts.Accounts.unlock_table`). Wrong
  passwords lock an account.
* Attempts are also limited per client address in memory (:class:`RateLimiter`).

>>> c = new_code(); len(c), c[5]
(11, '-')
>>> normalise_code(c.lower().replace("-", " ")) == c.replace("-", "")
True
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import secrets
import threading
import time
from collections import deque

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError

__all__ = ["hash_secret", "verify_secret", "new_code", "normalise_code", "new_token", "token_hash",
           "RateLimiter", "SESSION_HOURS", "TABLE_SESSION_HOURS", "CODE_ATTEMPTS", "CODE_LOCK", "CODE_ATTEMPTS_ALL",
           "CODE_LOCK_ALL",
           "ADDRESS_FREE", "ADDRESS_MAX_WAIT", "address_wait", "LOGIN_ATTEMPTS", "LOGIN_LOCK", "MIN_PASSWORD"]

#: Crockford base32: no I, L, O, U (read aloud and typed on a phone without confusion)
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
CODE_LENGTH = 10  # 50 bits
SESSION_HOURS = 12
TABLE_SESSION_HOURS = 16
#: wrong entry codes one device (its cookie; without one, its address) may try at one table before it is
#: locked out of that table for :data:`CODE_LOCK` (other devices are not)
CODE_ATTEMPTS = 5
CODE_LOCK = _dt.timedelta(minutes=10)
#: wrong entry codes one address may try (any devices, any tables) before it backs off: each further try
#: waits twice as long as the one before, at most :data:`ADDRESS_MAX_WAIT` (a device that drops its cookie
#: guesses no faster)
ADDRESS_FREE = 10
ADDRESS_MAX_WAIT = _dt.timedelta(minutes=10)
#: the bound over all devices: this many wrong codes at one table (from anybody, since the last right one)
#: close the table to devices that never entered its right code for :data:`CODE_LOCK_ALL`; a device that
#: did is never locked out (with 50-bit codes this bound is far from any guessing risk)
CODE_ATTEMPTS_ALL = 200
CODE_LOCK_ALL = _dt.timedelta(minutes=5)
LOGIN_ATTEMPTS = 10
LOGIN_LOCK = _dt.timedelta(minutes=15)
MIN_PASSWORD = 10

# OWASP's argon2id minimum (19 MiB, 2 passes): ~0.1 s here; bounded in memory per attempt
_hasher = PasswordHasher(time_cost=2, memory_cost=19456, parallelism=1)
#: verified when a name is unknown, so a login takes the same time either way (no user enumeration);
#: made at the first use (0.1 s), not at import (the command line imports this module too)
_DUMMY: list[str] = []


def _dummy() -> str:
    if not _DUMMY:
        _DUMMY.append(_hasher.hash(secrets.token_hex(16)))
    return _DUMMY[0]


def now() -> _dt.datetime:
    """UTC now, naive (as stored)."""
    return _dt.datetime.now(_dt.timezone.utc).replace(tzinfo=None)


def hash_secret(secret: str) -> str:
    """An argon2id hash of a password or an entry code."""
    return _hasher.hash(secret)


def verify_secret(stored: str | None, secret: str) -> bool:
    """Whether ``secret`` matches ``stored``; with no stored hash a dummy is verified (same time)."""
    try:
        return _hasher.verify(stored or _dummy(), secret) and stored is not None
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def address_wait(fails: int, at: _dt.datetime) -> _dt.datetime | None:
    """Until when an address that has sent ``fails`` wrong codes waits before its next try.

    >>> t = _dt.datetime(2026, 1, 1)
    >>> address_wait(ADDRESS_FREE, t) is None, address_wait(ADDRESS_FREE + 1, t) - t, address_wait(ADDRESS_FREE + 3, t) - t
    (True, datetime.timedelta(seconds=2), datetime.timedelta(seconds=8))
    >>> address_wait(ADDRESS_FREE + 40, t) - t == ADDRESS_MAX_WAIT
    True
    """
    over = fails - ADDRESS_FREE
    if over <= 0:
        return None
    seconds = min(float(2 ** min(over, 30)), ADDRESS_MAX_WAIT.total_seconds())
    return at + _dt.timedelta(seconds=seconds)


def new_code() -> str:
    """A fresh entry code, ``XXXXX-XXXXX`` (50 bits)."""
    raw = "".join(secrets.choice(ALPHABET) for _ in range(CODE_LENGTH))
    return raw[:5] + "-" + raw[5:]


def normalise_code(text: str) -> str:
    """An entered code in canonical form: upper case, no spaces or dashes, O->0, I/L->1."""
    out = "".join(text.split()).replace("-", "").upper()
    return out.translate(str.maketrans({"O": "0", "I": "1", "L": "1"}))


def new_token() -> str:
    """A session token (32 random bytes)."""
    return secrets.token_urlsafe(32)


def token_hash(token: str) -> str:
    """What is stored of a session token (tokens are random, so SHA-256 suffices)."""
    return hashlib.sha256(token.encode()).hexdigest()


class RateLimiter:
    """At most ``limit`` events per ``window`` seconds per key (e.g. client address), in memory.

    >>> r = RateLimiter(2, 60.0)
    >>> r.allow("a"), r.allow("a"), r.allow("a"), r.allow("b")
    (True, True, False, True)
    """

    def __init__(self, limit: int, window: float, max_keys: int = 10_000):
        self.limit, self.window, self.max_keys = limit, window, max_keys
        self._events: dict[str, deque[float]] = {}
        self._lock = threading.Lock()

    def allow(self, key: str) -> bool:
        t = time.monotonic()
        with self._lock:
            q = self._events.get(key)
            if q is None:
                if len(self._events) >= self.max_keys:  # forget the stalest clients, memory stays bounded
                    for k in list(self._events)[: self.max_keys // 10]:
                        del self._events[k]
                q = self._events[key] = deque()
            while q and t - q[0] > self.window:
                q.popleft()
            if len(q) >= self.limit:
                return False
            q.append(t)
            return True
