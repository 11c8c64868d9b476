"""A server table's fair deals and seeded computer players (``docs/fair-deals.md``).

When a table opens, :func:`fair_settings` draws its secret deal seed and its computer players'
seed (both kept server-side in the table's stored settings, never sent while the Partie runs:
:data:`.presence.PRIVATE_SETTINGS`) and the seed's public commitment. Every deal of the table,
also after a restart (the log replayed), comes from the deal seed (:mod:`stammtisch.core.fairdeal`);
both seeds are revealed when the Partie is over and written into the record.
"""

from __future__ import annotations

import secrets
from typing import Any

from ..core import fairdeal

__all__ = ["fair_settings", "fair_seed_of", "record_fields", "HELD"]

#: a table setting: the deal seed is withheld after the table's end, until the process releases it
#: (a cup round with the same deals at every table reveals its seed when the last table has finished)
HELD = "seed_held"


def fair_settings(seed: bytes | None = None) -> dict[str, str]:
    """A new table's seeds: ``fair_seed`` (secret), ``commitment`` (public), ``bot_seed`` (secret).

    ``seed``: a deal seed given by the process itself (a cup round's seed, the same at every table
    of the round: ``docs/fair-deals.md``, "Duplicate deals"); otherwise a fresh one."""
    seed = fairdeal.new_seed() if seed is None else seed
    return {"fair_seed": seed.hex(), "commitment": fairdeal.commitment(seed),
            "bot_seed": secrets.token_hex(16)}


def fair_seed_of(settings: dict[str, Any]) -> bytes | None:
    """The table's secret deal seed, or ``None`` (a table from before fair deals, or a fixed seed)."""
    return fairdeal.parse_seed(settings.get("fair_seed"))


def record_fields(settings: dict[str, Any], bot_kind: str, seats: list[Any],
                  overrides: dict[str, Any]) -> dict[str, Any]:
    """What a finished table's record adds: the computer players' kind, seats and seed, and the
    options as the table was opened with them (``view_options``: the profile's changes, as the
    players' views carry them), so that a decision can be replayed on the very view it was made on."""
    bot_seats = [i for i, s in enumerate(seats) if s.kind == "bot"]
    seed = settings.get("bot_seed")
    if not isinstance(seed, str):
        return {}
    return {"bots": {"kind": bot_kind, "seats": bot_seats, "seed": seed, "view_options": dict(overrides)}}
