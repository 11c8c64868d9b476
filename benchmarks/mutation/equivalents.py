"""Survivors argued as equivalent: mutants that cannot change what a settlement returns for any
input the game can produce. Keyed by game, then ``<function>:<regular expression on the diff>``;
the value is the argument. ``run.py`` marks a surviving mutant as argued when a key matches it.
"""

from __future__ import annotations

EQUIVALENT: dict[str, dict[str, str]] = {"jass": {}, "doppelkopf": {}, "tarock": {}, "perlaggen": {}}
