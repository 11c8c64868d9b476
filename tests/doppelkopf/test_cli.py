"""The terminal renderer and the CLI commands on Doppelkopf."""

import io
import random

from rich.console import Console
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.cli.render import for_game
from stammtisch.core.driver import step
from stammtisch.games.doppelkopf import GAME


def test_renderer_every_phase_and_five_table():
    render = for_game("doppelkopf")
    assert render.__module__.endswith("render.doppelkopf")
    for profile in ("turnier", "turnier5"):
        m = GAME.new_match(profile, seed=8)
        bots = [GAME.rule_bot()] * m.n
        rng = random.Random(8)
        console = Console(width=120, record=True, file=io.StringIO())
        for i in range(140):
            if i % 7 == 0:
                for seat in range(m.n):
                    console.print(render(m.view(seat)))
                console.print(render(m.public_view()))
            step(m, bots, rng)
        text = console.export_text()
        assert "Spielliste" in text and "Pflichtsolo" in text and "Ansagen" in text


def test_simulate_and_replay_commands(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["simulate", "doppelkopf", "-n", "3", "--bots", "rule", "--seed", "1",
                            "--record", str(tmp_path)])
    assert r.exit_code == 0, r.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 3
    r = runner.invoke(app, ["replay", str(files[0]), "--lang", "en"])
    assert r.exit_code == 0 and "every action legal" in r.output


def test_play_command_quits_cleanly():
    r = CliRunner().invoke(app, ["play", "doppelkopf", "--seed", "2"], input="1\nq\n")
    assert r.exit_code == 0, r.output
    assert "Doppelkopf" in r.output
