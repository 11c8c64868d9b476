"""The Schieber Jass game object: options, dealing, rotation, match end.

>>> from stammtisch.games.jass import GAME
>>> GAME.columns(GAME.options())
('Team 1/3', 'Team 2/4')
>>> m = GAME.new_match(seed=1)
>>> sorted(len(h) for h in m.logs[0].ctx.deal.hands)
[9, 9, 9, 9]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ...core.cards import JASS
from ...core.messages import Msg
from ...core.protocol import Bot, Deal, DealContext, DealResult, DealState, Game
from ...core.rng import shuffled
from .modes import MODES, RANKS, SUITS
from .options import PROFILES, JassOptions
from .scoring import TEAM_NAMES, partie_result
from .state import JassDeal
from .weis import WeisItem
from .words import OPTION_CHOICES, OPTION_GROUPS, OPTION_TEXTS

__all__ = ["JassGame", "GAME", "deal_packets"]


def deal_packets(cards: Sequence[int], dealer: int, cut: int) -> tuple[tuple[int, ...], ...]:
    """Cut (Papagei-Jass §20: at least 3 cards) and deal counter-clockwise in packets of 3, so
    that Vorhand (the dealer's right, the next seat in order of play) gets the first and the
    dealer the last packet (§20, §21)."""
    if not 3 <= cut <= len(cards) - 3:
        raise ValueError("at least 3 cards must be cut (§20)")
    deck = list(cards[cut:]) + list(cards[:cut])
    hands: list[list[int]] = [[], [], [], []]
    i = 0
    for _ in range(3):
        for k in range(1, 5):
            seat = (dealer + k) % 4
            hands[seat].extend(deck[i:i + 3])
            i += 3
    return tuple(tuple(sorted(h)) for h in hands)


class JassGame(Game):
    """Schieber Jass after the Papagei-Jass sheet."""

    name = "jass"
    #: the compiled kernel; the search's defaults (docs/bots.md, "Schieber Jass")
    kernel_class = "stammtisch.bots.kernels.jass:JassKernel"
    search_defaults = {"contract": "search", "guard": None, "playout": "random", "kernel_rollout": True}
    title = "Schieber Jass"
    option_texts = OPTION_TEXTS
    option_choices = OPTION_CHOICES
    option_groups = OPTION_GROUPS
    deck = JASS
    profiles = PROFILES
    profile_titles = {"standard": "Standard (1000)", "2500": "Bis 2500", "software": "Software-Kartenwerte", "varianten": "Mit Varianten"}
    default_profile = "standard"

    def num_seats(self, options: JassOptions) -> int:
        return 4

    def columns(self, options: JassOptions) -> tuple[str, ...]:
        return TEAM_NAMES

    def first_dealer(self, options: JassOptions, rng: Any) -> int:
        """The first dealer is drawn (§20 leaves the method to the game): every seat draws a
        card, the highest rank deals; equal highest ranks draw again."""
        seats = [0, 1, 2, 3]
        while True:
            cards = shuffled(range(36), rng)[:len(seats)]
            ranks = [c % 9 for c in cards]
            top = max(ranks)
            seats = [s for s, r in zip(seats, ranks) if r == top]
            if len(seats) == 1:
                return seats[0]

    def deal(self, options: JassOptions, dealer: int, rng: Any, carry: Mapping[str, Any]) -> Deal:
        cards = shuffled(range(36), rng)
        cut = 3 + rng.randrange(31)  # Hinterhand cuts at least 3 cards (§20)
        return Deal(deal_packets(cards, dealer, cut))

    def validate_deal(self, options: JassOptions, deal: Deal) -> None:
        super().validate_deal(options, deal)
        from ...core.errors import IllegalAction
        if any(len(h) != 9 for h in deal.hands):
            raise IllegalAction(Msg("every player gets 9 cards (Papagei-Jass §20)"))

    def new_deal(self, options: JassOptions, ctx: DealContext) -> DealState:
        return JassDeal(options, ctx)

    def next_deal(self, options: JassOptions, ctx: DealContext, result: DealResult,
                  totals: tuple[int, ...]) -> tuple[int, dict[str, Any]] | None:
        """The next player deals (§20); the Partie ends when a team reached the target."""
        if max(totals) >= options.target:
            return None
        return (ctx.dealer + 1) % 4, {}

    def match_result(self, options: JassOptions, totals: tuple[int, ...],
                     results: Sequence[DealResult]) -> dict[str, Any]:
        winner = None
        if results:
            summ = results[-1].summary or {}
            end = summ.get("end")
            if end and end.get("kind") == "bedanken":
                winner = end["winner"]
            elif max(totals) >= options.target and min(totals) >= options.target:
                winner = summ.get("first_out")
        out = partie_result(totals, options.target, winner)
        if results and out["winner"] is not None and options.schneider == "ausmachregel":
            # Papagei-Jass §18: "Es gilt ebenfalls die Ausmachregel 'Stöck - Stich - Wis', wenn es um
            # die Erreichung der nötigen Punktezahl für den Schneider geht."
            half = (results[-1].summary or {}).get("half_in_time")
            if half is not None:
                out = partie_result(totals, options.target, out["winner"], bool(half[1 - out["winner"]]))
        out["deals"] = len(results)
        return out

    def rule_bot(self) -> Bot:
        from .bot import JassRuleBot

        return JassRuleBot()

    def all_actions(self, options: JassOptions) -> list[str]:
        """Every action that can ever be legal under ``options``, in a fixed order."""
        from .modes import base_choices, drei_mal_drei_choices

        modes = base_choices(options)
        if options.zurueckschieben:
            modes += [n for n in drei_mal_drei_choices(options) if n not in modes]
        out = [f"trump:{n}" for n in modes] + ["schieben"]
        out += list(JASS.notation)
        if options.weis:
            out.append("weis")
            for s in range(4):
                for length in range(3, 10):
                    for low in range(0, 10 - length):
                        out.append(f"weis:{WeisItem('seq', s, low, length)}")
            out += [f"weis:4{r}" for r in RANKS]
        out += ["stöck", "rest", "bedanken"]
        return out

    def sample_state(self, options: JassOptions, view: Mapping[str, Any], rng: Any) -> DealState:
        from .sampling import sample_state

        return sample_state(options, view, rng)

    def sample_weight(self, options: JassOptions, view: Mapping[str, Any], state: DealState) -> float:
        """The search player's belief about a determinization: how well the other seats' sampled
        hands explain their trump choice or push (``sampling.contract_likelihood``)."""
        from .sampling import contract_likelihood

        return contract_likelihood(options, view, state)  # type: ignore[arg-type]


GAME = JassGame()
_ = (MODES, SUITS)
