"""pyschieber's rule-based challenge player (MIT, test/benchmark only, never imported by the
package) as a stammtisch bot.

pyschieber (https://github.com/Murthy10/pyschieber, PyPI ``pyschieber==1.3.2``) plays Schieber
with the four trump suits, Obenabe, Une-ufe and Schieben, without Weis and Stöck. Its
``ChallengePlayer`` keeps a ``JassStrategy`` that counts cards from ``move_made`` calls and
picks a trump (``chose_trumpf``) and a card (``choose_card(allowed, state, role)``).

The adapter is stateless: for each decision it builds a fresh strategy for the seat and replays
the deal from our view (the cards played, in order, with the table and tricks pyschieber's
``Game.get_status`` would show at that moment), then asks it. The allowed cards it is given are
*our* legal cards, so it always plays a card our engine accepts (pyschieber's own rule differs
in one case, see :func:`schieber_allowed_cards` and the test). Mapping: our suits E S L R are
pyschieber's ACORN (Eicheln), BELL (Schellen), SHIELD (Schilten), ROSE (Rosen); our rank index
6 7 8 9 10 U O K A is pyschieber's value 6 … 14; player ids are our seats (play order, partners
opposite, as pyschieber's ``partner_id = id + 2``).
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.cards import JASS
from stammtisch.core.protocol import BaseBot, Turn

from pyschieber.card import Card  # noqa: E402
from pyschieber.player.base_player import BasePlayer  # noqa: E402
from pyschieber.player.challenge_player.strategy.jass_strategy import JassStrategy  # noqa: E402
from pyschieber.rules.stich_rules import allowed_cards  # noqa: E402
from pyschieber.suit import Suit  # noqa: E402
from pyschieber.trumpf import Trumpf  # noqa: E402

from .plain_modes import PlainModes

#: our suit index (E S L R) -> pyschieber's suit
SUITS = (Suit.ACORN, Suit.BELL, Suit.SHIELD, Suit.ROSE)
SUIT_INDEX = {s: i for i, s in enumerate(SUITS)}
MODE_TO_TRUMPF = {"E": Trumpf.ACORN, "S": Trumpf.BELL, "L": Trumpf.SHIELD, "R": Trumpf.ROSE,
                  "obenabe": Trumpf.OBE_ABE, "undenufe": Trumpf.UNDE_UFE}
TRUMPF_TO_MODE = {v: k for k, v in MODE_TO_TRUMPF.items()}

#: profile and overrides the arena plays pyschieber's game with: Undenufe counts the Six 11
#: (pyschieber's ``points_unde_ufe``) and no Weis (pyschieber has none)
PROFILE = "software"
OVERRIDES = {"weis": False}


def to_card(card: int) -> Card:
    return Card(SUITS[card // 9], card % 9 + 6)


def from_card(card: Card) -> int:
    return SUIT_INDEX[card.suit] * 9 + card.value - 6


def _name(card: int) -> str:
    return str(to_card(card))


class _Seat(BasePlayer):
    """The seat as pyschieber's strategy sees it: an id and the cards in hand."""

    def __init__(self, seat: int, cards: list[Card]):
        super().__init__(f"seat {seat}")
        self.id = seat
        self.cards = cards


def _status(view: dict[str, Any], stiche: list[dict[str, Any]], table: list[tuple[int, int]]) -> dict[str, Any]:
    """pyschieber's ``Game.get_status()`` at one moment of the deal."""
    return {"stiche": list(stiche), "trumpf": MODE_TO_TRUMPF[view["trump"]].name,
            "geschoben": bool(view.get("geschoben")), "point_limit": view.get("target", 1000),
            "table": [{"player_id": p, "card": _name(c)} for p, c in table],
            "teams": [{"points": 0}, {"points": 0}]}


def replay(view: dict[str, Any], seat: int) -> tuple[JassStrategy, _Seat, list[dict[str, Any]],
                                                       list[tuple[int, int]]]:
    """A fresh strategy for ``seat`` that has seen every card of the deal so far, in order.

    Returns the strategy, its player (hand = our current hand), the finished tricks and the
    current trick as pyschieber's status lists them."""
    hand = JASS.parse_cards(view["hand"])
    tricks = [(ld, JASS.parse_cards(cards), winner) for ld, cards, winner, _ in view.get("played", [])]
    cur = [(p, JASS.parse(c)) for p, c in view.get("trick", [])]
    own_played = [c for ld, cards, _ in tricks for i, c in enumerate(cards) if (ld + i) & 3 == seat]
    own_played += [c for p, c in cur if p == seat]
    player = _Seat(seat, [to_card(c) for c in sorted(hand + own_played)])
    strategy = JassStrategy(player)
    stiche: list[dict[str, Any]] = []
    trumpf = MODE_TO_TRUMPF[view["trump"]].name
    sequences = [([((ld + i) & 3, c) for i, c in enumerate(cards)], winner) for ld, cards, winner in tricks]
    sequences.append((cur, None))
    for cards, winner in sequences:
        table: list[tuple[int, int]] = []
        for p, c in cards:
            # pyschieber removes the card from the hand, then tells every player with the table
            # as it was before this card (Game.play_stich)
            if p == seat:
                player.cards.remove(to_card(c))
            strategy.move_made(p, to_card(c), _status(view, stiche, table))
            table.append((p, c))
        if winner is not None:
            stiche.append({"player_id": winner, "trumpf": trumpf,
                           "played_cards": [{"player_id": p, "card": _name(c)} for p, c in cards]})
    return strategy, player, stiche, cur


def role(view: dict[str, Any], seat: int) -> str:
    """ChallengePlayer's role: ``Trumpf`` (named trump), ``Partner`` (the partner did), ``Off``."""
    declarer = view.get("declarer")
    return "Trumpf" if declarer == seat else "Partner" if declarer == (seat + 2) & 3 else "Off"


class ChallengeBot(BaseBot):
    """pyschieber's ``ChallengePlayer`` strategy behind our protocol. It is given our legal
    cards as its allowed cards; ``refused`` counts choices outside our legal actions (a trump
    it may not name here), replaced by a random legal action."""

    name = "pyschieber-challenge"

    def __init__(self) -> None:
        self.refused = 0

    def choose(self, turn: Turn, rng: Any) -> str:
        view = turn.view
        view = view.get("deal", view) if "game" in view else view
        legal = list(turn.legal)
        seat = turn.seat
        if view["phase"] == "trump":
            strategy = JassStrategy(_Seat(seat, [to_card(c) for c in JASS.parse_cards(view["hand"])]))
            t = strategy.chose_trumpf(strategy.me.cards, bool(view.get("geschoben")))
            a = "schieben" if t == Trumpf.SCHIEBEN else f"trump:{TRUMPF_TO_MODE[t]}"
        else:
            strategy, player, stiche, cur = replay(view, seat)
            cards = [c for c in legal if c in JASS.notation]
            allowed = [to_card(JASS.parse(c)) for c in cards]
            state = _status(view, stiche, cur)
            card = strategy.choose_card(allowed, state, role(view, seat))
            if not isinstance(card, Card):  # as ChallengePlayer: no preference, a random allowed card
                card = allowed[rng.randrange(len(allowed))]
            a = JASS.format(from_card(card))
        if a not in legal:
            self.refused += 1
            pool = [x for x in legal if x in JASS.notation or x.startswith("trump:")] or legal
            a = pool[rng.randrange(len(pool))]
        return a


def schieber_allowed_cards(view: dict[str, Any]) -> list[str]:
    """pyschieber's own rule: the allowed cards for our view, in our notation."""
    hand = [to_card(c) for c in JASS.parse_cards(view["hand"])]
    table = [to_card(JASS.parse(c)) for _, c in view.get("trick", [])]
    got = allowed_cards(hand_cards=hand, table_cards=table, trumpf=MODE_TO_TRUMPF[view["trump"]])
    return sorted(JASS.format(from_card(c)) for c in got)


def challenge_player(game: Any = None, options: Any = None) -> ChallengeBot:
    """``py:tests.bots.pyschieber_adapter:challenge_player`` for the arena."""
    return ChallengeBot()


def search_plain_modes(game: Any, options: Any = None) -> PlainModes:
    """``py:tests.bots.pyschieber_adapter:search_plain_modes``: the search player in
    pyschieber's modes; its kind (budget) is the environment variable ``PYSCHIEBER_SEARCH``
    (default ``search``, 0.8 s per decision)."""
    import os

    from stammtisch.bots import make

    return PlainModes(make(os.environ.get("PYSCHIEBER_SEARCH", "search"), game, options))


def rule_plain_modes(game: Any, options: Any = None) -> PlainModes:
    return PlainModes(game.rule_bot())
