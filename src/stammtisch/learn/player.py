"""The learned computer player: a small network per game, run in plain NumPy (no training library).

A network maps the batched environments' observation of the seat to move (``stammtisch.vector``,
``env.observation_from_view(view)``: built from the seat's own ``view`` alone, so it holds nothing the
seat may not know) to one logit per action id of ``Game.action_space(options)``; the player takes the
legal action with the highest logit. The weights ship in the package
(``stammtisch/learn/weights/<game>.npz``, written by :mod:`stammtisch.learn.train`): a multilayer
perceptron ``x -> relu(x W1 + b1) -> relu(. W2 + b2) -> . W3 + b3`` over the observation bytes scaled
by ``scale``.

Words the batched deal never offers (docs/bots.md, "What a batched deal contains": Jass ``rest``,
``bedanken`` and single Weis items, Perlaggen's unseen bids and signals, out-of-turn announcements)
are never said by the network: when the engine offers nothing else the player asks the game's
rule-based player, and out of turn (``interject``) it stays silent. At a table the batched
observation does not describe (a Doppelkopf five-table) the rule player decides every decision and
``bot.errors`` says why, as the search player falls back when its sampler fails.

>>> from stammtisch.core import registry
>>> bot = LearnedBot(registry.get("jass"))
>>> bot.name
'learned'
"""

from __future__ import annotations

import json
from functools import cache
from importlib.resources import files
from typing import Any

import numpy as np

from ..core.protocol import BaseBot, Game, Turn

__all__ = ["Network", "LearnedBot", "make_bot", "load_network", "weights_path", "SHIPPED"]

#: the games with a network in the package
SHIPPED = ("jass", "doppelkopf", "tarock", "perlaggen")


class Network:
    """The policy network's forward pass in NumPy (float32)."""

    def __init__(self, params: dict[str, np.ndarray], meta: dict[str, Any]):
        self.layers = [(np.asarray(params[f"W{i}"], np.float32), np.asarray(params[f"b{i}"], np.float32))
                       for i in range(1, 1 + int(meta.get("layers", 3)))]
        self.scale = np.asarray(params["scale"], np.float32)
        self.meta = meta

    @property
    def obs_size(self) -> int:
        return int(self.scale.shape[0])

    @property
    def num_actions(self) -> int:
        return int(self.layers[-1][0].shape[1])

    def logits(self, obs: np.ndarray) -> np.ndarray:
        """``(N, A)`` logits for ``(N, O)`` observations (uint8 bytes or floats)."""
        h = np.asarray(obs, np.float32) * self.scale
        for W, b in self.layers[:-1]:
            h = h @ W
            h += b
            np.maximum(h, 0.0, out=h)
        W, b = self.layers[-1]
        return h @ W + b

    def act(self, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The legal action with the highest logit, per row (``mask``: ``(N, A)`` bool)."""
        z = np.where(mask, self.logits(obs), -np.inf)
        return np.asarray(z.argmax(axis=1), np.int64)


def weights_path(game: str) -> Any:
    """The shipped weights of ``game`` (an ``importlib.resources`` path)."""
    return files("stammtisch.learn").joinpath("weights").joinpath(f"{game}.npz")


@cache
def load_network(game: str, path: str | None = None) -> Network:
    """The network of ``game``: the shipped one, or the ``.npz`` at ``path`` (a training checkpoint).

    :raises FileNotFoundError: no network for that game
    """
    src = path if path is not None else weights_path(game)
    try:
        with np.load(str(src) if path is not None else src.open("rb"), allow_pickle=False) as z:  # type: ignore[union-attr]
            params = {k: z[k] for k in z.files}
    except FileNotFoundError:
        raise FileNotFoundError(f"no learned network for {game!r} (shipped: {', '.join(SHIPPED)})") from None
    meta = json.loads(bytes(params.pop("meta")).decode("utf-8")) if "meta" in params else {}
    if meta.get("game", game) != game:
        raise ValueError(f"the network at {src} was trained for {meta['game']!r}, not {game!r}")
    return Network(params, meta)


class LearnedBot(BaseBot):
    """A game's shipped (or given) network as a computer player behind the protocol.

    It sees only the :class:`~stammtisch.core.protocol.Turn`: its seat's view and legal actions."""

    name = "learned"

    def __init__(self, game: Game, options: Any | None = None, path: str | None = None):
        from ..vector import make  # the observation encoding of the batched environments

        self.game = game
        self.net = load_network(game.name, path)
        profile = self.net.meta.get("profile")
        self.env = make(game.name, 1, profile=profile, options=self.net.meta.get("options") or None)
        if self.env.obs_size != self.net.obs_size or self.env.num_actions != self.net.num_actions:
            raise ValueError(f"the {game.name} network expects {self.net.obs_size} observation bytes and "
                             f"{self.net.num_actions} actions, the environment has {self.env.obs_size} and "
                             f"{self.env.num_actions}")
        self.index = self.env.space.index
        self.actions = self.env.space.actions
        self.supported = self.env.supported
        self._rule: Any = None
        self.fallbacks = 0  # decisions left to the rule player (only words the network never says, or no observation)
        self._tables: dict[tuple[str, str], bool] = {}
        self.errors: list[str] = []  # why an observation could not be built (empty at every table of four)
        # a value network plays over the rule player (stammtisch.learn.values)
        self.residual = self.net.meta.get("kind") == "values"
        margins = self.net.meta.get("margins") or {}
        self.margins = {k: (None if margins.get(k) is None else float(margins[k])) for k in ("cards", "words")}
        self.is_card = np.zeros(self.net.num_actions, np.bool_)
        if self.residual:
            for i, a in enumerate(self.actions):
                try:
                    game.deck.parse(a)
                    self.is_card[i] = True
                except Exception:  # noqa: BLE001 - a word, not a card
                    pass
        self.trained = np.zeros(self.net.num_actions, np.bool_)
        self.trained[list(self.net.meta.get("trained", range(self.net.num_actions)))] = True
        self.deviations = 0  # decisions where the value network overruled the rule player
        self.kept = 0  # decisions where the rule player's choice stood

    def _ids(self, legal: list[str]) -> list[int]:
        out = []
        for a in legal:
            i = self.index.get(a)
            if i is not None and self.supported[i]:
                out.append(i)
        return out

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        if len(legal) == 1:
            return legal[0]
        ids = self._ids(legal)
        if not ids:
            self.fallbacks += 1
            if self._rule is None:
                self._rule = self.game.rule_bot()
            return str(self._rule.choose(turn, rng))
        if len(ids) == 1:
            return self.actions[ids[0]]
        try:
            if not self._fits(turn.view):
                raise ValueError("the batched observation does not describe this table "
                                 f"({turn.view.get('profile')}, {turn.view.get('options')})")
            obs = self.env.observation_from_view(turn.view)
        except (ValueError, IndexError, KeyError, TypeError) as e:
            # a table the batched observation does not describe (a Doppelkopf five-table's seat
            # numbers): the rule player decides, as the search player falls back (docs/bots.md)
            self.errors.append(f"{type(e).__name__}: {e}")
            self.fallbacks += 1
            if self._rule is None:
                self._rule = self.game.rule_bot()
            return str(self._rule.choose(turn, rng))
        z = self.net.logits(obs[None, :])[0]
        best = max(ids, key=lambda i: float(z[i]))
        if self.residual:
            return self._residual(turn, rng, ids, z, best)
        return self.actions[best]

    def _residual(self, turn: Turn, rng: Any, ids: list[int], z: np.ndarray, best: int) -> str:
        """A value network over the rule player (``meta["kind"] == "values"``,
        :mod:`stammtisch.learn.values`): the rule player's choice, unless the network values its
        best action more by ``meta["margins"]["cards"]`` (where its choice or the network's best is
        a card) or ``["words"]`` (a word against a word; ``None``: never); decisions with actions it never learned to value
        stay the rule player's."""
        if self._rule is None:
            self._rule = self.game.rule_bot()
        choice = str(self._rule.choose(turn, rng))
        r = self.index.get(choice)
        if r is None or r not in ids or not all(self.trained[i] for i in ids):
            self.kept += 1
            return choice
        # a card decision when either choice is a card (a word against a word is a word decision)
        margin = self.margins["cards" if self.is_card[r] or self.is_card[best] else "words"]
        if margin is not None and float(z[best] - z[r]) > margin:
            self.deviations += 1
            return self.actions[best]
        self.kept += 1
        return choice

    def _fits(self, view: dict[str, Any]) -> bool:
        """Whether the table of a match view has a compiled batched deal with the network's observation
        and actions (a Doppelkopf five-table has not: its batched form is the engine fallback's)."""
        if "profile" not in view or "options" not in view:
            return True  # a deal's own view: the table the bot was made for
        key = (str(view["profile"]), json.dumps(view["options"], sort_keys=True, default=str))
        ok = self._tables.get(key)
        if ok is None:
            from ..vector import make

            try:
                env = make(self.game.name, 1, profile=key[0], options=dict(view["options"]))
                ok = bool(env.compiled and env.obs_size == self.net.obs_size
                          and env.num_actions == self.net.num_actions)
            except Exception:  # noqa: BLE001 - a table the batched games cannot build at all
                ok = False
            self._tables[key] = ok
        return ok

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return None  # out-of-turn words are never in a batched deal: the network never learned them


def make_bot(game: Game, options: Any | None = None) -> LearnedBot:
    """The factory behind the bot kind ``learned`` (:func:`stammtisch.bots.make`)."""
    return LearnedBot(game, options)
