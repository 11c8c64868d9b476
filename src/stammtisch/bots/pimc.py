"""Determinized search with compiled playouts (perfect-information Monte Carlo, PIMC).

Each *world* deals the hidden cards afresh with :meth:`Game.sample_state` (weighted by the
game's ``sample_weight`` when it has one, :func:`~stammtisch.bots.search.draw`), exactly as an
ISMCTS iteration does; then one call into the game's compiled kernel values every candidate
action in that world: it plays the action, continues with the kernel's playout policy for every
seat to the end of the deal ``playouts`` times and settles in compiled code. The candidates'
means over all worlds decide (Ginsberg's GIB, 2001; Long, Sturtevant, Buro & Furtak 2010 on why
PIMC works well in trick-taking games). All candidates see the *same* worlds, so two actions are
compared on paired samples: the guard and the confidence figures use the per-world differences.

What a kernel offers (``stammtisch.bots.kernels``, docs/bots.md "Compiled search"):

* ``card_values(state, seat, cards, playouts, seed)`` — per card, the mean reward for ``seat``
  (:func:`~stammtisch.bots.common.reward`'s scale) in the determinized deal ``state``;
* ``word_values(state, seat, words, playouts, seed)`` (optional) — the same for words (contract,
  announcements, bids), ``None`` for a word it cannot value;
* ``pimc_playouts`` (optional) — playouts per candidate and world (default
  :data:`DEFAULT_PLAYOUTS`).

The kernel only ever receives a sampled deal, never the real one: the bot sees nothing but its
:class:`~stammtisch.core.protocol.Turn`.

"Iterations" of this search are playouts: ``worlds x candidates x playouts``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from ..core.protocol import DealState, Game
from .kernels import kernel_for
from .worlds import draw

__all__ = ["DEFAULT_PLAYOUTS", "Valuer", "valuer_for", "PimcResult", "pimc"]

#: playouts per candidate and world when the kernel does not say
DEFAULT_PLAYOUTS = 8


@runtime_checkable
class Valuer(Protocol):
    """What a compiled kernel offers the search (``word_values`` is optional)."""

    def card_values(self, state: DealState, seat: int, cards: Sequence[str], playouts: int,
                    seed: int) -> Sequence[float]: ...


def valuer_for(game: Game, options: Any) -> Valuer | None:
    """The game's compiled kernel if it can value cards (Numba installed), else ``None``."""
    k = kernel_for(game, options)
    return k if k is not None and callable(getattr(k, "card_values", None)) else None


@dataclass
class PimcResult:
    """What one search found.

    :ivar worlds: determinizations valued
    :ivar playouts: playouts played in all (the search's "iterations")
    :ivar samples: per action, its value in each world it was valued in (world order)
    """

    worlds: int = 0
    playouts: int = 0
    samples: dict[str, list[float]] = field(default_factory=dict)
    #: per action, the world numbers of its samples (a word the kernel cannot always value
    #: may miss some worlds)
    world_of: dict[str, list[int]] = field(default_factory=dict)
    per_sample: dict[str, int] = field(default_factory=dict)
    #: the time limit stopped the search before its budget of worlds or playouts
    capped: bool = False

    def add(self, world: int, action: str, value: float, playouts: int) -> None:
        self.samples.setdefault(action, []).append(value)
        self.world_of.setdefault(action, []).append(world)
        self.per_sample[action] = playouts

    def mean(self, action: str) -> float:
        s = self.samples.get(action)
        return sum(s) / len(s) if s else -math.inf

    def stats(self) -> dict[str, tuple[int, float]]:
        """Per action ``(playouts, mean reward)``, the shape :func:`~stammtisch.bots.search.ismcts` returns."""
        return {a: (len(s) * self.per_sample.get(a, 1), sum(s) / len(s)) for a, s in self.samples.items() if s}

    def best(self, among: Sequence[str] | None = None) -> str:
        """The action with the highest mean (ties: the first in ``among`` / insertion order)."""
        cands = [a for a in (among if among is not None else self.samples) if self.samples.get(a)]
        if not cands:
            raise ValueError("no action was valued")
        return max(cands, key=self.mean)

    def difficulty(self) -> float:
        """How close the decision was, in [0, 1]: 0 when the best action's lead over the second
        is three standard errors or more (paired), 1 for a tie (see :class:`~stammtisch.bots.search.Pace`)."""
        ranked = sorted((a for a, s in self.samples.items() if s), key=self.mean, reverse=True)
        if len(ranked) < 2:
            return 0.0
        m, se = self.margin(ranked[0], ranked[1])
        if se == 0.0:
            return 0.0 if m > 0 else 1.0
        return 1.0 if math.isinf(se) else max(0.0, 1.0 - m / (3.0 * se))

    def margin(self, a: str, b: str) -> tuple[float, float]:
        """Mean and standard error of ``value(a) - value(b)`` over the worlds both were valued in
        (paired: the same deals); ``(0, inf)`` with fewer than two common worlds."""
        wb = dict(zip(self.world_of.get(b, ()), self.samples.get(b, ())))
        diffs = [va - wb[w] for w, va in zip(self.world_of.get(a, ()), self.samples.get(a, ())) if w in wb]
        n = len(diffs)
        if n < 2:
            return 0.0, math.inf
        m = sum(diffs) / n
        var = sum((d - m) ** 2 for d in diffs) / (n - 1)
        return m, math.sqrt(var / n)


def pimc(game: Game, options: Any, view: Mapping[str, Any], seat: int, rng: random.Random, *,
         valuer: Any, cards: Sequence[str] = (), words: Sequence[str] = (),
         time_limit: float | None = 0.8, worlds: int | None = None, iterations: int | None = None,
         playouts: int | None = None, belief: bool = True) -> PimcResult:
    """Value ``cards`` (with ``valuer.card_values``) and ``words`` (``valuer.word_values``) for
    ``seat`` from its deal ``view`` over sampled worlds.

    Stops at the first of: ``time_limit`` seconds (never overrunning by more than one world's
    time), ``worlds`` determinizations, ``iterations`` playouts; at least one world is valued.
    The clock starts after the first world (in a fresh process that one includes loading the
    compiled kernel), so with a budget of worlds the time limit is only a safety bound: a search
    it does not stop (``PimcResult.capped`` false) is a pure function of the view and ``rng``.

    :param playouts: playouts per candidate and world (default: the kernel's ``pimc_playouts``)
    :param belief: weight worlds by the game's ``sample_weight`` (see :func:`~stammtisch.bots.search.draw`)
    """
    if time_limit is None and worlds is None and iterations is None:
        raise ValueError("give a time limit, a number of worlds or an iteration budget")
    k = int(playouts or getattr(valuer, "pimc_playouts", DEFAULT_PLAYOUTS))
    if k < 1:
        raise ValueError(f"playouts must be at least 1, not {k}")
    word_values = getattr(valuer, "word_values", None) if words else None
    cards, words = list(cards), list(words) if word_values is not None else []
    if not cards and not words:
        raise ValueError("nothing to value: no card, and no word the kernel can value")
    weigh = getattr(game, "sample_weight", None) if belief else None
    res = PimcResult()
    t_start = 0.0
    deadline: float | None = None
    per_world = k * (len(cards) + len(words))
    while True:
        if res.worlds and (
                (worlds is not None and res.worlds >= worlds)
                or (iterations is not None and res.playouts >= iterations)):
            break
        if res.worlds and time_limit is not None:
            now = time.perf_counter()
            if deadline is None:  # the clock starts after the first world
                t_start, deadline = now, now + time_limit
            elif now + (now - t_start) / (res.worlds - 1) >= deadline:
                res.capped = True
                break
        state = draw(game, options, view, rng, weigh)
        seed = rng.getrandbits(62)
        w = res.worlds
        if cards:
            for a, v in zip(cards, valuer.card_values(state, seat, cards, k, seed)):
                res.add(w, a, float(v), k)
        if words:
            for a, v in zip(words, word_values(state, seat, words, k, seed ^ 0x5DEECE66D)):  # type: ignore[misc]
                if v is not None:
                    res.add(w, a, float(v), k)
        res.worlds += 1
        res.playouts += per_world
    return res
