"""Perlaggen readings at a live table: a revoke in the deal that decides the Partie (§17 with §33),
a figure bid at 17 by mistake and conceded (§21 with §12), a bluff and cards laid open (§10 with §9).
Deal ``DEAL_A`` of the helpers (trump Laub; dealer seat 3, Vorhand seat 0)."""

from __future__ import annotations

import random

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.games.perlaggen import GAME

from .helpers import make, refused, run

#: the Spiel to side A in three tricks; seat 2 revokes in trick 1 (H7 to a Laub lead, holding Laub) and
#: proves it with the last card it plays (LK)
REVOKE_TRICKS = ("0:LA", "1:E8", "2:H7", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")


def _revoke_decides():
    st = make(profile="live", standing=(17, 17))
    run(st, "0:passen", "1:passen", "2:passen", "3:passen", *REVOKE_TRICKS)
    return st


def test_par17_par33_revoke_in_the_deciding_deal_can_be_claimed_at_the_write_up():
    """§33 "Reklamationen beim Aufschreiben gelten nur so lange, bis die Punkte des darauffolgenden
    Spieles notiert werden": no deal follows the one that decides the Partie, so the side that loses
    it is asked at the write-up -- here it claims seat 2's revoke: Spiel-Verlust and 2 points (§17)."""
    st = _revoke_decides()
    assert st.phase == "schreiben" and not st.is_over() and st.to_act() == (1,)
    assert st.legal_actions(1) == ["schreiben", "reklamieren:17"]
    run(st, "1:reklamieren:17")
    refused(st, 1, "reklamieren:17", "§33")  # once
    assert st.legal_actions(1) == ["schreiben"]
    run(st, "1:schreiben")
    r = st.result()
    assert st.is_over() and r.summary["winner"] == "B" and r.points == (-2, 1)


def test_par33_the_write_up_is_asked_after_every_deciding_deal_and_writes_as_before():
    """Without a claim the points are written as played; the question is asked whether or not there
    was an offence (so it gives nothing away)."""
    st = _revoke_decides()
    refused(st, 1, "gut", "§33")
    run(st, "1:schreiben")
    assert st.result().summary["winner"] == "A" and st.result().points == (1, 0)
    clean = make(profile="live", standing=(17, 17))
    run(clean, "0:passen", "1:passen", "2:passen", "3:passen",
        "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")
    assert clean.phase == "schreiben"
    run(clean, "1:reklamieren:17")
    assert "no offence" in clean.events[-1]
    run(clean, "1:schreiben")
    assert clean.result().points == (1, 0)


def test_par33_online_profile_has_no_write_up_phase():
    """Online the referee sees every card: the deciding deal is written as played, with no write-up
    question (§33's claims are for live tables) -- the Spiel of three tricks takes A from 17 to 18."""
    st = make(standing=(17, 17))
    run(st, "0:passen", "1:passen", "2:passen", "3:passen",
        "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")
    assert st.is_over() and st.phase != "schreiben" and st.to_act() == ()
    r = st.result()
    assert r.points == (1, 0) and r.summary["winner"] == "A"
    assert not any(a.startswith(("schreiben", "reklamieren")) for _, a in st.history)


def test_par33_live_matches_end_with_the_write_up():
    for seed in range(3):
        m = GAME.new_match("live", {"target": 4}, seed=seed)
        play_out(m, [GAME.rule_bot(), RandomBot(), GAME.rule_bot(), RandomBot()], random.Random(seed))
        assert m.is_over()
        assert any(a == "schreiben" for _, a in m.deal_state.history)


def test_par21_par12_bid_at_17_fined_and_conceded_is_written_in_the_settlement():
    """§21: bidding at 17 costs 2 points at once (profile live); §12: the conceded figure "gilt als
    gemacht und auch als geschrieben" -- written during the deal and in the settlement alike."""
    st = make(profile="live", standing=(17, 17))
    run(st, "0:passen", "1:passen", "2:passen", "3:passen", "0:bieten:gleich", "1:gut")
    assert st.view(0)["written"] == [16, 17]
    run(st, "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")
    r = st.result()
    labels = {ln.label: ln.value for ln in r.lines}
    assert labels["Gleich gut gelassen (Perlaggen §12)"] == 1 and r.points == (0, 0)  # 17 - 2 + 1 + Spiel 1


def test_par10_par9_bluff_laid_open_still_pays_the_penalty():
    """§10 names no exception: B bids a Gleich it does not have, A holds, B lays its cards open (§9) --
    A writes the held Gleich and the rest, and B owes the §10 penalty of 2."""
    st = make()
    run(st, "1:bieten:gleich", "0:halten", "1:aufdecken")
    r = st.result()
    assert r.points == (4, 0) and r.summary["owed"] == [0, 2]
    assert any("§10" in ln.label for ln in r.lines)


def test_par10_option_laying_open_renounces_without_the_check():
    st = make(par10_laid_open=False)
    run(st, "1:bieten:gleich", "0:halten", "1:aufdecken")
    r = st.result()
    assert r.points == (4, 0) and r.summary["owed"] == [0, 0]


def test_par10_par9_laying_open_with_the_figure_costs_nothing_more():
    """§9 with §10: B holds a Hanger it has (seat 1: E8 E9 E10) and lays open: no penalty."""
    st = make()
    run(st, "0:bieten:hanger", "3:halten", "1:aufdecken")
    assert st.result().points == (4, 0) and st.result().summary["owed"] == [0, 0]
