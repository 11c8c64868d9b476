"""Invariants of Perlaggen under random play (Hypothesis), full random games, record replay,
sampling for search bots, and bad input."""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch.bots.random import RandomBot
from stammtisch.core import records
from stammtisch.core.cards import PERLAGGEN as D
from stammtisch.core.driver import play_out, step
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import BaseBot, Turn
from stammtisch.games.perlaggen import GAME
from stammtisch.games.perlaggen.rules import parse_play
from stammtisch.games.perlaggen.state import side_of

CARD = re.compile(r"^(?:[ELHS](?:7|8|9|10|U|O|K|A)|W)$")


class NoOpenBot(BaseBot):
    """Random, but never lays the cards open and signals rarely (longer deals for the invariants)."""

    name = "random-play"

    def choose(self, turn: Turn, rng):
        legal = [a for a in turn.legal if a != "aufdecken" and not a.startswith("zeichen")] or list(turn.legal)
        return legal[rng.randrange(len(legal))]

    def interject(self, turn: Turn, rng):
        if rng.random() < 0.05:
            return turn.legal[rng.randrange(len(turn.legal))]
        return None


def _tokens(obj, skip=("hand",)):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k not in skip:
                yield from _tokens(v, ())
    elif isinstance(obj, list):
        for v in obj:
            yield from _tokens(v, ())
    elif isinstance(obj, str):
        for t in re.split(r"[\s,;:()=\[\]'\"]+", obj):
            if CARD.match(t):
                yield t


def _public_cards(ds) -> set[str]:
    out = set()
    for row in ds.played:
        for x in row:
            c, t = parse_play(x)
            out.add(D.format(c))
            if t is not None:
                out.add(D.format(t))
    for _, p in ds.trick:
        out.add(D.format(p.card))
    if ds.trump_card >= 0:
        out.add(D.format(ds.trump_card))
    out |= set(D.format_cards(ds.kept)) | set(D.format_cards(ds.revealed))
    out |= set(D.format_cards(getattr(ds, "turned_up", [])))  # Eichel cards turned up for trump (§7)
    for cs in ds.shown_hands.values():
        out |= set(D.format_cards(cs))
    ex = getattr(ds, "exchanged", None)
    if ex:
        out |= {ex["took"], ex["gave"]}
    if ds.shown and ds.stock:
        out |= {D.format(ds.stock[0]), D.format(ds.stock[-1])}
    if ds.phase == "keep":
        out.add(D.format(ds.lifted[-1]))
    # every Taufe name is public once played
    return out


def _check_state(ds) -> None:
    # every card exactly once
    if ds.phase not in ("cut", "keep"):
        held = [c for s in range(4) for c in range(33) if (ds.hands[s] >> c) & 1]
        played = [parse_play(x)[0] for row in ds.played for x in row]
        allc = held + played + list(ds.stock) + [ds.trump_card]
        assert sorted(allc) == list(range(33)), "every card exactly once"
        for s in range(4):
            assert len([c for c in range(33) if (ds.hands[s] >> c) & 1]) + len(ds.played[s]) == 5
    # a bid is always answered by the other side before anything else
    if ds.phase == "answer":
        offerer = ds.pending[0][0]
        for s in ds.to_act() + ds.interjectors():
            legal = ds.legal_actions(s)
            assert not any(CARD.match(a.split("=")[0]) for a in legal)
        assert all(side_of(s) != side_of(offerer) for s in ds.to_act())
    # no observation leaks a hand, the stock, or Luck/Boden after they were covered
    public = _public_cards(ds)
    for s in list(range(4)) + [None]:
        v = ds.view(s) if s is not None else ds.public_view()
        json.dumps(v)
        own = set(v.get("hand") or [])
        leaked = set(_tokens(v)) - public
        assert not leaked, (s, leaked, ds.phase)
        if s is not None:
            assert own == set(D.format_mask(ds.hands[s])) or (not ds.looked[s] and not own)
        if not ds.shown:
            assert "luck" not in v and "boden" not in v


@settings(max_examples=25)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["innsbruck", "live"]))
def test_invariants_every_step(seed, profile):
    m = GAME.new_match(profile, seed=seed, max_deals=1)
    rng = random.Random(seed)
    bots = [NoOpenBot()] * 4
    steps = 0
    while not m.is_over():
        _check_state(m.deal_state)
        step(m, bots, rng)
        steps += 1
        assert steps < 2000
    r = m.logs[0].result
    # every figure answered: nothing is left on offer
    assert all(f["status"] != "offered" for f in r.summary["figures"].values())
    if any(f["status"] == "lapsed" for f in r.summary["figures"].values()):
        assert r.summary["winner"] is not None  # only a decided Partie lets an open bid lapse
    # the score never decreases except by penalties
    for side, name in enumerate("AB"):
        fines = -sum(ln.value for ln in r.lines if ln.value < 0 and ln.note.startswith(name))
        gains = sum(ln.value for ln in r.lines if ln.value > 0 and ln.note.startswith(name))
        assert r.points[side] >= -fines
        assert r.points[side] <= gains
        if not fines:
            assert r.points[side] >= 0


@settings(max_examples=10)
@given(seed=st.integers(0, 10**6))
def test_sample_state_is_consistent_with_the_view(seed):
    m = GAME.new_match(seed=seed, max_deals=1)
    rng = random.Random(seed)
    bots = [NoOpenBot()] * 4
    keys = ("phase", "hand", "trick", "played", "figures", "pending", "written", "tricks_won", "to_act", "trump")
    checks = 0
    while not m.is_over():
        ds = m.deal_state
        if ds.phase in ("play", "answer", "figures") and rng.random() < 0.3:
            s = rng.randrange(4)
            v = ds.view(s)
            sampled = GAME.sample_state(GAME.options(), v, rng)
            sv = sampled.view(s)
            assert {k: sv[k] for k in keys} == {k: v[k] for k in keys}
            _check_state(sampled)
            checks += 1
        step(m, bots, rng)



@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["innsbruck", "live"]))
def test_sampled_state_gives_the_viewing_seat_the_same_view_and_legal_actions(seed, profile):
    """The determinization contract: for any position and any seat (to act or not), the sampled state
    shows that seat exactly its real view and offers it exactly its real legal actions, including the
    partner signals it may still give this round (§9), Luck and Boden while shown (§7), the side's
    figure answers (weisen / abweisen / stellen, §22–§24, which depend on the partner's cards) and, at a
    ``live`` table, the outcome of every claim (§33)."""
    m = GAME.new_match(profile, seed=seed, max_deals=2)
    rng = random.Random(seed)
    bots = [RandomBot()] * 4
    checks = 0
    while not m.is_over() and checks < 25:
        ds = m.deal_state
        if rng.random() < 0.5:
            s = rng.randrange(4)
            v = ds.view(s)
            sampled = GAME.sample_state(m.options, v, rng)
            assert sampled.view(s) == v
            assert sorted(sampled.legal_actions(s)) == sorted(ds.legal_actions(s))
            checks += 1
        step(m, bots, rng)


def test_sampled_state_keeps_own_signals_in_the_answer_phase():
    """§9 / §32 (regression, seed 7): seat 2 signalled once this round, then must answer an unseen bid;
    the real state offers only ``halten``/``gut`` (and ``partner_fragen``, §11), and so must every
    determinization."""
    m = GAME.new_match(seed=7, max_deals=1)
    for seat, action in [(3, "abheben:21"), (1, "ungesehen:gleich"), (2, "zeichen:nichts")]:
        m.apply(seat, action)
    ds = m.deal_state
    assert ds.phase == "answer" and sorted(ds.legal_actions(2)) == ["gut", "halten", "partner_fragen"]
    v = ds.view(2)
    assert v["signals"] == [[2, "nichts"]] and v["signal_rounds"] == [0]
    rng = random.Random(7)
    for _ in range(5):
        sampled = GAME.sample_state(m.options, v, rng)
        assert sorted(sampled.legal_actions(2)) == ["gut", "halten", "partner_fragen"]
        assert sampled.view(2) == v
    # the opponents do not see the signal, nor its round
    assert ds.view(1)["signals"] == [] and ds.view(1)["signal_rounds"] == []


def test_a_secret_signal_does_not_cover_luck_and_boden():
    """§7 covers Luck and Boden with the first action of the play; a partner signal (§9) is seen by the
    partner only and so must not change what the table sees."""
    for seed in range(40):
        m = GAME.new_match(seed=seed, max_deals=1)
        ds = m.deal_state
        rng = random.Random(seed)
        while ds.phase != "play" and not m.is_over():
            step(m, [GAME.rule_bot()] * 4, rng)
            ds = m.deal_state
        if ds.phase == "play" and "luck" in ds.public_view():
            before = ds.public_view()
            m.apply((ds.turn + 1) % 4, "zeichen:nichts")
            after = ds.public_view()
            assert after["luck"] == before["luck"] and after["boden"] == before["boden"]
            return
    pytest.fail("no deal reached the play with Luck and Boden shown")


def test_full_random_games_by_the_hundred_and_replay():
    """Hundreds of whole Partien with random and rule bots; every record replays to the same result."""
    rng = random.Random(7)
    for i in range(120):
        profile = "live" if i % 3 == 0 else "innsbruck"
        bots = [RandomBot()] * 4 if i % 2 else [GAME.rule_bot()] * 4
        m = GAME.new_match(profile, seed=1000 + i)
        play_out(m, bots, rng, max_steps=20000)
        res = m.result()
        assert res["winner"] in ("A", "B")
        assert max(m.totals) >= 18
        rec = json.loads(json.dumps(records.to_record(m)))
        again = records.replay(rec)
        assert again.totals == m.totals and again.result() == res


def test_rule_bots_against_random_bots():
    """The rule bot wins clearly more Partien than random players."""
    rng = random.Random(3)
    wins = 0
    n = 60
    for i in range(n):
        m = GAME.new_match(seed=5000 + i)
        rule, rnd = GAME.rule_bot(), NoOpenBot()
        play_out(m, [rule, rnd, rule, rnd], rng)
        wins += m.result()["winner"] == "A"
    assert wins > n * 0.7


def test_all_actions_covers_every_legal_action():
    space = set(GAME.all_actions(GAME.options()))
    assert len(space) == len(GAME.all_actions(GAME.options()))
    rng = random.Random(2)
    for seed in range(25):
        m = GAME.new_match("live" if seed % 2 else "innsbruck", seed=seed, max_deals=2)
        while not m.is_over():
            for s in range(4):
                assert set(m.legal_actions(s)) <= space
            step(m, [NoOpenBot()] * 4, rng)


@settings(max_examples=30)
@given(seed=st.integers(0, 10**6), junk=st.lists(st.text(max_size=12), min_size=1, max_size=5))
def test_bad_input_names_the_paragraph_and_leaves_state_unchanged(seed, junk):
    m = GAME.new_match(seed=seed, max_deals=1)
    rng = random.Random(seed)
    space = GAME.all_actions(GAME.options())
    for _ in range(rng.randrange(0, 40)):
        if m.is_over():
            return
        step(m, [NoOpenBot()] * 4, rng)
    ds = m.deal_state
    if ds.is_over():
        return
    candidates = junk + [rng.choice(space) for _ in range(10)]
    for s in range(4):
        legal = set(ds.legal_actions(s))
        for a in candidates:
            if a in legal:
                continue
            before = json.dumps([ds.view(x) for x in range(4)] + [ds.public_view()], sort_keys=True)
            with pytest.raises(IllegalAction) as e:
                ds.apply(s, a)
            assert e.value.rule.startswith("Perlaggen §"), (a, str(e.value))
            assert json.dumps([ds.view(x) for x in range(4)] + [ds.public_view()], sort_keys=True) == before


def test_rule_bot_claims_a_proven_revoke():
    """§17/§33: the rule bot notices a revoke once the cards prove it, and claims it."""
    from stammtisch.core.protocol import Turn
    from .helpers import make, run
    st = make(profile="live")
    run(st, "0:LA", "1:E8", "2:H7", "3:S7", "0:HA", "1:E9")
    bot = GAME.rule_bot()
    assert bot.interject(Turn(1, st.legal_actions(1), lambda: st.view(1)), random.Random(1)) is None
    run(st, "2:H8")  # seat 2 did not follow Laub in trick 1 … and plays on
    run(st, "3:S8", "0:SA", "1:E10", "2:LK")  # … and now shows Laub: the revoke is proven
    assert bot.interject(Turn(1, st.legal_actions(1), lambda: st.view(1)), random.Random(1)) == "reklamieren:17"


def test_rule_bot_never_revokes_even_where_the_table_allows_it():
    """profile live accepts a revoke (§17); the rule bot still plays legally."""
    rng = random.Random(8)
    for i in range(30):
        m = GAME.new_match("live", seed=700 + i)
        play_out(m, [GAME.rule_bot()] * 4, rng)
        for lg in m.logs:
            assert not any(ln.label.startswith("farbleugnen") for ln in lg.result.lines)
            assert not lg.result.summary["claimable"]


@settings(max_examples=15)
@given(seed=st.integers(0, 10**6), profile=st.sampled_from(["innsbruck", "live"]))
def test_every_legal_action_applies(seed, profile):
    """Whatever legal_actions offers, apply accepts (on a copy), for every seat and phase; the copy
    records it and the deal itself is left as it was."""
    m = GAME.new_match(profile, seed=seed, max_deals=1)
    rng = random.Random(seed)
    tried = 0
    while not m.is_over():
        ds = m.deal_state
        before = json.dumps(ds.public_view(), sort_keys=True, default=str)
        for s in range(4):
            legal = ds.legal_actions(s)
            for a in rng.sample(legal, min(6, len(legal))):
                c = ds.clone()
                c.apply(s, a)
                assert c.history[-1:] == [(s, a)] or c.history != ds.history or c.phase != ds.phase, (s, a)
                tried += 1
        assert json.dumps(ds.public_view(), sort_keys=True, default=str) == before
        step(m, [NoOpenBot()] * 4, rng)
    assert tried > 10


def test_options_change_the_rules():
    """eichel_ober_high swaps EO and EU; unbid_points and target are honoured."""
    from stammtisch.games.perlaggen.rules import perlagg_rank
    eo, eu = D.parse("EO"), D.parse("EU")
    assert perlagg_rank(eu, 1) > perlagg_rank(eo, 1)
    assert perlagg_rank(eo, 1, eichel_ober_high=True) > perlagg_rank(eu, 1, eichel_ober_high=True)
    from .helpers import make, run
    st_ = make(unbid_points=2)
    run(st_, "0:HA", "1:E8", "2:H7", "3:S7", "0:SA", "1:E9", "2:H8", "3:S8", "0:W=LA", "1:E10", "2:LK", "3:S9",
        "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    assert st_.result().points == (4, 2)
    from stammtisch.games.perlaggen.rules import baptise, trick_winner
    la = D.parse("LA")
    both = [baptise(eu, la, 1), baptise(eo, la, 1)]
    assert trick_winner(both, 1) == 0
    assert trick_winner([baptise(eu, la, 1, True), baptise(eo, la, 1, True)], 1) == 1
    m = GAME.new_match(options={"target": 24}, seed=3)
    play_out(m, [GAME.rule_bot()] * 4, random.Random(3))
    assert max(m.totals) >= 24


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.integers(0, 32), max_size=9, unique=True), st.integers(0, 3),
       st.lists(st.integers(-1, 32), max_size=4))
def test_best_hanger_table_equals_the_scan(hand, trump, fixed) -> None:
    """Perlaggen §3 (Hanger; Perlaggen fill gaps or extend the run): the table lookup of
    ``best_hanger`` names the same run, height, trump flag and suit as trying every run."""
    from stammtisch.games.perlaggen.rules import best_hanger, best_hanger_scan

    fast, slow = best_hanger(hand, trump, fixed), best_hanger_scan(hand, trump, fixed)
    assert (fast is None) == (slow is None)
    if fast is not None:
        assert (fast.key, fast.kind, fast.suit) == (slow.key, slow.kind, slow.suit)
