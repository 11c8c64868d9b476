"""The Doppelkopf game object: table, deal, rounds, Pflichtsolo carry, match summary.

A match is one round (Doppelkopf-Turnier 1.): 20 regular games at a four-table, 25 at a
five-table, plus each player's Pflichtsolo. After a Pflichtsolo the same dealer deals again,
after any other game the deal passes on (Doppelkopf-Turnier 2.). Position 1 (seat 0) deals
first (Doppelkopf-Turnier 8.). With the DDV Vorführung, players still owing their Pflichtsolo
when the regular games are done must play it, one game each, before the round ends; after a
vorgeführtes Pflichtsolo the next player deals (DDV 4.2).

>>> m = GAME.new_match(seed=3, max_deals=1)
>>> m.to_act(), m.legal_actions(1)
((1,), ['gesund', 'vorbehalt'])
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.cards import DOKO
from stammtisch.core.errors import OptionError
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Bot, Deal, DealContext, DealResult, DealState, Game
from stammtisch.core.rng import shuffled

from .options import PROFILES, DoppelkopfOptions, games_per_round
from .rules import SOLO_KINDS
from .spielliste import Spielliste
from .state import ANNOUNCE_WORDS, DoppelkopfDeal
from .words import OPTION_CHOICES, OPTION_GROUPS, OPTION_TEXTS

__all__ = ["DoppelkopfGame", "GAME"]


class DoppelkopfGame(Game):
    """Doppelkopf by the tournament sheet (DDV where silent)."""

    name = "doppelkopf"
    #: the compiled kernel; the search's defaults from the PIMC arena runs (docs/bots.md, Doppelkopf)
    kernel_class = "stammtisch.bots.kernels.doppelkopf:DoppelkopfKernel"
    search_defaults = {"contract": "search", "guard": 1.0, "playout": "random", "kernel_rollout": True}
    title = "Doppelkopf"
    option_texts = OPTION_TEXTS
    option_choices = OPTION_CHOICES
    option_groups = OPTION_GROUPS
    deck = DOKO
    profiles = PROFILES
    profile_titles = {"turnier": "Turnier (DDV)", "turnier5": "Turnier zu fünft", "blatt": "Turnierblatt wörtlich"}
    default_profile = "turnier"
    zero_sum = True

    def num_seats(self, options: DoppelkopfOptions) -> int:
        if options.players not in (4, 5):
            raise OptionError(Msg("Doppelkopf is played at tables of 4 or 5 (Doppelkopf-Turnier 1.)"))
        bad = [k for k in options.solos if k not in SOLO_KINDS]
        if bad:
            raise OptionError(Msg('unknown solo kinds {bad} (known: {solo_kinds})', bad=bad, solo_kinds=', '.join(SOLO_KINDS)))
        return options.players

    def columns(self, options: DoppelkopfOptions) -> tuple[str, ...]:
        return tuple(f"Position {i + 1}" for i in range(self.num_seats(options)))

    def first_dealer(self, options: Any, rng: Any) -> int:
        """Position 1 deals first (Doppelkopf-Turnier 8.)."""
        return 0

    def deal(self, options: DoppelkopfOptions, dealer: int, rng: Any, carry: Mapping[str, Any]) -> Deal:
        """Twelve cards to each of the four players; at a five-table the dealer gets none (7.)."""
        n = self.num_seats(options)
        cards = shuffled(range(48), rng)
        hands: list[tuple[int, ...]] = []
        i = 0
        for s in range(n):
            if n == 5 and s == dealer:
                hands.append(())
                continue
            hands.append(tuple(sorted(cards[i * 12:(i + 1) * 12])))
            i += 1
        return Deal(tuple(hands))

    def new_deal(self, options: DoppelkopfOptions, ctx: DealContext) -> DealState:
        carry = dict(ctx.carry)
        carry.setdefault("regular_left", games_per_round(options))
        return DoppelkopfDeal(options, DealContext(ctx.number, ctx.dealer, ctx.deal, ctx.standing, carry))

    def next_deal(self, options: DoppelkopfOptions, ctx: DealContext, result: DealResult,
                  totals: tuple[int, ...]) -> tuple[int, dict[str, Any]] | None:
        n = self.num_seats(options)
        done = [bool(x) for x in ctx.carry.get("pflicht_done", [False] * n)]
        played = int(ctx.carry.get("regular_played", 0))
        summ = result.summary
        dealer = ctx.dealer
        if summ.get("pflichtsolo"):
            done[summ["soloist"]] = True
            if ctx.carry.get("vorfuehrung") is not None:
                # DDV 4.2: after a vorgeführtes Pflichtsolo the next player deals
                dealer = (dealer + 1) % n
            # otherwise the same dealer deals again (Doppelkopf-Turnier 2.)
        else:
            played += 1
            dealer = (dealer + 1) % n
        total = games_per_round(options)
        vorf = None
        if played >= total:
            owing = [s for s in range(n) if not done[s]] if options.pflichtsolo and options.vorfuehrung else []
            if not owing:
                return None
            # DDV Vorführung: the first owing player from the dealer's left must play his Pflichtsolo;
            # at a five-table a sitting dealer cannot, so the deal passes on
            for _ in range(n):
                cands = [(dealer + i) % n for i in range(1, n + 1)
                         if (dealer + i) % n in owing and not (n == 5 and (dealer + i) % n == dealer)]
                if cands:
                    vorf = cands[0]
                    break
                dealer = (dealer + 1) % n
        return dealer, {"pflicht_done": done, "regular_played": played, "regular_left": max(0, total - played),
                        "vorfuehrung": vorf}

    def match_result(self, options: DoppelkopfOptions, totals: tuple[int, ...],
                     results: Sequence[DealResult]) -> dict[str, Any]:
        n = self.num_seats(options)
        sl = Spielliste.from_results([f"Position {i + 1}" for i in range(n)], [r.to_json() for r in results])
        ranking = sorted(range(n), key=lambda s: -totals[s])
        return {"totals": list(totals), "ranking": ranking, "games": len(results),
                "pflicht_done": sl.pflicht_done,
                "pflicht_missing": [s for s in range(n) if options.pflichtsolo and not sl.pflicht_done[s]]}

    def rule_bot(self) -> Bot:
        from .bot import RuleBot

        return RuleBot()

    def all_actions(self, options: Any) -> list[str]:
        cards = list(dict.fromkeys(DOKO.notation))
        return (["gesund", "vorbehalt", "nein", "hochzeit"] + [f"solo:{k}" for k in SOLO_KINDS]
                + list(ANNOUNCE_WORDS) + cards)

    def sample_state(self, options: Any, view: Mapping[str, Any], rng: Any) -> DealState:
        from .sampling import sample_state

        return sample_state(options, view, rng)


GAME = DoppelkopfGame()
