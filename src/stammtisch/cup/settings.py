"""The settings of an online cup and how many games its tables play.

Stored with the tournament (``SkTournament.online``, the scorekeeper keeps them); their meaning
is here. The number of games per table and round comes from the sheet where the sheet gives it,
otherwise from the cup's settings (defaults argued in ``docs/tournaments.md``):

* **Doppelkopf**: 20 games at a table of four, 25 at five, plus each player's Pflichtsolo
  (Doppelkopf-Turnier 1., 2.) -- the engine's ``turnier``/``turnier5`` profiles play exactly that
  round as one match (``games_per_round``; the Pflichtsoli still owed at the end are played then,
  DDV Vorführung), so the table closes when its match ends. ``games`` lowers the 20/25.
* **Königrufen Tarock**: the sheets give no number. Default 16 deals at four, 20 at five: every
  player deals four times (at five each sits out his four deals, Tiroler Cup, Paragrafen).
* **Schieber Jass**: one Partie to the profile's target (Papagei-Jass §2; Schneider is decided at
  the Partie's end, "Schneider"); the table closes when it is won.
* **Perlaggen**: one Partie to 18 (Perlaggen §2).

``games`` (a number) caps the deals of a table for Tarock, Jass and Perlaggen (tests and short
cups); for Doppelkopf it is the round's regular games, the Pflichtsoli come on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

__all__ = ["CupSettings", "DEFAULT_DEALS", "table_plan"]

#: deals per table where the sheet gives no number and the match has no natural end (by table size)
DEFAULT_DEALS: dict[str, dict[int, int]] = {"tarock": {4: 16, 5: 20}}

#: what the tournament's online settings keep beside the settings: the cup's state
STATE_KEYS = ("invite", "checkin", "round_seeds")

#: the computer players a cup may seat (the server's cheap kinds; search players cost workers)
BOT_KINDS = ("rule", "random")


@dataclass(frozen=True)
class CupSettings:
    """What an organiser sets for the online tables of a cup.

    :param games: games per table and round (see the module; ``None``: the sheet's or the default)
    :param move_seconds: the move clock for a card (0: none); when it runs out the computer player
        plays for that seat, flagged ``timer`` in the record and on the list
    :param word_seconds: the clock for a word (a bid, an announcement; ``None``: as for a card)
    :param kiebitze: whether Kiebitze may watch the cup's tables
    :param bots: the computer player that stands in (clock, absence) and plays computer seats
    :param computer: names of registered players a computer plays (a demo, a missing player)
    :param mixed: the cup has live tables too (a table's kind is chosen per table)
    :param duplicate: the same deals at every table of a round (duplicate, as in bridge): one secret
        seed per round, its commitment published before the round starts, revealed when the round's
        last table has finished (:mod:`.duplicate`; the sheets are silent, so off by default)
    """

    games: int | None = None
    move_seconds: float = 30.0
    word_seconds: float | None = 20.0
    kiebitze: bool = True
    bots: str = "rule"
    computer: tuple[str, ...] = ()
    mixed: bool = False
    duplicate: bool = False

    @classmethod
    def from_json(cls, d: Mapping[str, Any] | None, stored: bool = False) -> "CupSettings":
        """The settings from JSON, each checked (a clear error naming the setting); ``stored``: as the
        tournament keeps them, with the cup's state beside them (the invitation, the check-in)."""
        d = dict(d or {})
        if stored:
            d = {k: v for k, v in d.items() if k not in STATE_KEYS}
        unknown = set(d) - set(cls.__dataclass_fields__)
        if unknown:
            raise IllegalAction(Msg("unknown cup setting {name} (known: {known})", name=", ".join(sorted(unknown)),
                                    known=", ".join(cls.__dataclass_fields__)))
        games = d.get("games")
        if games is not None and (isinstance(games, bool) or not isinstance(games, int) or not 1 <= games <= 200):
            raise IllegalAction(Msg("games per table: a whole number from 1 to 200 (or empty for the sheet's), not {value}",
                                    value=repr(games)))
        secs = {}
        for key in ("move_seconds", "word_seconds"):
            v = d.get(key, getattr(cls, key))
            if v is None and key == "word_seconds":
                secs[key] = None
                continue
            if isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 600:
                raise IllegalAction(Msg("{what}: seconds from 0 to 600, not {value}", what=key, value=repr(v)))
            secs[key] = float(v)
        bots = d.get("bots", "rule")
        if bots not in BOT_KINDS:
            raise IllegalAction(Msg("computer player {kind} is not offered for cups (known: {known})", kind=repr(bots),
                                    known=", ".join(BOT_KINDS)))
        computer = d.get("computer") or ()
        if not isinstance(computer, (list, tuple)) or not all(isinstance(x, str) for x in computer):
            raise IllegalAction(Msg("computer players: a list of registered names"))
        mixed, duplicate = bool(d.get("mixed", False)), bool(d.get("duplicate", False))
        if mixed and duplicate:
            # a live table deals by hand: it cannot hold the round's cards (docs/fair-deals.md)
            raise IllegalAction(Msg("the same deals at every table need every table online: a cup is not both "
                                    "mixed and duplicate"))
        kiebitze = bool(d.get("kiebitze", True)) and not duplicate  # a Kiebitz of a table ahead would see the cards of a table behind
        return cls(games, secs["move_seconds"], secs["word_seconds"], kiebitze, str(bots),
                   tuple(computer), mixed, duplicate)

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["computer"] = list(self.computer)
        return out


def table_plan(game: str, size: int, settings: CupSettings) -> tuple[dict[str, Any], int | None]:
    """The rules options to add and the server table's ``max_deals`` for a table of ``size``.

    >>> table_plan("doppelkopf", 5, CupSettings(games=2))
    ({'players': 5, 'games_per_round': 2}, None)
    >>> table_plan("tarock", 5, CupSettings())
    ({'players': 5}, 20)
    >>> table_plan("jass", 4, CupSettings())
    ({}, None)
    """
    options: dict[str, Any] = {}
    if size == 5:
        options["players"] = 5  # Doppelkopf-Turnier 7.; Tiroler Cup, Paragrafen: the dealer sits out
    if game == "doppelkopf":
        if settings.games is not None:
            options["games_per_round"] = settings.games
        return options, None  # the engine's round: the games and every Pflichtsolo (Doppelkopf-Turnier 1., 2.)
    default = DEFAULT_DEALS.get(game, {}).get(size)
    return options, settings.games if settings.games is not None else default


def planned_games(game: str, size: int, settings: CupSettings, sheet_default: int) -> int:
    """The games the scorekeeper's list plans for such a table (0: open-ended, a Partie)."""
    if game == "doppelkopf":
        return settings.games if settings.games is not None else sheet_default
    if settings.games is not None:
        return settings.games if game in DEFAULT_DEALS else 0
    return DEFAULT_DEALS.get(game, {}).get(size, 0)
