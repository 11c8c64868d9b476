"""The Jass kernel's search values (``card_values`` / ``word_values``) against the engine.

Differential: a kernel playout (one candidate, one playout, recorded card by card with the Stöck
shown) is replayed through the engine's fully validated ``apply`` — every card must be legal
there, the Weis the policy declares are said as ``weis`` — and the kernel's value must equal
``stammtisch.bots.common.reward`` of the engine's own settlement (card points, last trick §11,
Match §13, Weis §29, Stöck §29.3, multipliers §23, Misere §24.5, Tutti §24.6), on thousands of
positions in every mode of the ``varianten`` profile, with and without Weis and for both
Undenufe counts.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from stammtisch.core import registry
from stammtisch.core.cards import JASS
from stammtisch.core.errors import OptionError

try:
    GAME = registry.get("jass")
except (OptionError, ImportError):  # pragma: no cover
    pytest.skip("the Jass engine is not available", allow_module_level=True)

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.bots.kernels.jass import POLICY_HEURISTIC, POLICY_RANDOM, JassKernel, policy_card  # noqa: E402
from stammtisch.core.protocol import Match  # noqa: E402
from stammtisch.games.jass.state import JassDeal  # noqa: E402

POSITIONS = 1500


def _replay(state, seat: int, forced: bool, record) -> JassDeal:
    """The recorded playout through the engine (a copy of ``state``), validated at every step."""
    st = state.clone()
    first = True
    for x in record:
        if x == -1:
            break
        if x == -2:
            st.apply(st.turn, "stöck")
            continue
        s = st.turn
        if not (forced and first) and st.trick_no == 0 and "weis" in st.legal_actions(s):
            st.apply(s, "weis")  # the policy declares every Weis with the first card (§29)
        first = False
        st.apply(s, JASS.notation[int(x)])
    assert st.is_over()
    return st


def _position(rng: random.Random, profile: str, overrides: dict) -> tuple[JassDeal, object]:
    opts = GAME.options(profile, overrides)
    dealer = rng.randrange(4)
    m = Match(GAME, profile, overrides, max_deals=1, recorded=[(dealer, GAME.deal(opts, dealer, rng, {}))])
    d = m.deal_state
    while d.phase == "trump":
        s = d.to_act()[0]
        legal = [a for a in d.legal_actions(s) if a != "bedanken"]
        d.apply(s, rng.choice(legal))
    for _ in range(rng.randrange(0, 34)):  # random play, words said at random too
        s = d.turn
        legal = [a for a in d.legal_actions(s) if a not in ("bedanken", "rest")]
        words = [a for a in legal if a in ("stöck", "weis")]
        if words and rng.random() < 0.6:
            d.apply(s, rng.choice(words))
            continue
        cards = [a for a in legal if len(a) <= 3 and a[0] in "ESLR"]
        d.apply(s, rng.choice(cards))
        if d.phase != "play":
            break
    return d, opts


@pytest.mark.parametrize("profile,overrides", [
    ("varianten", {}), ("varianten", {"weis": False, "undenufe_eleven": "six"}), ("standard", {}),
])
def test_values_equal_the_engine_settlement_on_replayed_playouts(profile, overrides):
    rng = random.Random(hash(profile) % 1000 + len(overrides))
    seen: set[str] = set()
    stoeck = weis = match = 0
    for i in range(POSITIONS):
        d, opts = _position(rng, profile, overrides)
        if d.phase != "play":
            continue
        k = JassKernel(opts.undenufe_eleven)
        k.policy = POLICY_RANDOM if i % 3 == 0 else POLICY_HEURISTIC
        seat = d.turn
        forced = rng.random() < 0.8
        cand = rng.choice(d.legal_cards()) if forced else -1
        before = (list(d.hands), list(d.trick), d.trick_no, dict(d.weis_decl), list(d.stoeck_points))
        rec = np.full(48, -1, np.int64)
        v = k._values(d, seat, np.asarray([cand], np.int64), 1, rng.getrandbits(40), not forced, rec)[0]
        assert (list(d.hands), list(d.trick), d.trick_no, dict(d.weis_decl), list(d.stoeck_points)) == before
        if forced:
            assert rec[0] == cand
        end = _replay(d, seat, forced, rec)
        assert v == reward(GAME, opts, end.result(), seat), (i, d.mode.name, JASS.format_mask(d.hands[seat]))
        seen.add("trump" if len(d.mode.name) == 1 else d.mode.name.split(":")[0].split("-")[0])
        stoeck += -2 in rec or any(d.stoeck_points)
        weis += any(end.weis_points) and d.trick_no == 0
        match += 9 in end.tricks_won
    if profile == "varianten":
        assert {"trump", "obenabe", "undenufe", "slalom", "quer", "quer54", "misere", "3x3", "tutti"} <= seen
    else:
        assert {"trump", "obenabe", "undenufe"} <= seen
    assert stoeck > 3
    if overrides.get("weis", True):
        assert weis > 10
    assert match > 0


def _deal(hands: list[str], mode: str | None, weis: bool = False) -> JassDeal:
    opts = GAME.options("varianten", {"weis": weis})
    d = JassDeal.from_masks(opts, [sum(1 << JASS.parse(c) for c in h.split()) for h in hands], 3)
    if mode is not None:
        d.choose(mode)
    return d


ALL_E = ["E6 E7 E8 E9 E10 EU EO EK EA", "S6 S7 S8 S9 S10 SU SO SK SA",
         "L6 L7 L8 L9 L10 LU LO LK LA", "R6 R7 R8 R9 R10 RU RO RK RA"]


@pytest.mark.parametrize("mode,expected", [
    # §13: all 9 tricks, 157 + 100 Match, x7 (§23); Stöck (§29.3) 20 more for the holder, x7
    ("E", (157 + 100 + 20) * 7),
    # §24.5 Misere: team 1/3 takes everything, so team 2/4 writes 157 + the Kontermatch (§10) x7
    ("misere:E", -(157 + 100) * 7),
    # Obenabe x5 (§23): the Ass of Eicheln... seat 0 leads its Eicheln, nobody can follow
    ("obenabe", (157 + 100) * 5),
])
def test_match_and_multipliers_scenarios(mode, expected):
    d = _deal(ALL_E, mode)
    assert d.turn == 0
    k = JassKernel()
    for policy in (POLICY_RANDOM, POLICY_HEURISTIC):
        k.policy = policy
        vals = k.card_values(d, 0, JASS.format_mask(d.legal_mask()), 4, 1)
        assert vals == [float(expected)] * 9
    # the other team's point of view is the negative
    k.policy = POLICY_HEURISTIC
    d.play_card(JASS.parse("E6"))
    assert k.card_values(d, 1, ["S6"], 3, 2) == [-float(expected)]


def test_tutti_counts_the_first_suit_led():
    """§24.6: the multiplier is the suit of the first card led (E x7, R x2): every card of one
    hand, led first, takes all nine tricks (each seat holds one whole suit)."""
    d = _deal(ALL_E, "tutti")
    k = JassKernel()
    v = k.card_values(d, 0, ["E6"], 1, 0)
    assert v == [float((157 + 100) * 7)]
    d2 = _deal(ALL_E[3:] + ALL_E[:3], "tutti")  # seat 0 holds Rosen
    assert k.card_values(d2, 0, ["R6"], 1, 0) == [float((157 + 100) * 2)]


def test_word_values_of_trump_choice_and_push():
    d = _deal(ALL_E, None, weis=True)
    k = JassKernel()
    words = ["trump:E", "trump:obenabe", "trump:undenufe", "trump:S", "schieben", "rest", "bedanken", "trump:nonsense"]
    vals = k.word_values(d, 0, words, 4, 7)
    # every seat declares its nine-card Weis (§29: 300); seat 0's is the best (trump, or the first
    # declared of equal ones, §29.2), so its side writes seat 0's and seat 2's: 600
    # Eicheln trump: Match (§13), Stöck (§29.3) and the Weis, x7 (§23)
    assert vals[0] == (157 + 100 + 20 + 600) * 7
    assert vals[1] == (157 + 100 + 600) * 5  # Obenabe: seat 0 leads its Eicheln, nobody follows
    assert vals[2] == (157 + 100 + 600) * 6  # Undenufe likewise
    assert vals[3] is not None and vals[3] < vals[0]
    assert vals[4] is not None  # the partner names a mode (as the rule player would)
    assert vals[5:] == [None, None, None]
    assert d.phase == "trump" and d.mode is None  # not changed


def test_card_values_refuse_bad_input_and_keep_the_state():
    d = _deal(ALL_E, "E")
    k = JassKernel()
    with pytest.raises(ValueError, match="not a Jass card"):
        k.card_values(d, 0, ["XX"], 2, 0)
    with pytest.raises(ValueError, match="seat to play"):
        k.card_values(d, 1, ["S6"], 2, 0)
    d.play_card(JASS.parse("E6"))
    with pytest.raises(ValueError, match="seat to play"):
        k.card_values(d, 2, ["L6"], 2, 0)
    mixed = _deal(["E6 S6 L6 R6 E7 S7 L7 R7 E8", "E9 S9 L9 R9 E10 S10 L10 R10 S8",
                   "EU SU LU RU EO SO LO RO L8", "EK SK LK RK EA SA LA RA R8"], "obenabe")
    mixed.play_card(JASS.parse("E6"))
    with pytest.raises(ValueError, match="§15"):
        k.card_values(mixed, 1, ["E9", "S9"], 2, 0)
    d0 = _deal(ALL_E, "E")
    d0.phase = "trump"
    with pytest.raises(ValueError):
        k.card_values(d0, 0, ["E6"], 2, 0)
    assert k.card_values(d, 1, [], 2, 0) == []


def test_policy_card_plays_like_the_rule_player():
    """Scenario checks of the heuristic: cheapest winner in last position, schmieren on the
    partner's sure trick, cheapest discard when the trick is lost."""
    k = JassKernel()
    args = (k.strength, k.points, k.suit_mask, k.above)

    def play(hands: list[str], trick: list[str], tm: int) -> str:
        h = np.asarray([sum(1 << JASS.parse(c) for c in x.split()) if x else 0 for x in hands], np.int64)
        t = np.zeros(4, np.int64)
        t[:len(trick)] = [JASS.parse(c) for c in trick]
        seat = len(trick)  # seat 0 led
        legal = k.legal(int(h[seat]), [int(x) for x in t[:len(trick)]], tm, True)
        return JASS.notation[policy_card(h, seat, t, len(trick), tm, tm, True, False, 0, legal, *args)]

    # last to play, an opponent (seat 2's partner is seat 0... seat 3 plays last, opponents 0 and 2)
    # Obenabe (tm 4): S10 is led and S9 S8 follow; seat 3 holds SK and SA: the cheaper winner SK
    assert play(["L7", "L8", "L9", "SK SA L6"], ["S10", "S9", "S8"], 4) == "SK"
    # seat 2's partner (seat 0) led the SA, Bock: schmieren the S10 rather than the S6
    assert play(["", "", "S6 S10 L6", ""], ["SA", "S9"], 4) == "S10"
    # a trick it cannot win: the cheapest card (no points)
    assert play(["", "S6 S10 LA", "", ""], ["SA"], 4) == "S6"
