"""Quick reactions at the table (issue 31, 9): a few fixed phrases a seated person sends over the
table socket, shown briefly at their seat. Only the ids below are accepted (no free text: nothing a
reaction says can carry a card), one per seat every :data:`REACTION_SECONDS`; Kiebitze send none
(Tiroler Cup, Kiebitze: they watch and do not talk)."""

from __future__ import annotations

import time
from typing import Any

from ..core.messages import Msg, msg_json
from .tables import TableError

__all__ = ["REACTIONS", "REACTION_SECONDS", "react"]

#: the phrases on offer, by id (the catalogue's words: the page shows them in the reader's language)
REACTIONS: dict[str, Msg] = {
    "well_played": Msg("Well played!"),
    "lucky": Msg("Lucky!"),
    "servus": Msg("Servus!"),
    "thanks": Msg("Thanks!"),
    "oje": Msg("Oh dear!"),
}

#: a seat's reactions are at least this far apart (seconds)
REACTION_SECONDS = 3.0


def react(t: Any, seat: int | None, reaction: Any, now: float | None = None) -> dict[str, Any]:
    """Seat ``seat`` of table ``t`` sends ``reaction`` (an id of :data:`REACTIONS`): every connection
    of the table gets ``{"type": "reaction", "seat", "reaction", "msg"}``, which is returned.

    :raises TableError: a Kiebitz (``kiebitz``), an id not on the list (``bad_reaction``), a second
        reaction of the seat within :data:`REACTION_SECONDS` (``too_fast``)
    """
    if seat is None:
        raise TableError("kiebitz", Msg("Kiebitze may watch but not talk."))
    if not isinstance(reaction, str) or reaction not in REACTIONS:
        raise TableError("bad_reaction", Msg("'{reaction}' is not a quick reaction; these are: {ids}",
                                             reaction=str(reaction)[:30], ids=", ".join(REACTIONS)))
    now = time.monotonic() if now is None else now
    last: dict[int, float] = t.__dict__.setdefault("reacted_at", {})
    if seat in last and now - last[seat] < REACTION_SECONDS:
        wait = REACTION_SECONDS - (now - last[seat])
        raise TableError("too_fast", Msg("one quick reaction every {n} seconds; wait {wait} s",
                                         n=int(REACTION_SECONDS), wait=round(wait, 1)))
    last[seat] = now
    out = {"type": "reaction", "seat": seat, "reaction": reaction, "msg": msg_json(REACTIONS[reaction])}
    for c in list(t.conns):
        if not c.closed:
            c.send(out)
    return out
