"""Settlement examples worked out by hand from the sheets (Österreich-Finale, Tiroler Cup)."""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.tarock import PROFILES, Outcome, Premium, Renonce, settle

OF = PROFILES["oesterreich-finale"]
TC = PROFILES["tiroler-cup"]
P = (1, 2, 3, 0)  # players from Vorhand, dealer 0


def test_oesterreich_finale_1_win_needs_35_and_2_blatt():
    """Österreich-Finale 1): 35 Punkte und 2 Blatt (107 thirds) win; 35:35 (105) loses."""
    assert settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=107)).points == (-4, -4, 12, -4)
    assert settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=106)).points == (4, 4, -12, 4)
    assert settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=105)).won is False


def test_settlement_2v2_and_1v3():
    """pagat.com, Königrufen: 2 vs 2 ±v each; 1 vs 3 declarer ±3v, opponents ∓v."""
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120))
    assert s.points == (-1, 1, -1, 1)
    s = settle(OF, Outcome("rufer", P, declarer=1, partner=None, declarer_thirds=90))
    assert s.points == (1, -3, 1, 1)


def test_oesterreich_finale_1_struck_row():
    """Österreich-Finale 1): a row that cannot be cleared is struck, 0 for all."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150, struck=True))
    assert s.points == (0, 0, 0, 0) and s.money == (0, 0, 0, 0)


def test_oesterreich_finale_2_kontra_changes_money_not_points():
    """Österreich-Finale 2): Kontra only on the money; one Kontra for all in positive games."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150, kontra=1))
    assert s.points == (-4, -4, 12, -4)
    assert s.money == (-8, -8, 24, -8)


def test_kontra_chain_rekontra_subkontra():
    """Österreich-Finale 2): Kontra ×2, Rekontra ×4, Subkontra ×8 (money)."""
    for level, mult in ((2, 4), (3, 8)):
        s = settle(OF, Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=150, kontra=level))
        assert s.points == (-1, 1, -1, 1)
        assert s.money == (-mult, mult, -mult, mult)


def test_oesterreich_finale_6_negative_kontra_each_opponent_separately():
    """Österreich-Finale 6): in negative games each opponent kontras for himself."""
    s = settle(OF, Outcome("piccolo", P, declarer=2, declarer_tricks=1, kontras=((3, 1), (0, 2))))
    assert s.points == (-2, -2, 6, -2)
    # seat 1 no Kontra: 2; seat 3 Kontra: 4; seat 0 Rekontra: 8
    assert s.money == (-8, -2, 14, -4)
    lost = settle(OF, Outcome("bettel", P, declarer=2, declarer_tricks=1, kontras=((3, 1),)))
    assert lost.points == (2, 2, -6, 2) and lost.money == (2, 2, -8, 4)


def test_kontra_on_a_premium_only_doubles_that_premium():
    """Tiroler Cup, Abrechnung: game and premiums are kontriert separately."""
    s = settle(OF, Outcome("dreier", P, declarer=2, declarer_thirds=150,
                           premiums=(Premium("pagat", "declarer", True, True, kontra=1, announcer=2),)))
    assert s.points == (-6, -6, 18, -6)
    assert s.money == (-8, -8, 24, -8)


def test_oesterreich_finale_3_sechserdreier_lost_double_with_premium_made():
    """Österreich-Finale 3): a lost Sechserdreier counts double (the game only); an announced Trull made
    still counts; Kontra on the game doubles the money of the game line."""
    o = Outcome("sechserdreier", P, declarer=2, declarer_thirds=100, kontra=1,
                premiums=(Premium("trull", "declarer", True, True, announcer=2),))
    s = settle(OF, o)
    # per opponent: game -8, Trull +2 → -6; money: game -16, Trull +2 → -14
    assert s.points == (6, 6, -18, 6)
    assert s.money == (14, 14, -42, 14)
    assert settle(TC, o).points == (2, 2, -6, 2)  # Tiroler Cup: not doubled (tariff 4, Trull 2)


def test_oesterreich_finale_8_silent_premiums_half_and_solo_double():
    """Österreich-Finale 8): silent premiums count half, all premiums double in solos."""
    o = Outcome("solodreier", P, declarer=2, declarer_thirds=130,
                premiums=(Premium("trull", "declarer", True, True, announcer=2),
                          Premium("pagat", "declarer", False, True)))
    # per opponent: 8 + Trull 2×2 + silent Pagat (2×2)/2 = 14
    assert settle(OF, o).points == (-14, -14, 42, -14)


def test_silent_premium_lost_costs_half_when_option_says_so():
    """Clubs differ (option): whether a failed silent premium costs (default yes)."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=130, premiums=(Premium("pagat", "declarer", False, False),))
    assert settle(OF, o).points == (-3, -3, 9, -3)
    import dataclasses
    assert settle(dataclasses.replace(OF, silent_failed_costs=False), o).points == (-4, -4, 12, -4)


def test_oesterreich_finale_9_valat_announced_made():
    """Österreich-Finale 9): announced Valat ×8; only announced premiums count (the silent Trull not)."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=210,
                premiums=(Premium("valat", "declarer", True, True, announcer=2),
                          Premium("pagat", "declarer", True, True, announcer=2),
                          Premium("trull", "declarer", False, True)))
    # per opponent 4×8 + 2 = 34
    assert settle(OF, o).points == (-34, -34, 102, -34)


def test_oesterreich_finale_9_valat_silent():
    """Österreich-Finale 9): silent Valat ×4, and only announced premiums count."""
    o = Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=210,
                premiums=(Premium("valat", "declarer", False, True),
                          Premium("pagat", "declarer", True, True, announcer=1),
                          Premium("trull", "declarer", False, True)))
    assert settle(OF, o).points == (-6, 6, -6, 6)


def test_oesterreich_finale_9_valat_announced_lost():
    """Österreich-Finale 9): a lost Valat loses the game ×8, the premiums made are still credited."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=180,
                premiums=(Premium("valat", "declarer", True, False, announcer=2),
                          Premium("pagat", "declarer", True, True, announcer=2)))
    assert settle(OF, o).points == (30, 30, -90, 30)
    six = Outcome("sechserdreier", P, declarer=2, declarer_thirds=180,
                  premiums=(Premium("valat", "declarer", True, False, announcer=2),))
    assert settle(OF, six).points == (64, 64, -192, 64)  # "beim Sechserdreier 8 mal 8 Punkte"


def test_tiroler_cup_valat_fixed_premium_without_material_premiums():
    """Tiroler Cup, Paragrafen (Valat): trick premiums count, Trull/Vier Könige not; Valat 20 announced."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=210,
                premiums=(Premium("valat", "declarer", True, True, announcer=2),
                          Premium("trull", "declarer", False, True),
                          Premium("pagat", "declarer", False, True)))
    # per opponent: Dreier 5 + Valat 20 + silent Pagat 1 = 26
    assert settle(TC, o).points == (-26, -26, 78, -26)
    lost = Outcome("dreier", P, declarer=2, declarer_thirds=200,
                   premiums=(Premium("valat", "declarer", True, False, announcer=2),))
    assert settle(TC, lost).points == (15, 15, -45, 15)  # game won 5, Valat lost 20: netted


def test_oesterreich_finale_4_schleifen():
    """Österreich-Finale 4): schleifen loses game plus Ansager (3, 5, 7 or 9) to each opponent."""
    for bird, per in (("pagat", 3), ("uhu", 5), ("kakadu", 7), ("quapil", 9)):
        o = Outcome("besserrufer", P, declarer=2, schleifen=True,
                    premiums=(Premium(bird, "declarer", True, False, announcer=2),))
        assert settle(OF, o).points == (per, per, -3 * per, per)
    assert settle(OF, Outcome("rufer", P, declarer=2, schleifen=True)).points == (1, 1, -3, 1)


def test_oesterreich_finale_5_trischaken():
    """Österreich-Finale 5): most points 3×1, with 35/2 3×2, Trischaker 3×2 / 3×4, ties, Jungfrau."""
    def tri(th, tr):
        return settle(OF, Outcome("trischaken", P, thirds=th, tricks=tr)).points
    # seat 2 most points (80): pays 1 to each; seat 0 Jungfrau takes all 3
    assert tri((0, 60, 80, 70), (0, 4, 4, 4)) == (3, 0, -3, 0)
    assert tri((10, 60, 80, 60), (1, 4, 4, 3)) == (1, 1, -3, 1)
    # 35/2 or more: 3×2
    assert tri((10, 60, 110, 30), (1, 4, 5, 2)) == (2, 2, -6, 2)
    # the Trischaker (Vorhand, seat 1) with the most points: 3×2, with 35/2 3×4
    assert tri((30, 90, 60, 30), (2, 4, 3, 3)) == (2, -6, 2, 2)
    assert tri((30, 120, 30, 30), (2, 6, 2, 2)) == (4, -12, 4, 4)
    assert tri((30, 75, 75, 30), (2, 4, 4, 2)) == (2, -6, 2, 2)  # Trischaker tied for the most
    # two tied (without Trischaker) lose 2 each; three tied 1 each
    assert tri((20, 40, 75, 75), (2, 2, 4, 4)) == (2, 2, -2, -2)
    assert tri((60, 30, 60, 60), (3, 2, 3, 4)) == (-1, 3, -1, -1)
    # two Jungfrauen share the winnings of a Bürgermeister (3×2)
    assert tri((0, 0, 110, 100), (0, 0, 6, 6)) == (3, 3, -6, 0)


def test_tiroler_cup_abrechnung_trischaken():
    """Tiroler Cup, Abrechnung: 2×2, Bürgermeister 3×2, Jungfrau 3×2, Vorhand 3×2 / 3×4, ties share."""
    def tri(th, tr):
        return settle(TC, Outcome("trischaken", P, thirds=th, tricks=tr)).points
    assert tri((20, 40, 80, 70), (2, 3, 4, 3)) == (4, 4, -4, -4)  # the two with the most pay 2×2
    assert tri((20, 30, 110, 50), (2, 2, 5, 3)) == (2, 2, -6, 2)  # Bürgermeister
    assert tri((10, 30, 120, 50), (1, 2, 6, 3)) == (2, 2, -6, 2)
    assert tri((0, 40, 110, 60), (0, 3, 6, 3)) == (6, 0, -6, 0)  # Bürgermeister pays a Jungfrau 6
    assert tri((0, 0, 110, 100), (0, 0, 6, 6)) == (3, 3, -6, 0)  # two Jungfrauen 3 each
    assert tri((0, 30, 90, 90), (0, 2, 5, 5)) == (6, -2, -2, -2)  # Jungfrau collects 3×2
    assert tri((30, 100, 50, 30), (3, 5, 2, 2)) == (2, -6, 2, 2)  # Vorhand with the most points
    assert tri((20, 120, 40, 30), (2, 6, 2, 2)) == (4, -12, 4, 4)  # Vorhand as Bürgermeister
    assert tri((60, 30, 60, 60), (3, 2, 3, 4)) == (-1, 3, -1, -1)  # three tied pay 1 each
    assert tri((30, 20, 130, 30), (2, 1, 7, 2))[2] == -6


def test_oesterreich_finale_10_renonce_1v3():
    """Österreich-Finale 10): regular players as if they had won game and announced premiums."""
    base = dict(declarer=2, declarer_thirds=40, kontra=1,
                premiums=(Premium("pagat", "declarer", True, False, announcer=2),))
    # an opponent (seat 3) offends: declarer 3×(4+2)=18, other opponents 6 each; money with Kontra
    s = settle(OF, Outcome("dreier", P, renonces=(Renonce("farbzwang", 3),), **base))
    assert s.points == (6, 6, 18, -30)
    assert s.money == (10, 10, 30, -50)
    # the declarer offends: each opponent 6
    s = settle(OF, Outcome("dreier", P, renonces=(Renonce("tarockzwang", 2),), **base))
    assert s.points == (6, 6, -18, 6)


def test_tiroler_cup_abrechnung_renonce_2v2():
    """Tiroler Cup, Abrechnung: partners do not share a Renonce; every other player gets the simple value."""
    o = Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=150,
                premiums=(Premium("trull", "opponents", True, True, announcer=2),), renonces=(Renonce("ablage", 3),))
    assert settle(OF, o).points == (3, 3, 3, -9)


def test_tiroler_cup_abrechnung_two_offenders_and_fifth_player():
    """Tiroler Cup, Abrechnung: two offenders share; a sitting fifth player pays all four."""
    o = Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=150,
                renonces=(Renonce("farbzwang", 1), Renonce("farbzwang", 2)))
    assert settle(OF, o).points == (1, -1, -1, 1)
    five = Outcome("dreier", (1, 2, 3, 4), seats=5, declarer=2, declarer_thirds=150,
                   renonces=(Renonce("reden", 0),))
    assert settle(OF, five).points == (-24, 4, 12, 4, 4)


def test_oesterreich_finale_10_claims_for_silent_losses():
    """Österreich-Finale 10): a provable silent loss can be claimed from the offender."""
    o = Outcome("dreier", P, declarer=2, declarer_thirds=150, renonces=(Renonce("farbzwang", 3),),
                claims=((2, 3),))
    s = settle(OF, o)
    assert s.points == (4, 4, 15, -23)
    assert s.money == s.points  # no Kontra: the claim is money as much as points
    # the offender's own claim is not counted; two claims of one seat add up
    o = Outcome("dreier", P, declarer=2, declarer_thirds=150, renonces=(Renonce("farbzwang", 3),),
                claims=((2, 3), (3, 5), (2, 1)))
    assert settle(OF, o).points == (4, 4, 16, -24)


def test_oesterreich_finale_10_only_a_player_of_the_deal_claims():
    """Österreich-Finale 10): "einem regulären Spieler" -- at a table of five the sitting fifth played no
    card and lost nothing: his claim is refused, naming the paragraph; a player's claim at the same table counts."""
    five = dict(seats=5, declarer=2, declarer_thirds=150, renonces=(Renonce("farbzwang", 3),))
    with pytest.raises(IllegalAction) as e:
        settle(OF, Outcome("dreier", (1, 2, 3, 4), claims=((0, 3),), **five))
    assert e.value.rule == "Österreich-Finale 10)" and "0" in str(e.value)
    plain = settle(OF, Outcome("dreier", (1, 2, 3, 4), **five)).points
    claimed = settle(OF, Outcome("dreier", (1, 2, 3, 4), claims=((2, 3),), **five)).points
    assert claimed[2] == plain[2] + 3 and claimed[3] == plain[3] - 3 and claimed[0] == plain[0] == 0


def test_oesterreich_finale_4_besserrufer_without_bird():
    """Österreich-Finale 4): Renonce, loses Spiel + Pagat (3) to all three; Kontra without effect."""
    o = Outcome("besserrufer", P, declarer=2, declarer_thirds=150, kontra=2,
                renonces=(Renonce("besserrufer_ohne_vogel", 2),))
    s = settle(OF, o)
    assert s.points == (3, 3, -9, 3) and s.money == (3, 3, -9, 3)


def test_oesterreich_finale_5_trischaken_renonce():
    """Österreich-Finale 5): Renonce 3×2, the Trischaker 3×4, two offenders 3 each; Tirol fixed 3×4."""
    th, tr = (50, 60, 50, 50), (3, 3, 3, 3)
    def ren(opts, *offenders):
        return settle(opts, Outcome("trischaken", P, thirds=th, tricks=tr,
                                    renonces=tuple(Renonce("stichzwang", o) for o in offenders))).points
    assert ren(OF, 2) == (2, 2, -6, 2)
    assert ren(OF, 1) == (4, -12, 4, 4)
    assert ren(OF, 2, 3) == (3, 3, -3, -3)
    assert ren(TC, 2) == (4, 4, -12, 4)


@pytest.mark.parametrize("bad, rule", [
    (dict(contract="dreier", players=P, declarer=5), ""),
    (dict(contract="dreier", players=P, declarer=2, partner=3), "Österreich-Finale 4)"),
    (dict(contract="trischaken", players=P, thirds=(10, 10, 10, 10), tricks=(3, 3, 3, 3)), "Österreich-Finale 5)"),
    (dict(contract="trischaken", players=P, thirds=(50, 60, 50, 50), tricks=(3, 3, 3, 3), kontra=1),
     "Österreich-Finale 2)"),
    (dict(contract="piccolo", players=P, declarer=2, kontra=1), "Österreich-Finale 6)"),
    (dict(contract="dreier", players=P, declarer=2, kontras=((1, 1),)), "Österreich-Finale 2)"),
    (dict(contract="piccolo", players=P, declarer=2, premiums=(Premium("trull", "declarer", True, True),)),
     "Österreich-Finale 8)"),
    (dict(contract="farbensolo", players=P, declarer=2, premiums=(Premium("trull", "declarer", True, True),)),
     "Österreich-Finale 8)"),
    (dict(contract="zwiccolo_ouvert", players=P, declarer=2), "Österreich-Finale 3)"),
    (dict(contract="dreier", players=P, declarer=2, declarer_thirds=300), "Österreich-Finale 1)"),
])
def test_bad_outcome_is_refused_naming_the_section(bad, rule):
    with pytest.raises(IllegalAction) as e:
        settle(OF, Outcome(**bad))
    assert e.value.rule == rule


def test_outcome_json_round_trip():
    o = Outcome("rufer", P, declarer=1, partner=3, declarer_thirds=120, kontra=1,
                premiums=(Premium("pagat", "declarer", True, True, 1, 1),), renonces=(Renonce("farbzwang", 2),),
                claims=((1, 2),))
    assert Outcome.from_json(o.to_json()) == o
    with pytest.raises(IllegalAction):
        Outcome.from_json({"players": [1]})


def test_jungfrauen_each_collect_in_full_option():
    """Clubs differ (option): two Jungfrauen share (Österreich-Finale 5)) or each collect in full."""
    import dataclasses
    full = dataclasses.replace(OF, jungfrauen_share=False)
    o = Outcome("trischaken", P, thirds=(0, 0, 110, 100), tricks=(0, 0, 6, 6))
    assert settle(full, o).points == (6, 6, -12, 0)


def test_renonce_in_a_sechserdreier_opponents_win_double():
    """Österreich-Finale 3), 10): a regular opponent wins the game as the declarer would lose it — double."""
    o = Outcome("sechserdreier", P, declarer=2, declarer_thirds=150, renonces=(Renonce("farbzwang", 3),))
    s = settle(OF, o)
    assert s.points == (8, 8, 12, -28)
    assert [ln.value for ln in s.lines] == [4]  # the line names the game's value (4), not the opponents' double


def test_outcome_json_every_field_and_the_defaults():
    """The scorekeeper's entry form as JSON: every field written and read back (lists for tuples, as JSON
    has them), and a field left out is the fact's default (4 seats, no Kontra, nothing announced ...)."""
    import json

    o = Outcome("rufer", (1, 2, 3, 4), seats=5, declarer=1, partner=3, declarer_thirds=120, declarer_tricks=7,
                thirds=(1, 2, 3, 4, 5), tricks=(5, 4, 3, 2, 1),
                premiums=(Premium("pagat", "declarer", True, True, 1, 1), Premium("trull", "opponents", False, False)),
                kontra=2, kontras=((2, 1), (4, 3)), schleifen=True, renonces=(Renonce("farbzwang", 2), Renonce("reden", 0)),
                claims=((1, 2), (3, 4)), struck=True)
    j = o.to_json()
    assert j == {"contract": "rufer", "players": [1, 2, 3, 4], "seats": 5, "declarer": 1, "partner": 3,
                 "declarer_thirds": 120, "declarer_tricks": 7, "thirds": [1, 2, 3, 4, 5], "tricks": [5, 4, 3, 2, 1],
                 "premiums": [{"name": "pagat", "side": "declarer", "announced": True, "made": True, "kontra": 1,
                               "announcer": 1},
                              {"name": "trull", "side": "opponents", "announced": False, "made": False, "kontra": 0,
                               "announcer": None}],
                 "kontra": 2, "kontras": [[2, 1], [4, 3]], "schleifen": True,
                 "renonces": [{"kind": "farbzwang", "offender": 2}, {"kind": "reden", "offender": 0}],
                 "claims": [[1, 2], [3, 4]], "struck": True}
    assert Outcome.from_json(json.loads(json.dumps(j))) == o
    assert Outcome.from_json({"contract": "dreier", "players": [1, 2, 3, 0]}) == Outcome("dreier", (1, 2, 3, 0))
    assert Premium.from_json({"name": "uhu", "side": "opponents", "announced": 1, "made": 0}) == Premium(
        "uhu", "opponents", True, False, 0, None)
    for bad in ({"players": [1, 2, 3, 0]}, {"contract": "dreier", "players": [1, "x", 3, 0]},
                {"contract": "dreier", "players": [1, 2, 3, 0], "premiums": [{"name": "uhu"}]},
                {"contract": "dreier", "players": [1, 2, 3, 0], "kontras": [[1]]}):
        with pytest.raises(IllegalAction, match="malformed Tarock outcome") as e:
            Outcome.from_json(bad)
        assert e.value.message.id == "malformed Tarock outcome: {e}" and "Error" in e.value.message.args["e"]
