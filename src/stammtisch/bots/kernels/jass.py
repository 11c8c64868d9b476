"""A compiled playout kernel for Schieber Jass (Numba, extra ``fast``).

The kernel plays the card phase of a deal with uniformly random legal cards. It runs on the
engine's own tables (:data:`stammtisch.games.jass.modes.STRENGTH` and ``POINTS``, indexed by
``(trick_mode * 4 + led_suit) * 36 + card``) and compiles the engine's own card-play functions,
:mod:`stammtisch.games.jass.cardplay` (§22 follow suit, trump always allowed, §26 Buur, §27 no
under-trumping outside Misere; trick winners by each trick's mode and card points by the first
trick's mode, §24.3, §24.4): one copy of the rules. The differential tests in
``tests/bots/test_jass_kernel.py`` replay thousands of kernel deals through the reference
engine and compare every legal set, every trick and the card points.

Search values for the PIMC driver (:mod:`stammtisch.bots.pimc`): :meth:`JassKernel.card_values`
and :meth:`JassKernel.word_values` value each candidate in one determinized deal with one
compiled call (:func:`values_nb`): playouts with a heuristic policy (:func:`policy_card`, the rule
player's card play in compiled form, epsilon-random) or uniformly random cards, settled in
compiled code as :func:`stammtisch.games.jass.scoring.score_deal` settles (card points, Match §13,
Weis §29, Stöck §29.3, multipliers §23, Misere §24.5, Tutti §24.6). Tested by replaying the
kernel's playouts through the engine (``tests/bots/test_jass_kernel_values.py``).

Without Numba the same functions run as plain Python (slowly): :data:`COMPILED` says which.

>>> k = JassKernel()                                   # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                    # doctest: +SKIP
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from ...core.cards import JASS
from ...games.jass import cardplay

from ._nb import COMPILED, bit_index, new_rng, njit, rand_below
from ._nb import nth_bit as _nth_bit
from ._nb import popcount as _popcount

__all__ = ["COMPILED", "JassKernel", "P_SIZE", "O_SIZE", "O_POINTS", "O_TRICKS", "O_RECORD", "legal_nb", "playout_nb", "random_deals_nb", "policy_card", "values_nb",
           "POLICY_RANDOM", "POLICY_HEURISTIC"]

TM_TUTTI = 6


# -- position layout of :meth:`JassKernel.arrays` (int64) ------------------------------------
P_HANDS = 0  #: 4 hands (bit sets over JASS indices), by seat
P_TMS = 4  #: 9: the trick mode of each trick (Slalom and Tutti change it per trick)
P_TRICK_NO = 13  #: tricks completed
P_LEADER = 14  #: seat that led the current trick
P_NTRICK = 15  #: cards in the current trick
P_TRICK = 16  #: 4: the current trick's cards, leader first
P_NO_UNDER = 20  #: 1 unless Misere (no under-trumping, §18)
P_SIZE = 21
# -- result layout of :meth:`JassKernel.playout` (int64) -------------------------------------
O_POINTS = 0  #: 2: card points per team (with the last-trick bonus) of the rest of the deal
O_TRICKS = 2  #: 2: tricks per team
O_RECORD = 4  #: 36: the cards played in order, -1 after the last
O_SIZE = 40

#: the engine's card-play rules (:mod:`stammtisch.games.jass.cardplay`), compiled: one copy
legal_cards_nb = njit(cache=True)(cardplay.legal_cards)
trick_winner_nb = njit(cache=True)(cardplay.trick_winner)
trick_points_nb = njit(cache=True)(cardplay.trick_points)


@njit(cache=True)
def legal_nb(hand: np.int64, trick: np.ndarray, ntrick: np.int64, tm: np.int64, no_under: bool,
             strength: np.ndarray, suit_mask: np.ndarray, buur_bit: np.ndarray) -> np.int64:
    """:func:`stammtisch.games.jass.cardplay.legal_cards` of ``hand`` to ``trick[0:ntrick]``."""
    return legal_cards_nb(hand, trick, ntrick, tm, no_under, strength, suit_mask, buur_bit)


@njit(cache=True)
def trick_result(trick: np.ndarray, tm: np.int64, tm0: np.int64, last: bool, last_bonus: np.int64,
                 strength: np.ndarray, points: np.ndarray) -> tuple[np.int64, np.int64]:
    """A full trick's winning position (0 = the leader) and its card points: the highest
    strength in the trick's mode wins; points count as in the first trick's mode (§24.3,
    §24.4), the last trick 5 more (§11)."""
    pos = trick_winner_nb(trick, 4, tm, strength)
    pts = trick_points_nb(trick, 4, tm0, points)
    if last:
        pts += last_bonus
    return pos, pts


@njit(cache=True)
def playout_nb(hands: np.ndarray, tms: np.ndarray, trick_no: np.int64, leader: np.int64, trick: np.ndarray,
               ntrick: np.int64, no_under: bool, last_bonus: np.int64, strength: np.ndarray, points: np.ndarray,
               suit_mask: np.ndarray, buur_bit: np.ndarray, record: np.ndarray) -> np.ndarray:
    """Play random legal cards from the given position to the end of the deal.

    ``hands`` (4 bit sets) and ``trick`` (up to 4 cards, leader first) are modified in place.
    Cards played are written to ``record`` (-1 after the last).

    :returns: ``[card points team 0, team 1, tricks team 0, tricks team 1]`` of the rest of the deal
    """
    out = np.zeros(4, np.int64)
    nrec = 0
    seat = (leader + ntrick) & 3
    while trick_no < 9:
        tm = tms[trick_no]
        while ntrick < 4:
            legal = legal_nb(hands[seat], trick, ntrick, tm, no_under, strength, suit_mask, buur_bit)
            k = np.random.randint(0, _popcount(legal))
            c = _nth_bit(legal, k)
            hands[seat] &= ~(np.int64(1) << c)
            trick[ntrick] = c
            ntrick += 1
            record[nrec] = c
            nrec += 1
            seat = (seat + 1) & 3
        pos, pts = trick_result(trick, tm, tms[0], trick_no == 8, last_bonus, strength, points)
        winner = (leader + pos) & 3
        out[winner & 1] += pts
        out[2 + (winner & 1)] += 1
        leader = winner
        seat = winner
        ntrick = 0
        trick_no += 1
    if nrec < record.shape[0]:
        record[nrec] = -1
    return out


@njit(cache=True)
def seed_nb(seed: np.int64) -> None:
    np.random.seed(seed)


@njit(cache=True)
def random_deals_nb(n: np.int64, seed: np.int64, mode_tricks: np.ndarray, mode_no_under: np.ndarray,
                    last_bonus: np.int64, strength: np.ndarray, points: np.ndarray, suit_mask: np.ndarray,
                    buur_bit: np.ndarray) -> np.ndarray:
    """``n`` complete random deals: shuffle, deal 9 cards each, a random mode from
    ``mode_tricks`` (rows of 9 trick modes), random legal play.

    :returns: total ``[points team 0, points team 1, tricks team 0, tricks team 1]``
    """
    np.random.seed(seed)
    total = np.zeros(4, np.int64)
    deck = np.arange(36)
    hands = np.zeros(4, np.int64)
    trick = np.zeros(4, np.int64)
    record = np.zeros(36, np.int64)
    for _ in range(n):
        for i in range(35, 0, -1):  # Fisher-Yates
            j = np.random.randint(0, i + 1)
            deck[i], deck[j] = deck[j], deck[i]
        for s in range(4):
            h = np.int64(0)
            for i in range(9):
                h |= np.int64(1) << deck[s * 9 + i]
            hands[s] = h
        m = np.random.randint(0, mode_tricks.shape[0])
        r = playout_nb(hands, mode_tricks[m], 0, np.random.randint(0, 4), trick, 0, mode_no_under[m] != 0,
                       last_bonus, strength, points, suit_mask, buur_bit, record)
        total += r
    return total


# ---------------------------------------------------------------------------------------------
# Search values (the PIMC driver, stammtisch.bots.pimc): playouts with a heuristic policy and
# the deal's settlement, compiled
# ---------------------------------------------------------------------------------------------
#: playout policies of :func:`values_nb`
POLICY_RANDOM, POLICY_HEURISTIC = 0, 1
#: the one-card key of the heuristic: ``trump * 10000 + points * 100 + strength`` (ordering helper)
_K_TRUMP, _K_POINTS = 10000, 100


@njit(cache=True)
def _lowest_key(cards: np.int64, key_trump: np.int64, base: np.int64, pbase: np.int64, strength: np.ndarray,
                points: np.ndarray, trump_mask: np.int64, w_trump: np.int64, w_points: np.int64,
                w_strength: np.int64) -> np.int64:
    """The card of ``cards`` with the lowest ``w_trump * is_trump + w_points * points +
    w_strength * strength`` (the first lowest card on ties)."""
    best_c, best_k = np.int64(-1), np.int64(1) << 40
    t = cards
    while t:
        low = t & -t
        c = bit_index(low)
        k = w_points * points[pbase + c] + w_strength * strength[base + c]
        if low & trump_mask:
            k += w_trump * key_trump
        if k < best_k:
            best_c, best_k = c, k
        t ^= low
    return best_c


@njit(cache=True)
def policy_card(hands: np.ndarray, seat: np.int64, trick: np.ndarray, ntrick: np.int64, tm: np.int64,
                tm0: np.int64, no_under: bool, misere: bool, decl_team: np.int64, legal: np.int64,
                strength: np.ndarray, points: np.ndarray, suit_mask: np.ndarray, above: np.ndarray) -> np.int64:
    """The heuristic card of ``seat`` (its own hand and the cards it has not seen, never the
    other hands one by one), as the rule player (``games/jass/bot.py``) plays: as the declaring
    side pull trumps with a Bock trump; lead a Bock card (the most points), else low from the
    longest suit; schmieren (the most points) on a trick the partner surely wins; win a trick
    cheaply when it is worth it (10 points or an opponent ahead), a sure winner with the most
    points; otherwise discard the cheapest card, sparing trumps. Misere (§24.5) the other way:
    lead low, stay under the trick with the highest card that does, else take it high."""
    hand = hands[seat]
    unseen = (hands[0] | hands[1] | hands[2] | hands[3]) & ~hand
    if ntrick == 0:
        if misere:
            best_c, best_v = np.int64(-1), np.int64(99)
            t = legal
            while t:
                low = t & -t
                c = bit_index(low)
                s = c // 9
                v = strength[(tm * 4 + s) * 36 + c]
                if v < best_v:
                    best_c, best_v = c, v
                t ^= low
            return best_c
        trump = tm if tm < 4 else -1
        if trump >= 0:
            trumps = legal & suit_mask[trump]
            if decl_team == (seat & 1) and trumps and unseen & suit_mask[trump]:
                base = (tm * 4 + trump) * 36
                top = _lowest_key(trumps, 0, base, 0, strength, points, 0, 0, 0, -1)
                if not (unseen & above[base + top]):
                    return top
        # Bock cards outside trump: the one with the most points
        best_c, best_p = np.int64(-1), np.int64(-1)
        t = legal
        while t:
            low = t & -t
            c = bit_index(low)
            s = c // 9
            if s != trump:
                base = (tm * 4 + s) * 36
                if not (unseen & suit_mask[s] & above[base + c]):
                    p = points[(tm0 * 4 + s) * 36 + c]
                    if p > best_p:
                        best_c, best_p = c, p
            t ^= low
        if best_c >= 0:
            return best_c
        # low from the longest suit (outside trump when possible)
        pool = legal & ~suit_mask[trump] if trump >= 0 else legal
        if not pool:
            pool = legal
        best_c, best_k = np.int64(-1), np.int64(1) << 40
        t = pool
        while t:
            low = t & -t
            c = bit_index(low)
            s = c // 9
            k = -_popcount(hand & suit_mask[s]) * 1000 + strength[(tm * 4 + s) * 36 + c]
            if k < best_k:
                best_c, best_k = c, k
            t ^= low
        return best_c
    led = trick[0] // 9
    base = (tm * 4 + led) * 36
    pbase = (tm0 * 4 + led) * 36
    best_v, best_pos, pts = np.int64(-1), 0, np.int64(0)
    for i in range(ntrick):
        v = strength[base + trick[i]]
        pts += points[pbase + trick[i]]
        if v > best_v:
            best_v, best_pos = v, i
    bestcard = trick[best_pos]
    beat = above[base + bestcard]
    winners = legal & beat
    if misere:
        under = legal & ~beat
        if under:  # shed the highest card that stays under the trick (points first)
            return _lowest_key(under, 0, base, pbase, strength, points, 0, 0, -1, -100)
        return _lowest_key(legal, 0, base, pbase, strength, points, 0, 0, -1, -100)
    trump_mask = suit_mask[tm] if tm < 4 else (suit_mask[led] if tm == TM_TUTTI else np.int64(0))
    # the partner is ahead when it played the best card: ntrick - best_pos is even and not 0
    partner_wins = (ntrick - best_pos) == 2
    last = ntrick == 3
    if partner_wins and (last or not (unseen & beat)):
        # schmieren: the most points, keeping the trump Nell and Under
        keep = trump_mask
        best_c, best_k = np.int64(-1), np.int64(-(1 << 40))
        t = legal
        while t:
            low = t & -t
            c = bit_index(low)
            k = points[pbase + c] * 100 - strength[base + c]
            if low & keep and (c % 9 == 3 or c % 9 == 5):
                k -= 1500
            if k > best_k:
                best_c, best_k = c, k
            t ^= low
        return best_c
    if winners:
        plain = winners & ~(trump_mask & ~suit_mask[led])
        if plain:
            if last:
                return _lowest_key(plain, 0, base, pbase, strength, points, 0, 0, 0, 1)
            sure = np.int64(0)
            t = plain
            while t:
                low = t & -t
                if not (unseen & above[base + bit_index(low)]):
                    sure |= low
                t ^= low
            if sure:
                return _lowest_key(sure, 0, base, pbase, strength, points, 0, 0, -1, 0)
            if pts >= 10 or not partner_wins:
                return _lowest_key(plain, 0, base, pbase, strength, points, 0, 0, 0, 1)
        elif pts >= 10 and not partner_wins:
            return _lowest_key(winners, 0, base, pbase, strength, points, 0, 0, 0, 1)
    # discard the cheapest card, sparing trumps
    return _lowest_key(legal, _K_TRUMP, base, pbase, strength, points, trump_mask, 1, _K_POINTS, 1)


@njit(cache=True)
def values_nb(hands0: np.ndarray, tms: np.ndarray, trick_no0: np.int64, leader0: np.int64, trick0: np.ndarray,
              ntrick0: np.int64, no_under: bool, misere: bool, decl_team: np.int64, cp0: np.ndarray,
              tw0: np.ndarray, fixed: np.ndarray, stoeck_holder: np.int64, ko_mask: np.int64,
              mult_by_led: np.ndarray, cands: np.ndarray, playouts: np.int64, seed: np.int64, me: np.int64,
              policy: np.int64, eps1000: np.int64, last_bonus: np.int64, match_bonus: np.int64,
              strength: np.ndarray, points: np.ndarray, suit_mask: np.ndarray, buur_bit: np.ndarray,
              above: np.ndarray, record: np.ndarray) -> np.ndarray:
    """Per candidate the mean reward of ``me`` over ``playouts`` playouts from one position.

    ``cands``: card indices the seat to play plays first (then ``policy`` for every seat), or
    ``-1``: the policy plays that card too. ``cp0``/``tw0``: card points and tricks per team so
    far; ``fixed``: raw Weis + Stöck points per team the deal writes whatever is played;
    ``stoeck_holder``: a seat holding König and Ober of trump whose Stöck is not shown yet
    (``-1`` none): it shows them at its next turn while it still holds one of them (§29.3), as
    the rule player does. ``mult_by_led``: the §23 multiplier by the suit of the first card led
    (all equal but in Tutti, §24.6). Settlement as :func:`stammtisch.games.jass.scoring.score_deal`:
    ``mult * (card points + Match (§13) + Weis + Stöck)`` per team, Misere (§24.5) writing the
    other side's card points; the reward is ``me``'s team minus the other team. ``record`` (if
    longer than 0) receives the last playout's cards, ``-2`` before a card where the Stöck were
    shown, ``-1`` at the end."""
    nc = cands.shape[0]
    out = np.zeros(nc, np.float64)
    hands = np.zeros(4, np.int64)
    trick = np.zeros(4, np.int64)
    myteam = me & 1
    nrecmax = record.shape[0]
    for ci in range(nc):
        rng = new_rng(seed)  # common random numbers: every candidate sees the same stream
        total = 0.0
        for _ in range(playouts):
            for s in range(4):
                hands[s] = hands0[s]
            for i in range(4):
                trick[i] = trick0[i]
            ntrick = ntrick0
            leader = leader0
            trick_no = trick_no0
            cp_0, cp_1 = cp0[0], cp0[1]
            tw_0, tw_1 = tw0[0], tw0[1]
            st_0, st_1 = np.int64(0), np.int64(0)
            holder = stoeck_holder
            first = cands[ci]
            lead_suit0 = trick0[0] // 9 if (trick_no0 > 0 or ntrick0 > 0) else -1
            nrec = 0
            seat = (leader + ntrick) & 3
            while trick_no < 9:
                tm = tms[trick_no]
                while ntrick < 4:
                    if first >= 0:
                        c = first
                        first = -1
                    else:
                        if seat == holder and hands[seat] & ko_mask:  # §29.3
                            if seat & 1:
                                st_1 += 20
                            else:
                                st_0 += 20
                            holder = -1
                            if nrec < nrecmax:
                                record[nrec] = -2
                                nrec += 1
                        legal = legal_nb(hands[seat], trick, ntrick, tm, no_under, strength, suit_mask, buur_bit)
                        if policy == POLICY_HEURISTIC and (eps1000 <= 0 or rand_below(rng, 1000) >= eps1000) \
                                and legal & (legal - 1):
                            c = policy_card(hands, seat, trick, ntrick, tm, tms[0], no_under, misere, decl_team,
                                            legal, strength, points, suit_mask, above)
                        else:
                            c = _nth_bit(legal, rand_below(rng, _popcount(legal)))
                    hands[seat] &= ~(np.int64(1) << c)
                    trick[ntrick] = c
                    ntrick += 1
                    if nrec < nrecmax:
                        record[nrec] = c
                        nrec += 1
                    seat = (seat + 1) & 3
                if lead_suit0 < 0:
                    lead_suit0 = trick[0] // 9
                pos, pts = trick_result(trick, tm, tms[0], trick_no == 8, last_bonus, strength, points)
                winner = (leader + pos) & 3
                if winner & 1:
                    cp_1 += pts
                    tw_1 += 1
                else:
                    cp_0 += pts
                    tw_0 += 1
                leader = winner
                seat = winner
                ntrick = 0
                trick_no += 1
            if nrec < nrecmax:
                record[nrec] = -1
            if misere:  # §24.5: each side writes what the other side took
                cp_0, cp_1 = cp_1, cp_0
                tw_0, tw_1 = tw_1, tw_0
            raw0 = cp_0 + (match_bonus if tw_0 == 9 else 0) + fixed[0] + st_0
            raw1 = cp_1 + (match_bonus if tw_1 == 9 else 0) + fixed[1] + st_1
            r = (raw0 - raw1) * mult_by_led[lead_suit0]
            total += r if myteam == 0 else -r
        out[ci] = total / playouts
    return out


class JassKernel:
    """The kernel bound to the Jass engine's tables (imported from the game, never copied).

    Search values for :mod:`stammtisch.bots.pimc` (docs/bots.md, "Schieber Jass"):
    :meth:`card_values` and :meth:`word_values` play ``playouts`` compiled playouts per
    candidate from one determinized deal with :attr:`policy` (the heuristic of
    :func:`policy_card`, ``epsilon`` of its moves random) and settle them as the engine does."""

    #: playouts per candidate per determinization (the PIMC driver's default)
    pimc_playouts: int = 8
    #: the playout policy of the search values: :data:`POLICY_HEURISTIC` or :data:`POLICY_RANDOM`
    policy: int = POLICY_HEURISTIC
    #: share of the heuristic policy's moves played at random
    epsilon: float = 0.1

    @classmethod
    def for_options(cls, options: Any) -> JassKernel:
        """The kernel for ``options`` (only the value of the Undenufe eleven differs)."""
        return cls(getattr(options, "undenufe_eleven", "ass") if options is not None else "ass")

    def __init__(self, undenufe_eleven: str = "ass"):
        from ...games.jass import modes, play, scoring

        self.modes = modes
        self.strength = np.asarray(modes.STRENGTH, np.int64)
        self.points = np.asarray(modes.POINTS[undenufe_eleven], np.int64)
        self.suit_mask = np.asarray(modes.SUIT_MASK, np.int64)
        self.buur_bit = np.asarray(play.BUUR_BIT, np.int64)
        self.last_bonus = int(scoring.LAST_TRICK_BONUS)
        names = [n for n, m in modes.MODES.items() if m.multiplier > 0]
        self.mode_names = names
        self.mode_tricks = np.asarray([modes.MODES[n].tricks for n in names], np.int64)
        self.mode_no_under = np.asarray([0 if modes.MODES[n].misere else 1 for n in names], np.int64)
        self.match_bonus = int(scoring.MATCH_BONUS)
        #: ``ABOVE[(tm * 4 + led) * 36 + c]``: the cards that beat card ``c`` in that trick (from STRENGTH)
        st = modes.STRENGTH
        self.above = np.asarray([sum(1 << u for u in range(36) if st[b * 36 + u] > st[b * 36 + c])
                                 for b in range(28) for c in range(36)], np.int64)
        self._card_index = {n: i for i, n in enumerate(JASS.notation)}
        self._modes: dict[str, tuple[Any, ...]] = {}
        self._rule_bot: Any = None
        self._empty = np.zeros(0, np.int64)
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    def seed(self, seed: int) -> None:
        seed_nb(seed)

    def legal(self, hand: int, trick: list[int], tm: int, no_under: bool) -> int:
        t = np.zeros(4, np.int64)
        t[:len(trick)] = trick
        return int(legal_nb(np.int64(hand), t, len(trick), tm, no_under, self.strength, self.suit_mask,
                            self.buur_bit))

    # -- the shared kernel interface (stammtisch.core.kernel.Kernel) ---------------------------
    def arrays(self, state: Any) -> np.ndarray:
        """The card-play position of a :class:`~stammtisch.games.jass.state.JassDeal` in its
        ``play`` phase as one flat ``int64`` array (layout ``P_*``)."""
        if state.phase != "play":
            raise ValueError(f"the kernel plays the card phase, not the '{state.phase}' phase")
        pos = np.zeros(P_SIZE, np.int64)
        pos[P_HANDS:P_HANDS + 4] = state.hands
        pos[P_TMS:P_TMS + 9] = state.mode.tricks
        pos[P_TRICK_NO], pos[P_LEADER], pos[P_NTRICK] = state.trick_no, state.leader, len(state.trick)
        pos[P_TRICK:P_TRICK + len(state.trick)] = state.trick
        pos[P_NO_UNDER] = 0 if state.mode.misere else 1
        return pos

    def playout(self, arrays: np.ndarray, seed: int) -> np.ndarray:
        """Random legal play from the position ``arrays`` (not changed) to the end: an ``int64``
        array, layout ``O_*`` (card points and tricks per team of the rest of the deal, then the
        cards played in order, ``-1`` after the last)."""
        pos = arrays.copy()
        out = np.full(O_SIZE, -1, np.int64)
        seed_nb(int(seed) & ((1 << 62) - 1))
        res = playout_nb(pos[P_HANDS:P_HANDS + 4], pos[P_TMS:P_TMS + 9], pos[P_TRICK_NO], pos[P_LEADER],
                         pos[P_TRICK:P_TRICK + 4], pos[P_NTRICK], bool(pos[P_NO_UNDER]), self.last_bonus,
                         self.strength, self.points, self.suit_mask, self.buur_bit, out[O_RECORD:])
        out[O_POINTS:O_POINTS + 2] = res[:2]
        out[O_TRICKS:O_TRICKS + 2] = res[2:]
        return out

    def playout_hands(self, hands: list[int], mode: str, trick_no: int, leader: int, trick: list[int]
                      ) -> tuple[list[int], list[int]]:
        """Random legal play to the end from plain values (the global generator, :meth:`seed`);
        returns ``([pts0, pts1, tricks0, tricks1], cards played)``."""
        m = self.modes.MODES[mode]
        h = np.asarray(hands, np.int64)
        t = np.zeros(4, np.int64)
        t[:len(trick)] = trick
        rec = np.full(36, -1, np.int64)
        out = playout_nb(h, np.asarray(m.tricks, np.int64), trick_no, leader, t, len(trick), not m.misere,
                         self.last_bonus, self.strength, self.points, self.suit_mask, self.buur_bit, rec)
        cards = [int(c) for c in rec if c >= 0]
        return [int(x) for x in out], cards

    def random_deals(self, n: int, seed: int = 0, modes: list[str] | None = None) -> list[int]:
        """Play ``n`` random deals; returns the totals ``[pts0, pts1, tricks0, tricks1]``."""
        if modes is None:
            mt, mn = self.mode_tricks, self.mode_no_under
        else:
            mt = np.asarray([self.modes.MODES[x].tricks for x in modes], np.int64)
            mn = np.asarray([0 if self.modes.MODES[x].misere else 1 for x in modes], np.int64)
        return [int(x) for x in random_deals_nb(n, seed, mt, mn, self.last_bonus, self.strength, self.points,
                                                 self.suit_mask, self.buur_bit)]

    def rollout(self, state: Any, rng: random.Random) -> Any:
        """Search-bot rollout for a :class:`~stammtisch.games.jass.state.JassDeal`: the kernel
        picks the rest of the cards, the engine's fast path replays them (no validation) so the
        result is scored by the engine's own settlement. Falls back to random protocol play
        outside the card phase."""
        while state.phase == "trump":  # random trump choice (or Schieben) first
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.phase != "play":
            return state
        seed_nb(rng.getrandbits(62))
        _, cards = self.playout_hands(list(state.hands), state.mode.name, state.trick_no, state.leader,
                                list(state.trick))
        for c in cards:
            state.play_card(c)
        return state

    # -- search values (stammtisch.bots.pimc) ----------------------------------------------
    def _mode_arrays(self, name: str) -> tuple[Any, ...]:
        """Per mode: trick modes, no-under-trumping, Misere, multiplier by first led suit,
        König + Ober of trump (the Stöck, §29.3; only where the engine grants them)."""
        got = self._modes.get(name)
        if got is None:
            MODES, SUITS = self.modes.MODES, self.modes.SUITS
            m = MODES[name]
            if m.multiplier:
                mult = [m.multiplier] * 4
            else:  # Tutti counts as the suit of the first card led (§24.6)
                mult = [MODES[f"tutti:{SUITS[s]}"].multiplier for s in range(4)]
            ko = 0
            if m.trump is not None and not m.misere:  # Drei mal Drei: see the option check in _fixed
                ko = (1 << (m.trump * 9 + self.modes.KING)) | (1 << (m.trump * 9 + self.modes.OBER))
            got = (np.asarray(m.tricks, np.int64), not m.misere, m.misere, np.asarray(mult, np.int64), ko)
            self._modes[name] = got
        return got

    def _fixed(self, state: Any, root_declares: bool) -> list[int]:
        """Raw Weis + Stöck each team writes whatever is played from here: the Stöck shown, and
        the Weis (§29) — resolved, or in the first trick as it will be when every seat still to
        play declares all its Weis with its first card (the playout policy; the seat to play
        only if ``root_declares``), resolved by the engine's own rule on a copy."""
        w = list(state.weis_points)
        if state.trick_no == 0 and state.opts.weis and not state.mode.misere:
            st = state.clone()
            for k in range(4 - len(st.trick)):
                s = (st.turn + k) & 3
                if k or root_declares:
                    items = st._weis_options(s)
                    if items:
                        st.weis_decl[s] = items
                        st.weis_order.append(s)
                st.hands[s] &= st.hands[s] - 1  # s has played now (only ``played`` reads it)
            if st.weis_decl:
                st._resolve_weis()
            w = list(st.weis_points)
        return [w[0] + state.stoeck_points[0], w[1] + state.stoeck_points[1]]

    def _values(self, state: Any, seat: int, cands: np.ndarray, playouts: int, seed: int,
                root_declares: bool, record: np.ndarray | None = None) -> np.ndarray:
        if state.phase != "play":
            raise ValueError(f"search values need a deal in its card play, not in phase '{state.phase}'")
        tms, no_under, misere, mult, ko = self._mode_arrays(state.mode.name)
        if not state.opts.stoeck_drei_mal_drei and state.mode.name.startswith("3x3"):
            ko = 0  # §29.3 option: no Stöck in Drei mal Drei
        holder = -1
        if state.stoeck_seat is not None and not state.stoeck_declared and ko:
            holder = state.stoeck_seat
        trick = np.zeros(4, np.int64)
        trick[:len(state.trick)] = state.trick
        fixed = np.asarray(self._fixed(state, root_declares), np.int64)
        decl = -1 if state.declarer is None else state.declarer & 1
        eps = int(round(self.epsilon * 1000))
        return values_nb(np.asarray(state.hands, np.int64), tms, state.trick_no, state.leader, trick,
                         len(state.trick), no_under, misere, decl, np.asarray(state.card_points, np.int64),
                         np.asarray(state.tricks_won, np.int64), fixed, holder, ko, mult, cands,
                         max(int(playouts), 1), int(seed) & ((1 << 63) - 1), seat, self.policy, eps,
                         self.last_bonus, self.match_bonus, self.strength, self.points, self.suit_mask,
                         self.buur_bit, self.above, self._empty if record is None else record)

    def card_values(self, state: Any, seat: int, cards: Sequence[str], playouts: int, seed: int) -> list[float]:
        """Per card, the mean reward of ``seat`` (``stammtisch.bots.common.reward``: its team's
        points minus the other team's, settlement units) over ``playouts`` playouts that play
        the card and then the policy for every seat to the end. ``state`` is one determinized
        deal (a sample) in its card play with ``seat`` to play; it is not changed."""
        if state.phase != "play" or state.turn != seat:
            raise ValueError("card values need the seat to play in the card play")
        idx = self._card_index
        try:
            cands = np.asarray([idx[c] for c in cards], np.int64)
        except KeyError as e:
            raise ValueError(f"{e.args[0]!r} is not a Jass card") from None
        if not cands.size:
            return []
        legal = state.legal_mask()
        bad = [c for c in cards if not legal >> idx[c] & 1]
        if bad:
            raise ValueError(f"not legal for seat {seat} here: {', '.join(bad)} (Papagei-Jass §15, §26, §27)")
        return [float(x) for x in self._values(state, seat, cands, playouts, seed, False)]

    def word_values(self, state: Any, seat: int, words: Sequence[str], playouts: int, seed: int
                    ) -> list[float | None]:
        """Per word (trump choice, ``schieben``, ``weis``, ``stöck`` ...), the mean reward of
        ``seat`` when it says the word and the policy plays on; ``None`` for a word the kernel
        does not value (``rest``, ``bedanken``, anything the engine refuses here). After
        ``schieben`` the partner names the mode as the rule player would (§25)."""
        from ...core.errors import StammtischError
        from ...core.protocol import Turn

        out: list[float | None] = []
        one = np.asarray([-1], np.int64)
        for w in words:
            if w.strip().lower() in ("rest", "bedanken"):
                out.append(None)
                continue
            st = state.clone()
            try:
                st.apply(seat, w)
                for _ in range(3):  # schieben: the partner chooses (and may push back, §24.1)
                    if st.phase != "trump":
                        break
                    chooser = st.to_act()[0]
                    legal = [a for a in st.legal_actions(chooser) if a != "bedanken"]
                    st.apply(chooser, self._rule().choose(Turn(chooser, legal, lambda c=chooser: st.view(c)),
                                                          random.Random(seed)))
            except StammtischError:
                out.append(None)
                continue
            if st.phase != "play":
                out.append(None)
                continue
            out.append(float(self._values(st, seat, one, playouts, seed, True)[0]))
        return out

    def _rule(self) -> Any:
        if self._rule_bot is None:
            from ...games.jass.bot import JassRuleBot

            self._rule_bot = JassRuleBot()
        return self._rule_bot
