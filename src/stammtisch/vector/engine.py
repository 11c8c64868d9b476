"""The fallback batched environment: the same arrays and calls, one engine deal state per row.

Every game has a compiled batched step; ``make(game, B, engine=True)``, and ``make`` for a setup the
compiled step does not cover (Doppelkopf ``turnier5``, Perlaggen ``live`` or ``target=1``), returns an
:class:`EngineVectorEnv`: every row is the game's own deal state, stepped
through the integer API (``legal_action_ids`` / ``apply_id``) in a Python loop. It contains every
word of the game (Vorbehalt and solos, bids, king call, talon, announcements, Kontras, Perlaggen
bids and answers: whatever the engine offers the seat to move) but runs at the engine's speed, not
the kernels'. Out-of-turn actions (``interjectors``) are not offered, as in the OpenSpiel adapter.

The observation is the observation tensor of :mod:`stammtisch.rl.encoding` (the one the PettingZoo
and OpenSpiel adapters use: hand, current trick and cards played by relative seat, every word said
by relative seat, whose turn), as ``uint8``; ``env.layout`` names its pieces.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ..bots.common import reward
from ..core.protocol import DealContext
from ..rl.encoding import Encoding
from .base import VectorEnv

__all__ = ["EngineVectorEnv"]


class EngineVectorEnv(VectorEnv):
    """``num_envs`` engine deals behind the batched API (see the module docstring)."""

    compiled = False

    def __init__(self, game: Any, num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(game, num_envs, profile, options)
        self.game_name = game.name
        self.num_seats = game.num_seats(self.options)
        self.enc = Encoding(game, self.options)
        self._pieces = self.enc.obs_pieces()
        self.layout = {}
        at = 0
        for name, shape in self._pieces:
            n = int(np.prod(shape))
            self.layout[name] = (at, n)
            at += n
        self.obs_size = at
        self.max_legal = self.num_actions
        self.supported = np.ones(self.num_actions, bool)
        self.states: list[Any] = [None] * self.num_envs
        self.histories: list[list[tuple[int, str]]] = [[] for _ in range(self.num_envs)]
        self._deals = np.zeros(self.num_envs, np.int64)
        self._dealt: list[tuple[int, Any]] = [(0, None)] * self.num_envs
        self._seed = 0
        self._cols = tuple(0 for _ in game.columns(self.options))
        self._alloc()
        self.obs_f = np.zeros(self.obs_size, np.float32)

    def _new(self, g: int) -> None:
        rng = random.Random(f"{self._seed}:{g}:{int(self._deals[g])}")
        self._deals[g] += 1
        dealer = self.game.first_dealer(self.options, rng)
        deal = self.game.deal(self.options, dealer, rng, {})
        self._dealt[g] = (dealer, deal)
        self.states[g] = self.game.new_deal(self.options, DealContext(0, dealer, deal, self._cols, {}))
        self.histories[g] = []

    def _write(self, g: int) -> None:
        st = self.states[g]
        ids: list[int] = []
        if st.is_over():
            self.seat[g] = -1
        else:
            s = st.to_act()[0]
            self.seat[g] = s
            ids = sorted(st.legal_action_ids(s))
        self.mask[g] = False
        self.mask[g, ids] = True
        self.legal_ids[g, :len(ids)] = ids
        self.num_legal[g] = len(ids)
        if self.seat[g] >= 0:
            self._obs_into(g, int(self.seat[g]), self.obs)
        else:
            self.obs[g] = 0

    def _obs_into(self, g: int, seat: int, out: np.ndarray, k: int | None = None) -> None:
        t = self.obs_f
        t[:] = 0
        views, at = {}, 0
        for name, shape in self._pieces:
            n = int(np.prod(shape))
            views[name] = t[at:at + n].reshape(shape)
            at += n
        self.enc.write(views, self.states[g], self.histories[g], seat, perfect_recall=False)
        out[g if k is None else k] = t

    def _reset_rows(self) -> None:
        self._seed = int(self.R[0]) if self.num_envs else 0  # seeded by reset(seed) via the first stream
        self._deals[:] = 0
        for g in range(self.num_envs):
            self._new(g)
            self._write(g)

    def _step_rows(self, actions: np.ndarray) -> int:
        for g in range(self.num_envs):
            a = int(actions[g])
            if self.seat[g] >= 0 and not (0 <= a < self.num_actions and self.mask[g, a]):
                return g
        names = self.space.actions
        for g in range(self.num_envs):
            self.done[g] = False
            self.reward[g] = 0
            if self.seat[g] < 0:
                continue
            st, seat, a = self.states[g], int(self.seat[g]), int(actions[g])
            st.apply_id(seat, a)
            self.histories[g].append((seat, names[a]))
            if st.is_over():
                res = st.result()
                self.points_out[g] = res.points
                for s in range(self.num_seats):
                    self.reward[g, s] = reward(self.game, self.options, res, s)
                self.done[g] = True
                if self.autoreset:
                    self._new(g)
            self._write(g)
        return -1

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:
        for g in range(self.num_envs):
            if seats[g] >= 0 and not self.states[g].is_over():
                self._obs_into(g, int(seats[g]), out)

    def current_deal(self, g: int) -> tuple[int, Any]:
        """Row ``g``'s dealer and ``Deal`` (the engine's)."""
        return self._dealt[g]

    def engine_deal(self, g: int) -> Any:
        dealer, deal = self._dealt[g]
        return self.game.new_deal(self.options, DealContext(0, dealer, deal, self._cols, {}))
