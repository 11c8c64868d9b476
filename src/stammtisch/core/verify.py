"""Check a record's fair deals: the commitment, and every deal recomputed from the revealed seed.

:func:`verify` recomputes the commitment (SHA-256 of the seed) and then plays the record's actions
on a match whose every deal is derived from the seed (:mod:`.fairdeal`), comparing each deal's
cards, and its dealer, with the record's *before* that deal's first action. It names the first
deal that differs (counted from 1, as people count) or the commitment that does not match, and
replays the actions through the rules as ``stammtisch replay`` does.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import fairdeal, registry
from .errors import IllegalAction, RecordError, StammtischError
from .messages import Msg
from .protocol import Deal, Match
from .records import FORMAT, VERSION, replay

__all__ = ["verify", "VerifyError"]


class VerifyError(RecordError):
    """The record's deals are not those its seed gives (or the seed not the one committed to)."""


def _hands_differ(game: Any, got: Deal, want: Deal) -> Msg:
    """What differs between the dealt ``want`` and the recorded ``got``, in words."""
    deck = game.deck
    for seat, (a, b) in enumerate(zip(got.hands, want.hands)):
        if sorted(a) != sorted(b):
            return Msg("the hand of {seat} is not the one the seed deals (recorded: {got}; from the seed: {want})",
                       seat=seat, got=" ".join(deck.notation[c] for c in sorted(a)),
                       want=" ".join(deck.notation[c] for c in sorted(b)))
    return Msg("the cards are not those the seed deals")


def verify(record: Mapping[str, Any], commitment: str | None = None) -> int:
    """Check ``record``'s commitment and deals; returns the number of deals checked.

    ``commitment``: the commitment published elsewhere (a cup round's, the same at every table of a
    round with the same deals): the record's must be that one (docs/fair-deals.md).

    :raises VerifyError: no seed or commitment, a commitment that does not match the seed, a deal
        (named) whose cards or dealer differ from those the seed gives
    :raises RecordError: a malformed record or an action the rules refuse
    """
    if not isinstance(record, Mapping) or record.get("format") != FORMAT or record.get("version") != VERSION:
        replay(record)  # raises the usual, precise RecordError
    derivation = record.get("derivation")
    if derivation != fairdeal.DERIVATION:
        raise VerifyError(Msg("the record names no fair-deal derivation this program knows ({name}); "
                              "it was not dealt from a committed seed", name=repr(derivation)))
    committed = record.get("commitment")
    if not isinstance(committed, str):
        raise VerifyError(Msg("the record carries no commitment"))
    if commitment is not None and committed.lower() != commitment.strip().lower():
        raise VerifyError(Msg("the record's commitment {got} is not the published commitment {want}",
                              got=committed, want=commitment.strip()))
    seed = fairdeal.parse_seed(record.get("seed"))
    if seed is None:
        raise VerifyError(Msg("the record carries no revealed seed (64 hexadecimal digits); the seed is "
                              "revealed when the Partie is over"))
    if fairdeal.commitment(seed) != committed.lower():
        raise VerifyError(Msg("the commitment does not match the seed: SHA-256 of the seed is {got}, the "
                              "table published {want}", got=fairdeal.commitment(seed), want=committed))
    game = registry.get(str(record.get("game")))
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError(Msg("record has no deals"))
    seats = record.get("seats")
    max_deals = record.get("max_deals")
    try:
        match = Match(game, str(record.get("profile")), record.get("options") or {},
                      seats=[str(s) for s in seats] if isinstance(seats, list) else None,
                      max_deals=max_deals if isinstance(max_deals, int) else None, fair_seed=seed)
    except StammtischError as e:
        raise RecordError(str(e), deal=0) from None
    index = 0
    for i, d in enumerate(deals):
        if not isinstance(d, Mapping) or len(match.logs) - 1 != i:
            raise RecordError(Msg("the deal never started: the match ended after deal {n}", n=len(match.logs)),
                              deal=i)
        dealt = match.logs[i].ctx
        try:
            recorded = Deal.from_json(d.get("deal") or {}, game.deck)
        except (StammtischError, KeyError, TypeError, ValueError) as e:
            raise RecordError(Msg("malformed deal: {e}", e=e), deal=i) from None
        if d.get("dealer") != dealt.dealer:
            raise VerifyError(Msg("the record's dealer is not the one the seed gives ({want_seat})",
                                  want_seat=dealt.dealer), deal=i)
        if recorded.to_json(game.deck) != dealt.deal.to_json(game.deck):
            raise VerifyError(_hands_differ(game, recorded, dealt.deal), deal=i)
        for pair in d.get("actions") or []:
            if not (isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int)
                    and isinstance(pair[1], str)):
                raise RecordError(Msg("an action is [seat, \"notation\"]"), index=index, deal=i)
            if match.over or len(match.logs) - 1 != i:
                raise RecordError(Msg("the deal is already over; this action is one too many"), index=index,
                                  deal=i, seat=pair[0], action=pair[1])
            try:
                match.apply(pair[0], pair[1])
            except IllegalAction as e:
                raise RecordError(e.message, index=index, deal=i, seat=pair[0], action=pair[1],
                                  rule=e.rule) from None
            except StammtischError as e:
                raise RecordError(str(e), index=index, deal=i, seat=pair[0], action=pair[1]) from None
            index += 1
    replay(record)  # the results, as ``stammtisch replay`` checks them
    return len(deals)

