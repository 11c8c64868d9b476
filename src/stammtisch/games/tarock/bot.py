"""A rule-based Tarock player: bids from hand strength, calls a king, picks the better talon half,
discards legally towards a void, announces what the hand justifies, and plays simple sound cards.

It sees only its :class:`~stammtisch.core.protocol.Turn` (its own view and the legal actions).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import BaseBot, Turn

from .cards import BIRDS, KINGS, MOND, PAGAT, SKUES, TAROCK, THIRDS, suit_of, trick_winner
from .options import CONTRACTS

__all__ = ["TarockRuleBot"]


def _cards(texts: list[str]) -> list[int]:
    return [TAROCK.parse(t) for t in texts]


def _strength(hand: list[int]) -> dict[str, int]:
    tarock = [c for c in hand if c >= 32]
    return {
        "tarock": len(tarock),
        "high": sum(1 for c in tarock if c >= 32 + 14),
        "trull": sum(1 for c in hand if c in (PAGAT, MOND, SKUES)),
        "kings": sum(1 for c in hand if c in KINGS),
        "voids": sum(1 for s in range(4) if not any(suit_of(c) == s for c in hand)),
        "birds": sum(1 for c in hand if 32 <= c <= 35),
        "honours": sum(1 for c in hand if c < 32 and c % 8 >= 5),
    }


class TarockRuleBot(BaseBot):
    """Deterministic given its view (ties broken by card order); ``rng`` only for equal choices."""

    name = "tarock-rule"

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        if len(legal) == 1:
            return legal[0]
        v = turn.view
        deal = v.get("deal", v)
        phase = deal["phase"]
        handler = getattr(self, f"_{phase}", None)
        choice = handler(deal, legal, turn.seat) if handler else None
        return choice if choice in legal else legal[0]

    # -- bidding ------------------------------------------------------------------------
    def _bidding(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        hand = _cards(d["hand"])
        st = _strength(hand)
        wanted: list[str] = []
        if st["tarock"] >= 11 and st["trull"] >= 2:
            wanted.append("bid:solodreier" if st["tarock"] >= 12 else "bid:dreier")
        elif st["tarock"] >= 9 and st["high"] >= 4 and st["voids"] >= 1:
            wanted.append("bid:dreier")
        if st["tarock"] >= 9 and st["trull"] >= 2 and "bid:sechserdreier" in legal:
            wanted.insert(1 if st["tarock"] >= 12 else 0, "bid:sechserdreier")
        if st["tarock"] <= 1 and st["honours"] <= 1 and st["kings"] == 0:
            wanted.append("bid:bettel")
        elif st["tarock"] <= 2 and st["kings"] <= 1 and st["honours"] <= 2:
            wanted.append("bid:piccolo")
        if st["tarock"] >= 8 and st["birds"] >= 1 and st["high"] >= 3:
            wanted.append("bid:besserrufer")
        for w in wanted:
            if w in legal:
                return w
        if "vorhand" in legal:
            return "vorhand"
        if any(a.startswith("bid:") for a in legal) and "pass" not in legal:
            # the Vorhand's final choice after three passes
            if st["tarock"] <= 3 and st["kings"] <= 1 and "bid:trischaken" in legal:
                return "bid:trischaken"
            return "bid:rufer" if "bid:rufer" in legal else next(a for a in legal if a.startswith("bid:"))
        return "pass" if "pass" in legal else legal[0]

    def _bird(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        hand = set(_cards(d["hand"]))
        for b in ("pagat", "uhu", "kakadu", "quapil"):
            if BIRDS[b][0] in hand:
                return f"bird:{b}"
        return legal[0]

    def _call(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        if "call:fourth" in legal:
            return "call:fourth"
        hand = _cards(d["hand"])
        # call the king of the suit we hold most cards of (a partner there helps most)
        best = max(legal, key=lambda a: sum(1 for c in hand if c < 32 and suit_of(c) == suit_of(TAROCK.parse(a[5:]))))
        return best

    def _talon(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        halves = [_cards(h) for h in d["talon"]]
        hand = _cards(d["hand"])

        def score(h: list[int]) -> int:
            return sum(THIRDS[c] for c in h) + 10 * sum(1 for c in h if c >= 32)
        if "schleifen" in legal and _strength(hand)["tarock"] < 6:
            return "schleifen"
        return "talon:0" if score(halves[0]) >= score(halves[1]) else "talon:1"

    def _discard(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        hand = _cards(d["hand"])
        counts = [sum(1 for c in hand if suit_of(c) == s) for s in range(5)]

        def key(a: str) -> tuple[int, int]:
            c = TAROCK.parse(a[8:])
            return (counts[suit_of(c)], -THIRDS[c]) if c < 32 else (99, c)
        return min(legal, key=key)

    # -- announcements ------------------------------------------------------------------
    def _announce(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        hand = _cards(d["hand"])
        st = _strength(hand)
        declarer = d["declarer"]
        partner = d.get("partner")
        mine = seat == declarer or partner == seat
        wishes = []
        if st["trull"] == 3:
            wishes.append("announce:trull")
        if st["kings"] == 4:
            wishes.append("announce:vier_koenige")
        if PAGAT in hand and st["tarock"] >= 10:
            wishes.append("announce:pagat")
        if not mine and st["tarock"] >= 9 and st["high"] >= 5:
            wishes.append("kontra:game")
        if mine:
            wishes += [a for a in legal if a.startswith("rekontra:") and st["tarock"] >= 9]
        for w in wishes:
            if w in legal:
                return w
        return "gut"

    # -- play ---------------------------------------------------------------------------
    def _play(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        contract = CONTRACTS[d["contract"]]
        cards = _cards(legal)
        trick = [TAROCK.parse(c) for _, c in d["trick"]]
        trick_seats = [s for s, _ in d["trick"]]
        colour = contract.colour

        def wins(c: int) -> bool:
            return trick_winner(trick + [c], colour, False) == len(trick)

        def strength(c: int) -> int:
            return 100 + c if c >= 32 else c % 8

        if contract.kind != "positive":
            declarer = d["declarer"]
            if contract.kind == "trischaken" or seat == declarer:
                safe = [c for c in cards if not trick or not wins(c)]
                pool = safe or cards
                return TAROCK.format(max(pool, key=strength) if safe and trick else min(pool, key=strength))
            # opponents of a negative game: stay under the declarer when he is winning
            if trick and declarer in trick_seats:
                w = trick_seats[trick_winner(trick, colour, False)]
                if w == declarer:
                    under = [c for c in cards if not wins(c)]
                    if under:
                        return TAROCK.format(max(under, key=strength))
            return TAROCK.format(min(cards, key=strength))
        # positive games
        declarer = d["declarer"]
        partner = d.get("partner")
        my_side = {declarer} | ({partner} if partner is not None else set())
        on_decl = seat in my_side
        # keep announced birds for their trick when possible
        anns = d.get("announcements", {})
        keep = {BIRDS[b][0] for b, a in anns.items() if b in BIRDS and a["announcer"] == seat}
        pool = [c for c in cards if c not in keep] or cards
        if not trick:
            hand = _cards(d["hand"])
            tarock = sorted(c for c in pool if c >= 32 and c != PAGAT)
            if on_decl and len([c for c in hand if c >= 32]) >= 5 and tarock and not colour:
                return TAROCK.format(tarock[-1])  # the declarer's side pulls the tarock
            kings = [c for c in pool if c in KINGS]
            if kings:
                return TAROCK.format(kings[0])
            # otherwise a low card of the shortest suit
            counts = [sum(1 for c in hand if suit_of(c) == s) for s in range(5)]
            return TAROCK.format(min(pool, key=lambda c: (THIRDS[c] > 1, counts[suit_of(c)] if c < 32 else 99,
                                                          strength(c))))
        w = trick_seats[trick_winner(trick, colour, False)]
        # an opponent who does not know the partner yet treats every non-declarer as a friend
        friend_wins = (w in my_side) if on_decl else (w not in my_side)
        if friend_wins and len(trick) == 3:
            return TAROCK.format(max(pool, key=lambda c: (THIRDS[c], -strength(c))))
        winners = [c for c in pool if wins(c)]
        points = sum(THIRDS[c] for c in trick)
        if winners and (points >= 7 or len(trick) == 3 or not friend_wins):
            return TAROCK.format(min(winners, key=strength))
        return TAROCK.format(min(pool, key=lambda c: (THIRDS[c], strength(c))))
