"""Rules profiles and named options, validated against what each option means.

Each game describes its rules as one frozen dataclass of named options and a dict of
profiles (named sets of defaults). A table picks a profile and may override single
options by name. :func:`resolve_options` refuses unknown names, values of the wrong type,
and values the option cannot mean: every field declares its constraints with
:func:`option` (a range, the allowed values, non-empty, the items a list may hold, the
format ``"name:value"`` of a tariff), and an options class may add cross-field checks in a
``validate(self)`` hook. Every refusal is an :class:`~stammtisch.core.errors.OptionError`
naming the option and what is allowed -- so a table is never created with options that
crash at the end of a deal.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Opts:
...     target: int = option(1000, min=100, max=10000)
...     misere: bool = False
>>> resolve_options({"standard": Opts()}, "standard", {"target": 2500}).target
2500
>>> resolve_options({"standard": Opts()}, "standard", {"target": 7})
Traceback (most recent call last):
...
stammtisch.core.errors.OptionError: option 'target' must be between 100 and 10000, not 7
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from typing import Any, TypeVar

from .errors import OptionError
from .messages import Msg

__all__ = ["Spec", "option", "resolve_options", "validate_options", "option_specs", "options_to_json", "options_schema"]

OptionsT = TypeVar("OptionsT")

#: a bound for numbers nobody means (a JSON integer of thousands of digits, 2**63 ...)
HUGE = 10**9


@dataclasses.dataclass(frozen=True)
class Spec:
    """What the value of one option may be (declared once, on the field, with :func:`option`).

    :param min: smallest allowed number (numbers), or value of each ``name:value`` item
    :param max: largest allowed number, likewise
    :param choices: the allowed values (numbers or text)
    :param items: the names a list may hold (plain names, or the names of ``name:value`` items)
    :param pairs: the list holds ``"name:value"`` items with a whole-number value
    :param non_empty: a list needs at least one item
    :param unique: no name twice in the list
    :param required: names the list must contain
    :param complete: every name of ``items`` must be in the list
    :param rule: where the constraint comes from (a citation key of docs/rules/sources.md)
    """

    min: int | None = None
    max: int | None = None
    choices: tuple[Any, ...] | None = None
    items: tuple[str, ...] | None = None
    pairs: bool = False
    non_empty: bool = False
    unique: bool = False
    required: tuple[str, ...] = ()
    complete: bool = False
    rule: str = ""

    def describe(self) -> str:
        """What is allowed, in words (used in every error message).

        >>> Spec(min=1, max=10).describe()
        '1..10'
        >>> Spec(choices=(4, 5)).describe()
        '4 or 5'
        """
        if self.choices is not None:
            vals = [repr(c) if isinstance(c, str) else str(c) for c in self.choices]
            return vals[0] if len(vals) == 1 else ", ".join(vals[:-1]) + " or " + vals[-1]
        if self.min is not None and self.max is not None:
            return f"{self.min}..{self.max}"
        if self.min is not None:
            return f"at least {self.min}"
        if self.max is not None:
            return f"at most {self.max}"
        return "any value"

    def allowed(self) -> Msg:
        """What is allowed, as a message in the reader's language (:meth:`describe` in words).

        >>> Spec(min=100, max=10000).allowed()
        'between 100 and 10000'
        """
        if self.choices is not None:
            vals = [repr(c) if isinstance(c, str) else str(c) for c in self.choices]
            if len(vals) == 1:
                return Msg("{value}", value=vals[0])
            return Msg("{values} or {last}", values=", ".join(vals[:-1]), last=vals[-1])
        if self.min is not None and self.max is not None:
            return Msg("between {low} and {high}", low=self.min, high=self.max)
        if self.min is not None:
            return Msg("at least {low}", low=self.min)
        if self.max is not None:
            return Msg("at most {high}", high=self.max)
        return Msg("any value")

    def _fail(self, name: str, what: Msg, value: Any) -> OptionError:
        shown = repr(value)
        if len(shown) > 80:
            shown = shown[:77] + "..."
        src = f" ({self.rule})" if self.rule else ""
        return OptionError(Msg("option '{name}' {what}{src}, not {shown}", name=name, what=what, src=src, shown=shown))

    def _number(self, name: str, value: Any) -> None:
        if self.choices is not None and value not in self.choices:
            raise self._fail(name, Msg("must be {allowed}", allowed=self.allowed()), value)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise self._fail(name, Msg("must be {allowed}", allowed=self.allowed()), value)

    def check(self, name: str, value: Any) -> None:
        """Refuse ``value`` for option ``name`` unless it meets every constraint.

        :raises OptionError: naming the option and what is allowed
        """
        if isinstance(value, tuple):
            self._check_list(name, value)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            self._number(name, value)
        elif self.choices is not None and value not in self.choices:
            raise self._fail(name, Msg("must be {allowed}", allowed=self.allowed()), value)

    def _check_list(self, name: str, value: tuple[Any, ...]) -> None:
        if self.non_empty and not value:
            raise self._fail(name, Msg("needs at least one item"), list(value))
        names = []
        for item in value:
            if not isinstance(item, str):
                raise self._fail(name, Msg("holds text items"), item)
            if self.pairs:
                key, sep, num = item.partition(":")
                digits = num[1:] if num.startswith("-") else num
                if not sep or not key or not digits.isdigit() or len(digits) > 9:
                    raise self._fail(name, Msg("holds items 'name:value' with a whole-number value"), item)
                if self.min is not None or self.max is not None:
                    v = int(num)
                    if (self.min is not None and v < self.min) or (self.max is not None and v > self.max):
                        raise self._fail(name, Msg("holds values {allowed}", allowed=self.allowed()), item)
                item = key
            if self.items is not None and item not in self.items:
                raise self._fail(name, Msg("holds only {items}", items=', '.join(self.items)), item)
            names.append(item)
        if self.unique:
            twice = sorted({n for n in names if names.count(n) > 1})
            if twice:
                raise self._fail(name, Msg("names each item once ({twice} twice)", twice=', '.join(twice)), list(value))
        missing = [n for n in (self.items if self.complete and self.items else self.required) if n not in names]
        if missing:
            raise self._fail(name, Msg("must contain {missing}", missing=', '.join(missing)), list(value))


def option(default: Any, **constraints: Any) -> Any:
    """A dataclass field with a default and its :class:`Spec` (the constraints of its meaning).

    ``players: int = option(4, choices=(4, 5), rule="Tiroler Cup, Paragrafen")``
    """
    return dataclasses.field(default=default, metadata={"spec": Spec(**constraints)})


def option_specs(options_type: type) -> dict[str, Spec]:
    """The declared :class:`Spec` of every option of an options dataclass (``Spec()`` when none)."""
    return {f.name: f.metadata.get("spec", Spec()) for f in dataclasses.fields(options_type)}


def _check_type(name: str, value: Any, annotation: Any) -> Any:
    origin = typing.get_origin(annotation)
    if annotation is bool:
        if not isinstance(value, bool):
            raise OptionError(Msg("option '{name}' must be true or false, not {value}", name=name, value=repr(value)))
        return value
    if annotation is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise OptionError(Msg("option '{name}' must be a whole number, not {short}", name=name, short=_short(value)))
        if not -HUGE <= value <= HUGE:
            raise OptionError(Msg("option '{name}' must be a whole number between {n} and {huge}", name=name, n=-HUGE, huge=HUGE))
        return value
    if annotation is str:
        if not isinstance(value, str):
            raise OptionError(Msg("option '{name}' must be text, not {short}", name=name, short=_short(value)))
        return value
    if origin is typing.Literal:
        allowed = typing.get_args(annotation)
        if isinstance(value, bool) or value not in allowed:
            raise OptionError(Msg("option '{name}' must be one of {map}, not {short}", name=name, map=', '.join(map(repr, allowed)), short=_short(value)))
        return value
    if origin is tuple or annotation is tuple:
        if not isinstance(value, (list, tuple)):
            raise OptionError(Msg("option '{name}' must be a list, not {short}", name=name, short=_short(value)))
        args = typing.get_args(annotation)
        if args and args[0] is str and not all(isinstance(x, str) for x in value):
            bad = next(x for x in value if not isinstance(x, str))
            raise OptionError(Msg("option '{name}' must be a list of text, not with {short}", name=name, short=_short(bad)))
        if len(value) > 1000:
            raise OptionError(Msg("option '{name}' is a list of at most 1000 items", name=name))
        return tuple(value)
    return value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


def validate_options(options: OptionsT) -> OptionsT:
    """Check every option of ``options`` against its :class:`Spec`, then the class's ``validate`` hook.

    Returns ``options`` unchanged.

    :raises OptionError: naming the first option that is wrong and what is allowed
    """
    hints = typing.get_type_hints(type(options))
    for f in dataclasses.fields(options):  # type: ignore[arg-type]
        value = getattr(options, f.name)
        if f.name in hints:
            _check_type(f.name, value, hints[f.name])
        spec = f.metadata.get("spec")
        if spec is not None:
            spec.check(f.name, value)
    hook = getattr(options, "validate", None)
    if callable(hook):
        hook()
    return options


def resolve_options(profiles: Mapping[str, OptionsT], profile: str, overrides: Mapping[str, Any] | None = None) -> OptionsT:
    """The options of ``profile`` with ``overrides`` applied by name, validated.

    :raises OptionError: unknown profile, unknown option, a value of the wrong type, or a value
        the option cannot mean (out of range, not allowed, empty, badly formed, or in conflict
        with another option)
    """
    if not isinstance(profile, str):
        raise OptionError(Msg('a rules profile is a name, not {short}', short=_short(profile)))
    try:
        base = profiles[profile]
    except KeyError:
        raise OptionError(Msg("unknown rules profile '{profile}' (known: {profiles})", profile=profile, profiles=', '.join(profiles))) from None
    if not overrides:
        return base
    if not isinstance(overrides, Mapping):
        raise OptionError(Msg('options are an object of name: value, not {short}', short=_short(overrides)))
    hints = typing.get_type_hints(type(base))
    fields = {f.name for f in dataclasses.fields(base)}  # type: ignore[arg-type]
    clean = {}
    for name, value in overrides.items():
        if name not in fields:
            raise OptionError(Msg('unknown option {short} (known: {fields})', short=_short(name), fields=', '.join(sorted(fields))))
        clean[name] = _check_type(name, value, hints.get(name))
    return validate_options(dataclasses.replace(base, **clean))  # type: ignore[type-var]


def options_to_json(options: Any) -> dict[str, Any]:
    """A JSON-safe dict of every option."""
    out = {}
    for f in dataclasses.fields(options):
        v = getattr(options, f.name)
        out[f.name] = list(v) if isinstance(v, tuple) else v
    return out


def options_schema(options: Any) -> dict[str, dict[str, Any]]:
    """What a form needs to offer each option of ``options`` (a profile's options instance) as a
    widget of its meaning: ``kind`` is ``bool`` (a checkbox), ``int`` (a number within ``min``..``max``),
    ``choice`` (one of ``choices``), ``set`` (a subset of ``items``, in their order), ``pairs`` (a
    value within ``min``..``max`` for each of ``items``, the items in use in their order:
    a tariff), ``list`` or ``text``; ``rule`` is where the constraint comes from. Labels and help
    in a language are the catalogue's (by the option's name), never this schema's.

    >>> from dataclasses import dataclass
    >>> @dataclass(frozen=True)
    ... class Opts:
    ...     target: int = option(1000, min=100, max=10000)
    ...     mode: typing.Literal["a", "b"] = "a"
    ...     solos: tuple[str, ...] = option(("x",), items=("x", "y"))
    >>> s = options_schema(Opts())
    >>> s["target"]["kind"], s["target"]["min"], s["mode"]["choices"], s["solos"]["kind"]
    ('int', 100, ['a', 'b'], 'set')
    """
    hints = typing.get_type_hints(type(options))
    out: dict[str, dict[str, Any]] = {}
    for f in dataclasses.fields(options):
        spec: Spec = f.metadata.get("spec", Spec())
        ann = hints.get(f.name)
        entry: dict[str, Any] = {"rule": spec.rule}
        if ann is bool:
            entry["kind"] = "bool"
        elif typing.get_origin(ann) is typing.Literal:
            entry.update(kind="choice", choices=list(typing.get_args(ann)))
        elif ann is int and spec.choices is not None:
            entry.update(kind="choice", choices=list(spec.choices))
        elif ann is int:
            entry.update(kind="int", min=spec.min, max=spec.max)
        elif (typing.get_origin(ann) is tuple or ann is tuple) and spec.items is not None:
            entry.update(kind="pairs" if spec.pairs else "set", items=list(spec.items),
                         required=list(spec.items if spec.complete else spec.required), non_empty=spec.non_empty)
            if spec.pairs:
                entry.update(min=spec.min, max=spec.max)
        elif typing.get_origin(ann) is tuple or ann is tuple:
            entry["kind"] = "list"
        else:
            entry["kind"] = "text"
        out[f.name] = entry
    return out
