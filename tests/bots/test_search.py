"""The search player over the protocol, on the toy game (and on every registered engine
that offers the bot hooks)."""

from __future__ import annotations

import random

import pytest

from stammtisch import bots as botkit
from stammtisch.bots.random import RandomBot
from stammtisch.bots.search import LEVELS, Pace, SearchBot, difficulty, ismcts
from stammtisch.core.driver import play_out
from stammtisch.core.errors import OptionError
from stammtisch.core.protocol import Deal, DealContext, Match, Turn

from .toygame import GAME as TOY


def _toy_state(hands, dealer=3):
    return TOY.new_deal(TOY.options(), DealContext(0, dealer, Deal(tuple(tuple(h) for h in hands)), (0, 0, 0, 0)))


def test_search_bots_play_complete_toy_matches_legally():
    """Every action a search bot picks is accepted by ``apply`` (which refuses illegal ones)."""
    m = Match(TOY, "standard", {}, seed=3, max_deals=2)
    bot = SearchBot(TOY, iterations=15, time_limit=None)
    play_out(m, [bot] * 4, random.Random(1))
    assert m.is_over()
    for lg in m.logs:  # each deal either played out (9 tricks) or ended by a concession
        assert sum(lg.result.points) == 9 or lg.result.lines[0].label == "conceded"


def test_search_sees_only_the_view():
    """Two deals that look the same to seat 0 (other hands swapped around) get the same
    decision and the same search statistics: the bot cannot see hidden cards."""
    own = [0, 1, 9, 10, 18, 19, 27, 28, 35]
    rest = [c for c in range(36) if c not in own]
    a = _toy_state([own, rest[0:9], rest[9:18], rest[18:27]])
    shuffled = list(rest)
    random.Random(5).shuffle(shuffled)
    b = _toy_state([own, shuffled[0:9], shuffled[9:18], shuffled[18:27]])
    assert a.view(0) == b.view(0)
    picks = []
    for st in (a, b):
        bot = SearchBot(TOY, iterations=40, time_limit=None)
        picks.append((bot.choose(Turn(0, st.legal_actions(0), lambda st=st: st.view(0)), random.Random(9)),
                      bot.last_stats))
    assert picks[0] == picks[1]


def test_search_works_from_a_bare_view_without_any_state():
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    frozen = st.view(0)
    bot = SearchBot(TOY, iterations=20, time_limit=None)
    a = bot.choose(Turn(0, st.legal_actions(0), lambda: dict(frozen)), random.Random(1))
    assert a in st.legal_actions(0)


def test_search_beats_random_on_the_toy():
    """Seat 0 searches, the others play at random: seat 0 takes clearly more than the
    random share of 9/4 tricks per deal."""
    rng = random.Random(7)
    tricks = 0
    deals = 8
    for i in range(deals):
        m = Match(TOY, "standard", {}, seed=100 + i, max_deals=1)
        play_out(m, [SearchBot(TOY, iterations=60, time_limit=None, interject_samples=0)] + [RandomBot()] * 3,
                 rng, interjections=False)
        tricks += m.totals[0]
    assert tricks / deals > 3.0


def test_search_follows_a_forced_move_without_searching():
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    st.apply(0, "E6")
    bot = SearchBot(TOY, iterations=5, time_limit=None)
    legal = st.legal_actions(1)
    assert len(legal) == 9  # seat 1 holds no Eicheln: every card is legal
    # seat 0 later with one legal card: answered without search
    st2 = _toy_state([[0], [9], [18], [27]])
    assert SearchBot(TOY, iterations=5, time_limit=None).choose(
        Turn(0, st2.legal_actions(0), lambda: st2.view(0)), random.Random(1)) == "E6"
    del bot


def test_interjection_is_decided_by_simulation():
    """Conceding costs 1 against the others' 0: a strong hand plays on, a hopeless hand
    (expecting fewer tricks than the others' average minus one) concedes."""
    strong = [8, 17, 26, 35, 7, 16, 25, 34, 6]
    weak = [0, 1, 2, 3, 9, 10, 11, 12, 18]
    rest = [c for c in range(36) if c not in strong + weak]
    st = _toy_state([rest[0:9], strong, weak, rest[9:18]])
    bot = SearchBot(TOY, iterations=5, time_limit=None, interject="simulate", interject_samples=16)
    assert bot.interject(Turn(1, st.legal_actions(1), lambda: st.view(1)), random.Random(2)) is None
    assert bot.interject(Turn(2, st.legal_actions(2), lambda: st.view(2)), random.Random(2)) == "concede"


def test_ismcts_reports_visits_for_every_root_action():
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    stats = ismcts(TOY, TOY.options(), st.view(0), 0, random.Random(3), time_limit=None, iterations=50)
    assert set(stats) == set(st.legal_actions(0))
    assert sum(v for v, _ in stats.values()) == 50
    with pytest.raises(ValueError):
        ismcts(TOY, TOY.options(), st.view(0), 0, random.Random(3), time_limit=None, iterations=None)


def test_time_budget_stops_the_search():
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    stats = ismcts(TOY, TOY.options(), st.view(0), 0, random.Random(3), time_limit=0.05)
    assert sum(v for v, _ in stats.values()) >= 1


def test_pace_waits_longer_for_close_decisions():
    slept: list[float] = []
    pace = Pace(base=1.0, per_difficulty=2.0, jitter=0.0, sleep=slept.append)
    assert pace.think_time(0.0, random.Random(1)) == pytest.approx(1.0)
    assert pace.think_time(1.0, random.Random(1)) == pytest.approx(3.0)
    assert difficulty({"a": (10, 0.0), "b": (10, 0.0)}) == 1.0
    assert difficulty({"a": (10, 0.0), "b": (0, 0.0)}) == 0.0
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    bot = SearchBot(TOY, iterations=10, time_limit=None, pace=pace)
    bot.choose(Turn(0, st.legal_actions(0), lambda: st.view(0)), random.Random(1))
    assert len(slept) == 1 and 0.5 < slept[0] <= 3.0


def test_make_parses_kinds_and_strengths():
    assert botkit.make("search", TOY).time_limit == 0.8
    easy = botkit.make("search:easy", TOY)
    assert (easy.worlds, easy.tree_iterations, easy.level) == (LEVELS["easy"].worlds, LEVELS["easy"].iterations, "easy")
    assert botkit.make("search:0.25", TOY).time_limit == 0.25
    b = botkit.make("search:77i", TOY)
    assert (b.iterations, b.time_limit) == (77, None)
    for bad in ("search:fast", "search:-1", "bogus", "random:3"):
        with pytest.raises(OptionError):
            botkit.make(bad, TOY)
    with pytest.raises(ValueError):
        SearchBot(TOY, level="grandmaster")


def test_make_loads_a_bot_factory_by_module_path():
    with pytest.raises(OptionError, match="cannot load bot factory"):
        botkit.make("py:no.such.module:factory", TOY)
    b = botkit.make("py:tests.bots.test_search:_factory", TOY)
    assert isinstance(b, RandomBot)


def _factory(game, options):
    return RandomBot()


def test_a_failing_sampler_falls_back_instead_of_stopping_the_table():
    class Broken(type(TOY)):
        def sample_state(self, options, view, rng):
            raise KeyError("trump_card")

    game = Broken()
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    bot = SearchBot(game, iterations=5, time_limit=None, interject="simulate")
    a = bot.choose(Turn(0, st.legal_actions(0), lambda: st.view(0)), random.Random(1))
    assert a in st.legal_actions(0)
    assert bot.interject(Turn(1, st.legal_actions(1), lambda: st.view(1)), random.Random(1)) is None
    assert len(bot.errors) == 2 and "trump_card" in bot.errors[0]


def test_cards_first_rollout_never_says_optional_words():
    """Where a card may be played the playout plays one: a mover who could also concede never
    does in a playout, so every playout runs the nine tricks."""
    from stammtisch.bots.search import CardsFirstRollout, _random_rollout
    from .toygame import SearchToyDeal

    class Talkative(SearchToyDeal):
        def legal_actions(self, seat):
            out = super().legal_actions(seat)
            return out + ["concede"] if seat == self.turn and out else out

    def fresh():
        st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
        st.__class__ = Talkative
        return st

    ro = CardsFirstRollout(TOY)
    rng = random.Random(4)
    assert all(sum(ro(fresh(), rng).result().points) == 9 for _ in range(30))
    assert any(fresh_end.conceded is not None for fresh_end in (_random_rollout(fresh(), rng) for _ in range(30)))


def test_search_with_rule_playouts():
    """``search+rule`` plays its playouts with the game's rule player (here: a toy rule bot)."""
    calls = []

    class Rule(RandomBot):
        def choose(self, turn, rng):
            calls.append(turn.seat)
            return turn.legal[0]

    class WithRule(type(TOY)):
        def rule_bot(self):
            return Rule()

    game = WithRule()
    bot = botkit.make("search+rule:20i", game)
    assert bot.playout == "rule"
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    a = bot.choose(Turn(0, st.legal_actions(0), lambda: st.view(0)), random.Random(1))
    assert a in st.legal_actions(0) and len(calls) > 20


def test_value_scale_std_searches_too():
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    stats = ismcts(TOY, TOY.options(), st.view(0), 0, random.Random(3), time_limit=None, iterations=60,
                   value_scale="std")
    assert sum(v for v, _ in stats.values()) == 60
    with pytest.raises(ValueError):
        SearchBot(TOY, value_scale="median")


def test_a_game_may_prefer_rule_playouts():
    class Prefers(type(TOY)):
        search_defaults = {"playout": "rule"}

    assert SearchBot(Prefers(), iterations=5, time_limit=None).playout == "rule"
    assert SearchBot(TOY, iterations=5, time_limit=None).playout == "random"


class _RuleFirst(RandomBot):
    """A toy rule player: the first legal action (a word if one is offered first)."""

    def choose(self, turn, rng):
        return turn.legal[0]


class _WithRuleFirst(type(TOY)):
    def rule_bot(self):
        return _RuleFirst()


def test_contract_by_rule_leaves_words_to_the_rule_player_and_searches_cards_only():
    """``contract="rule"``: a non-card action the rule player picks is played without search;
    when it picks a card the search chooses among the cards only."""
    game = _WithRuleFirst()
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    bot = SearchBot(game, iterations=60, time_limit=None, contract="rule", guard=None)
    legal = st.legal_actions(0)
    word = Turn(0, ["concede", *legal], lambda: st.view(0))
    assert bot.choose(word, random.Random(1)) == "concede"
    assert bot.last_source == "rule" and bot.last_stats == {"concede": (0, 0.0)}
    cards = Turn(0, [*legal, "concede"], lambda: st.view(0))
    a = bot.choose(cards, random.Random(1))
    assert a in legal and bot.last_source == "search"
    assert set(bot.last_stats) == set(legal) and sum(v for v, _ in bot.last_stats.values()) == 60


def test_guard_keeps_the_rule_players_card_unless_search_is_confident():
    """With an unreachable ``guard`` the rule player's card is always played; with ``guard=0``
    the search's own (most visited, better by mean) card wins."""
    game = _WithRuleFirst()
    st = _toy_state([list(range(i * 9, i * 9 + 9)) for i in range(4)])
    turn = Turn(0, st.legal_actions(0), lambda: st.view(0))
    strict = SearchBot(game, iterations=200, time_limit=None, contract="rule", guard=1e9)
    assert strict.choose(turn, random.Random(4)) == turn.legal[0]
    assert strict.last_source in ("rule", "agree")
    free = SearchBot(game, iterations=200, time_limit=None, contract="rule", guard=0.0)
    a = free.choose(turn, random.Random(4))
    best = max(free.last_stats, key=lambda x: free.last_stats[x])
    assert a == best or free.last_stats[best][1] <= free.last_stats[turn.legal[0]][1]
    with pytest.raises(ValueError):
        SearchBot(game, guard=-1.0)
    with pytest.raises(ValueError):
        SearchBot(game, contract="bidding")


def test_confidence_test_of_the_guard():
    bot = SearchBot(_WithRuleFirst(), iterations=5, time_limit=None, guard=1.0)
    stats = {"a": (100, 1.0), "b": (100, 0.5)}
    assert bot._confident(stats, {"a": 1.0, "b": 1.0}, "a", "b")  # 0.5 > 1.0 * 0.141
    assert not bot._confident(stats, {"a": 5.0, "b": 5.0}, "a", "b")  # 0.5 < 0.707
    assert bot._confident(stats, {}, "a", "never-tried")


def test_per_game_defaults_follow_the_arena_in_doppelkopf_and_tarock():
    from stammtisch.core import registry

    # Doppelkopf: contracts and announcements by the (PIMC) search measured better (docs/bots.md);
    # Tarock: contracts by search, and no guard, measured better (docs/bots.md, Tarock)
    for name, want in (("doppelkopf", ("search", 1.0)), ("tarock", ("search", None))):
        try:
            game = registry.get(name)
        except Exception:  # engine not present in this checkout
            continue
        bot = SearchBot(game, iterations=5, time_limit=None)
        assert (bot.contract, bot.guard) == want
    toy = SearchBot(TOY, iterations=5, time_limit=None)
    assert (toy.contract, toy.guard) == ("search", None)
