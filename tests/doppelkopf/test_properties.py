"""Invariants under random play (Hypothesis): Augen, zero-sum rows, windows, no leaks."""

import random

from hypothesis import given
from hypothesis import strategies as st_

from stammtisch.core.cards import DOKO
from stammtisch.games.doppelkopf import GAME
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS


def random_deal(seed: int, talk: float, profile: str = "turnier", check=None):
    """One game with random actions; out-of-turn announcements with probability ``talk``."""
    rng = random.Random(seed)
    m = GAME.new_match(profile, seed=seed, max_deals=1)
    d = m.deal_state
    while not d.is_over():
        if check:
            check(d)
        for s in d.interjectors():
            legal = d.legal_actions(s)  # an earlier interjection may have closed this seat's window
            if legal and rng.random() < talk:
                d.apply(s, rng.choice(legal))
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        cards = [a for a in legal if a not in ANNOUNCE_WORDS]
        pick = rng.choice(legal) if rng.random() < talk or not cards else rng.choice(cards)
        d.apply(s, pick)
    return d


@given(st_.integers(0, 10**9), st_.floats(0, 0.5), st_.sampled_from(["turnier", "turnier5", "blatt"]))
def test_240_augen_and_rows_sum_to_zero(seed, talk, profile):
    d = random_deal(seed, talk, profile)
    res = d.result()
    assert res.summary["re_augen"] + res.summary["kontra_augen"] == 240
    assert sum(t["points"] for t in res.summary["tricks"]) == 240
    assert sum(res.points) == 0
    assert sum(ln.value for ln in res.lines) == res.summary["value"]
    if d.sitting is not None:
        assert res.points[d.sitting] == 0


@given(st_.integers(0, 10**9), st_.floats(0.05, 0.6))
def test_announcements_only_inside_windows(seed, talk):
    d = random_deal(seed, talk)
    shift = (d.klaerung - 1) if d.contract == "hochzeit" else 0
    required = {0: 11, 1: 10, 2: 9, 3: 8, 4: 7}  # Doppelkopf-Turnier 5.
    levels = {"re": -1, "kontra": -1}
    for seat, word, cards in d.announced_by:
        party = d.party[seat]
        other = "kontra" if party == "re" else "re"
        assert word not in ("re", "kontra") or word == party
        level = 0 if word in ("re", "kontra") else ANNOUNCE_WORDS.index(word) - 1
        for lv in range(levels[party] + 1, level + 1):  # every skipped level must be in time
            need = required[lv]
            if lv == 0 and levels[other] >= 0:
                need = min(need, required[levels[other]] - 1)  # a reply: one card later
            assert cards >= need - shift, (word, cards, lv)
        levels[party] = level
        if d.contract == "hochzeit":
            assert cards <= 12 - d.klaerung  # only after the Klärungsstich (4.)
    assert levels == d.level


@given(st_.integers(0, 10**9), st_.floats(0, 0.4))
def test_no_observation_reveals_another_hand_or_unrevealed_party(seed, talk):
    """A seat's view is identical for every deal consistent with it (sampled hidden hands), shows
    only its own cards, and every party it shows is true."""
    rng = random.Random(seed)
    checked = []

    def check(d):
        if rng.random() > 0.15:
            return
        for seat in d.active:
            v = d.view(seat)
            assert sorted(v["hand"]) == sorted(DOKO.format_mask(d.hands[seat]))
            for s, p in enumerate(v["parties"]):
                assert p is None or p == d.party[s]
            other = GAME.sample_state(d.opts, v, rng)
            assert other.view(seat) == v
            assert other.public_view() == d.public_view()
            checked.append(seat)
        pv = d.public_view()
        assert pv["hand"] is None
        for s, p in enumerate(pv["parties"]):
            assert p is None or p == d.party[s]

    random_deal(seed, talk, check=check)


def test_kontra_player_cannot_see_partner_before_reveal():
    """A Kontra player in a normal game knows only himself until play or announcements show more."""
    for seed in range(40):
        m = GAME.new_match(seed=seed, max_deals=1)
        d = m.deal_state
        for s in list(d.active):
            d.apply(s, "gesund")
        if d.contract != "normal":
            continue
        for s in d.active:
            v = d.view(s)["parties"]
            assert sum(p is not None for p in v) == 1 and v[s] == d.party[s]
        assert d.public_view()["parties"] == [None] * 4
