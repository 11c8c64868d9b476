"""``--lang fr|it`` on the terminal's commands (issue 37): ``stammtisch replay`` of a Jass record
prints the settlement in French (with the trump as "atout") and in Italian ("briscola"), with none
of the engines' German or English words; an unknown language is refused by name."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from stammtisch.cli.main import app

runner = CliRunner()


@pytest.fixture(autouse=True)
def german_afterwards():
    """``--lang`` sets the session's language for the process: German again for the other tests."""
    from stammtisch.cli.settlement import set_language

    yield
    set_language("de")

#: German engine words (issue 37's list and the settlement's own) and English ones
GERMAN = ("Trumpf", "Stich", "Stiche", "Punkte", "Kartenpunkte", "gewonnen", "Spiel", "Geber", "Platz", "Sieger",
          "Summe", "Spielliste", "Aufzeichnung", "richtig", "Ziel", "Einsatz")
ENGLISH = ("trump", "trick", "won", "dealer", "deal", "Seat", "winner", "score sheet", "card points", "record")


def words_in(text: str, words: tuple[str, ...], flags: int = 0) -> list[str]:
    return [w for w in words if re.search(rf"(?<![\w-]){re.escape(w)}(?![\w-])", text, flags)]


@pytest.fixture(scope="module")
def jass_record(tmp_path_factory):
    out = tmp_path_factory.mktemp("rec")
    r = runner.invoke(app, ["simulate", "jass", "--games", "1", "--seed", "5", "--bots", "rule", "--record", str(out)])
    assert r.exit_code == 0, r.output
    return next(out.glob("*.json"))


@pytest.mark.parametrize("lang,trump,words", [
    ("fr", "atout", ("Chibre", "donne 1", "points de cartes", "feuille de points", "gagnant", "Équipe 1/3", "Place 1")),
    ("it", "briscola", ("Schieber", "smazzata 1", "punti delle carte", "foglio dei punti", "vincitore", "Squadra 1/3", "Posto 1")),
])
def test_replay_of_a_jass_record_prints_the_settlement_in_french_and_italian(jass_record, lang, trump, words):
    r = runner.invoke(app, ["replay", str(jass_record), "--lang", lang], terminal_width=200)
    assert r.exit_code == 0, r.output
    assert re.search(rf"^  {trump}: \S", r.output, re.M), r.output  # the trump of each deal, in the players' word
    for w in words:
        assert w in r.output, (w, r.output)
    assert not words_in(r.output, GERMAN), (words_in(r.output, GERMAN), r.output)
    assert not words_in(r.output, ENGLISH, re.I), (words_in(r.output, ENGLISH, re.I), r.output)
    rec = json.loads(jass_record.read_text(encoding="utf-8"))
    assert r.output.count(f"  {trump}: ") == sum(1 for d in rec["deals"] if d.get("result"))


def test_replay_names_the_trump_in_german_and_english_too(jass_record):
    de = runner.invoke(app, ["replay", str(jass_record)], terminal_width=200).output
    en = runner.invoke(app, ["replay", str(jass_record), "--lang", "en"], terminal_width=200).output
    assert re.search(r"^  Trumpf: \S+.*\(angesagt von ", de, re.M) and re.search(r"^  trump: \S+.*\(named by ", en, re.M)


@pytest.mark.parametrize("command", [["replay", "x.json", "--lang", "xx"], ["play", "jass", "--lang", "xx"],
                                     ["tournament", "--lang", "xx", "list"], ["serve", "--lang", "xx"]])
def test_an_unknown_language_is_refused_by_name(command):
    r = runner.invoke(app, command, terminal_width=200)
    assert r.exit_code == 2
    assert "unknown language 'xx'" in r.output and "de, en, fr, it" in r.output


@pytest.mark.parametrize("command", [["replay"], ["play"], ["tournament"], ["serve"]])
def test_the_help_names_every_language(command):
    r = runner.invoke(app, [*command, "--help"], terminal_width=200)
    assert r.exit_code == 0 and "de|en|fr|it" in r.output


def test_a_regional_code_reads_as_its_language(jass_record):
    r = runner.invoke(app, ["replay", str(jass_record), "--lang", "fr-CH"], terminal_width=200)
    assert r.exit_code == 0 and "atout" in r.output
