"""The Perlaggen terminal renderer and the CLI commands on Perlaggen records."""

from __future__ import annotations

import json
import random

import pytest
from rich.console import Console
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.cli.render import for_game
from stammtisch.core.driver import step
from stammtisch.games.perlaggen import GAME


@pytest.fixture(autouse=True)
def english_screen():
    """These tests read the terminal screen's English words (``play --lang en``; German is the default)."""
    from stammtisch.cli.settlement import current_language, set_language

    before = current_language()
    set_language("en")
    yield
    set_language(before)


def test_renderer_draws_every_phase():
    render = for_game("perlaggen")
    assert render.__module__.endswith("render.perlaggen")
    m = GAME.new_match(seed=4, max_deals=2)
    rng = random.Random(4)
    seen = set()
    console = Console(record=True, width=120)
    while not m.is_over():
        v = m.view(m.to_act()[0])
        seen.add(v["deal"]["phase"])
        console.print(render(v))
        step(m, [GAME.rule_bot()] * 4, rng)
    text = console.export_text()
    # the terminal of the tests speaks English: trump in English words, never the German "Trumpf"
    assert "your cards" in text and "trump" in text and "Trumpf" not in text
    assert {"cut", "look", "play"} <= seen


def test_cli_simulate_and_replay(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "perlaggen", "-n", "3", "--seed", "1", "--bots", "rule", "--match",
                            "--json", "--record", str(tmp_path)])
    assert r.exit_code == 0, r.output
    out = json.loads(r.output)
    assert out["games"] == 3 and max(out["totals"]) >= 18
    files = sorted(tmp_path.glob("*.json"))
    r = runner.invoke(app, ["replay", str(files[0]), "--json"])
    assert r.exit_code == 0 and json.loads(r.output)["valid"]
    rec = json.loads(files[0].read_text())
    rec["deals"][0]["actions"].insert(3, [0, "bieten:poker"])
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec))
    r = runner.invoke(app, ["replay", str(bad), "--json"])
    assert r.exit_code == 1 and "Perlaggen §" in json.loads(r.output)["rule"]


def test_cli_play_one_deal_with_typed_actions():
    runner = CliRunner()
    answers = "\n".join(["1"] * 400) + "\n"
    r = runner.invoke(app, ["play", "perlaggen", "--seed", "3", "--deals", "1"], input=answers)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Perlaggen" in r.output
