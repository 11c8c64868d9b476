"""The rule-based Doppelkopf player: always legal, simple and sensible.

* **Contract.** Rates every solo its profile allows on the hand; says ``vorbehalt`` and plays
  the best solo when the hand is strong, or when its Pflichtsolo falls due (few regular games
  left in the round, or vorgeführt); with both ♣ Queens and no solo it plays a Hochzeit.
* **Announcements.** Re/Kontra with a strong trump hand (or a strong solo), keine 90 with a
  very strong one; it announces in turn and out of turn alike.
* **Play.** Leads its Fehl aces while a suit is fresh; as soloist draws trumps; serves its
  known partner with Augen (schmieren) when he is winning; catches foxes and valuable tricks
  with the cheapest card that wins; otherwise plays its cheapest card.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.cards import DOKO
from stammtisch.core.protocol import BaseBot, Turn

from .rules import AUGEN, ORDERS, TRUMP, Order, card_of

__all__ = ["RuleBot", "solo_scores"]

_TOP = {card_of("H", "10") // 2, card_of("X", "D") // 2, card_of("P", "D") // 2, card_of("H", "D") // 2}


def _cards(texts: list[str]) -> list[int]:
    return DOKO.parse_cards(texts)


def solo_scores(hand: list[int], allowed: list[str]) -> dict[str, float]:
    """A rough strength per allowed solo kind (14 and more: a Lustsolo; 9 and more: a due Pflichtsolo)."""
    out: dict[str, float] = {}
    for kind in allowed:
        o = ORDERS[kind]
        trumps = [c for c in hand if o.eff[c] == TRUMP]
        fehl_aces = sum(1 for c in hand if o.eff[c] != TRUMP and DOKO.card_rank[c] == "A")
        if kind in ("kreuz", "pik", "herz", "karo"):
            top = sum(1 for c in trumps if c // 2 in _TOP)
            out[kind] = len(trumps) + top + 0.5 * fehl_aces
        elif kind in ("damen", "buben"):
            out[kind] = 2 * len(trumps) + fehl_aces + (2 if len(trumps) >= 5 else -6)
        else:  # fleischlos
            tens = sum(1 for c in hand if DOKO.card_rank[c] == "10")
            out[kind] = 2.5 * fehl_aces + tens - 2
    return out


class RuleBot(BaseBot):
    """Heuristic player (see the module docstring)."""

    name = "rule"

    # -- contract -----------------------------------------------------------------------
    def _solo_choice(self, view: dict[str, Any], legal: list[str], forced: bool) -> str | None:
        kinds = [a[5:] for a in legal if a.startswith("solo:")]
        hand = _cards(view["hand"])
        scores = solo_scores(hand, kinds) if kinds else {}
        if not scores:
            return None
        best = max(scores, key=lambda k: scores[k])
        me = view["seat"]
        owes = not view.get("pflicht_done", [True] * 8)[me]
        left = view.get("regular_left")
        due = owes and left is not None and left <= sum(1 for d in view["pflicht_done"] if not d) + 2
        if forced or scores[best] >= 14 or (due and scores[best] >= 9) or (owes and left is not None and left <= 1):
            return f"solo:{best}"
        return None

    def _contract(self, view: dict[str, Any], legal: list[str]) -> str:
        hand = _cards(view["hand"])
        if view["phase"] == "vorbehalt":
            solo_kinds = [f"solo:{k}" for k in ORDERS if k != "normal"]
            wants = self._solo_choice(view, solo_kinds, False)
            both_q = sum(1 for c in hand if c // 2 == card_of("X", "D") // 2) == 2
            return "vorbehalt" if wants or both_q else "gesund"
        forced = "hochzeit" not in legal and view.get("vorfuehrung") == view["seat"]
        solo = self._solo_choice(view, legal, forced)
        if solo:
            return solo
        if "hochzeit" in legal:
            return "hochzeit"
        return self._solo_choice(view, legal, True) or legal[-1]

    # -- announcements ------------------------------------------------------------------
    def _announcement(self, view: dict[str, Any], legal: list[str]) -> str | None:
        words = [a for a in legal if a in ("re", "kontra", "keine90")]
        if not words:
            return None
        contract = view.get("contract") or "normal"
        kind = contract[5:] if contract.startswith("solo:") else "normal"
        o = ORDERS[kind]
        hand = _cards(view["hand"])
        trumps = [c for c in hand if o.eff[c] == TRUMP]
        top = sum(1 for c in trumps if c // 2 in _TOP)
        me = view["seat"]
        soloist = view.get("soloist") == me
        if kind != "normal" and not soloist:
            strong = len(hand) >= 10 and sum(1 for c in hand if DOKO.card_rank[c] == "A") >= 4
        elif soloist:
            strong = solo_scores(hand, [kind]).get(kind, 0) >= 14
        else:
            strong = len(trumps) >= 8 and top >= 3 or len(trumps) >= 7 and top >= 4
        very = len(trumps) >= 10 and top >= 5
        if very and "keine90" in words:
            return "keine90"
        first = words[0] if words[0] in ("re", "kontra") else None
        if strong and first:
            return first
        return None

    # -- card play ----------------------------------------------------------------------
    def _card(self, view: dict[str, Any], legal: list[str]) -> str:
        contract = view.get("contract") or "normal"
        kind = contract[5:] if contract.startswith("solo:") else "normal"
        o: Order = ORDERS[kind]
        cards = [(DOKO.parse(t), t) for t in legal if t not in ("re", "kontra", "keine90", "keine60", "keine30",
                                                               "schwarz")]
        me = view["seat"]
        parties = view.get("parties") or []
        mine = parties[me] if parties else None
        partners = {s for s, p in enumerate(parties) if p is not None and p == mine and s != me}
        cheap = min(cards, key=lambda x: (AUGEN[x[0]] + (8 if o.eff[x[0]] == TRUMP and x[0] // 2 in _TOP else 0),
                                          o.eff[x[0]] == TRUMP, o.power[x[0]]))
        trick = [(s, DOKO.parse(c)) for s, c in view.get("trick", [])]
        if not trick:
            led_suits = {o.eff[DOKO.parse(t["cards"][0][1])] for t in view.get("tricks", [])}
            if view.get("soloist") == me:
                trumps = [x for x in cards if o.eff[x[0]] == TRUMP]
                if trumps:
                    return max(trumps, key=lambda x: o.power[x[0]])[1]
            aces = [x for x in cards if o.eff[x[0]] != TRUMP and DOKO.card_rank[x[0]] == "A"
                    and o.eff[x[0]] not in led_suits]
            if aces:
                return aces[0][1]
            return cheap[1]
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if o.beats(c, best):
                best_seat, best = s, c
        last = len(trick) == 3
        worth = sum(AUGEN[c] for _, c in trick)
        fox = any(c // 2 == card_of("K", "A") // 2 and s not in partners and s != me for s, c in trick) and \
            kind == "normal"
        if best_seat in partners:
            safe = last or (o.eff[best] == TRUMP and o.power[best] >= 96)
            if safe:
                fat = [x for x in cards if not (o.eff[x[0]] == TRUMP and x[0] // 2 in _TOP)]
                if fat:
                    return max(fat, key=lambda x: (AUGEN[x[0]], -o.power[x[0]]))[1]
            return cheap[1]
        winners = [x for x in cards if o.beats(x[0], best)]
        if winners and (last or fox or worth >= 14 or o.eff[best] != TRUMP and o.eff[trick[0][1]] != TRUMP):
            if last:
                return min(winners, key=lambda x: (o.power[x[0]] if o.eff[x[0]] == TRUMP else -AUGEN[x[0]],
                                                   AUGEN[x[0]]))[1]
            return max(winners, key=lambda x: o.power[x[0]] if o.eff[x[0]] == TRUMP else AUGEN[x[0]])[1] \
                if worth >= 14 or fox else min(winners, key=lambda x: (AUGEN[x[0]], o.power[x[0]]))[1]
        return cheap[1]

    # -- protocol -----------------------------------------------------------------------
    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        view = turn.view.get("deal", turn.view)
        phase = view.get("phase")
        if phase in ("vorbehalt", "erklaerung"):
            a = self._contract(view, legal)
            return a if a in legal else legal[0]
        a = self._announcement(view, legal)
        if a is not None and a in legal:
            return a
        c = self._card(view, legal)
        return c if c in legal else next(x for x in legal if x not in ("re", "kontra", "keine90", "keine60",
                                                                       "keine30", "schwarz"))

    def interject(self, turn: Turn, rng: Any) -> str | None:
        view = turn.view.get("deal", turn.view)
        if view.get("phase") != "play":
            return None
        a = self._announcement(view, list(turn.legal))
        return a if a in turn.legal else None
