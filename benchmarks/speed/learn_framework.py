"""One training step of the learned players' perceptron: the NumPy trainer against PyTorch on the CPU.

For each game's network size (the batched observation's bytes → 256 → 128 → its action ids) one
minibatch step (forward, backward, Adam) is timed in CPU seconds, side by side in one run: the
NumPy code the trainer uses (``stammtisch.learn.train``: ``MLP`` and ``Adam``) and, where ``torch`` is
importable, the same network in PyTorch (``torch.nn.Linear`` ×3, ``torch.optim.Adam``), both on one
thread (``OMP_NUM_THREADS=1``, ``torch.set_num_threads(1)``), the loss the values trainer uses
(squared error on the legal actions). PyTorch is not a dependency: run this with a Python that has
both (``pip install torch==2.13.0`` in a scratch venv, ``--src`` pointing at this checkout's ``src``).

Run: ``OMP_NUM_THREADS=1 python benchmarks/speed/learn_framework.py`` (``--update`` replaces
``benchmarks/results/learn_framework.json``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
sys.path.insert(1, str(Path(__file__).resolve().parents[2] / "src"))

import numpy as np

from benchmarks._common import add_results_arg, write_result

#: the batched observation's bytes and action ids per game (``stammtisch.vector.make(game).obs_size``
#: and ``.num_actions``), read off the shipped networks so that this script needs no Numba
SIZES_FROM = "src/stammtisch/learn/weights"


def sizes() -> dict[str, tuple[int, int]]:
    out = {}
    root = Path(__file__).resolve().parents[2] / SIZES_FROM
    for p in sorted(root.glob("*.npz")):
        with np.load(p) as z:
            out[p.stem] = (int(z["W1"].shape[0]), int(z["W3"].shape[1]))
    return out


def numpy_step(obs: int, acts: int, batch: int, steps: int) -> float:
    from stammtisch.learn.train import MLP, Adam

    rng = np.random.default_rng(0)
    mlp = MLP(obs, acts, (256, 128), seed=0, scale=np.full(obs, 0.5, np.float32))
    opt = Adam(mlp.p, 1e-3)
    X = rng.integers(0, 3, (batch, obs)).astype(np.uint8)
    M = rng.random((batch, acts)) < 0.2
    T = rng.standard_normal((batch, acts)).astype(np.float32)
    t = time.process_time()
    for _ in range(steps):
        z, cache = mlp.forward(X)
        err = np.where(M, z - T, 0.0).astype(np.float32)
        opt.step(mlp.p, mlp.backward(cache, err * (2.0 / batch)))
    return (time.process_time() - t) / steps


def torch_step(obs: int, acts: int, batch: int, steps: int) -> float | None:
    try:
        import torch
    except ImportError:
        return None
    torch.set_num_threads(1)
    torch.manual_seed(0)
    net = torch.nn.Sequential(torch.nn.Linear(obs, 256), torch.nn.ReLU(), torch.nn.Linear(256, 128),
                              torch.nn.ReLU(), torch.nn.Linear(128, acts))
    opt = torch.optim.Adam(net.parameters(), 1e-3)
    rng = np.random.default_rng(0)
    X = torch.from_numpy(rng.integers(0, 3, (batch, obs)).astype(np.float32) * 0.5)
    M = torch.from_numpy(rng.random((batch, acts)) < 0.2)
    T = torch.from_numpy(rng.standard_normal((batch, acts)).astype(np.float32))
    t = time.process_time()
    for _ in range(steps):
        z = net(X)
        loss = (torch.where(M, z - T, torch.zeros_like(z)) ** 2).sum() / batch
        opt.zero_grad()
        loss.backward()
        opt.step()
    return (time.process_time() - t) / steps


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--steps", type=int, default=200)
    add_results_arg(ap)
    args = ap.parse_args()
    load0 = os.getloadavg()
    games = {}
    torch_version = None
    try:
        import torch

        torch_version = torch.__version__
    except ImportError:
        pass
    for g, (obs, acts) in sizes().items():
        # interleaved twice, so that both see the machine's load alike
        a1 = numpy_step(obs, acts, args.batch, args.steps)
        b1 = torch_step(obs, acts, args.batch, args.steps)
        a2 = numpy_step(obs, acts, args.batch, args.steps)
        b2 = torch_step(obs, acts, args.batch, args.steps)
        np_ms = 1000 * (a1 + a2) / 2
        games[g] = {"obs": obs, "actions": acts, "numpy_ms_per_step": round(np_ms, 3)}
        if b1 is not None and b2 is not None:
            t_ms = 1000 * (b1 + b2) / 2
            games[g] |= {"torch_ms_per_step": round(t_ms, 3), "numpy_over_torch": round(np_ms / t_ms, 2)}
        print(g, games[g], flush=True)
    write_result("learn_framework", {"batch": args.batch, "steps": args.steps, "games": games,
                                     "numpy": np.__version__, "torch": torch_version,
                                     "threads": 1, "load_before": [round(v, 2) for v in load0],
                                     "load_after": [round(v, 2) for v in os.getloadavg()],
                                     "note": "CPU seconds per minibatch step (forward, backward, Adam), one "
                                             "thread each, interleaved in one run on a 2-core machine shared "
                                             "with other jobs"})


if __name__ == "__main__":
    main()
