"""``stammtisch verify`` and ``stammtisch analyse`` (issue 38, docs/fair-deals.md)."""

from __future__ import annotations

import copy
import json
import random

import pytest
from typer.testing import CliRunner

from stammtisch import bots
from stammtisch.bots.analysis import decisions
from stammtisch.cli.main import app
from stammtisch.core import records, registry
from stammtisch.core.protocol import Match, Turn

runner = CliRunner()


def _record(tmp_path, game_name: str, deals: int = 2, name: str = "game.json") -> tuple[dict, str]:
    game = registry.get(game_name)
    m = Match(game, game.default_profile, {"target": 5000} if game_name == "jass" else {}, max_deals=deals,
              fair_seed=bytes(range(32)))
    bot = bots.make("rule", game)
    r = random.Random(2)
    while not m.is_over():
        s = (m.to_act() or m.interjectors())[0]
        m.apply(s, bot.choose(Turn(s, m.legal_actions(s), lambda s=s: m.view(s)), r))
    rec = json.loads(json.dumps(records.to_record(m)))
    path = tmp_path / name
    path.write_text(json.dumps(rec), encoding="utf-8")
    return rec, str(path)


def test_verify_confirms_a_fair_record_in_one_line(tmp_path):
    rec, path = _record(tmp_path, "jass")
    r = runner.invoke(app, ["verify", path, "--lang", "en"], terminal_width=400)
    assert r.exit_code == 0, r.output
    assert r.output.strip().count("\n") == 0 and "deals checked: 2" in r.output and rec["commitment"] in r.output
    r = runner.invoke(app, ["verify", path], terminal_width=400)
    assert r.exit_code == 0 and "geprüfte Spiele: 2" in r.output


def test_verify_refuses_a_moved_card_naming_the_deal_and_a_changed_seed(tmp_path):
    rec, _ = _record(tmp_path, "jass")
    bad = copy.deepcopy(rec)
    hands = bad["deals"][1]["deal"]["hands"]
    hands[0][0], hands[2][0] = hands[2][0], hands[0][0]  # one card from each of two hands swapped
    (tmp_path / "moved.json").write_text(json.dumps(bad), encoding="utf-8")
    r = runner.invoke(app, ["verify", str(tmp_path / "moved.json"), "--lang", "en"], terminal_width=400)
    assert r.exit_code == 1 and "deal 2" in r.output, r.output
    bad = copy.deepcopy(rec)
    bad["seed"] = "ff" + rec["seed"][2:]
    (tmp_path / "seed.json").write_text(json.dumps(bad), encoding="utf-8")
    r = runner.invoke(app, ["verify", str(tmp_path / "seed.json"), "--lang", "en"], terminal_width=400)
    assert r.exit_code == 1 and "commitment does not match" in r.output, r.output
    r = runner.invoke(app, ["verify", str(tmp_path / "seed.json"), "--json"])
    assert r.exit_code == 1 and json.loads(r.output)["valid"] is False


@pytest.mark.slow
@pytest.mark.parametrize("game_name", ["jass", "doppelkopf"])
def test_analyse_values_every_decision_of_the_seat(tmp_path, game_name):
    """A real search (the hard level, fixed budget) over one deal: for each decision of the seat,
    the values of its legal actions, the choice made, the search's choice, the points lost."""
    rec, path = _record(tmp_path, game_name, deals=1)
    r = runner.invoke(app, ["analyse", path, "--seat", "2", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    want = decisions(rec, 1)
    assert [(d["deal"], d["index"]) for d in out["decisions"]] == [(w.deal, w.index) for w in want]
    for d in out["decisions"]:
        assert d["chosen"] in d["legal"] and d["best"] in d["legal"]
        assert len(d["values"]) >= 2 and set(d["values"]) <= set(d["legal"])
        if d["loss"] is not None:
            assert d["loss"] >= 0
    assert out["summary"]["decisions"] == len(want)
    r = runner.invoke(app, ["analyse", path, "--seat", "2", "--lang", "en"], terminal_width=200)
    assert r.exit_code == 0 and "deal 1, action" in r.output and "decisions:" in r.output


def test_analyse_refuses_a_seat_that_is_not_there_and_a_weak_level(tmp_path):
    _, path = _record(tmp_path, "jass", deals=1)
    r = runner.invoke(app, ["analyse", path, "--seat", "7", "--lang", "en"], terminal_width=300)
    assert r.exit_code == 1 and "no seat 7" in r.output
    r = runner.invoke(app, ["analyse", path, "--seat", "1", "--level", "easy", "--lang", "en"], terminal_width=300)
    assert r.exit_code == 1 and "hard or strong" in r.output
