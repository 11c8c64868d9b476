"""Information-set Monte-Carlo tree search over any game of the protocol.

Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012): each iteration deals the hidden cards
afresh (:func:`~.worlds.draw`), walks one shared tree of actions (UCB over the children that are
legal in this determinization, with availability counts), adds one node, plays the rest with a
rollout (:mod:`.rollouts`) and backs the result up, from the point of view of the seat that chose
each action. :class:`~.search.SearchBot` decides with it where the PIMC search cannot.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Mapping
from typing import Any

from ..core.protocol import ActionSpace, DealState, Game
from .common import reward
from .rollouts import CardsFirstRollout, Rollout, _space_of
from .worlds import draw

__all__ = ["ismcts"]


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "sq", "seat")

    def __init__(self, seat: int = -1):
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.sq = 0.0  # sum of squared rewards (for the confidence test of the rule guard)
        self.seat = seat


def ismcts(game: Game, options: Any, view: Mapping[str, Any], seat: int, rng: random.Random, *,
           time_limit: float | None = 0.8, iterations: int | None = None, exploration: float = 0.7,
           rollout: Rollout | None = None, value_scale: str = "max",
           root_actions: frozenset[str] | None = None,
           spread: dict[str, float] | None = None, belief: bool = False,
           use_ids: bool | None = None, info: dict[str, Any] | None = None) -> dict[str, tuple[int, float]]:
    """Run SO-ISMCTS for ``seat`` from its deal ``view``.

    :param value_scale: how rewards are scaled for UCB: ``"max"`` (the largest absolute reward
        seen) or ``"std"`` (two standard deviations of the rewards seen)
    :param root_actions: search only these actions at the root (e.g. only the cards)
    :param spread: if given, filled with each root action's standard deviation of rewards
    :param belief: weight determinizations by the game's ``sample_weight`` (if it has one), see
        :func:`draw`
    :param use_ids: walk the tree with the integer action API (``legal_action_ids`` /
        ``apply_id``); default: when the game's state has its own fast path for it (the
        default path goes through the notation and is slower than the strings). The
        statistics are the same either way (tested).
    :param info: if given, filled with ``iterations`` (played) and ``capped`` (``True`` when
        ``time_limit`` stopped the search before ``iterations``). The clock starts after the first
        iteration (in a fresh process it includes loading compiled code), so with a budget of
        iterations the time limit is only a safety bound: a search it does not stop is a pure
        function of the view and ``rng``, whatever the machine's load.
    :returns: per root action ``(visits, mean reward)`` for ``seat``
    """
    if time_limit is None and iterations is None:
        raise ValueError("give a time limit or an iteration budget")
    rollout = rollout or CardsFirstRollout(game)
    weigh = getattr(game, "sample_weight", None) if belief else None
    # the integer action API where the game has one: the tree is keyed by action ids, and a
    # game's fast path (legal_action_ids / apply_id) never builds the strings
    space: ActionSpace | None = None
    root_ids: frozenset[Any] | None = root_actions
    root = _Node()
    deadline: float | None = None
    capped = False
    scale = 1.0
    nr, mean_r, m2 = 0, 0.0, 0.0
    done = 0
    last = 0.0  # duration of the previous iteration: stop early rather than overrun the deadline
    t_prev = time.perf_counter()
    while True:
        if iterations is not None and done >= iterations:
            break
        if time_limit is not None and done > 0:
            now = time.perf_counter()
            if deadline is None:  # the clock starts after the first iteration
                deadline, t_prev = now + time_limit, now
            else:
                last, t_prev = now - t_prev, now
                if now + last >= deadline:
                    capped = True
                    break
        done += 1
        state = draw(game, options, view, rng, weigh)
        if done == 1 and use_ids is not False and (
                use_ids or type(state).legal_action_ids is not DealState.legal_action_ids):
            space = _space_of(state)
            if space is not None and root_actions is not None:
                root_ids = frozenset(space.index[a] for a in root_actions if a in space.index)
        legal_of = state.legal_action_ids if space is not None else state.legal_actions
        apply_of = state.apply_id if space is not None else state.apply
        node = root
        path: list[_Node] = []
        while not state.is_over():
            mover = state.to_act()[0]
            legal: list[Any] = legal_of(mover)
            if node is root and root_ids is not None:
                legal = [a for a in legal if a in root_ids] or legal
            children = node.children
            untried = [a for a in legal if a not in children]
            for a in legal:
                ch = children.get(a)
                if ch is not None:
                    ch.avail += 1
            if untried:
                a = untried[rng.randrange(len(untried))]
                child = _Node(mover)
                child.avail = 1
                children[a] = child
                apply_of(mover, a)
                path.append(child)
                break
            best_a, best_v = legal[0], -math.inf
            for a in legal:
                ch = children[a]
                v = ch.total / (ch.visits * scale) + exploration * math.sqrt(math.log(ch.avail) / ch.visits)
                if v > best_v:
                    best_a, best_v = a, v
            node = children[best_a]
            apply_of(mover, best_a)
            path.append(node)
        end = rollout(state, rng)
        result = end.result() if isinstance(end, DealState) else end
        cache: dict[int, float] = {}
        for nd in path:
            r = cache.get(nd.seat)
            if r is None:
                r = cache[nd.seat] = reward(game, options, result, nd.seat)
                if value_scale == "max":
                    if abs(r) > scale:
                        scale = abs(r)
                else:  # two standard deviations of the rewards seen so far
                    nr += 1
                    d = r - mean_r
                    mean_r += d / nr
                    m2 += d * (r - mean_r)
                    if nr > 1:
                        scale = max(2.0 * math.sqrt(m2 / (nr - 1)), 1e-9)
            nd.visits += 1
            nd.total += r
            nd.sq += r * r
    if info is not None:
        info.update(iterations=done, capped=capped)
    name = (lambda a: space.actions[a]) if space is not None else (lambda a: a)
    if spread is not None:
        for a, ch in root.children.items():
            if ch.visits > 1:
                m = ch.total / ch.visits
                spread[name(a)] = math.sqrt(max(ch.sq / ch.visits - m * m, 0.0))
    return {name(a): (ch.visits, ch.total / ch.visits if ch.visits else 0.0) for a, ch in root.children.items()}
