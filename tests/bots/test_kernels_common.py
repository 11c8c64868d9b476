"""The kernels' shared Numba helpers and the entry points the search bot calls."""

from __future__ import annotations

import random
from collections import Counter

import pytest

pytest.importorskip("numba")

from stammtisch.bots import kernels  # noqa: E402
from stammtisch.bots.kernels import _nb  # noqa: E402
from stammtisch.bots.search import SearchBot  # noqa: E402
from stammtisch.core import registry  # noqa: E402
from stammtisch.core.driver import play_out  # noqa: E402


def test_bit_helpers():
    for i in range(63):
        assert _nb.bit_index(1 << i) == i
    rng = random.Random(1)
    for _ in range(200):
        x = rng.getrandbits(62)
        bits = [i for i in range(62) if x >> i & 1]
        assert _nb.popcount(x) == len(bits)
        for k, b in enumerate(bits):
            assert _nb.nth_bit(x, k) == b


def test_rng_is_seeded_and_roughly_uniform():
    a = _nb.new_rng(7)
    b = _nb.new_rng(7)
    xs = [_nb.rand_below(a, 10) for _ in range(50)]
    assert xs == [_nb.rand_below(b, 10) for _ in range(50)]
    st = _nb.new_rng(1)
    counts = Counter(_nb.rand_below(st, 6) for _ in range(60_000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 10_000) < 500 for c in counts.values())  # > 5 standard deviations apart


def test_entry_points():
    names = ("jass", "doppelkopf", "tarock", "perlaggen")
    for name in names:
        g = registry.get(name)
        assert kernels.kernel_for(g) is kernels.kernel_for(g, g.options())  # cached per options
        assert callable(kernels.kernel_rollout(g))
        assert (kernels.rollout_for(g) is not None) == g.search_defaults["kernel_rollout"]
    assert kernels.kernel_for(object()) is None
    assert registry.get("jass").search_defaults["kernel_rollout"]
    assert sorted(kernels.kernel_games()) == sorted(registry.names())


#: what the totals of three random deals always add up to, per game: Jass 3 × 157 points in 27 tricks
#: (152 card points and the last trick's 5, Papagei-Jass §11); Doppelkopf 3 × 240 Augen in 36 tricks; Tarock 36 tricks;
#: Perlaggen one Spiel per deal and four cards per trick
DEALS_ADD_UP = {
    "jass": lambda t: sum(t[0:2]) == 3 * 157 and sum(t[2:4]) == 27,
    "doppelkopf": lambda t: sum(t[0:4]) == 3 * 240 and sum(t[4:8]) == 36,
    "tarock": lambda t: sum(t[4:8]) == 36,
    "perlaggen": lambda t: t[2] + t[3] == 3 and t[4] == 4 * (t[0] + t[1]),
}


@pytest.mark.parametrize("name", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_every_kernel_offers_the_one_kernel_interface(name):
    """One ``Kernel`` protocol for all four: ``arrays(state)`` of a deal in its card play,
    ``playout(arrays, seed)`` (seeded, leaves the position alone), ``random_deals``, ``rollout``."""
    import numpy as np

    from stammtisch.core.kernel import Kernel

    g = registry.get(name)
    k = g.kernel()
    assert isinstance(k, Kernel)
    rng = random.Random(5)
    for seed in range(20):
        st = g.new_match(seed=seed, max_deals=1).deal_state
        while not st.is_over() and st.phase != "play":
            seat = st.to_act()[0]
            legal = st.legal_actions(seat)
            st.apply(seat, legal[rng.randrange(len(legal))])
        if st.phase == "play":
            break
    assert st.phase == "play"
    pos = k.arrays(st)
    assert pos.dtype == np.int64 and pos.ndim == 1
    before = pos.copy()
    a, b = k.playout(pos, 11), k.playout(pos, 11)
    assert (pos == before).all()  # the position is not changed
    assert a.dtype == np.int64 and (a == b).all()  # the same seed, the same play ...
    assert any((k.playout(pos, s) != a).any() for s in range(12, 40))  # ... and the seed is used
    # random_deals: the totals of three whole deals add up as the game's cards do, and follow the seed
    deals = [int(x) for x in k.random_deals(3, 1)]
    assert DEALS_ADD_UP[name](deals), deals
    assert deals == [int(x) for x in k.random_deals(3, 1)] != [int(x) for x in k.random_deals(3, 2)]


@pytest.mark.parametrize("name", ["doppelkopf", "tarock", "perlaggen"])
def test_search_plays_a_deal_with_kernel_rollouts(name):
    """The wiring is one argument: ``SearchBot(game, rollout=kernel_rollout(game))``."""
    g = registry.get(name)
    bot = SearchBot(g, iterations=15, time_limit=None, rollout=kernels.kernel_rollout(g), playout="random")
    m = g.new_match(seed=4, max_deals=1)
    play_out(m, [bot] * m.n, random.Random(2), interjections=False)
    assert m.is_over()
    assert bot.errors == []


def test_plain_python_fallback_gives_the_same_deals():
    """Without Numba the kernels run as plain Python, with the same generator: the same numbers."""
    import json
    import os
    import subprocess
    import sys

    from stammtisch.bots.kernels.doppelkopf import DoppelkopfKernel
    from stammtisch.bots.kernels.perlaggen import PerlaggenKernel
    from stammtisch.bots.kernels.tarock import TarockKernel

    code = (
        "import json, sys\n"
        "sys.modules['numba'] = None\n"  # as if the extra 'fast' were not installed
        "from stammtisch.bots.kernels import _nb, kernel_for\n"
        "from stammtisch.bots.kernels.doppelkopf import DoppelkopfKernel\n"
        "from stammtisch.bots.kernels.perlaggen import PerlaggenKernel\n"
        "from stammtisch.bots.kernels.tarock import TarockKernel\n"
        "from stammtisch.core import registry\n"
        "assert not _nb.COMPILED and kernel_for(registry.get('doppelkopf')) is None\n"
        "print(json.dumps([DoppelkopfKernel().random_deals(3, seed=5), TarockKernel().random_deals(3, seed=5),\n"
        "                  PerlaggenKernel().random_deals(3, seed=5)]))\n"
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in sys.path if p))
    got = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=300)
    assert got.returncode == 0, got.stderr[-2000:]
    want = [DoppelkopfKernel().random_deals(3, seed=5), TarockKernel().random_deals(3, seed=5),
            PerlaggenKernel().random_deals(3, seed=5)]
    assert json.loads(got.stdout.strip().splitlines()[-1]) == want


@pytest.mark.parametrize("name", ["doppelkopf", "tarock", "perlaggen"])
def test_batch_playouts_equal_single_playouts(name):
    """``playouts(pos, seed, n)``: row ``i`` is ``playout(pos, s_i)`` with the ``i``-th seed drawn from ``seed``."""
    g = registry.get(name)
    k = kernels.kernel_for(g)
    rng = random.Random(3)
    d = g.new_match(seed=9, max_deals=1).deal_state
    while d.phase != "play":  # random words into the card play (a fresh deal when one ends early)
        if d.is_over():
            d = g.new_match(seed=rng.randrange(10**6), max_deals=1).deal_state
            continue
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        d.apply(s, "pass" if "pass" in legal else legal[rng.randrange(len(legal))])
    pos = k.arrays(d)
    rows = k.playouts(pos, 11, 25)
    seeds = _nb.new_rng(11)
    assert rows.shape == (25, len(k.playout(pos, 0)))
    for row in rows:
        assert list(row) == list(k.playout(pos, _nb.rand_below(seeds, 1 << 62)))
    assert list(pos) == list(k.arrays(d))
    assert len({tuple(r) for r in rows}) > 1
