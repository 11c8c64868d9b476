"""Spielabfrage, solos, Pflichtsolo and Hochzeit (Doppelkopf-Turnier 2., 3., 4.)."""

import pytest

from stammtisch.core.errors import IllegalAction, NotYourTurn

from .helpers import all_gesund, hands_with, make_state, play_lowest, run, snapshot

# dealer 0: Vorhand is seat 1, then 2, 3, 0.  Seat 1 holds both ♣ Queens.
HOCHZEIT = [
    ["HA", "HA", "HK", "HK", "XB", "XB", "KA", "KA", "K10", "K10", "KK", "KK"],
    ["XD", "XD", "H10", "H10", "P9", "P9", "K9", "K9", "H9", "H9", "X9", "X9"],
    ["PA", "PA", "P10", "P10", "PK", "PK", "PD", "PD", "HD", "HD", "KD", "KD"],
    ["XA", "XA", "X10", "X10", "XK", "XK", "PB", "PB", "HB", "HB", "KB", "KB"],
]


def questioning(st, vorbehalt=(), gesund_all=True):
    for s in list(st.active):
        st.apply(s, "vorbehalt" if s in vorbehalt else "gesund")
    return st


def test_doppelkopf_turnier_2_spielabfrage_in_seat_order_from_dealers_left():
    """2.: the questioning runs in seat order starting left of the dealer; out of order is refused."""
    st = make_state(hands_with({}, seed=1), dealer=2)
    assert st.to_act() == (3,)
    with pytest.raises(NotYourTurn) as e:
        st.apply(0, "gesund")
    assert "Doppelkopf-Turnier 2." in str(e.value)
    run(st, [(3, "gesund"), (0, "gesund"), (1, "gesund"), (2, "gesund")])
    assert st.phase == "play" and st.to_act() == (3,)  # Vorhand leads a normal game


def declare_hochzeit(st, seat):
    """Answer 'nein' in the solo tier(s) and declare the Hochzeit when its tier is asked."""
    while st.phase == "erklaerung" and st.to_act() == (seat,) and st.tier != "hochzeit":
        st.apply(seat, "nein")
    assert st.tier == "hochzeit" and st.to_act() == (seat,) and st.legal_actions(seat) == ["hochzeit"]
    st.apply(seat, "hochzeit")
    return st


def test_doppelkopf_turnier_2_solo_beats_hochzeit():
    """2.: a Hochzeit is played only when nobody announces a solo."""
    st = make_state(HOCHZEIT)
    questioning(st, vorbehalt=(1, 3))
    assert st.tier == "pflichtsolo" and st.to_act() == (1,)
    assert st.legal_actions(1)[-1] == "nein"  # both ♣ Queens: his Vorbehalt may be a Hochzeit
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 2."):
        st.apply(1, "hochzeit")  # the solos are asked first
    run(st, [(1, "nein"), (3, "solo:damen")])
    assert st.contract == "solo:damen" and st.soloist == 3 and st.pflicht
    assert st.to_act() == (3,)  # the Pflichtsolo soloist leads
    assert st.hochzeiter is None and st.view(0)["declarations"] == [[3, "solo:damen"]]


def test_doppelkopf_turnier_2_hochzeit_tier_after_the_solo_tiers():
    """2.: with no solo announced the Hochzeit is asked last and played."""
    st = make_state(HOCHZEIT, carry={"pflicht_done": [True, True, True, False]})
    questioning(st, vorbehalt=(1,))
    assert st.tier == "lustsolo"  # seat 1 played its Pflichtsolo already: only a Lustsolo is possible
    declare_hochzeit(st, 1)
    assert st.contract == "hochzeit" and st.hochzeiter == 1
    assert st.view(2)["declined"] == [[1, "lustsolo"]]


def test_doppelkopf_turnier_2_nein_needs_both_kreuz_damen():
    """2., 4.: a Vorbehalt that is no solo can only be a Hochzeit, so 'nein' needs both ♣ Queens."""
    st = make_state(HOCHZEIT)
    questioning(st, vorbehalt=(2,))
    assert "nein" not in st.legal_actions(2)
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 4."):
        st.apply(2, "nein")
    assert snapshot(st) == before


def test_doppelkopf_turnier_2_seat_order_decides_among_solos():
    """2.: of two solo announcers the one nearer the dealer's left plays; nobody later is asked."""
    st = make_state(hands_with({}, seed=2))
    questioning(st, vorbehalt=(2, 3))
    st.apply(2, "solo:buben")
    assert st.phase == "play" and st.soloist == 2
    assert st.declarations == [(2, "solo:buben")]


def test_doppelkopf_turnier_2_pflichtsolo_beats_lustsolo():
    """2.: a Pflichtsolo has priority over a Lustsolo even from a later seat."""
    st = make_state(hands_with({}, seed=3), carry={"pflicht_done": [False, True, False, False]})
    questioning(st, vorbehalt=(1, 2))
    # the Pflichtsolo tier is asked first: seat 2 speaks before seat 1 (whose solo would be a Lustsolo)
    assert st.phase == "erklaerung" and st.tier == "pflichtsolo" and st.to_act() == (2,)
    with pytest.raises(NotYourTurn, match="Doppelkopf-Turnier 2."):
        st.apply(1, "solo:fleischlos")
    st.apply(2, "solo:pik")
    assert st.soloist == 2 and st.pflicht and st.contract == "solo:pik"
    assert st.to_act() == (2,)
    # seat 1 was never asked: its Vorbehalt stays hidden
    assert all(s != 1 for s, _ in st.view(3)["actions"][4:]) and st.view(3)["declined"] == []


def test_doppelkopf_turnier_2_lustsolo_lead():
    """2.: a Lustsolo soloist leads only when sitting left of the dealer; else Vorhand leads."""
    done = {"pflicht_done": [True, True, True, True]}
    st = make_state(hands_with({}, seed=4), carry=done)
    questioning(st, vorbehalt=(3,))
    st.apply(3, "solo:herz")
    assert not st.pflicht and st.to_act() == (1,)
    st = make_state(hands_with({}, seed=4), carry=done)
    questioning(st, vorbehalt=(1,))
    st.apply(1, "solo:herz")
    assert st.to_act() == (1,)


def test_doppelkopf_turnier_2_pflichtsolo_soloist_leads():
    """2.: the Pflichtsolo soloist always leads himself."""
    st = make_state(hands_with({}, seed=5))
    questioning(st, vorbehalt=(0,))
    st.apply(0, "solo:kreuz")
    assert st.pflicht and st.to_act() == (0,)


def test_doppelkopf_turnier_3_solo_not_in_profile_refused():
    """3.: a solo the rules profile does not allow is refused, naming the paragraph; state unchanged."""
    st = make_state(hands_with({}, seed=6), solos=("damen", "buben"))
    questioning(st, vorbehalt=(1,))
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "solo:fleischlos")
    assert "Doppelkopf-Turnier 3." in str(e.value)
    assert snapshot(st) == before
    assert st.legal_actions(1) == ["solo:buben", "solo:damen"]


def test_doppelkopf_turnier_4_hochzeit_needs_both_kreuz_damen():
    """4.: only the holder of both ♣ Queens may declare a Hochzeit."""
    st = make_state(HOCHZEIT)
    questioning(st, vorbehalt=(2,))
    assert "hochzeit" not in st.legal_actions(2)
    with pytest.raises(IllegalAction) as e:
        st.apply(2, "hochzeit")
    assert "Doppelkopf-Turnier 4." in str(e.value)


def test_doppelkopf_turnier_4_klaerungsstich_and_shifted_announcements():
    """4.: the first trick not won by the Hochzeiter (within three) makes its winner the partner;
    announcements only after it, deadlines shifted by the tricks it took."""
    st = make_state(HOCHZEIT)
    questioning(st, vorbehalt=(1,))
    declare_hochzeit(st, 1)
    assert st.contract == "hochzeit" and st.to_act() == (1,)
    assert st.legal_actions(1)[0] != "re" and "re" not in st.legal_actions(1)
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "re")
    assert "Doppelkopf-Turnier 4." in str(e.value)
    run(st, [(1, "H10"), (2, "PD"), (3, "PB"), (0, "XB")])  # Hochzeiter wins trick 1
    assert st.partner is None and st.interjectors() == ()
    run(st, [(1, "P9"), (2, "PA"), (3, "XA"), (0, "HA")])  # seat 2 wins trick 2: Klärungsstich
    assert st.partner == 2 and st.klaerung == 2
    assert st.party == ["kontra", "re", "re", "kontra"]
    # 10 cards each: Re/Kontra allowed (11 - 1 shift), and every Absage (its deadline shifted too)
    assert st.legal_actions(3) == ["kontra", "keine90", "keine60", "keine30", "schwarz"]
    assert "re" in st.legal_actions(1) and st.to_act() == (2,) and set(st.interjectors()) == {0, 1, 3}
    run(st, [(2, "P10")])  # seat 2 leads; now holds 9 cards
    assert "re" not in st.legal_actions(2) and "re" in st.legal_actions(1)
    assert st.view(0)["parties"] == ["kontra", "re", "re", "kontra"]


def test_doppelkopf_turnier_4_hochzeiter_wins_three_tricks_plays_alone():
    """4.: if the Hochzeiter wins the first three tricks he plays alone (scored as a solo, DDV)."""
    st = make_state(HOCHZEIT)
    questioning(st, vorbehalt=(1,))
    declare_hochzeit(st, 1)
    run(st, [(1, "H10"), (2, "PD"), (3, "PB"), (0, "XB"),
             (1, "H10"), (2, "PD"), (3, "PB"), (0, "XB"),
             (1, "XD"), (2, "HD"), (3, "HB"), (0, "KA")])
    assert st.partner is None and st.klaerung == 3
    assert st.party == ["kontra", "re", "kontra", "kontra"]
    # deadlines shifted by two tricks: 9 cards suffice for Re
    assert "re" in st.legal_actions(1)
    play_lowest(st, 9)
    res = st.result()
    assert res.summary["factor"] == 3 and res.points[1] == -3 * res.points[0]
    assert not res.summary["pflichtsolo"]


def test_doppelkopf_turnier_4_stille_hochzeit():
    """4.: 'gesund' with both ♣ Queens is a stille Hochzeit: he plays alone; it is no (Pflicht)solo;
    the others see a normal game until the second ♣ Queen falls."""
    st = all_gesund(make_state(HOCHZEIT))
    assert st.contract == "stille_hochzeit" and not st.pflicht
    assert st.view(2)["contract"] == "normal" and st.view(1)["contract"] == "stille_hochzeit"
    assert st.view(2)["parties"] == [None, None, "kontra", None]
    assert st.view(1)["parties"] == ["kontra", "re", "kontra", "kontra"]
    run(st, [(1, "XD"), (2, "PD"), (3, "PB"), (0, "XB")])
    assert st.view(2)["parties"] == [None, "re", "kontra", None]
    run(st, [(1, "XD"), (2, "PD"), (3, "PB"), (0, "XB")])
    assert st.view(2)["contract"] == "stille_hochzeit"
    assert st.view(2)["parties"] == ["kontra", "re", "kontra", "kontra"]
    play_lowest(st, 10)
    res = st.result()
    assert res.summary["factor"] == 3 and res.summary["contract"] == "stille_hochzeit"
    assert not res.summary["pflichtsolo"]
    assert sum(res.points) == 0


def test_doppelkopf_turnier_4_stille_hochzeit_as_normal_when_option_off():
    """Option alone_as_solo off: a stille Hochzeit is scored like a normal game (still ×3 for one player)."""
    st = all_gesund(make_state(HOCHZEIT, alone_as_solo=False))
    play_lowest(st, 12)
    assert st.is_solo_scored() is False
