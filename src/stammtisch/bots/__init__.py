"""Computer players behind the protocol: :func:`make` builds one by kind for a game.

Kinds: ``random`` (uniform over legal actions), ``rule`` (the game's own rule-based player),
``search`` (determinized search: PIMC with the game's compiled kernel, :mod:`stammtisch.bots.pimc`,
where the kernel can value the decision, else information-set Monte-Carlo tree search,
:mod:`stammtisch.bots.search`). ``search`` takes a strength after a colon: a level
(``search:easy``, ``search:medium``, ``search:hard``, ``search:strong``), a time budget in seconds
(``search:0.2``), an iteration budget (``search:200i``; PIMC counts playouts) or a number of
sampled worlds (``search:40w``, PIMC; the tree search counts them as iterations). ``ismcts`` (same
strengths) is always the tree search; ``search+rule`` is the tree search with the game's rule-based
player playing its playouts instead of random ones. ``learned`` is the game's shipped network
(:mod:`stammtisch.learn.player`, NumPy only; docs/learning.md). ``py:package.module:factory`` calls ``factory(game, options)``
for a bot defined elsewhere (research players, reference agents in tests and benchmarks).

>>> make("random", None).name
'random'
>>> make("search:200i", None).iterations
200
"""

from __future__ import annotations

from typing import Any

from ..core.errors import OptionError
from ..core.protocol import Bot, Game

__all__ = ["make", "KINDS"]

KINDS = ("random", "rule", "search", "ismcts", "search+rule", "learned")


def make(kind: str, game: Game, options: Any | None = None, **kwargs: Any) -> Bot:
    """A bot of ``kind`` for ``game``; ``options`` are the rules the search bot plays under
    (default: the match view's profile), ``kwargs`` go to :class:`~stammtisch.bots.search.SearchBot`.

    :raises OptionError: for an unknown kind or strength
    """
    if kind.startswith("py:"):
        import importlib

        module, _, attr = kind[3:].partition(":")
        try:
            factory = getattr(importlib.import_module(module), attr)
        except (ImportError, AttributeError, ValueError) as e:
            raise OptionError(f"cannot load bot factory '{kind[3:]}': {e}") from None
        return factory(game, options)
    if kind == "learned":
        # The learned player reads the batched environments' observation (stammtisch.vector, a layer
        # above the bots), so it is loaded by name as a ``py:`` kind is: stammtisch.learn.player.
        return make("py:stammtisch.learn.player:make_bot", game, options)
    base, _, arg = kind.partition(":")
    if base == "search+rule":  # the tree search, playouts by the game's rule-based player
        base = "search"
        kwargs.update(playout="rule", engine="ismcts")
    elif base == "ismcts":  # the tree search in Python, never the compiled PIMC
        base = "search"
        kwargs["engine"] = "ismcts"
    if base == "random" and not arg:
        from .random import RandomBot

        return RandomBot()
    if base == "rule" and not arg:
        return game.rule_bot()
    if base == "search":
        from .search import LEVELS, SearchBot

        if arg:
            if arg in LEVELS:
                kwargs["level"] = arg
            elif arg.endswith("i") and arg[:-1].isdigit():
                kwargs.update(iterations=int(arg[:-1]), time_limit=None)
            elif arg.endswith("w") and arg[:-1].isdigit():
                if int(arg[:-1]) < 1:
                    raise OptionError(f"the search needs at least one world, not {arg}")
                if kwargs.get("engine") == "ismcts":
                    kwargs.update(iterations=int(arg[:-1]), time_limit=None)
                else:
                    kwargs.update(worlds=int(arg[:-1]), time_limit=None)
            else:
                try:
                    kwargs["time_limit"] = float(arg)
                except ValueError:
                    raise OptionError(f"unknown search strength '{arg}' (a level {', '.join(LEVELS)}, "
                                      "seconds like 0.2, iterations like 200i or worlds like 40w)") from None
                if not kwargs["time_limit"] > 0:
                    raise OptionError(f"the search time budget must be positive, not {arg}")
        return SearchBot(game, options, **kwargs)
    raise OptionError(f"unknown bot kind '{kind}' (known: {', '.join(KINDS)})")
