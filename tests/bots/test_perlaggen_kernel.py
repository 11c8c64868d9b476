"""Differential tests: the compiled Perlaggen playout kernel against the reference engine.

Thousands of deals in the ``innsbruck`` and ``live`` profiles (any card may be played and the
revoke claimed, Perlaggen §17, §33), with the Eichel-Ober ranked high, and at 17 : 17 (§25):
the engine deals, cuts, exchanges and plays a random prefix (with bids and their answers, §8–§14),
the kernel plays the rest of the cards with each of its three policies (Taufen at random, §18;
plain cards; Perlaggen getauft as the trump Ace, §20), and the kernel's cards are replayed through
the engine with full validation. At every card the kernel's legal cards and its number of card
actions must equal the engine's (§15); every trick winner (§20), the tricks per side and the
side with the Spiel (§23) must agree.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from stammtisch.core import registry  # noqa: E402
from stammtisch.core.protocol import DealContext  # noqa: E402
from stammtisch.games.perlaggen.rules import parse_play  # noqa: E402
from stammtisch.bots.kernels import perlaggen as K  # noqa: E402

from .elsewhere import playout_elsewhere  # noqa: E402

GAME = registry.get("perlaggen")
CASES = [  # (profile, overrides, standing, deals)
    ("innsbruck", {}, (0, 0), 1500),
    ("live", {}, (3, 5), 700),
    ("innsbruck", {"eichel_ober_high": True}, (0, 0), 500),
    ("innsbruck", {}, (17, 17), 300),
]
_SKIP = ("zeichen:", "reklamieren:", "aufdecken", "zuruecknehmen")


def _new_deal(rng: random.Random, opts, standing):
    dealer = rng.randrange(4)
    deal = GAME.deal(opts, dealer, rng, {})
    return GAME.new_deal(opts, DealContext(0, dealer, deal, standing, {}))


def _card_actions(legal: list[str]) -> list[str]:
    out = []
    for a in legal:
        try:
            parse_play(a)
        except Exception:
            continue
        out.append(a)
    return out


def _step(d, rng: random.Random, cards_ok: bool) -> None:
    """One random action of the seat to move (no signals, claims or laying open)."""
    s = d.to_act()[0]
    legal = [a for a in d.legal_actions(s) if not a.startswith(_SKIP)]
    cards = _card_actions(legal)
    if d.phase == "play" and cards and (not cards_ok or rng.random() < 0.9):
        d.apply(s, rng.choice(cards))
    else:
        d.apply(s, rng.choice([a for a in legal if a not in cards] or legal))


@pytest.mark.parametrize("profile,overrides,standing,deals", CASES)
def test_kernel_matches_the_engine_on_thousands_of_deals(profile, overrides, standing, deals):
    opts = GAME.options(profile, overrides)
    kernels = [K.PerlaggenKernel(opts, policy) for policy in (K.POLICY_ACTIONS, K.POLICY_PLAIN,
                                                              K.POLICY_TRUMP_ACE)]
    rng = random.Random(deals)
    played = 0
    getauft = 0
    for i in range(deals):
        d = _new_deal(rng, opts, standing)
        while not d.is_over() and d.phase != "play":
            _step(d, rng, False)
        for _ in range(rng.choice([0, 0, rng.randrange(12)])):  # a random prefix, bids now and then
            if d.is_over() or d.phase not in ("play", "answer"):
                break
            _step(d, rng, True)
        while not d.is_over() and d.phase == "answer":
            _step(d, rng, False)
        if d.phase != "play":
            continue
        kernel = kernels[i % 3]
        pos = kernel.arrays(d)
        first = int(pos[K.P_DONE]) * 4 + int(pos[K.P_NCUR])
        out = kernel.playout_inplace(pos, rng.getrandbits(62))
        for k in range(first, int(out[K.O_PLAYED])):
            seat = d.to_act()[0]
            assert seat == pos[K.P_SEAT + k], (i, k)
            cards = _card_actions(d.legal_actions(seat))
            legal = kernel.legal(kernel.arrays(d))
            assert legal == sum(1 << c for c in {parse_play(a)[0] for a in cards}), (i, k)
            nat = legal & ~int(pos[K.P_PMASK])
            assert len(cards) == nat.bit_count() + K.taufen(int(pos[K.P_PMASK])) * (legal & int(pos[K.P_PMASK])).bit_count(), (i, k)
            action = kernel.notation(pos, k)
            assert action in cards
            getauft += "=" in action
            d.apply(seat, action)
            played += 1
            if k % 4 == 3:
                assert d.tricks[-1]["winner"] == out[K.O_WINNERS + k // 4], (i, k, d.tricks[-1])
        assert d.phase != "play", (i, d.phase)
        assert list(d.won) == list(out[K.O_TRICKS:K.O_TRICKS + 2])
        if standing[0] < opts.target - 1:  # at 17 : 17 the Spiel ends the deal at once (§25)
            assert d.spiel_side == out[K.O_SPIEL], (i, d.spiel_side, list(out))
    assert played > deals * 2 and getauft > 0


def test_random_deals_play_to_the_spiel():
    """Every deal ends when a side has three tricks (§23): 3 to 5 tricks, one Spiel each."""
    k = K.PerlaggenKernel()
    for policy in (K.POLICY_ACTIONS, K.POLICY_PLAIN, K.POLICY_TRUMP_ACE):
        tot = k.random_deals(2000, seed=3, policy=policy)
        assert tot[2] + tot[3] == 2000
        assert 3 * 2000 <= tot[0] + tot[1] <= 5 * 2000
        assert tot[4] == 4 * (tot[0] + tot[1])


def test_playout_is_a_function_of_position_and_seed():
    k = K.PerlaggenKernel()
    rng = random.Random(1)
    d = _new_deal(rng, GAME.options(), (0, 0))
    while d.phase != "play":
        _step(d, rng, False)
    pos = k.arrays(d)
    here = [int(x) for x in k.playout(pos, 42)]
    # the same position and seed in another process (another hash seed) gives the same playout ...
    assert here == playout_elsewhere("from stammtisch.bots.kernels import perlaggen as K\nk = K.PerlaggenKernel()",
                                     pos, 42)
    assert list(pos) == list(k.arrays(d))
    # ... and another seed another one (the seed is used)
    assert len({tuple(k.playout(pos, s)) for s in range(30)}) > 1


def test_rollout_finishes_a_deal_from_any_phase():
    k = K.PerlaggenKernel()
    rng = random.Random(5)
    for i in range(30):
        d = _new_deal(rng, GAME.options(), (0, 0))
        end = k.rollout(d.clone(), random.Random(i))
        assert end.is_over()
        end.result()


def test_unknown_policy_is_refused():
    with pytest.raises(ValueError, match="policy"):
        K.PerlaggenKernel(policy=7)
