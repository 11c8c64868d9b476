"""stammtisch games as OpenSpiel Python games (``pyspiel``).

>>> import stammtisch.openspiel, pyspiel                       # doctest: +SKIP
>>> game = pyspiel.load_game("stammtisch_jass")                # doctest: +SKIP
>>> state = game.new_initial_state()                           # doctest: +SKIP

* **Chance nodes deal the cards** one at a time (outcome = card id, uniform over the cards
  not dealt yet); hands are filled in seat order, then the piles (talon, stock) in order.
  The dealer is the last seat, so seat 0 is Vorhand. Game parameter ``profile`` picks the
  rules profile.
* **Actions are integers**: the index of the action string in :meth:`Game.all_actions`.
* The player to move is the first seat of :meth:`DealState.to_act`; out-of-turn actions
  (interjections) are not offered through OpenSpiel.
* **Returns** are, per seat, its score column's points minus the mean of the other columns
  (:func:`stammtisch.bots.common.reward`): zero-sum for team and single-seat columns alike.
* Observation and information-state tensors and strings: :mod:`stammtisch.rl.encoding`.
* ``resample_from_infostate`` deals the hidden cards again with :meth:`Game.sample_state`,
  so OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts``) works unchanged.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pyspiel

from ..bots.common import reward
from ..core import registry
from ..core.errors import OptionError
from ..core.protocol import Deal, DealContext, Game
from .encoding import Encoding

__all__ = ["register", "register_all", "short_name", "REGISTERED"]

#: short name -> stammtisch game, for everything registered in this process
REGISTERED: dict[str, Game] = {}
_KEEP: list[Any] = []

#: samples tried per resample to find one offering the player the real state's legal actions
RESAMPLE_TRIES = 16

#: bound on the returns announced in ``GameInfo`` (a game may set ``utility_bound``)
DEFAULT_UTILITY_BOUND = 10_000.0


def short_name(game: Game) -> str:
    return f"stammtisch_{game.name}"


def supports_hooks(game: Game) -> bool:
    """Whether ``game`` lists its actions and can sample hidden information."""
    if type(game).sample_state is Game.sample_state:
        return False
    try:
        game.all_actions(game.options())
    except NotImplementedError:
        return False
    return True


def register(game: Game, name: str | None = None) -> str:
    """Register ``game`` with pyspiel (once) and return its short name."""
    name = name or short_name(game)
    if name in REGISTERED:
        return name
    default_profile = game.default_profile
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"stammtisch {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.num_seats(game.options()),
        min_num_players=game.num_seats(game.options()),
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"profile": default_profile},
    )

    # a class per game, not a closure: pyspiel keeps the constructor until after the
    # interpreter has shut down, and only a class (kept alive by its own reference cycle)
    # survives that without a crash at exit
    construct = type(f"Game_{name}", (_Game,), {"_stype": game_type, "_sgame": game})

    pyspiel.register_game(game_type, construct)
    REGISTERED[name] = game
    return name


class _Spec:
    """Everything fixed for one registered game and profile (shared, never copied)."""

    def __init__(self, game: Game, profile: str):
        self.sgame = game
        self.options = game.options(profile)
        self.enc = Encoding(game, self.options)
        self.num_seats = game.num_seats(self.options)
        self.dealer = self.num_seats - 1
        shape = game.deal(self.options, self.dealer, random.Random(0), {})
        self.hand_sizes = [len(h) for h in shape.hands]
        self.piles = [(k, len(v)) for k, v in shape.piles.items()]
        self.total_cards = sum(self.hand_sizes) + sum(n for _, n in self.piles)
        #: ``outcome[k][c] == (c, 1 / k)``: the chance outcomes' pairs, built once (k cards left)
        self.outcome = [()] + [tuple((c, 1.0 / k) for c in range(self.total_cards))
                               for k in range(1, self.total_cards + 1)]

    def __deepcopy__(self, memo: Any) -> "_Spec":
        return self


_SPECS: dict[str, _Spec] = {}


def _spec(name: str, profile: str) -> _Spec:
    key = f"{name}|{profile}"
    sp = _SPECS.get(key)
    if sp is None:
        sp = _SPECS[key] = _Spec(REGISTERED[name], profile)
    return sp


def _spec_of(game: Any) -> _Spec:
    return _spec(game.get_type().short_name, str(game.get_parameters().get("profile")))


class _Game(pyspiel.Game):
    _stype: Any = None
    _sgame: Any = None

    def __init__(self, params: dict[str, Any] | None = None):
        game_type, game = self._stype, self._sgame
        params = dict(params or {})
        profile = str(params.get("profile", game.default_profile))
        sp = _spec(game_type.short_name, profile)
        bound = float(getattr(game, "utility_bound", DEFAULT_UTILITY_BOUND))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(sp.enc.actions),
            max_chance_outcomes=game.deck.size,
            num_players=sp.num_seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=sp.enc.max_game_length,
        )
        super().__init__(game_type, info, {"profile": profile})

    def new_initial_state(self) -> "_State":
        return _State(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        return _Observer(self, iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params)


class _State(pyspiel.State):
    """A deal in progress: the cards dealt so far (chance), then the stammtisch deal state."""

    def __init__(self, game: Any):
        super().__init__(game)
        self._pg = _spec_of(game)
        self._dealt: list[int] = []
        self._rest: list[int] | None = None  # cards not dealt yet, kept on first use
        self._cp: int | None = None  # the current player, until the next action
        self._ds: Any = None
        self._hist: list[tuple[int, str]] = []
        # (history length, player, information-state string, observation string) of the real
        # state this one was resampled from: see resample_from_infostate
        self._pin: tuple[int, int, str, str] | None = None

    # -- OpenSpiel API ---------------------------------------------------------------
    def current_player(self) -> int:
        cp = self._cp  # OpenSpiel asks several times per step: kept until the next action
        if cp is None:
            if self._ds is None:
                cp = int(pyspiel.PlayerId.CHANCE)
            elif self._ds.is_over():
                cp = int(pyspiel.PlayerId.TERMINAL)
            else:
                cp = int(self._ds.to_act()[0])
            self._cp = cp
        return cp

    def _legal_actions(self, player: int) -> list[int]:
        if self._ds is None or self._ds.is_over():
            return []
        try:
            ids = self._ds.legal_action_ids(player)  # the integer path (no notation)
        except NotImplementedError:  # a deal state without the integer API: through the notation
            idx = self._pg.enc.index
            ids = [idx[a] for a in self._ds.legal_actions(player)]
        ids.sort()
        return ids

    def chance_outcomes(self) -> list[tuple[int, float]]:
        rest = self._rest
        if rest is None:
            dealt = set(self._dealt)
            rest = self._rest = [c for c in range(self._pg.total_cards) if c not in dealt]
        pairs = self._pg.outcome[len(rest)]
        return [pairs[c] for c in rest]

    def _apply_action(self, action: int) -> None:
        self._cp = None
        if self._ds is None:
            if not 0 <= action < self._pg.total_cards or action in self._dealt:
                raise pyspiel.SpielError(f"card {action} cannot be dealt now")
            self._dealt.append(int(action))
            if self._rest is not None:
                self._rest.remove(action)
            if len(self._dealt) == self._pg.total_cards:
                self._start()
            return
        seat = self.current_player()
        self._cp = None
        text = self._pg.enc.actions[action]
        try:
            self._ds.apply_id(seat, action)  # the integer path; an illegal id is refused naming the rule
        except NotImplementedError:  # a deal state without the integer API
            self._ds.apply(seat, text)
        self._hist.append((seat, text))

    def _start(self) -> None:
        g = self._pg
        hands, i = [], 0
        for size in g.hand_sizes:
            hands.append(tuple(sorted(self._dealt[i:i + size])))
            i += size
        piles = {}
        for name, size in g.piles:
            piles[name] = tuple(self._dealt[i:i + size])
            i += size
        deal = Deal(tuple(hands), piles)
        ctx = DealContext(0, g.dealer, deal, tuple(0 for _ in g.sgame.columns(g.options)), {})
        self._ds = g.sgame.new_deal(g.options, ctx)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal:{self._pg.sgame.deck.format(action)}"
        return self._pg.enc.actions[action]

    def is_terminal(self) -> bool:
        return self._ds is not None and self._ds.is_over()

    def returns(self) -> list[float]:
        g = self._pg
        if not self.is_terminal():
            return [0.0] * g.num_seats
        res = self._ds.result()
        return [reward(g.sgame, g.options, res, s) for s in range(g.num_seats)]

    def resample_from_infostate(self, player_id: int, probability_sampler: Any = None) -> "_State":
        """A state the player cannot tell apart from this one (hidden cards dealt afresh)."""
        if self._ds is None:
            return self.clone()
        g = self._pg
        seed = None
        if probability_sampler is not None:
            try:
                seed = int(probability_sampler() * 2**52)
            except TypeError:
                seed = None
        rng = random.Random(seed)
        st = _State(self.get_game())
        st._dealt = list(range(g.total_cards))  # placeholders: the deal is not known
        view = self._ds.view(player_id)
        want = sorted(self._ds.legal_actions(player_id))
        for _ in range(RESAMPLE_TRIES):  # prefer a sample that offers the player the same actions
            st._ds = g.sgame.sample_state(g.options, view, rng)
            st._cp = None
            if sorted(st._ds.legal_actions(player_id)) == want:
                break
        st._hist = list(self._hist)
        # The resampled state lies in the player's information set by construction, so its
        # information state for that player *is* this one's. Pinning the strings keeps OpenSpiel's
        # ISMCTS root check exact even where a game's sampler does not rebuild every public
        # detail of the view (see docs/bots.md); tensors are built from hand, trick and history
        # and agree anyway.
        enc = g.enc
        st._pin = (len(self._hist), player_id, enc.string(self._ds, self._hist, player_id, True),
                   enc.string(self._ds, self._hist, player_id, False))
        return st

    def __str__(self) -> str:
        if self._ds is None:
            return f"dealing ({len(self._dealt)}/{self._pg.total_cards} cards)"
        return " ".join(f"{s}:{a}" for s, a in self._hist) or "dealt"


class _Observer:
    """OpenSpiel PyObserver: tensors and strings from :class:`~stammtisch.rl.encoding.Encoding`."""

    def __init__(self, game: Any, iig_obs_type: Any, params: Any):
        if params:
            raise ValueError(f"observation parameters not supported; passed {params}")
        self.enc: Encoding = _spec_of(game).enc
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        pieces = self.enc.info_pieces() if self.perfect_recall else self.enc.obs_pieces()
        if not self.private:
            pieces = [p for p in pieces if p[0] != "hand"]
        self.tensor = np.zeros(Encoding.size(pieces), np.float32)
        self.dict: dict[str, np.ndarray] = {}
        i = 0
        for name, shape in pieces:
            size = int(np.prod(shape))
            self.dict[name] = self.tensor[i:i + size].reshape(shape)
            i += size

    def set_from(self, state: _State, player: int) -> None:
        self.tensor.fill(0)
        self.enc.write(self.dict, state._ds, state._hist, player if self.private else None, self.perfect_recall)

    def string_from(self, state: _State, player: int) -> str:
        pin = state._pin
        if pin is not None and self.private and pin[0] == len(state._hist) and pin[1] == player:
            return pin[2] if self.perfect_recall else pin[3]
        return self.enc.string(state._ds, state._hist, player if self.private else None, self.perfect_recall)


def available_games() -> list[str]:
    """Names of the games whose engine is installed (a missing package is skipped)."""
    out = []
    for name in registry.names():
        try:
            registry.get(name)
        except (OptionError, ImportError):
            continue
        out.append(name)
    return out


def register_all() -> list[str]:
    """Register every game whose engine exists and offers the bot hooks; returns the names."""
    out = []
    for name in available_games():
        game = registry.get(name)
        if supports_hooks(game):
            out.append(register(game))
    return out
