"""Speed of the simulation API, measured side by side in one run (one core each).

* the compiled playout kernels (``stammtisch.bots.kernels``): complete random deals per second of
  the card-play phase on one core (shuffle, deal, a random contract or mode, random legal play,
  card points and tricks): Jass, Doppelkopf (every trump kind), Tarock (every contract),
  Perlaggen (random card actions until the Spiel);
* the kernels' search rollouts from a position in the card play (state -> arrays, playout, the
  engine's settlement), per CPU second, beside the protocol's random rollouts;
* OpenSpiel's C++ random play of its compiled trick-taking games (hearts, skat, bridge with
  its auction, spades) through ``pyspiel.evaluate_bots`` with C++ uniform random bots;
* each stammtisch engine's reference implementation: random deals per second through the
  protocol (``legal_actions`` / ``apply`` with full validation) and through OpenSpiel
  (``stammtisch_<game>`` via pyspiel);
* the search player: iterations per default decision (0.8 s budget), with the default playouts
  and with every game's kernel rollouts (``kernel_rollout``), and beside them on the same
  positions the compiled PIMC search (``SearchBot(engine="pimc")``, :mod:`stammtisch.bots.pimc`)
  for every game whose kernel has ``card_values``: playouts per decision (its iterations).

Run: ``.venv/bin/python benchmarks/bots_speed.py [--seconds 3] [--only search] [--games jass]``;
writes ``benchmarks/results/bots_speed.json`` (or ``--out``).
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


def rates(fn, seconds: float, batch: int = 1) -> tuple[float, float, int]:
    """As :func:`rate`, also per CPU second: ``(games per wall second, games per CPU second, games)``.
    The machine is shared, so the CPU figure is the steadier one-core figure."""
    fn()
    n, t0, c0 = 0, time.perf_counter(), time.process_time()
    while time.perf_counter() - t0 < seconds:
        fn()
        n += batch
    return n / (time.perf_counter() - t0), n / max(time.process_time() - c0, 1e-9), n


def bench_kernel(seconds: float) -> dict:
    from stammtisch.bots.kernels.doppelkopf import DoppelkopfKernel
    from stammtisch.bots.kernels.jass import COMPILED, JassKernel
    from stammtisch.bots.kernels.perlaggen import PerlaggenKernel
    from stammtisch.bots.kernels.tarock import TarockKernel

    out: dict = {"numba": COMPILED}
    for name, k in (("jass", JassKernel()), ("doppelkopf", DoppelkopfKernel()), ("tarock", TarockKernel()),
                    ("perlaggen", PerlaggenKernel())):
        batch = 100_000 if COMPILED else 50
        seeds = iter(range(10**9))
        r, rc, n = rates(lambda: k.random_deals(batch, seed=next(seeds)), seconds, batch)
        out[f"{name}_kernel_random_deals_per_s"] = round(r)
        out[f"{name}_kernel_random_deals_per_cpu_s"] = round(rc)
        out[f"{name}_kernel_deals"] = n
        out[f"{name}_kernel_cards_per_deal"] = round(_kernel_cards_per_deal(name, k, 2000), 2)
    return out


#: cards played in tricks per game of OpenSpiel's games (bidding, passing and the Skat not counted)
OPENSPIEL_CARDS = {"hearts": 52, "skat": 30, "bridge": 52, "spades": 52}


def _kernel_cards_per_deal(name: str, k, n: int) -> float:
    """Mean cards played per random kernel deal (a Perlaggen deal stops at the Spiel, §23)."""
    t = k.random_deals(n, seed=12345)
    if name == "jass":
        return 36.0
    if name == "perlaggen":
        return t[4] / n
    return 4 * sum(t[4:8]) / n  # Doppelkopf and Tarock: tricks per position, four cards a trick


def _play_positions(name: str, count: int) -> list:
    """``count`` deal states of ``name`` in the card play (random actions into the deal)."""
    from stammtisch.core import registry

    g = registry.get(name)
    rng = random.Random(7)
    out: list = []
    seed = 0
    while len(out) < count:
        seed += 1
        d = g.new_match(seed=seed, max_deals=1).deal_state
        for _ in range(200):
            if d.is_over() or (getattr(d, "phase", "") == "play" and rng.random() < 0.2):
                break
            s = d.to_act()[0]
            legal = d.legal_actions(s)
            if name == "tarock" and "pass" in legal:
                d.apply(s, "pass")  # Tarock: let the bidding end (random bids reach solos at random)
                continue
            d.apply(s, legal[rng.randrange(len(legal))])
        if getattr(d, "phase", "") == "play":
            out.append(d)
    return out


def bench_kernel_rollouts(seconds: float) -> dict:
    """Search rollouts per CPU second from positions in the card play, kernel vs the default random
    protocol playout (``CardsFirstRollout``); both time a ``clone`` of the position too, which is
    also given alone."""
    from stammtisch.bots.kernels import kernel_for
    from stammtisch.bots.search import CardsFirstRollout
    from stammtisch.core import registry

    out: dict = {}
    for name in ("jass", "doppelkopf", "tarock", "perlaggen"):
        g = registry.get(name)
        k = kernel_for(g, g.options())
        states = _play_positions(name, 20)
        rng = random.Random(3)
        it = iter(range(10**9))
        cf = CardsFirstRollout(g)
        _, r_clone, _ = rates(lambda: states[next(it) % 20].clone(), seconds / 3)
        _, r_kernel, _ = rates(lambda: k.rollout(states[next(it) % 20].clone(), rng), seconds / 3)
        _, r_proto, _ = rates(lambda: cf(states[next(it) % 20].clone(), rng), seconds / 3)
        out[f"{name}_clone_per_cpu_s"] = round(r_clone)
        out[f"{name}_kernel_rollouts_per_cpu_s"] = round(r_kernel)
        out[f"{name}_protocol_rollouts_per_cpu_s"] = round(r_proto)
    return out


def bench_openspiel_cpp(seconds: float) -> dict:
    import pyspiel

    out = {}
    for name, params in (("hearts", {}), ("skat", {}), ("bridge", {"use_double_dummy_result": False}),
                         ("spades", {})):
        g = pyspiel.load_game(name, params)
        bots = [pyspiel.make_uniform_random_bot(p, 1 + p) for p in range(g.num_players())]
        seeds = iter(range(10**9))
        r, rc, n = rates(lambda: pyspiel.evaluate_bots(g.new_initial_state(), bots, next(seeds)), seconds)
        out[f"openspiel_cpp_{name}_random_games_per_s"] = round(r)
        out[f"openspiel_cpp_{name}_random_games_per_cpu_s"] = round(rc)
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


def _search_positions(g, decisions: int):
    """The positions the search figures are measured on: a few random actions into a deal."""
    rng = random.Random(2)
    for i in range(decisions):
        m = g.new_match(seed=100 + i, max_deals=1)
        for _ in range(rng.randrange(0, 12)):  # a few random actions into the deal
            if m.is_over():
                break
            s = m.to_act()[0]
            legal = m.legal_actions(s)
            m.apply(s, legal[rng.randrange(len(legal))])
        if not m.is_over():
            yield m


def bench_pimc(decisions: int, games: list[str] | None = None) -> dict:
    """The compiled PIMC search on the positions of :func:`bench_search` (0.8 s per decision):
    playouts per decision and per CPU second, worlds per decision."""
    from stammtisch.bots.pimc import valuer_for
    from stammtisch.bots.search import SearchBot
    from stammtisch.core import registry
    from stammtisch.core.protocol import Turn
    from stammtisch.rl.openspiel_games import available_games

    out = {}
    for name in games or available_games():
        g = registry.get(name)
        opts = g.options()
        if valuer_for(g, opts) is None:
            continue
        bot = SearchBot(g, opts, engine="pimc", time_limit=0.8)
        positions = list(_search_positions(g, decisions))
        for m in positions[:1]:  # warm up: load the compiled code outside the measured decisions
            s = m.to_act()[0]
            SearchBot(g, opts, engine="pimc", worlds=2).choose(Turn(s, m.legal_actions(s), lambda: m.view(s)),
                                                               random.Random(3))
        plays, cpu, secs = [], 0.0, []
        for m in positions:
            s = m.to_act()[0]
            t0, c0 = time.perf_counter(), time.process_time()
            bot.choose(Turn(s, m.legal_actions(s), lambda m=m, s=s: m.view(s)), random.Random(3))
            if bot.last_playouts:
                secs.append(time.perf_counter() - t0)
                cpu += time.process_time() - c0
                plays.append(bot.last_playouts)
        if plays:
            out[f"{name}_pimc_playouts_per_cpu_s"] = round(sum(plays) / max(cpu, 1e-9))
            out[f"{name}_pimc_playouts_per_decision"] = round(sum(plays) / len(plays))
            out[f"{name}_pimc_seconds_per_decision_max"] = round(max(secs), 3)
    return out


def bench_search(decisions: int, kernels: bool = False, games: list[str] | None = None) -> dict:
    from stammtisch.bots.search import ismcts
    from stammtisch.core import registry
    from stammtisch.core.protocol import Game
    from stammtisch.bots.kernels import kernel_rollout, rollout_for
    from stammtisch.rl.openspiel_games import available_games

    out = {}
    for name in games or available_games():
        g = registry.get(name)
        if type(g).sample_state is Game.sample_state:
            continue
        opts = g.options()
        iters, secs, cpu = [], [], 0.0
        rng = random.Random(2)
        ro = (kernel_rollout if kernels else rollout_for)(g, opts)
        tag = "_kernel" if kernels else ""
        for m in _search_positions(g, decisions):
            s = m.to_act()[0]
            t0, c0 = time.perf_counter(), time.process_time()
            try:
                st = ismcts(g, opts, m.deal_state.view(s), s, rng, time_limit=0.8, rollout=ro)
            except Exception as e:  # a game's sampler failing: note it, measure the rest
                out[f"{name}_search_error"] = f"{type(e).__name__}: {e}"
                continue
            secs.append(time.perf_counter() - t0)
            cpu += time.process_time() - c0
            iters.append(sum(v for v, _ in st.values()))
        if iters:
            out[f"{name}_search{tag}_iterations_per_cpu_s"] = round(sum(iters) / max(cpu, 1e-9))
            out[f"{name}_search{tag}_iterations_per_decision"] = round(sum(iters) / len(iters))
            out[f"{name}_search{tag}_seconds_per_decision_max"] = round(max(secs), 3)
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=3.0, help="measuring time per figure")
    ap.add_argument("--decisions", type=int, default=5, help="search decisions measured per game")
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "bots_speed.json")
    ap.add_argument("--only", choices=["all", "search"], default="all",
                    help="search: only the search figures (ISMCTS and PIMC side by side)")
    ap.add_argument("--games", default=None, help="comma-separated games of the search figures (default all)")
    args = ap.parse_args()
    games = args.games.split(",") if args.games else None
    res: dict = {"machine": {"python": platform.python_version(), "cpu_count": os.cpu_count(),
                             "platform": platform.platform(),
                             "load_average_at_start": [round(x, 2) for x in os.getloadavg()]},
           "seconds_per_figure": args.seconds}
    for part in (bench_kernel, bench_openspiel_cpp, bench_kernel_rollouts, bench_engines, bench_pyspiel_games):
        if args.only != "all":
            break
        try:
            res.update(part(args.seconds))
        except ImportError as e:
            res[part.__name__] = f"skipped: {e}"
        print(json.dumps(res, indent=1), flush=True)
    res.update(bench_search(args.decisions, games=games))
    res.update(bench_search(args.decisions, kernels=True, games=games))
    res.update(bench_pimc(args.decisions, games=games))
    for name in games or ("jass", "doppelkopf", "tarock", "perlaggen"):
        p, i = res.get(f"{name}_pimc_playouts_per_decision"), res.get(f"{name}_search_iterations_per_decision")
        if p and i:  # the same positions, the same run
            res[f"{name}_pimc_vs_search_iterations"] = round(p / i, 1)
    h = res.get("openspiel_cpp_hearts_random_games_per_cpu_s")
    for name in ("jass", "doppelkopf", "tarock", "perlaggen"):
        k = res.get(f"{name}_kernel_random_deals_per_cpu_s")
        if k and h:  # per CPU second on both sides: one core each, whatever else runs
            res[f"{name}_kernel_vs_openspiel_hearts"] = round(k / h, 2)
            c = res.get(f"{name}_kernel_cards_per_deal")
            if c:  # per card played: a deal of 36 Jass cards against a hearts game of 52
                res[f"{name}_kernel_vs_openspiel_hearts_per_card"] = round(k * c / (h * OPENSPIEL_CARDS["hearts"]), 2)
    res["load_average_at_end"] = [round(x, 2) for x in os.getloadavg()]
    if res.get("jass_kernel_vs_openspiel_hearts"):
        res["kernel_vs_openspiel_hearts"] = res["jass_kernel_vs_openspiel_hearts"]  # the earlier key
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=1) + "\n")
    print(json.dumps(res, indent=1))


if __name__ == "__main__":
    main()
