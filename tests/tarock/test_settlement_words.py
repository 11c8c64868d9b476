"""Tarock: the words of every settlement line and of every refusal of an entry, from the sheets' cases
(Österreich-Finale 1)-10), Tiroler Cup Abrechnung), checked against the catalogue in German and
English (``tests/settlement_words.py``), and each refusal naming its paragraph."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.games.tarock import PROFILES, Outcome, Premium, Renonce, settle
from stammtisch.games.tarock.options import CONTRACTS, PREMIUM_TITLES

from ..settlement_words import assert_lines, assert_words

OF = PROFILES["oesterreich-finale"]
TC = PROFILES["tiroler-cup"]
P = (1, 2, 3, 0)
#: the game's own words: contract and premium names (the same in every language)
TERMS = frozenset(c.title for c in CONTRACTS.values()) | frozenset(PREMIUM_TITLES.values())

PR = Premium
CASES = [
    Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=107, kontra=1),
    Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=106, kontra=3),
    Outcome("dreier", P, declarer=2, declarer_thirds=120, kontra=2,
            premiums=(PR("pagat", "declarer", True, True, 1), PR("trull", "opponents", False, True),
                      PR("vier_koenige", "declarer", False, False), PR("uhu", "opponents", True, False, 2))),
    Outcome("sechserdreier", P, declarer=2, declarer_thirds=90),
    Outcome("rufer", P, declarer=1, partner=3, schleifen=True,
            premiums=(PR("pagat", "declarer", True, False), PR("trull", "opponents", True, True))),
    Outcome("bettel", P, declarer=2, declarer_tricks=0, kontras=((1, 1), (3, 2))),
    Outcome("piccolo", P, declarer=2, declarer_tricks=2, kontras=((1, 3),)),
    Outcome("dreier", P, declarer=2, declarer_thirds=210, premiums=(PR("valat", "declarer", True, True, 1),)),
    Outcome("dreier", P, declarer=2, declarer_thirds=0, premiums=(PR("valat", "opponents", False, True),)),
    Outcome("dreier", P, declarer=2, declarer_thirds=150, premiums=(PR("valat", "declarer", True, False),)),
    Outcome("dreier", P, declarer=2, declarer_thirds=20, premiums=(PR("valat", "opponents", True, True),)),
    Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, renonces=(Renonce("farbzwang", 2),),
            claims=((1, 2),)),
    Outcome("besserrufer", P, declarer=1, partner=3, declarer_thirds=120,
            renonces=(Renonce("besserrufer_ohne_vogel", 1),)),
    Outcome("bettel", P, declarer=2, kontras=((1, 1),), renonces=(Renonce("ausspiel", 1), Renonce("reden", 3))),
    Outcome("trischaken", P, thirds=(40, 33, 107, 30), tricks=(3, 3, 3, 3)),
    Outcome("trischaken", P, thirds=(40, 107, 33, 30), tricks=(3, 3, 3, 3)),
    Outcome("trischaken", P, thirds=(20, 40, 75, 75), tricks=(2, 2, 4, 4)),
    Outcome("trischaken", P, thirds=(60, 30, 60, 60), tricks=(3, 2, 3, 4)),
    Outcome("trischaken", P, thirds=(0, 60, 80, 70), tricks=(0, 4, 4, 4)),
    Outcome("trischaken", P, thirds=(0, 30, 90, 90), tricks=(0, 2, 5, 5)),
    Outcome("trischaken", P, thirds=(20, 40, 80, 70), tricks=(2, 3, 4, 3)),
    Outcome("trischaken", P, thirds=(30, 20, 60, 100), tricks=(2, 1, 4, 5)),
    Outcome("trischaken", P, thirds=(90, 40, 40, 40), tricks=(6, 2, 2, 2)),
    Outcome("trischaken", P, thirds=(10, 30, 120, 50), renonces=(Renonce("farbzwang", 2),), tricks=(1, 2, 6, 3)),
    Outcome("trischaken", P, thirds=(0, 90, 60, 60), tricks=(0, 5, 4, 3)),
    Outcome("trischaken", P, thirds=(80, 20, 55, 55), tricks=(5, 1, 3, 3)),
    Outcome("trischaken", P, thirds=(30, 100, 50, 30), tricks=(3, 5, 2, 2)),
    Outcome("trischaken", P, thirds=(0, 0, 110, 100), tricks=(0, 0, 6, 6)),
    Outcome("rufer", P, declarer=1, partner=3, struck=True),
]


@pytest.mark.parametrize("opts", [OF, TC], ids=["oesterreich", "tirol"])
@pytest.mark.parametrize("i", range(len(CASES)))
def test_every_settlement_line_is_in_words(opts, i):
    try:
        s = settle(opts, CASES[i])
    except IllegalAction as e:  # a case of the other sheet only
        assert_words(e.message, TERMS)
        return
    assert s.lines and sum(s.points) == 0 == sum(s.money)
    if CASES[i].contract == "trischaken":
        assert s.money == s.points  # no Kontra in Trischaken (Österreich-Finale 2)): money as points
    assert_lines(s.lines, TERMS, notes=True)


GOOD = dict(contract="dreier", players=P, declarer=2, declarer_thirds=120)
NEGATIVE = dict(contract="bettel", players=P, declarer=2, declarer_tricks=0)
TRI = dict(contract="trischaken", players=P, thirds=(50, 60, 50, 50), tricks=(3, 3, 3, 3))
#: (entry, the paragraph the refusal names; None: no paragraph is named)
REFUSED = [
    (GOOD | {"contract": "zwiccolo_ouvert"}, "Österreich-Finale 3)"),
    (GOOD | {"seats": 3}, None), (GOOD | {"players": (1, 2, 3)}, None), (GOOD | {"declarer": 4}, None),
    (TRI | {"thirds": (50, 60, 50)}, "Österreich-Finale 5)"), (TRI | {"thirds": (10, 10, 10, 10)}, "Österreich-Finale 5)"),
    (TRI | {"tricks": (3, 3, 3, 2)}, "Österreich-Finale 5)"), (TRI | {"kontra": 1}, "Österreich-Finale 2)"),
    (GOOD | {"contract": "rufer", "partner": 2}, "Österreich-Finale 4)"), (GOOD | {"partner": 1}, "Österreich-Finale 4)"),
    (GOOD | {"declarer_thirds": 211}, "Österreich-Finale 1)"), (GOOD | {"declarer_tricks": 13}, None),
    (NEGATIVE | {"kontra": 1}, "Österreich-Finale 6)"), (GOOD | {"kontras": ((1, 1),)}, "Österreich-Finale 2)"),
    (NEGATIVE | {"kontras": ((2, 1),)}, "Österreich-Finale 6)"), (GOOD | {"schleifen": True}, "Österreich-Finale 4)"),
    (GOOD | {"kontra": 4}, "Österreich-Finale 2)"),
    (GOOD | {"premiums": (PR("adler", "declarer", True, True),)}, "Österreich-Finale 8)"),
    (NEGATIVE | {"premiums": (PR("pagat", "declarer", True, True),)}, "Österreich-Finale 8)"),
    (GOOD | {"contract": "farbensolo", "premiums": (PR("trull", "declarer", True, True),)}, "Österreich-Finale 8)"),
    (GOOD | {"premiums": (PR("pagat", "declarer", True, True),) * 2}, "Österreich-Finale 8)"),
    (GOOD | {"premiums": (PR("pagat", "both", True, True),)}, None),
    (GOOD | {"premiums": (PR("pagat", "declarer", False, True, 1),)}, "Tiroler Cup, Abrechnung"),
    (GOOD | {"renonces": (Renonce("reden", 0),) * 3}, "Tiroler Cup, Abrechnung"),
    (GOOD | {"renonces": (Renonce("reden", 4),)}, None), (GOOD | {"claims": ((5, 2),), "renonces": (Renonce("reden", 0),)}, None),
    (GOOD | {"claims": ((1, 2),)}, "Österreich-Finale 10)"),
]


@pytest.mark.parametrize("entry,rule", REFUSED)
def test_every_refusal_is_in_words_and_names_its_paragraph(entry, rule):
    """Bad input: a clear refusal naming what was wrong and the rule (the paragraph of the sheet)."""
    with pytest.raises(IllegalAction) as e:
        settle(OF, Outcome(**entry))
    assert isinstance(e.value.message, Msg)
    assert_words(e.value.message, TERMS)
    assert (e.value.rule or None) == rule
