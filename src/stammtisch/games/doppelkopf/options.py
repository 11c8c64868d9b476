"""Rules options and profiles of Doppelkopf (every club difference is a named option).

Defaults follow the tournament sheet, and the DDV Turnierspielregeln where the sheet is
silent (``docs/rules/doppelkopf.md`` gives the reasoning for each).

>>> PROFILES["turnier"].players, games_per_round(PROFILES["turnier5"])
(4, 25)
"""

from __future__ import annotations

from dataclasses import dataclass

from stammtisch.core.options import option

from .rules import SOLO_KINDS

__all__ = ["DoppelkopfOptions", "PROFILES", "games_per_round"]


@dataclass(frozen=True)
class DoppelkopfOptions:
    """Doppelkopf rules options.

    :param players: 4 or 5 at the table; at 5 the dealer sits out (Doppelkopf-Turnier 7.)
    :param games_per_round: games of a round besides the Pflichtsoli; 0 = the sheet's 20 at a
        four-table, 25 at a five-table (Doppelkopf-Turnier 1.)
    :param solos: the solo kinds the profile allows (Doppelkopf-Turnier 3.: all of them)
    :param pflichtsolo: each player owes one Pflichtsolo per round (Doppelkopf-Turnier 2.)
    :param vorfuehrung: DDV Vorführung: once the regular games of a round are played, players
        still owing their Pflichtsolo must play it, one game each (sheet silent; DDV default on)
    :param alone_as_solo: a stille Hochzeit and a Hochzeiter left alone are scored as solos
        (×3, no Sonderpunkte) without counting as Pflichtsolo (DDV; sheet 4. only says they do
        not count as Pflichtsolo)
    :param absagen_in_solo: Absage points count in a solo (DDV); ``False`` reads sheet 6. as
        listing them among the Sonderpunkte that do not count in solos
    :param late_reply_absagen: club option: Absagen also after a Re/Kontra made only as a late
        reply (each Absage in its own window). Off (DDV, Doppelkopf-Turnier 5. "regelkonforme
        Erstansage"): a party whose Re/Kontra came only as a late reply makes no Absage
    :param sonderpunkte: Fuchs gefangen, Doppelkopf, Karlchen, gegen die Alten (Doppelkopf-Turnier 6.)
    """

    players: int = option(4, choices=(4, 5), rule="Doppelkopf-Turnier 1., 7.")
    games_per_round: int = option(0, min=0, max=1000, rule="Doppelkopf-Turnier 1.")
    solos: tuple[str, ...] = option(SOLO_KINDS, items=SOLO_KINDS, non_empty=True, unique=True,
                                    rule="Doppelkopf-Turnier 2., 3.")  # a Pflichtsolo or Vorbehalt needs a solo to name
    pflichtsolo: bool = True
    vorfuehrung: bool = True
    alone_as_solo: bool = True
    absagen_in_solo: bool = True
    late_reply_absagen: bool = False
    sonderpunkte: bool = True


def games_per_round(options: DoppelkopfOptions) -> int:
    """Regular games per round: 20 at a four-table, 25 at a five-table (Doppelkopf-Turnier 1.)."""
    if options.games_per_round:
        return options.games_per_round
    return 25 if options.players == 5 else 20


PROFILES: dict[str, DoppelkopfOptions] = {
    # the tournament sheet with the DDV rules where it is silent
    "turnier": DoppelkopfOptions(),
    "turnier5": DoppelkopfOptions(players=5),
    # the sheet read literally where DDV differs: Absagen are Sonderpunkte and vanish in solos
    "blatt": DoppelkopfOptions(absagen_in_solo=False),
}
