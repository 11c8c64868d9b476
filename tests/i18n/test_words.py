"""The players' own words: the German rendering of whole random deals (events and settlement
lines, every game and profile) holds no English engine word, the English rendering no German
engine word; the terminal's ``replay --lang de`` of records of all four games is German, ``--lang
en`` English, and ``play`` and ``replay`` print the same settlement lines."""

import random
import re

import pytest
from typer.testing import CliRunner

from stammtisch.bots.random import RandomBot
from stammtisch.cli.main import app
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.i18n import render

GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
NAMES = ["Anna", "Bert", "Cilli", "Dora", "Emil"]

#: English engine words that must never reach a German reader (word-wise, case-sensitive)
ENGLISH = ["lost", "won", "points", "announced", "announces", "calls", "plays", "takes", "talon", "declarer",
           "opponents", "winner", "seat", "Seat", "side", "trick", "tricks", "made", "holds", "bids", "raises",
           "the", "and", "by", "of", "with", "leaves", "shows", "claims", "needs", "owed", "paid", "deal"]
#: German engine words that must never reach an English reader (game terms such as Re, Kontra,
#: Weis, Stöck, Gleich, Hanger, Trischaken, Valat, geschleift, gut stay German in both)
GERMAN = ["Platz", "spielt", "ruft", "nimmt", "verloren", "gewonnen", "Punkte", "Stich", "Stiche", "Spieler",
          "Gegenspieler", "hält", "bietet", "steigert", "schreibt", "erhält", "gewinnt", "und", "der", "die",
          "das", "von", "zahlen", "Partei"]


def _words(text: str, bad: list[str]) -> set[str]:
    return {w for w in bad if re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", text)}


def _deal_texts(game_name: str, profile: str, seed: int) -> tuple[list, list]:
    """Events and settlement lines of one random whole deal."""
    game = registry.get(game_name)
    match = game.new_match(profile, seed=seed, max_deals=1)
    play_out(match, [RandomBot()] * match.n, random.Random(seed))
    log = match.logs[-1]
    events = list(getattr(match.deal_state, "events", []))
    lines = [x for ln in log.result.lines for x in (ln.label, ln.note) if x]
    return events, lines


@pytest.mark.parametrize("game_name", GAMES)
def test_random_deals_read_german_in_german_and_english_in_english(game_name):
    game = registry.get(game_name)
    seen = 0
    for profile in game.profiles:
        for seed in range(4):
            events, lines = _deal_texts(game_name, profile, seed)
            names = NAMES[: game.new_match(profile).n]
            for m in events + lines:
                de, en = render(m, "de", names), render(m, "en", names)
                assert not _words(de, ENGLISH), (profile, seed, m.id if hasattr(m, "id") else m, de)
                assert not _words(en, GERMAN), (profile, seed, m.id if hasattr(m, "id") else m, en)
                seen += 1
    assert seen > 20  # the deals said something


runner = CliRunner()

#: what the German replay must not say (the words of the old English replay)
REPLAY_ENGLISH = re.compile(r"\b(lost|won|points|announced|calls|plays|declarer|opponents|winner|score sheet)\b"
                            r"|\bseat \d|\bdeal \d|\b(?-i:talon)\b", re.I)  # ("Talon" is German too)


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    out = {}
    for g in GAMES:
        d = tmp_path_factory.mktemp(g)
        r = runner.invoke(app, ["simulate", g, "--games", "2", "--seed", "3", "--bots", "rule", "--match",
                                "--record", str(d)])
        assert r.exit_code == 0, r.output
        out[g] = sorted(d.glob("*.json"))
    return out


@pytest.mark.parametrize("game_name", GAMES)
def test_replay_in_german_has_no_english_and_in_english_still_works(records, game_name):
    for path in records[game_name]:
        de = runner.invoke(app, ["replay", str(path), "--lang", "de"], terminal_width=200)
        assert de.exit_code == 0, de.output
        assert "Spielliste" in de.output and "Summe" in de.output
        bad = REPLAY_ENGLISH.findall(de.output)
        assert not bad, (bad, de.output[-1500:])
        en = runner.invoke(app, ["replay", str(path), "--lang", "en"], terminal_width=200)
        assert en.exit_code == 0 and "score sheet" in en.output and "every action legal" in en.output


@pytest.mark.parametrize("game_name", GAMES)
def test_play_and_replay_print_the_same_settlement_lines(game_name, tmp_path):
    rec = tmp_path / "game.json"
    r = runner.invoke(app, ["play", game_name, "--seed", "4", "--deals", "1", "--record", str(rec), "--name", "Anna"],
                      input="1\n\n" * 400, terminal_width=200)
    assert r.exit_code == 0, r.output[-2000:]
    replayed = runner.invoke(app, ["replay", str(rec)], terminal_width=200)
    assert replayed.exit_code == 0, replayed.output

    def lines(out: str) -> list[str]:
        return [ln.strip() for ln in out.splitlines() if re.match(r"^  \S.* [+-]\d+( \(.*\))?$", ln)]

    played = lines(r.output)
    assert played and played == lines(replayed.output)


def test_a_talon_half_is_counted_as_players_count():
    """The notation says talon:0 / talon:1; the events say the first or second half."""
    from stammtisch.core.messages import Msg

    said = Msg("seat {seat} takes talon half {half}: {cards}", seat=1, half=0, cards=["HD", "P10", "X7"])
    assert render(said, "de", ["Anna", "Berta", "Carl", "Dora"]) == "Berta nimmt Talonhälfte 1: HD, P10, X7"
    assert render(said, "en", ["Anna", "Berta", "Carl", "Dora"]) == "Berta takes talon half 1: HD, P10, X7"
