"""Cards, trick taking and the solo orders (Doppelkopf-Turnier 1., 3.)."""

from stammtisch.core.cards import DOKO
from stammtisch.games.doppelkopf.rules import AUGEN, ORDERS, TRUMP, trick_winner

from .helpers import make_state, run


def c(t: str, copy: int = 0) -> int:
    return DOKO.parse(t) + copy


def test_doppelkopf_turnier_1_48_cards_with_nines_240_augen():
    """1.: 48 cards including the nines; the Augen add up to 240."""
    assert DOKO.size == 48
    assert sum(1 for t in DOKO.notation if t.endswith("9")) == 8
    assert sum(AUGEN) == 240


def test_doppelkopf_turnier_1_first_of_two_equal_cards_wins():
    """1.: of two equal cards the first played wins the trick."""
    o = ORDERS["normal"]
    assert trick_winner(o, [(2, c("X9")), (3, c("H10")), (0, c("H10", 1)), (1, c("XD"))]) == 3
    assert trick_winner(o, [(0, c("PA")), (1, c("PA", 1)), (2, c("P9")), (3, c("P10"))]) == 0
    for kind, order in ORDERS.items():
        for card in range(0, 48, 2):
            assert not order.beats(card + 1, card), kind
            assert not order.beats(card, card + 1), kind


def test_doppelkopf_turnier_1_first_equal_card_wins_in_play():
    """1.: in a played trick the first ♠ Ace beats the second, equal one."""
    hands = [["PA", "X9", "X9", "XK", "XK", "X10", "X10", "XA", "XA", "KK", "KK", "K9"],
             ["PA", "PK", "PK", "P9", "PB", "P10", "P10", "HA", "HA", "HK", "HK", "H9"],
             ["XD", "XD", "PD", "PD", "HD", "HD", "KD", "KD", "XB", "XB", "PB", "P9"],
             ["H10", "H10", "HB", "HB", "KB", "KB", "KA", "KA", "K10", "K10", "H9", "K9"]]
    st = make_state(hands, dealer=3)  # Vorhand = seat 0
    run(st, [(0, "gesund"), (1, "gesund"), (2, "gesund"), (3, "gesund")])
    run(st, [(0, "PA"), (1, "PA"), (2, "P9"), (3, "H9")])
    assert st.tricks[0][2] == 0  # the first of the two equal Aces
    run(st, [(0, "KK"), (1, "PB"), (2, "PB"), (3, "KB")])
    assert st.tricks[1][2] == 1  # the first ♠ Jack beats the second


def test_doppelkopf_turnier_1_normal_trump_order():
    """Normal game trumps, high to low: ♥10, Damen, Buben, ♦ A 10 K 9 (26 trumps)."""
    o = ORDERS["normal"]
    assert bin(o.masks[TRUMP]).count("1") == 26
    seq = ["H10", "XD", "PD", "HD", "KD", "XB", "PB", "HB", "KB", "KA", "K10", "KK", "K9"]
    for hi, lo in zip(seq, seq[1:]):
        assert o.beats(c(hi), c(lo)) and not o.beats(c(lo), c(hi))
    # Fehl: ♥ has A K 9 only
    assert o.eff[c("HA")] == 2 and o.eff[c("H10")] == TRUMP
    assert o.beats(c("PK"), c("P9")) and o.beats(c("P10"), c("PK")) and o.beats(c("PA"), c("P10"))
    # a Fehl card never beats the led suit when it is another suit
    assert not o.beats(c("XA"), c("P9"))


def test_doppelkopf_turnier_3_farbsolo_keeps_herz10_queens_jacks():
    """3.: in a Farbsolo ♥10, Damen and Buben stay trump, the chosen suit joins them."""
    for kind, suit in (("kreuz", "X"), ("pik", "P"), ("herz", "H"), ("karo", "K")):
        o = ORDERS[kind]
        for t in ("H10", "XD", "PD", "HD", "KD", "XB", "PB", "HB", "KB", f"{suit}A", f"{suit}K", f"{suit}9"):
            assert o.eff[c(t)] == TRUMP, (kind, t)
        assert o.beats(c(f"{suit}9"), c("XA" if suit != "X" else "PA"))
        n = 24 if suit == "H" else 26
        assert bin(o.masks[TRUMP]).count("1") == n
    assert ORDERS["karo"].masks == ORDERS["normal"].masks
    assert ORDERS["kreuz"].eff[c("KA")] == 3  # ♦ is Fehl in a Kreuzsolo


def test_doppelkopf_turnier_3_buben_damen_fleischlos():
    """3.: Bubensolo only Jacks trump, Damensolo only Queens, Fleischloser none (A 10 K D B 9)."""
    b, d, f = ORDERS["buben"], ORDERS["damen"], ORDERS["fleischlos"]
    assert bin(b.masks[TRUMP]).count("1") == 8 and b.eff[c("H10")] == 2 and b.eff[c("XD")] == 0
    assert bin(d.masks[TRUMP]).count("1") == 8 and d.eff[c("XB")] == 0
    assert f.masks[TRUMP] == 0
    assert b.beats(c("XB"), c("PB")) and not b.beats(c("PB"), c("XB")) and b.beats(c("KB"), c("HA"))
    assert f.beats(c("XD"), c("XB")) and f.beats(c("XK"), c("XD")) and f.beats(c("X10"), c("XK"))
    assert d.beats(c("XD"), c("KD"))


def test_following_suit_trump_counts_as_one_suit():
    """A led trump must be served with trump, a led Fehl suit with that suit (not with its Queens)."""
    o = ORDERS["normal"]
    hand = sum(1 << x for x in (c("PD"), c("P9"), c("XA")))
    assert o.follow_mask(hand, c("K9")) == 1 << c("PD")
    assert o.follow_mask(hand, c("PA")) == 1 << c("P9")
    assert o.follow_mask(hand, c("HA")) == hand
