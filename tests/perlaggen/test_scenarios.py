"""Rules audit of Perlaggen (docs/rules/perlaggen-coverage.md): scenarios the first test set lacked.

Each test names its paragraph of the Innsbrucker Perlaggerregeln and fails if the rule is broken.
"""

from __future__ import annotations

import pytest

from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.perlaggen import GAME, PerlaggenDeal
from stammtisch.games.perlaggen.rules import best_gleich, best_hanger, figure_cards

from .helpers import cards, make, refused, run, snapshot

#: DEAL_A: side A takes three tricks; seat 0 plays the Weli getauft as the Laub-9 in the third
A_TRICKS_W9 = ("0:HA", "1:E8", "2:H7", "3:S7", "0:SA", "1:E9", "2:H8", "3:S8", "0:W=L9", "1:E10", "2:LK", "3:S9")


def _deck_deal(order: list[str], dealer: int = 3, **opts) -> PerlaggenDeal:
    o = GAME.options(None, {"unseen_bidding": False, **opts})
    ctx = DealContext(0, dealer, Deal(((), (), (), ()), {"deck": tuple(cards(" ".join(order)))}), (0, 0), {})
    return PerlaggenDeal(o, ctx)


# --------------------------------------------------------------------------- §18 / §28 Taufe and figures
def test_par18_getaufter_perlagg_counts_as_its_taufe_in_the_figures():
    """§18: a getaufter Perlagg is never getauft again — in Gleich and Hanger it counts as what it was
    getauft; only Perlaggen still in the hand are free (§28 "sofern sie noch in den Händen")."""
    st = make()
    run(st, *A_TRICKS_W9)
    assert st.phase == "figures" and st.spiel_side == 0
    # HK W LA HA SA was a fünffaches Gleich of Asse; with the Weli gone as Laub-9 it is vierfach
    assert st._side_figure("gleich", 0).key == (4, 7, 1)
    assert st._side_figure("hanger", 0).key == (2, 7, 1)  # Laub K-A (Martl), no longer O-K-A
    run(st, "0:weisen")
    assert st.public_view()["shown_figure"].startswith("vierfaches Gleich")


def test_par18_option_off_judges_the_dealt_cards():
    """taufe_binds_figures=False: the older reading — the five cards dealt, every Perlagg free."""
    st = make(taufe_binds_figures=False)
    run(st, *A_TRICKS_W9, "0:weisen")
    assert st.public_view()["shown_figure"].startswith("fünffaches Gleich")


def test_par18_ungetaufter_perlagg_is_a_plain_card_in_the_figures():
    """§18: played without Taufe a Perlagg is a plain card for the figures too; the Weli (Schell-6)
    fits no figure."""
    free, fixed = figure_cards(cards("HK W LA HA SA"), ["W", "HK"], 1)
    assert D.format_cards(free) == ["LA", "HA", "SA"] and D.format_cards(fixed) == ["HK"]
    assert best_gleich(free, 1, fixed).key == (3, 7, 1)        # three natural Asse, nothing wild
    assert best_hanger(free, 1, fixed).key == (2, 7, 0)        # HK played plain: Herz K-A
    free, fixed = figure_cards(cards("EU E9 E10 H8 S8"), ["EU=E8"], 1)
    assert best_hanger(free, 1, fixed).key == (3, 3, 0)        # E8 (Taufe) E9 E10


def test_par10_figure_getauft_away_cannot_be_made():
    """§10 "ohne dieselbe zu haben oder machen zu können": A holds the Hanger B bid, then tauft both
    Perlaggen that made its Hanger as Laub-Ass and Laub-10 — held and not made: every point of the deal
    lost and 2 penalty (owed, A has none yet); B writes the held Hanger."""
    hands = ["HK W E8 H10 SA", "E9 E10 EK EA L8", "LA H7 S9 HO SK", "S7 S8 H9 LK HU"]
    st = make(hands=hands)
    assert st._side_figure("hanger", 0).n == 3               # E8 + two Perlaggen: E8-E9-E10
    run(st, "1:bieten:hanger", "0:halten")
    run(st, "0:HK=LA", "1:L8", "2:LA", "3:LK", "0:W=L10", "1:E9", "2:H7", "3:S7", "0:SA", "1:E10", "2:S9", "3:S8")
    assert st.phase == "figures" and st.spiel_side == 0
    assert st._side_figure("hanger", 0) is None
    assert st.legal_actions(0)[:1] == ["gut"]                # nothing to show
    run(st, "0:gut", "0:weisen", "1:gut")                    # the Gleich of Zehner (H10 + L10 getauft)
    r = st.result()
    assert r.points == (0, 2) and r.summary["owed"] == [2, 0]
    assert any("§10" in ln.label for ln in r.lines)
    st = make(hands=hands, taufe_binds_figures=False)        # the older reading: A still has its Hanger
    run(st, "1:bieten:hanger", "0:halten")
    run(st, "0:HK=LA", "1:L8", "2:LA", "3:LK", "0:W=L10", "1:E9", "2:H7", "3:S7", "0:SA", "1:E10", "2:S9", "3:S8")
    assert st._side_figure("hanger", 0).n == 3


# --------------------------------------------------------------------------- §25 the figure that goes out
def test_par25_hanger_that_goes_out_is_written_as_hanger():
    """§25: the highest declared figure goes out — the score sheet names it (a Hanger, not a Gleich)."""
    st = make(standing=(17, 17))
    run(st, "0:passen", "1:passen", "2:passen", "3:melden")
    r = st.result()
    assert r.summary["winner"] == "B" and [ln.label for ln in r.lines] == ["Hanger (unbid)"]


# --------------------------------------------------------------------------- §26 / §27 at the table
HANDS_27 = ["E8 E9 H10 LK LA", "LU HU S10 EA L9", "H7 L8 E10 HO HA", "LO SK SA EK S8"]


def test_par27_engine_16_bid_the_second_figure_conceded_zweifach_gleich_new_deal():
    """§27 last case: 15 : 17, the 15 bid the Spiel, conceded (16); they cannot show the Gleich but bid
    the Hanger, conceded (17 : 17): "Nun kann nur mehr eine mindestens drittze Figur entscheiden,
    ansonsten muss neu gegeben werden" — B's zweifaches Gleich decides nothing."""
    st = make(hands=HANDS_27, trump="S9", standing=(15, 17))
    run(st, "0:bieten:spiel", "1:gut")
    assert st.phase == "figures" and st.view(0)["written"] == [16, 17]
    assert st.view(0)["figure_on_table"] == "gleich" and "weisen" not in st.legal_actions(0)
    run(st, "0:bieten:hanger", "1:gut")
    assert st.view(0)["written"] == [17, 17]
    run(st, "0:gut")
    r = st.result()
    assert r.summary["winner"] is None and r.points == (2, 0)


def test_par27_engine_dritziges_gleich_of_the_17_decides():
    hands = HANDS_27[:3] + ["LO SK HK EK S8"]  # seat 3: Könige with the Martl: dritzig
    st = make(hands=hands, trump="S9", standing=(15, 17))
    run(st, "0:bieten:spiel", "1:gut", "0:bieten:hanger", "1:gut", "0:gut")
    r = st.result()
    assert r.summary["winner"] == "B" and r.points == (2, 1)


def test_par26_engine_16_bid_spiel_first_conceded_then_par27():
    """§26: the 16 bid the Spiel first, conceded (17 : 17): §27 applies — the now-17 must weisen; a
    figure shown and not bettered takes them out only if it is dritzig."""
    st = make(hands=HANDS_27, trump="S9", standing=(16, 17))
    run(st, "0:bieten:spiel", "1:gut")
    assert st.view(0)["written"] == [17, 17]
    refused(st, 0, "bieten:hanger", "§21")       # at 17 nobody bids any more
    run(st, "0:gut")                              # no Gleich: left to B (zweifach: does not go out)
    run(st, "0:weisen", "1:gut")                  # A's Hanger, zweifach: does not go out either
    r = st.result()
    assert r.summary["winner"] is None


# --------------------------------------------------------------------------- §7 the turned-up card
def test_par7_eichel_cards_turned_up_go_under_the_stock():
    """§7 with heltschl.org, Perlaggen § 1.2 (Eichel is never trump): Eichel cards turned up go under the stock until a Herz,
    Laub or Schell card shows; here the Laub-7 — itself a Perlagg (Spitz), so the exchange follows."""
    order = [D.format(c) for c in range(33)]
    st = _deck_deal(order)
    run(st, "2:abheben:13")          # 21st card after the deal: E7, then E8 … EA, then L7
    assert st.trump == 1 and D.format(st.trump_card) == "L7"
    assert st.phase == "play"                # neither the dealer nor his partner holds a Laub trump
    # Luck and Boden are shown although nobody had to decide before the play (§7) …
    assert st.view(0)["boden"] == "EA" and st.view(0)["luck"] == "L8" and st.public_view()["luck"] == "L8"
    turned = [e.split()[0] for e in st.events if "was turned up: Eichel is never trump" in e]
    assert turned == ["E7", "E8", "E9", "E10", "EU", "EO", "EK", "EA"]  # each event names its card
    run(st, "0:S8")                          # … and covered with the first card
    assert all("luck" not in st.view(s) and "boden" not in st.view(s) for s in range(4))
    assert "luck" not in st.public_view()


def test_par7_weli_turned_up_makes_schell_trump_and_is_exchanged():
    """§7: the Weli turned up (the Schell-6): Schell is trump and the dealer may take the Weli for a
    Schell trump; the opponents never."""
    hands = ["HK LA L9 HA SA", "E8 E9 E10 EK EA", "L8 L10 LK H7 H8", "S7 S8 S9 S10 SU"]
    st = make(hands=hands, trump="W")
    assert st.trump == 3 and st.to_act() == (3,)
    refused(st, 0, "tauschen:SA", "§7")
    refused(st, 3, "tauschen:S7", "§7")   # the Schell-7 is a Perlagg (Spitz), not a trump to give
    run(st, "3:tauschen:S8")
    assert "W" in st.view(3)["hand"] and st.public_view()["trump_card"] == "S8"


# --------------------------------------------------------------------------- hidden information
def test_hidden_no_hand_before_looking_and_no_stock_in_any_view():
    """Views: a seat sees no cards of its own before 'ansehen' (§32), and the public view never holds a
    hand, the stock or the deck order at any phase of a dealt-from-deck deal."""
    order = [D.format(c) for c in range(33)]
    o = GAME.options(None, {"unseen_bidding": True})
    st = PerlaggenDeal(o, DealContext(0, 3, Deal(((), (), (), ()), {"deck": tuple(cards(" ".join(order)))}),
                                      (0, 0), {}))
    pv = st.public_view()
    assert pv["hand"] is None and "deck" not in str(pv) and "stock" not in pv
    run(st, "2:abheben:4")
    for s in range(4):
        assert st.view(s)["hand"] == []
    stock = set(D.format_cards(st.stock[1:-1]))
    for s in range(4):
        v = str(st.view(s))
        assert not any(f"'{c}'" in v for c in stock)


def test_hidden_unseen_bid_does_not_show_the_bidders_cards():
    st = make(unseen_bidding=True)
    run(st, "0:ungesehen:gleich")     # the bid is made unseen; the bidder then takes up his cards
    assert st.public_view()["pending"]["unseen"] is True
    assert st.view(2)["hand"] == [] and st.view(1)["hand"] == [] and st.view(3)["hand"] == []
    run(st, "1:halten")
    assert st.view(2)["hand"] == []


# --------------------------------------------------------------------------- bad input
def test_bad_input_after_the_deal_and_unknown_seats_name_a_rule():
    st = make()
    run(st, "0:bieten:spiel", "1:halten", "2:aufdecken")
    assert st.is_over()
    before = snapshot(st)
    with pytest.raises(IllegalAction) as e:
        st.apply(1, "E8")
    assert e.value.rule == "Perlaggen §33" and snapshot(st) == before
    st = make()
    for seat in (4, -1, "0", None):
        with pytest.raises(IllegalAction) as e:
            st.apply(seat, "HA")  # type: ignore[arg-type]
        assert e.value.rule == "Perlaggen §1"
    assert snapshot(st) == snapshot(make())


@pytest.mark.parametrize("action,par", [
    ("W=", "§16"), ("=LA", "§16"), ("W=W", "§16"), ("HA=LA", "§18"), ("bieten:GLEICH", "§8"),
    ("steigern:gleich", "§13"), ("halten", "§"), ("tauschen:LA", "§"), ("melden", "§"), ("", "§"),
    ("abheben:5", "§"), ("reklamieren:17", "§33"), ("zeichen:trumpf", "§9"), ("gut", "§"),
])
def test_bad_input_in_the_play_is_refused_with_its_paragraph(action, par):
    st = make()
    refused(st, 0, action, par)


# --------------------------------------------------------------------------- the rule bot and §18
def test_rule_bot_taufe_keeps_its_gleich():
    """§18 makes the Taufe part of the figures: the rule bot, last to play and winning with the Weli,
    tauft it Laub-König (it wins all the same) and keeps its Gleich of Könige, not Laub-Ass."""
    from stammtisch.games.perlaggen.bot import RuleBot
    hands = ["L8 H7 H8 E9 E10", "E8 HA SA S10 SU", "L9 H10 HU HO S7", "W SK EK S8 H9"]
    st = make(hands=hands, trump="LA")
    run(st, "0:L8", "1:E8", "2:L9")
    v = st.view(3)
    a = RuleBot()._card(v, cards(" ".join(v["hand"])), 1, st.legal_actions(3), 3)
    assert a == "W=LK"
    run(st, "3:" + a)
    assert st.tricks[0]["winner"] == 3
    assert st._side_figure("gleich", 1).key[:2] == (3, 6)


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as hs  # noqa: E402


@settings(max_examples=60)
@given(data=hs.data(), trump=hs.sampled_from([1, 2, 3]))
def test_par18_a_taufe_never_makes_a_figure_better(data, trump):
    """§18 property: fixing a played Perlagg to its Taufe can only lose figure strength, never gain it,
    and with nothing played the figures are those of the dealt cards."""
    from stammtisch.games.perlaggen.rules import perlaggen_order
    hand = data.draw(hs.lists(hs.integers(0, 32), min_size=5, max_size=5, unique=True))
    perl = [c for c in hand if c in perlaggen_order(trump)]
    played = []
    for c in data.draw(hs.lists(hs.sampled_from(perl), unique=True)) if perl else []:
        t = data.draw(hs.one_of(hs.none(), hs.integers(0, 31)))
        played.append(D.format(c) + ("" if t is None else "=" + D.format(t)))
    free, fixed = figure_cards(hand, played, trump)
    assert len(free) == 5 - len(played)
    for best in (best_gleich, best_hanger):
        bound, loose = best(free, trump, fixed), best(hand, trump)
        assert bound is None or (loose is not None and bound.key <= loose.key)
    assert figure_cards(hand, [], trump) == (list(hand), [])


def test_par32_unseen_bids_in_a_named_order():
    """§32 "das Vorgebotene aber nicht bestimmt genannt": a partnership may name which unseen figure is
    bid first; without a name (``alle``) it is Gleich, Hanger, Spiel."""
    st = make(unseen_bidding=True)
    refused(st, 0, "ungesehen:spiel+spiel", "§32")
    run(st, "0:ungesehen:spiel+hanger+gleich")
    assert st.view(1)["pending"]["figure"] == "spiel"
    run(st, "1:halten")
    assert st.view(1)["pending"]["figure"] == "hanger"
    run(st, "1:halten")
    assert st.view(1)["pending"]["figure"] == "gleich"
    run(st, "1:halten")
    assert st.figs["spiel"].order < st.figs["hanger"].order < st.figs["gleich"].order


def test_par10_owed_penalty_travels_to_the_next_deal_and_is_paid_from_its_points():
    """§10 "Sollte diese Partei noch keine zwei Punkte haben, so werden diese im Laufe des Spieles
    abgezogen": the debt goes with the Schrift to the next deal and its first points pay it."""
    from .test_paragraphs import A_TRICKS
    st = make()
    run(st, "1:bieten:gleich", "0:halten", *A_TRICKS, "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    r = st.result()
    assert r.summary["owed"] == [0, 2]
    o = GAME.options(None, {"unseen_bidding": False})
    nxt_dealer, carry = GAME.next_deal(o, st.ctx, r, (3, 0))
    assert nxt_dealer == 0 and carry["owed"] == [0, 2]
    # next deal: B makes the Spiel (1) and the Gleich (1): both points pay the debt, B stays at 0
    nd = make(hands=["E8 E9 E10 EK EA", "HK W LA HA SA", "S7 S8 S9 S10 SU", "L8 L10 LK H7 H8"], dealer=0,
              standing=(3, 0), carry=carry)
    run(nd, "1:HA", "2:S7", "3:H7", "0:E8", "1:SA", "2:S8", "3:H8", "0:E9", "1:W=LA", "2:S9", "3:LK", "0:E10")
    assert nd.spiel_side == 1
    while not nd.is_over():
        seat = nd.to_act()[0]
        legal = nd.legal_actions(seat)
        run(nd, f"{seat}:" + next(a for a in ("weisen", "abweisen", "stellen", "gut") if a in legal))
    r2 = nd.result()
    assert r2.summary["owed"] == [0, 0] and r2.points == (1, 0)
    assert sum("paid on penalty owed" in ln.note for ln in r2.lines) == 2
