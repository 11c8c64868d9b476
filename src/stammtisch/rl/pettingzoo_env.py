"""A PettingZoo AEC environment per game, with action masks (extra ``rl``).

>>> from stammtisch.rl.pettingzoo_env import env           # doctest: +SKIP
>>> e = env("jass")                                          # doctest: +SKIP
>>> e.reset(seed=1)                                          # doctest: +SKIP
>>> for agent in e.agent_iter():                             # doctest: +SKIP
...     obs, reward, term, trunc, info = e.last()
...     mask = obs["action_mask"]
...     e.step(None if term or trunc else int(mask.nonzero()[0][0]))

One episode is one deal. Agents are ``seat_0 .. seat_{n-1}`` (seats in the order of play);
the agent to act is the first seat of :meth:`DealState.to_act`. Observations are a dict of
``observation`` (the observation tensor of :mod:`stammtisch.rl.encoding`, float32) and
``action_mask`` (int8 over :meth:`Game.all_actions`, all zero for a seat not to act).
Rewards come at the end: the seat's column points minus the mean of the other columns.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..bots.common import reward
from ..core.protocol import DealContext, Game
from .encoding import Encoding

__all__ = ["env", "raw_env"]


def env(game: str | Game, profile: str | None = None, **kwargs: Any) -> AECEnv:
    """The wrapped environment (order enforcing, action bounds checked)."""
    e: AECEnv = raw_env(game, profile, **kwargs)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # noqa: N801 - PettingZoo's naming convention
    """One deal of a stammtisch game as an AEC environment."""

    metadata = {"render_modes": ["ansi"], "name": "stammtisch_v0", "is_parallelizable": False}

    def __init__(self, game: str | Game, profile: str | None = None, render_mode: str | None = None):
        super().__init__()
        if isinstance(game, str):
            from ..bots.arena import get_game

            game = get_game(game)
        self.game = game
        self.options = game.options(profile)
        self.enc = Encoding(game, self.options)
        self.n = self.enc.n
        self.metadata = dict(self.metadata, name=f"stammtisch_{game.name}_v0")
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(self.n)]
        self.agents = self.possible_agents[:]
        pieces = self.enc.obs_pieces()
        self._pieces = pieces
        size = Encoding.size(pieces)
        na = len(self.enc.actions)
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(low=0.0, high=float(max(4, game.deck.copies * 2)), shape=(size,),
                                          dtype=np.float32),
                "action_mask": spaces.Box(low=0, high=1, shape=(na,), dtype=np.int8),
            })
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(na) for a in self.possible_agents}
        self.state: Any = None
        self.history: list[tuple[int, str]] = []

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- episode -------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        rng = random.Random(seed)
        dealer = self.game.first_dealer(self.options, rng)
        deal = self.game.deal(self.options, dealer, rng, {})
        ctx = DealContext(0, dealer, deal, tuple(0 for _ in self.game.columns(self.options)), {})
        self.state = self.game.new_deal(self.options, ctx)
        self.history = []
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        if self.state.is_over():
            return self.agent_selection if hasattr(self, "agent_selection") else self.agents[0]
        return f"seat_{self.state.to_act()[0]}"

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        tensor = np.zeros(Encoding.size(self._pieces), np.float32)
        views, i = {}, 0
        for name, shape in self._pieces:
            size = int(np.prod(shape))
            views[name] = tensor[i:i + size].reshape(shape)
            i += size
        self.enc.write(views, self.state, self.history, seat, perfect_recall=False)
        mask = np.zeros(len(self.enc.actions), np.int8)
        if not self.state.is_over() and agent == self.agent_selection:
            try:
                mask[self.state.legal_action_ids(seat)] = 1  # the integer path: ids index all_actions
            except NotImplementedError:  # a deal state without the integer API
                for a in self.state.legal_actions(seat):
                    mask[self.enc.index[a]] = 1
        return {"observation": tensor, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        action = int(action)  # type: ignore[arg-type]
        self._cumulative_rewards[agent] = 0.0
        # the integer path; a masked-out action goes through the notation, whose IllegalAction
        # names the rule
        text = self.enc.actions[action]
        try:
            self.state.apply_id(seat, action)
        except NotImplementedError:  # a deal state without the integer API
            self.state.apply(seat, text)
        self.history.append((seat, text))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_over():
            res = self.state.result()
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = reward(self.game, self.options, res, s)
                self.terminations[a] = True
            self.infos = {a: {"result": res.to_json()} for a in self.agents}
        else:
            self.agent_selection = self._selected()
        self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode == "ansi":
            return " ".join(f"{s}:{a}" for s, a in self.history)
        return None

    def close(self) -> None:
        pass
