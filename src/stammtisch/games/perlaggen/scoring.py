"""Settlement of one Perlaggen deal as a pure function (no cards needed).

The engine calls :func:`settle` at the end of every deal; the scorekeeper calls the same function
for a live table. Input: what became of the three figures (bid, held, conceded, who made them),
the penalties, the standing before the deal and the penalty points still owed. Output: the points
per side (column ``A`` = seats 0 and 2, ``B`` = seats 1 and 3) and the lines that explain them.

Order of writing (Perlaggen §12, §14, §27): a figure raised to "Spiel aus" first (§14); then the
figures conceded, in the order they were conceded (written at once, §12); then the held figures
in the order they were bid (§12 "entscheidet die vorgebotene Figur", §27 "geht das Erstgebotene
aus ... entscheidet das Zweitgebotene"); then the unbid figures in the rank of §3 (Gleich, Hanger,
Spiel). The first side to reach the target wins the Partie and nothing after it is written.

>>> s = settle([FigureOutcome("gleich", "held", 2, winner=0, bidder=0),
...             FigureOutcome("spiel", "unbid", 1, winner=1)])
>>> s.points
(2, 1)
>>> settle([FigureOutcome("hanger", "held", 2, winner=1, bidder=0, lacking=(0,))]).points  # §10
(0, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Line

__all__ = ["AUS", "FIGURES", "FigureOutcome", "Penalty", "Settlement", "settle", "settle_json", "PENALTY_RULES",
           "SIDES"]

#: the value of a figure raised to "Spiel aus" (§13, §14): the Partie
AUS = 99
FIGURES = ("gleich", "hanger", "spiel")
SIDES = ("A", "B")
#: the penalty kinds and figures as words of the game (catalogue ids; ``str`` is the kind itself)
_KIND_WORDS = {"vergeben": Msg("vergeben"), "mehr_als_fuenf": Msg("mehr_als_fuenf"), "tausch": Msg("tausch"),
               "bluff": Msg("bluff"), "farbleugnen": Msg("farbleugnen"), "ueberbieten": Msg("ueberbieten"),
               "kartenstehlen": Msg("kartenstehlen")}
_FIGURE_WORDS = {"gleich": Msg("Gleich"), "hanger": Msg("Hanger"), "spiel": Msg("Spiel")}

#: penalty kind → (paragraph, points); Partieverlust is marked with points ``None``
PENALTY_RULES: dict[str, tuple[str, int | None]] = {
    "vergeben": ("Perlaggen §5", 2),
    "mehr_als_fuenf": ("Perlaggen §6", 2),
    "tausch": ("Perlaggen §7", None),
    "bluff": ("Perlaggen §10", 2),
    "farbleugnen": ("Perlaggen §17", 2),
    "ueberbieten": ("Perlaggen §21", 2),
    "kartenstehlen": ("Perlaggen §34", None),
}


@dataclass(frozen=True)
class FigureOutcome:
    """What became of one figure in a deal.

    :param figure: ``gleich``, ``hanger`` or ``spiel``
    :param status: ``unbid``, ``conceded`` (gut gelassen) or ``held``
    :param value: points: unbid the table's unbid value, conceded the points written, held the
        stake 2..7 or :data:`AUS`
    :param winner: side (0 = A, 1 = B) that made it or that it was conceded to; ``None`` when it
        stands (equal figures, §22) or nobody has it
    :param bidder: side that bid it (held or conceded)
    :param order: conceded: when it was conceded; held: when it was bid (earlier = smaller)
    :param cards: number of cards of the deciding figure (Gleich/Hanger; §25 "zweifache Figur")
    :param unseen: bid unseen by a partnership (§32: no §10 penalty)
    :param lacking: sides that bid or held this Gleich/Hanger (seen) without having it (§10)
    """

    figure: str
    status: str = "unbid"
    value: int = 1
    winner: int | None = None
    bidder: int | None = None
    order: int = 0
    cards: int = 0
    unseen: bool = False
    lacking: tuple[int, ...] = ()


@dataclass(frozen=True)
class Penalty:
    """A penalty against ``side``.

    :param kind: a key of :data:`PENALTY_RULES`
    :param transfer: for a Farbleugnen claimed after its deal was written (§17, §33): the Spiel
        points the offender wrote, which now go to the other side
    :param late: the offence belongs to the previous deal (claimed before this deal was written)
    """

    kind: str
    side: int
    transfer: int = 0
    note: str = ""
    late: bool = False


@dataclass(frozen=True)
class Settlement:
    """Points per side this deal, the explaining lines, penalty points still owed, the winner."""

    points: tuple[int, int]
    lines: tuple[Line, ...]
    owed: tuple[int, int] = (0, 0)
    winner: int | None = None
    totals: tuple[int, int] = (0, 0)
    extra: dict[str, Any] = field(default_factory=dict)


def _par(rule: str) -> str:
    """``"Perlaggen §17"`` -> ``"§17"``: the paragraph of a fine, as the owed note cites it."""
    return rule.rpartition(" ")[2]


def _write_order(f: FigureOutcome) -> tuple[int, int]:
    if f.status == "held" and f.value >= AUS:
        return (0, f.order)
    if f.status == "conceded":
        return (1, f.order)
    if f.status == "held":
        return (2, f.order)
    return (3, FIGURES.index(f.figure))


def settle(figures: Sequence[FigureOutcome], penalties: Sequence[Penalty] = (), standing: Sequence[int] = (0, 0),
           owed: Sequence[int] = (0, 0), target: int = 18, dritzig_at_17: bool = True) -> Settlement:
    """Settle one deal. Points never go below zero: a penalty a side cannot pay yet is owed and taken
    from its next points (§10 "im Laufe des Spieles abgezogen").

    :raises ValueError: an unknown figure, status or penalty kind
    """
    tot = [int(standing[0]), int(standing[1])]
    debt = [int(owed[0]), int(owed[1])]
    lines: list[Line] = []
    winner: int | None = None

    def gain(side: int, pts: int, label: Msg) -> None:
        nonlocal winner
        pay = min(debt[side], pts)
        debt[side] -= pay
        tot[side] += pts - pay
        note = (Msg("{side}, {pay} paid on penalty owed", side=SIDES[side], pay=pay) if pay else
                Msg("{side}", side=SIDES[side]))
        lines.append(Line(label, pts, note))
        if tot[side] >= target and winner is None:
            winner = side

    def punish(side: int, pts: int, label: Msg, rule: str = "§10") -> None:
        # §10 "Sollte diese Partei noch keine zwei Punkte haben, so werden diese im Laufe des Spieles
        # abgezogen": a fine the side cannot pay yet is owed; the note names the fine's own paragraph
        take = min(pts, tot[side])
        tot[side] -= take
        debt[side] += pts - take
        lines.append(Line(label, -pts, Msg("{side}, {owed} owed ({rule})", side=SIDES[side], owed=pts - take,
                                           rule=rule) if pts > take
                          else Msg("{side}", side=SIDES[side])))

    for f in figures:
        if f.figure not in FIGURES or f.status not in ("unbid", "conceded", "held"):
            raise ValueError(f"unknown figure outcome {f!r}")
    figs = list(figures)
    void: set[int] = set()
    # Partieverlust first: the Partie goes to the other side at once (§7, §34)
    for p in penalties:
        if p.kind not in PENALTY_RULES:
            raise ValueError(f"unknown penalty '{p.kind}' (known: {', '.join(PENALTY_RULES)})")
        rule, pts = PENALTY_RULES[p.kind]
        if pts is None:
            other = 1 - p.side
            lines.append(Line(Msg("Partieverlust ({rule})", rule=rule), 0,
                              Msg("{side}, {note}", side=SIDES[p.side], note=p.note) if p.note
                              else Msg("{side}", side=SIDES[p.side])))
            gain(other, max(0, target - tot[other]) + debt[other], Msg("Partie by {rule}", rule=rule))
            return Settlement((tot[0] - standing[0], tot[1] - standing[1]), tuple(lines), (debt[0], debt[1]), other,
                              (tot[0], tot[1]))
    moved: set[int] = set()  # sides whose previous deal's Spiel already changed sides (§17, §33)
    for p in penalties:
        rule, pts = PENALTY_RULES[p.kind]
        if p.kind == "mehr_als_fuenf":
            void.add(p.side)  # §6: every figure made is lost
        if p.kind == "farbleugnen" and not p.late:
            # §17: Spiel-Verlust — the Spiel of this deal goes to the other side
            figs = [FigureOutcome(f.figure, f.status, f.value, 1 - p.side, f.bidder, f.order, f.cards, f.unseen,
                                  f.lacking) if f.figure == "spiel" else f for f in figs]
        if p.kind == "farbleugnen" and p.late and p.transfer and p.side not in moved:
            # claimed after its deal was written (§33): the Spiel points written then change sides --
            # once: §17 "Farbleugnen bedeutet Spiel-Verlust", and a deal has one Spiel to lose, however
            # many revokes of it are claimed (each still costs its two points)
            moved.add(p.side)
            punish(p.side, p.transfer, Msg("Spiel-Verlust of the previous deal ({rule})", rule=rule), _par(rule))
            gain(1 - p.side, p.transfer, Msg("Spiel of the previous deal by Farbleugnen of the other side ({rule})",
                                             rule=rule))
        kind = _KIND_WORDS.get(p.kind, p.kind)
        punish(p.side, pts or 0, Msg("{kind} ({rule}) {note}", kind=kind, rule=rule, note=p.note) if p.note
               else Msg("{kind} ({rule})", kind=kind, rule=rule), _par(rule))
    # §10: a seen Gleich/Hanger bid or held without having it: all points of the deal lost, 2 penalty
    for f in figs:
        if f.figure != "spiel" and not f.unseen:
            for side in f.lacking:
                void.add(side)
                punish(side, 2, Msg("{figure} bid or held without having it (Perlaggen §10)", figure=f.figure))
    if winner is not None:
        return Settlement((tot[0] - standing[0], tot[1] - standing[1]), tuple(lines), (debt[0], debt[1]), winner,
                          (tot[0], tot[1]))
    blocked = False
    strict: bool | None = None
    for f in sorted(figs, key=_write_order):
        if winner is not None:
            break
        name = _FIGURE_WORDS[f.figure]
        if f.status == "unbid" and strict is None:
            # §25, §26, §27: when the unbid figures come to be written with both sides at target - 1,
            # only a dritziges (or better) Gleich or Hanger goes out, and a standing one leaves it to the Spiel
            strict = dritzig_at_17 and tot[0] == target - 1 and tot[1] == target - 1
        if f.status == "unbid" and f.figure != "spiel" and strict:
            if blocked:
                lines.append(Line(Msg('{name} not counted: a figure stands at {n} : {n}, the Spiel decides (Perlaggen §25)', name=name, n=target - 1), 0))
                continue
            if f.winner is not None and f.cards < 3:
                lines.append(Line(Msg('{name} zweifach does not go out at {n} : {n} (Perlaggen §25)', name=name, n=target - 1), 0))
                continue
        if f.winner is None:
            if strict and f.status == "unbid" and f.figure != "spiel" and f.cards >= 3:
                blocked = True
            lines.append(Line(Msg('{name} steht / not made', name=name), 0))
            continue
        if f.winner in void:
            lines.append(Line(Msg("{name} lost (Perlaggen §6/§10)", name=name), 0, Msg("{side}", side=SIDES[f.winner])))
            continue
        if f.status == "held" and f.value >= AUS:
            gain(f.winner, max(0, target - tot[f.winner]) + debt[f.winner], Msg("{name} aus (Perlaggen §14)", name=name))
            continue
        label = {"unbid": Msg("{name} (unbid)", name=name),
                 "conceded": Msg("{name} gut gelassen (Perlaggen §12)", name=name),
                 "held": Msg("{name} gehalten {value}", name=name, value=f.value)}[f.status]
        gain(f.winner, f.value, label)
    return Settlement((tot[0] - standing[0], tot[1] - standing[1]), tuple(lines), (debt[0], debt[1]), winner,
                      (tot[0], tot[1]))


def settle_json(data: dict[str, Any]) -> dict[str, Any]:
    """:func:`settle` for plain JSON (the scorekeeper's live-table entry).

    ``{"figures": [{"figure": "gleich", "status": "held", "value": 2, "winner": "A", "bidder": "B", ...}],
    "penalties": [{"kind": "vergeben", "side": "B"}], "standing": [16, 17], "owed": [0, 0], "target": 18}``
    → ``{"points": [..], "lines": [..], "owed": [..], "winner": "A" | None, "totals": [..]}``. Sides are
    ``"A"``/``"B"`` (or 0/1); a value of ``"aus"`` is :data:`AUS`.

    >>> settle_json({"figures": [{"figure": "spiel", "winner": "B"}], "standing": [3, 17]})["winner"]
    'B'
    """

    def side(v: object) -> int | None:
        if v is None:
            return None
        if v in SIDES:
            return SIDES.index(v)
        if v in (0, 1):
            return int(v)
        raise ValueError(f"a side is 'A' or 'B', not {v!r}")

    figs = []
    for f in data.get("figures", []):
        value = f.get("value", 1)
        figs.append(FigureOutcome(
            figure=f["figure"], status=f.get("status", "unbid"), value=AUS if value == "aus" else int(value),
            winner=side(f.get("winner")), bidder=side(f.get("bidder")), order=int(f.get("order", 0)),
            cards=int(f.get("cards", 0)), unseen=bool(f.get("unseen", False)),
            lacking=tuple(side(x) for x in f.get("lacking", ())),  # type: ignore[misc]
        ))
    pens = [Penalty(p["kind"], side(p["side"]), int(p.get("transfer", 0)), str(p.get("note", "")),  # type: ignore
                    bool(p.get("late", False))) for p in data.get("penalties", [])]
    s = settle(figs, pens, tuple(data.get("standing", (0, 0))), tuple(data.get("owed", (0, 0))),
               int(data.get("target", 18)), bool(data.get("dritzig_at_17", True)))
    return {"points": list(s.points), "lines": [ln.to_json() for ln in s.lines], "owed": list(s.owed),
            "winner": SIDES[s.winner] if s.winner is not None else None, "totals": list(s.totals)}
