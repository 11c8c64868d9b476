"""The page's own words (``STRINGS`` in ``web/static/i18n.js``): every word in German and in English."""

from __future__ import annotations

import re
from importlib.resources import files


def _blocks() -> dict[str, set[str]]:
    js = (files("stammtisch.web") / "static" / "i18n.js").read_text(encoding="utf-8")
    body = js[js.index("const STRINGS = {"):]
    body = body[:body.index("\n};")]
    out: dict[str, set[str]] = {}
    for lang, block in re.findall(r"\n  (\w\w): \{(.*?)\n  \},", body, re.S):
        # a key is a name before a colon, outside the quoted words
        unquoted = re.sub(r'"(?:[^"\\]|\\.)*"', '""', block)
        out[lang] = set(re.findall(r"(\w+):", unquoted))
    return out


def test_every_page_word_is_in_german_and_in_english():
    """German and English, and every other language the page offers (French, Italian), word for word."""
    blocks = _blocks()
    assert {"de", "en"} <= set(blocks) and set(blocks) <= {"de", "en", "fr", "it"}
    de = blocks["de"]
    assert len(de) > 100
    for lang, words in blocks.items():
        assert words == de, (lang, sorted(de - words), sorted(words - de))
    assert {"leftOver", "laidOpen"} <= de  # (the end of a Partie with cards still held)
