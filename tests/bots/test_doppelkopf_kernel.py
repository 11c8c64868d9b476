"""Differential tests: the compiled Doppelkopf playout kernel against the reference engine.

Thousands of games of every contract (normal game, stille Hochzeit, Hochzeit with its
Klärungsstich, the seven solos; Doppelkopf-Turnier 3., 4.) in the ``turnier``, ``turnier5`` and
``blatt`` profiles: the engine plays a random prefix (cards and announcements, in and out of
turn), the kernel plays the rest, and the kernel's cards are replayed through the engine with
full validation. At every card the kernel's legal set must equal the engine's legal cards; every
trick winner, the Augen per seat and the settled points (with Sonderpunkte, Doppelkopf-Turnier 6.)
must agree.
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from stammtisch.core import registry  # noqa: E402
from stammtisch.core.bits import popcount  # noqa: E402
from stammtisch.core.cards import DOKO  # noqa: E402
from stammtisch.core.protocol import DealContext  # noqa: E402
from stammtisch.games.doppelkopf.rules import AUGEN, SOLO_KINDS, XD  # noqa: E402
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS  # noqa: E402
from stammtisch.bots.kernels import doppelkopf as K  # noqa: E402

from .elsewhere import playout_elsewhere  # noqa: E402

GAME = registry.get("doppelkopf")
XDM = (1 << XD) | (1 << (XD + 1))
DEALS = 3000
SEEDS = {"turnier": 1, "turnier5": 2, "blatt": 3}


@pytest.fixture(scope="module")
def kernel():
    return K.DoppelkopfKernel()


def _new_game(rng: random.Random, profile: str):
    opts = GAME.options(profile)
    dealer = rng.randrange(opts.players)
    deal = GAME.deal(opts, dealer, rng, {})
    ctx = DealContext(0, dealer, deal, (0,) * opts.players, {"regular_left": 20})
    return opts, GAME.new_deal(opts, ctx)


def _to_play(d, rng: random.Random, want: str) -> None:
    """Drive the Spielabfrage to the wanted contract (Doppelkopf-Turnier 2., 4.)."""
    holders = [s for s in d.active if popcount(d.hands[s] & XDM) == 2]
    holder = holders[0] if holders else None
    soloist = rng.choice(d.active)
    while d.phase != "play":
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        if d.phase == "vorbehalt":
            speak = (want.startswith("solo:") and s == soloist) or (want == "hochzeit" and s == holder)
            a = "vorbehalt" if speak else "gesund"
        elif want.startswith("solo:"):
            a = want
        else:
            a = "nein" if "nein" in legal else "hochzeit"
        d.apply(s, a)


def _random_prefix(d, rng: random.Random, cards: int) -> None:
    """Random play for ``cards`` cards, with announcements in turn and out of turn now and then."""
    played = 0
    while played < cards and not d.is_over():
        for s in d.interjectors():
            words = d.legal_actions(s)  # an earlier interjection may have closed this seat's window
            if words and rng.random() < 0.05:
                d.apply(s, rng.choice(words))
        s = d.to_act()[0]
        legal = d.legal_actions(s)
        words = [a for a in legal if a in ANNOUNCE_WORDS]
        if words and rng.random() < 0.15:
            d.apply(s, rng.choice(words))
            continue
        d.apply(s, rng.choice([a for a in legal if a not in ANNOUNCE_WORDS]))
        played += 1


def _engine_kinds(d, seat: int) -> set[str]:
    return {a for a in d.legal_actions(seat) if a not in ANNOUNCE_WORDS}


def _kernel_kinds(legal: int) -> set[str]:
    return {DOKO.notation[c] for c in range(48) if legal >> c & 1}


@pytest.mark.parametrize("profile", ["turnier", "turnier5", "blatt"])
def test_kernel_matches_the_engine_on_thousands_of_games(profile):
    rng = random.Random(SEEDS[profile])
    kernel = K.DoppelkopfKernel(GAME.options(profile))
    wants = ["normal", "hochzeit"] + [f"solo:{k}" for k in SOLO_KINDS]
    seen: set[str] = set()
    n = DEALS // 3
    for i in range(n):
        opts, d = _new_game(rng, profile)
        _to_play(d, rng, wants[i % len(wants)])
        _random_prefix(d, rng, rng.choice([0, 0, rng.randrange(48)]))
        if d.is_over():
            continue
        seen.add(d.contract + (":open" if d.contract == "hochzeit" and d.klaerung is None else ""))
        start = d.clone()
        pos = kernel.arrays(d)
        first = len(d.tricks) * 4 + len(d.trick)
        out = kernel.playout_inplace(pos, rng.getrandbits(62))
        for k in range(first, 48):
            seat = d.turn
            assert seat == d.active[pos[K.P_SEAT + k]], (i, k)
            led = pos[K.P_REC + 4 * (k // 4)] if k % 4 else -1
            legal = kernel.legal(d.hands[seat], int(led), d.order.name)
            assert _kernel_kinds(legal) == _engine_kinds(d, seat), (i, d.contract, k)
            d.apply(seat, DOKO.notation[pos[K.P_REC + k]])
            if k % 4 == 3:
                assert d.tricks[-1][2] == d.active[out[K.O_WINNERS + k // 4]], (i, k)
        assert d.is_over()
        augen = [0] * d.n
        tricks = [0] * d.n
        for _, cards, w in d.tricks:
            augen[w] += sum(AUGEN[c] for _, c in cards)
            tricks[w] += 1
        assert [augen[s] for s in d.active] == list(out[K.O_AUGEN:K.O_AUGEN + 4])
        assert [tricks[s] for s in d.active] == list(out[K.O_TRICKS:K.O_TRICKS + 4])
        assert [d.party[s] == "re" for s in d.active] == [bool(x) for x in out[K.O_RE:K.O_RE + 4]]
        res = d.result()
        assert res.summary["re_augen"] == out[K.O_RE_AUGEN]
        assert kernel.result(start, out).points == res.points, (i, d.contract)
    assert {"normal", "stille_hochzeit", "hochzeit", "hochzeit:open"} <= seen
    assert {f"solo:{k}" for k in SOLO_KINDS} <= seen


def test_random_games_conserve_augen_and_tricks(kernel):
    """Every game deals out 240 Augen (DDV TSR 2.2) in 12 tricks, whatever the trump kind."""
    tot = kernel.random_deals(2000, seed=3)
    assert sum(tot[0:4]) == 2000 * 240
    assert sum(tot[4:8]) == 2000 * 12
    assert 0 < tot[8] < 2000 * 240


def test_playout_is_a_function_of_position_and_seed(kernel):
    opts, d = _new_game(random.Random(1), "turnier")
    _to_play(d, random.Random(1), "normal")
    pos = kernel.arrays(d)
    here = [int(x) for x in kernel.playout(pos, 42)]
    # the same position and seed in another process (another hash seed) gives the same playout ...
    assert here == playout_elsewhere("from stammtisch.bots.kernels import doppelkopf as K\nk = K.DoppelkopfKernel()",
                                     pos, 42)
    assert list(pos) == list(kernel.arrays(d))  # the position is not changed
    # ... and another seed another one (the seed is used)
    outs = {tuple(kernel.playout(pos, s)) for s in range(20)}
    assert len(outs) > 1


def test_rollout_settles_like_the_engine(kernel):
    """The search entry point from any phase: random words until the play, then the kernel."""
    rng = random.Random(5)
    for i in range(30):
        _, d = _new_game(rng, "turnier")
        res = kernel.rollout(d.clone(), random.Random(i))
        assert sum(res.points) == 0 and any(res.points)


def test_arrays_refuse_a_game_before_the_play(kernel):
    _, d = _new_game(random.Random(2), "turnier")
    with pytest.raises(ValueError, match="phase 'vorbehalt'"):
        kernel.arrays(d)
