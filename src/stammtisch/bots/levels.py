"""The search player's named strengths (``search:easy``, ``search:medium``, ``search:hard``,
``search:strong``): fixed budgets of work per decision, per game where the games differ.

A level is measured work, not time: ``worlds`` determinizations per decision for the compiled
search (PIMC, :mod:`stammtisch.bots.pimc`, every game with a kernel) and ``iterations`` for the
tree search (:func:`~stammtisch.bots.ismcts.ismcts`: ``search+rule:<level>``, or a decision no
kernel can value). A level therefore plays the same on a quiet and on a loaded machine, and the
gaps between the levels, measured in duplicate matches (``benchmarks/strength/ladder.py``,
docs/bots.md "The strength ladder"), hold at any table. ``cap`` is only a safety bound in wall
seconds for a server under heavy load; a quiet machine never reaches it (the CPU seconds per
decision of each level and game are in ``benchmarks/results/ladder_<game>.json``). It decides only
when it is reached (its clock starts after the first world or iteration), and each search it stops
is counted (``SearchBot.cap_reached``; the ladder records it per step).

Besides the budget a level may set the search's ingredients: ``contract="rule"`` leaves the
words (bids, Vorbehalte, announcements, trump choice) to the game's rule-based player, so the
search decides only the card play; ``None`` keeps the game's ``search_defaults``.

>>> level_for("jass", "hard").worlds > level_for("jass", "medium").worlds > level_for("jass", "easy").worlds
True
>>> level_for("skat", "easy") == LEVELS["easy"]   # a game without its own table: the defaults
True
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib.resources import files
from typing import Any

__all__ = ["Level", "LEVELS", "GAME_LEVELS", "level_for", "measured_gaps", "level_gap"]


@dataclass(frozen=True)
class Level:
    """One strength: the work per decision and the ingredients.

    :ivar worlds: sampled worlds (determinizations) per decision of the compiled search
    :ivar iterations: iterations per decision of the tree search
    :ivar contract: ``"rule"`` or ``"search"`` for the words, ``None``: the game's default
    :ivar playouts: playouts per candidate and world, ``None``: the kernel's (8)
    :ivar guard: the rule guard's z value, ``None`` for none, ``"default"``: the game's
    :ivar cap: safety bound in wall seconds per decision (never reached on a quiet machine)
    """

    worlds: int
    iterations: int
    contract: str | None = None
    playouts: int | None = None
    guard: float | None | str = "default"
    cap: float = 5.0


#: the levels of a game without its own entry in :data:`GAME_LEVELS` (a new game starts here)
LEVELS: dict[str, Level] = {
    "easy": Level(worlds=4, iterations=30),
    "medium": Level(worlds=16, iterations=300),
    "hard": Level(worlds=64, iterations=1000),
    "strong": Level(worlds=400, iterations=3000, cap=10.0),
}

#: per game, the levels that differ from :data:`LEVELS`, chosen by the ladder's duplicate
#: matches (``benchmarks/strength/ladder.py``; docs/bots.md "The strength ladder"): in every game
#: the levels are the whole search (cards and words, the game's ``search_defaults``) with more
#: worlds per level. Perlaggen's search at one world was level with the rule player, so its levels
#: are 2, 4 and 32 worlds (the ladder's design trials: 8 and 16 worlds were not shown better than 4,
#: ``ladder-design_perlaggen_*.json``); a world costs about 0.25 ms (Jass), 0.4 ms (Doppelkopf),
#: 1 ms (Tarock) and 1.5-15 ms (Perlaggen, whose bids are valued through the engine) of CPU, and
#: the tree search's iterations decide the decisions no kernel values (Perlaggen: the cut, looking,
#: unseen bids, the exchange).
GAME_LEVELS: dict[str, dict[str, Level]] = {
    "jass": {
        "easy": Level(worlds=4, iterations=30),
        "medium": Level(worlds=16, iterations=300),
        "hard": Level(worlds=80, iterations=1000),
    },
    "doppelkopf": {
        "easy": Level(worlds=4, iterations=30),
        "medium": Level(worlds=12, iterations=300),
        "hard": Level(worlds=48, iterations=1000),
    },
    "tarock": {
        "easy": Level(worlds=4, iterations=30),
        "medium": Level(worlds=12, iterations=300),
        "hard": Level(worlds=32, iterations=1000),
    },
    "perlaggen": {
        "easy": Level(worlds=2, iterations=30),
        "medium": Level(worlds=4, iterations=300),
        "hard": Level(worlds=32, iterations=1000),
    },
}


def level_for(game: str, level: str) -> Level:
    """The budget of ``level`` in ``game``.

    :raises KeyError: for an unknown level
    """
    return GAME_LEVELS.get(game, {}).get(level) or LEVELS[level]


@cache
def measured_gaps() -> dict[str, Any]:
    """The ladder's measured gaps, per game: ``{"source": results file, "levels": the budgets
    measured, "gaps": {kind: {"vs", "pairs", "mean", "ci95", "significant", "cpu_per_decision"}}}``
    where ``kind`` (``search:hard``) was measured against ``vs`` (``search:medium``), the level
    below it. Read from the package's ``bots/ladder_gaps.json``, which
    ``benchmarks/strength/ladder.py --gaps`` writes from the results files (never typed by hand);
    empty when it is missing.

    >>> all(g["gaps"].keys() <= {"search:easy", "search:medium", "search:hard"} for g in measured_gaps().values())
    True
    """
    try:
        text = files("stammtisch.bots").joinpath("ladder_gaps.json").read_text(encoding="utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def level_gap(game: str, kind: str) -> dict[str, Any] | None:
    """The measured gap of ``kind`` (``search:<level>``) in ``game`` to the level below it, or
    ``None`` when it was not measured, or measured with other budgets than today's (a changed
    level shows no stale figure)."""
    entry = measured_gaps().get(game)
    if not entry:
        return None
    from dataclasses import asdict

    measured = entry.get("levels", {})
    for lv, budget in measured.items():
        if lv not in LEVELS or asdict(level_for(game, lv)) != budget:
            return None
    gap = entry.get("gaps", {}).get(kind)
    return gap if isinstance(gap, dict) else None
