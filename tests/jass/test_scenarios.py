"""Audit tests (rules review): paragraphs that had no scenario test, hidden information and
bad input. Hands are built by hand; Vorhand is seat 0 (dealer 3) unless told otherwise."""

from __future__ import annotations

import json
import re

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.jass import GAME

from .helpers import play, state

CARD = re.compile(r"\b[ESLR](?:10|[6-9UOKA])\b")

# seat 0 holds the Eicheln Stöck (EK EO); trick 1: S6 SA S7 S8 goes to seat 1 (11 points)
STOECK_HANDS = {0: "EK EO S6 L6 L7 L8 L9 L10 LU", 1: "SA E6 E7 E8 R6 R7 R8 R9 R10",
                2: "S7 E9 E10 EU LO LK LA RU RO", 3: "S8 EA S9 S10 SU SO SK RK RA"}


def snapshot(st) -> str:
    return json.dumps([st.view(s) for s in range(4)] + [st.public_view()], sort_keys=True)


# -- §1 / §29.3: Stöck count before the Stich, also when shown only to go out --------------
def test_par1_par29_3_shown_stoeck_count_before_the_stich_of_the_same_trick():
    st = state(STOECK_HANDS, standing=(990, 990))
    play(st, "trump:E", "stöck", "S6", "SA", "S7", "S8")
    assert st.running() == [990 + 20 * 7, 990 + 11 * 7]  # both teams are out after trick 1
    st.apply(1, "bedanken")  # team 2/4 thanks first: the order of thanking does not matter (§1)
    assert st.end["winner"] == 0


def test_par1_par29_3_held_stoeck_shown_to_go_out_count_before_the_deciding_stich():
    """§29.3: "Beim Ausmachen dürfen die Stöcke jederzeit vorgewiesen werden ... auch wenn der
    Betreffende ... noch keine Stöckkarte gespielt hat"; "Wenn im letzten Stich die Ausmachregel
    entscheidet, können die Stöcke auch erst vorgewiesen werden, wenn bereits alle Spieler eine
    Karte gegeben haben". So held Stöck count as Stöck of the deciding trick, before its Stich
    (§1 "Stöck - Stich - Wys"). Failed before the audit (the held Stöck counted after the Stich)."""
    for thanker in (1, 0):
        st = state(STOECK_HANDS, standing=(990, 990))
        play(st, "trump:E", "S6", "SA", "S7", "S8")  # Stöck not shown
        assert st.may_go_out(0) and st.may_go_out(1)
        st.apply(thanker, "bedanken")
        assert st.end["winner"] == 0, thanker
        # the Stöck that decided are written for their holder's team, whoever thanked
        assert st.public_view()["stoeck"] == 0 and st.stoeck_points == [20, 0]
        assert st.standing[0] + st.result().points[0] >= 1000


def test_par1_held_stoeck_do_not_move_a_team_before_a_trick_the_other_team_got_out_with():
    """Team 2/4 is out with trick 1; team 1/3 only with trick 2 plus its held Stöck: team 2/4
    reached the target first. With ``both_out="first_to_reach"`` it wins whoever thanks; with the
    default ``"first_to_thank"`` (§2) the team that thanks first with enough points wins."""
    hands = {0: "RK RO S6 E8 L6 L7 L8 L9 L10", 1: "SA E6 R6 R7 R8 R9 R10 LU LO",
             2: "S7 EA E9 E10 EU EO EK LK LA", 3: "S8 E7 S9 S10 SU SO SK RU RA"}
    for both_out, expected in (("first_to_reach", {0: 1, 1: 1}), ("first_to_thank", {0: 0, 1: 1})):
        for thanker in (0, 1):
            st = state(hands, standing=(950, 990), both_out=both_out)
            play(st, "trump:R", "S6", "SA", "S7", "S8")  # team 2/4: 990 + 11 x 2 = 1012
            assert not st.may_go_out(0)  # 950 + Stöck 40 = 990
            play(st, "E6", "EA", "E7", "E8")  # team 1/3: 950 + 11 x 2 + Stöck 40 = 1012
            assert st.may_go_out(0)
            st.apply(thanker, "bedanken")
            assert st.end["winner"] == expected[thanker], (both_out, thanker)


# -- §2: only complete tricks count ------------------------------------------------------
def test_par2_only_complete_tricks_count_when_thanking():
    """§2 "Kartenpunkte von vollzähligen Stichen ... dürfen mitgezählt werden": the Ass on the
    table in an unfinished trick does not count yet."""
    st = state({}, standing=(995, 0))  # seat 0 holds all Eicheln
    play(st, "trump:obenabe", "EA", "*", "*")
    early = st.clone()
    early.apply(0, "bedanken")
    assert not early.end["reached"] and early.end["winner"] == 1
    play(st, "*")  # the trick is complete: 11 x 5 = 55
    st.apply(0, "bedanken")
    assert st.end["reached"] and st.end["winner"] == 0


# -- §19: Weis and Stöck are written at once --------------------------------------------
def test_par19_stoeck_written_at_once_weis_after_the_first_trick():
    st = state(STOECK_HANDS)
    play(st, "trump:E", "stöck")
    assert st.running() == [20 * 7, 0]  # Stöck at once
    play(st, "weis")  # L6-LU: six in a row, 150
    assert st.running() == [20 * 7, 0]  # only announced during the first trick
    play(st, "S6", "SA", "S7", "S8")
    assert st.running() == [(20 + 150) * 7, 11 * 7]


# -- §29: the side without the best Weis shows nothing ----------------------------------
def test_par29_losing_weis_is_never_shown_to_anybody():
    st = state(STOECK_HANDS)
    play(st, "trump:E", "weis", "S6")  # seat 0 announces 150 (L6-LU)
    # seat 1 holds R6-R10 (100): its partner has not played yet, so it may still declare (§29)
    play(st, "weis", "SA", "S7")
    assert [w["points"] for w in st.public_view()["weis"]] == [150, 100]
    play(st, "S8")
    assert st.weis_team == 0 and st.weis_points == [150, 0]
    for s in (0, 2, 3):
        v = st.view(s)
        assert "1" not in v["weis_shown"] and "R6-R10" not in json.dumps(v) and "E6-E8" not in json.dumps(v)
    assert st.view(1)["my_weis"] == ["E6-E8", "R6-R10"]


# -- hidden information -------------------------------------------------------------------
def test_hidden_unshown_stoeck_and_other_hands_are_in_no_other_view():
    st = state(STOECK_HANDS)
    play(st, "trump:E", "S6")
    for s in (1, 2, 3):
        v = st.view(s)
        assert v["has_stoeck"] is False and v["stoeck"] is None
        others = set(CARD.findall(json.dumps(v))) - set(v["hand"])
        played = {c for _, c in v["trick"]}
        assert others <= played, others - played
    pub = st.public_view()
    assert "hand" not in pub and pub["stoeck"] is None
    assert set(CARD.findall(json.dumps(pub))) == {"S6"}


def test_hidden_match_view_holds_no_other_hand_and_no_deck():
    m = GAME.new_match(seed=4)
    v = m.view(1)
    text = json.dumps(v)
    own = set(v["deal"]["hand"])
    assert set(CARD.findall(text)) <= own | {c for _, c in v["deal"]["trick"]}
    assert "deck" not in text and "hands" not in text and "seed" not in text
    assert set(CARD.findall(json.dumps(m.public_view()))) <= {c for _, c in v["deal"]["trick"]}


# -- bad input: refused with the rule, state unchanged ------------------------------------
def test_par31_two_cards_at_once_are_refused():
    st = state({})
    play(st, "trump:E")
    before = snapshot(st)
    for a in ("E6 E7", "E6,E7", "E6E7", "E6+E7"):
        with pytest.raises(IllegalAction):
            st.apply(0, a)
        assert snapshot(st) == before


def test_par28_par30_card_out_of_turn_refused_with_the_rule():
    st = state({})
    play(st, "trump:E", "E6")
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="§30") as e:  # the next seat in order plays
        st.apply(3, st.view(3)["hand"][0])
    assert "seat 1" in e.value.message
    assert snapshot(st) == before
    play(st, "*", "*", "*")
    winner = st.to_act()[0]
    wrong = (winner + 1) % 4
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="§22"):  # the trick's winner leads
        st.apply(wrong, st.view(wrong)["hand"][0])
    assert snapshot(st) == before


def test_par2_no_action_after_the_deal_has_ended():
    st = state({})
    play(st, "trump:E", "E6")
    st.apply(2, "bedanken")
    before = snapshot(st)
    for seat, a in ((1, st.view(1)["hand"][0]), (0, "bedanken"), (3, "rest"), (1, "trump:S")):
        with pytest.raises(IllegalAction):
            st.apply(seat, a)
        assert snapshot(st) == before


def test_par15_refusal_names_trump_only_when_the_seat_holds_one():
    st = state({0: "S6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "S7 R6 R7 R8 R9 R10 RU RO RK"})
    play(st, "trump:E", "S6")
    with pytest.raises(IllegalAction, match="§15") as e:
        st.apply(1, "R6")
    assert "or play trump" not in e.value.message
    st2 = state({0: "S6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "S7 EA R7 R8 R9 R10 RU RO RK"})
    play(st2, "trump:E", "S6")
    with pytest.raises(IllegalAction, match="§15") as e:
        st2.apply(1, "R7")
    assert "or play trump" in e.value.message


# -- §24.5, §24.6 details ------------------------------------------------------------------
def test_par24_5_par29_3_no_stoeck_and_no_weis_in_misere():
    st = state(STOECK_HANDS, misere=True)
    play(st, "trump:misere:E")
    assert st.view(0)["has_stoeck"] is False
    assert "stöck" not in st.legal_actions(0) and "weis" not in st.legal_actions(0)
    before = snapshot(st)
    with pytest.raises(IllegalAction, match="§29.3"):
        st.apply(0, "stöck")
    with pytest.raises(IllegalAction, match="§29"):
        st.apply(0, "weis")
    assert snapshot(st) == before


def test_par24_6_par26_tutti_buur_of_the_led_suit_need_not_follow():
    st = state({0: "R6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "RU S6 S7 S8 S9 S10 SU SO SK"}, tutti=True)
    play(st, "trump:tutti", "R6")
    assert {"RU", "S6", "SK"} <= set(st.legal_actions(1))  # the Rosen Buur is its only Rosen (§26)
    st3 = state({0: "R6 E6 E7 E8 L6 L7 L8 L9 L10", 1: "RU R7 S7 S8 S9 S10 SU SO SK"}, tutti=True)
    play(st3, "trump:tutti", "R6")
    assert set(c for c in st3.legal_actions(1) if c[0] in "ESLR") == {"RU", "R7"}
    with pytest.raises(IllegalAction, match="§26"):
        st3.apply(1, "S7")


def _shown_cards(view) -> set[str]:
    """Cards that are public in a view: the trick, everything played, and the shown Weis."""
    from stammtisch.core.bits import bit_list
    from stammtisch.core.cards import JASS
    from stammtisch.games.jass.weis import parse_weis

    out = {c for _, c in view["trick"]} | {c for _, cards, _, _ in view["played"] for c in cards}
    for items in view["weis_shown"].values():
        for it in parse_weis("+".join(items)):
            out |= {JASS.format(c) for c in bit_list(it.mask)}
    return out


def test_hidden_random_states_views_name_no_unshown_card_of_another_seat():
    """Every card named anywhere in a seat's view (also inside Weis strings like ``E6-E8``) is
    its own, played, or part of a shown Weis; the public view names only public cards. Random
    deals with Weis, Stöck and every variant, at every step."""
    import random

    for seed in range(12):
        rng = random.Random(seed)
        m = GAME.new_match("varianten" if seed % 2 else None, seed=seed, max_deals=1)
        d = m.deal_state
        while not d.is_over():
            for o in range(4):
                v = d.view(o)
                named = set(CARD.findall(json.dumps(v)))
                assert named <= set(v["hand"]) | _shown_cards(v), (seed, o, named - set(v["hand"]) - _shown_cards(v))
            pub = d.public_view()
            assert set(CARD.findall(json.dumps(pub))) <= _shown_cards(pub)
            s = d.to_act()[0]
            legal = [a for a in d.legal_actions(s) if a not in ("bedanken", "rest")]
            prefer = [a for a in legal if a in ("weis", "stöck")]
            d.apply(s, prefer[0] if prefer else legal[rng.randrange(len(legal))])
