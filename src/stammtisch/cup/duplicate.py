"""The same deals at every table of a cup round (duplicate, as in bridge; ``docs/fair-deals.md``).

A cup with the setting ``duplicate`` plays every online table of a round from **one secret round
seed** (:mod:`stammtisch.core.fairdeal`: the derivation is a function of the seed and the deal
number only), so table k's deal n is table j's deal n, seat for seat: the first dealer comes from
the same seed, a position's seat is the same at every table (position 1 deals first), and the rules
pass the deal on alike. Tables of five get the round's seed too (one commitment covers the round);
they deal the same shuffled pack to five seats, so they are compared with the other tables of five
only (:mod:`.comparison` compares the deals whose cards were the same).

* The round's **commitment** (SHA-256 of the seed) is kept in the cup's settings (``round_seeds``:
  round number -> ``{"commitment", "seed"}``) before the first table of the round opens; every table
  of the round shows it (the table's own commitment is the round's), and the cup's pages list it.
* The **seed** stays in the tables' private settings (never in the cup's settings, which the
  scorekeeper's routes show) and is withheld after a table's end (``seed_held``): a finished table's
  seed or record would show the cards a table still playing holds. When every table of the round has
  ended, the cup releases it at every table and writes it beside the commitment.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from stammtisch.core import fairdeal
from stammtisch.server.fairness import HELD, fair_seed_of
from stammtisch.server.tables import ENDED

__all__ = ["KEY", "round_entry", "round_seed", "held_settings", "release_round", "public_rounds"]

log = logging.getLogger("stammtisch.cup")

#: the key of the rounds' commitments (and revealed seeds) in the cup's settings
KEY = "round_seeds"


def round_entry(online: dict[str, Any] | None, number: int) -> dict[str, Any] | None:
    """The round's ``{"commitment", "seed"}`` (``seed`` ``None`` until revealed), or ``None``."""
    entry = ((online or {}).get(KEY) or {}).get(str(number))
    return dict(entry) if isinstance(entry, dict) else None


def public_rounds(online: dict[str, Any] | None) -> list[dict[str, Any]]:
    """Every round's commitment and (once revealed) seed, for the cup's pages."""
    rounds = (online or {}).get(KEY) or {}
    return [{"round": int(k), "commitment": v.get("commitment"), "seed": v.get("seed")}
            for k, v in sorted(rounds.items(), key=lambda kv: int(kv[0]))]


async def round_seed(cups: Any, tid: int, rnd: dict[str, Any]) -> bytes:
    """The secret seed of round ``rnd``: the one a table of the round already holds (a start
    interrupted and repeated), else a new one whose commitment is written into the cup's settings
    before any table of the round opens (so before any card of the round is dealt)."""
    t = await asyncio.to_thread(cups.store.tournament, tid)
    entry = round_entry(t["online"], rnd["number"])
    if entry is not None:
        for tab in rnd["tables"]:
            if tab["server_table"] is None:
                continue
            st = await cups.tables.get_number(tab["server_table"])
            seed = fair_seed_of(st.settings) if st is not None else None
            if seed is not None and fairdeal.commitment(seed) == entry["commitment"]:
                return seed
        # no table of the round holds it: none was opened, no card was dealt under the old commitment
    seed = fairdeal.new_seed()
    number = str(rnd["number"])

    def change(o: dict[str, Any]) -> dict[str, Any]:
        o[KEY] = {**(o.get(KEY) or {}), number: {"commitment": fairdeal.commitment(seed), "seed": None}}
        return o
    await asyncio.to_thread(cups.store.update_online, tid, change)
    return seed


def held_settings(round_number: int) -> dict[str, Any]:
    """What a duplicate round's table adds to its settings: the seed withheld after its end."""
    return {HELD: True, "duplicate_round": round_number}


async def release_round(cups: Any, tid: int, round_number: int) -> bool:
    """Reveal the round's seed at every table and in the cup's settings once every online table of
    the round has ended; ``True`` if it was revealed (now or before)."""
    t = await asyncio.to_thread(cups.store.tournament, tid)
    entry = round_entry(t["online"], round_number)
    if entry is None:
        return False
    if entry.get("seed"):
        return True
    rnd = next((r for r in t["rounds"] if r["number"] == round_number), None)
    if rnd is None:
        return False
    tables = []
    for tab in rnd["tables"]:
        if tab["kind"] != "online":
            continue
        st = await cups.tables.get_number(tab["server_table"]) if tab["server_table"] is not None else None
        if st is None or st.status not in ENDED:
            return False  # a table still plays (or has not opened): its cards are still secret
        tables.append(st)
    seed = None
    for st in tables:
        seed = seed or fair_seed_of(st.settings)
        if st.status == "finished":
            await st.release_seed()
    if seed is None or fairdeal.commitment(seed) != entry["commitment"]:
        log.error("cup %s round %s: no table holds the seed of the round's commitment", tid, round_number)
        return False
    number, revealed = str(round_number), seed.hex()

    def change(o: dict[str, Any]) -> dict[str, Any]:
        rounds = dict(o.get(KEY) or {})
        rounds[number] = {**rounds.get(number, {}), "seed": revealed}
        o[KEY] = rounds
        return o
    await asyncio.to_thread(cups.store.update_online, tid, change)
    log.info("cup %s round %s: every table has ended, the round's seed is revealed", tid, round_number)
    return True
