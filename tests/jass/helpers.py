"""Helpers to set up Jass deals by hand."""

from __future__ import annotations

from stammtisch.core.cards import JASS
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.jass import GAME
from stammtisch.games.jass.state import JassDeal


def deal_of(fixed: dict[int, str]) -> Deal:
    """Hands with the given cards (space separated) per seat, the rest filled in index order."""
    hands = {s: JASS.parse_cards(t.split()) for s, t in fixed.items()}
    used = {c for h in hands.values() for c in h}
    assert len(used) == sum(len(h) for h in hands.values()), "a card given twice"
    rest = [c for c in range(36) if c not in used]
    out = []
    for s in range(4):
        h = list(hands.get(s, []))
        while len(h) < 9:
            h.append(rest.pop(0))
        out.append(tuple(sorted(h)))
    return Deal(tuple(out))


def state(fixed: dict[int, str], dealer: int = 3, standing=(0, 0), **options) -> JassDeal:
    """A deal state with Vorhand = seat 0 (dealer 3) unless told otherwise."""
    opts = GAME.options(None, options or None)
    return JassDeal(opts, DealContext(0, dealer, deal_of(fixed), tuple(standing)))


def play(st: JassDeal, *actions: str) -> None:
    """Apply actions, each by the seat whose turn it is (``*``: its first legal card)."""
    for a in actions:
        seat = st.to_act()[0]
        if a == "*":  # the first legal card
            a = next(x for x in st.legal_actions(seat) if x[0] in "ESLR" and len(x) <= 3)
        st.apply(seat, a)
