"""Determinization: a full game state consistent with one seat's view (for search bots).

The hidden cards (the other hands) are dealt at random among the seats that can hold them:
a seat that did not follow a suit is void in it, a seat known to be Kontra in a normal game
holds no ♣ Queen, a seat known to be Re holds one unless it already played one, a Hochzeiter
held both, and so did a player who answered ``nein`` to a solo question. The public actions
of the view are then replayed on the sampled deal, so the result is a real
:class:`~.state.DoppelkopfDeal`; a sample that does not replay or does not show the viewer
exactly what the view shows is drawn again.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.cards import DOKO
from stammtisch.core.errors import IllegalAction, StammtischError
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.core.sampling import assign_cards

from .rules import ORDERS
from .state import DoppelkopfDeal

__all__ = ["sample_state"]

_Q = "XD"


def _voids(view: Mapping[str, Any], order: Any) -> dict[int, set[int]]:
    voids: dict[int, set[int]] = {}
    tricks = [t["cards"] for t in view.get("tricks", [])] + ([view["trick"]] if view.get("trick") else [])
    for cards in tricks:
        led = order.eff[DOKO.parse(cards[0][1])]
        for s, c in cards[1:]:
            if order.eff[DOKO.parse(c)] != led:
                voids.setdefault(s, set()).add(led)
    return voids


def sample_state(options: Any, view: Mapping[str, Any], rng: Any, tries: int = 400) -> DoppelkopfDeal:
    """A :class:`DoppelkopfDeal` consistent with ``view`` (a seat's deal view).

    :raises IllegalAction: when the view is not a seat's view or no consistent deal is found
    """
    me = view.get("seat")
    if me is None or view.get("hand") is None:
        raise IllegalAction(Msg("sampling needs a seat's own view (with its hand)"))
    n = len(view["hand_sizes"])
    active = list(view["active"])
    contract = view.get("contract")
    kind = contract[5:] if contract and contract.startswith("solo:") else "normal"
    order = ORDERS[kind]
    played: dict[int, list[str]] = {s: [] for s in range(n)}
    for t in view.get("tricks", []):
        for s, c in t["cards"]:
            played[s].append(c)
    for s, c in view.get("trick", []):
        played[s].append(c)
    # unknown cards: the pack minus own hand minus every played card
    pool = {t: 2 for t in dict.fromkeys(DOKO.notation)}
    for c in view["hand"]:
        pool[c] -= 1
    for cs in played.values():
        for c in cs:
            pool[c] -= 1
    unknown = [c for c, k in pool.items() for _ in range(k)]
    others = [s for s in active if s != me]
    need = {s: view["hand_sizes"][s] for s in others}
    if sum(need.values()) != len(unknown):
        raise IllegalAction(Msg("the view's hand sizes do not match the cards not yet seen"))
    voids = _voids(view, order)
    parties = view.get("parties") or [None] * n
    q_rules = kind == "normal" and contract != "hochzeit"
    no_q = {s for s in others if q_rules and parties[s] == "kontra"}
    must_q = {s: 1 for s in others if q_rules and parties[s] == "re" and _Q not in played[s]}
    # a Hochzeiter, and anyone who answered "nein" to a solo question, held both ♣ Queens (2., 4.)
    both_q = {s for s, d in view.get("declarations", []) if d == "hochzeit"}
    both_q |= {s for s, _ in view.get("declined", [])}
    for s in both_q - {me}:
        must_q[s] = 2 - played[s].count(_Q)
    carry = {"pflicht_done": list(view.get("pflicht_done", [False] * n)), "vorfuehrung": view.get("vorfuehrung"),
             "regular_left": view.get("regular_left")}
    eff = [order.eff[DOKO.parse(c)] for c in unknown]

    def fits(i: int, s: int) -> bool:
        return eff[i] not in voids.get(s, ()) and not (unknown[i] == _Q and s in no_q)

    # the ♣ Queens a seat must hold are pinned to it (the two are alike, so which one does not matter)
    queens = [i for i, c in enumerate(unknown) if c == _Q]
    pins: dict[int, int] = {}
    for s, k in must_q.items():
        for _ in range(k):
            if not queens or not fits(queens[-1], s):
                raise IllegalAction(Msg("no deal is consistent with the view (the ♣ Queens do not fit)"))
            pins[queens.pop()] = s
    for _ in range(tries):
        got = assign_cards(range(len(unknown)), need, fits, rng, pins)
        if got is None:
            raise IllegalAction(Msg("no deal is consistent with the view (the hidden cards do not fit)"))
        hidden = {s: [unknown[i] for i in got[s]] for s in others}
        hands_txt: list[list[str]] = []
        for s in range(n):
            if s not in active:
                hands_txt.append([])
            elif s == me:
                hands_txt.append(list(view["hand"]) + played[s])
            else:
                hands_txt.append(hidden[s] + played[s])
        try:
            deal = Deal.from_json({"hands": hands_txt}, DOKO)
            st = DoppelkopfDeal(options, DealContext(0, view["dealer"], deal, tuple([0] * n), carry))
            for s, a in view.get("actions", []):
                st.apply(s, a)
        except StammtischError:
            continue
        if st.public_contract(me) != contract or st.known_parties(me) != list(parties):
            continue
        return st
    raise IllegalAction(Msg('no deal consistent with the view found in {tries} tries', tries=tries))
