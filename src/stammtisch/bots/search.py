"""The search player: information-set Monte-Carlo tree search over any game of the protocol.

Each iteration deals the hidden cards afresh with :meth:`Game.sample_state` (a
*determinization* consistent with everything the seat's view shows), walks one shared tree
of actions (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012: UCB over the
children that are legal in this determinization, with availability counts), adds one node,
plays the rest of the deal at random and backs the result up. Every node stores the result
from the point of view of the seat that chose its action, so partners and opponents are
modelled alike. Bidding, trump choice, announcements and bids are ordinary actions, so they
are decided by the same simulation, unless ``contract="rule"`` leaves every non-card action to
the game's rule-based player and ``guard`` keeps the rule player's action where the search is not
confident (per game in its ``Game.search_defaults``, docs/bots.md).

The bot sees only its :class:`~stammtisch.core.protocol.Turn` (legal actions and its own
view); it never touches the real state.

>>> from stammtisch.core import registry
>>> bot = SearchBot(registry.get("jass"), iterations=50)   # doctest: +SKIP

Budget: ``time_limit`` seconds per decision (default 0.8 s, so a decision answers within
a second on a small machine) and/or ``iterations`` / ``worlds``; a named ``level``
(:mod:`stammtisch.bots.levels`) is a fixed budget of worlds and iterations per game. ``pace`` adds human-like think time for
online tables: longer when the decision is close, short when it is obvious.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core.errors import StammtischError
from ..core.protocol import BaseBot, DealState, Game, Turn
from .common import deal_view, resolve_options, reward
from .ismcts import ismcts
from .kernels import rollout_for
from .levels import LEVELS, Level, level_for
from . import pimc as _pimc  # by module: tests replace pimc.valuer_for
from .rollouts import CardsFirstRollout, Rollout, RuleRollout, _random_rollout
from .worlds import draw

#: ``ismcts``, ``draw`` and the rollouts live in their own modules; they are re-exported here
__all__ = ["SearchBot", "Pace", "LEVELS", "Level", "level_for", "ismcts", "draw", "CardsFirstRollout", "RuleRollout",
           "difficulty", "_random_rollout"]

log = logging.getLogger(__name__)

@dataclass
class Pace:
    """Human-like think time for online tables.

    A decision waits ``base + per_difficulty * difficulty`` seconds (times a random factor
    between ``1 - jitter`` and ``1 + jitter``), where difficulty is 0 for a forced or obvious
    move and 1 when the best two actions were searched about equally often. Search time
    already spent counts towards the wait.
    """

    base: float = 0.6
    per_difficulty: float = 2.0
    jitter: float = 0.3
    sleep: Callable[[float], None] = time.sleep

    def think_time(self, difficulty: float, rng: random.Random) -> float:
        d = min(max(difficulty, 0.0), 1.0)
        return (self.base + self.per_difficulty * d) * (1 + self.jitter * (2 * rng.random() - 1))


def difficulty(stats: Mapping[str, tuple[int, float]]) -> float:
    """How close a decision was, in [0, 1]: the second most visited action's visits over the
    most visited action's (0: one action stood out, 1: a tie)."""
    visits = sorted((v for v, _ in stats.values()), reverse=True)
    if len(visits) < 2 or visits[0] == 0:
        return 0.0
    return visits[1] / visits[0]


def _stable(x: Any) -> Any:
    """JSON for what a view may hold besides JSON: sets in sorted order (never in hash order,
    which differs per process), anything else by its ``repr``."""
    if isinstance(x, (set, frozenset)):
        return sorted(x, key=repr)
    if isinstance(x, tuple):
        return list(x)
    return repr(x)


class SearchBot(BaseBot):
    """Determinized Monte-Carlo tree search (ISMCTS) over the protocol.

    :param game: the game (needs :meth:`Game.sample_state`)
    :param options: the rules options (default: from the match view's profile)
    :param time_limit: seconds per decision (``None``: only ``iterations`` counts)
    :param iterations: iteration cap per decision
    :param level: a named strength (:func:`~stammtisch.bots.levels.level_for`: fixed worlds
        and iterations per decision for this game, its wall-clock ``cap`` as the time limit, and
        its ``contract``/``playouts`` unless given); overrides the budgets
    :param pace: human-like think time (:class:`Pace`), ``None`` for none
    :param interject: how to decide out-of-turn actions (Jass Bedanken, announcements a game
        offers out of turn): ``"rule"`` asks the game's rule-based player (cheap; the default,
        falling back to ``"simulate"`` for a game without one), ``"simulate"`` compares each
        option with staying silent over ``interject_samples`` determinizations, ``"never"``
    :param interject_samples: determinizations per option when simulating an interjection
    :param rollout: playout policy (default: the game's compiled kernel where one exists,
        :func:`stammtisch.bots.kernels.rollout_for`, else :class:`CardsFirstRollout`)
    :param playout: ``"random"`` (the default above) or ``"rule"`` (:class:`RuleRollout`: the
        game's rule-based player plays the playouts); default: the game's
        ``search_defaults["playout"]``, else ``"random"``
    :param contract: who decides the actions that are not cards (bids, Vorbehalte, trump
        choice, announcements): ``"search"`` (the search, as every other action) or ``"rule"``
        (the game's rule-based player; the search then decides only which card to play, where
        determinized search is strongest). Default: the game's ``search_defaults["contract"]``,
        else ``"search"``
    :param guard: ``None`` or a z value: the search's card replaces the rule player's card only
        when its mean reward is higher by ``guard`` standard errors (over the two actions'
        playouts); otherwise the rule player's card is played. Default as for ``contract``.
    :param belief: weight the determinizations by how well they explain the other seats' bids
        and announcements (the game's optional ``sample_weight`` hook; Jass: trump choice and
        Schieben), see :func:`draw`
    :param seed: the bot's own seed. Every decision searches with its own random stream, seeded
        from ``seed``, the seat and the seat's view (its observation history) and the legal
        actions: a decision is then a pure function of these, whatever the process, the order of
        deals, the hash seed, the other seats' use of the table's random stream, and the load
        (unless the wall-clock cap stops a search, counted in :attr:`cap_reached`). ``None``: the
        seed of each decision is one number drawn from the ``rng`` the table passes (one draw,
        whatever the search's budget)
    :param cap: with a ``level``: ``"level"`` (its wall-clock safety bound ``Level.cap``) or
        ``None`` (no bound; benchmarks that must be exact whatever the load)
    """

    name = "search"

    def __init__(self, game: Game, options: Any | None = None, *, time_limit: float | None = 0.8,
                 iterations: int | None = None, level: str | None = None, pace: Pace | None = None,
                 interject: str = "rule", interject_samples: int = 8, exploration: float = 0.7,
                 rollout: Rollout | None = None, playout: str | None = None, value_scale: str = "max",
                 contract: str | None = None, guard: float | None | str = "default", belief: bool = True,
                 engine: str = "auto", worlds: int | None = None, playouts: int | None = None,
                 seed: int | str | None = None, cap: float | str | None = "level"):
        if engine not in ("auto", "pimc", "ismcts"):
            raise ValueError(f"engine must be auto, pimc or ismcts, not '{engine}'")
        if worlds is not None and worlds < 1:
            raise ValueError(f"worlds must be at least 1, not {worlds}")
        if playouts is not None and playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        defaults = getattr(game, "search_defaults", {})  # the game's manifest (docs/bots.md)
        lv: Level | None = None
        if level is not None:
            if level not in LEVELS:
                raise ValueError(f"unknown level '{level}' (known: {', '.join(LEVELS)})")
            lv = level_for(str(getattr(game, "name", "")), level)
            time_limit, iterations, worlds = lv.cap if cap == "level" else cap, None, lv.worlds
            if contract is None and lv.contract is not None:
                contract = lv.contract
            if playouts is None and lv.playouts is not None:
                playouts = lv.playouts
            if guard == "default":
                guard = lv.guard
        if contract is None:
            contract = str(defaults.get("contract", "search"))
        if contract not in ("search", "rule"):
            raise ValueError(f"contract must be search or rule, not '{contract}'")
        if guard == "default":
            guard = defaults.get("guard")
        if guard is not None and not float(guard) >= 0:  # type: ignore[arg-type]
            raise ValueError(f"guard must be None or a z value >= 0, not {guard!r}")
        if value_scale not in ("max", "std"):
            raise ValueError(f"value_scale must be max or std, not '{value_scale}'")
        if playout is None:  # a game may state which playouts suit it (measured in the arena)
            playout = str(defaults.get("playout", "random"))
        if playout not in ("random", "rule"):
            raise ValueError(f"playout must be random or rule, not '{playout}'")
        if interject not in ("rule", "simulate", "never"):
            raise ValueError(f"interject must be rule, simulate or never, not '{interject}'")
        if time_limit is None and iterations is None and worlds is None:
            raise ValueError("give a time limit, an iteration budget or a number of worlds")
        self.game = game
        self.seed = seed
        #: searches stopped by the wall-clock limit before their budget (with a level: its ``cap``)
        self.cap_reached = 0
        #: searches run (PIMC or tree search), the denominator of :attr:`cap_reached`
        self.searches = 0
        self.engine = engine
        self.worlds = worlds
        self.playouts = playouts
        self._valuers: dict[Any, Any] = {}
        self._pimc_difficulty = 0.0
        #: PIMC: playouts of the last decision (0 when the tree search decided)
        self.last_playouts = 0
        self.options = options
        self.time_limit = time_limit
        self.iterations = iterations
        #: the level's tree-search iterations (``None``: ``iterations``, else the time limit, else worlds)
        self.tree_iterations = lv.iterations if lv is not None else None
        #: the named level this bot plays at, if any
        self.level = level
        self.pace = pace
        self.interject_mode = interject
        self.interject_samples = interject_samples
        self.exploration = exploration
        self.rollout = rollout
        self.playout = playout
        self.value_scale = value_scale
        self.contract = contract
        self.guard = None if guard is None else float(guard)  # type: ignore[arg-type]
        self.belief = belief
        self._cards: CardsFirstRollout | None = None
        #: decisions of the last search: "search" (search's own card over the rule player's),
        #: "rule" (the rule player's action), "agree" (both chose the same)
        self.last_source = ""
        self._auto_rollout: dict[Any, Rollout | None] = {}
        self._rule_bot: Any = None
        #: searches that failed (e.g. a game's sampler raised) and fell back to the rule player
        self.errors: list[str] = []
        #: statistics of the last decision: action -> (visits, mean reward)
        self.last_stats: dict[str, tuple[int, float]] = {}

    def choose(self, turn: Turn, rng: Any) -> str:
        t0 = time.perf_counter()
        legal = list(turn.legal)
        if len(legal) == 1:
            self.last_stats = {legal[0]: (0, 0.0)}
            self._wait(t0, 0.0, rng)
            return legal[0]
        view = turn.view
        options = resolve_options(self.game, view, self.options)
        dv = deal_view(view)
        r = self._decision_rng(turn.seat, view, legal, rng)
        rule_choice: str | None = None
        root_actions: frozenset[str] | None = None
        if self.contract == "rule" or self.guard is not None:
            fb = self._fallback()
            if fb:
                rule_choice = fb.choose(turn, r)
        if self.contract == "rule" and rule_choice is not None:
            if self._cards is None:
                self._cards = CardsFirstRollout(self.game)
            cards = [a for a in legal if self._cards.is_card(a)]
            if rule_choice not in cards or len(cards) == 1:  # a word (bid, announcement): the rule player's
                self.last_stats, self.last_source = {rule_choice: (0, 0.0)}, "rule"
                self._wait(t0, 0.0, r)
                return rule_choice
            root_actions = frozenset(cards)
        if self.engine != "ismcts":
            done = self._choose_pimc(turn, legal, options, dv, r, rule_choice, root_actions)
            if done is not None:
                self._wait(t0, self._pimc_difficulty, r)
                return done
            if self.engine == "pimc" and self._fallback():
                self.last_source = "rule"
                return rule_choice if rule_choice is not None else self._rule_bot.choose(turn, r)
        if root_actions is None:
            # the root searches only what this turn offers (the same as every determinization
            # offers, unless a wrapper restricts the turn, e.g. to the modes an outside program knows)
            root_actions = frozenset(legal)
        spread: dict[str, float] = {}
        try:
            # a budget of worlds only (search:40w) gives the tree search as many iterations
            iters = self.tree_iterations if self.tree_iterations is not None else (
                self.iterations if self.iterations is not None or self.time_limit is not None else self.worlds)
            info: dict[str, Any] = {}
            stats = ismcts(self.game, options, dv, turn.seat, r, time_limit=self.time_limit,
                           iterations=iters, exploration=self.exploration,
                           rollout=self._rollout(options), value_scale=self.value_scale,
                           root_actions=root_actions, spread=spread, belief=self.belief, info=info)
            self._count(bool(info.get("capped")) and iters is not None)
        except Exception as e:  # a game's sampler failing must not stop a table
            self.errors.append(f"{type(e).__name__}: {e}")
            log.warning("search failed for %s (%s); falling back", self.game.name, self.errors[-1])
            self.last_stats = {}
            fb = self._fallback()
            return fb.choose(turn, r) if fb else legal[r.randrange(len(legal))]
        self.last_stats = stats
        choices = [a for a in legal if a in stats] or legal
        best = max(choices, key=lambda a: (stats.get(a, (0, 0.0))[0], stats.get(a, (0, 0.0))[1]))
        self.last_source = "search"
        if rule_choice is not None and self.guard is not None:
            if best == rule_choice:
                self.last_source = "agree"
            elif not self._confident(stats, spread, best, rule_choice):
                best, self.last_source = rule_choice, "rule"
        self._wait(t0, difficulty({a: stats[a] for a in choices if a in stats}), r)
        return best

    def _count(self, capped: bool) -> None:
        self.searches += 1
        if capped:
            self.cap_reached += 1

    def _decision_rng(self, seat: int, view: Any, legal: list[str], rng: Any) -> random.Random:
        """The random stream of one decision: seeded from the bot's ``seed`` (or one number drawn
        from the table's ``rng``), the seat, its view and the legal actions (see the class)."""
        if self.seed is not None:
            base: Any = self.seed
        elif isinstance(rng, random.Random):
            base = rng.getrandbits(64)
        else:
            return random.Random()
        try:
            text = json.dumps([str(base), seat, view, legal], sort_keys=True, default=_stable, ensure_ascii=True)
        except (TypeError, ValueError):  # keys that do not sort (int and str mixed): the view's own order
            text = json.dumps([str(base), seat, view, legal], default=_stable, ensure_ascii=True)
        return random.Random(hashlib.blake2b(text.encode(), digest_size=16).digest())

    def _valuer(self, options: Any) -> Any:
        try:
            key: Any = hash(options) and options
        except TypeError:
            key = id(options)
        if key not in self._valuers:
            self._valuers[key] = _pimc.valuer_for(self.game, options)
        return self._valuers[key]

    def _choose_pimc(self, turn: Turn, legal: list[str], options: Any, dv: Mapping[str, Any],
                     r: random.Random, rule_choice: str | None,
                     root_actions: frozenset[str] | None) -> str | None:
        """The PIMC decision (:mod:`stammtisch.bots.pimc`), or ``None`` when the game's kernel
        cannot value this decision (no kernel, or only words it has no values for) and the tree
        search should decide. Words the kernel cannot value are left to the rule player: when
        it would say one of them, it is said."""
        valuer = self._valuer(options)
        if valuer is None:
            return None
        if self._cards is None:
            self._cards = CardsFirstRollout(self.game)
        pool = [a for a in legal if root_actions is None or a in root_actions]
        cards = [a for a in pool if self._cards.is_card(a)]
        words = [a for a in pool if not self._cards.is_card(a)]
        if words and not callable(getattr(valuer, "word_values", None)):
            if not cards or self.engine == "auto" and not self._fallback():
                return None  # the tree search decides words the kernel knows nothing about
            words = []
        if not cards and not words:
            return None
        try:
            res = _pimc.pimc(self.game, options, dv, turn.seat, r, valuer=valuer, cards=cards, words=words,
                       time_limit=self.time_limit, worlds=self.worlds, iterations=self.iterations,
                       playouts=self.playouts, belief=self.belief)
        except Exception as e:  # a game's sampler or kernel failing must not stop a table
            self.errors.append(f"{type(e).__name__}: {e}")
            log.warning("pimc failed for %s (%s); falling back", self.game.name, self.errors[-1])
            return None
        self._count(res.capped and (self.worlds is not None or self.iterations is not None))
        valued = [a for a in pool if res.samples.get(a)]
        if not valued:
            return None
        unvalued = [a for a in pool if a not in valued]
        if unvalued and rule_choice is None and self._fallback():
            rule_choice = self._rule_bot.choose(turn, r)
        self.last_stats = res.stats()
        self.last_playouts = res.playouts
        self._pimc_difficulty = res.difficulty()
        if rule_choice is not None and rule_choice in unvalued:
            self.last_source = "rule"  # a word the kernel cannot value: the rule player's call
            return rule_choice
        best = res.best(valued)
        self.last_source = "search"
        if rule_choice is not None and self.guard is not None and rule_choice in valued:
            if best == rule_choice:
                self.last_source = "agree"
            else:
                m, se = res.margin(best, rule_choice)
                if not m > self.guard * se:
                    best, self.last_source = rule_choice, "rule"
        return best

    def _confident(self, stats: Mapping[str, tuple[int, float]], spread: Mapping[str, float],
                   best: str, rule: str) -> bool:
        """Whether the search's ``best`` beats the rule player's ``rule`` by ``guard`` standard
        errors (a rule action the search never tried counts as beaten)."""
        if rule not in stats or stats[rule][0] < 2:
            return True
        (nb, mb), (nr, mr) = stats[best], stats[rule]
        if nb < 2:
            return False
        se = math.sqrt(spread.get(best, 0.0) ** 2 / nb + spread.get(rule, 0.0) ** 2 / nr)
        return mb - mr > (self.guard or 0.0) * se

    def _fallback(self) -> Any:
        if self._rule_bot is None:
            try:
                self._rule_bot = self.game.rule_bot()
            except NotImplementedError:
                self._rule_bot = False
        return self._rule_bot

    def _rollout(self, options: Any) -> Rollout:
        if self.rollout is not None:
            return self.rollout
        try:
            key: Any = hash(options) and options
        except TypeError:
            key = id(options)
        if key not in self._auto_rollout:
            if self.playout == "rule":
                self._auto_rollout[key] = RuleRollout(self.game)
            else:
                self._auto_rollout[key] = rollout_for(self.game, options) or CardsFirstRollout(self.game)
        return self._auto_rollout[key]

    def interject(self, turn: Turn, rng: Any) -> str | None:
        """An out-of-turn action, decided as ``interject`` says (see the class)."""
        if self.interject_mode == "never" or not turn.legal:
            return None
        if self.interject_mode == "rule" and self._fallback():
            return self._rule_bot.interject(turn, rng)
        return self._simulate_interjection(turn, rng)

    def _simulate_interjection(self, turn: Turn, rng: Any) -> str | None:
        """Say an out-of-turn action only when simulation shows it beats staying silent."""
        if self.interject_samples <= 0:
            return None
        view = turn.view
        options = resolve_options(self.game, view, self.options)
        dv = deal_view(view)
        r = self._decision_rng(turn.seat, view, ["interject", *turn.legal], rng)
        options_ = [None, *turn.legal]
        totals = [0.0] * len(options_)
        for _ in range(self.interject_samples):
            try:
                base = self.game.sample_state(options, dv, r)
            except Exception as e:  # a failing sampler: stay silent
                self.errors.append(f"{type(e).__name__}: {e}")
                return None
            for i, a in enumerate(options_):
                st = base.clone()
                if a is not None:
                    try:
                        st.apply(turn.seat, a)
                    except StammtischError:
                        continue
                end = self._rollout(options)(st, r)
                res = end.result() if isinstance(end, DealState) else end
                totals[i] += reward(self.game, options, res, turn.seat)
        best = max(range(len(options_)), key=lambda i: totals[i])
        return options_[best] if best and totals[best] > totals[0] else None

    def _wait(self, t0: float, diff: float, rng: Any) -> None:
        if self.pace is None:
            return
        r = rng if isinstance(rng, random.Random) else random.Random()
        remaining = self.pace.think_time(diff, r) - (time.perf_counter() - t0)
        if remaining > 0:
            self.pace.sleep(remaining)
