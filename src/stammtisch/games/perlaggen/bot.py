"""A rule-based Perlaggen player.

It bids, holds and concedes by estimating its side's chances from its own hand (and its partner's
signals), bluffs now and then, tauft every Perlagg sensibly (as the trump Ass to win a trick, as a
low card of the led suit when it must go under), and plays legally. It sees only its own view.

It never incurs a fine by its own choice: it bids and raises only below ``target - 1`` (§21, also
where the live table lets such a bid pass and fines it), bluffs a Gleich or Hanger only when its own
hand holds one of that kind (§10 fines holding a figure the side does not have at all), and once a
Gleich or Hanger is held it tauft its Perlaggen so that the figure stays (§18: a played Perlagg
counts only as its Taufe). It never concedes for its partner: when it would say ``gut`` while the
partner has not been asked, it asks the partner (``partner_fragen``) — a human partner may hold the
figure (§9: a concession binds both).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.protocol import BaseBot, Turn

from .scoring import AUS
from .rules import (
    Played, baptise, best_gleich, best_hanger, figure_cards, legal_cards, parse_play, perlaggen_order, plain,
    trick_winner,
)

__all__ = ["RuleBot", "figure_strength", "spiel_strength"]

SUITS = "ELHS"


def _stake(word: Any) -> int:
    """A stake as the view writes it (``"3"``, ``"aus"``) as a number (``AUS`` for "Spiel aus")."""
    if word == "aus":
        return AUS
    try:
        return int(word)
    except (TypeError, ValueError):
        return 2


def _hand(view: dict[str, Any]) -> list[int]:
    return [D.parse(c) for c in view.get("hand") or []]


def figure_strength(name: str, hand: list[int], trump: int) -> float:
    """A rough 0..1 chance that this hand wins the figure against three unknown hands."""
    f = best_gleich(hand, trump) if name == "gleich" else best_hanger(hand, trump)
    if f is None:
        return 0.0
    n, h, t = f.key
    if n >= 3:
        return 0.85 + 0.03 * (n - 3)
    return 0.2 + 0.05 * h + 0.05 * t


def spiel_strength(hand: list[int], trump: int) -> float:
    """A rough chance of three tricks: Perlaggen and high trumps count."""
    perl = perlaggen_order(trump)
    score = sum(1.0 for c in hand if c in perl)
    score += sum(0.6 for c in hand if c not in perl and c // 8 == trump and c % 8 >= 6)
    score += sum(0.3 for c in hand if c not in perl and c // 8 == trump and c % 8 < 6)
    score += sum(0.25 for c in hand if c not in perl and c // 8 != trump and c % 8 == 7)
    return min(1.0, score / 3.0)


def proven_revokes(deal: dict[str, Any], side: int) -> int:
    """Revokes by ``side`` the public cards prove: a seat played a plain card of another suit (no trump,
    no Perlagg) to a trick and later played a natural card of the suit it did not follow (§15, §17)."""
    trump = SUITS.index(deal["trump"]) if deal.get("trump") else -1
    perl = perlaggen_order(trump) if trump >= 0 else ()
    raw = deal.get("history", [])
    plays = [(s, a) for k, (s, a) in enumerate(raw) if _is_card_action(a)
             and not (k + 1 < len(raw) and raw[k + 1] == [s, "zuruecknehmen"])]
    tricks = [plays[k:k + 4] for k in range(0, len(plays), 4)]
    count = 0
    for t, trick in enumerate(tricks):
        if not trick:
            continue
        c0, t0 = parse_play(trick[0][1])
        led = (t0 if t0 is not None else c0) // 8 if (t0 is not None or c0 != 32) else 3
        for s, a in trick[1:]:
            c, taufe = parse_play(a)
            if s % 2 != side or taufe is not None or c in perl or c == 32 or c // 8 in (led, trump):
                continue
            later = [parse_play(x) for later_trick in tricks[t + 1:] for ss, x in later_trick if ss == s]
            if any(tt is None and cc not in perl and cc != 32 and cc // 8 == led for cc, tt in later):
                count += 1
    return count


def _held(deal: dict[str, Any]) -> set[str]:
    """The Gleich/Hanger held in this deal: both sides have said they hold one (§10)."""
    return {n for n, f in (deal.get("figures") or {}).items() if n != "spiel" and f.get("status") == "held"}


def _wilds_needed(kind: str, naturals: list[int]) -> int:
    """Free Perlaggen a zweifache figure of ``kind`` still needs beside ``naturals`` (the cards that
    count as plain cards: natural cards, and Perlaggen fixed by their Taufe)."""
    if kind == "gleich":
        counts = [sum(1 for c in naturals if c % 8 == h) for h in range(8)]
        return max(0, 2 - max(counts))
    best = 0
    for s in range(4):
        ranks = {c % 8 for c in naturals if c // 8 == s}
        for r in range(7):
            best = max(best, (r in ranks) + (r + 1 in ranks))
    return 2 - best


def _jointly_made(kinds: set[str], hand: list[int], played: list[str], trump: int) -> bool:
    """Whether the seat's five cards (``hand`` still held, ``played`` as played) make a figure of every
    kind in ``kinds`` at once, each free Perlagg standing in for one card (a sufficient test)."""
    perl = perlaggen_order(trump)
    dealt = list(hand) + [parse_play(x)[0] for x in played]
    free, fixed = figure_cards(dealt, played, trump)
    naturals = [c for c in free if c not in perl] + [c for c in fixed if 0 <= c < 32]
    wild = sum(1 for c in free if c in perl)
    return sum(_wilds_needed(k, naturals) for k in kinds if k != "spiel") <= wild


def _is_card_action(a: str) -> bool:
    try:
        parse_play(a)
        return True
    except Exception:
        return False


class RuleBot(BaseBot):
    """The game's rule-based player (``stammtisch play perlaggen``)."""

    name = "rule"

    def __init__(self, bluff: float = 0.06, careful: bool = True):
        self.bluff = bluff
        #: raise like a careful player (:meth:`_raise_ok`); ``False``: the earlier, bolder raising
        self.careful = careful

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return self._claim(turn)

    def _claim(self, turn: Turn) -> str | None:
        """"Ein Spieler schläft nicht" (§33): claim the public §7 hand-over and the previous deal's
        offences at once, and a revoke as soon as the cards prove it (a seat that did not follow a suit
        plays that suit later)."""
        legal = turn.legal
        for a in legal:
            if a.startswith("reklamieren:") and (a.endswith(":voriges") or a == "reklamieren:7"):
                return a
        if "reklamieren:17" in legal:
            deal = turn.view.get("deal", turn.view)
            proven = proven_revokes(deal, 1 - turn.seat % 2)
            claimed = sum(1 for e in deal.get("events", [])
                          if " claims §17 against" in e and f"side {'AB'[1 - turn.seat % 2]}" in e)
            if proven > claimed:
                return "reklamieren:17"
        return None

    def choose(self, turn: Turn, rng: Any) -> str:
        legal = list(turn.legal)
        v = turn.view
        deal = v.get("deal", v)
        phase = deal.get("phase")
        claim = self._claim(turn)
        if claim:
            return claim
        if phase == "schreiben":
            return "schreiben"  # the write-up (§33): a proven revoke was claimed above
        if phase == "cut":
            return f"abheben:{rng.randrange(5, 29)}"
        if phase == "keep":
            return "behalten"
        if phase == "look":
            return "ansehen"
        if phase == "exchange":
            swaps = [a for a in legal if a.startswith("tauschen:")]
            if swaps:
                return min(swaps, key=lambda a: D.parse(a.split(":")[1]) % 8)
            return "nicht_tauschen"
        if phase == "meld":
            return "melden" if "melden" in legal else "passen"
        trump = SUITS.index(deal["trump"])
        hand = _hand(deal)
        if phase == "answer":
            return self._answer(deal, hand, trump, legal, rng)
        if phase == "figures":
            name = deal.get("figure_on_table")
            if f"bieten:{name}" in legal and self._may_bid(deal) and self._safe(name, hand, trump, deal) \
                    and self._chance(name, hand, trump, deal) > 0.85:
                return f"bieten:{name}"  # a sure figure is worth 2 bid, 1 unbid
            for a in ("abweisen", "stellen", "weisen"):
                if a in legal:
                    return a
            return "gut"
        # play: tell the partner what we hold (once), maybe bid, then a card
        sig = self._signal(deal, hand, trump, legal, turn.seat)
        if sig:
            return sig
        bid = self._maybe_bid(deal, hand, trump, legal, rng)
        if bid:
            return bid
        return self._card(deal, hand, trump, legal, turn.seat)

    def _signal(self, deal: dict[str, Any], hand: list[int], trump: int, legal: list[str], seat: int) -> str | None:
        if any(s == seat for s, _ in deal.get("signals", [])) or "zeichen:nichts" not in legal or not hand:
            return None
        best = max(("gleich", "hanger"), key=lambda n: figure_strength(n, hand, trump))
        own_played = list((deal.get("played") or [[]] * 4)[seat])
        if figure_strength(best, hand, trump) >= 0.85 and _jointly_made(_held(deal) | {best}, hand, own_played, trump):
            # a promise the partner may hold on: only one this hand keeps with the figures held (§10)
            return f"zeichen:{best}"
        if spiel_strength(hand, trump) >= 0.6:
            return "zeichen:spiel"
        if any(c in perlaggen_order(trump) for c in hand):
            return "zeichen:perlagg"
        return "zeichen:nichts"

    def _partner_says(self, deal: dict[str, Any]) -> set[str]:
        seat = deal.get("seat", 0)
        return {g for s, g in deal.get("signals", []) if s != seat}

    def _chance(self, name: str, hand: list[int], trump: int, deal: dict[str, Any]) -> float:
        """The side's chance of the figure: own hand, the tricks so far, the partner's signal."""
        said = self._partner_says(deal)
        if name == "spiel":
            won = deal.get("tricks_won", [0, 0])
            side = deal.get("seat", 0) % 2
            base = spiel_strength(hand, trump) + 0.1 * (won[side] - won[1 - side])
            base += 0.25 if "spiel" in said else 0.1 if "perlagg" in said else -0.1 if "nichts" in said else 0.0
            return max(0.0, min(1.0, base))
        bonus = 0.3 if name in said else 0.0
        return min(1.0, figure_strength(name, hand, trump) + bonus)

    @staticmethod
    def _may_bid(deal: dict[str, Any]) -> bool:
        """§21: a side at ``target - 1`` has no right to bid or raise (the live table fines it)."""
        side = deal.get("seat", 0) % 2
        written = deal.get("written") or deal.get("standing") or [0, 0]
        return written[side] < deal.get("target", 18) - 1

    def _safe(self, name: str, hand: list[int], trump: int, deal: dict[str, Any]) -> bool:
        """Whether bidding or holding ``name`` cannot cost §10: the Spiel (§10 names Gleich and Hanger
        only); a figure the partner signalled; or one the own five cards make together with every other
        Gleich/Hanger already held in this deal, each Perlagg used once (a lower figure loses, it is no
        bluff in §10's sense)."""
        if name == "spiel" or name in self._partner_says(deal):
            return True
        kinds = {n for n in _held(deal) if n not in self._partner_says(deal)} | {name}
        seat = deal.get("seat", 0)
        return _jointly_made(kinds, hand, list((deal.get("played") or [[]] * 4)[seat]), trump)

    def _raise_ok(self, deal: dict[str, Any], name: str, hand: list[int], trump: int, p: float, now: int) -> bool:
        """Whether to raise ``name`` from the stake ``now`` (§13), as a careful player would:

        * never when the stake already takes the side out (raising then only adds risk);
        * every raise of the other side is a sign of strength: each one asks 5 points more of ``p``
          (from 0.85, up to 0.97);
        * "Spiel aus" decides the Partie (§14): only with a figure that cannot well be beaten — a
          vierfaches or fünffaches Gleich/Hanger in the own hand, or the Spiel with two tricks won — and
          ``p`` of at least 0.97.
        """
        if not self.careful:
            return p > 0.8
        side = deal.get("seat", 0) % 2
        written = deal.get("written") or deal.get("standing") or [0, 0]
        if written[side] + now >= deal.get("target", 18):
            return False
        nxt = AUS if now >= 7 else now + 1
        if p < min(0.97, 0.85 + 0.05 * max(0, now - 2)):
            return False
        if nxt >= AUS:
            if name == "spiel":
                sure = (deal.get("tricks_won") or [0, 0])[side] >= 2
            else:
                f = best_gleich(hand, trump) if name == "gleich" else best_hanger(hand, trump)
                sure = f is not None and f.n >= 4
            return sure and p >= 0.97
        return True

    def _answer(self, deal: dict[str, Any], hand: list[int], trump: int, legal: list[str], rng: Any) -> str:
        """Hold when the side's chance ``p`` makes it pay: conceding a bid costs 1, holding wins or
        loses 2, so holding is worth it from p > 1/4 (and a bluffing bidder also pays §10). Never a
        concession before the partner was asked (``partner_fragen``), never a raise at 17 (§21), never
        a bluff that §10 would fine."""
        pend = deal.get("pending") or {}
        name = pend.get("figure", "spiel")
        p = self._chance(name, hand, trump, deal)
        safe = self._safe(name, hand, trump, deal)
        now = _stake(pend.get("value"))
        if "steigern" in legal and safe and self._may_bid(deal) and self._raise_ok(deal, name, hand, trump, p, now) \
                and rng.random() < 0.5:
            return "steigern"
        if "halten" in legal and safe and (p > 0.25 or rng.random() < self.bluff):
            return "halten"
        if "partner_fragen" in legal:
            return "partner_fragen"  # the partner may hold it: never concede for him (§9)
        return "gut"

    def _maybe_bid(self, deal: dict[str, Any], hand: list[int], trump: int, legal: list[str], rng: Any) -> str | None:
        if not self._may_bid(deal):
            return None
        for a in legal:
            if a.startswith("bieten:") or a.startswith("steigern:"):
                name = a.split(":")[1]
                p = self._chance(name, hand, trump, deal)
                if not self._safe(name, hand, trump, deal):
                    continue
                if a.startswith("steigern") and self.careful:
                    now = _stake((deal.get("figures") or {}).get(name, {}).get("value"))
                    if p > 0.9 and self._raise_ok(deal, name, hand, trump, p, now):
                        return a
                    continue  # a careful player never bluffs a raise
                if p > (0.9 if a.startswith("steigern") else 0.7) or rng.random() < self.bluff / 4:
                    return a
        return None

    def _card(self, deal: dict[str, Any], hand: list[int], trump: int, legal: list[str], seat: int) -> str:
        perl = perlaggen_order(trump)
        trick: list[tuple[int, Played]] = []
        for s, text in deal.get("trick", []):
            c, t = parse_play(text)
            trick.append((s, baptise(c, t, trump) if t is not None else plain(c)))
        # only cards the rules allow, even where the table would let a revoke pass (§15)
        allowed = legal_cards(sum(1 << c for c in hand), trick[0][1].suit if trick else None, trump)
        cards = [a for a in legal if "=" not in a and ":" not in a and a not in ("aufdecken", "zuruecknehmen")
                 and (allowed >> D.parse(a)) & 1]
        partner_wins = bool(trick) and trick[trick_winner([p for _, p in trick], trump)][0] == (seat + 2) % 4
        led = trick[0][1].suit if trick else None
        trump_ace = trump * 8 + 7

        def as_played(a: str) -> Played:
            c = D.parse(a)
            if c in perl:
                return baptise(c, trump_ace, trump)
            return plain(c)

        def wins(p: Played) -> bool:
            return not trick or trick_winner([q for _, q in trick] + [p], trump) == len(trick)

        def cost(a: str) -> tuple[int, int]:
            c = D.parse(a)
            return (1 if c in perl else 0, plain(c).height + (8 if plain(c).suit == trump else 0))

        own_played = list((deal.get("played") or [[]] * 4)[seat])

        def figures_kept(c: int, taufe: int) -> tuple[int, int, int, int]:
            # §18: a Perlagg once getauft counts as its Taufe in Gleich and Hanger too; keep them
            dealt = hand + [parse_play(x)[0] for x in own_played]
            free, fixed = figure_cards(dealt, own_played + [f"{D.format(c)}={D.format(taufe)}"], trump)
            g, h = best_gleich(free, trump, fixed), best_hanger(free, trump, fixed)
            return (g.n if g else 0) + (h.n if h else 0), g.key[1] if g else -1, h.key[1] if h else -1, taufe

        naturals = [t for t in range(32) if t not in perl]  # §18, §20: a Taufe is a plain suit card
        # the held figures, and the one this seat signalled: the partner may hold on the strength of it
        promised = {g for s_, g in deal.get("signals", []) if s_ == seat and g in ("gleich", "hanger")}
        committed = sorted(_held(deal) | promised)
        uncovered = set(committed) - self._partner_says(deal)  # a partner's signal covers its kind
        held_uncovered = _held(deal) - self._partner_says(deal)  # held ones before promised ones

        def keeps(c: int, t: int) -> tuple[Any, ...]:
            # the held figures must stay (§10: held without having it costs the deal and 2 points)
            played = own_played + [f"{D.format(c)}={D.format(t)}"]
            rest = [x for x in hand if x != c]
            dealt = rest + [parse_play(x)[0] for x in played]
            free, fixed = figure_cards(dealt, played, trump)
            figs = [best_gleich(free, trump, fixed) if n == "gleich" else best_hanger(free, trump, fixed)
                    for n in committed]
            return (_jointly_made(held_uncovered, rest, played, trump), _jointly_made(uncovered, rest, played, trump),
                    sum(1 for f in figs if f is not None),
                    tuple(f.key if f else (0, -1, 0) for f in figs))

        def strength(t: int) -> tuple[int, int]:
            return (1 if t // 8 == trump else 0, t % 8)

        def taufe(c: int, want_win: bool) -> str:
            default = trump_ace if want_win else (led if led is not None else trump) * 8 + 1
            fits = [t for t in naturals if wins(baptise(c, t, trump)) == want_win]
            if committed:
                # a held Gleich or Hanger comes first (§10, §18); then the wanted outcome, then strength
                kept = {t: keeps(c, t) for t in naturals}
                default = max(naturals, key=lambda t: (kept[t][:3], t in fits, kept[t][3],
                                                       strength(t) if want_win else tuple(-x for x in strength(t))))
            elif (len(trick) == 3 or not want_win) and fits:
                # last to play, or going under: any Taufe with the wanted outcome, the one that keeps the figures
                default = max(fits, key=lambda t: figures_kept(c, t))
            return f"{D.format(c)}={D.format(default)}"

        if not partner_wins:
            winners = sorted((a for a in cards if wins(as_played(a))), key=cost)
            if winners and (trick or cost(winners[-1])[0] or plain(D.parse(winners[-1])).height >= 6):
                a = winners[0] if trick else winners[-1]
                return taufe(D.parse(a), True) if D.parse(a) in perl else a
        # go under: the cheapest card; a Perlagg then getauft so that it loses and keeps the figures
        a = min(cards, key=cost)
        if D.parse(a) in perl:
            return taufe(D.parse(a), False)
        return a
