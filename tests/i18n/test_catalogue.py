"""The catalogues: every message the source builds has a text in every language, with the same
placeholders; the browser's JSON copy is up to date; rendering follows each language's ways."""

import json
import pickle

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg, from_json, placeholders
from stammtisch.core.protocol import DealResult, Line
from stammtisch.i18n import LANGS, VARIANT, catalog, render, thirds
from stammtisch.i18n.catalogs import STATIC, browser_catalog, extract_ids, missing


def test_german_is_the_default_and_english_french_and_italian_are_there():
    assert LANGS == ("de", "en", "fr", "it")


def test_every_message_of_the_source_has_a_text_in_every_language():
    ids = extract_ids()
    assert len(ids) > 100  # the extraction finds the engines' messages
    gaps = {lang: [(i, ids.get(i, "catalogue")) for i in bad] for lang, bad in missing().items() if bad}
    assert not gaps, gaps


@pytest.mark.parametrize("lang", LANGS)
def test_placeholders_match_the_id(lang):
    bad = {i: t for i, t in catalog(lang).items() if placeholders(i) != placeholders(t)}
    assert not bad


def test_no_catalogue_keeps_ids_the_source_no_longer_builds():
    """Stale entries hide renamed messages; terms and surface words are listed in the source too."""
    ids = set(extract_ids())
    for lang in LANGS:
        # (a variant, "you\x04<id>" or "one\x04<id>", belongs to its id)
        assert not {k.rsplit(VARIANT, 1)[-1] for k in catalog(lang)} - ids - SURFACE_ONLY, lang


#: entries the rendering itself uses (not built with Msg in the source)
SURFACE_ONLY = {"Seat {n}", "⅓", "⅔", "yes", "no", "side {x}"}


def test_the_browser_catalogues_equal_the_po_files():
    """``python -m stammtisch.i18n export`` was run after the last catalogue change."""
    for lang in LANGS:
        path = STATIC / f"{lang}.json"
        assert path.exists(), f"run python -m stammtisch.i18n export ({path} is missing)"
        assert json.loads(path.read_text(encoding="utf-8")) == browser_catalog(lang), f"{path} is stale: run the export"


def test_render_names_seats_and_nests_messages():
    m = Msg("seat {seat} plays a Lustsolo: {contract}", seat=2, contract=Msg("Normalspiel"))
    assert str(m) == "seat 2 plays a Lustsolo: Normalspiel"  # the source text: language-free logs, tests
    assert render(m, "de") == "Platz 3 spielt ein Lustsolo: Normalspiel"
    assert render(m, "en", ["Anna", "Bert", "Cilli", "Dora"]) == "Cilli plays a Lustsolo: normal game"
    assert render(m.to_json(), "en", lambda s: f"#{s}") == "#2 plays a Lustsolo: normal game"
    assert render("Normalspiel", "en") == "normal game" and render("HK", "en") == "HK"
    assert render(m, "xx") == render(m, "de")  # an unknown language falls back to the default


def test_thirds_are_written_the_languages_way():
    assert [thirds(n, "de") for n in (121, 122, 120, 1, -4)] == ["40⅓", "40⅔", "40", "⅓", "-1⅓"]
    assert [thirds(n, "en") for n in (121, 122, 120, 1)] == ["40 1/3", "40 2/3", "40", "1/3"]


def test_messages_survive_json_pickle_and_results():
    m = Msg("{weis} is declared twice (a Weis must be held)", weis="E8-E10")
    assert from_json(json.loads(json.dumps(m.to_json()))) == m and from_json(m.to_json()).id == m.id
    assert pickle.loads(pickle.dumps(m)).args == {"weis": "E8-E10"}
    r = DealResult((1, -1), (Line(Msg("Weis"), 50, Msg("{team}: {points} x {mult}", team="Team 1/3", points=50,
                                                          mult=1)),))
    back = DealResult.from_json(json.loads(json.dumps(r.to_json())))
    assert back.lines[0].note.id == "{team}: {points} x {mult}" and back == r
    assert r.to_json()["lines"][0]["label"] == {"id": "Weis"}  # stored as an id, never as a rendering


def test_a_refusal_carries_its_message_and_rule_apart():
    e = IllegalAction(Msg("you must follow suit ({suit})", suit="Eichel"), rule="Papagei-Jass §15", seat=1,
                      action="S6")
    j = e.to_json()
    assert j["msg"] == {"id": "you must follow suit ({suit})", "args": {"suit": "Eichel"}}
    assert j["rule"] == "Papagei-Jass §15"
    assert render(j["msg"], "de") == "Farbe angeben (Eichel)"


@pytest.mark.parametrize("game_name", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_every_option_has_a_label_and_a_help_in_both_languages(game_name):
    """The lobby's form names options by their meaning, never by the engine key."""
    import dataclasses

    from stammtisch.core import registry

    game = registry.get(game_name)
    names = {f.name for f in dataclasses.fields(game.options())}
    assert set(game.option_texts) == names
    for name, (label, help_) in game.option_texts.items():
        for lang in LANGS:
            assert render(label, lang) and render(help_, lang)
        assert render(label, "de") != name  # a label, not the key
