"""stammtisch: the traditional card games of the Alps.

Schieber Jass, Doppelkopf, Königrufen Tarock and Perlaggen on one shared core.

Layout (arrows point inward only)::

    core/        cards, bit sets, notation, the game protocol, records, score sheets
    games/<g>/   one package per game: rules as data and small pure functions
    bots/        computer players behind the protocol
    cli/ server/ web/ scorekeeper/ rl/   surfaces on top

>>> from stammtisch.core import registry
>>> jass = registry.get("jass")
>>> state = jass.new_match(seed=7)
>>> seat = state.to_act()[0]
>>> action = state.legal_actions(seat)[0]
>>> state.apply(seat, action)
"""

__version__ = "0.1.0"
