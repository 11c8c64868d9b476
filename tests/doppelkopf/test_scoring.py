"""Settlement worked by hand from the DDV rules (Doppelkopf-Turnier 6., 7.).

Parties in these examples: seats 0 and 2 Re, seats 1 and 3 Kontra, unless said otherwise.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.cards import DOKO
from stammtisch.core.errors import IllegalAction
from stammtisch.games.doppelkopf.scoring import settle

RK = ("re", "kontra", "re", "kontra")
SOLO = ("re", "kontra", "kontra", "kontra")


def lines(s):
    return [(ln.label, ln.value) for ln in s.lines]


def test_doppelkopf_turnier_6_re_needs_121():
    """6.: Re wins with 121 Augen; with 120 Kontra wins (gewonnen + gegen die Alten = 2)."""
    s = settle(RK, 121)
    assert s.winner == "re" and lines(s) == [("gewonnen", 1)] and s.points == (1, -1, 1, -1)
    s = settle(RK, 120)
    assert s.winner == "kontra" and lines(s) == [("gewonnen", 1), ("gegen die Alten", 1)]
    assert s.points == (-2, 2, -2, 2)


def test_doppelkopf_turnier_6_only_kontra_announced_kontra_needs_121():
    """6.: if only Kontra was announced, the 121 apply to Kontra: Re wins with 120.
    Value: gewonnen 1 + Kontra angesagt 2 = 3."""
    s = settle(RK, 120, kontra_level=0)
    assert s.winner == "re" and lines(s) == [("gewonnen", 1), ("Kontra angesagt", 2)]
    assert s.points == (3, -3, 3, -3)
    s = settle(RK, 119, kontra_level=0)
    assert s.winner == "kontra" and s.value == 4  # gewonnen 1, Kontra 2, gegen die Alten 1
    # with Re also announced the normal rule holds again
    assert settle(RK, 120, re_level=0, kontra_level=0).winner == "kontra"


def test_ddv_example_kontra_announced_wins_with_160():
    """Kontra announced, Kontra 160 Augen: gewonnen 1, unter 90 1, Kontra 2, gegen die Alten 1 = 5."""
    s = settle(RK, 80, kontra_level=0)
    assert lines(s) == [("gewonnen", 1), ("unter 90", 1), ("Kontra angesagt", 2), ("gegen die Alten", 1)]
    assert s.points == (-5, 5, -5, 5)


def test_ddv_example_failed_absage_keine_60_with_130():
    """Re says Re, keine 90, keine 60 and makes only 130: Kontra wins 7 = gewonnen 1, Re 2,
    keine 90 1, keine 60 1, 90 gegen keine 60 1, gegen die Alten 1."""
    s = settle(RK, 130, re_level=2)
    assert s.winner == "kontra" and s.value == 7
    assert lines(s) == [("gewonnen", 1), ("90 gegen keine 60", 1), ("Re angesagt", 2), ("keine 90 abgesagt", 1),
                        ("keine 60 abgesagt", 1), ("gegen die Alten", 1)]


def test_failed_keine_90_kontra_wins_with_reached_120():
    """Re keine 90, Re 110: Kontra (130) wins: gewonnen 1, 120 gegen keine 90 1, Re 2, keine 90 1,
    gegen die Alten 1 = 6."""
    s = settle(RK, 110, re_level=1)
    assert s.winner == "kontra" and s.value == 6 and s.points == (-6, 6, -6, 6)


def test_failed_absage_despite_majority():
    """Re keine 90 with 145 Augen: Kontra has 95, the Absage fails, Kontra wins with 95 Augen."""
    s = settle(RK, 145, re_level=1)
    assert s.winner == "kontra" and s.value == 5  # gewonnen, Re 2, keine 90, gegen die Alten


def test_announcement_combination_re_keine90_kontra():
    """Re, keine 90 (Re) and Kontra; Re 155: Re wins 7 = gewonnen 1, unter 90 1, Re 2, Kontra 2, keine 90 1."""
    s = settle(RK, 155, re_level=1, kontra_level=0)
    assert s.winner == "re"
    assert lines(s) == [("gewonnen", 1), ("unter 90", 1), ("Re angesagt", 2), ("Kontra angesagt", 2),
                        ("keine 90 abgesagt", 1)]
    assert s.points == (7, -7, 7, -7)


def test_kontra_keine_60_fulfilled():
    """Kontra, keine 90, keine 60; Re 55: gewonnen, unter 90, unter 60, Kontra 2, keine 90, keine 60,
    gegen die Alten = 8."""
    s = settle(RK, 55, kontra_level=2)
    assert s.winner == "kontra" and s.value == 8


def test_schwarz_everything():
    """Re announces up to schwarz and takes every trick: 1 + 4 unter/schwarz + Re 2 + 4 Absagen = 11."""
    s = settle(RK, 240, re_tricks=12, kontra_tricks=0, re_level=4)
    assert s.winner == "re" and s.value == 11


def test_schwarz_absage_fails_with_one_trick():
    """schwarz abgesagt fails as soon as the opponents take a trick, even one of 0 Augen."""
    s = settle(RK, 240, re_tricks=11, kontra_tricks=1, re_level=4)
    assert s.winner == "kontra"


def test_both_absagen_fail_nobody_wins():
    """Re keine 90 and Kontra keine 90, 130:110: nobody wins; only '120 gegen keine 90' of Re counts: Re +1."""
    s = settle(RK, 130, re_level=1, kontra_level=1)
    assert s.winner is None and lines(s) == [("120 gegen keine 90", 1)] and s.points == (1, -1, 1, -1)
    s = settle(RK, 120, re_level=1, kontra_level=1)
    assert s.winner is None and s.value == 0 and s.points == (0, 0, 0, 0)
    s = settle(RK, 100, re_level=1, kontra_level=1, specials=[("re", "Doppelkopf")])
    assert s.value == -1  # Kontra's 120 gegen keine 90; no Sonderpunkte when nobody wins (DDV)


def test_doppelkopf_turnier_6_sonderpunkte_net_to_negative():
    """6.: Sonderpunkte are netted; Re wins with 125 (1) but Kontra caught two foxes and made a
    Doppelkopf (-3): value -2, the winners lose points."""
    sp = [("kontra", "Fuchs gefangen"), ("kontra", "Fuchs gefangen"), ("kontra", "Doppelkopf")]
    s = settle(RK, 125, specials=sp)
    assert s.winner == "re" and s.value == -2 and s.points == (-2, 2, -2, 2)
    assert lines(s)[1:] == [("Fuchs gefangen", -1), ("Fuchs gefangen", -1), ("Doppelkopf", -1)]


def test_doppelkopf_turnier_6_karlchen_and_gegen_die_alten():
    """6.: Karlchen counts for its party; gegen die Alten when Kontra wins."""
    s = settle(RK, 100, specials=[("kontra", "Karlchen")])
    assert s.value == 1 + 1 + 1  # gewonnen, Karlchen, gegen die Alten


def test_doppelkopf_turnier_6_7_solo_no_sonderpunkte_times_three():
    """6.: no Sonderpunkte in solos; 7.: the soloist's points are tripled.
    Kreuzsolo, Re announced, 130: gewonnen 1 + Re 2 = 3 -> soloist +9, each opponent -3."""
    s = settle(SOLO, 130, re_level=0, solo=True, specials=[("kontra", "Fuchs gefangen")])
    assert lines(s) == [("gewonnen", 1), ("Re angesagt", 2)] and s.points == (9, -3, -3, -3)
    s = settle(SOLO, 110, solo=True)
    assert s.winner == "kontra" and s.value == 1 and s.points == (-3, 1, 1, 1)  # no gegen die Alten


def test_solo_absagen_option():
    """Soloist keine 90 fulfilled at 160: DDV counts the Absage (5 -> +15); the sheet's reading of 6.
    (Absagen are Sonderpunkte, none in solos) gives 4 -> +12."""
    s = settle(SOLO, 160, re_level=1, solo=True)
    assert s.value == 5 and s.points == (15, -5, -5, -5)
    s = settle(SOLO, 160, re_level=1, solo=True, absagen_in_solo=False)
    assert s.value == 4 and s.points == (12, -4, -4, -4)


def test_doppelkopf_turnier_7_sitting_player_gets_zero():
    """7.: at a five-table the sitting player gets no points; the row still sums to zero."""
    s = settle((None, "re", "kontra", "re", "kontra"), 150)
    assert s.points == (0, 1, -1, 1, -1)
    s = settle(("kontra", "kontra", None, "re", "kontra"), 150, solo=True)
    assert s.points == (-1, -1, 0, 3, -1)


def test_settle_bad_facts_name_the_rule():
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 6."):
        settle(RK, 241)
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 7."):
        settle(("re", "re", "re", "re"), 100)


def test_specials_found_in_tricks():
    """Doppelkopf (>= 40 Augen), Fuchs gefangen (opponent's ♦ Ace), Karlchen (♣ Jack wins the last trick)."""
    from .helpers import hands_with, make_state

    st = make_state(hands_with({}, seed=9))
    st.party = ["re", "kontra", "re", "kontra"]
    p = DOKO.parse
    st.tricks = [(0, [(0, p("KA")), (1, p("H10")), (2, p("PA")), (3, p("XA"))], 1)] + \
        [(0, [(0, p("X9")), (1, p("X9") + 1), (2, p("P9")), (3, p("P9") + 1)], 0)] * 10 + \
        [(0, [(0, p("XB")), (1, p("K9")), (2, p("K9") + 1), (3, p("KB"))], 0)]
    assert sorted(st.specials()) == [("kontra", "Doppelkopf"), ("kontra", "Fuchs gefangen"), ("re", "Karlchen")]


PARTIES = st.sampled_from([RK, SOLO, (None, "re", "kontra", "kontra", "re"), ("kontra", None, "kontra", "re", "kontra")])
LEVEL = st.integers(-1, 4)
SPECIAL = st.tuples(st.sampled_from(["re", "kontra"]), st.sampled_from(["Doppelkopf", "Fuchs gefangen", "Karlchen"]))


@given(PARTIES, st.integers(0, 240), LEVEL, LEVEL, st.lists(SPECIAL, max_size=6), st.booleans(), st.booleans())
def test_settle_rows_sum_to_zero_and_lines_sum_to_value(parties, augen, rl, kl, specials, solo, abs_solo):
    s = settle(parties, augen, re_tricks=1 if augen else 0, kontra_tricks=1 if augen < 240 else 0,
               re_level=rl, kontra_level=kl, specials=specials, solo=solo, absagen_in_solo=abs_solo)
    assert sum(s.points) == 0
    assert sum(ln.value for ln in s.lines) == s.value
    for i, p in enumerate(parties):
        if p is None:
            assert s.points[i] == 0


@given(PARTIES, st.integers(1, 238), LEVEL, LEVEL, st.booleans())
def test_settle_more_augen_never_hurts_re(parties, augen, rl, kl, solo):
    """Without Sonderpunkte, one more Auge for Re never lowers Re's points."""
    re_seat = parties.index("re")
    a = settle(parties, augen, re_tricks=1, kontra_tricks=1, re_level=rl, kontra_level=kl, solo=solo)
    b = settle(parties, augen + 1, re_tricks=1, kontra_tricks=1, re_level=rl, kontra_level=kl, solo=solo)
    assert b.points[re_seat] >= a.points[re_seat]


def test_ddv_7_2_2_no_winner_nets_only_augen_and_erreicht_lines():
    """DDV TSR 7.2.2 (a), (e), (f) when nobody wins (both Absagen fail): only the lines for the
    opponents' Augen (unter 90/60/30, schwarz) and for Augen reached against the opponents' Absagen
    are netted between the parties; no ``gewonnen``, no Re/Kontra or Absage points, no
    Sonderpunkte (no gegen die Alten either). Re keine 30 (170 Augen), Kontra keine 90 (70):
    Re unter 90 +1, 120 gegen keine 90 +1; Kontra 60 gegen keine 30 -1 -> Re +1."""
    s = settle(RK, 170, re_level=3, kontra_level=1,
               specials=[("kontra", "Fuchs gefangen"), ("re", "Doppelkopf")])
    assert s.winner is None and s.beneficiary == "re"
    assert sorted(lines(s)) == [("120 gegen keine 90", 1), ("60 gegen keine 30", -1), ("unter 90", 1)]
    labels = {ln.label for ln in s.lines}
    assert not labels & {"gewonnen", "Re angesagt", "Kontra angesagt", "keine 90 abgesagt", "gegen die Alten",
                         "Fuchs gefangen", "Doppelkopf"}
    assert s.value == 1 and s.points == (1, -1, 1, -1)
