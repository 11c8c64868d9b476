"""The Tarock kernel's search values: compiled settlement, playout policy, card and word values.

* Differential settlement: thousands of Königrufen deals of every contract of both profiles
  (4 and 5 players, table options flipped) are played out by the compiled policy; the compiled
  settlement's points must equal the engine's ``settlement().points`` for the same cards
  (Österreich-Finale 1)–9); Tiroler Cup, Abrechnung and Paragrafen "Valat").
* The playout policy is the rule player's card play: on every position of played deals it
  picks the card ``TarockRuleBot`` picks.
* Values have the right sign on constructed deals (a sure Valat, a hopeless Bettel), leave the
  state unchanged, and words the kernel cannot value come back as ``None``.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.bots.kernels import tarock as K  # noqa: E402
from stammtisch.bots.kernels.tarock_settle import settle_nb, settle_spec  # noqa: E402
from stammtisch.core import registry  # noqa: E402
from stammtisch.core.cards import TAROCK  # noqa: E402
from stammtisch.core.protocol import Deal, DealContext, Turn  # noqa: E402
from stammtisch.games.tarock.bot import TarockRuleBot  # noqa: E402

from .elsewhere import call_elsewhere  # noqa: E402
from .test_tarock_kernel import _new_deal, _to_play  # noqa: E402

GAME = registry.get("tarock")
SETTLE_CASES = [  # (profile, overrides, deals)
    ("oesterreich-finale", {}, 900),
    ("tiroler-cup", {}, 900),
    ("oesterreich-finale", {"players": 5, "kontra_counts_for_points": True, "silent_failed_costs": False,
                            "jungfrauen_share": False}, 500),
    ("tiroler-cup", {"players": 5, "kontra_counts_for_points": True, "kaiserstich_order": True}, 400),
]


@pytest.fixture(scope="module")
def kernel():
    return K.TarockKernel()


@pytest.mark.parametrize("profile,overrides,deals", SETTLE_CASES)
def test_compiled_settlement_equals_the_engine(kernel, profile, overrides, deals):
    """Österreich-Finale 1)-9), Tiroler Cup Abrechnung: the same played-out deal, the same points."""
    rng = random.Random(deals + len(overrides))
    names = list(GAME.options(profile, overrides).contract_order())
    seen, kinds = set(), set()
    for i in range(deals):
        d = _new_deal(rng, profile, overrides)
        _to_play(d, rng, names[i % len(names)])
        if d.phase != "play":
            continue
        eps = rng.choice([0.0, 0.1, 1.0])
        pos = kernel.arrays(d)
        out = K.policy_playout_nb(pos, rng.getrandbits(62), kernel.thirds, kernel.policy_ctx(d, eps), -1)
        pts = tuple(int(x) for x in settle_nb(settle_spec(d), pos, out, kernel.thirds))
        ref = kernel.finish(d.clone(), pos).settlement().points
        assert pts == ref, (i, d.contract.name, {k: t.level for k, t in d.premiums.items()})
        seen.add(d.contract.name)
        kinds.add(tuple(sorted(d.premiums)))
    assert seen == set(names)
    assert len(kinds) > 5  # announced premiums of many kinds were settled


def _fixed_deal(profile: str, hands: dict[int, list[str]], talon: list[str], overrides: dict | None = None):
    """A deal with chosen hands (dealer 3: seat 0 is Vorhand)."""
    opts = GAME.options(profile, overrides or {})
    used = {TAROCK.parse(c) for h in hands.values() for c in h} | {TAROCK.parse(c) for c in talon}
    rest = [c for c in range(54) if c not in used]
    full = []
    for s in range(4):
        h = [TAROCK.parse(c) for c in hands.get(s, [])]
        while len(h) < 12:
            h.append(rest.pop())
        full.append(tuple(sorted(h)))
    t = [TAROCK.parse(c) for c in talon]
    while len(t) < 6:
        t.append(rest.pop())
    deal = Deal(tuple(full), {"talon": tuple(t)})
    return GAME.new_deal(opts, DealContext(0, 3, deal, (0,) * 4))


def _say(d, words: list[tuple[int, str]]) -> None:
    for s, w in words:
        d.apply(s, w)


TOP12 = [f"T{n}" for n in range(11, 23)]


@pytest.mark.parametrize("profile,announce", [("oesterreich-finale", False), ("oesterreich-finale", True),
                                               ("tiroler-cup", False), ("tiroler-cup", True)])
def test_a_sure_valat_is_valued_exactly(kernel, profile, announce):
    """Solodreier with the twelve highest tarock: every trick is the declarer's (Valat,
    Österreich-Finale 9); Tiroler Cup, Paragrafen "Valat"). Every card is worth the engine's
    settlement of the Valat to the declarer, and the opponents' cards lose that much."""
    d = _fixed_deal(profile, {1: TOP12}, [])
    _say(d, [(0, "vorhand"), (1, "bid:solodreier"), (2, "pass"), (3, "pass")])
    if d.phase == "bidding":  # the Vorhand may hold (Österreich-Finale 3)); here he passes
        _say(d, [(0, "pass")])
    assert d.contract.name == "solodreier" and d.declarer == 1
    _say(d, [(1, "announce:valat" if announce else "gut")])
    while d.phase == "announce":
        d.apply(d.turn, "gut")
    assert d.phase == "play" and d.turn == 0
    # the opponent on lead: whatever he plays, he loses the Valat
    opp_vals = kernel.card_values(d, 0, d.legal_actions(0), 16, seed=1)
    ref = d.clone()
    while not ref.is_over():
        s = ref.turn
        ref.apply(s, ref.legal_actions(s)[0])
    assert all(w["winner"] == 1 for w in ref.tricks)
    expected = reward(GAME, d.opts, ref.result(), 0)
    assert expected < 0 and max(opp_vals) < 0
    if profile == "oesterreich-finale":  # Valat multiplies; only announced premiums count: one value
        assert opp_vals == pytest.approx([expected] * len(opp_vals))
    d.apply(0, d.legal_actions(0)[0])
    decl_vals = kernel.card_values(d, 1, d.legal_actions(1), 16, seed=2)
    assert min(decl_vals) > 0
    if profile == "oesterreich-finale":
        assert decl_vals == pytest.approx([reward(GAME, d.opts, ref.result(), 1)] * len(decl_vals))


def test_card_values_equal_the_engine_in_the_last_tricks(kernel):
    """From the eleventh trick on, with the policy's random share at 0, every playout is the same:
    each card's value is the engine's reward after that card and the rule player's cards."""
    rng = random.Random(11)
    bot = TarockRuleBot()
    checked = 0
    for i in range(300):
        d = _new_deal(rng, rng.choice(["oesterreich-finale", "tiroler-cup"]), {})
        _to_play(d, rng, rng.choice(["rufer", "dreier", "solorufer", "piccolo", "trischaken", "besserrufer"]))
        while d.phase == "play" and len(d.tricks) < 10:
            d.apply(d.turn, rng.choice(d.legal_actions(d.turn)))
        if d.phase != "play":
            continue
        s = d.turn
        legal = d.legal_actions(s)
        vals = kernel.card_values(d, s, legal, 3, seed=i, epsilon=0.0)
        for card, v in zip(legal, vals):
            e = d.clone()
            e.apply(s, card)
            while not e.is_over():
                w = e.turn
                e.apply(w, bot.choose(Turn(w, e.legal_actions(w), lambda: e.view(w)), rng))
            assert v == pytest.approx(reward(GAME, d.opts, e.result(), s)), (i, d.contract.name, card)
        checked += len(legal) > 1
    assert checked > 50


def test_the_sign_of_a_hopeless_bettel(kernel):
    """A Bettel with the twelve highest tarock takes every trick it leads (Österreich-Finale 6)):
    the declarer's cards are all worth the lost Bettel, the opponents' the won one."""
    d = _fixed_deal("oesterreich-finale", {2: TOP12}, [])
    _say(d, [(0, "vorhand"), (1, "pass"), (2, "bid:bettel"), (3, "pass")])
    if d.phase == "bidding":
        _say(d, [(0, "pass")])
    assert d.contract.name == "bettel" and d.declarer == 2
    while d.phase == "announce":
        d.apply(d.turn, "gut")
    assert d.turn == 2  # the declarer leads in negative games (Österreich-Finale 6))
    vals = kernel.card_values(d, 2, d.legal_actions(2), 8, seed=5)
    # Bettel 2 (tariff): each opponent wins 2, the declarer pays 6: reward -6 - (2+2+2)/3 = -8
    assert vals == pytest.approx([-8.0] * len(vals))
    d.apply(2, "T22")
    opp = kernel.card_values(d, 3, d.legal_actions(3), 8, seed=6)
    assert opp == pytest.approx([2 + 2 / 3] * len(opp))


def values_case(seed: int = 3) -> list[float]:
    """The card values of the first Rufer position in its play (rebuilt from fixed seeds): called here
    and in another process."""
    rng = random.Random(4)
    while True:
        d = _new_deal(rng, "tiroler-cup", {})
        _to_play(d, rng, "rufer")
        if d.phase == "play":
            return [float(x) for x in K.TarockKernel().card_values(d, d.turn, d.legal_actions(d.turn), 4, seed=seed)]


def test_card_values_are_the_same_in_another_process_and_follow_the_seed():
    """A function of position and seed: the same values in a fresh interpreter (another hash seed),
    other values for other seeds."""
    here = values_case()
    assert len(here) > 1 and here == call_elsewhere(f"{__name__}:values_case")
    assert any(values_case(seed) != here for seed in range(4, 10))


def test_card_values_leave_the_state_alone_and_follow_the_seed(kernel):
    rng = random.Random(4)
    for i in range(40):
        d = _new_deal(rng, "tiroler-cup", {})
        _to_play(d, rng, ["rufer", "dreier", "piccolo", "trischaken"][i % 4])
        if d.phase != "play":
            continue
        s = d.turn
        before = (d.view(s), list(d.hands), len(d.history))
        legal = d.legal_actions(s)
        a = kernel.card_values(d, s, legal, 4, seed=i)
        assert (d.view(s), list(d.hands), len(d.history)) == before
        assert kernel.card_values(d, s, legal, 4, seed=i) == a
        assert len(a) == len(legal) and all(np.isfinite(a))


def test_card_values_refuse_a_card_that_is_not_in_the_hand(kernel):
    rng = random.Random(8)
    d = _new_deal(rng, "oesterreich-finale", {})
    _to_play(d, rng, "rufer")
    s = d.turn
    other = next(p for p in d.players if p != s)
    foreign = TAROCK.format_mask(d.hands[other])[0]
    with pytest.raises(ValueError, match="not in seat"):
        kernel.card_values(d, s, [foreign], 2, seed=0)
    with pytest.raises(ValueError, match="turn"):
        kernel.card_values(d, other, [foreign], 2, seed=0)


def test_words_the_kernel_cannot_value_are_none(kernel):
    rng = random.Random(9)
    d = _new_deal(rng, "oesterreich-finale", {})
    s = d.turn
    legal = d.legal_actions(s)
    vals = kernel.word_values(d, s, legal + ["bid:nonsense", "T22"], 4, seed=1)
    assert vals[-2:] == [None, None]  # words the deal refuses
    assert all(isinstance(v, float) for v in vals[:-2])
    other = next(p for p in d.players if p != s)
    assert kernel.word_values(d, other, ["pass"], 4, seed=1) == [None]  # not this seat's turn
    _to_play(d, rng, "rufer")
    assert d.phase == "play"
    assert kernel.word_values(d, d.turn, ["gut"], 4, seed=1) == [None]  # no words in the play
    k2 = K.TarockKernel()
    k2.word_phases = frozenset({"bidding"})
    d2 = _new_deal(random.Random(3), "oesterreich-finale", {})
    while d2.phase == "bidding":
        d2.apply(d2.turn, TarockRuleBot().choose(Turn(d2.turn, d2.legal_actions(d2.turn),
                                                        lambda: d2.view(d2.turn)), rng))
    assert k2.word_values(d2, d2.turn, d2.legal_actions(d2.turn), 4, seed=1) == \
        [None] * len(d2.legal_actions(d2.turn))


@pytest.mark.parametrize("profile,overrides", [("oesterreich-finale", {}), ("tiroler-cup", {"players": 5})])
def test_the_playout_policy_plays_the_rule_players_cards(kernel, profile, overrides):
    """The compiled policy (epsilon 0) and ``TarockRuleBot._play`` choose the same card on every
    position of played deals, every contract."""
    rng = random.Random(12)
    bot = TarockRuleBot()
    names = list(GAME.options(profile, overrides).contract_order())
    positions = 0
    for i in range(150):
        d = _new_deal(rng, profile, overrides)
        _to_play(d, rng, names[i % len(names)])
        while d.phase == "play":
            s = d.turn
            legal = d.legal_actions(s)
            want = bot.choose(Turn(s, legal, lambda: d.view(s)), rng)
            pos = kernel.arrays(d)
            done, ncur = int(pos[K.P_DONE]), int(pos[K.P_NCUR])
            won = np.asarray([d.won_count[p] for p in d.players], np.int64)
            got = K.policy_nb(pos, d.players.index(s), kernel.legal(pos), K.P_REC + 4 * done, ncur,
                              bool(pos[K.P_COLOUR]), kernel.policy_ctx(d, 0.0), won, d.partner_revealed,
                              done + 1, kernel.thirds)
            assert TAROCK.format(int(got)) == want, (i, d.contract.name, len(d.tricks))
            positions += 1
            d.apply(s, want if rng.random() < 0.8 else rng.choice(legal))
    assert positions > 3000


def test_word_values_of_a_bid(kernel):
    """With the twelve highest tarock a Solodreier (8) is worth more than a Dreier (4) — both are
    sure — and passing is worth less (Österreich-Finale 3) tariff)."""
    d = _fixed_deal("oesterreich-finale", {1: TOP12}, [])
    _say(d, [(0, "vorhand")])
    words = ["pass", "bid:dreier", "bid:solodreier"]
    vals = kernel.word_values(d, 1, words, 8, seed=4)
    assert vals[2] > vals[1] > vals[0]
