"""jass-kit (GPL-3.0, test/benchmark only, never imported by the package) agents as stammtisch bots.

jass-kit plays Schieber with the four trump suits, Obenabe and Une-ufe (Undenufe) and pushing;
its agents (``AgentRandomSchieber``, ...) get a ``GameObservation`` built here from our view.
Card mapping: jass-kit's suits are Diamonds=Schellen, Hearts=Rosen, Spades=Schilten,
Clubs=Eicheln, ranks A K Q J 10 9 8 7 6 within a suit; Q = Ober, J = Under.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from stammtisch.core.cards import JASS
from stammtisch.core.protocol import BaseBot, Turn

from .plain_modes import PLAIN_TRUMPS, PlainModes

from jass.game.const import OBE_ABE, PUSH, UNE_UFE  # noqa: E402
from jass.game.game_observation import GameObservation  # noqa: E402

#: our suit index (E S L R) -> jass-kit suit (C D S H)
SUIT_TO_KIT = (3, 0, 2, 1)
KIT_TO_SUIT = {k: s for s, k in enumerate(SUIT_TO_KIT)}
MODE_TO_KIT = {"E": 3, "S": 0, "L": 2, "R": 1, "obenabe": OBE_ABE, "undenufe": UNE_UFE}
KIT_TO_MODE = {v: k for k, v in MODE_TO_KIT.items()}


def to_kit(card: int) -> int:
    return SUIT_TO_KIT[card // 9] * 9 + (8 - card % 9)


def from_kit(card: int) -> int:
    return KIT_TO_SUIT[card // 9] * 9 + (8 - card % 9)


def observation(view: dict[str, Any], seat: int) -> GameObservation:
    obs = GameObservation()
    obs.dealer = view["dealer"]
    obs.player = seat
    obs.player_view = seat
    for c in JASS.parse_cards(view["hand"]):
        obs.hand[to_kit(c)] = 1
    trump = view.get("trump")
    if trump:
        obs.trump = MODE_TO_KIT.get(trump, -1)
        obs.forehand = 0 if view.get("geschoben") else 1
        obs.declared_trump = view.get("declarer", -1)
    else:
        obs.forehand = 0 if view.get("geschoben") else -1
    trick = view.get("trick") or []
    for i, (_, card) in enumerate(trick):
        obs.current_trick[i] = to_kit(JASS.parse(card))
    obs.nr_cards_in_trick = len(trick)
    return obs


class JassKitBot(BaseBot):
    """A jass-kit agent behind our protocol; counts moves it proposed that our rules refused."""

    def __init__(self, agent: Any, name: str = "jasskit"):
        self.agent = agent
        self.name = name
        self.refused = 0

    def choose(self, turn: Turn, rng: Any) -> str:
        view = turn.view
        view = view.get("deal", view) if "game" in view else view
        obs = observation(view, turn.seat)
        legal = list(turn.legal)
        if view["phase"] == "trump":
            t = int(self.agent.action_trump(obs))
            a = "schieben" if t == PUSH else f"trump:{KIT_TO_MODE.get(t, '')}"
        else:
            a = JASS.format(from_kit(int(self.agent.action_play_card(obs))))
        if a not in legal:
            self.refused += 1
            cards = [x for x in legal if x in JASS.notation] or legal
            a = cards[rng.randrange(len(cards))]
        return a


def kit_valid_cards(view: dict[str, Any], seat: int) -> list[str]:
    """jass-kit's own rule: the valid cards for our view, in our notation."""
    from jass.game.rule_schieber import RuleSchieber

    obs = observation(view, seat)
    valid = RuleSchieber().get_valid_cards_from_obs(obs)
    return sorted(JASS.format(from_kit(int(i))) for i in np.flatnonzero(valid))


def random_agent(game: Any = None, options: Any = None) -> JassKitBot:
    """Bot factory for ``stammtisch arena jass --b py:tests.bots.jasskit_adapter:random_agent``."""
    from jass.agents.agent_random_schieber import AgentRandomSchieber

    return JassKitBot(AgentRandomSchieber(), "jasskit-random")


KIT_TRUMPS = PLAIN_TRUMPS


class KitModes(PlainModes):
    """Any bot restricted to the modes jass-kit knows (trump suits, Obenabe, Undenufe, Schieben),
    so that jass-kit's agents are only ever asked to play what they support."""

    def __init__(self, bot: Any):
        super().__init__(bot, "kitmodes")


def search_kit_modes(game: Any, options: Any = None) -> KitModes:
    """``py:tests.bots.jasskit_adapter:search_kit_modes``: the search player (0.3 s per decision)
    in jass-kit's modes."""
    from stammtisch.bots.search import SearchBot

    return KitModes(SearchBot(game, options, time_limit=0.3))


def rule_kit_modes(game: Any, options: Any = None) -> KitModes:
    return KitModes(game.rule_bot())
