"""The help texts that several commands share, and the look of ``--help``.

One name and one sentence for one thing across every command: the games, the rules profiles,
the kinds of computer player, the data folder. :func:`quiet_flags` drops Typer's type
placeholders (``<bool>`` after every flag, ``<str>``/``<list[str]>`` after options): an
option's help names its values instead.
"""

from __future__ import annotations

from typing import Any

GAMES = "jass, doppelkopf, tarock or perlaggen"

#: every profile of every game (a test checks the list against the registry)
PROFILES = ("rules profile (default: the game's first): jass standard|2500|software|varianten; "
            "doppelkopf turnier|turnier5|blatt; tarock oesterreich-finale|tiroler-cup; perlaggen innsbruck|live")

#: every kind :func:`stammtisch.bots.make` builds
BOTS = ("random, rule, search, search:LEVEL (easy, medium, hard, strong), search:SECONDS (e.g. 0.2), "
        "search:Ni (N iterations), search:Nw (N worlds), ismcts[:same], search+rule, learned")

OPTION = "a rules option name=value, repeatable (e.g. -o target=2500; the names: docs/rules/<game>.md)"

DATA = "folder of the embedded SQLite database"

WORKERS = "processes: 0 one per core, 1 none (this process), N that many"

#: where commands write their files unless told otherwise (ignored by git in a checkout)
OUTPUT = "output"

_TYPE_WORDS = {"str": "TEXT", "int": "INTEGER", "float": "NUMBER", "path": "PATH", "file": "FILE",
               "directory": "FOLDER"}


def _display_type_rich(self: Any, ctx: Any) -> str | None:
    if getattr(self, "is_flag", False) or getattr(self, "count", False):
        return None  # a flag takes no value: no <bool>
    if self.metavar is not None:
        return self.metavar
    label = self.display_type(ctx).strip("<>")
    if label.startswith("list[") and label.endswith("]"):
        label = label[5:-1]
    return _TYPE_WORDS.get(label, label.upper())


def quiet_flags() -> None:
    """Show ``--json`` without ``<bool>`` and ``--seed INTEGER`` instead of ``--seed <int>``."""
    from typer.core import TyperArgument, TyperOption

    TyperOption.display_type_rich = _display_type_rich  # type: ignore[method-assign]
    TyperArgument.display_type_rich = lambda self, ctx: None  # type: ignore[method-assign]

#: the languages of ``--lang`` (one catalogue each: stammtisch/i18n/locale/<lang>.po)
LANG = "de (German, the default), en (English), fr (French) or it (Italian)"


def check_lang(value: str) -> str:
    """``--lang``: a language with a catalogue (``fr``, also ``fr-CH``), else a clear refusal."""
    from typer import BadParameter

    from ..i18n import LANGS

    code = (value or "").lower().replace("_", "-").split("-")[0]
    if code not in LANGS:
        raise BadParameter(f"unknown language {value!r}: one of {', '.join(LANGS)}")
    return code
