"""Catalogue upkeep: ``python -m stammtisch.i18n update|export|check|missing|fill``.

- ``update``: extract every ``Msg("...")`` id from the source (Babel's extractor) and add the
  new ones to each ``locale/<lang>.po`` with an empty text (to be translated)
- ``export``: write the catalogues as JSON for the browser (``web/static/i18n/<lang>.json``)
- ``check``: list ids without a text in some language (exit status 1 if any)
- ``missing [LANG …]``: the ids without a text in LANG (default: every language), one per line as
  ``id<TAB>English text<TAB>`` (with more than one language, each block headed ``# LANG``);
  exit status 1 if any
- ``fill LANG FILE``: read such lines back with the text in the last column (``-`` reads stdin)
  and write them into ``locale/LANG.po`` (ids the source does not build are skipped); then run
  ``export``
- ``incoming``: fill the still empty texts from ``locale/incoming/<lang>.tsv`` (translations made
  ahead for messages other branches add; only ids the source builds by now), then ``export``

Filling in the messages that others add::

    python -m stammtisch.i18n update               # new ids into every catalogue, empty
    python -m stammtisch.i18n incoming             # the French/Italian made ahead (locale/incoming)
    python -m stammtisch.i18n missing fr > fr.tsv  # translate the last column …
    python -m stammtisch.i18n fill fr fr.tsv       # … and read it back (same for it, de, en)
    python -m stammtisch.i18n export
"""

from __future__ import annotations

import sys
from pathlib import Path

from . import LANGS
from .catalogs import export_json, fill, fill_incoming, missing, missing_rows, update_po


def main(argv: list[str]) -> int:
    cmd = argv[0] if argv else "check"
    if cmd == "update":
        for lang in LANGS:
            added = update_po(lang)
            print(f"{lang}: {len(added)} new id(s)")
        return 0
    if cmd == "export":
        for path in export_json():
            print(f"wrote {path}")
        return 0
    if cmd == "check":
        bad = missing()
        for lang, ids in bad.items():
            for i in ids:
                print(f"{lang}: no text for {i!r}")
        return 1 if any(bad.values()) else 0
    if cmd == "missing":
        langs = argv[1:] or list(LANGS)
        unknown = [x for x in langs if x not in LANGS]
        if unknown:
            print(f"no catalogue for {', '.join(unknown)} (there are {', '.join(LANGS)})", file=sys.stderr)
            return 2
        found = False
        for lang in langs:
            rows = missing_rows(lang)
            found = found or bool(rows)
            if len(langs) > 1 and rows:
                print(f"# {lang}")
            for row in rows:
                print(row)
        return 1 if found else 0
    if cmd == "incoming":
        for lang, ids in fill_incoming().items():
            print(f"{lang}: {len(ids)} text(s) set from locale/incoming/{lang}.tsv")
        export_json()
        return 0
    if cmd == "fill" and len(argv) == 3:
        lang, src = argv[1], argv[2]
        if lang not in LANGS:
            print(f"no catalogue for {lang} (there are {', '.join(LANGS)})", file=sys.stderr)
            return 2
        try:
            lines = sys.stdin.read().splitlines() if src == "-" else Path(src).read_text(encoding="utf-8").splitlines()
            done = fill(lang, lines)
        except (OSError, ValueError) as e:
            print(f"fill {lang}: {e}", file=sys.stderr)
            return 1
        print(f"{lang}: {len(done)} text(s) set")
        return 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
