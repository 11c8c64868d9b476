"""Every word a settlement or a refusal shows a person goes through the catalogue: the message and
every message among its arguments are catalogue entries, and the German and English texts have every
placeholder filled with a real value (no ``None``, no ``{name}`` left). A changed word, a dropped or
emptied argument shows here."""

from __future__ import annotations

from typing import Any

from stammtisch.core.messages import Msg
from stammtisch.i18n import catalog, render


def assert_words(m: Any, terms: frozenset[str] = frozenset()) -> None:
    """``terms``: the game's own words (contract and premium names), the same in every language."""
    if m is None or m == "":
        return
    assert isinstance(m, Msg), f"not a catalogue message: {m!r}"
    assert m.id in catalog("de") or m.id in terms, f"not in the catalogue: {m.id!r}"
    for v in m.args.values():
        assert v is not None, f"{m.id!r} has an empty argument: {m.args!r}"
        for w in v if isinstance(v, list | tuple) else [v]:
            if isinstance(w, Msg):
                assert_words(w, terms)
    for lang in ("de", "en"):
        text = render(m, lang)
        assert "None" not in text and "{" not in text and text.strip(), (lang, m.id, text)


def assert_lines(lines: Any, terms: frozenset[str] = frozenset(), notes: bool = False) -> None:
    """Each settlement line's label and note (``notes``: every line of this game explains itself)."""
    for ln in lines:
        assert ln.label and isinstance(ln.value, int), ln  # every line names what it counts, and a number
        assert not notes or getattr(ln, "note", None), ln
        assert_words(ln.label, terms)
        assert_words(getattr(ln, "note", None), terms)
