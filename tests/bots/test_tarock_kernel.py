"""Differential tests: the compiled Tarock playout kernel against the reference engine.

Thousands of Königrufen deals of every contract of both profiles (Rufer, Besserrufer with its
bird, Solorufer, Dreier, Sechserdreier, the colour games, Trischaken, Piccolo, Zwiccolo and Bettel
ouvert and not; Österreich-Finale 3)–7)), with four and five players, with the Kaiserstich
(Tiroler Cup, Paragrafen) in and out of order, and with announced birds (Österreich-Finale 8)):
the engine plays a random prefix, the kernel plays the rest, and the kernel's cards are replayed
through the engine with full validation. At every card the kernel's legal set must equal the
engine's legal cards; every trick winner, the cards and card points (thirds) each player won
and the settled points must agree.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from stammtisch.core import registry  # noqa: E402
from stammtisch.core.cards import TAROCK  # noqa: E402
from stammtisch.core.protocol import DealContext  # noqa: E402
from stammtisch.games.tarock.cards import BIRDS, thirds_of  # noqa: E402
from stammtisch.games.tarock.options import CONTRACTS  # noqa: E402
from stammtisch.bots.kernels import tarock as K  # noqa: E402

from .elsewhere import playout_elsewhere  # noqa: E402

GAME = registry.get("tarock")
CASES = [  # (profile, overrides, deals)
    ("oesterreich-finale", {}, 1400),
    ("tiroler-cup", {}, 1000),
    ("tiroler-cup", {"kaiserstich_order": True}, 400),
    ("oesterreich-finale", {"players": 5}, 300),
]


@pytest.fixture(scope="module")
def kernel():
    return K.TarockKernel()


def _new_deal(rng: random.Random, profile: str, overrides: dict):
    opts = GAME.options(profile, overrides)
    dealer = rng.randrange(opts.players)
    deal = GAME.deal(opts, dealer, rng, {})
    return GAME.new_deal(opts, DealContext(0, dealer, deal, (0,) * opts.players))


def _to_play(d, rng: random.Random, want: str) -> None:
    """Bid the wanted contract where the hand allows it (else whatever is left), then random
    bird, call, talon and discards, and now and then a premium announcement."""
    declarer = d.players[0] if CONTRACTS[want].vorhand else rng.choice(d.players)
    while d.phase not in ("play", "over"):
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        if d.phase == "bidding":
            if s == declarer and f"bid:{want}" in legal:
                a = f"bid:{want}"
            elif "pass" in legal:
                a = "pass"
            elif "vorhand" in legal:
                a = "vorhand"
            else:
                a = f"bid:{want}" if f"bid:{want}" in legal else rng.choice(legal)
        elif d.phase == "talon":
            a = rng.choice([x for x in legal if x != "schleifen"])
        elif d.phase == "announce":
            birds = [x for x in legal if x[9:] in BIRDS]
            if birds and rng.random() < 0.5:
                a = rng.choice(birds)
            else:
                a = "gut" if rng.random() < 0.7 else rng.choice(legal)
        else:
            a = rng.choice(legal)
        d.apply(s, a)


def _engine_cards(d, seat: int) -> int:
    m = 0
    for a in d.legal_actions(seat):
        m |= 1 << TAROCK.parse(a)
    return m


@pytest.mark.parametrize("profile,overrides,deals", CASES)
def test_kernel_matches_the_engine_on_thousands_of_deals(kernel, profile, overrides, deals):
    rng = random.Random(deals)
    names = list(GAME.options(profile, overrides).contract_order())
    seen: set[str] = set()
    birds_tested = 0
    for i in range(deals):
        d = _new_deal(rng, profile, overrides)
        _to_play(d, rng, names[i % len(names)])
        for _ in range(rng.choice([0, 0, rng.randrange(48)])):  # a random prefix of the play
            s = d.to_act()[0]
            d.apply(s, rng.choice(d.legal_actions(s)))
        if d.phase != "play":
            continue
        seen.add(d.contract.name)
        start = d.clone()
        pos = K.TarockKernel.arrays(kernel, d)
        birds_tested += bool(pos[K.P_BIRDS:K.P_BIRDS + 4].any())
        first = len(d.tricks) * 4 + len(d.trick)
        work = pos.copy()
        out = kernel.playout_inplace(work, rng.getrandbits(62))
        for k in range(first, 48):
            seat = d.turn
            assert seat == d.players[work[K.P_SEAT + k]], (i, k)
            assert kernel.legal(kernel.arrays(d)) == _engine_cards(d, seat), (i, d.contract.name, k)
            d.apply(seat, TAROCK.format(int(work[K.P_REC + k])))
            if k % 4 == 3 and d.phase != "over":
                assert d.tricks[-1]["winner"] == d.players[out[K.O_WINNERS + k // 4]], (i, k)
        assert d.is_over(), (i, d.contract.name)
        assert [d.won[s] for s in d.players] == list(out[K.O_WON:K.O_WON + 4]), (i, d.contract.name)
        assert [thirds_of(d.won[s]) for s in d.players] == list(out[K.O_THIRDS:K.O_THIRDS + 4])
        assert [d.won_count[s] for s in d.players] == list(out[K.O_TRICKS:K.O_TRICKS + 4])
        assert [TAROCK.parse(x) for x in [t["cards"][t["seats"].index(t["winner"])] for t in d.tricks]] \
            == list(out[K.O_WIN_CARD:K.O_WIN_CARD + 12])
        fast = kernel.finish_fast(start.clone(), work, out)
        fin = kernel.finish(start, work)
        assert fin.is_over() and fin.result().points == d.result().points, (i, d.contract.name)
        assert fast.is_over() and fast.settlement() == d.settlement(), (i, d.contract.name)
    assert seen == set(names)  # every contract of the profile was played
    assert birds_tested > 0


def test_random_deals_conserve_card_points(kernel):
    """48 cards in tricks (Trischaken: all 54 with the talon); 210 thirds in the pack (Österreich-Finale 1))."""
    tot = kernel.random_deals(1000, seed=3, contracts=["trischaken"])
    assert sum(tot[0:4]) == 1000 * 210
    assert sum(tot[4:8]) == 1000 * 12
    tot = kernel.random_deals(1000, seed=4, kaiserstich=True)
    assert sum(tot[4:8]) == 1000 * 12
    assert sum(tot[0:4]) < 1000 * 210


def test_playout_is_a_function_of_position_and_seed(kernel):
    rng = random.Random(1)
    d = _new_deal(rng, "oesterreich-finale", {})
    _to_play(d, rng, "trischaken")
    pos = kernel.arrays(d)
    here = [int(x) for x in kernel.playout(pos, 42)]
    # the same position and seed in another process (another hash seed) gives the same playout ...
    assert here == playout_elsewhere("from stammtisch.bots.kernels import tarock as K\nk = K.TarockKernel()", pos, 42)
    assert list(pos) == list(kernel.arrays(d))
    # ... and another seed another one (the seed is used)
    assert len({tuple(kernel.playout(pos, s)) for s in range(20)}) > 1


def test_rollout_settles_like_the_engine_from_any_phase(kernel):
    rng = random.Random(5)
    for i in range(30):
        d = _new_deal(rng, "oesterreich-finale", {})
        res = kernel.rollout(d.clone(), random.Random(i))
        full = d.clone()
        r2 = random.Random(i)
        while full.phase not in ("play", "over"):  # the same random words, then the same kernel cards
            s = full.to_act()[0]
            legal = full.legal_actions(s)
            full.apply(s, legal[r2.randrange(len(legal))])
        if full.phase == "play":
            pos = kernel.arrays(full)
            first = len(full.tricks) * 4 + len(full.trick)
            kernel.playout_inplace(pos, r2.getrandbits(62))
            for k in range(first, 48):  # the engine with full validation
                full.apply(full.players[pos[K.P_SEAT + k]], TAROCK.format(int(pos[K.P_REC + k])))
        assert full.is_over()
        assert res.points == full.result().points and res.money == full.result().money


def test_arrays_refuse_a_deal_before_the_play(kernel):
    d = _new_deal(random.Random(2), "oesterreich-finale", {})
    with pytest.raises(ValueError, match="phase 'bidding'"):
        kernel.arrays(d)
