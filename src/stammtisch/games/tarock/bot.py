"""A rule-based Tarock player: bids from hand strength, calls a king, picks the better talon half,
discards legally towards a void, announces what the hand justifies, and plays simple sound cards.

It sees only its :class:`~stammtisch.core.protocol.Turn` (its own view and the legal actions).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.protocol import BaseBot, Turn

from .cards import BIRDS, KINGS, MOND, PAGAT, SKUES, TAROCK, THIRDS, suit_of, trick_winner
from .options import CONTRACTS

__all__ = ["TarockRuleBot", "BOT_DEFAULTS"]

#: the bot's thresholds; tuned in all-rule tables and head to head (benchmarks/strength/tarock_bots.py)
BOT_DEFAULTS: dict[str, int] = {
    # the Vorhand's final choice after three passes: Trischaken with at most this many tarock / kings
    "trischaken_max_tarock": 4,
    "trischaken_max_kings": 2,
    # Besserrufer: at least this many tarock, and only with the Pagat (the higher birds, which must win
    # trick 11/10/9 themselves, were lost nine times in ten in all-rule tables)
    "besserrufer_tarock": 8,
    # Piccolo: at most this many tarock and kings
    "piccolo_max_tarock": 2,
    "piccolo_max_kings": 1,
    "piccolo_needs_skues": 1,
    # Vier Könige is announced only with this many tarock besides (the kings must all be brought home)
    "vier_koenige_tarock": 9,
    # Dreier: at least this many tarock and high tarock (XV and up)
    "dreier_tarock": 7,
    "dreier_high": 3,
    # a king call: weight of the Dame held in the called suit (she is then second-highest there)
    "call_dame_bonus": 3,
    # talon: bonus (in thirds) for a half that holds the called king, and for each void it lets us make
    "talon_king_bonus": 12,
    "talon_void_bonus": 6,
}


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

    def __init__(self, **params: int):
        unknown = set(params) - set(BOT_DEFAULTS)
        if unknown:
            raise ValueError(f"unknown bot parameters: {', '.join(sorted(unknown))}")
        self.p = {**BOT_DEFAULTS, **params}

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
        elif st["tarock"] >= self.p["dreier_tarock"] and st["high"] >= self.p["dreier_high"] and st["voids"] >= 1:
            wanted.append("bid:dreier")
        if st["tarock"] >= 9 and st["trull"] >= 2 and "bid:sechserdreier" in legal:
            wanted.insert(1 if st["tarock"] >= 12 else 0, "bid:sechserdreier")
        if st["tarock"] <= 1 and st["honours"] <= 1 and st["kings"] == 0:
            wanted.append("bid:bettel")
        elif (st["tarock"] <= self.p["piccolo_max_tarock"] and st["kings"] <= self.p["piccolo_max_kings"]
              and st["honours"] <= 2 and MOND not in hand
              and (SKUES in hand or not self.p["piccolo_needs_skues"])):
            # the Sküs is the one sure trick; without it a weak hand too often takes none
            wanted.append("bid:piccolo")
        if st["tarock"] >= self.p["besserrufer_tarock"] and PAGAT in hand and st["high"] >= 3:
            wanted.append("bid:besserrufer")
        for w in wanted:
            if w in legal:
                return w
        if "weitergeben" in legal and st["tarock"] < 7:
            # four kings but too few tarock to play a Rufer alone: pass the Vorhand on (club option)
            return "weitergeben"
        if "vorhand" in legal:
            return "vorhand"
        if any(a.startswith("bid:") for a in legal) and "pass" not in legal:
            # the Vorhand's final choice after three passes
            if (st["tarock"] <= self.p["trischaken_max_tarock"] and st["kings"] <= self.p["trischaken_max_kings"]
                    and "bid:trischaken" in legal):
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
        hand = set(_cards(d["hand"]))

        def score(a: str) -> tuple[int, int]:
            king = TAROCK.parse(a[5:])
            suit = suit_of(king)
            held = sum(1 for c in hand if c < 32 and suit_of(c) == suit)
            # the partner's king wins the suit's first round; our Dame then stands second; a suit we are
            # void in cannot be led to the partner
            dame = self.p["call_dame_bonus"] if king - 1 in hand else 0
            return (held + dame if held else -1, -king)
        return max(legal, key=score)

    def _talon(self, d: dict[str, Any], legal: list[str], seat: int) -> str:
        halves = [_cards(h) for h in d["talon"]]
        hand = _cards(d["hand"])

        called = d.get("called")  # the declarer's own view names the king, "the fourth" included
        king = TAROCK.parse(called) if isinstance(called, str) and called != "fourth" else None

        def voids_after(h: list[int]) -> int:
            """Voids we can have after taking ``h`` and discarding three (kings cannot be discarded)."""
            after = hand + h
            lengths = sorted(sum(1 for c in after if suit_of(c) == s_) for s_ in range(4)
                             if not any(c in KINGS and suit_of(c) == s_ for c in after))
            left, voids = 3, 0
            for n in lengths:
                if n <= left:
                    left -= n
                    voids += 1
            return voids

        def score(h: list[int]) -> int:
            return (sum(THIRDS[c] for c in h) + 10 * sum(1 for c in h if c >= 32)
                    + (self.p["talon_king_bonus"] if king is not None and king in h else 0)
                    + self.p["talon_void_bonus"] * voids_after(h))
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
        if st["kings"] == 4 and st["tarock"] >= self.p["vier_koenige_tarock"]:
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
            if seat == declarer and contract.tricks > d["tricks_won"][seat]:
                # Piccolo/Zwiccolo: the trick(s) still needed are taken at once with the strongest card
                # (it would be a danger later); leading, the strongest card too
                winners = [c for c in cards if not trick or wins(c)]
                if winners:
                    return TAROCK.format(max(winners, key=strength))
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
        trick_no = len(d.get("tricks", ())) + 1
        for b, a in anns.items():
            # an announced bird is made only in its own trick (Pagat 12, Uhu 11, Kakadu 10, Quapil 9)
            if b in BIRDS and a["announcer"] == seat and BIRDS[b][1] == trick_no and BIRDS[b][0] in cards:
                return TAROCK.format(BIRDS[b][0])
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
