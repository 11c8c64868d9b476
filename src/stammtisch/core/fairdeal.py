"""Provably fair deals: a secret seed, its published commitment, and deals derived from it.

The server draws a secret seed (32 bytes from :mod:`secrets`) when a table opens and publishes
its commitment, the SHA-256 of the seed, before any card is dealt. Every random draw of the
Partie (the first dealer, each deal's shuffle and cut) comes from the seed through HMAC-SHA-256,
so anyone who learns the seed at the end can recompute every deal (``docs/fair-deals.md`` gives
the algorithm as a dozen lines of Python, and ``stammtisch verify RECORD`` does it for a record).

>>> seed = bytes(32)
>>> commitment(seed)[:16]
'66687aadf862bd77'
>>> below(stream(seed, "stammtisch deal 0"), 36) == below(stream(seed, "stammtisch deal 0"), 36)
True

The derivation is a function of the seed and the deal number only, so one seed can drive
several tables: a cup round that plays the same deals at every table (duplicate) hands every
table the round's seed (``docs/fair-deals.md``, "Duplicate deals").
"""

from __future__ import annotations

import hashlib
import hmac
import random
import secrets
from collections.abc import Iterator, MutableSequence
from typing import Any, TypeVar

__all__ = ["DERIVATION", "SEED_BYTES", "new_seed", "commitment", "stream", "below", "DealStream",
           "deal_rng", "first_dealer_rng", "parse_seed", "decision_seed"]

T = TypeVar("T")

#: the name of the derivation below, written into records (``"derivation"``)
DERIVATION = "stammtisch-hmac-sha256-1"
SEED_BYTES = 32


def new_seed() -> bytes:
    """A fresh secret seed from the operating system's CSPRNG."""
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    """The published commitment to ``seed``: its SHA-256, as 64 hex digits."""
    return hashlib.sha256(seed).hexdigest()


def parse_seed(text: Any) -> bytes | None:
    """A seed written as hex (as records and table settings keep it), or ``None`` if it is not one."""
    if not isinstance(text, str) or len(text) != 2 * SEED_BYTES:
        return None
    try:
        return bytes.fromhex(text)
    except ValueError:
        return None


def stream(seed: bytes, label: str) -> Iterator[int]:
    """The byte stream of one ``label``: HMAC-SHA-256 with the seed as key over
    ``"<label> block <i>"`` for i = 0, 1, 2, ..., the 32-byte blocks one after another."""
    i = 0
    while True:
        yield from hmac.new(seed, f"{label} block {i}".encode(), hashlib.sha256).digest()
        i += 1


def below(s: Iterator[int], n: int) -> int:
    """A uniform integer ``0 <= r < n`` from the stream: take ``ceil(k / 8)`` bytes (big-endian)
    with ``k = (n - 1).bit_length()``, keep the low ``k`` bits, and draw again while ``r >= n``
    (rejection, so no value is favoured). ``n == 1`` takes no bytes."""
    if n < 1:
        raise ValueError("below(n) needs n >= 1")
    if n == 1:
        return 0
    k = (n - 1).bit_length()
    size, mask = (k + 7) // 8, (1 << k) - 1
    while True:
        r = int.from_bytes(bytes(next(s) for _ in range(size)), "big") & mask
        if r < n:
            return r


class DealStream(random.Random):
    """A :class:`random.Random` whose every draw comes from :func:`stream` through :func:`below`,
    so a game's ``deal(options, dealer, rng, carry)`` runs on it unchanged: ``shuffle`` is
    Fisher–Yates from the last place down (``j = below(i + 1)``, swap places ``i`` and ``j``),
    ``randrange(a, b)`` is ``a + below(b - a)``. The methods are written out here (not inherited),
    so the draws do not depend on the Python version."""

    def __init__(self, seed: bytes, label: str):
        self._stream = stream(seed, label)
        super().__init__()

    def seed(self, *args: Any, **kwargs: Any) -> None:  # the stream is the state; nothing to seed
        return None

    def _randbelow(self, n: int) -> int:
        return below(self._stream, n)

    def getrandbits(self, k: int) -> int:
        return below(self._stream, 1 << k) if k > 0 else 0

    def random(self) -> float:
        return below(self._stream, 1 << 53) / (1 << 53)

    def randrange(self, start: int, stop: int | None = None, step: int = 1) -> int:
        if stop is None:
            start, stop = 0, start
        if step != 1:
            raise ValueError("the deal stream draws ranges with step 1 only")
        if stop <= start:
            raise ValueError(f"empty range for randrange({start}, {stop})")
        return start + below(self._stream, stop - start)

    def choice(self, seq: Any) -> Any:
        return seq[below(self._stream, len(seq))]

    def shuffle(self, x: MutableSequence[Any]) -> None:
        for i in range(len(x) - 1, 0, -1):
            j = below(self._stream, i + 1)
            x[i], x[j] = x[j], x[i]

    def getstate(self) -> Any:  # pragma: no cover - a stream is not saved, it is derived again
        raise NotImplementedError("a deal stream is derived from its seed, not saved")

    def setstate(self, state: Any) -> None:  # pragma: no cover
        raise NotImplementedError("a deal stream is derived from its seed, not restored")


def deal_rng(seed: bytes, number: int) -> DealStream:
    """The random source of deal ``number`` (0 = the first deal): label ``"stammtisch deal <n>"``."""
    return DealStream(seed, f"stammtisch deal {number}")


def first_dealer_rng(seed: bytes) -> DealStream:
    """The random source of the first dealer's draw: label ``"stammtisch first dealer"``."""
    return DealStream(seed, "stammtisch first dealer")


def decision_seed(bot_seed: str, deal: int, index: int, seat: int, method: str) -> int:
    """The seed of one computer player's decision at a table: a function of the table's computer
    seed (kept in the record as ``bots.seed``), the deal (0-based), the number of actions already
    played in that deal, the seat and the kind of decision (``choose`` or ``interject``), so a
    record replays every decision of its computer players (a search decision exactly, unless its
    wall-clock cap stopped it; docs/fair-deals.md)."""
    text = f"{bot_seed} deal {deal} action {index} seat {seat} {method}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 2
