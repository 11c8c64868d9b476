"""sample_state (determinization) and the referee's rulings on records."""

from __future__ import annotations

import random

import pytest

from stammtisch.core import records
from stammtisch.core.driver import play_out, step
from stammtisch.core.errors import IllegalAction
from stammtisch.games.tarock import GAME, Outcome, Renonce, settle
from stammtisch.games.tarock.referee import rule_renonce, strike

from .helpers import MixBot


@pytest.mark.parametrize("profile", ["oesterreich-finale", "tiroler-cup"])
def test_sample_state_is_consistent_with_the_view(profile):
    """The sampled deal keeps the seat's hand, the public history, the open talon and the voids."""
    rng = random.Random(3)
    bots = [GAME.rule_bot(), MixBot(), MixBot("sechserdreier"), MixBot("farbendreier")]
    checked = 0
    for i in range(80):
        m = GAME.new_match(profile, seed=i, max_deals=1)
        for _ in range(rng.randrange(4, 70)):
            if m.is_over():
                break
            step(m, [bots[i % 4]] * 4, rng)
        if m.is_over():
            continue
        real = m.deal_state
        for seat in range(4):
            v = m.view(seat)["deal"]
            s = GAME.sample_state(m.options, v, rng)
            assert s.hands[seat] == real.hands[seat]
            assert s.public_view()["history"] == real.public_view()["history"]
            assert s.public_view()["talon"] == real.public_view()["talon"]
            assert s.phase == real.phase and s.turn == real.turn
            assert s.legal_actions(seat) == real.legal_actions(seat)
            # a sampled state can be played to the end
            if i % 10 == 0:
                while not s.is_over():
                    t = s.to_act()[0]
                    s.apply(t, s.legal_actions(t)[0])
            checked += 1
    assert checked > 50


def test_sample_state_hides_what_the_seat_does_not_know():
    """Different samples put the other seats' cards in different places."""
    m = GAME.new_match(None, seed=21, max_deals=1)
    rng = random.Random(1)
    while m.deal_state.phase != "play":
        step(m, [GAME.rule_bot()] * 4, rng)
    v = m.view(0)["deal"]
    hands = {GAME.sample_state(m.options, v, random.Random(k)).hands[1] for k in range(8)}
    assert len(hands) > 1


def test_referee_renonce_on_a_record():
    """Österreich-Finale 10): a referee declares (kind, offender) on a recorded game."""
    m = GAME.new_match(None, seed=8, max_deals=1)
    play_out(m, [GAME.rule_bot()] * 4, random.Random(8))
    rec = records.to_record(m)
    o = Outcome.from_json(m.logs[0].result.summary["outcome"])
    offender = o.players[2]
    r = rule_renonce(rec, 0, [("farbzwang", offender)])
    expect = settle(m.options, Outcome(o.contract, o.players, o.seats, o.declarer, o.partner,
                                       o.declarer_thirds, o.declarer_tricks, o.thirds, o.tricks,
                                       tuple(p for p in o.premiums if p.announced), o.kontra, o.kontras,
                                       renonces=(Renonce("farbzwang", offender),)))
    assert r.points == expect.points
    assert r.points[offender] < 0 and sum(r.points) == 0
    assert strike(rec, 0).points == (0, 0, 0, 0)
    with pytest.raises(IllegalAction):
        rule_renonce(rec, 0, [("schummeln", offender)])
    with pytest.raises(records.RecordError):
        rule_renonce(rec, 3, [("farbzwang", offender)])


def test_sample_state_with_five_players_including_the_sitting_dealer():
    rng = random.Random(2)
    bot = GAME.rule_bot()
    checked = 0
    for i in range(30):
        m = GAME.new_match(None, {"players": 5}, seed=i, max_deals=1)
        for _ in range(rng.randrange(3, 60)):
            if m.is_over():
                break
            step(m, [bot] * 5, rng)
        if m.is_over():
            continue
        for seat in range(5):
            s = GAME.sample_state(m.options, m.view(seat)["deal"], rng)
            assert s.hands[seat] == m.deal_state.hands[seat]
            assert s.public_view()["history"] == m.deal_state.public_view()["history"]
            checked += 1
    assert checked > 20


def test_tiroler_cup_praeambel_renonce_keeps_regular_players_harmless():
    """Tiroler Cup, Präambel: the Renonce rules keep every regular player harmless — with no silent
    premiums in play, each regular player gets at least what the regular end of the deal gave him."""
    rng = random.Random(12)
    checked = 0
    for i in range(120):
        profile = ("oesterreich-finale", "tiroler-cup")[i % 2]
        m = GAME.new_match(profile, seed=500 + i, max_deals=1)
        wanted = (None, "sechserdreier", "dreier", "piccolo", "solodreier", "bettel_ouvert")[i % 6]
        play_out(m, [MixBot(wanted)] * 4, rng)
        res = m.logs[0].result
        o = Outcome.from_json(res.summary["outcome"])
        if o.contract == "trischaken" or any(not p.announced for p in o.premiums) or o.schleifen:
            continue
        offender = o.players[rng.randrange(4)]
        r = rule_renonce(records.to_record(m), 0, [("farbzwang", offender)])
        for seat in o.players:
            if seat != offender:
                assert r.points[seat] >= res.points[seat], (i, seat, r.points, res.points)
                assert r.money[seat] >= res.money[seat]
        checked += 1
    assert checked > 30


def test_sample_state_respects_stichzwang_shown_in_play():
    """Österreich-Finale 5): under Stichzwang a seat that played T5 under a led T10 held no
    tarock that would have taken the trick (T11 .. Sküs), but may hold lower tarock, the Pagat
    and suit cards; the sampler deals it none of the higher ones (before, such views found
    no consistent deal and the search player fell back, issue #13.15)."""
    from stammtisch.core.cards import TAROCK
    from stammtisch.games.tarock.options import CONTRACTS
    from stammtisch.games.tarock.sampling import _excluded

    opts = GAME.options()
    ex = _excluded(opts, CONTRACTS["trischaken"], [[(1, "T10"), (2, "T5")]], me=0)
    higher = {TAROCK.parse(f"T{n}") for n in range(11, 23)}
    assert {c for c in range(54) if ex.get(2, 0) >> c & 1} == higher
    assert 1 not in ex or ex[1] == 0  # the leader showed nothing
    # a positive contract has no Stichzwang: nothing beyond the voids is inferred
    assert _excluded(opts, CONTRACTS["rufer"], [[(1, "T10"), (2, "T5")]], me=0).get(2, 0) == 0
