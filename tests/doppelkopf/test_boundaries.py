"""Every Augen threshold of the settlement at its boundary, on both sides (Doppelkopf-Turnier 5.,
6., 7.; DDV Turnierspielregeln 7.1, 7.2 where the sheet is silent), written from the rules' words:

* 6. "Die Re-Partei benötigt 121 Augen zum Sieg, es sei denn, nur Kontra wurde angesagt – dann
  gelten die 121 Augen für die Kontra-Partei": 120/121 and 119/120;
* "keine 90 / 60 / 30" is fulfilled when the opponents stay *below* 90 / 60 / 30; "schwarz" when
  they take no trick: 89/90, 59/60, 29/30, 0/1 tricks;
* the loser "unter 90 / 60 / 30" (one point each): 89/90, 59/60, 29/30; "schwarz": no trick;
* "120 gegen keine 90", "90 gegen keine 60", "60 gegen keine 30", "30 gegen schwarz" (DDV 7.2):
  the winner *reached* 120 / 90 / 60 / 30 against the loser's Absage: 119/120, 89/90, 59/60, 29/30.

Parties: seats 0 and 2 Re, 1 and 3 Kontra.
"""

from __future__ import annotations

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.games.doppelkopf.scoring import settle

RK = ("re", "kontra", "re", "kontra")


def labels(s) -> list[str]:
    return [str(ln.label) for ln in s.lines]


# -- 6.: who wins without Absagen ---------------------------------------------------------------
@pytest.mark.parametrize("re_level", [-1, 0])
def test_doppelkopf_turnier_6_re_wins_at_121_not_at_120(re_level):
    assert settle(RK, 121, re_level=re_level).winner == "re"
    assert settle(RK, 120, re_level=re_level).winner == "kontra"


def test_doppelkopf_turnier_6_only_kontra_announced_re_wins_at_120_not_at_119():
    assert settle(RK, 120, kontra_level=0).winner == "re"
    assert settle(RK, 119, kontra_level=0).winner == "kontra"
    # "nur Kontra": with Re announced too, 121 again
    assert settle(RK, 120, re_level=0, kontra_level=0).winner == "kontra"
    assert settle(RK, 121, re_level=0, kontra_level=0).winner == "re"


# -- keine 90 / 60 / 30 / schwarz: fulfilled below the limit ----------------------------------
@pytest.mark.parametrize("level,limit", [(1, 90), (2, 60), (3, 30)])
def test_ddv_7_1_re_absage_fulfilled_below_the_limit_only(level, limit):
    """Re said keine 90 (60, 30): Re wins when Kontra has 89 (59, 29), not with 90 (60, 30)."""
    assert settle(RK, 240 - (limit - 1), re_level=level, kontra_tricks=1).winner == "re"
    assert settle(RK, 240 - limit, re_level=level, kontra_tricks=1).winner == "kontra"


@pytest.mark.parametrize("level,limit", [(1, 90), (2, 60), (3, 30)])
def test_ddv_7_1_kontra_absage_fulfilled_below_the_limit_only(level, limit):
    assert settle(RK, limit - 1, kontra_level=level, re_tricks=1).winner == "kontra"
    assert settle(RK, limit, kontra_level=level, re_tricks=1).winner == "re"


def test_ddv_7_1_schwarz_needs_no_trick_at_all():
    assert settle(RK, 240, re_level=4, re_tricks=12, kontra_tricks=0).winner == "re"
    assert settle(RK, 240, re_level=4, re_tricks=11, kontra_tricks=1).winner == "kontra"  # a trick of 0 Augen
    assert settle(RK, 0, kontra_level=4, re_tricks=0, kontra_tricks=12).winner == "kontra"
    assert settle(RK, 0, kontra_level=4, re_tricks=1, kontra_tricks=11).winner == "re"


def test_ddv_7_1_failed_absage_the_other_wins_both_failed_nobody():
    # only Re made an Absage and failed: Kontra wins, even with fewer Augen
    assert settle(RK, 150, re_level=1).winner == "kontra"
    # only Kontra made an Absage and failed: Re wins
    assert settle(RK, 90, kontra_level=1).winner == "re"
    # both made Absagen and both failed: nobody
    assert settle(RK, 150, re_level=1, kontra_level=1).winner is None
    # both made Absagen, Re fulfilled: Re
    assert settle(RK, 160, re_level=1, kontra_level=1).winner == "re"
    # both made Absagen, Kontra fulfilled: Kontra
    assert settle(RK, 89, re_level=1, kontra_level=1).winner == "kontra"


# -- unter 90 / 60 / 30 / schwarz: one point each for the winner --------------------------------
@pytest.mark.parametrize("limit,label", [(90, "unter 90"), (60, "unter 60"), (30, "unter 30")])
def test_ddv_7_2_kontra_unter_the_limit(limit, label):
    """Re wins; Kontra has 89 (59, 29): "unter 90" (60, 30) counts; with 90 (60, 30) it does not."""
    below = settle(RK, 240 - (limit - 1))
    at = settle(RK, 240 - limit)
    assert below.winner == at.winner == "re"
    assert label in labels(below) and label not in labels(at)
    assert below.value == at.value + 1


@pytest.mark.parametrize("limit,label", [(90, "unter 90"), (60, "unter 60"), (30, "unter 30")])
def test_ddv_7_2_re_unter_the_limit(limit, label):
    below = settle(RK, limit - 1)
    at = settle(RK, limit)
    assert below.winner == at.winner == "kontra"
    assert label in labels(below) and label not in labels(at)
    assert below.value == at.value + 1


def test_ddv_7_2_schwarz_point_only_without_a_trick():
    assert "schwarz" in labels(settle(RK, 240, re_tricks=12, kontra_tricks=0))
    assert "schwarz" not in labels(settle(RK, 240, re_tricks=11, kontra_tricks=1))
    assert "schwarz" in labels(settle(RK, 0, re_tricks=0, kontra_tricks=12))
    assert "schwarz" not in labels(settle(RK, 0, re_tricks=1, kontra_tricks=11))


# -- 120 / 90 / 60 / 30 gegen the loser's Absage (DDV 7.2) --------------------------------------
@pytest.mark.parametrize("level,need,label", [(1, 120, "120 gegen keine 90"), (2, 90, "90 gegen keine 60"),
                                              (3, 60, "60 gegen keine 30"), (4, 30, "30 gegen schwarz")])
def test_ddv_7_2_kontra_reached_against_re_absage(level, need, label):
    """Re's Absage failed, Kontra wins: with exactly ``need`` Augen the line counts, with one less not."""
    at = settle(RK, 240 - need, re_level=level, kontra_tricks=2)
    below = settle(RK, 240 - (need - 1), re_level=level, kontra_tricks=2)
    assert at.winner == "kontra" and label in labels(at)
    if below.winner == "kontra":
        assert label not in labels(below)


@pytest.mark.parametrize("level,need,label", [(1, 120, "120 gegen keine 90"), (2, 90, "90 gegen keine 60"),
                                              (3, 60, "60 gegen keine 30"), (4, 30, "30 gegen schwarz")])
def test_ddv_7_2_re_reached_against_kontra_absage(level, need, label):
    at = settle(RK, need, kontra_level=level, re_tricks=2)
    below = settle(RK, need - 1, kontra_level=level, re_tricks=2)
    assert at.winner == "re" and label in labels(at)
    if below.winner == "re":
        assert label not in labels(below)


def test_ddv_7_2_every_reached_level_counts_up_to_the_absage():
    """Re said schwarz and Kontra took 130: Kontra reached 120, 90, 60 and 30 against it: four lines."""
    s = settle(RK, 110, re_level=4, kontra_tricks=6)
    assert [x for x in labels(s) if "gegen" in x and x != "gegen die Alten"] == [
        "120 gegen keine 90", "90 gegen keine 60", "60 gegen keine 30", "30 gegen schwarz"]
    # and each Absage level said is one point: keine 90, 60, 30, schwarz
    assert sum(1 for x in labels(s) if x.endswith("abgesagt")) == 4
    assert s.value == 1 + 4 + 2 + 4 + 1  # gewonnen, reached x4, Re angesagt, abgesagt x4, gegen die Alten


# -- Scorekeeper-only paths of settle: tricks derived when none are given -----------------------
def test_ddv_7_2_tricks_derived_from_the_augen_when_none_are_given():
    """A list keeper gives only Augen: a party with 0 Augen is taken to have no trick (schwarz), any
    other party at least one. 240 : 0 is schwarz; 239 : 1 is not."""
    s = settle(RK, 240)
    assert s.facts["kontra_tricks"] == 0 and s.facts["re_tricks"] == 1 and "schwarz" in labels(s)
    s = settle(RK, 239)
    assert s.facts["kontra_tricks"] == 1 and "schwarz" not in labels(s)
    s = settle(RK, 0)
    assert s.facts["re_tricks"] == 0 and s.facts["kontra_tricks"] == 1 and "schwarz" in labels(s)
    s = settle(RK, 1)
    assert s.facts["re_tricks"] == 1 and "schwarz" not in labels(s)


# -- 7.: the row, and the facts' ranges ---------------------------------------------------------
def test_doppelkopf_turnier_7_single_player_three_times_the_value():
    solo = ("re", "kontra", "kontra", "kontra")
    s = settle(solo, 121, solo=True)
    assert s.factor == 3 and s.points == (3 * s.value, -s.value, -s.value, -s.value)
    s = settle(RK, 121)
    assert s.factor == 1 and s.points == (s.value, -s.value, s.value, -s.value)
    five = ("re", "kontra", None, "re", "kontra")
    s = settle(five, 121)
    assert s.points[2] == 0 and sum(s.points) == 0


def test_doppelkopf_turnier_6_solo_keeps_absagen_by_option_only():
    solo = ("re", "kontra", "kontra", "kontra")
    on = settle(solo, 200, re_level=1, solo=True)
    off = settle(solo, 200, re_level=1, solo=True, absagen_in_solo=False)
    assert "keine 90 abgesagt" in labels(on) and "keine 90 abgesagt" not in labels(off)
    assert on.value == off.value + 1  # the Absage point; "unter 90" stays
    # the "erreicht gegen" lines go with the option too (they exist only as the Absagen's counterpart)
    on = settle(solo, 150, kontra_level=1, solo=True)
    off = settle(solo, 150, kontra_level=1, solo=True, absagen_in_solo=False)
    assert "120 gegen keine 90" in labels(on) and "120 gegen keine 90" not in labels(off)
    assert on.winner == off.winner == "re"
    # a normal game counts Absagen whatever the option says
    assert "keine 90 abgesagt" in labels(settle(RK, 200, re_level=1, absagen_in_solo=False))


def test_doppelkopf_turnier_6_sonderpunkte_sign_and_switch():
    s = settle(RK, 130, specials=[("re", "Doppelkopf"), ("kontra", "Fuchs gefangen")])
    assert [(str(x.label), x.value) for x in s.lines][-2:] == [("Doppelkopf", 1), ("Fuchs gefangen", -1)]
    assert settle(RK, 130, specials=[("re", "Doppelkopf")], sonderpunkte=False).value == 1
    assert settle(RK, 130, specials=[("re", "Doppelkopf")], solo=True).value == 1
    with pytest.raises(IllegalAction, match="Sonderpunkt"):
        settle(RK, 130, specials=[("x", "Doppelkopf")])


@pytest.mark.parametrize("augen,ok", [(-1, False), (0, True), (240, True), (241, False)])
def test_doppelkopf_turnier_6_augen_range(augen, ok):
    if ok:
        settle(RK, augen)
    else:
        with pytest.raises(IllegalAction, match="Augen"):
            settle(RK, augen)


@pytest.mark.parametrize("lv,ok", [(-2, False), (-1, True), (4, True), (5, False)])
def test_doppelkopf_turnier_5_announcement_level_range(lv, ok):
    for kw in ("re_level", "kontra_level"):
        if ok:
            settle(RK, 121, re_tricks=1, kontra_tricks=1, **{kw: lv})
        else:
            with pytest.raises(IllegalAction, match="level"):
                settle(RK, 121, **{kw: lv})


def test_doppelkopf_turnier_7_four_players_in_two_parties():
    for parties in (("re", "re", "re", "re"), ("re", "kontra", "re"), ("re", "kontra", "re", "kontra", "re"),
                    ("re", "kontra", "x", "kontra")):
        with pytest.raises(IllegalAction):
            settle(parties, 121)


def test_doppelkopf_turnier_5_levels_of_the_announcement_words():
    """5.: "Re" and "Kontra" open (level 0), then keine 90, keine 60, keine 30, schwarz (1..4)."""
    from stammtisch.games.doppelkopf.scoring import level_of

    assert [level_of(w) for w in ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")] == [0, 0, 1, 2, 3, 4]
    with pytest.raises(ValueError):
        level_of("keine120")


def test_doppelkopf_turnier_4_stille_hochzeit_alone_scored_as_solo_by_option():
    """4. "Auch eine stille Hochzeit kann gespielt werden – diese zählt jedoch nicht als Solo" (for the
    Pflichtsolo); scored as a solo (x3, no Sonderpunkte) with ``alone_as_solo`` (DDV)."""
    from stammtisch.games.doppelkopf.scoring import scored_as_solo

    assert scored_as_solo("stille_hochzeit", True, True) is True
    assert scored_as_solo("hochzeit", True, True) is True
    assert scored_as_solo("stille_hochzeit", True, False) is False
    assert scored_as_solo("stille_hochzeit", False, True) is False
    assert scored_as_solo("normal", True, True) is False
    assert scored_as_solo("solo:buben", False, False) is True


@pytest.mark.parametrize("call,msg,rule", [
    (lambda: settle(("re", "re", "re", "re"), 121),
     {"id": "a game has four players in two parties"}, "Doppelkopf-Turnier 7."),
    (lambda: settle(("re", "kontra", "x", "kontra", "re"), 121),
     {"id": "a party is 're', 'kontra' or None for a sitting player"}, "Doppelkopf-Turnier 7."),
    (lambda: settle(RK, 241), {"id": "Augen must be 0..240, not {re_augen}", "args": {"re_augen": 241}},
     "Doppelkopf-Turnier 6."),
    (lambda: settle(RK, 121, kontra_level=5), {"id": "announcement level must be -1..4, not {lv}", "args": {"lv": 5}},
     "Doppelkopf-Turnier 5."),
])
def test_doppelkopf_turnier_bad_facts_are_refused_with_what_and_the_rule(call, msg, rule):
    """Bad input is refused with a message naming what was wrong, and the paragraph."""
    with pytest.raises(IllegalAction) as e:
        call()
    assert e.value.message.to_json() == msg and e.value.rule == rule


def test_ddv_7_2_every_line_names_the_party_it_counts_for():
    """DDV 7.2: each point of the value is written for the party that earned it."""
    s = settle(RK, 240, re_level=1, re_tricks=12, kontra_tricks=0)
    assert [(str(x.label), x.value, str(x.note)) for x in s.lines] == [
        ("gewonnen", 1, "Re"), ("unter 90", 1, "Re"), ("unter 60", 1, "Re"), ("unter 30", 1, "Re"),
        ("schwarz", 1, "Re"), ("Re angesagt", 2, ""), ("keine 90 abgesagt", 1, "Re")]
    # nobody wins (DDV 7.1): only the unter- and erreicht-gegen points, netted, Kontra's negative
    s = settle(RK, 170, re_level=3, kontra_level=1)
    assert s.winner is None
    assert [(str(x.label), x.value, str(x.note)) for x in s.lines] == [
        ("unter 90", 1, "Re"), ("120 gegen keine 90", 1, "Re"), ("60 gegen keine 30", -1, "Kontra")]
    s = settle(RK, 0, kontra_level=1, re_tricks=0, kontra_tricks=12)
    assert ("schwarz", 1, "Kontra") in [(str(x.label), x.value, str(x.note)) for x in s.lines]
    assert ("keine 90 abgesagt", 1, "Kontra") in [(str(x.label), x.value, str(x.note)) for x in s.lines]


def test_doppelkopf_turnier_6_a_sonderpunkt_of_no_party_is_refused_naming_6():
    with pytest.raises(IllegalAction) as e:
        settle(RK, 130, specials=[("x", "Doppelkopf")])
    assert e.value.rule == "Doppelkopf-Turnier 6."
    assert e.value.message.to_json() == {"id": "a Sonderpunkt belongs to 're' or 'kontra', not {party}",
                                         "args": {"party": "'x'"}}
    # and each Sonderpunkt line names the party that earned it
    s = settle(RK, 130, specials=[("re", "Doppelkopf"), ("kontra", "Fuchs gefangen")])
    assert [(str(x.label), x.value, str(x.note)) for x in s.lines][-2:] == [("Doppelkopf", 1, "Re"),
                                                                             ("Fuchs gefangen", -1, "Kontra")]


def test_doppelkopf_turnier_7_the_settlement_records_its_facts():
    """The row keeps the facts it was settled from (the scorekeeper shows and re-settles them)."""
    s = settle(RK, 150, re_level=1, kontra_level=0, re_tricks=8, kontra_tricks=4)
    assert s.facts == {"re_augen": 150, "kontra_augen": 90, "re_tricks": 8, "kontra_tricks": 4, "re_level": 1,
                       "kontra_level": 0}
