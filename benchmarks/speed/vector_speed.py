"""Steps per second of the batched environments against the object protocol, side by side in one run.

Per game with a batched environment (``stammtisch.vector``):

* ``vector``: ``env.step(env.sample_actions())`` over ``B`` deals at once (uniformly random legal
  actions, auto-reset; the observation and the legal mask of every row written at every step):
  decisions per CPU second. Games without a compiled step (``"compiled": false``) run the engine
  fallback (one engine deal per row, ``B`` at most 256): their ratio is the engine's, near 1;
* ``protocol``: ``Game.new_match`` + ``play_out`` with random bots (the object protocol: every
  decision a ``Turn`` with the legal actions as strings, validated ``apply``), decisions per CPU
  second, counted over whole random deals;
* ``deal_ids``: the integer API on the deal state alone (``legal_action_ids`` / ``apply_id``), the
  fastest step-by-step Python path, for comparison.

The loops run in alternating rounds (the machine is shared: load hits all alike); each keeps its
best round, in CPU seconds. ``ratio`` is ``vector / protocol``, ``ratio_vs_ids`` ``vector / deal_ids``.
The load average is written before and after the run and before each game (``load``), with the
run's wall and CPU seconds; every compiled game (``stammtisch.vector.COMPILED_GAMES``) and every
fallback is measured in the same run unless ``--games`` names fewer.

Run: ``.venv/bin/python benchmarks/speed/vector_speed.py [--json] [--quick] [--batch 10000]``; writes
``benchmarks/results/vector_speed.json`` (``--quick``: ``vector_speed_quick.json``, under 3 minutes).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, results_path

from stammtisch.bots.random import RandomBot
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import DealContext
from stammtisch.vector import COMPILED_GAMES, GAMES, make


def load() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def vector_round(env: Any, seconds: float) -> float:
    """Decisions per CPU second of the batched env (one round)."""
    n = 0
    t0 = time.process_time()
    while True:
        env.step(env.sample_actions())
        n += env.num_envs
        dt = time.process_time() - t0
        if dt >= seconds:
            return n / dt


def protocol_round(name: str, seconds: float, seed: int) -> tuple[float, float]:
    """Decisions per CPU second through ``play_out`` with random bots, and through the deal's ids."""
    game = registry.get(name)
    bot = RandomBot()
    rng = random.Random(seed)
    steps = 0
    t0 = time.process_time()
    i = 0
    while True:
        m = game.new_match(seed=seed + i, max_deals=1)
        i += 1
        before = 0
        play_out(m, [bot] * m.n, rng, interjections=False)
        steps += len(m.logs[0].actions) - before
        dt = time.process_time() - t0
        if dt >= seconds:
            break
    proto = steps / dt
    options = game.options()
    cols = tuple(0 for _ in game.columns(options))
    steps = 0
    t0 = time.process_time()
    while True:
        drng = random.Random(seed + i)
        i += 1
        dealer = game.first_dealer(options, drng)
        st = game.new_deal(options, DealContext(0, dealer, game.deal(options, dealer, drng, {}), cols))
        rr = rng.randrange
        while not st.is_over():
            s = st.to_act()[0]
            ids = st.legal_action_ids(s)
            st.apply_id(s, ids[rr(len(ids))])
            steps += 1
        st.result()
        dt = time.process_time() - t0
        if dt >= seconds:
            break
    return proto, steps / dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--json", action="store_true", help="print only the per-game JSON summary")
    ap.add_argument("--quick", action="store_true", help="short rounds (under 3 minutes in all)")
    ap.add_argument("--batch", type=int, default=10_000, help="deals per batched env (default 10000)")
    ap.add_argument("--seconds", type=float, default=None, help="CPU seconds per loop and round")
    ap.add_argument("--rounds", type=int, default=None)
    ap.add_argument("--games", nargs="*", default=list(GAMES))
    ap.add_argument("--out", default=None, help="results file (default benchmarks/results/vector_speed[_quick].json)")
    add_results_arg(ap)
    args = ap.parse_args()
    seconds = args.seconds or (1.0 if args.quick else 3.0)
    rounds = args.rounds or (1 if args.quick else 3)
    out: dict[str, Any] = {"load_before": load(), "compiled_games": list(COMPILED_GAMES), "batch": args.batch, "seconds": seconds, "rounds": rounds,
                           "what": "decisions per CPU second, best round; protocol = play_out with random bots; "
                                   "vector = env.step(env.sample_actions()) with obs and mask written",
                           "games": {}}
    summary: dict[str, Any] = {}
    wall0, cpu0 = time.perf_counter(), time.process_time()
    for name in args.games:
        game_load = load()
        t_compile = time.perf_counter()
        env = make(name, args.batch)
        if not env.compiled:  # the engine fallback: one Python deal state per row
            env = make(name, min(args.batch, 256))
        env.reset(seed=1)
        for _ in range(3):
            env.step(env.sample_actions())
        compile_s = time.perf_counter() - t_compile
        best = {"vector": 0.0, "protocol": 0.0, "deal_ids": 0.0}
        every: dict[str, list[float]] = {k: [] for k in best}
        for r in range(rounds):
            v = vector_round(env, seconds)
            p, ids = protocol_round(name, seconds, 1000 * r)
            for k, x in (("vector", v), ("protocol", p), ("deal_ids", ids)):
                every[k].append(round(x))
                best[k] = max(best[k], x)
        row = {"compiled": env.compiled, "batch": env.num_envs, "vector_steps_per_s": round(best["vector"]), "protocol_steps_per_s": round(best["protocol"]),
               "ratio": round(best["vector"] / best["protocol"], 1),
               "deal_ids_steps_per_s": round(best["deal_ids"]),
               "ratio_vs_ids": round(best["vector"] / best["deal_ids"], 1)}
        summary[name] = row
        out["games"][name] = {**row, "rounds": every, "setup_and_compile_s": round(compile_s, 2), "load": game_load}
        print(f"{name}: {json.dumps(row)}", file=sys.stderr)
    out["load_after"] = load()
    out["wall_s"], out["cpu_s"] = round(time.perf_counter() - wall0, 1), round(time.process_time() - cpu0, 1)
    out["summary"] = summary
    path = args.out
    if path is None:
        path = results_path("vector_speed_quick.json" if args.quick else "vector_speed.json")
    out["python"], out["machine"] = platform.python_version(), platform.machine()
    Path(path).parent.mkdir(parents=True, exist_ok=True)
    Path(path).write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(summary) if args.json else json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
