"""A finished deal of an online table as the entry a list keeper would make.

The facts come from the game's entry adapter (:meth:`~stammtisch.scorekeeper.entries.Adapter.
played_facts`, one function per game beside the keeper's form); the scorekeeper settles them with
the same settlement and checks as a keeper's entry, and refuses a row whose points differ from
what the table played. A deal whose facts the adapter cannot give (a Jass deal thanked out before
a mode was named) is written as the table's points, checked like a row from a Tischzettel.
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from stammtisch.core import records, registry
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import DealLog, Match
from stammtisch.scorekeeper.entries import PlayedDeal, get

__all__ = ["OnlineRow", "rows_of_match", "match_of_record"]

log = logging.getLogger("stammtisch.cup")


@dataclass(frozen=True)
class OnlineRow:
    """One game of an online table, ready for :meth:`~stammtisch.scorekeeper.store.Store.write_online`.

    :param number: the game's number at the table (1-based: the deal's index + 1)
    :param facts: the entry (with ``online``: server table, deal, flagged moves by position)
    :param expect: the points per table position the game gave
    """

    number: int
    facts: dict[str, Any]
    expect: list[int]


def final_state(match: Match, dl: DealLog) -> Any:
    """Deal ``dl`` of ``match`` replayed to its end (its last state is gone once the next deal began)."""
    state = match.game.new_deal(match.options, dl.ctx)
    for seat, action in dl.actions:
        state.apply(seat, action)
    return state


def cards_key(match: Match, dl: DealLog, first: int) -> str:
    """A short fingerprint of the cards of deal ``dl`` as dealt (and of its dealer and the first
    dealer, which fix who sits where): two tables' deals with the same key held the same cards at
    the same positions (a cup round with the same deals everywhere, :mod:`.comparison`)."""
    text = json.dumps([first, dl.ctx.dealer, dl.ctx.deal.to_json(match.game.deck)], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def rows_of_match(match: Match, server_table: int, start: int = 0,
                  flags: Sequence[Sequence[Sequence[Any]]] | None = None, cards: bool = False) -> Iterable[OnlineRow]:
    """The rows of the finished deals of ``match`` from deal ``start`` on.

    :param flags: per deal, the record's ``flags`` (``[action index, actor]``): the moves the computer
        player made for a person, kept with the row as ``[position, actor]`` (the list shows them)
    :param cards: keep the deal's :func:`cards_key` with the row (``online.cards``), for the
        ranking by comparison of a cup round with the same deals at every table
    """
    adapter = get(match.game.name)
    size = match.n
    first = match.logs[0].ctx.dealer if match.logs else 0
    for i in range(start, len(match.logs)):
        dl = match.logs[i]
        if dl.result is None:
            break
        state = final_state(match, dl) if adapter.played_needs_state else None
        deal = PlayedDeal(match.options, dl.ctx.dealer, dl.result, state, first, size)
        try:
            facts = adapter.played_facts(deal)
        except Exception:  # a deal the adapter cannot read: the table's points, checked as a row
            log.exception("table %s deal %s: no facts from the adapter", server_table, i)
            facts = None
        if facts is None:
            facts = adapter.played_row(deal)
        moved = []
        for k, actor in (flags[i] if flags is not None and i < len(flags) else ()):
            seat = dl.actions[k][0] if 0 <= k < len(dl.actions) else None
            if seat is not None:
                moved.append([deal.pos(seat), str(actor)])
        facts["online"] = {"server_table": server_table, "deal": i, "dealer": deal.pos(dl.ctx.dealer),
                           "flags": moved}
        if cards:
            facts["online"]["cards"] = cards_key(match, dl, first)
        yield OnlineRow(i + 1, facts, deal.position_points(adapter.team_game))


def fallback(row: OnlineRow, match_game: str, reason: str) -> OnlineRow:
    """The same game as the table's points (when the facts did not settle to them)."""
    adapter = get(match_game)
    pts = row.expect[:2] if adapter.team_game else list(row.expect)
    facts = {"kind": "row", "points": pts, "label": "online", "note": reason[:200], "online": row.facts.get("online")}
    return OnlineRow(row.number, facts, row.expect)


def match_of_record(record: Mapping[str, Any]) -> Match:
    """A table's match rebuilt from its record (finished deals' results checked)."""
    return records.replay(record, check_results=False)


def game_known(name: str) -> bool:
    try:
        registry.get(name)
        return True
    except IllegalAction:
        return False
