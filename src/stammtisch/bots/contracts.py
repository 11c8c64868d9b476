"""Doppelkopf contracts valued by determinized playouts: Vorbehalt, solo kind and Hochzeit.

The search player's own contract words (``contract="search"``, :mod:`stammtisch.bots.pimc`) value
``vorbehalt`` by the solo the rule player rates best and keep the rule player's word unless the
search's is better by one standard error. :class:`DoppelkopfContracts` values every *plan* the
seat can play instead:

* ``normal`` — ``gesund`` (with both ♣ Queens a stille Hochzeit, Doppelkopf-Turnier 4.);
* ``hochzeit`` — only with both ♣ Queens (Doppelkopf-Turnier 4.);
* ``solo:<kind>`` — every solo of the profile (Doppelkopf-Turnier 2., 7.).

In each of ``worlds`` determinizations (:func:`~stammtisch.bots.worlds.draw`: the other hands
dealt anew, consistent with the seat's view) the Spielabfrage is completed with the seat playing
the plan and the other seats answering as the rule player would with their sampled hands, and the
kernel's playouts (the heuristic policy, ``playouts`` per plan and world, common random numbers
across the plans) value the contract. Plans are compared on the same worlds. The seat says
``vorbehalt`` when its best solo's mean beats the normal game by more than ``threshold`` (reward
units: own points × 4/3; tuned on held-out deals, ``benchmarks/strength/doppelkopf_contracts.py
tune``), or when the Hochzeit's mean beats the normal game; in the Vorbehaltsabfrage it names the
plan with the best mean among its legal answers (``nein`` leads to its Hochzeit).

PIMC's playouts know every hand, the soloist's as well as the defenders'; the threshold takes up
what that bias is worth for a solo. The chooser only sees the :class:`Turn` it is given.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core.protocol import BaseBot, Game, Turn
from .common import deal_view, resolve_options
from .pimc import PimcResult
from .worlds import draw

__all__ = ["DoppelkopfContracts", "CONTRACT_WORDS", "DEFAULT_THRESHOLD", "is_contract_turn"]

#: the words of the Spielabfrage and the Vorbehaltsabfrage (Doppelkopf-Turnier 2.-4.)
CONTRACT_WORDS = frozenset({"gesund", "vorbehalt", "nein", "hochzeit"})

#: a solo must beat the normal game by this much (reward units) before the seat says Vorbehalt;
#: tuned on held-out deals (docs/bots.md, *Doppelkopf contracts*)
DEFAULT_THRESHOLD = 0.0


def is_contract_turn(legal: list[str] | tuple[str, ...]) -> bool:
    """Whether ``legal`` is a Spielabfrage or Vorbehaltsabfrage question."""
    return bool(legal) and all(a in CONTRACT_WORDS or a.startswith("solo:") for a in legal)


class DoppelkopfContracts(BaseBot):
    """Contract words of one Doppelkopf seat by the kernel's playouts (see the module).

    :param game: the Doppelkopf game
    :param options: its rules options (default: the view's profile)
    :param worlds: determinizations per decision
    :param playouts: playouts per plan and world
    :param threshold: how much a solo must beat the normal game by (reward units)
    :param fallback: the bot asked for every turn that is not a contract question (default: the
        game's rule player)
    """

    name = "contracts"

    def __init__(self, game: Game, options: Any | None = None, *, worlds: int = 40, playouts: int = 16,
                 threshold: float = DEFAULT_THRESHOLD, fallback: Any | None = None):
        if worlds < 1 or playouts < 1:
            raise ValueError(f"worlds and playouts must be at least 1, not {worlds} and {playouts}")
        self.game, self.options = game, options
        self.worlds, self.playouts, self.threshold = worlds, playouts, float(threshold)
        self.fallback = fallback
        self._kernels: dict[Any, Any] = {}
        #: the last decision's plan values (plan -> (worlds, mean)) and the plan chosen
        self.last_stats: dict[str, tuple[int, float]] = {}
        self.last_plan: str | None = None

    def _kernel(self, options: Any) -> Any:
        from .kernels import kernel_for

        key = id(options)
        if key not in self._kernels:
            self._kernels[key] = kernel_for(self.game, options)
        return self._kernels[key]

    def plans(self, view: Mapping[str, Any], options: Any) -> list[str]:
        """Every contract the seat could still end up playing (``normal`` first)."""
        from ..games.doppelkopf.rules import card_of

        hand = deal_view(view)["hand"]
        xd = self.game.deck.format(card_of("X", "D"))
        both_q = sum(1 for c in hand if c == xd) == 2
        out = ["normal"] + (["hochzeit"] if both_q else [])
        return out + [f"solo:{k}" for k in options.solos]

    def values(self, view: Mapping[str, Any], seat: int, rng: random.Random,
               plans: list[str] | None = None) -> PimcResult:
        """Each plan's value in ``worlds`` determinizations of ``view`` (paired: the same worlds
        and playout seeds for every plan)."""
        from .kernels.doppelkopf import P_LEVEL

        options = resolve_options(self.game, view, self.options)
        k = self._kernel(options)
        if k is None:
            raise RuntimeError("the Doppelkopf kernel is not available (Numba missing)")
        dv = deal_view(view)
        plans = plans or self.plans(view, options)
        weigh = getattr(self.game, "sample_weight", None)
        res = PimcResult()
        for w in range(self.worlds):
            state = draw(self.game, options, dv, rng, weigh)
            seed = rng.getrandbits(62)
            for plan in plans:
                if state.phase == "vorbehalt":
                    word = "gesund" if plan == "normal" else "vorbehalt"
                elif plan == "hochzeit":
                    legal = state.legal_actions(seat)
                    word = "hochzeit" if "hochzeit" in legal else "nein"
                else:
                    word = plan
                try:
                    end = k._contract_play(state, seat, word, plan)
                except Exception:  # noqa: BLE001 - a plan this world cannot reach is not valued
                    continue
                pos = k.arrays(end)
                levels = [(int(pos[P_LEVEL]), int(pos[P_LEVEL + 1]))]
                v = k._values(pos, end.active.index(seat), [-1], levels, self.playouts, seed)
                res.add(w, plan, float(v[0, 0]), self.playouts)
            res.worlds += 1
            res.playouts += self.playouts * len(plans)
        return res

    def decide(self, turn: Turn, rng: random.Random) -> str:
        """The contract word for ``turn`` (a contract question, :func:`is_contract_turn`)."""
        legal = list(turn.legal)
        view = turn.view
        phase = deal_view(view)["phase"]
        if phase == "vorbehalt":
            res = self.values(view, turn.seat, rng)
            means = {p: res.mean(p) for p in res.samples}
            normal = means.get("normal", float("-inf"))
            best_plan, best_gain = "normal", 0.0
            for p, m in means.items():
                if p == "normal":
                    continue
                gain = m - normal - (self.threshold if p.startswith("solo:") else 0.0)
                if gain > best_gain:
                    best_plan, best_gain = p, gain
            self.last_stats, self.last_plan = res.stats(), best_plan
            return "gesund" if best_plan == "normal" else "vorbehalt"
        if len(legal) == 1:
            return legal[0]
        plans = [a for a in legal if a.startswith("solo:")] + (["hochzeit"] if "nein" in legal or "hochzeit" in legal else [])
        res = self.values(view, turn.seat, rng, plans)
        valued = [p for p in plans if res.samples.get(p)]
        if not valued:
            return legal[0]
        best = max(valued, key=res.mean)
        self.last_stats, self.last_plan = res.stats(), best
        if best == "hochzeit":
            return "hochzeit" if "hochzeit" in legal else "nein"
        return best

    def choose(self, turn: Turn, rng: Any) -> str:
        r = rng if isinstance(rng, random.Random) else random.Random()
        if is_contract_turn(list(turn.legal)):
            return self.decide(turn, r)
        if self.fallback is None:
            self.fallback = self.game.rule_bot()
        return self.fallback.choose(turn, r)

    def interject(self, turn: Turn, rng: Any) -> str | None:
        if self.fallback is None:
            self.fallback = self.game.rule_bot()
        return self.fallback.interject(turn, rng)

