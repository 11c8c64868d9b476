"""Catalogue upkeep: ``python -m stammtisch.i18n update|export|check``.

- ``update``: extract every ``Msg("...")`` id from the source (Babel's extractor) and add the
  new ones to each ``locale/<lang>.po`` with an empty text (to be translated)
- ``export``: write the catalogues as JSON for the browser (``web/static/i18n/<lang>.json``)
- ``check``: list ids without a text in some language (exit status 1 if any)
"""

from __future__ import annotations

import sys

from . import LANGS
from .catalogs import export_json, missing, update_po


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
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
