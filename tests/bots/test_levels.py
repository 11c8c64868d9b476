"""The search levels (``search:easy|medium|hard``) are fixed budgets per game, the ladder's
measured gaps reach the lobby only for the budgets they were measured with, and a tiny ladder
run (two pairs per step) writes its results and the lobby's data file where it is told to."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import asdict
from pathlib import Path

import pytest

from stammtisch.bots import levels, make
from stammtisch.bots.levels import GAME_LEVELS, LEVELS, Level, level_for
from stammtisch.bots.rollouts import CardsFirstRollout
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Turn
from stammtisch.i18n import render

ROOT = Path(__file__).resolve().parents[2]
LADDER = ROOT / "benchmarks" / "strength" / "ladder.py"
SHIPPED = ROOT / "src" / "stammtisch" / "bots" / "ladder_gaps.json"


class _Found(Exception):
    pass


def _card_turn(game_name: str, seed: int = 3) -> tuple[object, Turn]:
    """A card decision with at least two legal cards (words may be legal too: Perlaggen), reached
    by rule players."""
    game = registry.get(game_name)
    m = game.new_match(seed=seed, max_deals=1)
    rule = game.rule_bot()
    cards = CardsFirstRollout(game)

    class Catch:
        name = "catch"

        def choose(self, turn: Turn, rng: random.Random) -> str:
            if sum(1 for a in turn.legal if cards.is_card(a)) >= 2:
                raise _Found(turn)
            return rule.choose(turn, rng)

        def interject(self, turn: Turn, rng: random.Random) -> str | None:
            return rule.interject(turn, rng)

    try:
        play_out(m, [Catch()] * m.n, random.Random(seed))
    except _Found as found:
        return game, found.args[0]
    raise AssertionError(f"no card decision found in {game_name}")


@pytest.mark.parametrize("game_name", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_a_level_plays_its_worlds_whatever_the_clock(game_name):
    game, turn = _card_turn(game_name)
    bot = make("search:medium", game)
    lv = level_for(game_name, "medium")
    assert bot.worlds == lv.worlds and bot.time_limit == lv.cap and bot.tree_iterations == lv.iterations
    bot.choose(turn, random.Random(1))  # load the compiled kernel first: under load its first call
    # alone can pass the level's wall-clock safety cap
    first = bot.choose(turn, random.Random(7))
    # the budget is worlds: every valued candidate in every world with the kernel's 8 playouts
    # (a word the kernel cannot value in a world, Perlaggen, costs its playouts but has no value)
    assert bot.last_playouts % (lv.worlds * 8) == 0 and bot.last_playouts >= lv.worlds * len(bot.last_stats) * 8 > 0
    assert all(n == lv.worlds * 8 for n, _ in bot.last_stats.values())
    # the same view and random numbers give the same card (no time budget decides)
    assert make("search:medium", game).choose(turn, random.Random(7)) == first


@pytest.mark.parametrize("game_name", sorted(GAME_LEVELS))
def test_each_level_is_more_work_or_more_of_the_search_than_the_one_below(game_name):
    ladder = [level_for(game_name, lv) for lv in ("easy", "medium", "hard")]
    for lower, upper in zip(ladder, ladder[1:]):
        assert upper.worlds >= lower.worlds and upper.iterations > lower.iterations
        more_search = lower.contract == "rule" and upper.contract != "rule"
        assert upper.worlds > lower.worlds or more_search, (lower, upper)
    assert level_for(game_name, "hard").cap >= 1.0  # a safety bound only


def test_a_level_may_leave_the_words_to_the_rule_player(monkeypatch):
    monkeypatch.setitem(GAME_LEVELS, "jass", {**GAME_LEVELS["jass"], "easy": Level(worlds=2, iterations=5, contract="rule")})
    bot = make("search:easy", registry.get("jass"))
    assert (bot.contract, bot.worlds, bot.tree_iterations) == ("rule", 2, 5)
    assert make("search:easy", registry.get("jass"), contract="search").contract == "search"


def test_an_unknown_level_is_refused_by_name():
    with pytest.raises(KeyError):
        level_for("jass", "grandmaster")
    from stammtisch.core.errors import OptionError

    with pytest.raises(OptionError, match="unknown search strength 'grandmaster'"):
        make("search:grandmaster", registry.get("jass"))


def _gaps_for(budgets: dict[str, dict[str, object]]) -> dict[str, object]:
    return {"jass": {"source": "ladder_jass.json", "levels": budgets, "gaps": {
        "search:hard": {"vs": "search:medium", "pairs": 300, "mean": 61.4, "ci95": [30.1, 92.7], "significant": True},
        "search:medium": {"vs": "search:easy", "pairs": 300, "mean": 3.5, "ci95": [1.0, 6.0], "significant": True},
        "search:easy": {"vs": "rule", "pairs": 300, "mean": 8.0, "ci95": [-1.0, 17.0], "significant": False}}}}


def _today() -> dict[str, dict[str, object]]:
    return {lv: asdict(level_for("jass", lv)) for lv in ("easy", "medium", "hard")}


def test_a_measured_gap_shows_only_for_the_budgets_it_was_measured_with(monkeypatch):
    monkeypatch.setattr(levels, "measured_gaps", lambda: _gaps_for(_today()))
    assert levels.level_gap("jass", "search:hard")["mean"] == 61.4
    assert levels.level_gap("doppelkopf", "search:hard") is None
    stale = _today()
    stale["hard"] = {**stale["hard"], "worlds": stale["hard"]["worlds"] + 1}
    monkeypatch.setattr(levels, "measured_gaps", lambda: _gaps_for(stale))
    assert levels.level_gap("jass", "search:hard") is None


def test_the_lobby_shows_the_gap_in_both_languages(monkeypatch):
    from stammtisch.server.routers import lobby

    monkeypatch.setattr(lobby, "level_gap", lambda game, kind: _gaps_for(_today())["jass"]["gaps"].get(kind))
    jass = {g["name"]: g for g in lobby.games_catalogue()}["jass"]
    gaps = jass["bot_gaps"]
    assert set(gaps) == {"search:easy", "search:medium", "search:hard"}
    assert render(gaps["search:hard"], "de") == ("„stark“ gewinnt im Mittel ~61 Punkte pro Spiel gegen „mittel“ "
                                                 "(gemessen in 300 doppelt gespielten Spielen)")
    assert render(gaps["search:hard"], "en") == ("“strong” wins ~61 points per deal against “medium” on average "
                                                 "(measured over 300 duplicate deals)")
    assert "~3,5 Punkte" in render(gaps["search:medium"], "de") and "~3.5 points" in render(gaps["search:medium"], "en")
    assert render(gaps["search:easy"], "en").endswith("no measurable difference (measured over 300 duplicate deals)")
    assert "kein messbarer Unterschied" in render(gaps["search:easy"], "de")


def test_the_shipped_gaps_are_the_results_files():
    """``bots/ladder_gaps.json`` is generated from ``benchmarks/results/ladder_<game>.json``
    (``ladder.py --gaps``), never typed by hand, and measured with today's budgets."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.strength.ladder import gaps

    shipped = json.loads(SHIPPED.read_text(encoding="utf-8"))
    regenerated = gaps(ROOT / "benchmarks" / "results", Path("/dev/null"))
    assert shipped == json.loads(json.dumps(regenerated))
    for game, entry in shipped.items():
        for lv, budget in entry["levels"].items():
            assert asdict(level_for(game, lv)) == budget, f"{game} {lv}: re-run the ladder after changing a level"


def test_a_tiny_ladder_writes_its_results_and_the_lobby_data(tmp_path):
    run = subprocess.run([sys.executable, str(LADDER), "--quick", "--games", "jass", "--results", str(tmp_path)],
                         capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    data = json.loads((tmp_path / "ladder_jass.json").read_text(encoding="utf-8"))
    assert data["requested_pairs"] == 2 and data["complete"] and data["levels"]["hard"] == asdict(level_for("jass", "hard"))
    steps = {(s["a"], s["b"]): s for s in data["steps"]}
    assert set(steps) == {("search:easy", "rule"), ("search:medium", "search:easy"),
                          ("search:hard", "search:medium"), ("search:hard", "rule")}
    assert steps[("search:easy", "rule")]["summary"]["pairs"] == 2
    hard = steps[("search:hard", "search:medium")]
    assert hard["a_decisions"] > 0 and hard["a_cpu_per_decision"] > hard["b_cpu_per_decision"] > 0
    # the cap is recorded: searches it stopped of the searches run (the rule player runs none)
    assert data["cap"] == "level" and hard["a_capped"][1] > 0 and steps[("search:easy", "rule")]["b_capped"] == [0, 0]
    out = tmp_path / "gaps.json"
    run = subprocess.run([sys.executable, str(LADDER), "--gaps", "--results", str(tmp_path), "--gaps-out", str(out)],
                         capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    gaps = json.loads(out.read_text(encoding="utf-8"))
    assert gaps["jass"]["gaps"]["search:hard"]["vs"] == "search:medium"
    assert gaps["jass"]["gaps"]["search:hard"]["pairs"] == 2


def _ladder_file(folder: Path, indices: range, seed: int = 5) -> None:
    """A results file of the Jass ladder with made-up pairs (A ahead by 2 points per deal)."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.strength.ladder import STEPS, levels_of, mode_of

    pairs = [{"index": i, "a": [3.0, 3.0], "b": [1.0, 1.0], "dealer": 0, "seconds": 0.1,
              "cpu": {"a": [0.2, 10, 0.05], "b": [0.1, 10, 0.02]}} for i in indices]
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "ladder_jass.json").write_text(json.dumps({
        "game": "jass", "seed": seed, "requested_pairs": 10, "levels": levels_of("jass"), "mode": mode_of("jass"),
        "steps": [{"a": a, "b": b, "pairs": pairs} for a, b in STEPS]}))


def test_a_second_process_s_pairs_are_merged_without_playing(tmp_path):
    """``--start``/``--merge``: pairs played by another process (other deal numbers, another
    folder) join this file's; a pair both hold counts once, and nothing is played with --pairs 0."""
    _ladder_file(tmp_path / "main", range(0, 4))
    _ladder_file(tmp_path / "second", range(3, 7))
    run = subprocess.run([sys.executable, str(LADDER), "--games", "jass", "--pairs", "0", "--seed", "5", "--resume",
                          "--results", str(tmp_path / "main"), "--merge", str(tmp_path / "second")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    data = json.loads((tmp_path / "main" / "ladder_jass.json").read_text(encoding="utf-8"))
    for step in data["steps"]:
        assert [p["index"] for p in step["pairs"]] == list(range(7))
        assert step["summary"]["pairs"] == 7 and step["summary"]["margin"]["mean"] == 2.0
    assert data["requested_pairs"] == 10 and not data["complete"]
    assert [r["pairs"]["easy-rule"] for r in data["earlier_runs"]] == [[4, 0, 3], [4, 3, 6]]
    _ladder_file(tmp_path / "other_seed", range(3), seed=6)
    run = subprocess.run([sys.executable, str(LADDER), "--games", "jass", "--pairs", "0", "--seed", "5", "--resume",
                          "--results", str(tmp_path / "main"), "--merge", str(tmp_path / "other_seed")],
                         capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "not merged" in run.stderr


def test_ladder_steps_are_named_a_slash_b():
    sys.path.insert(0, str(ROOT))
    from benchmarks.strength.ladder import parse_steps

    assert parse_steps("search:8w/search:4w, search:easy/rule") == (("search:8w", "search:4w"), ("search:easy", "rule"))
    with pytest.raises(ValueError, match="A/B"):
        parse_steps("search:8w")


def test_levels_cover_the_server_levels():
    from stammtisch.server.botpool import DEFAULT_LEVELS

    assert set(DEFAULT_LEVELS) <= set(LEVELS)
