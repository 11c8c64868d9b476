"""The compiled step of the batched Schieber Jass environment (Numba; plain Python without it).

One row of ``S`` (``int64``, :data:`NF` fields) is one deal; one row of ``R`` (``uint64``) is its
random stream (SplitMix64, :mod:`stammtisch.bots.kernels._nb`). Every function here works on all
rows at once and is called once per :meth:`~stammtisch.vector.jass.JassVectorEnv.step`.

Legal cards and trick winners are the Jass kernel's (:func:`~stammtisch.bots.kernels.jass.legal_nb`,
:func:`~stammtisch.bots.kernels.jass.trick_result`: mirrors of ``games/jass/play.py``, tested
against it); the settlement mirrors :func:`stammtisch.games.jass.scoring.score_deal` and the
differential tests (``tests/vector/``) compare every deal with the engine.
"""

from __future__ import annotations

import numpy as np

from ..bots.kernels import _nb as _k
from ..bots.kernels import jass as _kj
from ..bots.kernels._nb import njit, popcount, shuffle
from ._compile import inline
from ._rows import BYTES_OF, clear_row, deal_rows, finish_row, first_refused, team_rewards


# the engine's card play (games/jass/cardplay.py) through the kernel's wrappers, all inlined
legal_nb = inline(_kj.legal_nb, legal_cards_nb=inline(_kj.cardplay.legal_cards))
trick_result = inline(_kj.trick_result, trick_winner_nb=inline(_kj.cardplay.trick_winner),
                       trick_points_nb=inline(_kj.cardplay.trick_points))
bit_index = inline(_k.bit_index)
rand_below = inline(_k.rand_below)

# -- fields of a state row ---------------------------------------------------------------
F_HAND = 0        # 4 bit sets, the cards each seat holds
F_DEALT = 4       # 4 bit sets, as dealt
F_PHASE = 8       # 0 trump choice, 1 card play, 2 over
F_DEALER = 9
F_CHOOSER = 10
F_PUSHED = 11     # 0, 1 geschoben, 2 zurückgeschoben (§24.1)
F_MODE = 12       # index into the mode list (-1 before the choice; Tutti becomes tutti:<suit>, §24.6)
F_DECL = 13       # declarer seat (-1)
F_TRICKNO = 14
F_LEADER = 15
F_TURN = 16
F_TRICK = 17      # 4 cards, leader first
F_NTRICK = 21
F_CP = 22         # card points per team
F_TW = 24         # tricks won per team
F_STSEAT = 26     # seat holding König and Ober of trump (-1)
F_STDECL = 27     # 1 when the Stöck was shown
F_STPTS = 28      # Stöck points per team
F_STEPS = 30      # decisions so far in this deal
F_LASTW = 31      # winner of the last trick (-1)
F_WDECL = 32      # 4: 1 when the seat declared its Weis (§29)
F_WTOP = 36       # 4: the points of its best Weis (what the table hears)
F_WTOT = 40       # 4: all its Weis points
F_WKEY = 44       # 4: its best Weis's rank key (§29, §29.2)
F_WORD = 48       # 4: its place in the order of declarations
F_WN = 52         # seats that declared so far
F_WTEAM = 53      # the team whose Weis counts (-1)
F_WPTS = 54       # 2: Weis points written per team
NF = 56

# the Weis table ``wt``: [weis on, id of "weis", runs (512 x 2 x (low, length), -1 none), four points (9),
# sequence points by length (10)]
W_RUNS = 2
W_FOUR = 2 + 2048
W_SEQ = W_FOUR + 9

PH_TRUMP, PH_PLAY, PH_OVER = 0, 1, 2
K_CARD, K_MODE, K_PUSH, K_STOECK, K_NONE, K_WEIS = 0, 1, 2, 3, 4, 5

# -- observation layout (relative seats: 0 = the observer, 1 = the next seat in order of play) ---
# Card blocks are 40 bytes (36 cards and 4 bytes always 0) at multiples of 8, written as 64-bit words
# from :data:`BYTES_OF` (five words a block instead of a bit loop); the row is a multiple of 8 bytes.
O_HAND = 0
O_PLAYED = 40      # 4 x 40: every card each relative seat has played in this deal
O_TRICK = 200      # 40: the cards of the current trick (who played each: ``played``)
O_MODE = 240       # one-hot over the mode list (NM entries)
CARD_BLOCK = 40


def obs_layout(nm: int) -> dict[str, tuple[int, int]]:
    """Field name -> (offset, length) of the Jass observation with ``nm`` modes."""
    out: dict[str, tuple[int, int]] = {}
    at = 0
    for name, n in (("hand", 40), ("played", 160), ("trick", 40), ("mode", nm), ("declarer", 4),
                    ("pushed", 3), ("phase", 2), ("dealer", 4), ("leader", 4), ("stoeck_shown", 4),
                    ("own_stoeck", 1), ("card_points", 2), ("tricks_won", 2), ("trick_number", 1),
                    ("weis_announced", 4), ("weis_team", 2), ("weis_points", 2)):
        out[name] = (at, n)
        at += n
    out["_pad"] = (at, -at % 8)
    return out


@njit(cache=True, error_model="numpy", _nrt=True)  # (not inherited from the step: it allocates)
def new_deal(S: np.ndarray, R: np.ndarray, g: np.int64, mode_stoeck: np.ndarray) -> None:
    """Deal row ``g`` afresh from its stream: a shuffled deck, nine cards each, a random dealer."""
    st = np.empty(1, np.uint64)
    st[0] = R[g]
    deck = np.arange(36)
    shuffle(st, deck)
    dealer = rand_below(st, 4)
    R[g] = st[0]
    deal_rows(S, g, deck, F_HAND, F_DEALT, 9)
    S[g, F_PHASE] = PH_TRUMP
    S[g, F_DEALER] = dealer
    vh = (dealer + 1) & 3
    S[g, F_CHOOSER] = vh
    S[g, F_PUSHED] = 0
    S[g, F_MODE] = -1
    S[g, F_DECL] = -1
    S[g, F_TRICKNO] = 0
    S[g, F_LEADER] = vh
    S[g, F_TURN] = vh
    for i in range(4):
        S[g, F_TRICK + i] = -1
    S[g, F_NTRICK] = 0
    S[g, F_CP] = 0
    S[g, F_CP + 1] = 0
    S[g, F_TW] = 0
    S[g, F_TW + 1] = 0
    S[g, F_STSEAT] = -1
    S[g, F_STDECL] = 0
    S[g, F_STPTS] = 0
    S[g, F_STPTS + 1] = 0
    S[g, F_STEPS] = 0
    S[g, F_LASTW] = -1
    for i in range(F_WDECL, NF):
        S[g, i] = 0
    S[g, F_WTEAM] = -1


@njit(cache=True, inline="always", error_model="numpy")
def to_move(S: np.ndarray, g: np.int64) -> np.int64:
    return S[g, F_CHOOSER] if S[g, F_PHASE] == PH_TRUMP else S[g, F_TURN]


@njit(cache=True, inline="always", error_model="numpy")
def stoeck_open(S: np.ndarray, g: np.int64, seat: np.int64, mode_stoeck: np.ndarray) -> bool:
    """§29.3: the holder of König and Ober of trump may show them while it holds one of them."""
    if S[g, F_STSEAT] != seat or S[g, F_STDECL] or S[g, F_MODE] < 0:
        return False
    return (S[g, F_HAND + seat] & mode_stoeck[S[g, F_MODE]]) != 0


@njit(cache=True, inline="always", error_model="numpy")
def legal_cards(S: np.ndarray, g: np.int64, tr: np.ndarray, mode_tricks: np.ndarray, mode_misere: np.ndarray,
                strength: np.ndarray, suit_mask: np.ndarray, buur_bit: np.ndarray) -> np.int64:
    """The legal cards of row ``g``'s seat to play (``tr``: scratch for the trick; a row slice
    would cost more than the rule itself)."""
    m = S[g, F_MODE]
    tm = mode_tricks[m, S[g, F_TRICKNO]]
    seat = S[g, F_TURN]
    for i in range(4):
        tr[i] = S[g, F_TRICK + i]
    return legal_nb(S[g, F_HAND + seat], tr, S[g, F_NTRICK], tm, mode_misere[m] == 0, strength, suit_mask, buur_bit)


@njit(cache=True, inline="always", error_model="numpy")
def weis_of(hand: np.int64, trump: np.int64, down: bool, wt: np.ndarray) -> tuple[np.int64, np.int64, np.int64, np.int64]:
    """A hand's Weis (§29: each maximal run of 3+ cards of a suit, each four of a kind): their number,
    the best points, all points, and the best rank key (points, cards, highest card, trump; §29.2)
    as one number (the engine's ``weis.all_weis`` and ``best_key``)."""
    n, best, tot, key = np.int64(0), np.int64(0), np.int64(0), np.int64(-1)
    for s in range(4):
        p = (hand >> (9 * s)) & 511
        for r in range(2):
            lo = wt[W_RUNS + p * 4 + r * 2]
            if lo < 0:
                break
            ln = wt[W_RUNS + p * 4 + r * 2 + 1]
            pts = wt[W_SEQ + ln]
            top = 8 - lo if down else lo + ln - 1
            k = pts * 100000 + ln * 1000 + top * 10 + (1 if s == trump else 0)
            n += 1
            tot += pts
            best = max(best, pts)
            key = max(key, k)
    for r in range(9):
        four = (np.int64(1) << r) | (np.int64(1) << (9 + r)) | (np.int64(1) << (18 + r)) | (np.int64(1) << (27 + r))
        if (hand & four) == four:
            pts = wt[W_FOUR + r]
            top = 8 - r if down else r
            n += 1
            tot += pts
            best = max(best, pts)
            key = max(key, pts * 100000 + 4000 + top * 10)
    return n, best, tot, key


@njit(cache=True, inline="always", error_model="numpy")
def weis_open(S: np.ndarray, g: np.int64, seat: np.int64, mode_misere: np.ndarray, wt: np.ndarray) -> bool:
    """Whether ``weis`` is listed for ``seat`` (the engine's ``_weis_options`` non-empty): Weis played,
    the first trick, the seat has not played nor declared, not Misere, it holds a Weis, and that Weis
    could still count (§29: not pointless against the opponents' announced points)."""
    if wt[0] == 0 or S[g, F_TRICKNO] != 0 or S[g, F_WDECL + seat] or mode_misere[S[g, F_MODE]]:
        return False
    if S[g, F_DEALT + seat] != S[g, F_HAND + seat]:
        return False
    n, best, tot, key = weis_of(S[g, F_HAND + seat], -1, False, wt)
    if n == 0:
        return False
    partner = (seat + 2) & 3
    if S[g, F_DEALT + partner] == S[g, F_HAND + partner] and S[g, F_WDECL + partner] == 0:
        return True  # the partner may still declare more
    opp = max(S[g, F_WTOP + ((seat + 1) & 3)], S[g, F_WTOP + ((seat + 3) & 3)])
    return not opp > max(best, S[g, F_WTOP + partner])


@njit(cache=True, inline="always", error_model="numpy")
def write_out(S: np.ndarray, g: np.int64, tr: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              w: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, trump_ids: np.ndarray, trump_mask: np.ndarray, card_id: np.ndarray, stoeck_id: np.int64, mode_tricks: np.ndarray,
              mode_misere: np.ndarray, mode_stoeck: np.ndarray, strength: np.ndarray, suit_mask: np.ndarray,
              buur_bit: np.ndarray, nm: np.int64, wt: np.ndarray) -> None:
    """Row ``g``'s seat to move, its legal-action mask (also as the list ``lid[g, :nl[g]]``) and
    its observation."""
    me = to_move(S, g)
    seats[g] = me
    A = mask.shape[1]
    if S[g, F_PHASE] == PH_TRUMP:
        p = S[g, F_PUSHED]
        for a in range(A):
            mask[g, a] = trump_mask[p, a]
        n = 0
        while n < trump_ids.shape[1] and trump_ids[p, n] >= 0:
            lid[g, n] = trump_ids[p, n]
            n += 1
        nl[g] = n
    else:
        for i in range(nl[g]):  # the row holds exactly the ids listed last (the env's arrays are its own)
            mask[g, lid[g, i]] = False
        legal = legal_cards(S, g, tr, mode_tricks, mode_misere, strength, suit_mask, buur_bit)
        n = 0
        while legal:
            low = legal & -legal
            i = card_id[bit_index(low)]
            mask[g, i] = True
            lid[g, n] = i
            n += 1
            legal ^= low
        if weis_open(S, g, me, mode_misere, wt):
            mask[g, wt[1]] = True
            lid[g, n] = wt[1]
            n += 1
        if stoeck_id >= 0 and stoeck_open(S, g, me, mode_stoeck):
            mask[g, stoeck_id] = True
            lid[g, n] = stoeck_id
            n += 1
        nl[g] = n
    if obs.shape[0] == 0:
        return
    write_obs(S, g, me, obs, w, g, nm)


@njit(cache=True, inline="always", error_model="numpy")
def write_obs(S: np.ndarray, g: np.int64, me: np.int64, obs: np.ndarray, w: np.ndarray, k: np.int64,
              nm: np.int64) -> None:
    """Seat ``me``'s observation of row ``g`` into ``obs[k]`` (only what that seat may know;
    layout :func:`obs_layout`)."""
    # ``w``: ``obs`` as 64-bit words, (B, O / 8) (rows of a multiple of 8 bytes, obs_layout's padding)
    h = S[g, F_HAND + me]
    for i in range(5):
        w[k, i] = BYTES_OF[(h >> (8 * i)) & 255]
    leader = S[g, F_LEADER]
    for s in range(4):
        p = S[g, F_DEALT + s] & ~S[g, F_HAND + s]
        at = 5 + 5 * ((s - me) & 3)
        for i in range(5):
            w[k, at + i] = BYTES_OF[(p >> (8 * i)) & 255]
    tc = np.int64(0)
    for i in range(S[g, F_NTRICK]):
        tc |= np.int64(1) << S[g, F_TRICK + i]
    for i in range(5):
        w[k, 25 + i] = BYTES_OF[(tc >> (8 * i)) & 255]
    for i in range(30, w.shape[1]):
        w[k, i] = 0
    at = O_MODE
    if S[g, F_MODE] >= 0:
        obs[k, at + S[g, F_MODE]] = 1
    at += nm
    if S[g, F_DECL] >= 0:
        obs[k, at + ((S[g, F_DECL] - me) & 3)] = 1
    at += 4
    obs[k, at + S[g, F_PUSHED]] = 1
    at += 3
    obs[k, at + min(S[g, F_PHASE], 1)] = 1
    at += 2
    obs[k, at + ((S[g, F_DEALER] - me) & 3)] = 1
    at += 4
    obs[k, at + ((leader - me) & 3)] = 1
    at += 4
    if S[g, F_STDECL]:
        obs[k, at + ((S[g, F_STSEAT] - me) & 3)] = 1
    at += 4
    if S[g, F_STSEAT] == me and S[g, F_STDECL] == 0:
        obs[k, at] = 1
    at += 1
    t = me & 1
    obs[k, at] = S[g, F_CP + t]
    obs[k, at + 1] = S[g, F_CP + 1 - t]
    obs[k, at + 2] = S[g, F_TW + t]
    obs[k, at + 3] = S[g, F_TW + 1 - t]
    obs[k, at + 4] = min(S[g, F_TRICKNO], 8)
    at += 5
    for s in range(4):
        obs[k, at + ((s - me) & 3)] = S[g, F_WTOP + s] // 10
    at += 4
    if S[g, F_WTEAM] >= 0:
        obs[k, at + (S[g, F_WTEAM] ^ t)] = 1
    at += 2
    obs[k, at] = S[g, F_WPTS + t] // 10
    obs[k, at + 1] = S[g, F_WPTS + 1 - t] // 10


@njit(cache=True, inline="always", error_model="numpy")
def settle(S: np.ndarray, g: np.int64, mode_mult: np.ndarray, mode_misere: np.ndarray,
           match_bonus: np.int64, pts: np.ndarray) -> None:
    """Points per team as :func:`stammtisch.games.jass.scoring.score_deal` writes them: card
    points (the last trick's 5 included), Match (§13) or Kontermatch (§10), Stöck (§29.3), times
    the §23 multiplier; Misere writes the other side's points (§24.5)."""
    m = S[g, F_MODE]
    mult = mode_mult[m]
    for t in range(2):
        src = 1 - t if mode_misere[m] else t
        raw = S[g, F_CP + src] + (match_bonus if S[g, F_TW + src] == 9 else 0) + S[g, F_STPTS + t] + S[g, F_WPTS + t]
        pts[g, t] = raw * mult


@njit(cache=True, error_model="numpy", _nrt=False)
def step_all(S: np.ndarray, R: np.ndarray, actions: np.ndarray, seats: np.ndarray, mask: np.ndarray,
             obs: np.ndarray, ow: np.ndarray, tr: np.ndarray, lid: np.ndarray, nl: np.ndarray, trump_ids: np.ndarray, rewards: np.ndarray, done: np.ndarray, pts: np.ndarray, autoreset: bool,
             act_kind: np.ndarray, act_arg: np.ndarray, trump_mask: np.ndarray, card_id: np.ndarray,
             stoeck_id: np.int64, mode_tricks: np.ndarray, mode_mult: np.ndarray, mode_misere: np.ndarray,
             mode_trump: np.ndarray, mode_stoeck: np.ndarray, tutti_of: np.ndarray, strength: np.ndarray,
             points: np.ndarray, suit_mask: np.ndarray, buur_bit: np.ndarray, last_bonus: np.int64,
             match_bonus: np.int64, nm: np.int64, wt: np.ndarray) -> np.int64:
    """Apply ``actions[g]`` (an action id of the seat to move) in every row still playing; returns
    -1, or the first row whose action is not in its legal mask (then no row has changed).

    Compiled without reference counting (``_nrt=False``: nothing here allocates; ``ow`` is ``obs``
    as 64-bit words and ``tr`` four scratch places, both the caller's): with it, every array handed
    to an inlined helper cost an atomic count up and down per row, a third of the step."""
    bad = first_refused(actions, seats, mask)
    if bad >= 0:
        return bad
    for g in range(S.shape[0]):
        a = actions[g]
        clear_row(done, rewards, g)
        if S[g, F_PHASE] == PH_OVER:  # without auto-reset a finished row waits (its action is ignored)
            continue
        kind = act_kind[a]
        S[g, F_STEPS] += 1
        if kind == K_PUSH:  # §25, §24.1
            S[g, F_PUSHED] += 1
            vh = (S[g, F_DEALER] + 1) & 3
            S[g, F_CHOOSER] = (vh + 2) & 3 if S[g, F_PUSHED] == 1 else vh
        elif kind == K_MODE:  # §23, §24, §25
            m = act_arg[a]
            S[g, F_MODE] = m
            S[g, F_DECL] = S[g, F_CHOOSER]
            S[g, F_PHASE] = PH_PLAY
            if mode_stoeck[m]:
                for s in range(4):
                    if (S[g, F_HAND + s] & mode_stoeck[m]) == mode_stoeck[m]:
                        S[g, F_STSEAT] = s
        elif kind == K_WEIS:  # §29: every Weis of the hand, declared with the first card
            seat = S[g, F_TURN]
            m = S[g, F_MODE]
            n, best, tot, key = weis_of(S[g, F_HAND + seat], mode_trump[m], mode_tricks[m, 0] == 5, wt)
            S[g, F_WDECL + seat] = 1
            S[g, F_WTOP + seat] = best
            S[g, F_WTOT + seat] = tot
            S[g, F_WKEY + seat] = key
            S[g, F_WORD + seat] = S[g, F_WN]
            S[g, F_WN] += 1
        elif kind == K_STOECK:  # §29.3
            seat = S[g, F_TURN]
            S[g, F_STDECL] = 1
            S[g, F_STPTS + (seat & 1)] = 20
        else:  # a card
            c = act_arg[a]
            seat = S[g, F_TURN]
            S[g, F_HAND + seat] &= ~(np.int64(1) << c)
            n = S[g, F_NTRICK]
            S[g, F_TRICK + n] = c
            S[g, F_NTRICK] = n + 1
            if n == 0 and S[g, F_TRICKNO] == 0 and tutti_of[S[g, F_MODE], 0] >= 0:
                S[g, F_MODE] = tutti_of[S[g, F_MODE], c // 9]  # §24.6: the first suit led counts
            if n < 3:
                S[g, F_TURN] = (seat + 1) & 3
            else:
                m = S[g, F_MODE]
                tn = S[g, F_TRICKNO]
                for i in range(4):
                    tr[i] = S[g, F_TRICK + i]
                pos, p = trick_result(tr, mode_tricks[m, tn], mode_tricks[m, 0], tn == 8,
                                      last_bonus, strength, points)
                w = (S[g, F_LEADER] + pos) & 3
                S[g, F_CP + (w & 1)] += p
                S[g, F_TW + (w & 1)] += 1
                S[g, F_LEADER] = w
                S[g, F_TURN] = w
                S[g, F_LASTW] = w
                S[g, F_NTRICK] = 0
                for i in range(4):
                    S[g, F_TRICK + i] = -1
                S[g, F_TRICKNO] = tn + 1
                if tn == 0 and S[g, F_WN] > 0:  # §29, §29.2: the best single Weis wins, ties the first declared
                    bk, bs = np.int64(-1), np.int64(-1)
                    for s in range(4):
                        if S[g, F_WDECL + s]:
                            k2 = S[g, F_WKEY + s] * 8 + (7 - S[g, F_WORD + s])
                            if k2 > bk:
                                bk, bs = k2, s
                    team = bs & 1
                    S[g, F_WTEAM] = team
                    tot = np.int64(0)
                    for s in range(4):
                        if S[g, F_WDECL + s] and (s & 1) == team:
                            tot += S[g, F_WTOT + s]
                    S[g, F_WPTS + team] = tot
                if tn == 8:
                    S[g, F_PHASE] = PH_OVER
                    settle(S, g, mode_mult, mode_misere, match_bonus, pts)
                    team_rewards(pts, rewards, g)
                    done[g] = True
                    if autoreset:
                        new_deal(S, R, g, mode_stoeck)
        if S[g, F_PHASE] == PH_OVER:
            finish_row(seats, mask, nl, obs, g)
        else:
            write_out(S, g, tr, seats, mask, obs, ow, lid, nl, trump_ids, trump_mask, card_id, stoeck_id, mode_tricks, mode_misere,
                      mode_stoeck, strength, suit_mask, buur_bit, nm, wt)
    return -1


@njit(cache=True, error_model="numpy")
def reset_all(S: np.ndarray, R: np.ndarray, seats: np.ndarray, mask: np.ndarray, obs: np.ndarray,
              lid: np.ndarray, nl: np.ndarray, trump_ids: np.ndarray, trump_mask: np.ndarray, card_id: np.ndarray, stoeck_id: np.int64, mode_tricks: np.ndarray,
              mode_misere: np.ndarray, mode_stoeck: np.ndarray, strength: np.ndarray, suit_mask: np.ndarray,
              buur_bit: np.ndarray, nm: np.int64, wt: np.ndarray) -> None:
    tr = np.zeros(4, np.int64)
    ow = obs.view(np.uint64)
    for g in range(S.shape[0]):
        new_deal(S, R, g, mode_stoeck)
        write_out(S, g, tr, seats, mask, obs, ow, lid, nl, trump_ids, trump_mask, card_id, stoeck_id, mode_tricks, mode_misere, mode_stoeck,
                  strength, suit_mask, buur_bit, nm, wt)


_ = popcount
