"""Doppelkopf contract words by playouts (:mod:`stammtisch.bots.contracts`): Spielabfrage and
Vorbehaltsabfrage (Doppelkopf-Turnier 2.-4.) decided from the seat's own view only."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from stammtisch.bots.contracts import DoppelkopfContracts, is_contract_turn  # noqa: E402
from stammtisch.bots.kernels import doppelkopf as K  # noqa: E402
from stammtisch.core.cards import DOKO  # noqa: E402
from stammtisch.core.protocol import Deal, DealContext, Turn  # noqa: E402
from stammtisch.core.registry import get  # noqa: E402
from stammtisch.games.doppelkopf.state import DoppelkopfDeal  # noqa: E402

GAME = get("doppelkopf")
OPTS = GAME.options("turnier")

#: seven Queens and five Aces: a Damensolo that takes nearly every trick (Doppelkopf-Turnier 2., 7.)
DAMEN = "XD PD PD HD HD KD KD XA XA PA PA HA".split()
#: nines and Kings, no trump above the ♦ King: no solo, and a normal game is the lesser evil
WEAK = "X9 X9 P9 P9 H9 H9 KK K9 XK XK PK PK".split()
#: both ♣ Queens (Hochzeit or stille Hochzeit, Doppelkopf-Turnier 4.)
BOTH_Q = "XD XD H9 H9 K9 K9 X9 X9 P9 P9 HK HK".split()


def _deal(first: list[str]) -> DoppelkopfDeal:
    """Seat 0 (Vorhand: seat 3 deals) holds ``first``; the rest of the pack dealt round to seats 1-3
    (mixed hands: nobody else has a Lustsolo)."""
    pack = list(DOKO.notation)
    for c in first:
        pack.remove(c)
    hands = [first, pack[0::3], pack[1::3], pack[2::3]]
    deal = Deal.from_json({"hands": hands}, DOKO)
    return DoppelkopfDeal(OPTS, DealContext(0, 3, deal, (0,) * 4, {"regular_left": 20}))


def _turn(d: DoppelkopfDeal) -> Turn:
    s = d.turn
    return Turn(s, d.legal_actions(s), lambda: d.view(s))


def _chooser() -> DoppelkopfContracts:
    return DoppelkopfContracts(GAME, OPTS, worlds=6, playouts=4)


def test_contract_turns_are_the_spielabfrage_and_the_vorbehaltsabfrage():
    assert is_contract_turn(["gesund", "vorbehalt"])
    assert is_contract_turn(["solo:damen", "solo:buben", "nein"])
    assert is_contract_turn(["hochzeit"])
    assert not is_contract_turn(["XD", "re"])
    assert not is_contract_turn([])


def test_a_damensolo_hand_says_vorbehalt_then_names_the_damensolo():
    d = _deal(DAMEN)
    c = _chooser()
    assert c.choose(_turn(d), random.Random(1)) == "vorbehalt"
    assert c.last_plan == "solo:damen"
    assert c.last_stats["solo:damen"][1] > c.last_stats["normal"][1]
    d.apply(0, "vorbehalt")
    while d.phase == "vorbehalt":
        d.apply(d.turn, "gesund")
    assert d.turn == 0 and d.phase == "erklaerung"
    assert c.choose(_turn(d), random.Random(2)) == "solo:damen"


def test_a_weak_hand_says_gesund():
    d = _deal(WEAK)
    c = _chooser()
    assert c.choose(_turn(d), random.Random(1)) == "gesund"
    assert c.last_plan == "normal"


def test_the_hochzeit_is_a_plan_only_with_both_club_queens():
    c = _chooser()
    assert "hochzeit" in c.plans(_deal(BOTH_Q).view(0), OPTS)
    assert "hochzeit" not in c.plans(_deal(DAMEN).view(0), OPTS)
    assert c.plans(_deal(WEAK).view(0), OPTS) == ["normal"] + [f"solo:{k}" for k in OPTS.solos]


def test_a_plan_is_played_as_planned_in_the_completed_spielabfrage():
    k = K.DoppelkopfKernel(OPTS)
    end = k._contract_play(_deal(DAMEN), 0, "vorbehalt", "solo:kreuz")
    assert end.phase == "play" and end.contract == "solo:kreuz"
    end = k._contract_play(_deal(BOTH_Q), 0, "vorbehalt", "hochzeit")
    assert end.phase == "play" and end.contract == "hochzeit"
    end = k._contract_play(_deal(BOTH_Q), 0, "gesund", "normal")
    assert end.contract == "stille_hochzeit"


def test_other_turns_go_to_the_fallback():
    d = _deal(WEAK)
    while d.phase != "play":
        d.apply(d.turn, "gesund")
    c = _chooser()
    legal = d.legal_actions(d.turn)
    assert c.choose(_turn(d), random.Random(0)) in legal
    assert c.last_plan is None  # no contract question was valued


def test_the_chooser_sees_only_the_view():
    """Two deals the seat cannot tell apart (the other hands swapped) get the same values."""
    a = _deal(DAMEN)
    pack = [c for c in DOKO.notation]
    for c in DAMEN:
        pack.remove(c)
    b_hands = [DAMEN, pack[2::3], pack[0::3], pack[1::3]]
    b = DoppelkopfDeal(OPTS, DealContext(0, 3, Deal.from_json({"hands": b_hands}, DOKO), (0,) * 4, {"regular_left": 20}))
    c = _chooser()
    va = c.values(a.view(0), 0, random.Random(5)).stats()
    vb = c.values(b.view(0), 0, random.Random(5)).stats()
    assert va == vb


def test_bad_budgets_are_refused():
    with pytest.raises(ValueError, match="at least 1"):
        DoppelkopfContracts(GAME, OPTS, worlds=0)
