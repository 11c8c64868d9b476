"""Game name to game package. Surfaces look games up here and never branch on a name.

>>> sorted(names())
['doppelkopf', 'jass', 'perlaggen', 'tarock']
"""

from __future__ import annotations

import importlib

from .errors import OptionError
from .messages import Msg
from .protocol import Game

__all__ = ["get", "names", "available"]

#: name -> module that defines ``GAME`` (an instance of :class:`~stammtisch.core.protocol.Game`)
_GAMES: dict[str, str] = {
    "jass": "stammtisch.games.jass",
    "doppelkopf": "stammtisch.games.doppelkopf",
    "tarock": "stammtisch.games.tarock",
    "perlaggen": "stammtisch.games.perlaggen",
}

_cache: dict[str, Game] = {}


def names() -> list[str]:
    """Every game name stammtisch knows."""
    return list(_GAMES)


def get(name: str) -> Game:
    """The game registered as ``name``.

    :raises OptionError: for an unknown game or one whose engine is not built yet
    """
    if name in _cache:
        return _cache[name]
    try:
        module_name = _GAMES[name]
    except KeyError:
        raise OptionError(Msg("unknown game '{name}' (known: {games})", name=name, games=', '.join(_GAMES))) from None
    try:
        module = importlib.import_module(module_name)
    except ImportError as e:
        raise OptionError(Msg('the {name} engine is not available ({e})', name=name, e=e)) from None
    game: Game | None = getattr(module, "GAME", None)
    if game is None:
        raise OptionError(Msg('the {name} engine is not available yet', name=name))
    _cache[name] = game
    return game


def available() -> list[str]:
    """Names of the games whose engine exists in this installation."""
    out = []
    for n in _GAMES:
        try:
            get(n)
        except OptionError:
            continue
        out.append(n)
    return out
