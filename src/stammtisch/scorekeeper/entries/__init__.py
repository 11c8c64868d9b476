"""Per-game entry adapters: the facts of one game at a real table -> one score-sheet row.

An adapter is deliberately thin. It

1. validates the entered facts (names what is wrong),
2. translates table positions to the seats of the game's settlement function,
3. calls that function -- ``stammtisch.games.<game>.scoring`` -- which is the *same* code the
   engine's ``result()`` uses, and
4. returns a :class:`Settlement`: points per sheet column, the lines that explain them, the
   money ledger where the game keeps one.

It never implements a rule itself. Adapters are looked up by game name (:func:`get`), so the
scorekeeper never branches on a game's name.

Two kinds of facts are understood by every adapter (no rules involved):

* ``{"kind": "row", "points": [...]}`` -- a row copied from a finished Tischzettel; checked
  (number of entries, sitting player 0, balance on a zero-sum sheet). A row that does not
  balance is refused, or -- with ``"strike": true`` -- written struck, 0 for all
  (Österreich-Finale 1); Tiroler Cup, Abrechnung: "Rechenfehler ... ersatzlos gestrichen").
* ``{"kind": "annulled", "reason": "..."}`` -- a game the referees annulled: struck, 0 for
  all, not repeated (Tiroler Cup, Abrechnung: "Spiel annullieren").

Everything else is ``{"kind": "game", ...}`` and goes to the game's settlement function.

Positions are numbered 1..n around the table **in the order of play**; position 1 deals the
first game (Doppelkopf-Turnier 8.). At a table of five the dealer sits out that game
(Doppelkopf-Turnier 7.: the sitting player gets no points; Königrufen with five: the dealer
sits out).
"""

from __future__ import annotations

import importlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any

from stammtisch.core import registry
from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import DealResult, Line

from ..errors import EngineMissing

__all__ = ["GameContext", "Settlement", "Adapter", "PlayedDeal", "get", "names", "context", "FIELDS", "named"]

#: each fact as the list keeper's form labels it (the same catalogue ids as ``static/words.js``), so
#: that a refusal names the field the keeper filled in, in the page's language, never its key
FIELDS: dict[str, Msg] = {
    "contract": Msg("Game"), "declarer": Msg("Declarer"), "partner": Msg("Partner (king)"),
    "declarer_points": Msg("Points (35/2)"), "declarer_tricks": Msg("Tricks"), "tricks": Msg("Tricks"),
    "thirds": Msg("Points/cards per player (35/2)"), "kontra": Msg("Kontra"), "announcer": Msg("announced by"),
    "offender": Msg("who"), "re": Msg("Re party"), "Re player": Msg("Re party"), "re_augen": Msg("Re's Augen"),
    "re_tricks": Msg("Tricks"), "re_level": Msg("Re announced"), "kontra_level": Msg("Kontra announced"),
    "specials": Msg("Extra points"), "mode": Msg("Mode"), "card_points": Msg("Card points {team}", team="1+3, 2+4"),
    "weis": Msg("Weis {team}", team="1+3, 2+4"), "stoeck": Msg("Stöck"), "ruling": Msg("Penalty ruling"),
    "rule": Msg("Annulled under"), "by": Msg("claimed by"), "winner": Msg("won by"), "bidder": Msg("bid by"),
    "lacking": Msg("Penalties"), "penalty side": Msg("Penalties"), "solo_by": Msg("Soloist"), "money": Msg("Money"),
}


def named(what: Any) -> Any:
    """The field ``what`` as the form labels it (a message), or ``what`` itself (a message already)."""
    return FIELDS.get(what, what) if isinstance(what, str) and not isinstance(what, Msg) else what

ROW_RULE = "Österreich-Finale 1)"


@dataclass(frozen=True)
class GameContext:
    """Where a game stands at its table when it is entered.

    :param size: positions at the table (4 or 5)
    :param number: 1-based number of the game at the table
    :param dealer: position (1-based) of the dealer
    :param active: positions that play, in order of play, Vorhand first
    :param sitting: the position that sits out (tables of five), else ``None``
    :param profile: rules profile of the tournament
    :param options: option overrides of the tournament
    :param pflicht_owed: positions still owing their Pflichtsolo this round (Doppelkopf)
    :param carry: what the previous row handed on (:attr:`Settlement.carry`: Perlaggen's standing
        in the Partie and penalty points still owed)
    """

    size: int
    number: int
    dealer: int
    active: tuple[int, ...]
    sitting: int | None = None
    profile: str | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    pflicht_owed: frozenset[int] = frozenset()
    carry: Mapping[str, Any] = field(default_factory=dict)

    @property
    def vorhand(self) -> int:
        return self.active[0]

    def seat_of(self, position: int, what: str = "player", rule: str = "Doppelkopf-Turnier 7.") -> int:
        """The settlement seat (index into :attr:`active`) of a table position.

        :raises IllegalAction: for a position not at the table or sitting out this game
        """
        what = named(what)
        if isinstance(position, bool) or not isinstance(position, int):
            raise IllegalAction(Msg("{what} must be a position number from 1 to {size}, not {value}", what=what, size=self.size,
                                    value=repr(position)))
        if not 1 <= position <= self.size:
            raise IllegalAction(Msg("{what}: there is no position {position} at a table of {size}", what=what, position=position,
                                    size=self.size))
        if position not in self.active:
            raise IllegalAction(Msg("{what}: position {position} sits out game {game} (the dealer at a table of five)",
                                    what=what, position=position, game=self.number), rule=rule)
        return self.active.index(position)


def context(size: int, number: int, dealer: int, *, profile: str | None = None,
            options: Mapping[str, Any] | None = None, pflicht_owed: frozenset[int] = frozenset(),
            carry: Mapping[str, Any] | None = None) -> GameContext:
    """The context of a game at a table of ``size`` dealt by position ``dealer``.

    >>> context(4, 1, 1).active
    (2, 3, 4, 1)
    >>> c = context(5, 1, 1); (c.active, c.sitting)
    ((2, 3, 4, 5), 1)
    """
    if size not in (4, 5):
        raise IllegalAction(Msg("a table has 4 or 5 players, not {size}", size=size))
    order = tuple((dealer - 1 + k) % size + 1 for k in range(1, size + 1))  # Vorhand first, dealer last
    if size == 5:
        return GameContext(size, number, dealer, order[:4], dealer, profile, dict(options or {}), pflicht_owed,
                           dict(carry or {}))
    return GameContext(size, number, dealer, order, None, profile, dict(options or {}), pflicht_owed,
                       dict(carry or {}))


@dataclass(frozen=True)
class Settlement:
    """One row of a table's list as the settlement computed it.

    :param points: points per sheet column (:meth:`Adapter.columns`)
    :param lines: the settlement explained line by line
    :param money: the money ledger per column where the sheet keeps one apart (Tarock Kontra,
        Österreich-Finale 2)), else ``None``
    :param label: short text for the list (contract, declarer)
    :param struck: the row counts 0 for all (Österreich-Finale 1))
    :param solo_by: position of a soloist whose solo counts as a solo for the Pflichtsolo
        (Doppelkopf-Turnier 2.), else ``None``
    :param carry: JSON-safe facts handed to the next game (see :attr:`GameContext.carry`)
    """

    points: tuple[int, ...]
    lines: tuple[Line, ...] = ()
    money: tuple[int, ...] | None = None
    label: str = ""
    struck: bool = False
    note: str = ""
    solo_by: int | None = None
    carry: Mapping[str, Any] = field(default_factory=dict)

    @property
    def effective(self) -> tuple[int, ...]:
        return tuple(0 for _ in self.points) if self.struck else self.points

    def to_json(self) -> dict[str, Any]:
        return {"points": list(self.points), "lines": [ln.to_json() for ln in self.lines],
                "money": list(self.money) if self.money is not None else None, "label": self.label,
                "struck": self.struck, "note": self.note, "solo_by": self.solo_by, "carry": dict(self.carry)}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Settlement":
        return cls(tuple(d["points"]), tuple(Line.from_json(x) for x in d.get("lines", ())),
                   tuple(d["money"]) if d.get("money") is not None else None, d.get("label", ""),
                   bool(d.get("struck", False)), d.get("note", ""), d.get("solo_by"), dict(d.get("carry") or {}))


@dataclass(frozen=True)
class PlayedDeal:
    """A deal played to its end at an online table, seen from the table's positions: what an online
    cup turns into the facts a list keeper would enter (:meth:`Adapter.played_facts`).

    Server seat ``s`` sits at position ``(s - first_dealer) % size + 1``: position 1 is the seat
    that dealt the table's first game (Doppelkopf-Turnier 8.).

    :param options: the table's rules options
    :param result: the deal's result (points per sheet column of the engine: seats, or teams of
        seats 0+2 and 1+3)
    :param state: the deal's final state (the deal replayed to its end)
    """

    options: Any
    dealer: int
    result: DealResult
    state: Any
    first_dealer: int
    size: int

    def pos(self, seat: int | None) -> int | None:
        """The table position of server seat ``seat`` (``None`` stays ``None``)."""
        return None if seat is None else (int(seat) - self.first_dealer) % self.size + 1

    def side(self, seat: int | None) -> str | None:
        """The partnership of server seat ``seat`` as the list names it (``1+3`` or ``2+4``)."""
        p = self.pos(seat)
        return None if p is None else ("1+3" if p % 2 else "2+4")

    def team(self, team: int | None) -> str | None:
        """Engine team ``team`` (0: seats 0+2, 1: seats 1+3) as the list names it (``1+3`` or ``2+4``)."""
        return None if team is None else ("1+3", "2+4")[(int(team) + self.first_dealer) % 2]

    def teams(self, pair: Sequence[Any]) -> list[Any]:
        """A pair per engine team (seats 0+2, 1+3) in the list's columns (1+3, 2+4)."""
        return list(pair) if self.first_dealer % 2 == 0 else [pair[1], pair[0]]

    def position_points(self, team_game: bool) -> list[int]:
        """The deal's points per table position (a team's points for both partners)."""
        out = []
        for p in range(1, self.size + 1):
            seat = (p - 1 + self.first_dealer) % self.size
            out.append(int(self.result.points[seat % 2 if team_game else seat]))
        return out


def json_kind(value: Any) -> Msg:
    """What a JSON value is, in words (never a Python type name such as ``list``)."""
    if value is None:
        return Msg("nothing (null)")
    if isinstance(value, bool):
        return Msg("true or false")
    if isinstance(value, (int, float)):
        return Msg("a number")
    if isinstance(value, str):
        return Msg("a text")
    if isinstance(value, (list, tuple)):
        return Msg("a list")
    return Msg("something else")


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise IllegalAction(Msg("{what} must be a whole number, not {value}", what=named(what), value=repr(value)))
    return value


class Adapter:
    """Base of the per-game adapters. Subclasses set the attributes and :meth:`settle_game`.

    Attributes describe the game's sheet as the scorekeeper needs it:

    * ``zero_sum`` -- every row must sum to zero (Tarock, Doppelkopf)
    * ``team_game`` -- columns are the partnerships 1+3 and 2+4 (Jass, Perlaggen)
    * ``table_sizes`` -- the table sizes the game is played at
    * ``round_games`` -- default games per round by table size
    * ``pflichtsolo`` -- each player owes one Pflichtsolo per round (Doppelkopf-Turnier 2.)
    * ``parity`` -- all entries of a row have the same parity (a list check, Doppelkopf)
    * ``late_corrections`` / ``late_rule`` -- whether the organiser may correct a row after
      the next game is written (Tiroler Cup: "Schreib- und Rechenfehler auch nachträglich"),
      and the rule that says so or forbids it (Perlaggen §33)
    * ``facts_help`` -- the facts a ``game`` entry takes, for forms and docs
    """

    game: str = ""
    title: str = ""
    engine_module: str = ""
    zero_sum: bool = True
    team_game: bool = False
    table_sizes: tuple[int, ...] = (4, 5)
    round_games: Mapping[int, int] = {4: 20, 5: 25}
    pflichtsolo: bool = False
    parity: bool = False
    late_corrections: bool = False
    late_rule: str = ""
    correction_rule: str = "Perlaggen §33"
    sitting_rule: str = "Doppelkopf-Turnier 7."
    facts_help: Mapping[str, str] = {}
    #: an example ``game`` entry (for forms and docs)
    example: Mapping[str, Any] = {}

    # -- columns ----------------------------------------------------------------------
    def columns(self, size: int) -> tuple[str, ...]:
        """Sheet columns at a table of ``size``: positions, or the two partnerships."""
        if self.team_game:
            return ("1+3", "2+4")
        return tuple(str(p) for p in range(1, size + 1))

    def position_points(self, points: Sequence[int], size: int) -> tuple[int, ...]:
        """Points per position (1..size) of a row in sheet columns (a team's points go to both partners)."""
        if self.team_game:
            return tuple(points[(p - 1) % 2] for p in range(1, size + 1))
        return tuple(points)

    # -- engine -----------------------------------------------------------------------
    def scoring(self) -> ModuleType:
        """The game's settlement module.

        :raises EngineMissing: when the engine is not installed
        """
        name = self.engine_module or f"stammtisch.games.{self.game}.scoring"
        try:
            return importlib.import_module(name)
        except ImportError as exc:
            raise EngineMissing(Msg("the {title} settlement ({module}) is not available in this installation; enter the row "
                                    "from the Tischzettel as points instead", title=self.title or self.game, module=name)) from exc

    def options(self, ctx: GameContext) -> Any:
        """The rules options of the tournament (the engine's profile plus overrides)."""
        game = registry.get(self.game)
        return game.options(ctx.profile, ctx.options)

    def available(self) -> bool:
        """Whether game facts can be settled (the engine's scoring module imports)."""
        try:
            self.scoring()
        except EngineMissing:
            return False
        return True

    def profiles(self) -> list[str]:
        try:
            return list(registry.get(self.game).profiles)
        except Exception:  # engine missing: no profiles to offer
            return []

    # -- settlement -------------------------------------------------------------------
    def settle(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        """The row for ``facts`` entered at ``ctx``.

        :raises IllegalAction: for facts that are incomplete or impossible, naming the rule
        """
        if not isinstance(facts, Mapping):
            raise IllegalAction(Msg("the facts of a game are a JSON object, not {kind}", kind=json_kind(facts)))
        if "online" in facts:
            # where an online table's row came from (server table, deal, flagged moves): kept with the
            # row's facts, no fact of the game
            facts = {k: v for k, v in facts.items() if k != "online"}
        if ctx.size not in self.table_sizes:
            raise IllegalAction(Msg("{title} is not kept at a table of {size}", title=self.title, size=ctx.size))
        kind = facts.get("kind", "game")
        if kind == "row":
            row = self.settle_row(facts, ctx)
            return replace(row, carry=self.row_carry(row, ctx))
        if kind == "annulled":
            reason = str(facts.get("reason", "")).strip() or "annulled by the referees"
            return Settlement(tuple(0 for _ in self.columns(ctx.size)), (Line("annulliert", 0, reason),),
                              label="annulliert", struck=True, note=reason, carry=dict(ctx.carry))
        if kind != "game":
            raise IllegalAction(Msg("unknown kind of entry {kind} (known: game, row, annulled)", kind=repr(kind)))
        return self.settle_game(facts, ctx)

    def row_carry(self, row: Settlement, ctx: GameContext) -> Mapping[str, Any]:
        """What a row entered as points hands on to the next game (default: nothing)."""
        return {}

    def settle_row(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        """A row from a finished Tischzettel, checked but not recomputed."""
        cols = self.columns(ctx.size)
        pts = facts.get("points")
        if not isinstance(pts, (list, tuple)):
            raise IllegalAction(Msg("a row needs 'points': a list of {n} numbers ({columns})", n=len(cols), columns=list(cols)))
        if len(pts) != len(cols):
            raise IllegalAction(Msg("a row needs {n} entries ({columns}), got {got}", n=len(cols), columns=list(cols), got=len(pts)))
        points = tuple(_int(p, Msg("entry {n}", n=i + 1)) for i, p in enumerate(pts))
        if not self.team_game and ctx.sitting is not None and points[ctx.sitting - 1] != 0:
            raise IllegalAction(Msg("position {position} sits out game {game} and gets no points", position=ctx.sitting, game=ctx.number),
                                rule=self.sitting_rule)
        label = str(facts.get("label", "")).strip() or "Tischzettel"
        money = facts.get("money")
        money_t = tuple(_int(m, "money") for m in money) if isinstance(money, (list, tuple)) else None
        if money_t is not None and len(money_t) != len(cols):
            raise IllegalAction(Msg("money needs {n} entries, got {got}", n=len(cols), got=len(money_t)))
        if self.zero_sum and sum(points) != 0:
            if facts.get("strike"):
                return Settlement(points, (Line("gestrichen", 0, f"Zeile ergibt {sum(points)}"),), money_t, label,
                                  True, "struck: the row does not balance")
            raise IllegalAction(Msg("the row does not balance (sum {total}); correct it, or strike it: 0 for all",
                                    total=sum(points)), rule=ROW_RULE)
        solo_by = facts.get("solo_by")
        if solo_by is not None:
            ctx.seat_of(solo_by, "solo_by")
        return Settlement(points, (), money_t, label, False, str(facts.get("note", "")), solo_by)

    def settle_game(self, facts: Mapping[str, Any], ctx: GameContext) -> Settlement:
        """Settle a game through the engine's settlement function (per game)."""
        raise EngineMissing(Msg("game entries for {title} are not available yet; enter the row from the Tischzettel as points",
                                title=self.title or self.game))

    # -- helpers for subclasses ---------------------------------------------------------
    def from_seats(self, seat_points: Sequence[int], ctx: GameContext) -> tuple[int, ...]:
        """Seat points (index into ``ctx.active``) -> points per position, the sitter 0."""
        if len(seat_points) != len(ctx.active):
            raise IllegalAction(Msg("the settlement gave {got} entries for {n} players", got=len(seat_points), n=len(ctx.active)))
        out = [0] * ctx.size
        for seat, pos in enumerate(ctx.active):
            out[pos - 1] = int(seat_points[seat])
        return tuple(out)

    def from_result(self, result: DealResult, ctx: GameContext, label: str = "",
                    solo_by: int | None = None) -> Settlement:
        """A :class:`~stammtisch.core.protocol.DealResult` of the settlement as a row."""
        if self.team_game:
            points = tuple(int(p) for p in result.points)
            money = tuple(int(m) for m in result.money) if result.money is not None else None
        else:
            points = self.from_seats(result.points, ctx)
            money = self.from_seats(result.money, ctx) if result.money is not None else None
        return Settlement(points, tuple(result.lines), money, label, False, "", solo_by)

    # -- online tables ------------------------------------------------------------------
    #: :meth:`played_facts` reads the deal's final state (``PlayedDeal.state``), not only its result
    played_needs_state: bool = False

    def played_facts(self, deal: PlayedDeal) -> dict[str, Any] | None:
        """The facts a list keeper would enter for ``deal`` (``None``: the game gives none, the row is
        written as the table's points, :meth:`played_row`)."""
        return None

    def played_row(self, deal: PlayedDeal, note: str = "") -> dict[str, Any]:
        """The deal as a row of points in the list's columns (checked like a row from a Tischzettel)."""
        pts = deal.position_points(self.team_game)
        points = pts[:2] if self.team_game else pts
        return {"kind": "row", "points": points, "label": "online", "note": note}

    def form(self, profile: str | None = None, options: Mapping[str, Any] | None = None) -> list[dict[str, Any]]:
        """Fields of an entry form for a ``game`` entry (``name``, ``label``, ``type``: select,
        position, positions, int, text, pair, json; ``options`` for a select; ``optional``).
        Empty when the engine is missing (then rows are entered as points)."""
        if not self.available():
            return []
        return self._form(self.options(GameContext(4, 1, 1, (2, 3, 4, 1), None, profile, dict(options or {}))))

    def _form(self, opts: Any) -> list[dict[str, Any]]:
        return []

    def describe(self) -> dict[str, Any]:
        """JSON description for forms and docs."""
        return {"game": self.game, "title": self.title, "zero_sum": self.zero_sum, "team_game": self.team_game,
                "table_sizes": list(self.table_sizes), "round_games": {str(k): v for k, v in self.round_games.items()},
                "pflichtsolo": self.pflichtsolo, "late_corrections": self.late_corrections,
                "facts": dict(self.facts_help), "example": dict(self.example), "engine": self.available(),
                "profiles": self.profiles()}


def names() -> list[str]:
    """Games with an adapter (every game the registry knows)."""
    return registry.names()


def get(game: str) -> Adapter:
    """The adapter of ``game``.

    :raises IllegalAction: for an unknown game
    """
    if game not in registry.names():
        raise IllegalAction(Msg("unknown game {name} (known: {games})", name=repr(game), games=", ".join(registry.names())))
    module = importlib.import_module(f"{__name__}.{game}")
    return module.ADAPTER
