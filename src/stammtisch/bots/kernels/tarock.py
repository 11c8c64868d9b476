"""A compiled playout kernel for Königrufen Tarock (Numba, extra ``fast``).

The kernel plays the card phase of a deal with uniformly random legal cards, for every contract
of both profiles: it mirrors :func:`stammtisch.games.tarock.cards.legal_plays` and
:func:`~stammtisch.games.tarock.cards.trick_winner` line by line — Farbzwang, then Tarockzwang
(Österreich-Finale 6), 7), 10)); colour games: tarock led only without a suit card and a tarock
wins only when tarock was led (Österreich-Finale 7)); negative games and Trischaken: the Pagat
only as the last tarock and Stichzwang (Österreich-Finale 5), 6)); the Kaiserstich, optionally in
the order Mond, Sküs, Pagat (Tiroler Cup, Paragrafen) — and the engine's refusal to give up an
announced bird while a higher announced bird of the same player could go instead
(Österreich-Finale 8)). Trischaken: the talon goes to the winner of the last trick
(Österreich-Finale 5)). Card values are the engine's ``THIRDS`` (3·value − 2, Österreich-Finale 1)).

A position is one flat ``int64`` array (:meth:`TarockKernel.arrays`, layout ``P_*``); a playout
returns one ``int64`` array (layout ``O_*``): cards and thirds won per position, tricks, each
trick's winner and winning card. :meth:`TarockKernel.rollout` hands the kernel's cards to the
engine's own trick bookkeeping (no legality checks) and returns the engine's settlement, premiums
and all. Positions are the four players in order of play, Vorhand first (a five-table's sitting
dealer has none).

``tests/bots/test_tarock_kernel.py`` replays thousands of kernel deals through the engine and
compares every legal set, trick winner and the card points.

>>> k = TarockKernel()                                      # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ._nb import COMPILED, PlayoutKernel, bit_index, deal_hands, new_rng, njit, nth_bit, popcount, rand_below, shuffle

__all__ = ["COMPILED", "TarockKernel", "legal_nb", "winner_nb", "playout_nb", "playouts_nb", "random_deals_nb"]

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


@njit(cache=True)
def winner_nb(rec: np.ndarray, base: int, n: int, colour: bool, kaiser: bool, kaiser_order: bool) -> int:
    """Index (0..n-1) of the card winning the trick ``rec[base:base + n]`` so far: mirror of
    :func:`stammtisch.games.tarock.cards.trick_winner`."""
    first = rec[base]
    if first >= 32 or not colour:
        best, bi = -1, -1
        for i in range(n):
            c = rec[base + i]
            if c > best and c >= 32:
                best, bi = c, i
        if bi >= 0:
            if kaiser and best == SKUES:
                ip, im, isk = -1, -1, -1
                for i in range(n):
                    c = rec[base + i]
                    if c == PAGAT:
                        ip = i
                    elif c == MOND:
                        im = i
                    elif c == SKUES:
                        isk = i
                if ip >= 0 and im >= 0 and (not kaiser_order or im < isk < ip):
                    return ip
            return bi
    led = first >> 3
    best, bi = first, 0
    for i in range(1, n):
        c = rec[base + i]
        if c < 32 and (c >> 3) == led and c > best:
            best, bi = c, i
    return bi


@njit(cache=True)
def legal_nb(hand: int, rec: np.ndarray, base: int, ncur: int, colour: bool, strict: bool, kaiser: bool,
             kaiser_order: bool, birds: int, trick_no: int) -> int:
    """Mirror of :func:`stammtisch.games.tarock.cards.legal_plays` plus the bird-order filter of
    ``TarockDeal._legal_play``. ``rec[base + ncur]`` is used as scratch space (the slot of the card
    about to be played)."""
    if ncur == 0:
        allowed = hand
        if colour and hand & SUIT_ONLY:
            allowed = hand & SUIT_ONLY  # Österreich-Finale 7)
    else:
        led = rec[base]
        if led >= 32:
            allowed = hand & TAROCK_MASK
        else:
            allowed = hand & (np.int64(0xFF) << (8 * (led >> 3)))
        if not allowed:
            allowed = hand & TAROCK_MASK  # Tarockzwang
            if not allowed:
                allowed = hand
    others = hand & TAROCK_MASK & ~(np.int64(1) << PAGAT)
    if strict and (allowed >> PAGAT) & 1 and others:  # the Pagat only as the last tarock
        rest = allowed & ~(np.int64(1) << PAGAT)
        allowed = rest if rest else others
    if strict and ncur:  # Stichzwang: a card that takes the lead of the trick, when one may
        winners = np.int64(0)
        m = allowed
        while m:
            low = m & -m
            rec[base + ncur] = bit_index(low)
            if winner_nb(rec, base, ncur + 1, colour, kaiser, kaiser_order) == ncur:
                winners |= low
            m ^= low
        if winners:
            allowed = winners
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


@njit(cache=True)
def playout_nb(pos: np.ndarray, seed: int, thirds: np.ndarray) -> np.ndarray:
    """Play random legal cards from ``pos`` to the end of the deal and count it.

    ``pos`` is updated in place (hands emptied, the record completed). Returns the ``O_*`` array.
    """
    rng = new_rng(seed)
    colour = pos[P_COLOUR] != 0
    strict = pos[P_STRICT] != 0
    kaiser = pos[P_KAISER] != 0
    korder = pos[P_KAISER_ORDER] != 0
    ncur = pos[P_NCUR]
    done = pos[P_DONE]
    n = done * 4 + ncur
    p = (pos[P_LEADER] + ncur) & 3
    while n < 48:
        hand = pos[P_HANDS + p]
        base = P_REC + n - ncur
        legal = legal_nb(hand, pos, base, ncur, colour, strict, kaiser, korder, pos[P_BIRDS + p], n // 4 + 1)
        c = nth_bit(legal, rand_below(rng, popcount(legal)))
        pos[P_HANDS + p] = hand & ~(np.int64(1) << c)
        pos[P_REC + n] = c
        pos[P_SEAT + n] = p
        n += 1
        ncur += 1
        if ncur == 4:
            w = winner_nb(pos, P_REC + n - 4, 4, colour, kaiser, korder)
            p = pos[P_SEAT + n - 4 + w]
            ncur = 0
        else:
            p = (p + 1) & 3
    pos[P_NCUR] = 0
    pos[P_DONE] = 12
    return score_nb(pos, thirds)


@njit(cache=True)
def score_nb(pos: np.ndarray, thirds: np.ndarray) -> np.ndarray:
    """Count a complete record: cards, thirds and tricks per position, each trick's winner."""
    out = np.zeros(O_SIZE, np.int64)
    colour = pos[P_COLOUR] != 0
    kaiser = pos[P_KAISER] != 0
    korder = pos[P_KAISER_ORDER] != 0
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


class TarockKernel(PlayoutKernel):
    """The kernel bound to the Tarock engine's tables (imported from the game, never copied)."""

    playout_nb, playouts_nb = staticmethod(playout_nb), staticmethod(playouts_nb)  # PlayoutKernel

    def __init__(self) -> None:
        from ...games.tarock import cards
        from ...games.tarock.options import CONTRACTS

        assert (cards.PAGAT, cards.MOND, cards.SKUES, cards.TAROCK_MASK) == (PAGAT, MOND, SKUES, TAROCK_MASK)
        self.cards = cards
        self.contracts = CONTRACTS
        self.thirds = np.asarray(cards.THIRDS, np.int64)
        self.tables = (self.thirds,)
        self.random_deals(1, 0)  # load the compiled code now, not inside a timed decision

    # -- state -> arrays ---------------------------------------------------------------------
    def arrays(self, state: Any) -> np.ndarray:
        """The card-play position of a :class:`~stammtisch.games.tarock.state.TarockDeal` in its
        ``play`` phase as the kernel's flat array (layout ``P_*``)."""
        if state.phase != "play":
            raise ValueError(f"the kernel plays the cards only; the deal is in phase '{state.phase}'")
        from ...games.tarock.cards import BIRDS, TAROCK

        players = list(state.players)
        at = {s: i for i, s in enumerate(players)}
        pos = np.zeros(P_SIZE, np.int64)
        for i, s in enumerate(players):
            pos[P_HANDS + i] = state.hands[s]
        cons = state._constraints()  # the engine's own play constraints for this contract
        pos[P_COLOUR] = cons["colour"]
        pos[P_STRICT] = cons["stichzwang"]
        if cons["stichzwang"] != cons["pagat_last"]:  # pragma: no cover - the engine couples them
            raise ValueError("the kernel couples Stichzwang and the Pagat-last rule, as the engine does")
        pos[P_KAISER] = cons["kaiserstich"]
        pos[P_KAISER_ORDER] = cons["kaiser_order"]
        for name, t in state.premiums.items():
            if name in BIRDS and t.announcer in at:
                pos[P_BIRDS + at[t.announcer]] |= 1 << BIRDS[name][0]
        if state.contract.kind == "trischaken":
            pos[P_TALON_LAST] = state.halves[0] | state.halves[1]
        n = 0
        for tr in state.tricks:
            for s, c in zip(tr["seats"], tr["cards"]):
                pos[P_REC + n], pos[P_SEAT + n] = TAROCK.parse(c), at[s]
                n += 1
        for s, c in state.trick:
            pos[P_REC + n], pos[P_SEAT + n] = c, at[s]
            n += 1
        pos[P_DONE] = len(state.tricks)
        pos[P_NCUR] = len(state.trick)
        pos[P_LEADER] = at[state.trick[0][0]] if state.trick else at[state.turn]
        return pos

    # -- the kernel ----------------------------------------------------------------------------
    def legal(self, pos: np.ndarray, position: int | None = None) -> int:
        """Legal cards (bit set) of the position to play in ``pos`` (not changed)."""
        pos = pos.copy()
        ncur, done = int(pos[P_NCUR]), int(pos[P_DONE])
        p = (int(pos[P_LEADER]) + ncur) & 3 if position is None else position
        return int(legal_nb(pos[P_HANDS + p], pos, P_REC + 4 * done, ncur, bool(pos[P_COLOUR]),
                            bool(pos[P_STRICT]), bool(pos[P_KAISER]), bool(pos[P_KAISER_ORDER]),
                            pos[P_BIRDS + p], done + 1))

    def contract_flags(self, name: str, kaiserstich: bool = False, kaiser_order: bool = False) -> list[int]:
        """The play flags of a contract for :meth:`random_deals`, as ``TarockDeal._constraints`` sets them."""
        c = self.contracts[name]
        return [int(c.colour), int(c.kind != "positive"), int(kaiserstich), int(kaiser_order),
                int(c.declarer_leads), int(c.kind == "trischaken")]

    def random_deals(self, n: int, seed: int = 0, contracts: list[str] | None = None,
                     kaiserstich: bool = False) -> list[int]:
        """Play ``n`` random deals, each with a random contract of ``contracts`` (default: all);
        totals ``[thirds per position (4), tricks per position (4)]``."""
        names = contracts or list(self.contracts)
        flags = np.asarray([self.contract_flags(x, kaiserstich) for x in names], np.int64)
        return [int(x) for x in random_deals_nb(n, seed, flags, self.thirds)]

    # -- settlement ------------------------------------------------------------------------------
    def finish(self, state: Any, pos: np.ndarray) -> Any:
        """Hand the kernel's remaining cards (``pos`` after a playout) to the engine's own trick
        bookkeeping (``TarockDeal._play_card``: partner, ouvert, Trischaken talon, end of the deal),
        without the legality checks the kernel has made; returns ``state``, now over."""
        first = len(state.tricks) * 4 + len(state.trick)
        players = state.players
        for k in range(first, 48):
            state._play_card(players[pos[P_SEAT + k]], int(pos[P_REC + k]))
        return state

    def finish_fast(self, state: Any, pos: np.ndarray, out: np.ndarray) -> Any:
        """As :meth:`finish`, but writing only what the settlement reads, from the kernel's result
        ``out``: the cards and tricks each player won (``out`` counts the whole record, the tricks
        before the playout included; Trischaken's talon too) and the new tricks as the engine
        records them (the bird tricks, König ultimo and Valat are read from them). The rest of the
        state (history, events, hands) is left as it was: fit for :meth:`TarockDeal.settlement`
        only, as the search rollout needs. Tested equal to :meth:`finish`."""
        from ...games.tarock.cards import thirds_of, thirds_to_text

        fmt = self.cards.TAROCK.format
        players = state.players
        for t in range(len(state.tricks), 12):
            cards = [int(pos[P_REC + 4 * t + i]) for i in range(4)]
            seats = [players[pos[P_SEAT + 4 * t + i]] for i in range(4)]
            mask = (1 << cards[0]) | (1 << cards[1]) | (1 << cards[2]) | (1 << cards[3])
            state.tricks.append({"leader": seats[0], "cards": [fmt(c) for c in cards], "seats": seats,
                                 "winner": players[out[O_WINNERS + t]], "points": thirds_to_text(thirds_of(mask)),
                                 "win_card": int(out[O_WIN_CARD + t])})
        for i, s in enumerate(players):
            state.won[s] = int(out[O_WON + i])
            state.won_count[s] = int(out[O_TRICKS + i])
        state.trick = []
        state._end()
        return state

    def rollout(self, state: Any, rng: random.Random) -> Any:
        """Search-bot rollout: random protocol play (as ``CardsFirstRollout``) until the cards are
        played, then the kernel; returns the engine's settlement as a ``DealResult`` (points, lines
        and Kontra money of :meth:`TarockDeal.settlement`, without the summary ``result()`` adds)."""
        from ...core.protocol import DealResult

        while state.phase not in ("play", "over"):
            seat = state.to_act()[0]
            legal = state.legal_actions(seat)
            state.apply(seat, legal[rng.randrange(len(legal))])
        if state.phase == "play":
            pos = self.arrays(state)
            self.finish_fast(state, pos, self.playout_inplace(pos, rng.getrandbits(62)))
        s = state.settlement()
        return DealResult(s.points, s.lines, money=s.money)
