"""A compiled playout kernel for tournament Doppelkopf (Numba, extra ``fast``).

The kernel plays the card phase of a game with uniformly random legal cards, for every
contract of the engine: the normal game, stille Hochzeit and Hochzeit (with its
Klärungsstich, Doppelkopf-Turnier 4.) and the seven solos with their trump orders
(Doppelkopf-Turnier 3.). It runs on the engine's own tables (:data:`stammtisch.games.doppelkopf.rules.ORDERS`
``eff``/``power``/``masks`` and ``AUGEN``) and mirrors its rules: follow the effective suit
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

>>> k = DoppelkopfKernel()                                  # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ._nb import COMPILED, PlayoutKernel, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle

__all__ = ["COMPILED", "DoppelkopfKernel", "ORDER_NAMES", "legal_nb", "playout_nb", "playouts_nb",
           "random_deals_nb"]

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
P_SIZE = 109

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


@njit(cache=True)
def legal_nb(hand: int, led: int, order: int, eff: np.ndarray, masks: np.ndarray) -> int:
    """Mirror of ``DoppelkopfDeal._legal_cards`` (``Order.follow_mask``): follow the effective
    suit of the led card ``led`` (-1 when leading), else anything (Doppelkopf-Turnier 1.)."""
    if led < 0:
        return hand
    m = hand & masks[order, eff[order, led]]
    return m if m else hand


@njit(cache=True)
def _winner_index(rec: np.ndarray, base: int, order: int, eff: np.ndarray, power: np.ndarray) -> int:
    """Index (0..3) of the winning card of the trick ``rec[base:base + 4]`` (``Order.beats``:
    strictly higher only, so the first of two equal cards wins)."""
    best = rec[base]
    bi = 0
    for i in range(1, 4):
        c = rec[base + i]
        e, b = eff[order, c], eff[order, best]
        if (e == b and power[order, c] > power[order, best]) or (e != b and e == TRUMP):
            best = c
            bi = i
    return bi


@njit(cache=True)
def playout_nb(pos: np.ndarray, seed: int, eff: np.ndarray, power: np.ndarray, masks: np.ndarray,
               augen: np.ndarray, ka: int, xb: int) -> np.ndarray:
    """Play random legal cards from ``pos`` to the end of the game and score it.

    ``pos`` is updated in place (hands emptied, the record completed). Returns the ``O_*`` array.
    """
    rng = new_rng(seed)
    order = pos[P_ORDER]
    ncur = pos[P_NCUR]
    done = pos[P_DONE]
    leader = pos[P_LEADER]
    n = done * 4 + ncur
    p = (leader + ncur) & 3
    while n < 48:
        hand = pos[P_HANDS + p]
        led = pos[P_REC + n - ncur] if ncur else -1
        legal = legal_nb(hand, led, order, eff, masks)
        kinds = (legal | (legal >> 1)) & FIRST_COPIES
        k = nth_bit(kinds, rand_below(rng, popcount(kinds)))
        c = k if (hand >> k) & 1 else k + 1
        pos[P_HANDS + p] = hand & ~(np.int64(1) << c)
        pos[P_REC + n] = c
        pos[P_SEAT + n] = p
        n += 1
        ncur += 1
        if ncur == 4:
            w = _winner_index(pos, P_REC + n - 4, order, eff, power)
            p = pos[P_SEAT + n - 4 + w]
            ncur = 0
        else:
            p = (p + 1) & 3
    pos[P_NCUR] = 0
    pos[P_DONE] = 12
    return score_nb(pos, order, eff, power, augen, ka, xb)


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


class DoppelkopfKernel(PlayoutKernel):
    """The kernel bound to the Doppelkopf engine's tables (imported from the game, never copied).

    ``options`` (a :class:`~stammtisch.games.doppelkopf.options.DoppelkopfOptions`, default the
    ``turnier`` profile) matters only for the settlement (Sonderpunkte, Absagen in solos, stille
    Hochzeit scored as a solo)."""

    playout_nb, playouts_nb = staticmethod(playout_nb), staticmethod(playouts_nb)  # PlayoutKernel

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
