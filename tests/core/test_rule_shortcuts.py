"""The shortcuts the integer path takes inside the rules, each against the plain reading it replaces.

``tests/core/test_fast_paths.py`` compares the integer path with the notation path, but both share
the rule functions; these tests check the shared shortcuts themselves. Random deals of every
profile are played through the integer API and, at every step, each shortcut is compared with its
reference written out here the long way (the code before the shortcut):

* Tarock: the bird-order check of the legal cards (Österreich-Finale 8)) only for a seat with two
  announced birds, every bird card tried otherwise; bids tried from the current bid up
  (Österreich-Finale 3)), every contract of the order otherwise; no premium words for a seat
  that said "gut";
* Doppelkopf: the announcement windows memoised, ``announcements.legal_levels`` asked directly
  otherwise (Doppelkopf-Turnier 5.);
* Perlaggen: the unseen bids as a subset test (§32), every figure asked otherwise; a side's total
  (§12, §21) summed the long way.
"""

from __future__ import annotations

import random

import pytest

from stammtisch.core import registry
from stammtisch.core.bits import iter_bits
from stammtisch.core.protocol import DealContext

DEALS = 150


def _deals(game_name: str):
    """Random deals of every profile, played through the integer API; yields each state before
    every decision (and the seat to act)."""
    game = registry.get(game_name)
    for profile in game.profiles:
        options = game.options(profile)
        columns = tuple(0 for _ in game.columns(options))
        for seed in range(DEALS):
            rng = random.Random(f"{profile}:{seed}")
            dealer = rng.randrange(game.num_seats(options))
            st = game.new_deal(options, DealContext(0, dealer, game.deal(options, dealer, rng, {}), columns))
            while not st.is_over():
                seat = st.to_act()[0]
                yield st, seat
                ids = st.legal_action_ids(seat)
                st.apply_id(seat, ids[rng.randrange(len(ids))])


def _tarock_mask_reference(st, seat: int) -> int:
    """Österreich-Finale 8): every bird card tried against the bird order (the code before)."""
    from stammtisch.games.tarock.cards import PAGAT

    allowed = st._playable(seat)
    birds = allowed & (0b1111 << PAGAT)
    if st.premiums and birds:
        for card in iter_bits(birds):
            if st._bird_order_breach(seat, card, allowed):
                allowed &= ~(1 << card)
    return allowed


def _tarock_bids_reference(st, seat: int) -> list[str]:
    """Österreich-Finale 3): every contract of the order asked with its refusal text."""
    return [f"bid:{n}" for n in st._order() if st._bid_allowed(seat, n) is None
            and st._choice_renonce(seat, n) is None]


def test_tarock_shortcuts_equal_the_long_reading() -> None:
    from stammtisch.games.tarock.options import PREMIUMS

    checked = {"play": 0, "breach": 0, "bidding": 0, "announce": 0}
    for st, seat in _deals("tarock"):
        if st.phase == "play":
            want = _tarock_mask_reference(st, seat)
            assert st._legal_play_mask(seat) == want
            checked["play"] += 1
            checked["breach"] += want != st._playable(seat)
        elif st.phase == "bidding":
            got = [a for a in st._legal_bidding(seat) if a.startswith("bid:")]
            assert got == _tarock_bids_reference(st, seat)
            checked["bidding"] += 1
        elif st.phase == "announce":
            got = [a for a in st._legal_announce(seat) if a.startswith("announce:")]
            assert got == [f"announce:{p}" for p in PREMIUMS if st._may_announce(seat, p)]
            checked["announce"] += 1
    # the shortcuts were exercised, the bird order too (a test that cannot fail is a defect)
    assert all(checked.values()), checked


def test_doppelkopf_announcement_memo_equals_the_windows() -> None:
    from stammtisch.games.doppelkopf import announcements as ann

    asked = 0
    for st, _ in _deals("doppelkopf"):
        if st.phase != "play":
            continue
        for s in st.active:
            party = st.party[s]
            shift = st._shift()
            if party is None or shift is None:
                want: list[str] = []
            else:
                own, opp = st.level[party], st.level["kontra" if party == "re" else "re"]
                held = st.hands[s].bit_count()
                levels = ann.legal_levels(own, opp, held, shift, st.erstansage[party], st.opts.late_reply_absagen) \
                    if own < 4 else []
                want = [ann.WORDS[party][lv] for lv in levels]
            assert st._announce_options(s) == want
            asked += bool(want)
    assert asked


def test_perlaggen_shortcuts_equal_the_long_reading() -> None:
    from stammtisch.games.perlaggen.state import UNSEEN_SPECS, _unseen_names, side_of

    looked = 0
    for st, seat in _deals("perlaggen"):
        for side in (0, 1):
            fined = 2 * sum(1 for p in st.penalties if p.kind == "ueberbieten" and p.side == side)
            want = max(0, st.standing[side] - fined) + sum(f.conceded_value for f in st.figs.values()
                                                           if f.conceded_to == side and not f.unseen)
            assert st.total(side) == want
        if st.phase == "look":
            got = [a for a in st.legal_actions(seat) if a.startswith("ungesehen:")]
            partner = (seat + 2) % 4
            want_unseen = [f"ungesehen:{s}" for s in UNSEEN_SPECS
                           if all(st.figs[n].status == "open" for n in _unseen_names(s))] \
                if not st.looked[partner] and st.total(side_of(seat)) < st.opts.target - 1 else []
            assert got == want_unseen
            looked += bool(want_unseen)
    assert looked


@pytest.mark.parametrize("game_name", ["jass"])
def test_jass_trump_ids_name_the_listed_modes(game_name: str) -> None:
    """§23, §25: the chooser's ids are its listed words, and each id names the mode it says."""
    asked = 0
    for st, _seat in _deals(game_name):
        if st.phase != "trump":
            continue
        space = st.action_space()  # the profile's: Quer 5/4 and the other variants add modes
        asked += 1
        ids, named = st._trump_ids()
        words = [space.actions[i] for i in ids]
        assert words == st._trump_words()
        assert all(named[i] == (None if w == "schieben" else w[6:]) for i, w in zip(ids, words))
    assert asked
