"""Bot factories that split a decision between the learned network and the rule player, to find where
a learned player loses points (``py:benchmarks.strength.learned_hybrid:<factory>`` arena kinds).

* ``net_cards``: the network plays the cards, the rule player says every word (trump choice, bids,
  announcements);
* ``net_words``: the network says the words, the rule player plays the cards.

Run: ``.venv/bin/python benchmarks/strength/arena_run.py jass py:benchmarks.strength.learned_hybrid:net_cards
rule --pairs 100 --name arena_jass_hybrid-net-cards_vs_rule``.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import Turn
from stammtisch.learn.player import LearnedBot

#: words that are not cards in the four games' notation (a word with a colon is never a card)
WORDS = ("schieben", "weis", "stöck", "stoeck", "gesund", "vorbehalt", "re", "kontra", "pass", "gut", "nein",
         "hochzeit", "vorhand", "hold", "schleifen")


class Hybrid:
    name = "hybrid"

    def __init__(self, game: Any, net_for_cards: bool):
        self.learned, self.rule, self.cards = LearnedBot(game), game.rule_bot(), net_for_cards

    def choose(self, turn: Turn, rng: Any) -> str:
        card_turn = all(":" not in a and a not in WORDS for a in turn.legal)
        return str((self.learned if card_turn == self.cards else self.rule).choose(turn, rng))

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return self.rule.interject(turn, rng)  # type: ignore[no-any-return]


def net_cards(game: Any, options: Any) -> Hybrid:
    return Hybrid(game, True)


def net_words(game: Any, options: Any) -> Hybrid:
    return Hybrid(game, False)
