"""Rules options of Perlaggen: every point where Tyrolean clubs differ is a named field.

The defaults follow the Innsbrucker Perlaggerregeln (``Perlaggen §n``) and, where the sheet is
silent, the documented decisions in ``docs/rules/perlaggen.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stammtisch.core.options import option

__all__ = ["PerlaggenOptions", "PROFILES"]


@dataclass(frozen=True)
class PerlaggenOptions:
    """Named options of a Perlaggen table.

    :param target: points that win the Partie (Perlaggen §2: "In der Regel wird zu 18 gespielt")
    :param eichel_ober_high: rank the Eichel-Ober above the Eichel-Unter among the Perlaggen
        (some clubs do; default the Oberland order E7 > EU > EO, docs/rules/perlaggen.md)
    :param unbid_points: what an unbid figure is worth (Perlaggen §26: the unbid figure decides
        at 17 : 17, so it is worth a point)
    :param unseen_bidding: offer the "ungesehen" round before the cards are looked at (§32)
    :param offences: ``"refuse"`` (online table: an offence the engine can see is refused with the
        paragraph) or ``"penalise"`` (live-table practice: the offence happens and costs the
        penalty only when the opponents claim it in time, §33 "Ein Spieler schläft nicht")
    :param dritzig_at_17: when the unbid figures come to be written with both sides at ``target - 1``
        (17 : 17 at the start, or reached by concessions), an unbid Gleich or Hanger goes out only if it
        is at least dritzig, and a standing one leaves it to the Spiel (§25 "Bei 17 : 17 geht eine
        zweifache Figur nicht aus", §27 last sentence); ``False`` lets any unbid figure decide (§26
        first case read literally)
    :param signals: allow the sanctioned partner signals (seen by the partner only)
    :param taufe_binds_figures: a Perlagg already played counts in Gleich and Hanger only as what it
        was getauft (or, ungetauft, as the plain card, §18); only Perlaggen still in the hand are free
        (§18 "Ein getaufter Perlag darf unter keinen Umständen mehr getauft werden", §28 "die Perlaggen
        zur freien Verfügung haben, sofern sie noch in den Händen der Spieler sind"). ``False``: the
        figures are judged on the five cards dealt with every Perlagg free, whatever the Taufen
    :param meld_order: how the figures declared at 17 : 17 are compared (§25). ``"figure"``: the rank
        of §3 first (every Gleich above every Hanger), then degree, height, trump — so standing Gleich
        leave it to the Spiel ("kann eine minderwertige Figur niemals in Betracht kommen"); ``"degree"``:
        dritzig < vierfach < fünffach first, whatever the figure
    :param par10_laid_open: a side that lays its cards open (§9) after bidding or holding a Gleich or
        Hanger it does not have still pays the §10 penalty (the sheet names no exception); ``False``:
        laying open renounces the figures and nothing more is checked
    """

    target: int = option(18, min=1, max=99, rule="Perlaggen §2")
    eichel_ober_high: bool = False
    unbid_points: int = option(1, min=1, max=3, rule="Perlaggen §26")
    unseen_bidding: bool = True
    offences: Literal["refuse", "penalise"] = "refuse"
    dritzig_at_17: bool = True
    signals: bool = True
    taufe_binds_figures: bool = True
    meld_order: Literal["figure", "degree"] = "figure"
    par10_laid_open: bool = True


PROFILES: dict[str, PerlaggenOptions] = {
    "innsbruck": PerlaggenOptions(),
    "live": PerlaggenOptions(offences="penalise"),
}
