"""Settlement of one Doppelkopf game as a pure function (no cards needed).

Both the engine (:meth:`DoppelkopfDeal.result`) and the scorekeeper call :func:`settle`
with a plain description of what happened: the parties, the announcement level each party
reached, the Re party's Augen, the tricks each party took and the Sonderpunkte.

Rules (Doppelkopf-Turnier 6., 7.; DDV Turnierspielregeln 7 where the sheet is silent):

* **Winner.** Without Absagen Re needs 121 Augen, Kontra 120; if only Kontra was announced,
  Re wins with 120 and Kontra needs 121 (Doppelkopf-Turnier 6.). A party that made an Absage
  ("keine 90" …) wins only if it fulfils it; if its Absage fails and the other party made
  none, the other party wins; if both made Absagen and both fail, nobody wins (DDV 7.1).
* **Value** (DDV 7.2), one point each unless noted: gewonnen; loser unter 90, unter 60,
  unter 30, schwarz; Re angesagt 2; Kontra angesagt 2; each Absage level of either party;
  each level the winner reached against the loser's Absagen (120 gegen keine 90, 90 gegen
  keine 60, 60 gegen keine 30, 30 gegen schwarz).
* **Sonderpunkte** (normal games only, Doppelkopf-Turnier 6.): gegen die Alten (Kontra wins),
  Doppelkopf, Fuchs gefangen, Karlchen; the loser's are subtracted, so a winner can end
  negative. In solos none count (6.); whether the Absage points count in a solo is the
  option ``absagen_in_solo`` (DDV: they do).
* **Nobody wins**: only the unter- and erreicht-gegen lines are netted, seen from the Re party
  (DDV TSR 7.1: then only the "unter"/"erreicht gegen" points are netted), so no
  Sonderpunkte either.
* **Points** (Doppelkopf-Turnier 7.): 2 vs 2 each ±value; a single player (solo, stille
  Hochzeit, Hochzeiter alone) ±3×value against ∓value for each opponent; a sitting player 0.
  Every row sums to zero.

>>> s = settle(("re", "kontra", "re", "kontra"), re_augen=130, re_level=0)
>>> [str(x) for x in s.lines], s.points
(['gewonnen 1 (Re)', 'Re angesagt 2'], (3, -3, 3, -3))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Line

__all__ = ["LEVEL_WORDS", "LEVEL_NAMES", "Settlement", "settle", "level_of"]

#: announcement levels: -1 none, 0 Re/Kontra, 1 keine 90, 2 keine 60, 3 keine 30, 4 schwarz
LEVEL_WORDS = ("re/kontra", "keine90", "keine60", "keine30", "schwarz")
LEVEL_NAMES = (Msg("Re/Kontra"), Msg("keine 90"), Msg("keine 60"), Msg("keine 30"), Msg("schwarz"))
_UNTER = ((90, Msg("unter 90")), (60, Msg("unter 60")), (30, Msg("unter 30")))
#: what a party must reach against the opponents' Absage level 1..4 (DDV 7.2)
_REACHED = {1: (120, Msg("120 gegen keine 90")), 2: (90, Msg("90 gegen keine 60")), 3: (60, Msg("60 gegen keine 30")),
            4: (30, Msg("30 gegen schwarz"))}
_PARTY = {"re": Msg("Re"), "kontra": Msg("Kontra")}


def scored_as_solo(contract: str, alone: bool, alone_as_solo: bool) -> bool:
    """Whether a game is scored as a solo (soloist ×3, no Sonderpunkte).

    A real solo always is (Doppelkopf-Turnier 3., 7.); a stille Hochzeit or a Hochzeiter left
    alone is when the option ``alone_as_solo`` says so (DDV TSR 4.4, docs/rules/doppelkopf.md).

    >>> scored_as_solo("solo:damen", True, False), scored_as_solo("hochzeit", True, True)
    (True, True)
    >>> scored_as_solo("hochzeit", False, True), scored_as_solo("stille_hochzeit", True, False)
    (False, False)
    """
    if contract.startswith("solo:"):
        return True
    return alone and contract in ("hochzeit", "stille_hochzeit") and alone_as_solo


def level_of(word: str) -> int:
    """Level of an announcement word (``re``/``kontra`` 0, ``keine90`` 1 …)."""
    if word in ("re", "kontra"):
        return 0
    return LEVEL_WORDS.index(word)


@dataclass(frozen=True)
class Settlement:
    """The settled game.

    :param winner: ``"re"``, ``"kontra"`` or ``None`` (both Absagen failed)
    :param value: the game value credited to ``beneficiary`` (may be negative)
    :param beneficiary: the party the lines are written for (the winner; Re when nobody won)
    :param lines: the value as its list of lines, summing to ``value``
    :param points: score-sheet row per seat (sums to zero)
    :param factor: 3 when a single player plays against three, else 1
    """

    winner: str | None
    value: int
    beneficiary: str
    lines: tuple[Line, ...]
    points: tuple[int, ...]
    factor: int = 1
    facts: dict[str, Any] = field(default_factory=dict)


def _fulfilled(level: int, opp_augen: int, opp_tricks: int) -> bool:
    if level == 4:
        return opp_tricks == 0
    return opp_augen < (90, 60, 30)[level - 1]


def settle(parties: Sequence[str | None], re_augen: int, *, re_tricks: int | None = None,
           kontra_tricks: int | None = None, re_level: int = -1, kontra_level: int = -1,
           specials: Sequence[tuple[str, str]] = (), solo: bool = False,
           absagen_in_solo: bool = True, sonderpunkte: bool = True) -> Settlement:
    """Settle one game.

    :param parties: per seat ``"re"``, ``"kontra"`` or ``None`` (sitting out)
    :param re_augen: Augen of the Re party (Kontra has ``240 - re_augen``)
    :param re_tricks: tricks of the Re party (default: derived, 0 only if ``re_augen`` is 0)
    :param kontra_tricks: tricks of the Kontra party (same default)
    :param re_level: highest announcement of Re (-1 none, 0 Re, 1 keine 90 … 4 schwarz)
    :param kontra_level: the same for Kontra
    :param specials: Sonderpunkte as ``(party, label)``: Doppelkopf, Fuchs gefangen, Karlchen
        (gegen die Alten is added here); ignored in a solo
    :param solo: the game is a solo (no Sonderpunkte, Doppelkopf-Turnier 6.)
    :param absagen_in_solo: count Absage points in a solo (DDV; the sheet's 6. reads otherwise)
    :param sonderpunkte: count Sonderpunkte at all (off only for a house profile)
    :raises IllegalAction: on impossible facts (Augen outside 0..240, no seats, bad levels)
    """
    re_seats = [i for i, p in enumerate(parties) if p == "re"]
    ko_seats = [i for i, p in enumerate(parties) if p == "kontra"]
    if not re_seats or not ko_seats or len(re_seats) + len(ko_seats) != 4:
        raise IllegalAction(Msg("a game has four players in two parties"), rule="Doppelkopf-Turnier 7.")
    if any(p not in (None, "re", "kontra") for p in parties):
        raise IllegalAction(Msg("a party is 're', 'kontra' or None for a sitting player"), rule="Doppelkopf-Turnier 7.")
    if not 0 <= re_augen <= 240:
        raise IllegalAction(Msg('Augen must be 0..240, not {re_augen}', re_augen=re_augen), rule="Doppelkopf-Turnier 6.")
    for lv in (re_level, kontra_level):
        if not -1 <= lv <= 4:
            raise IllegalAction(Msg('announcement level must be -1..4, not {lv}', lv=lv), rule="Doppelkopf-Turnier 5.")
    ko_augen = 240 - re_augen
    rt = re_tricks if re_tricks is not None else (0 if re_augen == 0 else 1)
    kt = kontra_tricks if kontra_tricks is not None else (0 if ko_augen == 0 else 1)
    augen = {"re": re_augen, "kontra": ko_augen}
    tricks = {"re": rt, "kontra": kt}
    level = {"re": re_level, "kontra": kontra_level}
    other = {"re": "kontra", "kontra": "re"}

    # -- winner (Doppelkopf-Turnier 6.; DDV 7.1) -------------------------------------
    re_abs, ko_abs = re_level >= 1, kontra_level >= 1
    winner: str | None
    if not re_abs and not ko_abs:
        only_kontra = kontra_level == 0 and re_level < 0
        winner = "re" if re_augen >= (120 if only_kontra else 121) else "kontra"
    else:
        rf = re_abs and _fulfilled(re_level, ko_augen, kt)
        kf = ko_abs and _fulfilled(kontra_level, re_augen, rt)
        if re_abs and not ko_abs:
            winner = "re" if rf else "kontra"
        elif ko_abs and not re_abs:
            winner = "kontra" if kf else "re"
        else:
            winner = "re" if rf else "kontra" if kf else None

    count_absagen = absagen_in_solo or not solo

    def achievements(p: str) -> list[Line]:
        """The unter- and erreicht-gegen lines party ``p`` achieved."""
        o = other[p]
        out = []
        for limit, label in _UNTER:
            if augen[o] < limit:
                out.append(Line(label, 1, _PARTY[p]))
        if tricks[o] == 0:
            out.append(Line(Msg("schwarz"), 1, _PARTY[p]))
        if count_absagen:
            for lv in range(1, level[o] + 1):
                need, label = _REACHED[lv]
                if augen[p] >= need:
                    out.append(Line(label, 1, _PARTY[p]))
        return out

    lines: list[Line] = []
    if winner is not None:
        ben = winner
        lines.append(Line(Msg("gewonnen"), 1, _PARTY[winner]))
        lines.extend(achievements(winner))
        if re_level >= 0:
            lines.append(Line(Msg("Re angesagt"), 2))
        if kontra_level >= 0:
            lines.append(Line(Msg("Kontra angesagt"), 2))
        if count_absagen:
            for p in ("re", "kontra"):
                for lv in range(1, level[p] + 1):
                    lines.append(Line(Msg('{level} abgesagt', level=LEVEL_NAMES[lv]), 1, _PARTY[p]))
    else:
        ben = "re"
        lines.extend(achievements("re"))
        lines.extend(Line(x.label, -x.value, x.note) for x in achievements("kontra"))

    factor = 3 if len(re_seats) == 1 else 1
    if not solo and sonderpunkte and winner is not None:
        sp = list(specials)
        if winner == "kontra":
            sp.append(("kontra", Msg("gegen die Alten")))
        for party, label in sp:
            if party not in ("re", "kontra"):
                raise IllegalAction(Msg("a Sonderpunkt belongs to 're' or 'kontra', not {party}", party=repr(party)),
                                    rule="Doppelkopf-Turnier 6.")
            lines.append(Line(label, 1 if party == ben else -1, _PARTY[party]))

    value = sum(x.value for x in lines)
    sign = 1 if ben == "re" else -1
    pts = [0] * len(parties)
    for s in re_seats:
        pts[s] = sign * value * factor
    for s in ko_seats:
        pts[s] = -sign * value
    facts = {"re_augen": re_augen, "kontra_augen": ko_augen, "re_tricks": rt, "kontra_tricks": kt,
             "re_level": re_level, "kontra_level": kontra_level}
    return Settlement(winner, value, ben, tuple(lines), tuple(pts), factor, facts)
