"""Match, driver, records and replay on a toy game (Foundation: protocol and records)."""

import copy
import json
import random

import pytest

from stammtisch.bots.random import RandomBot
from stammtisch.core import records, registry
from stammtisch.core.driver import play_out
from stammtisch.core.errors import IllegalAction, OptionError, RecordError
from stammtisch.core.rng import make_rng, shuffled
from stammtisch.core.sheet import ScoreSheet

from .toy import GAME as TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch):
    monkeypatch.setitem(registry._GAMES, "toy", "tests.core.toy")
    monkeypatch.setitem(registry._cache, "toy", TOY)


def played(seed=3, max_deals=None):
    m = TOY.new_match(seed=seed, max_deals=max_deals)
    play_out(m, [RandomBot()] * 4, random.Random(seed), interjections=False)
    return m


def test_seeded_deals_reproduce_and_secure_ones_differ():
    a, b = TOY.new_match(seed=5), TOY.new_match(seed=5)
    assert a.logs[0].ctx.deal == b.logs[0].ctx.deal
    assert shuffled(range(36), make_rng(None)) != shuffled(range(36), make_rng(None))


def test_match_runs_deals_until_the_game_says_over():
    m = played()
    assert m.is_over() and max(m.totals) >= 5
    assert m.totals == tuple(map(sum, zip(*[lg.result.points for lg in m.logs])))
    assert m.result()["winner"] == max(range(4), key=lambda s: m.totals[s])


def test_max_deals_stops_after_one():
    m = played(max_deals=1)
    assert len(m.logs) == 1 and m.is_over()


def test_illegal_action_leaves_state_unchanged_and_names_rule():
    m = TOY.new_match(seed=1)
    seat = m.to_act()[0]
    before = json.dumps(m.view(seat))
    other = (seat + 1) % 4
    with pytest.raises(IllegalAction) as e:
        m.apply(other, m.deal_state.legal_actions(other)[0] if False else "E6")
    assert e.value.rule == "Toy §1" and e.value.seat == other
    assert json.dumps(m.view(seat)) == before
    with pytest.raises(IllegalAction):
        m.apply(7, "E6")
    with pytest.raises(IllegalAction):
        m.apply(seat, 12)  # type: ignore[arg-type]


def test_record_round_trip_replays_exactly():
    m = played(seed=11)
    rec = json.loads(json.dumps(records.to_record(m)))
    again = records.replay(rec)
    assert again.totals == m.totals and again.result() == m.result()
    assert len(again.logs) == len(m.logs)


def test_replay_names_index_seat_and_rule_of_an_illegal_action():
    rec = records.to_record(played(seed=2))
    bad = copy.deepcopy(rec)
    seat, _ = bad["deals"][0]["actions"][1]
    bad["deals"][0]["actions"][1] = [(seat + 1) % 4, bad["deals"][0]["actions"][1][1]]
    with pytest.raises(RecordError) as e:
        records.replay(bad)
    assert e.value.index == 1 and e.value.rule == "Toy §1" and "action 2" in str(e.value)


@pytest.mark.parametrize("mutate, text", [
    (lambda r: r.update(format="x"), "not a stammtisch record"),
    (lambda r: r.update(version=99), "version"),
    (lambda r: r.update(game="chess"), "unknown game"),
    (lambda r: r.update(deals=[]), "no deals"),
    (lambda r: r["deals"][0]["deal"]["hands"][0].append("E6"), "malformed deal"),
    (lambda r: r["deals"][0]["deal"]["hands"][0].__setitem__(0, "Q9"), "malformed deal"),
    (lambda r: r["deals"][0]["actions"].__setitem__(0, "E6"), "[seat"),
    (lambda r: r["deals"][0]["result"].__setitem__("points", [9, 9, 9, 9]), "differs"),
    (lambda r: r.update(options={"nonsense": 1}), "unknown option"),
])
def test_malformed_records_are_refused_clearly(mutate, text):
    rec = records.to_record(played(seed=4))
    mutate(rec)
    with pytest.raises(RecordError) as e:
        records.replay(rec)
    assert text in str(e.value)


def test_options_are_checked_by_name_and_type():
    assert TOY.options(None, {"target": 7}).target == 7
    with pytest.raises(OptionError):
        TOY.options(None, {"target": "high"})
    with pytest.raises(OptionError):
        TOY.options("nope")


def test_out_of_turn_action_through_driver_interjection():
    class Conceder(RandomBot):
        def interject(self, turn, rng):
            return "concede"

    m = TOY.new_match(seed=1)
    play_out(m, [RandomBot(), Conceder(), RandomBot(), RandomBot()], random.Random(0))
    assert m.is_over() and m.logs[-1].result.ends_match


def test_score_sheet_balance_and_strike():
    s = ScoreSheet(("a", "b", "c", "d"), zero_sum=True)
    s.add((3, -1, -1, -1))
    with pytest.raises(IllegalAction) as e:
        s.add((3, -1, -1, 0))
    assert "Österreich-Finale 1)" in str(e.value)
    s.strike((3, -1, -1, 0), "disputed")
    assert s.totals() == (3, -1, -1, -1) and len(s.rows) == 2
