"""The core's toy trick game plus the two bot hooks (``all_actions``, ``sample_state``).

The view additionally lists every card played (``played``), so a seat knows everything
public: which cards are gone and which suits a seat has shown it lacks.
"""

from __future__ import annotations


from stammtisch.core.cards import JASS
from stammtisch.core.protocol import DealContext, Deal

from tests.core.toy import ToyDeal, ToyGame


class SearchToyDeal(ToyDeal):
    def __init__(self, ctx: DealContext):
        super().__init__(ctx)
        self.played: list[tuple[int, int]] = []

    def apply(self, seat, action):
        super().apply(seat, action)
        if action != "concede":
            self.played.append((seat, JASS.parse(action)))

    def view(self, seat):
        v = super().view(seat)
        v |= {"seat": seat, "turn": self.turn, "played": [[s, JASS.format(c)] for s, c in self.played]}
        return v

    def public_view(self):
        v = super().public_view()
        v |= {"turn": self.turn, "played": [[s, JASS.format(c)] for s, c in self.played]}
        return v


def voids(played: list[tuple[int, int]]) -> list[set[int]]:
    """Suits each seat has shown it lacks (did not follow the led suit)."""
    out: list[set[int]] = [set() for _ in range(4)]
    for i in range(0, len(played), 4):
        trick = played[i:i + 4]
        led = JASS.card_suit[trick[0][1]]
        for s, c in trick[1:]:
            if JASS.card_suit[c] != led:
                out[s].add(led)
    return out


class SearchToyGame(ToyGame):
    name = "searchtoy"

    def new_deal(self, options, ctx):
        return SearchToyDeal(ctx)

    def all_actions(self, options) -> list[str]:
        return [JASS.format(c) for c in range(36)] + ["concede"]

    def sample_state(self, options, view, rng) -> SearchToyDeal:
        seat = view["seat"]
        own = JASS.parse_cards(view["hand"])
        played = [(s, JASS.parse(c)) for s, c in view["played"]]
        gone = set(own) | {c for _, c in played}
        unknown = [c for c in range(36) if c not in gone]
        need = [9 - sum(1 for s, _ in played if s == p) for p in range(4)]
        need[seat] = 0
        vd = voids(played)
        for _ in range(1000):
            rng.shuffle(unknown)
            hands: list[list[int]] = [[], [], [], []]
            hands[seat] = list(own)
            ok = True
            # most constrained seats first
            pool = list(unknown)
            for p in sorted((p for p in range(4) if p != seat), key=lambda p: -len(vd[p])):
                fit = [c for c in pool if JASS.card_suit[c] not in vd[p]]
                if len(fit) < need[p]:
                    ok = False
                    break
                take = fit[:need[p]]
                hands[p] = take
                pool = [c for c in pool if c not in take]
            if ok:
                break
        else:  # pragma: no cover - the toy's constraints are always satisfiable quickly
            raise RuntimeError("no consistent deal")
        st = SearchToyDeal(DealContext(0, 3, Deal(tuple(tuple(h) for h in hands)), (0, 0, 0, 0)))
        for s, c in played:  # replay the public history onto the sampled hands
            st.hands[s] |= 1 << c
        st.turn = played[0][0] if played else view["turn"]
        for s, c in played:
            st.apply(s, JASS.format(c))
        return st


GAME = SearchToyGame()
