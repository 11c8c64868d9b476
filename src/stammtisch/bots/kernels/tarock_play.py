"""The compiled card play of Königrufen Tarock (Numba, extra ``fast``): legality, trick winner,
random playouts and the rule player's card-play policy over one flat position array.

:mod:`.tarock` (the adapter :class:`~.tarock.TarockKernel`) builds the arrays from a deal and
hands the results back to the engine; :mod:`.tarock_settle` settles a played-out position. See
:mod:`.tarock` for the rules this play follows and the layouts ``P_*``/``O_*``.
"""

from __future__ import annotations

import numpy as np

from ...games.tarock import cardplay
from ._nb import bit_index, compile_rules, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle

__all__ = ["legal_nb", "winner_nb", "playout_nb", "playouts_nb", "random_deals_nb", "policy_nb", "policy_playout_nb"]

PAGAT, MOND, SKUES = 32, 52, 53
TAROCK_MASK = ((1 << 22) - 1) << 32
SUIT_ONLY = (1 << 32) - 1
BIRD_MASK = 0b1111 << PAGAT

# -- position layout (int64) -------------------------------------------------------------
P_HANDS = 0  #: 4 hands (bit sets over TAROCK indices), by position
P_COLOUR = 4  #: Farbenspiel (Österreich-Finale 7))
P_STRICT = 5  #: Stichzwang and the Pagat last (negative games, Trischaken: Österreich-Finale 5), 6))
P_KAISER = 6  #: Kaiserstich (Tiroler Cup, Paragrafen)
P_KAISER_ORDER = 7  #: the Kaiserstich only in the order Mond, Sküs, Pagat
P_LEADER = 8  #: position that led the current trick
P_NCUR = 9  #: cards in the current trick
P_DONE = 10  #: tricks completed
P_BIRDS = 11  #: 4: per position the bit set of the birds it announced (Österreich-Finale 8))
P_TALON_LAST = 15  #: Trischaken: the talon, to the winner of the last trick (Österreich-Finale 5)); else 0
P_REC = 16  #: 48 cards in play order: the completed tricks, then the current trick
P_SEAT = 64  #: 48 positions that played them
P_SIZE = 112

# -- playout result layout (int64) -------------------------------------------------------
O_WON = 0  #: 4: bit set of the cards each position won (Trischaken: with the talon)
O_THIRDS = 4  #: 4: card points won, in thirds
O_TRICKS = 8  #: 4: tricks won
O_WINNERS = 12  #: 12: winner position of each trick
O_WIN_CARD = 24  #: 12: the card that won each trick
O_SIZE = 36


#: the engine's trick winner (:func:`stammtisch.games.tarock.cardplay.trick_winner`), compiled: one copy.
#: ``winner_nb(rec, base, n, colour, kaiser, kaiser_order)``: index (0..n-1) of the card winning
#: ``rec[base:base + n]`` so far
winner_nb = compile_rules(cardplay.trick_winner)
#: the engine's legal cards (:func:`stammtisch.games.tarock.cardplay.legal_cards`), compiled
_legal_cards_nb = compile_rules(cardplay.legal_cards, trick_winner=winner_nb)


@njit(cache=True)
def legal_nb(hand: int, rec: np.ndarray, base: int, ncur: int, colour: bool, strict: bool, kaiser: bool,
             kaiser_order: bool, birds: int, trick_no: int) -> int:
    """The engine's legal cards (:func:`stammtisch.games.tarock.cardplay.legal_cards`, compiled)
    plus the bird-order filter of ``TarockDeal._legal_play``. ``rec[base + ncur]`` is used as
    scratch space (the slot of the card about to be played)."""
    allowed = _legal_cards_nb(hand, rec, base, ncur, colour, strict, strict, kaiser, kaiser_order)
    mine = birds & allowed
    if mine:  # announced birds are given up highest first (Österreich-Finale 8))
        m = mine
        while m:
            low = m & -m
            c = bit_index(low)
            m ^= low
            if 44 - c == trick_no:  # its own trick: Pagat 12, Uhu 11, Kakadu 10, Quapil 9
                continue
            higher = mine & ~((low << 1) - 1)
            h = higher
            while h:
                lh = h & -h
                if 44 - bit_index(lh) != trick_no:
                    allowed &= ~low
                    break
                h ^= lh
    return allowed


# -- the frame every playout shares: where the play stands, one card played, the end ------------
@njit(cache=True, inline="always")
def _rules(pos: np.ndarray) -> tuple[bool, bool, bool, bool]:
    """The deal's card-play rules: Farbenspiel, Stichzwang (and the Pagat last), Kaiserstich, and the
    Kaiserstich only in its order."""
    return pos[P_COLOUR] != 0, pos[P_STRICT] != 0, pos[P_KAISER] != 0, pos[P_KAISER_ORDER] != 0


@njit(cache=True, inline="always")
def _resume(pos: np.ndarray) -> tuple[int, int, int]:
    """Where the play of ``pos`` stands: (cards in the current trick, cards played, the position to
    move)."""
    ncur = pos[P_NCUR]
    return ncur, pos[P_DONE] * 4 + ncur, (pos[P_LEADER] + ncur) & 3


@njit(cache=True, inline="always")
def _play(pos: np.ndarray, p: int, n: int, ncur: int, hand: int, c: int, colour: bool, kaiser: bool,
          korder: bool) -> tuple[int, int, int]:
    """Position ``p`` plays card ``c`` of its ``hand`` as the ``n``-th card of the deal (out of the
    hand, into the record); returns (the position to move next, ``n + 1``, cards in the current trick): after the
    fourth card of a trick its winner leads and the trick is empty (``0``)."""
    pos[P_HANDS + p] = hand & ~(np.int64(1) << c)
    pos[P_REC + n] = c
    pos[P_SEAT + n] = p
    n += 1
    ncur += 1
    if ncur == 4:
        w = winner_nb(pos, P_REC + n - 4, 4, colour, kaiser, korder)
        return pos[P_SEAT + n - 4 + w], n, 0
    return (p + 1) & 3, n, ncur


@njit(cache=True, inline="always")
def _end(pos: np.ndarray, thirds: np.ndarray) -> np.ndarray:
    """The played-out ``pos`` marked complete and counted (:func:`score_nb`)."""
    pos[P_NCUR] = 0
    pos[P_DONE] = 12
    return score_nb(pos, thirds)


@njit(cache=True)
def playout_nb(pos: np.ndarray, seed: int, thirds: np.ndarray) -> np.ndarray:
    """Play random legal cards from ``pos`` to the end of the deal and count it.

    ``pos`` is updated in place (hands emptied, the record completed). Returns the ``O_*`` array.
    """
    rng = new_rng(seed)
    colour, strict, kaiser, korder = _rules(pos)
    ncur, n, p = _resume(pos)
    while n < 48:
        hand = pos[P_HANDS + p]
        legal = legal_nb(hand, pos, P_REC + n - ncur, ncur, colour, strict, kaiser, korder, pos[P_BIRDS + p],
                         n // 4 + 1)
        c = nth_bit(legal, rand_below(rng, popcount(legal)))
        p, n, ncur = _play(pos, p, n, ncur, hand, c, colour, kaiser, korder)
    return _end(pos, thirds)


@njit(cache=True)
def score_nb(pos: np.ndarray, thirds: np.ndarray) -> np.ndarray:
    """Count a complete record: cards, thirds and tricks per position, each trick's winner."""
    out = np.zeros(O_SIZE, np.int64)
    colour, _strict, kaiser, korder = _rules(pos)
    w = 0
    for t in range(12):
        base = P_REC + 4 * t
        wi = winner_nb(pos, base, 4, colour, kaiser, korder)
        w = pos[P_SEAT + 4 * t + wi]
        for i in range(4):
            out[O_WON + w] |= np.int64(1) << pos[base + i]
        out[O_TRICKS + w] += 1
        out[O_WINNERS + t] = w
        out[O_WIN_CARD + t] = pos[base + wi]
    out[O_WON + w] |= pos[P_TALON_LAST]  # Trischaken: the talon to the last trick (Österreich-Finale 5))
    for i in range(4):
        m = out[O_WON + i]
        s = 0
        while m:
            low = m & -m
            s += thirds[bit_index(low)]
            m ^= low
        out[O_THIRDS + i] = s
    return out


@njit(cache=True)
def playouts_nb(pos: np.ndarray, seed: int, n: int, thirds: np.ndarray) -> np.ndarray:
    """``n`` playouts from the same position ``pos`` (not changed), row ``i`` with the ``i``-th seed
    drawn from ``seed``: an ``(n, O_SIZE)`` array."""
    rng = new_rng(seed)
    out = np.empty((n, O_SIZE), np.int64)
    work = np.empty_like(pos)
    for i in range(n):
        work[:] = pos
        out[i] = playout_nb(work, rand_below(rng, 1 << 62), thirds)
    return out


@njit(cache=True)
def random_deals_nb(n: int, seed: int, flags: np.ndarray, thirds: np.ndarray) -> np.ndarray:
    """``n`` complete random deals: shuffle, 12 cards to each player and 6 to the talon, a random
    row of play ``flags`` (colour, strict, Kaiserstich, Kaiserstich order, leader is the declarer,
    Trischaken), random legal play, card points.

    :returns: totals ``[thirds per position (4), tricks per position (4)]``
    """
    rng = new_rng(seed)
    total = np.zeros(8, np.int64)
    deck = np.arange(54)
    pos = np.zeros(P_SIZE, np.int64)
    for _ in range(n):
        shuffle(rng, deck)
        pos[:] = 0
        deal_hands(deck, pos, P_HANDS, 4, 12)
        talon = np.int64(0)
        for i in range(48, 54):
            talon |= np.int64(1) << deck[i]
        f = flags[rand_below(rng, flags.shape[0])]
        pos[P_COLOUR] = f[0]
        pos[P_STRICT] = f[1]
        pos[P_KAISER] = f[2]
        pos[P_KAISER_ORDER] = f[3]
        pos[P_LEADER] = rand_below(rng, 4) if f[4] else 0
        pos[P_TALON_LAST] = talon if f[5] else 0
        out = playout_nb(pos, rand_below(rng, 1 << 62), thirds)
        for i in range(4):
            total[i] += out[O_THIRDS + i]
            total[4 + i] += out[O_TRICKS + i]
    return total


# -- the heuristic playout policy ---------------------------------------------------------
C_KIND = 0  #: 0 positive, 1 negative, 2 Trischaken
C_DECL = 1  #: declarer position (-1: none)
C_PARTNER = 2  #: partner position (the called king's holder), -1 when the declarer is alone
C_CALLED = 3  #: the called king, -1 if none
C_NEED = 4  #: negative games: the declarer's tricks (Piccolo 1, Zwiccolo 2, Bettel 0)
C_EPS = 5  #: per mille of moves played at random
C_SIZE = 6
KINGS_MASK = (1 << 7) | (1 << 15) | (1 << 23) | (1 << 31)


@njit(cache=True)
def _strength(c: int) -> int:
    return 100 + c if c >= 32 else c & 7


@njit(cache=True)
def _wins(pos: np.ndarray, base: int, ncur: int, c: int, colour: bool) -> bool:
    """``c`` would take the lead of the current trick (the rule player's test: no Kaiserstich)."""
    pos[base + ncur] = c
    return winner_nb(pos, base, ncur + 1, colour, False, False) == ncur


@njit(cache=True)
def policy_nb(pos: np.ndarray, p: int, legal: int, base: int, ncur: int, colour: bool, ctx: np.ndarray,
              tricks_won: np.ndarray, revealed: bool, trick_no: int, thirds: np.ndarray) -> int:
    """The card :class:`~stammtisch.games.tarock.bot.TarockRuleBot` plays (``_play``), decided from
    what the rule player's own view shows: its hand, the trick, the tricks won, the announced
    birds and, for the partnership, only what is known (the called king's holder knows; the
    others once the king is played). Ties broken by card order, as the rule player's
    ``min``/``max`` over its sorted legal cards. ``pos[base + ncur]`` is scratch space."""
    if popcount(legal) == 1:
        return bit_index(legal)
    kind = ctx[C_KIND]
    decl = ctx[C_DECL]
    wpos = -1
    if ncur:
        wpos = pos[P_SEAT + (base - P_REC) + winner_nb(pos, base, ncur, colour, False, False)]
    if kind != 0:
        if p == decl and ctx[C_NEED] > tricks_won[p]:
            # Piccolo/Zwiccolo: the trick(s) still needed are taken at once with the strongest card
            best, bs = -1, -1
            m = legal
            while m:
                low = m & -m
                m ^= low
                c = bit_index(low)
                if (ncur == 0 or _wins(pos, base, ncur, c, colour)) and _strength(c) > bs:
                    best, bs = c, _strength(c)
            if best >= 0:
                return best
        if kind == 2 or p == decl:  # Trischaken and the declarer: stay under the trick
            safe = np.int64(0)
            m = legal
            while m:
                low = m & -m
                m ^= low
                if ncur == 0 or not _wins(pos, base, ncur, bit_index(low), colour):
                    safe |= low
            take_max = safe != 0 and ncur > 0
            pool = safe if safe else legal
            best, bs = -1, -1
            m = pool
            while m:
                low = m & -m
                m ^= low
                c = bit_index(low)
                s = _strength(c) if take_max else 1000 - _strength(c)
                if s > bs:
                    best, bs = c, s
            return best
        if ncur and wpos == decl:  # opponents: stay under the declarer when he is winning
            best, bs = -1, -1
            m = legal
            while m:
                low = m & -m
                m ^= low
                c = bit_index(low)
                if not _wins(pos, base, ncur, c, colour) and _strength(c) > bs:
                    best, bs = c, _strength(c)
            if best >= 0:
                return best
        best, bs = -1, 10 ** 6
        m = legal
        while m:
            low = m & -m
            m ^= low
            c = bit_index(low)
            if _strength(c) < bs:
                best, bs = c, _strength(c)
        return best
    # positive games
    partner = ctx[C_PARTNER]
    know = partner >= 0 and (revealed or p == partner)
    on_decl = p == decl or (know and p == partner)
    birds = pos[P_BIRDS + p]
    m = birds & legal
    while m:  # an announced bird is played in its own trick (Österreich-Finale 8))
        low = m & -m
        m ^= low
        c = bit_index(low)
        if 44 - c == trick_no:
            return c
    pool = legal & ~birds
    if not pool:
        pool = legal
    if ncur == 0:
        hand = pos[P_HANDS + p]
        tp = pool & TAROCK_MASK & ~(np.int64(1) << PAGAT)
        if on_decl and popcount(hand & TAROCK_MASK) >= 5 and tp and not colour:
            hi = -1
            while tp:  # the declarer's side pulls the tarock with the highest
                low = tp & -tp
                tp ^= low
                hi = bit_index(low)
            return hi
        kings = pool & KINGS_MASK
        if kings:
            return bit_index(kings & -kings)
        best, bk = -1, 1 << 40
        m = pool
        while m:  # a low card of the shortest suit
            low = m & -m
            m ^= low
            c = bit_index(low)
            cnt = 99
            if c < 32:
                cnt = popcount(hand & (np.int64(0xFF) << (8 * (c >> 3))))
            key = (1 if thirds[c] > 1 else 0) * 1000000 + cnt * 1000 + _strength(c)
            if key < bk:
                best, bk = c, key
        return best
    w_decl = wpos == decl or (know and wpos == partner)
    friend_wins = w_decl if on_decl else not w_decl
    if friend_wins and ncur == 3:  # the trick is ours: the fattest card, the weakest of equals
        best, bk = -1, -(1 << 40)
        m = pool
        while m:
            low = m & -m
            m ^= low
            c = bit_index(low)
            key = thirds[c] * 1000 - _strength(c)
            if key > bk:
                best, bk = c, key
        return best
    points = 0
    for i in range(ncur):
        points += thirds[pos[base + i]]
    if points >= 7 or ncur == 3 or not friend_wins:  # take it as cheaply as possible
        best, bs = -1, 10 ** 6
        m = pool
        while m:
            low = m & -m
            m ^= low
            c = bit_index(low)
            if _wins(pos, base, ncur, c, colour) and _strength(c) < bs:
                best, bs = c, _strength(c)
        if best >= 0:
            return best
    best, bk = -1, 1 << 40
    m = pool
    while m:  # otherwise the cheapest card
        low = m & -m
        m ^= low
        c = bit_index(low)
        key = thirds[c] * 1000 + _strength(c)
        if key < bk:
            best, bk = c, key
    return best


@njit(cache=True)
def policy_playout_nb(pos: np.ndarray, seed: int, thirds: np.ndarray, ctx: np.ndarray, first: int) -> np.ndarray:
    """As :func:`playout_nb`, but every seat plays :func:`policy_nb` (``ctx[C_EPS]`` per mille of
    the moves at random); ``first`` (>= 0): the card the position to move plays first."""
    rng = new_rng(seed)
    colour, strict, kaiser, korder = _rules(pos)
    ncur, n, p = _resume(pos)
    done = pos[P_DONE]
    eps = ctx[C_EPS]
    called = ctx[C_CALLED]
    tricks_won = np.zeros(4, np.int64)
    for t in range(done):
        wi = winner_nb(pos, P_REC + 4 * t, 4, colour, kaiser, korder)
        tricks_won[pos[P_SEAT + 4 * t + wi]] += 1
    revealed = False
    for k in range(n):
        if pos[P_REC + k] == called:
            revealed = True
    while n < 48:
        hand = pos[P_HANDS + p]
        base = P_REC + n - ncur
        if first >= 0:
            c = first
            first = -1
        else:
            legal = legal_nb(hand, pos, base, ncur, colour, strict, kaiser, korder, pos[P_BIRDS + p], n // 4 + 1)
            if eps >= 1000 or (eps > 0 and rand_below(rng, 1000) < eps):
                c = nth_bit(legal, rand_below(rng, popcount(legal)))
            else:
                c = policy_nb(pos, p, legal, base, ncur, colour, ctx, tricks_won, revealed, n // 4 + 1, thirds)
        if c == called:
            revealed = True
        p, n, ncur = _play(pos, p, n, ncur, hand, c, colour, kaiser, korder)
        if ncur == 0:  # the trick is complete: its winner leads
            tricks_won[p] += 1
    return _end(pos, thirds)
