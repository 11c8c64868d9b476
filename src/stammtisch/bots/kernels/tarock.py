"""A compiled playout kernel for Königrufen Tarock (Numba, extra ``fast``).

The kernel plays the card phase of a deal with uniformly random legal cards, for every contract
of both profiles: it compiles the engine's card-play functions (:mod:`stammtisch.games.tarock.cardplay`,
one copy of the rules, behind :func:`stammtisch.games.tarock.cards.legal_plays` and
:func:`~stammtisch.games.tarock.cards.trick_winner`) — Farbzwang, then Tarockzwang
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

For the PIMC search (:mod:`stammtisch.bots.pimc`) the kernel also has a playout *policy*,
:func:`policy_nb`: the rule player's card play (``TarockRuleBot._play``) compiled, from what that
player's view shows, with a share ``epsilon`` of random moves; and :meth:`TarockKernel.card_values`
/ :meth:`TarockKernel.word_values`, which play policy playouts and settle them in compiled code
(:mod:`.tarock_settle`). ``tests/bots/test_tarock_kernel_values.py`` checks the policy against the rule
player and the settlement against the engine.

>>> k = TarockKernel()                                      # doctest: +SKIP
>>> k.random_deals(100_000, seed=1)                         # doctest: +SKIP
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np

from ._nb import COMPILED, PlayoutKernel
from .tarock_play import (  # the compiled play, also read here by tests and benchmarks
    C_CALLED,
    C_DECL,
    C_EPS,
    C_KIND,
    C_NEED,
    C_PARTNER,
    C_SIZE,
    MOND,
    O_SIZE,
    O_THIRDS,
    O_TRICKS,
    O_WINNERS,
    O_WIN_CARD,
    O_WON,
    PAGAT,
    P_BIRDS,
    P_COLOUR,
    P_DONE,
    P_HANDS,
    P_KAISER,
    P_KAISER_ORDER,
    P_LEADER,
    P_NCUR,
    P_REC,
    P_SEAT,
    P_SIZE,
    P_STRICT,
    P_TALON_LAST,
    SKUES,
    TAROCK_MASK,
    legal_nb,
    playout_nb,
    playouts_nb,
    policy_nb,
    policy_playout_nb,
    random_deals_nb,
    score_nb,
    winner_nb,
)
from .tarock_settle import settle_nb, settle_spec, values_nb

__all__ = ["COMPILED", "TarockKernel", "legal_nb", "winner_nb", "playout_nb", "playouts_nb", "random_deals_nb",
           "score_nb", "policy_nb", "policy_playout_nb", "PAGAT", "MOND", "SKUES", "TAROCK_MASK",
           "P_HANDS", "P_COLOUR", "P_STRICT", "P_KAISER", "P_KAISER_ORDER", "P_LEADER", "P_NCUR", "P_DONE", "P_BIRDS",
           "P_TALON_LAST", "P_REC", "P_SEAT", "P_SIZE", "O_WON", "O_THIRDS", "O_TRICKS", "O_WINNERS", "O_WIN_CARD",
           "O_SIZE", "C_KIND", "C_DECL", "C_PARTNER", "C_CALLED", "C_NEED", "C_EPS", "C_SIZE"]


class TarockKernel(PlayoutKernel):
    """The kernel bound to the Tarock engine's tables (imported from the game, never copied)."""

    playout_nb, playouts_nb = staticmethod(playout_nb), staticmethod(playouts_nb)  # PlayoutKernel

    @classmethod
    def for_options(cls, options: Any) -> TarockKernel:
        """The kernel reads every rule from the state: one kernel for all options."""
        return cls()

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

    # -- search values (the PIMC driver, bots/pimc.py) ----------------------------------------------
    #: share of playout moves played at random instead of by the policy, in the playouts that
    #: value cards (:meth:`card_values`) and words (:meth:`word_values`); arena-tuned, docs/bots.md
    epsilon = 0.1
    word_epsilon = 0.1
    #: default playouts per candidate per determinization
    pimc_playouts = 8
    #: the phases whose words :meth:`word_values` values (the others go to the rule player)
    word_phases = frozenset({"bidding", "bird", "call", "talon", "discard", "announce"})

    def policy_ctx(self, state: Any, epsilon: float | None = None) -> np.ndarray:
        """The playout policy's facts of a deal in its play phase (layout ``C_*``)."""
        at = {s: i for i, s in enumerate(state.players)}
        c = state.contract
        ctx = np.zeros(C_SIZE, np.int64)
        ctx[C_KIND] = {"positive": 0, "negative": 1, "trischaken": 2}[c.kind]
        ctx[C_DECL] = at.get(state.declarer, -1) if c.kind != "trischaken" else -1
        partner = state.partner if c.calls_king else None
        ctx[C_PARTNER] = at[partner] if partner is not None else -1
        ctx[C_CALLED] = state.called if state.called is not None else -1
        ctx[C_NEED] = c.tricks
        ctx[C_EPS] = round(1000 * (self.epsilon if epsilon is None else epsilon))
        return ctx

    def card_values(self, state: Any, seat: int, cards: Any, playouts: int, seed: int,
                    epsilon: float | None = None) -> list[float]:
        """Mean reward of ``seat`` (``bots.common.reward``, points) per card of ``cards`` over
        ``playouts`` policy playouts of the determinized deal ``state`` (not changed), each
        settled in compiled code (:mod:`.tarock_settle`). One compiled call."""
        if state.turn != seat:
            raise ValueError(f"it is seat {state.turn}'s turn, not seat {seat}'s")
        parse = self.cards.TAROCK.parse
        cands = np.asarray([parse(c) for c in cards], np.int64)
        hand = state.hands[seat]
        for c, text in zip(cands, cards):
            if not hand >> int(c) & 1:
                raise ValueError(f"{text} is not in seat {seat}'s hand")
        pos = self.arrays(state)
        return [float(v) for v in values_nb(pos, settle_spec(state), self.policy_ctx(state, epsilon), cands,
                                            int(playouts), int(seed) & ((1 << 62) - 1), self.thirds, seat)]

    def play_value(self, state: Any, seat: int, playouts: int, seed: int, epsilon: float | None = None) -> float:
        """Mean reward of ``seat`` over ``playouts`` policy playouts from ``state`` (its play phase)."""
        pos = self.arrays(state)
        return float(values_nb(pos, settle_spec(state), self.policy_ctx(state, epsilon), np.full(1, -1, np.int64),
                               int(playouts), int(seed) & ((1 << 62) - 1), self.thirds, seat)[0])

    def settle_points(self, state: Any, pos: np.ndarray, out: np.ndarray) -> tuple[int, ...]:
        """The compiled settlement's points of a deal played out from ``state`` to ``pos``/``out``."""
        return tuple(int(x) for x in settle_nb(settle_spec(state), pos, out, self.thirds))

    def word_values(self, state: Any, seat: int, words: Any, playouts: int, seed: int) -> list[float | None]:
        """Mean reward of saying each word (bids in the bidding, announcements and Kontras):
        the word is applied to a copy of the determinized deal, the rule player says every
        later word of every seat (talon, discards, announcements), then ``playouts`` policy
        playouts settle it. ``None`` for words of other phases (bird, call, talon, discard:
        the rule player's) and words the deal refuses."""
        from ...core.errors import StammtischError
        from ...core.protocol import Turn
        from ...games.tarock.bot import TarockRuleBot

        if state.phase not in self.word_phases or state.turn != seat:
            return [None] * len(words)
        bot = TarockRuleBot()
        rng = random.Random(seed)
        out: list[float | None] = []
        for k, w in enumerate(words):
            s2 = state.clone()
            try:
                s2.apply(seat, w)
            except StammtischError:
                out.append(None)
                continue
            while s2.phase not in ("play", "over"):
                who = s2.to_act()[0]
                legal = s2.legal_actions(who)
                a = legal[0] if len(legal) == 1 else bot.choose(Turn(who, legal, lambda w=who: s2.view(w)), rng)
                s2.apply(who, a)
            if s2.phase == "over":
                pts = s2.settlement().points
                others = (sum(pts) - pts[seat]) / (len(pts) - 1)
                out.append(float(pts[seat] - others))
            else:
                out.append(self.play_value(s2, seat, playouts, seed * 31 + k, self.word_epsilon))
        return out

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
