"""A toy trick game on the Jass deck, used to test the core without any real game.

Follow suit; the highest card of the led suit wins; one point per trick; a match ends
when a seat reaches ``target`` points. ``concede`` may be said out of turn by anyone.
"""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.core.cards import JASS
from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.core.protocol import Deal, DealContext, DealResult, DealState, Game, Line
from stammtisch.core.rng import shuffled


@dataclass(frozen=True)
class ToyOptions:
    target: int = 5


class ToyDeal(DealState):
    def __init__(self, ctx: DealContext):
        self.hands = [sum(1 << c for c in h) for h in ctx.deal.hands]
        self.turn = (ctx.dealer + 1) % 4
        self.trick: list[tuple[int, int]] = []
        self.won = [0, 0, 0, 0]
        self.conceded: int | None = None

    def to_act(self):
        return () if self.is_over() else (self.turn,)

    def interjectors(self):
        return () if self.is_over() else tuple(s for s in range(4) if s != self.turn)

    def _legal_mask(self, seat: int) -> int:
        hand = self.hands[seat]
        if self.trick:
            follow = hand & JASS.suit_mask(JASS.card_suit[self.trick[0][1]])
            if follow:
                return follow
        return hand

    def legal_actions(self, seat):
        if self.is_over():
            return []
        if seat == self.turn:
            return JASS.format_mask(self._legal_mask(seat))
        return ["concede"]

    def apply(self, seat, action):
        if self.is_over():
            raise NotYourTurn("the deal is over", seat=seat, action=action)
        if action == "concede":
            self.conceded = seat
            return
        if seat != self.turn:
            raise NotYourTurn("not your turn", rule="Toy §1", seat=seat, action=action)
        card = JASS.parse(action)
        if not (self._legal_mask(seat) >> card) & 1:
            raise IllegalAction("must follow suit", rule="Toy §2", seat=seat, action=action)
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        if len(self.trick) == 4:
            led = JASS.card_suit[self.trick[0][1]]
            winner = max((c, s) for s, c in self.trick if JASS.card_suit[c] == led)[1]
            self.won[winner] += 1
            self.trick = []
            self.turn = winner
        else:
            self.turn = (seat + 1) % 4

    def view(self, seat):
        return {"hand": JASS.format_mask(self.hands[seat]), "trick": [[s, JASS.format(c)] for s, c in self.trick],
                "won": list(self.won)}

    def public_view(self):
        return {"trick": [[s, JASS.format(c)] for s, c in self.trick], "won": list(self.won)}

    def is_over(self):
        return self.conceded is not None or not any(self.hands)

    def result(self):
        if self.conceded is not None:
            pts = tuple(-1 if s == self.conceded else 0 for s in range(4))
            return DealResult(pts, (Line("conceded", -1, f"seat {self.conceded}"),), ends_match=True)
        return DealResult(tuple(self.won), tuple(Line(f"tricks seat {s}", w) for s, w in enumerate(self.won)))


class ToyGame(Game):
    name = "toy"
    title = "Toy"
    deck = JASS
    profiles = {"standard": ToyOptions()}
    default_profile = "standard"

    def num_seats(self, options):
        return 4

    def columns(self, options):
        return ("A", "B", "C", "D")

    def deal(self, options, dealer, rng, carry):
        cards = shuffled(range(36), rng)
        return Deal(tuple(tuple(sorted(cards[i * 9:(i + 1) * 9])) for i in range(4)))

    def new_deal(self, options, ctx):
        return ToyDeal(ctx)

    def next_deal(self, options, ctx, result, totals):
        if max(totals) >= options.target:
            return None
        return (ctx.dealer + 1) % 4, {}

    def match_result(self, options, totals, results):
        return {"totals": list(totals), "winner": max(range(4), key=lambda s: totals[s])}


GAME = ToyGame()
