"""A rule-based Schieber player: always legal, simple Jass heuristics.

* Trump (§25): rates every suit, Obenabe and Undenufe by hand strength; pushes a weak hand
  to the partner (``schieben``), names the best mode otherwise.
* Declares every Weis with the first card (§29) and the Stöck as soon as it may (§29.3).
* Play: pulls trumps with a Bock trump as the declaring side, leads Bock cards, "schmiert"
  points onto a trick the partner is sure to win, wins a trick as cheaply as possible, and
  discards the cheapest card otherwise.
* Thanks the team out (§2) as soon as the points it can see reach the target.
"""

from __future__ import annotations

from typing import Any

from ...core.cards import JASS
from ...core.protocol import BaseBot, Turn
from .modes import MODES, POINTS, RANK_OF, STRENGTH, SUIT_OF, SUITS, TM_TUTTI

__all__ = ["JassRuleBot", "hand_strength"]

_TRUMP_W = {5: 22, 3: 16, 8: 11, 7: 7, 6: 6, 4: 5, 2: 4, 1: 4, 0: 4}  # by rank: U 9 A K O 10 8 7 6


def hand_strength(cards: list[int], mode: str) -> int:
    """A rough rating of a hand for naming ``mode`` (``E`` .. ``R``, ``obenabe``, ``undenufe``)."""
    by_suit: list[list[int]] = [[], [], [], []]
    for c in cards:
        by_suit[SUIT_OF[c]].append(RANK_OF[c])
    if mode in SUITS:
        t = SUITS.index(mode)
        score = sum(_TRUMP_W[r] for r in by_suit[t])
        if len(by_suit[t]) >= 4:
            score += 8 * (len(by_suit[t]) - 3)
        for s in range(4):
            if s != t and 8 in by_suit[s]:
                score += 10 + (4 if 7 in by_suit[s] else 0)
        return score
    top = 8 if mode == "obenabe" else 0
    step = -1 if mode == "obenabe" else 1
    score = 0
    for s in range(4):
        r, run = top, 0
        while r in by_suit[s]:
            run += 1
            r += step
        if run:
            score += 15 * run + 3 * max(0, len(by_suit[s]) - run)
    return score


def _tm_of(view: dict[str, Any]) -> int:
    t = view.get("trick_mode")
    return {"obenabe": 4, "undenufe": 5, "tutti": TM_TUTTI}.get(t, SUITS.index(t) if t in tuple(SUITS) else 4)


class JassRuleBot(BaseBot):
    name = "rule"

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = turn.legal
        if len(legal) == 1:
            return legal[0]
        v = turn.view
        deal = v.get("deal", v)
        if "bedanken" in legal:
            return "bedanken"  # listed only when the team is out (§2)
        if deal["phase"] == "trump":
            return self._trump(deal, legal)
        if "rest" in legal:
            return "rest"  # listed only when the claim is certain (§17)
        if "weis" in legal:
            return "weis"
        if "stöck" in legal:
            return "stöck"
        cards = [a for a in legal if len(a) <= 3 and a[0] in SUITS]
        return self._play(deal, cards)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        if "bedanken" not in turn.legal:
            return None
        v = turn.view
        deal = v.get("deal", v)
        team = deal["seat"] & 1
        have = deal["running"][team]
        if deal.get("has_stoeck"):
            have += 20 * (deal.get("multiplier") or 1)
        return "bedanken" if have >= deal["target"] else None

    # -- trump --------------------------------------------------------------------
    def _trump(self, deal: dict[str, Any], legal: list[str]) -> str:
        hand = JASS.parse_cards(deal["hand"])
        best, best_score = None, -1
        for a in legal:
            if not a.startswith("trump:"):
                continue
            name = a[6:]
            if name in SUITS or name in ("obenabe", "undenufe"):
                sc = hand_strength(hand, name)
            elif name.startswith("3x3:"):
                sc = hand_strength(hand, name.split(":")[1].split("-")[0]) // 2
            else:
                continue
            if sc > best_score:
                best, best_score = a, sc
        if best is None:
            best = next(a for a in legal if a.startswith("trump:"))
        if best_score < 62 and "schieben" in legal:
            return "schieben"
        return best

    # -- card play ----------------------------------------------------------------
    def _play(self, deal: dict[str, Any], legal: list[str]) -> str:
        me = deal["seat"]
        tm = _tm_of(deal)
        trump = tm if tm < 4 else None
        hand = JASS.parse_cards(deal["hand"])
        seen = set(hand)
        for _, cards, _, _ in deal["played"]:
            seen.update(JASS.parse_cards(cards))
        trick = [(s, JASS.parse(c)) for s, c in deal["trick"]]
        seen.update(c for _, c in trick)
        unseen = [c for c in range(36) if c not in seen]
        cards = [JASS.parse(a) for a in legal]
        pts = POINTS["ass"]

        def strength(c: int, led: int) -> int:
            return STRENGTH[(tm * 4 + led) * 36 + c]

        def value(c: int, led: int) -> int:
            return pts[(tm * 4 + led) * 36 + c]

        def bock(c: int) -> bool:
            led = SUIT_OF[c]
            return all(strength(u, led) < strength(c, led) for u in unseen if SUIT_OF[u] == led)

        if not trick:
            declarer_side = deal.get("declarer") is not None and (deal["declarer"] & 1) == (me & 1)
            if trump is not None:
                trumps = [c for c in cards if SUIT_OF[c] == trump]
                trumps_out = any(SUIT_OF[u] == trump for u in unseen)
                if declarer_side and trumps and trumps_out:
                    top = max(trumps, key=lambda c: strength(c, trump))
                    if bock(top):
                        return JASS.format(top)
                side = [c for c in cards if SUIT_OF[c] != trump and bock(c)]
                if side and not (trumps_out and not declarer_side and False):
                    return JASS.format(max(side, key=lambda c: value(c, SUIT_OF[c])))
                pool = [c for c in cards if SUIT_OF[c] != trump] or cards
            else:
                side = [c for c in cards if bock(c)]
                if side:
                    return JASS.format(max(side, key=lambda c: value(c, SUIT_OF[c])))
                pool = cards
            counts = [sum(1 for c in hand if SUIT_OF[c] == s) for s in range(4)]
            return JASS.format(min(pool, key=lambda c: (-counts[SUIT_OF[c]], strength(c, SUIT_OF[c]))))

        led = SUIT_OF[trick[0][1]]
        win_seat, win_card = max(trick, key=lambda sc: strength(sc[1], led))
        win_str = strength(win_card, led)
        partner_wins = (win_seat & 1) == (me & 1)
        last = len(trick) == 3
        trick_pts = sum(value(c, led) for _, c in trick)

        def is_trump(c: int) -> bool:
            return trump is not None and SUIT_OF[c] == trump or tm == TM_TUTTI and SUIT_OF[c] == led

        if partner_wins:
            safe = last or all(strength(u, led) < win_str for u in unseen)
            if safe:
                # schmieren: the most points, keeping strong trumps
                return JASS.format(max(cards, key=lambda c: (value(c, led) - (15 if is_trump(c) and RANK_OF[c] in (3, 5) else 0),
                                                             -strength(c, led))))
        winners = [c for c in cards if strength(c, led) > win_str]
        if winners:
            non_trump = [c for c in winners if not is_trump(c) or SUIT_OF[c] == led]
            if non_trump:
                if last:
                    return JASS.format(min(non_trump, key=lambda c: strength(c, led)))
                sure = [c for c in non_trump if all(strength(u, led) < strength(c, led) for u in unseen)]
                if sure:
                    return JASS.format(max(sure, key=lambda c: value(c, led)))
                if trick_pts >= 10 or not partner_wins:
                    return JASS.format(min(non_trump, key=lambda c: strength(c, led)))
            elif trick_pts >= 10 and not partner_wins:
                return JASS.format(min(winners, key=lambda c: strength(c, led)))
        # discard the cheapest card, sparing trumps
        return JASS.format(min(cards, key=lambda c: (is_trump(c), value(c, led), strength(c, led))))


_ = mode_unused = MODES
