"""Seat draws (tables of 4 and 5, seeded random, repeat-avoiding schedule) and rankings."""

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from stammtisch.core.errors import IllegalAction
from stammtisch.scorekeeper.draw import draw_random, draw_schedule, list_keeper, pairs_of, repeat_pairs, table_sizes
from stammtisch.scorekeeper.ranking import TableResult, rank_players, season_standings, table_placings


@pytest.mark.parametrize("n, prefer, sizes", [
    (8, "four", [4, 4]), (9, "four", [5, 4]), (13, "four", [5, 4, 4]), (24, "four", [4] * 6),
    (24, "five", [5, 5, 5, 5, 4]), (20, "five", [5, 5, 5, 5]), (22, "four", [5, 5, 4, 4, 4]),
])
def test_table_sizes(n, prefer, sizes):
    assert table_sizes(n, prefer) == sizes


@pytest.mark.parametrize("n", [0, 3, 6, 7, 11])
def test_table_sizes_impossible(n):
    with pytest.raises(IllegalAction):
        table_sizes(n)


def test_team_games_only_at_tables_of_four():
    assert table_sizes(8, allowed=(4,)) == [4, 4]
    with pytest.raises(IllegalAction):
        table_sizes(9, allowed=(4,))


def test_list_keeper_doppelkopf_8():
    """Doppelkopf-Turnier 8.: position 4 keeps the list, at a table of five position 5."""
    assert (list_keeper(4), list_keeper(5)) == (4, 5)


@given(st.integers(8, 60).filter(lambda n: n not in (11,)), st.text(max_size=8), st.sampled_from(["four", "five"]))
def test_random_draw_seats_everyone_once_and_is_reproducible(n, seed, prefer):
    players = list(range(100, 100 + n))
    sizes = table_sizes(n, prefer)
    a = draw_random(players, sizes, seed)
    assert sorted(p for t in a for p in t) == players
    assert [len(t) for t in a] == sizes
    assert a == draw_random(list(reversed(players)), sizes, seed)


def test_random_draw_depends_on_the_seed():
    players = list(range(24))
    assert draw_random(players, [4] * 6, "a") != draw_random(players, [4] * 6, "b")


def test_schedule_avoids_repeat_pairings_24_players_3_rounds():
    players = list(range(1, 25))
    history = []
    for rnd in range(3):
        tables, repeats = draw_schedule(players, table_sizes(24, "five"), pairs_of(history), seed=f"s{rnd}")
        assert repeats == 0 == repeat_pairs(tables, pairs_of(history))
        assert sorted(p for t in tables for p in t) == players
        history.extend(tables)
    assert max(pairs_of(history).values()) == 1
    again = draw_schedule(players, [4] * 6, {}, seed="x")
    assert again == draw_schedule(players, [4] * 6, {}, seed="x")


def test_draw_refuses_bad_input():
    with pytest.raises(IllegalAction):
        draw_random([1, 2, 3, 4], [5], "s")
    with pytest.raises(IllegalAction):
        draw_random([1, 1, 2, 3], [4], "s")


def test_table_placings_share_equal_scores():
    assert table_placings({1: 5, 2: 5, 3: 0, 4: -10}) == {1: 1, 2: 1, 3: 3, 4: 4}


def _res(rnd, table, scores):
    return TableResult(rnd, table, {i + 1: p for i, p in enumerate(scores)}, scores)


def test_tie_break_best_round_then_placings_then_lot():
    results = [
        _res(1, 1, {1: 10, 2: 0, 3: -4, 4: -6}),
        _res(1, 2, {5: 4, 6: 3, 7: -3, 8: -4}),
        _res(2, 1, {1: -2, 5: 4, 3: 0, 8: -2}),
        _res(2, 2, {2: 8, 6: 5, 7: -6, 4: -7}),
    ]
    ranked = rank_players(results, lot_seed="L")
    by = {s.player: s for s in ranked}
    assert by[1].total == by[2].total == by[5].total == by[6].total == 8
    # equal totals: best rounds 10 (1), 8 (2), 5 (6), 4 (5)
    assert [s.player for s in ranked[:4]] == [1, 2, 6, 5]
    assert [s.rank for s in ranked[:4]] == [1, 2, 3, 4]
    assert {by[p].decided_by for p in (2, 6, 5)} == {"best_round"}


def test_tie_break_placings():
    results = [
        _res(1, 1, {1: 5, 2: 4, 3: -4, 4: -5}),   # 1 first, 2 second
        _res(1, 2, {5: 0, 6: 0, 7: 0, 8: 0}),
        _res(2, 1, {1: 0, 2: 5, 5: -2, 6: -3}),   # 2 first; 1 second
        _res(2, 2, {3: 0, 4: 0, 7: 0, 8: 0}),
    ]
    ranked = rank_players(results, tiebreaks=("best_round", "placings", "lot"), lot_seed="L")
    by = {s.player: s for s in ranked}
    assert by[1].total == 5 and by[2].total == 9
    # make a pure placings tie: equal totals, equal best rounds
    results = [
        _res(1, 1, {1: 4, 2: 4, 3: -4, 4: -4}),   # 1 and 2 both placing 1
        _res(2, 1, {1: 2, 3: 3, 5: -2, 6: -3}),   # 1 placing 2
        _res(2, 2, {2: 2, 7: 1, 8: -1, 4: -2}),   # 2 placing 1
    ]
    ranked = rank_players(results, lot_seed="L")
    top = [s.player for s in ranked[:2]]
    assert top == [2, 1] and ranked[1].decided_by == "placings"


def test_lot_is_reproducible_and_ties_share_rank_without_lot():
    results = [_res(1, 1, {1: 2, 2: 2, 3: -2, 4: -2})]
    a = [s.player for s in rank_players(results, lot_seed="seed")]
    assert a == [s.player for s in rank_players(results, lot_seed="seed")]
    assert rank_players(results, lot_seed="seed")[1].decided_by == "lot"
    no_lot = rank_players(results, tiebreaks=("best_round", "placings"))
    assert [s.rank for s in no_lot] == [1, 1, 3, 3]


def test_round_ranking_only_counts_that_round():
    results = [_res(1, 1, {1: 9, 2: -3, 3: -3, 4: -3}), _res(2, 1, {1: -3, 2: 9, 3: -3, 4: -3})]
    r2 = rank_players(results, rounds=[2], lot_seed="x")
    assert r2[0].player == 2 and r2[0].total == 9


def test_unknown_tie_break():
    with pytest.raises(IllegalAction):
        rank_players([_res(1, 1, {1: 0, 2: 0, 3: 0, 4: 0})], tiebreaks=("coin",))


def test_season_standings_match_names_and_break_ties():
    s = season_standings([
        ("Cup 1", [("Anna Huber", 1, 30), ("Sepp", 2, 10), ("Toni", 3, -40)]),
        ("Cup 2", [("anna  huber", 2, 5), ("Sepp", 1, 25), ("Vroni", 3, -30)]),
    ])
    names = [(ln.name, ln.points, ln.tournaments) for ln in s]
    assert names[:2] == [("Anna Huber", 35, 2), ("Sepp", 35, 2)]
    # equal points and wins, equal best rank -> shared rank
    assert s[0].rank == s[1].rank == 1
    places = season_standings([("Cup 1", [("A", 1, 30), ("B", 2, 10)]), ("Cup 2", [("B", 1, 5), ("A", 2, 1)])],
                              scoring="places")
    assert [(ln.name, ln.points) for ln in places] == [("A", 3), ("B", 3)]
    with pytest.raises(IllegalAction):
        season_standings([], scoring="money")


def test_pairs_of_counts_each_pair():
    c = pairs_of([[1, 2, 3, 4], [1, 2, 5, 6]])
    assert c[(1, 2)] == 2 and c[(3, 4)] == 1 and len(c) == 11
    assert all(a < b for a, b in c)
    assert sum(1 for _ in itertools.combinations(range(4), 2)) == 6
