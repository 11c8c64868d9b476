"""The rule player raises like a careful player (§13 raising, §14 "Spiel aus" decides the Partie)."""

from __future__ import annotations

import random

from stammtisch.core.driver import play_out
from stammtisch.games.perlaggen import GAME
from stammtisch.games.perlaggen.bot import RuleBot
from stammtisch.games.perlaggen.scoring import AUS

from .helpers import cards

DEAL = {"seat": 0, "written": [3, 4], "target": 18, "tricks_won": [0, 0]}
ASSE5 = cards("HK W LA HA SA")      # a fünffaches Gleich of Asse (Laub trump)
ASSE3 = cards("LA HA SA E8 S9")     # a dritziges Gleich


def test_par14_spiel_aus_only_with_a_figure_that_cannot_well_be_beaten():
    bot = RuleBot()
    assert bot._raise_ok(DEAL, "gleich", ASSE5, 1, 0.99, 7)          # vierfach or better, p >= 0.97
    assert not bot._raise_ok(DEAL, "gleich", ASSE3, 1, 0.99, 7)      # a dritziges: not to "aus"
    assert not bot._raise_ok(DEAL, "gleich", ASSE5, 1, 0.95, 7)
    assert not bot._raise_ok(DEAL, "spiel", ASSE5, 1, 0.99, 7)       # the Spiel: only with two tricks won
    assert bot._raise_ok(dict(DEAL, tricks_won=[2, 0]), "spiel", ASSE5, 1, 0.99, 7)


def test_par13_each_raise_of_the_other_side_asks_more():
    bot = RuleBot()
    assert bot._raise_ok(DEAL, "gleich", ASSE3, 1, 0.86, 2)
    assert not bot._raise_ok(DEAL, "gleich", ASSE3, 1, 0.86, 4)      # 0.85 + 0.05 x 2 = 0.95 needed
    assert bot._raise_ok(DEAL, "gleich", ASSE3, 1, 0.96, 4)


def test_par13_no_raise_when_the_stake_already_takes_the_side_out():
    bot = RuleBot()
    assert not bot._raise_ok(dict(DEAL, written=[15, 4]), "gleich", ASSE5, 1, 0.99, 3)


def test_the_earlier_player_stays_available_for_comparison():
    assert RuleBot(careful=False)._raise_ok(DEAL, "gleich", ASSE3, 1, 0.81, 7)


def test_par14_careful_self_play_rarely_goes_to_spiel_aus():
    """Ten seeded Partien of four careful players: no figure offered at "Spiel aus" (the earlier
    player reached it 0.3 times a Partie, benchmarks/results/perlaggen_bot_bidding.json)."""
    aus = 0
    for seed in range(10):
        m = GAME.new_match(None, {}, seed=seed)
        play_out(m, [RuleBot() for _ in range(4)], random.Random(seed))
        for lg in m.logs:
            d = GAME.new_deal(m.options, lg.ctx)
            for s, a in lg.actions:
                d.apply(s, a)
                aus += sum(1 for f in d.figs.values() if f.status == "offered" and f.offer >= AUS)
    assert aus == 0
