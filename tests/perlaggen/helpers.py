"""Hand-worked Perlaggen deals for the scenario tests.

``DEAL_A`` (trump Laub, the L9 turned up; dealer seat 3, Vorhand seat 0)::

    seat 0  HK W LA HA SA     Martl, Weli and three Asse: a fünffaches Gleich of Asse
    seat 1  E8 E9 E10 EK EA   an Eichel Hanger 8-9-10, no Gleich
    seat 2  L8 L10 LK H7 H8   a Gleich of Achter (with the trump L8), Herz Hanger 7-8
    seat 3  S7 S8 S9 S10 SU   a fünffacher Schell Hanger 7 … Unter, no Gleich
    stock   E7 EU EO L7 LU LO H9 H10 HU HO SO SK

Perlaggen with Laub trump, high to low: HK (Martl), W, L7 (Spitz), LU, LO, E7, EU, EO.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.perlaggen import GAME, PerlaggenDeal

DEAL_A = ["HK W LA HA SA", "E8 E9 E10 EK EA", "L8 L10 LK H7 H8", "S7 S8 S9 S10 SU"]
TRUMP_A = "L9"


def cards(text: str) -> list[int]:
    return [D.parse(c) for c in text.split()]


def make(hands: list[str] = DEAL_A, trump: str = TRUMP_A, dealer: int = 3, standing=(0, 0),
         carry: dict[str, Any] | None = None, profile: str = "innsbruck", **opts: Any) -> PerlaggenDeal:
    """A deal state from given hands (cut and deal done), Luck and Boden from the rest in index order."""
    o = GAME.options(profile, {"unseen_bidding": False, **opts})
    ctx = DealContext(0, dealer, Deal(((), (), (), ())), tuple(standing), carry or {})
    st = PerlaggenDeal(o, ctx)
    hs = [cards(h) for h in hands]
    used = {c for h in hs for c in h} | {D.parse(trump)}
    stock = [c for c in range(33) if c not in used]
    st.setup_hands(hs, D.parse(trump), stock)
    return st


def run(st: PerlaggenDeal, *moves: str) -> None:
    """Apply moves written as ``"seat:action"``."""
    for m in moves:
        seat, action = m.split(":", 1)
        st.apply(int(seat), action)


def snapshot(st: PerlaggenDeal) -> str:
    return json.dumps([st.view(s) for s in range(4)] + [st.public_view(), list(st.to_act()), st.phase],
                      sort_keys=True, default=str)


def refused(st: PerlaggenDeal, seat: int, action: str, paragraph: str) -> IllegalAction:
    """Assert the action is refused naming ``paragraph`` and the state is unchanged."""
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(seat, action)
    assert paragraph in e.value.rule, (e.value.rule, str(e.value))
    assert snapshot(st) == before
    return e.value


def lines(st: PerlaggenDeal) -> dict[str, int]:
    return {ln.label: ln.value for ln in st.result().lines}
