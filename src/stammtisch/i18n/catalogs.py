"""Reading, extending and exporting the ``.po`` catalogues (Babel); used by the upkeep command
``python -m stammtisch.i18n`` and the catalogue test."""

from __future__ import annotations

import json
import re
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from . import LANGS, LOCALE_DIR, VARIANT, catalog, plurals

#: the package's source (where ``Msg("...")`` ids are extracted from)
SOURCE = Path(__file__).resolve().parent.parent

#: where the browser finds the catalogues
STATIC = SOURCE / "web" / "static" / "i18n"

#: the calls that mark a message id in the source: a message, and a word of the terminal's screens
KEYWORDS = {"Msg": (1,), "tr": (1,)}


#: the pages' scripts, whose German/English pairs are message ids too (by their English text)
WEB_SCRIPTS = SOURCE / "web" / "static"

_Q = r'"((?:[^"\\\n]|\\.)*)"'
_QN = r'"(?:[^"\\\n]|\\.)*"'
#: a pair in the pages' scripts: ``tip("German", "English")``, ``{ de: "German", en: "English" }``,
#: a row ``name: ["German", "English", "German tip", "English tip"]`` (games/jass.js MODE), and a
#: row ``name: ["Term", "German tip", "English tip"]`` (the game term stays, its tip is the pair)
_WEB_PAIRS = (re.compile(r"\btip\(\s*" + _Q + r"\s*,\s*" + _Q),
              re.compile(r"\{\s*de:\s*" + _Q + r"\s*,\s*en:\s*" + _Q + r"\s*\}"),
              re.compile(r"^\s*[\w\"-]+:\s*\[" + _Q + r",\s*" + _Q + r",\s*" + _Q + r",\s*" + _Q + r"\]", re.M),
              re.compile(r"^\s*[\w\":-]+:\s*\[" + _QN + r",\s*" + _Q + r",\s*" + _Q + r"\]", re.M))


def web_pairs() -> dict[str, tuple[str, str]]:
    """The German/English pairs of the pages' scripts (``web/static/**/*.js``) as message ids: the
    English text is the id (French and Italian pages read its catalogue text, ``i18n.js`` ``pick``),
    with the German text and the first place it occurs (``path:line``). Texts built with ``${…}``
    are no ids (the scripts pass ``{name}`` placeholders instead)."""
    out: dict[str, tuple[str, str]] = {}
    for path in sorted(WEB_SCRIPTS.rglob("*.js")):
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(SOURCE).as_posix()
        for pattern in _WEB_PAIRS:
            for m in pattern.finditer(text):
                groups = [json.loads(f'"{g}"') for g in m.groups()]
                line = text.count("\n", 0, m.start()) + 1
                for de, en in zip(groups[::2], groups[1::2]):
                    if en and "${" not in en and "${" not in de and en not in out:
                        out[en] = (de, f"{where}:{line}")
    return out


def extract_ids() -> dict[str, str]:
    """Every message id in the source, with the first place it occurs (``path:line``): the Python
    source's ``Msg``/``tr`` ids, then the pages' scripts' pairs (:func:`web_pairs`)."""
    out: dict[str, str] = {}
    for filename, lineno, message, _comments, _context in extract_from_dir(
            str(SOURCE), method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=()):
        if filename.replace("\\", "/") == "core/messages.py":
            continue  # the message type itself (its JSON reader)
        if isinstance(message, str) and message not in out:
            out[message] = f"{filename}:{lineno}"
    for en, (_de, where) in web_pairs().items():
        out.setdefault(en, where)
    return out


def _read(lang: str) -> Catalog:
    path = LOCALE_DIR / f"{lang}.po"
    if not path.exists():
        return Catalog(locale=lang, project="stammtisch")
    with path.open("rb") as f:
        return read_po(f, locale=lang)


def update_po(lang: str) -> list[str]:
    """Add the source's new ids to ``locale/<lang>.po`` (empty text); returns the ids added."""
    cat = _read(lang)
    added = []
    web = web_pairs()
    for mid, where in extract_ids().items():
        if mid not in cat:
            # a pair of the pages' scripts brings its German and English text along
            text = {"de": web[mid][0], "en": mid}.get(lang, "") if mid in web else ""
            cat.add(mid, text, locations=[(where.rsplit(":", 1)[0], int(where.rsplit(":", 1)[1]))])
            added.append(mid)
    if added:
        with (LOCALE_DIR / f"{lang}.po").open("wb") as f:
            write_po(f, cat, width=0, omit_header=False, sort_output=False, include_lineno=False)
        catalog.cache_clear()
    return added


def missing() -> dict[str, list[str]]:
    """Per language, the ids (from the source or any catalogue) that have no text."""
    ids = set(extract_ids())
    for lang in LANGS:
        # a variant ("you\x04<id>", "one\x04<id>") is a language's own refinement: a language without
        # it says the plain text (i18n.pick_text), so only the ids themselves must be everywhere
        ids |= {i for i in catalog(lang) if VARIANT not in i}
    return {lang: sorted(i for i in ids if i not in catalog(lang)) for lang in LANGS}


def browser_catalog(lang: str) -> dict[str, str | list[str]]:
    """What the browser reads for ``lang``: id to text, a plural entry as its list of forms (``one``
    first; ``i18n.js`` picks one with ``Intl.PluralRules``)."""
    out: dict[str, str | list[str]] = dict(catalog(lang))
    out.update({k: list(v) for k, v in plurals(lang).items()})
    return out


def set_plural(lang: str, mid: str, forms: list[str]) -> None:
    """Give the entry ``mid`` of ``locale/<lang>.po`` its plural forms (``one`` first), as a
    ``msgid``/``msgid_plural`` entry; the placeholders of each form must be the id's."""
    from ..core.messages import placeholders

    if any(placeholders(f) != placeholders(mid) for f in forms):
        raise ValueError(f"{lang}: the placeholders of {forms!r} differ from those of the id {mid!r}")
    cat = _read(lang)
    old = cat.get(mid)
    locations = old.locations if old else []
    flags = old.flags if old else set()
    if old is not None:
        cat.delete(mid)
    cat.add((mid, mid), tuple(forms), locations=locations, flags=flags)
    with (LOCALE_DIR / f"{lang}.po").open("wb") as f:
        write_po(f, cat, width=0, omit_header=False, sort_output=False, include_lineno=False)
    catalog.cache_clear()
    plurals.cache_clear()


def export_json() -> list[Path]:
    """Write ``web/static/i18n/<lang>.json`` (id to text) for each language; returns the paths."""
    STATIC.mkdir(parents=True, exist_ok=True)
    paths = []
    for lang in LANGS:
        path = STATIC / f"{lang}.json"
        path.write_text(json.dumps(browser_catalog(lang), ensure_ascii=False, sort_keys=True, indent=0) + "\n",
                        encoding="utf-8")
        paths.append(path)
    return paths


def _tsv(text: str) -> str:
    return text.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n")


def _untsv(text: str) -> str:
    out, i = [], 0
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            out.append({"n": "\n", "t": "\t", "\\": "\\"}.get(text[i + 1], "\\" + text[i + 1]))
            i += 2
            continue
        out.append(c)
        i += 1
    return "".join(out)


def missing_rows(lang: str, source: str = "en") -> list[str]:
    """The ids without a text in ``lang`` as tab-separated lines ``id<TAB>text in source<TAB>``:
    translate the last column and read the file back with :func:`fill` (``\\n`` and ``\\t`` stand
    for a line break and a tab)."""
    gaps = missing().get(lang, [])
    ref = catalog(source)
    return [f"{_tsv(i)}\t{_tsv(ref.get(i, i))}\t" for i in gaps]


#: translations made ahead for messages other branches add (``locale/incoming/<lang>.tsv``, lines
#: ``id<TAB>text``): ``python -m stammtisch.i18n incoming`` fills those the source builds by now
INCOMING = LOCALE_DIR / "incoming"


def fill(lang: str, lines: list[str], only_missing: bool = False) -> list[str]:
    """Set the texts of ``lang`` from tab-separated lines ``id<TAB>…<TAB>text`` (the last column is
    the text, the first the id; lines without a text are skipped, and so are ids the source does
    not build, so that no stale entry is written). New ids are added, existing texts replaced
    (kept with ``only_missing``); the placeholders must be the id's. Returns the ids set."""
    from ..core.messages import placeholders

    cat = _read(lang)
    where = extract_ids()
    have = catalog(lang)
    done: list[str] = []
    for line in lines:
        line = line.rstrip("\r\n")
        if not line.strip() or line.startswith("#"):
            continue
        cols = line.split("\t")
        mid, text = _untsv(cols[0]), _untsv(cols[-1]) if len(cols) > 1 else ""
        if not text or (mid not in where and mid not in have) or (only_missing and mid in have):
            continue
        if placeholders(mid) != placeholders(text):
            raise ValueError(f"{lang}: the placeholders of {text!r} differ from those of the id {mid!r}")
        if mid in cat and isinstance(cat[mid].string, tuple):  # a plural entry: its forms stay
            continue
        if mid in cat:
            cat[mid].string = text
        else:
            loc = where.get(mid)
            locations = [(loc.rsplit(":", 1)[0], int(loc.rsplit(":", 1)[1]))] if loc else []
            cat.add(mid, text, locations=locations, flags=("python-brace-format",) if placeholders(mid) else ())
        have = {**have, mid: text}
        done.append(mid)
    if done:
        with (LOCALE_DIR / f"{lang}.po").open("wb") as f:
            write_po(f, cat, width=0, omit_header=False, sort_output=False, include_lineno=False)
        catalog.cache_clear()
    return done


def fill_incoming() -> dict[str, list[str]]:
    """Fill each language's still empty texts from ``locale/incoming/<lang>.tsv`` (ids the source
    builds by now only); returns the ids set per language."""
    out: dict[str, list[str]] = {}
    for lang in LANGS:
        path = INCOMING / f"{lang}.tsv"
        if path.exists():
            out[lang] = fill(lang, path.read_text(encoding="utf-8").splitlines(), only_missing=True)
    return out
