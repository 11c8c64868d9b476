"""The integer action API (``legal_action_ids`` / ``apply_id``) agrees with the notation.

Every game's ids are indices into ``Game.all_actions``; a fast path that a game adds must
return exactly the legal strings' ids, in the same order, and ``apply_id`` must leave the
same state as ``apply`` of the string (checked through the seats' views and the result).
"""

from __future__ import annotations

import random

import pytest

from stammtisch.core import registry
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import ActionSpace, Match

GAMES = [(g, p) for g in registry.available() for p in registry.get(g).profiles]


def test_action_space_refuses_unknown_ids() -> None:
    space = ActionSpace(["a", "b"])
    for bad in (-1, 2, 2**70, True, "0", 1.0):
        with pytest.raises(IllegalAction, match="no action id"):
            space.action(bad)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        ActionSpace(["a", "a"])


@pytest.mark.parametrize("game_name,profile", GAMES)
def test_ids_match_strings_over_random_deals(game_name: str, profile: str) -> None:
    game = registry.get(game_name)
    for seed in range(6):
        by_id = Match(game, profile, {}, seed=seed, max_deals=2)
        by_text = Match(game, profile, {}, seed=seed, max_deals=2)
        space = game.action_space(by_id.options)
        rng = random.Random(seed)
        steps = 0
        while not by_id.is_over():
            seat = by_id.to_act()[0]
            ids = by_id.legal_action_ids(seat)
            texts = by_text.legal_actions(seat)
            assert [space.actions[i] for i in ids] == texts
            choice = rng.randrange(len(ids))
            by_id.apply_id(seat, ids[choice])
            by_text.apply(seat, texts[choice])
            steps += 1
            assert steps < 5000
        assert by_id.result() == by_text.result()
        assert [lg.actions for lg in by_id.logs] == [lg.actions for lg in by_text.logs]


def test_apply_id_refuses_an_id_outside_the_space() -> None:
    game = registry.get("jass")
    match = Match(game, game.default_profile, {}, seed=1, max_deals=1)
    seat = match.to_act()[0]
    before = match.view(seat)
    with pytest.raises(IllegalAction, match="no action id"):
        match.apply_id(seat, len(game.action_space(match.options)))
    assert match.view(seat) == before
