"""A referee's rulings on a recorded game: Renonce (kind, offender) and struck rows.

The engine refuses impossible actions online and detects the Renonce it can see (option
``renonce_mode="detect"``). Everything else — talking, throwing cards in, a wrong discard at a
live table — a referee declares on the record of the game (Österreich-Finale 10); Tiroler Cup,
Paragrafen). The deal is replayed through the rules up to its recorded end and settled as a
Renonce (Österreich-Finale 10); Tiroler Cup, Abrechnung).

>>> import random
>>> from stammtisch.core import records
>>> from stammtisch.core.driver import play_out
>>> from stammtisch.games.tarock import GAME
>>> m = GAME.new_match(seed=4, max_deals=1)
>>> play_out(m, [GAME.rule_bot()] * 4, random.Random(4))
>>> r = rule_renonce(records.to_record(m), 0, [("reden", 1)])
>>> sum(r.points), r.points[1] < 0
(0, True)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core import records
from stammtisch.core.errors import IllegalAction, RecordError
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import DealResult

from .scoring import RENONCE_KINDS
from .state import TarockDeal

__all__ = ["rule_renonce", "strike", "replay_deal"]


def replay_deal(record: Mapping[str, Any], deal: int) -> TarockDeal:
    """The state of deal ``deal`` of ``record`` after its recorded actions.

    :raises RecordError: malformed record, an illegal action, or no such deal
    """
    match = records.replay(record, check_results=False)
    if not 0 <= deal < len(match.logs):
        raise RecordError(Msg('the record has no deal {deal}', deal=deal), deal=deal)
    if match.game.name != "tarock":
        raise RecordError(Msg("not a Tarock record"))
    log = match.logs[deal]
    state = match.game.new_deal(match.options, log.ctx)
    for seat, action in log.actions:
        state.apply(seat, action)
    return state  # type: ignore[return-value]


def rule_renonce(record: Mapping[str, Any], deal: int, renonces: Sequence[tuple[str, int]],
                 claims: Sequence[tuple[int, int]] = ()) -> DealResult:
    """Settle deal ``deal`` of ``record`` as a Renonce of one or two offenders ``(kind, seat)``.

    ``claims`` are ``(seat, points)`` of provable silent losses (Österreich-Finale 10)).

    :raises IllegalAction: unknown kind or seat, more than two offenders
    """
    if not renonces:
        raise IllegalAction(Msg("name at least one Renonce (kind, offender)"), rule="Österreich-Finale 10)")
    state = replay_deal(record, deal)
    for i, (kind, offender) in enumerate(renonces):
        if kind not in RENONCE_KINDS:
            raise IllegalAction(Msg("unknown Renonce kind '{kind}' (known: {renonce_kinds})", kind=kind, renonce_kinds=', '.join(RENONCE_KINDS)),
                                rule="Österreich-Finale 10)")
        state.declare_renonce(kind, offender, tuple(claims) if i == 0 else ())
    return state.result()


def strike(record: Mapping[str, Any], deal: int) -> DealResult:
    """Strike deal ``deal``: 0 for everybody (Österreich-Finale 1); Tiroler Cup, Abrechnung)."""
    state = replay_deal(record, deal)
    state.strike()
    return state.result()
