"""Differential tests: the compiled Jass playout kernel against the reference engine.

Every kernel deal is replayed card by card through ``Match.apply`` (full validation): at
each step the kernel's legal set must equal the engine's legal cards, and the card points
and tricks per team must agree at the end. All modes of the ``varianten`` profile (trump
suits, Obenabe, Undenufe, Slalom, Quer 4-5 and 5-4, Misere, Drei mal Drei, Tutti) occur.
"""

from __future__ import annotations

import random

import pytest

from stammtisch.core import registry
from stammtisch.core.cards import JASS
from stammtisch.core.errors import OptionError

try:
    JASS_GAME = registry.get("jass")
except (OptionError, ImportError):  # pragma: no cover - before the engine lands
    pytest.skip("the Jass engine is not available", allow_module_level=True)

from stammtisch.bots.kernels.jass import COMPILED, JassKernel  # noqa: E402
from stammtisch.core.protocol import Match  # noqa: E402

DEALS = 4000


def _engine_legal_cards(d, seat) -> int:
    m = 0
    for a in d.legal_actions(seat):
        try:
            m |= 1 << JASS.parse(a)
        except Exception:
            continue
    return m


@pytest.mark.parametrize("undenufe_eleven", ["ass", "six"])
def test_kernel_matches_the_engine_on_thousands_of_deals(undenufe_eleven):
    k = JassKernel(undenufe_eleven)
    rng = random.Random(11)
    game = JASS_GAME
    overrides = {"undenufe_eleven": undenufe_eleven, "weis": False}
    opts = game.options("varianten", overrides)
    seen_modes = set()
    n = DEALS // 2
    for i in range(n):
        dealer = rng.randrange(4)
        deal = game.deal(opts, dealer, rng, {})
        m = Match(game, "varianten", overrides, max_deals=1, recorded=[(dealer, deal)])
        d = m.deal_state
        chooser = d.to_act()[0]
        modes = [a for a in d.legal_actions(chooser) if a.startswith("trump:")]
        mode = rng.choice(modes)
        m.apply(chooser, mode)
        seen_modes.add(d.mode.name.split(":")[0])
        k.seed(rng.getrandbits(40))
        pts, cards = k.playout_hands(list(d.hands), d.mode.name, d.trick_no, d.leader, list(d.trick))
        assert len(cards) == 36
        for c in cards:
            seat = d.turn
            assert k.legal(d.hands[seat], list(d.trick), d.tm, d.no_under) == _engine_legal_cards(d, seat), \
                (i, mode, JASS.format_mask(d.hands[seat]), d.trick)
            m.apply(seat, JASS.format(c))
        assert d.is_over()
        assert pts == [d.card_points[0], d.card_points[1], d.tricks_won[0], d.tricks_won[1]], (i, mode)
    assert {"trump", "misere", "3x3", "tutti"} <= {("trump" if len(x) == 1 else x) for x in seen_modes}


def test_random_deals_conserve_card_points():
    """Every non-Tutti mode deals out 152 card points plus 5 for the last trick (Swisslos, Schieber-Jass)."""
    k = JassKernel()
    modes = ["E", "S", "L", "R", "obenabe", "undenufe", "slalom-oben", "quer-unten", "misere:E"]
    tot = k.random_deals(500, seed=3, modes=modes)
    assert tot[0] + tot[1] == 500 * 157
    assert tot[2] + tot[3] == 500 * 9


def test_kernel_is_compiled_when_numba_is_installed():
    pytest.importorskip("numba")
    assert COMPILED


def test_kernel_rollout_finishes_an_engine_deal():
    k = JassKernel()
    m = JASS_GAME.new_match(seed=5, max_deals=1)
    d = m.deal_state
    d.apply(d.to_act()[0], "trump:obenabe")
    d.apply(d.to_act()[0], JASS.format_mask(d.legal_mask())[0])
    end = k.rollout(d.clone(), random.Random(1))
    assert end.is_over()
    assert sum(end.result().points) > 0
