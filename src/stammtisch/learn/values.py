"""Learned action values over the rule player: one step of policy improvement, distilled.

The rule-based player plays whole deals through the engine on every seat. At each of its decisions
the training loop (never the player) asks the game's compiled kernel (``stammtisch.bots.kernels``,
the PIMC search's valuer) what every legal action is worth **in the real deal**: the action, then the
kernel's compiled rule policy for every seat to the end, settled as the engine settles
(``card_values`` / ``word_values``, the search's own numbers, but on the true cards instead of a
sampled world). A perceptron learns these values from the seat's observation alone
(``env.observation_from_view``: its own view). Regression to values of the real deal from the view
is regression to their expectation over every deal the view allows, weighed as the rule players'
play makes them likely: the network approximates what a determinized search with the exact
distribution of the hidden cards and infinitely many worlds would say (Ginsberg's PIMC, here learned
offline), at the cost of one forward pass.

The player (:class:`~stammtisch.learn.player.LearnedBot`, networks whose ``meta["kind"]`` is
``"values"``) is a *residual* player over the rule player: it asks the rule player for its choice
and plays the network's best action instead only when the network values it more than the rule
player's choice by a margin, one for card decisions and one for words (``meta["margins"]``, chosen on
held-out decisions, where the true values are known: the margin that gains most there, or ``None``:
never overrule; cards are off by default, docs/learning.md says why). Decisions whose actions were
never valued in training (words the kernel does not value) stay the rule player's. The fit keeps the
weights of its lowest held-out error (early stopping; the same held-out tenth chooses the margins).

``python -m stammtisch.learn.values GAME`` (extra ``learn``) collects, trains, picks the margins and
writes ``<game>.npz``, ``<game>.json`` and ``<game>.svg`` into ``output/learn-values/<game>/``;
``--update`` copies them over the shipped network, ``benchmarks/results/learn_values_<game>.json``
and ``docs/img/learn_values_<game>.svg``.
"""

from __future__ import annotations

import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from ..core import registry
from ..core.driver import play_out
from ..core.protocol import Turn
from ..vector import make
from .train import MLP, Adam

__all__ = ["collect_values", "fit_values", "choose_margin", "train_values", "main"]

ROOT = Path(__file__).resolve().parents[3]


class _ValueRecorder:
    """Plays like the rule player and keeps, at each decision with a choice, the seat's observation,
    the legal ids, the rule player's choice and the kernel's value of every legal action in the
    match's real deal (``NaN`` where the kernel gives none)."""

    def __init__(self, bot: Any, env: Any, kernel: Any, match: Any, playouts: int, seed: int,
                 out: list[tuple[np.ndarray, list[int], int, np.ndarray]]):
        self.bot, self.env, self.kernel, self.match = bot, env, kernel, match
        self.playouts, self.seed, self.out = playouts, seed, out
        self.index, self.supported = env.space.index, env.supported
        self.deck = registry.get(env.game_name if hasattr(env, "game_name") else match.game.name).deck
        self.n = 0

    def choose(self, turn: Turn, rng: Any) -> str:
        a = str(self.bot.choose(turn, rng))
        if len(turn.legal) < 2:
            return a
        legal = [x for x in turn.legal if x in self.index and self.supported[self.index[x]]]
        i = self.index.get(a)
        if i is None or a not in legal or len(legal) < 2:
            return a
        state = self.match.deal_state
        self.n += 1
        seed = self.seed * 1_000_003 + self.n
        try:
            if _is_card_turn(self.deck, legal):
                vals: list[float | None] = list(self.kernel.card_values(state, turn.seat, legal, self.playouts, seed))
            else:
                word_values = getattr(self.kernel, "word_values", None)
                if word_values is None:
                    return a
                vals = list(word_values(state, turn.seat, legal, self.playouts, seed))
        except Exception:  # noqa: BLE001 - a position the kernel does not value: no example
            return a
        if any(v is None for v in vals):
            return a
        q = np.full(self.env.num_actions, np.nan, np.float32)
        for x, v in zip(legal, vals):
            q[self.index[x]] = float(v)  # type: ignore[arg-type]
        self.out.append((self.env.observation_from_view(turn.view), [self.index[x] for x in legal], i, q))
        return a

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return None


def _is_card_turn(deck: Any, legal: list[str]) -> bool:
    """Whether every legal action is a card of the game's deck (the kernel values cards)."""
    try:
        for x in legal:
            deck.parse(x)
    except Exception:  # noqa: BLE001
        return False
    return True


def collect_values(game_name: str, deals: int, seed: int, playouts: int = 8, profile: str | None = None,
                   progress: Any = None) -> dict[str, np.ndarray]:
    """The rule player's decisions in ``deals`` engine deals with the kernel's values of every legal
    action in the real deal: ``X`` observations, ``M`` legal masks, ``Y`` the rule player's choices,
    ``Q`` values (``NaN`` off the legal actions)."""
    from ..bots.kernels import kernel_for

    game = registry.get(game_name)
    env = make(game_name, 1, profile=profile)
    kernel = kernel_for(game, env.options)
    if kernel is None:
        raise RuntimeError(f"{game_name} has no compiled kernel here (extra 'fast': Numba)")
    rows: list[tuple[np.ndarray, list[int], int, np.ndarray]] = []
    rule = game.rule_bot()
    for d in range(deals):
        m = game.new_match(profile=env.profile, seed=seed * 1_000_003 + d, max_deals=1)
        rec = _ValueRecorder(rule, env, kernel, m, playouts, seed * 7_919 + d, rows)
        play_out(m, [rec] * game.num_seats(env.options), random.Random(f"{seed}:{d}"), interjections=False)
        if progress is not None:
            progress(1)
    X = np.stack([r[0] for r in rows])
    M = np.zeros((len(rows), env.num_actions), np.bool_)
    for k, r in enumerate(rows):
        M[k, r[1]] = True
    return {"X": X, "M": M, "Y": np.asarray([r[2] for r in rows], np.int64), "Q": np.stack([r[3] for r in rows])}


def _targets(Q: np.ndarray, M: np.ndarray, unit: float) -> np.ndarray:
    """Values centred on each decision's mean over its legal actions, in ``unit``s (0 off the legal)."""
    q = np.where(M, Q, 0.0)
    mean = q.sum(1, keepdims=True) / M.sum(1, keepdims=True)
    return np.where(M, (q - mean) / unit, 0.0).astype(np.float32)


def fit_values(mlp: MLP, opt: Adam, X: np.ndarray, M: np.ndarray, T: np.ndarray, steps: int, batch: int,
               rng: np.random.Generator, on_step: Any = None) -> None:
    """Mean squared error on the legal actions' centred values (the output's mean over the legal
    actions is centred too, so only the differences between actions are learned)."""
    n = len(X)
    for it in range(steps):
        idx = rng.integers(0, n, batch)
        z, cache = mlp.forward(X[idx])
        m = M[idx]
        cnt = m.sum(1, keepdims=True)
        zc = np.where(m, z - (np.where(m, z, 0.0).sum(1, keepdims=True) / cnt), 0.0)
        err = np.where(m, zc - T[idx], 0.0)
        loss = float((err ** 2).sum() / batch)
        # d loss / d z: the centring's Jacobian removes the error's mean over the legal actions
        g = np.where(m, err - err.sum(1, keepdims=True) / cnt, 0.0) * (2.0 / batch)
        opt.step(mlp.p, mlp.backward(cache, g.astype(np.float32)))
        if on_step is not None:
            on_step(it, loss)


def choose_margin(z: np.ndarray, M: np.ndarray, Y: np.ndarray, Q: np.ndarray,
                  margins: tuple[float, ...] = (0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5, 2.0, 1e9)
                  ) -> list[dict[str, float]]:
    """Per margin, on held-out decisions whose true values are known: how often the residual player
    leaves the rule player's choice and the mean value it gains per decision by it (the kernel's
    values in the real deals, the rule policy playing on)."""
    n = len(Y)
    zz = np.where(M, z, -np.inf)
    best = zz.argmax(1)
    adv = zz[np.arange(n), best] - zz[np.arange(n), Y]
    gain = np.nan_to_num(Q[np.arange(n), best] - Q[np.arange(n), Y])
    out = []
    for mg in margins:
        sw = adv > mg
        out.append({"margin": float(mg), "switched": round(float(sw.mean()), 4),
                    "gain_per_decision": round(float((gain * sw).mean()), 4)})
    return out


def train_values(game_name: str, out: Path, *, deals: int = 1000, steps: int = 6000, batch: int = 256,
                 lr: float = 1e-3, playouts: int = 8, seed: int = 2026, hidden: tuple[int, int] = (256, 128),
                 quiet: bool = False, reuse_data: bool = False, profile: str | None = None,
                 card_margin: str = "off", word_margin: str = "auto", add_deals: int = 0) -> dict[str, Any]:
    """Collect, fit, choose the margins (``"auto"``: the best on held-out decisions, ``"off"``: the
    rule player's choice always stands, or a number); writes ``out/<game>.npz``, ``.json`` and ``.svg``."""
    from tqdm import tqdm

    out.mkdir(parents=True, exist_ok=True)
    data_path = out / "data.npz"
    cpu0, wall0, load0 = time.process_time(), time.perf_counter(), os.getloadavg()
    if (reuse_data or add_deals) and data_path.exists():
        with np.load(data_path) as zf:
            data = {k: zf[k] for k in zf.files}
        if add_deals:  # more deals, other cards: the seed shifted by the deals valued before
            with tqdm(total=add_deals, desc=f"{game_name}: more deals, valued", disable=quiet,
                      mininterval=5) as bar:
                more = collect_values(game_name, add_deals, seed + 1 + int(data.get("runs", np.asarray(1))),
                                      playouts, profile, bar.update)
            data = {k: np.concatenate([data[k], more[k]]) for k in ("X", "M", "Y", "Q")} | {
                "runs": np.asarray(int(data.get("runs", np.asarray(1))) + 1),
                "deals": np.asarray(int(data.get("deals", np.asarray(deals))) + add_deals)}
            np.savez_compressed(data_path, **data)
        deals = int(data.get("deals", np.asarray(deals)))  # data of an older run: the --deals given
    else:
        with tqdm(total=deals, desc=f"{game_name}: rule player's deals, valued", disable=quiet,
                  mininterval=5) as bar:
            data = collect_values(game_name, deals, seed, playouts, profile, bar.update)
        data |= {"runs": np.asarray(1), "deals": np.asarray(deals)}
        np.savez_compressed(data_path, **data)
    cpu_collect = time.process_time() - cpu0
    X, M, Y, Q = data["X"], data["M"], data["Y"], data["Q"]
    n = len(Y)
    env = make(game_name, 1, profile=profile)
    spread = np.where(M, Q - np.nanmean(np.where(M, Q, np.nan), axis=1, keepdims=True), np.nan)
    unit = float(np.nanstd(spread)) or 1.0
    T = _targets(Q, M, unit)
    perm = np.random.default_rng(seed).permutation(n)
    held, fit = perm[: n // 10], perm[n // 10:]
    scale = 1.0 / np.maximum(1.0, X.max(axis=0).astype(np.float32))
    mlp = MLP(env.obs_size, env.num_actions, hidden, seed, scale)
    opt = Adam(mlp.p, lr)
    rng = np.random.default_rng(seed)
    curve: list[list[float]] = []

    def heldout_loss() -> float:
        z, _ = mlp.forward(X[held])
        m = M[held]
        zc = np.where(m, z - np.where(m, z, 0.0).sum(1, keepdims=True) / m.sum(1, keepdims=True), 0.0)
        return float(((zc - T[held]) ** 2).sum() / len(held))

    kept: dict[str, Any] = {"loss": math.inf, "step": 0, "p": None}
    with tqdm(total=steps, desc=f"{game_name}: values", disable=quiet, mininterval=5) as bar:
        def on_step(it: int, loss: float) -> None:
            bar.update(1)
            if it % 250 == 0 or it + 1 == steps:
                curve.append([it, round(loss, 4), round(heldout_loss(), 4)])
                bar.set_postfix(loss=f"{loss:.3f}", heldout=f"{curve[-1][2]:.3f}")
                if curve[-1][2] < kept["loss"]:  # early stopping: the weights of the lowest held-out error
                    kept.update(loss=curve[-1][2], step=it + 1, p={k: v.copy() for k, v in mlp.p.items()})

        fit_values(mlp, opt, X[fit], M[fit], T[fit], steps, batch, rng, on_step)
    if kept["p"] is not None:
        mlp.p = kept["p"]
    z, _ = mlp.forward(X[held])
    # a card decision: the rule player's choice or the network's best is a card (a word against a
    # word is a word decision, also where cards were legal too: Perlaggen's bids, Jass's Weis)
    is_card = card_ids(game_name, env)
    net_best = np.where(M[held], z, -np.inf).argmax(1)
    card_rows = is_card[Y[held]] | is_card[net_best]
    tables, margins = {}, {}
    for kind, rows, asked in (("cards", card_rows, card_margin), ("words", ~card_rows, word_margin)):
        h = held[rows]
        tables[kind] = choose_margin(z[rows], M[h], Y[h], Q[h] / unit) if len(h) else []
        best = max(tables[kind], key=lambda r: r["gain_per_decision"]) if tables[kind] else None
        if asked == "auto":
            margins[kind] = None if best is None or best["gain_per_decision"] <= 0 else best["margin"]
        else:
            margins[kind] = None if asked == "off" else float(asked)
    trained = M.any(axis=0)
    meta = {"game": game_name, "profile": env.profile, "hidden": list(hidden), "kind": "values",
            "margins": margins, "unit": unit, "trained": [int(i) for i in np.flatnonzero(trained)]}
    mlp.save(out / f"{game_name}.npz", meta)
    baseline = float(np.nanmean(np.where(M[held], Q[held], np.nan) - Q[held][np.arange(len(held)), Y[held]][:, None]))
    results = {"game": game_name, "profile": env.profile, "method": "values", "deals": deals,
               "decisions": int(n), "playouts": playouts, "value_unit": round(unit, 4), "steps": steps,
               "batch": batch, "kept_step": kept["step"], "kept_heldout_error": kept["loss"],
               "heldout_decisions": int(len(held)), "heldout_by_margin": tables, "margins": margins,
               "heldout_card_decisions": int(card_rows.sum()), "heldout_word_decisions": int((~card_rows).sum()),
               "heldout_random_minus_rule": round(baseline / unit, 4),
               "cpu_s_collect": round(cpu_collect, 1), "cpu_s": round(time.process_time() - cpu0, 1),
               "wall_s": round(time.perf_counter() - wall0, 1), "load_before": [round(v, 2) for v in load0],
               "load_after": [round(v, 2) for v in os.getloadavg()], "hidden": list(hidden), "seed": seed,
               "machine": "2 cores shared with other jobs (nice 10)", "curve": curve}
    (out / f"{game_name}.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    _plot(curve, tables, game_name, out / f"{game_name}.svg")
    return results


def card_ids(game_name: str, env: Any) -> np.ndarray:
    """``(A,)`` bool: which action ids are cards of the game's deck (the others are words)."""
    return np.asarray([_is_card_turn(registry.get(game_name).deck, [a]) for a in env.space.actions], np.bool_)


def _plot(curve: list[list[float]], tables: dict[str, list[dict[str, float]]], game_name: str, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(9, 3.4))
    c = np.asarray(curve, float)
    ax1.plot(c[:, 0], c[:, 1], label="minibatch")
    ax1.plot(c[:, 0], c[:, 2], label="held out")
    ax1.set_title(f"{game_name}: action values (MSE, value units)")
    ax1.set_xlabel("step")
    ax1.legend()
    for kind, table in tables.items():
        finite = [r for r in table if r["margin"] < 1e8]
        ax2.plot([r["margin"] for r in finite], [r["gain_per_decision"] for r in finite], marker="o", label=kind)
    ax2.legend()
    ax2.axhline(0.0, color="grey", lw=0.8)
    ax2.set_title("held out: gain over the rule player's choice")
    ax2.set_xlabel("margin (value units)")
    ax2.set_ylabel("value units per decision")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def main(argv: list[str] | None = None) -> None:
    import argparse
    import shutil

    ap = argparse.ArgumentParser(prog="python -m stammtisch.learn.values", description="Train a residual "
                                 "learned player: action values of the real deal, learned from the view.")
    ap.add_argument("game", choices=("jass", "doppelkopf", "tarock", "perlaggen"))
    ap.add_argument("--out", default=None, help="output folder (default output/learn-values/<game>)")
    ap.add_argument("--deals", type=int, default=1000, help="rule-player deals to value")
    ap.add_argument("--steps", type=int, default=6000)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--playouts", type=int, default=8, help="kernel playouts per action and decision")
    ap.add_argument("--hidden", type=int, nargs=2, default=(256, 128))
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--quiet", action="store_true")
    ap.add_argument("--reuse-data", action="store_true", help="fit afresh on the output folder's data.npz")
    ap.add_argument("--add-deals", type=int, default=0, help="value this many more deals (other cards) and "
                    "add them to the output folder's data.npz before fitting")
    ap.add_argument("--card-margin", default="off", help="margin for card decisions: 'off' (the rule "
                    "player's card always stands, the default: measured no better), 'auto' or a number")
    ap.add_argument("--word-margin", default="auto", help="margin for words (contract, announcements): "
                    "'auto' (best on held-out decisions), 'off' or a number")
    ap.add_argument("--update", action="store_true", help="replace the shipped network, benchmarks/results/"
                    "learn_values_<game>.json and docs/img/learn_values_<game>.svg with this run's")
    args = ap.parse_args(argv)
    out = Path(args.out or f"output/learn-values/{args.game}")
    train_values(args.game, out, deals=args.deals, steps=args.steps, batch=args.batch, lr=args.lr,
                 playouts=args.playouts, seed=args.seed, hidden=tuple(args.hidden), quiet=args.quiet,
                 reuse_data=args.reuse_data, card_margin=args.card_margin, word_margin=args.word_margin, add_deals=args.add_deals)
    print(f"written: {out / (args.game + '.npz')}, {out / (args.game + '.json')}, {out / (args.game + '.svg')}")
    if args.update:
        shutil.copyfile(out / f"{args.game}.npz", ROOT / "src" / "stammtisch" / "learn" / "weights" / f"{args.game}.npz")
        shutil.copyfile(out / f"{args.game}.json", ROOT / "benchmarks" / "results" / f"learn_values_{args.game}.json")
        shutil.copyfile(out / f"{args.game}.svg", ROOT / "docs" / "img" / f"learn_values_{args.game}.svg")
        print("updated the shipped network and the committed figures")


if __name__ == "__main__":
    main()
