"""The contracts and the two rules profiles, as data.

Every difference between ``oesterreich-finale`` (Österreich-Finale 2021, Hausruckcup family) and
``tiroler-cup`` (Tiroler Cup Richtlinien) is a named field of :class:`TarockOptions`; the code
reads the fields and never asks which profile it is. ``docs/rules/tarock.md`` gives the reasons.

>>> PROFILES["oesterreich-finale"].value("sechserdreier")
4
>>> PROFILES["tiroler-cup"].value("farbensolo")
10
>>> CONTRACTS["piccolo"].kind
'negative'
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Literal

from stammtisch.core.errors import OptionError
from stammtisch.core.messages import Msg
from stammtisch.core.options import option

__all__ = ["Contract", "CONTRACTS", "PREMIUMS", "TarockOptions", "PROFILES", "DEFAULT_PROFILE"]


@dataclass(frozen=True)
class Contract:
    """One contract (Spiel) and how it is played.

    :param kind: ``positive`` (35 and 2 Blatt to win), ``negative`` (a number of tricks) or ``trischaken``
    :param talon: ``half`` (laid open, declarer takes one half: Rufer, Besserrufer, Farbendreier, Dreier),
        ``six`` (Sechserdreier: all six unseen), ``closed`` (solos: counts for the opponents),
        ``unused`` (Piccolo/Bettel), ``last_trick`` (Trischaken: to the winner of the last trick)
    :param calls_king: a king is called (Rufer, Besserrufer, Solorufer)
    :param solo: premiums count double (Österreich-Finale 8): Solorufer, Farbensolo, Solodreier)
    :param colour: Farbenspiel (Österreich-Finale 7))
    :param ouvert: the declarer's cards are laid open after the first trick (Österreich-Finale 6))
    :param tricks: negative games: the number of tricks the declarer must take exactly
    :param vorhand: ``first`` (only as Vorhand's first word), ``after`` (only after "Vorhand" and three
        passes) or empty (open to everyone at any time) — Österreich-Finale 3)
    :param premiums: the premiums that may be announced or count silently (``None``: all)
    """

    name: str
    title: str
    kind: Literal["positive", "negative", "trischaken"]
    talon: Literal["half", "six", "closed", "unused", "last_trick"]
    calls_king: bool = False
    solo: bool = False
    colour: bool = False
    ouvert: bool = False
    tricks: int = 0
    vorhand: Literal["", "first", "after"] = ""
    premiums: tuple[str, ...] | None = None

    @property
    def negative(self) -> bool:
        return self.kind == "negative"

    @property
    def declarer_leads(self) -> bool:
        """Negative games: the declarer leads; otherwise Vorhand (Österreich-Finale 6), 7))."""
        return self.kind == "negative"


#: every contract either profile knows (the rank order and values are profile data)
CONTRACTS: dict[str, Contract] = {c.name: c for c in (
    Contract("trischaken", "Trischaken", "trischaken", "last_trick", vorhand="after", premiums=()),
    Contract("rufer", "Rufer", "positive", "half", calls_king=True, vorhand="after"),
    Contract("piccolo", "Piccolo", "negative", "unused", tricks=1, premiums=()),
    Contract("bettel", "Bettel", "negative", "unused", tricks=0, premiums=()),
    Contract("solorufer", "Solorufer", "positive", "closed", calls_king=True, solo=True),
    Contract("besserrufer", "Besserrufer", "positive", "half", calls_king=True),
    Contract("farbendreier", "Farbendreier", "positive", "half", colour=True),
    Contract("sechserdreier", "Sechserdreier", "positive", "six", vorhand="first"),
    Contract("dreier", "Dreier", "positive", "half"),
    Contract("farbensolo", "Farbensolo", "positive", "closed", colour=True, solo=True,
             premiums=("vier_koenige", "valat")),
    Contract("zwiccolo_ouvert", "Zwiccolo ouvert", "negative", "unused", ouvert=True, tricks=2, premiums=()),
    Contract("piccolo_ouvert", "Piccolo ouvert", "negative", "unused", ouvert=True, tricks=1, premiums=()),
    Contract("bettel_ouvert", "Bettel ouvert", "negative", "unused", ouvert=True, tricks=0, premiums=()),
    Contract("solodreier", "Solodreier", "positive", "closed", solo=True),
)}

#: premiums in the order they are listed on the sheet (Österreich-Finale, "Ansagen und Punkte")
PREMIUMS = ("koenig_ultimo", "trull", "vier_koenige", "pagat", "uhu", "kakadu", "quapil", "valat")
PREMIUM_TITLES = {"koenig_ultimo": "König ultimo", "trull": "Trull", "vier_koenige": "Vier Könige",
                  "pagat": "Pagat", "uhu": "Uhu", "kakadu": "Kakadu", "quapil": "Quapil", "valat": "Valat"}


@dataclass(frozen=True)
class TarockOptions:
    """Named rules options; see ``docs/rules/tarock.md`` for each decision."""

    #: 4, or 5 with the dealer sitting out (Tiroler Cup, Paragrafen: "der aussetzende Geber")
    players: int = option(4, choices=(4, 5), rule="Tiroler Cup, Paragrafen")
    #: contracts in bidding rank, each with its value: "name:value" (Österreich-Finale, title page)
    tariff: tuple[str, ...] = option((
        "trischaken:1", "rufer:1", "piccolo:2", "bettel:2", "solorufer:2", "besserrufer:1", "farbendreier:3",
        "sechserdreier:4", "dreier:4", "farbensolo:6", "piccolo_ouvert:6", "bettel_ouvert:7", "solodreier:8"),
        pairs=True, items=tuple(CONTRACTS), unique=True, min=1, max=1000, required=("rufer", "trischaken"),
        rule="Österreich-Finale 3)")  # after 'Vorhand' and three passes the Vorhand plays Rufer or Trischaken
    #: premium values, "name:value" (Valat is handled by ``valat_mode``)
    premium_values: tuple[str, ...] = option((
        "koenig_ultimo:2", "trull:2", "vier_koenige:2", "pagat:2", "uhu:4", "kakadu:6", "quapil:8"),
        pairs=True, items=PREMIUMS[:-1], unique=True, complete=True, min=0, max=1000,
        rule="Österreich-Finale, Ansagen und Punkte")
    #: the Vorhand may "hold" a contract bid by another (Österreich-Finale 3); Tirol: no, docs/rules/tarock.md)
    vorhand_may_hold: bool = True
    #: the Vorhand holding all four kings may pass the Vorhand on ("weitergeben") as his first word: the
    #: next player becomes Vorhand for this deal in every respect (bidding rights, lead, Trischaker).
    #: a club rule (Königrufen-Hausregel); neither sheet has it, so both profiles leave it off.
    vorhand_four_kings_pass_on: bool = False
    #: a lost Sechserdreier counts double (Österreich-Finale 3))
    sechserdreier_lost_double: bool = True
    #: Kaiserstich (Sküs, Mond, Pagat in one trick: the Pagat wins); none in the Österreich-Finale 1)
    kaiserstich: bool = False
    #: the Kaiserstich only in the order Mond, Sküs, Pagat (sources differ: docs/rules/tarock.md)
    kaiserstich_order: bool = False
    #: ``multiply``: Valat multiplies the game (×8 announced, ×4 silent) and only announced premiums count
    #: (Österreich-Finale 9)); ``premium``: a fixed premium on top of the game, material premiums void
    #: (Tiroler Cup, Paragrafen "Valat")
    valat_mode: Literal["multiply", "premium"] = "multiply"
    valat_announced: int = option(8, min=1, max=1000, rule="Österreich-Finale 9)")
    valat_silent: int = option(4, min=1, max=1000, rule="Österreich-Finale 9)")
    #: premiums count double in solo contracts (Österreich-Finale 8))
    solo_premium_factor: int = option(2, min=1, max=10, rule="Österreich-Finale 8)")
    #: a silent premium that is lost (a bird caught in its trick) costs half its value (clubs differ: docs/rules/tarock.md)
    silent_failed_costs: bool = True
    #: Trischaken settlement: ``oesterreich`` (Österreich-Finale 5)) or ``tirol`` (Tiroler Cup, Abrechnung)
    trischaken_rule: Literal["oesterreich", "tirol"] = "oesterreich"
    #: Tiroler Cup Trischaken "(2 x 2)": ``2_to_each`` -- each of the two with the most points pays 2 to
    #: each of the two others (-4 -4 +4 +4, as "(3 x 2)" is one payer's three payments of 2);
    #: ``2_in_all`` -- each of them pays 2 in all (-2 -2 +2 +2). Only with ``trischaken_rule="tirol"``.
    tirol_trischaken_2x2: Literal["2_to_each", "2_in_all"] = "2_to_each"
    #: a Besserrufer without a bird (a Renonce): ``spiel_und_pagat`` -- the Spiel plus the Pagat to each
    #: of the three others (Österreich-Finale 4)); ``renonce`` -- the general Renonce rule, the Spiel to each
    #: (Tiroler Cup, Abrechnung; the bird was never announced)
    besserrufer_ohne_vogel: Literal["spiel_und_pagat", "renonce"] = "spiel_und_pagat"
    #: two Jungfrauen share the winnings (Österreich-Finale 5)); false: each collects in full
    jungfrauen_share: bool = True
    #: Kontra changes only the money ledger (Österreich-Finale 2); Tiroler Cup, Abrechnung)
    kontra_counts_for_points: bool = False
    #: Renonce that are choices (Besserrufer without bird, own king called, Solorufer with four kings,
    #: announced birds given up out of order): ``refuse`` them (online play) or ``detect`` them, end
    #: the deal and settle it as a Renonce (Österreich-Finale 10))
    renonce_mode: Literal["refuse", "detect"] = "refuse"
    #: deals in a match (a round of the score sheet)
    match_deals: int = option(24, min=1, max=1000)

    def validate(self) -> None:
        """Cross-field checks (called by :func:`~stammtisch.core.options.validate_options`)."""
        if self.valat_silent > self.valat_announced:
            raise OptionError(Msg("option 'valat_silent' ({valat_silent}) may not exceed 'valat_announced' ({valat_announced}): an announced Valat never counts less (Österreich-Finale 9); Tiroler Cup, Valat)", valat_silent=self.valat_silent, valat_announced=self.valat_announced))

    # -- derived lookups -------------------------------------------------------------
    def contract_order(self) -> tuple[str, ...]:
        """Contract names in bidding rank, lowest first."""
        return _table(self.tariff)[0]

    def value(self, contract: str) -> int:
        """Tariff value of ``contract``."""
        return _table(self.tariff)[1][contract]

    def rank(self, contract: str) -> int:
        return _table(self.tariff)[2][contract]

    def premium_value(self, premium: str) -> int:
        return _table(self.premium_values)[1][premium]


@lru_cache(maxsize=64)
def _table(pairs: tuple[str, ...]) -> tuple[tuple[str, ...], dict[str, int], dict[str, int]]:
    """``("name:value", ...)`` → names in order, values, ranks."""
    names = tuple(t.split(":")[0] for t in pairs)
    return names, {t.split(":")[0]: int(t.split(":")[1]) for t in pairs}, {n: i for i, n in enumerate(names)}


PROFILES: dict[str, TarockOptions] = {
    "oesterreich-finale": TarockOptions(),
    "tiroler-cup": TarockOptions(
        tariff=("rufer:1", "trischaken:2", "piccolo:2", "solorufer:2", "besserrufer:3", "bettel:4",
                "sechserdreier:4", "farbendreier:5", "dreier:5", "zwiccolo_ouvert:8", "piccolo_ouvert:8",
                "bettel_ouvert:8", "farbensolo:10", "solodreier:10"),
        vorhand_may_hold=False,
        sechserdreier_lost_double=False,
        kaiserstich=True,
        valat_mode="premium",
        valat_announced=20,
        valat_silent=10,
        trischaken_rule="tirol",
        besserrufer_ohne_vogel="renonce",
    ),
}
DEFAULT_PROFILE = "oesterreich-finale"
