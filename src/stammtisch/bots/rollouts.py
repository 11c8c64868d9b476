"""Playout policies of the search: how a determinized deal is played to its end.

A rollout is a callable ``(state, rng) -> finished state or DealResult``. :class:`CardsFirstRollout`
(uniform, but a card whenever a card may be played) is the default; :class:`RuleRollout` lets the
game's rule-based player play; the compiled kernels (:mod:`stammtisch.bots.kernels`) offer faster
rollouts of the same random play.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..core.protocol import ActionSpace, DealState, Game, Turn

__all__ = ["Rollout", "CardsFirstRollout", "RuleRollout"]


Rollout = Callable[[DealState, random.Random], Any]


def _random_rollout(state: DealState, rng: random.Random) -> DealState:
    """Play ``state`` to its end with uniformly random actions of the seat to move (any action)."""
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, legal[rng.randrange(len(legal))])
    return state


class CardsFirstRollout:
    """The default playout: uniformly random, but when the seat to move may play a card it
    plays one, so optional words (announcements, Weis, claims) are never said at random in a
    playout; bids and other required words are random as usual. A card is an action in the
    game deck's notation."""

    def __init__(self, game: Game):
        self.deck = game.deck
        self._is_card: dict[str, bool] = {}
        self._card_ids: dict[int, tuple[ActionSpace, frozenset[int]]] = {}

    def is_card(self, action: str) -> bool:
        v = self._is_card.get(action)
        if v is None:
            try:
                self.deck.parse(action)
                v = True
            except Exception:
                v = False
            self._is_card[action] = v
        return v

    def card_ids(self, space: ActionSpace) -> frozenset[int]:
        """The ids of the cards in ``space`` (cached per space)."""
        got = self._card_ids.get(id(space))
        if got is None or got[0] is not space:
            got = (space, frozenset(i for i, a in enumerate(space.actions) if self.is_card(a)))
            self._card_ids[id(space)] = got
        return got[1]

    def __call__(self, state: DealState, rng: random.Random) -> DealState:
        fast = type(state).legal_action_ids is not DealState.legal_action_ids
        space = _space_of(state) if fast else None
        if space is not None:  # the game's fast integer action API
            card_ids = self.card_ids(space)
            while not state.is_over():
                seat = state.to_act()[0]
                ids = state.legal_action_ids(seat)
                pool = [a for a in ids if a in card_ids] or ids
                state.apply_id(seat, pool[rng.randrange(len(pool))])
            return state
        is_card = self.is_card
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            cards = [a for a in legal if is_card(a)]
            pool = cards or legal
            state.apply(seat, pool[rng.randrange(len(pool))])
        return state


class RuleRollout:
    """An informed playout: the game's rule-based player plays every seat (``epsilon``: the
    share of moves played at random instead). Slower per playout than random play, but each
    playout is a plausible continuation, which pays where the rule player is already good."""

    def __init__(self, game: Game, epsilon: float = 0.1):
        self.bot = game.rule_bot()
        self.epsilon = epsilon
        self.cards = CardsFirstRollout(game)

    def __call__(self, state: DealState, rng: random.Random) -> DealState:
        bot, eps, is_card = self.bot, self.epsilon, self.cards.is_card
        while not state.is_over():
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            if len(legal) == 1:
                a = legal[0]
            elif rng.random() < eps:
                pool = [x for x in legal if is_card(x)] or legal
                a = pool[rng.randrange(len(pool))]
            else:
                a = bot.choose(Turn(seat, legal, lambda s=seat: state.view(s)), rng)
            state.apply(seat, a)
        return state


def _space_of(state: DealState) -> ActionSpace | None:
    """The state's integer action space, or ``None`` for a game without one."""
    try:
        return state.action_space()
    except NotImplementedError:
        return None

