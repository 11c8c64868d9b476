"""Compiled Königrufen settlement: the tournament points of a deal played out by the Tarock kernel.

A mirror of :func:`stammtisch.games.tarock.scoring.settle` (the *points* ledger; the money ledger
and the lines are not needed by a search) for everything a card-play phase can end in: positive
games (35 Punkte und 2 Blatt, Österreich-Finale 1)), the lost Sechserdreier counting double
(Österreich-Finale 3)), Kontra on the game and on premiums (points only with
``kontra_counts_for_points``, Österreich-Finale 2)), the premiums — Trull, Vier Könige, König
ultimo, Pagat/Uhu/Kakadu/Quapil, announced (full) or silent (half, lost ones optionally free),
doubled in solo games (Österreich-Finale 8)) — Valat as a multiplier of the game
(Österreich-Finale 9)) or as a fixed premium voiding the material premiums (Tiroler Cup,
Paragrafen "Valat"); negative games with one Kontra per opponent (Österreich-Finale 6)); and
Trischaken after either sheet (Österreich-Finale 5); Tiroler Cup, Abrechnung), Jungfrauen
included. A Renonce, Schleifen and a struck row cannot arise in the card play the kernel plays
and are left to the engine.

Everything settlement needs that is fixed when the cards start — contract, sides, talon and
discards, announcements and Kontras, the table options — goes into one flat ``int64`` array
(:func:`settle_spec`, layout ``S_*``); :func:`settle_nb` reads the kernel's finished position and
its playout result. ``tests/bots/test_tarock_kernel_values.py`` compares it with the engine on thousands
of played-out deals of both profiles, with 4 and 5 players.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ._nb import bit_index, new_rng, njit, rand_below
from .tarock_play import O_THIRDS, O_TRICKS, O_WIN_CARD, O_WINNERS, O_WON, P_REC, P_SEAT, policy_playout_nb

__all__ = ["settle_spec", "settle_nb", "reward_nb", "values_nb", "S_SIZE"]

KIND_POSITIVE, KIND_NEGATIVE, KIND_TRISCHAKEN = 0, 1, 2
#: premium order of the sheet (options.PREMIUMS): koenig_ultimo, trull, vier_koenige, pagat, uhu,
#: kakadu, quapil, valat
PR_KU, PR_TRULL, PR_VK, PR_PAGAT, PR_VALAT = 0, 1, 2, 3, 7
PAGAT_CARD = 32
TRULL = (1 << 32) | (1 << 52) | (1 << 53)
KINGS = (1 << 7) | (1 << 15) | (1 << 23) | (1 << 31)
WIN_THIRDS = 107

# -- spec layout (int64) -----------------------------------------------------------------
S_SEATS = 0  #: score columns (4, or 5 with the dealer sitting out)
S_KIND = 1  #: 0 positive, 1 negative, 2 Trischaken
S_VALUE = 2  #: tariff value of the contract
S_NEED = 3  #: negative games: tricks the declarer must take
S_DECL = 4  #: declarer position (0..3), -1 in Trischaken
S_PARTNER = 5  #: partner position, -1 when the declarer plays alone
S_SEAT = 6  #: 4: the seat (score column) of each position
S_DECL_EXTRA = 10  #: cards counting for the declarer's side besides its tricks (discards, talon half)
S_OPP_EXTRA = 11  #: cards counting for the opponents besides their tricks (the other talon half)
S_KONTRA = 12  #: positive games: the effective Kontra level on the game
S_NEG_KONTRA = 13  #: 4: negative games: each opponent position's Kontra level
S_CALLED = 17  #: the called king, -1 if none
S_LOST_DOUBLE = 18  #: a lost game counts double (Sechserdreier, Österreich-Finale 3))
S_VALAT_MODE = 19  #: 0 multiply (Österreich-Finale 9)), 1 premium (Tiroler Cup)
S_VALAT_ANN = 20
S_VALAT_SIL = 21
S_SILENT_FAILED = 22  #: a lost silent premium costs half its value
S_KP = 23  #: Kontra counts in the points ledger too
S_TRISCH_TIROL = 24  #: Trischaken after the Tiroler Cup sheet
S_JF_SHARE = 25  #: two Jungfrauen share the winnings
S_PREM = 26  #: 8 premiums x 6: allowed, announced, announcer side (0 declarer, 1 opponents),
#: announcer position, effective Kontra level, value (solo factor included)
PR_W = 6
S_SIZE = S_PREM + 8 * PR_W


def settle_spec(state: Any) -> np.ndarray:
    """The settlement facts of a :class:`~stammtisch.games.tarock.state.TarockDeal` in its play
    phase (what is fixed when the cards start), positions in the kernel's order (``state.players``)."""
    from ...games.tarock.options import PREMIUMS
    from ...games.tarock.scoring import _premium_value

    opts, c = state.opts, state.contract
    players = list(state.players)
    at = {s: i for i, s in enumerate(players)}
    sp = np.zeros(S_SIZE, np.int64)
    sp[S_SEATS] = opts.players
    sp[S_KIND] = {"positive": KIND_POSITIVE, "negative": KIND_NEGATIVE, "trischaken": KIND_TRISCHAKEN}[c.kind]
    sp[S_VALUE] = opts.value(c.name)
    sp[S_NEED] = c.tricks
    for i, s in enumerate(players):
        sp[S_SEAT + i] = s
    sp[S_DECL] = at[state.declarer] if c.kind != "trischaken" else -1
    partner = state.partner if c.calls_king and state.partner is not None else None
    sp[S_PARTNER] = at[partner] if partner is not None else -1
    sp[S_DECL_EXTRA] = state.discards | state.decl_talon
    sp[S_OPP_EXTRA] = state.opp_talon
    if c.kind == "positive" and state.game_target is not None:
        by = state.game_target.by
        sp[S_KONTRA] = 0 if by is not None and state.side_of(by) == "declarer" else state.game_target.level
    if c.negative:
        for s, t in state.neg_kontra.items():
            if s != partner and s in at:
                sp[S_NEG_KONTRA + at[s]] = t.level
    sp[S_CALLED] = state.called if state.called is not None else -1
    sp[S_LOST_DOUBLE] = int(c.name == "sechserdreier" and opts.sechserdreier_lost_double)
    sp[S_VALAT_MODE] = int(opts.valat_mode == "premium")
    sp[S_VALAT_ANN], sp[S_VALAT_SIL] = opts.valat_announced, opts.valat_silent
    sp[S_SILENT_FAILED] = int(opts.silent_failed_costs)
    sp[S_KP] = int(opts.kontra_counts_for_points)
    # 0 Österreich-Finale; 1 Tiroler Cup, "(2 x 2)" = 2 to each of the two others; 2 ... = 2 in all
    sp[S_TRISCH_TIROL] = 0 if opts.trischaken_rule != "tirol" else (1 if opts.tirol_trischaken_2x2 == "2_to_each" else 2)
    sp[S_JF_SHARE] = int(opts.jungfrauen_share)
    if c.kind == "positive":  # premiums only in positive games (Österreich-Finale 8))
        allowed = c.premiums if c.premiums is not None else PREMIUMS
        for k, name in enumerate(PREMIUMS):
            b = S_PREM + k * PR_W
            sp[b] = int(name in allowed)
            sp[b + 5] = _premium_value(opts, c.name, name) if name != "valat" else 0
            t = state.premiums.get(name)
            if t is not None:
                sp[b + 1] = 1
                sp[b + 2] = 0 if state.side_of(t.announcer) == "declarer" else 1
                sp[b + 3] = at.get(t.announcer, -1)
                sp[b + 4] = state._eff_kontra(t)
    return sp


@njit(cache=True)
def _side(sp: np.ndarray, p: int) -> int:
    """0: the declarer's side, 1: the opponents."""
    return 0 if p == sp[S_DECL] or (p == sp[S_PARTNER] and p >= 0) else 1


@njit(cache=True)
def _split(pts: np.ndarray, total: int, who: np.ndarray, k: int) -> None:
    """``scoring._split``: share ``total`` among ``who[:k]``, the remainder to the first (floor division)."""
    base = total // k
    rest = total - base * k
    for i in range(k):
        pts[who[i]] += base + (1 if i < rest else 0)


@njit(cache=True)
def _transfer(pts: np.ndarray, sp: np.ndarray, value: int, mult: int, mults: np.ndarray) -> None:
    """``_Book.transfer`` (points ledger): each opponent pays ``value`` (× its Kontra multiplier
    when Kontra counts for points) to the declarer's side, shared."""
    decl = np.empty(2, np.int64)
    kd = 0
    decl[kd] = sp[S_DECL]
    kd += 1
    if sp[S_PARTNER] >= 0:
        decl[kd] = sp[S_PARTNER]
        kd += 1
    total = 0
    kp = sp[S_KP] != 0
    for p in range(4):
        if _side(sp, p) == 1:
            m = 1
            if kp:
                m = mults[p] if mult < 0 else mult
            amount = value * m
            pts[p] -= amount
            total += amount
    _split(pts, total, decl, kd)


@njit(cache=True)
def _thirds(mask: int, thirds: np.ndarray) -> int:
    s = 0
    m = mask
    while m:
        low = m & -m
        s += thirds[bit_index(low)]
        m ^= low
    return s


@njit(cache=True)
def _premium(sp: np.ndarray, k: int, pos: np.ndarray, out: np.ndarray, side_cards: np.ndarray) -> tuple:
    """``TarockDeal._premium_result``: ``(present, side, made)`` of premium ``k``."""
    b = S_PREM + k * PR_W
    ann = sp[b + 1] != 0
    aside = sp[b + 2]
    who = sp[b + 3]
    if k == PR_TRULL or k == PR_VK:
        mask = np.int64(TRULL) if k == PR_TRULL else np.int64(KINGS)
        holder = -1
        for s in range(2):
            if side_cards[s] & mask == mask:
                holder = s
                break
        if ann:
            return True, aside, holder == aside
        return holder >= 0, holder, True
    if k == PR_VALAT:
        first = _side(sp, out[O_WINNERS])
        holder = first
        for t in range(1, 12):
            if _side(sp, out[O_WINNERS + t]) != first:
                holder = -1
                break
        if ann:
            return True, aside, holder == aside
        return holder >= 0, holder, True
    if k == PR_KU:
        called = sp[S_CALLED]
        if called < 0:
            return ann, aside, False
        base = P_REC + 44
        hp = -1
        for i in range(4):
            if pos[base + i] == called:
                hp = pos[P_SEAT + 44 + i]
        side_wins = hp >= 0 and _side(sp, out[O_WINNERS + 11]) == _side(sp, hp)
        if ann:
            return True, aside, hp >= 0 and hp == who and side_wins
        if hp >= 0 and side_wins:
            return True, _side(sp, hp), True
        return False, 0, False
    # birds: Pagat 12, Uhu 11, Kakadu 10, Quapil 9 (Österreich-Finale 8))
    card = PAGAT_CARD + (k - PR_PAGAT)
    t = 11 - (k - PR_PAGAT)
    base = P_REC + 4 * t
    player = -1
    for i in range(4):
        if pos[base + i] == card:
            player = pos[P_SEAT + 4 * t + i]
    wins = player >= 0 and out[O_WIN_CARD + t] == card
    if ann:
        return True, aside, player >= 0 and player == who and wins
    if player >= 0:
        return True, _side(sp, player), wins
    return False, 0, False


@njit(cache=True)
def _positive(sp: np.ndarray, pos: np.ndarray, out: np.ndarray, thirds: np.ndarray, pts: np.ndarray) -> None:
    side_cards = np.zeros(2, np.int64)
    side_cards[0] = sp[S_DECL_EXTRA]
    side_cards[1] = sp[S_OPP_EXTRA]
    for p in range(4):
        side_cards[_side(sp, p)] |= out[O_WON + p]
    decl_thirds = _thirds(side_cards[0], thirds)
    won = decl_thirds >= WIN_THIRDS  # 35 Punkte und 2 Blatt (Österreich-Finale 1))
    present = np.zeros(8, np.bool_)
    pside = np.zeros(8, np.int64)
    pmade = np.zeros(8, np.bool_)
    for k in range(8):
        if sp[S_PREM + k * PR_W] != 0:
            present[k], pside[k], pmade[k] = _premium(sp, k, pos, out, side_cards)
    vb = S_PREM + PR_VALAT * PR_W
    valat = present[PR_VALAT]
    v_ann = sp[vb + 1] != 0
    factor = 1
    game_mult = 1 << sp[S_KONTRA]
    only_announced = False
    if sp[S_VALAT_MODE] == 0 and valat:  # Valat multiplies the game (Österreich-Finale 9))
        if v_ann:
            won = pmade[PR_VALAT] == (pside[PR_VALAT] == 0)
            factor = sp[S_VALAT_ANN]
            game_mult *= 1 << sp[vb + 4]
            only_announced = True
        elif pmade[PR_VALAT]:
            won = pside[PR_VALAT] == 0
            factor = sp[S_VALAT_SIL]
            only_announced = True
    gv = sp[S_VALUE] * factor * (2 if (not won and sp[S_LOST_DOUBLE] != 0) else 1)  # Österreich-Finale 3)
    dummy = np.zeros(4, np.int64)
    _transfer(pts, sp, gv if won else -gv, game_mult, dummy)
    skip_material = False
    if sp[S_VALAT_MODE] == 1 and valat:  # a fixed premium; material void (Tiroler Cup, Paragrafen "Valat")
        vv = sp[S_VALAT_ANN] if v_ann else sp[S_VALAT_SIL]
        if v_ann or pmade[PR_VALAT]:
            sign = (1 if pside[PR_VALAT] == 0 else -1) * (1 if pmade[PR_VALAT] else -1)
            _transfer(pts, sp, sign * vv, 1 << sp[vb + 4], dummy)
        if pmade[PR_VALAT]:
            skip_material = True
    for k in range(7):
        if not present[k]:
            continue
        if skip_material and (k == PR_TRULL or k == PR_VK):
            continue
        b = S_PREM + k * PR_W
        ann = sp[b + 1] != 0
        if only_announced and not ann:
            continue
        v = sp[b + 5]
        if not ann:
            if not pmade[k] and sp[S_SILENT_FAILED] == 0:
                continue
            v //= 2  # silent: half (Österreich-Finale 8))
        sign = (1 if pside[k] == 0 else -1) * (1 if pmade[k] else -1)
        _transfer(pts, sp, sign * v, 1 << sp[b + 4], dummy)


@njit(cache=True)
def _pay_each(amounts: np.ndarray, payer: int, amount: int) -> None:
    for p in range(4):
        if p != payer:
            amounts[p] += amount
            amounts[payer] -= amount


@njit(cache=True)
def _trischaken(sp: np.ndarray, out: np.ndarray, pts: np.ndarray) -> None:
    th = out[O_THIRDS:O_THIRDS + 4]
    tr = out[O_TRICKS:O_TRICKS + 4]
    amounts = np.zeros(4, np.int64)
    jf = np.empty(4, np.int64)
    nj = 0
    for p in range(4):
        if tr[p] == 0:
            jf[nj] = p
            nj += 1
    top = th.max()
    ntop = 0
    for p in range(4):
        if th[p] == top:
            ntop += 1
    if sp[S_TRISCH_TIROL] == 0:  # Österreich-Finale 5)
        if th[0] == top:  # the Trischaker (Vorhand) has the most points or ties for them
            _pay_each(amounts, 0, 4 if top >= WIN_THIRDS else 2)
        elif ntop == 1:
            for p in range(4):
                if th[p] == top:
                    _pay_each(amounts, p, 2 if top >= WIN_THIRDS else 1)
        elif ntop == 2:
            for p in range(4):
                amounts[p] = -2 if th[p] == top else 2
        else:
            for p in range(4):
                amounts[p] = -1 if th[p] == top else 3
        if nj:  # a Jungfrau takes the winnings; two share, or each collects in full
            win = 0
            for p in range(4):
                if amounts[p] > 0:
                    win += amounts[p]
            for p in range(4):
                if amounts[p] > 0:
                    amounts[p] = 0
            if sp[S_JF_SHARE] != 0:
                _split(amounts, win, jf, nj)
            else:
                for p in range(4):
                    amounts[p] *= nj
                for i in range(nj):
                    amounts[jf[i]] = win
    else:  # Tiroler Cup, Abrechnung
        b = -1
        for p in range(4):
            if th[p] >= WIN_THIRDS:
                b = p
                break
        if b >= 0:  # a Bürgermeister
            amount = 4 if b == 0 else 2
            if nj:
                amounts[b] = -3 * amount
                _split(amounts, 3 * amount, jf, nj)
            else:
                _pay_each(amounts, b, amount)
        elif th[0] == top:
            if nj:
                amounts[0] = -6
                _split(amounts, 6, jf, nj)
            else:
                _pay_each(amounts, 0, 2)
        elif nj:
            payers = np.empty(4, np.int64)
            npay = 0
            for p in range(4):
                if tr[p] != 0:
                    payers[npay] = p
                    npay += 1
            neg = np.zeros(4, np.int64)
            _split(neg, 6, payers, npay)
            for p in range(4):
                amounts[p] -= neg[p]
            _split(amounts, 6, jf, nj)
        else:
            order = np.empty(4, np.int64)
            for p in range(4):  # a stable sort, most points first
                i = p
                while i > 0 and th[order[i - 1]] < th[p]:
                    order[i] = order[i - 1]
                    i -= 1
                order[i] = p
            t0, t1, t2, t3 = th[order[0]], th[order[1]], th[order[2]], th[order[3]]
            if t0 == t1 and t1 == t2:
                amounts[order[0]], amounts[order[1]], amounts[order[2]], amounts[order[3]] = -1, -1, -1, 3
            elif t1 == t2 and t2 == t3:
                amounts[order[0]], amounts[order[1]], amounts[order[2]], amounts[order[3]] = -3, 1, 1, 1
            else:
                pair = 4 if sp[S_TRISCH_TIROL] == 1 else 2  # "(2 x 2)", option tirol_trischaken_2x2
                if t1 == t2:
                    amounts[order[0]], amounts[order[1]], amounts[order[2]], amounts[order[3]] = -pair, 0, 0, pair
                else:
                    amounts[order[0]], amounts[order[1]], amounts[order[2]], amounts[order[3]] = -pair, -pair, pair, pair
    for p in range(4):
        pts[p] += amounts[p]


@njit(cache=True)
def settle_nb(sp: np.ndarray, pos: np.ndarray, out: np.ndarray, thirds: np.ndarray) -> np.ndarray:
    """The points per score column (``sp[S_SEATS]`` of them) of the deal the kernel finished in
    ``pos`` with result ``out``: equal to ``TarockDeal.settlement().points``."""
    pp = np.zeros(4, np.int64)
    kind = sp[S_KIND]
    if kind == KIND_TRISCHAKEN:
        _trischaken(sp, out, pp)
    elif kind == KIND_NEGATIVE:
        d = sp[S_DECL]
        need = sp[S_NEED]
        won = out[O_TRICKS + d] == need  # Österreich-Finale 6)
        mults = np.ones(4, np.int64)
        for p in range(4):
            mults[p] = 1 << sp[S_NEG_KONTRA + p]
        _transfer(pp, sp, sp[S_VALUE] if won else -sp[S_VALUE], -1, mults)
    else:
        _positive(sp, pos, out, thirds, pp)
    pts = np.zeros(sp[S_SEATS], np.int64)
    for p in range(4):
        pts[sp[S_SEAT + p]] = pp[p]
    return pts


@njit(cache=True)
def reward_nb(pts: np.ndarray, seat: int) -> float:
    """``bots.common.reward``: the seat's column minus the mean of the other columns."""
    n = pts.shape[0]
    return pts[seat] - (pts.sum() - pts[seat]) / (n - 1)


@njit(cache=True)
def values_nb(pos: np.ndarray, sp: np.ndarray, ctx: np.ndarray, cands: np.ndarray, playouts: int, seed: int,
              thirds: np.ndarray, seat: int) -> np.ndarray:
    """Per candidate card of ``cands`` (``-1``: no card, the position as it is), the mean reward of
    ``seat`` over ``playouts`` policy playouts that start with it; ``pos`` is not changed."""
    rng = new_rng(seed)
    res = np.zeros(cands.shape[0])
    work = np.empty_like(pos)
    for i in range(cands.shape[0]):
        total = 0.0
        for _ in range(playouts):
            work[:] = pos
            out = policy_playout_nb(work, rand_below(rng, 1 << 62), thirds, ctx, cands[i])
            total += reward_nb(settle_nb(sp, work, out, thirds), seat)
        res[i] = total / playouts
    return res
