"""Fixing the contract of a Königrufen deal: the bidding, the Besserrufer's bird and the king call
(Österreich-Finale 3), 4); Tiroler Cup, Paragrafen).

:class:`BiddingMixin` is the part of :class:`~stammtisch.games.tarock.state.TarockDeal` that runs the
phases ``bidding``, ``bird`` and ``call``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from .announcements import _Target
from .cards import BIRDS, KING_MASK, KINGS, PAGAT, TAROCK
from .options import CONTRACTS, PREMIUM_TITLES

if TYPE_CHECKING:
    from .options import Contract, TarockOptions

__all__ = ["BiddingMixin", "KING_NAMES"]

KING_NAMES = {7: "HK", 15: "KK", 23: "PK", 31: "XK"}
#: the words of the legal bids, built once
_BID_WORDS = {n: f"bid:{n}" for n in CONTRACTS}
_CHOICE_MESSAGES = {"besserrufer_ohne_vogel": Msg("a Besserrufer needs a bird (Pagat, Uhu, Kakadu or Quapil) in the hand"),
                    "solorufer_vier_koenige": Msg("a Solorufer with four kings is Renonce")}
_CHOICE_RULES = {"besserrufer_ohne_vogel": "Österreich-Finale 4)", "solorufer_vier_koenige": "Tiroler Cup, Paragrafen"}


def _card(text: str) -> int:
    return TAROCK.parse(text)


class BiddingMixin:
    """Bidding (Österreich-Finale 3)), bird and king call (Österreich-Finale 4)); mixed into :class:`TarockDeal`."""

    if TYPE_CHECKING:
        opts: TarockOptions
        bid: str | None
        bidder: int | None
        bird: str | None
        called: int | None
        called_fourth: bool
        contract: Contract | None
        declarer: int | None
        final_choice: bool
        hands: list[int]
        partner: int | None
        passed: set[int]
        passed_on: bool
        phase: str
        players: tuple[int, ...]
        premiums: dict[str, _Target]
        spoke: set[int]
        turn: int | None

        def _after_call(self) -> None: ...
        def _commit_renonce(self, kind: str, offender: int, text: str) -> None: ...
        def _event(self, text: str) -> None: ...
        def _log(self, seat: int, action: str, public: str | None = None) -> None: ...
        def _next(self, seat: int) -> int: ...
        def _order(self) -> tuple[str, ...]: ...
        def _refuse_or_detect(self, message: str, rule: str, kind: str, offender: int) -> bool: ...

    def _bid_allowed(self, seat: int, name: str) -> Msg | None:
        """None when ``seat`` may bid ``name`` now, else the reason (Österreich-Finale 3))."""
        why = self._bid_refusal(seat, name)
        if why == 0:
            return None
        if why == 1:
            return Msg("the Sechserdreier only as Vorhand's first word")
        if why == 2:
            return Msg("{contract} only by the Vorhand after 'Vorhand' and three passes", contract=CONTRACTS[name].title)
        return Msg("a bid must be higher than {contract}", contract=CONTRACTS[self.bid].title)  # type: ignore[index]

    def _bid_refusal(self, seat: int, name: str) -> int:
        """:meth:`_bid_allowed` as a code, without the text (the legal list asks for every contract):
        0 allowed, 1 Sechserdreier not as Vorhand's first word, 2 only after 'Vorhand' and three
        passes, 3 not higher than the bid."""
        c = CONTRACTS[name]
        if self.final_choice:
            return 0 if c.vorhand != "first" else 1
        if c.vorhand == "after":
            return 2
        if c.vorhand == "first" and not (seat == self.players[0] and seat not in self.spoke):
            return 1
        if self.bid is not None:
            rank = self.opts.rank
            if rank(name) <= rank(self.bid):
                return 3
        return 0

    def _choice_renonce(self, seat: int, name: str) -> str | None:
        """Bids that are Renonce choices (Tiroler Cup, Paragrafen; Österreich-Finale 4))."""
        hand = self.hands[seat]
        if name == "besserrufer" and not hand & (0b1111 << PAGAT):
            return "besserrufer_ohne_vogel"
        if name == "solorufer" and hand & KING_MASK == KING_MASK:
            return "solorufer_vier_koenige"
        return None

    def _legal_bidding(self, seat: int) -> list[str]:
        out = []
        vorhand = self.players[0]
        if self.final_choice:
            return [_BID_WORDS[n] for n in self._order() if not self._bid_refusal(seat, n)
                    and self._choice_renonce(seat, n) is None]
        if seat == vorhand and seat not in self.spoke:
            out.append("vorhand")
            if self._may_pass_on(seat):
                out.append("weitergeben")
        else:
            out.append("pass")
            if (seat == vorhand and self.opts.vorhand_may_hold and self.bid is not None and self.bidder != seat
                    and self._choice_renonce(seat, self.bid) is None):
                out.append("hold")
        order = self._order()
        if self.bid is not None:  # only higher bids (Österreich-Finale 3)): the order is by rank
            order = order[self.opts.rank(self.bid) + 1:]
        out += [_BID_WORDS[n] for n in order if not self._bid_refusal(seat, n)
                and self._choice_renonce(seat, n) is None]
        return out

    def _may_pass_on(self, seat: int) -> bool:
        """Club option ``vorhand_four_kings_pass_on`` (Königrufen-Hausregel, docs/rules/tarock.md): the Vorhand with all four kings may pass
        the Vorhand on, as his first word and only once per deal."""
        return (self.opts.vorhand_four_kings_pass_on and not self.passed_on and seat == self.players[0]
                and seat not in self.spoke and self.hands[seat] & KING_MASK == KING_MASK)

    def _do_bidding(self, seat: int, action: str) -> None:
        vorhand = self.players[0]
        rule = "Österreich-Finale 3)"
        if action == "weitergeben":
            if not self._may_pass_on(seat):
                raise IllegalAction(Msg("only the Vorhand holding all four kings may pass the Vorhand on, as his "
                                    "first word (option vorhand_four_kings_pass_on)"), rule="Königrufen-Hausregel")
            # the next player becomes Vorhand for this deal: the order of play is unchanged, it only starts
            # one seat later (bidding rights, lead of positive games and Trischaken, Trischaker)
            self.players = self.players[1:] + self.players[:1]
            self.passed_on = True
            self._event(Msg('seat {seat} passes the Vorhand on (four kings): seat {seat_b} is Vorhand', seat=seat, seat_b=self.players[0]))
            self._log(seat, action)
            self.turn = self.players[0]
            return
        if action == "vorhand":
            if seat != vorhand or seat in self.spoke or self.final_choice:
                raise IllegalAction(Msg("only the Vorhand opens with 'Vorhand', as first word"), rule=rule)
            self.spoke.add(seat)
            self._event(Msg('seat {seat}: Vorhand', seat=seat))
            self._log(seat, action)
            self._advance_bidding(seat)
            return
        if action == "pass":
            if self.final_choice or (seat == vorhand and seat not in self.spoke):
                raise IllegalAction(Msg("the Vorhand opens with 'Vorhand' or a contract and cannot pass now"), rule=rule)
            self.spoke.add(seat)
            self.passed.add(seat)
            self._event(Msg('seat {seat}: gut', seat=seat))
            self._log(seat, action)
            self._advance_bidding(seat)
            return
        if action == "hold":
            if not (seat == vorhand and seat in self.spoke and self.bid is not None and self.bidder != seat
                    and not self.final_choice):
                raise IllegalAction(Msg("only the Vorhand may hold a contract bid by another"), rule=rule)
            if not self.opts.vorhand_may_hold:
                raise IllegalAction(Msg("the Vorhand may not hold in this profile (option vorhand_may_hold)"),
                                    rule="Tiroler Cup, Paragrafen")
            kind = self._choice_renonce(seat, self.bid)
            if kind:  # holding a Besserrufer without a bird is the same Renonce as bidding it
                self._refuse_or_detect(_CHOICE_MESSAGES[kind], _CHOICE_RULES[kind], kind, seat)
            self.bidder = seat
            self._event(Msg("seat {seat} holds {contract}", seat=seat, contract=CONTRACTS[self.bid].title))
            self._log(seat, action)
            self._advance_bidding(seat)
            return
        if action.startswith("bid:"):
            name = action[4:]
            if name not in CONTRACTS or name not in self._order():
                raise IllegalAction(Msg("unknown contract '{name}' (known: {order})", name=name, order=', '.join(self._order())), rule=rule)
            why = self._bid_allowed(seat, name)
            if why:
                raise IllegalAction(why, rule=rule)
            kind = self._choice_renonce(seat, name)
            if kind:
                self._refuse_or_detect(_CHOICE_MESSAGES[kind], _CHOICE_RULES[kind], kind, seat)
            self.spoke.add(seat)
            self.bid, self.bidder = name, seat
            self._event(Msg("seat {seat}: {contract}", seat=seat, contract=CONTRACTS[name].title))
            self._log(seat, action)
            if self.final_choice:
                self._finish_bidding()
                return
            self._advance_bidding(seat)
            return
        raise IllegalAction(Msg("'{action}' is no bid (vorhand, pass, hold, bid:<contract>, weitergeben)", action=action), rule=rule)

    def _advance_bidding(self, seat: int) -> None:
        active = [p for p in self.players if p not in self.passed]
        if len(active) == 1:
            if self.bid is not None and self.bidder == active[0]:
                self._finish_bidding()
                return
            # only "Vorhand" was said and the others passed: Vorhand chooses (Rufer, Trischaken allowed)
            self.final_choice = True
            self.turn = active[0]
            return
        nxt = self._next(seat)
        while nxt in self.passed:
            nxt = self._next(nxt)
        self.turn = nxt

    def _finish_bidding(self) -> None:
        assert self.bid is not None and self.bidder is not None
        self.contract = c = CONTRACTS[self.bid]
        self.declarer = d = self.bidder
        self._event(Msg("seat {seat} plays {contract}", seat=d, contract=c.title))
        kind = self._choice_renonce(d, c.name)
        if kind:
            self._commit_renonce(kind, d, Msg('{title} without the cards for it', title=c.title))
            return
        if c.name == "besserrufer":
            self.phase, self.turn = "bird", d
        elif c.calls_king:
            self.phase, self.turn = "call", d
        else:
            self._after_call()

    def _legal_bird(self, seat: int) -> list[str]:
        return [f"bird:{b}" for b in ("pagat", "uhu", "kakadu", "quapil")]

    def _do_bird(self, seat: int, action: str) -> None:
        b = action[5:] if action.startswith("bird:") else ""
        if b not in BIRDS:
            raise IllegalAction(Msg("the Besserrufer names his bird: bird:pagat|uhu|kakadu|quapil"),
                                rule="Österreich-Finale 4)")
        self.bird = b
        t = _Target(seat)
        self.premiums[b] = t
        self._event(Msg("seat {seat} announces {premium} (Besserrufer)", seat=seat, premium=PREMIUM_TITLES[b]))
        self._log(seat, action)
        self.phase = "call"

    def _legal_call(self, seat: int) -> list[str]:
        hand = self.hands[seat]
        held = hand & KING_MASK
        if held == KING_MASK:
            return [f"call:{KING_NAMES[k]}" for k in KINGS]  # four kings: any call is his own
        out = [f"call:{KING_NAMES[k]}" for k in KINGS if not hand >> k & 1]
        if bin(held).count("1") == 3:
            out.append("call:fourth")
        return out

    def _do_call(self, seat: int, action: str) -> None:
        rule = "Österreich-Finale 4)"
        what = action[5:] if action.startswith("call:") else ""
        hand = self.hands[seat]
        held = hand & KING_MASK
        if what == "fourth":
            if bin(held).count("1") != 3:
                raise IllegalAction(Msg("'the fourth king' needs three kings in the hand"), rule=rule)
            king = next(k for k in KINGS if not held >> k & 1)
            self.called_fourth = True
        else:
            try:
                king = _card(what)
            except Exception:
                king = -1
            if king not in KINGS:
                raise IllegalAction(Msg("call a king: call:HK, call:KK, call:PK, call:XK or call:fourth"), rule=rule)
            if hand >> king & 1 and held != KING_MASK:
                self._refuse_or_detect(Msg("one may not call one's own king"), rule, "eigener_koenig", seat)
                self.called = king
                self._log(seat, action)
                self._commit_renonce("eigener_koenig", seat, Msg("called his own king"))
                return
        self.called = king
        self.partner = next((p for p in self.players if p != seat and self.hands[p] >> king & 1), None)
        self._event(Msg("seat {seat} calls the fourth king", seat=seat) if self.called_fourth else
                    Msg("seat {seat} calls {king}", seat=seat, king=TAROCK.format(king)))
        self._log(seat, action)
        self._after_call()
