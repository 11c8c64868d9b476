"""The outcome of a finished Königrufen deal: sides, card points, Kontras and premiums as
:class:`~stammtisch.games.tarock.scoring.Outcome` for :func:`~stammtisch.games.tarock.scoring.settle`
(Österreich-Finale 4), 8); Tiroler Cup, Abrechnung).

:class:`OutcomeMixin` is the part of :class:`~stammtisch.games.tarock.state.TarockDeal` that reads
the deal's cards and announcements into that outcome; the settlement itself is pure (``scoring``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .cards import BIRDS, KING_MASK, TAROCK, TRULL_MASK, thirds_of
from .options import PREMIUMS
from .scoring import Outcome, Premium, Renonce, Settlement, Side, settle

if TYPE_CHECKING:
    from .announcements import _Target
    from .options import Contract, TarockOptions

__all__ = ["OutcomeMixin"]


class OutcomeMixin:
    """Building the :class:`Outcome` of the deal; mixed into :class:`TarockDeal`."""

    if TYPE_CHECKING:
        opts: TarockOptions
        n: int
        called: int | None
        claims: list[tuple[int, int]]
        contract: Contract | None
        decl_talon: int
        declarer: int | None
        discards: int
        game_target: _Target | None
        neg_kontra: dict[int, _Target]
        opp_talon: int
        partner: int | None
        players: tuple[int, ...]
        premiums: dict[str, _Target]
        renonces: list[Renonce]
        schleifen: bool
        struck: bool
        tricks: list[dict[str, Any]]
        won: list[int]
        won_count: list[int]

    def side_of(self, seat: int | None) -> Side:
        return "declarer" if seat == self.declarer or (seat == self.partner and seat is not None) else "opponents"

    def outcome(self) -> Outcome:
        """The deal as an :class:`~stammtisch.games.tarock.scoring.Outcome` (no cards)."""
        c = self.contract
        assert c is not None
        kw: dict[str, Any] = {}
        if c.kind == "trischaken":
            kw["thirds"] = tuple(thirds_of(self.won[s]) for s in range(self.n))
            kw["tricks"] = tuple(self.won_count)
            kw["declarer"] = None
        else:
            d = self.declarer
            assert d is not None
            partner = self.partner if c.calls_king and self.partner is not None else None
            kw["declarer"], kw["partner"] = d, partner
            side = [d] + ([partner] if partner is not None else [])
            kw["declarer_thirds"] = (sum(thirds_of(self.won[s]) for s in side) + thirds_of(self.discards)
                                     + thirds_of(self.decl_talon))
            kw["declarer_tricks"] = self.won_count[d] + (self.won_count[partner] if partner is not None else 0)
            if c.negative:
                kw["kontras"] = tuple(sorted((s, t.level) for s, t in self.neg_kontra.items()
                                             if s not in ((partner,) if partner is not None else ())))
            elif self.game_target is not None:
                by = self.game_target.by
                kw["kontra"] = 0 if by is not None and self.side_of(by) == "declarer" else self.game_target.level
            kw["premiums"] = tuple(self._premium_outcomes()) if len(self.tricks) == 12 and not self.renonces \
                else tuple(self._announced_only())
            kw["schleifen"] = self.schleifen
        return Outcome(c.name, self.players, self.n, renonces=tuple(self.renonces), claims=tuple(self.claims),
                       struck=self.struck, **kw)

    def _eff_kontra(self, t: _Target) -> int:
        """Kontras among partners do not count (Tiroler Cup, Abrechnung)."""
        if t.by is not None and self.side_of(t.by) == self.side_of(t.announcer):
            return 0
        return t.level

    def _announced_only(self) -> list[Premium]:
        return [Premium(name, self.side_of(t.announcer), True, False, self._eff_kontra(t), t.announcer)
                for name, t in self.premiums.items()]

    def _side_cards(self, side: str) -> int:
        m = 0
        for s in self.players:
            if self.side_of(s) == side:
                m |= self.won[s]
        if side == "declarer":
            m |= self.discards | self.decl_talon
        else:
            m |= self.opp_talon
        return m

    def _premium_outcomes(self) -> list[Premium]:
        c = self.contract
        assert c is not None
        if c.kind != "positive":
            return []
        allowed = c.premiums if c.premiums is not None else PREMIUMS
        out: list[Premium] = []
        for name in PREMIUMS:
            if name not in allowed:
                continue
            t = self.premiums.get(name)
            res = self._premium_result(name, t)
            if res is None:
                continue
            side, made = res
            if t is not None:
                out.append(Premium(name, self.side_of(t.announcer), True, made, self._eff_kontra(t),
                                   t.announcer))
            else:
                out.append(Premium(name, side, False, made))
        return out

    def _premium_result(self, name: str, t: _Target | None) -> tuple[Side, bool] | None:
        """``(side, made)`` of a premium; for an announced one the side is the announcer's.
        ``None``: a silent premium that did not happen."""
        if name in ("trull", "vier_koenige"):
            mask = TRULL_MASK if name == "trull" else KING_MASK
            sides: tuple[Side, Side] = ("declarer", "opponents")
            holder = next((s for s in sides if self._side_cards(s) & mask == mask), None)
            if t is not None:
                side = self.side_of(t.announcer)
                return side, holder == side
            return (holder, True) if holder else None
        if name == "valat":
            winners = {self.side_of(tr["winner"]) for tr in self.tricks}
            holder = next(iter(winners)) if len(winners) == 1 else None
            if t is not None:
                side = self.side_of(t.announcer)
                return side, holder == side
            return (holder, True) if holder else None
        if name == "koenig_ultimo":
            if self.called is None:
                return (self.side_of(t.announcer), False) if t is not None else None
            last = self.tricks[-1]
            king = TAROCK.format(self.called)
            played_last = king in last["cards"]
            holder = last["seats"][last["cards"].index(king)] if played_last else None
            side_wins = played_last and self.side_of(last["winner"]) == self.side_of(holder)
            if t is not None:
                return self.side_of(t.announcer), bool(played_last and holder == t.announcer and side_wins)
            if played_last and side_wins:
                return self.side_of(holder), True
            return None  # the loss of the called king is not scored unless announced (Österreich-Finale 4))
        card, trick_no = BIRDS[name]
        tr = self.tricks[trick_no - 1]
        text = TAROCK.format(card)
        in_trick = text in tr["cards"]
        player = tr["seats"][tr["cards"].index(text)] if in_trick else None
        wins = in_trick and tr["win_card"] == card
        if t is not None:
            return self.side_of(t.announcer), bool(in_trick and player == t.announcer and wins)
        if in_trick:
            return self.side_of(player), bool(wins)
        return None

    def settlement(self) -> Settlement:
        """The settlement (tournament points and money) of the finished deal."""
        return settle(self.opts, self.outcome())
