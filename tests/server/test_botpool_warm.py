"""The search kernels are compiled in the worker process at server start, so a table's first
search decision does not wait for the compiler (docs/server.md, "Computer players")."""

from __future__ import annotations

import pytest

from stammtisch.server import botpool


def test_warming_plays_a_deal_of_compiled_searches_per_game():
    pytest.importorskip("numba")
    done = botpool._warm(["perlaggen"])
    assert done["perlaggen"] > 0  # the compiled search decided (cards and words)


def test_threads_only_runner_does_not_warm():
    runner = botpool.BotRunner(processes=0)
    try:
        assert runner.warm(["jass"]) is None
    finally:
        runner.close()


def test_the_server_warms_its_games_at_start_when_search_is_offered(make_client, monkeypatch):
    asked = []
    monkeypatch.setattr(botpool.BotRunner, "warm", lambda self, games: asked.append(list(games)))
    make_client(search_processes=1, warm_search=True)
    assert asked and set(asked[0]) == {"jass", "doppelkopf", "tarock", "perlaggen"}
    asked.clear()
    make_client(search_processes=1, warm_search=False)
    assert asked == []
