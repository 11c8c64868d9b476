"""Readings the Tiroler Cup sheet leaves open (Trischaken "(2 x 2)", the Besserrufer without a bird)
and the scorekeeper's "Punkte/Blatt" (Österreich-Finale 1)). Each reading is an option; both are tested."""

from __future__ import annotations

import pytest

from stammtisch.games.tarock import GAME
from stammtisch.games.tarock.cards import points_blatt_to_thirds
from stammtisch.games.tarock.scoring import Outcome, Renonce, settle

# Vorhand (seat 0) has the fewest points; seats 1 and 2 the most; no Jungfrau, no Bürgermeister
TRISCHAKEN = Outcome("trischaken", (0, 1, 2, 3), 4, thirds=(40, 65, 55, 50), tricks=(3, 3, 3, 3))
NO_BIRD = Outcome("besserrufer", (0, 1, 2, 3), 4, declarer=1, renonces=(Renonce("besserrufer_ohne_vogel", 1),))


def test_tiroler_cup_abrechnung_trischaken_2x2_is_2_to_each_of_the_two_others_by_default():
    """"zahlen die beiden Spieler mit den meisten Punkten an die beiden anderen jeweils zwei Punkte
    (2 x 2)"; "(3 x 2)" is the Bürgermeister's three payments of 2 -- so "(2 x 2)" is each payer's
    two payments of 2: -4 -4 +4 +4."""
    opts = GAME.options("tiroler-cup")
    assert opts.tirol_trischaken_2x2 == "2_to_each"
    assert settle(opts, TRISCHAKEN).points == (4, -4, -4, 4)


def test_tiroler_cup_abrechnung_trischaken_option_2_in_all():
    opts = GAME.options("tiroler-cup", {"tirol_trischaken_2x2": "2_in_all"})
    assert settle(opts, TRISCHAKEN).points == (2, -2, -2, 2)
    # second and third tie and share: the top pays, the bottom receives, the pair nets 0
    tied = Outcome("trischaken", (0, 1, 2, 3), 4, thirds=(40, 70, 50, 50), tricks=(3, 3, 3, 3))
    assert settle(opts, tied).points == (2, -2, 0, 0)
    assert settle(GAME.options("tiroler-cup"), tied).points == (4, -4, 0, 0)
    # the Bürgermeister, Jungfrau and Vorhand rules are not "(2 x 2)": the option leaves them alone
    vorhand_top = Outcome("trischaken", (0, 1, 2, 3), 4, thirds=(65, 40, 55, 50), tricks=(3, 3, 3, 3))
    assert settle(opts, vorhand_top).points == settle(GAME.options("tiroler-cup"), vorhand_top).points == (-6, 2, 2, 2)


def test_oesterreich_finale_5_trischaken_ignores_the_tirol_option():
    a = settle(GAME.options(None), TRISCHAKEN).points
    b = settle(GAME.options(None, {"tirol_trischaken_2x2": "2_in_all"}), TRISCHAKEN).points
    assert a == b


def test_tiroler_cup_paragrafen_besserrufer_without_bird_pays_the_spiel_by_default():
    """Tiroler Cup: a Besserrufer without a bird is Renonce, and a Renonce puts every regular player
    "so ..., als ob sie das Spiel und alle angesagten Zusätze gewonnen hätten": no bird was announced,
    so the Spiel (3) to each of the three."""
    opts = GAME.options("tiroler-cup")
    assert opts.besserrufer_ohne_vogel == "renonce"
    assert settle(opts, NO_BIRD).points == (3, -9, 3, 3)


def test_oesterreich_finale_4_besserrufer_without_bird_pays_spiel_und_pagat():
    """Österreich-Finale 4): "verliert an alle 3 Spieler Spiel + Pagat (3 Punkte)" -- 1 + 2."""
    assert settle(GAME.options(None), NO_BIRD).points == (3, -9, 3, 3)
    opts = GAME.options("tiroler-cup", {"besserrufer_ohne_vogel": "spiel_und_pagat"})
    assert settle(opts, NO_BIRD).points == (5, -15, 5, 5)  # the Tirol tariff 3 + the Pagat 2


# -- the scorekeeper's "Punkte/Blatt" (Österreich-Finale 1): "36 Punkte (35 Punkte und 2 Blatt)") --
@pytest.mark.parametrize("text, thirds", [("35/2", 107), ("36", 108), ("36/0", 108), ("0/1", 1), ("70", 210),
                                          (" 35 / 1 ", 106)])
def test_oesterreich_finale_1_points_and_blatt(text, thirds):
    assert points_blatt_to_thirds(text) == thirds


@pytest.mark.parametrize("text, why", [("34/7", "Blatt is 0, 1 or 2"), ("36/-1", "Blatt is 0, 1 or 2"),
                                       ("35/5", "Blatt is 0, 1 or 2"), ("35/3", "Blatt is 0, 1 or 2"),
                                       ("70/1", "70 points"), ("-3/1", "Punkte/Blatt"), ("35/", "Punkte/Blatt"),
                                       ("x", "Punkte/Blatt"), ("35/2/1", "Punkte/Blatt")])
def test_oesterreich_finale_1_bad_points_and_blatt_are_refused(text, why):
    with pytest.raises(ValueError, match=why):
        points_blatt_to_thirds(text)
