"""The Jass terminal renderer shows hand, trick, trump, Weis, Stöck and the score board."""

from __future__ import annotations

import random

from rich.console import Console

from stammtisch.cli.render import for_game
from stammtisch.cli.render.jass import render
from stammtisch.core.driver import step
from stammtisch.games.jass import GAME


def text_of(renderable) -> str:
    c = Console(width=120, record=True, color_system=None)
    c.print(renderable)
    return c.export_text()


def test_registry_finds_the_jass_renderer():
    assert for_game("jass") is render


def test_render_every_step_of_a_rule_bot_match():
    bot = GAME.rule_bot()
    rng = random.Random(3)
    seen_weis = seen_trump = False
    for seed in range(4):
        m = GAME.new_match(seed=seed)
        while not m.is_over():
            for seat in (0, None):
                view = m.view(seat) if seat is not None else m.public_view()
                out = text_of(render(view))
                assert "Team 1/3" in out and "Team 2/4" in out
                if seat is not None:
                    for card in view["deal"]["hand"]:
                        assert f"[{card}]" in out
                if view["deal"]["trump"]:
                    assert "Trumpf:" in out
                    seen_trump = True
                if view["deal"]["weis"]:
                    assert "weist" in out
                    seen_weis = True
            step(m, [bot] * 4, rng)
    assert seen_trump and seen_weis


def test_terminal_plays_a_whole_partie_to_1000():
    from typer.testing import CliRunner

    from stammtisch.cli.main import app

    r = CliRunner().invoke(app, ["play", "jass", "--seed", "2"], input="1\n" * 600)
    assert r.exit_code == 0, r.output[-2000:]
    assert "game over" in r.output
