"""Table options of Schieber Jass: every club difference as a named field.

Defaults follow the Papagei-Jass sheet; the §24 variants are off until a table agrees on
them ("Nach Absprache mit den Gegnern", §24). See ``docs/rules/jass.md`` for each decision.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from stammtisch.core.options import option

__all__ = ["JassOptions", "PROFILES"]


@dataclass(frozen=True)
class JassOptions:
    #: points to win the Partie (1000, 2500 or any other agreed target)
    target: int = option(1000, min=100, max=10000, rule="Papagei-Jass §2")  # "das vorgegebene Punkteziel"
    #: Undenufe "(Ass zählen 11)" (§23): ``"ass"`` = Ass 11, Six 0 (the sheet);
    #: ``"six"`` = Six 11, Ass 0 (most software, jass-kit)
    undenufe_eleven: Literal["ass", "six"] = "ass"
    #: §24.1 Zurückschieben: the partner may push back; Vorhand must then play Drei mal Drei
    zurueckschieben: bool = False
    #: §24.2 Obli: no Rosen, Schilten or Schellen trump
    obli: bool = False
    #: §24.3 Drei mal Drei may be named
    drei_mal_drei: bool = False
    #: §29.3 Stöck in Drei mal Drei: König and Ober of its trump suit count 20 as in every trump
    #: game (the sheet names no exception); ``False``: Stöck only in a game with one trump throughout
    stoeck_drei_mal_drei: bool = True
    #: §24.4 Quer also as 5-4 (the 4-5 Quer of §23 is always allowed)
    quer_54: bool = False
    #: §24.5 Misere on a trump suit, Obenabe or Undenufe
    misere: bool = False
    #: §24.6 Tutti: the led suit is trump
    tutti: bool = False
    #: Weis are played (§29); some tables play without
    weis: bool = True
    #: both teams past the target in different tricks, only the later one thanks (§1, §2):
    #: ``"first_to_thank"`` = the thanking team wins ("Wer sich zuerst bedankt und genügend Punkte
    #: besitzt, hat gewonnen", §2); ``"first_to_reach"`` = the team that got there first wins
    both_out: Literal["first_to_thank", "first_to_reach"] = option(
        "first_to_thank", choices=("first_to_thank", "first_to_reach"), rule="Papagei-Jass §2")
    #: Schneider (§18): ``"ausmachregel"`` = the loser's points count in the order Stöck – Stich –
    #: Wys only up to the moment the winner goes out ("Es gilt ebenfalls die Ausmachregel", §18);
    #: ``"final"`` = the loser's final total counts (tables that skip the sheet's third sentence)
    schneider: Literal["ausmachregel", "final"] = option(
        "ausmachregel", choices=("ausmachregel", "final"), rule="Papagei-Jass §18")


PROFILES: dict[str, JassOptions] = {
    "standard": JassOptions(),
    "2500": JassOptions(target=2500),
    # the card values most software uses, e.g. for comparing with jass-kit
    "software": JassOptions(undenufe_eleven="six"),
    "varianten": JassOptions(zurueckschieben=True, drei_mal_drei=True, quer_54=True, misere=True, tutti=True),
}
