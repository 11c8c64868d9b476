"""Words the surfaces show as they are stored (a game's title, a suit, a team column), listed as
catalogue ids so the extraction (``python -m stammtisch.i18n update``) finds them and every
language can say them its own way: ``Schieber Jass`` is the Chibre in Romandie, the Eicheln of
the Swiss-German cards are ``Glands/Carreau`` there (the French-Swiss suit beside it) and
``Ghiande/Quadri`` in Ticino (see ``docs/glossary.md`` for the sources). German and English keep
the stored word."""

from __future__ import annotations

from ..core.messages import Msg

__all__ = ["TERMS"]

TERMS: tuple[Msg, ...] = (
    # the games' titles (Game.title)
    Msg("Schieber Jass"), Msg("Doppelkopf"), Msg("Königrufen Tarock"), Msg("Perlaggen"),
    # the suits of the Swiss-German Jass cards (core.cards, games/jass/modes.py)
    Msg("Eicheln"), Msg("Schellen"), Msg("Schilten"), Msg("Rosen"),
    # the Jass modes without a suit as the table names them
    Msg("Obenabe"), Msg("Undenufe"),
    # Schieber's team columns (games/jass/scoring.py TEAM_NAMES)
    Msg("Team 1/3"), Msg("Team 2/4"),
    # the rules profiles' titles (Game.profile_titles; Österreich-Finale and Tiroler Cup are names)
    Msg("Standard (1000)"), Msg("Bis 2500"), Msg("Software-Kartenwerte"), Msg("Mit Varianten"),
    Msg("Turnier (DDV)"), Msg("Turnier zu fünft"), Msg("Turnierblatt wörtlich"),
    Msg("Innsbrucker Regeln"), Msg("Innsbrucker Regeln, Strafen wie am Tisch"),
)
