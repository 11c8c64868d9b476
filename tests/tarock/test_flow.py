"""Scenario tests of the deal state machine, one per paragraph of the sheets."""

from __future__ import annotations

import json
import random

import pytest

from stammtisch.core.errors import IllegalAction, NotYourTurn
from stammtisch.games.tarock.cards import TOTAL_THIRDS
from stammtisch.games.tarock.state import TarockDeal

from .helpers import make_state, play, play_random

# dealer 3: Vorhand is seat 0. Seat 0 holds three kings (HK KK PK) and the Trull; XK is with seat 2.
HANDS = [
    "T22 T21 T20 T19 T18 T17 T1 HK KK PK H4 H3",
    "T16 T15 T14 T13 H2 H1 HB HR HD K4 K3 K2",
    "XK T12 T11 T10 K1 KB KR KD P7 P8 P9 P10",
    "T9 T8 T7 T6 T5 PB PR PD X7 X8 X9 X10",
]
TALON = "XB XR XD T2 T3 T4"
# the same deal with the Kreuz-König in the talon
HANDS_XK_TALON = HANDS[:2] + ["XB T12 T11 T10 K1 KB KR KD P7 P8 P9 P10", HANDS[3]]
TALON_XK = "XK XR XD T2 T3 T4"

PASS3 = [(0, "vorhand"), (1, "pass"), (2, "pass"), (3, "pass")]


def snapshot(state: TarockDeal) -> str:
    return json.dumps([state.view(s) for s in range(state.n)] + [state.public_view()], sort_keys=True)


def refused(state: TarockDeal, seat: int, action: str, rule: str | None = None) -> IllegalAction:
    before = snapshot(state)
    with pytest.raises(IllegalAction) as e:
        state.apply(seat, action)
    assert snapshot(state) == before, "a refused action must leave the state unchanged"
    if rule is not None:
        assert e.value.rule == rule, e.value
    return e.value


def rufer_to_play(state: TarockDeal) -> None:
    play(state, PASS3 + [(0, "bid:rufer"), (0, "call:fourth"), (0, "talon:1"),
                         (0, "discard:H4"), (0, "discard:H3"), (0, "discard:T2")])


# -- Österreich-Finale 1) ------------------------------------------------------------------
def test_oesterreich_finale_1_deal_and_counting():
    """Österreich-Finale 1): 12 cards each and a talon of 2×3; every card once; 70 points per deal."""
    s = make_state(HANDS, TALON)
    assert [bin(h).count("1") for h in s.hands] == [12, 12, 12, 12]
    rufer_to_play(s)
    play_random(s, random.Random(1))
    o = s.outcome()
    from stammtisch.games.tarock.cards import thirds_of
    assert o.declarer_thirds + thirds_of(s._side_cards("opponents")) == TOTAL_THIRDS
    assert len(s.tricks) == 12 and not any(s.hands)


def test_oesterreich_finale_1_last_trick_visible_only():
    """Österreich-Finale 1): every player may see the last trick."""
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    play(s, [(0, "gut"), (1, "gut"), (2, "gut"), (3, "gut")])
    for _ in range(4):
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    v = s.view(1)
    assert len(v["last_trick"]) == 4 and v["trick"] == []


# -- Österreich-Finale 3) -------------------------------------------------------------------
def test_oesterreich_finale_3_vorhand_opens():
    """Österreich-Finale 3): the Vorhand opens with 'Vorhand' or a contract."""
    s = make_state(HANDS, TALON)
    assert "pass" not in s.legal_actions(0) and "vorhand" in s.legal_actions(0)
    refused(s, 0, "pass", "Österreich-Finale 3)")
    with pytest.raises(NotYourTurn):
        s.apply(1, "pass")


def test_oesterreich_finale_3_rufer_and_trischaken_only_after_three_passes():
    """Österreich-Finale 3): Rufer and Trischaken only after three passes, by the Vorhand."""
    s = make_state(HANDS, TALON)
    refused(s, 0, "bid:rufer", "Österreich-Finale 3)")
    play(s, [(0, "vorhand")])
    refused(s, 1, "bid:trischaken", "Österreich-Finale 3)")
    play(s, [(1, "pass"), (2, "pass"), (3, "pass")])
    legal = s.legal_actions(0)
    assert "bid:rufer" in legal and "bid:trischaken" in legal and "bid:sechserdreier" not in legal
    s.apply(0, "bid:trischaken")
    assert s.contract.name == "trischaken" and s.phase == "play" and s.turn == 0


def test_oesterreich_finale_3_sechserdreier_only_first_word():
    """Österreich-Finale 3): the Sechserdreier only 'vorneweg', as the Vorhand's first word."""
    s = make_state(HANDS, TALON)
    assert "bid:sechserdreier" in s.legal_actions(0)
    play(s, [(0, "vorhand")])
    refused(s, 1, "bid:sechserdreier", "Österreich-Finale 3)")
    s2 = make_state(HANDS, TALON)
    play(s2, [(0, "bid:sechserdreier"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert s2.contract.name == "sechserdreier" and s2.phase == "discard" and s2.to_discard == 6
    assert s2.public_view()["talon"] is None  # all six unseen


def test_oesterreich_finale_3_bids_must_rise_and_vorhand_may_hold():
    """Österreich-Finale 3): a bid must be higher; the Vorhand may hold a bid contract."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "vorhand"), (1, "bid:dreier")])
    refused(s, 2, "bid:piccolo", "Österreich-Finale 3)")
    refused(s, 2, "bid:dreier", "Österreich-Finale 3)")
    play(s, [(2, "pass"), (3, "pass")])
    assert "hold" in s.legal_actions(0)
    play(s, [(0, "hold"), (1, "pass")])
    assert s.contract.name == "dreier" and s.declarer == 0


def test_tiroler_cup_vorhand_may_not_hold():
    """Tirol (docs/rules/tarock.md): the Vorhand may not hold — option vorhand_may_hold."""
    s = make_state(HANDS, TALON, profile="tiroler-cup")
    play(s, [(0, "vorhand"), (1, "bid:dreier"), (2, "pass"), (3, "pass")])
    assert "hold" not in s.legal_actions(0)
    refused(s, 0, "hold", "Tiroler Cup, Paragrafen")


def test_zwiccolo_only_in_the_tiroler_cup():
    s = make_state(HANDS, TALON)
    refused(s, 0, "bid:zwiccolo_ouvert", "Österreich-Finale 3)")
    t = make_state(HANDS, TALON, profile="tiroler-cup")
    assert "bid:zwiccolo_ouvert" in t.legal_actions(0)


# -- Österreich-Finale 4) -------------------------------------------------------------------
def test_oesterreich_finale_4_never_call_own_king_fourth_king():
    """Österreich-Finale 4): no own king; with three kings 'the fourth king' without naming it."""
    s = make_state(HANDS, TALON)
    play(s, PASS3 + [(0, "bid:rufer")])
    assert s.legal_actions(0) == ["call:XK", "call:fourth"]
    refused(s, 0, "call:HK", "Österreich-Finale 4)")
    s.apply(0, "call:fourth")
    assert s.called is not None and s.partner == 2
    assert s.public_view()["called"] == "fourth"
    assert s.view(2)["partner"] == 2 and s.view(1)["partner"] is None


def test_called_kings_holder_stays_hidden_until_played():
    """The partner is revealed only by playing the called king."""
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    rng = random.Random(3)
    while not s.is_over():
        played = s.partner_revealed
        for seat in (1, 3):
            assert s.view(seat)["partner"] == (2 if played else None)
        assert s.public_view()["partner"] == (2 if played else None)
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[rng.randrange(len(legal))])
    assert s.partner_revealed


def test_oesterreich_finale_4_schleifen_or_play_alone():
    """Österreich-Finale 4): called king in the talon: schleifen or play alone."""
    s = make_state(HANDS_XK_TALON, TALON_XK)
    play(s, PASS3 + [(0, "bid:rufer"), (0, "call:fourth")])
    assert s.partner is None and "schleifen" in s.legal_actions(0)
    s.apply(0, "schleifen")
    assert s.is_over() and s.result().points == (-3, 1, 1, 1)
    alone = make_state(HANDS_XK_TALON, TALON_XK)
    play(alone, PASS3 + [(0, "bid:rufer"), (0, "call:fourth"), (0, "talon:0")])
    assert alone.phase == "discard"
    play_random(alone, random.Random(2))
    assert alone.outcome().partner is None
    pts = alone.result().points
    assert pts[1] == pts[2] == pts[3] and pts[0] == -3 * pts[1] != 0  # one against three


def test_schleifen_only_with_the_king_in_the_talon():
    s = make_state(HANDS, TALON)
    play(s, PASS3 + [(0, "bid:rufer"), (0, "call:fourth")])
    refused(s, 0, "schleifen", "Österreich-Finale 4)")


def test_oesterreich_finale_4_besserrufer_names_its_bird():
    """Österreich-Finale 4): the Besserrufer announces a bird before the talon; it counts as announced."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "bid:besserrufer"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert s.phase == "bird"
    s.apply(0, "bird:pagat")
    assert s.phase == "call" and "pagat" in s.premiums
    assert "announce:pagat" not in s.legal_actions(0)


def test_oesterreich_finale_4_besserrufer_without_bird_refused_or_renonce():
    """Österreich-Finale 4): a Besserrufer without a bird is Renonce (refused online, detected on option)."""
    s = make_state(HANDS, TALON, dealer=0)  # Vorhand seat 1 holds no bird
    refused(s, 1, "bid:besserrufer", "Österreich-Finale 4)")
    d = make_state(HANDS, TALON, dealer=0, renonce_mode="detect")
    play(d, [(1, "bid:besserrufer"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert d.is_over() and d.renonces[0].kind == "besserrufer_ohne_vogel"
    assert d.result().points == (3, -9, 3, 3)


def test_own_king_called_is_renonce_in_detect_mode():
    d = make_state(HANDS, TALON, renonce_mode="detect")
    play(d, PASS3 + [(0, "bid:rufer"), (0, "call:HK")])
    assert d.is_over() and d.renonces[0].kind == "eigener_koenig"
    assert d.result().points == (-3, 1, 1, 1)


def test_tiroler_cup_paragrafen_solorufer_with_four_kings_is_renonce():
    """Tiroler Cup, Paragrafen: a Solorufer with four kings in the hand is Renonce."""
    hands = ["T22 T21 T20 T19 T18 T17 T1 HK KK PK XK H3", HANDS[1], "H4 T12 T11 T10 K1 KB KR KD P7 P8 P9 P10",
             HANDS[3]]
    s = make_state(hands, TALON)
    refused(s, 0, "bid:solorufer", "Tiroler Cup, Paragrafen")


# -- talon and discard (Österreich-Finale 7), 10)) -----------------------------------------------
def test_oesterreich_finale_10_discard_rules():
    """Österreich-Finale 10): no kings, no Trull cards; tarock only when forced, then shown."""
    s = make_state(HANDS, TALON)
    play(s, PASS3 + [(0, "bid:rufer"), (0, "call:fourth")])
    assert s.public_view()["talon"] == [["XB", "XR", "XD"], ["T2", "T3", "T4"]]
    s.apply(0, "talon:1")
    refused(s, 0, "discard:HK", "Österreich-Finale 10)")
    refused(s, 0, "discard:T1", "Österreich-Finale 10)")
    refused(s, 0, "discard:T2", "Österreich-Finale 10)")
    play(s, [(0, "discard:H4"), (0, "discard:H3")])
    assert s.public_view()["discards_open"] == []
    assert "discard:T2" in s.legal_actions(0) and "discard:T1" not in s.legal_actions(0)
    s.apply(0, "discard:T2")
    assert s.public_view()["discards_open"] == ["T2"] and s.phase == "announce"


def test_oesterreich_finale_7_farbendreier_discards_tarock_first_face_down():
    """Österreich-Finale 7): Farbendreier: tarock first, face down (no Trull cards); suit cards open."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "bid:farbendreier"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "talon:0")])
    refused(s, 0, "discard:H4", "Österreich-Finale 7)")
    s.apply(0, "discard:T17")
    assert s.public_view()["discards_open"] == []
    assert s.public_view()["history"][-1] == [0, "discard:?"]


# -- Österreich-Finale 2) and 8) -------------------------------------------------------------
def test_oesterreich_finale_8_announcements_once_and_kontra_chain():
    """Österreich-Finale 8): each player announces once; Österreich-Finale 2): Kontra, Rekontra, Subkontra."""
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    assert s.phase == "announce" and s.turn == 0
    play(s, [(0, "announce:trull"), (0, "gut")])
    refused(s, 1, "rekontra:game")
    play(s, [(1, "kontra:game")])
    refused(s, 1, "kontra:game")  # one Kontra on the game counts for all
    refused(s, 2, "kontra:trull")  # not seat 2's turn
    play(s, [(1, "gut")])
    play(s, [(2, "gut"), (3, "kontra:trull"), (3, "gut")])
    # the declarer answers both
    assert s.turn == 0 and set(s.legal_actions(0)) >= {"rekontra:game", "rekontra:trull"}
    refused(s, 0, "announce:pagat", "Österreich-Finale 8)")
    play(s, [(0, "rekontra:game"), (0, "gut")])
    assert s.turn == 1 and "subkontra:game" in s.legal_actions(1)
    play(s, [(1, "subkontra:game"), (1, "gut")])
    assert s.phase == "play"
    play_random(s, random.Random(5))
    o = s.outcome()
    assert o.kontra == 3
    trull = next(p for p in o.premiums if p.name == "trull")
    assert trull.announced and trull.kontra == 1 and trull.side == "declarer"
    r = s.result()
    assert r.money != r.points


def test_tiroler_cup_abrechnung_kontra_among_partners_does_not_count():
    """Tiroler Cup, Abrechnung: a Kontra between partners counts nothing."""
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    play(s, [(0, "gut"), (1, "gut"), (2, "kontra:game"), (2, "gut"), (3, "gut"), (0, "gut")])
    play_random(s, random.Random(1))
    assert s.outcome().kontra == 0


def test_oesterreich_finale_8_no_announcements_in_negative_games():
    """Österreich-Finale 8): no announcements in negative games; Österreich-Finale 6): Kontra each."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "vorhand"), (1, "bid:piccolo"), (2, "pass"), (3, "pass"), (0, "pass")])
    assert s.phase == "announce" and s.turn == 1
    refused(s, 1, "announce:trull", "Österreich-Finale 8)")
    play(s, [(1, "gut"), (2, "kontra:game"), (2, "gut"), (3, "gut"), (0, "kontra:game"), (0, "gut")])
    assert s.turn == 1 and s.legal_actions(1) == ["rekontra:game", "gut"]
    play(s, [(1, "rekontra:game"), (1, "gut"), (2, "gut"), (0, "subkontra:game"), (0, "gut")])
    assert s.phase == "play" and s.turn == 1  # the declarer leads (Österreich-Finale 6))
    play_random(s, random.Random(2))
    assert dict(s.outcome().kontras) == {0: 3, 2: 2}


def test_oesterreich_finale_8_farbensolo_only_vier_koenige_and_valat():
    s = make_state(HANDS, TALON)
    play(s, [(0, "bid:farbensolo"), (1, "pass"), (2, "pass"), (3, "pass")])
    assert {a for a in s.legal_actions(0) if a.startswith("announce:")} == {"announce:vier_koenige",
                                                                           "announce:valat"}
    refused(s, 0, "announce:trull", "Österreich-Finale 8)")


def test_oesterreich_finale_5_no_kontra_in_trischaken():
    """Österreich-Finale 2), 5): no Kontra in Trischaken; the last trick takes the talon."""
    s = make_state(HANDS, TALON)
    play(s, PASS3 + [(0, "bid:trischaken")])
    assert s.phase == "play"
    play_random(s, random.Random(4))
    o = s.outcome()
    assert sum(o.thirds) == TOTAL_THIRDS and sum(o.tricks) == 12
    last = s.tricks[-1]["winner"]
    assert s.won[last] & (s.halves[0] | s.halves[1]) == s.halves[0] | s.halves[1]


# -- Österreich-Finale 6) -------------------------------------------------------------------
def test_oesterreich_finale_6_ouvert_cards_laid_open_after_first_trick():
    """Österreich-Finale 6): in ouvert games the cards are laid open after the first trick."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "vorhand"), (1, "bid:bettel_ouvert"), (2, "pass"), (3, "pass"), (0, "pass"),
             (1, "gut"), (2, "gut"), (3, "gut"), (0, "gut")])
    assert s.turn == 1 and s.public_view()["open_hand"] is None
    for _ in range(4):
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert s.public_view()["open_hand"] == s.view(1)["hand"]



@pytest.mark.parametrize("contract", ["bettel_ouvert", "piccolo_ouvert", "zwiccolo_ouvert"])
def test_tiroler_cup_ouvertspiele_opponents_may_confer_in_their_channel(contract):
    """Tiroler Cup, Ouvertspiele: "Wenn die Ouvertspiele mit Reden gespielt werden, dürfen sich die
    Gegenspieler beraten". The opponents' views declare the ``opponents`` channel for the play (the
    server opens it unless the table plays *ohne Reden*); the declarer's view and the public view never
    do, and it closes when the deal ends."""
    s = make_state(HANDS, TALON, profile="tiroler-cup" if contract == "zwiccolo_ouvert" else None)
    assert all("channels" not in s.view(x) for x in range(4))  # not while bidding
    play(s, [(0, "vorhand"), (1, f"bid:{contract}"), (2, "pass"), (3, "pass"), (0, "pass")])
    while s.phase != "play":
        seat = s.to_act()[0]
        s.apply(seat, "gut" if "gut" in s.legal_actions(seat) else s.legal_actions(seat)[0])
    assert s.declarer == 1
    for x in (0, 2, 3):
        assert s.view(x)["channels"] == {"opponents": [0, 2, 3]}
    assert "channels" not in s.view(1) and "channels" not in s.public_view()
    while s.phase == "play":
        seat = s.to_act()[0]
        s.apply(seat, s.legal_actions(seat)[0])
    assert all("channels" not in s.view(x) for x in range(4))


def test_no_opponents_channel_in_a_closed_negative_game():
    """Piccolo (not ouvert) is played in silence: no channel (Tiroler Cup, Ouvertspiele names only
    the ouvert games)."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "vorhand"), (1, "bid:piccolo"), (2, "pass"), (3, "pass"), (0, "pass"),
             (1, "gut"), (2, "gut"), (3, "gut"), (0, "gut")])
    assert s.phase == "play"
    assert all("channels" not in s.view(x) for x in range(4))


def test_oesterreich_finale_6_stichzwang_refused_with_rule():
    s = make_state(HANDS, TALON)
    play(s, [(0, "vorhand"), (1, "bid:piccolo"), (2, "pass"), (3, "pass"), (0, "pass"),
             (1, "gut"), (2, "gut"), (3, "gut"), (0, "gut"), (1, "T13")])
    # seat 2 holds T12 T11 T10: cannot overtake; seat 3 ... seat 2 plays any tarock
    play(s, [(2, "T10")])
    # seat 3 must play tarock; T9..T5 are all lower than T13 → any
    play(s, [(3, "T5")])
    # seat 0 must overtake T13 (Stichzwang) and may not play the Pagat
    refused(s, 0, "T1", "Österreich-Finale 6)")
    assert "T17" in s.legal_actions(0)


# -- Österreich-Finale 7) -------------------------------------------------------------------
def test_oesterreich_finale_7_colour_game_play():
    s = make_state(HANDS, TALON)
    play(s, [(0, "bid:farbendreier"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "talon:0"),
             (0, "discard:T17"), (0, "discard:T18"), (0, "discard:T19"),
             (0, "gut"), (1, "gut"), (2, "gut"), (3, "gut")])
    assert s.phase == "play" and s.turn == 0
    refused(s, 0, "T20", "Österreich-Finale 7)")


# -- Österreich-Finale 8): birds --------------------------------------------------------------
def test_oesterreich_finale_8_birds_given_up_highest_first():
    """Österreich-Finale 8): several announced birds are given up highest first."""
    from stammtisch.games.tarock.cards import BIRDS
    s = make_state(HANDS, TALON)
    s.premiums["pagat"] = __import__("stammtisch.games.tarock.state", fromlist=["_Target"])._Target(0)
    s.premiums["uhu"] = __import__("stammtisch.games.tarock.state", fromlist=["_Target"])._Target(0)
    s.hands[0] |= 1 << BIRDS["uhu"][0]
    assert s._bird_order_breach(0, BIRDS["pagat"][0], s.hands[0])
    assert not s._bird_order_breach(0, BIRDS["uhu"][0], s.hands[0])


# -- Österreich-Finale 10): referee ------------------------------------------------------------
def test_oesterreich_finale_10_referee_declares_renonce():
    """Österreich-Finale 10): a referee's Renonce ends the deal; the offender pays every regular player."""
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    play(s, [(0, "announce:trull"), (0, "gut"), (1, "gut"), (2, "gut"), (3, "gut")])
    s.declare_renonce("reden", 3)
    assert s.is_over()
    # regular players as if they had won Rufer 1 + Trull 2 = 3; partners separately
    assert s.result().points == (3, 3, 3, -9)
    with pytest.raises(IllegalAction):
        s.declare_renonce("reden", 7)


def test_struck_deal_is_zero():
    s = make_state(HANDS, TALON)
    rufer_to_play(s)
    s.strike()
    assert s.result().points == (0, 0, 0, 0)


# -- five players ------------------------------------------------------------------------------
def test_five_players_dealer_sits_out():
    """Tiroler Cup, Paragrafen: with five players the dealer sits out ("der aussetzende Geber")."""
    hands = HANDS + [""]
    s = make_state(hands, TALON, dealer=4, players=5)
    assert s.players == (0, 1, 2, 3)
    play_random(s, random.Random(9))
    assert s.result().points[4] == 0 and sum(s.result().points) == 0
    assert s.legal_actions(4) == []


def test_unknown_actions_name_the_section():
    s = make_state(HANDS, TALON)
    e = refused(s, 0, "bid:grand", "Österreich-Finale 3)")
    assert "unknown contract" in e.message
    refused(s, 0, "hello", "Österreich-Finale 3)")
    play(s, PASS3 + [(0, "bid:rufer")])
    refused(s, 0, "call:H9", "Österreich-Finale 4)")
    s.apply(0, "call:fourth")
    refused(s, 0, "talon:7", "Österreich-Finale 1)")
    s.apply(0, "talon:1")
    refused(s, 0, "discard:XX", "Österreich-Finale 10)")
    refused(s, 0, "discard:KB", "Österreich-Finale 10)")


# -- Österreich-Finale 9) through the engine ------------------------------------------------------
VALAT_HANDS = [
    "T22 T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11",
    "T10 T9 T8 H4 H3 H2 H1 HB HR HD HK K4",
    "T7 T6 T5 K3 K2 K1 KB KR KD KK P7 P8",
    "T4 T3 T2 P9 P10 PB PR PD PK X7 X8 X9",
]
VALAT_TALON = "T1 X10 XB XR XD XK"


@pytest.mark.parametrize("profile, expect", [("oesterreich-finale", 192), ("tiroler-cup", 90)])
def test_oesterreich_finale_9_announced_valat_in_play(profile, expect):
    """Österreich-Finale 9): a Solodreier with announced Valat taking every trick: 8 × 8 per opponent;
    Tiroler Cup: 10 + 20 per opponent (plus trick premiums)."""
    s = make_state(VALAT_HANDS, VALAT_TALON, profile=profile)
    play(s, [(0, "bid:solodreier"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "announce:valat"), (0, "gut"),
             (1, "gut"), (2, "gut"), (3, "gut")])
    rng = random.Random(1)
    while not s.is_over():
        seat = s.to_act()[0]
        legal = s.legal_actions(seat)
        s.apply(seat, legal[-1] if seat == 0 else legal[rng.randrange(len(legal))])
    assert s.won_count[0] == 12
    valat = next(p for p in s.outcome().premiums if p.name == "valat")
    assert valat.announced and valat.made and valat.side == "declarer"
    points = s.result().points
    assert points[0] == expect and sum(points) == 0


def test_oesterreich_finale_8_wrong_bird_announced_is_no_renonce():
    """Österreich-Finale 4), 8): a wrong Ansager (Kakadu announced, Pagat held) is no Renonce —
    only that premium is lost (with its Kontras)."""
    s = make_state(HANDS, TALON)
    play(s, [(0, "bid:besserrufer"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "bird:kakadu"),
             (0, "call:fourth"), (0, "talon:1"), (0, "discard:H4"), (0, "discard:H3"), (0, "discard:T2"),
             (0, "gut"), (1, "kontra:kakadu"), (1, "gut"), (2, "gut"), (3, "gut"), (0, "gut")])
    play_random(s, random.Random(3))
    assert not s.renonces
    kakadu = next(p for p in s.outcome().premiums if p.name == "kakadu")
    assert kakadu.announced and not kakadu.made and kakadu.kontra == 1


def test_tiroler_cup_paragrafen_koenig_ultimo_of_another_king_is_lost():
    """Tiroler Cup, Paragrafen: a König ultimo announced by one who does not hold the called king is lost."""
    s = make_state(HANDS, TALON, profile="tiroler-cup")
    rufer_to_play(s)
    play(s, [(0, "gut"), (1, "announce:koenig_ultimo"), (1, "gut"), (2, "gut"), (3, "gut"), (0, "gut")])
    play_random(s, random.Random(4))
    ku = next(p for p in s.outcome().premiums if p.name == "koenig_ultimo")
    assert ku.announced and not ku.made and ku.announcer == 1


BIRD_HANDS = ["T22 T21 T20 T19 T18 T17 T1 T2 HK KK PK H4"] + HANDS[1:]
BIRD_TALON = "XB XR XD H3 T3 T4"


@pytest.mark.parametrize("mode", ["refuse", "detect"])
def test_oesterreich_finale_8_bird_order_is_renonce(mode):
    """Österreich-Finale 8): announced birds are given up highest first; a breach is Renonce."""
    s = make_state(BIRD_HANDS, BIRD_TALON, renonce_mode=mode)
    play(s, [(0, "bid:dreier"), (1, "pass"), (2, "pass"), (3, "pass"), (0, "talon:0"),
             (0, "discard:H4"), (0, "discard:XB"), (0, "discard:XR"),
             (0, "announce:pagat"), (0, "announce:uhu"), (0, "gut"), (1, "gut"), (2, "gut"), (3, "gut")])
    assert "T1" not in s.legal_actions(0) and "T2" in s.legal_actions(0)
    if mode == "refuse":
        refused(s, 0, "T1", "Österreich-Finale 8)")
        return
    s.apply(0, "T1")
    assert s.is_over() and s.renonces[0].kind == "vogel_reihenfolge"
    # every opponent as if he had won Dreier 4 + Pagat 2 + Uhu 4 = 10
    assert s.result().points == (-30, 10, 10, 10)


def test_fourth_king_in_the_open_talon_is_named():
    """Österreich-Finale 4): 'the fourth king' stays unnamed — unless it lies in the talon everybody saw."""
    s = make_state(HANDS_XK_TALON, TALON_XK)
    play(s, PASS3 + [(0, "bid:rufer"), (0, "call:fourth")])
    assert s.public_view()["called"] == "XK"
