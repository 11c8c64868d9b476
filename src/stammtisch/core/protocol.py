"""The game protocol every game implements, and the match that strings deals together.

The protocol follows OpenSpiel's shape (a state knows its legal actions, applies one,
gives an observation per player and returns) with three differences the Alpine games need:

* **Several seats may act.** :meth:`DealState.to_act` names the seats whose move is
  awaited; :meth:`DealState.interjectors` names seats that *may* act out of turn now
  (Doppelkopf announcements, Jass Bedanken). :meth:`DealState.legal_actions` answers
  for any seat.
* **Actions are text.** An action is a short string in the game's notation (a card as
  ``"EU"``, a word such as ``"schieben"`` or ``"trump:E"``). Records, the server, the
  web client and the terminal all speak the same notation; nothing needs translating.
* **Refusals name the rule.** :meth:`DealState.apply` raises
  :class:`~stammtisch.core.errors.IllegalAction` with the sheet's paragraph and leaves
  the state unchanged.

Hidden information leaves a state only through :meth:`DealState.view` (one seat) and
:meth:`DealState.public_view` (spectators). Nothing else is ever sent to a player.

A :class:`Game` is the rules of one game as a small object: profiles, the deal, the
first deal state, what carries over to the next deal. A :class:`Match` plays deals one
after another (a Jass Partie to 1000, a Perlaggen Partie to 18, a Doppelkopf round of
20 games, or a single deal) and is itself a protocol state.
"""

from __future__ import annotations

import copy
import importlib
import operator
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from .cards import Deck
from .errors import IllegalAction, NotYourTurn
from .kernel import Kernel
from .messages import from_json as msg_from_json
from .messages import msg_json
from .messages import Msg
from .options import options_to_json, resolve_options
from . import fairdeal
from .rng import make_rng

__all__ = [
    "Line", "DealResult", "Deal", "DealContext", "DealState", "Game", "Match", "Bot", "BaseBot", "Turn",
    "ActionSpace", "ActionIdTables", "FastIdDeal",
]


# ---------------------------------------------------------------------------------------
# Results
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Line:
    """One line of a settlement, e.g. ``Line("keine 90", 1)`` or ``Line("Weis", 50, "seat 2")``."""

    label: str  #: a :class:`~stammtisch.core.messages.Msg` (or a plain game word)
    value: int
    note: str = ""  #: a :class:`~stammtisch.core.messages.Msg`, a plain word or empty

    def to_json(self) -> dict[str, Any]:
        """Language-free: a message label/note as ``{"id", "args"}`` (never a rendering)."""
        d: dict[str, Any] = {"label": msg_json(self.label), "value": self.value}
        if self.note:
            d["note"] = msg_json(self.note)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Line":
        label, note = msg_from_json(d["label"]), msg_from_json(d.get("note", ""))
        return cls(label if isinstance(label, str) else str(label), d["value"],
                   note if isinstance(note, str) else str(note))

    def __str__(self) -> str:
        return f"{self.label} {self.value}" + (f" ({self.note})" if self.note else "")


@dataclass(frozen=True)
class DealResult:
    """The outcome of one deal: a score-sheet row and the lines that explain it.

    :param points: points per score-sheet column (:meth:`Game.columns`: teams or seats)
    :param lines: the settlement as a list of lines a player can check
    :param money: a second ledger where the sheet keeps one apart (Tarock Kontra money)
    :param ends_match: the deal ended the whole match (Jass Bedanken)
    :param summary: game-specific JSON-safe facts (tricks, card points, who won)
    """

    points: tuple[int, ...]
    lines: tuple[Line, ...] = ()
    money: tuple[int, ...] | None = None
    ends_match: bool = False
    summary: Mapping[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {"points": list(self.points), "lines": [ln.to_json() for ln in self.lines]}
        if self.money is not None:
            d["money"] = list(self.money)
        if self.ends_match:
            d["ends_match"] = True
        if self.summary:
            d["summary"] = dict(self.summary)
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "DealResult":
        return cls(
            tuple(d["points"]),
            tuple(Line.from_json(x) for x in d.get("lines", ())),
            tuple(d["money"]) if d.get("money") is not None else None,
            bool(d.get("ends_match", False)),
            dict(d.get("summary", {})),
        )


# ---------------------------------------------------------------------------------------
# Deals
# ---------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """The cards as dealt: one hand per seat (empty for a seat sitting out) and named piles.

    Piles are what is not in a hand, in order: ``"talon"`` (Tarock), ``"stock"`` (Perlaggen),
    or ``"deck"`` for a game that deals inside the deal state (after a cut).
    """

    hands: tuple[tuple[int, ...], ...]
    piles: Mapping[str, tuple[int, ...]] = field(default_factory=dict)

    def all_cards(self) -> list[int]:
        out = [c for h in self.hands for c in h]
        for p in self.piles.values():
            out.extend(p)
        return out

    def to_json(self, deck: Deck) -> dict[str, Any]:
        d: dict[str, Any] = {"hands": [deck.format_cards(h) for h in self.hands]}
        if self.piles:
            d["piles"] = {k: deck.format_cards(v) for k, v in self.piles.items()}
        return d

    @classmethod
    def from_json(cls, d: Mapping[str, Any], deck: Deck) -> "Deal":
        """Parse a deal; copies of Doppelkopf cards are numbered across the whole deal."""
        names: list[str] = []
        sizes: list[int] = []
        for h in d["hands"]:
            names.extend(h)
            sizes.append(len(h))
        pile_names = list(d.get("piles", {}))
        for p in pile_names:
            names.extend(d["piles"][p])
            sizes.append(len(d["piles"][p]))
        cards = deck.parse_cards(names)
        parts, i = [], 0
        for n in sizes:
            parts.append(tuple(cards[i:i + n]))
            i += n
        nh = len(d["hands"])
        return cls(tuple(parts[:nh]), dict(zip(pile_names, parts[nh:])))


@dataclass(frozen=True)
class DealContext:
    """What a new deal knows from outside itself.

    :param number: 0-based number of the deal in its match
    :param dealer: the dealing seat
    :param deal: the cards
    :param standing: totals per score column before this deal (Jass Bedanken, Perlaggen 17)
    :param carry: game-specific JSON-safe facts carried from deal to deal
        (Doppelkopf Pflichtsoli, Perlaggen penalties owed, ...)
    """

    number: int
    dealer: int
    deal: Deal
    standing: tuple[int, ...]
    carry: Mapping[str, Any] = field(default_factory=dict)


class DealState(ABC):
    """One deal (a *Spiel*) of a game: the rules as a state machine.

    Seats are numbered ``0 .. n-1`` **in the order of play** of the game (counter-clockwise
    in Jass and Tarock, clockwise in Doppelkopf and Perlaggen), so the next seat is always
    ``(seat + 1) % n``.
    """

    @abstractmethod
    def to_act(self) -> tuple[int, ...]:
        """Seats whose action is awaited now (empty once the deal is over)."""

    def interjectors(self) -> tuple[int, ...]:
        """Seats not in :meth:`to_act` that may act out of turn right now (default: none)."""
        return ()

    @abstractmethod
    def legal_actions(self, seat: int) -> list[str]:
        """Every action ``seat`` may take now, in notation (empty when none)."""

    def witnesses(self, seat: int, action: str) -> tuple[int, ...] | None:
        """The seats that learn that ``seat`` takes ``action`` (asked before it is applied):
        ``None`` (the default) for a public action; a tuple for a secret one (a partner signal),
        which changes nothing in the views of the other seats or the public view. Surfaces
        then show it to those seats only -- not even a new state version to anybody else."""
        return None

    @abstractmethod
    def apply(self, seat: int, action: str) -> None:
        """Apply ``action`` for ``seat``.

        :raises IllegalAction: naming the rule; the state is then unchanged
        """

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """JSON-safe observation of ``seat``: exactly what that seat may know."""

    @abstractmethod
    def public_view(self) -> dict[str, Any]:
        """JSON-safe observation of a spectator (Kiebitz): public information only."""

    @abstractmethod
    def is_over(self) -> bool:
        """Whether the deal has ended."""

    @abstractmethod
    def result(self) -> DealResult:
        """The settlement of a finished deal."""

    def clone(self) -> "DealState":
        """An independent copy (games override with something faster where it matters)."""
        return copy.deepcopy(self)

    # -- the integer action API (OpenSpiel style) ---------------------------------------
    def action_space(self) -> "ActionSpace":
        """The game's :class:`ActionSpace` for this deal's options (``Game.action_space``)."""
        raise NotImplementedError(f"{type(self).__name__} has no integer action space")

    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids into :meth:`Game.all_actions`, in the same order.

        This default goes through the notation; games override it with a fast path that
        never builds the strings. Both must always agree (tested per game).
        """
        index = self.action_space().index
        return [index[a] for a in self.legal_actions(seat)]

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """Apply the action with id ``action_id`` for ``seat``.

        The default applies the notation string, with all its rule-naming checks. A game's
        fast path applies the common actions (cards) without building strings, after a cheap
        legality test; whatever fails that test, and everything when ``checked`` is true,
        goes through :meth:`apply`, so an illegal id is refused naming the rule exactly as
        its notation would be.
        :raises IllegalAction: for an id outside the action space or an illegal action; the
            state is then unchanged
        """
        self.apply(seat, self.action_space().action(action_id))


class ActionSpace:
    """Every action a game can ever take under one set of options, numbered.

    Ids are indices into :meth:`Game.all_actions` (OpenSpiel's integer actions); the
    notation string of an id is ``space.actions[id]`` and back ``space.index[action]``.

    >>> space = ActionSpace(["a", "b"])
    >>> space.index["b"], space.action(0), len(space)
    (1, 'a', 2)
    """

    __slots__ = ("actions", "index")

    def __init__(self, actions: Sequence[str]):
        self.actions: tuple[str, ...] = tuple(actions)
        self.index: dict[str, int] = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError("an action space lists an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def action(self, action_id: int) -> str:
        """The notation of ``action_id``.

        :raises IllegalAction: when the id is not in the space
        """
        return self.actions[self.checked_id(action_id)]

    def checked_id(self, action_id: Any) -> int:
        """``action_id`` as a plain ``int`` in the space (NumPy integers are accepted).

        >>> import numpy
        >>> ActionSpace(["a", "b"]).checked_id(numpy.int64(1)).__class__.__name__
        'int'

        :raises IllegalAction: when it is no integer (a bool, text, a float) or not in the space
        """
        i: int | None = action_id
        if action_id.__class__ is not int:
            try:
                i = None if isinstance(action_id, bool) else operator.index(action_id)
            except TypeError:
                i = None
        if i is None or not 0 <= i < len(self.actions):
            raise IllegalAction(Msg('there is no action id {action_id} (ids are 0 .. {n})', action_id=repr(action_id), n=len(self.actions) - 1))
        return int(i)


class ActionIdTables:
    """The integer action ids of one options' :class:`ActionSpace`, as a game's fast path needs
    them. A game subclasses it, calls ``super().__init__(space)`` and adds its own tables
    (card ids as :class:`~stammtisch.core.bits.BitIds`, word ids, ...)."""

    __slots__ = ("space",)

    def __init__(self, space: ActionSpace):
        self.space = space


#: the tables built so far, per (game, options): built once per options, shared by every deal
_ID_TABLES: dict[tuple[str, Any], ActionIdTables] = {}
#: every :class:`Game` created so far, by name (the first of each name): how a :class:`FastIdDeal`
#: finds its game's action space without importing the registry (which imports this module)
_GAMES_BY_NAME: dict[str, "Game"] = {}


class FastIdDeal(DealState):
    """A :class:`DealState` with a fast integer path: the id tables of its options built on
    first use (one :class:`ActionIdTables` per game and options, shared by all deals).

    A game sets ``id_game`` (its :attr:`Game.name`) and ``id_tables`` (its tables class) and,
    when its options are not ``self.opts``, overrides :meth:`id_options`.
    """

    id_game: str
    id_tables: type[ActionIdTables] = ActionIdTables
    _ids: Any = None  # this deal's tables (an ``id_tables``), on first use

    def id_options(self) -> Any:
        """The options the action space depends on (``self.opts`` unless a game says otherwise)."""
        return self.opts  # type: ignore[attr-defined]

    def action_space(self) -> ActionSpace:
        """Ids of the integer action API: :meth:`Game.all_actions` for this deal's options."""
        space: ActionSpace = self._id_tables().space
        return space

    def _id_tables(self) -> Any:
        """This deal's :class:`ActionIdTables`, built (once per game and options) on first use."""
        ids = self._ids
        if ids is None:
            opts = self.id_options()
            key = (self.id_game, opts)
            ids = _ID_TABLES.get(key)
            if ids is None:
                game = _GAMES_BY_NAME.get(self.id_game)
                if game is None:
                    raise LookupError(f"no Game named {self.id_game!r} has been created (FastIdDeal.id_game)")
                ids = _ID_TABLES[key] = self.id_tables(game.action_space(opts))
            self._ids = ids
        return ids

    def _id_call(self, action_id: Any) -> tuple[Any, int]:
        """The tables and ``action_id`` as a plain ``int``, for :meth:`apply_id`: a NumPy integer
        from an RL loop is converted, anything that is no id in the space refused.

        :raises IllegalAction: when ``action_id`` is no id of the space
        """
        ids = self._ids or self._id_tables()
        if action_id.__class__ is not int:
            action_id = ids.space.checked_id(action_id)
        return ids, action_id


# ---------------------------------------------------------------------------------------
# Bots
# ---------------------------------------------------------------------------------------
class Turn:
    """What a bot is given when asked to act: its seat, its legal actions and its view.

    The view is computed on first access, so bots that do not look (random) cost nothing.
    """

    __slots__ = ("seat", "legal", "_view_fn", "_view")

    def __init__(self, seat: int, legal: Sequence[str], view_fn: Callable[[], dict[str, Any]]):
        self.seat = seat
        self.legal = legal
        self._view_fn = view_fn
        self._view: dict[str, Any] | None = None

    @property
    def view(self) -> dict[str, Any]:
        if self._view is None:
            self._view = self._view_fn()
        return self._view


@runtime_checkable
class Bot(Protocol):
    """A computer player: it sees only a :class:`Turn` (its own observation)."""

    name: str

    def choose(self, turn: Turn, rng: Any) -> str:
        """An action from ``turn.legal`` for a seat whose move is awaited."""

    def interject(self, turn: Turn, rng: Any) -> str | None:
        """An optional out-of-turn action from ``turn.legal``, or ``None`` to stay silent."""


class BaseBot:
    """Convenience base: never interjects."""

    name = "bot"

    def choose(self, turn: Turn, rng: Any) -> str:  # pragma: no cover - abstract
        raise NotImplementedError

    def interject(self, turn: Turn, rng: Any) -> str | None:
        return None


# ---------------------------------------------------------------------------------------
# Games
# ---------------------------------------------------------------------------------------
class Game(ABC):
    """The rules of one game. Registered by name in :mod:`stammtisch.core.registry`.

    Subclasses set :attr:`name`, :attr:`title`, :attr:`deck`, :attr:`profiles` and
    :attr:`default_profile`, and implement the abstract methods.
    """

    name: str
    title: str
    deck: Deck
    profiles: Mapping[str, Any]
    default_profile: str
    #: how players call each profile (lobby, table header); a profile missing here shows its key
    profile_titles: Mapping[str, str] = {}
    #: per option name: a label and a help text with the rule paragraph (messages, rendered by
    #: the surfaces in the reader's language; the lobby's form shows them)
    option_texts: Mapping[str, tuple[Any, Any]] = {}
    #: per option name: how players say each of its values (messages; the lobby's choices)
    option_choices: Mapping[str, Mapping[Any, Any]] = {}
    #: the lobby form's groups as the rule sheet groups them: (title message, paragraph, option names);
    #: options in no group follow in a last group
    option_groups: Sequence[tuple[Any, str, Sequence[str]]] = ()
    #: whether every score-sheet row must sum to zero
    zero_sum: bool = False

    # -- the manifest: what bots and surfaces read off the game, instead of lists of names ---
    #: the compiled kernel (extra ``fast``, :class:`~stammtisch.core.kernel.Kernel`) as
    #: ``"package.module:Class"``: a module of :mod:`stammtisch.bots.kernels`, loaded on first
    #: use by :meth:`kernel` (so the game never imports the bots); ``None`` for no kernel
    kernel_class: str | None = None
    #: the search player's defaults for this game (:class:`~stammtisch.bots.search.SearchBot`),
    #: chosen by arena runs (docs/bots.md): ``contract`` (``"search"`` or ``"rule"``: who says the
    #: words), ``guard`` (a z value or ``None``), ``playout`` (``"random"`` or ``"rule"``),
    #: ``kernel_rollout`` (whether the tree search plays its random playouts in the kernel)
    search_defaults: Mapping[str, Any] = {}

    def __init__(self) -> None:
        # a game's deals find it by name (FastIdDeal); a subclass that defines __init__ calls this
        _GAMES_BY_NAME.setdefault(self.name, self)

    def kernel(self, options: Any = None) -> Kernel | None:
        """The game's compiled kernel for ``options`` (default profile when ``None``), built once
        per options; ``None`` without a kernel or without Numba (the plain-Python fallback is too
        slow to be worth it in a search)."""
        if self.kernel_class is None:
            return None
        if options is None:
            options = self.options()
        cache: dict[Any, Kernel | None] = self.__dict__.setdefault("_kernels", {})
        try:
            return cache[options]
        except KeyError:
            pass
        except TypeError:  # unhashable options: one uncached
            return self._build_kernel(options)
        k = cache[options] = self._build_kernel(options)
        return k

    def _build_kernel(self, options: Any) -> Kernel | None:
        module_name, _, class_name = self.kernel_class.partition(":")  # type: ignore[union-attr]
        try:
            module = importlib.import_module(module_name)
        except ImportError:  # pragma: no cover - numpy missing
            return None
        if not getattr(module, "COMPILED", False):
            return None
        kernel: Kernel = getattr(module, class_name).for_options(options)
        return kernel

    # -- options -----------------------------------------------------------------------
    def options(self, profile: str | None = None, overrides: Mapping[str, Any] | None = None) -> Any:
        """Resolve a profile plus named overrides (:func:`~stammtisch.core.options.resolve_options`)."""
        return resolve_options(self.profiles, profile or self.default_profile, overrides)

    def profile_title(self, profile: str) -> str:
        """The name players know ``profile`` by (its key when the game gives none)."""
        return self.profile_titles.get(profile, profile)

    # -- table -------------------------------------------------------------------------
    @abstractmethod
    def num_seats(self, options: Any) -> int:
        """Number of seats at the table."""

    @abstractmethod
    def columns(self, options: Any) -> tuple[str, ...]:
        """Score-sheet columns (teams or seats) that :attr:`DealResult.points` follow."""

    def first_dealer(self, options: Any, rng: Any) -> int:
        """Seat of the first dealer (default: drawn at random, recorded in the match)."""
        return int(rng.randrange(self.num_seats(options)))

    @abstractmethod
    def deal(self, options: Any, dealer: int, rng: Any, carry: Mapping[str, Any]) -> Deal:
        """Shuffle and deal."""

    def validate_deal(self, options: Any, deal: Deal) -> None:
        """Check a recorded deal: every card of the deck exactly once.

        :raises IllegalAction: naming what is wrong
        """
        cards = deal.all_cards()
        if sorted(cards) != list(range(self.deck.size)):
            raise IllegalAction(Msg('the deal does not hold every card of the {name} deck exactly once', name=self.deck.name))
        if len(deal.hands) != self.num_seats(options):
            raise IllegalAction(Msg('the deal has {n} hands for {num_seats} seats', n=len(deal.hands), num_seats=self.num_seats(options)))

    @abstractmethod
    def new_deal(self, options: Any, ctx: DealContext) -> DealState:
        """The state at the start of a deal."""

    @abstractmethod
    def next_deal(self, options: Any, ctx: DealContext, result: DealResult,
                  totals: tuple[int, ...]) -> tuple[int, dict[str, Any]] | None:
        """``(next dealer, carry)`` after a deal, or ``None`` when the match is over."""

    def match_result(self, options: Any, totals: tuple[int, ...], results: Sequence[DealResult]) -> dict[str, Any]:
        """A JSON-safe summary of a finished match (default: the totals)."""
        return {"totals": list(totals)}

    def rule_bot(self) -> Bot:
        """The game's rule-based computer player."""
        raise NotImplementedError(f"{self.name} has no rule-based player yet")

    # -- hooks for search bots and research adapters ---------------------------------
    def all_actions(self, options: Any) -> list[str]:
        """Every action string that can ever be legal, in a fixed order (OpenSpiel's integer
        action ids are indices into this list)."""
        raise NotImplementedError(f"{self.name} does not list its action space yet")

    def action_space(self, options: Any) -> ActionSpace:
        """:meth:`all_actions` as an :class:`ActionSpace`, built once per options."""
        cache: dict[Any, ActionSpace] = self.__dict__.setdefault("_action_spaces", {})
        space = cache.get(options)
        if space is None:
            space = cache[options] = ActionSpace(self.all_actions(options))
        return space

    def sample_state(self, options: Any, view: Mapping[str, Any], rng: Any) -> DealState:
        """A complete deal state consistent with everything in ``view`` (a seat's *deal* view,
        ``Match.view(seat)["deal"]``): the hidden cards are dealt at random among the places
        they can be, respecting every public fact (cards played, voids shown, revealed parties,
        announcements, turned-up trump, Weis shown). Used by determinizing search bots."""
        raise NotImplementedError(f"{self.name} cannot sample hidden information yet")

    # -- convenience -------------------------------------------------------------------
    def new_match(self, profile: str | None = None, options: Mapping[str, Any] | None = None,
                  seed: int | None = None, max_deals: int | None = None,
                  seats: Sequence[str] | None = None) -> "Match":
        """A new match with a fresh (secure or seeded) shuffle."""
        return Match(self, profile or self.default_profile, dict(options or {}), seed=seed,
                     max_deals=max_deals, seats=seats)


@dataclass
class DealLog:
    """One deal of a match as it happened."""

    ctx: DealContext
    actions: list[tuple[int, str]] = field(default_factory=list)
    result: DealResult | None = None



def _no_seat(seat: object) -> Msg:
    """A seat the table does not have: a number is named as every surface names seats (``Seat 6``,
    ``Platz 6`` -- a seat argument), anything else as typed."""
    if isinstance(seat, int) and not isinstance(seat, bool):
        return Msg("there is no seat {seat} at this table", seat=seat)
    return Msg("there is no seat {seatno} at this table", seatno=repr(seat))


class Match:
    """Deals played one after another until the game says the match is over.

    A match is itself a protocol state (same methods as :class:`DealState`) so surfaces and
    bots need not care whether they play one deal or a whole Partie.

    :param recorded: deals to use instead of shuffling (replay); the first deal's dealer
        is taken from it too
    :param max_deals: stop after this many deals (``1`` plays a single deal)
    :param fair_seed: a secret seed (:mod:`.fairdeal`): the first dealer and every deal are
        derived from it (HMAC-SHA-256 of the seed and the deal number), so they can be proved
        afterwards; the record carries its commitment, and the seed once the match is over
    """

    def __init__(self, game: Game, profile: str, overrides: Mapping[str, Any], *, seed: int | None = None,
                 max_deals: int | None = None, seats: Sequence[str] | None = None,
                 recorded: Sequence[tuple[int, Deal]] | None = None, fair_seed: bytes | None = None):
        self.game = game
        self.profile = profile
        self.overrides = dict(overrides)
        self.options = game.options(profile, overrides)
        self.n = game.num_seats(self.options)
        self.seat_names = list(seats) if seats else [f"Seat {i + 1}" for i in range(self.n)]
        if len(self.seat_names) != self.n:
            raise IllegalAction(Msg('{title} is played by {n} seats, not {n2}', title=game.title, n=self.n, n2=len(self.seat_names)))
        self.seed = seed
        self.fair_seed = fair_seed
        self.max_deals = max_deals
        self._rng = make_rng(seed)
        self._recorded = list(recorded) if recorded is not None else None
        self.logs: list[DealLog] = []
        self._results_json: list[dict[str, Any]] = []  # finished deals' results, built once
        self._actions: tuple[str, ...] | None = None  # the action space's notation, on first use
        self.totals: tuple[int, ...] = tuple(0 for _ in game.columns(self.options))
        self.over = False
        self.summary: dict[str, Any] | None = None
        #: the last trick of the deal before the running one (public: every seat saw it played), so
        #: that a surface can let it rest and be looked at after the next deal has begun
        self.previous_trick: dict[str, Any] | None = None
        first = self._recorded[0][0] if self._recorded else game.first_dealer(
            self.options, self._rng if fair_seed is None else fairdeal.first_dealer_rng(fair_seed))
        self._start_deal(first, {})

    # -- deal sequencing ---------------------------------------------------------------
    def _start_deal(self, dealer: int, carry: Mapping[str, Any]) -> None:
        number = len(self.logs)
        if self._recorded is not None:
            if number >= len(self._recorded):
                raise IllegalAction(Msg('the record has no deal {number}', number=number))
            rec_dealer, deal = self._recorded[number]
            if rec_dealer != dealer:
                raise IllegalAction(Msg('deal {number} was dealt by seat {seat}, but seat {seat_b} deals', number=number, seat=rec_dealer, seat_b=dealer))
            self.game.validate_deal(self.options, deal)
        else:
            rng = self._rng if self.fair_seed is None else fairdeal.deal_rng(self.fair_seed, number)
            deal = self.game.deal(self.options, dealer, rng, carry)
        ctx = DealContext(number, dealer, deal, self.totals, dict(carry))
        self.deal_state = self.game.new_deal(self.options, ctx)
        self.logs.append(DealLog(ctx))

    def _finish_deal(self) -> None:
        log = self.logs[-1]
        result = self.deal_state.result()
        log.result = result
        self._results_json.append(result.to_json())
        self.totals = tuple(a + b for a, b in zip(self.totals, result.points))
        nxt = None if result.ends_match else self.game.next_deal(self.options, log.ctx, result, self.totals)
        if nxt is None or (self.max_deals is not None and len(self.logs) >= self.max_deals):
            self.over = True
            self.summary = self.game.match_result(self.options, self.totals, [lg.result for lg in self.logs if lg.result is not None])
            return
        ended = self.deal_state.public_view()
        last = ended.get("last_trick") or []
        self.previous_trick = ({"deal": len(self.logs) - 1, "cards": last, "winner": ended.get("last_winner")}
                               if last else None)
        self._start_deal(*nxt)

    @property
    def current(self) -> DealLog:
        """The log of the deal being played (or the last one, once the match is over)."""
        return self.logs[-1]

    # -- protocol ----------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.over else self.deal_state.to_act()

    def interjectors(self) -> tuple[int, ...]:
        return () if self.over else self.deal_state.interjectors()

    def legal_actions(self, seat: int) -> list[str]:
        if self.over or not 0 <= seat < self.n:
            return []
        return self.deal_state.legal_actions(seat)

    def witnesses(self, seat: int, action: str) -> tuple[int, ...] | None:
        """:meth:`DealState.witnesses` of the running deal (``None`` once the match is over)."""
        return None if self.over else self.deal_state.witnesses(seat, action)

    def apply(self, seat: int, action: str) -> None:
        """Apply an action of the current deal; a finished deal starts the next one."""
        if self.over:
            raise NotYourTurn(Msg("the match is over"), seat=seat, action=action)
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise NotYourTurn(_no_seat(seat), action=str(action))
        if not isinstance(action, str):
            raise IllegalAction(Msg("an action is text in the game's notation, not {name}", name=type(action).__name__), seat=seat)
        self.deal_state.apply(seat, action)
        self.logs[-1].actions.append((seat, action))
        if self.deal_state.is_over():
            self._finish_deal()

    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids into :meth:`Game.all_actions`."""
        if self.over or not 0 <= seat < self.n:
            return []
        return self.deal_state.legal_action_ids(seat)

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """:meth:`apply` by action id; the record keeps the notation string.

        :param checked: apply through the notation with all its checks (the deal's fast path
            checks the common actions cheaply and hands the rest to the notation anyway)
        """
        if self.over:
            raise NotYourTurn(Msg("the match is over"), seat=seat)
        if not isinstance(seat, int) or not 0 <= seat < self.n:
            raise NotYourTurn(_no_seat(seat))
        actions = self._actions
        if actions is None:
            actions = self._actions = self.game.action_space(self.options).actions
        if action_id.__class__ is not int or not 0 <= action_id < len(actions):
            action_id = self.game.action_space(self.options).checked_id(action_id)  # or raises, naming it
        state = self.deal_state
        if checked:
            state.apply_id(seat, action_id, True)
        else:
            state.apply_id(seat, action_id)
        self.logs[-1].actions.append((seat, actions[action_id]))
        if state.is_over():
            self._finish_deal()

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's observation: match standing plus the deal view of that seat."""
        return self._frame(self.deal_state.view(seat), seat)

    def public_view(self) -> dict[str, Any]:
        """Spectators' observation."""
        return self._frame(self.deal_state.public_view(), None)

    def _frame(self, deal_view: dict[str, Any], seat: int | None) -> dict[str, Any]:
        previous = list(self._results_json)
        return {
            "game": self.game.name,
            "profile": self.profile,
            "options": dict(self.overrides),
            "seat": seat,
            "seats": self.seat_names,
            "columns": list(self.game.columns(self.options)),
            "totals": list(self.totals),
            "deal_number": len(self.logs) - 1,
            "dealer": self.logs[-1].ctx.dealer,
            "to_act": list(self.to_act()),
            "legal": self.legal_actions(seat) if seat is not None else [],
            "over": self.over,
            "results": previous,
            "previous_trick": self.previous_trick,
            "deal": deal_view,
        }

    def is_over(self) -> bool:
        return self.over

    def result(self) -> dict[str, Any]:
        """The match summary (totals, winner) once over."""
        if not self.over:
            raise IllegalAction(Msg("the match is not over yet"))
        return dict(self.summary or {})

    def options_json(self) -> dict[str, Any]:
        return options_to_json(self.options)
