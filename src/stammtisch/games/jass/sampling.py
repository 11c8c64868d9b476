"""Determinization: a full deal consistent with one seat's view (for search bots).

The hidden cards are dealt at random among the other seats so that every public fact
holds: cards already played, hand sizes, voids shown by play (not following suit; not
following a trump lead means no trump but perhaps the Buur, §26; an under-trump means only
trumps were left, §27), the Weis shown after the first trick (§29) and declared Stöck
(§29.3). A Weis announced but never shown (the losing side's, or any during the first trick)
is given a concrete Weis worth its points, chosen at random among those the seat can hold.
:func:`contract_likelihood` is the search player's soft belief about the trump choice.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any

from ...core.bits import bit_list, mask_of
from ...core.cards import JASS
from ...core.protocol import Deal, DealContext
from ...core.sampling import assign_cards
from .modes import KING, MODES, OBER, STRENGTH, SUIT_MASK, SUIT_OF, TM_TUTTI, UNDER
from .options import JassOptions
from .state import JassDeal
from .weis import FOUR_POINTS, SEQUENCE_POINTS, WeisItem, parse_weis

__all__ = ["sample_state", "constraints"]

FULL = (1 << 36) - 1


def constraints(view: Mapping[str, Any]) -> tuple[list[int], list[int], list[int]]:
    """``(allowed, known, played)`` bit sets per seat derived from a deal view."""
    seat = view["seat"]
    mode = MODES.get(view.get("trump") or "")
    allowed = [FULL] * 4
    known = [0] * 4
    played = [0] * 4
    tricks = [(ld, JASS.parse_cards(cards)) for ld, cards, _, _ in view.get("played", [])]
    cur = view.get("trick", [])
    if cur:
        tricks.append((cur[0][0], JASS.parse_cards([c for _, c in cur])))
    for k, (ld, cards) in enumerate(tricks):
        tm = mode.tricks[k] if mode else 4
        led = SUIT_OF[cards[0]]
        trump = tm if tm < 4 else (led if tm == TM_TUTTI else None)
        base = (tm * 4 + led) * 36
        best_trump = 0
        for i, c in enumerate(cards):
            p = (ld + i) & 3
            played[p] |= 1 << c
            s = SUIT_OF[c]
            if i > 0 and s != led:
                if trump is None:
                    allowed[p] &= ~SUIT_MASK[led]
                elif led == trump:
                    allowed[p] &= ~(SUIT_MASK[trump] & ~(1 << (trump * 9 + UNDER)))
                elif s != trump:
                    allowed[p] &= ~SUIT_MASK[led]
                elif mode is not None and not mode.misere and best_trump and STRENGTH[base + c] < best_trump:
                    allowed[p] &= SUIT_MASK[trump]  # an under-trump: only trumps were left (§27)
            if trump is not None and s == trump:
                best_trump = max(best_trump, STRENGTH[base + c])
    for s_str, items in (view.get("weis_shown") or {}).items():
        s = int(s_str)
        for it in parse_weis("+".join(items)) if items else []:
            known[s] |= it.mask
    if view.get("stoeck") is not None and mode is not None and mode.trump is not None:
        t = mode.trump
        known[view["stoeck"]] |= (1 << (t * 9 + KING)) | (1 << (t * 9 + OBER))
    all_played = played[0] | played[1] | played[2] | played[3]
    for s in range(4):
        known[s] &= ~all_played
    known[seat] = mask_of(JASS.parse_cards(view["hand"]))
    return allowed, known, played


def _stand_in(points: int, mode: Any) -> WeisItem:
    """A Weis worth ``points`` (a sequence, in a suit that is not trump) for an announcement
    whose cards are unknown. Tie-breaks between equal announcements are not reproduced."""
    length = next((n for n, p in SEQUENCE_POINTS.items() if p == points), 3)
    suit = 0 if mode is None or mode.trump is None else (mode.trump + 1) % 4
    return WeisItem("seq", suit, 0, length)


def _weis_worth(points: int) -> list[WeisItem]:
    """Every Weis worth exactly ``points`` (§29: sequences and four of a kind)."""
    out = [WeisItem("seq", s, low, n) for n, p in SEQUENCE_POINTS.items() if p == points
           for s in range(4) for low in range(10 - n)]
    return out + [WeisItem("four", -1, r, 4) for r, p in enumerate(FOUR_POINTS) if p == points]


def _guess_weis(view: Mapping[str, Any], allowed: list[int], known: list[int], played: list[int],
                rng: Any) -> dict[int, WeisItem]:
    """For each Weis announced but not shown (§29: only its points are public), a Weis worth
    those points that the seat can hold: its cards not seen elsewhere, those not yet played by
    the seat allowed in its hand (voids), room in its hand. Chosen at random among those."""
    shown = view.get("weis_shown") or {}
    out: dict[int, WeisItem] = {}
    taken = 0
    for s in range(4):
        taken |= known[s] | played[s]
    for ann in view.get("weis", []):
        s = ann["seat"]
        if s == view["seat"] or shown.get(str(s)):
            continue
        room = view["hand_sizes"][s] - (known[s] & ~played[s]).bit_count()
        fits = []
        for it in _weis_worth(ann["points"]):
            new = it.mask & ~played[s]
            if (new & taken & ~known[s]) or (new & ~allowed[s]) or (new & ~known[s]).bit_count() > room:
                continue
            fits.append(it)
        if fits:
            it = fits[rng.randrange(len(fits))]
            out[s] = it
            taken |= it.mask
            known[s] |= it.mask & ~played[s]
    return out


def sample_state(options: JassOptions, view: Mapping[str, Any], rng: Any) -> JassDeal:
    """A :class:`JassDeal` consistent with ``view`` (a seat's deal view).

    A Weis announced but not shown yet (§29) is given a concrete Weis worth its points whose
    cards the seat then holds (:func:`_guess_weis`); when no deal fits such a guess, the
    announcement keeps a stand-in and its cards stay free.

    :raises ValueError: if the view is inconsistent (no deal satisfies it)
    """
    seat = view["seat"]
    sizes_now = view["hand_sizes"]
    others = [s for s in range(4) if s != seat]
    got = None
    guessed: dict[int, WeisItem] = {}
    for attempt in range(4):
        allowed, known, played = constraints(view)
        guessed = _guess_weis(view, allowed, known, played, rng) if attempt < 3 else {}
        taken = known[0] | known[1] | known[2] | known[3] | played[0] | played[1] | played[2] | played[3]
        free = bit_list(FULL & ~taken)
        sizes = {s: sizes_now[s] - known[s].bit_count() for s in others}
        if any(v < 0 for v in sizes.values()):
            continue
        got = assign_cards(free, sizes, lambda c, s: bool(allowed[s] >> c & 1), rng)
        if got is not None:
            break
    if got is None:
        raise ValueError("no deal is consistent with this view")
    hands = list(known)
    for s in others:
        hands[s] |= mask_of(got[s])
    deal = Deal(tuple(tuple(bit_list(hands[s] | played[s])) for s in range(4)))
    ctx = DealContext(0, view["dealer"], deal, tuple(view.get("standing") or (0, 0)))
    st = JassDeal(options, ctx)
    if view.get("trump") is None:
        for _ in range(view.get("geschoben", 0)):
            st.choose(None)
        return st
    for _ in range(view.get("geschoben", 0)):
        st.choose(None)
    name = view["trump"]
    st.choose("tutti" if name.startswith("tutti") else name)
    st.chooser = view["chooser"]
    st.declarer = view["declarer"]
    mine = view.get("my_weis") or []
    for ann in view.get("weis", []):
        s = ann["seat"]
        items = (view.get("weis_shown") or {}).get(str(s)) or (mine if s == seat else None)
        if items:
            st.weis_decl[s] = parse_weis("+".join(items))
        elif s in guessed:
            st.weis_decl[s] = [guessed[s]]
        else:
            # announced during the first trick, not shown yet (§29): only its points are known;
            # a stand-in sequence worth them keeps the §29 checks and the Weis count right
            st.weis_decl[s] = [_stand_in(ann["points"], st.mode)]
        st.weis_order.append(s)
    for _, cards, _, _ in view.get("played", []):
        for c in JASS.parse_cards(cards):
            st.play_card(c)
    for _, c in view.get("trick", []):
        st.play_card(JASS.parse(c))
    if view.get("weis_team") is not None:
        st.weis_team = view["weis_team"]
        st.weis_points = list(view["weis_points"])
    if view.get("stoeck") is not None:
        st.stoeck_seat = view["stoeck"]
        st.stoeck_declared = True
        st.stoeck_points = list(view["stoeck_points"])
    st.events = list(view.get("events", []))
    return st


#: how sharply the trump choice is believed to follow hand strength (per point of
#: :func:`~.bot.hand_strength`); 20 points below the best mode make a deal e times less likely
BELIEF_SHARPNESS = 0.05
#: the strength below which a Vorhand is believed to push (the rule player's threshold)
PUSH_BELOW = 62
_PLAIN = ("E", "S", "L", "R", "obenabe", "undenufe")


def contract_likelihood(options: JassOptions, view: Mapping[str, Any], state: JassDeal) -> float:
    """How likely the trump choice the view shows is, given the hands ``state`` dealt to the
    other seats, in ``(0, 1]``: a soft belief for the search player, not a rule (a sampled
    deal is weighted by it, never excluded).

    A seat that named a trump suit, Obenabe or Undenufe is believed to hold a hand that suits
    it: ``exp(-k * (best - named))`` in :func:`~.bot.hand_strength` points over the plain modes
    it could name. A Vorhand that pushed is believed to hold no strong hand:
    ``exp(-k * (best - PUSH_BELOW))`` when its best mode is stronger than the push threshold.
    Seats the viewer is (its own choices) and modes outside the plain ones count 1.
    """
    from .bot import hand_strength

    me = view["seat"]
    weight = 1.0
    trump = view.get("trump")
    chooser, declarer = view.get("chooser"), view.get("declarer")
    if view.get("geschoben") and chooser is not None and chooser != me:
        hand = bit_list(state.dealt[chooser])
        best = max(hand_strength(hand, m) for m in _PLAIN)
        if best > PUSH_BELOW:
            weight *= math.exp(-BELIEF_SHARPNESS * (best - PUSH_BELOW))
    if trump in _PLAIN and declarer is not None and declarer != me:
        hand = bit_list(state.dealt[declarer])
        scores = {m: hand_strength(hand, m) for m in _PLAIN}
        weight *= math.exp(-BELIEF_SHARPNESS * (max(scores.values()) - scores[trump]))
    return weight
