"""One Perlaggen deal as a state machine (Innsbrucker Perlaggerregeln, cited ``Perlaggen §n``).

Phases, in order:

``cut``       the seat right of the dealer lifts: ``abheben:N``; a standing Perlagg at the bottom of
              the lifted packet may be kept: ``behalten`` / ``liegen`` (§4)
``look``      each seat from Vorhand looks at its cards (``ansehen``) or, while neither partner has
              looked, bids unseen for the partnership: ``ungesehen:gleich+spiel`` … (§32)
``exchange``  a turned-up Perlagg may be exchanged for a trump by the dealer, else his partner:
              ``tauschen:LA`` / ``nicht_tauschen`` (§7)
``meld``      only at 17 : 17: every seat from Vorhand is asked for a dritziges, vierfaches or
              fünffaches figure: ``melden`` / ``passen`` (§25)
``play``      five rounds of cards (``LA``, a Perlagg with its Taufe ``W=LA``); bidding at any time:
              ``bieten:gleich``, answers ``halten`` / ``gut`` / ``steigern``, ``steigern:spiel`` (§8–§14)
``answer``    a bid or raise awaits the other side's answer (§11)
``figures``   the Spiel is decided; the Spiel side must show (``weisen``), concede (``gut``) or bid each
              undecided figure; the others answer ``abweisen`` / ``stellen`` / ``gut`` (§22–§24)
``over``

Out of turn at any time: partner signals ``zeichen:<signal>`` (seen by the partner only), ``aufdecken``
(laying the cards open, §9), claims ``reklamieren:<§>`` (profile ``live``, §33).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.bits import bit_list
from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.errors import BadNotation, IllegalAction, NotYourTurn
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import ActionIdTables, ActionSpace, DealContext, DealResult, FastIdDeal

from .bidding import _UNSEEN_WORDS, LADDER, UNSEEN_SPECS, BiddingMixin, _unseen_names
from .figures import Fig, FiguresMixin, _value_word, side_of
from .meld import MeldMixin, _meld_key
from .options import PerlaggenOptions
from .rules import (
    EICHEL, Figure, Played, baptise, legal_cards, parse_play, perlaggen_order, plain, standing_perlaggen, suit_mask,
    trick_winner,
)
from .scoring import FIGURES, SIDES, FigureOutcome, Penalty, settle

__all__ = ["PerlaggenDeal", "LADDER", "SIGNALS", "UNSEEN_SPECS", "side_of", "_meld_key", "_unseen_names"]

#: the sanctioned partner signals (docs/rules/perlaggen.md)
SIGNALS = ("gleich", "hanger", "spiel", "perlagg", "nichts")

#: the words of the signals and cuts, built once (the legal lists are built at every step)
_SIGNAL_WORDS = tuple(f"zeichen:{s}" for s in SIGNALS)
_CUT_WORDS = tuple(f"abheben:{n}" for n in range(2, 32))


class _Ids(ActionIdTables):
    """The integer action ids of one options' action space, as the fast path needs them."""

    __slots__ = ("index", "plain", "taufe", "plays", "_taufen")

    def __init__(self, space: ActionSpace):
        super().__init__(space)
        idx = space.index
        self.index = idx
        #: the id of each card played as itself, and of each Taufe ``card=target`` (§18)
        self.plain = tuple(idx[D.format(c)] for c in range(33))
        self.taufe = tuple(tuple(idx[f"{D.format(c)}={D.format(t)}"] for t in range(32))
                           if f"{D.format(c)}={D.format(0)}" in idx else () for c in range(33))
        plays: dict[int, tuple[int, int | None]] = {self.plain[c]: (c, None) for c in range(33)}
        for c in range(33):
            for t, i in enumerate(self.taufe[c]):
                plays[i] = (c, t)
        self.plays = plays
        self._taufen: dict[int, tuple[tuple[int, ...], ...]] = {}

    def taufen(self, pmask: int) -> tuple[tuple[int, ...], ...]:
        """Per card, the ids of its Taufen allowed under the Perlagg set ``pmask``: a plain card of a
        suit, never another Perlagg's face (§18, §20)."""
        out = self._taufen.get(pmask)
        if out is None:
            out = self._taufen[pmask] = tuple(tuple(i for t, i in enumerate(row) if not pmask >> t & 1)
                                              for row in self.taufe)
        return out


class PerlaggenDeal(BiddingMixin, FiguresMixin, MeldMixin, FastIdDeal):
    """The state of one deal. Build with :meth:`PerlaggenGame.new_deal`."""

    id_game, id_tables = "perlaggen", _Ids  # the integer action API (FastIdDeal)
    _ids: _Ids | None

    def __init__(self, options: PerlaggenOptions, ctx: DealContext):
        self.opts = options
        self.ctx = ctx
        self.dealer = ctx.dealer
        self.vorhand = (ctx.dealer + 1) % 4
        self.cutter = (ctx.dealer - 1) % 4
        self.standing = (int(ctx.standing[0]), int(ctx.standing[1])) if len(ctx.standing) == 2 else (0, 0)
        carry = dict(ctx.carry or {})
        self.owed = tuple(carry.get("owed", (0, 0)))
        self.old_claims: list[dict[str, Any]] = [dict(c) for c in carry.get("claimable", [])]
        self.deck: list[int] = list(ctx.deal.piles.get("deck", ()))
        self.hands: list[int] = [0, 0, 0, 0]
        self.dealt: list[list[int]] = [[], [], [], []]
        self.kept: list[int] = []
        self.turned_up: list[int] = []  # Eichel cards turned up for trump and put under the stock (§7)
        self.lifted: list[int] = []
        self.rest: list[int] = []
        self.trump = -1
        self.trump_card = -1
        self.stock: list[int] = []
        self.shown = False
        self.phase = "cut"
        self.turn = self.cutter
        self.looked = [False] * 4
        self.figs = {n: Fig(n) for n in FIGURES}
        self.pending: list[tuple[int, str, int, bool]] = []  # queued offers (seat, figure, value, unseen)
        self.counter = 0
        self.trick: list[tuple[int, Played]] = []
        self.tricks: list[dict[str, Any]] = []
        self.won = [0, 0]
        self.played: list[list[str]] = [[], [], [], []]
        self.events: list[str] = []
        self.signals: list[tuple[int, str]] = []
        self.signal_rounds: list[int] = []  # the round (trick number) of each signal, parallel to signals
        self.signalled: set[tuple[Any, ...]] = set()  # (seat, round) signalled / (seat, round, 'claim')
        self.melds: dict[int, Figure | None] = {}
        self.meld_turn = 0
        self.fig_queue: list[str] = []
        self.fig_step = ""          # "" (Spiel side to act) or "shown" (others answer)
        self.shown_fig: Figure | None = None
        self.spiel_side: int | None = None
        self.offences: list[dict[str, Any]] = []
        self.penalties: list[Penalty] = []
        self.exchanger: int | None = None
        self.opened_by: int | None = None
        self.history: list[tuple[int, str]] = []
        self.return_phase = "play"  # where an answered bid returns to
        self.revealed: list[int] = []  # cards played and taken back (§17): seen by all
        self.asked_partner = False  # the first-asked seat left the answer to its partner (§11)
        self.redo: tuple[int, int, int] | None = None  # a card taken back (§17): (seat, place, next to play)
        self.shown_hands: dict[int, list[int]] = {}  # hands laid open to show a figure (§22)
        self.endgame = self.standing[0] == self.opts.target - 1 and self.standing[1] == self.opts.target - 1
        self._result: DealResult | None = None
        if len(self.deck) != 33:
            # a deal given as hands (sample_state, tests): skip cut and dealing
            self.phase = "dealt"

    # ------------------------------------------------------------------ set-up
    def setup_hands(self, hands: list[list[int]], trump_card: int, stock: list[int]) -> None:
        """Start from given hands (the cut and the deal already done): tests and sample_state."""
        self.dealt = [list(h) for h in hands]
        self.hands = [sum(1 << c for c in h) for h in hands]
        self.trump_card = trump_card
        self.trump = D.card_suit[trump_card]
        self.stock = list(stock)
        self.shown = True
        self._after_deal()

    def _cut(self, n: int) -> None:
        self.lifted = self.deck[:n]
        self.rest = self.deck[n:]
        self.events.append(Msg('seat {seat} lifts {n} cards (§4)', seat=self.cutter, n=n))
        if self.lifted[-1] in standing_perlaggen():
            self.phase = "keep"
        else:
            self._deal_out()

    def _deal_out(self) -> None:
        deck = self.rest + self.lifted
        hands: list[list[int]] = [[], [], [], []]
        hands[self.cutter] = list(self.kept)
        for size in (3, 2):
            for i in range(4):
                s = (self.vorhand + i) % 4
                take = max(0, 3 - len(hands[s])) if size == 3 else 5 - len(hands[s])
                hands[s].extend(deck[:take])
                deck = deck[take:]
        # the trump is turned up (heltschl.org, Perlaggen § 1.2: only Herz, Laub or Schell is trump; an Eichel card goes under the stock, §7)
        while D.card_suit[deck[0]] == EICHEL:
            self.events.append(Msg('{card} was turned up: Eichel is never trump, it goes under the stock', card=D.format(deck[0])))
            self.turned_up.append(deck[0])  # seen by everybody (the event names it)
            deck = deck[1:] + deck[:1]
        trump_card = deck[0]
        self.setup_hands(hands, trump_card, deck[1:])

    def _after_deal(self) -> None:
        self.events.append(Msg('trump {card} ({suit}); the dealer shows Luck and Boden (§7)', card=D.format(self.trump_card), suit=D.suit_names[self.trump]))
        self.pmask = sum(1 << c for c in perlaggen_order(self.trump, self.opts.eichel_ober_high))
        self.turn = self.vorhand
        if self.opts.unseen_bidding and not self.endgame:
            self.phase = "look"
        else:
            self.looked = [True] * 4
            self._to_exchange()

    def _to_exchange(self) -> None:
        self.phase = "exchange"
        if self.trump_card in perlaggen_order(self.trump):
            partner = (self.dealer + 2) % 4
            if self._plain_trumps(self.dealer):
                self.exchanger = self.dealer
            elif self._plain_trumps(partner):
                self.exchanger = partner
        if self.exchanger is None:
            self._to_play()
        else:
            self.turn = self.exchanger

    def _plain_trumps(self, seat: int) -> int:
        return self.hands[seat] & suit_mask(self.trump) & ~self.pmask

    def _to_play(self) -> None:
        # Luck and Boden stay shown until the first action of the play (or of the 17 : 17 asking), so
        # that every seat has seen them even when nobody had to decide before; then they are covered
        # and nobody may look at them again (§7)
        if self.endgame:
            self.phase = "meld"
            self.turn = self.vorhand
        else:
            self.phase = "play"
            self.turn = self.vorhand

    # ------------------------------------------------------------------ helpers
    def _claim_actions(self, seat: int) -> list[str]:
        """Claims (profile ``live``, §33). ``reklamieren:17`` may be said in the play at any time, once a
        round: the cards are then checked (a claim shows nothing the table would not see); an unfounded
        claim costs nothing. The hand-over of §7 is public, so its claim is offered only after it
        happened. ``…:voriges`` claims an offence of the previous deal until this deal is written."""
        if self.opts.offences != "penalise":
            return []
        out = []
        if self.phase in ("play", "answer", "figures", "schreiben") and self._claim_key(seat) not in self.signalled:
            out.append("reklamieren:17")
        for c in self.offences:
            if c["kind"] == "tausch" and not c.get("claimed") and c["side"] != side_of(seat):
                out.append("reklamieren:7")
        for c in self.old_claims:
            a = f"reklamieren:{c['par']}:voriges"
            if not c.get("claimed") and c["side"] != side_of(seat) and a not in out:
                out.append(a)
        return out

    def _claim_key(self, seat: int) -> tuple[Any, ...]:
        """A §17 claim is said once a round, and once more at the write-up (§33)."""
        return (seat, "schreiben" if self.phase == "schreiben" else len(self.tricks), "claim")

    def _extras(self, seat: int) -> list[str]:
        out: list[str] = []
        if self.phase in ("play", "answer", "figures", "meld") and self.opts.signals and \
                (seat, len(self.tricks)) not in self.signalled:
            out += _SIGNAL_WORDS
        if self.phase == "play" and not self.pending and self.opened_by is None:
            out.append("aufdecken")
        if self._revoke_to_take_back(seat) is not None:
            out.append("zuruecknehmen")
        return out + self._claim_actions(seat)

    # ------------------------------------------------------------------ protocol
    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids; the cards of the play from the bit sets (no notation)."""
        if self.phase != "play" or seat != self.turn:
            return super().legal_action_ids(seat)
        ids = self._ids or self._id_tables()
        pm = self.pmask
        plain, taufe = ids.plain, ids.taufen(pm)
        out: list[int] = []
        for c in bit_list(self._play_mask(seat)):
            out.append(plain[c])
            if pm >> c & 1:
                out += taufe[c]
        index = ids.index
        for a in self._bid_actions(seat):
            out.append(index[a])
        for a in self._extras(seat):
            out.append(index[a])
        return out

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """Apply by id: a card of the play (plain or getauft) checked on the bit sets and played
        without notation; anything else (and everything when ``checked``) through :meth:`apply`
        and its rule-naming checks."""
        ids, action_id = self._id_call(action_id)
        play = ids.plays.get(action_id)
        if play is not None and not checked and self.phase == "play" and seat == self.turn:
            c, taufe = play
            if self.hands[seat] >> c & 1 and (taufe is None or (self.pmask >> c & 1 and not self.pmask >> taufe & 1)) \
                    and self._play_mask(seat) >> c & 1:
                self._play(seat, c, taufe)
                self.history.append((seat, ids.space.actions[action_id]))
                self.shown = False  # §7, as in apply
                return
        self.apply(seat, ids.space.action(action_id))

    def _play_mask(self, seat: int) -> int:
        """The cards ``seat`` may play now (§15; every card where offences are penalised, §17)."""
        if self.opts.offences == "penalise":
            return self.hands[seat]
        return legal_cards(self.hands[seat], self.trick[0][1].suit if self.trick else None, self.trump)

    def to_act(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        if self.phase == "answer":
            return (self._answering()[0],)
        return (self.turn,)

    def interjectors(self) -> tuple[int, ...]:
        if self.phase == "over":
            return ()
        main = self.to_act()
        # a seat whose only out-of-turn words are partner signals is not asked (it may still send them)
        return tuple(s for s in range(4) if s not in main
                     and any(not a.startswith("zeichen:") for a in self._interject_actions(s)))

    def witnesses(self, seat: int, action: str) -> tuple[int, ...] | None:
        """A partner signal is seen by the partner only (Perlaggen §9): the signalling seat and its
        partner witness it; everything else is public."""
        if isinstance(action, str) and action.startswith("zeichen:") and isinstance(seat, int) and 0 <= seat < 4:
            return (seat, (seat + 2) % 4)
        return None

    def _interject_actions(self, seat: int) -> list[str]:
        if self.phase == "answer":
            out = self._answer_actions(seat) if seat in self._answering() else []
            return out + self._extras(seat)
        out = []
        if self.phase == "play":
            out += self._bid_actions(seat)
        return out + self._extras(seat)

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == "over" or not 0 <= seat < 4:
            return []
        if seat not in self.to_act():
            return self._interject_actions(seat)
        p = self.phase
        if p == "cut":
            return list(_CUT_WORDS)
        if p == "keep":
            return ["behalten", "liegen"]
        if p == "look":
            out = ["ansehen"]
            partner = (seat + 2) % 4
            if not self.looked[partner] and self.total(side_of(seat)) < self.opts.target - 1:
                open_ = frozenset(n for n, f in self.figs.items() if f.status == "open")
                out += [word for word, names in _UNSEEN_WORDS if names <= open_]
            return out + self._claim_actions(seat)
        if p == "exchange":
            out = [f"tauschen:{D.format(c)}" for c in bit_list(self._plain_trumps(seat))] + ["nicht_tauschen"]
            if seat == self.dealer and self.opts.offences == "penalise":
                out.append("ueberlassen")
            return out
        if p == "meld":
            return (["melden"] if self._meld_figure(seat) else []) + ["passen"] + self._extras(seat)
        if p == "schreiben":
            return ["schreiben"] + self._extras(seat)
        if p == "answer":
            return self._answer_actions(seat) + self._extras(seat)
        if p == "play":
            return self._card_actions(self._play_mask(seat)) + self._bid_actions(seat) + self._extras(seat)
        if p == "figures":
            return self._figure_actions(seat) + self._extras(seat)
        return []

    def _card_actions(self, mask: int) -> list[str]:
        out = []
        for c in bit_list(mask):
            out.append(D.format(c))
            if (self.pmask >> c) & 1:
                # §18, §20: the Taufe is a plain card of a suit, never another Perlagg's face
                out += [f"{D.format(c)}={D.format(t)}" for t in range(32) if not (self.pmask >> t) & 1]
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, seat: int, action: str) -> None:
        if self.phase == "over":
            raise NotYourTurn(Msg("the deal is over: its points are written, the next deal follows the Schrift"),
                              rule="Perlaggen §33", seat=seat, action=action)
        if not isinstance(seat, int) or not 0 <= seat < 4:
            raise NotYourTurn((Msg('there is no seat {seat}: four players in two partnerships (seats 0-3)', seat=seat)
                               if isinstance(seat, int) and not isinstance(seat, bool) else
                               Msg('there is no seat {seatno}: four players in two partnerships (seats 0-3)', seatno=repr(seat))),
                              rule="Perlaggen §1", action=str(action))
        # a partner signal is secret (seen by the partner only, §9): it must not cover Luck and Boden, or
        # the whole table would learn that somebody signalled
        covers = self.phase in ("play", "meld") and not str(action).startswith("zeichen:")
        try:
            self._apply(seat, action)
        except IllegalAction as e:
            raise (e if e.seat is not None else e.located(seat, action)) from None
        except BadNotation as e:
            raise IllegalAction(e.args[0] if e.args else str(e), rule="Perlaggen §16", seat=seat, action=action) from None
        self.history.append((seat, action))
        if covers:
            self.shown = False  # §7: "Danach dürfen diese Karten von niemandem mehr angeschaut werden"

    def _revoke_to_take_back(self, seat: int) -> dict[str, Any] | None:
        """The unclaimed revoke of ``seat`` in the round still on the table, if any (§17: "es sei denn,
        dass Farbe bekannt werden muss. Dies gilt nur innerhalb derselben Runde") — also when others
        have played after it, until the round's last card is down."""
        if self.phase != "play" or not any(s == seat for s, _ in self.trick) or self.redo is not None:
            return None
        for c in self.offences:
            if c["kind"] == "farbleugnen" and c.get("seat") == seat and c.get("trick") == len(self.tricks) \
                    and not c.get("claimed"):
                return c
        return None

    def _refuse(self, msg: str, par: str) -> None:
        raise IllegalAction(msg, rule=f"Perlaggen {par}")

    def _apply(self, seat: int, action: str) -> None:
        word, _, arg = action.partition(":")
        p = self.phase
        # --- out-of-turn actions
        if word == "zeichen":
            if action not in self._extras(seat):
                self._refuse(Msg("signal '{arg}' is not one of {signals} or was already given this round", arg=arg, signals=', '.join(SIGNALS)), "§9")
            self.signals.append((seat, arg))
            self.signal_rounds.append(len(self.tricks))
            self.signalled.add((seat, len(self.tricks)))
            return
        if word == "reklamieren":
            if action not in self._claim_actions(seat):
                self._refuse(Msg("nothing to claim: no unclaimed offence of the other side, or the claim came "
                             "after the next deal's points were written"), "§33")
            self._claim(seat, arg)
            if self.phase == "schreiben":
                self._result = self._settle()  # the claim's penalty is written with the deal (§33)
            return
        if word == "aufdecken":
            if "aufdecken" not in self._extras(seat):
                self._refuse(Msg("the cards can be laid open only in the play, with no bid unanswered"), "§9")
            self._lay_open(seat)
            return
        if p == "answer":
            if seat not in self._answering():
                if word in ("bieten", "steigern"):
                    self._refuse(Msg("a bid is open: it must be answered first (halten, gut or steigern)"), "§11")
                raise NotYourTurn(Msg("a bid of the other side awaits your side's answer"), rule="Perlaggen §11")
            return self._answer(seat, action)
        if word in ("bieten", "steigern") and p in ("play", "figures"):
            return self._bid(seat, word, arg)
        if word in ("bieten", "steigern") and p == "meld":
            self._refuse(Msg('at {n} : {n} nobody bids; the figures are asked for', n=self.opts.target - 1),
                         "§21")
        if word in ("widerrufen", "zurueckziehen"):
            self._refuse(Msg("what is bid or held can never be withdrawn, by either partner"), "§9")
        if word in ("zuruecknehmen", "zurücknehmen"):
            last = [pl for s, pl in self.trick if s == seat]
            offence = self._revoke_to_take_back(seat)
            if offence is not None:
                # §17: taken back to follow suit, within the same round; the seat plays again in its place
                at = next(i for i, (s, _) in enumerate(self.trick) if s == seat)
                _, pl = self.trick.pop(at)
                self.hands[seat] |= 1 << pl.card
                self.played[seat].pop()
                self.offences.remove(offence)
                self.revealed.append(pl.card)  # everybody saw it on the table
                self.redo = (seat, at, self.turn)
                self.turn = seat
                self.events.append(Msg('seat {seat} takes the card back to follow suit (§17)', seat=seat))
                return
            if last and last[0].prank or (last and last[0].card in perlaggen_order(self.trump)):
                self._refuse(Msg("a Perlagg once played is never taken back"), "§19")
            if self.opts.offences == "penalise":
                self._refuse(Msg("a card released on the table is played (§16); it is taken back only to follow "
                             "suit after a revoke, and only within the same round — you have no revoke in the "
                             "round on the table"), "§17")
            self._refuse(Msg("a card released on the table is played and is not taken back (only to follow suit, "
                         "which this table enforces before the card is released)"), "§17")
        if p == "exchange" and word in ("tauschen", "nicht_tauschen", "ueberlassen") and seat != self.turn:
            self._refuse(Msg("only the dealer, or his partner when the dealer has no trump, exchanges the turned-up "
                         "Perlagg; never the opponents"), "§7")
        if seat not in self.to_act():
            raise NotYourTurn(Msg("it is seat {seat}'s turn", seat=self.to_act()[0]), rule="Perlaggen §16")
        if p == "schreiben":
            if action != "schreiben":
                self._refuse(Msg("the deal decides the Partie: claim now ('reklamieren:17') or write the points "
                             "('schreiben')"), "§33")
            self.events.append(Msg('seat {seat}: the points are written (§33)', seat=seat))
            self.phase, self.turn = "over", -1
            return
        handler = {"cut": self._a_cut, "keep": self._a_keep, "look": self._a_look, "exchange": self._a_exchange,
                   "meld": self._a_meld, "play": self._a_play, "figures": self._a_figures}.get(p)
        if handler is None:
            self._refuse(Msg('nothing to do in phase {p}', p=p), "§16")
        handler(seat, action)  # type: ignore[misc]

    # --- cut and deal (§4, §5)
    def _a_cut(self, seat: int, action: str) -> None:
        word, _, arg = action.partition(":")
        if word != "abheben" or not arg.isdigit() or not 2 <= int(arg) <= 31:
            self._refuse(Msg("the cutter lifts: 'abheben:N' with N from 2 to 31"), "§4")
        self._cut(int(arg))

    def _a_keep(self, seat: int, action: str) -> None:
        if action == "behalten":
            c = self.lifted.pop()
            self.kept.append(c)
            self.events.append(Msg('seat {seat} keeps the standing Perlagg {card} (§4)', seat=seat, card=D.format(c)))
            if self.lifted and self.lifted[-1] in standing_perlaggen() and len(self.kept) < 5:
                return
        elif action != "liegen":
            self._refuse(Msg("the cutter keeps the lifted standing Perlagg ('behalten') or leaves it ('liegen')"), "§4")
        self._deal_out()

    # --- exchange of a turned-up Perlagg (§7)
    def _a_exchange(self, seat: int, action: str) -> None:
        word, _, arg = action.partition(":")
        if action == "ueberlassen":
            if seat != self.dealer or self.opts.offences != "penalise":
                self._refuse(Msg("the dealer who holds a trump must exchange himself or not at all; leaving it to "
                             "his partner costs the Partie"), "§7")
            self.offences.append({"par": "7", "kind": "tausch", "side": side_of(seat), "claimed": False})
            self.events.append(Msg('seat {seat} leaves the exchange to his partner', seat=seat))
            self.exchanger = (seat + 2) % 4
            self.turn = self.exchanger
            return
        if action == "nicht_tauschen":
            self.events.append(Msg('seat {seat} does not exchange the {card}', seat=seat, card=D.format(self.trump_card)))
            return self._to_play()
        if word != "tauschen":
            self._refuse(Msg("'tauschen:<trump card>' or 'nicht_tauschen'"), "§7")
        c = D.parse(arg)
        if not (self._plain_trumps(seat) >> c) & 1:
            self._refuse(Msg('{arg} is not a trump in your hand; the Perlagg is exchanged for a trump', arg=arg), "§7")
        self.hands[seat] = (self.hands[seat] & ~(1 << c)) | (1 << self.trump_card)
        self.dealt[seat] = [x for x in self.dealt[seat] if x != c] + [self.trump_card]
        self.events.append(Msg('seat {seat} exchanges the {card} for {arg} (§7)', seat=seat, card=D.format(self.trump_card), arg=arg))
        self.exchanged = {"seat": seat, "took": D.format(self.trump_card), "gave": arg}
        self.trump_card = c
        self._to_play()

    # --- card play (§15–§20)
    def _a_play(self, seat: int, action: str) -> None:
        c, taufe = parse_play(action)
        self._play(seat, c, taufe)

    def _play(self, seat: int, c: int, taufe: int | None) -> None:
        """Play card ``c`` (getauft as ``taufe``) for ``seat``: the notation's and the ids' shared step."""
        if not (self.hands[seat] >> c) & 1:
            self._refuse(Msg('{card} is not in your hand', card=D.format(c)), "§16")
        is_p = (self.pmask >> c) & 1
        if taufe is not None and not is_p:
            self._refuse(Msg('only a Perlagg is getauft; {card} is none', card=D.format(c)), "§18")
        if taufe is not None and (self.pmask >> taufe) & 1:
            self._refuse(Msg("a Perlagg is getauft as a plain card of a suit; {card} is itself a Perlagg (it has no value of its own to take: §20 'sticht die gleichwertige Karte derselben Farbe')", card=D.format(taufe)), "§18")
        led = self.trick[0][1].suit if self.trick else None
        legal = legal_cards(self.hands[seat], led, self.trump)
        revoke = not (legal >> c) & 1
        if revoke and self.opts.offences != "penalise":
            self._refuse(Msg('you must follow {led} (or trump, or play a Perlagg)', led=D.suit_names[led]), "§15")  # type: ignore
        played = baptise(c, taufe, self.trump, self.opts.eichel_ober_high) if taufe is not None else plain(c)
        if is_p and taufe is None:
            self.events.append(Msg('seat {seat} plays the Perlagg {card} ungetauft: it counts as a plain card (§18)', seat=seat, card=D.format(c)))
        if revoke:
            self.offences.append({"par": "17", "kind": "farbleugnen", "side": side_of(seat), "claimed": False,
                                  "seat": seat, "trick": len(self.tricks)})
        self.hands[seat] &= ~(1 << c)
        self.played[seat].append(played.notation())
        if self.redo is not None:
            # the card taken back (§17) is replaced in its place; play goes on where it stood
            _, at, nxt = self.redo
            self.redo = None
            self.trick.insert(at, (seat, played))
            self.turn = nxt
            return
        self.trick.append((seat, played))
        if len(self.trick) < 4:
            self.turn = (seat + 1) % 4
            return
        w = self.trick[trick_winner([p for _, p in self.trick], self.trump)][0]
        self.tricks.append({"leader": self.trick[0][0], "cards": [p.notation() for _, p in self.trick],
                            "winner": w, "points": 0})
        self.last_trick = [[s, p.notation()] for s, p in self.trick]
        self.trick = []
        self.won[side_of(w)] += 1
        self.turn = w
        if self.won[side_of(w)] == 3 and self.spiel_side is None:
            # §23: three tricks make the Spiel; the side must declare it (done here) and weisen or bieten
            self.events.append(Msg('side {side} has three tricks: Spiel (§23)', side=SIDES[side_of(w)]))
            self._decide_spiel(side_of(w))
        elif len(self.tricks) == 5:
            self._finish()

    # --- laying cards open (§9), claims (§33)
    def _lay_open(self, seat: int) -> None:
        side = side_of(seat)
        self.opened_by = side
        self.events.append(Msg('seat {seat} lays the cards open: side {side} renounces the remaining figures (§9)', seat=seat, side=SIDES[side]))
        for f in self.figs.values():
            if not f.decided and f.status != "conceded":
                self._decide(f, 1 - side, 5)
        self._finish()

    def _claim(self, seat: int, arg: str) -> None:
        par, _, when = arg.partition(":")
        late = when == "voriges"
        if par == "17" and not late:
            self.signalled.add(self._claim_key(seat))
        for c in (self.old_claims if late else self.offences):
            if c["par"] == par and not c.get("claimed") and c["side"] != side_of(seat):
                c["claimed"] = True
                self.penalties.append(Penalty(c["kind"], c["side"], transfer=c.get("transfer", 0) if late else 0,
                                              note="claimed in the next deal" if late else "", late=late))
                self.events.append(Msg('seat {seat} claims §{par} against side {side} (§33)', seat=seat, par=par, side=SIDES[c['side']]))
                if c["kind"] == "tausch":
                    self._finish()
                return
        self.events.append(Msg('seat {seat} claims §{par}: the cards show no offence (§33)', seat=seat, par=par))

    # ------------------------------------------------------------------ end
    def _finish(self) -> None:
        self._check_unseen_conceded()
        for _, name, _, _ in self.pending:
            # the Partie was decided with a bid still open (a concession reached the target, §7/§34
            # Partieverlust): the open offer lapses; a figure held before keeps its held stake
            f = self.figs[name]
            f.status = "held" if f.value else "lapsed"
            self.events.append(Msg('the open bid on the {name} lapses: the Partie is decided', name=name))
        self.pending = []
        self._result = self._settle()
        winner = self._result.summary.get("winner")
        if self.opts.offences == "penalise" and winner is not None and self.phase != "schreiben":
            # §33 "Reklamationen beim Aufschreiben gelten nur so lange, bis die Punkte des darauffolgenden
            # Spieles notiert werden": this deal decides the Partie and no deal follows, so the side that
            # loses it is asked at the write-up (claim or write). Asked after every deciding deal, offence
            # or not, so that the question itself gives nothing away.
            self.phase = "schreiben"
            self.turn = self._first_of(1 - SIDES.index(winner))
            self.events.append(Msg("side {side} reaches the target: the points are written unless a claim is made now (§33)", side=winner))
            return
        self.phase = "over"
        self.turn = -1

    def outcomes(self) -> list[FigureOutcome]:
        """The figures of this deal as :func:`~.scoring.settle` wants them."""
        out = []
        if self.endgame:
            mr = getattr(self, "meld_result", None)
            if mr is not None:
                # the figure that went out (or stands) at 17 : 17 is written under its own name (§25)
                out.append(FigureOutcome(mr[2], "unbid", self.opts.unbid_points, mr[0], cards=mr[1]))
            for f in self.figs.values():
                # §12 with §21 (profile live): a figure bid at 17 by mistake (fined 2 at once) and conceded
                # "gilt als gemacht und auch als geschrieben" -- written here as during the deal
                if f.name != "spiel" and f.status == "conceded" and (mr is None or f.name != mr[2]):
                    winner = f.conceded_to if not f.unseen else (f.winner if f.decided else None)
                    out.append(FigureOutcome(f.name, "conceded", f.conceded_value, winner, f.bidder, f.order,
                                             unseen=f.unseen))
            sp = self.figs["spiel"]
            out.append(FigureOutcome("spiel", "unbid", self.opts.unbid_points, sp.winner if sp.decided else None))
            return out
        for f in self.figs.values():
            if f.status == "conceded":
                winner = f.conceded_to
                if f.unseen:
                    winner = f.winner if f.decided else None
                out.append(FigureOutcome(f.name, "conceded", f.conceded_value, winner, f.bidder, f.order,
                                         unseen=f.unseen))
                continue
            if not f.decided:
                continue
            lacking: tuple[int, ...] = ()
            if f.status == "held" and f.name != "spiel" and not f.unseen:
                if self.opened_by is None:
                    lacking = tuple(s for s in (0, 1) if self._side_figure(f.name, s) is None)
                elif self.opts.par10_laid_open:
                    # §10 with §9: the side that lays its cards open shows them; a Gleich or Hanger it bid or
                    # held without having it costs §10 as ever (the sheet names no exception, and §9 "darf
                    # unter keinen Umständen mehr widerrufen werden": laying open is no way out)
                    lacking = tuple(s for s in (self.opened_by,) if self._side_figure(f.name, s) is None)
            status = "held" if f.status == "held" else "unbid"
            out.append(FigureOutcome(f.name, status, f.value if status == "held" else self.opts.unbid_points,
                                     f.winner, f.bidder, f.order, f.cards, f.unseen, lacking))
        return out

    def _settle(self) -> DealResult:
        s = settle(self.outcomes(), self.penalties, self.standing, self.owed, self.opts.target, self.opts.dritzig_at_17)
        claimable = []
        for c in self.offences:
            if not c.get("claimed"):
                cc = dict(c)
                if cc["kind"] == "farbleugnen":
                    sp = [ln for ln in s.lines if ln.label.startswith("Spiel") and ln.note.startswith(SIDES[c["side"]])]
                    cc["transfer"] = sum(ln.value for ln in sp)
                claimable.append(cc)
        summary = {
            "tricks": self.tricks, "trump": D.format(self.trump_card) if self.trump_card >= 0 else None,
            "figures": {n: f.to_json() for n, f in self.figs.items()},
            "won": list(self.won), "owed": list(s.owed), "claimable": claimable, "dealer": self.dealer,
            # the figures' cards laid open to show them (§22): everybody saw them at the table
            "shown_hands": {str(k): D.format_cards(sorted(v)) for k, v in sorted(self.shown_hands.items())},
            "winner": SIDES[s.winner] if s.winner is not None else None,
        }
        return DealResult(s.points, s.lines, summary=summary)

    def is_over(self) -> bool:
        return self.phase == "over"

    def result(self) -> DealResult:
        if self._result is None or self.phase != "over":
            raise IllegalAction(Msg("the deal is not over yet"))
        return self._result

    # ------------------------------------------------------------------ views
    def _common(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "phase": self.phase,
            "dealer": self.dealer,
            "trump": D.suits[self.trump] if self.trump >= 0 else None,
            "trump_card": D.format(self.trump_card) if self.trump_card >= 0 else None,
            "trick": [[s, p.notation()] for s, p in self.trick],
            "last_trick": getattr(self, "last_trick", []),
            # who took the last trick (everybody saw it)
            "last_winner": self.tricks[-1]["winner"] if self.tricks else None,
            "tricks_won": list(self.won),
            "played": [list(x) for x in self.played],
            "figures": {n: f.to_json() for n, f in self.figs.items()},
            "pending": ({"seat": self.pending[0][0], "figure": self.pending[0][1],
                         "value": _value_word(self.pending[0][2]), "unseen": self.pending[0][3],
                         "partner_asked": self.asked_partner}
                        if self.pending and self.phase == "answer" else None),
            "written": [self.total(0), self.total(1)],
            "standing": list(self.standing),
            "target": self.opts.target,
            "spiel_side": SIDES[self.spiel_side] if self.spiel_side is not None else None,
            "looked": list(self.looked),
            "kept": D.format_cards(self.kept),
            "turned_up": D.format_cards(self.turned_up),  # Eichel cards turned up and put under (§7)
            "events": list(self.events),
            "history": [[s, a] for s, a in self.history if not a.startswith("zeichen:")],
            "shown_figure": self.shown_fig.describe() if self.shown_fig else None,
            "figure_on_table": self.fig_queue[0] if self.phase == "figures" and self.fig_queue else None,
            "to_act": list(self.to_act()),
            "exchanged": getattr(self, "exchanged", None),
            "shown_hands": {str(k): D.format_cards(sorted(v)) for k, v in sorted(self.shown_hands.items())},
            "owed": list(self.owed),
            "previous_offences": [dict(c) for c in self.old_claims],
        }
        if self.shown and self.stock:
            d["luck"], d["boden"] = D.format(self.stock[0]), D.format(self.stock[-1])
        if self.phase == "keep":
            d["lifted_bottom"] = D.format(self.lifted[-1])
        return d

    def view(self, seat: int) -> dict[str, Any]:
        d = self._common()
        d["seat"] = seat
        d["hand"] = D.format_mask(self.hands[seat]) if self.looked[seat] else []
        partner = (seat + 2) % 4
        d["signals"] = [[s, g] for s, g in self.signals if s in (seat, partner)]
        # the round of each of those signals: the seat knows when it and its partner signalled (one signal
        # a round, §9), so a determinization (sample_state) restores what the seat may still signal
        d["signal_rounds"] = [r for (s, _), r in zip(self.signals, self.signal_rounds) if s in (seat, partner)]
        if self.phase == "figures":
            # the side answers for its figure as one (§22–§24): whether it can weisen, abweisen or stellen
            # depends on the partner's cards too, and the seat learns it from its legal actions, so the
            # view says it (and sample_state keeps it)
            d["figure_options"] = [a for a in self._figure_actions(seat) if a in ("weisen", "abweisen", "stellen")]
        return d

    def restore_signals(self, signals: list[list[Any]], rounds: list[int]) -> None:
        """Put back the partner signals a seat knows of (its own and its partner's, with their rounds):
        used by ``sample_state``, since signals are not in the public history. Signals change nothing
        but what may still be signalled this round (§9)."""
        for (s, g), r in zip(signals, rounds):
            self.signals.append((int(s), str(g)))
            self.signal_rounds.append(int(r))
            self.signalled.add((int(s), int(r)))

    def public_view(self) -> dict[str, Any]:
        d = self._common()
        d["hand"] = None
        return d




#: every unseen bid (§32) as its word and the figures it names


