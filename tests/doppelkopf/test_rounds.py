"""Rounds, Pflichtsolo carry, five-tables and the Spielliste (Doppelkopf-Turnier 1., 2., 7., 8.)."""

import random

import pytest

from stammtisch.bots.random import RandomBot
from stammtisch.core.driver import play_out
from stammtisch.core.errors import IllegalAction
from stammtisch.games.doppelkopf import GAME, Spielliste

from .helpers import hands_with, make_state


def full_round(profile="turnier", seed=0, bots=None, **opts):
    m = GAME.new_match(profile, opts, seed=seed)
    play_out(m, bots or [RandomBot()] * m.n, random.Random(seed))
    return m


def test_doppelkopf_turnier_1_round_of_20_games_plus_pflichtsoli():
    """1.: 20 games per round at a four-table, plus each player's Pflichtsolo (DDV Vorführung on)."""
    for seed in range(3):
        m = full_round(seed=seed)
        pflicht = [lg for lg in m.logs if lg.result.summary["pflichtsolo"]]
        assert len(m.logs) - len(pflicht) == 20
        assert sorted(lg.result.summary["soloist"] for lg in pflicht) == [0, 1, 2, 3]
        assert m.result()["pflicht_missing"] == []


def test_doppelkopf_turnier_1_7_five_table_25_games_each_plays_20():
    """1., 7.: at a five-table 25 games per round, the dealer sits out, so each player plays 20;
    the sitting player gets 0 points."""
    m = full_round("turnier5", seed=1)
    regular = [lg for lg in m.logs if not lg.result.summary["pflichtsolo"]]
    assert len(regular) == 25
    played = [0] * 5
    for lg in regular:
        sitting = lg.result.summary["sitting"]
        assert sitting == lg.ctx.dealer and lg.result.points[sitting] == 0
        assert lg.ctx.deal.hands[sitting] == ()
        for s in range(5):
            played[s] += s != sitting
    assert played == [20] * 5
    assert sum(m.totals) == 0


def test_doppelkopf_turnier_8_position_1_deals_first():
    """8.: the player on position 1 deals first."""
    assert GAME.new_match(seed=5).logs[0].ctx.dealer == 0


def test_doppelkopf_turnier_2_dealer_stays_after_pflichtsolo():
    """2.: after a Pflichtsolo the same dealer deals again; after any other game the deal passes on
    (after a vorgeführtes Pflichtsolo too, DDV 4.2)."""
    m = full_round(seed=7)
    for a, b in zip(m.logs, m.logs[1:]):
        if a.result.summary["pflichtsolo"] and a.ctx.carry.get("vorfuehrung") is None:
            assert b.ctx.dealer == a.ctx.dealer
        elif b.ctx.carry.get("vorfuehrung") is None:
            assert b.ctx.dealer == (a.ctx.dealer + 1) % 4


def _vorgefuehrt_pflichtsolo(players: int, dealer: int, vorf: int, done: list[bool]):
    from stammtisch.core.protocol import Deal, DealContext
    from .helpers import play_lowest
    carry = {"pflicht_done": done, "regular_played": 20 if players == 4 else 25, "regular_left": 0,
             "vorfuehrung": vorf}
    st = make_state(hands_with({}, seed=players, players=players, dealer=dealer), dealer=dealer, carry=carry,
                    profile="turnier" if players == 4 else "turnier5")
    st.apply(vorf, "solo:buben")
    play_lowest(st, 12)
    ctx = DealContext(0, dealer, Deal(tuple(() for _ in range(players))), (0,) * players, carry)
    return GAME.next_deal(st.opts, ctx, st.result(), (0,) * players)


def test_ddv_4_2_next_player_deals_after_vorgefuehrtes_pflichtsolo():
    """DDV 4.2: after a vorgeführtes Pflichtsolo the next player deals (an ordinary Pflichtsolo keeps
    the dealer, Doppelkopf-Turnier 2.)."""
    dealer, carry = _vorgefuehrt_pflichtsolo(4, 2, 3, [True, False, True, False])
    assert dealer == 3 and carry["vorfuehrung"] == 1 and carry["pflicht_done"] == [True, False, True, True]
    # at a five-table the dealer sits out: passing the deal on keeps different players sitting
    dealer, carry = _vorgefuehrt_pflichtsolo(5, 0, 1, [False, False, False, True, True])
    assert dealer == 1 and carry["vorfuehrung"] == 2


def test_ddv_4_2_five_table_vorfuehrung_rotates_the_sitting_dealer():
    """DDV 4.2 at a five-table: over the vorgeführten games of full rounds the deal passes on after
    each one, so no dealer sits out two vorgeführte games in a row."""
    class Gesund(RandomBot):
        """Says ``gesund`` whenever it may: every Pflichtsolo is left to the Vorführung."""

        def choose(self, turn, rng):
            return "gesund" if "gesund" in turn.legal else super().choose(turn, rng)

    seen = 0
    for seed in range(2):
        m = full_round("turnier5", seed=seed, bots=[Gesund()] * 5)
        vorf = [lg for lg in m.logs if lg.ctx.carry.get("vorfuehrung") is not None]
        for a, b in zip(vorf, vorf[1:]):
            assert b.ctx.dealer != a.ctx.dealer
            seen += 1
        assert m.result()["pflicht_missing"] == [] and len(vorf) >= 4
        assert len({lg.ctx.dealer for lg in vorf}) == len(vorf)  # a different dealer sits out each time
    assert seen


def test_doppelkopf_turnier_2_pflichtsolo_is_first_solo_and_carried():
    """2.: a player's first solo of the round is his Pflichtsolo; the next one is a Lustsolo."""
    st = make_state(hands_with({}, seed=1), carry={"pflicht_done": [False, True, False, False]})
    for s in (1, 2, 3, 0):
        st.apply(s, "vorbehalt" if s == 1 else "gesund")
    st.apply(1, "solo:damen")
    assert st.soloist == 1 and not st.pflicht
    nxt = GAME.next_deal(st.opts, _ctx(st, {"pflicht_done": [False, True, False, False], "regular_played": 3}),
                         _finish(st), (0, 0, 0, 0))
    assert nxt[0] == 1 and nxt[1]["regular_played"] == 4 and nxt[1]["pflicht_done"] == [False, True, False, False]


def _ctx(st, carry):
    from stammtisch.core.protocol import Deal, DealContext
    return DealContext(0, st.dealer, Deal(tuple(() for _ in range(4))), (0, 0, 0, 0), carry)


def _finish(st):
    from .helpers import play_lowest
    play_lowest(st, 12)
    return st.result()


def test_ddv_vorfuehrung_forces_owing_players():
    """DDV Vorführung: once the regular games are done, an owing player must play his solo; no Hochzeit."""
    st = make_state(hands_with({2: ["XD", "XD"]}, seed=2), carry={"vorfuehrung": 2, "regular_left": 0})
    assert st.phase == "erklaerung" and st.to_act() == (2,)
    assert st.legal_actions(1) == [] and "hochzeit" not in st.legal_actions(2)
    with pytest.raises(IllegalAction, match="Doppelkopf-Turnier 2."):
        st.apply(2, "hochzeit")
    st.apply(2, "solo:buben")
    assert st.pflicht and st.to_act() == (2,)


def test_vorfuehrung_off_round_ends_after_20_games():
    """Option vorfuehrung off: the round ends after its 20 games, missing Pflichtsoli are listed."""
    m = full_round(seed=3, vorfuehrung=False)
    regular = [lg for lg in m.logs if not lg.result.summary["pflichtsolo"]]
    assert len(regular) == 20
    assert m.result()["pflicht_missing"] == [s for s in range(4) if not m.result()["pflicht_done"][s]]


def test_doppelkopf_turnier_8_spielliste():
    """1., 8.: the Spielliste holds every game with points, running totals and the Pflichtsolo
    tracking; position 4 keeps it (position 5 at a five-table)."""
    m = full_round(seed=4)
    sl = Spielliste.from_results(["A", "B", "C", "D"], [lg.result.to_json() for lg in m.logs])
    assert sl.totals == list(m.totals) and len(sl.rows) == len(m.logs)
    assert sl.keeper == 3 and Spielliste(["a", "b", "c", "d", "e"]).keeper == 4
    assert sl.pflicht_done == [True] * 4
    text = str(sl)
    assert "Pflichtsolo" in text and text.count("\n") == len(m.logs) + 1
    assert all(sum(r.points) == 0 for r in sl.rows)
