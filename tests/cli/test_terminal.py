"""The terminal game as a person sees it (issue #13, items 10–14): type what you see, a legend,
brackets that survive, one seat naming, the score sheet, few out-of-turn stops, 80×24."""

from __future__ import annotations

import io
import random
import re

import pytest

from stammtisch.i18n import render
from rich.console import Console
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.cli.notation import AmbiguousInput
from stammtisch.cli.render import for_game, module_for
from stammtisch.cli.terminal import Screen, run_terminal_game
from stammtisch.core import registry
from stammtisch.core.driver import step

GAMES = ("jass", "doppelkopf", "tarock", "perlaggen")
runner = CliRunner()


def text_of(renderable, width: int = 80) -> str:
    c = Console(width=width, record=True, file=io.StringIO(), color_system=None)
    c.print(renderable)
    return c.export_text()


def _views(game: str, seed: int, steps: int = 400):
    """Seat 0's views along a rule-bot match."""
    g = registry.get(game)
    m = g.new_match(None, {}, seed=seed, max_deals=2)
    bots = [g.rule_bot()] * m.n
    rng = random.Random(seed)
    for _ in range(steps):
        if m.is_over():
            return
        yield m.view(0), m.legal_actions(0)
        step(m, bots, rng)


@pytest.mark.parametrize("game", GAMES)
def test_every_card_shown_in_the_hand_is_read_back_as_that_card(game):
    """Item 10: every card in the hand is shown in the notation form, and typing that form
    gives the card (the input layer maps it to the record notation)."""
    mod = module_for(game)
    notation = mod.NOTATION
    seen = 0
    for seed in (1, 2):
        for view, legal in _views(game, seed):
            hand = view["deal"].get("hand") or []
            out = text_of(mod.render(view), width=120)
            hand_line = next(ln for ln in out.splitlines() if "deine Karten:" in ln or "your cards:" in ln)
            for card in hand:
                shown = notation.card(card)
                assert re.search(rf"(?<!\S){re.escape(shown)}(?!\S)", hand_line), (game, card, shown, hand_line)
                assert notation.read_card(shown) == card
                if card in legal:
                    assert notation.read(shown, legal) == card
                    seen += 1
    assert seen > 10


def test_doppelkopf_kreuz_is_never_typed_with_k_and_shown_with_symbols():
    """Item 10: 'KD' would be Karo-Dame in the record but Kreuz-Dame to a German reader: refused."""
    n = module_for("doppelkopf").NOTATION
    assert n.card("XD") == "♣D" and n.card("KD") == "♦D" and n.card("H10") == "♥10"
    assert n.read("♣D", ["XD", "KD"]) == "XD" and n.read("krD", ["XD", "KD"]) == "XD"
    assert n.read("♦D", ["XD", "KD"]) == "KD" and n.read("kaD", ["XD", "KD"]) == "KD"
    assert n.read("xd", ["XD"]) == "XD" and n.read("♥10", ["H10"]) == "H10"
    for typed in ("KD", "KA", "K10", "kk"):
        with pytest.raises(AmbiguousInput, match="Kreuz"):
            n.read(typed, ["KD", "KA", "K10", "KK", "XK"])
    assert n.read("re", ["re", "XD"]) == "re" and n.read("Kontra", ["kontra"]) == "kontra"


def test_tarock_roman_x_is_only_the_tarock_ten():
    """Item 10: ``XXI``/``T21``/``Sküs`` as shown; Kreuz is ♣, so X is only ever the roman ten."""
    n = module_for("tarock").NOTATION
    assert n.card("T21") == "XXI" and n.card("T22") == "Sküs" and n.card("T10") == "X" and n.card("XK") == "♣K"
    legal = ["T21", "T22", "T10", "XK", "T4", "HK"]
    assert n.read("XXI", legal) == "T21" and n.read("T21", legal) == "T21" and n.read("sküs", legal) == "T22"
    assert n.read("X", legal) == "T10" and n.read("♣K", legal) == "XK" and n.read("krK", legal) == "XK"
    assert n.read("IIII", legal) == "T4" and n.read("IV", legal) == "T4" and n.read("♥K", legal) == "HK"
    assert n.action("call:KK") == "call:♦K" and n.read("call:♦K", ["call:KK"]) == "call:KK"
    with pytest.raises(AmbiguousInput):
        n.read("KK", ["KK"])
    # a word after its prefix alone
    assert n.read("dreier", ["pass", "bid:dreier", "bid:solodreier"]) == "bid:dreier"


@pytest.mark.parametrize("game", GAMES)
def test_typed_shown_forms_play_whole_deals_without_a_refusal(game, monkeypatch):
    """Item 10, end to end: a person who always types the option as the screen shows it (never
    its number) plays whole deals and is never refused."""
    rng = random.Random(7)
    asked: list[list[str]] = []

    def fake_prompt(self, text):
        legal = asked[-1]
        listed = self.listing(legal)
        if "=" in text:  # the Taufe question after a Perlagg
            return ""
        if "…" in text or text.endswith(":"):  # after a word listed once (abheben:2…31, ungesehen:…)
            return rng.choice([a for a in legal if a.startswith(text.split(":")[0] + ":")]).split(":", 1)[1]
        choice = rng.choice([a for a in listed if a not in ("wait", "weiter")] or listed)
        return self.show_action(choice)

    real_ask = Screen.ask

    def ask(self, view, legal):
        asked.append(legal)
        return real_ask(self, view, legal)

    monkeypatch.setattr(Screen, "_prompt", fake_prompt)
    monkeypatch.setattr(Screen, "ask", ask)
    out = io.StringIO()
    console = Console(file=out, width=100, color_system=None)
    run_terminal_game(registry.get(game), None, {}, seat=0, bot_kind="rule", seed=3, max_deals=2,
                      record_path=None, name="You", console=console)
    text = out.getvalue()
    assert len(asked) > 5
    assert "refused" not in text and "abgelehnt" not in text, text[-3000:]


@pytest.mark.parametrize("game", GAMES)
def test_question_mark_shows_the_legend(game):
    """Item 10: '?' explains the notation (and the table and options come back), in the screen's language."""
    for lang in ("de", "en"):
        r = runner.invoke(app, ["play", game, "--seed", "1", "--deals", "1", "--lang", lang], input="?\nq\n")
        assert r.exit_code == 0, r.output
        first = render(module_for(game).NOTATION.legend[0], lang)
        assert first[:40] in r.output.replace("\n", " ") or first[:30] in r.output, (lang, r.output[-800:])
        assert ("Notation:" if lang == "de" else "notation:") in r.output


#: words of the screens that must not be on the other language's screen (game terms such as
#: Spielliste, Abfrage, Talon, Weis, Stöck, Trumpf in Jass's own words stay German in both)
SCREEN_WORDS = {
    "de": [r"\byour\b", r"\btrick", r"\bdealer\b", r"\bdeal \d", r"\boptions?\b", r"\bthe\b", r"\band\b",
           r"\bstanding\b", r"\bcards\b", r"\bquits\b", r"\bshows\b", r"\bpoints\b", r"\bby\b", r"\bwith\b",
           r"\bannounce", r"\bphase\b", r"\bhighest\b", r"\bfigures\b", r"\bempty\b", r"\bplays?\b", r"\bgame\b"],
    "en": [r"\bdeine?\b", r"\bStiche?\b", r"\bGeber\b", r"\bMöglichkeit", r"\bder\b", r"\bdie\b", r"\bund\b",
           r"\bStand\b", r"\bKarten\b", r"\bbeendet\b", r"\bzeigt\b", r"\bPunkte\b", r"\bvon\b", r"\bmit\b",
           r"\bangesagt\b", r"\bGebot\b", r"\bFiguren\b", r"\bleer\b", r"\bspielt\b", r"\bam Zug\b", r"\boder\b"],
}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", ["de", "en"])
def test_each_game_screen_is_in_one_language(game, lang):
    """The whole screen of ``play`` in the language asked for (``--lang``; German by default): the
    table, the legend, the options, the events and the settlement, the refusals included."""
    moves = "?\nnonsense\n" + "1\n" * 60 + "q\n"
    r = runner.invoke(app, ["play", game, "--seed", "3", "--deals", "1", "--lang", lang], input=moves, terminal_width=100)
    assert r.exit_code == 0, r.output[-2000:]
    text = r.output
    for name in ("Computer", "Du", "You", "gegen die Alten"):  # (a game term explained in English)
        text = text.replace(name, "")
    text = re.sub(r"\S+:\S+", "", text)  # notation such as announce:…, kontra:game
    found = sorted({m.group(0) for pat in SCREEN_WORDS[lang] for m in re.finditer(pat, text)})
    lines = [ln for ln in text.splitlines() if any(re.search(p, ln) for p in SCREEN_WORDS[lang])]
    assert not found, (found, lines[:12])


def test_jass_trump_words_as_shown_and_bedanken_asks_first():
    """Item 11: ``undenufe`` / ``E`` as shown in the trump hint are accepted; Bedanken short of
    the target asks for a confirmation and, refused, does not end the Partie."""
    # seed 8: seat 1 (the person) is Vorhand and names the trump
    r = runner.invoke(app, ["play", "jass", "--seed", "8", "--deals", "1"], input="undenufe\nbedanken\nn\nq\n")
    assert r.exit_code == 0, r.output
    assert "Du: Undenufe" in r.output  # the German screen names the person Du
    assert "Wirklich bedanken?" in r.output and "bedankt sich" not in r.output
    r = runner.invoke(app, ["play", "jass", "--seed", "8", "--deals", "1"], input="E\nbedanken\nj\n")
    assert "Du: Eicheln" in r.output or "Trumpf: Eicheln" in r.output
    assert re.search(r"Bedanken \+0 \(Sieger: Computer 2 · solide & Computer 4 · solide \(bedankt: Du\)\)", r.output)  # thanked out short: the other team wins
    assert "Partie beendet" in r.output


def test_brackets_survive_in_every_message():
    """Item 12: rich markup must not eat ``[...]``."""
    out = io.StringIO()
    screen = Screen(registry.get("jass"), Console(file=out, width=200, color_system=None))
    screen.refuse("tricks: a pair [EU EO] is needed", "Papagei-Jass [§29]")
    assert "a pair [EU EO] is needed" in out.getvalue() and "[§29]" in out.getvalue()
    r = runner.invoke(app, ["play", "jass", "-o", "target=[1]", "--deals", "1"], input="q\n")
    assert r.exit_code == 1 and "[1]" in r.output


def test_replay_error_keeps_its_brackets(tmp_path):
    import json

    r = runner.invoke(app, ["simulate", "jass", "--games", "1", "--seed", "4", "--bots", "rule",
                            "--record", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    rec = json.loads(path.read_text())
    rec["deals"][0]["actions"][3] = ["x"]
    path.write_text(json.dumps(rec))
    r = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert r.exit_code == 1
    assert '[seat, "notation"]' in r.output and len(r.output.strip().splitlines()) == 1
    r = runner.invoke(app, ["replay", str(path)])  # German by default
    assert r.exit_code == 1 and '[Platz, "Notation"]' in r.output


@pytest.mark.parametrize("game", ("doppelkopf", "perlaggen", "tarock", "jass"))
def test_replay_prints_the_settlement_lines(game, tmp_path):
    """Item 12: every settlement line of every deal, and the score sheet."""
    r = runner.invoke(app, ["simulate", game, "--games", "1", "--seed", "5", "--bots", "rule",
                            "--record", str(tmp_path)])
    assert r.exit_code == 0, r.output
    import json

    path = next(tmp_path.glob("*.json"))
    rec = json.loads(path.read_text())
    r = runner.invoke(app, ["replay", str(path), "--lang", "en"], terminal_width=200)
    assert r.exit_code == 0, r.output
    for deal in rec["deals"]:
        for ln in deal["result"]["lines"]:
            assert f"{render(ln['label'], 'en')} {ln['value']:+d}" in r.output
    assert "score sheet" in r.output and "total" in r.output
    assert "seat 0" not in r.output and "dealer seat" not in r.output
    if game == "doppelkopf":
        assert "Augen: Re " in r.output


@pytest.mark.parametrize("game", GAMES)
def test_one_seat_naming_and_the_score_sheet_at_game_over(game):
    """Item 13: names everywhere (bots 1-based like ``Team 1/3``), no engine ``seat N`` or
    ``Position N``; game over prints the score sheet, not a Python list."""
    # "1" picks the first option; the empty line after it takes a sub-prompt's default (the cut)
    r = runner.invoke(app, ["play", game, "--seed", "2", "--deals", "2", "--seat", "2", "--name", "Anna"],
                      input="1\n\n" * 400, terminal_width=100)
    assert r.exit_code == 0, r.output[-3000:]
    out = r.output
    assert "Computer 1 · solide" in out and "Computer 3 · solide" in out and "Computer 2" not in out
    assert "rule" not in out  # never an internal kind
    assert not re.search(r"\b[Ss]eat \d\b", out), re.search(r".*\b[Ss]eat \d\b.*", out).group(0)
    assert not re.search(r"\bPosition \d\b", out)
    over = out[max(out.rfind("game over"), out.rfind("Partie beendet")):]
    assert "score sheet" in over or "Spielliste" in over
    assert "total" in over or "Summe" in over
    assert "totals: [" not in out and "[" not in over.split("\n", 1)[1]


def test_seat_option_counts_from_one():
    r = runner.invoke(app, ["play", "jass", "--seat", "0"], input="q\n")
    assert r.exit_code == 1 and "seat must be 1..4" in r.output


def test_doppelkopf_shows_the_augen_and_tarock_trischaken_each_players_points():
    """Item 13: Doppelkopf ends a deal with ``Augen: Re 128 : Kontra 112``; Trischaken lists
    every player's card points."""
    dk = module_for("doppelkopf").settlement({"re_augen": 128, "kontra_augen": 112,
                                              "parties": ["re", "kontra", "re", "kontra"]}, ["A", "B", "C", "D"])
    assert dk[0].startswith("Augen: Re 128 : Kontra 112")
    tk = module_for("tarock").settlement({"outcome": {"thirds": [121, 0, 47, 42], "tricks": [7, 0, 2, 3]}},
                                         ["A", "B", "C", "D"])
    assert "A 40⅓" in tk[0] and "B 0" in tk[0] and "C 15⅔" in tk[0] and "D 14" in tk[0]
    r = runner.invoke(app, ["play", "doppelkopf", "--seed", "4", "--deals", "1"], input="1\n" * 200,
                      terminal_width=100)
    assert re.search(r"Augen: Re \d+ : Kontra \d+", r.output), r.output[-2000:]


@pytest.mark.parametrize("game", ("doppelkopf", "perlaggen"))
def test_no_stop_after_every_opponent_move(game):
    """Item 14: after 'wait' the same kind of out-of-turn action is not offered again in the
    deal; the person is asked at most a few times out of turn per deal."""
    wait = "weiter"
    r = runner.invoke(app, ["play", game, "--seed", "3", "--deals", "1"], input=f"{wait}\n1\n" * 300,
                      terminal_width=100)
    assert r.exit_code == 0, r.output[-2000:]
    out_of_turn = r.output.count(f":{wait}")
    own = r.output.count("deine Möglichkeiten") - out_of_turn
    assert own >= 5
    assert out_of_turn <= 6, out_of_turn


def test_a_run_of_numbered_actions_is_listed_once_and_the_number_asked_after_it():
    """Item 14: the Perlaggen cut is not listed as 30 options (``abheben:2…31``, then the number)."""
    out = io.StringIO()
    screen = Screen(registry.get("perlaggen"), Console(file=out, width=80, color_system=None))
    legal = [f"abheben:{n}" for n in range(2, 32)]
    assert screen.listing(legal) == ["abheben"]
    answers = iter(["1", "9"])
    screen._prompt = lambda text: next(answers)
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "abheben:9"
    assert "1:abheben:2…31" in out.getvalue()
    answers = iter(["abheben:12"])
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "abheben:12"
    answers = iter(["1", ""])  # Enter at the number: a cut in the middle
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "abheben:16"


def test_perlaggen_unseen_bids_are_listed_once_and_the_figures_asked_after():
    """Item 14: ``ungesehen:…`` once instead of 15 orders of the figures (§32)."""
    out = io.StringIO()
    screen = Screen(registry.get("perlaggen"), Console(file=out, width=80, color_system=None))
    legal = ["ansehen"] + [f"ungesehen:{f}" for f in ("gleich", "hanger", "spiel", "alle", "spiel+gleich")]
    assert screen.listing(legal) == ["ansehen", "ungesehen"]
    answers = iter(["2", "spiel+gleich"])
    screen._prompt = lambda text: next(answers)
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "ungesehen:spiel+gleich"
    assert "2:ungesehen:…" in out.getvalue() and "spiel+gleich" in out.getvalue()


def test_perlaggen_taufe_is_asked_after_the_card():
    """Item 14: a Perlagg is listed once; its Taufe is asked after it (``W`` then ``LA``)."""
    g = registry.get("perlaggen")
    screen = Screen(g, Console(file=io.StringIO()))
    legal = ["EU", "EU=LA", "EU=LK", "EU=HA", "H7", "bieten:gleich"]
    assert screen.listing(legal) == ["EU", "H7", "bieten:gleich"]
    answers = iter(["EU", "la"])
    screen._prompt = lambda text: next(answers)
    view = {"legal": legal, "deal": {}, "seat": 0}
    assert screen.ask(view, legal) == "EU=LA"
    answers = iter(["EU=HA"])
    assert screen.ask(view, legal) == "EU=HA"


@pytest.mark.parametrize("game", GAMES)
def test_the_screen_fits_80x24(game):
    """Item 14: the table, the options and the prompt fit an 80×24 terminal (Perlaggen above all)."""
    render = for_game(game)
    screen = Screen(registry.get(game), Console())
    worst = 0
    for seed in (1, 2, 3):
        for view, legal in _views(game, seed, 300):
            lines = text_of(render(view), width=80).rstrip("\n").count("\n") + 1
            listing = text_of("  ".join(f"{i}:{screen.shown_option(a, legal)}" for i, a in
                                        enumerate(screen.listing(legal), 1)), width=80).rstrip("\n").count("\n") + 1
            worst = max(worst, lines + listing + 1)
    assert worst <= 24, worst


def test_refusals_on_a_german_screen_are_german():
    """Item 13: the Jass and Doppelkopf screens are German, so are the engine's refusals there."""
    r = runner.invoke(app, ["play", "jass", "--seed", "5", "--deals", "1"], input="nonsense\nR8\nq\n")
    assert "abgelehnt: 'nonsense' ist keine Karte und keine Aktion im Schieber" in r.output
    assert "abgelehnt: Farbe angeben (Eicheln)" in r.output and "(Papagei-Jass §15)" in r.output
    r = runner.invoke(app, ["play", "doppelkopf", "--seed", "2", "--deals", "1"], input="hallo\n♥10\nq\n")
    assert "abgelehnt: die Spielabfrage mit 'gesund' oder 'vorbehalt' beantworten" in r.output
    assert "you " not in r.output.lower().replace("your", "")


def test_jass_varianten_trump_choice_fits_a_30_row_terminal():
    """The 24 orders of Drei mal Drei and the 6 Misère modes (Papagei-Jass §24.3, §24.5) are listed
    once each and asked after the word: the whole screen of the trump choice fits 80×30."""
    g = registry.get("jass")
    options = g.options("varianten")
    m = g.new_match("varianten", {}, seed=2)
    chooser = m.to_act()[0]
    legal = m.legal_actions(chooser)
    assert sum(a.startswith("trump:3x3:") for a in legal) == 24
    out = io.StringIO()
    screen = Screen(g, Console(file=out, width=80, color_system=None))
    listed = screen.listing(legal)
    assert "trump:3x3" in listed and "trump:misere" in listed and len(listed) <= 16
    table = text_of(for_game("jass")(m.view(chooser)), width=80).rstrip("\n").count("\n") + 1
    listing = text_of("  ".join(f"{i}:{screen.shown_option(a, legal)}" for i, a in enumerate(listed, 1)),
                      width=80).rstrip("\n").count("\n") + 1
    assert table + 1 + listing + 1 <= 30, (table, listing)  # table, the help line, options, prompt
    answers = iter(["3x3", "E-obenabe-undenufe", "misere", "R"])
    screen._prompt = lambda text: next(answers)
    view = m.view(chooser)
    assert screen.ask(view, legal) == "trump:3x3:E-obenabe-undenufe"
    assert screen.ask(view, legal) == "trump:misere:R"
    assert options.obli is False  # what the docs say: varianten leaves Obli off


@pytest.mark.parametrize("game,seat", [("jass", 5), ("perlaggen", 4), ("doppelkopf", 7)])
def test_replay_names_a_seat_out_of_range_from_one_and_says_seat(game, seat, tmp_path):
    """``replay`` of a record whose action names a seat the table lacks: the seat is counted from 1
    in the message, as in the place it names ("Seat 6 ... there is no Seat 6"), in both languages."""
    import json

    r = runner.invoke(app, ["simulate", game, "--games", "1", "--seed", "4", "--bots", "rule",
                            "--record", str(tmp_path)])
    assert r.exit_code == 0, r.output
    path = next(tmp_path.glob("*.json"))
    rec = json.loads(path.read_text())
    rec["deals"][0]["actions"][2][0] = seat
    path.write_text(json.dumps(rec))
    n = seat + 1
    r = runner.invoke(app, ["replay", str(path), "--lang", "en"])
    assert r.exit_code == 1
    assert f"Seat {n}, " in r.output and f"there is no Seat {n} " in r.output, r.output
    assert f"no {seat} " not in r.output and f"Seat {n + 1}" not in r.output
    r = runner.invoke(app, ["replay", str(path)])  # German by default
    assert r.exit_code == 1 and f"Platz {n}, " in r.output and f"keinen Platz {n}" in r.output, r.output
    r = runner.invoke(app, ["replay", str(path), "--json"])
    err = json.loads(r.output)
    assert err["seat"] == seat and f"seat {n}" in err["message"] and f"seat {seat} " not in err["message"]


def test_one_word_per_language_for_a_seat_across_commands():
    """The command line names a place at the table with one word per language: ``Platz`` in German
    (play, replay, tournament: never "Position"), ``Seat`` in English (never "position")."""
    import re as _re

    from stammtisch.i18n import catalog

    de = [t for t in catalog("de").values() if _re.search(r"\bPosition(en)?\b", t)]
    en = [t for t in catalog("en").values() if _re.search(r"\b[Pp]ositions?\b", _re.sub(r"\{[^}]*\}", "", t))]
    assert not de, de
    assert not en, en
