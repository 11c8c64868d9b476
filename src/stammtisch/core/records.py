"""The game record: one JSON format for all four games, and replay.

A record is one JSON object (see ``docs/records.md``)::

    {
      "format": "stammtisch-record", "version": 1,
      "game": "jass", "profile": "standard", "options": {"target": 1000, ...},
      "seats": ["Anna", "Bot 1", "Bot 2", "Bot 3"],
      "seed": 42,                 # null when the shuffle was secure; a server table's
                                  # revealed seed (64 hex digits) with its "commitment"
      "max_deals": null,
      "deals": [
        {"number": 0, "dealer": 2,
         "deal": {"hands": [["EU", ...], ...], "piles": {...}},
         "actions": [[3, "trump:E"], [3, "EU"], ...],
         "result": {"points": [..], "lines": [..], "summary": {..}}}
      ],
      "result": {"totals": [..], "winner": ..}
    }

:func:`replay` rebuilds the match through the protocol, refusing the first action that
is illegal with a :class:`~stammtisch.core.errors.RecordError` naming its index, seat and
rule, and checks that every recorded result is reproduced exactly.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from . import fairdeal, registry
from .errors import IllegalAction, RecordError, StammtischError
from .messages import Msg
from .protocol import Deal, DealResult, Match

__all__ = ["FORMAT", "VERSION", "to_record", "replay", "load", "dump", "deal_scores"]

FORMAT = "stammtisch-record"
VERSION = 1


def to_record(match: Match) -> dict[str, Any]:
    """The record of ``match`` (finished or not) as a JSON-safe dict."""
    deck = match.game.deck
    deals = []
    for log in match.logs:
        d: dict[str, Any] = {
            "number": log.ctx.number,
            "dealer": log.ctx.dealer,
            "deal": log.ctx.deal.to_json(deck),
            "actions": [[s, a] for s, a in log.actions],
        }
        if log.result is not None:
            d["result"] = log.result.to_json()
        deals.append(d)
    rec: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": match.game.name,
        "profile": match.profile,
        "options": match.options_json(),
        "seats": list(match.seat_names),
        "seed": match.seed,
        "max_deals": match.max_deals,
        "deals": deals,
    }
    if match.fair_seed is not None:
        # the commitment always; the seed only once the match is over (before, it would show the
        # hands still to come: docs/fair-deals.md)
        rec["derivation"] = fairdeal.DERIVATION
        rec["commitment"] = fairdeal.commitment(match.fair_seed)
        rec["seed"] = match.fair_seed.hex() if match.over else None
    if match.over:
        rec["result"] = match.result()
    return rec


def dump(match: Match, path: str | Path) -> None:
    """Write the record of ``match`` to ``path`` (UTF-8 JSON)."""
    Path(path).write_text(json.dumps(to_record(match), ensure_ascii=False, indent=1), encoding="utf-8")


def load(path: str | Path) -> dict[str, Any]:
    """Read a record file.

    :raises RecordError: unreadable file or not JSON
    """
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(Msg('cannot read {path}: {n}', path=path, n=e.strerror or e)) from None
    try:
        data: dict[str, Any] = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(Msg('{path} is not JSON: {msg} at line {lineno} column {colno}', path=path, msg=e.msg, lineno=e.lineno, colno=e.colno)) from None
    return data


def _need(obj: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if not isinstance(obj, Mapping) or key not in obj:
        raise RecordError(Msg("{where} has no '{key}'", where=where, key=key))
    v = obj[key]
    if not isinstance(v, kind) or (kind is int and isinstance(v, bool)):
        raise RecordError(Msg("{where}: '{key}' has the wrong type ({name})", where=where, key=key, name=type(v).__name__))
    return v


def replay(record: Mapping[str, Any], on_action: Callable[[Match, int, int, str], None] | None = None,
           check_results: bool = True) -> Match:
    """Replay a record through the protocol and return the match.

    :param on_action: called after every applied action as ``(match, index, seat, action)``
    :param check_results: compare every recorded deal result and the match result
    :raises RecordError: malformed record, illegal action (with index, deal, seat and rule),
        or a result that differs from the recorded one
    """
    if not isinstance(record, Mapping):
        raise RecordError(Msg("a record is a JSON object"))
    if record.get("format") != FORMAT:
        raise RecordError(Msg('not a stammtisch record (format is {get})', get=repr(record.get('format'))))
    if record.get("version") != VERSION:
        raise RecordError(Msg('record version {get} is not supported (this program reads {version})', get=repr(record.get('version')), version=VERSION))
    name = _need(record, "game", str, "record")
    try:
        game = registry.get(name)
    except StammtischError as e:
        raise RecordError(str(e)) from None
    profile = _need(record, "profile", str, "record")
    options = record.get("options") or {}
    if not isinstance(options, Mapping):
        raise RecordError(Msg("record: 'options' must be an object"))
    seats = _need(record, "seats", list, "record")
    deals = _need(record, "deals", list, "record")
    if not deals:
        raise RecordError(Msg("record has no deals"))
    recorded: list[tuple[int, Deal]] = []
    for i, d in enumerate(deals):
        where = f"deal {i + 1}"  # people count deals from 1
        dealer = _need(d, "dealer", int, where)
        deal_json = _need(d, "deal", dict, where)
        try:
            recorded.append((dealer, Deal.from_json(deal_json, game.deck)))
        except (StammtischError, KeyError, TypeError, ValueError) as e:
            raise RecordError(Msg('malformed deal: {e}', e=e), deal=i) from None
        _need(d, "actions", list, where)
    seed = record.get("seed")
    max_deals = record.get("max_deals")
    try:
        match = Match(game, profile, options, seed=seed if isinstance(seed, int) else None,
                      max_deals=max_deals if isinstance(max_deals, int) else None,
                      seats=[str(s) for s in seats], recorded=recorded)
    except StammtischError as e:
        raise RecordError(str(e), deal=0) from None

    index = 0
    for i, d in enumerate(deals):
        if len(match.logs) - 1 != i:
            raise RecordError(Msg('the deal never started: the match ended after deal {n}', n=len(match.logs)), deal=i)
        for pair in d["actions"]:
            if (not isinstance(pair, list) or len(pair) != 2 or not isinstance(pair[0], int)
                    or isinstance(pair[0], bool) or not isinstance(pair[1], str)):
                raise RecordError(Msg("an action is [seat, \"notation\"]"), index=index, deal=i)
            seat, action = pair
            if len(match.logs) - 1 != i or match.over:
                raise RecordError(Msg("the deal is already over; this action is one too many"), index=index, deal=i,
                                  seat=seat, action=action)
            try:
                match.apply(seat, action)
            except IllegalAction as e:
                raise RecordError(e.message, index=index, deal=i, seat=seat, action=action, rule=e.rule) from None
            except StammtischError as e:
                raise RecordError(str(e), index=index, deal=i, seat=seat, action=action) from None
            if on_action:
                on_action(match, index, seat, action)
            index += 1
        log = match.logs[i]
        if check_results and "result" in d:
            if log.result is None:
                raise RecordError(Msg("the record gives a result, but the deal is not over after its actions"), deal=i)
            if log.result.to_json() != DealResult.from_json(d["result"]).to_json():
                raise RecordError(Msg('replayed result {points} differs from the recorded {get}', points=log.result.to_json()['points'], get=d['result'].get('points')), deal=i)
    if check_results and "result" in record:
        if not match.over:
            raise RecordError(Msg("the record gives a match result, but the match is not over after its actions"))
        if match.result() != record["result"]:
            raise RecordError(Msg('replayed match result {result} differs from the recorded {result2}', result=match.result(), result2=record['result']))
    return match


def deal_scores(match: Match) -> list[dict[str, Any]]:
    """Per deal: number, dealer and result as JSON (what ``stammtisch replay --json`` prints)."""
    return [
        {"number": lg.ctx.number, "dealer": lg.ctx.dealer,
         "result": lg.result.to_json() if lg.result else None}
        for lg in match.logs
    ]
