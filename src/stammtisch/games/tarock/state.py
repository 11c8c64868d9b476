"""One Königrufen deal as a state machine: bidding, bird, king call, talon, discard, announcements
and Kontras, play, settlement.

Phases and their action words (``docs/rules/tarock.md`` has the full list):

============ ===============================================================================
bidding      ``vorhand``, ``pass``, ``hold``, ``bid:<contract>`` (Österreich-Finale 3))
bird         ``bird:pagat|uhu|kakadu|quapil`` — the Besserrufer's bird (Österreich-Finale 4))
call         ``call:HK|KK|PK|XK``, ``call:fourth`` (Österreich-Finale 4))
talon        ``talon:0``, ``talon:1``, ``schleifen`` (Österreich-Finale 4))
discard      ``discard:<card>``, one card at a time (Österreich-Finale 7), 10))
announce     ``announce:<premium>``, ``kontra:<target>``, ``rekontra:<target>``, ``subkontra:<target>``,
             ``gut`` (ends the seat's turn; Österreich-Finale 2), 8))
play         a card, e.g. ``T21``, ``HK``
============ ===============================================================================

Seats are numbered in the order of play; Vorhand is ``dealer + 1``. With five players the
dealer sits out and never acts.
"""

from __future__ import annotations

import copy
from typing import Any

from stammtisch.core.bits import BitIds, iter_bits
from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import ActionIdTables, ActionSpace, DealContext, DealResult, FastIdDeal

from .announcements import KONTRA_WORDS, AnnouncementsMixin, _Target
from .bidding import KING_NAMES, BiddingMixin, _card
from .cards import (BIRDS, KING_MASK, PAGAT, TAROCK, TAROCK_MASK, TRULL_MASK, legal_plays, play_rules, suit_of,
                    thirds_of, thirds_to_text, trick_winner)
from .options import CONTRACTS, Contract, TarockOptions
from .outcome import OutcomeMixin
from .scoring import Renonce, renonce_word, settle

__all__ = ["TarockDeal", "BIRD_ORDER", "KING_NAMES", "KONTRA_WORDS"]

BIRD_ORDER = ("quapil", "kakadu", "uhu", "pagat")  # highest first (Österreich-Finale 8))
_NOTATION = TAROCK.notation
#: who acts when, per phase: bidding in turn from the Vorhand (Österreich-Finale 3)); the declarer's bird,
#: call, talon and discard (Österreich-Finale 4)); announcements and "gut" in turn (Österreich-Finale 1),
#: 8)); cards in turn — playing out of turn is "regelwidriges Ausspiel" (Österreich-Finale 10))
_TURN_RULES = {"bidding": "Österreich-Finale 3)", "bird": "Österreich-Finale 4)", "call": "Österreich-Finale 4)",
               "talon": "Österreich-Finale 4)", "discard": "Österreich-Finale 4)",
               "announce": "Österreich-Finale 8)", "play": "Österreich-Finale 10)"}


class _Ids(ActionIdTables):
    """The integer action ids of one options' action space, as the fast path needs them."""

    __slots__ = ("card0", "cards")

    def __init__(self, space: ActionSpace):
        super().__init__(space)
        self.card0 = space.index[TAROCK.format(0)]
        self.cards = BitIds([space.index[TAROCK.format(c)] for c in range(54)])


class TarockDeal(BiddingMixin, AnnouncementsMixin, OutcomeMixin, FastIdDeal):
    """A Königrufen deal. Build it through :class:`~stammtisch.games.tarock.game.TarockGame`."""

    def __init__(self, opts: TarockOptions, ctx: DealContext):
        self.opts = opts
        self.n = opts.players
        self.dealer = ctx.dealer
        # playing seats, Vorhand first; with five players the dealer sits out
        self.players: tuple[int, ...] = tuple((ctx.dealer + 1 + i) % self.n for i in range(4))
        self.hands = [0] * self.n
        for s, h in enumerate(ctx.deal.hands):
            for c in h:
                self.hands[s] |= 1 << c
        self.dealt = list(self.hands)
        talon = ctx.deal.piles.get("talon", ())
        self.halves = (sum(1 << c for c in talon[:3]), sum(1 << c for c in talon[3:]))
        self.phase = "bidding"
        self.turn: int | None = self.players[0]
        # bidding
        self.bid: str | None = None
        self.bidder: int | None = None
        self.passed: set[int] = set()
        self.spoke: set[int] = set()
        self.final_choice = False
        self.passed_on = False
        # contract
        self.contract: Contract | None = None
        self.declarer: int | None = None
        self.bird: str | None = None
        self.called: int | None = None
        self.called_fourth = False
        self.partner: int | None = None
        self.partner_revealed = False
        self.talon_shown = False
        self.taken_half: int | None = None
        self.decl_talon = 0  # talon cards counting for the declarer's side
        self.opp_talon = 0  # talon cards counting for the opponents
        self.discards = 0
        self.discards_public = 0
        self.to_discard = 0
        self.schleifen = False
        # announcements
        self.game_target: _Target | None = None
        self.neg_kontra: dict[int, _Target] = {}
        self.premiums: dict[str, _Target] = {}
        self.ann_done: set[int] = set()
        self.turn_started = False
        # play
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[dict[str, Any]] = []
        self.won = [0] * self.n
        self.won_count = [0] * self.n
        self.leader: int | None = None
        self.open_hand = False
        self.renonces: list[Renonce] = []
        self.claims: list[tuple[int, int]] = []
        self.struck = False
        self.events: list[str] = []
        self.history: list[tuple[int, str, str]] = []  # (seat, action, public form)
        self._result: DealResult | None = None

    # ------------------------------------------------------------------------------------
    # protocol
    # ------------------------------------------------------------------------------------
    id_game, id_tables = "tarock", _Ids  # the integer action API (FastIdDeal)
    _ids: _Ids | None

    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids, from the bit sets (no notation) in the play."""
        if self.phase != "play" or seat != self.turn:
            return super().legal_action_ids(seat)
        return (self._ids or self._id_tables()).cards.of(self._legal_play_mask(seat))

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """Apply by id: a legal card straight onto the bit sets, anything else (and everything
        when ``checked``) through :meth:`apply` and its rule-naming checks."""
        ids, action_id = self._id_call(action_id)
        card = action_id - ids.card0
        if not checked and self.phase == "play" and seat == self.turn and 0 <= card < 54 \
                and self._legal_play_mask(seat) >> card & 1:
            self._play_card(seat, card)
            return
        self.apply(seat, ids.space.action(action_id))

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" or self.turn is None else (self.turn,)

    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == "over" or seat != self.turn:
            return []
        return getattr(self, f"_legal_{self.phase}")(seat)

    def apply(self, seat: int, action: str) -> None:
        if self.phase == "over":
            raise NotYourTurn(Msg("the deal is over: twelve tricks are played (or it ended early)"),
                              rule="Österreich-Finale 1)", seat=seat, action=action)
        if seat != self.turn:
            raise NotYourTurn(Msg("it is seat {seat}'s turn, not seat {seat_b}'s", seat=self.turn, seat_b=seat), rule=_TURN_RULES[self.phase],
                              seat=seat, action=action if isinstance(action, str) else None)
        if not isinstance(action, str):
            # "Bei allen Meldungen ist auf exakte Ansagen zu achten" (Österreich-Finale 1))
            raise IllegalAction(Msg("an action is text, e.g. 'pass', 'bid:dreier', 'T21'"), rule="Österreich-Finale 1)",
                                seat=seat)
        try:
            getattr(self, f"_do_{self.phase}")(seat, action.strip())
        except IllegalAction as e:
            if e.seat is None:
                raise e.located(seat, action) from None
            raise

    def clone(self) -> "TarockDeal":
        new = copy.copy(self)
        for k in ("hands", "dealt", "passed", "spoke", "ann_done", "trick", "tricks", "won", "won_count",
                  "renonces", "claims", "events", "history"):
            setattr(new, k, copy.copy(getattr(self, k)))
        new.premiums = {k: copy.copy(v) for k, v in self.premiums.items()}
        for t in new.premiums.values():
            t.seen = set(t.seen)
        new.neg_kontra = {k: copy.copy(v) for k, v in self.neg_kontra.items()}
        for t in new.neg_kontra.values():
            t.seen = set(t.seen)
        if self.game_target is not None:
            new.game_target = copy.copy(self.game_target)
            new.game_target.seen = set(self.game_target.seen)
        return new

    # ------------------------------------------------------------------------------------
    # helpers
    # ------------------------------------------------------------------------------------
    def _event(self, text: Msg) -> None:
        self.events.append(text)

    def _log(self, seat: int, action: str, public: str | None = None) -> None:
        self.history.append((seat, action, action if public is None else public))

    def _next(self, seat: int) -> int:
        i = self.players.index(seat)
        return self.players[(i + 1) % 4]

    def _order(self) -> tuple[str, ...]:
        return self.opts.contract_order()

    def _refuse_or_detect(self, message: str, rule: str, kind: str, offender: int) -> bool:
        """A Renonce that is a choice: refused online, or detected and settled (``renonce_mode``)."""
        if self.opts.renonce_mode == "refuse":
            raise IllegalAction(message, rule=rule)
        return True

    def _commit_renonce(self, kind: str, offender: int, text: str) -> None:
        self.renonces.append(Renonce(kind, offender))
        self._event(Msg('Renonce ({kind}) by seat {seat}: {text}', kind=renonce_word(kind), seat=offender, text=text))
        self._end()

    # bidding, bird and king call (Österreich-Finale 3), 4)): bidding.py

    # ------------------------------------------------------------------------------------
    # talon and discard (Österreich-Finale 4), 7), 10); pagat.com, Königrufen: the contracts)
    # ------------------------------------------------------------------------------------
    def _after_call(self) -> None:
        c = self.contract
        d = self.declarer
        assert c is not None and d is not None
        if c.talon == "half":
            self.talon_shown = True
            self._event(Msg("talon: {cards} | {cards_2}", cards=TAROCK.format_mask(self.halves[0]),
                            cards_2=TAROCK.format_mask(self.halves[1])))
            self.phase, self.turn = "talon", d
        elif c.talon == "six":
            taken = self.halves[0] | self.halves[1]
            self.hands[d] |= taken
            self.decl_talon = 0
            self.to_discard = 6
            self._event(Msg('seat {seat} takes the six talon cards unseen', seat=d))
            self.phase, self.turn = "discard", d
        elif c.talon == "closed":
            # solos: the talon counts for the opponents; Solorufer: the half with the called king
            # counts for the declarer (pagat.com, Königrufen: Solorufer)
            self.opp_talon = self.halves[0] | self.halves[1]
            if c.calls_king and self.called is not None:
                for h in self.halves:
                    if h >> self.called & 1:
                        self.decl_talon, self.opp_talon = h, self.opp_talon & ~h
            self._start_announce()
        elif c.talon == "unused":
            self._start_announce()
        else:  # Trischaken: no announcements, no Kontra (Österreich-Finale 2), 8))
            self._start_play()

    def _legal_talon(self, seat: int) -> list[str]:
        out = ["talon:0", "talon:1"]
        c = self.contract
        if c is not None and c.calls_king and self.called is not None and self.partner is None and \
                (self.halves[0] | self.halves[1]) >> self.called & 1:
            out.append("schleifen")
        return out

    def _do_talon(self, seat: int, action: str) -> None:
        rule = "Österreich-Finale 4)"
        if action == "schleifen":
            if "schleifen" not in self._legal_talon(seat):
                raise IllegalAction(Msg("schleifen only when the called king lies in the talon"), rule=rule)
            self.schleifen = True
            self._event(Msg('seat {seat} gives up (schleifen): the called king lies in the talon', seat=seat))
            self._log(seat, action)
            self._end()
            return
        if action not in ("talon:0", "talon:1"):
            raise IllegalAction(Msg("choose a talon half: talon:0 or talon:1"), rule="Österreich-Finale 1)")
        i = int(action[-1])
        self.taken_half = i
        self.hands[seat] |= self.halves[i]
        self.opp_talon = self.halves[1 - i]
        self.to_discard = 3
        self._event(Msg("seat {seat} takes talon half {half}: {cards}", seat=seat, half=i,
                        cards=TAROCK.format_mask(self.halves[i])))
        self._log(seat, action)
        self.phase = "discard"

    def _discardable(self, seat: int) -> int:
        """No kings, no Trull cards; tarock only when forced (shown); Farbendreier/Farbensolo: tarock
        first (face down), suit cards only without tarock (Österreich-Finale 7), 10))."""
        hand = self.hands[seat] & ~KING_MASK & ~TRULL_MASK
        suits = hand & ~TAROCK_MASK
        tarock = hand & TAROCK_MASK
        c = self.contract
        if c is not None and c.colour:
            return tarock or suits
        return suits or tarock

    def _legal_discard(self, seat: int) -> list[str]:
        return [f"discard:{t}" for t in TAROCK.format_mask(self._discardable(seat))]

    def _do_discard(self, seat: int, action: str) -> None:
        rule = "Österreich-Finale 10)"
        try:
            card = _card(action[8:]) if action.startswith("discard:") else -1
        except Exception:
            card = -1
        if card < 0 or not self.hands[seat] >> card & 1:
            raise IllegalAction(Msg("discard a card of your hand: discard:<card>"), rule=rule)
        if not self._discardable(seat) >> card & 1:
            if (1 << card) & (KING_MASK | TRULL_MASK):
                raise IllegalAction(Msg("kings and Trull cards may not be discarded"), rule=rule)
            if self.contract is not None and self.contract.colour:
                raise IllegalAction(Msg("in colour games tarock are discarded first"), rule="Österreich-Finale 7)")
            raise IllegalAction(Msg("tarock may be discarded only when no other card can be"), rule=rule)
        self.hands[seat] &= ~(1 << card)
        self.discards |= 1 << card
        colour = self.contract is not None and self.contract.colour
        public = (card >= 32) != colour  # tarock shown; in colour games suit cards open, tarock face down
        if public:
            self.discards_public |= 1 << card
            self._event(Msg('seat {seat} discards {card} (open)', seat=seat, card=TAROCK.format(card)))
        self._log(seat, action, action if public else "discard:?")
        self.to_discard -= 1
        if self.to_discard == 0:
            self._start_announce()

    # announcements and Kontra (Österreich-Finale 2), 8); Tiroler Cup, Abrechnung): announcements.py

    # ------------------------------------------------------------------------------------
    # play (Österreich-Finale 5), 6), 7))
    # ------------------------------------------------------------------------------------
    def _start_play(self) -> None:
        c = self.contract
        assert c is not None
        self.phase = "play"
        self.leader = self.declarer if c.declarer_leads else self.players[0]
        self.turn = self.leader
        self._event(Msg("ich liege") if c.kind != "trischaken" else Msg("Trischaken: Vorhand leads"))

    def _constraints(self) -> dict[str, bool]:
        cons = self.__dict__.get("_cons")
        if cons is None:
            c = self.contract
            assert c is not None
            cons = play_rules(self.opts, c)
            self._cons = cons
        return cons

    def _playable(self, seat: int) -> int:
        return legal_plays(self.hands[seat], [card for _, card in self.trick], **self._constraints())

    def _bird_order_breach(self, seat: int, card: int, allowed: int) -> bool:
        """An announced bird given up before its trick while a higher announced bird could have been
        given up instead (Österreich-Finale 8); Tiroler Cup, Paragrafen)."""
        if not PAGAT <= card <= PAGAT + 3 or not self.premiums:
            return False
        trick_no = len(self.tricks) + 1
        mine = [b for b in BIRD_ORDER if b in self.premiums and self.premiums[b].announcer == seat]
        name = next((b for b in mine if BIRDS[b][0] == card), None)
        if name is None or BIRDS[name][1] == trick_no:
            return False
        higher = [b for b in mine[:mine.index(name)] if BIRDS[b][1] != trick_no]
        return any(allowed >> BIRDS[b][0] & 1 for b in higher)

    def _playable_cached(self, seat: int) -> int:
        """``_playable`` memoised for the current position (speed: legal_actions and apply both ask;
        the key changes with every applied action, and a refused action changes nothing)."""
        key = (len(self.history), seat)
        cached = self.__dict__.get("_play_cache")
        if cached is not None and cached[0] == key:
            return cached[1]
        allowed = self._playable(seat)
        self._play_cache = (key, allowed)
        return allowed

    def _legal_play(self, seat: int) -> list[str]:
        return TAROCK.format_mask(self._legal_play_mask(seat))

    def _legal_play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play: the rules' playable cards, less an announced bird given
        up out of order (Österreich-Finale 8))."""
        key = (len(self.history), seat)
        cached = self.__dict__.get("_mask_cache")
        if cached is not None and cached[0] == key:  # memoised like _playable_cached
            return cached[1]
        allowed = self._playable_cached(seat)
        birds = allowed & (0b1111 << PAGAT)
        premiums = self.premiums
        if premiums and birds:
            # a breach needs the bird and a higher one, both announced by the seat, both playable
            birds &= sum(1 << BIRDS[b][0] for b in BIRD_ORDER if b in premiums and premiums[b].announcer == seat)
        else:
            birds = 0
        if birds & (birds - 1):
            for card in iter_bits(birds):
                if self._bird_order_breach(seat, card, allowed):
                    allowed &= ~(1 << card)
        self._mask_cache = (key, allowed)
        return allowed

    def _do_play(self, seat: int, action: str) -> None:
        try:
            card = _card(action)
        except Exception:
            raise IllegalAction(Msg("'{action}' is no Tarock card (H4..HK, K4..KK, P7..PK, X7..XK, T1..T22)", action=action),
                                rule="Österreich-Finale 1)") from None
        if not self.hands[seat] >> card & 1:
            raise IllegalAction(Msg('{card} is not in your hand', card=TAROCK.format(card)), rule="Österreich-Finale 10)")
        allowed = self._playable_cached(seat)
        if not allowed >> card & 1:
            raise IllegalAction(self._why_not(seat, card), rule=self._why_rule())
        if self._bird_order_breach(seat, card, allowed):
            self._refuse_or_detect(Msg("announced birds are given up highest first"), "Österreich-Finale 8)",
                                   "vogel_reihenfolge", seat)
            self._play_card(seat, card)
            if self.phase != "over":
                self._commit_renonce("vogel_reihenfolge", seat, Msg("announced bird given up out of order"))
            return
        self._play_card(seat, card)

    def _why_not(self, seat: int, card: int) -> Msg:
        c = self.contract
        assert c is not None
        hand = self.hands[seat]
        if not self.trick:
            if c.colour and card >= 32:
                return Msg("in colour games tarock may be led only without any suit card")
            return Msg("the Pagat only as the last tarock")
        led = suit_of(self.trick[0][1])
        if hand & (0xFF << (8 * led) if led < 4 else TAROCK_MASK) and suit_of(card) != led:
            return Msg("follow suit (Farbzwang)") if led < 4 else Msg("tarock must be followed with tarock")
        if suit_of(card) != 4 and hand & TAROCK_MASK and suit_of(card) != led:
            return Msg("without the led suit a tarock must be played (Tarockzwang)")
        if card == PAGAT:
            return Msg("the Pagat only as the last tarock")
        return Msg("a card that takes the trick must be played (Stichzwang)")

    def _why_rule(self) -> str:
        c = self.contract
        assert c is not None
        if c.kind == "trischaken":
            return "Österreich-Finale 5)"
        if c.negative:
            return "Österreich-Finale 6)"
        if c.colour:
            return "Österreich-Finale 7)"
        return "Österreich-Finale 10)"

    def _play_card(self, seat: int, card: int) -> None:
        self.hands[seat] &= ~(1 << card)
        self.trick.append((seat, card))
        note = _NOTATION[card]
        self.history.append((seat, note, note))  # = self._log(seat, note), inlined (every card)
        if card == self.called and not self.partner_revealed:
            self.partner_revealed = True
            self._event(Msg("seat {seat} plays the called king", seat=seat))
        if len(self.trick) < 4:
            players = self.players
            self.turn = players[(players.index(seat) + 1) % 4]  # = self._next(seat)
            return
        cards = [cd for _, cd in self.trick]
        c = self.contract
        assert c is not None
        w = trick_winner(cards, c.colour, self.opts.kaiserstich, self.opts.kaiserstich_order)
        winner = self.trick[w][0]
        mask = 1 << cards[0] | 1 << cards[1] | 1 << cards[2] | 1 << cards[3]
        self.won[winner] |= mask
        self.won_count[winner] += 1
        self.tricks.append({"leader": self.trick[0][0], "cards": [_NOTATION[cd] for cd in cards],
                            "seats": [s for s, _ in self.trick], "winner": winner,
                            "points": thirds_to_text(thirds_of(mask)), "win_card": cards[w]})
        self.trick = []
        if c.ouvert and len(self.tricks) == 1:
            self.open_hand = True
            self._event(Msg('seat {seat} lays the cards open', seat=self.declarer))
        if len(self.tricks) == 12:
            if c.kind == "trischaken":
                self.won[winner] |= self.halves[0] | self.halves[1]
            self._end()
            return
        self.turn = winner

    # ------------------------------------------------------------------------------------
    # end and settlement (the outcome of the deal: outcome.py)
    # ------------------------------------------------------------------------------------
    def _end(self) -> None:
        self.phase = "over"
        self.turn = None
        self._result = None

    def declare_renonce(self, kind: str, offender: int, claims: tuple[tuple[int, int], ...] = ()) -> None:
        """A referee's ruling: ``offender`` committed a Renonce of ``kind`` (Österreich-Finale 10)).

        Ends the deal (if it is still running) and settles it as a Renonce. Two calls name two offenders.

        :raises IllegalAction: for an unknown seat
        """
        if not 0 <= offender < self.n:
            raise IllegalAction(Msg('there is no seat {seatno}', seatno=offender), rule="Österreich-Finale 10)")
        if offender not in self.players and self.n != 5:
            raise IllegalAction(Msg("only a player commits a Renonce"), rule="Österreich-Finale 10)")
        if len({r.offender for r in self.renonces} | {offender}) > 2:
            raise IllegalAction(Msg("the sheets settle at most two Renonce offenders"), rule="Tiroler Cup, Abrechnung")
        if self.contract is None:
            # before the contract is fixed the deal is scored as the bid so far (or Rufer by the Vorhand)
            self.contract = CONTRACTS[self.bid or "rufer"]
            self.declarer = self.bidder if self.bidder is not None else self.players[0]
        self.renonces.append(Renonce(kind, offender))
        self.claims.extend(claims)
        self._event(Msg('referee: Renonce ({kind}) by seat {seat}', kind=renonce_word(kind), seat=offender))
        self._end()

    def strike(self) -> None:
        """The row cannot be cleared: struck, 0 for all (Österreich-Finale 1)); Tiroler Cup, Abrechnung)."""
        if self.contract is None:
            self.contract = CONTRACTS[self.bid or "rufer"]
            self.declarer = self.bidder if self.bidder is not None else self.players[0]
        self.struck = True
        self._end()

    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalAction(Msg("the deal is not over yet"))
        if self._result is None:
            out = self.outcome()
            s = settle(self.opts, out)  # = self.settlement(), on the one outcome
            summary = {
                "contract": self.contract.name if self.contract else None,
                "declarer": self.declarer, "partner": out.partner, "won": s.won,
                "tricks": [{k: v for k, v in tr.items() if k != "win_card"} for tr in self.tricks],
                "talon": TAROCK.format_mask(self.halves[0] | self.halves[1]),
                "outcome": out.to_json(),
            }
            self._result = DealResult(s.points, s.lines, money=s.money, summary=summary)
        return self._result

    # ------------------------------------------------------------------------------------
    # views
    # ------------------------------------------------------------------------------------
    def _public(self) -> dict[str, Any]:
        c = self.contract
        v: dict[str, Any] = {
            "phase": self.phase,
            "players": list(self.players),
            "dealer": self.dealer,
            "turn": self.turn,
            "bid": self.bid,
            "bidder": self.bidder,
            "passed": sorted(self.passed),
            "contract": c.name if c else None,
            "declarer": self.declarer,
            "called": ("fourth" if self.called_fourth and not self.partner_revealed and not self._king_in_open_talon()
                       else (TAROCK.format(self.called) if self.called is not None else None)),
            "partner": self.partner if self.partner_revealed else None,
            "bird": self.bird,
            "talon": ([TAROCK.format_mask(h) for h in self.halves] if self.talon_shown else None),
            "taken_half": self.taken_half,
            "discards_open": TAROCK.format_mask(self.discards_public),
            "to_discard": self.to_discard,
            "announcements": {name: {"announcer": t.announcer, "kontra": t.level}
                              for name, t in self.premiums.items()},
            "game_kontra": (self.game_target.level if self.game_target else 0),
            "kontras": {str(s): t.level for s, t in self.neg_kontra.items()},
            "trick": [[s, TAROCK.format(cd)] for s, cd in self.trick],
            "last_trick": ([[s, cd] for s, cd in zip(self.tricks[-1]["seats"], self.tricks[-1]["cards"])]
                           if self.tricks else []),
            # the last trick may be looked at (Österreich-Finale 1)), and so may who took it
            "last_winner": self.tricks[-1]["winner"] if self.tricks else None,
            "tricks": [{k: v for k, v in tr.items() if k != "win_card"} for tr in self.tricks],
            "tricks_won": list(self.won_count),
            "hand_sizes": [bin(h).count("1") for h in self.hands],
            "open_hand": (TAROCK.format_mask(self.hands[self.declarer])
                          if self.open_hand and self.declarer is not None else None),
            "events": list(self.events),
            "history": [[s, pub] for s, _, pub in self.history],
            "renonces": [r.to_json() for r in self.renonces],
        }
        if self.phase == "over":
            v["result"] = self.result().to_json()
        return v

    def _king_in_open_talon(self) -> bool:
        """The called king lies in the talon everybody has seen (then "the fourth king" is no secret)."""
        return self.talon_shown and self.called is not None and bool((self.halves[0] | self.halves[1])
                                                                      >> self.called & 1)

    def public_view(self) -> dict[str, Any]:
        return self._public()

    def view(self, seat: int) -> dict[str, Any]:
        v = self._public()
        v["seat"] = seat
        v["hand"] = TAROCK.format_mask(self.hands[seat])
        v["hand_dealt"] = TAROCK.format_mask(self.dealt[seat])
        if seat == self.declarer:
            v["discards"] = TAROCK.format_mask(self.discards)
            v["history"] = [[s, a] for s, a, _ in self.history]
            if self.contract is not None and self.contract.talon == "six":
                v["talon_seen"] = TAROCK.format_mask(self.halves[0] | self.halves[1])
        if self.called is not None and self.partner == seat:
            v["partner"] = seat  # the holder of the called king knows he is the partner
            v["called"] = TAROCK.format(self.called)
        if self.called is not None and seat == self.declarer:
            v["called"] = TAROCK.format(self.called)
        opponents = self.ouvert_opponents()
        if seat in opponents:
            v["channels"] = {"opponents": opponents}
        return v

    def ouvert_opponents(self) -> list[int]:
        """The seats that may confer during an ouvert game (Zwiccolo, Piccolo, Bettel ouvert): the
        opponents of the declarer, never the declarer. Tiroler Cup, Ouvertspiele: "Wenn die Ouvertspiele
        mit Reden gespielt werden, dürfen sich die Gegenspieler beraten"; played *ohne Reden* they may
        not — that is a setting of the table, applied by the server, which opens the channel declared
        here (``view(seat)["channels"]``) only when the table plays *mit Reden* (docs/server.md).
        Open from the first card of the play until the deal ends; empty otherwise."""
        c = self.contract
        if c is None or not c.ouvert or self.declarer is None or self.phase != "play":
            return []
        return sorted(s for s in self.players if s != self.declarer)
