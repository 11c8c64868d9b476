"""The terminal renderer and the CLI commands for Tarock."""

from __future__ import annotations

import random

from rich.console import Console
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.cli.render import for_game
from stammtisch.cli.settlement import current_language, set_language
from stammtisch.core.driver import step
from stammtisch.games.tarock import GAME


def test_renderer_shows_a_deal_in_every_phase():
    render = for_game("tarock")
    m = GAME.new_match(None, seed=2, max_deals=1)
    rng = random.Random(2)
    console = Console(record=True, width=120)
    phases = set()
    while not m.is_over():
        v = m.view(0)
        phases.add(v["deal"]["phase"])
        console.print(render(v))
        step(m, [GAME.rule_bot()] * 4, rng)
    text = console.export_text()
    # German is the terminal's default language; the same screen in English with --lang en
    assert "Königrufen Tarock" in text and "deine Karten" in text and "your cards" not in text
    assert {"bidding", "announce", "play"} <= phases
    before = current_language()
    set_language("en")
    try:
        english = Console(record=True, width=120)
        english.print(render(m.view(0)))
        english.print(render(GAME.new_match(None, seed=2, max_deals=1).view(0)))
    finally:
        set_language(before)
    assert "your cards" in english.export_text()


def test_cli_simulate_and_play_tarock(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "tarock", "-n", "5", "--bots", "rule", "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    r = runner.invoke(app, ["play", "tarock", "--profile", "tiroler-cup", "--seed", "3", "--deals", "1"],
                      input="q\n")
    assert r.exit_code == 0, r.output
    assert "Königrufen Tarock" in r.output
