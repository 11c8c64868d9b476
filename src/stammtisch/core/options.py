"""Rules profiles and named options.

Each game describes its rules as one frozen dataclass of named options and a dict of
profiles (named sets of defaults). A table picks a profile and may override single
options by name; unknown names or values of the wrong type are refused.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Opts:
...     target: int = 1000
...     misere: bool = False
>>> resolve_options({"standard": Opts()}, "standard", {"target": 2500}).target
2500
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import OptionError

__all__ = ["resolve_options", "options_to_json"]

O = TypeVar("O")


def _check_type(name: str, value: Any, annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if annotation is bool:
        if not isinstance(value, bool):
            raise OptionError(f"option '{name}' must be true or false, not {value!r}")
        return value
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(f"option '{name}' must be a whole number, not {value!r}")
        return value
    if annotation is str:
        if not isinstance(value, str):
            raise OptionError(f"option '{name}' must be text, not {value!r}")
        return value
    if origin is typing.Literal:
        allowed = typing.get_args(annotation)
        if value not in allowed:
            raise OptionError(f"option '{name}' must be one of {', '.join(map(repr, allowed))}, not {value!r}")
        return value
    if origin is tuple or annotation is tuple:
        if not isinstance(value, (list, tuple)):
            raise OptionError(f"option '{name}' must be a list, not {value!r}")
        return tuple(value)
    return value


def resolve_options(profiles: Mapping[str, O], profile: str, overrides: Mapping[str, Any] | None = None) -> O:
    """The options of ``profile`` with ``overrides`` applied by name.

    :raises OptionError: unknown profile, unknown option, or a value of the wrong type
    """
    try:
        base = profiles[profile]
    except KeyError:
        raise OptionError(f"unknown rules profile '{profile}' (known: {', '.join(profiles)})") from None
    if not overrides:
        return base
    hints = typing.get_type_hints(type(base))
    fields = {f.name for f in dataclasses.fields(base)}  # type: ignore[arg-type]
    clean = {}
    for name, value in overrides.items():
        if name not in fields:
            raise OptionError(f"unknown option '{name}' (known: {', '.join(sorted(fields))})")
        clean[name] = _check_type(name, value, hints.get(name))
    return dataclasses.replace(base, **clean)  # type: ignore[type-var]


def options_to_json(options: Any) -> dict[str, Any]:
    """A JSON-safe dict of every option."""
    out = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out
