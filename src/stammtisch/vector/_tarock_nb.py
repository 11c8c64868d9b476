"""The compiled step of the batched Königrufen environment (Numba; plain Python without it).

One row of ``S`` (``int64``, :data:`NF` fields) is one deal: hands, current trick, the words
(bidding, contract, king call, talon, discards, announcements and Kontras); one row of ``P``
(``int8``, :data:`REC_W`) is its record of the cards played. The legal cards and trick winners are
the engine's ``cardplay`` functions with the kernel's bird-order filter, compiled inline; at the
end of a deal the kernel's position (``tarock_play``, ``P_*``) is rebuilt from the record and the
kernel's compiled settlement (:func:`stammtisch.bots.kernels.tarock_settle.settle_nb`) settles it
from a spec written here from the row. One row of ``R`` (``uint64``) is the row's random stream.
(A compact row: at tens of thousands of rows the step is bound by memory, not by the rules.)

Positions are the four players in order of play, Vorhand (the dealer's left) first; with five
players the dealer sits out. Seat of position ``p``: ``(dealer + 1 + p) % seats``.

Every rule mirrors ``games/tarock/state.py``, ``bidding.py`` and ``announcements.py`` (the
paragraphs are cited where each is applied); the differential tests (``tests/vector/test_tarock_vector.py``)
replay every batched deal through the engine: the same legal set at every step, the same settlement.
"""

from __future__ import annotations

import numpy as np

from ..bots.kernels import tarock_play as _tp
from ..bots.kernels import tarock_settle as _ts
from ..bots.kernels._nb import COMPILED, njit, popcount, shuffle
from ..games.tarock import cardplay
from ._compile import inline
from ._rows import BYTES_OF, clear_row, deal_rows, finish_row, first_refused, zero_sum_rewards


def _inline(f):  # type: ignore[no-untyped-def]
    """A kernel function compiled again to be inlined here (one source, no copy)."""
    return njit(cache=True, inline="always", error_model="numpy")(f.py_func) if COMPILED else f


rand_below = _inline(_tp.rand_below)
bit_index = _inline(_tp.bit_index)
popcount = _inline(popcount)
#: the engine's card play (games/tarock/cardplay.py) and the kernel's bird-order filter, compiled inline
winner_nb = inline(cardplay.trick_winner)
legal_nb = inline(_tp.legal_nb, bit_index=bit_index,
                  _legal_cards_nb=inline(cardplay.legal_cards, trick_winner=winner_nb))
score_nb = _tp.score_nb
settle_nb = _ts.settle_nb
transfer_nb = _ts._transfer
SPEC_SIZE = _ts.S_SIZE  # the settlement spec (the step's scratch ``sp``)

P_HANDS, P_COLOUR, P_STRICT, P_KAISER, P_KAISER_ORDER = _tp.P_HANDS, _tp.P_COLOUR, _tp.P_STRICT, _tp.P_KAISER, _tp.P_KAISER_ORDER
P_LEADER, P_NCUR, P_DONE, P_BIRDS, P_TALON_LAST = _tp.P_LEADER, _tp.P_NCUR, _tp.P_DONE, _tp.P_BIRDS, _tp.P_TALON_LAST
P_REC, P_SEAT, P_SIZE = _tp.P_REC, _tp.P_SEAT, _tp.P_SIZE

KINGS = (1 << 7) | (1 << 15) | (1 << 23) | (1 << 31)
TRULL = (1 << 32) | (1 << 52) | (1 << 53)
BIRDS = 0b1111 << 32
TAROCK = ((1 << 22) - 1) << 32

# -- phases (the engine's names, in this order: the observation's ``phase``) --------------------
PHASES = ("bidding", "bird", "call", "talon", "discard", "announce", "play")
PH_BID, PH_BIRD, PH_CALL, PH_TALON, PH_DISCARD, PH_ANN, PH_PLAY, PH_OVER = 0, 1, 2, 3, 4, 5, 6, 7

# -- fields of a state row (what every card reads or writes first, in the first cache lines) -------
F_PH = 0
F_DEALER = 1
F_NS = 2          # seats (4, or 5 with the dealer sitting out)
F_TURN = 3        # position to move
F_CON = 4         # contract index (-1)
F_DECL = 5
F_CALLED = 6      # the called king (card), -1
F_PARTNER = 7     # position holding the called king (-1: talon or own)
F_HAND = 8        # 4: the hands, by position
F_TRICK = 12      # 4: the current trick's cards, its leader's first
F_LEADER = 16     # position leading the current trick
F_NCUR = 17       # cards in the current trick
F_DONE = 18       # tricks completed
F_REVEALED = 19
F_OPEN = 20       # the ouvert declarer's cards lie open
F_TGTS = 21       # bit set of the targets that exist (below)
F_NKS = 22        # bit set of the positions with a Kontra of their own (negative games)
F_TSHOWN = 23     # the talon laid open
F_BIRDS = 24      # 4: per position the birds it announced (the kernel's bird-order filter)
F_PLAYED = 28     # 4: cards played by each position
F_TWON = 32       # 4: tricks won
F_THWON = 36      # 4: card points won, in thirds
F_DISC = 40       # the declarer's discards
F_DISCPUB = 41    # the discards shown
F_HALF = 42       # 2: the talon halves
F_TAKEN = 44      # the half taken (-1)
F_TODISC = 45
F_BID = 46        # contract index of the highest bid (-1)
F_BIDDER = 47
F_BIRD = 48       # the Besserrufer's bird 0..3 (pagat, uhu, kakadu, quapil), -1
F_CFOURTH = 49    # called as "the fourth king"
F_PASSED = 50     # bit set of positions
F_SPOKE = 51      # bit set of positions
F_FINAL = 52      # Vorhand's final choice after "Vorhand" and three passes (Österreich-Finale 3))
F_ANNDONE = 53    # bit set of positions that said "gut"
F_DTALON = 54     # talon cards counting for the declarer's side
F_OTALON = 55     # talon cards counting for the opponents
F_SCHL = 56       # schleifen
F_DEALT = 57      # 4: hands as dealt, by position
F_TGT = 61        # 9 targets (0 the game, 1 + k premium k) x T_W: exists, announcer, level, by, seen
T_W = 5
F_NK = F_TGT + 9 * T_W  # 4 positions x NK_W: negative games' Kontra per opponent: exists, level, seen
NK_W = 3
NF = F_NK + 4 * NK_W
#: the record of the cards (``int8`` rows): 48 cards in the order played, then the 48 positions
#: that played them; the kernel's position (``P_*``) is rebuilt from it for the settlement only
REC_W = 96

# -- contract table ``ct`` (one row per contract of options.CONTRACTS) -------------------------
CT_KIND = 0       # 0 positive, 1 negative, 2 Trischaken
CT_TALON = 1      # 0 half, 1 six, 2 closed, 3 unused, 4 last trick
CT_KING = 2
CT_COLOUR = 3
CT_OUVERT = 4
CT_TRICKS = 5
CT_VORHAND = 6    # 0 open, 1 only Vorhand's first word, 2 only after 'Vorhand' and three passes
CT_PREM = 7       # bit set of the premiums the contract allows
CT_RANK = 8       # bidding rank in the tariff, -1 not in the tariff
CT_VALUE = 9
CT_LOSTDBL = 10   # a lost game counts double (Sechserdreier, Österreich-Finale 3))
CT_PV = 11        # 8 premium values (solo factor included; Valat 0)
CT_W = CT_PV + 8
TALON_HALF, TALON_SIX, TALON_CLOSED, TALON_UNUSED, TALON_LAST = 0, 1, 2, 3, 4

# -- options table ``ot`` ---------------------------------------------------------------------------
OT_NS, OT_HOLD, OT_KAISER, OT_KORDER, OT_VMODE, OT_VANN, OT_VSIL, OT_SILENT, OT_KP, OT_TRISCH, OT_JF = range(11)
OT_BESSER, OT_SOLORUFER = 11, 12   # contract indices
OT_W = 13

# -- id table ``ids`` (action ids of the integer API) ----------------------------------------------
I_VORHAND, I_PASS, I_HOLD = 0, 1, 2
I_BID = 3          # 14, by contract index
I_BIRD = I_BID + 14  # 4
I_CALL = I_BIRD + 4  # 5: HK, KK, PK, XK, fourth
I_TALON = I_CALL + 5  # 2
I_SCHL = I_TALON + 2
I_DISC0 = I_SCHL + 1  # the id of discarding card 0 (the 54 are consecutive)
I_ANN = I_DISC0 + 1   # 8, by premium
I_KONTRA = I_ANN + 8  # 3 words x 9 targets
I_GUT = I_KONTRA + 27
I_CARD0 = I_GUT + 1
I_W = I_CARD0 + 1

# action kinds (``act_kind``; ``act_arg``: contract, bird, king (-1 fourth), half, card, premium, 9*word+target)
K_NONE, K_VORHAND, K_PASS, K_HOLD, K_BID, K_BIRD, K_CALL, K_TALON, K_SCHL, K_DISC, K_ANN, K_KONTRA, K_GUT, K_CARD = range(14)

# -- observation layout (positions relative to the observer: 0 the observer, 1 the next to play) ---
CARD_BLOCK = 56  # 54 cards and 2 bytes always 0: seven 64-bit words
CARD_FIELDS = (("hand", 1), ("played", 4), ("trick", 1), ("talon", 2), ("talon_seen", 1), ("discards", 1),
               ("discards_open", 1), ("open_hand", 1))
SCALAR_FIELDS = (("position", 4), ("phase", 7), ("bid", 14), ("bidder", 4), ("passed", 4), ("spoke", 4),
                 ("contract", 14), ("declarer", 4), ("bird", 4), ("called", 4), ("called_fourth", 1),
                 ("partner", 4), ("taken_half", 2), ("to_discard", 1), ("premium_announcer", 32),
                 ("premium_kontra", 8), ("game_kontra", 1), ("kontras", 4), ("said_gut", 4), ("leader", 4),
                 ("tricks_won", 4), ("thirds_won", 4), ("trick_number", 1))


def obs_layout() -> dict[str, tuple[int, int]]:
    """Field name -> (offset, length) of the Tarock observation."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, k in CARD_FIELDS:
        out[name] = (at, k * CARD_BLOCK)
        at += k * CARD_BLOCK
    for name, n in SCALAR_FIELDS:
        out[name] = (at, n)
        at += n
    out["_pad"] = (at, -at % 8)
    return out


_L = obs_layout()
O_SCALARS = _L["position"][0]
O_WORDS = (_L["_pad"][0] + _L["_pad"][1]) // 8
O_POSITION, O_PHASE, O_BID, O_BIDDER = _L["position"][0], _L["phase"][0], _L["bid"][0], _L["bidder"][0]
O_PASSED, O_SPOKE, O_CONTRACT, O_DECLARER = _L["passed"][0], _L["spoke"][0], _L["contract"][0], _L["declarer"][0]
O_BIRD, O_CALLED, O_CFOURTH, O_PARTNER = _L["bird"][0], _L["called"][0], _L["called_fourth"][0], _L["partner"][0]
O_TAKEN, O_TODISC, O_PANN, O_PKON = _L["taken_half"][0], _L["to_discard"][0], _L["premium_announcer"][0], _L["premium_kontra"][0]
O_GKON, O_NKON, O_GUT, O_LEADER = _L["game_kontra"][0], _L["kontras"][0], _L["said_gut"][0], _L["leader"][0]
O_TWON, O_THWON, O_TRICKNO = _L["tricks_won"][0], _L["thirds_won"][0], _L["trick_number"][0]


@njit(cache=True, error_model="numpy", _nrt=True)  # (not inherited from the step: it allocates)
def new_deal(S: np.ndarray, R: np.ndarray, g: np.int64, ns: np.int64) -> None:
    """Deal row ``g`` afresh from its stream: a shuffled pack, 12 cards to each player, the talon
    of 2 x 3 (Österreich-Finale 1)), a random dealer (with five players he sits out)."""
    st = np.empty(1, np.uint64)
    st[0] = R[g]
    deck = np.arange(54)
    shuffle(st, deck)
    dealer = rand_below(st, ns)
    R[g] = st[0]
    for i in range(NF):
        S[g, i] = 0
    deal_rows(S, g, deck, F_HAND, F_DEALT, 12)
    for k in range(2):
        h = np.int64(0)
        for i in range(3):
            h |= np.int64(1) << deck[48 + 3 * k + i]
        S[g, F_HALF + k] = h
    S[g, F_PH] = PH_BID
    S[g, F_DEALER] = dealer
    S[g, F_NS] = ns
    S[g, F_TURN] = 0
    for f in (F_BID, F_BIDDER, F_CON, F_DECL, F_BIRD, F_CALLED, F_PARTNER, F_TAKEN):
        S[g, f] = -1
    for t in range(9):
        S[g, F_TGT + t * T_W + 1] = -1
        S[g, F_TGT + t * T_W + 3] = -1


@njit(cache=True, inline="always", error_model="numpy")
def seat_of(S: np.ndarray, g: np.int64, p: np.int64) -> np.int64:
    return (S[g, F_DEALER] + 1 + p) % S[g, F_NS]


@njit(cache=True, inline="always", error_model="numpy")
def side(S: np.ndarray, g: np.int64, p: np.int64) -> np.int64:
    """0 the declarer's side (the declarer, the called king's holder), 1 the opponents."""
    return 0 if p == S[g, F_DECL] or (p >= 0 and p == S[g, F_PARTNER]) else 1


@njit(cache=True, inline="always", error_model="numpy")
def choice_renonce(S: np.ndarray, g: np.int64, p: np.int64, ci: np.int64, ot: np.ndarray) -> bool:
    """Bids that are Renonce choices, refused online (``renonce_mode="refuse"``): a Besserrufer
    without a bird (Österreich-Finale 4)), a Solorufer with four kings (Tiroler Cup, Paragrafen)."""
    hand = S[g, F_HAND + p]
    if ci == ot[OT_BESSER] and (hand & BIRDS) == 0:
        return True
    return ci == ot[OT_SOLORUFER] and (hand & KINGS) == KINGS


@njit(cache=True, inline="always", error_model="numpy")
def king_in_open_talon(S: np.ndarray, g: np.int64) -> bool:
    c = S[g, F_CALLED]
    return S[g, F_TSHOWN] != 0 and c >= 0 and ((S[g, F_HALF] | S[g, F_HALF + 1]) >> c) & 1 != 0


@njit(cache=True, inline="always", error_model="numpy")
def kontra_words(S: np.ndarray, g: np.int64, p: np.int64, ct: np.ndarray) -> np.int64:
    """``_kontra_options``: the Kontra, Rekontra and Subkontra position ``p`` may say now, as a bit
    set over ``9 * word + target`` (the order of their action ids) (Österreich-Finale 2), 6);
    Tiroler Cup, Abrechnung: only the opponents kontra an announcement, unless the partner is hidden)."""
    c = S[g, F_CON]
    d = S[g, F_DECL]
    words = np.int64(0)
    tgts = S[g, F_TGTS]
    if tgts:
        hidden = ct[c, CT_KING] != 0 and not (S[g, F_PARTNER] < 0 and king_in_open_talon(S, g))
        mine = side(S, g, p)
        while tgts:
            low = tgts & -tgts
            tgts ^= low
            t = bit_index(low)
            b = F_TGT + t * T_W
            if (S[g, b + 4] >> p) & 1:
                continue
            w = S[g, b + 2]
            a = S[g, b + 1]
            if w == 0:
                ok = p != a and (hidden or mine != side(S, g, a))
            elif w == 1:
                ok = p == a
            elif w == 2:
                ok = p == S[g, b + 3]
            else:
                ok = False
            if ok:
                words |= np.int64(1) << (9 * w + t)
    if ct[c, CT_KIND] == 1:  # negative games: each opponent's own Kontra, the declarer's Rekontra to all
        b = F_NK + p * NK_W
        if p != d:
            if S[g, b] == 0:
                if not (S[g, F_ANNDONE] >> p) & 1:
                    words |= 1
            elif S[g, b + 1] == 2 and not (S[g, b + 2] >> p) & 1:
                words |= np.int64(1) << 18
        else:
            for q in range(4):
                bq = F_NK + q * NK_W
                if S[g, bq] != 0 and S[g, bq + 1] == 1 and not (S[g, bq + 2] >> d) & 1:
                    words |= np.int64(1) << 9
                    break
    return words


@njit(cache=True, inline="always", error_model="numpy")
def announceable(S: np.ndarray, g: np.int64, p: np.int64, ct: np.ndarray) -> np.int64:
    """``_may_announce`` as a bit set over the premiums (Österreich-Finale 8)): once per player
    (before his "gut"), positive games only, each premium once, as the contract allows; König
    ultimo only with a called king."""
    c = S[g, F_CON]
    if (S[g, F_ANNDONE] >> p) & 1 or ct[c, CT_KIND] != 0:
        return 0
    prem = ct[c, CT_PREM] & ~(S[g, F_TGTS] >> 1)
    if ct[c, CT_KING] == 0:
        prem &= ~1
    return prem


@njit(cache=True, inline="always", error_model="numpy")
def has_something(S: np.ndarray, g: np.int64, p: np.int64, ct: np.ndarray) -> bool:
    if not (S[g, F_ANNDONE] >> p) & 1:
        return True
    return kontra_words(S, g, p, ct) != 0


@njit(cache=True, inline="always", error_model="numpy")
def legal_list(S: np.ndarray, g: np.int64, out: np.ndarray, ct: np.ndarray, ot: np.ndarray,
               ids: np.ndarray, tr: np.ndarray) -> np.int64:
    """The legal action ids of row ``g``'s position to move, ascending, into ``out``; their number."""
    ph = S[g, F_PH]
    p = S[g, F_TURN]
    n = 0
    hand = S[g, F_HAND + p]
    if ph == PH_PLAY:
        ncur = S[g, F_NCUR]
        done = S[g, F_DONE]
        for i in range(ncur):
            tr[i] = S[g, F_TRICK + i]
        c = S[g, F_CON]
        legal = legal_nb(hand, tr, 0, ncur, ct[c, CT_COLOUR] != 0, ct[c, CT_KIND] != 0, ot[OT_KAISER] != 0,
                         ot[OT_KORDER] != 0, S[g, F_BIRDS + p], done + 1)
        c0 = ids[I_CARD0]
        while legal:
            low = legal & -legal
            out[n] = c0 + bit_index(low)
            n += 1
            legal ^= low
        return n
    if ph == PH_BID:  # Österreich-Finale 3)
        first = p == 0 and not (S[g, F_SPOKE] & 1)
        bid = S[g, F_BID]
        if S[g, F_FINAL]:
            for ci in range(ct.shape[0]):
                if ct[ci, CT_RANK] >= 0 and ct[ci, CT_VORHAND] != 1 and not choice_renonce(S, g, p, ci, ot):
                    out[n] = ids[I_BID + ci]
                    n += 1
            return n
        if first:
            out[n] = ids[I_VORHAND]
            n += 1
        else:
            out[n] = ids[I_PASS]
            n += 1
            if p == 0 and ot[OT_HOLD] != 0 and bid >= 0 and S[g, F_BIDDER] != 0 and not choice_renonce(S, g, 0, bid, ot):
                out[n] = ids[I_HOLD]
                n += 1
        for ci in range(ct.shape[0]):
            r = ct[ci, CT_RANK]
            v = ct[ci, CT_VORHAND]
            if r < 0 or v == 2 or (v == 1 and not first) or (bid >= 0 and r <= ct[bid, CT_RANK]):
                continue
            if not choice_renonce(S, g, p, ci, ot):
                out[n] = ids[I_BID + ci]
                n += 1
        return n
    if ph == PH_BIRD:  # Österreich-Finale 4)
        for b in range(4):
            out[n] = ids[I_BIRD + b]
            n += 1
        return n
    if ph == PH_CALL:  # Österreich-Finale 4): not one's own king, "the fourth" with three
        held = hand & KINGS
        for i in range(4):
            k = 8 * i + 7
            if held == KINGS or not (hand >> k) & 1:
                out[n] = ids[I_CALL + i]
                n += 1
        if popcount(held) == 3:
            out[n] = ids[I_CALL + 4]
            n += 1
        return n
    if ph == PH_TALON:  # Österreich-Finale 4)
        out[0] = ids[I_TALON]
        out[1] = ids[I_TALON + 1]
        n = 2
        c = S[g, F_CALLED]
        if ct[S[g, F_CON], CT_KING] != 0 and c >= 0 and S[g, F_PARTNER] < 0 and \
                ((S[g, F_HALF] | S[g, F_HALF + 1]) >> c) & 1:
            out[2] = ids[I_SCHL]
            n = 3
        return n
    if ph == PH_DISCARD:
        m = discardable(S, g, p, ct)
        d0 = ids[I_DISC0]
        while m:
            low = m & -m
            out[n] = d0 + bit_index(low)
            n += 1
            m ^= low
        return n
    # PH_ANN (Österreich-Finale 2), 8)): the premiums ``may_announce`` allows, then the Kontra words
    prem = announceable(S, g, p, ct)
    while prem:
        low = prem & -prem
        out[n] = ids[I_ANN + bit_index(low)]
        n += 1
        prem ^= low
    words = kontra_words(S, g, p, ct)
    while words:
        low = words & -words
        out[n] = ids[I_KONTRA + bit_index(low)]
        n += 1
        words ^= low
    out[n] = ids[I_GUT]
    return n + 1


@njit(cache=True, inline="always", error_model="numpy")
def discardable(S: np.ndarray, g: np.int64, p: np.int64, ct: np.ndarray) -> np.int64:
    """No kings, no Trull cards; tarock only when nothing else can go; colour games: tarock first
    (Österreich-Finale 7), 10))."""
    hand = S[g, F_HAND + p] & ~KINGS & ~TRULL
    suits = hand & ~TAROCK
    tar = hand & TAROCK
    if ct[S[g, F_CON], CT_COLOUR]:
        return tar if tar else suits
    return suits if suits else tar


@njit(cache=True, inline="always", error_model="numpy")
def write_out(S: np.ndarray, g: np.int64, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              w: np.ndarray, lid: np.ndarray, nl: np.ndarray, ct: np.ndarray, ot: np.ndarray, ids: np.ndarray,
              tr: np.ndarray) -> None:
    """Row ``g``'s seat to move, its legal mask (also as ``lid[g, :nl[g]]``) and its observation."""
    for i in range(nl[g]):  # the row holds exactly the ids listed last
        mask[g, lid[g, i]] = False
    n = legal_list(S, g, lid[g], ct, ot, ids, tr)
    for i in range(n):
        mask[g, lid[g, i]] = True
    nl[g] = n
    me = S[g, F_TURN]
    seats[g] = seat_of(S, g, me)
    if obs.shape[0] == 0:
        return
    write_obs(S, g, me, obs, w, g, ct)


@njit(cache=True, inline="always", error_model="numpy")
def put_cards(w: np.ndarray, k: np.int64, block: np.int64, m: np.int64) -> None:
    """Card block ``block`` (56 bytes, one per card) of observation row ``k`` from the bit set ``m``."""
    at = block * 7
    if m == 0:  # most blocks of most steps (talon, discards, open hand): no table look-ups
        for i in range(7):
            w[k, at + i] = 0
        return
    for i in range(7):
        w[k, at + i] = BYTES_OF[(m >> (8 * i)) & 255]


@njit(cache=True, inline="always", error_model="numpy")
def write_obs(S: np.ndarray, g: np.int64, me: np.int64, obs: np.ndarray, w: np.ndarray,
              k: np.int64, ct: np.ndarray) -> None:
    """Position ``me``'s observation of row ``g`` into ``obs[k]`` (``w``: ``obs`` as 64-bit words):
    only what that seat's ``view`` shows (docs/bots.md, "The Tarock observation")."""
    ph = S[g, F_PH]
    d = S[g, F_DECL]
    c = S[g, F_CON]
    put_cards(w, k, 0, S[g, F_HAND + me])
    for q in range(4):
        put_cards(w, k, 1 + ((q - me) & 3), S[g, F_PLAYED + q])
    tc = np.int64(0)
    if ph == PH_PLAY:
        for i in range(S[g, F_NCUR]):
            tc |= np.int64(1) << S[g, F_TRICK + i]
    put_cards(w, k, 5, tc)
    shown = S[g, F_TSHOWN] != 0
    put_cards(w, k, 6, S[g, F_HALF] if shown else 0)
    put_cards(w, k, 7, S[g, F_HALF + 1] if shown else 0)
    mine = me == d
    six = mine and c >= 0 and ct[c, CT_TALON] == TALON_SIX  # the view's talon_seen
    put_cards(w, k, 8, (S[g, F_HALF] | S[g, F_HALF + 1]) if six else 0)
    put_cards(w, k, 9, S[g, F_DISC] if mine else 0)
    put_cards(w, k, 10, S[g, F_DISCPUB])
    put_cards(w, k, 11, S[g, F_HAND + d] if S[g, F_OPEN] != 0 else 0)
    for i in range(O_SCALARS // 8, O_WORDS):
        w[k, i] = 0
    obs[k, O_POSITION + me] = 1
    obs[k, O_PHASE + ph] = 1
    if S[g, F_BID] >= 0:
        obs[k, O_BID + S[g, F_BID]] = 1
        obs[k, O_BIDDER + ((S[g, F_BIDDER] - me) & 3)] = 1
    for q in range(4):
        r = (q - me) & 3
        if (S[g, F_PASSED] >> q) & 1:
            obs[k, O_PASSED + r] = 1
        if (S[g, F_SPOKE] >> q) & 1:
            obs[k, O_SPOKE + r] = 1
        if (S[g, F_ANNDONE] >> q) & 1:
            obs[k, O_GUT + r] = 1
        if (S[g, F_NKS] >> q) & 1:
            obs[k, O_NKON + r] = S[g, F_NK + q * NK_W + 1]
        obs[k, O_TWON + r] = S[g, F_TWON + q]
        obs[k, O_THWON + r] = S[g, F_THWON + q]
    if c >= 0:
        obs[k, O_CONTRACT + c] = 1
        obs[k, O_DECLARER + ((d - me) & 3)] = 1
    if S[g, F_BIRD] >= 0:
        obs[k, O_BIRD + S[g, F_BIRD]] = 1
    called = S[g, F_CALLED]
    partner = S[g, F_PARTNER]
    if called >= 0:
        known = mine or (partner >= 0 and me == partner)
        if not known and S[g, F_CFOURTH] != 0 and S[g, F_REVEALED] == 0 and not king_in_open_talon(S, g):
            obs[k, O_CFOURTH] = 1
        else:
            obs[k, O_CALLED + (called >> 3)] = 1
        if partner >= 0 and (me == partner or S[g, F_REVEALED] != 0):
            obs[k, O_PARTNER + ((partner - me) & 3)] = 1
    if S[g, F_TAKEN] >= 0:
        obs[k, O_TAKEN + S[g, F_TAKEN]] = 1
    obs[k, O_TODISC] = S[g, F_TODISC]
    tgts = S[g, F_TGTS]
    m = tgts >> 1
    while m:
        low = m & -m
        t = 1 + bit_index(low)
        m ^= low
        b = F_TGT + t * T_W
        obs[k, O_PANN + 4 * (t - 1) + ((S[g, b + 1] - me) & 3)] = 1
        obs[k, O_PKON + t - 1] = S[g, b + 2]
    if tgts & 1:
        obs[k, O_GKON] = S[g, F_TGT + 2]
    if ph == PH_PLAY:
        obs[k, O_LEADER + ((S[g, F_LEADER] - me) & 3)] = 1
    obs[k, O_TRICKNO] = S[g, F_DONE]


@njit(cache=True, error_model="numpy")
def start_announce(S: np.ndarray, g: np.int64, ct: np.ndarray) -> None:
    d = S[g, F_DECL]
    S[g, F_PH] = PH_ANN
    if ct[S[g, F_CON], CT_KIND] != 1:  # a positive game: the game can be kontriert
        b = F_TGT
        S[g, b] = 1
        S[g, F_TGTS] |= 1
        S[g, b + 1] = d
        S[g, b + 2] = 0
        S[g, b + 3] = -1
        S[g, b + 4] = 1 << d
    S[g, F_TURN] = d
    S[g, F_ANNDONE] = 0


@njit(cache=True, error_model="numpy")
def start_play(S: np.ndarray, g: np.int64, ct: np.ndarray, ot: np.ndarray) -> None:
    """The cards (Österreich-Finale 5), 6), 7)): negative games the declarer leads, else Vorhand."""
    c = S[g, F_CON]
    S[g, F_PH] = PH_PLAY
    kind = ct[c, CT_KIND]
    for b in range(4):  # announced birds, by their announcers (Österreich-Finale 8))
        t = F_TGT + (1 + 3 + b) * T_W
        if S[g, t] != 0:
            S[g, F_BIRDS + S[g, t + 1]] |= np.int64(1) << (32 + b)
    lead = S[g, F_DECL] if kind == 1 else 0
    S[g, F_LEADER] = lead
    S[g, F_NCUR] = 0
    S[g, F_DONE] = 0
    S[g, F_TURN] = lead


@njit(cache=True, error_model="numpy")
def after_call(S: np.ndarray, g: np.int64, ct: np.ndarray, ot: np.ndarray) -> None:
    """The talon by the contract (Österreich-Finale 4); pagat.com, Königrufen: the contracts)."""
    c = S[g, F_CON]
    d = S[g, F_DECL]
    tk = ct[c, CT_TALON]
    both = S[g, F_HALF] | S[g, F_HALF + 1]
    if tk == TALON_HALF:
        S[g, F_TSHOWN] = 1
        S[g, F_PH] = PH_TALON
        S[g, F_TURN] = d
    elif tk == TALON_SIX:
        S[g, F_HAND + d] |= both
        S[g, F_DTALON] = 0
        S[g, F_TODISC] = 6
        S[g, F_PH] = PH_DISCARD
        S[g, F_TURN] = d
    elif tk == TALON_CLOSED:  # solos: for the opponents; Solorufer: the called king's half for the declarer
        S[g, F_OTALON] = both
        k = S[g, F_CALLED]
        if ct[c, CT_KING] != 0 and k >= 0:
            for i in range(2):
                if (S[g, F_HALF + i] >> k) & 1:
                    S[g, F_DTALON] = S[g, F_HALF + i]
                    S[g, F_OTALON] = both & ~S[g, F_HALF + i]
        start_announce(S, g, ct)
    elif tk == TALON_UNUSED:
        start_announce(S, g, ct)
    else:  # Trischaken: no announcements, no Kontra (Österreich-Finale 2), 8))
        start_play(S, g, ct, ot)


@njit(cache=True, error_model="numpy")
def finish_bidding(S: np.ndarray, g: np.int64, ct: np.ndarray, ot: np.ndarray) -> None:
    c = S[g, F_BID]
    S[g, F_CON] = c
    S[g, F_DECL] = S[g, F_BIDDER]
    if c == ot[OT_BESSER]:
        S[g, F_PH] = PH_BIRD
        S[g, F_TURN] = S[g, F_DECL]
    elif ct[c, CT_KING] != 0:
        S[g, F_PH] = PH_CALL
        S[g, F_TURN] = S[g, F_DECL]
    else:
        after_call(S, g, ct, ot)


@njit(cache=True, error_model="numpy")
def advance_bidding(S: np.ndarray, g: np.int64, p: np.int64, ct: np.ndarray, ot: np.ndarray) -> None:
    """The next to speak, or the end of the bidding (Österreich-Finale 3))."""
    active = ~S[g, F_PASSED] & 15
    if popcount(active) == 1:
        a = bit_index(active)
        if S[g, F_BID] >= 0 and S[g, F_BIDDER] == a:
            finish_bidding(S, g, ct, ot)
            return
        S[g, F_FINAL] = 1  # only "Vorhand" was said: the Vorhand chooses (Rufer, Trischaken allowed)
        S[g, F_TURN] = a
        return
    q = (p + 1) & 3
    while (S[g, F_PASSED] >> q) & 1:
        q = (q + 1) & 3
    S[g, F_TURN] = q


@njit(cache=True, error_model="numpy")
def build_spec(S: np.ndarray, g: np.int64, sp: np.ndarray, ct: np.ndarray, ot: np.ndarray) -> None:
    """The compiled settlement's facts of row ``g`` (``tarock_settle.settle_spec`` of the engine
    state, written from the row)."""
    c = S[g, F_CON]
    kind = ct[c, CT_KIND]
    for i in range(sp.shape[0]):
        sp[i] = 0
    sp[_ts.S_SEATS] = S[g, F_NS]
    sp[_ts.S_KIND] = kind
    sp[_ts.S_VALUE] = ct[c, CT_VALUE]
    sp[_ts.S_NEED] = ct[c, CT_TRICKS]
    for i in range(4):
        sp[_ts.S_SEAT + i] = seat_of(S, g, i)
    sp[_ts.S_DECL] = S[g, F_DECL] if kind != 2 else -1
    partner = S[g, F_PARTNER] if ct[c, CT_KING] != 0 else -1
    sp[_ts.S_PARTNER] = partner
    sp[_ts.S_DECL_EXTRA] = S[g, F_DISC] | S[g, F_DTALON]
    sp[_ts.S_OPP_EXTRA] = S[g, F_OTALON]
    if kind == 0 and S[g, F_TGT] != 0:
        by = S[g, F_TGT + 3]
        sp[_ts.S_KONTRA] = 0 if by >= 0 and side(S, g, by) == 0 else S[g, F_TGT + 2]
    if kind == 1:
        for q in range(4):
            if S[g, F_NK + q * NK_W] != 0 and q != partner:
                sp[_ts.S_NEG_KONTRA + q] = S[g, F_NK + q * NK_W + 1]
    sp[_ts.S_CALLED] = S[g, F_CALLED]
    sp[_ts.S_LOST_DOUBLE] = ct[c, CT_LOSTDBL]
    sp[_ts.S_VALAT_MODE] = ot[OT_VMODE]
    sp[_ts.S_VALAT_ANN] = ot[OT_VANN]
    sp[_ts.S_VALAT_SIL] = ot[OT_VSIL]
    sp[_ts.S_SILENT_FAILED] = ot[OT_SILENT]
    sp[_ts.S_KP] = ot[OT_KP]
    sp[_ts.S_TRISCH_TIROL] = ot[OT_TRISCH]
    sp[_ts.S_JF_SHARE] = ot[OT_JF]
    if kind == 0:  # premiums only in positive games (Österreich-Finale 8))
        for k in range(8):
            b = _ts.S_PREM + k * _ts.PR_W
            sp[b] = (ct[c, CT_PREM] >> k) & 1
            sp[b + 5] = ct[c, CT_PV + k]
            t = F_TGT + (1 + k) * T_W
            if S[g, t] != 0:
                a = S[g, t + 1]
                sp[b + 1] = 1
                sp[b + 2] = side(S, g, a)
                sp[b + 3] = a
                by = S[g, t + 3]
                sp[b + 4] = 0 if by >= 0 and side(S, g, by) == side(S, g, a) else S[g, t + 2]


@njit(cache=True, error_model="numpy", _nrt=True)  # (not inherited from the step: it allocates)
def settle_row(S: np.ndarray, P: np.ndarray, g: np.int64, sp: np.ndarray, pos: np.ndarray, ct: np.ndarray,
               ot: np.ndarray, thirds: np.ndarray, pts: np.ndarray) -> None:
    """The points per score column of row ``g``'s finished deal into ``pts[g]``: the kernel's
    compiled settlement, or Schleifen (Österreich-Finale 4): the game and the declarer's
    announced premiums lost to each opponent) through its transfer."""
    build_spec(S, g, sp, ct, ot)
    ns = S[g, F_NS]
    for s in range(pts.shape[1]):
        pts[g, s] = 0
    if S[g, F_SCHL] != 0:
        pp = np.zeros(4, np.int64)
        one = np.ones(4, np.int64)
        transfer_nb(pp, sp, -sp[_ts.S_VALUE], 1, one)
        for k in range(8):
            t = F_TGT + (1 + k) * T_W
            if S[g, t] != 0 and side(S, g, S[g, t + 1]) == 0:
                transfer_nb(pp, sp, -ct[S[g, F_CON], CT_PV + k], 1, one)
        for p in range(4):
            pts[g, seat_of(S, g, p)] = pp[p]
        return
    c = S[g, F_CON]
    for i in range(P_SIZE):
        pos[i] = 0
    for i in range(48):
        pos[P_REC + i] = P[g, i]
        pos[P_SEAT + i] = P[g, 48 + i]
    pos[P_COLOUR] = ct[c, CT_COLOUR]
    pos[P_KAISER] = ot[OT_KAISER]
    pos[P_KAISER_ORDER] = ot[OT_KORDER]
    pos[P_DONE] = 12
    if ct[c, CT_KIND] == 2:  # Trischaken: the talon to the last trick (Österreich-Finale 5))
        pos[P_TALON_LAST] = S[g, F_HALF] | S[g, F_HALF + 1]
    out = score_nb(pos, thirds)
    res = settle_nb(sp, pos, out, thirds)
    for s in range(ns):
        pts[g, s] = res[s]


@njit(cache=True, error_model="numpy", _nrt=False)
def step_all(S: np.ndarray, P: np.ndarray, R: np.ndarray, actions: np.ndarray, seats: np.ndarray, mask: np.ndarray,
             obs: np.ndarray, ow: np.ndarray, sp: np.ndarray, pos: np.ndarray, tr: np.ndarray, lid: np.ndarray,
             nl: np.ndarray, rewards: np.ndarray, done: np.ndarray, pts: np.ndarray, autoreset: bool,
             act_kind: np.ndarray, act_arg: np.ndarray, ct: np.ndarray, ot: np.ndarray, ids: np.ndarray,
             thirds: np.ndarray) -> np.int64:
    """Apply ``actions[g]`` in every row still playing; returns -1, or the first row whose action
    is not in its legal mask (then no row has changed).

    Compiled without reference counting (``_nrt=False``: nothing here allocates; ``ow`` is ``obs``
    as 64-bit words, ``sp`` (``S_SIZE``), ``pos`` (``P_SIZE``) and ``tr`` (5) scratch, all the
    caller's), as the Jass step: an atomic count up and down per array and row cost a third of it.
    What allocates (the settlement, a fresh deal) runs only for the rows whose deal ended, in
    helpers compiled with reference counting (``_nrt=True``)."""
    ns = ot[OT_NS]
    bad = first_refused(actions, seats, mask)
    if bad >= 0:
        return bad
    for g in range(S.shape[0]):
        a = actions[g]
        clear_row(done, rewards, g)
        if S[g, F_PH] == PH_OVER:
            continue
        kind = act_kind[a]
        arg = act_arg[a]
        p = S[g, F_TURN]
        if kind == K_CARD:
            c = arg
            S[g, F_HAND + p] &= ~(np.int64(1) << c)
            S[g, F_PLAYED + p] |= np.int64(1) << c
            ncur = S[g, F_NCUR]
            dn = S[g, F_DONE]
            n = 4 * dn + ncur
            P[g, n] = c
            P[g, 48 + n] = p
            S[g, F_TRICK + ncur] = c
            if c == S[g, F_CALLED]:
                S[g, F_REVEALED] = 1
            if ncur < 3:
                S[g, F_NCUR] = ncur + 1
                S[g, F_TURN] = (p + 1) & 3
            else:
                for i in range(4):
                    tr[i] = S[g, F_TRICK + i]
                wi = winner_nb(tr, 0, 4, ct[S[g, F_CON], CT_COLOUR] != 0, ot[OT_KAISER] != 0, ot[OT_KORDER] != 0)
                wp = (S[g, F_LEADER] + wi) & 3
                th = np.int64(0)
                for i in range(4):
                    th += thirds[tr[i]]
                S[g, F_TWON + wp] += 1
                S[g, F_THWON + wp] += th
                S[g, F_NCUR] = 0
                S[g, F_DONE] = dn + 1
                S[g, F_LEADER] = wp
                S[g, F_TURN] = wp
                if dn == 0 and ct[S[g, F_CON], CT_OUVERT] != 0:
                    S[g, F_OPEN] = 1  # the declarer's cards open after the first trick (Österreich-Finale 6))
                if dn == 11:
                    S[g, F_PH] = PH_OVER
        elif kind == K_VORHAND:
            S[g, F_SPOKE] |= 1 << p
            advance_bidding(S, g, p, ct, ot)
        elif kind == K_PASS:
            S[g, F_SPOKE] |= 1 << p
            S[g, F_PASSED] |= 1 << p
            advance_bidding(S, g, p, ct, ot)
        elif kind == K_HOLD:
            S[g, F_BIDDER] = p
            advance_bidding(S, g, p, ct, ot)
        elif kind == K_BID:
            S[g, F_SPOKE] |= 1 << p
            S[g, F_BID] = arg
            S[g, F_BIDDER] = p
            if S[g, F_FINAL]:
                finish_bidding(S, g, ct, ot)
            else:
                advance_bidding(S, g, p, ct, ot)
        elif kind == K_BIRD:  # the Besserrufer announces his bird (Österreich-Finale 4))
            S[g, F_BIRD] = arg
            t = F_TGT + (1 + 3 + arg) * T_W
            S[g, t] = 1
            S[g, F_TGTS] |= 1 << (1 + 3 + arg)
            S[g, t + 1] = p
            S[g, t + 2] = 0
            S[g, t + 3] = -1
            S[g, t + 4] = 1 << p
            S[g, F_PH] = PH_CALL
        elif kind == K_CALL:
            hand = S[g, F_HAND + p]
            k = arg
            if k < 0:  # the fourth king: the one not in the hand
                S[g, F_CFOURTH] = 1
                for i in range(4):
                    if not (hand >> (8 * i + 7)) & 1:
                        k = 8 * i + 7
            S[g, F_CALLED] = k
            S[g, F_PARTNER] = -1
            for q in range(4):
                if q != p and (S[g, F_HAND + q] >> k) & 1:
                    S[g, F_PARTNER] = q
            after_call(S, g, ct, ot)
        elif kind == K_TALON:
            S[g, F_HAND + p] |= S[g, F_HALF + arg]
            S[g, F_TAKEN] = arg
            S[g, F_OTALON] = S[g, F_HALF + 1 - arg]
            S[g, F_TODISC] = 3
            S[g, F_PH] = PH_DISCARD
        elif kind == K_SCHL:  # the called king in the talon: he gives up (Österreich-Finale 4))
            S[g, F_SCHL] = 1
            S[g, F_PH] = PH_OVER
        elif kind == K_DISC:
            c = arg
            S[g, F_HAND + p] &= ~(np.int64(1) << c)
            S[g, F_DISC] |= np.int64(1) << c
            if (c >= 32) != (ct[S[g, F_CON], CT_COLOUR] != 0):  # tarock shown; colour games: suit cards
                S[g, F_DISCPUB] |= np.int64(1) << c
            S[g, F_TODISC] -= 1
            if S[g, F_TODISC] == 0:
                start_announce(S, g, ct)
        elif kind == K_ANN:
            t = F_TGT + (1 + arg) * T_W
            S[g, t] = 1
            S[g, F_TGTS] |= 1 << (1 + arg)
            S[g, t + 1] = p
            S[g, t + 2] = 0
            S[g, t + 3] = -1
            S[g, t + 4] = 1 << p
        elif kind == K_KONTRA:
            wd = arg // 9
            tg = arg % 9
            if ct[S[g, F_CON], CT_KIND] == 1:  # negative games: one Kontra per opponent (Österreich-Finale 6))
                if wd == 0:
                    b = F_NK + p * NK_W
                    S[g, b] = 1
                    S[g, F_NKS] |= 1 << p
                    S[g, b + 1] = 1
                    S[g, b + 2] = 1 << p
                elif wd == 1:  # a Rekontra answers all Kontras (Tiroler Cup, Abrechnung)
                    for q in range(4):
                        b = F_NK + q * NK_W
                        if S[g, b] != 0 and S[g, b + 1] == 1:
                            S[g, b + 1] = 2
                            S[g, b + 2] = 1 << p
                else:
                    b = F_NK + p * NK_W
                    S[g, b + 1] = 3
                    S[g, b + 2] = 1 << p
            else:
                t = F_TGT + tg * T_W
                S[g, t + 2] = wd + 1
                if wd == 0:
                    S[g, t + 3] = p
                S[g, t + 4] = 1 << p
        elif kind == K_GUT:
            S[g, F_ANNDONE] |= 1 << p
            for t in range(9):
                S[g, F_TGT + t * T_W + 4] |= 1 << p
            for q in range(4):
                if S[g, F_NK + q * NK_W] != 0:
                    S[g, F_NK + q * NK_W + 2] |= 1 << p
            nxt = p
            found = False
            for _ in range(4):
                nxt = (nxt + 1) & 3
                if has_something(S, g, nxt, ct):
                    S[g, F_TURN] = nxt
                    found = True
                    break
            if not found:
                start_play(S, g, ct, ot)
        if S[g, F_PH] == PH_OVER:
            settle_row(S, P, g, sp, pos, ct, ot, thirds, pts)
            zero_sum_rewards(pts, rewards, g, ns)
            done[g] = True
            if autoreset:
                new_deal(S, R, g, ns)
        if S[g, F_PH] == PH_OVER:
            finish_row(seats, mask, nl, obs, g)
        else:
            write_out(S, g, seats, mask, obs, ow, lid, nl, ct, ot, ids, tr)
    return -1


@njit(cache=True, error_model="numpy")
def reset_all(S: np.ndarray, R: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, ct: np.ndarray, ot: np.ndarray, ids: np.ndarray) -> None:
    ow = obs.view(np.uint64)
    tr = np.zeros(5, np.int64)
    for g in range(S.shape[0]):
        new_deal(S, R, g, ot[OT_NS])
        write_out(S, g, seats, mask, obs, ow, lid, nl, ct, ot, ids, tr)


@njit(cache=True, error_model="numpy")
def observe_rows(S: np.ndarray, seats: np.ndarray, out: np.ndarray, ct: np.ndarray) -> None:
    """Each row's observation for ``seats[g]`` (-1, or the sitting-out dealer of five: zeros)."""
    w = out.view(np.uint64)
    for g in range(S.shape[0]):
        s = seats[g]
        if s < 0 or S[g, F_PH] == PH_OVER:
            continue
        ns = S[g, F_NS]
        me = (s - S[g, F_DEALER] - 1) % ns
        if me < 4:
            write_obs(S, g, me, out, w, g, ct)
