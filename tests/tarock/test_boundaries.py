"""Tarock settlement at every boundary and in the cases the sheets name, written from the sheets:

* Österreich-Finale 1): "35 Punkte und 2 Blatt" win (107 thirds); 106 thirds lose;
* Österreich-Finale 2) / Tiroler Cup: Kontra ×2, Rekontra ×4, Subkontra ×8, on the money only;
* Österreich-Finale 4): Schleifen -- "er verliert Spiel plus Ansager": only the declarer's announced
  premiums go, to each opponent;
* Österreich-Finale 8): silent premiums half; solo contracts double; premiums of the opponents;
* Tiroler Cup, Valat: a fixed premium 20 / 10 that can be kontriert (money);
* Tiroler Cup, Renonce: "so stellen, als ob sie das Spiel und alle angesagten Zusätze gewonnen hätten
  (inklusive Kontras). Einem Alleinspieler ist daher der dreifache Spielwert zu bezahlen, allen
  anderen (auch Partnern) der einfache Spielwert";
* the scorekeeper entry's ranges: every field at its first value out of range, one fault at a time.
"""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.tarock import PROFILES, Outcome, Premium, Renonce, settle

OF = PROFILES["oesterreich-finale"]
TC = PROFILES["tiroler-cup"]
P = (1, 2, 3, 0)  # players from Vorhand, dealer 0


# -- Österreich-Finale 1): 35 and 2 Blatt ---------------------------------------------------------
@pytest.mark.parametrize("opts", [OF, TC], ids=["oesterreich", "tirol"])
def test_oesterreich_finale_1_107_thirds_win_106_lose(opts):
    win = settle(opts, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=107))
    lose = settle(opts, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=106))
    assert win.won is True and lose.won is False
    assert win.points == (-1, 1, -1, 1) and lose.points == (1, -1, 1, -1)


def test_oesterreich_finale_1_thirds_range_at_its_ends():
    for thirds in (0, 210):
        settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=thirds))
    for thirds in (-1, 211):
        with pytest.raises(IllegalAction, match="0..70"):
            settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=thirds))


# -- Österreich-Finale 2): Kontra levels on the money ------------------------------------------
@pytest.mark.parametrize("level,mult", [(0, 1), (1, 2), (2, 4), (3, 8)])
def test_oesterreich_finale_2_kontra_levels_double_the_money(level, mult):
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150, kontra=level))
    assert s.points == (-4, -4, 12, -4)
    assert s.money == (-4 * mult, -4 * mult, 12 * mult, -4 * mult)


def test_oesterreich_finale_2_kontra_level_range():
    with pytest.raises(IllegalAction, match="0..3"):
        settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150, kontra=4))
    with pytest.raises(IllegalAction, match="0..3"):
        settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150, kontra=-1))


# -- Österreich-Finale 4): Schleifen ------------------------------------------------------------
def test_oesterreich_finale_4_schleifen_loses_the_game_and_only_the_declarers_announced_premiums():
    """"verliert Spiel plus Ansager": the declarer's announced Pagat (2) goes with the game (1); his
    silent Trull and the opponents' announced premium are not settled at all."""
    pr = (Premium("pagat", "declarer", True, False), Premium("trull", "declarer", False, True),
          Premium("uhu", "opponents", True, True))
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=None, schleifen=True, premiums=pr))
    assert s.won is False
    assert [(str(ln.label), ln.value) for ln in s.lines] == [("Rufer geschleift", -1), ("Pagat", -2)]
    # to each opponent: 1 + 2 = 3, the declarer pays 9
    assert s.points == (3, -9, 3, 3)


def test_oesterreich_finale_4_schleifen_only_in_a_rufer():
    with pytest.raises(IllegalAction, match="schleifen"):
        settle(OF, Outcome("dreier", P, declarer=2, schleifen=True))


# -- Österreich-Finale 8): premiums ------------------------------------------------------------
def test_oesterreich_finale_8_an_opponents_premium_in_a_positive_game():
    """The opponents announce and make the Pagat (2) against a Dreier they lose: each opponent gets 2
    more, the declarer pays 3 × 2 more."""
    base = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120))
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("pagat", "opponents", True, True),)))
    assert [a - b for a, b in zip(s.points, base.points)] == [2, 2, -6, 2]
    # lost, it costs them: the declarer gets 2 from each
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("pagat", "opponents", True, False),)))
    assert [a - b for a, b in zip(s.points, base.points)] == [-2, -2, 6, -2]


def test_oesterreich_finale_8_silent_half_and_solo_double():
    """"Heimliche/stille Ansagen zählen stets die Hälfte"; "Bei den Solospielen zählen alle Ansagen doppelt"."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("uhu", "declarer", False, True),)))
    assert [ln.value for ln in s.lines] == [4, 2]  # Uhu 4, silent 2
    s = settle(OF, Outcome("solodreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("uhu", "declarer", True, True),)))
    assert [ln.value for ln in s.lines] == [8, 8]  # Solodreier 8, Uhu 4 x 2
    s = settle(OF, Outcome("solodreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("uhu", "declarer", False, True),)))
    assert [ln.value for ln in s.lines] == [8, 4]


def test_oesterreich_finale_8_a_kontriert_premium_doubles_its_money_only():
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("pagat", "declarer", True, True, kontra=1),)))
    assert s.points == (-6, -6, 18, -6)  # 4 + 2 each
    assert s.money == (-8, -8, 24, -8)  # 4 + 2 x 2 each


def test_tiroler_cup_only_announced_premiums_can_be_kontriert():
    with pytest.raises(IllegalAction, match="kontriert"):
        settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("pagat", "declarer", False, True, kontra=1),)))


# -- Tiroler Cup: Valat as a premium, with Kontra ----------------------------------------------
def test_tiroler_cup_kontra_on_an_announced_valat_premium():
    """Tiroler Cup, Valat: announced 20 on top of the game (Dreier 5); a Kontra on the Valat doubles
    its money, not the tournament points (Kontras do not count for the tournament score)."""
    plain = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                               premiums=(Premium("valat", "declarer", True, True),)))
    k = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", True, True, kontra=1),)))
    assert plain.points == k.points == (-25, -25, 75, -25)
    assert k.money == (-45, -45, 135, -45)  # 5 + 20 x 2 each


def test_tiroler_cup_valat_silent_ten_and_lost_announced_valat():
    s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", False, True),)))
    assert s.points == (-15, -15, 45, -15)
    s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=200,
                           premiums=(Premium("valat", "declarer", True, False),)))
    assert s.points == (15, 15, -45, 15)  # game won 5, Valat lost 20
    # a silent Valat not made is nothing
    s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=200,
                           premiums=(Premium("valat", "declarer", False, False),)))
    assert s.points == (-5, -5, 15, -5)


def test_tiroler_cup_valat_voids_the_material_premiums():
    """"zählen alle Stichprämien ..., aber keine valatlogischen Materialprämien (Trull, 4 Könige)"."""
    s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", True, True), Premium("trull", "declarer", True, True),
                                     Premium("pagat", "declarer", True, True))))
    assert [str(ln.label) for ln in s.lines] == ["Dreier", "Valat", "Pagat"]


def test_oesterreich_finale_9_valat_multiplies_and_only_announced_count():
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", True, True), Premium("trull", "declarer", False, True),
                                     Premium("pagat", "declarer", True, True))))
    assert [ln.value for ln in s.lines] == [8, 2]  # Rufer 1 x 8; the silent Trull does not count
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", False, True),)))
    assert [ln.value for ln in s.lines] == [4]


# -- Renonce ----------------------------------------------------------------------------------
def test_tiroler_cup_renonce_with_kontra_in_a_negative_game():
    """Negative game: each opponent kontras for himself. Seat 3 commits a Renonce against a Bettel
    (Tiroler Cup 4) that seat 1 kontriert: every regular player is paid "als ob sie das Spiel ...
    gewonnen hätten (inklusive Kontras)" -- the declarer alone 3 x 4 in points; in money each
    opponent's own Kontra: 4 x 2 from seat 1's Kontra, 4 from seat 0."""
    s = settle(TC, Outcome("bettel", P, declarer=2, declarer_tricks=0, kontras=((1, 1),),
                           renonces=(Renonce("farbzwang", 3),)))
    assert s.points == (4, 4, 12, -20)
    assert s.money[1] == 8 and s.money[0] == 4 and s.money[2] == 8 + 4 + 4
    assert sum(s.money) == 0 and s.money[3] == -(8 + 4 + 16)


def test_tiroler_cup_renonce_the_partners_money():
    """"allen anderen (auch Partnern) der einfache Spielwert", Kontras included: the partner of a
    kontriert Rufer gets 1 x 2 in money, 1 in points; the offender is an opponent."""
    s = settle(TC, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=50, kontra=1,
                           renonces=(Renonce("farbzwang", 0),)))
    assert s.points == (-3, 1, 1, 1)
    assert s.money[3] == 2 and s.money[1] == 2 and s.money[2] == 2 and s.money[0] == -6


def test_tiroler_cup_renonce_of_the_declarer_alone_pays_everyone_and_announced_premiums():
    s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=150,
                           premiums=(Premium("pagat", "declarer", True, True), Premium("uhu", "opponents", False, True)),
                           renonces=(Renonce("tarockzwang", 2),)))
    # every regular player (the three opponents) gets Dreier 5 + the announced Pagat 2; silent Uhu is no Zusatz
    assert s.points == (7, 7, -21, 7)


def test_tiroler_cup_two_renonce_players_share():
    s = settle(TC, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=150,
                           renonces=(Renonce("farbzwang", 0), Renonce("farbzwang", 2))))
    assert s.points == (-1, 1, -1, 1)


def test_tiroler_cup_renonce_in_trischaken_fixed_3x4():
    s = settle(TC, Outcome("trischaken", P, thirds=(0, 0, 0, 0), tricks=(0, 0, 0, 0), renonces=(Renonce("farbzwang", 2),)))
    assert s.points[2] == -12 and sorted(s.points) == [-12, 4, 4, 4]


def test_oesterreich_finale_5_renonce_in_trischaken():
    """"Wer beim Trischaken eine Renonce begeht, verliert 3 mal 2 Punkte. Begeht der Trischaker die
    Renonce, verliert er 3 mal 4 Punkte. Zwei Renoncespieler verlieren je 3 Punkte.\""""
    t = dict(thirds=(0, 0, 0, 0), tricks=(0, 0, 0, 0))
    s = settle(OF, Outcome("trischaken", P, renonces=(Renonce("farbzwang", 2),), **t))
    assert s.points[2] == -6
    s = settle(OF, Outcome("trischaken", P, renonces=(Renonce("farbzwang", 1),), **t))  # seat 1 is Vorhand
    assert s.points[1] == -12
    s = settle(OF, Outcome("trischaken", P, renonces=(Renonce("farbzwang", 2), Renonce("farbzwang", 3)), **t))
    assert s.points[2] == s.points[3] == -3


# -- the scorekeeper entry's ranges, one fault at a time ----------------------------------------
GOOD = dict(contract="dreier", players=P, declarer=2, declarer_thirds=120)


@pytest.mark.parametrize("change,match", [
    ({"declarer_tricks": 13}, "12 tricks"), ({"declarer_tricks": -1}, "12 tricks"),
    ({"seats": 3}, "4 players"), ({"seats": 6}, "4 players"),
    ({"players": (1, 2, 3)}, "four different"), ({"players": (1, 2, 3, 3)}, "four different"),
    ({"players": (1, 2, 3, 4)}, "four different"), ({"declarer": 4}, "declarer"),
    ({"contract": "rufer", "partner": 2}, "partner"), ({"partner": 1}, "alone"),
    ({"kontras": ((1, 1),)}, "one Kontra"), ({"premiums": (Premium("pagat", "declarer", True, True),) * 2}, "twice"),
    ({"premiums": (Premium("adler", "declarer", True, True),)}, "unknown premium"),
    ({"premiums": (Premium("pagat", "both", True, True),)}, "side"),
    ({"premiums": (Premium("pagat", "declarer", True, True, kontra=4),)}, "side"),
    ({"renonces": (Renonce("x", 0),) * 3}, "one or two"), ({"renonces": (Renonce("x", 4),)}, "no seat"),
    ({"claims": ((1, 2),)}, "Renonce"),
])
def test_oesterreich_finale_entry_ranges_one_fault_at_a_time(change, match):
    settle(OF, Outcome(**GOOD))  # the entry without the fault is fine
    with pytest.raises(IllegalAction, match=match):
        settle(OF, Outcome(**(GOOD | change)))


@pytest.mark.parametrize("change,match", [
    ({"kontras": ((1, 4),)}, "level 0..3"), ({"kontras": ((2, 1),)}, "opponent seat"),
    ({"kontra": 1}, "separately"), ({"premiums": (Premium("pagat", "declarer", True, True),)}, "no premiums"),
])
def test_oesterreich_finale_6_negative_entry_ranges(change, match):
    good = dict(contract="bettel", players=P, declarer=2, declarer_tricks=0)
    settle(OF, Outcome(**good))
    with pytest.raises(IllegalAction, match=match):
        settle(OF, Outcome(**(good | change)))


@pytest.mark.parametrize("tricks,ok", [(0, True), (1, False)])
def test_oesterreich_finale_3_bettel_boundary(tricks, ok):
    s = settle(OF, Outcome("bettel", P, declarer=2, declarer_tricks=tricks))
    assert s.won is ok and s.points[2] == (6 if ok else -6)


@pytest.mark.parametrize("tricks,ok", [(0, False), (1, True), (2, False)])
def test_oesterreich_finale_3_piccolo_exactly_one_trick(tricks, ok):
    s = settle(OF, Outcome("piccolo", P, declarer=2, declarer_tricks=tricks))
    assert s.won is ok


def test_oesterreich_finale_5_trischaken_sums():
    with pytest.raises(IllegalAction, match="70"):
        settle(OF, Outcome("trischaken", P, thirds=(50, 50, 50, 59), tricks=(3, 3, 3, 3)))
    with pytest.raises(IllegalAction, match="12"):
        settle(OF, Outcome("trischaken", P, thirds=(50, 50, 50, 60), tricks=(3, 3, 3, 4)))
    with pytest.raises(IllegalAction, match="Kontra"):
        settle(OF, Outcome("trischaken", P, thirds=(50, 50, 50, 60), tricks=(3, 3, 3, 3), kontra=1))
    with pytest.raises(IllegalAction, match="every seat"):
        settle(OF, Outcome("trischaken", P, thirds=(50, 50, 110), tricks=(3, 3, 6)))


# -- Trischaken: "das Spiel (mindestens 35/2)" at 107 thirds, not at 106 ---------------------------
def _tri(opts, thirds):
    return settle(opts, Outcome("trischaken", P, thirds=thirds, tricks=(3, 3, 3, 3))).points


def test_oesterreich_finale_5_trischaken_most_points_with_35_2_doubles_at_107_not_106():
    """Österreich-Finale 5) "verliert der Spieler mit den meisten Punkten (3 mal 1). Hat jemand das Spiel
    (mindestens 35/2) verliert er doppelt (3 mal 2)" -- seat 2, not the Trischaker, has the most."""
    assert _tri(OF, (40, 33, 107, 30)) == (2, 2, -6, 2)
    assert _tri(OF, (40, 34, 106, 30)) == (1, 1, -3, 1)


def test_oesterreich_finale_5_trischaker_with_35_2_loses_3x4_at_107_3x2_at_106():
    """"Hat der Trischaker die meisten Punkte ... verliert er 3 mal 2 bzw. 3 mal 4 Punkte (falls er mind.
    35/2 hat)" -- the Trischaker is Vorhand, seat 1."""
    assert _tri(OF, (40, 107, 33, 30)) == (4, -12, 4, 4)
    assert _tri(OF, (40, 106, 34, 30)) == (2, -6, 2, 2)


def test_tiroler_cup_buergermeister_from_107_thirds():
    """Tiroler Cup, Abrechnung: "Ein Bürgermeister zahlt je zwei Punkte an alle anderen (3 x 2)"; the
    Vorhand "als Bürgermeister je vier Punkte (3 x 4)". At 106 thirds there is no Bürgermeister: the two
    with the most points pay 2 × 2, the Vorhand with the most 3 × 2."""
    assert _tri(TC, (40, 33, 107, 30)) == (2, 2, -6, 2)
    assert _tri(TC, (40, 34, 106, 30)) == (-4, 4, -4, 4)
    assert _tri(TC, (40, 107, 33, 30)) == (4, -12, 4, 4)
    assert _tri(TC, (40, 106, 34, 30)) == (2, -6, 2, 2)


# -- Renonce: the game as won, with every announced premium and the Kontras ---------------------
def test_oesterreich_finale_10_renonce_with_an_announced_valat_and_kontras():
    """Österreich-Finale 10) "Alle regulären Spieler erhalten die Punkte, als hätten sie das Spiel und alle
    angesagten Ansagen gewonnen"; 9) the announced Valat makes the game worth eight times (Dreier 4 -> 32),
    the Pagat (2) counts as announced; the Alleinspieler is paid three times. Kontras (game and Valat
    kontriert: ×4; Pagat kontriert: ×2) change only the money (2))."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=120, kontra=1,
                premiums=(Premium("valat", "declarer", True, False, 1), Premium("pagat", "declarer", True, True, 1)),
                renonces=(Renonce("farbzwang", 3),))
    s = settle(OF, o)
    assert s.points == (32 + 2, 32 + 2, 3 * (32 + 2), -170)
    assert s.money == (32 * 4 + 2 * 2, 32 * 4 + 2 * 2, 3 * (32 * 4 + 2 * 2), -660)
    assert [ln.value for ln in s.lines] == [32]


def test_tiroler_cup_renonce_partners_get_the_simple_value_with_premiums_and_kontras():
    """Tiroler Cup, Abrechnung: "allen anderen (auch Partnern) der einfache Spielwert", inklusive Kontras:
    Rufer 1 (Rekontra ×4), the Valat premium 20 (kontriert ×2), the Pagat 2 (kontriert ×2)."""
    o = Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, kontra=2,
                premiums=(Premium("valat", "declarer", True, False, 1), Premium("pagat", "declarer", True, True, 1)),
                renonces=(Renonce("farbzwang", 0),))
    s = settle(TC, o)
    assert s.points == (-3 * 23, 23, 23, 23)
    assert s.money == (-3 * 48, 48, 48, 48)


def test_the_settlement_records_its_facts():
    """What the score sheet keeps of a row besides the points: won or lost (None where nobody plays for a
    game: a struck row, Trischaken, a Renonce), and the facts that decided it."""
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, struck=True))
    assert (s.won, dict(s.facts), s.points, s.money) == (None, {"struck": True}, (0, 0, 0, 0), (0, 0, 0, 0))
    assert [(ln.value, str(ln.label)) for ln in s.lines] == [(0, "gestrichen")]
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, schleifen=True))
    assert (s.won, dict(s.facts)) == (False, {"schleifen": True})
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120))
    assert (s.won, dict(s.facts)) == (True, {"declarer_thirds": 120})
    s = settle(OF, Outcome("trischaken", P, thirds=(40, 33, 107, 30), tricks=(3, 3, 3, 3)))
    assert (s.won, dict(s.facts)) == (None, {"thirds": [40, 33, 107, 30]})
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120, renonces=(Renonce("farbzwang", 3),)))
    assert (s.won, dict(s.facts)) == (None, {"renonce": [{"kind": "farbzwang", "offender": 3}]})
    assert [ln.value for ln in s.lines] == [4]


def test_tiroler_cup_trischaken_special_cases():
    """Tiroler Cup, Abrechnung, "Sonderfälle der Trischakenabrechnung": the Vorhand with the most points
    pays its 3 × 2 to a Jungfrau alone; three tied for the fewest get 1 each from the first; two tied
    behind the first share: the first pays the last (2 × 2), the tied ones neither pay nor get."""
    def tri(th, tr):
        return settle(TC, Outcome("trischaken", P, thirds=th, tricks=tr)).points
    assert tri((0, 90, 60, 60), (0, 5, 4, 3)) == (6, -6, 0, 0)
    assert tri((90, 40, 40, 40), (6, 2, 2, 2)) == (-3, 1, 1, 1)
    assert tri((80, 20, 55, 55), (5, 1, 3, 3)) == (-4, 4, 0, 0)


@pytest.mark.parametrize("change,ok", [
    ({"declarer_tricks": 12}, True), ({"declarer_tricks": 13}, False),
    ({"kontras": ((1, 0), (3, 3))}, True), ({"kontras": ((1, 4),)}, False), ({"kontras": ((1, -1),)}, False),
    ({"claims": ((0, 1),), "renonces": (Renonce("reden", 1),)}, True),
    ({"claims": ((4, 1),), "renonces": (Renonce("reden", 1),)}, False),
    ({"claims": ((-1, 1),), "renonces": (Renonce("reden", 1),)}, False),
])
def test_oesterreich_finale_6_negative_entry_ranges_at_both_ends(change, ok):
    """A Bettel's entry at the ends of each range: 0..12 tricks, Kontra levels 0..3 (Österreich-Finale 6)),
    a claim by seat 0..3 of four."""
    entry = dict(contract="bettel", players=P, declarer=2, declarer_tricks=0) | change
    if ok:
        settle(OF, Outcome(**entry))
    else:
        with pytest.raises(IllegalAction):
            settle(OF, Outcome(**entry))


@pytest.mark.parametrize("level,ok", [(0, True), (3, True), (4, False), (-1, False)])
def test_oesterreich_finale_2_premium_kontra_levels_at_both_ends(level, ok):
    entry = dict(GOOD, premiums=(Premium("pagat", "declarer", True, True, level),))
    if ok:
        settle(OF, Outcome(**entry))
    else:
        with pytest.raises(IllegalAction, match="Kontra level 0..3"):
            settle(OF, Outcome(**entry))


def test_oesterreich_finale_5_two_jungfrauen_share_an_odd_winning():
    """"Haben zwei Spieler keinen Stich, teilen sie sich den Gewinn": 3 × 1 shared by two Jungfrauen is
    2 and 1, the odd point to the first in playing order (Vorhand, seat 1)."""
    s = settle(OF, Outcome("trischaken", P, thirds=(0, 0, 106, 104), tricks=(0, 0, 6, 6)))
    assert s.points == (1, 2, -3, 0)


def test_oesterreich_finale_2_the_kontra_is_named_in_the_line():
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, kontra=2))
    assert s.lines[0].note.to_json() == {"id": "{note}, {kontras}", "args": {
        "note": {"id": "{thirds} points", "args": {"thirds": 120}}, "kontras": ["Rekontra"]}}
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120))
    assert s.lines[0].note.to_json() == {"id": "{thirds} points", "args": {"thirds": 120}}


def test_a_renonce_kind_in_words_and_an_unknown_one_as_written():
    from stammtisch.games.tarock.scoring import renonce_word
    assert renonce_word("farbzwang").id == "Farbzwang broken"
    assert renonce_word("schummeln") == "schummeln"


def test_oesterreich_finale_6_kontra_of_each_opponent_from_level_0_to_subkontra():
    """Österreich-Finale 6): in a negative game each opponent kontras separately; 2) Subkontra is ×8 and
    no Kontra ×1, on the money only. A lost Bettel (2): seat 1 Subkontra, seat 3 level 0, seat 0 none."""
    s = settle(OF, Outcome("bettel", P, declarer=2, declarer_tricks=1, kontras=((1, 3), (3, 0))))
    assert s.points == (2, 2, -6, 2)
    assert s.money == (2, 16, -20, 2)
    # a Renonce of seat 0 in that Bettel: the regular players get the game as won, with their Kontras
    s = settle(OF, Outcome("bettel", P, declarer=2, kontras=((1, 3), (3, 0)), renonces=(Renonce("reden", 0),)))
    assert s.points == (-10, 2, 6, 2)
    assert s.money == (-38, 16, 20, 2)


@pytest.mark.parametrize("kontra,valat_kontra,money", [(1, 0, 64), (1, 1, 128), (0, 1, 64), (0, 0, 32)])
def test_oesterreich_finale_9_a_kontriert_valat_multiplies_the_money(kontra, valat_kontra, money):
    """Österreich-Finale 9): the announced Valat makes the Dreier (4) worth 32; 2) the game's Kontra and
    the Valat's Kontra each double the money (not the points)."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=210, kontra=kontra,
                           premiums=(Premium("valat", "declarer", True, True, valat_kontra),)))
    assert s.points == (-32, -32, 96, -32)
    assert s.money == (-money, -money, 3 * money, -money)


@pytest.mark.parametrize("side,made,note", [
    ("declarer", True, "Valat announced by the declarer, made"), ("declarer", False, "Valat announced by the declarer, lost"),
    ("opponents", True, "Valat announced by the opponents, made"),
    ("opponents", False, "Valat announced by the opponents, lost")])
def test_oesterreich_finale_9_the_line_says_whose_valat_and_how_it_ended(side, made, note):
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=120,
                           premiums=(Premium("valat", side, True, made),)))
    assert s.lines[0].note.to_json() == {"id": note}
    assert s.won is (made == (side == "declarer"))


@pytest.mark.parametrize("side,note", [("declarer", "silent Valat of the declarer"),
                                       ("opponents", "silent Valat of the opponents")])
def test_oesterreich_finale_9_a_silent_valat_is_named_in_the_line(side, note):
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=210 if side == "declarer" else 0,
                           premiums=(Premium("valat", side, False, True),)))
    assert s.lines[0].note.to_json() == {"id": note}


def test_tiroler_cup_option_kontra_counts_for_points():
    """Clubs differ (option kontra_counts_for_points): the Kontras count for the tournament points too.
    Rufer 1 kontriert ×2; a lost Bettel 4 with a Rekontra of seat 1 ×4; the Valat premium 20 and the Pagat 2
    each kontriert ×2 with the Dreier 5; a Renonce pays the game with its Kontra."""
    import dataclasses
    k = dataclasses.replace(TC, kontra_counts_for_points=True)
    s = settle(k, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, kontra=1))
    assert s.points == s.money == (-2, 2, -2, 2)
    s = settle(k, Outcome("bettel", P, declarer=2, declarer_tricks=1, kontras=((1, 2),)))
    assert s.points == s.money == (4, 16, -24, 4)
    s = settle(k, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                          premiums=(Premium("valat", "declarer", True, True, 1), Premium("pagat", "declarer", True, True, 1))))
    assert s.points == s.money == (-49, -49, 147, -49)
    assert [(str(ln.label), ln.value, str(ln.note)) for ln in s.lines][1] == ("Valat", 20, "made")
    s = settle(k, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, kontra=1,
                          renonces=(Renonce("reden", 0),)))
    assert s.points == s.money == (-6, 2, 2, 2)


def test_tiroler_cup_two_tied_for_the_fewest_is_not_three():
    """"Die beiden Spieler mit den meisten Punkten zahlen an die beiden anderen": two tied at the bottom
    get 2 × 2 like any two (only three tied share 1 each)."""
    assert settle(TC, Outcome("trischaken", P, thirds=(100, 50, 30, 30), tricks=(5, 3, 2, 2))).points == (-4, -4, 4, 4)
    s = settle(TC, Outcome("trischaken", P, thirds=(100, 50, 30, 30), tricks=(5, 3, 2, 2)))
    assert (s.won, dict(s.facts)) == (None, {"thirds": [100, 50, 30, 30]})


def test_oesterreich_finale_3_a_lost_sechserdreier_is_written_as_double():
    s = settle(OF, Outcome("sechserdreier", P, declarer=2, declarer_thirds=90))
    assert s.lines[0].label.to_json() == {"id": "{contract} verloren (doppelt)", "args": {"contract": "Sechserdreier"}}
    assert s.points == (8, 8, -24, 8)


def test_tiroler_cup_valat_premium_lines():
    """Tiroler Cup, Paragrafen "Valat": 20 announced, 10 still, written as its own line with how it ended;
    without Kontra it counts once (the Dreier 5 besides)."""
    def lines(prem, thirds):
        s = settle(TC, Outcome("dreier", P, declarer=2, declarer_thirds=thirds, premiums=(prem,)))
        assert s.money == s.points  # no Kontra: money as points
        return s.points, [(str(ln.label), ln.value, str(ln.note)) for ln in s.lines][1]
    assert lines(Premium("valat", "declarer", True, True, 0), 210) == ((-25, -25, 75, -25), ("Valat", 20, "made"))
    assert lines(Premium("valat", "declarer", False, True), 210) == ((-15, -15, 45, -15), ("Valat (still)", 10, "made"))
    assert lines(Premium("valat", "declarer", True, False), 150) == ((15, 15, -45, 15), ("Valat", -20, "lost"))


def test_oesterreich_finale_9_with_a_valat_only_announced_premiums_count_in_any_order():
    """"Beim Valat ... gelten nur angesagte Ansager und Prämien": the silent Trull is left out, the announced
    Pagat after it still counts."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=210,
                           premiums=(Premium("valat", "declarer", True, True), Premium("trull", "declarer", False, True),
                                     Premium("pagat", "declarer", True, True))))
    assert s.points == (-34, -34, 102, -34)
    assert [(str(ln.label), ln.value) for ln in s.lines] == [("Dreier", 32), ("Pagat", 2)]
