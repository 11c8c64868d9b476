"""The Doppelkopf kernel's search side: the compiled settlement (``settle_nb``) against the engine's
:func:`~stammtisch.games.doppelkopf.scoring.settle` on the same played-out games, the values
``card_values`` / ``word_values`` the PIMC search (:mod:`stammtisch.bots.pimc`) asks for, their
sign on constructed positions, and the words the kernel cannot value (``None``).

Rules: Doppelkopf-Turnier 1. (follow suit), 2.–4. (Spielabfrage, solos, Hochzeit), 5. (Ansagen
and Absagen), 6. (winner, Sonderpunkte), 7. (points, ×3 for a single player); DDV 7.1, 7.2 (value).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("numba")

from stammtisch.bots.common import reward  # noqa: E402
from stammtisch.bots.kernels import doppelkopf as K  # noqa: E402
from stammtisch.core.cards import DOKO  # noqa: E402
from stammtisch.core.protocol import Deal, DealContext  # noqa: E402
from stammtisch.games.doppelkopf.rules import KA, SOLO_KINDS, XD  # noqa: E402
from stammtisch.games.doppelkopf.state import ANNOUNCE_WORDS, DoppelkopfDeal  # noqa: E402

from .elsewhere import call_elsewhere  # noqa: E402
from .test_doppelkopf_kernel import GAME, _new_game, _random_prefix, _to_play  # noqa: E402

SEEDS = {"turnier": 11, "turnier5": 12, "blatt": 13}


def _cards(d, seat):
    return [a for a in d.legal_actions(seat) if a not in ANNOUNCE_WORDS]


def _finish(d, pos, start):
    """Replay the kernel's record from card ``start`` through the engine (fully validated)."""
    for j in range(start, 48):
        d.apply(d.turn, DOKO.notation[pos[K.P_REC + j]])
    return d.result()


@pytest.mark.parametrize("profile", ["turnier", "turnier5", "blatt"])
def test_compiled_settlement_equals_the_engine(profile):
    """Doppelkopf-Turnier 6., 7.; DDV 7.1, 7.2: on 1,500 played-out games per profile (every
    contract, random Ansagen and Absagen in and out of turn, random and heuristic playouts) the
    compiled settlement gives every position the engine's points."""
    rng = random.Random(SEEDS[profile])
    k = K.DoppelkopfKernel(GAME.options(profile))
    wants = ["normal", "normal", "hochzeit"] + [f"solo:{s}" for s in SOLO_KINDS]
    seen_levels, seen_contracts, nobody = set(), set(), 0
    for i in range(1500):
        _, d = _new_game(rng, profile)
        _to_play(d, rng, wants[i % len(wants)])
        _random_prefix(d, rng, rng.choice([4, 8, rng.randrange(40)]))
        if d.is_over():
            continue
        pos = k.arrays(d)
        start = len(d.tricks) * 4 + len(d.trick)
        if i % 2:
            out = k.playout_inplace(pos, rng.getrandbits(62))
        else:  # the heuristic policy's games, settled the same way
            k2 = pos.copy()
            K._play_nb(k2, K.new_rng(rng.getrandbits(62)), K.POLICY_HEURISTIC, 100, *k.tables[:-1])
            pos = k2
            out = K.score_nb(pos, int(pos[K.P_ORDER]), k.eff, k.power, k.augen, k.ka, k.xb)
        res = _finish(d, pos, start)
        assert k.settle(pos, out) == [res.points[s] for s in d.active], (i, d.contract, d.level, res.lines)
        seen_levels.add((d.level["re"], d.level["kontra"]))
        seen_contracts.add(d.contract)
        nobody += res.summary["winner"] is None
    assert len(seen_levels) >= 10 and nobody > 0  # both Absagen failing (DDV 7.1) was met
    assert {"normal", "hochzeit", "stille_hochzeit"} <= seen_contracts or profile == "turnier5"


def test_heuristic_playouts_are_legal_games():
    """The heuristic policy's cards replay through the engine with full validation (follow suit,
    Doppelkopf-Turnier 1.) in every contract."""
    rng = random.Random(4)
    k = K.DoppelkopfKernel()
    wants = ["normal", "hochzeit"] + [f"solo:{s}" for s in SOLO_KINDS]
    for i in range(600):
        _, d = _new_game(rng, "turnier")
        _to_play(d, rng, wants[i % len(wants)])
        _random_prefix(d, rng, rng.choice([0, rng.randrange(44)]))
        pos = k.arrays(d)
        start = len(d.tricks) * 4 + len(d.trick)
        K._play_nb(pos, K.new_rng(i), K.POLICY_HEURISTIC, 0, *k.tables[:-1])
        res = _finish(d, pos, start)  # raises on an illegal card
        assert d.is_over() and len(d.tricks) == 12 and sum(res.points) == 0  # every card, a settled deal


def test_last_trick_values_are_the_engine_reward():
    """With one card left each there is nothing random: the value of the only card is exactly
    ``common.reward`` of the engine's settled game (Sonderpunkte, Ansagen and all)."""
    rng = random.Random(8)
    k = K.DoppelkopfKernel()
    checked = 0
    for i in range(300):
        _, d = _new_game(rng, "turnier")
        _to_play(d, rng, ["normal", "hochzeit", "solo:herz"][i % 3])
        _random_prefix(d, rng, 44 + rng.randrange(4))
        seat = d.turn
        cards = _cards(d, seat)
        v = k.card_values(d, seat, cards, 3, seed=i)
        end = d.clone()
        end.apply(seat, cards[0])
        while not end.is_over():
            end.apply(end.turn, _cards(end, end.turn)[0])
        assert v == [pytest.approx(reward(GAME, d.opts, end.result(), seat))] * 1
        checked += 1
    assert checked == 300


def _constructed(hands_txt, dealer=3, regular_left=20):
    opts = GAME.options("turnier")
    deal = Deal.from_json({"hands": hands_txt}, DOKO)
    return DoppelkopfDeal(opts, DealContext(0, dealer, deal, (0,) * 4, {"regular_left": regular_left}))


# Position 1 (seat 0, Vorhand) holds twelve high trumps, seat 2 the other ♣ Queen: Re is schwarz.
STRONG = [
    "H10 H10 XD PD PD HD HD KD KD XB XB PB".split(),
    "X9 X9 X10 X10 XK XK P9 P9 P10 P10 PK PK".split(),
    "XD XA XA PA PA HA HA KA KA K10 K10 KK".split(),
]


def _strong_hands():
    """:data:`STRONG` and the rest of the pack as the fourth hand."""
    pack = list(DOKO.notation)
    for h in STRONG:
        for c in h:
            pack.remove(c)
    return STRONG + [pack]


def _gesund(d):
    while d.phase != "play":
        d.apply(d.turn, "gesund")
    return d


def test_values_have_the_right_sign_on_a_sure_game():
    """Re holds every high trump: every card of Re's leader is worth points to him, the Kontra
    seats' cards cost them; announcing raises Re's gain (Doppelkopf-Turnier 5., DDV 7.2: Re angesagt
    2, keine 90 one more) and Kontra's announcement only deepens its loss."""
    d = _gesund(_constructed(_strong_hands()))
    k = K.DoppelkopfKernel()
    assert d.party[0] == "re" and d.party[2] == "re" and d.turn == 0
    vals = k.card_values(d, 0, _cards(d, 0), 16, seed=1)
    assert min(vals) > 0
    words = k.word_values(d, 0, ["re", "keine90", "keine60", "kontra", "gesund"], 16, seed=1)
    assert words[3] is None and words[4] is None  # not Re's word, not a word of the play
    assert 0 < words[0] < words[1] < words[2]
    d.apply(0, "XB")  # a trump lead: Kontra must follow with … nothing, they have none
    ko = k.card_values(d, 1, _cards(d, 1), 16, seed=2)
    assert max(ko) < 0
    w = k.word_values(d, 1, ["kontra", "re"], 16, seed=2)
    assert w[1] is None and w[0] < max(ko) - 1  # Kontra angesagt: 2 more points lost


def test_catching_the_fox_is_worth_more_than_discarding():
    """Fuchs gefangen (Doppelkopf-Turnier 6.): the last player of a trick in which an opponent's
    ♦ Ace lies and an opponent wins so far values taking the trick above letting it go."""
    rng = random.Random(3)
    k = K.DoppelkopfKernel()
    found = 0
    for i in range(4000):
        _, d = _new_game(rng, "turnier")
        _to_play(d, rng, "normal")
        _random_prefix(d, rng, rng.randrange(8, 30))
        if d.is_over() or len(d.trick) != 3:
            continue
        seat = d.turn
        fox = [s for s, c in d.trick if c in (KA, KA + 1) and d.party[s] != d.party[seat]]
        wseat, best = d.trick[0]
        for s, c in d.trick[1:]:
            if d.order.beats(c, best):
                wseat, best = s, c
        cards = _cards(d, seat)
        if not fox or d.party[wseat] == d.party[seat]:
            continue
        catch = [c for c in cards if d.order.beats(DOKO.parse(c), best)]
        throw = [c for c in cards if not d.order.beats(DOKO.parse(c), best)]
        if not catch or not throw:
            continue
        v = dict(zip(cards, k.card_values(d, seat, cards, 64, seed=i)))
        assert max(v[c] for c in catch) > max(v[c] for c in throw), (i, v)
        found += 1
        if found == 5:
            break
    assert found == 5


def _values_position():
    rng = random.Random(6)
    _, d = _new_game(rng, "turnier")
    _to_play(d, rng, "normal")
    _random_prefix(d, rng, 9)
    return d


def values_case(seed: int = 5) -> list[float]:
    """The card values of a fixed position (rebuilt from fixed seeds): called here and in another process."""
    d = _values_position()
    return [float(x) for x in K.DoppelkopfKernel().card_values(d, d.turn, _cards(d, d.turn), 8, seed=seed)]


def test_card_values_leave_the_state_alone_and_repeat_with_the_seed():
    d = _values_position()
    k = K.DoppelkopfKernel()
    before = (list(d.hands), list(d.trick), len(d.tricks), dict(d.level))
    cards = _cards(d, d.turn)
    a = k.card_values(d, d.turn, cards, 8, seed=5)
    assert before == (list(d.hands), list(d.trick), len(d.tricks), dict(d.level))
    assert len(a) == len(cards) > 1
    # the same values in another process (another hash seed) ...
    assert [float(x) for x in a] == call_elsewhere(f"{__name__}:values_case")
    # ... and the seed is used: other seeds give other values
    assert any(values_case(seed) != [float(x) for x in a] for seed in range(6, 12))


def test_bad_requests_name_what_was_wrong():
    rng = random.Random(7)
    _, d = _new_game(rng, "turnier")
    k = K.DoppelkopfKernel()
    with pytest.raises(ValueError, match="phase 'vorbehalt'"):
        k.card_values(d, d.turn, ["XD"], 4, 1)
    _to_play(d, rng, "normal")
    other = d.active[1]
    with pytest.raises(ValueError, match="not to play"):
        k.card_values(d, other, _cards(d, d.turn), 4, 1)
    held = {DOKO.notation[c] for c in range(48) if d.hands[d.turn] >> c & 1}
    missing = next(c for c in DOKO.notation if c not in held)
    with pytest.raises(ValueError, match="Doppelkopf-Turnier 1."):
        k.card_values(d, d.turn, [missing], 4, 1)
    with pytest.raises(ValueError, match="playouts"):
        k.card_values(d, d.turn, _cards(d, d.turn), 0, 1)


def test_words_the_kernel_cannot_value_are_none():
    rng = random.Random(9)
    k = K.DoppelkopfKernel()
    _, d = _new_game(rng, "turnier")
    # the Spielabfrage: only the seat asked now; words of another phase are not valued
    other = d.active[2]
    assert k.word_values(d, other, ["gesund", "vorbehalt"], 4, 1) == [None, None]
    assert k.word_values(d, d.turn, ["re", "nonsense"], 4, 1) == [None, None]
    # a Hochzeit before its Klärungsstich: no announcement is valued (Doppelkopf-Turnier 4.)
    while True:
        _, d = _new_game(rng, "turnier")
        if any((d.hands[s] >> XD & 3) == 3 for s in d.active):
            break
    _to_play(d, rng, "hochzeit")
    assert d.contract == "hochzeit" and d.klaerung is None
    assert k.word_values(d, d.hochzeiter, ["re", "keine90"], 4, 1) == [None, None]
    _, d = _new_game(rng, "turnier")
    _to_play(d, rng, "normal")
    seat = d.turn
    party = d.party[seat]
    wrong = "kontra" if party == "re" else "re"
    vals = k.word_values(d, seat, [wrong, "gesund", "solo:damen", "vorbehalt"], 4, 1)
    assert vals == [None] * 4


def test_contract_words_are_valued_by_playing_the_contract():
    """Doppelkopf-Turnier 2., 3.: a hand of eight Queens and four Aces wins a Damensolo; the kernel
    values the solo above the Hochzeit the same hand could play, and the Vorbehalt (its best-rated
    solo) above gesund (a stille Hochzeit)."""
    hands = ["XD XD PD PD HD HD KD KD XA XA PA PA".split()]
    pack = list(DOKO.notation)
    for c in hands[0]:
        pack.remove(c)
    random.Random(1).shuffle(pack)
    hands += [sorted(pack[i * 12:(i + 1) * 12]) for i in range(3)]
    d = _constructed(hands)
    k = K.DoppelkopfKernel()
    assert d.turn == 0
    g, v = k.word_values(d, 0, ["gesund", "vorbehalt"], 16, seed=3)
    assert v > g and v > 0
    d.apply(0, "vorbehalt")
    while d.turn != 0:
        d.apply(d.turn, "gesund")
    words = d.legal_actions(0)
    assert "solo:damen" in words and "nein" in words
    vals = dict(zip(words, k.word_values(d, 0, words, 16, seed=4)))
    assert all(x is not None for x in vals.values())
    assert vals["solo:damen"] > vals["nein"] and vals["solo:damen"] > 0
    assert max(vals, key=vals.get) in ("solo:damen", "solo:fleischlos")


def test_search_bot_plays_whole_games_with_its_contract_decisions():
    """SearchBot on PIMC with ``contract="search"``: legal whole games; words and cards are valued
    by the kernel (iterations counted as playouts)."""
    from stammtisch.bots.search import SearchBot
    from stammtisch.core.driver import play_out

    bot = SearchBot(GAME, worlds=3, time_limit=None, contract="search", guard=None)
    for seed in range(2):
        m = GAME.new_match(seed=seed, max_deals=1)
        play_out(m, [bot, GAME.rule_bot(), bot, GAME.rule_bot()], random.Random(seed))
        res = m.logs[0].result
        assert m.is_over() and len(m.deal_state.tricks) == 12 and sum(res.points) == 0 and any(res.points)
    assert bot.last_playouts > 0 and not bot.errors
