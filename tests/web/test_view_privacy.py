"""Hidden information in the views the table page draws from: a seat's view names no card of
another seat's hand beyond what the public view (a Kiebitz's) shows, at every step of random
deals of every game and profile. Also: the views carry what the table page needs to draw the
last trick with its winner."""

from __future__ import annotations

import random
import re
from typing import Any, Iterator

import pytest

from stammtisch.core import registry
from stammtisch.core.protocol import Match

SETUPS = [(g, p, {}) for g in ("jass", "doppelkopf", "tarock", "perlaggen") for p in registry.get(g).profiles]
SETUPS.append(("tarock", "oesterreich-finale", {"players": 5}))


def strings(x: Any) -> Iterator[str]:
    if isinstance(x, str):
        yield x
    elif isinstance(x, dict):
        for k, v in x.items():
            yield str(k)
            yield from strings(v)
    elif isinstance(x, (list, tuple)):
        for v in x:
            yield from strings(v)


def cards_in(view: dict[str, Any], notation: set[str]) -> set[str]:
    """Every card of the deck named anywhere in ``view``, also inside words such as ``EO=E10``,
    ``discard:T3`` or ``E6-E8``."""
    out: set[str] = set()
    for s in strings(view):
        for part in [s, *re.split(r"[=:+\- ,|]", s)]:
            if part in notation:
                out.add(part)
    return out


def hand_of(m: Match, seat: int) -> list[str]:
    return list(m.view(seat)["deal"].get("hand") or [])


def play(game: str, profile: str, options: dict, seed: int) -> Iterator[Match]:
    g = registry.get(game)
    m = Match(g, profile, options, seed=seed, max_deals=1)
    rng = random.Random(seed)
    while not m.is_over():
        yield m
        seat = m.to_act()[0]
        m.apply(seat, rng.choice(m.legal_actions(seat)))


@pytest.mark.parametrize("game,profile,options", SETUPS, ids=[f"{g}-{p}{'-5' if o else ''}" for g, p, o in SETUPS])
def test_a_seats_view_shows_no_card_of_another_hand_beyond_the_public_view(game, profile, options):
    notation = set(registry.get(game).deck.notation)
    steps = 0
    for seed in range(3):
        for m in play(game, profile, options, seed):
            public = cards_in(m.public_view(), notation)
            hands = [set(hand_of(m, s)) for s in range(m.n)]
            for a in range(m.n):
                # ``legal`` is left out: a Perlagg's Taufe may name any card (``EO=LO``, §18)
                view = {k: v for k, v in m.view(a).items() if k != "legal"}
                own = hands[a] | set(view["deal"].get("hand_dealt") or []) | set(view["deal"].get("discards") or [])
                seen = cards_in(view, notation) - public - own
                for b in range(m.n):
                    if b != a:
                        leak = seen & hands[b]
                        assert not leak, f"seat {a} sees {sorted(leak)} of seat {b}'s hand ({game}/{profile}, seed {seed})"
            steps += 1
    assert steps > 30


def test_the_check_finds_a_leak():
    """The test above can fail: a view that carried another hand would be caught."""
    g = registry.get("jass")
    m = Match(g, "standard", {}, seed=1, max_deals=1)
    notation = set(g.deck.notation)
    view = m.view(0)
    view["deal"]["peek"] = hand_of(m, 1)
    seen = cards_in(view, notation) - cards_in(m.public_view(), notation) - set(hand_of(m, 0))
    assert seen & set(hand_of(m, 1))


FIRST = [next(s for s in SETUPS if s[0] == g) for g in ("jass", "doppelkopf", "tarock", "perlaggen")]


@pytest.mark.parametrize("game,profile,options", FIRST, ids=[s[0] for s in FIRST])
def test_the_last_trick_and_its_winner_are_in_every_view(game, profile, options):
    """The page shows the last trick and who took it (Papagei-Jass §14, Österreich-Finale 1))."""
    for m in play(game, profile, options, 7):
        deal = m.public_view()["deal"]
        if deal.get("last_trick"):
            w = deal["last_winner"]
            assert w in range(m.n)
            assert all(m.view(s)["deal"]["last_winner"] == w for s in range(m.n))
            return
    pytest.skip("no trick was turned in this deal")


@pytest.mark.parametrize("game", ["jass", "doppelkopf", "tarock"])
def test_the_next_deal_carries_the_last_trick_of_the_deal_before(game):
    """Once a deal ends the next deal's view no longer holds its tricks: ``previous_trick`` keeps the
    last one (the same in every seat's view and the public one: every seat saw it played), so the
    page lets it rest before the next deal's cards and shows it when asked (Papagei-Jass §14)."""
    m = Match(registry.get(game), None, {}, seed=3, max_deals=3)
    rng = random.Random(3)
    assert m.view(0)["previous_trick"] is None  # the first deal has none
    while len(m.logs) < 2:
        seat = m.to_act()[0]
        before = m.public_view()["deal"]
        # (no Rest claim or Bedanken: the deal ends with a card that completes its last trick)
        m.apply(seat, rng.choice([a for a in m.legal_actions(seat) if a not in ("rest", "bedanken")]))
        if len(m.logs) == 2:  # the deal ended with this card: it completed the deal's last trick
            final = [*(before.get("trick") or []), [seat, m.logs[0].actions[-1][1]]]
    prev = m.public_view()["previous_trick"]
    assert prev["deal"] == 0 and prev["cards"] == final, (prev, final)
    assert prev["winner"] in range(m.n)
    assert all(m.view(s)["previous_trick"] == prev for s in range(m.n))
    assert not m.public_view()["deal"].get("last_trick")  # the new deal has no tricks of its own yet
