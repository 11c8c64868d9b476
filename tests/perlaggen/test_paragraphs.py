"""One scenario per paragraph of the Innsbrucker Perlaggerregeln, from hand-worked deals (helpers.py)."""

from __future__ import annotations

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.perlaggen import GAME, PerlaggenDeal, cut_for_partners, next_partie_dealer, schrift_dealer
from stammtisch.games.perlaggen.rules import baptise, best_gleich, best_hanger, plain, trick_winner

from .helpers import cards, make, refused, run

#: DEAL_A played out: side A takes the first three tricks
A_TRICKS = ("0:HA", "1:E8", "2:H7", "3:S7", "0:SA", "1:E9", "2:H8", "3:S8", "0:W=LA", "1:E10", "2:LK", "3:S9")

#: deal C (trump Laub): both sides hold a Gleich of Asse with a Perlagg, equal (2, Ass, trump)
DEAL_C = ["W HA E8 H9 S10", "EU EA H8 S9 L10", "E9 H7 S8 HO SK", "E10 H10 SA L8 HU"]

#: deal D (trump Laub): tricks split 2 : 2, the fifth decides; seat 3 leads HO in round five
DEAL_D = ["HA S7 E8 E9 EO", "H8 SA EK SO SU", "H9 S9 EA SK HU", "H10 S8 E10 LK HO"]
D_FOUR = ("0:HA", "1:H8", "2:H9", "3:H10", "0:S7", "1:SA", "2:S9", "3:S8",
          "1:EK", "2:EA", "3:E10", "0:E8", "2:SK", "3:LK", "0:E9", "1:SO")


def test_par1_partners_and_first_dealer_by_cutting():
    """§1: high to high, low to low; the highest card deals; the losers deal the next Partie."""
    draws = cards("E8 LA H9 SK")  # player 1 Ass, player 3 König: partners; 1 deals
    high, low, dealer = cut_for_partners(draws)
    assert set(high) == {1, 3} and set(low) == {0, 2} and dealer == 1
    assert next_partie_dealer(last_dealer=2, winner_side=1) == 0  # A lost: seat 0 deals
    assert next_partie_dealer(last_dealer=2, winner_side=0) == 3
    m = GAME.new_match(seed=2)
    import random
    from stammtisch.core.driver import play_out
    play_out(m, [GAME.rule_bot()] * 4, random.Random(2))
    res = m.result()
    assert res["next_partie_dealer"] % 2 != "AB".index(res["winner"])  # the losers deal


def test_par2_agreed_target():
    """§2: the points that end the Partie are agreed before; usually 18."""
    assert GAME.options().target == 18
    m = GAME.new_match(options={"target": 3}, seed=5)
    from stammtisch.core.driver import play_out
    import random
    play_out(m, [GAME.rule_bot()] * 4, random.Random(5))
    res = m.result()
    assert res["winner"] in ("A", "B")
    w = "AB".index(res["winner"])
    assert m.totals[w] >= 3 and m.totals[1 - w] < 3


def test_par3_figures_and_their_comparison():
    """§3: Gleich, Hanger, Spiel; more cards beat fewer, then the rank, then trump; Perlaggen are wild."""
    g = best_gleich(cards("HK W LA HA SA"), 1)
    assert g.key == (5, 7, 1) and "fünffaches Gleich" in g.describe()
    assert best_gleich(cards("E8 E9 E10 EK EA"), 1) is None
    assert best_gleich(cards("L8 L10 LK H7 H8"), 1).key == (2, 1, 1)  # Achter with the trump L8
    assert best_hanger(cards("S7 S8 S9 S10 SU"), 1).key == (5, 4, 0)
    assert best_hanger(cards("HK W LA HA SA"), 1).key == (3, 7, 1)  # LA + two Perlaggen: Laub O-K-A
    assert best_gleich(cards("E10 H10 L8 S7 SK"), 1) < best_gleich(cards("EA HA L8 S7 SK"), 1)
    st = make()
    run(st, *A_TRICKS, "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    assert st.result().points == (2, 1)  # A: Gleich and Spiel, B: the better Hanger


def _deck_deal(order: list[str], dealer: int = 3, **opts) -> PerlaggenDeal:
    o = GAME.options(None, {"unseen_bidding": False, **opts})
    ctx = DealContext(0, dealer, Deal(((), (), (), ()), {"deck": tuple(cards(" ".join(order)))}), (0, 0), {})
    return PerlaggenDeal(o, ctx)


def test_par4_cutter_keeps_standing_perlaggen():
    """§4: a cutter who lifts a standing Perlagg may keep it; it is dealt fewer cards."""
    order = [D.format(c) for c in range(33) if D.format(c) not in ("W", "HK")]
    order.insert(9, "W")   # lifting 11 shows the HK at the bottom, the W above it
    order.insert(10, "HK")
    st = _deck_deal(order)
    assert st.to_act() == (2,)  # the seat right of the dealer (3) cuts
    refused(st, 2, "abheben:40", "§4")
    run(st, "2:abheben:11")
    assert st.phase == "keep" and st.view(0)["lifted_bottom"] == "HK"
    run(st, "2:behalten")  # the Martl; the Weli shows next
    assert st.phase == "keep"
    run(st, "2:behalten")
    hand2 = st.view(2)["hand"]
    assert "HK" in hand2 and "W" in hand2 and len(hand2) == 5
    assert all(len(st.view(s)["hand"]) == 5 for s in range(4))
    assert sorted(c for s in range(4) for c in st.dealt[s]) + sorted(st.stock + [st.trump_card]) \
        and len({c for s in range(4) for c in st.dealt[s]} | set(st.stock) | {st.trump_card}) == 33


def test_par4_plain_card_lifted_is_not_kept():
    order = [D.format(c) for c in range(33)]
    st = _deck_deal(order)
    run(st, "2:abheben:4")  # bottom of the lift: E10, no Perlagg
    assert st.phase in ("exchange", "play")
    refused(st, 2, "behalten", "§")


def test_par4_perlagg_left_in_the_pack_stays_there():
    """§4: a standing Perlagg not kept stays in the pack and nobody may ask for it."""
    order = [D.format(c) for c in range(33)]
    st = _deck_deal(order)
    run(st, "2:abheben:5")  # the bottom of the lift is the EU
    assert st.phase == "keep"
    run(st, "2:liegen")
    assert st.phase != "keep" and "EU" not in st.view(2)["hand"]
    refused(st, 2, "behalten", "§")


def test_par5_vergeben_costs_two_points():
    """§5: who misdeals is penalised two points; owed when the side has none yet (§10)."""
    from stammtisch.games.perlaggen import Penalty, settle
    s = settle([], [Penalty("vergeben", 0)], standing=(5, 3))
    assert s.points == (-2, 0)
    s = settle([], [Penalty("vergeben", 1)], standing=(5, 1))
    assert s.points == (0, -1) and s.owed == (0, 1)


def test_par6_more_than_five_cards_loses_every_figure():
    """§6: the side that played on with more than five cards loses every figure made and two points."""
    from stammtisch.games.perlaggen import FigureOutcome, Penalty, settle
    figs = [FigureOutcome("gleich", "held", 3, winner=0, bidder=0), FigureOutcome("spiel", "unbid", 1, winner=0),
            FigureOutcome("hanger", "unbid", 1, winner=1)]
    s = settle(figs, [Penalty("mehr_als_fuenf", 0)], standing=(4, 4))
    assert s.points == (-2, 1)


def test_par7_trump_luck_boden_shown_then_covered():
    """§7: the dealer shows Luck and Boden; afterwards nobody sees them again."""
    st = make(hands=["W HA E8 H9 S10", "EU EA H8 S9 L10", "E9 H7 S8 HO SK", "E10 H10 SA L8 HU"], trump="LU")
    # LU turned up is a Perlagg (trump Unter): exchange phase; Luck and Boden are still shown
    assert st.phase == "exchange" and st.to_act() == (3,)  # the dealer has L8
    v = st.view(0)
    assert v["luck"] and v["boden"] and v["trump"] == "L"
    refused(st, 0, "tauschen:L10", "§7")   # never the opponents
    refused(st, 1, "tauschen:L10", "§7")   # not the partner while the dealer can exchange
    refused(st, 3, "tauschen:H10", "§7")   # a trump only
    refused(st, 3, "ueberlassen", "§7")    # online table: leaving it to the partner is refused
    run(st, "3:tauschen:L8")
    assert "LU" in st.view(3)["hand"] and st.view(0)["trump_card"] == "L8"
    assert st.phase == "play"
    run(st, "0:HA")  # audit: Luck and Boden stay shown until the play begins, then are covered
    for s in range(4):
        assert "luck" not in st.view(s) and "boden" not in st.view(s)
    assert "luck" not in st.public_view()


def test_par7_partner_exchanges_when_dealer_has_no_trump():
    st = make(hands=["W HA E8 H9 S10", "EU EA H8 S9 L10", "E9 H7 S8 HO SK", "E10 H10 SA HU E7"], trump="LU")
    assert st.phase == "exchange" and st.to_act() == (1,)
    run(st, "1:nicht_tauschen")
    assert st.phase == "play" and st.view(1)["trump_card"] == "LU"


def test_par7_dealer_leaving_exchange_to_partner_loses_the_partie():
    """§7 (profile live): the dealer could exchange but leaves it to his partner: Partieverlust when claimed."""
    st = make(hands=["W HA E8 H9 S10", "EU EA H8 S9 L10", "E9 H7 S8 HO SK", "E10 H10 SA L8 HU"], trump="LU",
              profile="live", standing=(3, 9))
    run(st, "3:ueberlassen", "1:nicht_tauschen")
    assert "reklamieren:7" in st.legal_actions(0)
    run(st, "0:reklamieren:7")
    assert st.phase == "schreiben" and st.to_act() == (1,)  # the Partie is decided: the write-up (§33)
    run(st, "1:schreiben")
    assert st.is_over()
    assert st.result().points == (15, 0)  # A reaches 18: the Partie


def test_par8_bid_clearly():
    """§8: a figure is bid by its name."""
    st = make()
    refused(st, 0, "bieten:poker", "§8")
    refused(st, 0, "bieten:", "§8")
    run(st, "0:bieten:gleich")
    assert st.view(1)["pending"] == {"seat": 0, "figure": "gleich", "value": "2", "unseen": False,
                                     "partner_asked": False}


def test_par9_bid_binds_both_partners_and_open_cards_renounce():
    """§9: what one partner bids or holds binds both; no withdrawal; cards laid open renounce the rest."""
    st = make()
    run(st, "0:bieten:gleich", "1:halten")
    refused(st, 1, "widerrufen:gleich", "§9")
    refused(st, 3, "bieten:gleich", "§13")  # the partner cannot bid it again: it is held for both
    st2 = make()
    run(st2, "0:bieten:hanger", "3:halten", "1:aufdecken")
    assert st2.is_over()
    assert st2.result().points == (4, 0)  # A writes Gleich 1, held Hanger 2, Spiel 1


def test_par10_bluff_held_and_not_made():
    """§10: B bids a Gleich it does not have, A holds: B loses every point of the deal and owes 2."""
    st = make()
    run(st, "1:bieten:gleich", "0:halten", *A_TRICKS)
    assert st.phase == "figures" and st.view(0)["figure_on_table"] == "gleich"
    run(st, "0:weisen")
    assert st.legal_actions(1)[0] == "gut" and "abweisen" not in st.legal_actions(1)
    run(st, "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    assert r.points == (3, 0)  # A: held Gleich 2 + Spiel 1; B's better Hanger is lost
    assert r.summary["owed"] == [0, 2]
    assert any("§10" in ln.label for ln in r.lines)


def test_par10_penalty_taken_from_later_points():
    from stammtisch.games.perlaggen import FigureOutcome, settle
    s = settle([FigureOutcome("spiel", "unbid", 1, winner=1), FigureOutcome("gleich", "held", 2, winner=1)],
               standing=(0, 0), owed=(0, 2))
    assert s.points == (0, 1) and s.owed == (0, 0)


def test_par11_every_bid_must_be_answered():
    """§11: nothing else happens until the other side answers the bid."""
    st = make()
    run(st, "0:bieten:spiel")
    assert st.to_act() == (1,) and st.interjectors() and 3 in st.interjectors()
    refused(st, 0, "HA", "§11")
    refused(st, 2, "bieten:gleich", "§11")
    refused(st, 1, "E8", "§11")
    run(st, "3:halten")
    assert st.phase == "play" and st.view(0)["figures"]["spiel"]["value"] == "2"


def test_par12_conceded_figure_is_written_at_once():
    """§12: the conceded figure counts as made and written at once, before the earlier-bid held one."""
    st = make(standing=(0, 16))
    run(st, "0:bieten:spiel", "1:steigern")       # B holds and raises to 3 (§13)
    run(st, "0:gut")                              # A concedes the raise: B writes 2 at once
    assert st.is_over() and st.result().points == (0, 2)
    from stammtisch.games.perlaggen import FigureOutcome, settle
    figs = [FigureOutcome("gleich", "held", 2, winner=1, bidder=0, order=0),
            FigureOutcome("spiel", "conceded", 2, winner=0, bidder=0, order=5)]
    s = settle(figs, standing=(16, 16))
    assert s.winner == 0  # the conceded Spiel is written first: A reaches 18


def test_par13_raising_ladder_begun_by_the_holding_side():
    """§13: only 3, 4, 5, 6, 7 and Spiel aus; the holding side begins raising."""
    st = make()
    run(st, "0:bieten:gleich", "1:halten")
    refused(st, 0, "steigern:gleich", "§13")
    run(st, "3:steigern:gleich")
    assert st.view(0)["pending"]["value"] == "3"
    run(st, "2:halten", "0:steigern:gleich", "1:steigern")
    assert st.view(0)["pending"]["value"] == "5"
    run(st, "0:steigern", "1:steigern", "2:steigern")
    assert st.view(0)["pending"]["value"] == "aus"
    assert "steigern" not in st.legal_actions(1)
    run(st, "1:halten")
    assert st.view(0)["figures"]["gleich"]["value"] == "aus"
    refused(st, 3, "steigern:gleich", "§13")


def test_par14_spiel_aus_goes_before_everything():
    """§14: the figure raised to Spiel aus decides the Partie before every other figure."""
    st = make(standing=(2, 16))
    run(st, "1:bieten:hanger", "0:halten", "2:bieten:gleich", "1:steigern")
    for a in ("0:steigern", "1:steigern", "0:steigern", "1:steigern", "0:steigern", "1:halten"):
        run(st, a)
    run(st, *A_TRICKS, "0:weisen", "1:abweisen", "0:weisen", "1:gut")  # Hanger (bid first), then Gleich
    assert st.is_over()
    r = st.result()
    # the Hanger B would win is never written; B held the Gleich without having one: §10 costs 2
    assert r.points == (16, -2) and r.summary["winner"] == "A"


def test_par15_never_renounce_except_trump_or_perlagg():
    """§15: follow suit, or trump, or play a Perlagg."""
    st = make()
    run(st, "0:LA", "1:E8")
    refused(st, 2, "H7", "§15")
    assert "L8" in st.legal_actions(2) and "H7" not in st.legal_actions(2)
    st = make()
    run(st, "0:HA", "1:E8")
    assert "L8" in st.legal_actions(2)  # trumping is allowed while holding Herz
    run(st, "2:L8")
    st = make(hands=["HK W LA HA SA", "EU E9 E10 EK EA", "L8 L10 LK H7 H8", "S7 S8 S9 S10 SU"])
    run(st, "0:SA")
    assert "EU=SK" in st.legal_actions(1)  # a Perlagg is always "Farbe"


def test_par16_played_card_is_in_hand_and_released():
    """§16: a card is played when released: it must be one's own, and it is then played."""
    st = make()
    refused(st, 0, "E8", "§16")
    refused(st, 1, "E8", "§16")  # not his turn
    refused(st, 0, "XY", "§16")
    run(st, "0:HA")
    assert st.view(3)["trick"] == [[0, "HA"]]


def test_par17_farbleugnen_claimed_costs_spiel_and_two_points():
    """§17 (profile live): a revoke is accepted; claimed, it costs the Spiel and two points."""
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:H7")                # seat 2 revokes: he holds L8 L10 LK
    run(st, "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")
    assert st.phase == "figures" and st.spiel_side == 0
    assert "reklamieren:17" in st.legal_actions(1)
    run(st, "1:reklamieren:17")              # checked: the offence is seat 2's
    refused(st, 1, "reklamieren:17", "§33")  # once a round
    run(st, "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    assert r.points == (0, 2) and r.summary["owed"] == [1, 0]


def test_par17_unfounded_claim_costs_nothing():
    """§33: a claim makes the table check the cards; without an offence nothing happens."""
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:L8", "3:reklamieren:17")
    assert "no offence" in st.events[-1]
    run(st, "3:S7", *A_TRICKS[4:], "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    assert st.result().points == (2, 1)


def test_par17_revoke_taken_back_within_the_round():
    """§17: a played card is taken back only to follow suit, within the same round."""
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:H7")
    assert "zuruecknehmen" in st.legal_actions(2)
    run(st, "2:zuruecknehmen")
    assert st.to_act() == (2,) and "H7" in st.view(2)["hand"] and st.offences == []
    run(st, "2:L8", "3:S7")
    assert "zuruecknehmen" not in st.legal_actions(2)
    refused(st, 1, "zuruecknehmen", "§17")


def test_par17_unclaimed_revoke_is_claimable_in_next_deal_only():
    """§17 with §33: the claim holds until the next deal's points are written."""
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:H7", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9",
        "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    assert r.points == (2, 1)
    claim = r.summary["claimable"]
    assert claim == [{"par": "17", "kind": "farbleugnen", "side": 0, "claimed": False, "seat": 2, "trick": 0,
                      "transfer": 1}]
    nxt = make(profile="live", standing=(2, 1), carry={"claimable": claim}, dealer=0)
    assert "reklamieren:17:voriges" in nxt.legal_actions(1) and "reklamieren:17:voriges" not in nxt.legal_actions(0)
    run(nxt, "1:reklamieren:17:voriges", "2:aufdecken")
    lines_ = {ln.label: ln.value for ln in nxt.result().lines}
    assert lines_["Spiel-Verlust of the previous deal (Perlaggen §17)"] == -1
    assert nxt.result().summary["claimable"] == []
    later = make(profile="live", standing=(2, 1), carry={}, dealer=1)
    refused(later, 1, "reklamieren:17:voriges", "§33")


def test_par18_perlagg_not_getauft_is_a_plain_card():
    """§18: an ungetaufter Perlagg is a plain card — the Weli a Schell-6."""
    st = make()
    run(st, "0:W", "1:E8", "2:H7", "3:S7")
    assert st.tricks[0]["winner"] == 3  # S7 beats the Weli as Schell-6
    refused(st, 3, "S8=SA", "§18")  # only a Perlagg is getauft


def test_par19_perlagg_played_is_never_taken_back():
    """§19: a Perlagg played by mistake is never taken back."""
    st = make()
    run(st, "0:W=LA")
    refused(st, 0, "zuruecknehmen", "§19")
    assert st.view(1)["trick"] == [[0, "W=LA"]]


def test_par20_getaufter_perlagg_beats_the_real_card():
    """§20: a getaufter Perlagg beats the real card of the same value, Perlagg against Perlagg by rank."""
    la, w, eu = D.parse("LA"), D.parse("W"), D.parse("EU")
    assert trick_winner([plain(la), baptise(eu, la, 1)], 1) == 1
    assert trick_winner([baptise(eu, la, 1), baptise(w, la, 1)], 1) == 1
    st = make(hands=["HK W LA HA SA", "EU E9 E10 EK EA", "L8 L10 LK H7 H8", "S7 S8 S9 S10 SU"])
    run(st, "0:LA", "1:EU=LA", "2:L8", "3:S7")
    assert st.tricks[0]["winner"] == 1


def test_par21_no_bidding_at_17():
    """§21: at 17 a side has no right to bid; by mistake (profile live) it costs 2 points at once."""
    st = make(standing=(17, 4))
    refused(st, 0, "bieten:gleich", "§21")
    assert not any(a.startswith("bieten") for a in st.legal_actions(0))
    assert "bieten:gleich" in st.legal_actions(1)
    live = make(standing=(17, 4), profile="live")
    run(live, "0:bieten:gleich", "1:gut", "2:aufdecken")
    assert any("§21" in ln.label for ln in live.result().lines)


def test_par21_the_boundary_is_one_point_below_the_target():
    """§21 "Die Partei, die ... auf der vorletzten der vereinbarten Punktezahl angekommen ist": one point
    below the target a side may not bid, two points below it still may (live: no fine)."""
    for target in (18, 24):
        st = make(standing=(target - 2, 4), target=target)
        assert "bieten:gleich" in st.legal_actions(0)
        live = make(standing=(target - 2, 4), profile="live", target=target)
        run(live, "0:bieten:gleich", "1:gut", "2:aufdecken")
        assert not any("§21" in ln.label for ln in live.result().lines)
        st = make(standing=(target - 1, 4), target=target)
        refused(st, 0, "bieten:gleich", "§21")


def test_par22_weisen_stellen_abweisen():
    """§22: the Spiel side shows; the others show better (abweisen), equal (stellen) or concede."""
    st = make(hands=DEAL_C)
    run(st, "0:bieten:spiel", "1:gut")         # Spiel decided: A
    assert st.phase == "figures" and st.to_act() == (0,)
    refused(st, 1, "weisen", "§")
    run(st, "0:weisen")
    assert "stellen" in st.legal_actions(1) and "abweisen" not in st.legal_actions(1)
    refused(st, 1, "abweisen", "§22")
    run(st, "1:stellen", "0:weisen", "1:stellen")
    r = st.result()
    assert r.points == (1, 0)
    assert r.summary["figures"]["gleich"]["winner"] is None


def test_par23_three_tricks_make_the_spiel():
    """§23: a side with three tricks has made the Spiel; play stops and the figures are decided."""
    st = make()
    run(st, *A_TRICKS)
    assert st.phase == "figures" and st.spiel_side == 0
    assert len(st.view(0)["hand"]) == 2
    refused(st, 0, "HK=LA", "§22")


def test_par24_after_spiel_only_spiel_side_bids():
    """§24: once the Spiel is decided only the Spiel side weist or bietet."""
    st = make()
    run(st, *A_TRICKS)
    refused(st, 1, "bieten:hanger", "§24")
    run(st, "0:bieten:hanger", "1:halten", "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    assert st.result().points == (2, 2)  # B: held Hanger 2; A: Spiel 1, Gleich 1


def test_par25_asking_at_17_17():
    """§25: at 17 : 17 every seat from the dealer's left is asked; the highest figure goes out."""
    st = make(standing=(17, 17))
    assert st.phase == "meld" and st.to_act() == (0,)
    refused(st, 0, "bieten:gleich", "§21")
    run(st, "0:melden", "1:melden")
    refused(st, 2, "melden", "§25")   # a zweifaches Gleich is no figure at 17 : 17
    run(st, "2:passen", "3:melden")
    assert st.is_over()
    assert st.result().points == (1, 0)  # fünffaches Gleich beats fünffachen Hanger (§3)


def test_par25_nobody_declares_the_spiel_decides():
    st = make(standing=(17, 17))
    run(st, "0:passen", "1:passen", "2:passen", "3:passen", *A_TRICKS)
    assert st.is_over() and st.result().points == (1, 0)


def test_par26_engine_17_16_conceded_gleich_then_dritziger_hanger():
    """§26 at the table: the 16 bid Gleich, the 17 concede (17 : 17); the unbid Hanger — B's fünffacher —
    goes out."""
    st = make(standing=(16, 17))
    run(st, "0:bieten:gleich", "1:gut")
    assert st.view(0)["written"] == [17, 17] and not st.is_over()
    refused(st, 2, "bieten:hanger", "§21")  # A is at 17 now too
    run(st, *A_TRICKS, "0:weisen", "1:abweisen")
    r = st.result()
    assert r.points == (1, 1) and r.summary["winner"] == "B"


def test_par27_engine_17_15_held_figures_then_spiel_conceded():
    """§27 at the table: the 15 bid Gleich and Hanger, held; they bid the Spiel, conceded (16);
    the first-bid Gleich goes out."""
    st = make(standing=(15, 17))
    run(st, "0:bieten:gleich", "1:halten", "2:bieten:hanger", "3:halten", "0:bieten:spiel", "1:gut")
    assert st.phase == "figures" and st.view(0)["written"] == [16, 17]
    assert st.view(0)["figure_on_table"] == "gleich"
    run(st, "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    # the Hanger B would win comes too late; B held a Gleich it did not have: §10 fines it 2
    assert r.points == (3, -2) and r.summary["winner"] == "A"


def test_par28_equal_standing_figures_spiel_decides():
    """§28: equal standing figures at 17 : 17: the Spiel alone decides."""
    st = make(hands=["W HA HK SA E8", "EU EA E7 LA L10", "E9 H7 S8 HO SK", "E10 H10 S9 L8 HU"], standing=(17, 17))
    run(st, "0:melden", "1:melden", "2:passen", "3:passen")
    assert not st.is_over() and st.phase == "play"
    assert "stand" in st.events[-1]


def test_par29_spiel_farbe_in_fifth_round():
    """§29: after the first card of round five only Spiel-Farbe, trump or Perlagg may bid the Spiel."""
    st = make(hands=DEAL_D)
    run(st, *D_FOUR)
    assert st.won == [2, 2]
    run(st, "3:HO")
    refused(st, 1, "bieten:spiel", "§29")
    assert "bieten:spiel" in st.legal_actions(2)  # HU: Spiel-Farbe
    run(st, "0:bieten:spiel")                    # EO: a Perlagg (§31)
    assert st.legal_actions(1)[0] == "gut" and "halten" not in st.legal_actions(1)
    refused(st, 1, "halten", "§29")
    run(st, "1:gut")
    assert st.phase == "figures" and st.spiel_side == 0


def test_par30_martl_in_third_trick_does_not_decide():
    """§30: the Spiel is made only when the last player has laid his card."""
    st = make()
    run(st, "0:HA", "1:E8", "2:H7", "3:S7", "0:SA", "1:E9", "2:H8", "3:S8", "0:HK=LA", "1:E10", "2:L8")
    assert st.phase == "play" and st.spiel_side is None
    assert "bieten:spiel" in st.legal_actions(3)
    run(st, "3:S9")
    assert st.spiel_side == 0


def test_par31_perlagg_used_freely_for_the_spiel():
    """§31: the Spiel bid with a Perlagg: the Perlagg is used regardless of the Spiel-Farbe."""
    st = make(hands=DEAL_D)
    run(st, *D_FOUR, "3:HO")
    assert {"EO=SA", "EO=LA", "EO=H7"} <= set(st.legal_actions(0))
    run(st, "0:EO=LA", "1:SU", "2:HU")
    assert st.spiel_side == 0


def test_par32_unseen_bids():
    """§32: a partnership bids unseen; all three unseen: Gleich, Hanger, Spiel in that order;
    conceded unseen figures are written only if made; no §10 penalty."""
    st = make(unseen_bidding=True)
    assert st.phase == "look" and st.view(0)["hand"] == []
    run(st, "0:ungesehen:alle")
    assert st.view(1)["pending"]["figure"] == "gleich"
    assert "steigern" not in st.legal_actions(1)
    run(st, "1:halten")
    assert st.view(1)["pending"]["figure"] == "hanger"
    run(st, "1:gut", "3:gut")
    refused(st, 1, "ungesehen:spiel", "§13")   # bid already: B may not bid it again
    run(st, "1:ansehen")
    refused(st, 2, "ungesehen:gleich", "§32")
    run(st, "2:ansehen", "3:ansehen")
    assert st.view(1)["written"] == [0, 0]  # unseen concessions wait for the cards
    run(st, *A_TRICKS, "0:weisen", "1:gut")
    r = st.result()
    assert r.points == (4, 0)  # Gleich held 2, Hanger conceded 1, Spiel conceded 1


def test_par32_unseen_bluff_has_no_penalty():
    st = make(unseen_bidding=True)
    run(st, "0:ansehen", "1:ungesehen:gleich", "0:halten", "2:ansehen", "3:ansehen", *A_TRICKS)
    run(st, "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    assert not any("§10" in ln.label for ln in r.lines)
    assert r.points == (3, 1)


def test_par33_schrift_and_claim_window():
    """§33: the Schrift shows who deals; claims only until the next deal is written."""
    assert [schrift_dealer(0, n) for n in range(6)] == [0, 1, 2, 3, 0, 1]
    m = GAME.new_match(seed=11)
    dealers = []
    import random
    from stammtisch.core.driver import step
    rng = random.Random(1)
    bots = [GAME.rule_bot()] * 4
    while not m.is_over():
        if m.current.ctx.dealer not in dealers[-1:]:
            dealers.append(m.current.ctx.dealer)
        step(m, bots, rng)
    assert all((b - a) % 4 == 1 for a, b in zip(dealers, dealers[1:]))


def test_par34_kartenstehlen_partieverlust():
    """§34: stealing cards loses the Partie at once."""
    from stammtisch.games.perlaggen import Penalty, settle
    s = settle([], [Penalty("kartenstehlen", 1)], standing=(4, 15))
    assert s.winner == 0 and s.points == (14, 0)


def test_signals_are_seen_by_the_partner_only():
    """Partner signals (docs/rules/perlaggen.md): the partner sees them, opponents and Kiebitze never."""
    st = make()
    run(st, "0:zeichen:gleich")
    assert st.view(2)["signals"] == [[0, "gleich"]] and st.view(0)["signals"] == [[0, "gleich"]]
    assert st.view(1)["signals"] == [] and st.view(3)["signals"] == []
    assert "signals" not in st.public_view() and "zeichen" not in str(st.public_view())
    refused(st, 0, "zeichen:spiel", "§9")  # one signal per seat and round


def test_par17_par33_two_revokes_claimed_in_the_next_deal_move_the_spiel_once():
    """§17 "Farbleugnen bedeutet Spiel-Verlust und zwei Punkte Strafe", claimed under §33 "bis die
    Punkte des darauffolgenden Spieles notiert werden": a deal has one Spiel to lose. Two revokes of
    one side, both claimed at the next deal, cost 2 + 2 points, and the Spiel changes sides once --
    as when both are claimed within their own deal."""
    st = make(profile="live")
    # seat 2 revokes twice: H7 to the Laub (trump) lead, H8 to the Weli getauft Laub-König, holding L8 L10 LK
    run(st, "0:LA", "1:E8", "2:H7", "3:S7", "0:W=LK", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9",
        "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    claim = r.summary["claimable"]
    assert [c["kind"] for c in claim] == ["farbleugnen", "farbleugnen"] and {c["side"] for c in claim} == {0}
    spiel = claim[0]["transfer"]
    assert spiel >= 1 and all(c["transfer"] == spiel for c in claim)
    standing = r.points
    nxt = make(profile="live", standing=standing, carry={"claimable": claim}, dealer=0)
    run(nxt, "1:reklamieren:17:voriges", "1:reklamieren:17:voriges", "2:aufdecken")
    lines_ = [(str(ln.label), ln.value) for ln in nxt.result().lines]
    moved = [v for lab, v in lines_ if lab.startswith("Spiel-Verlust of the previous deal")]
    gained = [v for lab, v in lines_ if lab.startswith("Spiel of the previous deal")]
    fines = [v for lab, v in lines_ if lab.lower().startswith("farbleugnen")]
    assert moved == [-spiel] and gained == [spiel]  # once, not twice
    assert fines == [-2, -2]  # each revoke still costs its two points


def test_par17_two_revokes_claimed_within_their_deal_move_the_spiel_once():
    """The same two revokes claimed in their own deal: the Spiel goes to the other side once."""
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:H7", "1:reklamieren:17", "3:S7", "0:W=LK", "1:E9", "2:H8", "1:reklamieren:17",
        "3:S8", "0:SA", "1:E10", "2:LK", "3:S9", "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    lines_ = [(str(ln.label), ln.value, str(ln.note)) for ln in st.result().lines]
    assert [v for lab, v, _ in lines_ if lab.lower().startswith("farbleugnen")] == [-2, -2]
    spiel = [(v, note) for lab, v, note in lines_ if lab.startswith("Spiel")]
    assert len(spiel) == 1 and spiel[0][1].startswith("B")  # the Spiel, once, to the other side
