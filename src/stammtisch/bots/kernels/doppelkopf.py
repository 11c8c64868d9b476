"""A compiled playout kernel for tournament Doppelkopf (Numba, extra ``fast``).

The kernel plays the card phase of a game with uniformly random legal cards, for every
contract of the engine: the normal game, stille Hochzeit and Hochzeit (with its
Klärungsstich, Doppelkopf-Turnier 4.) and the seven solos with their trump orders
(Doppelkopf-Turnier 3.). It runs on the engine's own tables (:data:`stammtisch.games.doppelkopf.rules.ORDERS`
``eff``/``power``/``masks`` and ``AUGEN``) and compiles its card-play functions
(:mod:`stammtisch.games.doppelkopf.cardplay`, one copy of the rules): follow the effective suit
(trump counts as one suit, Doppelkopf-Turnier 1.), the first of two equal cards wins
(Doppelkopf-Turnier 1.), Sonderpunkte Doppelkopf, Fuchs gefangen and Karlchen
(Doppelkopf-Turnier 6.). The tournament profile has no Schweinchen and no "second Dulle wins"
(docs/rules/doppelkopf.md), so neither has the kernel.

As the engine's random player, the kernel picks a random card *kind* among the legal ones (both
copies of a card are one action) and plays the first copy held.

A position is one flat ``int64`` array (:meth:`DoppelkopfKernel.arrays`, layout ``P_*``); a playout
returns one ``int64`` array (layout ``O_*``): Augen and tricks per position, the final parties,
the Re party's Augen and tricks, the Sonderpunkte per party, the Hochzeit partner, each trick's
winner. :meth:`DoppelkopfKernel.rollout` turns that into the engine's own settlement
(:func:`stammtisch.games.doppelkopf.scoring.settle`). Positions are the four playing seats in
order of play from the dealer's left (a five-table's sitting dealer has none).

``tests/bots/test_doppelkopf_kernel.py`` replays thousands of kernel games through the engine
and compares every legal set, trick winner, the Augen and the settlement.

**Search side** (:mod:`stammtisch.bots.pimc`): :func:`settle_nb` is the engine's settlement
(:func:`stammtisch.games.doppelkopf.scoring.settle`: winner, value with Ansagen and Absagen,
Sonderpunkte, ×3 for a single player) in compiled code, so a playout is settled without leaving
Numba; :meth:`DoppelkopfKernel.card_values` and :meth:`DoppelkopfKernel.word_values` value a
seat's cards, announcements and contract words on one determinized deal in one compiled call
(:func:`values_nb`, common random numbers across the candidates). Playouts follow
:func:`heuristic_card_nb` (a cheap rule seeing the determinized deal) with a random card 10% of
the time. ``tests/bots/test_doppelkopf_kernel_values.py`` checks the settlement against the
engine on the same games, the values' sign on constructed positions and the words left unvalued.

>>> k = DoppelkopfKernel()                                  # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...core.cards import DOKO
from ...games.doppelkopf import cardplay
from ...games.doppelkopf.state import ANNOUNCE_WORDS
from ._nb import COMPILED, PlayoutKernel, compile_rules, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle

__all__ = ["COMPILED", "DoppelkopfKernel", "ORDER_NAMES", "legal_nb", "playout_nb", "playouts_nb",
           "random_deals_nb", "settle_nb", "values_nb", "heuristic_card_nb", "POLICY_RANDOM", "POLICY_HEURISTIC"]

#: trump kinds in kernel order (index = ``P_ORDER``)
ORDER_NAMES = ("normal", "fleischlos", "buben", "damen", "kreuz", "pik", "herz", "karo")
TRUMP = 4
FIRST_COPIES = sum(1 << c for c in range(0, 48, 2))

# -- position layout (int64) -------------------------------------------------------------
P_HANDS = 0  #: 4 hands (bit sets over DOKO indices), by position
P_ORDER = 4  #: index into ORDER_NAMES
P_LEADER = 5  #: position that led the current trick
P_NCUR = 6  #: cards in the current trick
P_DONE = 7  #: tricks completed
P_HOCHZEITER = 8  #: position of the Hochzeiter while the Klärungsstich is open, else -1
P_RE = 9  #: 4 flags: the position is Re (final parties once known; the Hochzeiter alone before)
P_REC = 13  #: 48 cards in play order: the completed tricks, then the current trick
P_SEAT = 61  #: 48 positions that played them
P_LEVEL = 109  #: 2: announcement level of Re, Kontra (-1 none, 0 Re/Kontra, 1 keine 90 .. 4 schwarz)
P_CONTRACT = 111  #: C_NORMAL, C_HOCHZEIT, C_STILLE or C_SOLO (for the settlement)
P_SIZE = 112

# -- contracts as the settlement needs them (P_CONTRACT) -----------------------------------
C_NORMAL, C_HOCHZEIT, C_STILLE, C_SOLO = 0, 1, 2, 3
# -- rules flags of the compiled settlement (DoppelkopfOptions) -----------------------------
R_ABSAGEN_IN_SOLO, R_SONDERPUNKTE, R_ALONE_AS_SOLO = 1, 2, 4
# -- playout policies -----------------------------------------------------------------------
POLICY_RANDOM, POLICY_HEURISTIC = 0, 1

# -- playout result layout (int64) -------------------------------------------------------
O_AUGEN = 0  #: 4: Augen won per position
O_TRICKS = 4  #: 4: tricks won per position
O_RE = 8  #: 4: final parties (1 = Re)
O_RE_AUGEN = 12
O_RE_TRICKS = 13
O_SPECIALS = 14  #: 6: Doppelkopf Re, Kontra; Fuchs gefangen Re, Kontra; Karlchen Re, Kontra
O_PARTNER = 20  #: Hochzeit partner position, -1 none (alone, or no Hochzeit)
O_KLAERUNG = 21  #: Hochzeit: number of the Klärungsstich (1..3), 0 otherwise
O_WINNERS = 22  #: 12: winner position of each trick
O_SIZE = 34


#: the engine's card-play rules (:mod:`stammtisch.games.doppelkopf.cardplay`), compiled: one copy
_follow_nb = compile_rules(cardplay.follow_mask)
_trick_winner_nb = compile_rules(cardplay.trick_winner, beats=compile_rules(cardplay.beats))


@njit(cache=True)
def legal_nb(hand: int, led: int, order: int, eff: np.ndarray, masks: np.ndarray) -> int:
    """:func:`stammtisch.games.doppelkopf.cardplay.follow_mask` under trump order ``order``: follow
    the effective suit of the led card ``led`` (-1 when leading), else anything (Doppelkopf-Turnier 1.)."""
    return _follow_nb(hand, led, eff[order], masks[order])


@njit(cache=True)
def _winner_index_partial(rec: np.ndarray, base: int, k: int, order: int, eff: np.ndarray,
                          power: np.ndarray) -> int:
    """Index of the winning card among the first ``k`` cards of the trick at ``rec[base:]``
    (:func:`stammtisch.games.doppelkopf.cardplay.trick_winner` under trump order ``order``)."""
    return _trick_winner_nb(rec, base, k, eff[order], power[order])


@njit(cache=True)
def _winner_index(rec: np.ndarray, base: int, order: int, eff: np.ndarray, power: np.ndarray) -> int:
    """Index (0..3) of the winning card of the trick ``rec[base:base + 4]`` (``Order.beats``:
    strictly higher only, so the first of two equal cards wins)."""
    return _winner_index_partial(rec, base, 4, order, eff, power)


@njit(cache=True)
def playout_nb(pos: np.ndarray, seed: int, eff: np.ndarray, power: np.ndarray, masks: np.ndarray,
               augen: np.ndarray, ka: int, xb: int) -> np.ndarray:
    """Play random legal cards from ``pos`` to the end of the game and score it.

    ``pos`` is updated in place (hands emptied, the record completed). Returns the ``O_*`` array.
    """
    rng = new_rng(seed)
    _play_nb(pos, rng, POLICY_RANDOM, 0, eff, power, masks, augen, ka)
    return score_nb(pos, pos[P_ORDER], eff, power, augen, ka, xb)


@njit(cache=True)
def _put_nb(pos: np.ndarray, c: int, eff: np.ndarray, power: np.ndarray) -> None:
    """Play card ``c`` (held by the position to move, legal) onto ``pos``: the record, the hand,
    the trick's end (its winner leads next)."""
    ncur = pos[P_NCUR]
    n = pos[P_DONE] * 4 + ncur
    p = (pos[P_LEADER] + ncur) & 3
    pos[P_HANDS + p] &= ~(np.int64(1) << c)
    pos[P_REC + n] = c
    pos[P_SEAT + n] = p
    if ncur == 3:
        w = _winner_index(pos, P_REC + n - 3, pos[P_ORDER], eff, power)
        pos[P_LEADER] = pos[P_SEAT + n - 3 + w]
        pos[P_NCUR] = 0
        pos[P_DONE] += 1
    else:
        pos[P_NCUR] = ncur + 1


@njit(cache=True)
def _play_nb(pos: np.ndarray, rng: np.ndarray, policy: int, eps_pm: int, eff: np.ndarray, power: np.ndarray,
             masks: np.ndarray, augen: np.ndarray, ka: int) -> None:
    """Play ``pos`` to its last card: uniformly random card kinds (``POLICY_RANDOM``, the engine's
    random player) or the heuristic of :func:`heuristic_card_nb` with a random card kind
    ``eps_pm`` times in a thousand (``POLICY_HEURISTIC``)."""
    order = pos[P_ORDER]
    ncur = pos[P_NCUR]
    n = pos[P_DONE] * 4 + ncur
    p = (pos[P_LEADER] + ncur) & 3
    while n < 48:
        hand = pos[P_HANDS + p]
        led = pos[P_REC + n - ncur] if ncur else -1
        legal = legal_nb(hand, led, order, eff, masks)
        kinds = (legal | (legal >> 1)) & FIRST_COPIES
        if policy == POLICY_RANDOM or rand_below(rng, 1000) < eps_pm:
            k = nth_bit(kinds, rand_below(rng, popcount(kinds)))
            c = k if (hand >> k) & 1 else k + 1
        else:
            pos[P_NCUR] = ncur
            pos[P_DONE] = n >> 2
            c = heuristic_card_nb(pos, p, legal, eff, power, masks, augen, ka)
        pos[P_HANDS + p] = hand & ~(np.int64(1) << c)
        pos[P_REC + n] = c
        pos[P_SEAT + n] = p
        n += 1
        ncur += 1
        if ncur == 4:
            w = _winner_index(pos, P_REC + n - 4, order, eff, power)
            p = pos[P_SEAT + n - 4 + w]
            pos[P_LEADER] = p
            ncur = 0
        else:
            p = (p + 1) & 3
    pos[P_NCUR] = 0
    pos[P_DONE] = 12


#: a trump this strong or stronger counts as high (the ♥10, the Queens and the ♣/♠ Jacks … of the
#: normal game; every trump of a Buben- or Damensolo)
HIGH_TRUMP = 96


@njit(cache=True)
def _keep_cost(c: int, order: int, eff: np.ndarray, power: np.ndarray, augen: np.ndarray, ka: int) -> int:
    """What a card is worth keeping: its Augen, plus the trump's strength; the Fuchs kept back."""
    v = 2 * augen[c]
    if eff[order, c] == TRUMP:
        v += 6 + 2 * (power[order, c] - 87)
        if order == 0 and (c == ka or c == ka + 1):
            v += 12
    return v


@njit(cache=True)
def _beaten_behind(pos: np.ndarray, p: int, k: int, c: int, led: int, order: int, eff: np.ndarray,
                   power: np.ndarray, masks: np.ndarray) -> bool:
    """Whether an opponent of ``p`` among the ``k`` positions still to play after ``p`` holds a
    legal card that beats ``c`` (the playout sees the whole determinized deal)."""
    for j in range(1, k + 1):
        q = (p + j) & 3
        if pos[P_RE + q] == pos[P_RE + p]:
            continue
        m = legal_nb(pos[P_HANDS + q], led, order, eff, masks)
        while m:
            low = m & -m
            u = nth_bit(low, 0)
            m ^= low
            e, b = eff[order, u], eff[order, c]
            if (e == b and power[order, u] > power[order, c]) or (e != b and e == TRUMP):
                return True
    return False


@njit(cache=True)
def heuristic_card_nb(pos: np.ndarray, p: int, legal: int, eff: np.ndarray, power: np.ndarray,
                      masks: np.ndarray, augen: np.ndarray, ka: int) -> int:
    """A cheap heuristic card for position ``p`` (a bit of ``legal``), seeing the determinized deal:

    * leading: a soloist draws trumps with a trump nobody can beat; anyone cashes a Fehl Ace of
      a suit not led before; else the cheapest card (:func:`_keep_cost`);
    * the partner wins the trick and no opponent behind can beat him: give Augen (schmieren) with
      the fattest card that is no high trump;
    * an opponent wins: take the trick with the cheapest card no opponent behind can beat when
      the trick is worth it (or I am last); else the cheapest card.
    """
    order = pos[P_ORDER]
    ncur = pos[P_NCUR]
    done = pos[P_DONE]
    n = done * 4 + ncur
    me = pos[P_RE + p]
    # candidate cards: one copy per kind
    cand = legal & (FIRST_COPIES | ~(legal << 1))
    cheapest = -1
    cheap_v = 1 << 30
    m = cand
    while m:
        low = m & -m
        c = nth_bit(low, 0)
        m ^= low
        v = _keep_cost(c, order, eff, power, augen, ka)
        if v < cheap_v:
            cheap_v, cheapest = v, c
    if ncur == 0:
        soloist = me == 1 and (pos[P_RE] + pos[P_RE + 1] + pos[P_RE + 2] + pos[P_RE + 3]) == 1
        if soloist:
            best_t, best_p = -1, -1
            m = cand & masks[order, TRUMP]
            while m:
                low = m & -m
                c = nth_bit(low, 0)
                m ^= low
                if power[order, c] > best_p and not _beaten_behind(pos, p, 3, c, c, order, eff, power, masks):
                    best_t, best_p = c, power[order, c]
            if best_t >= 0:
                return best_t
        led_suits = 0
        for t in range(done):
            led_suits |= 1 << eff[order, pos[P_REC + 4 * t]]
        m = cand
        while m:
            low = m & -m
            c = nth_bit(low, 0)
            m ^= low
            e = eff[order, c]
            if e != TRUMP and augen[c] == 11 and not (led_suits >> e) & 1:
                return c
        return cheapest
    base = P_REC + n - ncur
    led = pos[base]
    bi = _winner_index_partial(pos, base, ncur, order, eff, power)
    best = pos[base + bi]
    wpos = pos[P_SEAT + n - ncur + bi]
    behind = 3 - ncur
    worth = 0
    fox = False
    for i in range(ncur):
        worth += augen[pos[base + i]]
        ci = pos[base + i]
        if order == 0 and (ci == ka or ci == ka + 1) and pos[P_RE + pos[P_SEAT + n - ncur + i]] != me:
            fox = True
    if pos[P_RE + wpos] == me:
        if behind == 0 or not _beaten_behind(pos, p, behind, best, led, order, eff, power, masks):
            fat, fat_v = -1, -1
            m = cand
            while m:
                low = m & -m
                c = nth_bit(low, 0)
                m ^= low
                if eff[order, c] == TRUMP and power[order, c] >= HIGH_TRUMP:
                    continue
                v = 4 * augen[c] - (1 if eff[order, c] == TRUMP else 0)
                if v > fat_v:
                    fat_v, fat = v, c
            if fat >= 0:
                return fat
        return cheapest
    # an opponent wins so far
    take, take_v = -1, 1 << 30
    m = cand
    while m:
        low = m & -m
        c = nth_bit(low, 0)
        m ^= low
        e, b = eff[order, c], eff[order, best]
        if not ((e == b and power[order, c] > power[order, best]) or (e != b and e == TRUMP)):
            continue
        if behind and _beaten_behind(pos, p, behind, c, led, order, eff, power, masks):
            continue
        v = _keep_cost(c, order, eff, power, augen, ka)
        if v < take_v:
            take_v, take = v, c
    if take >= 0:
        gain = worth + augen[take]
        if fox or gain >= 10 or take_v <= cheap_v + 6 or take_v < 24:
            return take
    return cheapest


@njit(cache=True)
def _fulfilled(level: int, opp_augen: int, opp_tricks: int) -> bool:
    """An Absage of ``level`` (1 keine 90 .. 4 schwarz) is fulfilled (DDV 7.1)."""
    if level == 4:
        return opp_tricks == 0
    if level == 1:
        return opp_augen < 90
    if level == 2:
        return opp_augen < 60
    return opp_augen < 30


@njit(cache=True)
def _achieved(own_augen: int, opp_augen: int, opp_tricks: int, opp_level: int, count_absagen: bool) -> int:
    """The unter- and erreicht-gegen lines a party achieved (DDV 7.2)."""
    v = 0
    if opp_augen < 90:
        v += 1
    if opp_augen < 60:
        v += 1
    if opp_augen < 30:
        v += 1
    if opp_tricks == 0:
        v += 1
    if count_absagen:
        for lv in range(1, opp_level + 1):
            need = 120 if lv == 1 else 90 if lv == 2 else 60 if lv == 3 else 30
            if own_augen >= need:
                v += 1
    return v


@njit(cache=True)
def settle_nb(out: np.ndarray, contract: int, re_level: int, ko_level: int, rules: int) -> np.ndarray:
    """The points per position of a scored game (``O_*``): :func:`stammtisch.games.doppelkopf.scoring.settle`
    in compiled code (tested equal on the same games). Winner (Doppelkopf-Turnier 6.; DDV 7.1),
    value (DDV 7.2: gewonnen, unter 90/60/30, schwarz, Re/Kontra angesagt 2 each, each Absage, each
    level reached against an Absage), Sonderpunkte in a normal game only (Doppelkopf-Turnier 6.:
    Doppelkopf, Fuchs gefangen, Karlchen, gegen die Alten), a single player ×3 (Doppelkopf-Turnier 7.)."""
    n_re = out[O_RE] + out[O_RE + 1] + out[O_RE + 2] + out[O_RE + 3]
    alone = n_re == 1
    solo = contract == C_SOLO or (alone and (contract == C_HOCHZEIT or contract == C_STILLE)
                                  and (rules & R_ALONE_AS_SOLO) != 0)
    re_augen = out[O_RE_AUGEN]
    ko_augen = 240 - re_augen
    rt = out[O_RE_TRICKS]
    kt = 12 - rt
    re_abs = re_level >= 1
    ko_abs = ko_level >= 1
    if not re_abs and not ko_abs:
        only_kontra = ko_level == 0 and re_level < 0
        winner = 0 if re_augen >= (120 if only_kontra else 121) else 1
    else:
        rf = re_abs and _fulfilled(re_level, ko_augen, kt)
        kf = ko_abs and _fulfilled(ko_level, re_augen, rt)
        if re_abs and not ko_abs:
            winner = 0 if rf else 1
        elif ko_abs and not re_abs:
            winner = 1 if kf else 0
        else:
            winner = 0 if rf else 1 if kf else -1
    count_absagen = (rules & R_ABSAGEN_IN_SOLO) != 0 or not solo
    if winner >= 0:
        ben = winner
        if winner == 0:
            v = 1 + _achieved(re_augen, ko_augen, kt, ko_level, count_absagen)
        else:
            v = 1 + _achieved(ko_augen, re_augen, rt, re_level, count_absagen)
        if re_level >= 0:
            v += 2
        if ko_level >= 0:
            v += 2
        if count_absagen:
            v += max(re_level, 0) + max(ko_level, 0)
        if not solo and (rules & R_SONDERPUNKTE) != 0:
            for k in range(3):
                v += out[O_SPECIALS + 2 * k + ben] - out[O_SPECIALS + 2 * k + 1 - ben]
            if winner == 1:
                v += 1  # gegen die Alten
    else:
        ben = 0
        v = (_achieved(re_augen, ko_augen, kt, ko_level, count_absagen)
             - _achieved(ko_augen, re_augen, rt, re_level, count_absagen))
    factor = 3 if n_re == 1 else 1
    sign = 1 if ben == 0 else -1
    pts = np.zeros(4, np.int64)
    for i in range(4):
        pts[i] = sign * v * factor if out[O_RE + i] else -sign * v
    return pts


@njit(cache=True)
def values_nb(pos: np.ndarray, seat: int, cards: np.ndarray, levels: np.ndarray, playouts: int, seed: int,
              policy: int, eps_pm: int, rules: int, scale: float, eff: np.ndarray, power: np.ndarray,
              masks: np.ndarray, augen: np.ndarray, ka: int, xb: int) -> np.ndarray:
    """The mean reward of position ``seat`` for each candidate of ``cards`` (a card index: its
    kind, the copy held is played; -1: no card of its own, the policy plays on) under each pair of
    announcement levels ``levels[j] = (Re, Kontra)``: an ``(len(cards), len(levels))`` array.

    Playout ``i`` of every candidate draws the same random numbers (common random numbers), so
    candidates differ by their own effect, not by luck. The reward is the position's points times
    ``scale`` (:func:`stammtisch.bots.common.reward` of a zero-sum row)."""
    nc = cards.shape[0]
    nl = levels.shape[0]
    acc = np.zeros((nc, nl), np.float64)
    work = np.empty_like(pos)
    contract = pos[P_CONTRACT]
    order = pos[P_ORDER]
    for ci in range(nc):
        for i in range(playouts):
            work[:] = pos
            rng = new_rng(seed + i * 0x9E3779B97F4A7C1)
            c = cards[ci]
            if c >= 0:
                hand = work[P_HANDS + seat]
                _put_nb(work, c if (hand >> c) & 1 else c + 1, eff, power)
            _play_nb(work, rng, policy, eps_pm, eff, power, masks, augen, ka)
            out = score_nb(work, order, eff, power, augen, ka, xb)
            for j in range(nl):
                pts = settle_nb(out, contract, levels[j, 0], levels[j, 1], rules)
                acc[ci, j] += pts[seat]
    return acc * (scale / playouts)


@njit(cache=True)
def score_nb(pos: np.ndarray, order: int, eff: np.ndarray, power: np.ndarray, augen: np.ndarray,
             ka: int, xb: int) -> np.ndarray:
    """Score a complete record: Augen and tricks, the Hochzeit's Klärungsstich (Doppelkopf-Turnier 4.),
    the final parties and the Sonderpunkte (Doppelkopf-Turnier 6.; which of them count is the
    settlement's business)."""
    out = np.zeros(O_SIZE, np.int64)
    trick_augen = np.zeros(12, np.int64)
    for t in range(12):
        base = P_REC + 4 * t
        wi = _winner_index(pos, base, order, eff, power)
        w = pos[P_SEAT + 4 * t + wi]
        a = 0
        for i in range(4):
            a += augen[pos[base + i]]
        trick_augen[t] = a
        out[O_AUGEN + w] += a
        out[O_TRICKS + w] += 1
        out[O_WINNERS + t] = w
    for i in range(4):
        out[O_RE + i] = pos[P_RE + i]
    out[O_PARTNER] = -1
    hz = pos[P_HOCHZEITER]
    if hz >= 0:
        # Klärungsstich: the first of the first three tricks not won by the Hochzeiter (4.)
        for t in range(3):
            if out[O_WINNERS + t] != hz:
                out[O_PARTNER] = out[O_WINNERS + t]
                out[O_KLAERUNG] = t + 1
                break
        if out[O_KLAERUNG] == 0:
            out[O_KLAERUNG] = 3
        for i in range(4):
            out[O_RE + i] = 1 if (i == hz or i == out[O_PARTNER]) else 0
    for i in range(4):
        if out[O_RE + i]:
            out[O_RE_AUGEN] += out[O_AUGEN + i]
            out[O_RE_TRICKS] += out[O_TRICKS + i]
    for t in range(12):
        w = out[O_WINNERS + t]
        side = 0 if out[O_RE + w] else 1  # 0 Re, 1 Kontra
        if trick_augen[t] >= 40:
            out[O_SPECIALS + side] += 1  # Doppelkopf
        for i in range(4):
            c = pos[P_REC + 4 * t + i]
            s = pos[P_SEAT + 4 * t + i]
            if (c == ka or c == ka + 1) and out[O_RE + s] != out[O_RE + w]:
                out[O_SPECIALS + 2 + side] += 1  # Fuchs gefangen
            if t == 11 and s == w and (c == xb or c == xb + 1):
                out[O_SPECIALS + 4 + side] += 1  # Karlchen
    return out


@njit(cache=True)
def playouts_nb(pos: np.ndarray, seed: int, n: int, eff: np.ndarray, power: np.ndarray, masks: np.ndarray,
                augen: np.ndarray, ka: int, xb: int) -> np.ndarray:
    """``n`` playouts from the same position ``pos`` (not changed), row ``i`` with the ``i``-th seed
    drawn from ``seed``: an ``(n, O_SIZE)`` array."""
    rng = new_rng(seed)
    out = np.empty((n, O_SIZE), np.int64)
    work = np.empty_like(pos)
    for i in range(n):
        work[:] = pos
        out[i] = playout_nb(work, rand_below(rng, 1 << 62), eff, power, masks, augen, ka, xb)
    return out


@njit(cache=True)
def random_deals_nb(n: int, seed: int, orders: np.ndarray, eff: np.ndarray, power: np.ndarray,
                    masks: np.ndarray, augen: np.ndarray, ka: int, xd: int, xb: int) -> np.ndarray:
    """``n`` complete random games: shuffle, deal 12 cards each, a random trump kind from
    ``orders`` (the normal game: Re by the ♣ Queens, a Hochzeit when one player holds both;
    a solo: a random soloist), random legal play, scoring.

    :returns: totals ``[Augen per position (4), tricks per position (4), Re Augen, Re tricks]``
    """
    rng = new_rng(seed)
    total = np.zeros(10, np.int64)
    deck = np.arange(48)
    pos = np.zeros(P_SIZE, np.int64)
    xdm = (np.int64(1) << xd) | (np.int64(1) << (xd + 1))
    for _ in range(n):
        shuffle(rng, deck)
        pos[:] = 0
        deal_hands(deck, pos, P_HANDS, 4, 12)
        o = orders[rand_below(rng, orders.shape[0])]
        pos[P_ORDER] = o
        pos[P_HOCHZEITER] = -1
        if o == 0:
            for s in range(4):
                q = pos[P_HANDS + s] & xdm
                pos[P_RE + s] = 1 if q else 0
                if q == xdm:
                    pos[P_HOCHZEITER] = s  # a Hochzeit: the partner is found in the play
        else:
            pos[P_RE + rand_below(rng, 4)] = 1
        out = playout_nb(pos, rand_below(rng, 1 << 62), eff, power, masks, augen, ka, xb)
        for i in range(8):
            total[i] += out[i]
        total[8] += out[O_RE_AUGEN]
        total[9] += out[O_RE_TRICKS]
    return total


_CONTRACT_WORDS = frozenset({"gesund", "vorbehalt", "nein", "hochzeit"})


class DoppelkopfKernel(PlayoutKernel):
    """The kernel bound to the Doppelkopf engine's tables (imported from the game, never copied).

    ``options`` (a :class:`~stammtisch.games.doppelkopf.options.DoppelkopfOptions`, default the
    ``turnier`` profile) matters only for the settlement (Sonderpunkte, Absagen in solos, stille
    Hochzeit scored as a solo)."""

    playout_nb, playouts_nb = staticmethod(playout_nb), staticmethod(playouts_nb)  # PlayoutKernel
    #: playouts per candidate and world in the PIMC search (:mod:`stammtisch.bots.pimc`)
    pimc_playouts = 8
    #: the search's playout policy (``POLICY_RANDOM`` or ``POLICY_HEURISTIC``) and how often in a
    #: thousand cards the heuristic plays a random card instead (docs/bots.md, Doppelkopf)
    policy = POLICY_HEURISTIC
    epsilon_permille = 100
    #: value Re/Kontra and the Absagen in :meth:`word_values` (``False``: ``None``, the rule player's)
    value_announcements = True

    def __init__(self, options: Any = None):
        from ...games.doppelkopf import rules, scoring
        from ...games.doppelkopf.options import PROFILES

        self.opts = options if options is not None else PROFILES["turnier"]
        self.rules = rules
        self.scoring = scoring
        self.order_index = {name: i for i, name in enumerate(ORDER_NAMES)}
        ords = [rules.ORDERS[name] for name in ORDER_NAMES]
        self.eff = np.asarray([o.eff for o in ords], np.int64)
        self.power = np.asarray([o.power for o in ords], np.int64)
        self.masks = np.asarray([o.masks for o in ords], np.int64)
        self.augen = np.asarray(rules.AUGEN, np.int64)
        self.ka, self.xd, self.xb = rules.KA, rules.XD, rules.XB
        self.tables = (self.eff, self.power, self.masks, self.augen, self.ka, self.xb)
        o = self.opts
        self.rules_flags = ((R_ABSAGEN_IN_SOLO if o.absagen_in_solo else 0) | (R_SONDERPUNKTE if o.sonderpunkte else 0)
                            | (R_ALONE_AS_SOLO if o.alone_as_solo else 0))
        #: ``common.reward`` of a zero-sum row: own points minus the mean of the other columns
        self.reward_scale = o.players / (o.players - 1)
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    # -- state -> arrays ---------------------------------------------------------------------
    def arrays(self, state: Any) -> np.ndarray:
        """The card-play position of a :class:`~stammtisch.games.doppelkopf.state.DoppelkopfDeal`
        in its ``play`` phase as the kernel's flat array (layout ``P_*``)."""
        if state.phase != "play":
            raise ValueError(f"the kernel plays the cards only; the game is in phase '{state.phase}'")
        active = list(state.active)
        at = {s: i for i, s in enumerate(active)}
        pos = np.zeros(P_SIZE, np.int64)
        for i, s in enumerate(active):
            pos[P_HANDS + i] = state.hands[s]
            pos[P_RE + i] = 1 if state.party[s] == "re" else 0
        pos[P_ORDER] = self.order_index[state.order.name]
        n = 0
        for _, cards, _ in state.tricks:
            for s, c in cards:
                pos[P_REC + n], pos[P_SEAT + n] = c, at[s]
                n += 1
        for s, c in state.trick:
            pos[P_REC + n], pos[P_SEAT + n] = c, at[s]
            n += 1
        pos[P_DONE] = len(state.tricks)
        pos[P_NCUR] = len(state.trick)
        pos[P_LEADER] = at[state.trick[0][0]] if state.trick else at[state.turn]
        hochzeit_open = state.contract == "hochzeit" and state.klaerung is None
        pos[P_HOCHZEITER] = at[state.hochzeiter] if hochzeit_open else -1
        pos[P_LEVEL] = state.level["re"]
        pos[P_LEVEL + 1] = state.level["kontra"]
        contract = state.contract or "normal"
        pos[P_CONTRACT] = (C_SOLO if contract.startswith("solo:") else C_HOCHZEIT if contract == "hochzeit"
                           else C_STILLE if contract == "stille_hochzeit" else C_NORMAL)
        return pos

    # -- the kernel ----------------------------------------------------------------------------
    def legal(self, hand: int, led: int, order: str) -> int:
        """Legal cards (bit set) of ``hand`` when ``led`` (-1: none) was led under ``order``."""
        return int(legal_nb(np.int64(hand), led, self.order_index[order], self.eff, self.masks))

    def random_deals(self, n: int, seed: int = 0, orders: list[str] | None = None) -> list[int]:
        """Play ``n`` random games; totals ``[Augen per position (4), tricks (4), Re Augen, Re tricks]``."""
        idx = np.asarray([self.order_index[o] for o in (orders or ORDER_NAMES)], np.int64)
        return [int(x) for x in random_deals_nb(n, seed, idx, self.eff, self.power, self.masks, self.augen,
                                                 self.ka, self.xd, self.xb)]

    # -- settlement ------------------------------------------------------------------------------
    def result(self, state: Any, out: np.ndarray) -> Any:
        """The :class:`~stammtisch.core.protocol.DealResult` of ``state`` played out as ``out`` says:
        the engine's own settlement (:func:`~stammtisch.games.doppelkopf.scoring.settle`) with the
        announcements ``state`` has, as :meth:`DoppelkopfDeal.result` calls it."""
        from ...core.protocol import DealResult

        party: list[str | None] = [None] * state.n
        for i, s in enumerate(state.active):
            party[s] = "re" if out[O_RE + i] else "kontra"
        contract = state.contract or "normal"
        if contract == "hochzeit":  # alone: no partner found in the Klärungsstich (Doppelkopf-Turnier 4.)
            alone = state.partner is None if state.klaerung is not None else bool(out[O_PARTNER] < 0)
        else:
            alone = contract == "stille_hochzeit"
        solo = self.scoring.scored_as_solo(contract, alone, self.opts.alone_as_solo)
        specials: list[tuple[str, str]] = []
        if not solo:
            for k, label in enumerate(("Doppelkopf", "Fuchs gefangen", "Karlchen")):
                specials += [("re", label)] * int(out[O_SPECIALS + 2 * k])
                specials += [("kontra", label)] * int(out[O_SPECIALS + 2 * k + 1])
        re_tricks = int(out[O_RE_TRICKS])
        st = self.scoring.settle(party, int(out[O_RE_AUGEN]), re_tricks=re_tricks, kontra_tricks=12 - re_tricks,
                                 re_level=state.level["re"], kontra_level=state.level["kontra"],
                                 specials=specials, solo=solo, absagen_in_solo=self.opts.absagen_in_solo,
                                 sonderpunkte=self.opts.sonderpunkte)
        return DealResult(st.points, st.lines, summary={"re_augen": int(out[O_RE_AUGEN]), "kernel": True})

    def rollout(self, state: Any, rng: random.Random) -> Any:
        """Search-bot rollout: random protocol play (cards first, as ``CardsFirstRollout``) until
        the cards are played, then the kernel; returns the settled ``DealResult``."""
        while state.phase not in ("play", "over"):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.phase == "over":
            return state.result()
        out = self.playout_inplace(self.arrays(state), rng.getrandbits(62))
        return self.result(state, out)

    # -- compiled settlement and search values (stammtisch.bots.pimc) -----------------------------
    def settle(self, pos: np.ndarray, out: np.ndarray, levels: tuple[int, int] | None = None) -> list[int]:
        """Points per position of the game ``pos`` played out as ``out``, settled in compiled code
        (:func:`settle_nb`) with the announcement levels of ``pos`` or ``levels`` (Re, Kontra)."""
        re_l, ko_l = (int(pos[P_LEVEL]), int(pos[P_LEVEL + 1])) if levels is None else levels
        return [int(x) for x in settle_nb(out, int(pos[P_CONTRACT]), re_l, ko_l, self.rules_flags)]

    def _values(self, pos: np.ndarray, at: int, cards: list[int], levels: list[tuple[int, int]], playouts: int,
                seed: int) -> np.ndarray:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        return values_nb(pos, at, np.asarray(cards, np.int64), np.asarray(levels, np.int64).reshape(-1, 2),
                         int(playouts), int(seed) & ((1 << 62) - 1), int(self.policy), int(self.epsilon_permille),
                         self.rules_flags, float(self.reward_scale), *self.tables)

    def card_values(self, state: Any, seat: int, cards: Sequence[str], playouts: int, seed: int) -> list[float]:
        """Per card (notation of a legal card of ``seat``, who is to play in ``state``, a determinized
        deal in its play), the mean reward of ``seat`` (``common.reward``'s scale) over ``playouts``
        playouts that play the card and go on with the kernel's playout policy, settled in compiled
        code with the announcements made so far. ``state`` is not changed.

        :raises ValueError: the game is not in its play, ``seat`` is not to play, or a card is not
            one of its legal cards (Doppelkopf-Turnier 1.: follow the led suit)
        """
        pos = self.arrays(state)
        if seat != state.turn:
            raise ValueError(f"position {seat + 1} is not to play a card (position {state.turn + 1} is)")
        at = state.active.index(seat)
        ncur = int(pos[P_NCUR])
        led = int(pos[P_REC + int(pos[P_DONE]) * 4]) if ncur else -1
        legal = int(legal_nb(np.int64(state.hands[seat]), led, int(pos[P_ORDER]), self.eff, self.masks))
        idx = []
        for c in cards:
            first = DOKO.parse(c)
            first -= first % 2
            if not legal & (3 << first):
                raise ValueError(f"{c} is not a legal card of position {seat + 1} now (Doppelkopf-Turnier 1.: "
                                 "follow the led suit, trump counts as one suit)")
            idx.append(first)
        levels = [(int(pos[P_LEVEL]), int(pos[P_LEVEL + 1]))]
        return [float(x) for x in self._values(pos, at, idx, levels, playouts, seed)[:, 0]]

    def word_values(self, state: Any, seat: int, words: Sequence[str], playouts: int,
                    seed: int) -> list[float | None]:
        """Per word, the mean reward of ``seat`` for saying it in the determinized deal ``state``,
        ``None`` for a word the kernel cannot value.

        * **Announcements** (``re``, ``kontra``, ``keine90`` … ``schwarz``, Doppelkopf-Turnier 5.) in
          the play: playouts settled with the party's level raised; a seat to play then plays the
          heuristic's card (:func:`heuristic_card_nb`), out of turn the policy plays on. The
          playouts make no further announcements; a Hochzeit's words wait for its Klärungsstich
          (Doppelkopf-Turnier 4.: ``None`` before it).
        * **Contract words** (``gesund``, ``vorbehalt``, ``solo:<kind>``, ``nein``, ``hochzeit``,
          Doppelkopf-Turnier 2.–4.): the Spielabfrage is completed on a copy of ``state`` (the
          other seats answer as the rule player would with their sampled hands; ``seat`` after a
          ``vorbehalt`` plays its best-rated solo, or its Hochzeit with both ♣ Queens when no solo
          reaches the rule player's Lustsolo rating), then the playouts value the contract.
        """
        out: list[float | None] = [None] * len(words)
        if state.phase == "play":
            party = state.party[seat]
            if party is None or not self.value_announcements:
                return out
            at = state.active.index(seat)
            levels: list[tuple[int, int]] = []
            which: list[int] = []
            base = (state.level["re"], state.level["kontra"])
            for i, w in enumerate(words):
                if w not in ANNOUNCE_WORDS or (w == "re" and party != "re") or (w == "kontra" and party != "kontra"):
                    continue
                lv = 0 if w in ("re", "kontra") else ANNOUNCE_WORDS.index(w) - 1
                if lv <= state.level[party]:
                    continue
                levels.append((lv, base[1]) if party == "re" else (base[0], lv))
                which.append(i)
            if not which or (state.contract == "hochzeit" and state.klaerung is None):
                return out
            pos = self.arrays(state)
            root = [-1]
            if seat == state.turn:
                # the seat says the word and then plays: the heuristic's card (no random card here)
                ncur = int(pos[P_NCUR])
                led = int(pos[P_REC + int(pos[P_DONE]) * 4]) if ncur else -1
                legal = legal_nb(np.int64(state.hands[seat]), led, int(pos[P_ORDER]), self.eff, self.masks)
                c = int(heuristic_card_nb(pos, at, legal, self.eff, self.power, self.masks, self.augen, self.ka))
                root = [c - c % 2]
            vals = self._values(pos, at, root, levels, playouts, seed)[0]
            for i, v in zip(which, vals):
                out[i] = float(v)
            return out
        if state.phase not in ("vorbehalt", "erklaerung") or seat != state.turn:
            return out
        for i, w in enumerate(words):
            if w in _CONTRACT_WORDS or w.startswith("solo:"):
                try:
                    end = self._contract_play(state, seat, w)
                except Exception:  # noqa: BLE001 - a word the copy refuses is not valued
                    continue
                pos = self.arrays(end)
                out[i] = float(self._values(pos, end.active.index(seat), [-1],
                                            [(int(pos[P_LEVEL]), int(pos[P_LEVEL + 1]))], playouts, seed)[0, 0])
        return out

    def _contract_play(self, state: Any, seat: int, word: str, plan: str | None = None) -> Any:
        """A copy of ``state`` (contract phase) with ``seat`` saying ``word`` and the Spielabfrage
        completed as :meth:`word_values` describes, in its play phase. With ``plan`` (``normal``,
        ``hochzeit`` or ``solo:<kind>``) ``seat`` answers its later questions so as to play that
        contract (:mod:`stammtisch.bots.contracts`) instead of its best-rated solo."""
        from ...games.doppelkopf.bot import LUSTSOLO_SCORE, pflicht_threshold, solo_scores

        st = state.clone()
        st.apply(seat, word)
        both = (1 << self.xd) | (1 << (self.xd + 1))
        while st.phase != "play":
            s = st.to_act()[0]
            legal = st.legal_actions(s)
            hand = [c for c in range(48) if st.hands[s] >> c & 1]
            kinds = [a[5:] for a in legal if a.startswith("solo:")] or [k for k in self.opts.solos]
            scores = solo_scores(hand, kinds)
            best = max(scores, key=lambda k: scores[k]) if scores else None
            both_q = st.hands[s] & both == both
            if s == seat and plan is not None:
                if st.phase == "vorbehalt":
                    a = "gesund" if plan == "normal" else "vorbehalt"
                elif plan == "hochzeit" or plan not in legal:
                    a = "hochzeit" if "hochzeit" in legal else "nein" if "nein" in legal else f"solo:{best}"
                else:
                    a = plan
                st.apply(s, a)
                continue
            if s == seat:
                wants = best is not None and (not both_q or scores[best] >= LUSTSOLO_SCORE)
            else:
                thr = LUSTSOLO_SCORE
                if st.owes_pflicht(s) and st.regular_left is not None:
                    thr = min(thr, pflicht_threshold(st.regular_left, 4, st.sitting is not None))
                wants = best is not None and scores[best] >= thr
            if st.phase == "vorbehalt":
                a = "vorbehalt" if wants or both_q else "gesund"
            elif "hochzeit" in legal:
                a = "hochzeit"
            elif wants or "nein" not in legal:
                a = f"solo:{best}"
            else:
                a = "nein"
            st.apply(s, a)
        return st
