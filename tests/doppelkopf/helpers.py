"""Building Doppelkopf scenarios from hands written in notation."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.cards import DOKO
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.doppelkopf import GAME, DoppelkopfDeal

ALL = [t for t in DOKO.notation]  # 48 notations, each twice


def hands_with(fixed: Mapping[int, Sequence[str]], seed: int = 0, players: int = 4, dealer: int = 0
               ) -> list[list[str]]:
    """Hands where ``fixed`` seats hold (at least) the given cards; the rest dealt at random."""
    pool = list(ALL)
    hands: list[list[str]] = [[] for _ in range(players)]
    for s, cards in fixed.items():
        for c in cards:
            pool.remove(c)
            hands[s].append(c)
    random.Random(seed).shuffle(pool)
    for s in range(players):
        if players == 5 and s == dealer:
            assert not hands[s]
            continue
        while len(hands[s]) < 12:
            hands[s].append(pool.pop())
    assert not pool
    return hands


def make_state(hands: Sequence[Sequence[str]], dealer: int = 0, carry: Mapping[str, Any] | None = None,
               profile: str = "turnier", **overrides: Any) -> DoppelkopfDeal:
    options = GAME.options(profile, overrides)
    deal = Deal.from_json({"hands": [list(h) for h in hands]}, DOKO)
    c = {"regular_left": 20}
    c.update(carry or {})
    return DoppelkopfDeal(options, DealContext(0, dealer, deal, tuple([0] * len(hands)), c))


def run(st: DoppelkopfDeal, actions: Sequence[tuple[int, str]]) -> DoppelkopfDeal:
    for s, a in actions:
        st.apply(s, a)
    return st


def all_gesund(st: DoppelkopfDeal) -> DoppelkopfDeal:
    for s in list(st.active):
        st.apply(s, "gesund")
    return st


def play_lowest(st: DoppelkopfDeal, tricks: int) -> DoppelkopfDeal:
    """Play ``tricks`` tricks with the first legal card each time (no announcements)."""
    from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS

    for _ in range(tricks * 4):
        s = st.to_act()[0]
        card = next(a for a in st.legal_actions(s) if a not in ANNOUNCE_WORDS)
        st.apply(s, card)
    return st


def snapshot(st: DoppelkopfDeal) -> Any:
    """Everything observable about a state, for 'state unchanged' checks."""
    return ([st.view(s) for s in range(st.n)], st.public_view(), st.to_act(), st.interjectors(),
            [st.legal_actions(s) for s in range(st.n)], dict(st.level), list(st.hands))
