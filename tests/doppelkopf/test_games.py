"""Whole games: random and rule-based play by the hundred, records and replay, search hooks."""

import json
import random

import pytest

from stammtisch.bots.random import RandomBot
from stammtisch.core import records, registry
from stammtisch.core.driver import play_out
from stammtisch.core.errors import RecordError
from stammtisch.games.doppelkopf import GAME


class TalkativeRandom(RandomBot):
    """Random, and announces out of turn now and then."""

    def interject(self, turn, rng):
        return rng.choice(turn.legal) if rng.random() < 0.1 else None


def test_registered():
    assert registry.get("doppelkopf") is GAME and GAME.zero_sum


def test_random_games_by_the_hundred():
    rng = random.Random(1)
    for seed in range(300):
        m = GAME.new_match("turnier5" if seed % 3 == 0 else "turnier", seed=seed, max_deals=1)
        play_out(m, [TalkativeRandom()] * m.n, rng)
        res = m.logs[0].result
        assert sum(res.points) == 0 and res.summary["re_augen"] + res.summary["kontra_augen"] == 240
        assert len(res.summary["tricks"]) == 12


def test_rule_bot_always_legal_and_beats_random():
    rng = random.Random(2)
    rule = GAME.rule_bot()
    team = [0, 0]
    for seed in range(4):
        m = GAME.new_match(seed=seed)
        play_out(m, [rule, RandomBot(), rule, RandomBot()], rng)  # apply refuses anything illegal
        team[0] += m.totals[0] + m.totals[2]
        team[1] += m.totals[1] + m.totals[3]
    assert team[0] > team[1]


def test_rule_bot_plays_pflichtsolo_when_due_and_solos_with_strong_hands():
    rng = random.Random(3)
    m = GAME.new_match(seed=11)
    play_out(m, [GAME.rule_bot()] * 4, rng)
    pflicht = [lg for lg in m.logs if lg.result.summary["pflichtsolo"]]
    assert len(pflicht) == 4
    contracts = {lg.result.summary["contract"] for lg in m.logs}
    assert "normal" in contracts


def test_replay_of_records():
    rng = random.Random(4)
    for seed, profile in ((1, "turnier"), (2, "turnier5"), (3, "blatt")):
        m = GAME.new_match(profile, seed=seed)
        play_out(m, [GAME.rule_bot(), TalkativeRandom(), GAME.rule_bot(), TalkativeRandom(), RandomBot()][:m.n], rng)
        rec = json.loads(json.dumps(records.to_record(m)))
        again = records.replay(rec)
        assert again.totals == m.totals and again.result() == m.result()


def test_replay_refuses_a_tampered_record():
    m = GAME.new_match(seed=5, max_deals=1)
    play_out(m, [RandomBot()] * 4, random.Random(5))
    rec = json.loads(json.dumps(records.to_record(m)))
    acts = rec["deals"][0]["actions"]
    i = next(k for k, (s, a) in enumerate(acts) if a not in ("gesund", "vorbehalt") and len(a) <= 3)
    seat = acts[i][0]
    hand = set(rec["deals"][0]["deal"]["hands"][seat])
    acts[i][1] = next(c for c in ("XA", "PA", "HA", "KA", "X9", "P9") if c not in hand)
    with pytest.raises(RecordError) as e:
        records.replay(rec)
    assert e.value.rule.startswith("Doppelkopf-Turnier")


def test_all_actions_cover_every_legal_action():
    everything = set(GAME.all_actions(GAME.options()))
    assert len(everything) == len(GAME.all_actions(GAME.options()))
    rng = random.Random(6)
    for seed in range(20):
        m = GAME.new_match(seed=seed, max_deals=1)
        d = m.deal_state
        while not d.is_over():
            for s in d.active:
                assert set(d.legal_actions(s)) <= everything
            s = d.to_act()[0]
            d.apply(s, rng.choice(d.legal_actions(s)))


def test_sample_state_respects_voids_parties_and_announcements():
    rng = random.Random(7)
    for seed in range(30):
        m = GAME.new_match(seed=seed, max_deals=1)
        d = m.deal_state
        steps = rng.randrange(4, 40)
        while steps and not d.is_over():
            s = d.to_act()[0]
            d.apply(s, rng.choice(d.legal_actions(s)))
            steps -= 1
        if d.is_over():
            continue
        for seat in d.active:
            v = d.view(seat)
            for _ in range(3):
                other = GAME.sample_state(d.opts, v, rng)
                assert other.view(seat) == v
                assert other.level == d.level and other.public_contract(seat) == d.public_contract(seat)
                # the sampled state is playable to the end
                while not other.is_over():
                    s = other.to_act()[0]
                    other.apply(s, rng.choice(other.legal_actions(s)))
