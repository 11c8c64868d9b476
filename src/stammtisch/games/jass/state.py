"""The state of one Schieber deal: trump choice, card play, Weis, Stöck, Bedanken, Rest.

String actions (``apply``) for records, people and the server, and an integer fast path
(:meth:`JassDeal.legal_mask`, :meth:`JassDeal.play_card`, :meth:`JassDeal.choose`) for bots
and simulations. ``apply`` validates fully, then calls the fast path.

Actions (``docs/rules/jass.md``):

=====================  =====================================================================
``trump:<mode>``       name the mode: ``trump:E`` ``trump:obenabe`` ``trump:slalom-unten`` ... (§23, §25)
``schieben``           leave the choice to the partner (§25; back again with §24.1)
``E6`` ... ``RA``      play a card
``weis`` / ``weis:X``  declare all your Weis / the Weis ``X`` (``E8-E10+4U``) with the first card (§29)
``stöck``              show the Stöck (§29.3; ``stoeck`` is accepted too)
``rest``               claim all remaining tricks (§17)
``bedanken``           thank yourselves out, by any seat at any time (§2)
=====================  =====================================================================

>>> from stammtisch.games.jass import GAME
>>> m = GAME.new_match(seed=3, max_deals=1)
>>> d = m.deal_state
>>> d.phase, d.to_act() == (d.vorhand,)
('trump', True)
"""

from __future__ import annotations

from typing import Any

from ...core.bits import BitIds, bit_list, mask_of
from ...core.cards import JASS
from ...core.errors import BadNotation, IllegalAction, NotYourTurn
from ...core.messages import Msg
from ...core.protocol import ActionIdTables, ActionSpace, DealContext, DealResult, FastIdDeal, Line
from .modes import (KING, MODES, OBER, POINTS, STRENGTH, SUIT_MASK, SUIT_OF, SUITS, TM_TUTTI, Mode, base_choices,
                    drei_mal_drei_choices)
from .options import JassOptions
from .play import CHUNKS, cards_of
from .scoring import LAST_TRICK_BONUS, MATCH_BONUS, TEAM_WORDS, TrickStep, bedanken, first_out, half_in_time, score_deal
from .weis import WeisItem, all_weis, best_key, check_declaration, parse_weis

__all__ = ["JassDeal", "R"]

R = "Papagei-Jass "  # citation prefix
STOECK_WORDS = ("stöck", "stoeck", "stock", "stöcke")
NOTATION = JASS.notation
#: every card of a suit but its Under (§26)
NOT_BUUR = tuple(SUIT_MASK[t] & ~(1 << (t * 9 + 5)) for t in range(4))
#: for a trump card: the trumps of its suit that rank below it (§27)
LOWER_TRUMPS = tuple(
    sum(1 << d for d in range(36) if d // 9 == c // 9 and STRENGTH[(c // 9) * 144 + (c // 9) * 36 + d]
        < STRENGTH[(c // 9) * 144 + (c // 9) * 36 + c])
    for c in range(36))
#: ``BEATEN_BY[tm * 36 + x]``: the cards that beat card ``x`` led in trick mode ``tm`` (§17's test)
BEATEN_BY = tuple(
    sum(1 << y for y in range(36) if STRENGTH[(tm * 4 + x // 9) * 36 + y] > STRENGTH[(tm * 4 + x // 9) * 36 + x])
    for tm in range(7) for x in range(36))


#: per sequence of trick modes (a mode's ``tricks``), the distinct modes from trick k on, for k = 0..8
_MODES_FROM = {m.tricks: tuple(tuple(sorted(set(m.tricks[k:]))) for k in range(9)) for m in MODES.values()}


class _Ids(ActionIdTables):
    """The integer action ids of one options' action space, as the fast path needs them."""

    __slots__ = ("cards", "card0", "weis", "weis_items", "stoeck", "rest", "bedanken", "trump")

    def __init__(self, space: ActionSpace):
        super().__init__(space)
        idx = space.index
        self.card0 = idx[NOTATION[0]]
        self.cards = BitIds([idx[NOTATION[c]] for c in range(36)])
        self.weis = idx.get("weis")
        self.weis_items = {parse_weis(a[5:])[0]: i for a, i in idx.items() if a.startswith("weis:")}
        self.stoeck, self.rest, self.bedanken = idx["stöck"], idx["rest"], idx["bedanken"]
        #: per number of pushes, the ids of :meth:`JassDeal._trump_words` and the mode each names
        self.trump: dict[int, tuple[list[int], dict[int, str | None]]] = {}


class JassDeal(FastIdDeal):
    """One Schieber deal. Seats ``0..3`` in the order of play (counter-clockwise, §21);
    teams are seats 0+2 (``Team 1/3``) and 1+3 (``Team 2/4``)."""

    id_game, id_tables = "jass", _Ids  # the integer action API (FastIdDeal)
    _ids: _Ids | None

    def __init__(self, options: JassOptions, ctx: DealContext):
        self._setup(options, ctx.number, ctx.dealer, [mask_of(h) for h in ctx.deal.hands],
                    tuple(ctx.standing) if ctx.standing else (0, 0))

    @classmethod
    def from_masks(cls, options: JassOptions, hands: list[int], dealer: int,
                   standing: tuple[int, int] = (0, 0)) -> "JassDeal":
        """A deal from four hand bit sets (fast path for simulations and search)."""
        obj = cls.__new__(cls)
        obj._setup(options, 0, dealer, list(hands), standing)
        return obj

    def _setup(self, options: JassOptions, number: int, dealer: int, hands: list[int],
               standing: tuple[int, ...]) -> None:
        self.opts = options
        self.number = number
        self.dealer = dealer
        self.vorhand = (dealer + 1) % 4
        self.hands = hands
        self.dealt = tuple(hands)
        self.standing = standing
        self.points_table = POINTS[options.undenufe_eleven]
        self.phase = "trump"
        self.chooser = self.vorhand
        self.pushed = 0  # 1 geschoben, 2 zurückgeschoben (§24.1)
        self.mode: Mode | None = None
        self.declarer: int | None = None
        self.tm = 0
        self.no_under = True
        self.trick: list[int] = []
        self.leader = self.vorhand
        self.turn = self.vorhand
        self.trick_no = 0
        self.history: list[tuple[int, tuple[int, ...], int, int]] = []
        self.card_points = [0, 0]
        self.tricks_won = [0, 0]
        self.weis_decl: dict[int, list[WeisItem]] = {}
        self.weis_order: list[int] = []
        self.weis_team: int | None = None
        self.weis_points = [0, 0]
        self.stoeck_seat: int | None = None
        self.stoeck_declared = False
        self.stoeck_points = [0, 0]
        self._stoeck_pending = [0, 0]
        self._stoeck_at: dict[int, tuple[int, ...]] = {}
        self._rest_step: TrickStep | None = None
        #: the steps as counted when a team thanked (held Stöck included, §29.3), for §18
        self._end_steps: list[TrickStep] | None = None
        self.end: dict[str, Any] | None = None
        self.events: list[str] = []
        # cache (no information of its own): every seat's Weis, a function of its dealt hand
        self._all_weis: dict[int, list[WeisItem]] = {}
        self._legal_at: tuple[int, int, int] | None = None  # (seat, hand, its legal cards) last listed

    # ------------------------------------------------------------------------------
    # fast integer path
    # ------------------------------------------------------------------------------
    def legal_mask(self) -> int:
        """Bit set of the cards the seat to play may play now (play phase only).

        The same rules as :func:`play.legal_mask` (§15, §26, §27), using what
        :meth:`play_card` tracks about the trick (led suit, best card so far)."""
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        led = self._led
        follow = hand & SUIT_MASK[led]
        tm = self.tm
        if tm == 4 or tm == 5:
            return follow or hand
        trump = tm if tm < 4 else led
        if led == trump:
            return follow if follow & NOT_BUUR[trump] else hand
        trumps = hand & SUIT_MASK[trump]
        legal = (follow | trumps) if follow else hand
        if self._best >= 20 and trumps and trumps != hand and self.no_under:
            legal &= ~LOWER_TRUMPS[self._bestcard]
        return legal

    def playout(self, rng: Any) -> None:
        """Finish the deal with uniformly random legal cards (rollouts for search bots)."""
        rnd = rng.random
        play, legal = self.play_card, self.legal_mask
        c0, c1, c2, c3 = CHUNKS
        while self.phase == "play":
            mask = legal() if self.trick else self.hands[self.turn]
            cs = c0[mask & 511] + c1[mask >> 9 & 511] + c2[mask >> 18 & 511] + c3[mask >> 27 & 511]
            play(cs[int(rnd() * len(cs))])

    def legal_cards(self) -> tuple[int, ...]:
        """The legal cards of the seat to play as card indices (fast path)."""
        return cards_of(self.legal_mask())

    def choose(self, mode: str | None) -> None:
        """Name ``mode`` (a :data:`MODES` name) or push with ``None``; no validation."""
        if mode is None:
            self.pushed += 1
            if self.pushed == 1:
                self.chooser = (self.vorhand + 2) % 4
                self.events.append(Msg('seat {seat} schiebt', seat=self.vorhand))
            else:
                self.chooser = self.vorhand
                self.events.append(Msg('seat {seat} schiebt zurück: Drei mal Drei', seat=(self.vorhand + 2) % 4))
            return
        m = MODES[mode]
        self.mode = m
        self.declarer = self.chooser
        self.phase = "play"
        self.tm = m.tricks[0]
        self.no_under = not m.misere
        self.events.append(Msg("seat {seat}: {mode}", seat=self.chooser, mode=m.title))
        # §29.3 "König - Ober vom Trumpf bilden die Stöcke": every mode with a trump suit but Misere
        # (§24.5: no Weis, no Stöck); Drei mal Drei too unless the table says otherwise
        if m.trump is not None and not m.misere and (self.opts.stoeck_drei_mal_drei or not mode.startswith("3x3")):
            k, o = 1 << (m.trump * 9 + KING), 1 << (m.trump * 9 + OBER)
            for s in range(4):
                if self.hands[s] & k and self.hands[s] & o:
                    self.stoeck_seat = s

    def play_card(self, card: int) -> None:
        """Play ``card`` for the seat to play; no validation (use :meth:`legal_mask`)."""
        seat = self.turn
        self.hands[seat] ^= 1 << card
        trick = self.trick
        trick.append(card)
        if len(trick) == 1:
            led = card // 9
            if self.mode.multiplier == 0:  # Tutti: the first suit led counts (§24.6)
                self.mode = MODES[f"tutti:{SUITS[led]}"]
            self._sbase = sb = (self.tm * 4 + led) * 36
            self._pbase = pb = (self.mode.tricks[0] * 4 + led) * 36  # §24.3, §24.4: counted as the first
            self._best = STRENGTH[sb + card]
            self._bestcard = card
            self._led = led
            self._win = seat
            self._tpts = self.points_table[pb + card]
            self.turn = (seat + 1) & 3
            return
        v = STRENGTH[self._sbase + card]
        if v > self._best:
            self._best = v
            self._bestcard = card
            self._win = seat
        self._tpts += self.points_table[self._pbase + card]
        if len(trick) < 4:
            self.turn = (seat + 1) & 3
            return
        winner = self._win
        pts = self._tpts
        if self.trick_no == 8:
            pts += LAST_TRICK_BONUS  # §11
        team = winner & 1
        self.card_points[team] += pts
        self.tricks_won[team] += 1
        self.history.append((self.leader, tuple(trick), winner, pts))
        if self.trick_no == 0 and self.weis_decl:
            self._resolve_weis()
        if self._stoeck_pending[0] or self._stoeck_pending[1]:
            self._stoeck_at[self.trick_no] = tuple(self._stoeck_pending)
            self._stoeck_pending = [0, 0]
        self.trick = []
        self.leader = self.turn = winner
        self.trick_no += 1
        if self.trick_no == 9:
            self.phase = "over"
        else:
            self.tm = self.mode.tricks[self.trick_no]

    @property
    def played(self) -> list[int]:
        """Bit set of the cards each seat has played so far."""
        return [d & ~h for d, h in zip(self.dealt, self.hands)]

    @property
    def steps(self) -> list[TrickStep]:
        """What every finished trick added, for the Ausmachregel (built on demand)."""
        out = []
        won = [0, 0]
        mis = self.mode is not None and self.mode.misere
        for k, (_, _, winner, pts) in enumerate(self.history):
            team = winner & 1
            won[team] += 1
            if k == 8 and won[team] == 9:
                pts += MATCH_BONUS
            weis = (self.weis_points[0], self.weis_points[1]) if k == 0 else (0, 0)
            out.append(TrickStep(self._stoeck_at.get(k, (0, 0)), 1 - team if mis else team, pts, weis))
        if self._rest_step is not None:
            out.append(self._rest_step)
        return out

    def _resolve_weis(self) -> None:
        """§29: the best single Weis wins; its side writes all its Weis (ties §29.2)."""
        m = self.mode
        best = None
        for order, seat in enumerate(self.weis_order):
            for it in self.weis_decl[seat]:
                key = best_key(it, m.trump, m.first_down) + (-order,)
                if best is None or key > best[0]:
                    best = (key, seat)
        if best is None:
            return
        team = best[1] & 1
        self.weis_team = team
        self.weis_points[team] = sum(it.points for s in self.weis_order if s & 1 == team
                                     for it in self.weis_decl[s])
        shown = [Msg("seat {seat}: {weis}", seat=s, weis=", ".join(str(i) for i in self.weis_decl[s]))
                 for s in self.weis_order if s & 1 == team]
        self.events.append(Msg('{team} schreibt Weis {points} ({shown})', team=TEAM_WORDS[team], points=self.weis_points[team], shown=shown))

    # ------------------------------------------------------------------------------
    # protocol
    # ------------------------------------------------------------------------------
    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids, built from the bit sets (no notation) in the play."""
        if self.phase != "play":
            if self.phase == "trump" and seat == self.chooser:
                out = list(self._trump_ids()[0])
                if self.may_go_out(seat):
                    out.append((self._ids or self._id_tables()).bedanken)
                return out
            return super().legal_action_ids(seat) if self.phase == "trump" else []
        ids = self._ids or self._id_tables()
        if seat != self.turn:
            return [ids.bedanken] if self.may_go_out(seat) else []
        legal = self.legal_mask()
        self._legal_at = (seat, self.hands[seat], legal)  # apply_id's check of the next card
        out = ids.cards.of(legal)
        if self.trick_no == 0:
            items = self._weis_options(seat)
            if items:
                out.append(ids.weis)
                if len(items) > 1:  # §29, as in legal_actions
                    out.extend(ids.weis_items[it] for it in items if not self._weis_pointless(seat, it.points))
        if self.stoeck_seat == seat and self._stoeck_open(seat):
            out.append(ids.stoeck)
        if not self.trick and self.mode.multiplier and self.claim_certain(seat):
            out.append(ids.rest)
        if self.may_go_out(seat):
            out.append(ids.bedanken)
        return out

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """Apply by id: a legal card straight onto the bit sets, anything else (and everything
        when ``checked``) through :meth:`apply` and its rule-naming checks."""
        ids = self._ids or self._id_tables()
        if action_id.__class__ is not int:
            ids, action_id = self._id_call(action_id)
        c = action_id - ids.card0
        if not checked and self.phase == "trump" and seat == self.chooser:
            named = self._trump_ids()[1]
            if action_id in named:  # a mode of mode_choices or schieben (§23, §24, §25): as _apply_trump
                self.choose(named[action_id])
                return
        if not checked and self.phase == "play" and seat == self.turn and 0 <= c < 36:
            # the legal set listed last for this seat and hand (the same trick: a seat's hand
            # shrinks with each of its cards), else computed now
            at = self._legal_at
            legal = at[2] if at is not None and at[0] == seat and at[1] == self.hands[seat] else self.legal_mask()
            if legal >> c & 1:
                self.play_card(c)
                return
        self.apply(seat, ids.space.action(action_id))

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "trump":
            return (self.chooser,)
        if self.phase == "play":
            return (self.turn,)
        return ()

    def running(self) -> list[int]:
        """Each team's total as known to all: standing plus this deal's written points so far.

        §19: Weis and Stöck are written at once (the Weis after the first trick, when the best
        Weis is known, §29; the Stöck when shown, §29.3)."""
        return [self._running(0), self._running(1)]

    def _running(self, t: int) -> int:
        """:meth:`running` of team ``t`` alone."""
        m = self.mode
        mult = m.multiplier if m and m.multiplier else 1
        cp = self.card_points[1 - t] if m is not None and m.misere else self.card_points[t]
        return self.standing[t] + mult * (cp + self.weis_points[t] + self.stoeck_points[t])

    def may_go_out(self, seat: int) -> bool:
        """Whether ``seat`` knows its team has reached the target: the public total plus its own
        Stöck not yet shown (§29.3)."""
        t = seat & 1  # _running(t), inlined (asked at every step)
        m = self.mode
        mult = m.multiplier if m and m.multiplier else 1
        cp = self.card_points[1 - t] if m is not None and m.misere else self.card_points[t]
        have = self.standing[t] + mult * (cp + self.weis_points[t] + self.stoeck_points[t])
        if self.stoeck_seat == seat and not self.stoeck_declared:
            have += 20 * (m.multiplier or 1)
        return have >= self.opts.target

    def interjectors(self) -> tuple[int, ...]:
        """Seats not to move that may say ``bedanken`` (§2) with points they know to be enough.

        Bedanken is accepted from any seat at any time (also without enough points, which loses,
        §2); it is *listed* only where the seat can see its team is out, so that people and bots
        are not asked at every card."""
        if self.phase == "over":
            return ()
        mover = self.to_act()[0]
        return tuple(s for s in range(4) if s != mover and self.may_go_out(s))

    def mode_choices(self) -> list[str]:
        """Mode names the chooser may name now."""
        if self.pushed == 2:
            return drei_mal_drei_choices(self.opts)
        return base_choices(self.opts)

    def _trump_words(self) -> list[str]:
        """The chooser's words now: every mode it may name, and ``schieben`` while it may push
        (§23, §24, §24.1, §25)."""
        out = [f"trump:{n}" for n in self.mode_choices()]
        if self.can_push():
            out.append("schieben")
        return out

    def _trump_ids(self) -> tuple[list[int], dict[int, str | None]]:
        """:meth:`_trump_words` as ids and, per id, the mode it names (``None``: schieben), built
        once per options and number of pushes (the words depend on nothing else)."""
        ids = self._ids or self._id_tables()
        got = ids.trump.get(self.pushed)
        if got is None:
            idx = ids.space.index
            words = self._trump_words()
            got = ids.trump[self.pushed] = ([idx[w] for w in words],
                                           {idx[w]: (None if w == "schieben" else w[6:]) for w in words})
        return got

    def can_push(self) -> bool:
        return self.pushed == 0 or (self.pushed == 1 and self.opts.zurueckschieben)

    def _weis_options(self, seat: int) -> list[WeisItem]:
        if (not self.opts.weis or self.trick_no != 0 or self.dealt[seat] != self.hands[seat] or seat in self.weis_decl
                or self.mode is None or self.mode.misere):
            return []
        items = self._all_weis.get(seat)
        if items is None:
            items = self._all_weis[seat] = all_weis(self.hands[seat])
        items = list(items)
        if items and self._weis_pointless(seat, max(it.points for it in items)):
            return []
        return items

    def _announced_best(self, seat: int) -> int:
        its = self.weis_decl.get(seat)
        return max(it.points for it in its) if its else 0

    def _weis_pointless(self, seat: int, best: int) -> bool:
        """§29: a Weis that can never count may not be declared (it would give the game away):
        an opponent announced more points and the partner, who has played already, cannot
        beat it either. Only announced points are compared (what the seat knows)."""
        opp = max(self._announced_best((seat + 1) & 3), self._announced_best((seat + 3) & 3))
        partner = (seat + 2) & 3
        if self.played[partner] == 0 and partner not in self.weis_decl:
            return False  # the partner may still declare more
        return opp > max(best, self._announced_best(partner))

    def _stoeck_open(self, seat: int) -> bool:
        if self.stoeck_seat != seat or self.stoeck_declared or self.mode is None:
            return False
        t = self.mode.trump
        return bool(self.hands[seat] & ((1 << (t * 9 + KING)) | (1 << (t * 9 + OBER))))

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == "over":
            return []
        if seat not in self.to_act():
            return ["bedanken"] if self.may_go_out(seat) else []
        if self.phase == "trump":
            out = self._trump_words()
            if self.may_go_out(seat):
                out.append("bedanken")
            return out
        out = [NOTATION[c] for c in self.legal_cards()]
        items = self._weis_options(seat) if self.trick_no == 0 else ()
        if items:
            out.append("weis")
            if len(items) > 1:  # §29: a single item that can never count is not listed on its own
                out.extend(f"weis:{it}" for it in items if not self._weis_pointless(seat, it.points))
        if self._stoeck_open(seat):
            out.append("stöck")
        if not self.trick and self.mode.multiplier and self.claim_certain(seat):
            out.append("rest")
        if self.may_go_out(seat):
            out.append("bedanken")
        return out

    def apply(self, seat: int, action: str) -> None:
        if self.phase == "over":
            raise NotYourTurn(Msg("the deal is over"), seat=seat, action=action)
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise NotYourTurn((Msg("there is no seat {seat} at a Jass table", seat=seat) if isinstance(seat, int) and not isinstance(seat, bool)
                               else Msg("there is no seat {seatno} at a Jass table", seatno=repr(seat))), action=str(action))
        if not isinstance(action, str):
            raise IllegalAction(Msg("an action is text"), seat=seat)
        a = action.strip()
        low = a.lower()
        if low == "bedanken":
            self._bedanken(seat)
            return
        if seat not in self.to_act():
            # §25: only the chooser names trump; §22: the trick's winner leads the next; §30: then
            # the next seat in order (a card given too early, §28, cannot be laid online)
            rule = R + ("§25" if self.phase == "trump" else
                        "§22" if not self.trick and self.trick_no else "§30")
            turn = (Msg("{seat} names the trump", seat=self.to_act()[0]) if self.phase == "trump" else
                    Msg("it is seat {seat}'s turn", seat=self.to_act()[0]))
            raise NotYourTurn(turn, rule=rule, seat=seat, action=action)
        if self.phase == "trump":
            self._apply_trump(seat, a, low)
            return
        if low == "weis" or low.startswith("weis:"):
            self._declare_weis(seat, a, low)
            return
        if low in STOECK_WORDS:
            if not self._stoeck_open(seat):
                raise IllegalAction(Msg("you have no Stöck to show (König and Ober of trump, shown by the end of "
                                    "playing them)"), rule=R + "§29.3", seat=seat, action=action)
            self.stoeck_declared = True
            self.stoeck_points[seat & 1] = 20
            self._stoeck_pending[seat & 1] = 20
            self.events.append(Msg('seat {seat}: Stöck', seat=seat))
            return
        if low == "rest":
            if self.trick:
                raise IllegalAction(Msg("Rest can only be claimed when leading to a trick"), rule=R + "§17",
                                    seat=seat, action=action)
            if not self.mode.multiplier:
                raise IllegalAction(Msg("in Tutti the first card led decides what counts; lead it first"),
                                    rule=R + "§24.6", seat=seat, action=action)
            self._rest(seat)
            return
        try:  # one action is one card: two cards at once (§31) are no notation
            card = JASS.parse(a)
        except BadNotation:
            raise IllegalAction(Msg("'{a}' is not a card or action of Schieber Jass", a=a), seat=seat, action=action) from None
        if not self.hands[seat] >> card & 1:
            # §20: each plays the nine cards dealt to him (§5: a card missing from a hand is the opponents' call)
            raise IllegalAction(Msg("{card} is not in your hand", card=JASS.format(card)), rule=R + "§20", seat=seat, action=action)
        if not self.legal_mask() >> card & 1:
            msg, rule = self._why_illegal(card)
            raise IllegalAction(msg, rule=rule, seat=seat, action=action)
        self.play_card(card)

    def _apply_trump(self, seat: int, a: str, low: str) -> None:
        if low == "schieben":
            if not self.can_push():
                rule = R + ("§24.1" if self.opts.zurueckschieben else "§25")
                raise IllegalAction(Msg("you cannot push: the partner has to name the trump now"), rule=rule,
                                    seat=seat, action=a)
            self.choose(None)
            return
        if not low.startswith("trump:"):
            raise IllegalAction(Msg("name the trump ('trump:E', 'trump:obenabe', ...) or push ('schieben'), not '{a}'", a=a),
                                rule=R + "§25", seat=seat, action=a)
        name = a[6:].strip()
        if len(name) == 1:
            name = name.upper()
        else:
            name = name.lower()
            if name.startswith(("misere:", "3x3:")) or name.startswith("tutti"):
                parts = name.split(":", 1)
                name = parts[0] + ":" + "-".join(p.upper() if len(p) == 1 else p for p in parts[1].split("-")) \
                    if len(parts) == 2 else name
        choices = self.mode_choices()
        if name not in choices:
            rule = R + ("§24.1" if self.pushed == 2 else ("§24" if name in MODES else "§23"))
            raise IllegalAction(Msg("'{name}' is not a mode this table plays now (choose from: {choices})", name=name, choices=', '.join(choices)),
                                rule=rule, seat=seat, action=a)
        self.choose(name)

    def _why_illegal(self, card: int) -> tuple[Msg, str]:
        hand, trick, tm = self.hands[self.turn], self.trick, self.tm
        led = SUIT_OF[trick[0]]
        trump = tm if tm < 4 else (led if tm == TM_TUTTI else None)
        s = SUIT_OF[card]
        if trump is not None and led == trump:
            return Msg("you must play trump (only the trump Under need not be played)"), R + "§26"
        if trump is not None and s == trump:
            return Msg("you may not under-trump unless you hold only trumps"), R + "§27"
        may_trump = trump is not None and hand & SUIT_MASK[trump]
        suit = JASS.suit_names[led]
        return (Msg("you must follow suit ({suit}) or play trump", suit=suit) if may_trump else
                Msg("you must follow suit ({suit})", suit=suit)), R + "§15"

    def _declare_weis(self, seat: int, a: str, low: str) -> None:
        if not self.opts.weis or self.mode.misere:
            raise IllegalAction(Msg("this game is played without Weis"), rule=R + "§29", seat=seat, action=a)
        if self.trick_no != 0 or self.played[seat]:
            raise IllegalAction(Msg("Weis is declared with the first card only"), rule=R + "§29", seat=seat, action=a)
        if seat in self.weis_decl:
            raise IllegalAction(Msg("you have declared your Weis already"), rule=R + "§29", seat=seat, action=a)
        if low == "weis":
            items = all_weis(self.hands[seat])
            if not items:
                raise IllegalAction(Msg("you hold no Weis"), rule=R + "§29.1", seat=seat, action=a)
        else:
            try:
                items = parse_weis(a[5:])
            except ValueError as e:
                raise IllegalAction(e.args[0], rule=R + "§29", seat=seat, action=a) from None
            why = check_declaration(self.hands[seat], items)
            if why:
                raise IllegalAction(why, rule=R + "§29.1", seat=seat, action=a)
        if self._weis_pointless(seat, max(it.points for it in items)):
            raise IllegalAction(Msg("this Weis can never count: the other side has announced more (unnötiger Weis)"),
                                rule=R + "§29", seat=seat, action=a)
        self.weis_decl[seat] = items
        self.weis_order.append(seat)
        m = self.mode
        top = max(items, key=lambda it: best_key(it, m.trump, m.first_down))
        self.events.append(Msg('seat {seat} weist {points}', seat=seat, points=top.points))

    # -- Bedanken (§1, §2, §18) ------------------------------------------------------
    def _ausmach_steps(self) -> list[TrickStep]:
        steps = list(self.steps)
        extra = list(self._stoeck_pending)
        # §29.3: the Stöck may be shown for going out at any time, even unplayed
        if self.stoeck_seat is not None and not self.stoeck_declared:
            extra[self.stoeck_seat & 1] += 20
        if any(extra):
            if steps:
                # §29.3 "Wenn im letzten Stich die Ausmachregel entscheidet, können die Stöcke auch
                # erst vorgewiesen werden, wenn bereits alle Spieler eine Karte gegeben haben": Stöck
                # shown now belong to the last complete trick and count before its Stich (§1)
                last = steps[-1]
                steps[-1] = TrickStep((last.stoeck[0] + extra[0], last.stoeck[1] + extra[1]), last.stich_team,
                                      last.stich_points, last.weis)
            else:
                steps.append(TrickStep((extra[0], extra[1])))
        return steps

    def _bedanken(self, seat: int) -> None:
        team = seat & 1
        mult = self.mode.multiplier if self.mode and self.mode.multiplier else 1
        self._end_steps = self._ausmach_steps()
        outcome = bedanken(team, self.standing, self.opts.target, self._end_steps, mult, self.opts.both_out)
        outcome["seat"] = seat
        if self.stoeck_seat is not None and not self.stoeck_declared:
            # §29.3, §18: held Stöck are counted (and so written) for whichever team holds them;
            # they may decide the Ausmachregel for the other team than the one thanking
            self.stoeck_declared = True
            self.stoeck_points[self.stoeck_seat & 1] = 20
        self.end = {"kind": "bedanken", **outcome}
        winner = TEAM_WORDS[outcome["winner"]]
        self.events.append(Msg("seat {seat} bedankt sich: {team} gewinnt", seat=seat, team=winner) if outcome["reached"]
                           else Msg("seat {seat} bedankt sich ohne genügend Punkte: {team} gewinnt", seat=seat,
                                    team=winner))
        self.phase = "over"

    # -- Rest (§17) ------------------------------------------------------------------
    def claim_certain(self, seat: int) -> bool:
        """Whether ``seat`` can *know* its Rest claim holds: its cards beat every card it has not
        seen (its partner's included). Only then is ``rest`` listed; it is accepted always."""
        return self.claim_holds(seat, self.hands[(seat + 1) & 3] | self.hands[(seat + 2) & 3]
                                | self.hands[(seat + 3) & 3])

    def claim_holds(self, seat: int, against: int | None = None) -> bool:
        """§17: every remaining card of ``seat`` must be Bock "egal in welcher Reihenfolge":
        whichever remaining trick it is led to, no card of an opponent can beat it. An
        opponent can always follow with a higher card of the suit, or trump a plain lead
        (trumping is allowed at any time), so the test is exact card by card."""
        opp = self.hands[(seat + 1) & 3] | self.hands[(seat + 3) & 3] if against is None else against
        hand = self.hands[seat]
        tricks = self.mode.tricks
        ahead = _MODES_FROM.get(tricks)
        for tm in (ahead[self.trick_no] if ahead is not None else set(tricks[self.trick_no:])):
            base = tm * 36
            h = hand
            while h:
                low = h & -h
                if opp & BEATEN_BY[base + low.bit_length() - 1]:
                    return False
                h ^= low
        return True

    def _rest(self, seat: int) -> None:
        ok = self.claim_holds(seat)
        team = seat & 1
        taker = team if ok else 1 - team
        remaining = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        base = self.mode.tricks[0] * 144
        pts = sum(self.points_table[base + SUIT_OF[c] * 36 + c] for c in bit_list(remaining)) + LAST_TRICK_BONUS
        n = 9 - self.trick_no
        self.card_points[taker] += pts
        self.tricks_won[taker] += n
        match_pts = MATCH_BONUS if self.tricks_won[taker] == 9 else 0
        st_team = 1 - taker if self.mode.misere else taker
        self._rest_step = TrickStep((self._stoeck_pending[0], self._stoeck_pending[1]), st_team, pts + match_pts)
        self._stoeck_pending = [0, 0]
        self.end = {"kind": "rest", "seat": seat, "team": team, "holds": ok, "tricks": n,
                    "cards": JASS.format_mask(remaining)}
        self.events.append(Msg("seat {seat} verlangt Rest: alle Stiche", seat=seat) if ok else
                           Msg("seat {seat} verlangt Rest: falsch, {team} erhält alle Karten", seat=seat,
                               team=TEAM_WORDS[taker]))
        for s in range(4):
            self.hands[s] = 0
        self.trick_no = 9
        self.phase = "over"

    # ------------------------------------------------------------------------------
    # observations
    # ------------------------------------------------------------------------------
    def _trick_list(self) -> list[list[Any]]:
        return [[(self.leader + i) & 3, JASS.format(c)] for i, c in enumerate(self.trick)]

    def _public(self) -> dict[str, Any]:
        m = self.mode
        last = []
        if self.history:
            ld, cards, _, _ = self.history[-1]
            last = [[(ld + i) & 3, JASS.format(c)] for i, c in enumerate(cards)]
        announced = []
        for s in self.weis_order:
            its = self.weis_decl[s]
            top = max(its, key=lambda it: best_key(it, m.trump, m.first_down))
            announced.append({"seat": s, "points": top.points})
        shown = {}
        if self.weis_team is not None:
            shown = {str(s): [str(i) for i in self.weis_decl[s]] for s in self.weis_order if s & 1 == self.weis_team}
        running = self.running()
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "vorhand": self.vorhand,
            "chooser": self.chooser,
            "geschoben": self.pushed,
            "declarer": self.declarer,
            "trump": m.name if m else None,
            "contract": m.title if m else None,
            "trump_suit": SUITS[m.trump] if m and m.trump is not None else None,
            "multiplier": m.multiplier if m else None,
            "trick_mode": ("obenabe" if self.tm == 4 else "undenufe" if self.tm == 5 else
                           "tutti" if self.tm == TM_TUTTI else SUITS[self.tm]) if m else None,
            "trick_number": min(self.trick_no + 1, 9),
            "leader": self.leader,
            "to_play": self.turn if self.phase == "play" else None,
            "trick": self._trick_list(),
            "last_trick": last,
            # who took it: the last trick may be looked at (§14), and so may its winner
            "last_winner": self.history[-1][2] if self.history else None,
            # what a player with perfect memory knows; the renderer shows only the last trick (§14)
            "played": [[ld, [JASS.format(c) for c in cards], w, p] for ld, cards, w, p in self.history],
            "card_points": list(self.card_points),
            "tricks_won": list(self.tricks_won),
            "weis": announced,
            "weis_shown": shown,
            "weis_team": self.weis_team,
            "weis_points": list(self.weis_points),
            "stoeck": self.stoeck_seat if self.stoeck_declared else None,
            "stoeck_points": list(self.stoeck_points),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "standing": list(self.standing),
            "running": running,
            "target": self.opts.target,
            "events": list(self.events),
            "end": dict(self.end) if self.end else None,
        }

    def view(self, seat: int) -> dict[str, Any]:
        v = self._public()
        v["seat"] = seat
        v["hand"] = JASS.format_mask(self.hands[seat])
        v["my_weis"] = [str(i) for i in self.weis_decl.get(seat, [])]
        v["has_stoeck"] = self.stoeck_seat == seat and not self.stoeck_declared
        return v

    def public_view(self) -> dict[str, Any]:
        return self._public()

    def clone(self) -> "JassDeal":
        """A fast independent copy (for search bots): only the mutable containers are copied."""
        new = object.__new__(JassDeal)
        d = dict(self.__dict__)
        for k in ("hands", "trick", "history", "card_points", "tricks_won", "weis_order", "weis_points",
                  "stoeck_points", "_stoeck_pending", "events"):
            d[k] = list(d[k])
        d["weis_decl"] = dict(d["weis_decl"])
        d["_stoeck_at"] = dict(d["_stoeck_at"])
        if d.get("end") is not None:
            d["end"] = dict(d["end"])
        new.__dict__.update(d)
        return new

    # ------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalAction(Msg("the deal is not over yet"))
        tricks = [{"leader": ld, "cards": JASS.format_cards(cards), "winner": w, "points": p}
                  for ld, cards, w, p in self.history]
        summary: dict[str, Any] = {"tricks": tricks, "card_points": list(self.card_points),
                                   "tricks_won": list(self.tricks_won), "mode": self.mode.name if self.mode else None,
                                   "declarer": self.declarer, "weis": list(self.weis_points),
                                   "stoeck": list(self.stoeck_points)}
        if self.end:
            summary["end"] = dict(self.end)
        m = self.mode
        if m is None or m.multiplier == 0:
            lines = (Line(Msg("Bedanken"), 0, Msg("{team} gewinnt", team=TEAM_WORDS[self.end["winner"]])),) if self.end else ()
            return DealResult((0, 0), lines, ends_match=bool(self.end and self.end["kind"] == "bedanken"),
                              summary=summary)
        sc = score_deal(m.name, self.card_points, self.tricks_won, self.weis_points, self.stoeck_points,
                        self.declarer & 1)
        lines = sc.lines
        ends = False
        if self.end and self.end["kind"] == "bedanken":
            ends = True
            lines = lines + (Line(Msg("Bedanken"), 0, Msg("seat {seat}, {team} gewinnt", seat=self.end["seat"], team=TEAM_WORDS[self.end["winner"]])),)
        elif self.end and self.end["kind"] == "rest":
            lines = lines + (Line(Msg("Rest"), 0, Msg("richtig") if self.end["holds"] else Msg("falsch (§17)")),)
        # §1 (Ausmachregel): only a team whose total after the deal reaches the target can have
        # reached it first; the totals only grow, trick by trick (the steps add up to the score)
        target = self.opts.target
        reach = self.standing[0] + sc.points[0] >= target or self.standing[1] + sc.points[1] >= target
        steps = self._end_steps if self._end_steps is not None else self.steps
        fo = first_out(self.standing, target, self.steps, m.multiplier) if reach else None
        if fo is not None:
            summary["first_out"] = fo
        if reach or ends:
            # §18 third sentence: did the loser reach half the target before the winner went out?
            # (indexed by the loser; read by the Partie result, option ``schneider``)
            summary["half_in_time"] = [half_in_time(1 - loser, self.standing, target, steps, m.multiplier)
                                       for loser in (0, 1)]
        return DealResult(sc.points, lines, ends_match=ends, summary=summary)
