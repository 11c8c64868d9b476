"""Exact, seeded simulation: a search player's decision is a pure function of its seed, the deal and
its seat's view (observation history) — whatever the process, the hash seed, the order of deals,
the other seats' use of the table's random stream and the machine's load (the wall-clock cap of a
level decides only when it is reached, and then it is counted).

The duplicate matches of the strength ladder (docs/bots.md "The strength ladder") rest on this: a
pair must replay identically from its seed and deal number.
"""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from typing import Any

import pytest

from stammtisch.bots import make
from stammtisch.bots import ismcts as ismcts_mod
from stammtisch.bots import pimc as pimc_mod
from stammtisch.bots.arena import play_pair
from stammtisch.bots.common import get_game
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import BaseBot, Match

class NoisyRule(BaseBot):
    """The game's rule player, deciding with its own stream (seeded by its view), that draws
    ``extra`` numbers from the table's stream per decision, as another kind of bot might."""

    name = "noisy-rule"

    def __init__(self, game: Any, extra: int):
        self.inner, self.extra = game.rule_bot(), extra

    def choose(self, turn: Any, rng: Any) -> str:
        own = random.Random(json.dumps([turn.seat, turn.legal, len(turn.view.get("history", []))]))
        for _ in range(self.extra):
            rng.random()
        return str(self.inner.choose(turn, own))

    def interject(self, turn: Any, rng: Any) -> str | None:
        return self.inner.interject(turn, random.Random(turn.seat))


def actions(game_name: str, index: int, kind: str = "search:easy", other: Any = "rule", seed: int = 7,
            bot_seed: Any = "pair", **bot_kw: Any) -> list[str]:
    """The actions of deal ``index`` (dealt from ``seed``) with ``kind`` on the even seats and
    ``other`` (a kind or a bot) on the odd seats."""
    game = get_game(game_name)
    options = game.options(None, {})
    n = game.num_seats(options)
    rng = random.Random(f"{seed}:{index}:deal")
    dealer = game.first_dealer(options, rng)
    deal = game.deal(options, dealer, rng, {})
    search = make(kind, game, options, seed=f"{seed}:{index}" if bot_seed == "pair" else bot_seed, **bot_kw)
    rest = make(other, game, options) if isinstance(other, str) else other
    m = Match(game, game.default_profile, {}, max_deals=1, recorded=[(dealer, deal)])
    play_out(m, [search if s % 2 == 0 else rest for s in range(n)], random.Random(f"{seed}:{index}:play"))
    return [f"{s}:{a}" for s, a in m.logs[0].actions]


def test_search_decisions_do_not_depend_on_what_other_seats_draw() -> None:
    """The search seats play the same cards and words whether the other seats draw nothing or
    three numbers per decision from the table's stream (before: the search drew its worlds from
    that shared stream, so any difference in another seat's, or in its own capped search's, use
    of it changed every later decision of the deal)."""
    game = get_game("perlaggen")
    for index in (0, 1):
        quiet = actions("perlaggen", index, other=NoisyRule(game, 0))
        noisy = actions("perlaggen", index, other=NoisyRule(game, 3))
        assert quiet == noisy


@pytest.mark.parametrize("game_name", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_a_deal_plays_the_same_first_or_after_another(game_name: str) -> None:
    """No state carried from one deal to the next in a process (caches, compiled kernels' streams)."""
    first = actions(game_name, 3)
    actions(game_name, 4)
    assert actions(game_name, 3) == first


_SCRIPT = """
import json, sys
sys.path.insert(0, {root!r})
from tests.bots.test_determinism import actions
print(json.dumps([actions("perlaggen", i) for i in (2, 0)]))
"""


def test_a_deal_plays_the_same_in_fresh_processes_with_other_hash_seeds() -> None:
    """Two fresh processes with different ``PYTHONHASHSEED`` (iteration order of sets of strings)
    play the same deals identically, and as this process does."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    outs = []
    for hs in ("1", "2"):
        env = {**os.environ, "PYTHONHASHSEED": hs}
        done = subprocess.run([sys.executable, "-c", _SCRIPT.format(root=root)], env=env, capture_output=True,
                              text=True, timeout=300, check=True)
        outs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    assert outs[0] == outs[1]
    assert outs[0][1] == actions("perlaggen", 0)


def test_the_cap_decides_only_when_reached_and_is_counted(monkeypatch: pytest.MonkeyPatch) -> None:
    """A level's wall-clock cap: a quiet clock never reaches it (every search counted, none
    capped); a clock that jumps ten seconds per reading stops every search after its first
    world or iteration, and each such search is counted, so a benchmark can say "cap never reached"."""
    game = get_game("perlaggen")
    options = game.options(None, {})
    bot = make("search:medium", game, options, seed=1)
    rng = random.Random(0)
    dealer = game.first_dealer(options, rng)
    deal = game.deal(options, dealer, rng, {})
    m = Match(game, game.default_profile, {}, max_deals=1, recorded=[(dealer, deal)])
    play_out(m, [bot, make("rule", game, options)] * 2, random.Random(1))
    assert bot.searches > 0 and bot.cap_reached == 0
    played = list(m.logs[0].actions)

    class Clock:
        t = 0.0

        def perf_counter(self) -> float:
            self.t += 10.0
            return self.t

    monkeypatch.setattr(pimc_mod, "time", Clock())
    monkeypatch.setattr(ismcts_mod, "time", Clock())
    slow = make("search:medium", game, options, seed=1)
    m = Match(game, game.default_profile, {}, max_deals=1, recorded=[(dealer, deal)])
    play_out(m, [slow, make("rule", game, options)] * 2, random.Random(1))
    assert slow.searches > 0 and slow.cap_reached == slow.searches
    # without the cap (benchmarks that must be exact whatever the load) the clock is never read
    free = make("search:medium", game, options, seed=1, cap=None)
    m = Match(game, game.default_profile, {}, max_deals=1, recorded=[(dealer, deal)])
    play_out(m, [free, make("rule", game, options)] * 2, random.Random(1))
    assert free.searches == bot.searches and free.cap_reached == 0
    assert list(m.logs[0].actions) == played  # a cap not reached changes nothing


def test_a_pair_records_its_cap_and_replays_identically() -> None:
    """The arena's pair reports the searches capped per side; replayed, it is identical."""
    one = play_pair("perlaggen", "search:easy", "rule", 5, 11, timing=True)
    two = play_pair("perlaggen", "search:easy", "rule", 5, 11, timing=True)
    assert one["cap"]["a"][0] == 0 and one["cap"]["a"][1] > 0 and one["cap"]["b"] == [0, 0]
    assert (one["a"], one["b"]) == (two["a"], two["b"])
