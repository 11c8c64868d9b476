"""Papagei-Jass §29 (unnötiger Weis): a Weis item that can never count is not listed on its own.

Found by the random-play benchmark: with 100 announced by an opponent, a seat holding 4x10 and
a three-card sequence was offered ``weis:R9-RU`` alone, which ``apply`` then refused (a lone
20 can never beat 100). Every listed action must be accepted.
"""

from __future__ import annotations

from stammtisch.core.errors import IllegalAction
from stammtisch.games.jass import GAME

ACTIONS = [(2, "trump:slalom-oben"), (2, "weis"), (2, "EK"), (3, "EO"), (0, "S8")]


def test_a_pointless_single_weis_is_not_listed_and_every_listed_action_is_accepted() -> None:
    m = GAME.new_match(seed=6279, max_deals=1)
    for seat, action in ACTIONS:
        m.apply(seat, action)
    legal = m.legal_actions(1)
    assert "weis:R9-RU" not in legal  # 20 can never beat the 100 announced (§29)
    assert "weis" in legal and "weis:410" in legal  # 4x10 ties the 100: it may still count
    space = GAME.action_space(m.options)
    assert [space.actions[i] for i in m.legal_action_ids(1)] == legal
    for action in legal:
        trial = GAME.new_match(seed=6279, max_deals=1)
        for seat, a in ACTIONS:
            trial.apply(seat, a)
        trial.apply(1, action)  # accepted
    try:
        m.apply(1, "weis:R9-RU")
    except IllegalAction as e:
        assert e.rule == "Papagei-Jass §29"
    else:
        raise AssertionError("a Weis that can never count was accepted")
