"""Speed of the simulation API, measured side by side in one run (one core each).

* the compiled Jass playout kernel: complete random deals per second (shuffle, deal, a random
  mode, random legal play, card points);
* OpenSpiel's C++ random play of its compiled trick-taking games (hearts, skat) through
  ``pyspiel.evaluate_bots`` with C++ uniform random bots;
* each stammtisch engine's reference implementation: random deals per second through the
  protocol (``legal_actions`` / ``apply`` with full validation) and through OpenSpiel
  (``stammtisch_<game>`` via pyspiel);
* the search player: iterations per default decision (0.8 s budget).

Run: ``.venv/bin/python benchmarks/bots_speed.py [--seconds 3]``; writes
``benchmarks/results/bots_speed.json``.
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

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def rate(fn, seconds: float, batch: int = 1) -> tuple[float, int]:
    """Call ``fn()`` (which plays ``batch`` games) until ``seconds`` pass; games per second."""
    fn()  # warm up (JIT, caches)
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        fn()
        n += batch
    return n / (time.perf_counter() - t0), n


def bench_kernel(seconds: float) -> dict:
    from stammtisch.bots.kernels.jass import COMPILED, JassKernel

    k = JassKernel()
    batch = 100_000 if COMPILED else 50
    seeds = iter(range(10**9))
    r, n = rate(lambda: k.random_deals(batch, seed=next(seeds)), seconds, batch)
    return {"jass_kernel_random_deals_per_s": round(r), "deals": n, "numba": COMPILED}


def bench_openspiel_cpp(seconds: float) -> dict:
    import pyspiel

    out = {}
    for name in ("hearts", "skat"):
        g = pyspiel.load_game(name)
        bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(g.num_players())]
        seeds = iter(range(10**9))
        r, n = rate(lambda: pyspiel.evaluate_bots(g.new_initial_state(), bots, next(seeds)), seconds)
        out[f"openspiel_cpp_{name}_random_games_per_s"] = round(r)
    return out


def bench_engines(seconds: float) -> dict:
    from stammtisch.bots.random import RandomBot
    from stammtisch.core import registry
    from stammtisch.core.driver import play_out
    from stammtisch.rl.openspiel_games import available_games

    out = {}
    for name in available_games():
        g = registry.get(name)
        bot = RandomBot()
        rng = random.Random(1)
        seeds = iter(range(10**9))

        def one() -> None:
            m = g.new_match(seed=next(seeds), max_deals=1)
            play_out(m, [bot] * m.n, rng, interjections=False)

        r, _ = rate(one, seconds)
        out[f"{name}_engine_random_deals_per_s"] = round(r, 1)
    return out


def bench_pyspiel_games(seconds: float) -> dict:
    import numpy as np
    import pyspiel

    import stammtisch.openspiel as so

    out = {}
    for name in so.NAMES:
        g = pyspiel.load_game(name)
        rng = np.random.default_rng(1)

        def one() -> None:
            s = g.new_initial_state()
            while not s.is_terminal():
                if s.is_chance_node():
                    s.apply_action(int(rng.choice([o for o, _ in s.chance_outcomes()])))
                else:
                    s.apply_action(int(rng.choice(s.legal_actions())))

        r, _ = rate(one, seconds)
        out[f"{name}_pyspiel_random_games_per_s"] = round(r, 1)
    return out


def bench_search(decisions: int) -> dict:
    from stammtisch.bots.search import ismcts
    from stammtisch.core import registry
    from stammtisch.core.protocol import Game
    from stammtisch.bots.kernels import rollout_for
    from stammtisch.rl.openspiel_games import available_games

    out = {}
    for name in available_games():
        g = registry.get(name)
        if type(g).sample_state is Game.sample_state:
            continue
        opts = g.options()
        iters, secs = [], []
        rng = random.Random(2)
        ro = rollout_for(g, opts)
        for i in range(decisions):
            m = g.new_match(seed=100 + i, max_deals=1)
            for _ in range(rng.randrange(0, 12)):  # a few random actions into the deal
                if m.is_over():
                    break
                s = m.to_act()[0]
                legal = m.legal_actions(s)
                m.apply(s, legal[rng.randrange(len(legal))])
            if m.is_over():
                continue
            s = m.to_act()[0]
            t0 = time.perf_counter()
            try:
                st = ismcts(g, opts, m.deal_state.view(s), s, rng, time_limit=0.8, rollout=ro)
            except Exception as e:  # a game's sampler failing: note it, measure the rest
                out[f"{name}_search_error"] = f"{type(e).__name__}: {e}"
                continue
            secs.append(time.perf_counter() - t0)
            iters.append(sum(v for v, _ in st.values()))
        if iters:
            out[f"{name}_search_iterations_per_decision"] = round(sum(iters) / len(iters))
            out[f"{name}_search_seconds_per_decision_max"] = round(max(secs), 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="measuring time per figure")
    ap.add_argument("--decisions", type=int, default=5, help="search decisions measured per game")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bots_speed.json")
    args = ap.parse_args()
    res: dict = {"machine": {"python": platform.python_version(), "cpu_count": os.cpu_count(),
                             "platform": platform.platform(),
                             "load_average_at_start": [round(x, 2) for x in os.getloadavg()]},
           "seconds_per_figure": args.seconds}
    for part in (bench_kernel, bench_openspiel_cpp, bench_engines, bench_pyspiel_games):
        try:
            res.update(part(args.seconds))
        except ImportError as e:
            res[part.__name__] = f"skipped: {e}"
        print(json.dumps(res, indent=1), flush=True)
    res.update(bench_search(args.decisions))
    k = res.get("jass_kernel_random_deals_per_s")
    h = res.get("openspiel_cpp_hearts_random_games_per_s")
    if k and h:
        res["kernel_vs_openspiel_hearts"] = round(k / h, 2)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1) + "\n")
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
