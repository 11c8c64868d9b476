"""Training the learned players: imitation of the rule player, then policy gradient on the batched games.

The pipeline (docs/learning.md says why this and not PPO from scratch):

1. **Collect** (``collect``): the game's rule-based player plays whole deals through the engine on
   every seat; at each of its decisions the seat's observation (``env.observation_from_view``: its own
   view only), its legal action ids and the rule player's choice are kept. Out-of-turn words and the
   words a batched deal never offers are left out (the network never says them).
2. **Imitate** (``imitate``): a multilayer perceptron learns the rule player's choices (cross-entropy
   over the legal actions, Adam), which gives a player close to the rule player in a few CPU minutes.
3. **Improve** (``improve``): REINFORCE on the batched environment against a frozen copy of the
   imitation network (a fast stand-in for the rule player, millions of decisions per CPU minute), on
   duplicate deals: each iteration deals the same cards twice (two environments reset with the same
   seed), once with the learner on some seats and the frozen copy on the others, once with the copy on
   every seat; the learner's advantage is its seats' reward minus the same seats' reward in the copy's
   game of the same cards, which takes the luck of the deal out of the gradient.

Everything is NumPy (the network is small: the forward and backward pass of a 3-layer perceptron
fit in a page), so the extra ``learn`` only adds the progress bar (tqdm) and the plot (matplotlib).
A checkpoint (``checkpoint.npz``: stage, iteration, weights, optimizer state, the curve) is written
after every stage and every ``--checkpoint-every`` iterations; ``--resume`` continues from it.
The output folder gets the weights (``<game>.npz``), the results (``<game>.json``) and the learning
curve (``<game>.svg``); ``--update`` copies them over the shipped network
(``stammtisch/learn/weights/``), ``benchmarks/results/learn_<game>.json`` and ``docs/img/``.
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
from .player import Network

__all__ = ["MLP", "Adam", "collect", "imitate", "improve_step", "duel", "train", "main"]

#: the seats the learner holds in ``improve``: a team (partners opposite) or one seat
TEAM_GAMES = ("jass", "perlaggen")


class MLP:
    """A trainable perceptron ``O -> H1 -> H2 -> A`` (ReLU), float32; its forward pass is
    :class:`~stammtisch.learn.player.Network`'s."""

    def __init__(self, obs_size: int, num_actions: int, hidden: tuple[int, int] = (256, 128), seed: int = 0,
                 scale: np.ndarray | None = None):
        rng = np.random.default_rng(seed)
        sizes = (obs_size, *hidden, num_actions)
        self.p: dict[str, np.ndarray] = {}
        for i in range(3):
            fan_in = sizes[i]
            self.p[f"W{i + 1}"] = (rng.standard_normal((sizes[i], sizes[i + 1])) * math.sqrt(2.0 / fan_in)).astype(
                np.float32)
            self.p[f"b{i + 1}"] = np.zeros(sizes[i + 1], np.float32)
        self.p["W3"] *= 0.1  # start near uniform over the legal actions
        self.p["scale"] = np.ones(obs_size, np.float32) if scale is None else scale.astype(np.float32)

    def forward(self, obs: np.ndarray) -> tuple[np.ndarray, tuple[np.ndarray, ...]]:
        x = np.asarray(obs, np.float32) * self.p["scale"]
        h1 = np.maximum(x @ self.p["W1"] + self.p["b1"], 0.0)
        h2 = np.maximum(h1 @ self.p["W2"] + self.p["b2"], 0.0)
        return h2 @ self.p["W3"] + self.p["b3"], (x, h1, h2)

    def backward(self, cache: tuple[np.ndarray, ...], dz: np.ndarray) -> dict[str, np.ndarray]:
        """Gradients of a loss whose gradient by the logits is ``dz`` (already divided by the batch)."""
        x, h1, h2 = cache
        g = {"W3": h2.T @ dz, "b3": dz.sum(0)}
        d2 = (dz @ self.p["W3"].T) * (h2 > 0)
        g["W2"], g["b2"] = h1.T @ d2, d2.sum(0)
        d1 = (d2 @ self.p["W2"].T) * (h1 > 0)
        g["W1"], g["b1"] = x.T @ d1, d1.sum(0)
        return g

    def network(self, meta: dict[str, Any]) -> Network:
        return Network({k: v.copy() for k, v in self.p.items()}, {"layers": 3, **meta})

    def save(self, path: Path, meta: dict[str, Any]) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        blob = np.frombuffer(json.dumps({"layers": 3, **meta}, sort_keys=True).encode("utf-8"), np.uint8)
        tmp = path.with_name(path.name + ".tmp.npz")
        np.savez_compressed(tmp, meta=blob, **{k: v.astype(np.float32) for k, v in self.p.items()})
        os.replace(tmp, path)


def masked_softmax(z: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask, z, -1e30)
    z = z - z.max(axis=1, keepdims=True)
    p = np.exp(z) * mask
    p /= p.sum(axis=1, keepdims=True)
    return p


class Adam:
    """Adam (Kingma & Ba 2015) over a dict of arrays, minimising."""

    def __init__(self, params: dict[str, np.ndarray], lr: float):
        self.lr, self.t = lr, 0
        self.m = {k: np.zeros_like(v) for k, v in params.items() if k != "scale"}
        self.v = {k: np.zeros_like(v) for k, v in params.items() if k != "scale"}

    def step(self, params: dict[str, np.ndarray], grads: dict[str, np.ndarray]) -> None:
        self.t += 1
        c1, c2 = 1 - 0.9 ** self.t, 1 - 0.999 ** self.t
        for k, g in grads.items():
            self.m[k] = 0.9 * self.m[k] + 0.1 * g
            self.v[k] = 0.999 * self.v[k] + 0.001 * g * g
            params[k] -= self.lr * (self.m[k] / c1) / (np.sqrt(self.v[k] / c2) + 1e-8)

    def state(self) -> dict[str, np.ndarray]:
        out = {f"m_{k}": v for k, v in self.m.items()} | {f"v_{k}": v for k, v in self.v.items()}
        out["t"] = np.asarray(self.t)
        return out

    def load(self, d: dict[str, np.ndarray]) -> None:
        self.t = int(d["t"])
        for k in self.m:
            self.m[k], self.v[k] = d[f"m_{k}"].copy(), d[f"v_{k}"].copy()


# -- 1. collect the rule player's decisions -----------------------------------------------------
class _Recorder:
    """Plays like ``bot`` and keeps (observation, legal ids, choice) of every decision the batched
    deal could offer."""

    def __init__(self, bot: Any, env: Any, out: list[tuple[np.ndarray, list[int], int]]):
        self.bot, self.env, self.out = bot, env, out
        self.index, self.supported = env.space.index, env.supported

    def choose(self, turn: Turn, rng: Any) -> str:
        a = self.bot.choose(turn, rng)
        if len(turn.legal) > 1:
            ids = [self.index[x] for x in turn.legal if x in self.index and self.supported[self.index[x]]]
            i = self.index.get(a)
            if i is not None and i in ids and len(ids) > 1:
                self.out.append((self.env.observation_from_view(turn.view), ids, i))
        return str(a)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return None  # a batched deal has no out-of-turn words


def collect(game_name: str, deals: int, seed: int, profile: str | None = None,
            progress: Any = None, teacher: str = "rule",
            cpu_budget: float | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The ``teacher``'s decisions (a bot kind of :func:`stammtisch.bots.make`: the rule player, or a
    search level for expert iteration) in up to ``deals`` engine deals it plays on every seat, stopping
    early after ``cpu_budget`` CPU seconds: observations ``(N, O)`` uint8, masks ``(N, A)`` bool,
    choices ``(N,)``."""
    from .. import bots as botkit

    game = registry.get(game_name)
    env = make(game_name, 1, profile=profile)
    rows: list[tuple[np.ndarray, list[int], int]] = []
    kw = {"seed": f"learn:{seed}"} if teacher.startswith("search") else {}
    bot = botkit.make(teacher, game, **kw)
    bots = [_Recorder(bot, env, rows)] * game.num_seats(env.options)
    t0 = time.process_time()
    for d in range(deals):
        m = game.new_match(profile=env.profile, seed=seed * 1_000_003 + d, max_deals=1)
        play_out(m, bots, random.Random(f"{seed}:{d}"), interjections=False)
        if progress is not None:
            progress(1)
        if cpu_budget is not None and time.process_time() - t0 > cpu_budget:
            break
    X = np.stack([r[0] for r in rows])
    M = np.zeros((len(rows), env.num_actions), np.bool_)
    for k, r in enumerate(rows):
        M[k, r[1]] = True
    Y = np.asarray([r[2] for r in rows], np.int64)
    return X, M, Y


# -- 2. imitate ----------------------------------------------------------------------------------
def imitate_step(mlp: MLP, opt: Adam, X: np.ndarray, M: np.ndarray, Y: np.ndarray) -> tuple[float, float]:
    """One Adam step of cross-entropy on a minibatch; its loss and accuracy."""
    z, cache = mlp.forward(X)
    p = masked_softmax(z, M)
    n = len(Y)
    loss = float(-np.log(p[np.arange(n), Y] + 1e-12).mean())
    acc = float((np.where(M, z, -np.inf).argmax(1) == Y).mean())
    dz = p
    dz[np.arange(n), Y] -= 1.0
    opt.step(mlp.p, mlp.backward(cache, dz / n))
    return loss, acc


def imitate(mlp: MLP, opt: Adam, data: tuple[np.ndarray, ...], steps: int, batch: int, rng: np.random.Generator,
            start: int = 0, on_step: Any = None) -> None:
    X, M, Y = data
    for it in range(start, steps):
        idx = rng.integers(0, len(Y), batch)
        loss, acc = imitate_step(mlp, opt, X[idx], M[idx], Y[idx])
        if on_step is not None:
            on_step(it, loss, acc)


# -- 3. improve by policy gradient against the frozen imitation network on duplicate deals -------
def learner_seats(game_name: str, rows: int, num_seats: int, it: int) -> np.ndarray:
    """``(rows, num_seats)`` bool: the seats the learner holds in each row (teams in Jass and
    Perlaggen, one seat elsewhere), rotating with the row and the iteration."""
    k = (np.arange(rows) + it) % (2 if game_name in TEAM_GAMES else num_seats)
    seats = np.arange(num_seats)[None, :]
    return (seats % 2 == k[:, None]) if game_name in TEAM_GAMES else (seats == k[:, None])


def play_batch(env: Any, pick: Any, seed: int) -> tuple[np.ndarray, list[tuple[np.ndarray, ...]]]:
    """One deal per row to its end; ``pick(rows, seats, obs, mask)`` -> actions. Returns every seat's
    reward per row and the decisions ``(rows, seats, obs, mask, actions)`` of each step."""
    env.autoreset = False
    b = env.reset(seed)
    reward = np.zeros((env.num_envs, env.num_seats), np.float32)
    steps = []
    while True:
        live = np.flatnonzero(b.seat >= 0)
        if len(live) == 0:
            return reward, steps
        a = np.full(env.num_envs, -1, np.int64)
        obs, mask, seats = b.obs[live].copy(), b.mask[live].copy(), b.seat[live].copy()
        a[live] = pick(live, seats, obs, mask)
        steps.append((live, seats, obs, mask, a[live].copy()))
        b = env.step(a)
        reward[b.done] = b.reward[b.done]


def improve_step(game_name: str, mlp: MLP, opt: Adam, ref: Network, env: Any, seed: int, it: int,
                 rng: np.random.Generator, entropy: float = 0.01) -> dict[str, float]:
    """One REINFORCE iteration on duplicate deals; the learner's mean advantage (points per deal)."""
    B, S = env.num_envs, env.num_seats
    mine = learner_seats(game_name, B, S, it)

    def ref_only(rows: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        return ref.act(obs, mask)

    base, _ = play_batch(env, ref_only, seed)

    def mixed(rows: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray) -> np.ndarray:
        a = ref.act(obs, mask)
        sel = mine[rows, seats]
        if sel.any():
            z, _ = mlp.forward(obs[sel])
            p = masked_softmax(z, mask[sel])
            u = rng.random((len(p), 1))
            a[sel] = np.minimum((p.cumsum(1) < u).sum(1), p.shape[1] - 1)
        return a

    got, steps = play_batch(env, mixed, seed)
    adv_row = ((got - base) * mine).sum(1) / mine.sum(1)
    scale = float(adv_row.std()) + 1e-6
    xs, ms, acts, advs = [], [], [], []
    for rows, seats, obs, mask, a in steps:
        sel = mine[rows, seats]
        if sel.any():
            xs.append(obs[sel])
            ms.append(mask[sel])
            acts.append(a[sel])
            advs.append(adv_row[rows[sel]] / scale)
    X, M, A, ADV = np.concatenate(xs), np.concatenate(ms), np.concatenate(acts), np.concatenate(advs)
    z, cache = mlp.forward(X)
    p = masked_softmax(z, M)
    n = len(A)
    dz = p.copy()
    dz[np.arange(n), A] -= 1.0
    dz *= ADV[:, None]  # d(-adv log p(a)) / dz
    if entropy:
        logp = np.log(p + 1e-12) * M
        ent = -(p * logp).sum(1, keepdims=True)
        dz += entropy * p * (logp + ent)  # d(-entropy H) / dz
    opt.step(mlp.p, mlp.backward(cache, dz / n))
    return {"advantage": float(adv_row.mean()), "decisions": float(n)}


def duel(game_name: str, a: Network, b: Network, pairs: int, seed: int, profile: str | None = None) -> dict[str, Any]:
    """Greedy ``a`` against greedy ``b`` on ``pairs`` duplicate deals of the batched game (``a`` on the
    learner's seats, then ``b`` there): mean margin per deal of ``a``'s seats and its 95% CI (normal)."""
    env = make(game_name, pairs, profile=profile)
    res = []
    for first, second in ((a, b), (b, a)):
        mine = learner_seats(game_name, pairs, env.num_seats, 0)

        def pick(rows: np.ndarray, seats: np.ndarray, obs: np.ndarray, mask: np.ndarray,
                 f: Network = first, s: Network = second) -> np.ndarray:
            out = s.act(obs, mask)
            sel = mine[rows, seats]
            if sel.any():
                out[sel] = f.act(obs[sel], mask[sel])
            return out

        r, _ = play_batch(env, pick, seed)
        res.append(((r * mine).sum(1) / mine.sum(1)))
    diff = (res[0] - res[1]) / 2  # a on the seats minus b on the same seats, same cards
    mu, se = float(diff.mean()), float(diff.std(ddof=1) / math.sqrt(len(diff)))
    return {"mean": round(mu, 3), "ci95": [round(mu - 1.96 * se, 3), round(mu + 1.96 * se, 3)], "pairs": pairs}


# -- the driver ----------------------------------------------------------------------------------
ROOT = Path(__file__).resolve().parents[3]


def _plot(curve: dict[str, list[Any]], game_name: str, path: Path, teacher: str | None = None) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(10, 3.6))
    if curve["imitate"]:
        it, loss, acc = zip(*curve["imitate"])
        ax1.plot(it, acc, color="#08519c", label="accuracy on the minibatch")
        ax1.set_xlabel("imitation steps")
        ax1.set_ylim(0, 1)
        ax1.set_title(f"{game_name}: imitation of the rule player" + (f" and {teacher}" if teacher else ""))
        ax1b = ax1.twinx()
        ax1b.plot(it, loss, color="#cb181d", alpha=0.6, label="cross-entropy")
        ax1.legend(loc="lower right", fontsize=8)
        ax1b.legend(loc="upper right", fontsize=8)
    if curve["improve"]:
        it = [c["iteration"] for c in curve["improve"]]
        mu = np.asarray([c["vs_imitation"]["mean"] for c in curve["improve"]])
        lo = np.asarray([c["vs_imitation"]["ci95"][0] for c in curve["improve"]])
        hi = np.asarray([c["vs_imitation"]["ci95"][1] for c in curve["improve"]])
        ax2.fill_between(it, lo, hi, color="#9ecae1", alpha=0.6, label="95% CI")
        ax2.plot(it, mu, color="#08519c", label="greedy learner vs imitation network")
        ax2.axhline(0, color="#888", lw=0.8)
        ax2.set_xlabel("policy-gradient iterations")
        ax2.set_ylabel("points per deal (duplicate)")
        ax2.set_title("self-play improvement (batched env)")
        ax2.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path)
    plt.close(fig)


def train(game_name: str, out: Path, *, deals: int = 300, imitate_steps: int = 2000, improve_iters: int = 100,
          batch: int = 256, rl_batch: int = 256, lr: float = 1e-3, rl_lr: float = 1e-4, eval_every: int = 10,
          eval_pairs: int = 1000, checkpoint_every: int = 10, seed: int = 2026, resume: bool = False,
          quiet: bool = False, hidden: tuple[int, int] = (256, 128), profile: str | None = None,
          teacher: str | None = None, teacher_deals: int = 0, teacher_cpu: float | None = None,
          teacher_weight: int = 4, reuse_data: bool = False) -> dict[str, Any]:
    """Collect, imitate, improve (see the module docstring); returns the results written to
    ``out/<game>.json`` beside ``out/<game>.npz`` (weights) and ``out/<game>.svg`` (curves)."""
    from tqdm import tqdm

    out.mkdir(parents=True, exist_ok=True)
    ck_path, data_path = out / "checkpoint.npz", out / "data.npz"
    rng = np.random.default_rng(seed)
    env = make(game_name, rl_batch, profile=profile)
    meta = {"game": game_name, "profile": env.profile, "hidden": list(hidden)}
    cpu0, wall0, load0 = time.process_time(), time.perf_counter(), os.getloadavg()
    state: dict[str, Any] = {"stage": "collect", "iteration": 0, "cpu": 0.0,
                             "curve": {"imitate": [], "improve": []}}
    mlp: MLP | None = None
    opt: Adam | None = None
    if resume and ck_path.exists():
        with np.load(ck_path, allow_pickle=False) as z:
            state = json.loads(bytes(z["state"]).decode("utf-8"))
            mlp = MLP(env.obs_size, env.num_actions, hidden, seed)
            for k in mlp.p:
                mlp.p[k] = z[f"p_{k}"].copy()
            opt = Adam(mlp.p, lr if state["stage"] in ("collect", "imitate") else rl_lr)
            opt.load({k[4:]: z[k] for k in z.files if k.startswith("opt_")})
            rng = np.random.default_rng([seed, state["iteration"], len(state["curve"]["improve"])])
        if state["stage"] == "done" and state["iteration"] < improve_iters:
            state["stage"] = "improve"  # asked for more iterations than the finished run made
        if not quiet:
            print(f"resuming {game_name} at {state['stage']} {state['iteration']}", flush=True)
    cpu_before = float(state["cpu"])

    def checkpoint() -> None:
        assert mlp is not None and opt is not None
        state["cpu"] = cpu_before + time.process_time() - cpu0
        blob = np.frombuffer(json.dumps(state).encode("utf-8"), np.uint8)
        tmp = out / "checkpoint.tmp.npz"
        np.savez(tmp, state=blob, **{f"p_{k}": v for k, v in mlp.p.items()},
                 **{f"opt_{k}": v for k, v in opt.state().items()})
        os.replace(tmp, ck_path)

    # 1. collect
    if data_path.exists() and (resume or reuse_data or state["stage"] != "collect"):
        with np.load(data_path) as z:
            data = (z["X"], z["M"], z["Y"])
            n_teacher = int(z["n_teacher"]) if "n_teacher" in z.files else 0
            deals = int(z["rule_deals"]) if "rule_deals" in z.files else deals
            teacher_weight = int(z["teacher_weight"]) if "teacher_weight" in z.files else teacher_weight
    else:
        with tqdm(total=deals, desc=f"{game_name}: rule player's deals", disable=quiet, mininterval=5) as bar:
            data = collect(game_name, deals, seed, profile, bar.update)
        n_teacher = 0
        if teacher and teacher_deals:
            # expert iteration's first step: the search player's decisions, repeated teacher_weight times
            with tqdm(total=teacher_deals, desc=f"{game_name}: {teacher}'s deals", disable=quiet,
                      mininterval=5) as bar:
                tdata = collect(game_name, teacher_deals, seed + 1, profile, bar.update, teacher, teacher_cpu)
            n_teacher = len(tdata[2])
            data = tuple(np.concatenate([d] + [t] * teacher_weight) for d, t in zip(data, tdata))  # type: ignore[assignment]
        np.savez_compressed(data_path, X=data[0], M=data[1], Y=data[2], n_teacher=n_teacher, rule_deals=deals,
                            teacher_weight=teacher_weight)
    state["decisions_collected"] = int(len(data[2]))
    state["teacher_decisions"] = n_teacher
    if mlp is None:
        scale = 1.0 / np.maximum(1.0, data[0].max(axis=0).astype(np.float32))
        mlp = MLP(env.obs_size, env.num_actions, hidden, seed, scale)
        opt = Adam(mlp.p, lr)
        state["stage"], state["iteration"] = "imitate", 0
    assert opt is not None
    # 2. imitate (the last 10% of the decisions held out)
    n = len(data[2])
    perm = np.random.default_rng(seed).permutation(n)
    held, fit = perm[: n // 10], perm[n // 10:]
    train_data = tuple(d[fit] for d in data)
    if state["stage"] == "imitate":
        with tqdm(total=imitate_steps, initial=state["iteration"], desc=f"{game_name}: imitation",
                  disable=quiet, mininterval=5) as bar:
            def on_step(it: int, loss: float, acc: float) -> None:
                bar.update(1)
                state["iteration"] = it + 1
                if it % 50 == 0 or it + 1 == imitate_steps:
                    state["curve"]["imitate"].append([it, round(loss, 4), round(acc, 4)])
                    bar.set_postfix(loss=f"{loss:.3f}", acc=f"{acc:.3f}")
                if (it + 1) % (checkpoint_every * 50) == 0:
                    checkpoint()

            imitate(mlp, opt, train_data, imitate_steps, batch, rng, state["iteration"], on_step)
        z, _ = mlp.forward(data[0][held])
        state["heldout_accuracy"] = round(float((np.where(data[1][held], z, -np.inf).argmax(1)
                                                 == data[2][held]).mean()), 4)
        mlp.save(out / "imitation.npz", meta)
        state["stage"], state["iteration"] = "improve", 0
        opt = Adam(mlp.p, rl_lr)
        checkpoint()
    ref = load_checkpoint_network(out / "imitation.npz")
    # 3. improve
    if state["stage"] == "improve":
        with tqdm(total=improve_iters, initial=state["iteration"], desc=f"{game_name}: policy gradient",
                  disable=quiet, mininterval=5) as bar:
            while state["iteration"] < improve_iters:
                it = state["iteration"]
                r = improve_step(game_name, mlp, opt, ref, env, seed=seed * 7919 + it, it=it, rng=rng)
                state["iteration"] = it + 1
                bar.update(1)
                bar.set_postfix(advantage=f"{r['advantage']:.2f}")
                if (it + 1) % eval_every == 0 or it + 1 == improve_iters:
                    v = duel(game_name, mlp.network(meta), ref, eval_pairs, seed=10_000_000 + it, profile=profile)
                    state["curve"]["improve"].append({"iteration": it + 1, "vs_imitation": v,
                                                      "cpu_s": round(cpu_before + time.process_time() - cpu0, 1)})
                    bar.set_postfix(advantage=f"{r['advantage']:.2f}", vs_imitation=f"{v['mean']:.2f}")
                if (it + 1) % checkpoint_every == 0:
                    checkpoint()
        state["stage"] = "done"
        checkpoint()
    # the network shipped: the improved one where it beats the imitation network on fresh deals,
    # else the imitation network
    final = duel(game_name, mlp.network(meta), ref, eval_pairs * 2, seed=99, profile=profile)
    chosen = "improved" if final["ci95"][0] > 0 else "imitation"
    if chosen == "improved":
        mlp.save(out / f"{game_name}.npz", {**meta, "stage": "improved"})
    else:
        import shutil

        shutil.copyfile(out / "imitation.npz", out / f"{game_name}.npz")
    results = {"game": game_name, "profile": env.profile, "decisions_collected": state["decisions_collected"],
               "rule_deals": deals, "teacher": teacher, "teacher_decisions": state.get("teacher_decisions", 0),
               "teacher_weight": teacher_weight, "imitation_steps": imitate_steps, "heldout_accuracy": state.get("heldout_accuracy"),
               "improve_iterations": improve_iters, "rl_batch": rl_batch, "final_vs_imitation": final,
               "shipped": chosen, "cpu_s": round(cpu_before + time.process_time() - cpu0, 1),
               "wall_s_this_run": round(time.perf_counter() - wall0, 1), "load_before": [round(v, 2) for v in load0],
               "load_after": [round(v, 2) for v in os.getloadavg()], "hidden": list(hidden), "seed": seed,
               "machine": "2 cores shared with other jobs (nice 10)", "curve": state["curve"]}
    (out / f"{game_name}.json").write_text(json.dumps(results, indent=1) + "\n", encoding="utf-8")
    _plot(state["curve"], game_name, out / f"{game_name}.svg", teacher if state.get("teacher_decisions") else None)
    return results


def load_checkpoint_network(path: Path) -> Network:
    with np.load(path, allow_pickle=False) as z:
        params = {k: z[k] for k in z.files}
    meta = json.loads(bytes(params.pop("meta")).decode("utf-8"))
    return Network(params, meta)


def main(argv: list[str] | None = None) -> None:
    import argparse
    import shutil

    ap = argparse.ArgumentParser(prog="python -m stammtisch.learn", description="Train a learned player "
                                 "(imitation of the rule player, then policy gradient on the batched game).")
    ap.add_argument("game", choices=("jass", "doppelkopf", "tarock", "perlaggen"))
    ap.add_argument("--out", default=None, help="output folder (default output/learn/<game>)")
    ap.add_argument("--deals", type=int, default=300, help="rule-player deals to imitate")
    ap.add_argument("--imitate-steps", type=int, default=2000)
    ap.add_argument("--improve-iters", type=int, default=100)
    ap.add_argument("--batch", type=int, default=256, help="decisions per imitation step")
    ap.add_argument("--rl-batch", type=int, default=256, help="deals per policy-gradient iteration")
    ap.add_argument("--lr", type=float, default=1e-3)
    ap.add_argument("--rl-lr", type=float, default=1e-4)
    ap.add_argument("--eval-every", type=int, default=10)
    ap.add_argument("--checkpoint-every", type=int, default=10, help="policy-gradient iterations between "
                    "checkpoints (imitation: this many times 50 steps)")
    ap.add_argument("--eval-pairs", type=int, default=1000)
    ap.add_argument("--teacher", default=None, help="a stronger bot kind to imitate as well (e.g. search:easy)")
    ap.add_argument("--teacher-deals", type=int, default=0, help="deals the teacher plays (at most)")
    ap.add_argument("--teacher-cpu", type=float, default=None, help="CPU seconds for the teacher's deals (at most)")
    ap.add_argument("--teacher-weight", type=int, default=4, help="how often a teacher decision counts")
    ap.add_argument("--hidden", type=int, nargs=2, default=(256, 128))
    ap.add_argument("--quiet", action="store_true", help="no progress bars")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--resume", action="store_true", help="continue from the output folder's checkpoint")
    ap.add_argument("--reuse-data", action="store_true", help="train afresh on the decisions collected before "
                    "in the output folder (data.npz)")
    ap.add_argument("--update", action="store_true", help="replace the shipped network, benchmarks/results/"
                    "learn_<game>.json and docs/img/learn_<game>.svg with this run's")
    args = ap.parse_args(argv)
    out = Path(args.out or f"output/learn/{args.game}")
    train(args.game, out, deals=args.deals, imitate_steps=args.imitate_steps, improve_iters=args.improve_iters,
          batch=args.batch, rl_batch=args.rl_batch, lr=args.lr, rl_lr=args.rl_lr, eval_every=args.eval_every,
          eval_pairs=args.eval_pairs, checkpoint_every=args.checkpoint_every, seed=args.seed, resume=args.resume,
          teacher=args.teacher,
          teacher_deals=args.teacher_deals, teacher_cpu=args.teacher_cpu, teacher_weight=args.teacher_weight,
          hidden=tuple(args.hidden), quiet=args.quiet, reuse_data=args.reuse_data)
    print(f"written: {out / (args.game + '.npz')}, {out / (args.game + '.json')}, {out / (args.game + '.svg')}")
    if args.update:
        shutil.copyfile(out / f"{args.game}.npz", ROOT / "src" / "stammtisch" / "learn" / "weights" / f"{args.game}.npz")
        shutil.copyfile(out / f"{args.game}.json", ROOT / "benchmarks" / "results" / f"learn_{args.game}.json")
        shutil.copyfile(out / f"{args.game}.svg", ROOT / "docs" / "img" / f"learn_{args.game}.svg")
        print("updated the shipped network and the committed figures")
