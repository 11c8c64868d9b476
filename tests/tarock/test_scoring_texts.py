"""Tarock: what a settlement line and a refusal *say* -- the seats a Trischaken line names, the
Bürgermeister's Vorhand, the lists a refusal offers -- and premiums settled whatever their order
(Österreich-Finale 3), 5), 8), 10), Tiroler Cup Abrechnung). Written from the sheets' cases; each
assertion reads the message's id and arguments, the same in every language."""

from __future__ import annotations

import dataclasses

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.tarock import PROFILES, Outcome, Premium, Renonce, settle
from stammtisch.games.tarock.options import CONTRACTS, PREMIUMS

OF = PROFILES["oesterreich-finale"]
TC = PROFILES["tiroler-cup"]
P = (1, 2, 3, 0)  # seat 1 leads (Vorhand)


def _trischaken_note(opts, thirds):
    s = settle(opts, Outcome("trischaken", P, thirds=thirds, tricks=(3, 3, 3, 3)))
    (line,) = s.lines
    return line.note


def test_oesterreich_finale_5_two_tied_for_the_most_points_are_both_named():
    """Österreich-Finale 5) "zwei Spieler gleich viele Punkte: verlieren je 2": the line names both."""
    note = _trischaken_note(OF, (50, 10, 75, 75))
    assert note.id == "seat {seat_a} and seat {seat_b} tie for the most points: 2 each"
    assert note.args == {"seat_a": 2, "seat_b": 3}


def test_tiroler_cup_buergermeister_line_says_whether_he_is_the_vorhand():
    """Tiroler Cup, Abrechnung: the Vorhand as Bürgermeister pays 3 × 4, another Bürgermeister 3 × 2; the
    line says which."""
    vorhand = _trischaken_note(TC, (40, 107, 33, 30))
    assert vorhand.id == "Bürgermeister seat {seat} (Vorhand): 3×{amount}" and vorhand.args == {"seat": 1, "amount": 4}
    other = _trischaken_note(TC, (40, 33, 107, 30))
    assert other.id == "Bürgermeister seat {seat}: 3×{amount}" and other.args == {"seat": 2, "amount": 2}


def _refusal(opts, outcome):
    with pytest.raises(IllegalAction) as e:
        settle(opts, outcome)
    return e.value


def test_refusals_list_the_contracts_and_premiums_there_are():
    """Österreich-Finale 3) and 8): a refusal of an unknown contract or premium lists what there is."""
    e = _refusal(OF, Outcome("solo", P, declarer=1, declarer_thirds=120))
    assert e.rule == "Österreich-Finale 3)" and e.message.args["contract_order"] == ", ".join(OF.contract_order())
    e = _refusal(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                             premiums=(Premium("kaiser", "declarer", True, True),)))
    assert e.rule == "Österreich-Finale 8)" and e.message.args["premiums"] == ", ".join(PREMIUMS)
    limited = CONTRACTS["farbensolo"]  # Österreich-Finale 8): only Vier Könige and Valat
    missing = sorted(set(PREMIUMS) - set(limited.premiums))[0]
    e = _refusal(OF, Outcome(limited.name, P, declarer=1, partner=3 if limited.calls_king else None,
                             declarer_thirds=120, premiums=(Premium(missing, "declarer", True, True),)))
    assert e.rule == "Österreich-Finale 8)" and e.message.args["premiums"] == ", ".join(limited.premiums)


def test_oesterreich_finale_10_claims_by_no_seat_and_by_the_sitting_fifth_are_refused_by_name():
    """Österreich-Finale 10): a claim needs a seat of the table ("no such seat" for seat 4 of four) and a
    regular player of the deal (the sitting fifth is refused with the paragraph and his seat)."""
    four = dict(declarer=2, declarer_thirds=150, renonces=(Renonce("farbzwang", 3),))
    e = _refusal(OF, Outcome("dreier", P, claims=((4, 3),), **four))
    assert e.message.id == "claim by seat {seat}: no such seat" and e.message.args == {"seat": 4}
    e = _refusal(OF, Outcome("dreier", (1, 2, 3, 4), seats=5, claims=((0, 3),), **four))
    assert e.message.id == "claim by seat {seat}: only a player of this deal claims a silent loss"
    assert e.message.args == {"seat": 0} and e.rule == "Österreich-Finale 10)"


def test_oesterreich_finale_8_a_silent_premium_before_an_announced_one_leaves_it_counted():
    """Österreich-Finale 8): with the option ``silent_failed_costs`` off a failed silent premium costs
    nothing; an announced premium listed after it still counts -- the order of the premiums changes nothing."""
    free = dataclasses.replace(OF, silent_failed_costs=False)
    announced = Premium("pagat", "declarer", True, True)
    silent_failed = Premium("trull", "declarer", False, False)
    base = dict(declarer=2, declarer_thirds=120)
    alone = settle(free, Outcome("dreier", P, premiums=(announced,), **base)).points
    assert alone != settle(free, Outcome("dreier", P, **base)).points
    assert settle(free, Outcome("dreier", P, premiums=(silent_failed, announced), **base)).points == alone
    assert settle(free, Outcome("dreier", P, premiums=(announced, silent_failed), **base)).points == alone
    # with the sheet's default it costs half the premium (1 of the Trull's 2) from each opponent
    costs = settle(OF, Outcome("dreier", P, premiums=(silent_failed, announced), **base)).points
    assert costs[2] == settle(OF, Outcome("dreier", P, premiums=(announced,), **base)).points[2] - 3


def test_oesterreich_finale_9_with_an_announced_valat_an_unannounced_premium_first_leaves_the_rest():
    """Österreich-Finale 9): with an announced Valat only announced premiums count; one not announced,
    listed first, does not stop the announced ones after it."""
    valat = Premium("valat", "declarer", True, True)
    announced = Premium("pagat", "declarer", True, True)
    quiet = Premium("vier_koenige", "opponents", False, True)
    base = dict(declarer=2, declarer_thirds=210)
    alone = settle(OF, Outcome("dreier", P, premiums=(valat, announced), **base)).points
    assert settle(OF, Outcome("dreier", P, premiums=(valat, quiet, announced), **base)).points == alone
