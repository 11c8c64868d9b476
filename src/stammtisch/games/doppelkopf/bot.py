"""The rule-based Doppelkopf player: always legal, simple and sensible.

* **Contract.** Rates every solo its profile allows on the hand; says ``vorbehalt`` and plays
  the best solo when the hand reaches :data:`LUSTSOLO_SCORE`, or when it still owes its
  Pflichtsolo and the hand reaches :func:`pflicht_threshold`, which falls as the round runs out
  (any hand in the last regular game); with both ♣ Queens and no solo it answers ``nein`` to the
  solo questions and plays a Hochzeit.
* **Announcements.** Re/Kontra with a strong trump hand (or a strong solo), keine 90 with a
  very strong one; it announces in turn and out of turn alike.
* **Play.** Tracks the cards not yet seen. Leads its Fehl aces while a suit is fresh; as soloist
  cashes fresh aces, then draws trumps with a master trump (or a low one to drive theirs out);
  serves its known partner with Augen (schmieren) when the partner's card stands — it plays last,
  only partners follow, or no unseen card can beat it; catches foxes and valuable tricks with the
  cheapest card nothing unseen can overtake; keeps its own Fuchs back; otherwise plays its
  cheapest card.

Measured in ``benchmarks/strength/doppelkopf_bots.py`` (results in ``benchmarks/results/doppelkopf_bots.json``).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.cards import DOKO
from stammtisch.core.protocol import BaseBot, Turn

from .rules import AUGEN, ORDERS, TRUMP, Order, card_of

__all__ = ["RuleBot", "solo_scores", "pflicht_threshold", "LUSTSOLO_SCORE"]

_WORDS = ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
_TOP = {card_of("H", "10") // 2, card_of("X", "D") // 2, card_of("P", "D") // 2, card_of("H", "D") // 2}


def _cards(texts: list[str]) -> list[int]:
    return DOKO.parse_cards(texts)


def solo_scores(hand: list[int], allowed: list[str]) -> dict[str, float]:
    """A rough strength per allowed solo kind (see :data:`LUSTSOLO_SCORE`, :func:`pflicht_threshold`)."""
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


#: a Lustsolo only with a hand rated this high (calibrated with ``benchmarks/strength/doppelkopf_bots.py``:
#: below it the rule bot's solos lose on average against rule-bot defenders)
LUSTSOLO_SCORE = 15.5


def pflicht_threshold(regular_left: int, active: int = 4, five_table: bool = False) -> float:
    """The hand rating at which the rule bot plays its Pflichtsolo now (Doppelkopf-Turnier 2.).

    A Pflichtsolo uses no regular game (the same dealer deals again), so the question is only
    which of the hands still to come to play it with: an optimal-stopping rule that starts
    demanding (a Lustsolo hand) and falls as the round runs out, to any hand for the last
    regular game — otherwise he is vorgeführt (DDV) and must play whatever he is dealt.

    >>> pflicht_threshold(20), pflicht_threshold(6), pflicht_threshold(1)
    (15.5, 11.3, 0.0)
    """
    hands = regular_left * (4 / 5 if five_table else 1)  # at a five-table he sits out one game in five
    if hands <= 1:
        return 0.0
    return min(LUSTSOLO_SCORE, 9.5 + 0.3 * hands)


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
        if forced or scores[best] >= LUSTSOLO_SCORE:
            return f"solo:{best}"
        if owes and left is not None and scores[best] >= pflicht_threshold(left, len(view.get("active") or ()) or 4,
                                                                            view.get("sitting") is not None):
            return f"solo:{best}"
        return None

    def _contract(self, view: dict[str, Any], legal: list[str]) -> str:
        hand = _cards(view["hand"])
        if view["phase"] == "vorbehalt":
            solo_kinds = [f"solo:{k}" for k in ORDERS if k != "normal"]
            wants = self._solo_choice(view, solo_kinds, False)
            both_q = sum(1 for c in hand if c // 2 == card_of("X", "D") // 2) == 2
            return "vorbehalt" if wants or both_q else "gesund"
        if "hochzeit" in legal:  # the Hochzeit tier: the only answer left
            return "hochzeit"
        # a tier's question: "nein" only with both ♣ Queens (a Hochzeit to come); else a solo is due
        solo = self._solo_choice(view, legal, view.get("abfrage") == "vorfuehrung")
        if solo:
            return solo
        if "nein" in legal:
            return "nein"
        return self._solo_choice(view, legal, True) or legal[0]

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
    @staticmethod
    def _unseen(view: dict[str, Any], hand: list[int]) -> list[int]:
        """Copies of each card kind nobody has shown yet and not in ``hand`` (first copy index,
        repeated per unseen copy): the cards the others may still hold."""
        left = [2] * 24
        for c in hand:
            left[c // 2] -= 1
        for t in view.get("tricks", []):
            for _, c in t["cards"]:
                left[DOKO.parse(c) // 2] -= 1
        for _, c in view.get("trick", []):
            left[DOKO.parse(c) // 2] -= 1
        return [2 * k for k in range(24) for _ in range(max(0, left[k]))]

    def _card(self, view: dict[str, Any], legal: list[str]) -> str:
        contract = view.get("contract") or "normal"
        kind = contract[5:] if contract.startswith("solo:") else "normal"
        o: Order = ORDERS[kind]
        cards = [(DOKO.parse(t), t) for t in legal if t not in _WORDS]
        me = view["seat"]
        parties = view.get("parties") or []
        mine = parties[me] if parties else None
        partners = {s for s, p in enumerate(parties) if p is not None and p == mine and s != me}
        hand = _cards(view["hand"])
        unseen = self._unseen(view, hand)

        def master(c: int) -> bool:
            """No card the others may hold beats ``c`` played before it (trumps; Fehl within the suit)."""
            return not any(o.beats(u, c) and o.eff[u] == o.eff[c] for u in unseen)

        def unbeatable(c: int) -> bool:
            """Nothing unseen can beat ``c`` at all (a Fehl card can still be trumped)."""
            return not any(o.beats(u, c) for u in unseen)

        fox = card_of("K", "A") // 2
        cheap = min(cards, key=lambda x: (AUGEN[x[0]] + (8 if o.eff[x[0]] == TRUMP and x[0] // 2 in _TOP else 0)
                                          + (6 if kind == "normal" and x[0] // 2 == fox else 0),
                                          o.eff[x[0]] == TRUMP, o.power[x[0]]))
        trick = [(s, DOKO.parse(c)) for s, c in view.get("trick", [])]
        if not trick:
            return self._lead(view, o, kind, cards, cheap, master)[1]
        best_seat, best = trick[0]
        for s, c in trick[1:]:
            if o.beats(c, best):
                best_seat, best = s, c
        active = view.get("active") or list(range(4))
        i = active.index(me)
        behind = [active[(i + k) % len(active)] for k in range(1, 4 - len(trick))]  # still to play after me
        last = not behind
        worth = sum(AUGEN[c] for _, c in trick)
        fox_in = kind == "normal" and any(c // 2 == fox and s not in partners and s != me for s, c in trick)
        if best_seat in partners:
            # serve the partner (schmieren) when his card stands: I am last, only partners follow,
            # or nothing the others may hold beats it
            safe = last or all(s in partners for s in behind) or unbeatable(best)
            if safe:
                fat = [x for x in cards if not (o.eff[x[0]] == TRUMP and x[0] // 2 in _TOP)]
                if fat:
                    return max(fat, key=lambda x: (AUGEN[x[0]], o.eff[x[0]] != TRUMP, -o.power[x[0]]))[1]
            return cheap[1]
        winners = [x for x in cards if o.beats(x[0], best)]
        if winners and (last or fox_in or worth >= 14 or o.eff[best] != TRUMP and o.eff[trick[0][1]] != TRUMP):
            if last:
                return min(winners, key=lambda x: (o.power[x[0]] if o.eff[x[0]] == TRUMP else -AUGEN[x[0]],
                                                   AUGEN[x[0]]))[1]
            if worth >= 14 or fox_in:
                # catch the fox / the valuable trick with the cheapest card that cannot be overtaken
                sure = [x for x in winners if unbeatable(x[0])]
                if sure:
                    return min(sure, key=lambda x: (o.power[x[0]], AUGEN[x[0]]))[1]
                return max(winners, key=lambda x: o.power[x[0]] if o.eff[x[0]] == TRUMP else AUGEN[x[0]])[1]
            return min(winners, key=lambda x: (AUGEN[x[0]], o.power[x[0]]))[1]
        return cheap[1]

    def _lead(self, view: dict[str, Any], o: Order, kind: str, cards: list[tuple[int, str]],
              cheap: tuple[int, str], master: Any) -> tuple[int, str]:
        led_suits = {o.eff[DOKO.parse(t["cards"][0][1])] for t in view.get("tricks", [])}
        aces = [x for x in cards if o.eff[x[0]] != TRUMP and DOKO.card_rank[x[0]] == "A"
                and o.eff[x[0]] not in led_suits]
        trumps = [x for x in cards if o.eff[x[0]] == TRUMP]
        if view.get("soloist") == view["seat"]:
            # soloist: cash fresh Fehl aces while the opponents still follow, then draw trumps with
            # a master trump, or a low one to drive out their high trumps
            if aces:
                return aces[0]
            if trumps:
                masters = [x for x in trumps if master(x[0])]
                if masters:
                    return max(masters, key=lambda x: o.power[x[0]])
                return min(trumps, key=lambda x: (AUGEN[x[0]], o.power[x[0]]))
            fehl_masters = [x for x in cards if master(x[0])]
            if fehl_masters:
                return max(fehl_masters, key=lambda x: AUGEN[x[0]])
            return cheap
        if aces:
            return aces[0]
        return cheap

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
        return c if c in legal else next(x for x in legal if x not in _WORDS)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        view = turn.view.get("deal", turn.view)
        if view.get("phase") != "play":
            return None
        a = self._announcement(view, list(turn.legal))
        return a if a in turn.legal else None
