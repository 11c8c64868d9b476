"""Names people type (a player, a lobby account, a tournament): one rule for every surface.

A name is NFKC-normalised (a full-width ``Ａnna`` is ``Anna``), its runs of white space become one
space, and it may hold no control or invisible format character (NUL, line breaks, zero-width
spaces, right-to-left overrides: Unicode categories C*), so that no two names look alike by hidden
characters and nothing reorders the text around them on a page or a printed list.

>>> clean_name("  Ａnna   Huber ")
'Anna Huber'
>>> clean_name("Sepp\\u202eppeS")
Traceback (most recent call last):
...
ValueError: a name may not contain control or invisible characters (U+202E)
"""

from __future__ import annotations

import unicodedata

__all__ = ["clean_name"]


def clean_name(value: object, max_length: int = 40) -> str:
    """``value`` as a clean name of 1..``max_length`` characters, or :class:`ValueError` saying why not."""
    if not isinstance(value, str):
        raise ValueError(f"a name is 1..{max_length} characters")
    value = unicodedata.normalize("NFKC", value)
    for ch in value:
        if unicodedata.category(ch).startswith("C"):
            raise ValueError(f"a name may not contain control or invisible characters (U+{ord(ch):04X})")
    value = " ".join(value.split())
    if not value or len(value) > max_length:
        raise ValueError(f"a name is 1..{max_length} characters")
    return value
