"""The benchmark-only doko bridge (``benchmarks/strength/doko``): its request is the seat's view only.

The driver is loaded from its file (it is no part of the package). The bridge itself is GPL code
built on demand; the test that talks to it runs only where it has been built.
"""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from stammtisch.core import registry
from stammtisch.core.driver import step
from stammtisch.core.protocol import Match

PATH = Path(__file__).resolve().parents[2] / "benchmarks" / "strength" / "doko" / "doko_match.py"


def _driver():
    spec = importlib.util.spec_from_file_location("doko_match", PATH)
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_card_notation_round_trip_covers_the_deck():
    d = _driver()
    game = registry.get("doppelkopf")
    names = {game.deck.format(c) for c in range(48)}
    assert len(names) == 24
    doko = {d.to_doko(n) for n in names}
    assert len(doko) == 24 and "CQ" == d.to_doko("XD") and "H1" == d.to_doko("H10")  # ♣ Queen, Dulle
    assert all(d.from_doko(d.to_doko(n)) == n for n in names)


def test_request_is_the_same_for_every_deal_the_seat_cannot_tell_apart():
    d = _driver()
    game = registry.get("doppelkopf")
    options = game.options("turnier", {})
    rule = d.CardsOnly(__import__("stammtisch.bots", fromlist=["make"]).make("rule", game, options))
    seen = differ = 0
    for index in range(12):
        got = d._common_subset_deal(game, options, 7, index)
        if got is None:
            continue
        m = Match(game, "turnier", {}, max_deals=1, recorded=[got])
        rng = random.Random(index)
        for _ in range(rng.randrange(4, 40)):
            step(m, [rule] * 4, rng, interjections=False)
        seat = m.to_act()[0]
        view = m.view(seat)
        line = d.request_line(view, 0, 100, 10)
        other = game.sample_state(options, view["deal"], random.Random(index))
        differ += other.hands != m.deal_state.hands  # another deal: the sampler deals the hidden cards afresh
        assert d.request_line({"seat": seat, "deal": other.view(seat)}, 0, 100, 10) == line
        # the request names no card of another hand
        own = set(view["deal"]["hand"]) | {c for t in view["deal"]["tricks"] for _, c in t["cards"]} | {
            c for _, c in view["deal"]["trick"]}
        for s in range(4):
            if s != seat:
                hidden = {game.deck.format(c) for c in range(48) if m.deal_state.hands[s] >> c & 1} - own
                assert not hidden & {d.from_doko(x.split(":")[-1]) for x in line.split("|")[1].split()}
        seen += 1
    assert seen >= 5 and differ >= 5


@pytest.mark.skipif(not (_driver().CACHE / "bridge").is_file(), reason="the doko bridge is built on demand")
def test_bridge_answers_identically_for_resampled_hidden_hands():
    import argparse

    d = _driver()
    d.check(argparse.Namespace(profile="turnier", seed=2026, version=0, rollouts=20, simulations=2, positions=8))


def test_time_per_decision_sums_both_sides_and_leaves_out_the_first_decisions_of_ours():
    d = _driver()

    def pair(a_n, a_cpu, b_n, b_cpu, first=False):
        return {"cost": {"a_decisions": a_n, "a_cpu_s": a_cpu, "a_wall_s": 2 * a_cpu, "b_decisions": b_n,
                         "b_cpu_s": b_cpu, "b_wall_s": 3 * b_cpu, "a_first_decisions_of_process": first}}

    out = d._cost([pair(10, 50.0, 10, 3.0, first=True), pair(30, 3.0, 40, 12.0), pair(10, 1.0, 20, 6.0)])
    assert out["a"] == {"decisions": 40, "pairs_counted": 2, "cpu_s_per_decision": 0.1, "wall_s_per_decision": 0.2}
    assert out["b"] == {"decisions": 70, "pairs_counted": 3, "cpu_s_per_decision": 0.3, "wall_s_per_decision": 0.9}
    assert d._cost([])["a"]["cpu_s_per_decision"] is None
