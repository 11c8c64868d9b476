"""The arena: duplicate deals, the statistics and the command."""

from __future__ import annotations

import json
import math

import pytest
from typer.testing import CliRunner

from stammtisch.bots.arena import mean_ci, play_pair, run_arena, summarize, t_quantile, write_svg
from stammtisch.cli.main import app

TOY = "tests.bots.toygame"


def test_duplicate_pair_swaps_seats_on_the_same_cards():
    """Random against random with the same play seed in both halves replays the same game
    with the seats swapped: A's points in one half are B's in the other."""
    p = play_pair(TOY, "random", "random", 0, seed=4)
    assert p["a"] == list(reversed(p["b"]))
    res = run_arena(TOY, "random", "random", 5, seed=4)
    assert res["summary"]["margin"]["mean"] == 0.0
    assert res["summary"]["win_rate"] == 0.5
    assert not res["summary"]["significant"]


def test_deals_depend_on_seed_and_index_only():
    a = run_arena(TOY, "random", "random", 3, seed=9)
    b = run_arena(TOY, "random", "random", 3, seed=9)
    assert [p["a"] for p in a["pairs"]] == [p["a"] for p in b["pairs"]]
    c = run_arena(TOY, "random", "random", 3, seed=10)
    assert [p["a"] for p in a["pairs"]] != [p["a"] for p in c["pairs"]]


def test_search_beats_random_in_the_arena():
    res = run_arena(TOY, "search:40i", "random", 3, seed=2, bot_options={"interject_samples": 0})
    s = res["summary"]
    assert s["deals_played"] == 6
    assert s["a_points_per_deal"] > s["b_points_per_deal"]
    assert s["margin"]["mean"] > 0


def test_mean_ci_matches_student_t():
    c = mean_ci([2.0, 4.0, 6.0, 8.0])
    assert c["mean"] == 5.0
    sd = math.sqrt(20 / 3)
    assert c["sd"] == pytest.approx(sd, abs=1e-4)
    half = 3.182 * sd / 2
    assert c["ci95"] == pytest.approx([5 - half, 5 + half], abs=1e-3)
    assert t_quantile(30) == 2.042 and t_quantile(10_000) == 1.96 and 1.96 < t_quantile(60) < 2.042
    one = mean_ci([3.0])
    assert one["mean"] == 3.0 and one["ci95"][0] == -math.inf


def test_summary_counts_ties_as_half_and_flags_significance():
    pairs = [{"a": [10, 10], "b": [0, 10]}, {"a": [12, 8], "b": [2, 6]}, {"a": [9, 11], "b": [1, 3]}]
    s = summarize(pairs)
    assert s["deals_played"] == 6
    assert s["win_rate"] == pytest.approx(5.5 / 6, abs=1e-4)
    assert s["margin"]["mean"] == pytest.approx((5 + 6 + 8) / 3, abs=1e-3)
    assert s["significant"] and s["verdict"] == "A better"
    s2 = summarize([{"a": [0, 10], "b": [10, 0]}, {"a": [5, 0], "b": [0, 5]}])
    assert not s2["significant"]


def test_cli_writes_json_and_svg(tmp_path):
    r = CliRunner().invoke(app, ["arena", TOY, "--a", "random", "--b", "random", "--deals", "2", "--seed", "1",
                                 "--out", str(tmp_path), "--json"])
    assert r.exit_code == 0, r.output
    summary = json.loads(r.output)["summary"]
    assert summary["pairs"] == 2
    files = sorted(p.suffix for p in tmp_path.iterdir())
    assert files == [".json", ".svg"]
    svg = next(tmp_path.glob("*.svg")).read_text()
    assert svg.startswith("<svg") and "polyline" in svg


def test_cli_names_a_bad_bot_kind(tmp_path):
    r = CliRunner().invoke(app, ["arena", TOY, "--a", "grandmaster", "--deals", "1", "--out", str(tmp_path)])
    assert r.exit_code == 1
    assert "unknown bot kind 'grandmaster'" in r.output


def test_svg_survives_a_single_pair(tmp_path):
    res = run_arena(TOY, "random", "random", 1, seed=0)
    write_svg(res, tmp_path / "x.svg")
    assert "</svg>" in (tmp_path / "x.svg").read_text()


def test_arena_on_a_local_ray_instance():
    """``--ray`` runs the same pairs as Ray tasks and gets the same numbers."""
    pytest.importorskip("ray")
    local = run_arena(TOY, "random", "random", 2, seed=3)
    remote = run_arena(TOY, "random", "random", 2, seed=3, ray=True)
    assert [p["a"] for p in remote["pairs"]] == [p["a"] for p in local["pairs"]]
    assert remote["summary"]["margin"] == local["summary"]["margin"]


def test_seats_mode_compares_each_seat_with_the_all_b_baseline():
    """``mode="seats"``: identical bots replay the baseline game on every seat (margin 0);
    A's points are per seat against the baseline's points on that seat."""
    p = play_pair(TOY, "random", "random", 0, seed=4, mode="seats")
    assert len(p["a"]) == len(p["b"]) == 4 and p["a"] == p["b"]
    res = run_arena(TOY, "search:30i", "random", 3, seed=4, mode="seats")
    assert res["mode"] == "seats" and res["summary"]["deals_played"] == 12
    base = play_pair(TOY, "random", "random", 1, seed=4, mode="seats")["b"]
    assert res["pairs"][1]["b"] == base  # the baseline is the all-B game, whatever A is
    with pytest.raises(Exception, match="pairs or seats"):
        run_arena(TOY, "random", "random", 1, mode="both")


def test_a_pair_can_seat_a_by_the_deal_and_time_both_sides():
    """``a_seats`` puts A on the seats it names (here one player of each Jass team, so A's and B's
    means are both the mean of the two teams and the margin is zero in both halves), and
    ``timing`` reports each side's CPU seconds and decisions."""
    seen = []

    def one_of_each_team(game, options, deal):
        seen.append(len(deal.hands))
        return [0, 1]

    p = play_pair("jass", "rule", "random", 0, 5, a_seats=one_of_each_team, timing=True)
    assert seen == [4] and p["a"] == p["b"]
    assert p["cpu"]["a"][1] > 0 and p["cpu"]["b"][1] > 0 and p["cpu"]["a"][0] >= 0
    even = play_pair("jass", "rule", "random", 0, 5)
    assert even["a"] != even["b"]
