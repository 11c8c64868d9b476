"""Invariants over random deals (Hypothesis) and full random games by the hundred."""

from __future__ import annotations

import json
import random

from hypothesis import given, settings, strategies as st

from stammtisch.core import records
from stammtisch.core.cards import TAROCK
from stammtisch.core.driver import play_out
from stammtisch.core.errors import IllegalAction
from stammtisch.core.protocol import Turn
from stammtisch.games.tarock import GAME, Outcome, settle
from stammtisch.games.tarock.cards import TOTAL_THIRDS, thirds_of

from .helpers import MixBot, random_deal_state

PROFILES = ["oesterreich-finale", "tiroler-cup"]


def _cards_in(obj, out: set[str]) -> None:
    """Every card notation mentioned anywhere in a JSON value."""
    if isinstance(obj, dict):
        for v in obj.values():
            _cards_in(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _cards_in(v, out)
    elif isinstance(obj, str):
        text = obj.split(":", 1)[1] if ":" in obj else obj
        for t in text.split():
            try:
                TAROCK.parse(t)
            except Exception:
                continue
            if t == TAROCK.format(TAROCK.parse(t)):
                out.add(t)


def _secret_for(state, seat: int) -> set[str]:
    """Cards ``seat`` must not see now: other hands, the unseen talon, the declarer's hidden discards."""
    secret = 0
    for s in range(state.n):
        if s != seat:
            secret |= state.hands[s]
    if state.open_hand and state.declarer is not None:
        secret &= ~state.hands[state.declarer]
    talon = state.halves[0] | state.halves[1]
    if not state.talon_shown and not (seat == state.declarer and state.contract and state.contract.talon == "six"):
        played = sum(1 << c for tr in state.tricks for c in map(TAROCK.parse, tr["cards"]))
        played |= sum(1 << c for _, c in state.trick)
        secret |= talon & ~played
    if seat != state.declarer:
        secret |= state.discards & ~state.discards_public
    if state.called is not None:
        secret &= ~(1 << state.called)  # the king is named; its holder is the secret
    if state.talon_shown:
        secret &= ~talon  # the open talon was shown to everybody
    secret &= ~state.discards_public  # tarock discards are shown
    return set(TAROCK.format_mask(secret))


def _check_invariants(state) -> None:
    # every card exactly once
    parts = list(state.hands) + list(state.won) + [state.discards, sum(1 << c for _, c in state.trick)]
    talon = state.halves[0] | state.halves[1]
    in_play = 0
    for p in parts:
        assert in_play & p == 0, "a card is in two places"
        in_play |= p
    rest = talon & ~in_play
    assert in_play | rest == (1 << 54) - 1


@settings(max_examples=40)
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES), players=st.sampled_from([4, 5]))
def test_random_deal_invariants_and_no_leaks(seed, profile, players):
    """Every card once; 210 thirds per deal; rows sum to zero; no view leaks a hand or the unseen talon;
    the called king's holder is not revealed before the king is played; settle() equals the engine."""
    state = random_deal_state(seed, profile, players=players)
    rng = random.Random(seed)
    bot = MixBot()
    while not state.is_over():
        _check_invariants(state)
        for seat in range(state.n):
            seen: set[str] = set()
            _cards_in(state.view(seat), seen)
            leaked = seen & _secret_for(state, seat)
            assert not leaked, (seat, leaked, state.phase)
            if state.called is not None and not state.partner_revealed and seat not in (state.partner,):
                assert state.view(seat)["partner"] in (None,)
        pub: set[str] = set()
        _cards_in(state.public_view(), pub)
        assert not pub & _secret_for(state, -1) - set(), pub & _secret_for(state, -1)
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        state.apply(seat, bot.choose(Turn(seat, legal, lambda: state.view(seat)), rng))
    _check_invariants(state)
    r = state.result()
    assert sum(r.points) == 0 and sum(r.money or ()) == 0
    o = state.outcome()
    if o.contract == "trischaken" and not o.renonces:
        assert sum(o.thirds) == TOTAL_THIRDS
    elif len(state.tricks) == 12 and state.contract.kind == "positive":
        opp = thirds_of(state._side_cards("opponents"))
        assert o.declarer_thirds + opp == TOTAL_THIRDS
    # the scorekeeper's path: the outcome as JSON, settled without cards, gives the same row
    s = settle(state.opts, Outcome.from_json(json.loads(json.dumps(o.to_json()))))
    assert s.points == r.points and s.money == r.money


@settings(max_examples=30)
@given(seed=st.integers(0, 10**9), profile=st.sampled_from(PROFILES), data=st.data())
def test_refused_actions_leave_state_unchanged(seed, profile, data):
    """Bad input: every action not in legal_actions is refused with a rule, the state unchanged."""
    state = random_deal_state(seed, profile)
    rng = random.Random(seed)
    every = GAME.all_actions(state.opts) + ["", "bid:", "T99", "discard:", "kontra:nothing", "call:T1"]
    bot = MixBot()
    while not state.is_over():
        seat = state.to_act()[0]
        legal = state.legal_actions(seat)
        assert set(legal) <= set(every)
        probe = data.draw(st.sampled_from(every))
        who = data.draw(st.sampled_from(range(state.n)))
        if who == seat and probe in legal:
            pass
        else:
            before = json.dumps([state.view(s) for s in range(state.n)], sort_keys=True)
            try:
                state.apply(who, probe)
                accepted = True
            except IllegalAction as e:
                accepted = False
                assert who != seat or e.rule or "turn" in e.message or probe in ("", "T99"), e
            if accepted:  # only possible when the probe was legal for that seat
                raise AssertionError(f"{probe!r} by seat {who} accepted but not listed as legal")
            assert json.dumps([state.view(s) for s in range(state.n)], sort_keys=True) == before
        state.apply(seat, bot.choose(Turn(seat, legal, lambda: state.view(seat)), rng))


def test_hundreds_of_full_random_games_both_profiles():
    """Full random games by the hundred; every row balances; results match settle()."""
    rng = random.Random(7)
    bots = [MixBot(), GAME.rule_bot()]
    contracts = set()
    for i in range(400):
        profile = PROFILES[i % 2]
        m = GAME.new_match(profile, {"players": 5} if i % 7 == 0 else None, seed=i, max_deals=1)
        play_out(m, [bots[(i // 2) % 2]] * m.n, rng)
        r = m.logs[0].result
        assert sum(r.points) == 0 and sum(r.money) == 0
        contracts.add(r.summary["contract"])
        o = Outcome.from_json(r.summary["outcome"])
        s = settle(m.options, o)
        assert (s.points, s.money) == (r.points, r.money)
    assert len(contracts) >= 10, contracts


def test_records_replay_reproduce_results(tmp_path):
    """Record replay: a match written as a record replays to the same results."""
    rng = random.Random(11)
    for i, profile in enumerate(PROFILES * 5):
        m = GAME.new_match(profile, {"match_deals": 3}, seed=100 + i)
        play_out(m, [GAME.rule_bot()] * 4, rng)
        path = tmp_path / f"t{i}.json"
        records.dump(m, path)
        again = records.replay(records.load(path))
        assert again.totals == m.totals and again.result() == m.result()


def test_replay_refuses_a_tampered_record():
    m = GAME.new_match(None, seed=5, max_deals=1)
    play_out(m, [GAME.rule_bot()] * 4, random.Random(5))
    rec = records.to_record(m)
    rec["deals"][0]["actions"][0][1] = "pass"  # the Vorhand may not pass first
    try:
        records.replay(rec)
    except records.RecordError as e:
        assert e.rule == "Österreich-Finale 3)"
    else:
        raise AssertionError("tampered record replayed")


def test_match_sums_money_and_points():
    m = GAME.new_match(None, {"match_deals": 4}, seed=1)
    play_out(m, [GAME.rule_bot()] * 4, random.Random(1))
    res = m.result()
    assert sum(res["totals"]) == 0 and sum(res["money"]) == 0 and len(m.logs) == 4
