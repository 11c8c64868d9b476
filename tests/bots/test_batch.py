"""Batch self-play (``simulate``) and the arena on several processes give the serial results."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from stammtisch.bots.arena import run_arena
from stammtisch.bots.batch import rate_text, run_batch
from stammtisch.cli.main import app
from stammtisch.core import registry

runner = CliRunner()


@pytest.mark.parametrize("game", registry.available())
def test_process_pool_gives_the_serial_results(game: str) -> None:
    serial = run_batch(game, 12, seed=7, workers=1)
    pooled = run_batch(game, 12, seed=7, workers=2)
    assert pooled["workers"] == 2
    assert pooled["per_game"] == serial["per_game"]
    assert pooled["totals"] == serial["totals"]
    assert pooled["deals"] == serial["deals"] == 12
    # not a constant: another seed plays other games
    assert run_batch(game, 12, seed=8, workers=1)["per_game"] != serial["per_game"]


def test_rule_bots_whole_matches_in_a_pool() -> None:
    serial = run_batch("perlaggen", 3, seed=2, bots="rule", match=True, workers=1)
    pooled = run_batch("perlaggen", 3, seed=2, bots="rule", match=True, workers=3)
    assert pooled["per_game"] == serial["per_game"] and serial["deals"] > 3


def test_simulate_cli_workers_and_rate() -> None:
    outs = []
    for w in ("1", "2"):
        r = runner.invoke(app, ["simulate", "doppelkopf", "-n", "10", "--seed", "4", "--json", "--workers", w])
        assert r.exit_code == 0, r.output
        outs.append(json.loads(r.output))
    assert outs[0]["totals"] == outs[1]["totals"]
    assert [o["workers"] for o in outs] == [1, 2]
    assert all(o["games_per_second"] > 0 for o in outs)
    r = runner.invoke(app, ["simulate", "jass", "-n", "3", "--seed", "1", "--workers", "1"])
    assert r.exit_code == 0 and "games/s" in r.output and " 0.0 games/s" not in r.output


def test_rate_is_never_shown_as_zero() -> None:
    assert rate_text(1, 100.0) == "100.0 s per game"
    assert rate_text(3, 0.5) == "6.00 games/s"
    assert rate_text(5000, 2.0) == "2500 games/s"


def test_simulate_refuses_an_unknown_bot_before_starting_workers() -> None:
    r = runner.invoke(app, ["simulate", "jass", "-n", "5", "--bots", "nonsense", "--workers", "2"])
    assert r.exit_code == 1 and "unknown bot kind" in r.output


def test_arena_process_pool_gives_the_serial_pairs() -> None:
    serial = run_arena("jass", "rule", "random", 4, seed=3, workers=1)
    pooled = run_arena("jass", "rule", "random", 4, seed=3, workers=2)
    strip = lambda pairs: [{k: v for k, v in p.items() if k != "seconds"} for p in pairs]  # noqa: E731
    assert strip(pooled["pairs"]) == strip(serial["pairs"])
    assert pooled["summary"] == serial["summary"]


def test_batch_on_a_local_ray_instance() -> None:
    pytest.importorskip("ray")
    assert run_batch("tarock", 6, seed=9, ray=True)["per_game"] == run_batch("tarock", 6, seed=9, workers=1)["per_game"]
