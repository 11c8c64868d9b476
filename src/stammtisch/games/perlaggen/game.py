"""The Perlaggen game object: table, deal, Partie sequencing, action space, sampling."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from stammtisch.core.cards import PERLAGGEN
from stammtisch.core.protocol import Bot, Deal, DealContext, DealResult, Game
from stammtisch.core.rng import shuffled

from .options import PROFILES, PerlaggenOptions
from .rules import plain, standing_perlaggen
from .scoring import FIGURES, SIDES
from .state import SIGNALS, UNSEEN_SPECS, PerlaggenDeal, side_of
from .words import OPTION_CHOICES, OPTION_GROUPS, OPTION_TEXTS

__all__ = ["PerlaggenGame", "cut_for_partners", "next_partie_dealer", "schrift_dealer"]


def _cut_strength(c: int) -> tuple[int, int]:
    p = plain(c)
    return (p.height, -p.suit)


def cut_for_partners(draws: Sequence[int]) -> tuple[tuple[int, int], tuple[int, int], int]:
    """§1: each of four players lifts a card; high to high, low to low; the highest card deals.

    :param draws: the card each player (0..3, in any order of sitting down) lifted
    :return: (the two highest players, the two lowest, the first dealer). Equal values are broken
        by suit order (Eichel highest) — a documented decision; a club re-cuts instead.
    """
    order = sorted(range(4), key=lambda i: _cut_strength(draws[i]), reverse=True)
    return (order[0], order[1]), (order[2], order[3]), order[0]


def schrift_dealer(first_dealer: int, deal_number: int) -> int:
    """§33: the Schrift shows who deals: A the first deal, B the second, C the third, D the fourth,
    A the fifth … (seats in order of play, clockwise)."""
    return (first_dealer + deal_number) % 4


def next_partie_dealer(last_dealer: int, winner_side: int) -> int:
    """§1: in the following Partie the losers deal: the first seat of the losing side after the
    last dealer in the order of play."""
    for i in range(1, 5):
        s = (last_dealer + i) % 4
        if side_of(s) != winner_side:
            return s
    raise AssertionError


class PerlaggenGame(Game):
    """Perlaggen after the Innsbrucker Perlaggerregeln: a Partie to 18 between two partnerships."""

    name = "perlaggen"
    #: the compiled kernel; PIMC on it, bids and answers valued by it (docs/bots.md, "Perlaggen search")
    kernel_class = "stammtisch.bots.kernels.perlaggen:PerlaggenKernel"
    search_defaults = {"contract": "search", "guard": None, "playout": "random", "kernel_rollout": True}
    title = "Perlaggen"
    option_texts = OPTION_TEXTS
    option_choices = OPTION_CHOICES
    option_groups = OPTION_GROUPS
    deck = PERLAGGEN
    profiles = PROFILES
    profile_titles = {"innsbruck": "Innsbrucker Regeln", "live": "Innsbrucker Regeln, Strafen wie am Tisch"}
    default_profile = "innsbruck"

    def num_seats(self, options: PerlaggenOptions) -> int:
        return 4

    def columns(self, options: PerlaggenOptions) -> tuple[str, ...]:
        return SIDES

    def first_dealer(self, options: PerlaggenOptions, rng: Any) -> int:
        """§1: the players lift for partners and the highest card deals."""
        draws = shuffled(range(33), rng)[:4]
        return cut_for_partners(draws)[2]

    def deal(self, options: PerlaggenOptions, dealer: int, rng: Any, carry: Mapping[str, Any]) -> Deal:
        """The shuffled deck as a recorded order (top first); the cut and the deal happen in the state."""
        return Deal(((), (), (), ()), {"deck": tuple(shuffled(range(33), rng))})

    def new_deal(self, options: PerlaggenOptions, ctx: DealContext) -> PerlaggenDeal:
        return PerlaggenDeal(options, ctx)

    def next_deal(self, options: PerlaggenOptions, ctx: DealContext, result: DealResult,
                  totals: tuple[int, ...]) -> tuple[int, dict[str, Any]] | None:
        """The next dealer by the Schrift (§33); ``None`` once a side reached the target (§2)."""
        if max(totals) >= options.target:
            return None
        s = result.summary
        return (ctx.dealer + 1) % 4, {"owed": list(s.get("owed", (0, 0))),
                                      "claimable": list(s.get("claimable", []))}

    def match_result(self, options: PerlaggenOptions, totals: tuple[int, ...],
                     results: Sequence[DealResult]) -> dict[str, Any]:
        winner = None
        for i, t in enumerate(totals):
            if t >= options.target:
                winner = i
        out: dict[str, Any] = {"totals": list(totals), "winner": SIDES[winner] if winner is not None else None}
        if winner is not None and results and "dealer" in results[-1].summary:
            # §1: the losers deal the next Partie
            out["next_partie_dealer"] = next_partie_dealer(int(results[-1].summary["dealer"]), winner)
        return out

    def rule_bot(self) -> Bot:
        from .bot import RuleBot

        return RuleBot()

    def all_actions(self, options: PerlaggenOptions) -> list[str]:
        out = [f"abheben:{n}" for n in range(2, 32)] + ["behalten", "liegen", "ansehen"]
        out += [f"ungesehen:{s}" for s in UNSEEN_SPECS]
        out += [f"tauschen:{PERLAGGEN.format(c)}" for c in range(32)] + ["nicht_tauschen", "ueberlassen"]
        out += ["melden", "passen"]
        for c in range(33):
            out.append(PERLAGGEN.format(c))
        perl = set(standing_perlaggen())
        for s in (1, 2, 3):
            perl |= {s * 8, s * 8 + 4, s * 8 + 5}
        for c in sorted(perl):
            out += [f"{PERLAGGEN.format(c)}={PERLAGGEN.format(t)}" for t in range(32)]
        out += [f"bieten:{f}" for f in FIGURES] + [f"steigern:{f}" for f in FIGURES]
        out += ["halten", "gut", "steigern", "weisen", "abweisen", "stellen", "aufdecken", "zuruecknehmen"]
        out += [f"zeichen:{s}" for s in SIGNALS] + ["reklamieren:7", "reklamieren:17", "reklamieren:7:voriges",
                                                   "reklamieren:17:voriges"]
        out += ["partner_fragen"]  # appended last: the ids of the earlier actions stay as they were
        out += ["schreiben"]  # the write-up of a deal that decides the Partie (§33, profile live)
        return out

    def sample_state(self, options: PerlaggenOptions, view: Mapping[str, Any], rng: Any) -> PerlaggenDeal:
        from .sampling import sample_state

        return sample_state(options, view, rng)

    def sample_weight(self, options: PerlaggenOptions, view: Mapping[str, Any], state: PerlaggenDeal) -> float:
        """The search player's belief about a determinization: how well the sampled hands explain the
        bids, answers and the partner's signals the seat saw (``sampling.bid_likelihood``)."""
        from .sampling import bid_likelihood

        return bid_likelihood(options, view, state)
