"""The compiled step of the batched Doppelkopf environment (Numba; plain Python without it).

One row of ``S`` (``int64``, :data:`NF` fields) is one game, one row of ``R`` (``uint64``) its
random stream. Every function here works on all rows at once and is called once per
:meth:`~stammtisch.vector.doppelkopf.DoppelkopfVectorEnv.step`.

No rule of the card play is written here: legal cards and a trick's winner are the kernel's
``legal_nb`` and ``_winner_index`` (the engine's own :mod:`stammtisch.games.doppelkopf.cardplay`,
compiled), inlined here, and a finished game is scored by the
kernel's ``score_nb`` (Augen, Klärungsstich, Sonderpunkte) and settled by its ``settle_nb``
(:func:`stammtisch.games.doppelkopf.scoring.settle` in compiled code, tested equal to it) on a
kernel position rebuilt from the row's record. The row keeps the record compact (eight cards to a
field, the leaders two bits a trick) so that ten thousand games stay in the caches. The
announcement windows are a table built from :mod:`stammtisch.games.doppelkopf.announcements`
itself. The Spielabfrage follows :class:`~stammtisch.games.doppelkopf.state.DoppelkopfDeal`
(Doppelkopf-Turnier 2.-4.); the differential tests (``tests/vector/test_doppelkopf_vector.py``)
replay every step through it.

The step itself (:func:`_step_all`) is compiled without Numba's reference counts (``_nrt=False``,
its arrays handed in ``raw``): it allocates nothing, and every array passed to an inlined helper
would otherwise be counted up and down with an atomic instruction (a third of the step's time under
``perf``). The settlement, which allocates, runs in :func:`step_all` for the rows whose game ended.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..bots.kernels import _nb as _k
from ..bots.kernels import doppelkopf as _kd
from ..bots.kernels._nb import COMPILED, njit
from ..bots.kernels.doppelkopf import (C_HOCHZEIT, C_NORMAL, C_SOLO, C_STILLE, P_DONE, P_HANDS,
                                       P_HOCHZEITER, P_NCUR, P_RE, P_REC, P_SEAT, P_SIZE, score_nb, settle_nb)
from ..games.doppelkopf import cardplay
from ._compile import inline as _inline
from ._rows import clear_row, deal_rows, finish_row, first_refused, zero_sum_rewards


if COMPILED:
    from numba import carray
    from numba import types as nbtypes
    from numba.extending import intrinsic

    @intrinsic
    def _data_ptr(typingctx: Any, arr: Any) -> Any:
        """The data pointer of a C-contiguous array."""
        sig = nbtypes.CPointer(arr.dtype)(arr)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            return context.make_array(signature.args[0])(context, builder, args[0]).data

        return sig, codegen

    @njit(cache=True, inline="always")
    def raw(a: np.ndarray) -> np.ndarray:
        """``a`` (C-contiguous, alive for the call) without its reference count: every array handed
        on to an inlined rule is otherwise counted up and down with an atomic instruction, which
        cost a third of the step (measured with perf)."""
        return carray(_data_ptr(a), a.shape)
else:  # pragma: no cover
    def raw(a: np.ndarray) -> np.ndarray:
        return a


#: the kernel's legal cards and trick winner, down to ``cardplay``'s rules, inlined
legal_nb = _inline(_kd.legal_nb, _follow_nb=_inline(cardplay.follow_mask))
winner_index = _inline(_kd._winner_index, _winner_index_partial=_inline(
    _kd._winner_index_partial, _trick_winner_nb=_inline(cardplay.trick_winner, beats=_inline(cardplay.beats))))
popcount = _inline(_k.popcount)
rand_below = _inline(_k.rand_below)
shuffle = _inline(_k.shuffle, rand_below=rand_below)

# -- fields of a state row (int64), the ones every step reads first ---------------------------
F_HANDS = 0        # 4 bit sets, the cards each seat holds
F_DEALT = 4        # 4 bit sets, as dealt
F_ORDER = 8        # the trump order (index into ``kernels.doppelkopf.ORDER_NAMES``)
F_LEADER = 9       # the seat that led the current trick
F_NCUR = 10        # cards in the current trick
F_DONE = 11        # tricks completed
F_TURN = 12        # the seat to move
F_PHASE = 13       # PH_*
F_KIND = 14        # the contract: K_NORMAL, K_HOCHZEIT, K_STILLE, K_SOLO0 + solo kind (-1 before)
F_LEVEL = 15       # 2: the announcement level of Re, Kontra (-1 none, 0 Re/Kontra .. 4 schwarz)
F_ERST = 17        # 2: Re's, Kontra's Re/Kontra was a regelkonforme Erstansage (5.)
F_PARTY = 19       # 4: 0 Re, 1 Kontra, -1 not decided (a Hochzeit before its Klärungsstich)
F_TRICK = 23       # 4: the cards of the current trick, leader first
F_KLAER = 27       # number of the Klärungsstich (1..3), 0 before / none
F_HZ = 28          # the Hochzeiter (Hochzeit or stille Hochzeit), -1
F_PARTNER = 29     # the Hochzeit partner, -1
F_SOLOIST = 30
F_PFLICHT = 31
F_ANS = 32         # 4: the Spielabfrage answer per seat (0 none, 1 gesund, 2 Vorbehalt)
F_DECLINED = 36    # 4: 1 when the seat said "nein" (public)
F_ANN = 40         # 4: the highest level each seat announced, plus 1 (0: none)
F_PQ = 44          # 4: ♣ Queens each seat has played
F_AUGEN = 48       # 4: Augen won per seat
F_TRICKS = 52      # 4: tricks won per seat
F_DEALER = 56
F_NANS = 57        # answers so far
F_TIER = 58        # the tier asked (0 Pflichtsolo, 1 Lustsolo, 2 Hochzeit; -1 none)
F_ASK = 59         # bit set of the seats still to be asked in this tier
F_CONTRACT = 60    # the kernel's contract code (C_*), for its settlement
F_STEPS = 61       # decisions so far in this game
F_LEADS = 62       # the leader of each trick, 2 bits a trick
F_REC = 64         # 6: the cards in play order, 8 bits each (eight to a field)
NF = 70

PH_VORBEHALT, PH_ERKLAERUNG, PH_PLAY, PH_OVER = 0, 1, 2, 3
K_NORMAL, K_HOCHZEIT, K_STILLE, K_SOLO0 = 0, 1, 2, 3
# action kinds
A_GESUND, A_VORBEHALT, A_NEIN, A_HOCHZEIT, A_SOLO, A_ANN, A_CARD, A_NONE = 0, 1, 2, 3, 4, 5, 6, 7

#: observation fields (name, length); the card blocks hold per card kind (24: both copies of a
#: card are one kind, as in the action ids) the number of copies, 24 bytes written as three 64-bit
#: words from :data:`KIND_BYTES`; the row is a multiple of 8 bytes
FIELDS = (("hand", 24), ("played", 4 * 24), ("trick", 24), ("phase", 3), ("dealer", 4), ("leader", 4),
          ("answers", 8), ("abfrage", 3), ("declined", 4), ("contract", 10), ("soloist", 4), ("pflichtsolo", 1),
          ("hochzeiter", 4), ("partner", 4), ("klaerungsstich", 1), ("party_re", 4), ("party_kontra", 4),
          ("levels", 2), ("announced", 4), ("augen", 4), ("tricks_won", 4), ("trick_number", 1))
#: per 8 bits of a card bit set (four card kinds, two copies each), the 32-bit word whose four bytes
#: are the copies of each kind (little-endian)
KIND_BYTES = np.zeros(256, np.uint64)
for _v in range(256):
    KIND_BYTES[_v] = sum((((_v >> (2 * _i)) & 1) + ((_v >> (2 * _i + 1)) & 1)) << (8 * _i) for _i in range(4))


@njit(cache=True, inline="always", error_model="numpy")
def kind_words(h: np.int64, w: np.ndarray, k: np.int64, at: np.int64) -> None:
    """The 24 kind counts of the card bit set ``h`` as three 64-bit words into ``w[k, at:at + 3]``."""
    for i in range(3):
        lo = KIND_BYTES[(h >> (16 * i)) & 255]
        hi = KIND_BYTES[(h >> (16 * i + 8)) & 255]
        w[k, at + i] = lo | (hi << np.uint64(32))


def obs_layout() -> dict[str, tuple[int, int]]:
    """Field name -> (offset, length) of the Doppelkopf observation."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, n in FIELDS:
        out[name] = (at, n)
        at += n
    out["_pad"] = (at, -at % 8)
    return out


_L = obs_layout()
O_PHASE, O_DEALER, O_LEADER, O_ANSWERS = _L["phase"][0], _L["dealer"][0], _L["leader"][0], _L["answers"][0]
O_ABFRAGE, O_DECLINED, O_CONTRACT, O_SOLOIST = _L["abfrage"][0], _L["declined"][0], _L["contract"][0], _L["soloist"][0]
O_PFLICHT, O_HZ, O_PARTNER, O_KLAER = _L["pflichtsolo"][0], _L["hochzeiter"][0], _L["partner"][0], _L["klaerungsstich"][0]
O_RE, O_KO, O_LEVELS, O_ANNOUNCED = _L["party_re"][0], _L["party_kontra"][0], _L["levels"][0], _L["announced"][0]
O_AUGEN, O_TRICKS, O_TRICKNO = _L["augen"][0], _L["tricks_won"][0], _L["trick_number"][0]


@njit(cache=True, inline="always", error_model="numpy")
def new_deal(S: np.ndarray, R: np.ndarray, g: np.int64, st: np.ndarray, deck: np.ndarray) -> None:
    """Deal row ``g`` afresh from its stream: a shuffled pack, twelve cards each, a random dealer
    (``st``, ``deck``: scratch)."""
    st[0] = R[g]
    for i in range(48):
        deck[i] = i
    shuffle(st, deck)
    dealer = rand_below(st, 4)
    R[g] = st[0]
    for i in range(NF):
        S[g, i] = 0
    deal_rows(S, g, deck, F_HANDS, F_DEALT, 12)
    for s in range(4):
        S[g, F_PARTY + s] = -1
    S[g, F_LEVEL] = -1
    S[g, F_LEVEL + 1] = -1
    S[g, F_PHASE] = PH_VORBEHALT
    S[g, F_DEALER] = dealer
    S[g, F_TURN] = (dealer + 1) & 3  # the Spielabfrage starts left of the dealer (2.)
    S[g, F_TIER] = -1
    S[g, F_KIND] = -1
    S[g, F_SOLOIST] = -1
    S[g, F_HZ] = -1
    S[g, F_PARTNER] = -1
    S[g, F_ERST] = 1
    S[g, F_ERST + 1] = 1


@njit(cache=True, inline="always", error_model="numpy")
def first_asked(S: np.ndarray, g: np.int64) -> np.int64:
    """The first seat still to be asked, in seat order from the dealer's left."""
    d = S[g, F_DEALER]
    for i in range(1, 5):
        s = (d + i) & 3
        if (S[g, F_ASK] >> s) & 1:
            return s
    return -1


@njit(cache=True, inline="always", error_model="numpy")
def start_play(S: np.ndarray, g: np.int64, seat: np.int64, kind: np.int64, owes: bool, xdm: np.int64) -> None:
    """The contract is decided: ``kind`` -1 (every seat gesund: normal game or stille Hochzeit, 4.),
    ``K_HOCHZEIT`` or ``K_SOLO0 + k`` declared by ``seat`` (DoppelkopfDeal._start_play)."""
    S[g, F_PHASE] = PH_PLAY
    lead = (S[g, F_DEALER] + 1) & 3  # Vorhand leads (2.)
    S[g, F_TIER] = -1
    S[g, F_ASK] = 0
    if kind < 0:
        st = np.int64(-1)
        for i in range(1, 5):
            s = (S[g, F_DEALER] + i) & 3
            if (S[g, F_HANDS + s] & xdm) == xdm:
                st = s
                break
        if st >= 0:  # stille Hochzeit: the holder of both ♣ Queens said gesund (4.)
            S[g, F_KIND] = K_STILLE
            S[g, F_CONTRACT] = C_STILLE
            S[g, F_HZ] = st
            for s in range(4):
                S[g, F_PARTY + s] = 0 if s == st else 1
        else:
            S[g, F_KIND] = K_NORMAL
            S[g, F_CONTRACT] = C_NORMAL
            for s in range(4):
                S[g, F_PARTY + s] = 0 if S[g, F_HANDS + s] & xdm else 1
        S[g, F_ORDER] = 0
    elif kind == K_HOCHZEIT:  # the partner is found in the Klärungsstich (4.)
        S[g, F_KIND] = K_HOCHZEIT
        S[g, F_CONTRACT] = C_HOCHZEIT
        S[g, F_HZ] = seat
        S[g, F_PARTY + seat] = 0
        S[g, F_ORDER] = 0
    else:  # a solo (3.): its trump order, the soloist alone; a Pflichtsolo's soloist leads (2.)
        S[g, F_KIND] = kind
        S[g, F_CONTRACT] = C_SOLO
        S[g, F_ORDER] = kind - K_SOLO0 + 1
        S[g, F_SOLOIST] = seat
        for s in range(4):
            S[g, F_PARTY + s] = 0 if s == seat else 1
        if owes:
            S[g, F_PFLICHT] = 1
            lead = seat
    S[g, F_LEADER] = lead
    S[g, F_LEADS] = lead
    S[g, F_TURN] = lead


@njit(cache=True, inline="always", error_model="numpy")
def next_tier(S: np.ndarray, g: np.int64, after: np.int64, owes: bool, xdm: np.int64) -> None:
    """Ask the next tier with someone to ask: Pflichtsolo, Lustsolo, Hochzeit (2.). In one deal of a
    fresh round every Vorbehalt holder still owes his Pflichtsolo when the option is on."""
    for tier in range(after + 1, 3):
        ask = np.int64(0)
        for s in range(4):
            if S[g, F_ANS + s] == 2:
                if tier == 0 and owes or tier == 1 and not owes or tier == 2 and S[g, F_DECLINED + s]:
                    ask |= np.int64(1) << s
        if ask:
            S[g, F_PHASE] = PH_ERKLAERUNG
            S[g, F_TIER] = tier
            S[g, F_ASK] = ask
            S[g, F_TURN] = first_asked(S, g)
            return
    start_play(S, g, -1, -1, owes, xdm)  # pragma: no cover - a Vorbehalt always names something


@njit(cache=True, inline="always", error_model="numpy")
def shift_of(S: np.ndarray, g: np.int64) -> np.int64:
    """The Hochzeit shift of the announcement windows (4.), -1 while they are closed."""
    if S[g, F_KIND] == K_HOCHZEIT:
        return S[g, F_KLAER] - 1
    return 0


@njit(cache=True, inline="always", error_model="numpy")
def write_out(S: np.ndarray, g: np.int64, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray, w: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, ids: np.ndarray, solo_ids: np.ndarray, card_id: np.ndarray,
              word_id: np.ndarray, talk: np.ndarray, eff: np.ndarray, masks: np.ndarray, xdm: np.int64) -> None:
    """Row ``g``'s seat to move, its legal-action mask (also as the ascending list ``lid[g, :nl[g]]``)
    and its observation. ``ids``: gesund, vorbehalt, nein, hochzeit."""
    me = S[g, F_TURN]
    seats[g] = me
    for i in range(mask.shape[1]):  # a fixed width: cheaper than clearing the ids listed last
        mask[g, i] = False
    n = 0
    ph = S[g, F_PHASE]
    hand = S[g, F_HANDS + me]
    if ph == PH_PLAY:
        # branch-free lists: every candidate id is written, the count advances by its legality
        sh = shift_of(S, g)
        pv = S[g, F_PARTY + me]
        if pv >= 0 and sh >= 0:  # announcements of the seat to move (5.; a Hochzeit after its Klärungsstich)
            own = S[g, F_LEVEL + pv]
            opp = S[g, F_LEVEL + 1 - pv]
            # the seat to move has not played to the current trick: it holds 12 - tricks done cards
            bits = talk[own + 1, opp + 1, 12 - S[g, F_DONE], sh, S[g, F_ERST + pv]]
            if bits:
                for lv in range(5):
                    b = (bits >> lv) & 1
                    a = word_id[pv, lv]
                    mask[g, a] = b != 0
                    lid[g, n] = a
                    n += b
        ncur = S[g, F_NCUR]
        led = S[g, F_TRICK] if ncur else -1
        legal = legal_nb(hand, led, S[g, F_ORDER], eff, masks)
        kinds = legal | (legal >> 1)
        c0 = card_id[0]  # the card ids are consecutive, by kind (checked by the env)
        for k in range(24):
            b = (kinds >> (2 * k)) & 1
            mask[g, c0 + k] = b != 0
            lid[g, n] = c0 + k
            n += b
    elif ph == PH_VORBEHALT:
        for j in range(2):
            mask[g, ids[j]] = True
            lid[g, n] = ids[j]
            n += 1
    else:
        if S[g, F_TIER] == 2:
            mask[g, ids[3]] = True
            lid[g, n] = ids[3]
            n += 1
        else:
            if (hand & xdm) == xdm:  # only a holder of both ♣ Queens may say nein (4.)
                mask[g, ids[2]] = True
                lid[g, n] = ids[2]
                n += 1
            for j in range(solo_ids.shape[0]):
                mask[g, solo_ids[j]] = True
                lid[g, n] = solo_ids[j]
                n += 1
    nl[g] = n
    if obs.shape[0] == 0:
        return
    write_obs(S, g, me, obs, w, g, xdm)


@njit(cache=True, inline="always", error_model="numpy")
def known_parties(S: np.ndarray, g: np.int64, me: np.int64, xdm: np.int64) -> tuple[np.int64, np.int64]:
    """The seats ``me`` knows to be Re and Kontra (bit sets), as ``DoppelkopfDeal.known_parties``:
    own hand, played ♣ Queens, announcements, the contract."""
    kind = S[g, F_KIND]
    if kind < 0:
        return np.int64(0), np.int64(0)
    hz = S[g, F_HZ]
    if kind == K_STILLE and not (S[g, F_PQ + hz] == 2 or me == hz):
        kind = K_NORMAL  # a stille Hochzeit looks normal until revealed
    re = np.int64(0)
    ko = np.int64(0)
    if kind >= K_SOLO0 or kind == K_STILLE or (kind == K_HOCHZEIT and S[g, F_KLAER] > 0):
        for s in range(4):
            if S[g, F_PARTY + s] == 0:
                re |= np.int64(1) << s
            else:
                ko |= np.int64(1) << s
        return re, ko
    if kind == K_HOCHZEIT:
        return np.int64(1) << hz, np.int64(0)
    located = np.int64(0)
    for s in range(4):
        if S[g, F_PQ + s]:
            re |= np.int64(1) << s
            if s != me:
                located += S[g, F_PQ + s]
        if S[g, F_ANN + s]:
            if S[g, F_PARTY + s] == 0:
                re |= np.int64(1) << s
            else:
                ko |= np.int64(1) << s
    own_q = popcount(S[g, F_DEALT + me] & xdm)
    located += own_q
    if own_q:
        re |= np.int64(1) << me
    else:
        ko |= np.int64(1) << me
    if located >= 2 or popcount(re) >= 2:
        ko |= 15 & ~re
    if popcount(ko) == 3:
        re |= 15 & ~ko
    return re & ~ko, ko


@njit(cache=True, inline="always", error_model="numpy")
def write_obs(S: np.ndarray, g: np.int64, me: np.int64, obs: np.ndarray, w: np.ndarray, k: np.int64,
              xdm: np.int64) -> None:
    """Seat ``me``'s observation of row ``g`` into ``obs[k]`` (only what that seat may know;
    layout :func:`obs_layout`, ``w``: ``obs`` as 64-bit words)."""
    kind_words(S[g, F_HANDS + me], w, k, 0)
    for s in range(4):
        kind_words(S[g, F_DEALT + s] & ~S[g, F_HANDS + s], w, k, 3 + 3 * ((s - me) & 3))
    tc = np.int64(0)
    for i in range(S[g, F_NCUR]):
        tc |= np.int64(1) << S[g, F_TRICK + i]
    kind_words(tc, w, k, 15)
    for i in range(18, w.shape[1]):
        w[k, i] = 0
    ph = S[g, F_PHASE]
    obs[k, O_PHASE + min(ph, 2)] = 1
    obs[k, O_DEALER + ((S[g, F_DEALER] - me) & 3)] = 1
    if ph == PH_PLAY:
        obs[k, O_LEADER + ((S[g, F_LEADER] - me) & 3)] = 1
    for s in range(4):
        r = (s - me) & 3
        a = S[g, F_ANS + s]
        obs[k, O_ANSWERS + 2 * r] = a == 1
        obs[k, O_ANSWERS + 2 * r + 1] = a == 2
        obs[k, O_DECLINED + r] = S[g, F_DECLINED + s]
        obs[k, O_ANNOUNCED + r] = S[g, F_ANN + s]
        obs[k, O_AUGEN + r] = S[g, F_AUGEN + s]
        obs[k, O_TRICKS + r] = S[g, F_TRICKS + s]
    if ph == PH_ERKLAERUNG:
        obs[k, O_ABFRAGE + S[g, F_TIER]] = 1
    kind = S[g, F_KIND]
    if kind >= 0:
        hz = S[g, F_HZ]
        pub = kind
        if kind == K_STILLE and not (S[g, F_PQ + hz] == 2 or me == hz):
            pub = K_NORMAL
        obs[k, O_CONTRACT + pub] = 1
        if S[g, F_SOLOIST] >= 0:
            obs[k, O_SOLOIST + ((S[g, F_SOLOIST] - me) & 3)] = 1
        obs[k, O_PFLICHT] = S[g, F_PFLICHT]
        if pub == K_HOCHZEIT or pub == K_STILLE:
            obs[k, O_HZ + ((hz - me) & 3)] = 1
        if S[g, F_PARTNER] >= 0:
            obs[k, O_PARTNER + ((S[g, F_PARTNER] - me) & 3)] = 1
        obs[k, O_KLAER] = S[g, F_KLAER]
        re, ko = known_parties(S, g, me, xdm)
        for s in range(4):
            r = (s - me) & 3
            obs[k, O_RE + r] = (re >> s) & 1
            obs[k, O_KO + r] = (ko >> s) & 1
    obs[k, O_LEVELS] = S[g, F_LEVEL] + 1
    obs[k, O_LEVELS + 1] = S[g, F_LEVEL + 1] + 1
    obs[k, O_TRICKNO] = S[g, F_DONE]


@njit(cache=True, error_model="numpy")
def settle_row(S: np.ndarray, g: np.int64, pos: np.ndarray, pts: np.ndarray, rewards: np.ndarray, rules: np.int64,
               eff: np.ndarray, power: np.ndarray, augen: np.ndarray, ka: np.int64, xb: np.int64) -> None:
    """Settle row ``g``'s finished game: its record as a kernel position (``pos``, scratch), scored
    by the kernel's ``score_nb`` (Augen, tricks, Sonderpunkte, 6.) and settled by its ``settle_nb``
    (the engine's ``scoring.settle``); ``pts[g]`` the points per seat, ``rewards[g]`` each seat's
    points minus the mean of the others (``bots.common.reward``)."""
    for t in range(12):
        ld = (S[g, F_LEADS] >> (2 * t)) & 3
        for j in range(4):
            i = 4 * t + j
            pos[P_REC + i] = (S[g, F_REC + (i >> 3)] >> (8 * (i & 7))) & 255
            pos[P_SEAT + i] = (ld + j) & 3
    for s in range(4):
        pos[P_HANDS + s] = 0
        pos[P_RE + s] = 1 if S[g, F_PARTY + s] == 0 else 0  # final: a Klärungsstich is decided by trick 3
    pos[P_HOCHZEITER] = -1
    pos[P_DONE] = 12
    pos[P_NCUR] = 0
    out = score_nb(pos, S[g, F_ORDER], eff, power, augen, ka, xb)
    p4 = settle_nb(out, S[g, F_CONTRACT], S[g, F_LEVEL], S[g, F_LEVEL + 1], rules)
    for s in range(4):
        pts[g, s] = p4[s]
    zero_sum_rewards(pts, rewards, g, 4)


@njit(cache=True, error_model="numpy", _nrt=False)
def _step_all(S: np.ndarray, R: np.ndarray, actions: np.ndarray, seats: np.ndarray, mask: np.ndarray,
             obs: np.ndarray, lid: np.ndarray, nl: np.ndarray, rewards: np.ndarray, done: np.ndarray,
             pts: np.ndarray, autoreset: bool, act_kind: np.ndarray, act_arg: np.ndarray, ids: np.ndarray,
             solo_ids: np.ndarray, card_id: np.ndarray, word_id: np.ndarray, talk: np.ndarray, erst: np.ndarray,
             owes: bool, rules: np.int64, eff: np.ndarray, power: np.ndarray, masks: np.ndarray,
             augen: np.ndarray, ka: np.int64, xb: np.int64, xd: np.int64) -> np.int64:
    """The step of every row but the settlement of the games that end (``done``): compiled
    without Numba's reference counts (nothing is allocated here)."""
    ow = obs.view(np.uint64)
    xdm = (np.int64(1) << xd) | (np.int64(1) << (xd + 1))
    bad = first_refused(actions, seats, mask)
    if bad >= 0:
        return bad
    for g in range(S.shape[0]):
        a = actions[g]
        clear_row(done, rewards, g)
        if S[g, F_PHASE] == PH_OVER:  # without auto-reset a finished row waits (its action is ignored)
            continue
        kind = act_kind[a]
        me = S[g, F_TURN]
        S[g, F_STEPS] += 1
        if kind == A_CARD:  # Doppelkopf-Turnier 1.: the first copy held of the card kind
            c = 2 * act_arg[a]
            if not (S[g, F_HANDS + me] >> c) & 1:
                c += 1
            if c == xd or c == xd + 1:
                S[g, F_PQ + me] += 1
            S[g, F_HANDS + me] &= ~(np.int64(1) << c)
            n = S[g, F_NCUR]
            S[g, F_TRICK + n] = c
            i = S[g, F_DONE] * 4 + n
            S[g, F_REC + (i >> 3)] |= c << (8 * (i & 7))
            if n < 3:
                S[g, F_NCUR] = n + 1
            else:  # the trick is complete: its winner leads (1.: of two equal cards the first wins)
                t = S[g, F_DONE]
                wi = winner_index(S[g], F_TRICK, S[g, F_ORDER], eff, power)
                w = (S[g, F_LEADER] + wi) & 3
                au = np.int64(0)
                for j in range(4):
                    au += augen[S[g, F_TRICK + j]]
                S[g, F_AUGEN + w] += au
                S[g, F_TRICKS + w] += 1
                S[g, F_LEADER] = w
                S[g, F_NCUR] = 0
                t += 1
                S[g, F_DONE] = t
                if t < 12:
                    S[g, F_LEADS] |= w << (2 * t)
                if S[g, F_KIND] == K_HOCHZEIT and S[g, F_KLAER] == 0:
                    hz = S[g, F_HZ]
                    # Klärungsstich: the first of the first three tricks not won by the Hochzeiter (4.)
                    if w != hz:
                        S[g, F_PARTNER] = w
                        S[g, F_KLAER] = t
                    elif t == 3:
                        S[g, F_KLAER] = 3
                    if S[g, F_KLAER]:
                        for s in range(4):
                            S[g, F_PARTY + s] = 0 if s == hz or s == S[g, F_PARTNER] else 1
                if t == 12:  # settled (and dealt afresh) by step_all after this pass
                    S[g, F_PHASE] = PH_OVER
                    done[g] = True
            if S[g, F_PHASE] == PH_PLAY:
                S[g, F_TURN] = (S[g, F_LEADER] + S[g, F_NCUR]) & 3
        elif kind == A_ANN:  # Re/Kontra and the Absagen (5.)
            pv = S[g, F_PARTY + me]
            if S[g, F_LEVEL + pv] < 0:
                S[g, F_ERST + pv] = erst[12 - S[g, F_DONE], shift_of(S, g)]  # cards held (not played to this trick)
            lv = act_arg[a]
            S[g, F_LEVEL + pv] = lv
            S[g, F_ANN + me] = max(S[g, F_ANN + me], lv + 1)
        elif kind == A_GESUND or kind == A_VORBEHALT:  # the Spielabfrage (2.)
            S[g, F_ANS + me] = 1 if kind == A_GESUND else 2
            S[g, F_NANS] += 1
            if S[g, F_NANS] < 4:
                S[g, F_TURN] = (me + 1) & 3
            else:
                vb = False
                for s in range(4):
                    if S[g, F_ANS + s] == 2:
                        vb = True
                if vb:
                    next_tier(S, g, -1, owes, xdm)
                else:
                    start_play(S, g, -1, -1, owes, xdm)
        elif kind == A_NEIN:  # (2., 4.) public; the next asked, or the next tier
            S[g, F_DECLINED + me] = 1
            S[g, F_ASK] &= ~(np.int64(1) << me)
            if S[g, F_ASK]:
                S[g, F_TURN] = first_asked(S, g)
            else:
                next_tier(S, g, S[g, F_TIER], owes, xdm)
        elif kind == A_HOCHZEIT:
            start_play(S, g, me, K_HOCHZEIT, owes, xdm)
        else:  # a solo: the first yes in the highest tier plays at once (2.)
            start_play(S, g, me, K_SOLO0 + act_arg[a], owes, xdm)
        if S[g, F_PHASE] != PH_OVER:
            write_out(S, g, seats, mask, obs, ow, lid, nl, ids, solo_ids, card_id, word_id, talk, eff, masks, xdm)
    return -1


@njit(cache=True, error_model="numpy", _nrt=False)
def _reset_all(st: np.ndarray, deck: np.ndarray, S: np.ndarray, R: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, ids: np.ndarray, solo_ids: np.ndarray, card_id: np.ndarray,
              word_id: np.ndarray, talk: np.ndarray, eff: np.ndarray, masks: np.ndarray, xd: np.int64) -> None:
    ow = obs.view(np.uint64)
    xdm = (np.int64(1) << xd) | (np.int64(1) << (xd + 1))
    for g in range(S.shape[0]):
        for i in range(mask.shape[1]):
            mask[g, i] = False
        nl[g] = 0
        new_deal(S, R, g, st, deck)
        write_out(S, g, seats, mask, obs, ow, lid, nl, ids, solo_ids, card_id, word_id, talk, eff, masks, xdm)


@njit(cache=True, error_model="numpy", _nrt=False)
def _observe_rows(S: np.ndarray, seats: np.ndarray, out: np.ndarray, xd: np.int64) -> None:
    """Each row's observation for ``seats[g]`` into ``out`` (rows with ``-1`` or a finished game: zeros)."""
    w = out.view(np.uint64)
    xdm = (np.int64(1) << xd) | (np.int64(1) << (xd + 1))
    for g in range(S.shape[0]):
        if seats[g] >= 0 and S[g, F_PHASE] != PH_OVER:
            write_obs(S, g, seats[g], out, w, g, xdm)


# -- the entry points: every array without its reference count (``raw``) --------------------------
@njit(cache=True, error_model="numpy")
def step_all(S: np.ndarray, R: np.ndarray, actions: np.ndarray, seats: np.ndarray, mask: np.ndarray,
             obs: np.ndarray, lid: np.ndarray, nl: np.ndarray, rewards: np.ndarray, done: np.ndarray,
             pts: np.ndarray, autoreset: bool, act_kind: np.ndarray, act_arg: np.ndarray, ids: np.ndarray,
             solo_ids: np.ndarray, card_id: np.ndarray, word_id: np.ndarray, talk: np.ndarray, erst: np.ndarray,
             owes: bool, rules: np.int64, eff: np.ndarray, power: np.ndarray, masks: np.ndarray,
             augen: np.ndarray, ka: np.int64, xb: np.int64, xd: np.int64) -> np.int64:
    """Apply ``actions[g]`` (an action id of the seat to move) in every row still playing; returns
    -1, or the first row whose action is not in its legal mask (then no row has changed)."""
    r = _step_all(raw(S), raw(R), raw(actions), raw(seats), raw(mask), raw(obs), raw(lid), raw(nl), raw(rewards),
                  raw(done), raw(pts), autoreset, raw(act_kind), raw(act_arg), raw(ids), raw(solo_ids), raw(card_id),
                  raw(word_id), raw(talk), raw(erst), owes, rules, raw(eff), raw(power), raw(masks), raw(augen),
                  ka, xb, xd)
    if r >= 0:
        return r
    pos, st, deck = np.zeros(P_SIZE, np.int64), np.zeros(1, np.uint64), np.zeros(48, np.int64)
    xdm = (np.int64(1) << xd) | (np.int64(1) << (xd + 1))
    ow = obs.view(np.uint64)
    for g in range(S.shape[0]):
        if done[g]:  # the games that ended: settled, then dealt afresh (or waiting)
            settle_row(S, g, pos, pts, rewards, rules, eff, power, augen, ka, xb)
            if autoreset:
                new_deal(S, R, g, st, deck)
                write_out(S, g, seats, mask, obs, ow, lid, nl, ids, solo_ids, card_id, word_id, talk, eff, masks, xdm)
            else:
                finish_row(seats, mask, nl, obs, g)
    return -1


@njit(cache=True, error_model="numpy")
def reset_all(S: np.ndarray, R: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, ids: np.ndarray, solo_ids: np.ndarray, card_id: np.ndarray,
              word_id: np.ndarray, talk: np.ndarray, eff: np.ndarray, masks: np.ndarray, xd: np.int64) -> None:
    """Deal every row afresh and write its seat to move, mask and observation."""
    st, deck = np.zeros(1, np.uint64), np.zeros(48, np.int64)
    _reset_all(raw(st), raw(deck), raw(S), raw(R), raw(seats), raw(mask), raw(obs), raw(lid), raw(nl), raw(ids), raw(solo_ids),
               raw(card_id), raw(word_id), raw(talk), raw(eff), raw(masks), xd)


@njit(cache=True, error_model="numpy")
def observe_rows(S: np.ndarray, seats: np.ndarray, out: np.ndarray, xd: np.int64) -> None:
    """Each row's observation for ``seats[g]`` into ``out`` (rows with ``-1`` or a finished game: zeros)."""
    _observe_rows(raw(S), raw(seats), raw(out), xd)
