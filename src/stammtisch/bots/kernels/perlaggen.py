"""A compiled playout kernel for Tyrolean Perlaggen (Numba, extra ``fast``).

The kernel plays the card phase of a deal with random legal cards, drawn as ``POLICY_*`` says:
uniformly over the card *actions* as the engine's random player does (a plain card is one action,
a Perlagg 33: played as itself, or getauft as any of the 32 suit cards, Perlaggen §18), uniformly
over the cards played as themselves (the search's ``CardsFirstRollout``), or with every Perlagg
getauft as the trump Ace. It mirrors
:func:`stammtisch.games.perlaggen.rules.legal_cards` (§15: follow the led suit, or trump with a
trump or a Perlagg; a Perlagg is always allowed; the profile ``live`` lets any card be played and
the revoke be claimed, §17, §33) and :func:`~stammtisch.games.perlaggen.rules.trick_winner` (trump
beats the led suit beats the rest; the higher card; a getaufter Perlagg beats the real card of
the same value and a lower Perlagg by the Perlaggen order, §20; a Perlagg played ungetauft is its
printed card, the Weli a Schell-6 below the Schell-7, §18). The card play ends when a side has
three tricks: it has the Spiel (§23).

A position is one flat ``int64`` array (:meth:`PerlaggenKernel.arrays`, layout ``P_*``); a playout
returns one ``int64`` array (layout ``O_*``): tricks per side, the Spiel side, the winner of each
trick. :meth:`PerlaggenKernel.rollout` hands the kernel's cards (with their Taufen) to the engine,
which goes on with the figures after the Spiel (§22–§24) and settles the deal.

``tests/bots/test_perlaggen_kernel.py`` replays thousands of kernel deals through the engine and
compares every legal set (cards and the number of card actions), trick winner and the Spiel.

>>> k = PerlaggenKernel()                                   # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ._nb import COMPILED, PlayoutKernel, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle

__all__ = ["COMPILED", "PerlaggenKernel", "legal_nb", "winner_nb", "playout_nb", "playouts_nb", "random_deals_nb"]

WELI = 32
SCHELL = 3
SUIT_CARDS = np.int64(0xFFFFFFFF)  #: the 32 suit cards (the Weli is bit 32)


def taufen(pmask: int) -> int:
    """Card actions per Perlagg: ungetauft, or getauft as one of the plain suit cards (§18, §20: never as
    another Perlagg's face)."""
    return 1 + (~int(pmask) & 0xFFFFFFFF).bit_count()

# -- position layout (int64) -------------------------------------------------------------
P_HANDS = 0  #: 4 hands (bit sets over PERLAGGEN indices), by seat
P_TRUMP = 4  #: trump suit (never Eichel)
P_PMASK = 5  #: bit set of the eight Perlaggen for this trump
P_PRANK = 6  #: 33: Perlagg rank per card (8 Martl … 1; 0 no Perlagg), with the club's Eichel order
P_ANY = 39  #: any card may be played (profile ``live``: a revoke is an offence to claim, §17, §33)
P_LEADER = 40  #: seat that led the current trick
P_NCUR = 41  #: cards in the current trick
P_DONE = 42  #: tricks completed
P_WON = 43  #: 2: tricks per side so far (side = seat % 2)
P_REC = 45  #: 20 cards in play order
P_TAUFE = 65  #: 20: the suit card each was getauft as, -1 for a card played as itself
P_SEAT = 85  #: 20 seats that played them
P_POLICY = 105  #: how the random card is drawn: one of the ``POLICY_*`` below
P_SIZE = 106

#: uniform over the card actions, one per plain suit card and one
#: ungetauft per Perlagg (the engine's random player restricted to cards)
POLICY_ACTIONS = 0
#: uniform over the cards, each played as itself (``CardsFirstRollout``: a Taufe is no card notation)
POLICY_PLAIN = 1
#: uniform over the cards, a Perlagg getauft as the trump Ace (it then loses only to a higher Perlagg, §20)
POLICY_TRUMP_ACE = 2

# -- playout result layout (int64) -------------------------------------------------------
O_TRICKS = 0  #: 2: tricks per side at the end of the card play
O_SPIEL = 2  #: the side with three tricks (the Spiel, §23)
O_PLAYED = 3  #: cards in the record
O_WINNERS = 4  #: 5: winner seat of each trick, -1 for a trick not played
O_SIZE = 9


@njit(cache=True)
def legal_nb(hand: int, led_suit: int, trump: int, pmask: int, any_card: bool) -> int:
    """Mirror of :func:`stammtisch.games.perlaggen.rules.legal_cards` (``led_suit`` -1: leading)."""
    if led_suit < 0 or any_card:
        return hand
    naturals = hand & ~pmask
    follow = naturals & (np.int64(0xFF) << (8 * led_suit))
    if not follow:
        return hand
    return follow | (naturals & (np.int64(0xFF) << (8 * trump))) | (hand & pmask)


@njit(cache=True)
def _counts_as(c: int, t: int, prank: np.ndarray) -> tuple[int, int, int]:
    """``(suit, height, Perlagg rank)`` of card ``c`` played getauft as ``t`` (-1: as itself), as
    :func:`~stammtisch.games.perlaggen.rules.baptise` / ``plain`` say."""
    if t >= 0:
        return t >> 3, t & 7, prank[c]
    if c == WELI:
        return SCHELL, -1, 0
    return c >> 3, c & 7, 0


@njit(cache=True)
def winner_nb(pos: np.ndarray, start: int, n: int, trump: int) -> int:
    """Index (0..n-1) of the winning card among the ``n`` plays from record index ``start``: mirror
    of :func:`stammtisch.games.perlaggen.rules.trick_winner` (the first of equal keys wins)."""
    prank = pos[P_PRANK:P_PRANK + 33]
    led, _, _ = _counts_as(pos[P_REC + start], pos[P_TAUFE + start], prank)
    best, bk0, bk1, bk2 = 0, -1, -9, -1
    for i in range(n):
        s, h, r = _counts_as(pos[P_REC + start + i], pos[P_TAUFE + start + i], prank)
        cls = 2 if s == trump else (1 if s == led else 0)
        if cls > bk0 or (cls == bk0 and (h > bk1 or (h == bk1 and r > bk2))):
            best, bk0, bk1, bk2 = i, cls, h, r
    return best


@njit(cache=True)
def playout_nb(pos: np.ndarray, seed: int) -> np.ndarray:
    """Play random legal card actions from ``pos`` until a side has three tricks (§23).

    ``pos`` is updated in place (the record completed). Returns the ``O_*`` array.
    """
    rng = new_rng(seed)
    trump = pos[P_TRUMP]
    pmask = pos[P_PMASK]
    any_card = pos[P_ANY] != 0
    policy = pos[P_POLICY]
    prank = pos[P_PRANK:P_PRANK + 33]
    ncur = pos[P_NCUR]
    n = pos[P_DONE] * 4 + ncur
    p = (pos[P_LEADER] + ncur) & 3
    led = -1
    if ncur:
        led, _, _ = _counts_as(pos[P_REC + n - ncur], pos[P_TAUFE + n - ncur], prank)
    while pos[P_WON] < 3 and pos[P_WON + 1] < 3:
        hand = pos[P_HANDS + p]
        legal = legal_nb(hand, led, trump, pmask, any_card)
        if policy == POLICY_ACTIONS:
            nat = legal & ~pmask
            per = legal & pmask
            nn = popcount(nat)
            plain = ~pmask & SUIT_CARDS
            nt = 1 + popcount(plain)
            r = rand_below(rng, nn + nt * popcount(per))
            if r < nn:
                c, t = nth_bit(nat, r), -1
            else:
                r -= nn
                c, k = nth_bit(per, r // nt), r % nt
                t = nth_bit(plain, k - 1) if k else -1
        else:
            c = nth_bit(legal, rand_below(rng, popcount(legal)))
            t = trump * 8 + 7 if policy == POLICY_TRUMP_ACE and (pmask >> c) & 1 else -1
        pos[P_HANDS + p] = hand & ~(np.int64(1) << c)
        pos[P_REC + n] = c
        pos[P_TAUFE + n] = t
        pos[P_SEAT + n] = p
        if ncur == 0:
            led, _, _ = _counts_as(c, t, prank)
        n += 1
        ncur += 1
        if ncur == 4:
            w = pos[P_SEAT + n - 4 + winner_nb(pos, n - 4, 4, trump)]
            pos[P_WON + (w & 1)] += 1
            pos[P_DONE] += 1
            p = w
            ncur = 0
            led = -1
        else:
            p = (p + 1) & 3
    pos[P_NCUR] = ncur
    pos[P_LEADER] = p
    out = np.full(O_SIZE, -1, np.int64)
    out[O_TRICKS] = pos[P_WON]
    out[O_TRICKS + 1] = pos[P_WON + 1]
    out[O_SPIEL] = 0 if pos[P_WON] >= 3 else 1
    out[O_PLAYED] = n
    for t in range(n // 4):
        out[O_WINNERS + t] = pos[P_SEAT + 4 * t + winner_nb(pos, 4 * t, 4, trump)]
    return out


@njit(cache=True)
def playouts_nb(pos: np.ndarray, seed: int, n: int) -> np.ndarray:
    """``n`` playouts from the same position ``pos`` (not changed), row ``i`` with the ``i``-th seed
    drawn from ``seed``: an ``(n, O_SIZE)`` array."""
    rng = new_rng(seed)
    out = np.empty((n, O_SIZE), np.int64)
    work = np.empty_like(pos)
    for i in range(n):
        work[:] = pos
        out[i] = playout_nb(work, rand_below(rng, 1 << 62))
    return out


@njit(cache=True)
def random_deals_nb(n: int, seed: int, pranks: np.ndarray, pmasks: np.ndarray, any_card: int,
                    policy: int) -> np.ndarray:
    """``n`` random deals: shuffle the 33 cards, five to each seat, a random trump (Laub, Herz or
    Schell: Eichel is never trump) with its Perlaggen (``pranks``/``pmasks`` per trump suit), random
    legal card actions until the Spiel (§23).

    :returns: totals ``[tricks side A, tricks side B, Spiel A, Spiel B, cards played]``
    """
    rng = new_rng(seed)
    total = np.zeros(5, np.int64)
    deck = np.arange(33)
    pos = np.zeros(P_SIZE, np.int64)
    for _ in range(n):
        shuffle(rng, deck)
        pos[:] = 0
        deal_hands(deck, pos, P_HANDS, 4, 5)
        trump = 1 + rand_below(rng, 3)
        pos[P_TRUMP] = trump
        pos[P_PMASK] = pmasks[trump]
        pos[P_PRANK:P_PRANK + 33] = pranks[trump]
        pos[P_ANY] = any_card
        pos[P_POLICY] = policy
        pos[P_LEADER] = rand_below(rng, 4)
        out = playout_nb(pos, rand_below(rng, 1 << 62))
        total[0] += out[O_TRICKS]
        total[1] += out[O_TRICKS + 1]
        total[2 + out[O_SPIEL]] += 1
        total[4] += out[O_PLAYED]
    return total


class PerlaggenKernel(PlayoutKernel):
    """The kernel bound to the Perlaggen engine's rules (the Perlaggen order imported from the
    game, never copied). ``options``: a :class:`~stammtisch.games.perlaggen.options.PerlaggenOptions`
    (default ``innsbruck``); it sets the Eichel order of the Perlaggen and whether any card may
    be played (``offences="penalise"``). ``policy``: the ``POLICY_*`` of :meth:`arrays` (default
    :data:`POLICY_PLAIN`, the search's present random playouts)."""

    playout_nb, playouts_nb = staticmethod(playout_nb), staticmethod(playouts_nb)  # PlayoutKernel

    def __init__(self, options: Any = None, policy: int = POLICY_PLAIN):
        from ...core.cards import PERLAGGEN
        from ...games.perlaggen import rules
        from ...games.perlaggen.options import PROFILES

        self.opts = options if options is not None else PROFILES["innsbruck"]
        self.rules = rules
        self.deck = PERLAGGEN
        self.pranks = np.zeros((4, 33), np.int64)
        self.pmasks = np.zeros(4, np.int64)
        for trump in range(1, 4):
            for c in range(33):
                self.pranks[trump, c] = rules.perlagg_rank(c, trump, self.opts.eichel_ober_high)
            self.pmasks[trump] = sum(1 << c for c in rules.perlaggen_order(trump))
        self.any_card = int(self.opts.offences == "penalise")
        if policy not in (POLICY_ACTIONS, POLICY_PLAIN, POLICY_TRUMP_ACE):
            raise ValueError(f"unknown playout policy {policy!r} (0 actions, 1 plain, 2 trump Ace)")
        self.policy = policy
        self._words: Any = None
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    # -- state -> arrays ---------------------------------------------------------------------
    def arrays(self, state: Any) -> np.ndarray:
        """The card-play position of a :class:`~stammtisch.games.perlaggen.state.PerlaggenDeal` in
        its ``play`` phase as the kernel's flat array (layout ``P_*``)."""
        if state.phase != "play":
            raise ValueError(f"the kernel plays the cards only; the deal is in phase '{state.phase}'")
        pos = np.zeros(P_SIZE, np.int64)
        for s in range(4):
            pos[P_HANDS + s] = state.hands[s]
        trump = state.trump
        pos[P_TRUMP] = trump
        pos[P_PMASK] = self.pmasks[trump]
        pos[P_PRANK:P_PRANK + 33] = self.pranks[trump]
        pos[P_ANY] = self.any_card
        pos[P_POLICY] = self.policy
        n = 0
        parse = self.deck.parse
        for tr in state.tricks:
            leader = tr["leader"]
            for i, note in enumerate(tr["cards"]):
                c, t = self.rules.parse_play(note)
                pos[P_REC + n], pos[P_TAUFE + n], pos[P_SEAT + n] = c, -1 if t is None else t, (leader + i) & 3
                n += 1
        for s, pl in state.trick:
            pos[P_REC + n], pos[P_SEAT + n] = pl.card, s
            pos[P_TAUFE + n] = -1 if pl.taufe is None else parse(pl.taufe)
            n += 1
        pos[P_DONE] = len(state.tricks)
        pos[P_NCUR] = len(state.trick)
        pos[P_LEADER] = state.trick[0][0] if state.trick else state.turn
        pos[P_WON], pos[P_WON + 1] = state.won[0], state.won[1]
        return pos

    # -- the kernel ----------------------------------------------------------------------------
    def legal(self, pos: np.ndarray) -> int:
        """Legal cards (bit set) of the seat to play in ``pos``."""
        ncur, done = int(pos[P_NCUR]), int(pos[P_DONE])
        p = (int(pos[P_LEADER]) + ncur) & 3
        led = -1
        if ncur:
            k = 4 * done
            led = int(_counts_as(pos[P_REC + k], pos[P_TAUFE + k], pos[P_PRANK:P_PRANK + 33])[0])
        return int(legal_nb(pos[P_HANDS + p], led, pos[P_TRUMP], pos[P_PMASK], bool(pos[P_ANY])))

    def random_deals(self, n: int, seed: int = 0, policy: int = POLICY_ACTIONS) -> list[int]:
        """Play ``n`` random deals; totals ``[tricks A, tricks B, Spiel A, Spiel B, cards played]``."""
        return [int(x) for x in random_deals_nb(n, seed, self.pranks, self.pmasks, self.any_card, policy)]

    # -- back to the engine ------------------------------------------------------------------------
    def notation(self, pos: np.ndarray, k: int) -> str:
        """The action of the ``k``-th card of the record (``"LA"``, ``"W=HA"``)."""
        c, t = int(pos[P_REC + k]), int(pos[P_TAUFE + k])
        return self.deck.format(c) + ("" if t < 0 else "=" + self.deck.format(t))

    def finish(self, state: Any, pos: np.ndarray, first: int) -> Any:
        """Hand the kernel's cards from record index ``first`` (``pos`` after a playout) to the
        engine (``PerlaggenDeal.apply``); returns ``state`` (now past the card play)."""
        for k in range(first, int(pos[P_DONE]) * 4 + int(pos[P_NCUR])):
            state.apply(int(pos[P_SEAT + k]), self.notation(pos, k))
        return state

    def rollout(self, state: Any, rng: random.Random) -> Any:
        """Search-bot rollout, the same play as ``CardsFirstRollout`` (with the default policy): random
        words where no card may be played (bids answered at random, the figures after the Spiel
        decided at random) and the card play by the kernel; returns the finished state (the engine
        settles it)."""
        words = self._words
        if words is None:
            from ...core import registry
            from ..search import CardsFirstRollout

            words = self._words = CardsFirstRollout(registry.get("perlaggen"))
        while not state.is_over():
            if state.phase == "play" and max(state.won) < 3:  # (a side with three tricks ends the play, §23)
                pos = self.arrays(state)
                first = int(pos[P_DONE]) * 4 + int(pos[P_NCUR])
                self.playout_inplace(pos, rng.getrandbits(62))
                self.finish(state, pos, first)
                continue
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            cards = [a for a in legal if words.is_card(a)]
            pool = cards or legal
            state.apply(seat, pool[rng.randrange(len(pool))])
        return state
