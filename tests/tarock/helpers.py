"""Helpers for Tarock tests: fixed deals, low-bidding bots, playing out."""

from __future__ import annotations

import random
from typing import Any

from stammtisch.core.cards import TAROCK
from stammtisch.core.protocol import BaseBot, Deal, DealContext, Turn
from stammtisch.games.tarock import GAME
from stammtisch.games.tarock.state import TarockDeal


def cards(text: str) -> tuple[int, ...]:
    return tuple(TAROCK.parse(t) for t in text.split())


def make_state(hands: list[str], talon: str, dealer: int = 3, profile: str | None = None,
               **overrides: Any) -> TarockDeal:
    """A deal from explicit hands (seat order) and talon (first three = half 0)."""
    opts = GAME.options(profile, overrides)
    deal = Deal(tuple(tuple(sorted(cards(h))) for h in hands), {"talon": cards(talon)})
    GAME.validate_deal(opts, deal)
    return GAME.new_deal(opts, DealContext(0, dealer, deal, tuple([0] * opts.players)))


def random_deal_state(seed: int, profile: str | None = None, **overrides: Any) -> TarockDeal:
    opts = GAME.options(profile, overrides)
    rng = random.Random(seed)
    dealer = rng.randrange(opts.players)
    deal = GAME.deal(opts, dealer, rng, {})
    return GAME.new_deal(opts, DealContext(0, dealer, deal, tuple([0] * opts.players)))


def play(state: TarockDeal, actions: list[tuple[int, str]]) -> None:
    for seat, action in actions:
        state.apply(seat, action)


class MixBot(BaseBot):
    """Random legal actions, but bids like a table: mostly passes, so every contract comes up."""

    name = "mix"

    def __init__(self, contract: str | None = None):
        self.contract = contract

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        bids = [a for a in legal if a.startswith("bid:")]
        if self.contract and f"bid:{self.contract}" in legal:
            return f"bid:{self.contract}"
        if "pass" in legal and (self.contract or rng.random() < 0.8):
            return "pass"
        if "vorhand" in legal and (self.contract or rng.random() < 0.7):
            return "vorhand"
        if "gut" in legal and rng.random() < 0.5:
            return "gut"
        if bids and "pass" not in legal and "vorhand" not in legal:
            return bids[rng.randrange(len(bids))]
        return legal[rng.randrange(len(legal))]


def play_random(state: TarockDeal, rng: random.Random, bot: BaseBot | None = None) -> None:
    bot = bot or MixBot()
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert legal, f"no legal action for seat {seat} in phase {state.phase}"
        state.apply(seat, bot.choose(Turn(seat, legal, lambda: state.view(seat)), rng))
