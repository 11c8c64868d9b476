"""Announcements and their windows (Doppelkopf-Turnier 5.)."""

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.doppelkopf.announcements import in_time, legal_levels
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS

from .helpers import all_gesund, hands_with, make_state, play_lowest, snapshot


def normal_game(seed: int = 0):
    """Dealer 0; seats 1 and 3 hold a ♣ Queen each (Re), seats 0 and 2 are Kontra."""
    st = all_gesund(make_state(hands_with({1: ["XD"], 3: ["XD"]}, seed=seed)))
    assert st.contract == "normal" and st.party == ["kontra", "re", "kontra", "re"]
    return st


def play_cards(st, k):
    from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS
    for _ in range(k):
        s = st.to_act()[0]
        st.apply(s, next(a for a in st.legal_actions(s) if a not in ANNOUNCE_WORDS))


def test_doppelkopf_turnier_5_windows_by_cards_in_hand():
    """5.: Re/Kontra with 11 cards, keine 90 with 10, keine 60 with 9, keine 30 with 8, schwarz with 7."""
    assert [in_time(lv, 11) for lv in range(5)] == [True] * 5
    assert [in_time(lv, 10) for lv in range(5)] == [False, True, True, True, True]
    assert [in_time(lv, 9) for lv in range(5)] == [False, False, True, True, True]
    assert [in_time(lv, 8) for lv in range(5)] == [False, False, False, True, True]
    assert [in_time(lv, 7) for lv in range(5)] == [False, False, False, False, True]
    assert [in_time(lv, 6) for lv in range(5)] == [False] * 5


def test_doppelkopf_turnier_5_reply_one_card_later():
    """5.: a reply (Erwiderung) to the other party's announcement is allowed with one card less."""
    assert not in_time(0, 10)
    assert in_time(0, 10, opp=0) and not in_time(0, 9, opp=0)
    assert in_time(0, 9, opp=1) and not in_time(0, 8, opp=1)


def test_doppelkopf_turnier_5_jumps_while_every_skipped_level_in_time():
    """5.: any number of levels may be jumped inside the window of every skipped level."""
    assert legal_levels(-1, -1, 12) == [0, 1, 2, 3, 4]
    assert legal_levels(0, -1, 10) == [1, 2, 3, 4]
    assert legal_levels(1, -1, 9) == [2, 3, 4]
    assert legal_levels(-1, -1, 10) == []  # the Absage needs the own party's Re first, which is late
    assert legal_levels(0, -1, 9) == []     # keine 60 would skip keine 90, which is late


def test_doppelkopf_turnier_5_re_in_play_until_eleven_cards():
    """5.: in play, a Re player may say Re until he has played his second card."""
    st = normal_game()
    assert "re" in st.legal_actions(1) and "re" in st.legal_actions(3)
    assert "kontra" in st.legal_actions(0) and "re" not in st.legal_actions(0)
    play_cards(st, 4)  # everyone 11 cards
    assert "re" in st.legal_actions(1)
    play_cards(st, 4)  # everyone 10 cards
    assert "re" not in st.legal_actions(1) and st.legal_actions(1)[:1] != ["keine90"]
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "re")
    assert "Doppelkopf-Turnier 5." in str(e.value) and "window" in str(e.value)
    assert snapshot(st) == before


def test_doppelkopf_turnier_5_kontra_as_reply_with_ten_cards():
    """5.: after Re, Kontra may still answer with 10 cards."""
    st = normal_game(1)
    st.apply(3, "re")
    play_cards(st, 8)
    assert "kontra" in st.legal_actions(0)
    st.apply(0, "kontra")
    assert st.level == {"re": 0, "kontra": 0}


def test_doppelkopf_turnier_5_absage_only_after_own_ansage():
    """5.: an Absage needs the own party's Re/Kontra; a jump includes it only while it is in time."""
    st = normal_game(2)
    st.apply(1, "keine60")  # a jump with 12 cards: Re, keine 90, keine 60
    assert st.level["re"] == 2
    play_cards(st, 8)  # 10 cards each
    assert [a for a in st.legal_actions(0) if a in ANNOUNCE_WORDS] == ["kontra"]  # a late reply: no Absage (DDV)
    st2 = normal_game(2)
    play_cards(st2, 8)
    with pytest.raises(IllegalAction):
        st2.apply(1, "keine90")  # Re is out of time, so no Absage either
    assert st2.level["re"] == -1


def test_doppelkopf_turnier_5_reply_to_an_absage_is_re_or_kontra_only():
    """5. ("Eine Erwiderung auf diese Ansagen ist jeweils noch mit einer Karte weniger zulässig"),
    DDV reading: the reply to any announcement of the other party — Re/Kontra or an Absage — is the
    own Re/Kontra, allowed one card after the replied announcement's deadline; the replying party's
    own Absagen keep their windows (keine 90 with 10 cards …), also inside a jump."""
    st = normal_game(2)
    st.apply(1, "keine60")  # Re, keine 90, keine 60 with 12 cards
    play_cards(st, 12)  # everyone holds 9 cards
    assert [a for a in st.legal_actions(0) if a in ANNOUNCE_WORDS] == ["kontra"]  # keine 60 due at 9: reply at 8
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 5."):
        st.apply(0, "keine90")  # the reply extension is for Kontra only, keine 90 needs 10 cards
    assert snapshot(st) == before
    play_cards(st, 4)  # 8 cards
    assert [a for a in st.legal_actions(2) if a in ANNOUNCE_WORDS] == ["kontra"]
    play_cards(st, 4)  # 7 cards: too late for the reply, too
    assert not [a for a in st.legal_actions(2) if a in ANNOUNCE_WORDS]
    st2 = normal_game(2)
    st2.apply(1, "keine60")
    play_cards(st2, 16)  # 8 cards
    st2.apply(2, "kontra")
    assert st2.level == {"re": 2, "kontra": 0}
    assert not [a for a in st2.legal_actions(0) if a in ANNOUNCE_WORDS]  # no Absage after the late reply
    assert [in_time(0, h, opp=lv) for lv, h in ((0, 10), (1, 9), (2, 8), (3, 7), (4, 6))] == [True] * 5
    assert [in_time(0, h, opp=lv) for lv, h in ((0, 9), (1, 8), (2, 7), (3, 6), (4, 5))] == [False] * 5


def test_doppelkopf_turnier_5_wrong_party_refused():
    """5.: Re is announced by the Re party, Kontra by the Kontra party; state unchanged on refusal."""
    st = normal_game(3)
    before = snapshot(st)
    for seat, word in ((0, "re"), (1, "kontra")):
        with pytest.raises(IllegalAction) as e:
            st.apply(seat, word)
        assert "Doppelkopf-Turnier 5." in str(e.value) and "party" in str(e.value)
    assert snapshot(st) == before


def test_doppelkopf_turnier_5_out_of_turn_announcements():
    """5.: announcements may be made by a player who is not on turn (interjectors)."""
    st = normal_game(4)
    assert st.to_act() == (1,)
    assert set(st.interjectors()) == {0, 2, 3}
    st.apply(2, "kontra")  # out of turn
    st.apply(3, "keine90")  # out of turn, a jump
    assert st.level == {"re": 1, "kontra": 0} and st.to_act() == (1,)
    assert st.view(0)["parties"][2] == "kontra" and st.view(0)["parties"][3] == "re"
    play_cards(st, 12)  # 9 cards each: only Re may go on (keine 60 needs 9), Kontra (keine 90) is late
    assert st.interjectors() == tuple(s for s in (1, 3) if s != st.to_act()[0])


def test_doppelkopf_turnier_5_announcement_repeated_refused():
    """5.: a level already announced cannot be announced again."""
    st = normal_game(5)
    st.apply(1, "re")
    with pytest.raises(IllegalAction):
        st.apply(3, "re")
    assert st.announced_by == [(1, "re", 12)]


def test_doppelkopf_turnier_5_full_game_with_announcements_settles():
    """5., 6.: a game with announcements on both sides settles with those lines."""
    st = normal_game(6)
    st.apply(1, "re")
    st.apply(0, "kontra")
    play_lowest(st, 12)
    res = st.result()
    labels = [ln.label for ln in res.lines]
    assert "Re angesagt" in labels and "Kontra angesagt" in labels
    assert sum(res.points) == 0


def _late_kontra(seed: int = 0, **overrides):
    """Re at 12 cards (seat 1), then everyone plays two cards: Kontra may only reply late."""
    from .helpers import make_state, hands_with, all_gesund
    st = all_gesund(make_state(hands_with({1: ["XD"], 3: ["XD"]}, seed=seed), **overrides))
    st.apply(1, "re")
    play_cards(st, 8)  # 10 cards each
    return st


def test_doppelkopf_turnier_5_no_absage_after_a_late_reply():
    """5. ("Eine Absage ist nur dann erlaubt, wenn zuvor die eigene Partei eine regelkonforme
    Erstansage gemacht hat"), DDV: "Eine Absage der eigenen Partei danach ist nur dann
    regelgerecht, wenn die eigene Erwiderung auch als Ansage rechtzeitig erfolgt wäre". After Re
    at 12 cards, Kontra replying at 10 cards is offered only ``kontra`` — no jump to keine 90 …
    schwarz, and no Absage afterwards, although keine 90 alone would still be in time."""
    st = _late_kontra()
    for seat in (0, 2):
        assert [a for a in st.legal_actions(seat) if a in ANNOUNCE_WORDS] == ["kontra"]
    before = snapshot(st)
    for word in ("keine90", "keine60", "schwarz"):
        with pytest.raises(IllegalAction, match="late reply") as e:
            st.apply(0, word)
        assert "Doppelkopf-Turnier 5." in str(e.value)
    assert snapshot(st) == before
    st.apply(0, "kontra")
    assert st.level == {"re": 0, "kontra": 0} and st.erstansage == {"re": True, "kontra": False}
    for seat in (0, 2):
        assert not [a for a in st.legal_actions(seat) if a in ANNOUNCE_WORDS]
    with pytest.raises(IllegalAction, match="regelkonforme Erstansage"):
        st.apply(2, "keine90")
    # Re's own Absagen are untouched: Re said Re in time
    assert "keine90" in st.legal_actions(1) or "keine90" in st.legal_actions(3)
    # the pure function agrees
    assert legal_levels(-1, 0, 10) == [0] and legal_levels(0, 0, 10, erstansage=False) == []
    assert legal_levels(-1, 0, 11) == [0, 1, 2, 3, 4]  # with 11 cards the reply is an Erstansage


def test_doppelkopf_turnier_5_kontra_in_time_then_absage():
    """5.: a Kontra made with 11 cards (in time as an Ansage, even if it answers Re) allows
    Absagen in their own windows."""
    from .helpers import make_state, hands_with, all_gesund
    st = all_gesund(make_state(hands_with({1: ["XD"], 3: ["XD"]}, seed=3)))
    st.apply(1, "re")
    play_cards(st, 4)  # 11 cards
    st.apply(0, "kontra")
    assert st.erstansage["kontra"]
    play_cards(st, 4)  # 10 cards
    assert "keine90" in st.legal_actions(2)
    st.apply(2, "keine90")
    assert st.level["kontra"] == 1


def test_option_late_reply_absagen_club_reading():
    """Club option ``late_reply_absagen`` (off in every profile): Absagen also after a late reply,
    each in its own window (the engine's former reading)."""
    from stammtisch.games.doppelkopf.options import PROFILES
    assert not any(p.late_reply_absagen for p in PROFILES.values())
    st = _late_kontra(late_reply_absagen=True)
    assert [a for a in st.legal_actions(0) if a in ANNOUNCE_WORDS] == ["kontra", "keine90", "keine60", "keine30",
                                                                        "schwarz"]
    st.apply(0, "kontra")
    st.apply(2, "keine90")
    assert st.level["kontra"] == 1


def _partner_still_at_eleven():
    """Seed 2: after Re (seat 1) and five cards, seat 0 holds 10 cards and its partner seat 2 still 11."""
    from .helpers import make_state, hands_with, all_gesund
    st = all_gesund(make_state(hands_with({1: ["XD"], 3: ["XD"]}, seed=2)))
    st.apply(1, "re")
    play_cards(st, 5)
    assert st.view(0)["hand_sizes"][0] == 10 and st.view(0)["hand_sizes"][2] == 11
    return st


def test_doppelkopf_turnier_5_the_late_reply_bars_the_whole_party():
    """5. "Eine Absage ist nur dann erlaubt, wenn zuvor die eigene Partei eine regelkonforme
    Erstansage ... gemacht hat"; DDV: "Eine Absage der eigenen Partei danach ist nur dann
    regelgerecht, wenn die eigene Erwiderung auch als Ansage rechtzeitig erfolgt wäre". Seat 0
    replies Kontra late (10 cards); its partner, seat 2, still holds 11 cards -- yet the party's
    Kontra was no Erstansage, so seat 2 makes no Absage either."""
    st = _partner_still_at_eleven()
    assert [a for a in st.legal_actions(0) if a in ANNOUNCE_WORDS] == ["kontra"]
    st.apply(0, "kontra")
    assert st.erstansage["kontra"] is False
    assert not [a for a in st.legal_actions(2) if a in ANNOUNCE_WORDS]
    before = snapshot(st)
    for word in ("keine90", "keine60", "schwarz"):
        with pytest.raises(IllegalAction, match="late reply") as e:
            st.apply(2, word)
        assert "Doppelkopf-Turnier 5." in str(e.value)
    assert snapshot(st) == before


def test_doppelkopf_turnier_5_the_partner_at_eleven_cards_says_kontra_in_time_instead():
    """The other side of it: had the partner with 11 cards said Kontra himself, it is an Erstansage
    and the party's Absagen stay open."""
    st = _partner_still_at_eleven()
    st.apply(2, "kontra")
    assert st.erstansage["kontra"] is True
    assert "keine90" in st.legal_actions(2)
