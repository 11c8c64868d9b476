"""A list keeper's refusal names the field as the entry form labels it, in the page's language,
never the entry's key (``re_level``, ``card_points``, ``declarer_points`` ...)."""

from __future__ import annotations

import re

import pytest

from stammtisch.core.errors import IllegalAction
from stammtisch.i18n import LANGS, catalog, render
from stammtisch.scorekeeper.entries import FIELDS, context, get

DK = {"kind": "game", "contract": "normal", "re": [1, 3], "re_augen": 130}
JASS = {"kind": "game", "mode": "E", "declarer": 1, "card_points": [100, 57], "tricks": [5, 4]}

#: (game, facts, the form's label in German, the key that must not be read)
CASES = [
    ("doppelkopf", {**DK, "re_level": "keine100"}, "Ansage Re", "re_level"),
    ("doppelkopf", {**DK, "kontra_level": True}, "Ansage Kontra", "kontra_level"),
    ("doppelkopf", {**DK, "re_level": 7}, "Ansage Re", "re_level"),
    ("doppelkopf", {**DK, "re_augen": "viel"}, "Augen Re", "re_augen"),
    ("doppelkopf", {**DK, "re_tricks": 13}, "Stiche", "re_tricks"),
    ("doppelkopf", {**DK, "re": [1, 9]}, "Re-Partei", "Re player"),
    ("jass", {k: v for k, v in JASS.items() if k != "card_points"}, "Kartenpunkte", "card_points"),
    ("jass", {**JASS, "weis": [20]}, "Weis", "weis"),
    ("jass", {**JASS, "ruling": "§99"}, "Strafentscheid", "ruling"),
    ("jass", {"kind": "annulled", "rule": "§99"}, "annulliert nach", "rule"),
    ("jass", {**JASS, "declarer": 7}, None, "declarer"),
    ("tarock", {"kind": "game", "contract": "rufer", "declarer": 1, "partner": 3, "declarer_points": "viel"},
     "Punkte (35/2)", "declarer_points"),
    ("tarock", {"kind": "game", "contract": "rufer", "declarer": 9}, None, "declarer"),
    ("perlaggen", {"kind": "game", "figures": [{"figure": "gleich", "status": "held", "value": 2, "winner": "x"}]},
     "gewonnen von", "winner"),
]


@pytest.mark.parametrize("game,facts,label,key", CASES, ids=[f"{c[0]}-{c[3]}" for c in CASES])
def test_a_refusal_names_the_field_as_the_form_labels_it(game, facts, label, key):
    with pytest.raises(IllegalAction) as e:
        get(game).settle(facts, context(4, 1, 4))
    said = e.value.message
    de, en = render(said, "de"), render(said, "en")
    expected = render(FIELDS[key], "de") if label is None else label
    assert expected in de, (de, expected)
    for text in (de, en) if "_" in key else (de,):  # ("ruling", "winner" are English words too)
        assert not re.search(rf"(?<![\w']){re.escape(key)}(?![\w'])", text), text
    assert render(FIELDS[key], "en") in en, en


def test_every_field_label_has_a_text_in_every_language():
    for key, label in FIELDS.items():
        for lang in LANGS:
            assert catalog(lang).get(label.id), (lang, key, label.id)


@pytest.mark.parametrize("facts,word", [([1, 2], "eine Liste"), ("normal", "ein Text"), (3, "eine Zahl")])
def test_facts_that_are_no_object_are_named_in_words_not_as_a_python_type(facts, word):
    with pytest.raises(IllegalAction) as e:
        get("doppelkopf").settle(facts, context(4, 1, 4))
    de, en = render(e.value.message, "de"), render(e.value.message, "en")
    assert de.endswith(f"nicht {word}"), de
    assert not re.search(r"\b(list|str|int|dict|tuple)\b", de) and not re.search(r"not (list|str|int)\b", en), (de, en)
