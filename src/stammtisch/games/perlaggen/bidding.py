"""Bidding in a Perlaggen deal: bids, answers, raises, the Spiel in the fifth round, unseen bids and
the right to bid at ``target - 1`` (Perlaggen §8–§14, §21, §29, §32).

:class:`BiddingMixin` is the part of :class:`~stammtisch.games.perlaggen.state.PerlaggenDeal` that
keeps the queue of offers (``pending``) and the stakes of the figures (:class:`~.figures.Fig`).
"""

from __future__ import annotations

from ...core.messages import Msg
from typing import TYPE_CHECKING, Any

from .figures import Fig, _value_word, side_of
from .rules import suit_mask
from .scoring import AUS, FIGURES, SIDES, Penalty

if TYPE_CHECKING:
    from .options import PerlaggenOptions
    from .rules import Played

__all__ = ["BiddingMixin", "LADDER", "UNSEEN_SPECS"]

#: the stakes a figure passes through: bid 2, raised 3 … 7, "Spiel aus" (§13)
LADDER = (2, 3, 4, 5, 6, 7, AUS)
#: unseen bids (§32): one, two or all three figures, the first named is bid first ("das Vorgebotene");
#: ``alle`` = Gleich, Hanger, Spiel, the order §32 sets when none is named
UNSEEN_SPECS = ("gleich", "hanger", "spiel", "gleich+hanger", "gleich+spiel", "hanger+spiel", "alle",
                "hanger+gleich", "spiel+gleich", "spiel+hanger", "gleich+spiel+hanger", "hanger+gleich+spiel",
                "hanger+spiel+gleich", "spiel+gleich+hanger", "spiel+hanger+gleich")

#: the words of the bids and raises, built once (the legal lists are built at every step)
_BID_WORDS = {n: f"bieten:{n}" for n in FIGURES}
_RAISE_WORDS = {n: f"steigern:{n}" for n in FIGURES}

#: the figures (§3) and where a figure stands in the bidding, as players say them
FIGURE_WORDS: dict[str, Msg] = {"gleich": Msg("Gleich"), "hanger": Msg("Hanger"), "spiel": Msg("Spiel")}
STATUS_WORDS: dict[str, Msg] = {"open": Msg("open (figure)"), "offered": Msg("bid (figure)"), "held": Msg("held"),
                                "conceded": Msg("conceded (figure)"), "lapsed": Msg("lapsed (figure)"),
                                "decided": Msg("decided (figure)")}


def _unseen_names(spec: str) -> list[str]:
    """``"alle"`` → Gleich, Hanger, Spiel in that order (§32); ``"spiel+gleich"`` → both, the Spiel
    vorgeboten (bid first, so it decides first, §12)."""
    names = _UNSEEN_NAMES.get(spec)
    if names is None:
        names = _UNSEEN_NAMES[spec] = tuple(FIGURES) if spec == "alle" else tuple(spec.split("+"))
    return list(names)


_UNSEEN_NAMES: dict[str, tuple[str, ...]] = {}
#: every unseen bid (§32) as its word and the figures it names
_UNSEEN_WORDS = tuple((f"ungesehen:{s}", frozenset(_unseen_names(s))) for s in UNSEEN_SPECS)


class BiddingMixin:
    """Bids, answers and raises (§8–§14, §21, §29) and unseen bids (§32); mixed into :class:`PerlaggenDeal`."""

    if TYPE_CHECKING:
        opts: PerlaggenOptions
        asked_partner: bool
        counter: int
        events: list[str]
        fig_queue: list[str]
        fig_step: str
        figs: dict[str, Fig]
        hands: list[int]
        looked: list[bool]
        opened_by: int | None
        penalties: list[Penalty]
        pending: list[tuple[int, str, int, bool]]
        phase: str
        pmask: int
        return_phase: str
        spiel_side: int | None
        standing: tuple[int, int]
        trick: list[tuple[int, Played]]
        tricks: list[dict[str, Any]]
        trump: int
        turn: int

        def _decide_spiel(self, side: int) -> None: ...
        def _finish(self) -> None: ...
        def _next_figure(self) -> None: ...
        def _refuse(self, msg: str, par: str) -> None: ...
        def _to_exchange(self) -> None: ...
        def legal_actions(self, seat: int) -> list[str]: ...

    def total(self, side: int) -> int:
        """The side's points as written so far (standing plus figures conceded in this deal, §12)."""
        pen = self.penalties
        fined = 2 * sum(1 for p in pen if p.kind == "ueberbieten" and p.side == side) if pen else 0
        conceded = 0
        for f in self.figs.values():
            if f.conceded_to == side and not f.unseen:
                conceded += f.conceded_value
        return max(0, self.standing[side] - fined) + conceded

    def may_bid(self, seat: int) -> bool:
        """§21: a side at ``target - 1`` has no right to bid; §24: after the Spiel only the Spiel side."""
        if self.phase == "figures" and side_of(seat) != self.spiel_side:
            return False
        return self.total(side_of(seat)) < self.opts.target - 1 or self.opts.offences == "penalise"

    def _spiel_ok(self, seat: int) -> bool:
        """§29: once the fifth round is led, the Spiel is bid, held or raised only with the Spiel-Farbe,
        a trump or a Perlagg that the seat has in this round — in its hand, or already on the table: its
        own card lying in the fifth trick as Spiel-Farbe, trump or getaufter Perlagg may still win it
        (so the leader always qualifies, "ungeachtet, ob Trumpf oder Perlagg vorgelegt worden ist").
        Checked per seat, as the sheet says of the one who bids, holds or raises; either partner may
        answer for the side (§11)."""
        if len(self.tricks) == 4 and self.trick:
            led = self.trick[0][1].suit
            hand = self.hands[seat]
            if hand & (suit_mask(led) | suit_mask(self.trump) | self.pmask):
                return True
            return any(s == seat and (pl.prank or pl.suit in (led, self.trump)) for s, pl in self.trick)
        return True

    def _answering(self) -> tuple[int, ...]:
        """The seats that may answer the open bid: the one left of the bidder is asked first; after
        ``partner_fragen`` only his partner (§11: the side answers; §9: what one partner holds or
        concedes binds both)."""
        seat, _, _, _ = self.pending[0]
        if self.asked_partner:
            return ((seat + 3) % 4,)
        return ((seat + 1) % 4, (seat + 3) % 4)

    def _bid_actions(self, seat: int) -> list[str]:
        if self.phase not in ("play", "figures") or self.pending or self.opened_by is not None:
            return []
        if self.phase == "figures" and (self.fig_step or side_of(seat) != self.spiel_side):
            return []
        out = []
        if self.may_bid(seat):
            for n in FIGURES:
                f = self.figs[n]
                if f.status == "open" and not (n == "spiel" and (self.spiel_side is not None
                                                                  or not self._spiel_ok(seat))):
                    out.append(_BID_WORDS[n])
        for n in FIGURES:
            f = self.figs[n]
            if (f.status == "held" and f.raiser == side_of(seat) and f.value < AUS and self.may_bid(seat)
                    and not (n == "spiel" and (self.spiel_side is not None or not self._spiel_ok(seat)))):
                out.append(_RAISE_WORDS[n])
        return out

    def _answer_actions(self, seat: int) -> list[str]:
        offerer, name, value, unseen = self.pending[0]
        out = ["gut"]
        spiel_ok = name != "spiel" or self._spiel_ok(seat)
        if spiel_ok:
            out.insert(0, "halten")
            if value < AUS and not unseen and (self.total(side_of(seat)) < self.opts.target - 1
                                               or self.opts.offences == "penalise"):
                out.append("steigern")
        if not self.asked_partner and seat == (offerer + 1) % 4:
            out.append("partner_fragen")  # leave the answer to the partner (who then must answer)
        return out

    def _bid(self, seat: int, word: str, name: str) -> None:
        if name not in FIGURES:
            self._refuse(Msg("the figures are {figures}; bid one clearly: 'bieten:gleich'", figures=', '.join(FIGURES)), "§8")
        if self.pending:
            self._refuse(Msg("a bid is open: it must be answered first"), "§11")
        f = self.figs[name]
        side = side_of(seat)
        if self.total(side) >= self.opts.target - 1 and self.opts.offences != "penalise":
            self._refuse(Msg('a side with {n} points has no right to bid', n=self.opts.target - 1), "§21")
        if self.phase == "figures" and side != self.spiel_side:
            self._refuse(Msg("once the Spiel is decided only the Spiel side weist or bietet"), "§24")
        if self.opened_by is not None:
            self._refuse(Msg("the cards are laid open"), "§9")
        if name == "spiel" and self.spiel_side is not None:
            self._refuse(Msg("the Spiel is decided"), "§23")
        if name == "spiel" and not self._spiel_ok(seat):
            self._refuse(Msg("in the fifth round the Spiel is bid only with the Spiel-Farbe, a trump or a Perlagg"), "§29")
        if word == "bieten":
            if f.status != "open":
                self._refuse(Msg('the {name} is already {status}; the holding side may raise it', name=FIGURE_WORDS.get(name, name),
                                 status=STATUS_WORDS.get(f.status, f.status)), "§13")
            value = 2
        else:
            if f.status != "held":
                self._refuse(Msg('only a held figure is raised; the {name} is {status}', name=FIGURE_WORDS.get(name, name),
                                 status=STATUS_WORDS.get(f.status, f.status)), "§13")
            if f.raiser != side:
                self._refuse(Msg("raising is begun by the holding side and goes on alternately"), "§13")
            if f.value >= AUS:
                self._refuse(Msg("the figure is raised to 'Spiel aus' already"), "§13")
            value = LADDER[LADDER.index(f.value) + 1]
        if self.total(side) >= self.opts.target - 1:
            # §21: bidding at 17, even by mistake: 2 points penalty at once
            self.penalties.append(Penalty("ueberbieten", side, note=f"seat {seat}"))
            self.events.append(Msg('side {side} bids at {n}: 2 points penalty (§21)', side=SIDES[side], n=self.opts.target - 1))
        self.pending.append((seat, name, value, False))
        self.events.append((Msg("seat {seat} bids {name} {value} (§8)", seat=seat, name=name, value=_value_word(value)) if word == "bieten" else
                           Msg("seat {seat} raises {name} {value} (§8)", seat=seat, name=name, value=_value_word(value))))
        self._open_pending(return_phase=self.phase)

    def _open_pending(self, return_phase: str) -> None:
        if not self.pending:
            return
        if self.phase != "answer":
            self.return_phase = return_phase
        seat, name, value, unseen = self.pending[0]
        f = self.figs[name]
        if f.status == "open":
            f.order = self.counter
            f.unseen = unseen
            f.bidder = side_of(seat)
        self.counter += 1
        f.status, f.offer, f.offerer = "offered", value, seat
        self.phase = "answer"

    def _answer(self, seat: int, action: str) -> None:
        if action not in self._answer_actions(seat):
            offerer, name, value, unseen = self.pending[0]
            if name == "spiel" and action in ("halten", "steigern"):
                self._refuse(Msg("in the fifth round the Spiel is held only with the Spiel-Farbe, a trump or a "
                             "Perlagg"), "§29")
            self._refuse(Msg("every bid must be answered: 'halten', 'gut' or 'steigern'"), "§11")
        if action == "partner_fragen":
            self.asked_partner = True
            self.events.append(Msg('seat {seat} leaves the answer to the partner, seat {partner_seat} (§11)', seat=seat, partner_seat=(seat + 2) % 4))
            return
        self.asked_partner = False
        offerer, name, value, unseen = self.pending.pop(0)
        f = self.figs[name]
        side, oside = side_of(seat), side_of(offerer)
        if action == "gut":
            prev = f.value if f.value else 1
            f.status, f.conceded_to, f.conceded_value = "conceded", oside, prev
            f.order = self.counter
            self.counter += 1
            self.events.append(Msg('seat {seat} lässt {name} gut: side {side} writes {prev} (§12)', seat=seat, name=name, side=SIDES[oside], prev=prev))
            if name == "spiel" and not unseen:
                f.winner, f.decided = oside, True
        else:
            f.status, f.value, f.raiser = "held", value, side
            self.events.append(Msg('seat {seat} hält {name} {value} (§11)', seat=seat, name=name, value=_value_word(value)))
            if action == "steigern":
                if self.total(side) >= self.opts.target - 1:
                    self.penalties.append(Penalty("ueberbieten", side, note=f"seat {seat}"))
                    self.events.append(Msg('side {side} raises at {n}: 2 points penalty (§21)', side=SIDES[side], n=self.opts.target - 1))
                nxt = LADDER[LADDER.index(value) + 1]
                self.pending.insert(0, (seat, name, nxt, False))
                self.events.append(Msg('seat {seat} raises {name} to {value} (§13)', seat=seat, name=name, value=_value_word(nxt)))
                f.status, f.offer, f.offerer = "offered", nxt, seat
                return
        if self.pending:
            s2, n2, v2, u2 = self.pending[0]
            g = self.figs[n2]
            if g.status == "open":
                g.order, g.unseen, g.bidder = self.counter, u2, side_of(s2)
                self.counter += 1
            g.status, g.offer, g.offerer = "offered", v2, s2
            return
        self.phase = self.return_phase
        if any(self.total(s) >= self.opts.target for s in (0, 1)):
            return self._finish()
        if self.phase == "look":
            if all(self.looked):
                self._to_exchange()
            return
        if name == "spiel" and action == "gut" and not unseen and self.phase == "play":
            self._decide_spiel(oside)
        elif self.phase == "figures" and self.fig_queue and name == self.fig_queue[0]:
            self._next_figure() if f.status == "conceded" else None

    def _a_look(self, seat: int, action: str) -> None:
        word, _, arg = action.partition(":")
        if word == "ungesehen":
            if action not in self.legal_actions(seat):
                if self.looked[(seat + 2) % 4]:
                    self._refuse(Msg("a partnership bids unseen only while neither partner has looked"), "§32")
                if self.total(side_of(seat)) >= self.opts.target - 1:
                    self._refuse(Msg('at {n} points a side may not bid', n=self.opts.target - 1), "§21")
                if arg in UNSEEN_SPECS:
                    self._refuse(Msg("a figure already bid is not bid again; the holding side may raise it"), "§13")
                self._refuse(Msg('unseen bids are {unseen_specs}', unseen_specs=', '.join(UNSEEN_SPECS)), "§32")
            names = _unseen_names(arg)
            for n in names:
                self.pending.append((seat, n, 2, True))
            self.events.append(Msg('seat {seat} bids unseen: {names} (§32)', seat=seat, names=', '.join(names)))
            self.looked[seat] = True
            self._advance_look()
            self._open_pending(return_phase="look")
            return
        if action != "ansehen":
            self._refuse(Msg("look at the cards ('ansehen') or bid unseen ('ungesehen:…')"), "§32")
        self.looked[seat] = True
        self._advance_look()

    def _advance_look(self) -> None:
        for i in range(1, 5):
            s = (self.turn + i) % 4
            if not self.looked[s]:
                self.turn = s
                return
        if not self.pending:
            self._to_exchange()
