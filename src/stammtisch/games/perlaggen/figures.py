"""The figures of a Perlaggen deal after the Spiel: showing, bettering, standing, conceding (Perlaggen §22–§24).

:class:`Fig` is the bidding state of one figure (Gleich, Hanger, Spiel); :class:`FiguresMixin` is the
part of :class:`~stammtisch.games.perlaggen.state.PerlaggenDeal` that decides them once the Spiel is
decided (§23): the Spiel side shows (``weisen``), concedes (``gut``) or bids each undecided figure, the
others answer ``abweisen`` (better), ``stellen`` (equal) or ``gut``.
"""

from __future__ import annotations

from ...core.messages import Msg
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .rules import Figure, best_figure, figure_cards, figure_members
from .scoring import AUS, SIDES

if TYPE_CHECKING:
    from .options import PerlaggenOptions

__all__ = ["Fig", "FiguresMixin", "side_of"]


def side_of(seat: int) -> int:
    """Side 0 (A: seats 0 and 2) or 1 (B: seats 1 and 3): partners sit crosswise."""
    return seat % 2


def _value_word(v: int) -> str:
    return "aus" if v >= AUS else str(v)


@dataclass
class Fig:
    """The bidding state of one figure."""

    name: str
    status: str = "open"          # open | offered | held | conceded | lapsed
    value: int = 0                # stake once held
    offer: int = 0                # value on offer while offered
    offerer: int | None = None    # seat that made the pending offer
    bidder: int | None = None     # side that bid it
    raiser: int | None = None     # side that last held and so may raise next (§13)
    order: int = 0
    unseen: bool = False
    conceded_to: int | None = None
    conceded_value: int = 0
    winner: int | None = None     # decided: side that made it (None: stands)
    cards: int = 0
    decided: bool = False

    def to_json(self) -> dict[str, Any]:
        # a figure decided without a bid (shown, bettered, left or standing) is "decided", not "open"
        d: dict[str, Any] = {"status": "decided" if self.decided and self.status == "open" else self.status}
        if self.bidder is not None:
            d["bidder"] = SIDES[self.bidder]
        if self.status == "offered" and self.offerer is not None:
            d["offered_by"] = SIDES[side_of(self.offerer)]  # who made the open offer (a raise: the raiser)
        if self.status in ("held", "decided") and self.value:
            d["value"] = _value_word(self.value)
        if self.status == "held" and self.raiser is not None:
            d["held_by"] = SIDES[self.raiser]  # the side that said "halten" (§11), not the bidder
        if self.status == "offered":
            d["offer"] = _value_word(self.offer)
        if self.unseen:
            d["unseen"] = True
        if self.conceded_to is not None:
            d["conceded_to"] = SIDES[self.conceded_to]
            d["value"] = self.conceded_value
        if self.decided:
            d["winner"] = SIDES[self.winner] if self.winner is not None else None
        return d



class FiguresMixin:
    """Deciding the figures after the Spiel (§22–§24); mixed into :class:`PerlaggenDeal`."""

    if TYPE_CHECKING:
        opts: PerlaggenOptions
        dealer: int
        dealt: list[list[int]]
        endgame: bool
        events: list[str]
        fig_queue: list[str]
        fig_step: str
        figs: dict[str, Fig]
        pending: list[tuple[int, str, int, bool]]
        phase: str
        played: list[list[str]]
        shown_fig: Figure | None
        shown_hands: dict[int, list[int]]
        spiel_side: int | None
        trump: int
        turn: int

        def _bid_actions(self, seat: int) -> list[str]: ...
        def _finish(self) -> None: ...
        def _refuse(self, msg: str, par: str) -> None: ...

    def _decide_spiel(self, side: int) -> None:
        f = self.figs["spiel"]
        self.spiel_side = side
        if f.status == "conceded" and not f.unseen:
            self.spiel_side = f.conceded_to
        elif f.status == "conceded":
            f.winner, f.decided = (f.conceded_to if f.conceded_to == side else None), True
        else:
            f.winner, f.decided = side, True
            if f.status == "open":
                f.value = self.opts.unbid_points
        if self.endgame:
            return self._finish()
        self._start_figures()

    def _start_figures(self) -> None:
        held = sorted((f for f in self.figs.values() if f.name != "spiel" and f.status == "held"),
                      key=lambda f: f.order)
        rest = [f for f in self.figs.values() if f.name != "spiel" and f.status == "open"]
        self._check_unseen_conceded()
        self.fig_queue = [f.name for f in held + rest]
        self.phase = "figures"
        self._next_figure()

    def _check_unseen_conceded(self) -> None:
        """§32: "Wird das ungesehene Gebotene gut gelassen, so schreibt die bietende Partei die Punkte nur,
        wenn sie die gebotene(n) Figur(en) auch hat" — checked on the side's cards once the figures are
        settled, or whenever the deal ends before that (cards laid open, §9; the Partie decided)."""
        for f in self.figs.values():
            if f.name != "spiel" and f.status == "conceded" and f.unseen and not f.decided:
                mine = self._side_figure(f.name, f.conceded_to)  # type: ignore[arg-type]
                f.winner, f.decided = (f.conceded_to if mine else None), True
                f.cards = mine.n if mine else 0

    def _next_figure(self) -> None:
        self.fig_step = ""
        self.shown_fig = None
        while self.fig_queue and (self.figs[self.fig_queue[0]].decided
                                  or self.figs[self.fig_queue[0]].status == "conceded"):
            self.fig_queue.pop(0)
        if not self.fig_queue:
            return self._finish()
        self.turn = self._first_of(self.spiel_side)  # type: ignore[arg-type]

    def _first_of(self, side: int) -> int:
        for i in range(1, 5):
            s = (self.dealer + i) % 4
            if side_of(s) == side:
                return s
        return 0

    def _side_figure(self, name: str, side: int) -> Figure | None:
        return self._figure_seat(name, side)[0]

    def _figure_seat(self, name: str, side: int) -> tuple[Figure | None, int]:
        """The side's best figure of this kind and the seat that holds it."""
        best, seat = None, side
        for s in (side, side + 2):
            if self.opts.taufe_binds_figures:
                # §18, §28: a Perlagg played counts as its Taufe; only those still in the hand are free
                free, fixed = figure_cards(self.dealt[s], self.played[s], self.trump)
                f = best_figure(name, free, self.trump, fixed)
            else:
                f = best_figure(name, self.dealt[s], self.trump)
            if f is not None and (best is None or f > best):
                best, seat = f, s
        return best, seat

    def _show(self, name: str, side: int) -> None:
        """Weisen: the seat lays the cards of its figure open on the table (§22, §24), for everybody to
        check — only the figure's cards; the rest of the hand stays hidden (§25: the cards are not
        shown before it is needed)."""
        fig, seat = self._figure_seat(name, side)
        if fig is None:  # pragma: no cover - weisen/abweisen/stellen are offered only with a figure
            return
        shown = figure_members(fig, self.dealt[seat], self.played[seat] if self.opts.taufe_binds_figures else [],
                               self.trump)
        self.shown_hands[seat] = sorted(set(self.shown_hands.get(seat, [])) | set(shown))

    def _figure_actions(self, seat: int) -> list[str]:
        if not self.fig_queue or self.pending:
            return []
        name = self.fig_queue[0]
        if self.fig_step == "":
            if side_of(seat) != self.spiel_side:
                return []
            out = (["weisen"] if self._side_figure(name, self.spiel_side) else []) + ["gut"]  # type: ignore
            return out + self._bid_actions(seat)
        theirs = self._side_figure(name, 1 - self.spiel_side)  # type: ignore[operator]
        out = []
        if theirs is not None and self.shown_fig is not None:
            if theirs > self.shown_fig:
                out.append("abweisen")
            elif theirs == self.shown_fig:
                out.append("stellen")
        return out + ["gut"]

    def _a_figures(self, seat: int, action: str) -> None:
        if action not in self._figure_actions(seat):
            self._refuse(Msg("'{action}' is not possible now: the Spiel side must weisen, bieten or gut lassen, the others abweisen (better), stellen (equal) or gut lassen", action=action), "§22")
        name = self.fig_queue[0]
        f = self.figs[name]
        ss: int = self.spiel_side  # type: ignore[assignment]
        if self.fig_step == "":
            if action == "weisen":
                self.shown_fig = self._side_figure(name, ss)
                self._show(name, ss)
                self.events.append(Msg('side {side} shows {figure} (§22)', side=SIDES[ss], figure=self.shown_fig.describe()))  # type: ignore
                self.fig_step = "shown"
                self.turn = self._first_of(1 - ss)
                return
            # gut: the figure is left to the other side
            other = self._side_figure(name, 1 - ss)
            self._decide(f, (1 - ss) if other else None, other.n if other else 0)
            self.events.append(Msg('side {side} leaves the {name} to side {other_side}', side=SIDES[ss], name=name, other_side=SIDES[1 - ss]))
            return self._next_figure()
        shown = self.shown_fig
        if action == "abweisen":
            theirs = self._side_figure(name, 1 - ss)
            self._show(name, 1 - ss)
            self.events.append(Msg('side {side} shows better: {figure} (§22)', side=SIDES[1 - ss], figure=theirs.describe()))  # type: ignore
            self._decide(f, 1 - ss, theirs.n)  # type: ignore[union-attr]
        elif action == "stellen":
            self._show(name, 1 - ss)
            self.events.append(Msg('the {name} stands (§22)', name=name))
            self._decide(f, None, shown.n)  # type: ignore[union-attr]
        else:
            self._decide(f, ss, shown.n)  # type: ignore[union-attr]
        self._next_figure()

    def _decide(self, f: Fig, winner: int | None, cards: int) -> None:
        f.winner, f.cards, f.decided = winner, cards, True
        if f.status == "open":
            f.value = self.opts.unbid_points
