"""French and Italian (issue 37): every catalogue holds every message, in the players' words of
Romandie and Ticino; plural forms through the catalogue; the upkeep tool that lists and fills what
is missing; the browser's own words in every language."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from stammtisch.core.messages import Msg, placeholders
from stammtisch.i18n import LANGS, VARIANT, catalog, gettext, ngettext, plurals, render
from stammtisch.i18n import catalogs
from stammtisch.i18n.__main__ import main
from stammtisch.i18n.catalogs import browser_catalog, extract_ids, web_pairs

WEB = Path(catalogs.SOURCE) / "web" / "static"


def test_every_catalogue_has_every_message_of_every_other():
    """The ids of de, en, fr and it are one set (the source's ids are checked in test_catalogue); a
    variant (``you\x04<id>``, ``one\x04<id>``) is a language's own refinement of its id."""
    ids = {lang: {i for i in catalog(lang) if VARIANT not in i} for lang in LANGS}
    for lang in LANGS:
        assert ids[lang] == ids["de"], (lang, sorted(ids[lang] ^ ids["de"])[:20])


def test_the_browser_json_of_every_language_has_every_message():
    for lang in LANGS:
        data = json.loads((catalogs.STATIC / f"{lang}.json").read_text(encoding="utf-8"))
        assert {i for i in data if VARIANT not in i} == {i for i in catalog("de") if VARIANT not in i}, lang
        assert data == browser_catalog(lang)


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_french_and_italian_are_translated_not_copied(lang):
    """Most texts differ from the English and the German ones: a copied catalogue is no translation."""
    en, de, own = catalog("en"), catalog("de"), catalog(lang)
    prose = [i for i in own if VARIANT not in i and len(en[i].split()) >= 4]
    same = [i for i in prose if own[i] in (en[i], de[i])]
    assert len(prose) > 500 and len(same) < len(prose) * 0.03, same[:20]


@pytest.mark.parametrize("lang,words", [
    ("fr", {"Kartenpunkte": "points de cartes", "Weis": "annonce", "Stöck": "stöck", "Match": "match",
            "trump": "atout", "trick": "pli", "deal": "donne", "dealer": "donneur", "Schieber Jass": "Chibre",
            "Eicheln": "Glands/Carreau", "Schellen": "Grelots/Trèfle", "Schilten": "Écussons/Pique", "Rosen": "Roses/Cœur"}),
    ("it", {"Kartenpunkte": "punti delle carte", "Weis": "annuncio", "Stöck": "Stöck", "Match": "match",
            "trump": "briscola", "trick": "presa", "deal": "smazzata", "dealer": "mazziere", "Schieber Jass": "Schieber",
            "Eicheln": "Ghiande/Quadri", "Schellen": "Campanelli/Fiori", "Schilten": "Scudi/Picche", "Rosen": "Rose/Cuori"}),
])
def test_the_jass_words_are_those_of_romandie_and_ticino(lang, words):
    """docs/glossary.md: Chibre, atout, annonce, stöck, pli, donne (swisslos.ch, jeuxdecartes.net);
    briscola, presa, smazzata, mazziere (swisslos.ch/it); the Swiss-German suits beside the
    French-Swiss ones, as swisslos.ch/it names them."""
    for word, said in words.items():
        assert gettext(word, lang) == said, (word, gettext(word, lang))


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_german_game_terms_of_tarock_doppelkopf_and_perlaggen_stay(lang):
    for term in ("Re", "Kontra", "keine 90", "Hochzeit", "Pflichtsolo", "Gleich", "Hanger", "Trischaken", "Valat"):
        assert gettext(term, lang) == term
    assert "Pflichtsolo" in render(Msg("seat {seat} plays a Pflichtsolo: {contract}", seat=1, contract=Msg("Damensolo")), lang)


@pytest.mark.parametrize("lang,one,two", [("fr", "1 pli", "2 plis"), ("it", "1 presa", "2 prese"),
                                          ("de", "1 Stich", "2 Stiche"), ("en", "1 trick", "2 tricks")])
def test_plural_forms_follow_the_count(lang, one, two):
    assert render(Msg("{n} tricks", n=1), lang) == one and render(Msg("{n} tricks", n=2), lang) == two
    assert ngettext("{n} tricks", lang, None) == catalog(lang)["{n} tricks"]


def test_french_counts_zero_as_one_and_italian_does_not():
    """CLDR's forms, as the catalogues' Plural-Forms say: fr ``n > 1``, it ``n != 1``."""
    assert render(Msg("{n} tricks", n=0), "fr") == "0 pli" and render(Msg("{n} tricks", n=0), "it") == "0 prese"
    assert render(Msg("{tricks} trick(s), needs {need}", tricks=1, need=4), "fr") == "1 pli, il en faut 4"


@pytest.mark.parametrize("lang", LANGS)
def test_plural_entries_keep_the_placeholders_and_have_every_form(lang):
    head = (catalogs.LOCALE_DIR / f"{lang}.po").read_text(encoding="utf-8")
    assert "Plural-Forms: nplurals=2;" in head
    for mid, forms in plurals(lang).items():
        assert len(forms) == 2 and all(placeholders(f) == placeholders(mid) for f in forms), (mid, forms)


def test_the_pages_pairs_are_catalogue_ids_with_their_german():
    pairs = web_pairs()
    assert pairs["trick {n}/9"][0] == "Stich {n}/9" and pairs["Trump: {mode} ×{mult}"][0] == "Trumpf: {mode} ×{mult}"
    assert all("${" not in en for en in pairs)
    ids = extract_ids()
    assert set(pairs) <= set(ids)
    assert gettext("trick {n}/9", "fr") == "pli {n}/9" and gettext("Trump: {mode} ×{mult}", "it") == "Briscola: {mode} ×{mult}"


def _strings(lang: str) -> dict[str, str]:
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    block = re.search(rf"^  {lang}: \{{\n(.*?)\n  \}},?$", text, re.S | re.M)
    assert block, lang
    return dict(re.findall(r'(\w+): "((?:[^"\\]|\\.)*)"', block.group(1)))


def test_the_pages_own_words_exist_in_every_language():
    """i18n.js STRINGS: every key in de, en, fr and it, with the same placeholders."""
    de = _strings("de")
    assert len(de) > 100
    for lang in ("en", "fr", "it"):
        own = _strings(lang)
        assert set(own) == set(de), (lang, sorted(set(own) ^ set(de)))
        for k, v in own.items():
            assert placeholders(v) == placeholders(de[k]), (lang, k)
    assert _strings("fr")["yourTurn"] == "À toi de jouer." and _strings("it")["dealer"] == "mazziere"


def test_the_switch_names_every_catalogue_in_its_own_language():
    text = (WEB / "i18n.js").read_text(encoding="utf-8")
    assert 'export const LANGS = { de: "Deutsch", en: "English", fr: "Français", it: "Italiano" };' in text
    assert "navigator.languages" in text


def test_missing_lists_and_fill_writes_back(tmp_path, monkeypatch, capsys):
    """``python -m stammtisch.i18n missing fr`` lists the ids without text; ``fill`` reads them back."""
    import shutil

    loc = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, loc)
    monkeypatch.setattr(catalogs, "LOCALE_DIR", loc)
    import stammtisch.i18n as i18n

    monkeypatch.setattr(i18n, "LOCALE_DIR", loc)
    catalog.cache_clear()
    plurals.cache_clear()
    try:
        # a new message nobody translated yet: an empty French text
        po = loc / "fr.po"
        po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Chibre"', 'msgstr ""'), encoding="utf-8")
        catalog.cache_clear()
        assert main(["missing", "fr"]) == 1
        out = capsys.readouterr().out
        assert out == "Schieber Jass\tSchieber Jass\t\n"
        assert main(["missing", "xx"]) == 2
        todo = tmp_path / "fr.tsv"
        todo.write_text("Schieber Jass\tSchieber Jass\tChibre\n", encoding="utf-8")
        assert main(["fill", "fr", str(todo)]) == 0
        assert catalog("fr")["Schieber Jass"] == "Chibre" and main(["missing", "fr"]) == 0
        todo.write_text("{n} games\t{n} games\t{count} jeux\n", encoding="utf-8")
        assert main(["fill", "fr", str(todo)]) == 1  # the placeholders must be the id's
        assert "placeholders" in capsys.readouterr().err
    finally:
        catalog.cache_clear()
        plurals.cache_clear()


@pytest.mark.parametrize("lang", ["fr", "it"])
def test_the_translations_made_ahead_keep_their_placeholders(lang):
    """locale/incoming/<lang>.tsv: French and Italian for the messages the other branches add."""
    path = catalogs.INCOMING / f"{lang}.tsv"
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    assert len(rows) > 200 and all(len(r) == 2 and r[1] for r in rows)
    assert all(placeholders(a) == placeholders(b) for a, b in rows), [r for r in rows if placeholders(r[0]) != placeholders(r[1])]


def test_incoming_fills_only_empty_texts_of_ids_the_source_builds(tmp_path, monkeypatch):
    import shutil

    loc = tmp_path / "locale"
    shutil.copytree(catalogs.LOCALE_DIR, loc)
    import stammtisch.i18n as i18n

    for mod in (catalogs, i18n):
        monkeypatch.setattr(mod, "LOCALE_DIR", loc)
    monkeypatch.setattr(catalogs, "INCOMING", loc / "incoming")
    monkeypatch.setattr(catalogs, "STATIC", tmp_path / "json")  # the export goes there, not into the package
    (loc / "incoming" / "fr.tsv").write_text("Schieber Jass\tChibre (jass)\nno such id {x}\tpas d'id {x}\n"
                                             "Obenabe\tObenabe (haut)\n", encoding="utf-8")
    (loc / "incoming" / "it.tsv").write_text("", encoding="utf-8")
    po = loc / "fr.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "Chibre"', 'msgstr ""'), encoding="utf-8")
    catalog.cache_clear()
    try:
        assert main(["incoming"]) == 0
        assert catalog("fr")["Schieber Jass"] == "Chibre (jass)"  # was empty: filled
        assert catalog("fr")["Obenabe"] == "Obenabe"  # had its text: kept
        assert "no such id {x}" not in catalog("fr")  # the source does not build it: no stale entry
    finally:
        catalog.cache_clear()
        plurals.cache_clear()


@pytest.mark.parametrize("lang,card,said", [
    ("fr", "EA", "l'As de glands"), ("fr", "LK", "le Roi d'écussons"), ("fr", "SU", "l'Under de grelots"),
    ("it", "EA", "l'Asso di ghiande"), ("it", "LK", "il Re di scudi"), ("it", "RO", "l'Ober di rose"),
    ("de", "EA", "das Eichel-Ass"), ("en", "EA", "the Ace of Acorns"),
])
def test_french_and_italian_card_names_elide_before_a_vowel(lang, card, said):
    """``article:elided`` and ``card {suit} {rank} (vowel)``: "l'As", "d'écussons", never "le As"."""
    from stammtisch.i18n.cards import card_name

    assert format(card_name("jass", card, lang), "acc") == said
