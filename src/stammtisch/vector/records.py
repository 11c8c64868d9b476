"""Game records from batched deals: every finished row becomes an ordinary ``stammtisch-record``.

:class:`Recorder` wraps a :class:`~stammtisch.vector.base.VectorEnv`, keeps each row's deal and
actions, and when a row's deal ends replays it through the engine (``Match`` with the recorded
deal, every action validated by ``apply``) and checks that the engine's settlement equals the
batched one before the record is handed out. The records replay with
:func:`stammtisch.core.records.replay` like any other (tested). It runs in Python per row and
step: meant for keeping some games, not for training loops.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.bits import bit_list
from ..core.errors import IllegalAction
from ..core.protocol import Deal, Match
from ..core.records import to_record
from .base import Batch, VectorEnv

__all__ = ["Recorder", "engine_match"]


def engine_match(env: VectorEnv, dealer: int, hands: Any, actions: list[tuple[int, int]]) -> Match:
    """A one-deal engine match of ``env``'s game and options with the given deal (hand bit
    sets, or the engine's ``Deal``) and ``(seat, action id)`` actions applied through the
    validated notation path."""
    deal = hands if isinstance(hands, Deal) else Deal(tuple(tuple(bit_list(h)) for h in hands))
    m = Match(env.game, env.profile, env.overrides, max_deals=1, recorded=[(dealer, deal)])
    for seat, aid in actions:
        m.apply(seat, env.space.actions[aid])
    return m


class Recorder:
    """Steps ``env`` and collects the record of every deal that ends (``self.records``)."""

    def __init__(self, env: VectorEnv, keep: int | None = None):
        self.env = env
        self.keep = keep
        self.records: list[dict[str, Any]] = []
        self._deal: list[tuple[int, list[int]]] = []
        self._acts: list[list[tuple[int, int]]] = []

    def reset(self, seed: int | None = None) -> Batch:
        b = self.env.reset(seed)
        self._deal = [self.env.current_deal(g) for g in range(self.env.num_envs)]  # type: ignore[attr-defined]
        self._acts = [[] for _ in range(self.env.num_envs)]
        return b

    def step(self, actions: Any) -> Batch:
        env = self.env
        seats = env.seat.copy()
        a = np.asarray(actions)
        b = env.step(a)
        for g in range(env.num_envs):
            self._acts[g].append((int(seats[g]), int(a[g])))
            if b.done[g]:
                if self.keep is None or len(self.records) < self.keep:
                    dealer, hands = self._deal[g]
                    m = engine_match(env, dealer, hands, self._acts[g])
                    if not m.over or list(m.logs[0].result.points) != b.points[g].tolist():  # type: ignore[union-attr]
                        raise IllegalAction(f"game {g}: the engine settles this batched deal differently")
                    self.records.append(to_record(m))
                self._deal[g] = env.current_deal(g)  # type: ignore[attr-defined]
                self._acts[g] = []
        return b
