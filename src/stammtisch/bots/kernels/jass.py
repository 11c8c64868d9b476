"""A compiled playout kernel for Schieber Jass (Numba, extra ``fast``).

The kernel plays the card phase of a deal with uniformly random legal cards. It runs on the
engine's own tables (:data:`stammtisch.games.jass.modes.STRENGTH` and ``POINTS``, indexed by
``(trick_mode * 4 + led_suit) * 36 + card``) and mirrors
:func:`stammtisch.games.jass.play.legal_mask` line by line (§22 follow suit, trump always
allowed, §26 Buur, §27 no under-trumping outside Misere); trick winners follow each trick's
mode and card points the first trick's mode (§24.3, §24.4), as in the engine. The differential tests in
``tests/bots/test_jass_kernel.py`` replay thousands of kernel deals through the reference
engine and compare every legal set, every trick and the card points.

Without Numba the same functions run as plain Python (slowly): :data:`COMPILED` says which.

>>> k = JassKernel()                                   # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                    # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ._nb import COMPILED, bit_index, njit
from ._nb import nth_bit as _nth_bit
from ._nb import popcount as _popcount

__all__ = ["COMPILED", "JassKernel", "legal_nb", "playout_nb", "random_deals_nb"]

TM_TUTTI = 6


@njit(cache=True)
def legal_nb(hand: np.int64, trick: np.ndarray, ntrick: np.int64, tm: np.int64, no_under: bool,
             strength: np.ndarray, suit_mask: np.ndarray, buur_bit: np.ndarray) -> np.int64:
    """Mirror of :func:`stammtisch.games.jass.play.legal_mask`."""
    if ntrick == 0:
        return hand
    led = trick[0] // 9
    follow = hand & suit_mask[led]
    if tm >= 4 and tm != TM_TUTTI:
        return follow if follow else hand
    trump = tm if tm < 4 else led
    if led == trump:
        return follow if (follow & ~buur_bit[trump]) else hand
    trumps = hand & suit_mask[trump]
    legal = (follow | trumps) if follow else hand
    if no_under and trumps and trumps != hand:
        base = tm * 144 + led * 36
        best = 0
        for i in range(ntrick):
            c = trick[i]
            if c // 9 == trump and strength[base + c] > best:
                best = strength[base + c]
        if best:
            lower = np.int64(0)
            t = trumps
            while t:
                low = t & -t
                c = bit_index(low)
                if strength[base + c] < best:
                    lower |= low
                t ^= low
            legal &= ~lower
    return legal


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
        led = trick[0] // 9
        base = tm * 144 + led * 36
        pbase = tms[0] * 144 + led * 36  # points as in the first trick's mode (§24.3, §24.4)
        best, pos, pts = -1, 0, 0
        for i in range(4):
            v = strength[base + trick[i]]
            pts += points[pbase + trick[i]]
            if v > best:
                best, pos = v, i
        winner = (leader + pos) & 3
        if trick_no == 8:
            pts += last_bonus
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


class JassKernel:
    """The kernel bound to the Jass engine's tables (imported from the game, never copied)."""

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
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    def seed(self, seed: int) -> None:
        seed_nb(seed)

    def legal(self, hand: int, trick: list[int], tm: int, no_under: bool) -> int:
        t = np.zeros(4, np.int64)
        t[:len(trick)] = trick
        return int(legal_nb(np.int64(hand), t, len(trick), tm, no_under, self.strength, self.suit_mask,
                            self.buur_bit))

    def playout(self, hands: list[int], mode: str, trick_no: int, leader: int, trick: list[int]
                ) -> tuple[list[int], list[int]]:
        """Random legal play to the end; returns ``([pts0, pts1, tricks0, tricks1], cards played)``."""
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
        _, cards = self.playout(list(state.hands), state.mode.name, state.trick_no, state.leader,
                                list(state.trick))
        for c in cards:
            state.play_card(c)
        return state
