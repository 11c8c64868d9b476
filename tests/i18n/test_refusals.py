"""Refusals in the reader's language: random illegal actions in every game and profile are refused
with messages that read German in German (no English word from a fixed list, the rule paragraph
apart) and English in English (no German engine word); the scorekeeper's refusals are messages too
(an id with arguments in the API, German by default on the command line); and no refusal in the
engines or the scorekeeper is written as plain text any more."""

from __future__ import annotations

import ast
import random
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from stammtisch.bots.random import RandomBot
from stammtisch.cli.main import app
from stammtisch.core import registry
from stammtisch.core.driver import step
from stammtisch.core.errors import IllegalAction, OptionError
from stammtisch.core.messages import Msg
from stammtisch.i18n import render

SRC = Path(__file__).resolve().parents[2] / "src" / "stammtisch"
GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
NAMES = ["Anna", "Bert", "Cilli", "Dora", "Emil"]

#: English words that must not be in a German refusal (notation in quotes, such as 'hold' or
#: 'trump:E', and card names are taken out first: they are what a player types)
ENGLISH = ["the", "and", "is", "are", "not", "must", "only", "cannot", "your", "you", "turn", "card", "cards", "hand",
           "hold", "holds", "seat", "Seat", "side", "trick", "tricks", "trump", "suit", "follow", "announced",
           "already", "open", "held", "offered", "conceded", "lapsed", "between", "least", "most", "broken", "by",
           "with", "of", "chooser", "names", "figure", "kind", "points", "deal", "player", "players", "partner"]
#: German engine words that must not be in an English refusal (game terms such as Re, Kontra,
#: Weis, Stöck, Gleich, Hanger, Tarockzwang, Vorbehalt stay German in both)
GERMAN = ["ist", "sind", "nicht", "muss", "nur", "du", "hast", "Karte", "Karten", "Hand", "Platz", "Partei", "Stich",
          "Trumpf", "Farbe", "schon", "gehalten", "geboten", "offen", "verfallen", "zwischen", "mindestens",
          "höchstens", "verletzt", "und", "der", "die", "das", "am Zug", "sagt", "Spieler", "Figur"]


def _plain(text: str, deck: set[str]) -> str:
    """The text without what a player types (quoted notation) or reads as notation (cards, ranges)."""
    text = re.sub(r"'[^']*'", "", text)
    text = re.sub(r"\([^()]*§[^()]*\)", "", text)  # a cited paragraph
    return " ".join(w for w in re.split(r"(\s+)", text) if w.strip(",.;:()") not in deck)


def _words(text: str, bad: list[str]) -> set[str]:
    return {w for w in bad if re.search(rf"(?<![\w'-]){re.escape(w)}(?![\w'-])", text)}


def _refusals(game_name: str, profile: str, seed: int, per_state: int = 6):
    """Refusals of random actions the rules do not allow now, by every seat, along a random deal."""
    game = registry.get(game_name)
    m = game.new_match(profile, seed=seed, max_deals=1)
    rng = random.Random(seed)
    space = list(m.deal_state.action_space().actions)
    seen: dict[str, IllegalAction] = {}
    for _ in range(300):
        if m.is_over():
            break
        for seat in range(m.n):
            if m.is_over():
                break
            legal = set(m.legal_actions(seat))
            for a in rng.sample(space, min(per_state, len(space))):
                if a in legal:
                    continue
                try:  # refused: the state is left as it was (an action accepted out of the offer stays)
                    m.apply(seat, a)
                except IllegalAction as e:
                    msg = e.message
                    seen.setdefault(msg.id if isinstance(msg, Msg) else str(msg), e)
        if not m.is_over():
            step(m, [RandomBot()] * m.n, rng)
    return seen


@pytest.mark.parametrize("game_name", GAMES)
def test_refusals_of_random_illegal_actions_read_in_the_readers_language(game_name):
    game = registry.get(game_name)
    deck = set(game.deck.notation)
    refused = {}
    for profile in game.profiles:
        for seed in range(2):
            refused.update(_refusals(game_name, profile, seed))
    assert len(refused) >= 6, sorted(refused)  # many kinds of refusal were met
    for mid, e in refused.items():
        assert isinstance(e.message, Msg), f"a refusal in plain text: {e.message!r}"
        de, en = render(e.message, "de", NAMES), render(e.message, "en", NAMES)
        assert not _words(_plain(de, deck), ENGLISH), (mid, de)
        assert not _words(_plain(en, deck), GERMAN), (mid, en)


def test_the_refusal_check_finds_english_in_german():
    """The test above can fail: an English argument in a German refusal is caught."""
    said = "the trump chooser ist am Zug"  # what the German page said before the turn refusal named the seat
    assert _words(_plain(said, set()), ENGLISH) == {"the", "trump", "chooser"}
    assert _words(_plain("it is Anna's turn ('LO' is not in your hand)", set()), GERMAN) == set()


def test_the_jass_turn_refusal_names_the_seat_and_the_hold_refusal_its_rule():
    """Papagei-Jass §25, §30: whose turn it is, by the seat's name; §20: the cards dealt to a player."""
    m = registry.get("jass").new_match("standard", seed=5, max_deals=1)
    chooser = m.to_act()[0]
    other = (chooser + 1) % 4
    with pytest.raises(IllegalAction) as err:
        m.apply(other, "trump:obenabe")
    assert render(err.value.message, "de", NAMES) == f"{NAMES[chooser]} sagt Trumpf an"
    assert err.value.rule == "Papagei-Jass §25"
    m.apply(chooser, "trump:obenabe")
    lead = m.to_act()[0]
    foreign = next(c for c in m.view((lead + 1) % 4)["deal"]["hand"])
    with pytest.raises(IllegalAction) as err:
        m.apply(lead, foreign)
    assert render(err.value.message, "de") == f"{foreign} hast du nicht auf der Hand"
    assert err.value.rule == "Papagei-Jass §20"


def test_option_ranges_read_in_the_readers_language():
    with pytest.raises(OptionError) as err:
        registry.get("jass").options(None, {"target": 5})
    assert "zwischen 100 und 10.000" in render(err.value.message, "de")
    assert "between 100 and 10,000" in render(err.value.message, "en")
    assert err.value.message.id == "option '{name}' {what}{src}, not {shown}"  # a language-free code


def test_tarock_renonce_kinds_and_perlaggen_figures_in_words():
    from stammtisch.games.perlaggen.rules import Figure
    from stammtisch.games.tarock.scoring import RENONCE_KINDS, RENONCE_WORDS

    assert set(RENONCE_WORDS) == set(RENONCE_KINDS)
    assert render(Msg("Renonce ({kind}) by seat {seat}: {text}", kind=RENONCE_WORDS["farbzwang"], seat=1, text=""),
                  "de", NAMES).startswith("Renonce (Farbzwang verletzt)")
    f = Figure((3, 7, 1), "gleich")
    assert render(f.describe(), "de") == "dritziges Gleich (Asse, mit Trumpf)"
    assert render(f.describe(), "en") == "triple Gleich (Aces, with trump)"
    assert render(Figure((4, 5, 0), "hanger", 3).describe(), "en") == "fourfold Hanger (Schell up to O)"


def test_jass_mode_titles_in_english():
    from stammtisch.games.jass.modes import MODES

    assert render(MODES["slalom-oben"].title, "en") == "Slalom, Ace first"
    assert render(MODES["quer54-unten"].title, "de") == "Quer 5-4, Anfang mit Sechs"
    assert render(MODES["misere:quer-oben"].title if "misere:quer-oben" in MODES else MODES["misere:obenabe"].title,
                  "en").startswith("Misere")


#: the errors a person reads (refusals of the rules, the scorekeeper's)
REFUSALS = {"IllegalAction", "NotYourTurn", "NotFound", "Conflict", "Forbidden", "Locked", "EngineMissing", "OptionError"}


def test_no_refusal_is_written_as_plain_text():
    """Every refusal of the engines, the core and the scorekeeper is a message (id and arguments)."""
    plain = []
    for folder in ("core", "games", "scorekeeper"):
        for path in (SRC / folder).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and node.exc.args:
                    f = node.exc.func
                    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                    if name in REFUSALS and isinstance(node.exc.args[0], (ast.Constant, ast.JoinedStr)):
                        plain.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not plain, plain


def test_the_scorekeepers_refusals_are_messages(tmp_path):
    from stammtisch.scorekeeper.errors import NotFound
    from stammtisch.scorekeeper.store import Store

    store = Store(f"sqlite:///{tmp_path / 'sk.sqlite3'}")
    with pytest.raises(NotFound) as err:
        store.table(99)
    body = err.value.to_json()
    assert body["msg"] == {"id": "there is no table {number}", "args": {"number": 99}}  # language-free
    assert render(body["msg"], "de") == "es gibt keinen Tisch 99"
    assert render(body["msg"], "en") == "there is no table 99"


def test_the_tournament_command_says_its_refusals_in_german(tmp_path):
    r = CliRunner().invoke(app, ["tournament", "--data-dir", str(tmp_path), "sheet", "99"])
    assert r.exit_code == 1 and "Fehler: es gibt keinen Tisch 99" in r.output, r.output
    r = CliRunner().invoke(app, ["tournament", "--data-dir", str(tmp_path), "create", "X", "--game", "jass", "--rounds", "99"])
    assert r.exit_code == 1 and "Runden: 1 bis 50" in r.output and "rounds" not in r.output, r.output


def test_no_table_server_refusal_is_written_as_plain_text():
    """Every refusal of the table server (``TableError(code, text)``) carries a message, not a plain
    string, an f-string or ``str(e)``: the browser renders it in the page's language."""
    plain = []
    for path in (SRC / "server").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and len(node.args) >= 2:
                f = node.func
                name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else ""
                said = node.args[1]
                if name == "TableError" and (isinstance(said, (ast.Constant, ast.JoinedStr, ast.BinOp)) or (
                        isinstance(said, ast.Call) and isinstance(said.func, ast.Name) and said.func.id == "str")):
                    plain.append(f"{path.relative_to(SRC)}:{node.lineno}")
    assert not plain, plain
