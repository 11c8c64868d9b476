"""The search player on every engine that exists: legal play, no peeking, bidding by search."""

from __future__ import annotations

import random

import pytest

from stammtisch.bots.search import SearchBot
from stammtisch.core import registry
from stammtisch.core.driver import play_out
from stammtisch.core.protocol import Deal, DealContext, Game, Turn
from stammtisch.rl.openspiel_games import available_games

GAMES = [n for n in available_games() if type(registry.get(n)).sample_state is not Game.sample_state]

pytestmark = pytest.mark.skipif(not GAMES, reason="no engine with sample_state yet")

#: known sampler defects, reported to the game's owner; the tests run and report XPASS once fixed
KNOWN_SAMPLER_DEFECTS: dict[str, str] = {}


def _games_with_known_defects() -> list:
    return [pytest.param(n, marks=pytest.mark.xfail(reason=KNOWN_SAMPLER_DEFECTS[n], strict=False))
            if n in KNOWN_SAMPLER_DEFECTS else n for n in GAMES]


@pytest.mark.parametrize("name", GAMES)
def test_search_bots_play_whole_deals_legally(name):
    game = registry.get(name)
    for seed in range(2):
        m = game.new_match(seed=seed, max_deals=1)
        bots = [SearchBot(game, iterations=12, time_limit=None) for _ in range(m.n)]
        play_out(m, bots, random.Random(seed))  # apply() refuses any illegal action
        assert m.is_over()
        assert [e for b in bots for e in b.errors] == []  # the game's sampler never failed


@pytest.mark.parametrize("name", _games_with_known_defects())
def test_sampled_states_agree_with_the_view(name):
    """Every determinization keeps the seat's own view (hand, table, history) unchanged."""
    game = registry.get(name)
    m = game.new_match(seed=7, max_deals=1)
    rng = random.Random(7)
    from stammtisch.bots.random import RandomBot

    for _ in range(14):
        if m.is_over():
            break
        seat = m.to_act()[0]
        view = m.deal_state.view(seat)
        for _ in range(3):
            st = game.sample_state(m.options, view, rng)
            assert st.view(seat)["hand"] == view["hand"]
            assert sorted(st.legal_actions(seat)) == sorted(m.deal_state.legal_actions(seat))
        legal = m.legal_actions(seat)
        m.apply(seat, RandomBot().choose(Turn(seat, legal, lambda: {}), rng))


@pytest.mark.parametrize("name", GAMES)
def test_search_decision_depends_only_on_the_view(name):
    """Two deals that differ only in the other seats' hidden cards get the same decision
    (same seed, iteration budget): the bot cannot see what it must not."""
    game = registry.get(name)
    opts = game.options()
    rng = random.Random(3)
    dealer = game.num_seats(opts) - 1
    deal = game.deal(opts, dealer, rng, {})
    first = game.new_deal(opts, DealContext(0, dealer, deal, tuple(0 for _ in game.columns(opts)), {}))
    seat = first.to_act()[0]
    others = [c for s, h in enumerate(deal.hands) if s != seat for c in h]
    rng.shuffle(others)
    hands, i = [], 0
    for s, h in enumerate(deal.hands):
        if s == seat:
            hands.append(h)
        else:
            hands.append(tuple(sorted(others[i:i + len(h)])))
            i += len(h)
    second = game.new_deal(opts, DealContext(0, dealer, Deal(tuple(hands), deal.piles),
                                             tuple(0 for _ in game.columns(opts)), {}))
    assert first.view(seat) == second.view(seat)
    picks = []
    for st in (first, second):
        bot = SearchBot(game, opts, iterations=30, time_limit=None)
        picks.append((bot.choose(Turn(seat, st.legal_actions(seat), lambda st=st: st.view(seat)), random.Random(5)),
                      bot.last_stats))
    assert picks[0] == picks[1]


def _listed_actions_apply(state, seat, rng, is_card=None, most: int | None = None) -> None:
    """Actions ``state`` lists for ``seat`` are accepted by ``apply`` (each on a copy): all of
    them, or with ``is_card`` only the words (bids, announcements, Weis; cards rarely differ
    from their legality test), at most ``most`` of them drawn at random."""
    actions = [a for a in state.legal_actions(seat) if is_card is None or not is_card(a)]
    if most is not None and len(actions) > most:
        actions = rng.sample(actions, most)
    for a in actions:
        st = state.clone()
        st.apply(seat, a)  # raises IllegalAction if the listing and the rules disagree


@pytest.mark.parametrize("name", GAMES)
def test_determinizations_accept_every_action_they_list(name):
    """What the search walks: from every seat's view in whole matches played by
    the rule players (who bid, announce and declare Weis), a determinization exists, shows the
    seat its own legal actions, and in it every action the rules list is accepted, at the root
    and, along a random continuation, every word any seat may say. A listing/rule mismatch
    (Jass: a part of a Weis that alone could never count, §29) made the search fall back."""
    from stammtisch.bots.search import CardsFirstRollout

    game = registry.get(name)
    is_card = CardsFirstRollout(game).is_card
    rng = random.Random(13)
    rule = game.rule_bot()
    decisions = 0
    for seed in range(2 if name == "perlaggen" else 6):  # Perlaggen: long matches, slow rule player
        m = game.new_match(seed=seed, max_deals=3)
        while not m.is_over():
            seat = m.to_act()[0]
            view = m.deal_state.view(seat)
            legal = m.deal_state.legal_actions(seat)
            if len(legal) > 1:
                decisions += 1
                st = game.sample_state(m.options, view, rng)
                assert sorted(st.legal_actions(seat)) == sorted(legal)
                _listed_actions_apply(st, seat, rng)
                while not st.is_over():
                    mover = st.to_act()[0]
                    _listed_actions_apply(st, mover, rng, is_card, most=3)
                    options = st.legal_actions(mover)
                    st.apply(mover, options[rng.randrange(len(options))])
            a = rule.choose(Turn(seat, m.legal_actions(seat), lambda s=seat: m.view(s)), rng)
            m.apply(seat, a)
    assert decisions > 50


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_search_never_falls_back_over_a_thousand_deals(name):
    """Over 1,000 deals (whole matches) played by search players with a small
    budget, with one rule player at the table so that words are said as people say them, the
    search never fails and falls back (``bot.errors`` stays empty). Two iterations per
    decision with random playouts: every decision still draws determinizations (Tarock:
    Stichzwang shown in play, Jass: Weis announced) and walks the tree. The suite plays 150
    deals per game (about a minute); ``STAMMTISCH_SEARCH_DEALS=1000`` is the issue's run (last
    measured: no fallback in any game, docs/bots.md)."""
    import os

    game = registry.get(name)
    target = int(os.environ.get("STAMMTISCH_SEARCH_DEALS", "150"))
    deals = seed = 0
    errors: list[str] = []
    while deals < target:
        m = game.new_match(seed=seed, max_deals=min(8, target - deals))
        bots = [SearchBot(game, iterations=2, time_limit=None, playout="random") for _ in range(m.n)]
        seats = list(bots)
        seats[seed % m.n] = game.rule_bot()
        play_out(m, seats, random.Random(seed))
        deals += len(m.logs)
        errors += [f"match {seed}: {e}" for b in bots for e in b.errors]
        seed += 1
    assert errors == []


@pytest.mark.parametrize("name", GAMES)
def test_search_over_action_ids_equals_search_over_strings(name):
    """The tree walked with the integer action API (``legal_action_ids`` / ``apply_id``) gives
    the same statistics as the tree over notation strings (same seed, same budget)."""
    from stammtisch.bots.common import deal_view
    from stammtisch.bots.search import CardsFirstRollout, ismcts

    game = registry.get(name)
    m = game.new_match(seed=11, max_deals=1)
    rng = random.Random(11)
    rule = game.rule_bot()
    for _ in range(5):
        seat = m.to_act()[0]
        m.apply(seat, rule.choose(Turn(seat, m.legal_actions(seat), lambda s=seat: m.view(s)), rng))
    seat = m.to_act()[0]
    view = deal_view(m.view(seat))
    stats = [ismcts(game, m.options, view, seat, random.Random(2), time_limit=None, iterations=60,
                    rollout=CardsFirstRollout(game), use_ids=ids) for ids in (True, False)]
    assert stats[0] == stats[1] and len(stats[0]) > 1
