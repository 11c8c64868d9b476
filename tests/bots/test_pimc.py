"""The PIMC driver (:mod:`stammtisch.bots.pimc`) with stand-in kernels: what it asks a kernel,
what it counts, how it decides, and that a kernel only ever sees sampled deals."""

from __future__ import annotations

import math
import random

import pytest

from stammtisch import bots
from stammtisch.bots import pimc as pimc_mod
from stammtisch.bots.pimc import PimcResult, pimc
from stammtisch.bots.search import SearchBot
from stammtisch.core import registry
from stammtisch.core.errors import OptionError
from stammtisch.core.protocol import Turn

JASS = registry.get("jass")


class Recorder:
    """A stand-in kernel: a card's value is its position in ``prefer`` (+ noise), and it
    records every state it was given."""

    pimc_playouts = 3

    def __init__(self, prefer=None, noise=0.0, word=None):
        self.prefer, self.noise, self.word = prefer, noise, word
        self.states, self.calls = [], []
        self.rng = random.Random(0)

    def card_values(self, state, seat, cards, playouts, seed):
        self.states.append(state)
        self.calls.append((seat, tuple(cards), playouts))
        order = self.prefer or sorted(cards)
        return [order.index(c) * 1.0 + self.noise * self.rng.gauss(0, 1) if c in order else 0.0
                for c in cards]

    def word_values(self, state, seat, words, playouts, seed):
        return [self.word(w) if self.word else None for w in words]


def _card_turn(seed=3):
    """A Jass match advanced to the first card of the deal (trump chosen)."""
    m = JASS.new_match(seed=seed, max_deals=1)
    rule = JASS.rule_bot()
    rng = random.Random(seed)
    while True:
        seat = m.to_act()[0]
        legal = m.legal_actions(seat)
        if all(_is_card(a) for a in legal) and len(legal) > 1:
            return m, seat, legal
        m.apply(seat, rule.choose(Turn(seat, legal, lambda s=seat: m.view(s)), rng))


def _is_card(a):
    try:
        JASS.deck.parse(a)
        return True
    except Exception:
        return False


def test_pimc_values_every_card_in_every_world_and_counts_playouts():
    m, seat, legal = _card_turn()
    k = Recorder()
    res = pimc(JASS, m.options, m.deal_state.view(seat), seat, random.Random(1), valuer=k,
               cards=legal, time_limit=None, worlds=5)
    assert res.worlds == 5 and len(k.calls) == 5
    assert all(c == (seat, tuple(legal), 3) for c in k.calls)  # the kernel's pimc_playouts
    assert res.playouts == 5 * 3 * len(legal)
    assert res.stats() == {c: (15, float(sorted(legal).index(c))) for c in legal}
    assert res.best(legal) == max(legal)


def test_pimc_stops_at_the_iteration_budget_but_values_one_world():
    m, seat, legal = _card_turn()
    res = pimc(JASS, m.options, m.deal_state.view(seat), seat, random.Random(1), valuer=Recorder(),
               cards=legal, time_limit=None, iterations=1, playouts=2)
    assert res.worlds == 1 and res.playouts == 2 * len(legal)
    with pytest.raises(ValueError):
        pimc(JASS, m.options, {}, seat, random.Random(1), valuer=Recorder(), cards=legal,
             time_limit=None)
    with pytest.raises(ValueError):
        pimc(JASS, m.options, {}, seat, random.Random(1), valuer=Recorder(), time_limit=None, worlds=1)


def test_the_kernel_sees_only_sampled_deals_that_agree_with_the_view():
    """Hidden information: a kernel is given determinizations, never the real deal."""
    m, seat, legal = _card_turn(seed=11)
    k = Recorder()
    view = m.deal_state.view(seat)
    pimc(JASS, m.options, view, seat, random.Random(5), valuer=k, cards=legal, time_limit=None, worlds=6)
    real = [sorted(m.deal_state.view(s)["hand"]) for s in range(4)]
    others = set()
    for st in k.states:
        assert st is not m.deal_state
        assert st.view(seat)["hand"] == view["hand"]
        others.add(tuple(tuple(sorted(st.view(s)["hand"])) for s in range(4) if s != seat))
    assert len(others) > 1  # the hidden hands are dealt afresh per world
    assert any(list(o) != [tuple(real[s]) for s in range(4) if s != seat] for o in others)


def test_margin_is_paired_over_common_worlds():
    r = PimcResult()
    for w, (a, b) in enumerate([(10, 9), (0, -1), (-5, -6)]):
        r.add(w, "a", a, 1)
        r.add(w, "b", b, 1)
    assert r.margin("a", "b") == (1.0, 0.0)  # a constant lead: no doubt at all
    assert r.difficulty() == 0.0
    r.add(3, "c", 1.0, 1)
    assert r.margin("a", "c") == (0.0, math.inf)  # one common world is not evidence
    with pytest.raises(ValueError):
        PimcResult().best()


def test_search_bot_plays_the_kernels_best_card(monkeypatch):
    m, seat, legal = _card_turn()
    prefer = list(reversed(sorted(legal)))  # the kernel prefers the lowest-sorting card
    monkeypatch.setattr(pimc_mod, "valuer_for", lambda game, options: Recorder(prefer=prefer))
    bot = SearchBot(JASS, time_limit=None, worlds=4, guard=None, contract="search")
    choice = bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(2))
    assert choice == min(legal)
    assert bot.last_source == "search" and bot.last_playouts == 4 * 3 * len(legal)


def test_guard_keeps_the_rule_card_unless_the_search_is_sure(monkeypatch):
    m, seat, legal = _card_turn()
    rule_card = JASS.rule_bot().choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(2))
    others = [c for c in legal if c != rule_card]
    # the search's favourite leads by 1 on average but swings by +-9 from world to world:
    # not two standard errors, so the rule card stays
    best = others[0]

    class Swing(Recorder):
        def card_values(self, state, seat, cards, playouts, seed):
            sign = 1 if len(self.calls) % 2 == 0 else -1
            self.calls.append(cards)
            return [1.0 + 9.0 * sign if c == best else 0.0 for c in cards]

    monkeypatch.setattr(pimc_mod, "valuer_for", lambda g, o: Swing())
    bot = SearchBot(JASS, time_limit=None, worlds=6, guard=2.0, contract="search")
    assert bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(2)) == rule_card
    assert bot.last_source == "rule" and bot.last_stats[best][1] == 1.0
    # a clear, constant lead: the search's card wins over the rule player's
    clear = [rule_card] + others[1:] + [best]
    monkeypatch.setattr(pimc_mod, "valuer_for", lambda g, o: Recorder(prefer=clear))
    bot = SearchBot(JASS, time_limit=None, worlds=6, guard=2.0, contract="search")
    assert bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(2)) == best
    assert bot.last_source == "search"


def test_words_the_kernel_cannot_value_go_to_the_tree_search(monkeypatch):
    """The first decision of a Jass deal is the trump choice (words only): a kernel with no
    values for them leaves it to the tree search, which still answers legally."""
    m = JASS.new_match(seed=4, max_deals=1)
    seat = m.to_act()[0]
    legal = m.legal_actions(seat)
    assert not any(_is_card(a) for a in legal)
    monkeypatch.setattr(pimc_mod, "valuer_for", lambda g, o: Recorder())
    bot = SearchBot(JASS, time_limit=None, iterations=20, contract="search")
    assert bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(1)) in legal
    assert bot.last_playouts == 0
    # a budget of worlds only: the tree search gets as many iterations, and nothing fails
    bot = SearchBot(JASS, time_limit=None, worlds=7, contract="search")
    assert bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(1)) in legal
    assert bot.errors == [] and sum(v for v, _ in bot.last_stats.values()) == 7
    # with values for the words, PIMC decides them
    monkeypatch.setattr(pimc_mod, "valuer_for",
                        lambda g, o: Recorder(word=lambda w: 5.0 if w == legal[-1] else 0.0))
    bot = SearchBot(JASS, time_limit=None, worlds=3, contract="search", guard=None)
    assert bot.choose(Turn(seat, legal, lambda: m.view(seat)), random.Random(1)) == legal[-1]
    assert bot.last_playouts == 3 * 3 * len(legal)


def test_kinds_name_the_engine_and_the_world_budget():
    b = bots.make("search:40w", JASS)
    assert (b.engine, b.worlds, b.time_limit) == ("auto", 40, None)
    b = bots.make("ismcts:200i", JASS)
    assert (b.engine, b.iterations) == ("ismcts", 200)
    assert bots.make("search+rule", JASS).engine == "ismcts"
    with pytest.raises(OptionError, match="at least one world"):
        bots.make("search:0w", JASS)
    with pytest.raises(ValueError, match="engine"):
        SearchBot(JASS, engine="alphazero")
