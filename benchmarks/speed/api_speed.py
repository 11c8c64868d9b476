"""Random deals per second through each Python API of every game, side by side in one run.

Per game, one complete random deal (shuffle, deal, every decision at random until the deal
is settled) through:

* ``protocol_bots``: ``Game.new_match`` + :func:`play_out` with random bots, the string protocol
  as a generic bot sees it (``legal_actions`` / ``apply`` with full validation, ``Turn``
  objects): the "protocol" figure of issue #14;
* ``protocol_strings``: the same loop without bots: ``Match.legal_actions`` / ``Match.apply``;
* ``match_ids``: the integer path on the match: ``Match.legal_action_ids`` / ``Match.apply_id``;
* ``deal_ids``: the integer path on the deal state alone (``Game.deal`` + ``Game.new_deal``,
  then ``legal_action_ids`` / ``apply_id``), what an RL loop or a search rollout uses;
* ``pyspiel``: ``stammtisch_<game>`` through OpenSpiel (``pyspiel``), chance nodes dealing
  every card, uniform random choices, until ``is_terminal``;
* ``setup``: what ``deal_ids`` does before the first decision: the first dealer drawn, the cards
  shuffled and dealt, the deal state built (``Game.first_dealer``, ``Game.deal``,
  ``Game.new_deal``), no decision and no settlement;
* ``python_floor``: the ``deal_ids`` loop over a deal that does nothing (``to_act``,
  ``legal_action_ids``, ``apply_id`` return constants) for as many decisions as the game
  takes per deal: what the per-step Python calls alone cost, the ceiling of any integer path
  driven step by step from Python;
* ``pyspiel_floor``: a pyspiel Python game that does nothing for as many steps as a game's
  deal takes through pyspiel (cards dealt plus decisions), in the same loop: what pyspiel's
  own per-step cost alone allows.

With ``--base REV`` (default: the commit before the fast paths) ``protocol_bots``, ``match_ids``
and ``deal_ids`` are measured on that revision too (``before_*``, in a subprocess, its ids going
through the notation by default): the "today" of issue #14 in the same run.

The loops run in alternating rounds (a shared machine's load hits all alike) and each keeps its
best round, in CPU seconds. Ratios against ``before_protocol_bots`` are written beside the rates.
``ceiling_vs_reference`` is the ratio a deal would reach if its decisions and its settlement
cost nothing beyond the bare calls: the reference's time per deal over ``setup`` plus
``python_floor``.

Run: ``.venv/bin/python benchmarks/speed/api_speed.py [--seconds 2] [--rounds 3]``; writes
``benchmarks/results/api_speed.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository root: ``benchmarks`` is a package
from benchmarks._common import add_results_arg, ROOT, unpack_src, write_result

from stammtisch.bots.random import RandomBot
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import DealContext

#: the commit before the fast paths (the integer API with its default through the notation)
BASE = "4955496"


class _Null:
    """A deal that does nothing but count its steps (the ``python_floor`` loop)."""

    __slots__ = ("left",)

    def __init__(self, steps: int):
        self.left = steps

    def to_act(self) -> tuple[int, ...]:
        return (0,)

    def is_over(self) -> bool:
        return self.left <= 0

    def legal_action_ids(self, seat: int) -> list[int]:
        return [0, 1, 2, 3, 4, 5, 6, 7]

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        self.left -= 1


def loops_for(name: str, with_pyspiel: bool = True) -> dict[str, Callable[[int, random.Random], None]]:
    """One function per loop: ``fn(seed, rng)`` plays one random deal."""
    game = registry.get(name)
    bot = RandomBot()
    options = game.options()
    columns = tuple(0 for _ in game.columns(options))

    def protocol_bots(seed: int, rng: random.Random) -> None:
        m = game.new_match(seed=seed, max_deals=1)
        play_out(m, [bot] * m.n, rng, interjections=False)

    def protocol_strings(seed: int, rng: random.Random) -> None:
        m = game.new_match(seed=seed, max_deals=1)
        rr = rng.randrange
        while not m.over:
            s = m.to_act()[0]
            legal = m.legal_actions(s)
            m.apply(s, legal[rr(len(legal))])

    def match_ids(seed: int, rng: random.Random) -> None:
        m = game.new_match(seed=seed, max_deals=1)
        rr = rng.randrange
        while not m.over:
            s = m.to_act()[0]
            ids = m.legal_action_ids(s)
            m.apply_id(s, ids[rr(len(ids))])

    def deal_ids(seed: int, rng: random.Random) -> None:
        drng = random.Random(seed)
        dealer = game.first_dealer(options, drng)
        st = game.new_deal(options, DealContext(0, dealer, game.deal(options, dealer, drng, {}), columns))
        rr = rng.randrange
        while not st.is_over():
            s = st.to_act()[0]
            ids = st.legal_action_ids(s)
            st.apply_id(s, ids[rr(len(ids))])
        st.result()

    def setup(seed: int, rng: random.Random) -> None:
        drng = random.Random(seed)
        dealer = game.first_dealer(options, drng)
        game.new_deal(options, DealContext(0, dealer, game.deal(options, dealer, drng, {}), columns))

    steps = round(steps_per_deal(name)["decisions_per_deal"])

    def python_floor(seed: int, rng: random.Random) -> None:
        st = _Null(steps)
        rr = rng.randrange
        while not st.is_over():
            s = st.to_act()[0]
            ids = st.legal_action_ids(s)
            st.apply_id(s, ids[rr(len(ids))])

    out = {"python_floor": python_floor, "setup": setup, "protocol_bots": protocol_bots,
           "protocol_strings": protocol_strings, "match_ids": match_ids, "deal_ids": deal_ids}
    if not with_pyspiel:
        return out
    try:
        import pyspiel

        import stammtisch.openspiel  # noqa: F401  (registers the games)

        psg = pyspiel.load_game(f"stammtisch_{name}")

        def through_pyspiel(seed: int, rng: random.Random) -> None:
            s = psg.new_initial_state()
            rr = rng.randrange
            while not s.is_terminal():
                if s.is_chance_node():
                    o = s.chance_outcomes()
                    s.apply_action(o[rr(len(o))][0])
                else:
                    la = s.legal_actions()
                    s.apply_action(la[rr(len(la))])
            s.returns()

        out["pyspiel"] = through_pyspiel
    except ImportError:
        pass
    return out


def pyspiel_floor(seconds: float, steps: int) -> dict[str, float] | None:
    """Games per second of a pyspiel Python game that does nothing for ``steps`` steps (a
    player choosing among eight actions), played in the same loop as ``pyspiel`` above:
    pyspiel's own per-step cost for a Python game, before any rules run."""
    try:
        import pyspiel
    except ImportError:
        return None
    name = f"stammtisch_bench_null_{steps}"
    gtype = pyspiel.GameType(
        short_name=name, long_name=name, dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM, reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2, min_num_players=2, provides_information_state_string=False,
        provides_information_state_tensor=False, provides_observation_string=False,
        provides_observation_tensor=False, parameter_specification={})
    info = pyspiel.GameInfo(num_distinct_actions=8, max_chance_outcomes=0, num_players=2, min_utility=-1.0,
                            max_utility=1.0, utility_sum=0.0, max_game_length=steps)

    class NullState(pyspiel.State):
        def __init__(self, game: Any):
            super().__init__(game)
            self.left = steps

        def current_player(self) -> int:
            return int(pyspiel.PlayerId.TERMINAL) if self.left <= 0 else self.left & 1

        def _legal_actions(self, player: int) -> list[int]:
            return [0, 1, 2, 3, 4, 5, 6, 7]

        def _apply_action(self, action: int) -> None:
            self.left -= 1

        def is_terminal(self) -> bool:
            return self.left <= 0

        def returns(self) -> list[float]:
            return [0.0, 0.0]

    class NullGame(pyspiel.Game):
        def __init__(self, params: Any = None):
            super().__init__(gtype, info, params or {})

        def new_initial_state(self) -> NullState:
            return NullState(self)

    _KEEP.append((NullGame, NullState))
    pyspiel.register_game(gtype, NullGame)
    g = pyspiel.load_game(name)
    rng = random.Random(1)
    games, t0 = 0, time.process_time()
    while time.process_time() - t0 < seconds:
        s = g.new_initial_state()
        rr = rng.randrange
        while not s.is_terminal():
            if s.is_chance_node():  # never: the same loop as the games'
                o = s.chance_outcomes()
                s.apply_action(o[rr(len(o))][0])
            else:
                la = s.legal_actions()
                s.apply_action(la[rr(len(la))])
        s.returns()
        games += 1
    dt = time.process_time() - t0
    return {"steps": steps, "games_per_s": round(games / dt, 1), "steps_per_s": round(games * steps / dt)}


_KEEP: list[Any] = []  # pyspiel keeps the registered classes until exit


def steps_per_deal(name: str, deals: int = 50) -> dict[str, float]:
    """Decisions and (through pyspiel) chance nodes per deal, to read the rates per step."""
    game = registry.get(name)
    decisions = 0
    rng = random.Random(3)
    for seed in range(deals):
        m = game.new_match(seed=seed, max_deals=1)
        while not m.over:
            s = m.to_act()[0]
            ids = m.legal_action_ids(s)
            m.apply_id(s, ids[rng.randrange(len(ids))])
            decisions += 1
    return {"decisions_per_deal": round(decisions / deals, 1), "cards_dealt": game.deck.size}


def measure_round(loops: dict[str, Callable[[int, random.Random], None]], seconds: float,
                  seeds: dict[str, int]) -> dict[str, float]:
    """One round: each loop for ``seconds`` CPU seconds; deals per second per loop."""
    out = {}
    for k, fn in loops.items():
        if seeds.setdefault(k, 0) == 0:
            for seed in range(5):  # warm up: tables, caches
                fn(10**6 + seed, random.Random(seed))
        rng = random.Random(1)
        n, t0 = 0, time.process_time()
        while time.process_time() - t0 < seconds:
            fn(seeds[k], rng)
            seeds[k] += 1
            n += 1
        out[k] = n / (time.process_time() - t0)
    return out


BASE_LOOPS = ("protocol_bots", "match_ids", "deal_ids")

_BASE_CODE = """
import json, sys
sys.path.insert(0, {src!r}); sys.path.insert(1, {bench!r})
from benchmarks.speed import api_speed
loops = {{k: v for k, v in api_speed.loops_for({name!r}, with_pyspiel=False).items() if k in {keys!r}}}
print(json.dumps(api_speed.measure_round(loops, {seconds!r}, {{}})))
"""


def base_round(src: str, name: str, seconds: float) -> dict[str, float]:
    """One round of :data:`BASE_LOOPS` on the base revision's ``src``, in a subprocess."""
    code = _BASE_CODE.format(src=src, bench=str(ROOT), name=name, keys=BASE_LOOPS, seconds=seconds)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seconds", type=float, default=2.0, help="measuring time per loop and game")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--games", nargs="*", default=["jass", "doppelkopf", "tarock", "perlaggen"])
    ap.add_argument("--base", default=BASE, help="git revision measured as 'before' (its protocol and its "
                    "default id path through the notation); '' to skip")
    add_results_arg(ap)
    args = ap.parse_args()
    res: dict = {"machine": {"cpu_count": os.cpu_count(), "platform": platform.platform(),
                             "load_average_at_start": [round(x, 2) for x in os.getloadavg()]},
                 "seconds_per_loop": args.seconds, "rounds": args.rounds, "clock": "CPU seconds (process_time)",
                 "unit": "complete random deals per second (pyspiel: games of one deal)", "base": args.base}
    with tempfile.TemporaryDirectory() as tmp:
        base_src = str(unpack_src(args.base, tmp)) if args.base else None
        for name in args.games:
            loops = loops_for(name)
            per = args.seconds / args.rounds
            rounds: dict[str, list[float]] = {}
            seeds: dict[str, int] = {}
            for _ in range(args.rounds):  # alternate base and current: the load hits both alike
                if base_src:
                    for k, v in base_round(base_src, name, per).items():
                        rounds.setdefault(f"before_{k}", []).append(v)
                for k, v in measure_round(loops, per, seeds).items():
                    rounds.setdefault(k, []).append(v)
            ref = max(rounds["before_protocol_bots"] if base_src else rounds["protocol_bots"])
            out: dict = steps_per_deal(name)
            out["reference"] = "before_protocol_bots" if base_src else "protocol_bots"
            for k, rs in rounds.items():
                out[k] = {"deals_per_s": round(max(rs), 1), "vs_reference": round(max(rs) / ref, 2),
                          "rounds": [round(r, 1) for r in rs]}
            out["ceiling_vs_reference"] = round(
                (1 / ref) / (1 / max(rounds["setup"]) + 1 / max(rounds["python_floor"])), 1)
            floor = pyspiel_floor(args.seconds / 2, round(out["decisions_per_deal"]) + out["cards_dealt"])
            if floor is not None:
                out["pyspiel_floor"] = floor
                if "pyspiel" in out:
                    out["pyspiel_vs_floor"] = round(out["pyspiel"]["deals_per_s"] / floor["games_per_s"], 2)
            res[name] = out
            print(name, {k: v.get("deals_per_s", v.get("games_per_s")) for k, v in out.items()
                         if isinstance(v, dict)}, {k: v for k, v in out.items() if not isinstance(v, dict)},
                  flush=True)
    write_result("api_speed", res)


if __name__ == "__main__":
    main()
