"""Hypothesis invariants and full random games."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings
from hypothesis import strategies as st_

from stammtisch.bots.random import RandomBot
from stammtisch.core import records
from stammtisch.core.cards import JASS
from stammtisch.core.driver import play_out
from stammtisch.games.jass import GAME
from stammtisch.games.jass.modes import base_choices

PLAIN_MODES = ["E", "S", "L", "R", "obenabe", "undenufe", "slalom-oben", "slalom-unten", "quer-oben", "quer-unten"]


def _deal_to_end(seed: int, mode: str, options=None):
    """One deal played with random legal cards (no Rest, no Bedanken); returns the deal state."""
    m = GAME.new_match(seed=seed, max_deals=1, options=options)
    d = m.deal_state
    rng = random.Random(seed)
    d.apply(d.to_act()[0], f"trump:{mode}")
    hands_at_start = list(d.hands)
    views_ok = True
    while not d.is_over():
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        cards = [a for a in legal if len(a) <= 3 and a[0] in "ESLR"]
        assert cards, "legal set empty while cards remain"
        # no observation contains another seat's hand
        for o in range(4):
            v = d.view(o)
            others = set()
            for t in range(4):
                if t != o:
                    others |= set(JASS.format_mask(d.hands[t]))
            text = json.dumps({k: v[k] for k in v if k != "hand"})
            for c in others:
                if f'"{c}"' in text:
                    # a card of another hand may only appear if it is public (shown Weis)
                    assert any(c in items for items in v["weis_shown"].values()), (o, c)
            views_ok &= set(v["hand"]) == set(JASS.format_mask(d.hands[o]))
        pub = json.dumps(d.public_view())
        for t in range(4):
            for c in JASS.format_mask(d.hands[t]):
                if f'"{c}"' in pub:
                    assert any(c in items for items in d.public_view()["weis_shown"].values()), c
        d.apply(s, cards[rng.randrange(len(cards))])
    assert views_ok
    return d, hands_at_start


@given(seed=st_.integers(0, 10**9), mode=st_.sampled_from(PLAIN_MODES))
def test_every_card_dealt_exactly_once(seed, mode):
    m = GAME.new_match(seed=seed, max_deals=1)
    hands = m.logs[0].ctx.deal.hands
    assert sorted(c for h in hands for c in h) == list(range(36))
    assert [len(h) for h in hands] == [9, 9, 9, 9]


@settings(max_examples=40)
@given(seed=st_.integers(0, 10**9), mode=st_.sampled_from(PLAIN_MODES))
def test_legal_never_empty_and_card_points_157_or_257(seed, mode):
    d, _ = _deal_to_end(seed, mode)
    assert sum(d.card_points) == 157
    assert sum(d.tricks_won) == 9
    sc = d.result()
    raw = sum(sc.points) // d.mode.multiplier - sum(d.weis_points) - sum(d.stoeck_points)
    assert raw == (257 if 9 in d.tricks_won else 157)


@settings(max_examples=20)
@given(seed=st_.integers(0, 10**9), mode=st_.sampled_from(PLAIN_MODES))
def test_card_points_157_with_six_eleven_option(seed, mode):
    d, _ = _deal_to_end(seed, mode, {"undenufe_eleven": "six"})
    assert sum(d.card_points) == 157


@settings(max_examples=20)
@given(seed=st_.integers(0, 10**9))
def test_sample_state_is_consistent_with_the_view(seed):
    rng = random.Random(seed)
    m = GAME.new_match(seed=seed, max_deals=1)
    bot = GAME.rule_bot()
    from stammtisch.core.driver import step
    for _ in range(rng.randrange(0, 40)):
        if m.is_over():
            return
        step(m, [bot] * 4, rng)
    if m.is_over():
        return
    s = m.to_act()[0]
    v = m.view(s)["deal"]
    sampled = GAME.sample_state(m.options, v, rng)
    real = m.deal_state
    assert sampled.hands[s] == real.hands[s]
    assert [h.bit_count() for h in sampled.hands] == [h.bit_count() for h in real.hands]
    assert sampled.to_act() == real.to_act()
    assert sampled.card_points == real.card_points
    assert sampled.legal_actions(s) == real.legal_actions(s)
    # cards played are nowhere in the sampled hands
    for _, cards, _, _ in v["played"]:
        for c in JASS.parse_cards(cards):
            assert not any(h >> c & 1 for h in sampled.hands)


def test_thousands_of_random_deals_play_out():
    bots = [RandomBot()] * 4
    rng = random.Random(7)
    for i in range(3000):
        m = GAME.new_match(seed=i, max_deals=1)
        play_out(m, bots, rng)
        assert m.is_over()
        res = m.logs[0].result
        assert res is not None and len(res.points) == 2


def test_random_matches_with_every_variant_play_out():
    """Every variant to the end of its Partie: the totals are the sums of the deals' points, and the
    team named the winner has reached the target (§1, §2)."""
    bots = [RandomBot()] * 4
    rng = random.Random(3)
    for i in range(200):
        m = GAME.new_match("varianten", seed=i)
        play_out(m, bots, rng)
        assert m.is_over()
        r = m.result()
        sums = [sum(log.result.points[t] for log in m.logs if log.result) for t in (0, 1)]
        assert r["totals"] == list(m.totals) == sums and r["deals"] == len(m.logs)
        assert r["winner"] in (0, 1) and r["totals"][r["winner"]] >= r["target"], (i, r)


def test_rule_bot_matches_play_out_and_are_legal():
    bot = GAME.rule_bot()
    rng = random.Random(5)
    for i in range(60):
        m = GAME.new_match(seed=i)
        play_out(m, [bot] * 4, rng)
        assert m.is_over() and m.result()["winner"] in (0, 1)


def test_rule_bot_beats_random_bots():
    bot, rnd = GAME.rule_bot(), RandomBot()
    rng = random.Random(9)
    won = 0
    for i in range(60):
        m = GAME.new_match(seed=i, max_deals=1)
        play_out(m, [bot, rnd, bot, rnd], rng)
        won += m.totals[0] > m.totals[1]
    assert won >= 42


def test_replay_reproduces_results(tmp_path):
    bot = GAME.rule_bot()
    rng = random.Random(1)
    for i in range(20):
        m = GAME.new_match(seed=100 + i)
        play_out(m, [bot, RandomBot(), bot, RandomBot()], rng)
        path = tmp_path / f"g{i}.json"
        records.dump(m, path)
        again = records.replay(records.load(path))
        assert again.totals == m.totals
        assert again.result() == m.result()


def test_all_actions_cover_every_legal_action():
    opts = GAME.options("varianten")
    space = set(GAME.all_actions(opts))
    assert len(space) == len(GAME.all_actions(opts))
    rng = random.Random(2)
    for i in range(100):
        m = GAME.new_match("varianten", seed=i, max_deals=1)
        while not m.is_over():
            for s in range(4):
                assert set(m.legal_actions(s)) <= space, set(m.legal_actions(s)) - space
            s = m.to_act()[0]
            legal = m.legal_actions(s)
            m.apply(s, legal[rng.randrange(len(legal))])
    assert set(base_choices(opts)) <= {a[6:] for a in space if a.startswith("trump:")}


def test_clone_is_independent():
    rng = random.Random(4)
    for i in range(30):
        m = GAME.new_match(seed=i, max_deals=1)
        d = m.deal_state
        d.apply(d.to_act()[0], "trump:E" if i % 2 else "schieben")
        if d.phase == "trump":
            d.apply(d.to_act()[0], "trump:undenufe")
        for _ in range(rng.randrange(0, 30)):
            d.play_card(d.legal_cards()[0])
        before = json.dumps(d.view(0)), d.hands[:], d.card_points[:]
        c = d.clone()
        while not c.is_over():
            cards = c.legal_cards()
            c.play_card(cards[rng.randrange(len(cards))])
        assert (json.dumps(d.view(0)), d.hands, d.card_points) == before
        assert sum(c.card_points) == 157


@settings(max_examples=30)
@given(seed=st_.integers(0, 10**9), mode=st_.sampled_from(PLAIN_MODES + ["misere:E", "tutti", "3x3:R-obenabe-undenufe"]))
def test_state_fast_legal_mask_equals_the_pure_function(seed, mode):
    from stammtisch.games.jass.play import legal_mask
    rng = random.Random(seed)
    m = GAME.new_match("varianten", seed=seed, max_deals=1)
    d = m.deal_state
    d.apply(d.to_act()[0], f"trump:{mode}")
    while not d.is_over():
        assert d.legal_mask() == legal_mask(d.hands[d.turn], d.trick, d.tm, d.no_under)
        cards = d.legal_cards()
        d.play_card(cards[rng.randrange(len(cards))])


def test_playout_finishes_deals_legally():
    rng = random.Random(8)
    for i in range(200):
        m = GAME.new_match(seed=i, max_deals=1)
        d = m.deal_state
        d.apply(d.to_act()[0], ["trump:E", "trump:obenabe", "trump:undenufe", "trump:slalom-oben"][i % 4])
        d.playout(rng)
        assert d.is_over() and sum(d.card_points) == 157 and sum(d.tricks_won) == 9
        # every trick was legal: replay it through the validating path
        m2 = GAME.new_match(seed=i, max_deals=1)
        d2 = m2.deal_state
        d2.apply(d2.to_act()[0], "trump:" + d.mode.name)
        for _, cards, _, _ in d.history:
            for c in cards:
                d2.apply(d2.to_act()[0], JASS.format(c))
        assert d2.card_points == d.card_points


WORDS = ["trump:", "trump:E", "trump:x", "trump:3x3:E-E-E", "trump:misere:", "weis", "weis:", "weis:4X",
         "weis:E6-E8", "weis:E6-S8", "weis:4U+4U", "stöck", "rest", "bedanken", "schieben", "EU", "E11", "", " ",
         "trump:tutti", "ZZ", "weis:E8-E6", "10", "E"]


@settings(max_examples=40)
@given(seed=st_.integers(0, 10**6), junk=st_.lists(st_.one_of(st_.sampled_from(WORDS), st_.text(max_size=8)),
                                                   max_size=6), seat=st_.integers(-2, 6))
def test_bad_input_never_crashes_and_leaves_the_state_unchanged(seed, junk, seat):
    from stammtisch.core.errors import IllegalAction
    rng = random.Random(seed)
    m = GAME.new_match(seed=seed, max_deals=1)
    d = m.deal_state
    for _ in range(rng.randrange(0, 20)):
        s = d.to_act()[0]
        legal = [a for a in d.legal_actions(s) if a not in ("bedanken", "rest")]
        d.apply(s, legal[rng.randrange(len(legal))])
    for a in junk:
        if d.is_over():
            break
        if 0 <= seat < 4 and a in d.legal_actions(seat) or a.strip().lower() in ("bedanken", "rest"):
            continue
        before = json.dumps([d.view(s) for s in range(4)])
        try:
            d.apply(seat, a)
        except IllegalAction:
            assert json.dumps([d.view(s) for s in range(4)]) == before


@settings(max_examples=300, deadline=None)
@given(st_.integers(0, 10**6), st_.integers(0, 1300), st_.integers(0, 1300))
def test_first_out_shortcut_equals_the_ausmachregel(seed: int, a: int, b: int) -> None:
    """§1 (Ausmachregel "Stöck – Stich – Wys"): ``result`` skips the trick-by-trick count when no
    team's total after the deal reaches the target; over random deals (every action at random,
    Rest and Bedanken included) from random standings it names the same team as the count."""
    from stammtisch.core.protocol import DealContext, Deal
    from stammtisch.games.jass.scoring import first_out

    opts = GAME.options()
    rng = random.Random(seed)
    dealer = rng.randrange(4)
    deal = GAME.deal(opts, dealer, rng, {})
    d = GAME.new_deal(opts, DealContext(0, dealer, Deal(deal.hands), (a, b)))
    while not d.is_over():
        s = d.to_act()[0]
        ids = d.legal_action_ids(s)
        d.apply_id(s, ids[rng.randrange(len(ids))])
    res = d.result()
    m = d.mode
    want = first_out((a, b), opts.target, d.steps, m.multiplier) if m is not None and m.multiplier else None
    assert res.summary.get("first_out") == want
