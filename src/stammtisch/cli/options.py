"""Parsing ``--option name=value`` pairs given on the command line."""

from __future__ import annotations

import json
from typing import Any

from ..core.errors import OptionError


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["target=2500", "misere=true"]`` -> ``{"target": 2500, "misere": True}``.

    Values are read as JSON where they parse (numbers, true/false, lists), else as text.
    """
    out: dict[str, Any] = {}
    for p in pairs or []:
        if "=" not in p:
            raise OptionError(f"option '{p}' is not name=value")
        k, v = p.split("=", 1)
        try:
            out[k.strip()] = json.loads(v)
        except json.JSONDecodeError:
            out[k.strip()] = v
    return out
