"""The Königrufen game object: profiles, the deal, the match, and the hooks for bots.

>>> from stammtisch.games.tarock import GAME
>>> m = GAME.new_match(seed=3, max_deals=1)
>>> m.view(m.to_act()[0])["deal"]["phase"]
'bidding'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Bot, Deal, DealContext, DealResult, Game
from stammtisch.core.rng import shuffled

from .cards import TAROCK
from .options import CONTRACTS, DEFAULT_PROFILE, PREMIUMS, PROFILES, TarockOptions
from .state import TarockDeal
from .words import OPTION_CHOICES, OPTION_GROUPS, OPTION_TEXTS

__all__ = ["TarockGame"]


class TarockGame(Game):
    """Königrufen Tarock (Österreich-Finale and Tiroler Cup profiles)."""

    name = "tarock"
    title = "Königrufen Tarock"
    option_texts = OPTION_TEXTS
    option_choices = OPTION_CHOICES
    option_groups = OPTION_GROUPS
    deck = TAROCK
    profiles = PROFILES
    profile_titles = {"oesterreich-finale": "Österreich-Finale", "tiroler-cup": "Tiroler Cup"}
    default_profile = DEFAULT_PROFILE
    zero_sum = True
    #: the tree search's playouts (``engine="ismcts"``) are played by the rule player: with random playouts
    #: the defenders play so badly that solo contracts look safe and the search overbids (docs/bots.md,
    #: arena results). The PIMC search (the default where Numba is installed) values words with the
    #: kernel's compiled copy of the rule player's card play (``TarockKernel.word_values``). Contracts
    #: valued by the kernel's word_values beat the rule player's, and the search without the rule guard
    #: beats the guarded one (PIMC, duplicate pairs, docs/bots.md "Tarock"); the random kernel rollout
    #: would replace the rule playouts, so the tree search does not use it.
    kernel_class = "stammtisch.bots.kernels.tarock:TarockKernel"
    search_defaults = {"contract": "search", "guard": None, "playout": "rule", "kernel_rollout": False}

    def num_seats(self, options: TarockOptions) -> int:
        return options.players

    def columns(self, options: TarockOptions) -> tuple[str, ...]:
        return tuple(f"Seat {i + 1}" for i in range(options.players))

    def deal(self, options: TarockOptions, dealer: int, rng: Any, carry: Mapping[str, Any]) -> Deal:
        """6 cards to each player, the talon 2×3 in the middle, then 6 each (Österreich-Finale 1)).

        The cut by the Hintermann does not change the distribution of a fair shuffle, so the
        shuffled pack is dealt as it lies. With five players the dealer gets no cards.
        """
        if options.players not in (4, 5):
            raise IllegalAction(Msg("Königrufen is played by 4 players, or 5 with the dealer sitting out"))
        cards = shuffled(range(54), rng)
        players = [(dealer + 1 + i) % options.players for i in range(4)]
        hands: list[list[int]] = [[] for _ in range(options.players)]
        pos = 0
        for p in players:
            hands[p] += cards[pos:pos + 6]
            pos += 6
        talon = cards[pos:pos + 6]
        pos += 6
        for p in players:
            hands[p] += cards[pos:pos + 6]
            pos += 6
        return Deal(tuple(tuple(sorted(h)) for h in hands), {"talon": tuple(talon)})

    def validate_deal(self, options: TarockOptions, deal: Deal) -> None:
        super().validate_deal(options, deal)
        sizes = sorted(len(h) for h in deal.hands)
        want = [0, 12, 12, 12, 12] if options.players == 5 else [12, 12, 12, 12]
        if sizes != want or len(deal.piles.get("talon", ())) != 6:
            raise IllegalAction(Msg("a Tarock deal has 12 cards per player and a talon of 6"),
                                rule="Österreich-Finale 1)")

    def new_deal(self, options: TarockOptions, ctx: DealContext) -> TarockDeal:
        if options.players == 5 and ctx.deal.hands[ctx.dealer]:
            raise IllegalAction(Msg("with five players the dealer sits out and holds no cards"))
        return TarockDeal(options, ctx)

    def next_deal(self, options: TarockOptions, ctx: DealContext, result: DealResult,
                  totals: tuple[int, ...]) -> tuple[int, dict[str, Any]] | None:
        if ctx.number + 1 >= options.match_deals:
            return None
        return (ctx.dealer + 1) % options.players, {}

    def match_result(self, options: TarockOptions, totals: tuple[int, ...],
                     results: Sequence[DealResult]) -> dict[str, Any]:
        money = [0] * options.players
        for r in results:
            for i, m in enumerate(r.money or ()):
                money[i] += m
        best = max(totals)
        return {"totals": list(totals), "money": money,
                "winners": [i for i, t in enumerate(totals) if t == best]}

    def rule_bot(self) -> Bot:
        from .bot import TarockRuleBot

        return TarockRuleBot()

    def all_actions(self, options: TarockOptions) -> list[str]:
        """Every action word in a fixed order (OpenSpiel action ids index this list)."""
        out = ["vorhand", "pass", "hold"] + [f"bid:{c}" for c in CONTRACTS]
        out += [f"bird:{b}" for b in ("pagat", "uhu", "kakadu", "quapil")]
        out += ["call:HK", "call:KK", "call:PK", "call:XK", "call:fourth", "talon:0", "talon:1", "schleifen"]
        out += [f"discard:{TAROCK.format(c)}" for c in range(54)]
        out += [f"announce:{p}" for p in PREMIUMS]
        out += [f"{w}:{t}" for w in ("kontra", "rekontra", "subkontra") for t in ("game",) + PREMIUMS]
        out += ["gut"] + [TAROCK.format(c) for c in range(54)]
        return out + ["weitergeben"]  # appended last: earlier action ids stay stable

    def sample_state(self, options: TarockOptions, view: Mapping[str, Any], rng: Any) -> TarockDeal:
        from .sampling import sample_state

        return sample_state(options, view, rng)
