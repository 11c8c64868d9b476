"""The residual learned player: action values of the real deal, learned from the seat's view
(stammtisch.learn.values), played over the rule player."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Turn
from stammtisch.learn.player import LearnedBot

pytest.importorskip("numba")


def test_collected_values_hold_every_legal_action_and_the_rule_players_choice() -> None:
    from stammtisch.learn.values import collect_values

    d = collect_values("jass", 2, seed=3, playouts=2)
    X, M, Y, Q = d["X"], d["M"], d["Y"], d["Q"]
    assert len(X) == len(M) == len(Y) == len(Q) > 40  # 2 deals: nearly every card decision
    assert M[np.arange(len(Y)), Y].all()  # the rule player's choice is legal
    assert (M.sum(1) >= 2).all()  # only decisions with a choice
    assert np.isfinite(Q[M]).all() and np.isnan(Q[~M]).all()  # a value for each legal action, none else
    # the values differ between actions (a card decision where nothing matters is rare)
    assert (np.nanmax(np.where(M, Q, np.nan), 1) > np.nanmin(np.where(M, Q, np.nan), 1)).mean() > 0.3


def test_the_centred_value_loss_gradient_matches_finite_differences() -> None:
    from stammtisch.learn.train import MLP, Adam
    from stammtisch.learn.values import fit_values

    rng = np.random.default_rng(0)
    mlp = MLP(10, 6, hidden=(8, 5), seed=2)
    X = rng.integers(0, 3, (4, 10)).astype(np.uint8)
    M = rng.random((4, 6)) < 0.6
    M[:, :2] = True
    T = np.where(M, rng.standard_normal((4, 6)), 0.0).astype(np.float32)
    T -= np.where(M, T, 0).sum(1, keepdims=True) / M.sum(1, keepdims=True) * M

    def loss() -> float:
        z, _ = mlp.forward(X)
        zc = np.where(M, z - np.where(M, z, 0.0).sum(1, keepdims=True) / M.sum(1, keepdims=True), 0.0)
        return float(((zc - T) ** 2).sum() / 4)

    before = loss()
    captured: dict[str, np.ndarray] = {}

    class Spy(Adam):
        def step(self, params, grads):  # type: ignore[no-untyped-def]
            captured.update({k: v.copy() for k, v in grads.items()})

    fit_values(mlp, Spy(mlp.p, 1e-3), X, M, T, steps=1, batch=4, rng=np.random.default_rng(1))
    # the minibatch drew rows with replacement: redo the check on the rows drawn
    idx = np.random.default_rng(1).integers(0, 4, 4)
    X, M, T = X[idx], M[idx], T[idx]
    for k in ("W1", "b2", "W3", "b3"):
        flat = mlp.p[k].reshape(-1)
        for j in rng.choice(flat.size, 3, replace=False):
            old = flat[j]
            flat[j] = old + 1e-2
            up = loss()
            flat[j] = old - 1e-2
            down = loss()
            flat[j] = old
            assert (up - down) / 2e-2 == pytest.approx(float(captured[k].reshape(-1)[j]), abs=3e-3), (k, j)
    assert before > 0


def test_the_margin_is_chosen_by_the_value_gained_on_held_out_decisions() -> None:
    from stammtisch.learn.values import choose_margin

    # two decisions, two actions each; the rule player chose action 0 both times
    Y = np.asarray([0, 0])
    M = np.ones((2, 2), np.bool_)
    Q = np.asarray([[0.0, 2.0], [0.0, -3.0]])  # leaving the rule player gains 2 in the first, loses 3 in the second
    z = np.asarray([[0.0, 1.0], [0.0, 0.4]])  # the network prefers action 1 in both, more strongly in the first
    rows = {r["margin"]: r for r in choose_margin(z, M, Y, Q, margins=(0.0, 0.5, 1e9))}
    assert rows[0.0] == {"margin": 0.0, "switched": 1.0, "gain_per_decision": -0.5}
    assert rows[0.5] == {"margin": 0.5, "switched": 0.5, "gain_per_decision": 1.0}
    assert rows[1e9]["switched"] == 0 and rows[1e9]["gain_per_decision"] == 0


def _tiny(tmp_path, game_name: str = "jass"):  # type: ignore[no-untyped-def]
    pytest.importorskip("tqdm")
    pytest.importorskip("matplotlib")
    from stammtisch.learn.values import train_values

    return train_values(game_name, tmp_path, deals=3, steps=40, batch=32, playouts=2, hidden=(16, 8), quiet=True)


def test_the_values_pipeline_trains_on_a_tiny_batch_and_its_network_plays_over_the_rule_player(tmp_path) -> None:
    r = _tiny(tmp_path)
    for f in ("jass.npz", "jass.json", "jass.svg", "data.npz"):
        assert (tmp_path / f).is_file(), f
    saved = json.loads((tmp_path / "jass.json").read_text())
    assert saved["method"] == "values" and saved["decisions"] == r["decisions"] > 50
    assert r["curve"][-1][1] < r["curve"][0][1] * 1.5  # the fit runs (a tiny batch: no strict decrease)
    assert r["margins"]["cards"] is None  # the default: the rule player's card stands
    assert set(r["heldout_by_margin"]) == {"cards", "words"}
    game = registry.get("jass")
    b = LearnedBot(game, path=str(tmp_path / "jass.npz"))
    assert b.residual and b.margins == r["margins"]
    m = game.new_match(seed=1, max_deals=1)
    play_out(m, [b] * 4, random.Random(1))
    assert m.is_over() and b.kept + b.deviations > 30
    # with no margin at all the network's best action is played wherever it differs: still legal
    b.margins = {"cards": float("-inf"), "words": float("-inf")}
    m = game.new_match(seed=2, max_deals=1)
    play_out(m, [b] * 4, random.Random(2))
    assert m.is_over() and b.deviations > 0
    # the fit kept the weights of its lowest held-out error, one of the points on its curve
    assert r["kept_heldout_error"] == min(c[2] for c in r["curve"])
    # more deals (other cards) are added to the data before a new fit
    from stammtisch.learn.values import train_values

    r2 = train_values("jass", tmp_path, deals=3, steps=20, batch=32, playouts=2, hidden=(16, 8), quiet=True,
                      add_deals=2)
    assert r2["deals"] == 5 and r2["decisions"] > r["decisions"]


def test_with_an_unreachable_margin_the_residual_player_is_the_rule_player(tmp_path) -> None:
    _tiny(tmp_path)
    game = registry.get("jass")
    b = LearnedBot(game, path=str(tmp_path / "jass.npz"))
    b.margins = {"cards": float("inf"), "words": float("inf")}
    rule = game.rule_bot()
    m = game.new_match(seed=4, max_deals=1)
    n = 0
    while not m.is_over():
        s = m.to_act()[0]
        t = Turn(s, m.legal_actions(s), lambda: m.view(s))
        a = b.choose(t, random.Random(n))
        assert a == rule.choose(t, random.Random(n))
        m.apply(s, a)
        n += 1
    assert b.deviations == 0 and n > 30
