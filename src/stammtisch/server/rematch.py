"""Another Partie at the same table: a new table whose settings copy the old one's, with the same
seats. Each seated person confirms (their seat token carries over, so a reload lands on the new
table); computer players stay; once every person confirmed the new table starts by itself, and a
seat nobody confirmed stays open in the lobby for the owner to fill, as at any new table. No game
knowledge here: the table's game, profile, options and settings are copied as they are."""

from __future__ import annotations

from typing import Any

from ..core.messages import Msg
from .store import hash_token
from .tables import TableError

__all__ = ["rematch", "COPIED_SETTINGS"]

#: the settings a rematch copies (the deal seeds are new: every Partie is dealt afresh)
COPIED_SETTINGS = ("move_seconds", "ohne_reden", "bot_seconds", "owner")


async def rematch(tables: Any, t: Any, token: Any) -> dict[str, Any]:
    """The seated person with ``token`` asks for another Partie at finished table ``t``: the first
    request opens the new table, later ones sit down there. Returns ``{"table": public id,
    "seat": the seat, "confirmed": [seats]}``.

    :raises TableError: the table is not finished, or the token is no seated person's
    """
    seat = t.seat_of_token(token) if isinstance(token, str) and 0 < len(token) <= 128 else None
    if seat is None or t.seats[seat].kind != "human":
        raise TableError("forbidden", Msg("only the people seated at this table may ask for another Partie"))
    async with t.lock:
        if t.status != "finished":
            raise TableError("not_over", Msg("another Partie can be asked for once this one is over"))
        state = getattr(t, "rematch", None)
        if state is None:
            settings = {k: v for k, v in t.settings.items() if k in COPIED_SETTINGS}
            new = await tables.create(t.game.name, t.profile, dict(t.overrides), t.max_deals, t.bot_kind,
                                      settings, client=None)
            new.client = t.client
            state = {"table": new.public_id, "number": new.number, "confirmed": []}
            t.rematch = state
            for i, s in enumerate(t.seats):  # the computer players stay on their seats
                if s.kind == "bot":
                    await tables.db(tables.store.set_seat, new.number, i, "bot", s.name, None, None)
                    new.seats[i] = type(s)("bot", s.name)
    new = await tables.get(state["table"])
    if new is None:
        raise TableError("not_found", Msg("the new table is gone"))
    async with new.lock:
        if seat not in state["confirmed"]:
            if new.status != "open" or new.seats[seat].kind != "empty":
                raise TableError("started", Msg("the new table has already started; watch as a Kiebitz"))
            s = t.seats[seat]
            await tables.db(tables.store.set_seat, new.number, seat, "human", s.name, hash_token(token),
                            s.account_id)
            new.seats[seat] = type(s)("human", s.name, hash_token(token), s.account_id)
            state["confirmed"].append(seat)
        everybody = all(s.kind != "human" or i in state["confirmed"] for i, s in enumerate(t.seats))
    t.broadcast()
    new.broadcast()
    if everybody and new.status == "open":
        await new.start(None, trusted=True)
    return {"table": state["table"], "seat": seat, "confirmed": list(state["confirmed"])}
