"""The learned players: the training pipeline on a tiny batch, the shipped networks through the engine,
the NumPy network's gradients, the duplicate duel and the bot kind ``learned``."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from stammtisch import bots
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.errors import OptionError
from stammtisch.learn import player
from stammtisch.learn.player import SHIPPED, LearnedBot, load_network

GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")


@pytest.mark.parametrize("game_name", GAMES)
def test_each_shipped_network_plays_a_deal_through_the_engine(game_name: str) -> None:
    game = registry.get(game_name)
    m = game.new_match(seed=7, max_deals=1)
    seats = game.num_seats(m.options) if hasattr(m, "options") else 4
    bot = bots.make("learned", game)
    assert isinstance(bot, LearnedBot)
    asked = []

    class Spy:
        def choose(self, turn, rng):  # type: ignore[no-untyped-def]
            a = bot.choose(turn, rng)
            assert a in turn.legal
            asked.append(a)
            return a

        def interject(self, turn, rng):  # type: ignore[no-untyped-def]
            return bot.interject(turn, rng)

    play_out(m, [Spy()] * seats, random.Random(1))
    assert m.is_over() and len(m.logs) == 1 and m.logs[0].result is not None
    assert len(asked) >= 20  # a whole deal: every card of every seat at least
    assert bot.fallbacks <= 1  # the network decides (the rule player only where no batched word is legal)


def test_every_game_ships_a_network_of_a_few_megabytes_at_most() -> None:
    assert set(SHIPPED) == set(GAMES)
    for g in GAMES:
        assert player.weights_path(g).is_file()
        size = len(player.weights_path(g).read_bytes())
        assert 10_000 < size < 5_000_000, (g, size)


def test_the_same_view_gives_the_same_decision_and_a_network_for_another_game_is_refused(tmp_path) -> None:
    game = registry.get("jass")
    a, b = LearnedBot(game), LearnedBot(game)
    m = game.new_match(seed=3, max_deals=1)
    s = m.to_act()[0]
    from stammtisch.core.protocol import Turn

    t = Turn(s, m.legal_actions(s), lambda: m.view(s))
    assert a.choose(t, random.Random(1)) == b.choose(t, random.Random(99))
    src = player.weights_path("doppelkopf").read_bytes()
    p = tmp_path / "dk.npz"
    p.write_bytes(src)
    with pytest.raises(ValueError, match="trained for 'doppelkopf'"):
        load_network("jass", str(p))
    with pytest.raises(FileNotFoundError, match="no learned network for 'skat'"):
        load_network("skat")


def test_the_learned_kind_is_in_the_catalogue_and_loads_without_the_training_library() -> None:
    import subprocess
    import sys

    assert "learned" in bots.KINDS
    # tqdm and matplotlib (the extra learn) made unimportable: the player still loads and decides
    code = ("import sys; sys.modules['tqdm'] = None; sys.modules['matplotlib'] = None\n"
            "import random\nfrom stammtisch import bots\nfrom stammtisch.core import registry\n"
            "from stammtisch.core.protocol import Turn\n"
            "g = registry.get('doppelkopf'); b = bots.make('learned', g); m = g.new_match(seed=1, max_deals=1)\n"
            "s = m.to_act()[0]; a = b.choose(Turn(s, m.legal_actions(s), lambda: m.view(s)), random.Random(1))\n"
            "print(b.name, a in m.legal_actions(s))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == ["learned", "True"]
    with pytest.raises(OptionError):
        bots.make("learned:hard", registry.get("jass"))


def test_the_network_gradients_match_finite_differences() -> None:
    from stammtisch.learn.train import MLP, masked_softmax

    rng = np.random.default_rng(0)
    mlp = MLP(12, 7, hidden=(8, 6), seed=1)
    mlp.p["W3"] *= 10
    X = rng.integers(0, 3, (5, 12)).astype(np.uint8)
    M = rng.random((5, 7)) < 0.6
    M[:, 0] = True
    Y = np.asarray([np.flatnonzero(r)[-1] for r in M])

    def loss() -> float:
        z, _ = mlp.forward(X)
        p = masked_softmax(z.astype(np.float64), M)
        return float(-np.log(p[np.arange(5), Y]).mean())

    z, cache = mlp.forward(X)
    dz = masked_softmax(z, M)
    dz[np.arange(5), Y] -= 1
    g = mlp.backward(cache, dz / 5)
    for k in ("W1", "b1", "W2", "W3", "b3"):
        flat = mlp.p[k].reshape(-1)
        for j in rng.choice(flat.size, 4, replace=False):
            old = flat[j]
            flat[j] = old + 1e-2
            up = loss()
            flat[j] = old - 1e-2
            down = loss()
            flat[j] = old
            assert (up - down) / 2e-2 == pytest.approx(float(g[k].reshape(-1)[j]), abs=2e-3), (k, j)


def test_a_network_against_itself_in_duplicate_deals_is_exactly_even() -> None:
    from stammtisch.learn.train import duel

    net = load_network("jass")
    r = duel("jass", net, net, pairs=16, seed=5)
    assert r["mean"] == 0 and r["ci95"] == [0, 0]


def test_training_runs_a_few_iterations_on_a_tiny_batch_and_resumes(tmp_path) -> None:
    pytest.importorskip("tqdm")
    pytest.importorskip("matplotlib")
    from stammtisch.learn.train import train

    kw = dict(deals=3, imitate_steps=60, improve_iters=2, batch=32, rl_batch=8, eval_every=1, eval_pairs=8,
              checkpoint_every=1, quiet=True, hidden=(16, 8))
    r = train("doppelkopf", tmp_path, **kw)
    assert r["decisions_collected"] > 50
    first, last = r["curve"]["imitate"][0], r["curve"]["imitate"][-1]
    assert last[1] < first[1]  # imitation lowers the cross-entropy
    assert [c["iteration"] for c in r["curve"]["improve"]] == [1, 2]
    for f in ("doppelkopf.npz", "doppelkopf.json", "doppelkopf.svg", "checkpoint.npz", "imitation.npz"):
        assert (tmp_path / f).is_file(), f
    assert json.loads((tmp_path / "doppelkopf.json").read_text())["shipped"] in ("improved", "imitation")
    # the written network plays through the engine like the shipped ones
    game = registry.get("doppelkopf")
    b = LearnedBot(game, path=str(tmp_path / "doppelkopf.npz"))
    m = game.new_match(seed=1, max_deals=1)
    play_out(m, [b] * 4, random.Random(1))
    assert m.is_over()
    # resumed with more iterations it continues where it stopped
    r2 = train("doppelkopf", tmp_path, **{**kw, "improve_iters": 3}, resume=True)
    assert [c["iteration"] for c in r2["curve"]["improve"]] == [1, 2, 3]
    assert r2["curve"]["imitate"] == r["curve"]["imitate"]


def test_a_learned_computer_player_is_named_by_the_catalogue() -> None:
    from stammtisch.i18n import computer_name

    assert computer_name(2, "learned", "de") == "Computer 2 · gelernt"
    assert computer_name(2, "learned", "en") == "Computer 2 · learned"


def test_a_table_the_observation_does_not_describe_falls_back_to_the_rule_player() -> None:
    game = registry.get("doppelkopf")
    m = game.new_match(profile="turnier5", seed=2, max_deals=1)
    bot = LearnedBot(game)
    play_out(m, [bot] * m.n, random.Random(1))
    assert m.is_over() and bot.fallbacks > 0 and bot.errors  # no crash: the rule player decided, the cause kept
    four = LearnedBot(game)
    play_out(game.new_match(seed=2, max_deals=1), [four] * 4, random.Random(1))
    assert four.errors == []
