"""Perlaggen at a live table: the three figures (bid, held, conceded, who made them) and penalties.

Columns are the two partnerships, ``1+3`` and ``2+4`` (the engine's sides A and B); rows do not
balance. The settlement is :func:`stammtisch.games.perlaggen.scoring.settle`; it needs the
standing of the Partie and the penalty points still owed, which each row hands on to the next
(:attr:`Settlement.carry`); a new Partie starts after a side reaches the target (Perlaggen §2).
A row may be corrected only until the next game's points are written, never later (Perlaggen §33).

A ``game`` entry::

    {"kind": "game", "figures": [
        {"figure": "gleich", "status": "held", "value": 3, "winner": "1+3", "bidder": "2+4"},
        {"figure": "hanger", "status": "unbid", "winner": null},
        {"figure": "spiel", "status": "conceded", "value": 2, "winner": "2+4", "bidder": "2+4"}],
     "penalties": [{"kind": "farbleugnen", "side": "1+3"}]}

A side is ``"1+3"`` / ``"2+4"``, ``"A"`` / ``"B"``, or a position (1..4) of that partnership.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from . import Adapter, PlayedDeal, GameContext, Settlement, named

_ALLOWED = {"kind", "figures", "penalties", "label", "note"}
_SIDE_NAMES = {"1+3": 0, "2+4": 1, "A": 0, "B": 1, "a": 0, "b": 1}


def _side(v: Any, what: str, optional: bool = False) -> int | None:
    if v is None and optional:
        return None
    if isinstance(v, str) and v in _SIDE_NAMES:
        return _SIDE_NAMES[v]
    if isinstance(v, int) and not isinstance(v, bool) and 1 <= v <= 4:
        return (v - 1) % 2
    raise IllegalAction(Msg("{what}: a side is '1+3', '2+4' or a position from 1 to 4, not {value}", what=named(what), value=repr(v)))


class PerlaggenAdapter(Adapter):
    """Facts per partnership for :func:`stammtisch.games.perlaggen.scoring.settle`."""

    game = "perlaggen"
    title = "Perlaggen"
    zero_sum = False
    team_game = True
    table_sizes = (4,)
    round_games = {4: 0}
    correction_rule = "Perlaggen §33"
    late_rule = "Perlaggen §33"
    example = {"kind": "game", "figures": [
        {"figure": "gleich", "status": "held", "value": 2, "winner": "1+3", "bidder": "1+3"},
        {"figure": "hanger", "status": "unbid", "winner": None},
        {"figure": "spiel", "status": "unbid", "winner": "2+4"}]}
    facts_help = {
        "figures": "[{figure: gleich|hanger|spiel, status: unbid|conceded|held, value, winner: side|null, "
                   "bidder: side, order, cards, unseen, lacking: [side]}]",
        "penalties": "[{kind: vergeben|mehr_als_fuenf|tausch|bluff|farbleugnen|ueberbieten|kartenstehlen, side, "
                     "transfer, late}]",
    }

    def _form(self, opts: Any) -> list[dict[str, Any]]:
        return [
            {"name": "figures", "label": "Figuren", "type": "json",
             "hint": '[{"figure": "gleich", "status": "held", "value": 2, "winner": "1+3", "bidder": "1+3"}, '
                     '{"figure": "hanger", "status": "unbid", "winner": null}, '
                     '{"figure": "spiel", "status": "unbid", "winner": "2+4"}]'},
            {"name": "penalties", "label": "Strafen", "type": "json", "optional": True,
             "hint": '[{"kind": "farbleugnen", "side": "1+3"}]'},
        ]

    def _target(self, ctx: GameContext) -> tuple[int, bool]:
        opts = self.options(ctx)
        return int(getattr(opts, "target", 18)), bool(getattr(opts, "dritzig_at_17", True))

    def _carry(self, ctx: GameContext, points: tuple[int, int], owed: tuple[int, int], winner: int | None,
               target: int) -> dict[str, Any]:
        standing = list(ctx.carry.get("standing", [0, 0]))
        partien = list(ctx.carry.get("partien", [0, 0]))
        total = [standing[0] + points[0], standing[1] + points[1]]
        if winner is None and max(total) >= target:
            winner = 0 if total[0] >= total[1] else 1
        if winner is not None:
            partien[winner] += 1
            return {"standing": [0, 0], "owed": [0, 0], "partien": partien}
        return {"standing": total, "owed": list(owed), "partien": partien}

    def row_carry(self, row: Settlement, ctx: GameContext) -> Mapping[str, Any]:
        if row.struck:
            return dict(ctx.carry)
        target, _ = self._target(ctx) if self.available() else (18, True)
        owed = tuple(ctx.carry.get("owed", [0, 0]))
        return self._carry(ctx, (row.points[0], row.points[1]), owed, None, target)  # type: ignore[arg-type]

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        scoring = self.scoring()
        unknown = set(facts) - _ALLOWED
        if unknown:
            raise IllegalAction(Msg("unknown {game} facts {facts} (known: {known})", game="Perlaggen", facts=", ".join(sorted(unknown)), known=", ".join(sorted(_ALLOWED))))
        figs = facts.get("figures")
        if not isinstance(figs, (list, tuple)) or not figs:
            raise IllegalAction(Msg("name what became of the figures: 'figures': [(figure, status, value, winner)]"),
                                rule="Perlaggen §3")
        outcomes = []
        for i, f in enumerate(figs):
            if not isinstance(f, Mapping) or f.get("figure") not in scoring.FIGURES:
                raise IllegalAction(Msg("figure {n}: 'figure' is gleich, hanger or spiel", n=i + 1), rule="Perlaggen §3")
            outcomes.append(scoring.FigureOutcome(
                f["figure"], str(f.get("status", "unbid")), int(f.get("value", 1)),
                _side(f.get("winner"), "winner", True), _side(f.get("bidder"), "bidder", True), int(f.get("order", i)),
                int(f.get("cards", 0)), bool(f.get("unseen", False)),
                tuple(_side(x, "lacking") for x in f.get("lacking", ()))))
        pens = []
        for p in facts.get("penalties", ()) or ():
            if not isinstance(p, Mapping) or "kind" not in p:
                raise IllegalAction(Msg("a penalty is (kind, side)"))
            pens.append(scoring.Penalty(str(p["kind"]), _side(p.get("side"), "penalty side"),
                                        int(p.get("transfer", 0)), str(p.get("note", "")), bool(p.get("late", False))))
        target, dritzig = self._target(ctx)
        standing = tuple(ctx.carry.get("standing", [0, 0]))
        owed = tuple(ctx.carry.get("owed", [0, 0]))
        try:
            s = scoring.settle(outcomes, pens, standing, owed, target, dritzig)
        except ValueError as exc:
            raise IllegalAction(str(exc), rule="Perlaggen §3") from None
        points = (int(s.points[0]), int(s.points[1]))
        label = str(facts.get("label") or ("Partie " + ("1+3" if s.winner == 0 else "2+4") if s.winner is not None
                                           else "Spiel"))
        return Settlement(points, tuple(s.lines), None, label, False, str(facts.get("note", "")),
                          carry=self._carry(ctx, points, tuple(s.owed), s.winner, target))

    played_needs_state = True

    def played_facts(self, deal: PlayedDeal) -> dict[str, Any] | None:
        """The keeper's facts of a deal played online: what became of each figure and the penalties
        (Perlaggen §10, §12, §26, §28)."""
        state = deal.state
        if state is None or not hasattr(state, "outcomes"):
            return None
        side = deal.team  # figures and penalties name a partnership (0: seats 0+2)
        return {"kind": "game",
                "figures": [{"figure": f.figure, "status": f.status, "value": f.value, "winner": side(f.winner),
                             "bidder": side(f.bidder), "order": f.order, "cards": f.cards, "unseen": f.unseen,
                             "lacking": [side(x) for x in f.lacking]} for f in state.outcomes()],
                "penalties": [{"kind": p.kind, "side": side(p.side), "transfer": p.transfer, "note": p.note,
                               "late": p.late} for p in state.penalties]}


ADAPTER = PerlaggenAdapter()
