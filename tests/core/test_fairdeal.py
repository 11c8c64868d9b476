"""The fair-deal derivation (core.fairdeal, docs/fair-deals.md) and ``verify`` (core.verify).

The Python in docs/fair-deals.md is run as it stands there and must give the program's deals,
for all four games; ``verify`` accepts a fair record and refuses one card moved between two
hands (naming the deal), a changed seed, a changed commitment and a changed dealer."""

from __future__ import annotations

import copy
import json
import random
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from stammtisch import bots
from stammtisch.core import fairdeal, records, registry
from stammtisch.core.protocol import Match, Turn
from stammtisch.core.verify import VerifyError, verify

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair-deals.md"
GAMES = ["jass", "doppelkopf", "tarock", "perlaggen"]


def _doc_code() -> dict:
    text = DOC.read_text(encoding="utf-8")
    section = text.split("## The derivation", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    assert len(code.strip().splitlines()) <= 25  # "a dozen lines" (plus blank ones)
    space: dict = {}
    exec(code, space)  # noqa: S102 - the documentation's own code, run as a reader would
    return space


def _doc_hands(game_name: str, seed: bytes, number: int, dealer: int, seats: int):
    """The hands (sorted card numbers) of deal ``number`` as the documentation computes them."""
    doc = _doc_code()
    s = doc["stream"](seed, f"stammtisch deal {number}")
    size = registry.get(game_name).deck.size
    order = doc["shuffled"](size, s)
    if game_name == "jass":
        cut = 3 + doc["below"](s, 31)
        pack = order[cut:] + order[:cut]
        hands = [[] for _ in range(4)]
        i = 0
        for _ in range(3):
            for k in range(1, 5):
                hands[(dealer + k) % 4] += pack[i:i + 3]
                i += 3
        return {"hands": [sorted(h) for h in hands]}
    if game_name == "doppelkopf":
        hands, i = [], 0
        for s_ in range(seats):
            if seats == 5 and s_ == dealer:
                hands.append([])
                continue
            hands.append(sorted(order[i * 12:(i + 1) * 12]))
            i += 1
        return {"hands": hands}
    if game_name == "tarock":
        players = [(dealer + 1 + i) % seats for i in range(4)]
        hands = [[] for _ in range(seats)]
        for p, at in zip(players, range(0, 24, 6)):
            hands[p] += order[at:at + 6]
        for p, at in zip(players, range(30, 54, 6)):
            hands[p] += order[at:at + 6]
        return {"hands": [sorted(h) for h in hands], "talon": order[24:30]}
    return {"deck": order}


def _play(game_name: str, seed: bytes, deals: int = 3) -> Match:
    game = registry.get(game_name)
    m = Match(game, game.default_profile, {"target": 5000} if game_name == "jass" else {},
              max_deals=deals, fair_seed=seed)
    bot = bots.make("rule", game)
    r = random.Random(5)
    while not m.is_over():
        s = (m.to_act() or m.interjectors())[0]
        m.apply(s, bot.choose(Turn(s, m.legal_actions(s), lambda s=s: m.view(s)), r))
    return m


@pytest.mark.parametrize("game_name", GAMES)
def test_the_documented_dozen_lines_recompute_every_deal(game_name):
    seed = bytes.fromhex("5a" * 32)
    m = _play(game_name, seed)
    doc = _doc_code()
    s = doc["stream"](seed, "stammtisch first dealer")
    if game_name == "tarock":
        assert m.logs[0].ctx.dealer == doc["below"](s, m.n)
    elif game_name == "doppelkopf":
        assert m.logs[0].ctx.dealer == 0
    elif game_name == "jass":
        seats = [0, 1, 2, 3]
        while len(seats) > 1:
            ranks = [c % 9 for c in doc["shuffled"](36, s)[:len(seats)]]
            seats = [x for x, r in zip(seats, ranks) if r == max(ranks)]
        assert m.logs[0].ctx.dealer == seats[0]
    for log in m.logs:
        want = _doc_hands(game_name, seed, log.ctx.number, log.ctx.dealer, m.n)
        deal = log.ctx.deal
        if "deck" in want:
            assert list(deal.piles["deck"]) == want["deck"]
            continue
        assert [sorted(h) for h in deal.hands] == want["hands"], f"deal {log.ctx.number + 1}"
        if "talon" in want:
            assert sorted(deal.piles["talon"]) == sorted(want["talon"])


@given(st.binary(min_size=32, max_size=32), st.integers(1, 300))
@settings(max_examples=60, deadline=None)
def test_below_stays_in_range_and_is_a_function_of_seed_and_label(seed, n):
    a = [fairdeal.below(fairdeal.stream(seed, "x"), n) for _ in range(2)]
    assert a[0] == a[1] and 0 <= a[0] < n
    s = fairdeal.stream(seed, "y")
    assert all(0 <= fairdeal.below(s, n) < n for _ in range(20))


def test_below_is_uniform_enough():
    """Rejection keeps every value equally likely: 36 values, 36,000 draws, chi-square small."""
    s = fairdeal.stream(b"k" * 32, "uniform")
    counts = [0] * 36
    for _ in range(36_000):
        counts[fairdeal.below(s, 36)] += 1
    chi2 = sum((c - 1000) ** 2 / 1000 for c in counts)
    assert chi2 < 80  # 35 degrees of freedom: p < 1e-4 above ~75


def test_the_deals_differ_between_seeds_and_deal_numbers():
    a, b = _play("jass", bytes(32), 2), _play("jass", bytes(31) + b"\x01", 2)
    ha = [log.ctx.deal.hands for log in a.logs]
    hb = [log.ctx.deal.hands for log in b.logs]
    assert ha[0] != hb[0] and ha[0] != ha[1]


@pytest.mark.parametrize("game_name", GAMES)
def test_verify_accepts_a_fair_record(game_name):
    m = _play(game_name, fairdeal.new_seed(), 2)
    rec = json.loads(json.dumps(records.to_record(m)))
    assert rec["commitment"] == fairdeal.commitment(bytes.fromhex(rec["seed"]))
    assert verify(rec) == len(m.logs)


def test_the_seed_is_in_the_record_only_once_the_match_is_over():
    seed = fairdeal.new_seed()
    game = registry.get("jass")
    m = Match(game, "standard", {}, max_deals=1, fair_seed=seed)
    rec = records.to_record(m)
    assert rec["commitment"] == fairdeal.commitment(seed) and rec["seed"] is None
    assert seed.hex() not in json.dumps(rec)


def test_verify_refuses_a_card_moved_between_two_hands_naming_the_deal():
    rec = json.loads(json.dumps(records.to_record(_play("jass", fairdeal.new_seed(), 3))))
    bad = copy.deepcopy(rec)
    hands = bad["deals"][2]["deal"]["hands"]
    hands[3].append(hands[1].pop(0))  # one card of seat 1's hand moved to seat 3's
    hands[3].sort()
    with pytest.raises(VerifyError) as e:
        verify(bad)
    assert e.value.deal == 2 and str(e.value).startswith("deal 3:")


def test_verify_refuses_a_changed_seed_and_a_changed_commitment():
    rec = json.loads(json.dumps(records.to_record(_play("doppelkopf", fairdeal.new_seed(), 1))))
    other = copy.deepcopy(rec)
    other["seed"] = fairdeal.new_seed().hex()
    with pytest.raises(VerifyError, match="commitment does not match"):
        verify(other)
    other = copy.deepcopy(rec)
    other["commitment"] = fairdeal.commitment(b"x")
    with pytest.raises(VerifyError, match="commitment does not match"):
        verify(other)
    # a new seed with its own commitment: the commitment matches, the deals do not
    other = copy.deepcopy(rec)
    seed = fairdeal.new_seed()
    other["seed"], other["commitment"] = seed.hex(), fairdeal.commitment(seed)
    with pytest.raises(VerifyError) as e:
        verify(other)
    assert e.value.deal == 0


def test_verify_refuses_a_record_without_seed():
    rec = json.loads(json.dumps(records.to_record(_play("jass", fairdeal.new_seed(), 1))))
    rec["seed"] = None
    with pytest.raises(VerifyError, match="no revealed seed"):
        verify(rec)
    plain = records.to_record(registry.get("jass").new_match(seed=3, max_deals=1))
    with pytest.raises(VerifyError, match="derivation"):
        verify(plain)
