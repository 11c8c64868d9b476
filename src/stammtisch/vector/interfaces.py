"""Gymnasium- and PettingZoo-style faces of the batched environments (extra ``rl``).

* :class:`GymVectorEnv` is a ``gymnasium.vector.VectorEnv``: ``reset(seed=...) -> (obs, info)`` and
  ``step(actions) -> (obs, rewards, terminations, truncations, infos)`` over ``num_envs`` deals,
  one action per deal for the seat to move. ``obs`` is a dict of ``observation`` (``uint8``) and
  ``action_mask`` (``int8`` over ``Game.action_space``), batched. Auto-reset is Gymnasium's
  ``SAME_STEP`` mode (``metadata["autoreset_mode"]``): a deal that ends is dealt afresh in the same
  step, ``obs`` is the new deal's. A card game has several players, so ``rewards[g]`` is the reward
  of the seat that acted in deal ``g`` (0 until the deal ends); ``infos["rewards"]`` holds every
  seat's reward of a finished deal (``infos["_rewards"]`` marks those rows, Gymnasium's convention
  for partial infos), ``infos["points"]`` the settlement, ``infos["seat"]`` the seat to move now
  and ``infos["acted"]`` the seat that acted; ``infos["final_obs"]`` (``infos["_final_obs"]`` marks the
  rows) holds each finished deal's last observation as Gymnasium's ``SAME_STEP`` mode asks: all zeros,
  the observation of every finished deal in every game (:mod:`stammtisch.vector.base`). Deals never
  truncate.
* :class:`AECEnv` is a PettingZoo ``AECEnv`` of one deal on the batched core (``B = 1``): agents
  ``seat_0..seat_3``, ``observe(agent)`` any seat's observation, rewards at the end; PettingZoo's
  ``api_test`` passes (tested). The existing adapters (``stammtisch.rl.pettingzoo_env``,
  ``stammtisch.openspiel``) are unchanged and run the engine itself.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.vector import VectorEnv as _GymVectorEnv
from pettingzoo import AECEnv as _AECEnv

from . import make
from .base import VectorEnv

__all__ = ["GymVectorEnv", "AECEnv"]

try:  # Gymnasium >= 1.1
    from gymnasium.vector import AutoresetMode

    _SAME_STEP: Any = AutoresetMode.SAME_STEP
except ImportError:  # pragma: no cover
    _SAME_STEP = "SameStep"


def _single_space(env: VectorEnv) -> spaces.Dict:
    return spaces.Dict({
        "observation": spaces.Box(0, 255, (env.obs_size,), np.uint8),
        "action_mask": spaces.Box(0, 1, (env.num_actions,), np.int8),
    })


class GymVectorEnv(_GymVectorEnv):
    """A batched game as a Gymnasium vector environment (see the module docstring)."""

    metadata = {"autoreset_mode": _SAME_STEP, "render_modes": []}

    def __init__(self, game: str = "jass", num_envs: int = 1, profile: str | None = None,
                 options: dict[str, Any] | None = None):
        from gymnasium.vector.utils import batch_space

        self.env = make(game, num_envs, profile, options)
        self.num_envs = self.env.num_envs
        self.single_observation_space = _single_space(self.env)
        self.single_action_space = spaces.Discrete(self.env.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)
        self.render_mode = None
        self.closed = False

    def _obs(self) -> dict[str, np.ndarray]:
        return {"observation": self.env.obs, "action_mask": self.env.mask.view(np.int8)}

    def reset(self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        if isinstance(seed, (list, tuple)):  # Gymnasium passes one seed per sub-env: the first seeds all rows
            seed = seed[0]
        self.env.reset(seed)
        return self._obs(), {"seat": self.env.seat.copy(), "_seat": np.ones(self.num_envs, bool)}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        acted = self.env.seat.copy()
        b = self.env.step(actions)
        rows = np.arange(self.num_envs)
        rew = b.reward[rows, np.maximum(acted, 0)].astype(np.float32)
        done = b.done.copy()
        infos = {"seat": b.seat.copy(), "_seat": np.ones(self.num_envs, bool), "acted": acted,
                 "_acted": np.ones(self.num_envs, bool), "rewards": b.reward.copy(), "_rewards": done,
                 "points": b.points.copy(), "_points": done}
        if done.any():  # Gymnasium's SAME_STEP convention: the finished deals' last observations
            final = np.full(self.num_envs, None, dtype=object)
            for g in np.flatnonzero(done):  # a finished deal's observation is all zeros (VectorEnv, every game)
                final[g] = {"observation": np.zeros(self.env.obs_size, np.uint8),
                            "action_mask": np.zeros(self.env.num_actions, np.int8)}
            infos["final_obs"], infos["_final_obs"] = final, done
        return self._obs(), rew, done, np.zeros(self.num_envs, bool), infos

    def sample_actions(self) -> np.ndarray:
        """Uniformly random legal actions (``action_space.sample`` would ignore the masks)."""
        return self.env.sample_actions().copy()

    def close_extras(self, **kwargs: Any) -> None:
        pass


class AECEnv(_AECEnv):
    """One deal of a batched game as a PettingZoo AEC environment (see the module docstring)."""

    metadata = {"render_modes": [], "name": "stammtisch_vector_v0", "is_parallelizable": False}

    def __init__(self, game: str = "jass", profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__()
        self.env = make(game, 1, profile, options)
        self.env.autoreset = False
        self.metadata = dict(self.metadata, name=f"stammtisch_vector_{game}_v0")
        self.possible_agents = [f"seat_{i}" for i in range(self.env.num_seats)]
        self.agents = self.possible_agents[:]
        space = _single_space(self.env)
        self.observation_spaces = {a: space for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.env.num_actions) for a in self.possible_agents}
        self.render_mode = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.env.reset(seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[int(self.env.seat[0])]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.env.num_actions, np.int8)
        if int(self.env.seat[0]) == seat:
            mask[:] = self.env.mask[0]
        obs = self.env.observe(np.asarray([seat]))[0]
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        b = self.env.step(np.asarray([int(action)], np.int64))  # type: ignore[arg-type]
        self.rewards = {a: 0.0 for a in self.agents}
        if b.done[0]:
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = float(b.reward[0, s])
                self.terminations[a] = True
            self.infos = {a: {"points": b.points[0].tolist()} for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[int(b.seat[0])]
        self._accumulate_rewards()

    def render(self) -> None:
        return None

    def close(self) -> None:
        pass
