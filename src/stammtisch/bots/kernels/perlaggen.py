"""A compiled playout kernel for Tyrolean Perlaggen (Numba, extra ``fast``).

The kernel plays the card phase of a deal with random legal cards, drawn as ``POLICY_*`` says:
uniformly over the card *actions* as the engine's random player does (a plain card is one action,
a Perlagg 33: played as itself, or getauft as any of the 32 suit cards, Perlaggen §18), uniformly
over the cards played as themselves (the search's ``CardsFirstRollout``), or with every Perlagg
getauft as the trump Ace. It compiles the engine's card-play functions
(:mod:`stammtisch.games.perlaggen.cardplay`, one copy of the rules), behind
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

For the determinized search (:mod:`stammtisch.bots.pimc`) the kernel also settles in compiled code
(:func:`settle_nb`: the figures Gleich, Hanger and Spiel decided and written as the engine writes them,
layout ``S_*`` built by :meth:`PerlaggenKernel.spec`), plays a heuristic policy
(:data:`POLICY_HEURISTIC`) and values candidates: :meth:`PerlaggenKernel.card_values` (one compiled
call per sampled world, :func:`values_nb`) and :meth:`PerlaggenKernel.word_values` (bids, raises,
answers, the figures after the Spiel). ``tests/bots/test_perlaggen_kernel_values.py`` checks the settlement
against the engine on thousands of played-out deals.

>>> k = PerlaggenKernel()                                   # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ...games.perlaggen import cardplay
from ._nb import (
    COMPILED, PlayoutKernel, bit_index, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle,
)

__all__ = ["COMPILED", "PerlaggenKernel", "legal_nb", "winner_nb", "playout_nb", "playouts_nb", "random_deals_nb",
           "heuristic_card_nb", "seat_figures_nb", "settle_nb", "values_nb"]

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
P_EPS = 106  #: :data:`POLICY_HEURISTIC`: chance (per mille) of a random card instead of the heuristic's
P_SIZE = 107

#: uniform over the card actions, one per plain suit card and one
#: ungetauft per Perlagg (the engine's random player restricted to cards)
POLICY_ACTIONS = 0
#: uniform over the cards, each played as itself (``CardsFirstRollout``: a Taufe is no card notation)
POLICY_PLAIN = 1
#: uniform over the cards, a Perlagg getauft as the trump Ace (it then loses only to a higher Perlagg, §20)
POLICY_TRUMP_ACE = 2
#: the compiled heuristic (:func:`heuristic_card_nb`): win the trick as cheaply as possible unless the
#: partner already wins it, lead a high card, otherwise go under with the cheapest card; a Perlagg that
#: wins is getauft as the trump Ace (§20), one that goes under as an Achter (never a Perlagg's face, §18);
#: with ``P_EPS`` per mille a random legal card instead (as :data:`POLICY_TRUMP_ACE`)
POLICY_HEURISTIC = 3
POLICIES = (POLICY_ACTIONS, POLICY_PLAIN, POLICY_TRUMP_ACE, POLICY_HEURISTIC)

# -- playout result layout (int64) -------------------------------------------------------
O_TRICKS = 0  #: 2: tricks per side at the end of the card play
O_SPIEL = 2  #: the side with three tricks (the Spiel, §23)
O_PLAYED = 3  #: cards in the record
O_WINNERS = 4  #: 5: winner seat of each trick, -1 for a trick not played
O_SIZE = 9


#: the engine's card-play rules (:mod:`stammtisch.games.perlaggen.cardplay`), compiled: one copy
legal_nb = njit(cache=True)(cardplay.legal_mask)
_counts_as_nb = njit(cache=True)(cardplay.counts_as)
_trick_key_nb = njit(cache=True)(cardplay.trick_key)


@njit(cache=True)
def _counts_as(c: int, t: int, prank: np.ndarray) -> tuple[int, int, int]:
    """:func:`~stammtisch.games.perlaggen.cardplay.counts_as` of card ``c`` getauft as ``t``
    (-1: as itself), its Perlagg rank read from the position's ``prank`` row."""
    return _counts_as_nb(c, t, prank[c])


@njit(cache=True)
def winner_nb(pos: np.ndarray, start: int, n: int, trump: int) -> int:
    """Index (0..n-1) of the winning card among the ``n`` plays from record index ``start``: the
    first of the highest :func:`~stammtisch.games.perlaggen.cardplay.trick_key`, as the engine's
    :func:`~stammtisch.games.perlaggen.rules.trick_winner`."""
    prank = pos[P_PRANK:P_PRANK + 33]
    led, _, _ = _counts_as(pos[P_REC + start], pos[P_TAUFE + start], prank)
    best, best_key = 0, -1
    for i in range(n):
        s, h, r = _counts_as(pos[P_REC + start + i], pos[P_TAUFE + start + i], prank)
        key = _trick_key_nb(s, h, r, led, trump)
        if key > best_key:
            best, best_key = i, key
    return best


@njit(cache=True)
def _cost(c: int, trump: int, pmask: int) -> int:
    """How dear a card is to give away (the rule player's order): plain cards by height, trumps above
    every plain card, Perlaggen above all (by their Perlagg rank)."""
    if (pmask >> c) & 1:
        return 100
    h = -1 if c == WELI else c & 7
    return h + (8 if (c >> 3) == trump else 0)


@njit(cache=True)
def heuristic_card_nb(pos: np.ndarray, p: int, legal: int, n: int, ncur: int) -> int:
    """The heuristic playout card of seat ``p`` (legal cards ``legal``; ``n`` cards in the record,
    ``ncur`` of them in the current trick): ``card << 6 | (Taufe + 1)``.

    The partner wins the trick already: go under (the cheapest card). Otherwise: following, the
    cheapest card that wins the trick as it stands; leading, the dearest card if it is a Perlagg, an
    Ass or a König, else the cheapest. A Perlagg that is to win is getauft as the trump Ace (it then
    loses only to a higher Perlagg getauft so, §20); one that goes under as the Achter of the led
    suit (the trump Achter when leading), a plain card that is never a Perlagg's face (§18)."""
    trump = pos[P_TRUMP]
    pmask = pos[P_PMASK]
    ace = trump * 8 + 7
    start = n - ncur
    partner_wins = False
    if ncur > 0:
        w = pos[P_SEAT + start + winner_nb(pos, start, ncur, trump)]
        partner_wins = w == ((p + 2) & 3)
    cheapest, cheap_cost = -1, 1 << 20
    dearest, dear_cost = -1, -1
    win, win_cost = -1, 1 << 20
    x = legal
    while x:
        low = x & -x
        c = bit_index(low)
        x ^= low
        k = _cost(c, trump, pmask)
        if (pmask >> c) & 1:
            k += pos[P_PRANK + c]
        if k < cheap_cost:
            cheapest, cheap_cost = c, k
        if k > dear_cost:
            dearest, dear_cost = c, k
        if ncur > 0 and not partner_wins and k < win_cost:
            pos[P_REC + n] = c
            pos[P_TAUFE + n] = ace if (pmask >> c) & 1 else -1
            pos[P_SEAT + n] = p
            if winner_nb(pos, start, ncur + 1, trump) == ncur:
                win, win_cost = c, k
    if ncur == 0:
        if dear_cost >= 100 or (dearest != WELI and (dearest & 7) >= 6):
            c = dearest
            return (c << 6) | ((ace + 1) if (pmask >> c) & 1 else 0)
        c = cheapest
        return (c << 6) | ((trump * 8 + 2) if (pmask >> c) & 1 else 0)
    if win >= 0:
        return (win << 6) | ((ace + 1) if (pmask >> win) & 1 else 0)
    c = cheapest
    if (pmask >> c) & 1:
        led, _, _ = _counts_as(pos[P_REC + start], pos[P_TAUFE + start], pos[P_PRANK:P_PRANK + 33])
        return (c << 6) | (led * 8 + 2)
    return c << 6


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
        elif policy == POLICY_HEURISTIC and rand_below(rng, 1000) >= pos[P_EPS]:
            # the heuristic follows §15 even where a revoke would pass unclaimed (profile ``live``)
            ct = heuristic_card_nb(pos, p, legal_nb(hand, led, trump, pmask, False), n, ncur)
            c, t = ct >> 6, (ct & 63) - 1
        else:
            c = nth_bit(legal, rand_below(rng, popcount(legal)))
            t = trump * 8 + 7 if policy != POLICY_PLAIN and (pmask >> c) & 1 else -1
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


# -- settlement of the deal after the card play (layout ``S_*``, int64) ---------------------
# The figures Gleich and Hanger are judged on the five cards dealt (a Perlagg played counts only as
# its Taufe with ``taufe_binds_figures``, §18, §28); after the Spiel every figure is decided as the
# engine's figures phase decides it when both sides answer truthfully (§22, §24: weisen what one has,
# abweisen a better one, stellen an equal one, gut lassen otherwise), no side bidding any more; then
# :func:`stammtisch.games.perlaggen.scoring.settle` writes them (mirrored by :func:`settle_nb`).
S_STANDING = 0  #: 2: the standing before the deal
S_TOT = 2  #: 2: the totals after the penalties of the deal (scoring's first loop, done in Python)
S_DEBT = 4  #: 2: penalty points still owed after them
S_VOID = 6  #: 2: sides that lose every figure (§6)
S_TARGET = 8  #: the points of the Partie (§2)
S_STRICT = 9  #: option ``dritzig_at_17`` (§25)
S_FLIP = 10  #: a claimed Farbleugnen: the side the Spiel goes to (§17), else -1
S_BINDS = 11  #: option ``taufe_binds_figures`` (§18)
S_NF = 12  #: number of figure entries, in the order of writing (scoring ``_write_order``)
S_F = 13  #: the entries, ``F_SIZE`` each
F_KIND, F_STATUS, F_VALUE, F_MODE, F_PARAM, F_LACK, F_CARDS = range(7)
F_SIZE = 7
S_SIZE = S_F + 3 * F_SIZE
#: figure kinds and statuses (scoring ``FIGURES``; ``unbid``, ``conceded``, ``held``)
K_GLEICH, K_HANGER, K_SPIEL = 0, 1, 2
ST_UNBID, ST_CONCEDED, ST_HELD = 0, 1, 2
#: how an entry's winner is found: fixed (``F_PARAM``, -1 nobody), by comparing the sides' figures,
#: the side with the Spiel, an unseen concession to side ``F_PARAM`` that counts only if that side
#: has the figure (§32), an unseen Spiel concession (counts if that side makes the Spiel)
M_FIXED, M_COMPARE, M_SPIEL, M_UNSEEN, M_UNSEEN_SPIEL = range(5)
AUS_NB = 99  # scoring.AUS


def _hanger_runs() -> np.ndarray:
    """:data:`stammtisch.games.perlaggen.rules._RUNS` (the engine's best run of one suit by its natural
    ranks and the Perlaggen free to fill it) as keys ``length * 16 + top * 2`` (-1: none), so that
    the kernel judges a Hanger from the engine's own table."""
    from ...games.perlaggen.rules import _RUNS

    out = np.full((2, 10, 256), -1, np.int64)
    for e in range(2):
        for p in range(10):
            for have in range(256):
                run = _RUNS[e][p][have]
                if run is not None:
                    out[e, p, have] = run[0] * 16 + run[1] * 2
    return out


HANGER_RUNS = _hanger_runs()


@njit(cache=True)
def seat_figures_nb(pos: np.ndarray, seat: int, binds: int) -> tuple[int, int]:
    """The seat's best Gleich and Hanger as keys ``cards * 16 + height * 2 + trump`` (-1: none), on
    its five cards dealt as the position's hand and record show them: mirror of
    :func:`~stammtisch.games.perlaggen.rules.best_gleich` / ``best_hanger`` over
    :func:`~stammtisch.games.perlaggen.rules.figure_cards`."""
    trump = pos[P_TRUMP]
    pmask = pos[P_PMASK]
    counts = np.zeros(32, np.int64)
    wild = 0
    hand = pos[P_HANDS + seat]
    x = hand
    while x:
        low = x & -x
        c = bit_index(low)
        x ^= low
        if (pmask >> c) & 1:
            wild += 1
        else:
            counts[c] += 1
    played = pos[P_DONE] * 4 + pos[P_NCUR]
    for k in range(played):
        if pos[P_SEAT + k] != seat:
            continue
        c = pos[P_REC + k]
        if (pmask >> c) & 1:
            if not binds:
                wild += 1
            elif pos[P_TAUFE + k] >= 0:
                counts[pos[P_TAUFE + k]] += 1
            elif c != WELI:
                counts[c] += 1
        else:
            counts[c] += 1
    gleich = -1
    for h in range(8):
        same = counts[h] + counts[8 + h] + counts[16 + h] + counts[24 + h]
        nn = same + wild
        if nn < 2 or (same == 0 and h != 7):
            continue
        t = 1 if (wild > 0 or counts[trump * 8 + h] > 0) else 0
        key = nn * 16 + h * 2 + t
        if key > gleich:
            gleich = key
    hanger = -1
    for su in range(4):  # one lookup per suit in the engine's run table (rules._RUNS)
        have = 0
        for r in range(8):
            if counts[su * 8 + r] > 0:
                have |= 1 << r
        run = HANGER_RUNS[1 if su == trump else 0, min(wild, 9), have]
        if run >= 0:
            key = run + (1 if su == trump else 0)
            if key > hanger:
                hanger = key
    return gleich, hanger


@njit(cache=True)
def settle_nb(pos: np.ndarray, spec: np.ndarray) -> tuple[int, int]:
    """The deal's points per side (A, B) once the card play of ``pos`` has ended (a side has three
    tricks, §23): the figures decided as the ``S_*`` comments say, written as
    :func:`stammtisch.games.perlaggen.scoring.settle` writes them (§10 lacking figures, §12 order,
    §14 "Spiel aus", §25 the 17 : 17 rules, the target ends the writing)."""
    binds = spec[S_BINDS]
    keys = np.full((2, 2), -1, np.int64)  # [side, kind]
    for seat in range(4):
        g, h = seat_figures_nb(pos, seat, binds)
        if g > keys[seat & 1, 0]:
            keys[seat & 1, 0] = g
        if h > keys[seat & 1, 1]:
            keys[seat & 1, 1] = h
    spiel = 0 if pos[P_WON] >= 3 else 1
    tot = np.zeros(2, np.int64)
    debt = np.zeros(2, np.int64)
    void = np.zeros(2, np.int64)
    for s in range(2):
        tot[s] = spec[S_TOT + s]
        debt[s] = spec[S_DEBT + s]
        void[s] = spec[S_VOID + s]
    target = spec[S_TARGET]
    nf = spec[S_NF]
    wins = np.full(3, -1, np.int64)
    cards = np.zeros(3, np.int64)
    for i in range(nf):
        e = S_F + i * F_SIZE
        kind, mode, param = spec[e + F_KIND], spec[e + F_MODE], spec[e + F_PARAM]
        w, nc = -1, spec[e + F_CARDS]
        if mode == M_FIXED:
            w = param
        elif mode == M_COMPARE:
            k0, k1 = keys[0, kind], keys[1, kind]
            if k0 > k1:
                w, nc = 0, k0 >> 4
            elif k1 > k0:
                w, nc = 1, k1 >> 4
            else:
                nc = k0 >> 4 if k0 >= 0 else 0
        elif mode == M_SPIEL:
            w = spiel
        elif mode == M_UNSEEN:
            if keys[param, kind] >= 0:
                w, nc = param, keys[param, kind] >> 4
            else:
                nc = 0
        else:
            w = param if spiel == param else -1
        if kind == K_SPIEL and spec[S_FLIP] >= 0:
            w = spec[S_FLIP]
        wins[i], cards[i] = w, nc
        if spec[e + F_LACK]:
            for s in range(2):  # §10: bid or held without having it
                if keys[s, kind] < 0:
                    void[s] = 1
                    take = min(2, tot[s])
                    tot[s] -= take
                    debt[s] += 2 - take
    winner = -1
    strict = -1
    blocked = False
    for i in range(nf):
        if winner >= 0:
            break
        e = S_F + i * F_SIZE
        kind, status, value = spec[e + F_KIND], spec[e + F_STATUS], spec[e + F_VALUE]
        w, nc = wins[i], cards[i]
        if status == ST_UNBID and strict < 0:
            strict = 1 if (spec[S_STRICT] and tot[0] == target - 1 and tot[1] == target - 1) else 0
        if status == ST_UNBID and kind != K_SPIEL and strict == 1:
            if blocked:
                continue
            if w >= 0 and nc < 3:
                continue
        if w < 0:
            if strict == 1 and status == ST_UNBID and kind != K_SPIEL and nc >= 3:
                blocked = True
            continue
        if void[w]:
            continue
        pts = value
        if status == ST_HELD and value >= AUS_NB:
            pts = max(0, target - tot[w]) + debt[w]
        pay = min(debt[w], pts)
        debt[w] -= pay
        tot[w] += pts - pay
        if tot[w] >= target and winner < 0:
            winner = w
    return tot[0] - spec[S_STANDING], tot[1] - spec[S_STANDING + 1]


@njit(cache=True)
def _play_nb(pos: np.ndarray, c: int, t: int) -> None:
    """The seat to move plays card ``c`` (getauft as ``t``, -1 as itself); a fourth card closes the
    trick (§20)."""
    ncur = pos[P_NCUR]
    n = pos[P_DONE] * 4 + ncur
    p = (pos[P_LEADER] + ncur) & 3
    pos[P_HANDS + p] &= ~(np.int64(1) << c)
    pos[P_REC + n], pos[P_TAUFE + n], pos[P_SEAT + n] = c, t, p
    if ncur == 3:
        w = pos[P_SEAT + n - 3 + winner_nb(pos, n - 3, 4, pos[P_TRUMP])]
        pos[P_WON + (w & 1)] += 1
        pos[P_DONE] += 1
        pos[P_NCUR] = 0
        pos[P_LEADER] = w
    else:
        pos[P_NCUR] = ncur + 1


@njit(cache=True)
def values_nb(pos: np.ndarray, spec: np.ndarray, seat: int, cards: np.ndarray, taufen: np.ndarray,
              playouts: int, seed: int) -> np.ndarray:
    """Mean reward of ``seat`` (its side's points minus the other side's, as
    ``stammtisch.bots.common.reward``) per candidate: card ``cards[i]`` getauft as ``taufen[i]``
    (-1: as itself; a card -1: no card, the playout starts at once; -2: the card play is over, the
    Spiel conceded), then the position's playout policy for every seat until the Spiel, then
    :func:`settle_nb`. ``pos`` is not changed."""
    rng = new_rng(seed)
    out = np.zeros(cards.shape[0])
    work = np.empty_like(pos)
    side = seat & 1
    for i in range(cards.shape[0]):
        total = 0.0
        for _ in range(playouts):
            work[:] = pos
            if cards[i] >= 0 and work[P_WON] < 3 and work[P_WON + 1] < 3:
                _play_nb(work, cards[i], taufen[i])
            if cards[i] != -2 and work[P_WON] < 3 and work[P_WON + 1] < 3:
                playout_nb(work, rand_below(rng, 1 << 62))
            a, b = settle_nb(work, spec)
            total += (a - b) if side == 0 else (b - a)
        out[i] = total / playouts
    return out


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
        if policy not in POLICIES:
            raise ValueError(f"unknown playout policy {policy!r} (0 actions, 1 plain, 2 trump Ace, 3 heuristic)")
        self.policy = policy
        #: :data:`POLICY_HEURISTIC`: per mille of random cards in the value playouts
        self.eps = 100
        self._words: Any = None
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    # -- state -> arrays ---------------------------------------------------------------------
    def arrays(self, state: Any) -> np.ndarray:
        """The card-play position of a :class:`~stammtisch.games.perlaggen.state.PerlaggenDeal` in
        its ``play`` phase (or a bid of the play awaiting its answer) as the kernel's flat array
        (layout ``P_*``)."""
        if state.phase != "play" and not (state.phase == "answer" and state.return_phase == "play"):
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
        pos[P_EPS] = self.eps
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
            from ..rollouts import CardsFirstRollout

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

    # -- values for the determinized search (stammtisch.bots.pimc) ---------------------------------
    #: playouts per candidate per determinization (the driver's default)
    pimc_playouts = 8
    #: the playout policy of :meth:`card_values` / :meth:`word_values` (arena: the heuristic beats random)
    value_policy = POLICY_HEURISTIC

    @staticmethod
    def figures_of(state: Any) -> dict[str, dict[str, Any]]:
        """The bidding state of the three figures as :meth:`spec` reads it (a copy that
        :meth:`word_values` changes to value a bid or an answer without cloning the deal)."""
        return {n: {"status": f.status, "value": f.value, "order": f.order, "unseen": f.unseen,
                    "conceded_to": f.conceded_to, "conceded_value": f.conceded_value} for n, f in state.figs.items()}

    def spec(self, state: Any, figs: dict[str, dict[str, Any]] | None = None) -> np.ndarray | tuple[int, int]:
        """The settlement of ``state`` (a deal in its card play) as the compiled ``S_*`` array: the
        penalties of the deal applied (scoring's first loop), the figures (``figs``, default
        :meth:`figures_of` the state) in their order of writing with how each is decided. A deal already decided by a penalty (Partieverlust, §7, §34) gives
        its fixed points instead."""
        from ...games.perlaggen.scoring import AUS, FIGURES, settle

        o = self.opts
        pre = settle([], state.penalties, state.standing, state.owed, o.target, o.dritzig_at_17)
        if pre.winner is not None:
            return (int(pre.points[0]), int(pre.points[1]))
        spec = np.zeros(S_SIZE, np.int64)
        spec[S_STANDING:S_STANDING + 2] = state.standing
        spec[S_TOT:S_TOT + 2] = pre.totals
        spec[S_DEBT:S_DEBT + 2] = pre.owed
        spec[S_FLIP] = -1
        for p in state.penalties:
            if p.kind == "mehr_als_fuenf":
                spec[S_VOID + p.side] = 1  # §6
            if p.kind == "farbleugnen" and not p.late:
                spec[S_FLIP] = 1 - p.side  # §17 Spiel-Verlust
        spec[S_TARGET] = o.target
        spec[S_STRICT] = int(o.dritzig_at_17)
        spec[S_BINDS] = int(o.taufe_binds_figures)
        entries: list[tuple[tuple[int, int], list[int]]] = []
        unbid = o.unbid_points
        if state.endgame:
            mr = getattr(state, "meld_result", None)
            if mr is not None:  # §25: the figure declared at 17 : 17 is written under its own name
                entries.append(((3, FIGURES.index(mr[2])), [FIGURES.index(mr[2]), ST_UNBID, unbid, M_FIXED,
                                                            -1 if mr[0] is None else mr[0], 0, mr[1]]))
            entries.append(((3, 2), [K_SPIEL, ST_UNBID, unbid, M_SPIEL, 0, 0, 0]))
        else:
            for name, f in (figs if figs is not None else self.figures_of(state)).items():
                kind = FIGURES.index(name)
                status, value, order = f["status"], f["value"], f["order"]
                if status == "conceded":
                    if not f["unseen"]:
                        e = [kind, ST_CONCEDED, f["conceded_value"], M_FIXED, f["conceded_to"], 0, 0]
                    else:
                        e = [kind, ST_CONCEDED, f["conceded_value"], M_UNSEEN_SPIEL if kind == K_SPIEL else M_UNSEEN,
                             f["conceded_to"], 0, 0]
                    entries.append(((1, order), e))
                elif status == "held":
                    lack = int(kind != K_SPIEL and not f["unseen"])
                    e = [kind, ST_HELD, value, M_SPIEL if kind == K_SPIEL else M_COMPARE, 0, lack, 0]
                    entries.append(((0 if value >= AUS else 2, order), e))
                elif status == "open":
                    e = [kind, ST_UNBID, unbid, M_SPIEL if kind == K_SPIEL else M_COMPARE, 0, 0, 0]
                    entries.append(((3, kind), e))
                else:  # pragma: no cover - offered or lapsed figures do not occur in the card play
                    raise ValueError(f"the {name} is {status}: no card play to value")
        entries.sort(key=lambda x: x[0])
        spec[S_NF] = len(entries)
        for i, (_, e) in enumerate(entries):
            spec[S_F + i * F_SIZE:S_F + (i + 1) * F_SIZE] = e
        return spec

    def settle_arrays(self, pos: np.ndarray, spec: np.ndarray | tuple[int, int]) -> tuple[int, int]:
        """The points (A, B) of a finished card play ``pos`` under ``spec`` (:meth:`spec`)."""
        if isinstance(spec, tuple):
            return spec
        a, b = settle_nb(pos, spec)
        return int(a), int(b)

    def _positions(self, state: Any) -> tuple[np.ndarray, np.ndarray | tuple[int, int]]:
        pos = self.arrays(state)
        pos[P_POLICY] = self.value_policy
        return pos, self.spec(state)

    def card_values(self, state: Any, seat: int, cards: Any, playouts: int, seed: int) -> list[float]:
        """Mean reward of ``seat`` per card (notation ``"LA"``, a Perlagg ungetauft ``"W"`` or getauft
        ``"W=LA"``) over ``playouts`` playouts of the value policy after it, settled by
        :func:`settle_nb` (one compiled call). ``state`` (a determinization in its card play, ``seat``
        to play) is not changed.

        :raises ValueError: the deal is not in its card play, or it is not ``seat``'s card
        """
        if state.phase != "play" or state.turn != seat:
            raise ValueError(f"card values need seat {seat} to play a card; the deal is in phase "
                             f"'{state.phase}' with seat {state.turn} to move")
        pos, spec = self._positions(state)
        cs = np.empty(len(cards), np.int64)
        ts = np.empty(len(cards), np.int64)
        for i, a in enumerate(cards):
            c, t = self.rules.parse_play(a)
            cs[i], ts[i] = c, -1 if t is None else t
        if isinstance(spec, tuple):
            v = float(spec[seat % 2] - spec[1 - seat % 2])
            return [v] * len(cards)
        return [float(x) for x in values_nb(pos, spec, seat, cs, ts, max(1, int(playouts)), int(seed))]

    #: words that end or change the card play and can be valued by simulation: bids and raises (§8,
    #: §13), the answers to a bid (§11), the figures after the Spiel (§22, §24)
    VALUED_WORDS = ("bieten:", "steigern", "halten", "gut", "partner_fragen", "weisen", "abweisen", "stellen")

    def word_values(self, state: Any, seat: int, words: Any, playouts: int, seed: int) -> list[float | None]:
        """Mean reward of ``seat`` per word: a bid or raise is answered by the other side with what
        is worth more to it (``halten`` or ``gut``, in this determinization), an answer is followed by
        the card play of the value policy, the figures after the Spiel are answered truthfully (§22).
        ``partner_fragen`` is worth what the partner's better answer is worth, a hair less (it only
        hands the same decision on). A card in notation is valued as by :meth:`card_values`. Words
        the kernel cannot value (signals, laying open, claims, the cut, looking, unseen bids, the
        exchange, the 17 : 17 asking) are ``None``. ``state`` is not changed."""
        out: list[float | None] = [None] * len(words)
        plays = [i for i, w in enumerate(words) if self._is_play(w)]
        if plays and state.phase == "play" and state.turn == seat:  # Taufen (§18): one compiled call
            for i, v in zip(plays, self.card_values(state, seat, [words[i] for i in plays], playouts, seed)):
                out[i] = v
        fast = state.phase == "play" or (state.phase == "answer" and len(state.pending) == 1
                                         and state.return_phase == "play")
        for i, w in enumerate(words):
            if self._is_play(w):
                continue
            if not w.startswith(self.VALUED_WORDS) or state.phase not in ("play", "answer", "figures"):
                continue
            sd = seed + 7919 * (i + 1)
            if not fast and state.phase != "figures":
                continue  # an unseen bid before the play (§32) or several queued: the rule player's
            v = self._bid_value(state, seat, w, playouts, sd) if fast else None
            if v is None:  # the figures after the Spiel, a bid at target - 1: through the engine
                st = state.clone()
                try:
                    st.apply(seat, w)
                except Exception:
                    continue
                v = self._continue(st, seat, playouts, sd, 0)
            if v is not None and w == "partner_fragen":
                v -= 1e-6
            out[i] = v
        return out

    def _bid_value(self, state: Any, seat: int, word: str, playouts: int, seed: int) -> float | None:
        """:meth:`word_values` of a bid, raise or answer in the card play, on the compiled settlement
        (the bidding state changed as the engine would change it, §11–§13); ``None`` where that is not
        simple (a legal check fails, a concession would reach the target and end the Partie at once)."""
        from ...games.perlaggen.state import LADDER

        if word not in state.legal_actions(seat) or max(state.total(0), state.total(1)) >= self.opts.target - 1:
            return None  # (at target - 1 a bid is fined, §21: the engine path)
        figs = self.figures_of(state)
        counter = state.counter
        side = seat % 2

        def held(name: str, value: int, order: int | None) -> dict[str, dict[str, Any]]:
            f = {n: dict(x) for n, x in figs.items()}
            f[name].update(status="held", value=value, order=f[name]["order"] if order is None else order)
            return f

        def conceded(name: str, to: int, order: int) -> dict[str, dict[str, Any]] | None:
            f = {n: dict(x) for n, x in figs.items()}
            prev = f[name]["value"] or 1
            if state.total(to) + prev >= self.opts.target:
                return None  # the Partie ends at once (§2): the engine path
            # a figure bid unseen stays so (§32: it counts only if the side has it), but a conceded Spiel
            # is decided for that side at once (§12, the engine's ``_decide_spiel``)
            f[name].update(status="conceded", conceded_to=to, conceded_value=prev, order=order,
                           unseen=f[name]["unseen"] and name != "spiel")
            return f

        def value(f: dict[str, dict[str, Any]] | None, spiel_over: bool, k: int) -> float | None:
            if f is None:
                return None
            return self._value_with(state, seat, f, spiel_over, playouts, seed + k)

        def answered(name: str, v: int, new: bool, bidder: int, k: int) -> float | None:
            """The other side answers the bid of ``bidder``'s side: it holds or concedes, what is
            worth more to it (here: less to ``seat``'s side when ``bidder`` is ``seat``'s side)."""
            order = counter if new else None
            g = value(conceded(name, bidder, counter + 1), name == "spiel", k + 1)
            answerer = (seat + 1) % 4 if bidder == side else seat
            if name == "spiel" and not state._spiel_ok(answerer):
                return g  # §29: in the fifth round only with the Spiel-Farbe, a trump or a Perlagg
            h = value(held(name, v, order), False, k)
            if h is None or g is None:
                return None
            return min(h, g) if bidder == side else max(h, g)

        word_, _, arg = word.partition(":")
        if state.phase == "play":
            if word_ == "bieten":
                return answered(arg, 2, True, side, 0)
            if word_ == "steigern":
                f = figs[arg]
                return answered(arg, LADDER[LADDER.index(f["value"]) + 1], False, side, 0)
            return None
        offerer, name, v, unseen = state.pending[0]
        if unseen:
            return None
        new = figs[name]["status"] == "open" or figs[name]["value"] == 0
        if word == "halten":
            return value(held(name, v, counter if new else None), False, 0)
        if word == "gut":
            return value(conceded(name, offerer % 2, counter), name == "spiel", 1)
        if word == "partner_fragen":
            g = value(conceded(name, offerer % 2, counter), name == "spiel", 1)
            if name == "spiel" and not state._spiel_ok((seat + 2) % 4):
                return g  # the partner may only concede (§29)
            h = value(held(name, v, counter if new else None), False, 0)
            return None if h is None or g is None else max(h, g)
        if word == "steigern":
            figs = held(name, v, counter if new else None)
            return answered(name, LADDER[LADDER.index(v) + 1], False, side, 2)
        return None

    def _value_with(self, state: Any, seat: int, figs: dict[str, dict[str, Any]], spiel_over: bool,
                    playouts: int, seed: int) -> float:
        """Mean reward of ``seat`` from the card play of ``state`` with the figures ``figs``: the
        playouts of the value policy, or none when the Spiel was conceded (``spiel_over``, §12)."""
        pos = self.arrays(state)
        pos[P_POLICY] = self.value_policy
        spec = self.spec(state, figs)
        if isinstance(spec, tuple):
            return float(spec[seat % 2] - spec[1 - seat % 2])
        card = np.full(1, -2 if spiel_over else -1, np.int64)
        n = 1 if spiel_over else max(1, int(playouts))
        return float(values_nb(pos, spec, seat, card, card, n, int(seed))[0])

    def _is_play(self, word: str) -> bool:
        try:
            self.rules.parse_play(word)
            return True
        except Exception:
            return False

    def _continue(self, st: Any, seat: int, playouts: int, seed: int, depth: int) -> float | None:
        """The value for ``seat`` of ``st`` going on: bids answered min/max over ``halten``/``gut`` by
        the side to answer, the card play by the value policy, the figures truthfully."""
        from ...core import registry
        from ..common import reward

        game = registry.get("perlaggen")
        for _ in range(64):
            if st.is_over():
                return reward(game, self.opts, st.result(), seat)
            if st.phase == "answer":
                if depth > 6:
                    return None
                a = st.to_act()[0]
                vals = []
                for ans in ("halten", "gut"):
                    if ans in st.legal_actions(a):
                        nxt = st.clone()
                        nxt.apply(a, ans)
                        v = self._continue(nxt, seat, playouts, seed + 31 * len(vals) + 1, depth + 1)
                        if v is not None:
                            vals.append(v)
                if not vals:
                    return None
                return max(vals) if a % 2 == seat % 2 else min(vals)
            if st.phase == "play":
                if max(st.won) >= 3:  # pragma: no cover - the engine decides the Spiel at the third trick
                    return None
                pos, spec = self._positions(st)
                if isinstance(spec, tuple):
                    return float(spec[seat % 2] - spec[1 - seat % 2])
                none = np.full(1, -1, np.int64)
                return float(values_nb(pos, spec, seat, none, none, max(1, int(playouts)), int(seed))[0])
            if st.phase == "figures":
                s = st.to_act()[0]
                legal = st.legal_actions(s)
                st.apply(s, next((a for a in ("abweisen", "stellen", "weisen") if a in legal), "gut"))
                continue
            return None
        return None  # pragma: no cover
