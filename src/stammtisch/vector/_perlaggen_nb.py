"""The compiled step of the batched Perlaggen environment (Numba; plain Python without it).

One row of ``S`` (``int64``, :data:`NF` fields) is one deal. Its first :data:`P_SIZE` fields are a
card-play position of the Perlaggen kernel (:mod:`stammtisch.bots.kernels.perlaggen`, layout
``P_*``), so the cards are played by the kernel's own compiled pieces: the legal cards are
:func:`~stammtisch.games.perlaggen.cardplay.legal_mask` (§15), a card goes on the table and closes
its trick by the kernel's ``_play_nb`` / ``winner_nb`` (§18, §20), the figures of a seat are the
kernel's ``seat_figures_nb`` (§3, §18, §28) and the deal is written by the kernel's ``settle_nb``
(the mirror of :func:`stammtisch.games.perlaggen.scoring.settle`), every figure given as it was
decided by the words said in the deal. The rest of the row is the state of the words: the cut
(§4), looking (§32), the exchange (§7), bids, answers and raises (§8, §11-§14, §21, §29), the
figures after the Spiel (§22-§24); each mirrors the engine's :class:`PerlaggenDeal` method named
in its comment, and the differential tests (``tests/vector/test_perlaggen_vector.py``) compare
every step with the engine.
"""

from __future__ import annotations

import numpy as np

from ..bots.kernels import _nb as _k
from ..bots.kernels import perlaggen as _kp
from ..bots.kernels._nb import njit, shuffle
from ._compile import inline
from ._rows import BYTES_OF, clear_row, finish_row, first_refused, team_rewards
from ..bots.kernels.perlaggen import (
    F_CARDS, F_KIND, F_LACK, F_MODE, F_PARAM, F_SIZE, F_STATUS, F_VALUE, M_FIXED, P_DONE, P_HANDS, P_LEADER,
    P_NCUR, P_PMASK, P_PRANK, P_REC, P_SEAT, P_SIZE, P_TAUFE, P_TRUMP, P_WON, S_BINDS, S_F, S_FLIP, S_NF,
    S_SIZE, S_STRICT, S_TARGET,
)


legal_nb = inline(_kp.legal_nb)
counts_as_nb = inline(_kp._counts_as_nb)
bit_index = inline(_k.bit_index)
rand_below = inline(_k.rand_below)
# the kernel's card step with its trick winner, all inlined (the engine's cardplay.counts_as / trick_key)
_winner_nb = inline(_kp.winner_nb, _counts_as=inline(_kp._counts_as, _counts_as_nb=counts_as_nb),
                    _trick_key_nb=inline(_kp._trick_key_nb))
play_nb = inline(_kp._play_nb, winner_nb=_winner_nb)
seat_figures_nb = _kp.seat_figures_nb
settle_nb = _kp.settle_nb

WELI = 32
MARTL = 22
#: the five standing Perlaggen (§4): Martl, Weli, Eichel-7, -Unter, -Ober
STANDING = (np.int64(1) << 22) | (np.int64(1) << 32) | np.int64(1) | (np.int64(1) << 4) | (np.int64(1) << 5)
AUS = 99
#: the stakes a figure passes through (bidding.LADDER): the next one after each
LADDER_NEXT = np.asarray([0, 0, 3, 4, 5, 6, 7, AUS], np.int64)

# -- fields of a state row after the kernel position (those read at every step first) ----------
_at = P_SIZE


def _field(n: int = 1) -> int:
    global _at
    _at += n
    return _at - n


F_PHASE = _field()
F_TURN = _field()         # the seat to move in the words (cut, keep, look, exchange, figures)
F_PEND = _field()         # an offer awaits its answer
F_PSEAT = _field()
F_PFIG = _field()
F_PVAL = _field()
F_ASKED = _field()        # the first-asked seat left the answer to its partner (§11)
F_RETPH = _field()
F_SPIEL = _field()        # the Spiel side (-1)
F_Q = _field(2)           # the figures queue after the Spiel (§22-§24)
F_QN = _field()
F_QI = _field()
F_FSTEP = _field()        # 1: the Spiel side showed, the others answer
F_SHOWNKEY = _field()
F_SHOWN = _field()        # Luck and Boden shown (§7)
F_LED = _field()          # the suit the current trick's first card counts as (-1)
F_TRICKSET = _field()     # the cards of the current trick
F_PL = _field(4)          # the cards each seat played
F_TAUFEW = _field(5)      # the observation's ``taufe`` block as it stands, five 64-bit words
F_TOT = _field(2)         # ``total``: the figures conceded to each side in this deal (§12)
F_DEALER = _field()
F_LOOKED = _field(4)
F_EXCHANGED = _field()    # the seat that exchanged (-1, §7)
F_TOOK = _field()         # the trump card it took (-1)
F_TRUMPCARD = _field()
F_LUCK = _field()         # the first and last card of the stock (§7)
F_BODEN = _field()
F_KEPT = _field()         # bit set of the standing Perlaggen the cutter kept (public, §4)
F_TURNED = _field()       # bit set of the Eichel cards turned up and put under (public, §7)
F_NLIFT = _field()        # cards still lifted (the kept ones leave from the bottom, §4)
F_COUNTER = _field()
F_FKEYS = _field(8)       # 4 x 2: each seat's Gleich and Hanger key once the card play is over
F_FIG = _field(36)        # 3 x FS: the figures Gleich, Hanger, Spiel
F_NCUT = _field()         # cards lifted (§4)
F_NKEPT = _field()
F_EXCHANGER = _field()
F_STEPS = _field()
F_DECK = _field(33)       # the shuffled deck, top first
NF = _at
# the figures field by field, the three (Gleich, Hanger, Spiel) side by side: ``S[g, FS_<field> + f]``
(FS_STATUS, FS_VALUE, FS_RAISER, FS_CTO, FS_CVAL, FS_DECIDED, FS_WINNER, FS_BIDDER, FS_OFFER, FS_OFFERER,
 FS_ORDER, FS_CARDS) = range(F_FIG, F_FIG + 36, 3)

ST_OPEN, ST_OFFERED, ST_HELD, ST_CONCEDED = 0, 1, 2, 3
PH_CUT, PH_KEEP, PH_LOOK, PH_EXCH, PH_PLAY, PH_ANSWER, PH_FIG, PH_OVER = range(8)
#: the engine's phase words, in the order of ``PH_*``
PHASES = ("cut", "keep", "look", "exchange", "play", "answer", "figures", "over")

# action kinds
(K_NONE, K_CUT, K_KEEP, K_LIEGEN, K_LOOK, K_TAUSCH, K_NTAUSCH, K_CARD, K_BID, K_RAISE, K_HALTEN, K_GUT,
 K_STEIGERN, K_PFRAGEN, K_WEISEN, K_ABWEISEN, K_STELLEN) = range(17)

# the id table ``ids``
I_CUT = 0          # 32, by number of cards (2..31)
I_BEHALTEN = 32
I_LIEGEN = 33
I_ANSEHEN = 34
I_TAUSCH = 35      # 32, by card
I_NTAUSCH = 67
I_PLAIN = 68       # 33, by card
I_TAUFE = 101      # 33 x 32 (-1: no such action)
I_BID = 1157       # 3
I_RAISE = 1160     # 3
I_HALTEN, I_GUT, I_STEIGERN, I_PFRAGEN, I_WEISEN, I_ABWEISEN, I_STELLEN = range(1163, 1170)
I_SIZE = 1170

# the options table ``opt``
O_TARGET, O_UNBID, O_UNSEEN, O_BINDS, O_STRICT = range(5)

# -- observation layout (relative seats: 0 the observer, 1 the next seat in the order of play) --
CARD_BLOCK = 40
#: what the seat knows of each card (the ``cards`` field, one byte per card, docs/bots.md)
C_UNSEEN, C_HAND, C_PLAYED, C_TRICK, C_HELD, C_UNDER, C_TRUMPCARD = 0, 1, 2, 6, 10, 11, 12

FIG_FIELDS = (("status", 6), ("bidder", 2), ("value", 1), ("offer", 1), ("offered_by", 2), ("conceded_to", 2),
              ("winner", 3))
FIG_OBS = sum(n for _, n in FIG_FIELDS)


def obs_layout() -> dict[str, tuple[int, int]]:
    """Field name -> (offset, length) of the Perlaggen observation (docs/bots.md)."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    fields = [("cards", 40), ("taufe", 40), ("phase", 7), ("dealer", 4), ("trump", 4), ("looked", 4),
              ("leader", 4), ("last_winner", 4), ("tricks_won", 2), ("exchanged", 4), ("luck", 1), ("boden", 1),
              ("lifted_bottom", 1)]
    fields += [(f"{f}_{name}", n) for f in ("gleich", "hanger", "spiel") for name, n in FIG_FIELDS]
    fields += [("pending_seat", 4), ("pending_figure", 3), ("pending_value", 1), ("partner_asked", 1),
               ("written", 2), ("target", 1), ("spiel_side", 2), ("figure_on_table", 3), ("figure_shown", 1)]
    for name, n in fields:
        out[name] = (at, n)
        at += n
    out["_pad"] = (at, -at % 8)
    return out


_LAYOUT = obs_layout()
O_SCAL = _LAYOUT["phase"][0]
O_FIGS = _LAYOUT["gleich_status"][0]
O_PEND = _LAYOUT["pending_seat"][0]


@njit(cache=True, error_model="numpy")
def new_deal(S: np.ndarray, R: np.ndarray, g: np.int64, st: np.ndarray, deck: np.ndarray) -> None:
    """Deal row ``g`` afresh from its stream: a shuffled deck of 33 and a random dealer; the seat
    right of the dealer cuts (§4). ``st`` (``uint64 (1,)``) and ``deck`` (``int64``, 33 or more): scratch."""
    st[0] = R[g]
    for i in range(33):
        deck[i] = i
    shuffle(st, deck[:33])
    dealer = rand_below(st, 4)
    R[g] = st[0]
    for i in range(NF):
        S[g, i] = 0
    for i in range(33):
        S[g, F_DECK + i] = deck[i]
    S[g, F_PHASE] = PH_CUT
    S[g, F_DEALER] = dealer
    S[g, F_TURN] = (dealer + 3) & 3
    S[g, F_TRUMPCARD] = -1
    S[g, F_LUCK] = -1
    S[g, F_BODEN] = -1
    S[g, F_EXCHANGER] = -1
    S[g, F_EXCHANGED] = -1
    S[g, F_TOOK] = -1
    S[g, F_SPIEL] = -1
    S[g, F_PSEAT] = -1
    S[g, F_PFIG] = -1
    S[g, P_TRUMP] = -1
    for f in range(3):
        b = f
        S[g, b + FS_OFFERER] = -1
        S[g, b + FS_BIDDER] = -1
        S[g, b + FS_RAISER] = -1
        S[g, b + FS_CTO] = -1
        S[g, b + FS_WINNER] = -1
    for i in range(8):
        S[g, F_FKEYS + i] = -1
    S[g, F_LED] = -1


@njit(cache=True, error_model="numpy")
def deal_out(S: np.ndarray, g: np.int64, pranks: np.ndarray, pmasks: np.ndarray, opt: np.ndarray,
             scr: np.ndarray) -> None:
    """``PerlaggenDeal._deal_out`` and ``_after_deal``: the rest of the deck on top of the lifted
    packet, three then two cards each from Vorhand (the cutter already holds what it kept, §4, §5);
    an Eichel card turned up goes under the stock (§7); the next card is trump. ``scr``: scratch
    (``int64``, 48 or more: the deck, then sizes and hands by seat)."""
    deck = scr
    n = 0
    ncut = S[g, F_NCUT]
    for i in range(ncut, 33):
        deck[n] = S[g, F_DECK + i]
        n += 1
    for i in range(S[g, F_NLIFT]):
        deck[n] = S[g, F_DECK + i]
        n += 1
    dealer = S[g, F_DEALER]
    vh = (dealer + 1) & 3
    cutter = (dealer + 3) & 3
    SZ, HD = 40, 44  # scratch: cards held so far and hands, by seat
    for s in range(4):
        scr[SZ + s] = 0
        scr[HD + s] = 0
    scr[HD + cutter] = S[g, F_KEPT]
    scr[SZ + cutter] = S[g, F_NKEPT]
    top = 0
    for rnd in range(2):
        for i in range(4):
            s = (vh + i) & 3
            take = max(0, 3 - scr[SZ + s]) if rnd == 0 else 5 - scr[SZ + s]
            for _ in range(take):
                scr[HD + s] |= np.int64(1) << deck[top]
                top += 1
            scr[SZ + s] += take
    m = n - top  # the stock deck[top:n] with the trump card on top
    while deck[top] < 8:  # an Eichel card is never trump (§7)
        S[g, F_TURNED] |= np.int64(1) << deck[top]
        first = deck[top]
        for i in range(top, n - 1):
            deck[i] = deck[i + 1]
        deck[n - 1] = first
    tc = deck[top]
    trump = 3 if tc == WELI else tc >> 3  # the Weli turned up makes Schell trump (its suit, core.cards)
    S[g, F_TRUMPCARD] = tc
    S[g, F_LUCK] = deck[top + 1]
    S[g, F_BODEN] = deck[top + m - 1]
    S[g, F_SHOWN] = 1
    S[g, P_TRUMP] = trump
    S[g, P_PMASK] = pmasks[trump]
    for c in range(33):
        S[g, P_PRANK + c] = pranks[trump, c]
    for s in range(4):
        S[g, P_HANDS + s] = scr[HD + s]
    S[g, P_LEADER] = vh
    S[g, F_TURN] = vh
    if opt[O_UNSEEN]:
        S[g, F_PHASE] = PH_LOOK
    else:
        for s in range(4):
            S[g, F_LOOKED + s] = 1
        to_exchange(S, g)


@njit(cache=True, inline="always", error_model="numpy")
def plain_trumps(S: np.ndarray, g: np.int64, seat: np.int64) -> np.int64:
    trump = S[g, P_TRUMP]
    return S[g, P_HANDS + seat] & (np.int64(0xFF) << (8 * trump)) & ~S[g, P_PMASK]


@njit(cache=True, error_model="numpy")
def to_exchange(S: np.ndarray, g: np.int64) -> None:
    """``_to_exchange``: a turned-up Perlagg is exchanged for a trump by the dealer, else by his
    partner (§7); without one the play begins."""
    S[g, F_PHASE] = PH_EXCH
    dealer = S[g, F_DEALER]
    if (S[g, P_PMASK] >> S[g, F_TRUMPCARD]) & 1:
        if plain_trumps(S, g, dealer):
            S[g, F_EXCHANGER] = dealer
        elif plain_trumps(S, g, (dealer + 2) & 3):
            S[g, F_EXCHANGER] = (dealer + 2) & 3
    if S[g, F_EXCHANGER] < 0:
        to_play(S, g)
    else:
        S[g, F_TURN] = S[g, F_EXCHANGER]


@njit(cache=True, inline="always", error_model="numpy")
def to_play(S: np.ndarray, g: np.int64) -> None:
    S[g, F_PHASE] = PH_PLAY
    S[g, F_TURN] = (S[g, F_DEALER] + 1) & 3


@njit(cache=True, inline="always", error_model="numpy")
def total(S: np.ndarray, g: np.int64, side: np.int64) -> np.int64:
    """``BiddingMixin.total`` from 0 : 0: the figures conceded to the side in this deal (§12)."""
    return S[g, F_TOT + side]


@njit(cache=True, inline="always", error_model="numpy")
def to_move(S: np.ndarray, g: np.int64) -> np.int64:
    ph = S[g, F_PHASE]
    if ph == PH_PLAY:
        return (S[g, P_LEADER] + S[g, P_NCUR]) & 3
    if ph == PH_ANSWER:
        return (S[g, F_PSEAT] + (3 if S[g, F_ASKED] else 1)) & 3
    if ph == PH_OVER:
        return -1
    return S[g, F_TURN]


@njit(cache=True, inline="always", error_model="numpy")
def led_suit(S: np.ndarray, g: np.int64) -> np.int64:
    """The suit the current trick's first card counts as (-1: none on the table)."""
    return S[g, F_LED]


@njit(cache=True, error_model="numpy")
def spiel_ok(S: np.ndarray, g: np.int64, seat: np.int64) -> bool:
    """``_spiel_ok`` (§29): in the fifth round the Spiel is bid, held or raised only with the
    Spiel-Farbe, a trump or a Perlagg in the hand or lying for the seat in the trick."""
    if S[g, P_DONE] != 4 or S[g, P_NCUR] == 0:
        return True
    led = led_suit(S, g)
    trump = S[g, P_TRUMP]
    m = (np.int64(0xFF) << (8 * led)) | (np.int64(0xFF) << (8 * trump)) | S[g, P_PMASK]
    if S[g, P_HANDS + seat] & m:
        return True
    for k in range(16, 16 + S[g, P_NCUR]):
        if S[g, P_SEAT + k] == seat:
            c = S[g, P_REC + k]
            t = S[g, P_TAUFE + k]
            if t >= 0:
                return True
            s, _h, _r = counts_as_nb(c, t, 0)
            if s == led or s == trump:
                return True
    return False


@njit(cache=True, inline="always", error_model="numpy")
def fig_open_bid(S: np.ndarray, g: np.int64, seat: np.int64, f: np.int64) -> bool:
    """``_bid_actions`` for figure ``f``: ``bieten`` (status open; the Spiel not decided, §29)."""
    b = f
    if S[g, b + FS_STATUS] != ST_OPEN:
        return False
    return f != 2 or (S[g, F_SPIEL] < 0 and spiel_ok(S, g, seat))


@njit(cache=True, inline="always", error_model="numpy")
def fig_raise(S: np.ndarray, g: np.int64, seat: np.int64, f: np.int64) -> bool:
    """``_bid_actions`` for figure ``f``: ``steigern:<f>`` (held, the seat's side raises next, not
    yet "Spiel aus", §13)."""
    b = f
    if S[g, b + FS_STATUS] != ST_HELD or S[g, b + FS_RAISER] != (seat & 1) or S[g, b + FS_VALUE] >= AUS:
        return False
    return f != 2 or (S[g, F_SPIEL] < 0 and spiel_ok(S, g, seat))


@njit(cache=True, inline="always", error_model="numpy")
def side_key(S: np.ndarray, g: np.int64, side: np.int64, kind: np.int64) -> np.int64:
    """``_side_figure``: the side's best figure of ``kind`` (0 Gleich, 1 Hanger) as a key (-1 none)."""
    return max(S[g, F_FKEYS + side * 2 + kind], S[g, F_FKEYS + (side + 2) * 2 + kind])


@njit(cache=True, inline="always", error_model="numpy")
def emit(mask: np.ndarray, lid: np.ndarray, g: np.int64, n: np.int64, i: np.int64) -> np.int64:
    lid[g, n] = i
    mask[g, i] = True
    return n + 1


@njit(cache=True, inline="always", error_model="numpy")
def write_legal(S: np.ndarray, g: np.int64, me: np.int64, mask: np.ndarray, lid: np.ndarray, nl: np.ndarray,
                ids: np.ndarray, taufe_ids: np.ndarray, opt: np.ndarray) -> None:
    """Row ``g``'s legal ids for seat ``me`` (ascending), into ``mask[g]`` and ``lid[g, :nl[g]]``."""
    for i in range(nl[g]):  # the row holds exactly the ids listed last
        mask[g, lid[g, i]] = False
    n = 0
    ph = S[g, F_PHASE]
    if ph == PH_PLAY:
        hand = S[g, P_HANDS + me]
        pm = S[g, P_PMASK]
        trump = S[g, P_TRUMP]
        legal = legal_nb(hand, S[g, F_LED], trump, pm, False)
        x = legal
        while x:
            low = x & -x
            n = emit(mask, lid, g, n, ids[I_PLAIN + bit_index(low)])
            x ^= low
        x = legal & pm
        while x:  # §18, §20: a Perlagg getauft as any plain suit card (taufe_ids: those of this trump)
            low = x & -x
            c = bit_index(low)
            x ^= low
            for j in range(taufe_ids.shape[2]):
                n = emit(mask, lid, g, n, taufe_ids[trump, c, j])
        if total(S, g, me & 1) < opt[O_TARGET] - 1:  # §21
            for f in range(3):
                if fig_open_bid(S, g, me, f):
                    n = emit(mask, lid, g, n, ids[I_BID + f])
            for f in range(3):
                if fig_raise(S, g, me, f):
                    n = emit(mask, lid, g, n, ids[I_RAISE + f])
    elif ph == PH_ANSWER:  # ``_answer_actions`` (§11, §13, §29)
        f = S[g, F_PFIG]
        ok = f != 2 or spiel_ok(S, g, me)
        if ok:
            n = emit(mask, lid, g, n, ids[I_HALTEN])
        n = emit(mask, lid, g, n, ids[I_GUT])
        if ok and S[g, F_PVAL] < AUS and total(S, g, me & 1) < opt[O_TARGET] - 1:
            n = emit(mask, lid, g, n, ids[I_STEIGERN])
        if not S[g, F_ASKED]:
            n = emit(mask, lid, g, n, ids[I_PFRAGEN])
    elif ph == PH_FIG:  # ``_figure_actions`` (§22-§24)
        kind = S[g, F_Q + S[g, F_QI]]
        ss = S[g, F_SPIEL]
        if S[g, F_FSTEP] == 0:
            if total(S, g, me & 1) < opt[O_TARGET] - 1:
                for f in range(2):
                    if fig_open_bid(S, g, me, f):
                        n = emit(mask, lid, g, n, ids[I_BID + f])
                for f in range(2):
                    if fig_raise(S, g, me, f):
                        n = emit(mask, lid, g, n, ids[I_RAISE + f])
            n = emit(mask, lid, g, n, ids[I_GUT])
            if side_key(S, g, ss, kind) >= 0:
                n = emit(mask, lid, g, n, ids[I_WEISEN])
        else:
            n = emit(mask, lid, g, n, ids[I_GUT])
            theirs = side_key(S, g, 1 - ss, kind)
            if theirs >= 0 and theirs > S[g, F_SHOWNKEY]:
                n = emit(mask, lid, g, n, ids[I_ABWEISEN])
            elif theirs >= 0 and theirs == S[g, F_SHOWNKEY]:
                n = emit(mask, lid, g, n, ids[I_STELLEN])
    elif ph == PH_CUT:
        for k in range(2, 32):
            n = emit(mask, lid, g, n, ids[I_CUT + k])
    elif ph == PH_KEEP:
        n = emit(mask, lid, g, n, ids[I_BEHALTEN])
        n = emit(mask, lid, g, n, ids[I_LIEGEN])
    elif ph == PH_LOOK:
        n = emit(mask, lid, g, n, ids[I_ANSEHEN])
    elif ph == PH_EXCH:
        x = plain_trumps(S, g, me)
        while x:
            low = x & -x
            n = emit(mask, lid, g, n, ids[I_TAUSCH + bit_index(low)])
            x ^= low
        n = emit(mask, lid, g, n, ids[I_NTAUSCH])
    nl[g] = n


@njit(cache=True, inline="always", error_model="numpy")
def code_word(bits: np.int64, i: np.int64, code: np.int64) -> np.uint64:
    """Byte ``i`` of the card set ``bits`` as eight bytes of ``code`` (or 0)."""
    return BYTES_OF[(bits >> (8 * i)) & 255] * np.uint64(code)


@njit(cache=True, inline="always", error_model="numpy")
def write_obs(S: np.ndarray, g: np.int64, me: np.int64, obs: np.ndarray, w: np.ndarray, k: np.int64,
              opt: np.ndarray) -> None:
    """Seat ``me``'s observation of row ``g`` into ``obs[k]`` (only what that seat may know;
    layout :func:`obs_layout`, docs/bots.md)."""
    # ``cards``: one byte per card, five 64-bit words from the card sets (they are disjoint)
    hand = S[g, P_HANDS + me] if S[g, F_LOOKED + me] else np.int64(0)
    trick = S[g, F_TRICKSET]
    seen = hand
    for s in range(4):
        seen |= S[g, F_PL + s]
    held = S[g, F_KEPT]
    if S[g, F_TOOK] >= 0:
        held |= np.int64(1) << S[g, F_TOOK]
    held &= ~seen
    tc = np.int64(1) << S[g, F_TRUMPCARD] if S[g, F_TRUMPCARD] >= 0 else np.int64(0)
    turned = S[g, F_TURNED]
    for i in range(5):
        x = code_word(hand, i, C_HAND) + code_word(held, i, C_HELD) + code_word(turned, i, C_UNDER) \
            + code_word(tc, i, C_TRUMPCARD)
        for s in range(4):
            r = (s - me) & 3
            pl = S[g, F_PL + s]
            x += code_word(pl & ~trick, i, C_PLAYED + r) + code_word(pl & trick, i, C_TRICK + r)
        w[k, i] = x
    for i in range(10, w.shape[1]):
        w[k, i] = 0
    # ``taufe``: what each Perlagg played getauft counted as (§18), kept along as the cards are played
    for i in range(5):
        w[k, 5 + i] = S[g, F_TAUFEW + i]
    at = O_SCAL
    ph = S[g, F_PHASE]
    obs[k, at + min(ph, 6)] = 1
    at += 7
    obs[k, at + ((S[g, F_DEALER] - me) & 3)] = 1
    at += 4
    if S[g, P_TRUMP] >= 0:
        obs[k, at + S[g, P_TRUMP]] = 1
    at += 4
    for s in range(4):
        obs[k, at + ((s - me) & 3)] = S[g, F_LOOKED + s]
    at += 4
    if S[g, P_NCUR] > 0:
        obs[k, at + ((S[g, P_LEADER] - me) & 3)] = 1
    at += 4
    if S[g, P_DONE] > 0:  # the last trick's winner leads the current one
        obs[k, at + ((S[g, P_LEADER] - me) & 3)] = 1
    at += 4
    t = me & 1
    obs[k, at] = S[g, P_WON + t]
    obs[k, at + 1] = S[g, P_WON + 1 - t]
    at += 2
    if S[g, F_EXCHANGED] >= 0:
        obs[k, at + ((S[g, F_EXCHANGED] - me) & 3)] = 1
    at += 4
    if S[g, F_SHOWN]:
        obs[k, at] = S[g, F_LUCK] + 1
        obs[k, at + 1] = S[g, F_BODEN] + 1
    if ph == PH_KEEP:
        obs[k, at + 2] = S[g, F_DECK + S[g, F_NLIFT] - 1] + 1
    at += 3
    for f in range(3):
        b = f
        st = S[g, b + FS_STATUS]
        dec = S[g, b + FS_DECIDED]
        obs[k, at + (5 if dec and st == ST_OPEN else st)] = 1
        if S[g, b + FS_BIDDER] >= 0:
            obs[k, at + 6 + (S[g, b + FS_BIDDER] ^ t)] = 1
        if S[g, b + FS_CTO] >= 0:
            obs[k, at + 8] = S[g, b + FS_CVAL]
            obs[k, at + 12 + (S[g, b + FS_CTO] ^ t)] = 1
        elif st == ST_HELD:
            obs[k, at + 8] = S[g, b + FS_VALUE]
        if st == ST_OFFERED:
            obs[k, at + 9] = S[g, b + FS_OFFER]
            obs[k, at + 10 + ((S[g, b + FS_OFFERER] & 1) ^ t)] = 1
        if dec:
            wn = S[g, b + FS_WINNER]
            obs[k, at + 14 + (2 if wn < 0 else wn ^ t)] = 1
        at += 17
    if ph == PH_ANSWER:
        obs[k, at + ((S[g, F_PSEAT] - me) & 3)] = 1
        obs[k, at + 4 + S[g, F_PFIG]] = 1
        obs[k, at + 7] = S[g, F_PVAL]
        obs[k, at + 8] = S[g, F_ASKED]
    at += 9
    obs[k, at] = S[g, F_TOT + t]
    obs[k, at + 1] = S[g, F_TOT + 1 - t]
    obs[k, at + 2] = opt[O_TARGET]
    at += 3
    if S[g, F_SPIEL] >= 0:
        obs[k, at + (S[g, F_SPIEL] ^ t)] = 1
    at += 2
    if ph == PH_FIG:
        obs[k, at + S[g, F_Q + S[g, F_QI]]] = 1
        obs[k, at + 3] = S[g, F_FSTEP]


@njit(cache=True, error_model="numpy", _nrt=True)  # (not inherited from the step: it allocates)
def settle_row(S: np.ndarray, g: np.int64, opt: np.ndarray, pts: np.ndarray, spec: np.ndarray,
               keys: np.ndarray) -> None:
    """``PerlaggenDeal.outcomes`` + ``scoring.settle`` from 0 : 0: each figure as the words decided
    it, in the order of writing (§12, §14, §27), written by the kernel's ``settle_nb`` (§10 for a
    held Gleich or Hanger a side lacks, §25 at ``target - 1``)."""
    for i in range(S_SIZE):  # ``spec`` (S_SIZE) and ``keys`` (3): scratch
        spec[i] = 0
    spec[S_TARGET] = opt[O_TARGET]
    spec[S_STRICT] = opt[O_STRICT]
    spec[S_BINDS] = opt[O_BINDS]
    spec[S_FLIP] = -1
    n = 0
    for f in range(3):
        b = f
        st = S[g, b + FS_STATUS]
        if st == ST_CONCEDED:
            keys[n] = (1 << 20) + S[g, b + FS_ORDER]
        elif S[g, b + FS_DECIDED]:
            if st == ST_HELD:
                keys[n] = (0 if S[g, b + FS_VALUE] >= AUS else 2 << 20) + S[g, b + FS_ORDER]
            else:
                keys[n] = (3 << 20) + f
        else:
            continue
        e = S_F + n * F_SIZE
        spec[e + F_KIND] = f
        spec[e + F_MODE] = M_FIXED
        if st == ST_CONCEDED:
            spec[e + F_STATUS] = 1
            spec[e + F_VALUE] = S[g, b + FS_CVAL]
            spec[e + F_PARAM] = S[g, b + FS_CTO]
        else:
            spec[e + F_STATUS] = 2 if st == ST_HELD else 0
            spec[e + F_VALUE] = S[g, b + FS_VALUE] if st == ST_HELD else opt[O_UNBID]
            spec[e + F_PARAM] = S[g, b + FS_WINNER]
            spec[e + F_CARDS] = S[g, b + FS_CARDS]
            spec[e + F_LACK] = 1 if (st == ST_HELD and f != 2) else 0
        n += 1
    # the order of writing (scoring ``_write_order``): insertion sort of the n <= 3 entries by key
    for i in range(1, n):
        j = i
        while j > 0 and keys[j - 1] > keys[j]:
            keys[j - 1], keys[j] = keys[j], keys[j - 1]
            for x in range(F_SIZE):
                a, c = S_F + (j - 1) * F_SIZE + x, S_F + j * F_SIZE + x
                spec[a], spec[c] = spec[c], spec[a]
            j -= 1
    spec[S_NF] = n
    a, b2 = settle_nb(S[g, :P_SIZE], spec)
    pts[g, 0] = a
    pts[g, 1] = b2


@njit(cache=True, inline="always", error_model="numpy")
def finish(S: np.ndarray, g: np.int64) -> None:
    """``_finish`` (no offer can be open here)."""
    S[g, F_PHASE] = PH_OVER


@njit(cache=True, inline="always", error_model="numpy")
def decide(S: np.ndarray, g: np.int64, f: np.int64, winner: np.int64, cards: np.int64, opt: np.ndarray) -> None:
    """``FiguresMixin._decide``."""
    b = f
    S[g, b + FS_WINNER] = winner
    S[g, b + FS_CARDS] = cards
    S[g, b + FS_DECIDED] = 1
    if S[g, b + FS_STATUS] == ST_OPEN:
        S[g, b + FS_VALUE] = opt[O_UNBID]


@njit(cache=True, inline="always", error_model="numpy")
def first_of(S: np.ndarray, g: np.int64, side: np.int64) -> np.int64:
    """``_first_of``: the first seat of ``side`` after the dealer."""
    d = S[g, F_DEALER]
    for i in range(1, 5):
        if ((d + i) & 3 & 1) == side:
            return (d + i) & 3
    return 0


@njit(cache=True, inline="always", error_model="numpy")
def next_figure(S: np.ndarray, g: np.int64) -> None:
    """``_next_figure``: the next figure neither decided nor conceded, or the end of the deal."""
    S[g, F_FSTEP] = 0
    S[g, F_SHOWNKEY] = -1
    while S[g, F_QI] < S[g, F_QN]:
        b = S[g, F_Q + S[g, F_QI]]
        if S[g, b + FS_DECIDED] or S[g, b + FS_STATUS] == ST_CONCEDED:
            S[g, F_QI] += 1
        else:
            break
    if S[g, F_QI] >= S[g, F_QN]:
        finish(S, g)
        return
    S[g, F_TURN] = first_of(S, g, S[g, F_SPIEL])


@njit(cache=True, error_model="numpy", _nrt=True)  # (not inherited from the step: it allocates)
def decide_spiel(S: np.ndarray, g: np.int64, side: np.int64, opt: np.ndarray) -> None:
    """``_decide_spiel`` and ``_start_figures`` (§23): the card play is over; the figures held (in
    the order bid) and then the open ones are decided next (§22-§24)."""
    b = 2
    S[g, F_SPIEL] = side
    if S[g, b + FS_STATUS] == ST_CONCEDED:
        S[g, F_SPIEL] = S[g, b + FS_CTO]
    else:
        S[g, b + FS_WINNER] = side
        S[g, b + FS_DECIDED] = 1
        if S[g, b + FS_STATUS] == ST_OPEN:
            S[g, b + FS_VALUE] = opt[O_UNBID]
    pos = S[g, :P_SIZE]
    for s in range(4):
        gk, hk = seat_figures_nb(pos, s, opt[O_BINDS])
        S[g, F_FKEYS + 2 * s] = gk
        S[g, F_FKEYS + 2 * s + 1] = hk
    n = 0
    g0, h0 = 0, 1
    gh, hh = S[g, g0 + FS_STATUS] == ST_HELD, S[g, h0 + FS_STATUS] == ST_HELD
    if gh and hh:
        first = 0 if S[g, g0 + FS_ORDER] < S[g, h0 + FS_ORDER] else 1
        S[g, F_Q] = first
        S[g, F_Q + 1] = 1 - first
        n = 2
    else:
        if gh:
            S[g, F_Q + n] = 0
            n += 1
        if hh:
            S[g, F_Q + n] = 1
            n += 1
        if S[g, g0 + FS_STATUS] == ST_OPEN:
            S[g, F_Q + n] = 0
            n += 1
        if S[g, h0 + FS_STATUS] == ST_OPEN:
            S[g, F_Q + n] = 1
            n += 1
    S[g, F_QN] = n
    S[g, F_QI] = 0
    S[g, F_PHASE] = PH_FIG
    next_figure(S, g)


@njit(cache=True, inline="always", error_model="numpy")
def open_offer(S: np.ndarray, g: np.int64, seat: np.int64, f: np.int64, value: np.int64) -> None:
    """``_bid`` + ``_open_pending``: the offer awaits the other side's answer (§8, §11, §13)."""
    S[g, F_PEND] = 1
    S[g, F_PSEAT] = seat
    S[g, F_PFIG] = f
    S[g, F_PVAL] = value
    S[g, F_RETPH] = S[g, F_PHASE]
    b = f
    if S[g, b + FS_STATUS] == ST_OPEN:
        S[g, b + FS_ORDER] = S[g, F_COUNTER]
        S[g, b + FS_BIDDER] = seat & 1
    S[g, F_COUNTER] += 1
    S[g, b + FS_STATUS] = ST_OFFERED
    S[g, b + FS_OFFER] = value
    S[g, b + FS_OFFERER] = seat
    S[g, F_PHASE] = PH_ANSWER


@njit(cache=True, inline="always", error_model="numpy")
def answer(S: np.ndarray, g: np.int64, seat: np.int64, kind: np.int64, opt: np.ndarray) -> None:
    """``BiddingMixin._answer``: ``halten``, ``gut``, ``steigern``, ``partner_fragen`` (§11-§13)."""
    if kind == K_PFRAGEN:
        S[g, F_ASKED] = 1
        return
    S[g, F_ASKED] = 0
    offerer, f, value = S[g, F_PSEAT], S[g, F_PFIG], S[g, F_PVAL]
    S[g, F_PEND] = 0
    b = f
    side, oside = seat & 1, offerer & 1
    if kind == K_GUT:
        prev = S[g, b + FS_VALUE] if S[g, b + FS_VALUE] else 1
        S[g, b + FS_STATUS] = ST_CONCEDED
        S[g, b + FS_CTO] = oside
        S[g, b + FS_CVAL] = prev
        S[g, F_TOT + oside] += prev
        S[g, b + FS_ORDER] = S[g, F_COUNTER]
        S[g, F_COUNTER] += 1
        if f == 2:
            S[g, b + FS_WINNER] = oside
            S[g, b + FS_DECIDED] = 1
    else:
        S[g, b + FS_STATUS] = ST_HELD
        S[g, b + FS_VALUE] = value
        S[g, b + FS_RAISER] = side
        if kind == K_STEIGERN:
            nxt = LADDER_NEXT[value]
            S[g, F_PEND] = 1
            S[g, F_PSEAT] = seat
            S[g, F_PVAL] = nxt
            S[g, b + FS_STATUS] = ST_OFFERED
            S[g, b + FS_OFFER] = nxt
            S[g, b + FS_OFFERER] = seat
            return
    S[g, F_PSEAT] = -1
    S[g, F_PFIG] = -1
    S[g, F_PVAL] = 0
    ret = S[g, F_RETPH]
    S[g, F_PHASE] = ret
    if total(S, g, 0) >= opt[O_TARGET] or total(S, g, 1) >= opt[O_TARGET]:
        finish(S, g)
        return
    if f == 2 and kind == K_GUT and ret == PH_PLAY:
        decide_spiel(S, g, oside, opt)
    elif ret == PH_FIG and f == S[g, F_Q + S[g, F_QI]] and S[g, b + FS_STATUS] == ST_CONCEDED:
        next_figure(S, g)


@njit(cache=True, inline="always", error_model="numpy")
def apply(S: np.ndarray, g: np.int64, a: np.int64, act_kind: np.ndarray, act_arg: np.ndarray,
          act_arg2: np.ndarray, pranks: np.ndarray, pmasks: np.ndarray, opt: np.ndarray, scr: np.ndarray) -> None:
    """Apply action id ``a`` (legal, checked by the caller) for the seat to move of row ``g``."""
    kind = act_kind[a]
    seat = to_move(S, g)
    ph = S[g, F_PHASE]
    if ph == PH_PLAY:
        S[g, F_SHOWN] = 0  # §7: Luck and Boden are covered with the first action of the play
    if kind == K_CARD:  # §15-§20
        c, t = act_arg[a], act_arg2[a]
        S[g, F_PL + seat] |= np.int64(1) << c
        if t >= 0:  # byte c of the ``taufe`` block: the suit card it counts as, plus one
            S[g, F_TAUFEW + (c >> 3)] |= np.int64(t + 1) << (8 * (c & 7))
        if S[g, P_NCUR] == 0:
            su, _h, _r = counts_as_nb(c, t, S[g, P_PRANK + c])
            S[g, F_LED] = su
        S[g, F_TRICKSET] |= np.int64(1) << c
        play_nb(S[g, :P_SIZE], c, t)
        if S[g, P_NCUR] == 0:
            S[g, F_TRICKSET] = 0
            S[g, F_LED] = -1
        side = -1
        if S[g, P_WON] == 3:
            side = 0
        elif S[g, P_WON + 1] == 3:
            side = 1
        if side >= 0 and S[g, P_NCUR] == 0:  # §23: three tricks make the Spiel
            decide_spiel(S, g, side, opt)
    elif kind == K_BID:  # §8
        open_offer(S, g, seat, act_arg[a], 2)
    elif kind == K_RAISE:  # §13
        f = act_arg[a]
        open_offer(S, g, seat, f, LADDER_NEXT[S[g, f + FS_VALUE]])
    elif kind == K_HALTEN or kind == K_GUT and ph == PH_ANSWER or kind == K_STEIGERN or kind == K_PFRAGEN:
        answer(S, g, seat, kind, opt)
    elif kind == K_GUT or kind == K_WEISEN or kind == K_ABWEISEN or kind == K_STELLEN:  # ``_a_figures``
        f = S[g, F_Q + S[g, F_QI]]
        ss = S[g, F_SPIEL]
        if S[g, F_FSTEP] == 0:
            if kind == K_WEISEN:
                S[g, F_SHOWNKEY] = side_key(S, g, ss, f)
                S[g, F_FSTEP] = 1
                S[g, F_TURN] = first_of(S, g, 1 - ss)
                return
            other = side_key(S, g, 1 - ss, f)
            decide(S, g, f, (1 - ss) if other >= 0 else -1, (other >> 4) if other >= 0 else 0, opt)
        elif kind == K_ABWEISEN:
            decide(S, g, f, 1 - ss, side_key(S, g, 1 - ss, f) >> 4, opt)
        elif kind == K_STELLEN:
            decide(S, g, f, -1, S[g, F_SHOWNKEY] >> 4, opt)
        else:
            decide(S, g, f, ss, S[g, F_SHOWNKEY] >> 4, opt)
        next_figure(S, g)
    elif kind == K_CUT:  # §4
        n = act_arg[a]
        S[g, F_NCUT] = n
        S[g, F_NLIFT] = n
        if (STANDING >> S[g, F_DECK + n - 1]) & 1:
            S[g, F_PHASE] = PH_KEEP
        else:
            deal_out(S, g, pranks, pmasks, opt, scr)
    elif kind == K_KEEP:  # §4
        nl = S[g, F_NLIFT] - 1
        c = S[g, F_DECK + nl]
        S[g, F_NLIFT] = nl
        S[g, F_KEPT] |= np.int64(1) << c
        S[g, F_NKEPT] += 1
        if not (nl > 0 and (STANDING >> S[g, F_DECK + nl - 1]) & 1 and S[g, F_NKEPT] < 5):
            deal_out(S, g, pranks, pmasks, opt, scr)
    elif kind == K_LIEGEN:
        deal_out(S, g, pranks, pmasks, opt, scr)
    elif kind == K_LOOK:  # ``_a_look`` / ``_advance_look`` (§32)
        S[g, F_LOOKED + seat] = 1
        for i in range(1, 5):
            s = (seat + i) & 3
            if not S[g, F_LOOKED + s]:
                S[g, F_TURN] = s
                return
        to_exchange(S, g)
    elif kind == K_TAUSCH:  # §7
        c = act_arg[a]
        S[g, P_HANDS + seat] = (S[g, P_HANDS + seat] & ~(np.int64(1) << c)) | (np.int64(1) << S[g, F_TRUMPCARD])
        S[g, F_TOOK] = S[g, F_TRUMPCARD]
        S[g, F_TRUMPCARD] = c
        S[g, F_EXCHANGED] = seat
        to_play(S, g)
    elif kind == K_NTAUSCH:
        to_play(S, g)


@njit(cache=True, error_model="numpy", _nrt=False)
def step_all(S: np.ndarray, R: np.ndarray, actions: np.ndarray, seats: np.ndarray, mask: np.ndarray,
             obs: np.ndarray, ow: np.ndarray, scr: np.ndarray, spec: np.ndarray, st: np.ndarray, lid: np.ndarray, nl: np.ndarray, rewards: np.ndarray, done: np.ndarray,
             pts: np.ndarray, autoreset: bool, act_kind: np.ndarray, act_arg: np.ndarray, act_arg2: np.ndarray,
             ids: np.ndarray, taufe_ids: np.ndarray, pranks: np.ndarray, pmasks: np.ndarray,
             opt: np.ndarray) -> np.int64:
    """Apply ``actions[g]`` (an action id of the seat to move) in every row still playing; returns
    -1, or the first row whose action is not in its legal mask (then no row has changed).

    Compiled without reference counting (``_nrt=False``: nothing here allocates; ``ow`` is ``obs``
    as 64-bit words, ``scr`` (64), ``spec`` (``S_SIZE``) and ``st`` (``uint64``, 1) scratch, all the
    caller's), as the Jass step: an atomic count up and down per array and row cost a third of it."""
    bad = first_refused(actions, seats, mask)
    if bad >= 0:
        return bad
    for g in range(S.shape[0]):
        clear_row(done, rewards, g)
        if S[g, F_PHASE] == PH_OVER:  # without auto-reset a finished row waits
            continue
        apply(S, g, actions[g], act_kind, act_arg, act_arg2, pranks, pmasks, opt, scr)
        if S[g, F_PHASE] == PH_OVER:
            settle_row(S, g, opt, pts, spec, scr[60:63])
            team_rewards(pts, rewards, g)
            done[g] = True
            if autoreset:
                new_deal(S, R, g, st, scr)
        if S[g, F_PHASE] == PH_OVER:
            finish_row(seats, mask, nl, obs, g)
        else:
            me = to_move(S, g)
            seats[g] = me
            write_legal(S, g, me, mask, lid, nl, ids, taufe_ids, opt)
            if obs.shape[0]:
                write_obs(S, g, me, obs, ow, g, opt)
    return -1


@njit(cache=True, error_model="numpy")
def reset_all(S: np.ndarray, R: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, ids: np.ndarray, taufe_ids: np.ndarray, opt: np.ndarray) -> None:
    ow = obs.view(np.uint64)
    scr = np.zeros(64, np.int64)
    st = np.zeros(1, np.uint64)
    for g in range(S.shape[0]):
        new_deal(S, R, g, st, scr)
        me = to_move(S, g)
        seats[g] = me
        write_legal(S, g, me, mask, lid, nl, ids, taufe_ids, opt)
        if obs.shape[0]:
            write_obs(S, g, me, obs, ow, g, opt)
