"""Messages: words for people as an id plus arguments, rendered by a surface in its language.

An engine never writes text for a person. It builds a :class:`Msg` — a message id and its
arguments — and the surface renders it in the reader's language through the catalogues of
:mod:`stammtisch.i18n` (``render(msg, lang)``). The id is the message's source text with
``{name}`` placeholders, gettext style, e.g. ``Msg("seat {seat} calls {king}", seat=2, king="HK")``;
the catalogues map that id to each language (``"{seat} ruft {king}"`` / ``"{seat} calls {king}"``).

A :class:`Msg` is also a ``str``: the id filled with its arguments (``"seat 2 calls HK"``), so
engines, logs and tests that read text keep working. Records and stored results keep the id
and arguments (:meth:`Msg.to_json`), never a rendering.

Arguments are JSON-safe values, read by name where a surface renders them:

- a name ``seat`` or one starting with ``seat_`` or ending in ``_seat``: a seat number
  (0-based), rendered as the seat's name
- a name ``thirds`` or ending in ``_thirds``: a number of thirds (Tarock card points, ``121`` is
  40⅓), rendered as a fraction in the language's way
- a name ``side`` or ending in ``_side`` with the value ``"A"``/``"B"``: a side of two partners
  (seats 0 and 2, 1 and 3), rendered by its players' names
- a nested :class:`Msg`: rendered in the same language (a game word, a figure, a contract)
- a list: its items rendered and joined with ``", "`` (``"; "`` for the argument ``shown``)
- anything else (card notation, numbers): as it is
"""

from __future__ import annotations

import string
from collections.abc import Mapping
from typing import Any

__all__ = ["Msg", "is_seat_arg", "is_thirds_arg", "msg_json", "from_json", "jsonable", "placeholders"]

_FORMATTER = string.Formatter()


def is_seat_arg(name: str) -> bool:
    """Whether an argument of this name holds a seat number (rendered as the seat's name)."""
    return name == "seat" or name.startswith("seat_") or name.endswith("_seat")


def is_thirds_arg(name: str) -> bool:
    """Whether an argument of this name holds thirds of a point (Tarock: ``121`` is 40⅓)."""
    return name == "thirds" or name.endswith("_thirds")


def placeholders(text: str) -> set[str]:
    """The ``{name}`` placeholders of a template."""
    return {f for _, f, _, _ in _FORMATTER.parse(text) if f}


def _plain(name: str, value: Any) -> str:
    """An argument in the source text (the ``str`` of a message): no language, seats as numbers."""
    if isinstance(value, (list, tuple)):
        return ("; " if name == "shown" else ", ").join(str(v) for v in value)
    if is_thirds_arg(name) and isinstance(value, int):
        return f"{value / 3:.2f}".rstrip("0").rstrip(".")
    return str(value)


class Msg(str):
    """A message for people: ``id`` (the source text with ``{name}`` placeholders) and ``args``.

    >>> m = Msg("seat {seat} calls {king}", seat=2, king="HK")
    >>> m, m.id, m.args
    ('seat 2 calls HK', 'seat {seat} calls {king}', {'seat': 2, 'king': 'HK'})
    >>> m.to_json()
    {'id': 'seat {seat} calls {king}', 'args': {'seat': 2, 'king': 'HK'}}
    >>> from_json(m.to_json()) == m and from_json(m.to_json()).args == m.args
    True
    """

    id: str
    args: dict[str, Any]

    def __new__(cls, id: str, /, **args: Any) -> "Msg":
        text = id.format_map({k: _plain(k, v) for k, v in args.items()}) if args else id
        self = str.__new__(cls, text)
        self.id = id
        self.args = args
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild, (self.id, self.args))

    def __copy__(self) -> "Msg":
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> "Msg":
        return self

    def to_json(self) -> dict[str, Any]:
        """The language-free form: ``{"id": ..., "args": {...}}`` (``args`` left out when empty)."""
        d: dict[str, Any] = {"id": self.id}
        if self.args:
            d["args"] = {k: jsonable(v) for k, v in self.args.items()}
        return d


def _rebuild(id: str, args: dict[str, Any]) -> Msg:
    return Msg(id, **args)


def from_json(d: Any) -> Any:
    """A message back from :meth:`Msg.to_json` (plain strings and other values stay as they are)."""
    if isinstance(d, Mapping) and isinstance(d.get("id"), str):
        return Msg(d["id"], **{k: from_json(v) for k, v in (d.get("args") or {}).items()})
    if isinstance(d, list):
        return [from_json(x) for x in d]
    return d


def msg_json(m: Any) -> Any:
    """A message (or plain string) in JSON form: messages as ``{"id", "args"}``, strings unchanged."""
    return m.to_json() if isinstance(m, Msg) else m


def jsonable(obj: Any) -> Any:
    """``obj`` with every :class:`Msg` inside (dicts, lists, tuples) in its JSON form."""
    if isinstance(obj, Msg):
        return obj.to_json()
    if isinstance(obj, dict):
        return {k: jsonable(v) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(v) for v in obj]
    return obj
