"""Rulings of the Innsbrucker Perlaggerregeln that once went wrong: the card on the table (§29),
concessions and laying open (§9, §32), the Gleich and the Hanger (§3, §25), revokes (§17),
Weisen (§22), the Taufe (§18), and the rule player's conduct. Each test names its paragraph and
failed before its fix."""

from __future__ import annotations

import random

import pytest

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Turn
from stammtisch.games.perlaggen import GAME
from stammtisch.games.perlaggen.bot import RuleBot
from stammtisch.games.perlaggen.rules import Figure, best_hanger

from .helpers import cards, make, refused, run

# --------------------------------------------------------------------------- §29 the Spiel in round five
#: the audit's reproduction: the hands of the §29 scenario with seat 3 holding the Martl
HANDS_29 = ["HA S7 E8 E9 EO", "H8 SA EK SO SU", "H9 S9 EA SK L8", "H10 S8 E10 LK HK"]
TO_2_2 = ("0:HA", "1:H8", "2:L8", "3:H10", "2:H9", "3:S8", "0:E8", "1:SU", "2:EA", "3:LK", "0:E9", "1:EK",
          "3:E10", "0:S7", "1:SO", "2:S9")


def test_par29_card_on_the_table_counts_for_the_spiel():
    """§29 ("Das Spiel kann nur mit Farbe, Trumpf oder Perlagg geboten, gehalten oder gesteigert werden,
    ungeachtet, ob Trumpf oder Perlagg vorgelegt worden ist"): a seat whose Perlagg already lies in the
    fifth trick (and may win it) holds the Spiel with it; the leader of round five may bid it."""
    st = make(HANDS_29)
    run(st, *TO_2_2)
    assert st.won == [2, 2] and st.to_act() == (3,)
    run(st, "3:HK=LA")
    assert "bieten:spiel" in st.legal_actions(3)  # the leader: his Martl lies on the table
    run(st, "0:bieten:spiel")                     # seat 0 holds the Eichel-Ober, a Perlagg
    assert "halten" in st.legal_actions(3) and "steigern" in st.legal_actions(3)
    assert "halten" not in st.legal_actions(1)    # seat 1 holds only the Schell-Ass, nothing on the table
    refused(st, 1, "halten", "§29")
    run(st, "1:partner_fragen", "3:halten", "0:EO=LK", "1:SA", "2:SK")
    sp = st.figs["spiel"]
    assert st.spiel_side == 1 and sp.winner == 1 and sp.status == "held" and sp.value == 2


# --------------------------------------------------------------------------- §9 with §32
def test_par9_par32_cards_laid_open_after_an_unseen_concession():
    """§32 ("Wird das ungesehene Gebotene gut gelassen, so schreibt die bietende Partei die Punkte nur,
    wenn sie die gebotene(n) Figur(en) auch hat") with §9 (cards laid open: the opponents write the rest):
    A bid the Gleich unseen, B conceded it, B later lays its cards open. A holds a fünffaches Gleich, so
    it writes the conceded Gleich (1) and the renounced Hanger and Spiel (1 each): 3 : 0."""
    st = make(unseen_bidding=True)
    run(st, "0:ungesehen:gleich", "1:gut")
    while st.phase == "look":
        st.apply(st.to_act()[0], "ansehen")
    run(st, "1:aufdecken")
    r = st.result()
    assert r.points == (3, 0)
    assert r.summary["figures"]["gleich"]["winner"] == "A"


def test_par32_unseen_concession_without_the_figure_writes_nothing_on_laying_open():
    """§32: the same with a side that does not have the figure it bid unseen: the concession is not
    written even though the deal ends early (§9)."""
    hands = ["E8 E10 H7 LK SA", "HK W LA HA SU", "L8 H9 S9 EA HO", "S7 S8 S10 LU E9"]
    st = make(hands, unseen_bidding=True)
    run(st, "0:ungesehen:hanger", "1:gut")
    while st.phase == "look":
        st.apply(st.to_act()[0], "ansehen")
    assert best_hanger(cards("E8 E10 H7 LK SA"), 1) is None and best_hanger(cards("L8 H9 S9 EA HO"), 1) is None
    run(st, "1:aufdecken")
    assert st.result().summary["figures"]["hanger"]["winner"] is None
    assert st.result().points == (2, 0)  # Gleich and Spiel renounced by B


# --------------------------------------------------------------------------- §25 with §3 at 17 : 17
#: trump Laub (the L8 turned up). A: seat 0 a vierfaches Gleich of Neuner (E9 H9 + Weli, E7).
#: B: seat 1 the same vierfaches Gleich (S9 L9 + Martl, EU), seat 3 a fünffacher Schell Hanger.
HANDS_25 = ["E9 H9 W E7 S8", "S9 L9 HK EU H7", "EA EK HA HU LA", "S10 SU SO SK SA"]


def _meld_all(st):
    for s in (0, 1, 2, 3):
        st.apply(s, "melden" if "melden" in st.legal_actions(s) else "passen")


def test_par25_par3_standing_gleich_leaves_it_to_the_spiel():
    """§25 read with §3: "Haben z. B. Parteien ein dritziges oder vierfaches Gleich in gleichem Höhengrad,
    also eine stehende Figur, kann eine minderwertige Figur niemals in Betracht kommen, denn in diesem
    Falle entscheidet das Spiel." The Hanger ranks below the Gleich (§3): B's fünffacher Hanger does not
    beat the two standing vierfache Gleich; the Spiel decides (option ``meld_order="figure"``, default)."""
    st = make(HANDS_25, trump="L8", standing=(17, 17))
    assert GAME.options(None, {}).meld_order == "figure"
    _meld_all(st)
    assert not st.is_over() and st.phase == "play"
    assert "stand" in st.events[-1]


def test_par25_option_degree_first():
    """Option ``meld_order="degree"`` (the former reading): dritzig < vierfach < fünffach first, so B's
    fünffacher Hanger goes out."""
    st = make(HANDS_25, trump="L8", standing=(17, 17), meld_order="degree")
    _meld_all(st)
    r = st.result()
    assert st.is_over() and r.summary["winner"] == "B" and [ln.label for ln in r.lines] == ["Hanger (unbid)"]


def test_par25_par3_gleich_beats_a_longer_hanger():
    """§3 ranks Gleich above Hanger: at 17 : 17 a dritziges Gleich goes out before a fünffacher Hanger."""
    hands = ["EA HA LA E8 H10", "E9 L10 H8 EK SO", "H9 HU HO SK E10", "S7 S8 S9 S10 SU"]
    st = make(hands, trump="L8", standing=(17, 17))
    _meld_all(st)
    r = st.result()
    assert r.summary["winner"] == "A" and [ln.label for ln in r.lines] == ["Gleich (unbid)"]
    st = make(hands, trump="L8", standing=(17, 17), meld_order="degree")
    _meld_all(st)
    assert st.result().summary["winner"] == "B"


# --------------------------------------------------------------------------- §17 taking back (profile live)
HANDS_17 = ["LA HA SA E8 E9", "L8 H7 S7 E10 EK", "L10 H8 S8 EA H9", "LK HU S9 S10 SU"]


def test_par17_revoke_taken_back_within_the_round_after_others_played():
    """§17 ("es sei denn, dass Farbe bekannt werden muss. Dies gilt nur innerhalb derselben Runde"),
    profile ``live``: the revoke is taken back while its round is on the table, also after the next
    seat played; the revoker plays again in his place and play goes on where it stood."""
    st = make(HANDS_17, profile="live")
    run(st, "0:LA", "1:H7", "2:L10")  # seat 1 revokes (holds L8), seat 2 plays on
    assert "zuruecknehmen" in st.legal_actions(1)
    run(st, "1:zuruecknehmen")
    assert st.to_act() == (1,) and "H7" in st.view(1)["hand"] and st.offences == []
    assert [s for s, _ in st.trick] == [0, 2]
    run(st, "1:L8")
    assert st.to_act() == (3,) and [s for s, _ in st.trick] == [0, 1, 2]
    run(st, "3:LK")
    assert st.tricks[0]["cards"] == ["LA", "L8", "L10", "LK"] and st.tricks[0]["winner"] == 0


def test_par17_live_refusal_names_the_round():
    """§17 in the profile ``live``: after the round is over the card stays; the refusal says why (the
    table does not enforce following suit there, so "enforced before release" would be wrong)."""
    st = make(HANDS_17, profile="live")
    run(st, "0:LA", "1:H7", "2:L10", "3:LK")
    e = refused(st, 1, "zuruecknehmen", "§17")
    assert "same round" in str(e) and "enforces" not in str(e)
    refused(make(HANDS_17), 0, "zuruecknehmen", "§17")  # innsbruck: nothing played, nothing to take back


# --------------------------------------------------------------------------- §22 weisen, §18 Taufe, wording
def test_par22_weisen_shows_the_figures_cards_only():
    """§22/§24: who weist lays the figure on the table, not his whole hand: seat 0's Hanger (Laub König
    and Ass) is the Martl standing in for the König and the Weli played as Laub-Ass."""
    from .test_paragraphs import A_TRICKS
    st = make()
    run(st, *A_TRICKS, "0:gut", "0:weisen")
    assert st.view(1)["shown_hands"] == {"0": ["HK", "W"]}
    assert st.view(1)["shown_figure"] == "zweifacher Hanger (Laub bis A)"


def test_par18_a_perlagg_is_never_getauft_as_a_perlagg():
    """§18 with §20: a Perlagg is getauft as a plain card of a suit ("sticht die gleichwertige Karte
    derselben Farbe"); another Perlagg's face (the Martl, the trump 7/Unter/Ober, the Eichel Perlaggen)
    is no Taufe."""
    st = make()  # trump Laub
    for bad in ("W=HK", "W=L7", "W=LU", "W=LO", "W=E7", "W=EU", "W=EO"):
        assert bad not in st.legal_actions(0)
        refused(st, 0, bad, "§18")
    assert "W=LA" in st.legal_actions(0) and "W=LK" in st.legal_actions(0)
    assert sum(1 for a in st.legal_actions(0) if a.startswith("W=")) == 25


def test_figure_wording_der_hanger_das_gleich():
    """Glossary: "das Gleich" (vierfaches Gleich), "der Hanger" (vierfacher Hanger)."""
    assert Figure((4, 5, 0), "hanger", 3).describe() == "vierfacher Hanger (Schell bis O)"
    assert Figure((3, 7, 1), "hanger", 1).describe() == "dritziger Hanger (Laub bis A)"
    assert Figure((4, 2, 0), "gleich").describe() == "vierfaches Gleich (Neuner)"


def test_figure_members_are_the_cards_of_the_figure():
    from stammtisch.games.perlaggen.rules import figure_members

    f = best_hanger(cards("S8 S9 E7 LA HA"), 1)
    assert f is not None and f.n == 3
    assert sorted(D.format(c) for c in figure_members(f, cards("S8 S9 E7 LA HA"), [], 1)) == ["E7", "S8", "S9"]


# --------------------------------------------------------------------------- the rule player
def test_rule_bot_never_concedes_before_the_partner_is_asked():
    """§9 ("Jede von einem Partner … gut gelassene Figur gilt für beide Partner"): a computer partner
    never concedes a figure for its (human) partner; asked first, it leaves the answer to the partner."""
    st = make()
    run(st, "0:bieten:gleich")  # seat 1 (Eichel 8 9 10 K A) has no Gleich: it would concede
    bot = RuleBot(bluff=0.0)
    a = bot.choose(Turn(1, st.legal_actions(1), lambda: st.view(1)), random.Random(0))
    assert a == "partner_fragen"
    run(st, "1:partner_fragen")
    assert st.to_act() == (3,) and "partner_fragen" not in st.legal_actions(3)
    assert "halten" not in st.legal_actions(1) and 1 not in st.interjectors()


def test_rule_bot_taufe_keeps_a_held_figure():
    """§10 with §18: once a Gleich is held, the rule player tauft its Perlagg so that the Gleich stays
    rather than as the trump Ass that would win the trick. Seat 0 (Weli, H7 E8 S10 HU: its only Gleich
    is the Weli with one of them) bid the Gleich, B held; B leads the trump Ass."""
    hands = ["W H7 E8 S10 HU", "LA E9 E10 EK S7", "H9 S8 SA EA HO", "L8 HA SK SU SO"]
    st = make(hands, dealer=0, signals=False)  # trump Laub, Vorhand seat 1
    run(st, "0:bieten:gleich", "1:halten", "1:LA", "2:H9", "3:L8")
    bot = RuleBot(bluff=0.0)
    a = bot.choose(Turn(0, st.legal_actions(0), lambda: st.view(0)), random.Random(0))
    assert a.startswith("W="), a
    assert D.parse(a[2:]) % 8 in (0, 1, 3, 4), a  # a Siebener, Achter, Zehner or Unter: a pair stays
    run(st, f"0:{a}")
    kept = st._side_figure("gleich", 0)  # the Weli's Taufe makes a pair with the card of that rank in the hand
    assert kept is not None and kept.key[0] == 2


def _fines(profile: str, deals: int, seed: int = 0) -> tuple[int, list[str]]:
    bots = [GAME.rule_bot() for _ in range(4)]
    n, bad = 0, []
    while n < deals:
        m = GAME.new_match(profile, {}, seed=seed)
        play_out(m, bots, random.Random(seed))
        seed += 1
        for lg in m.logs:
            n += 1
            bad += [ln.label for ln in lg.result.lines if "§10" in ln.label or "§21" in ln.label
                    or ln.label.startswith("ueberbieten")]
    return n, bad


@pytest.mark.slow
@pytest.mark.parametrize("profile", ["innsbruck", "live"])
def test_rule_bot_self_play_no_par10_penalties_and_no_fines(profile):
    """§10 and §21 in self-play: over hundreds of rule-bot deals the bot's own choices cost no §10
    penalty (a Gleich/Hanger bid or held without having it, e.g. getauft away) and no fine for bidding
    at 17 (the live table lets such a bid pass and fines it 2)."""
    n, bad = _fines(profile, 400, seed=11 if profile == "live" else 0)
    assert n >= 400 and bad == []
