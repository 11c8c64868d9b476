"""The batched environment every game's vector env shares: arrays, reset, step, auto-reset.

A :class:`VectorEnv` holds ``num_envs`` deals as rows of NumPy arrays and steps all of them with
one compiled call. After :meth:`VectorEnv.reset` and after every :meth:`VectorEnv.step`, per row:

========== ======================== ===========================================================
``seat``   ``int64 (B,)``           the seat to move
``mask``   ``bool (B, A)``          its legal actions, as ids of ``Game.action_space(options)``
``obs``    ``uint8 (B, O)``         its observation (layout ``env.layout``, docs/bots.md)
``reward`` ``float32 (B, seats)``   each seat's reward when the row's deal ended in this step, else 0
``done``   ``bool (B,)``            the row's deal ended in this step
``points`` ``int64 (B, columns)``   the settlement (``DealResult.points``) of a deal that ended
========== ======================== ===========================================================

**After a deal ends** (without auto-reset: the row waits with ``seat == -1``) the row's observation is
all zeros, in ``obs`` and in :meth:`VectorEnv.observe` for every seat, in every game (one convention;
the final standing is in ``points`` and ``reward`` of the step that ended it). With auto-reset the
row's ``obs`` is already the next deal's.

``env.legal_ids[g, :env.num_legal[g]]`` lists the same legal ids as ``mask[g]`` (in the order of
``mask``). The reward is :func:`stammtisch.bots.common.reward`'s: the seat's column's points minus the
mean of the other columns. With ``autoreset`` (the default) a finished row is dealt afresh in
the same step: ``seat``, ``mask`` and ``obs`` are then the new deal's (Gymnasium's "same-step"
auto-reset), ``reward``, ``done`` and ``points`` the finished deal's. The arrays belong to the
environment and are overwritten by the next call: copy what you keep.

Every row draws its deals from its own random stream, seeded from ``reset(seed)`` and the row
number, so a run is a pure function of the seed and the actions (tested), whatever ``B``.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from ..core.errors import IllegalAction

__all__ = ["VectorEnv", "Batch"]


class Batch(NamedTuple):
    """What :meth:`VectorEnv.reset` and :meth:`VectorEnv.step` return (views of the env's arrays)."""

    seat: np.ndarray
    obs: np.ndarray
    mask: np.ndarray
    reward: np.ndarray
    done: np.ndarray
    points: np.ndarray


class VectorEnv:
    """Base class: a game's subclass sets the tables and the compiled ``_reset_rows`` /
    ``_step_rows`` / ``_observe_rows``."""

    game_name: str = ""
    #: whether the step is compiled (False: the engine fallback, one deal state per row)
    compiled: bool = True
    num_seats: int = 4
    obs_size: int = 0
    layout: dict[str, tuple[int, int]]
    #: the most actions a row can have legal at once (the width of ``legal_ids``)
    max_legal: int = 0
    #: ``bool (A,)``: the action ids a batched deal can ever offer (the rest are documented fallbacks)
    supported: np.ndarray
    S: np.ndarray

    def __init__(self, game: Any, num_envs: int, profile: str | None, options: dict[str, Any] | None):
        if not isinstance(num_envs, (int, np.integer)) or isinstance(num_envs, bool) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive whole number, not {num_envs!r}")
        self.game = game
        self.num_envs = int(num_envs)
        self.profile = profile or game.default_profile
        self.overrides = dict(options or {})
        self.options = game.options(self.profile, self.overrides)
        self.space = game.action_space(self.options)
        self.num_actions = len(self.space.actions)
        self.columns = len(game.columns(self.options))
        self.autoreset = True
        self._seeded = False

    def _alloc(self) -> None:
        B, A = self.num_envs, self.num_actions
        self.R = np.zeros(B, np.uint64)        # dealing streams
        self.R_act = np.zeros(B, np.uint64)    # streams of sample_actions (apart from the deals)
        self.seat = np.full(B, -1, np.int64)
        self.mask = np.zeros((B, A), np.bool_)
        self.obs = np.zeros((B, self.obs_size), np.uint8)
        self.reward = np.zeros((B, self.num_seats), np.float32)
        self.done = np.zeros(B, np.bool_)
        self.points_out = np.zeros((B, self.columns), np.int64)
        self._act = np.zeros(B, np.int64)
        self.legal_ids = np.full((B, self.max_legal), -1, np.int64)
        self.num_legal = np.zeros(B, np.int64)

    # -- subclass hooks -------------------------------------------------------------------
    def _reset_rows(self) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _step_rows(self, actions: np.ndarray) -> int:  # pragma: no cover - abstract
        raise NotImplementedError

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    # -- the API --------------------------------------------------------------------------
    def batch(self) -> Batch:
        return Batch(self.seat, self.obs, self.mask, self.reward, self.done, self.points_out)

    def reset(self, seed: int | None = None) -> Batch:
        """Deal every row afresh. ``seed`` (an int) makes the run reproducible; ``None`` seeds
        from the operating system's entropy."""
        from ._streams import seed_rows

        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1, np.uint64)[0] >> np.uint64(1))
        if not isinstance(seed, (int, np.integer)) or isinstance(seed, bool):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        seed = int(seed) & ((1 << 63) - 1)
        seed_rows(self.R, seed)
        seed_rows(self.R_act, seed ^ 0x5DEECE66D)
        self.reward[:] = 0
        self.done[:] = False
        self.points_out[:] = 0
        self._reset_rows()
        self._seeded = True
        return self.batch()

    def step(self, actions: Any) -> Batch:
        """Apply one action id per row (the seat to move's). An id outside a row's mask is refused
        with :class:`~stammtisch.core.errors.IllegalAction` naming the row, and no row changes.
        Without auto-reset a finished row (``seat == -1``) waits for :meth:`reset`; its entry is ignored."""
        if not self._seeded:
            raise IllegalAction("call reset(seed) before step(actions)")
        a = np.asarray(actions)
        if a.shape != (self.num_envs,) or not np.issubdtype(a.dtype, np.integer):
            raise IllegalAction(f"step needs one whole-number action id per game: shape ({self.num_envs},), "
                                f"not {a.shape} of {a.dtype}")
        a = np.ascontiguousarray(a, np.int64)  # the compiled steps read their arrays as C-contiguous int64
        bad = self._step_rows(a)
        if bad >= 0:
            aid = int(a[bad])
            what = repr(self.space.actions[aid]) if 0 <= aid < self.num_actions else "no action"
            raise IllegalAction(f"game {bad}: action id {aid} ({what}) is not legal for seat {int(self.seat[bad])} "
                                f"here; legal: {np.flatnonzero(self.mask[bad]).tolist()}")
        return self.batch()

    def sample_actions(self) -> np.ndarray:
        """A uniformly random legal action per row (a random player), from streams of its own."""
        from ._streams import random_actions

        random_actions(self.legal_ids, self.num_legal, self.R_act, self._act)
        return self._act

    def observe(self, seats: Any) -> np.ndarray:
        """Each row's observation for ``seats[g]`` (any seat, not only the one to move; ``-1``: zeros;
        a finished row waiting for :meth:`reset`: zeros for every seat)."""
        s = np.asarray(seats, np.int64)
        if s.shape != (self.num_envs,) or s.min(initial=0) < -1 or s.max(initial=0) >= self.num_seats:
            raise ValueError(f"observe needs one seat (0..{self.num_seats - 1} or -1) per game")
        out = np.zeros((self.num_envs, self.obs_size), np.uint8)
        self._observe_rows(s, out)
        return out

    def action_names(self, ids: Any) -> list[str]:
        """The notation of action ids (``Game.action_space(options).actions``)."""
        return [self.space.actions[int(i)] for i in np.asarray(ids).ravel()]
