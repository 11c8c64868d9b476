"""Train a small Schieber Jass policy by self-play on the batched environment, then measure it.

A linear softmax policy over the legal actions (one weight per observation field and action id,
NumPy only) is trained with REINFORCE: every iteration deals ``--batch`` fresh deals on
``stammtisch.vector`` with the same policy on all four seats, plays each deal to its end and pushes
every decision towards the actions of seats whose team did better than the batch average (the
reward is the settlement's: own team's points minus the other team's). Along the way and at the
end the greedy policy plays duplicate deals against the random player on the batched env (the same
deals twice, the policy on team 1/3 and then on team 2/4), which gives the learning curve with its
95% confidence intervals; at the end it plays the game's rule player through the engine
(``Match`` + ``play_out``: the policy sees only ``view(seat)``, turned into the same observation).

Run (extra ``train``; 2 cores, a few minutes)::

    .venv/bin/pip install -e '.[train]'
    OMP_NUM_THREADS=1 .venv/bin/python examples/jass_selfplay.py --minutes 6

Writes ``output/examples/jass_selfplay.svg`` (the learning curve) and ``output/examples/jass_selfplay.json``;
``--update`` writes the committed ``docs/img/jass_selfplay.svg`` and ``examples/results/jass_selfplay.json`` instead.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import time
from pathlib import Path
from typing import Any

import numpy as np

from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Match, Turn
from stammtisch.games.jass import GAME
from stammtisch.vector import make

ROOT = Path(__file__).resolve().parent.parent


class LinearPolicy:
    """Logits ``features(obs) @ W`` over the action ids, masked to the legal ones."""

    def __init__(self, env: Any):
        self.scale = np.ones(env.obs_size, np.float32)
        for field, div in (("card_points", 157.0), ("tricks_won", 9.0), ("trick_number", 8.0)):
            at, n = env.layout[field]
            self.scale[at:at + n] = 1.0 / div
        self.W = np.zeros((env.obs_size + 1, env.num_actions), np.float32)

    def features(self, obs: np.ndarray) -> np.ndarray:
        x = np.empty((obs.shape[0], obs.shape[1] + 1), np.float32)
        np.multiply(obs, self.scale, out=x[:, :-1])
        x[:, -1] = 1.0
        return x

    def probs(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        z = x @ self.W
        z = np.where(mask, z, -np.inf)
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        return p

    def act(self, obs: np.ndarray, mask: np.ndarray, rng: np.random.Generator | None) -> np.ndarray:
        """Sampled actions (``rng``) or the greedy ones (``rng is None``)."""
        x = self.features(obs)
        if rng is None:
            z = np.where(mask, x @ self.W, -np.inf)
            return z.argmax(axis=1)
        p = self.probs(x, mask)
        u = rng.random((p.shape[0], 1))
        return np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)


class Adam:
    def __init__(self, shape: tuple[int, ...], lr: float):
        self.m = np.zeros(shape, np.float32)
        self.v = np.zeros(shape, np.float32)
        self.t = 0
        self.lr = lr

    def step(self, w: np.ndarray, g: np.ndarray) -> None:
        self.t += 1
        self.m = 0.9 * self.m + 0.1 * g
        self.v = 0.999 * self.v + 0.001 * g * g
        mh = self.m / (1 - 0.9 ** self.t)
        vh = self.v / (1 - 0.999 ** self.t)
        w += self.lr * mh / (np.sqrt(vh) + 1e-8)  # ascent


def selfplay_batch(env: Any, pol: LinearPolicy, seed: int, rng: np.random.Generator) -> tuple[np.ndarray, ...]:
    """One deal per row, every seat the policy: features, masks, actions, returns of every decision."""
    b = env.reset(seed)
    xs, ms, acts, rows, seats = [], [], [], [], []
    ret = np.zeros((env.num_envs, 4), np.float32)
    live = np.ones(env.num_envs, bool)
    while live.any():
        idx = np.flatnonzero(live)
        x = pol.features(b.obs[idx])
        m = b.mask[idx].copy()
        a = np.full(env.num_envs, -1, np.int64)
        p = pol.probs(x, m)
        u = rng.random((len(idx), 1))
        a[idx] = np.minimum((p.cumsum(axis=1) < u).sum(axis=1), p.shape[1] - 1)
        xs.append(x)
        ms.append(m)
        acts.append(a[idx])
        rows.append(idx)
        seats.append(b.seat[idx].copy())
        b = env.step(a)
        ret[b.done] = b.reward[b.done]
        live &= ~b.done
    row = np.concatenate(rows)
    seat = np.concatenate(seats)
    return np.concatenate(xs), np.concatenate(ms), np.concatenate(acts), ret[row, seat]


def gradient(pol: LinearPolicy, x: np.ndarray, m: np.ndarray, a: np.ndarray, adv: np.ndarray) -> np.ndarray:
    p = pol.probs(x, m)
    p[np.arange(len(a)), a] -= 1.0
    p *= -adv[:, None]  # d log pi(a) / d logits = onehot(a) - p
    return (x.T @ p) / len(a)


def duel_vs_random(pol: LinearPolicy, deals: int, seed: int) -> dict[str, Any]:
    """Duplicate deals on the batched env: the same deals with the policy on team 0, then team 1
    (row g's deal depends only on the seed and g, never on the actions)."""
    margins = []
    for team in (0, 1):
        env = make("jass", deals)
        env.autoreset = False
        b = env.reset(seed)
        pts = np.zeros((deals, 2))
        while (b.seat >= 0).any():
            rnd = env.sample_actions().copy()
            mine = pol.act(b.obs, b.mask, None)
            a = np.where((b.seat & 1) == team, mine, rnd)
            a[b.seat < 0] = -1
            b = env.step(a)
            pts[b.done] = b.points[b.done]
        margins.append(pts[:, team] - pts[:, 1 - team])
    pair = (margins[0] + margins[1]) / 2
    return mean_ci(pair)


def mean_ci(xs: np.ndarray) -> dict[str, Any]:
    n = len(xs)
    mu = float(xs.mean())
    se = float(xs.std(ddof=1) / math.sqrt(n))
    return {"mean": round(mu, 1), "ci95": [round(mu - 1.96 * se, 1), round(mu + 1.96 * se, 1)], "n": n}


class PolicyBot:
    """The trained policy as an engine bot: the observation from the seat's view only, the mask
    from its legal actions (the batched game's actions: single Weis items, Rest and Bedanken are
    never said)."""

    name = "linear-policy"

    def __init__(self, pol: LinearPolicy, env: Any):
        self.pol, self.env = pol, env
        self.index = env.space.index

    def choose(self, turn: Turn, rng: Any) -> str:
        ids = [self.index[a] for a in turn.legal if self.env.supported[self.index[a]]]
        if not ids:
            return next(a for a in turn.legal if a != "bedanken")
        obs = self.env.observation_from_view(turn.view)[None, :]
        mask = np.zeros((1, self.env.num_actions), bool)
        mask[0, ids] = True
        return self.env.space.actions[int(self.pol.act(obs, mask, None)[0])]

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return None


def duel_vs_rule(pol: LinearPolicy, pairs: int, seed: int) -> dict[str, Any]:
    env = make("jass", 1)
    me, rule = PolicyBot(pol, env), GAME.rule_bot()
    options = GAME.options()
    margins = []
    for i in range(pairs):
        rng = random.Random(f"{seed}:{i}:deal")
        dealer = GAME.first_dealer(options, rng)
        deal = GAME.deal(options, dealer, rng, {})
        m2 = []
        for team in (0, 1):
            m = Match(GAME, "standard", {}, max_deals=1, recorded=[(dealer, deal)])
            play_out(m, [me if s & 1 == team else rule for s in range(4)], random.Random(f"{seed}:{i}:play"),
                     interjections=False)
            p = m.logs[0].result.points
            m2.append(p[team] - p[1 - team])
        margins.append(sum(m2) / 2)
    return mean_ci(np.asarray(margins, float))


def svg(curve: list[dict[str, Any]], path: Path) -> None:
    """The learning curve: mean margin against the random player per deal, with the 95% CI band."""
    w, h, left, r, t, bt = 640, 360, 60, 20, 30, 40
    xs = [c["seconds"] for c in curve]
    lo = min(min(c["vs_random"]["ci95"][0] for c in curve), 0.0)
    hi = max(c["vs_random"]["ci95"][1] for c in curve) * 1.05 + 1
    X = lambda v: left + (w - left - r) * v / max(xs[-1], 1e-9)  # noqa: E731
    Y = lambda v: t + (h - t - bt) * (hi - v) / (hi - lo)  # noqa: E731
    band = [f"{X(x):.1f},{Y(c['vs_random']['ci95'][1]):.1f}" for x, c in zip(xs, curve)]
    band += [f"{X(x):.1f},{Y(c['vs_random']['ci95'][0]):.1f}" for x, c in reversed(list(zip(xs, curve)))]
    line = " ".join(f"{X(x):.1f},{Y(c['vs_random']['mean']):.1f}" for x, c in zip(xs, curve))
    step = next(st for st in (10, 20, 25, 50, 100, 200, 500, 1000) if (hi - lo) / st <= 8)
    ticks = "".join(f'<text x="{left - 6}" y="{Y(v) + 4:.1f}" text-anchor="end">{v:.0f}</text>'
                    f'<line x1="{left}" x2="{w - r}" y1="{Y(v):.1f}" y2="{Y(v):.1f}" stroke="#ddd"/>'
                    for v in np.arange(math.ceil(lo / step) * step, hi, step))
    xt = "".join(f'<text x="{X(v):.1f}" y="{h - bt + 16}" text-anchor="middle">{v:.0f}</text>'
                 for v in np.linspace(0, xs[-1], 6))
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" font-family="sans-serif" font-size="11">'
        f'<rect width="{w}" height="{h}" fill="white"/>{ticks}{xt}'
        f'<line x1="{left}" x2="{w - r}" y1="{Y(0):.1f}" y2="{Y(0):.1f}" stroke="#888"/>'
        f'<polygon points="{" ".join(band)}" fill="#9ecae1" opacity="0.6"/>'
        f'<polyline points="{line}" fill="none" stroke="#08519c" stroke-width="2"/>'
        f'<text x="{left}" y="18">Schieber Jass: linear policy (self-play) vs random player, points per deal '
        f'(duplicate pairs, 95% CI)</text>'
        f'<text x="{(w + left) / 2}" y="{h - 8}" text-anchor="middle">training seconds (CPU)</text></svg>\n',
        encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=float, default=6.0, help="training time budget (CPU minutes)")
    ap.add_argument("--batch", type=int, default=512, help="deals per self-play iteration")
    ap.add_argument("--lr", type=float, default=0.02)
    ap.add_argument("--eval-every", type=int, default=10, help="iterations between evaluations")
    ap.add_argument("--eval-deals", type=int, default=1000, help="duplicate pairs per evaluation vs random")
    ap.add_argument("--rule-pairs", type=int, default=200, help="duplicate pairs against the rule player at the end")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--svg", default=None, help="the learning curve (default output/examples/jass_selfplay.svg)")
    ap.add_argument("--out", default=None, help="the results (default output/examples/jass_selfplay.json)")
    ap.add_argument("--update", action="store_true", help="write the committed figures: docs/img/jass_selfplay.svg "
                    "and examples/results/jass_selfplay.json")
    ap.add_argument("--plot-only", action="store_true", help="redraw the SVG from the results file, no training")
    args = ap.parse_args()
    committed = (ROOT / "docs" / "img" / "jass_selfplay.svg", ROOT / "examples" / "results" / "jass_selfplay.json")
    scratch = (ROOT / "output" / "examples" / "jass_selfplay.svg", ROOT / "output" / "examples" / "jass_selfplay.json")
    default_svg, default_out = committed if args.update else scratch
    args.svg = args.svg or str(default_svg)
    args.out = args.out or str(default_out)
    if args.plot_only:
        svg(json.loads(Path(args.out).read_text(encoding="utf-8"))["curve"], Path(args.svg))
        return
    rng = np.random.default_rng(args.seed)
    env = make("jass", args.batch)
    env.autoreset = False  # one deal per row and iteration; a finished row waits
    pol = LinearPolicy(env)
    opt = Adam(pol.W.shape, args.lr)
    load0 = os.getloadavg()
    curve: list[dict[str, Any]] = []
    t0 = time.process_time()
    wall0 = time.perf_counter()
    it = 0
    decisions = 0

    def evaluate() -> None:
        r = duel_vs_random(pol, args.eval_deals, seed=10_000_000 + it)
        curve.append({"iteration": it, "deals": it * args.batch, "seconds": round(time.process_time() - t0, 1),
                      "vs_random": r})
        print(f"iter {it:4d}  {curve[-1]['seconds']:7.1f}s  vs random {r['mean']:7.1f}  CI {r['ci95']}", flush=True)

    evaluate()
    while time.process_time() - t0 < args.minutes * 60:
        x, m, a, ret = selfplay_batch(env, pol, seed=it, rng=rng)
        decisions += len(a)
        adv = ret / (ret.std() + 1e-6)  # zero-sum: the batch mean is 0 by construction
        opt.step(pol.W, gradient(pol, x, m, a, adv))
        it += 1
        if it % args.eval_every == 0:
            evaluate()
    if curve[-1]["iteration"] != it:
        evaluate()
    train_cpu = time.process_time() - t0
    train_wall = time.perf_counter() - wall0
    final = duel_vs_random(pol, 5000, seed=99)
    print(f"final vs random over 5000 pairs: {final}", flush=True)
    t1 = time.perf_counter()
    vs_rule = duel_vs_rule(pol, args.rule_pairs, seed=7)
    print(f"vs the rule player over {args.rule_pairs} pairs: {vs_rule}", flush=True)
    out = {"iterations": it, "deals_trained": it * args.batch, "decisions_trained": decisions,
           "train_cpu_s": round(train_cpu, 1), "train_wall_s": round(train_wall, 1),
           "final_vs_random": final, "vs_rule": vs_rule, "rule_seconds": round(time.perf_counter() - t1, 1),
           "curve": curve, "args": vars(args), "load_before": [round(v, 2) for v in load0],
           "load_after": [round(v, 2) for v in os.getloadavg()]}
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    svg(curve, Path(args.svg))
    np.savez_compressed(Path(args.out).with_suffix(".npz"), W=pol.W)


if __name__ == "__main__":
    main()
