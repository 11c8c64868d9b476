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


# -- the Vorbehaltsabfrage hides beaten Vorbehalte (Doppelkopf-Turnier 2.) --------------------------

_INTENTS = ["gesund", "hochzeit", "solo:fleischlos", "solo:buben", "solo:damen", "solo:kreuz", "solo:pik",
            "solo:herz", "solo:karo"]


def _questioning_transcript(hands, dealer, done, intents):
    """Run the questioning with each seat acting on its secret intention; return every observation
    (each seat's view and the public view after every action, and after the first trick) and the
    seats that were asked in the tiers."""
    from .helpers import make_state, play_lowest

    st = make_state(hands, dealer=dealer, carry={"pflicht_done": done})
    seen = []
    asked = set()

    def look():
        seen.append(([st.view(s) for s in range(st.n)], st.public_view(), st.to_act()))

    look()
    while st.phase in ("vorbehalt", "erklaerung"):
        s = st.to_act()[0]
        want = intents[s]
        if st.phase == "vorbehalt":
            a = "gesund" if want == "gesund" else "vorbehalt"
        else:
            asked.add(s)
            a = want if want.startswith("solo:") or st.tier == "hochzeit" else "nein"
        st.apply(s, a)
        look()
    play_lowest(st, 1)
    look()
    return seen, asked, st


@given(st_.integers(0, 10**6), st_.integers(0, 3), st_.lists(st_.booleans(), min_size=4, max_size=4),
       st_.lists(st_.sampled_from(_INTENTS), min_size=4, max_size=4),
       st_.lists(st_.sampled_from(_INTENTS[1:]), min_size=4, max_size=4), st_.booleans())
def test_vorbehaltsabfrage_never_reveals_a_beaten_vorbehalt(seed, dealer, done, intents, other, queens):
    """2.: the Vorbehalte are asked tier by tier (Pflichtsolo, Lustsolo, Hochzeit) and the first yes
    wins, so a player behind the winner is never asked: whatever his Vorbehalt was (another solo,
    a Hochzeit), every observation of every seat is the same. Only the winning contract is declared."""
    from .helpers import hands_with

    q_seat = seed % 4
    hands = hands_with({q_seat: ["XD", "XD"]} if queens else {}, seed=seed, dealer=dealer)

    def valid(intent, s):
        both = hands[s].count("XD") == 2
        return intent if intent != "hochzeit" or both else "solo:buben"

    intents = [valid(x, s) for s, x in enumerate(intents)]
    seen, asked, st = _questioning_transcript(hands, dealer, done, intents)
    declared = st.public_view()["declarations"]
    assert len(declared) <= 1 and all(d == st.contract for _, d in declared)
    beaten = [s for s in range(4) if intents[s] != "gesund" and s not in asked]
    assert all(s not in {x for x, _ in declared} for s in beaten)
    if not beaten:
        return
    changed = list(intents)
    for s in beaten:
        changed[s] = valid(other[s], s)
    seen2, asked2, st2 = _questioning_transcript(hands, dealer, done, changed)
    assert asked2 == asked and st2.contract == st.contract
    assert seen2 == seen


@given(st_.integers(0, 10**9), st_.floats(0, 0.6))
def test_announcement_cache_agrees_with_the_windows(seed, talk):
    """5.: the cached announcement words (and 'closed for good') always equal the windows computed
    afresh from the hands and levels, for every seat at every step."""
    def check(d):
        for s in d.active:
            words = [a for a in d.legal_actions(s) if a in ANNOUNCE_WORDS]
            assert words == d._announce_options(s)
        assert set(d.interjectors()) == {s for s in d.active if s != d.turn and d._announce_options(s)}

    random_deal(seed, talk, check=check)
