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


# -- the whole game (request kind "G") ------------------------------------------------------------
def test_whole_game_events_name_every_public_word_in_doko_terms():
    d = _driver()
    actions = [[1, "gesund"], [2, "vorbehalt"], [3, "vorbehalt"], [0, "gesund"], [2, "nein"], [3, "solo:fleischlos"],
               [1, "kontra"], [1, "XA"], [3, "keine90"], [2, "hochzeit"], [0, "H10"]]
    view = {"seat": 0, "deal": {"active": [1, 2, 3, 0], "hand": ["XD", "K9"], "actions": actions,
                                "parties": ["kontra", "kontra", "kontra", "re"]}}
    line = d.game_request(view, "P", 0, 1000, 10)
    assert line == ("G 0 1 0 1000 10 1 1 P | CQ D9 | 1:v0 2:v1 3:v1 0:v0 2:n 3:s=A 1:a=1.0 1:CA 3:a=2.1 2:m 0:H1")
    assert {d.SOLO_FROM_DOKO[d.SOLO_TO_DOKO[k]] for k in d.SOLO_TO_DOKO} == set(d.SOLO_TO_DOKO)
    # an Absage of a seat whose party the view does not show cannot be sent (and never happens)
    view["deal"]["parties"][3] = None
    with pytest.raises(RuntimeError, match="party of seat 3"):
        d.game_events(view)


def test_whole_game_request_is_the_same_for_every_deal_the_seat_cannot_tell_apart():
    d = _driver()
    game = registry.get("doppelkopf")
    options = game.options("turnier", d.WHOLE_GAME_OVERRIDES)
    player = __import__("stammtisch.bots", fromlist=["make"]).make("rule", game, options)
    modes: dict[str, int] = {}
    differ = 0
    for index in range(40):
        rng = random.Random(f"7:{index}:deal")
        dealer = game.first_dealer(options, rng)
        deal = game.deal(options, dealer, rng, {})
        m = Match(game, "turnier", d.WHOLE_GAME_OVERRIDES, max_deals=1, recorded=[(dealer, deal)])
        prng = random.Random(index)
        for _ in range(prng.randrange(0, 30)):
            if m.over:
                break
            step(m, [player] * 4, prng)
        if m.over:
            continue
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        cards = [a for a in legal if a[0] in d._SUIT and a[1:] in d._RANK]
        mode = "V" if "gesund" in legal else "P" if cards else "T"
        view = m.view(seat)
        line = d.game_request(view, mode, 0, 1000, 10)
        other = game.sample_state(options, view["deal"], random.Random(index))
        differ += other.hands != m.deal_state.hands
        assert d.game_request({"seat": seat, "deal": other.view(seat)}, mode, 0, 1000, 10) == line
        # the line names the own hand and public actions only: no card another seat still holds
        named = {d.from_doko(x.split(":")[-1]) for x in line.split("|")[1].split() + line.split("|")[2].split()
                 if x.split(":")[-1][:1] in "CSHD" and "=" not in x}
        for s in range(4):
            if s != seat:
                held = {game.deck.format(c) for c in range(48) if m.deal_state.hands[s] >> c & 1}
                assert not (held - set(view["deal"]["hand"])) & named - {c for _, c in view["deal"]["actions"]}
        modes[mode] = modes.get(mode, 0) + 1
    assert differ >= 10 and modes.get("V", 0) >= 3 and modes.get("P", 0) >= 10


def test_whole_game_pairs_decompose_by_what_was_played():
    d = _driver()

    def half(contract, by=None, a=(), b=()):
        return {"contract": contract, "declared_by": by, "announced": {"a": list(a), "b": list(b)}}

    pairs = [{"index": 0, "a": [2, 1], "b": [-2, -1], "halves": [half("normal"), half("normal")]},
             {"index": 1, "a": [1, 1], "b": [-1, -1], "halves": [half("normal", a=["re"]), half("normal")]},
             {"index": 2, "a": [3, -1], "b": [-3, 1], "halves": [half("solo:buben", "b"), half("normal", b=["kontra"])]},
             {"index": 3, "a": [-1, -1], "b": [1, 1], "halves": [half("hochzeit", "a"), half("solo:karo", "b")]}]
    out = d._decompose(pairs)
    assert {k: v["pairs"] for k, v in out["by_kind"].items()} == {
        "normal games, no announcement": 1, "normal games with announcements": 1, "solo declared by b": 1,
        "hochzeit/solo declared by a+b": 1}
    assert out["by_kind"]["normal games, no announcement"]["mean"] == 3  # (2 + 1 - (-2 - 1)) / 2 per deal
    c = out["counts_over_halves"]
    assert c["halves"] == 8 and c["a"]["hochzeiten_declared"] == 1 and c["b"]["solos_declared"] == 2
    assert c["a"]["words"] == 1 and c["b"]["halves_with_announcement"] == 1


@pytest.mark.skipif(not (_driver().CACHE / "bridge").is_file(), reason="the doko bridge is built on demand")
def test_whole_game_bridge_answers_identically_and_pairs_replay_identically(tmp_path, monkeypatch, capsys):
    import argparse
    import json

    d = _driver()
    d.check_whole(argparse.Namespace(profile="turnier", seed=2026, version=0, rollouts=20, simulations=2,
                                     positions=12, announcement_option=1, announcing_version=1))
    assert "identical requests and identical answers" in capsys.readouterr().out
    # two whole-game pairs at a tiny doko budget, then replayed: recorded and live doko
    monkeypatch.setattr(d, "ROOT", tmp_path)
    (tmp_path / "benchmarks" / "results").mkdir(parents=True)
    args = argparse.Namespace(profile="turnier", seed=5, version=0, rollouts=10, simulations=2, ours="search:easy",
                              pairs=2, name="whole", announcement_option=1, announcing_version=1, resume=False)
    d.whole(args)
    path = tmp_path / "benchmarks" / "results" / "whole.json"
    res = json.loads(path.read_text())
    assert res["complete"] and len(res["pairs"]) == 2 and all(len(p["halves"]) == 2 for p in res["pairs"])
    assert res["time_per_decision"]["b"]["uct_searches"] > 0
    with pytest.raises(SystemExit):  # an existing results file is never overwritten without --resume
        d.whole(args)
    for doko in ("recorded", "live"):
        d.replay(argparse.Namespace(file=str(path), doko=doko, pairs=0))
        assert "2 of 2 pairs identical" in capsys.readouterr().out
    # a changed record is found
    res["pairs"][1]["halves"][0]["points"][0] += 1
    path.write_text(json.dumps(res))
    with pytest.raises(SystemExit):
        d.replay(argparse.Namespace(file=str(path), doko="recorded", pairs=0))
