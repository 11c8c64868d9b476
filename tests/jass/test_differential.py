"""Differential test against PyPI ``jass-kit`` (GPL-3.0, imported only here, never by the package).

Seeded random deals in the modes jass-kit knows (four suits, Obenabe, Undenufe with its card
values: profile ``software``, Six = 11): at every step the same seat to move and the same legal
cards, the same trick winners and points, the same final points.

The one allowed difference is jass-kit's open issue #10: after two trumps fell in a trick led
with another suit, it compares with the *lower* of them and so allows an under-trump
(Papagei-Jass §27). Every difference seen must be exactly that: jass-kit allows more, and the
extra cards are trumps below the highest trump in the trick, from a hand that holds other
cards too. The test also asserts that this class really occurred.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

jass_game = pytest.importorskip("jass.game.game_sim")
from jass.game.rule_schieber import RuleSchieber  # noqa: E402

from stammtisch.games.jass import GAME  # noqa: E402
from stammtisch.games.jass.modes import STRENGTH, SUIT_OF  # noqa: E402

DEALS = 4000

# our suit E S L R -> jass-kit colour (C=Eichel, D=Schellen, S=Schilten, H=Rosen per its comments)
SUIT_TO_JK = (3, 0, 2, 1)
JK_TO_SUIT = {v: k for k, v in enumerate(SUIT_TO_JK)}
MODE_TO_JK = {"E": 3, "S": 0, "L": 2, "R": 1, "obenabe": 4, "undenufe": 5}


def to_jk(card: int) -> int:
    return SUIT_TO_JK[card // 9] * 9 + (8 - card % 9)


def from_jk(card: int) -> int:
    return JK_TO_SUIT[card // 9] * 9 + (8 - card % 9)


def jk_seat(seat: int) -> int:
    """Our seats run in the order of play; jass-kit's are clockwise and play goes p -> p-1."""
    return (-seat) % 4


def our_seat(p: int) -> int:
    return (-p) % 4


def is_issue_10(extra: set[int], trick: list[int], tm: int, hand: int) -> bool:
    led = SUIT_OF[trick[0]]
    if tm >= 4 or led == tm:
        return False
    trumps_in_trick = [c for c in trick if SUIT_OF[c] == tm]
    if len(trumps_in_trick) < 2:
        return False
    base = (tm * 4 + led) * 36
    best = max(STRENGTH[base + c] for c in trumps_in_trick)
    only_trumps = all(SUIT_OF[c] == tm for c in range(36) if hand >> c & 1)
    return not only_trumps and all(SUIT_OF[c] == tm and STRENGTH[base + c] < best for c in extra)


def run_deal(seed: int, stats: dict[str, int]) -> None:
    rng = random.Random(seed)
    m = GAME.new_match("software", seed=seed, max_deals=1)
    d = m.deal_state
    sim = jass_game.GameSim(rule=RuleSchieber())
    hands = np.zeros((4, 36), dtype=np.int32)
    for s in range(4):
        for c in range(36):
            if d.hands[s] >> c & 1:
                hands[jk_seat(s), to_jk(c)] = 1
    sim.init_from_cards(hands, jk_seat(d.dealer))
    st = sim.state
    assert our_seat(st.player) == d.to_act()[0]
    if rng.random() < 0.5:
        d.apply(d.to_act()[0], "schieben")
        sim.action_trump(10)
        assert our_seat(st.player) == d.to_act()[0]
    mode = rng.choice(list(MODE_TO_JK))
    d.apply(d.to_act()[0], f"trump:{mode}")
    sim.action_trump(MODE_TO_JK[mode])
    while not d.is_over():
        seat = d.to_act()[0]
        assert our_seat(st.player) == seat, "seat to move"
        ours = d.legal_mask()
        theirs_arr = sim.rule.get_valid_cards(st.hands[st.player], st.current_trick, st.nr_cards_in_trick, st.trump)
        theirs = 0
        for jc in np.flatnonzero(theirs_arr):
            theirs |= 1 << from_jk(int(jc))
        if ours != theirs:
            extra = {c for c in range(36) if (theirs & ~ours) >> c & 1}
            assert ours & ~theirs == 0, f"seed {seed}: we allow cards jass-kit refuses"
            assert is_issue_10(extra, d.trick, d.tm, d.hands[seat]), f"seed {seed}: unexpected difference"
            stats["issue10"] += 1
        cards = [c for c in range(36) if ours >> c & 1]
        c = rng.choice(cards)
        n_before = len(d.history)
        d.play_card(c)
        sim.action_play_card(to_jk(c))
        if len(d.history) > n_before:
            k = len(d.history) - 1
            leader, _, winner, pts = d.history[k]
            assert our_seat(int(st.trick_winner[k])) == winner, f"seed {seed}: trick {k} winner"
            assert int(st.trick_points[k]) == pts, f"seed {seed}: trick {k} points"
            assert our_seat(int(st.trick_first_player[k])) == leader
        stats["steps"] += 1
    assert sim.is_done()
    assert [int(st.points[0]), int(st.points[1])] == d.card_points, f"seed {seed}: final points"


def test_differential_against_jass_kit():
    stats = {"issue10": 0, "steps": 0}
    for seed in range(DEALS):
        run_deal(seed, stats)
    assert stats["steps"] == DEALS * 36
    assert stats["issue10"] > 0, "the issue #10 class never occurred; the test would not notice it"
