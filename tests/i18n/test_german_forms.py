"""The German forms (issue 31, 7): every sentence agrees in person, number, gender and case through
the catalogue's variants, never string pasting. Each message of ``data/german_forms.txt`` (written
by hand, as a German speaker says it) is rendered with its variants (du/er, one/many, a pair of
players, each gender and case of the cards and figures) and compared sentence by sentence; then the
terminal's words ("Du hast ihn", "gefragt ist der Hanger") and the plain English source forms."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from stammtisch.core.messages import Msg
from stammtisch.i18n import catalog, render
from stammtisch.i18n.cards import card_name, card_value

DATA = Path(__file__).parent / "data" / "german_forms.txt"
NAMES = ["Du", "Bert", "Cilli", "Dora"]
ME, HE = 0, 2


def cases() -> list[tuple[str, dict, str | None, str, str]]:
    """(id, args, deck, variant, expected) for every sentence of the list; cards as ("card", …)."""
    out: list[tuple[str, dict, str | None, str, str]] = []
    block: dict = {}
    for line in DATA.read_text(encoding="utf-8").splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        key, _, value = line.partition(": ")
        if key == "id":
            block = {"id": value, "args": {}, "deck": None}
        elif key == "args":
            block["args"] = json.loads(value)
        elif key == "deck":
            block["deck"] = value
        elif key.startswith("card"):
            deck_code, _, expected = value.partition(" | ") if value else ("", "", "")
            deck, code = deck_code.split() if deck_code else line.split(": ")[1].split(" | ")[0].split()
            out.append(("card", {"code": code, "case": key[4:].strip()}, deck, "card", expected or line.split(" | ")[1]))
        else:
            out.append((block["id"], block["args"], block["deck"], key, value))
    return out


CASES = cases()


def test_the_list_is_the_list_a_speaker_wrote():
    assert len(CASES) > 100
    variants = {c[3] for c in CASES}
    assert {"du", "er", "pair", "plain", "one", "many", "du one", "er many", "card"} <= variants


@pytest.mark.parametrize(("mid", "args", "deck", "variant", "expected"), CASES,
                         ids=[f"{c[3]}:{c[0][:40]}:{c[1].get('code', '')}" for c in CASES])
def test_each_sentence_reads_as_a_german_speaker_wrote_it(mid, args, deck, variant, expected):
    if variant == "card":
        name = card_name(deck, args["code"], "de")
        got = format(name, args["case"]) if name is not None else card_value(deck, args["code"], "de")
        assert got == expected
        return
    assert mid in catalog("de"), f"not a message of the catalogue: {mid}"
    args = dict(args)
    names: list[str] | None = NAMES
    parts = variant.split()
    if "du" in parts:
        args["seat"] = ME
    elif "er" in parts or ("seat" in mid and "seat" not in args):
        args["seat"] = HE
    if "one" in parts:
        args["n"] = 1
    elif "many" in parts:
        args["n"] = 3
    if "plain" in parts:
        names = None
    got = render(Msg(mid, **args), "de", names, deck=deck, me=ME if names else None)
    assert got == expected


@pytest.mark.parametrize(("wrong", "args", "right"), [
    # the forms the issue found on the Perlaggen terminal: each through its message, never pasted
    ("Du hat ihn", {"winner": "Du"}, "Du hast ihn"),
    ("Bert hat ihn", {"winner": "Bert"}, "Bert hat ihn"),
])
def test_the_terminal_words_agree_with_their_subject(wrong, args, right):
    from stammtisch.cli.settlement import tr
    got = tr(Msg("last trick: {cards} — {winner} took it"), cards="HK, E7", **args)
    assert got.endswith(right) and (wrong == right or wrong not in got)


def test_the_terminal_asks_for_the_figure_with_its_article():
    from stammtisch.cli.settlement import tr
    m = Msg("the Spiel is decided — the {figure} is asked for: the Spiel side weisen / gut / bieten; the "
            "others abweisen / stellen / gut (§22)")
    assert "gefragt ist der Hanger" in tr(m, figure="Hanger")
    assert "gefragt ist das Gleich" in tr(m, figure="Gleich")
    assert "das Hanger" not in tr(m, figure="Hanger")


def test_english_keeps_its_own_person_and_number():
    names = ["You", "Bert", "Cilli", "Dora"]
    assert render(Msg("seat {seat} hält {name} {value} (§11)", seat=0, name="Gleich", value=2), "en", names, me=0) \
        == "You hold Gleich 2 (§11)"
    assert render(Msg("seat {seat} lifts {n} cards (§4)", seat=1, n=1), "en", names, me=0) == "Bert lifts 1 card (§4)"
    assert render(Msg("side {side} shows {figure} (§22)", side="B", figure="Gleich"), "en", names) \
        == "Bert & Dora show Gleich (§22)"
