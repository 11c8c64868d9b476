"""Batched Schieber Jass on the compiled kernel: B deals stepped by one call.

What a batched Jass deal contains (docs/bots.md, "Batched environments"):

* the trump choice with every mode the table's options allow (§23, §24: Obli, Quer 5-4, Drei mal
  Drei, Misere, Tutti), Schieben (§25) and Zurückschieben (§24.1);
* every card, legal as in the engine (§15, §22, §26, §27);
* the Weis (§29) as ``weis``: all the seat's Weis, declared before its first card where the engine
  lists it (it holds a Weis that could still count); resolved after the first trick (the best single
  Weis wins, ties by the trump suit and then the first declared, §29.2) and written for its team;
* the Stöck (§29.3: every mode with a trump suit but Misere; Drei mal Drei as the option
  ``stoeck_drei_mal_drei`` says), offered to its holder at each of its turns while it holds König or
  Ober of trump;
* the settlement of ``score_deal``: card points with the last trick's 5 (§11), Match (§13) and
  Kontermatch (§10), Weis, Stöck, the §23 multiplier (Tutti by its first suit, §24.6), Misere (§24.5).

What it never offers (their ids stay out of the mask; the engine replay of a batched deal is the
engine deal in which no seat says them): ``weis:<items>`` (declaring only some of one's Weis, §29),
``rest`` (§17) and ``bedanken`` (§2). A deal is one episode from a standing of 0 : 0 (a Partie's
target plays no part). Use the engine (``Game.new_match`` and the integer API) for those.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..games.jass import GAME
from ..games.jass import modes as jm
from ..games.jass import play as jp
from ..games.jass import scoring as js
from ..games.jass import weis as jw
from ..games.jass.state import JassDeal
from . import _jass_nb as nb
from .base import VectorEnv

__all__ = ["JassVectorEnv", "MODE_NAMES"]

#: every mode, in the engine's order (the observation's ``mode`` one-hot)
MODE_NAMES: tuple[str, ...] = tuple(jm.MODES)


class JassVectorEnv(VectorEnv):
    """``num_envs`` Schieber deals at once (see the module docstring for what a deal contains)."""

    game_name = "jass"
    num_seats = 4

    def __init__(self, num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(GAME, num_envs, profile, options)
        o = self.options
        space = self.space
        A = len(space.actions)
        names = MODE_NAMES
        midx = {n: i for i, n in enumerate(names)}
        nm = len(names)
        self.nm = nm
        self.mode_tricks = np.asarray([jm.MODES[n].tricks for n in names], np.int64)
        self.mode_mult = np.asarray([jm.MODES[n].multiplier for n in names], np.int64)
        self.mode_misere = np.asarray([1 if jm.MODES[n].misere else 0 for n in names], np.int64)
        self.mode_trump = np.asarray([-1 if jm.MODES[n].trump is None else jm.MODES[n].trump for n in names], np.int64)
        stoeck = []
        dmd = getattr(o, "stoeck_drei_mal_drei", False)
        for n in names:  # as the engine: every mode with a trump suit but Misere; Drei mal Drei by option (§29.3)
            m = jm.MODES[n]
            ok = m.trump is not None and not m.misere and (dmd or not n.startswith("3x3"))
            stoeck.append((1 << (m.trump * 9 + jm.KING)) | (1 << (m.trump * 9 + jm.OBER)) if ok else 0)
        self.mode_stoeck = np.asarray(stoeck, np.int64)
        tutti = np.full((nm, 4), -1, np.int64)
        tutti[midx["tutti"]] = [midx[f"tutti:{jm.SUITS[s]}"] for s in range(4)]
        self.tutti_of = tutti
        kind = np.full(A, nb.K_NONE, np.int64)
        arg = np.zeros(A, np.int64)
        card_id = np.zeros(36, np.int64)
        for i, a in enumerate(space.actions):
            if a.startswith("trump:"):
                kind[i], arg[i] = nb.K_MODE, midx[a[6:]]
            elif a == "schieben":
                kind[i] = nb.K_PUSH
            elif a == "stöck":
                kind[i] = nb.K_STOECK
            elif a == "weis":
                kind[i] = nb.K_WEIS
            elif a in self.game.deck.notation:
                c = self.game.deck.notation.index(a)
                kind[i], arg[i] = nb.K_CARD, c
                card_id[c] = i
        self.act_kind, self.act_arg, self.card_id = kind, arg, card_id
        self.stoeck_id = int(space.index["stöck"])
        # the Weis tables (§29): the engine's own runs per suit pattern and points
        wt = np.full(nb.W_SEQ + 10, 0, np.int64)
        wt[0] = 1 if o.weis else 0
        wt[1] = space.index.get("weis", -1)
        for p in range(512):
            items = jw.all_weis(p)  # suit 0's pattern p: its sequences (a four needs four suits)
            runs = [(it.low, it.length) for it in items if it.kind == "seq"]
            for r in range(2):
                lo, ln = runs[r] if r < len(runs) else (-1, 0)
                wt[nb.W_RUNS + p * 4 + r * 2] = lo
                wt[nb.W_RUNS + p * 4 + r * 2 + 1] = ln
        wt[nb.W_FOUR:nb.W_FOUR + 9] = jw.FOUR_POINTS
        for ln, pts in jw.SEQUENCE_POINTS.items():
            wt[nb.W_SEQ + ln] = pts
        self.wt = wt
        # the chooser's words per number of pushes, from the engine itself (§23, §24, §24.1, §25)
        tm = np.zeros((3, A), np.bool_)
        d = JassDeal.from_masks(o, [0, 0, 0, 0], 3)
        for pushed in range(3):
            for i in d._trump_ids()[0]:
                tm[pushed, i] = True
            if not d.can_push():
                break
            d.choose(None)
        self.trump_mask = tm
        self.max_legal = max(int(tm.sum(1).max()), 11)  # nine cards, the Weis and the Stöck
        self.trump_ids = np.full((3, self.max_legal), -1, np.int64)
        for p in range(3):
            ids = np.flatnonzero(tm[p])
            self.trump_ids[p, :len(ids)] = ids
        self.supported = np.asarray(kind != nb.K_NONE)
        self.strength = np.asarray(jm.STRENGTH, np.int64)
        self.points = np.asarray(jm.POINTS[o.undenufe_eleven], np.int64)
        self.suit_mask = np.asarray(jm.SUIT_MASK, np.int64)
        self.buur_bit = np.asarray(jp.BUUR_BIT, np.int64)
        self.layout = nb.obs_layout(nm)
        last = list(self.layout.values())[-1]
        self.obs_size = last[0] + last[1]
        self.S = np.zeros((num_envs, nb.NF), np.int64)
        self._alloc()
        self._words = self.obs.view(np.uint64)  # the observation as 64-bit words (the compiled step's)
        self._tr = np.zeros(4, np.int64)

    # -- the compiled calls -------------------------------------------------------------
    def _reset_rows(self) -> None:
        nb.reset_all(self.S, self.R, self.seat, self.mask, self.obs, self.legal_ids, self.num_legal, self.trump_ids,
                     self.trump_mask, self.card_id, self.stoeck_id,
                     self.mode_tricks, self.mode_misere, self.mode_stoeck, self.strength, self.suit_mask,
                     self.buur_bit, self.nm, self.wt)

    def _step_rows(self, actions: np.ndarray) -> int:
        return int(nb.step_all(self.S, self.R, actions, self.seat, self.mask, self.obs, self._words, self._tr,
                               self.legal_ids, self.num_legal,
                               self.trump_ids, self.reward, self.done,
                               self.points_out, self.autoreset, self.act_kind, self.act_arg, self.trump_mask,
                               self.card_id, self.stoeck_id, self.mode_tricks, self.mode_mult, self.mode_misere,
                               self.mode_trump, self.mode_stoeck, self.tutti_of, self.strength, self.points,
                               self.suit_mask, self.buur_bit, js.LAST_TRICK_BONUS, js.MATCH_BONUS, self.nm, self.wt))

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:
        for g in range(self.num_envs):
            if seats[g] >= 0 and self.seat[g] >= 0:  # a finished row waiting for reset: zeros (base.observe)
                nb.write_obs(self.S, g, int(seats[g]), out, out.view(np.uint64), g, self.nm)

    # -- deals as the engine knows them ----------------------------------------------------
    def current_deal(self, g: int) -> tuple[int, list[int]]:
        """Row ``g``'s deal: the dealer and the four hands as dealt (bit sets)."""
        row = self.S[g]
        return int(row[nb.F_DEALER]), [int(x) for x in row[nb.F_DEALT:nb.F_DEALT + 4]]

    def engine_deal(self, g: int) -> JassDeal:
        """A fresh engine deal state with row ``g``'s cards and dealer (for replay and tests)."""
        dealer, hands = self.current_deal(g)
        return JassDeal.from_masks(self.options, hands, dealer)

    def observation_from_view(self, view: dict[str, Any]) -> np.ndarray:
        """The observation built from an engine ``view(seat)`` alone (what that seat may know):
        the same array the batched step writes (tested), so a policy trained here plays through
        the engine as an ordinary bot (:class:`~stammtisch.vector.policy.ObsBot`)."""
        return jass_obs_from_view(view, self.layout, self.obs_size)


def jass_obs_from_view(view: dict[str, Any], layout: dict[str, tuple[int, int]], size: int) -> np.ndarray:
    """See :meth:`JassVectorEnv.observation_from_view`."""
    from ..bots.common import deal_view
    from ..core.cards import JASS

    view = dict(deal_view(view))  # a match's view frames the deal's under "deal"
    o = np.zeros(size, np.uint8)
    me = view["seat"]

    def put(field: str, i: int, v: int = 1) -> None:
        at, n = layout[field]
        if not 0 <= i < n:
            raise ValueError(f"{field}[{i}] out of range")
        o[at + i] = v

    for c in view["hand"]:
        put("hand", JASS.parse(c))
    for ld, cards, _w, _p in view["played"]:
        for i, c in enumerate(cards):
            put("played", 40 * ((ld + i - me) & 3) + JASS.parse(c))
    for s, c in view["trick"]:
        put("played", 40 * ((s - me) & 3) + JASS.parse(c))
        put("trick", JASS.parse(c))
    if view["trump"] is not None:
        put("mode", MODE_NAMES.index(view["trump"]))
    if view["declarer"] is not None:
        put("declarer", (view["declarer"] - me) & 3)
    put("pushed", view["geschoben"])
    put("phase", 0 if view["phase"] == "trump" else 1)
    put("dealer", (view["dealer"] - me) & 3)
    put("leader", (view["leader"] - me) & 3)
    if view["stoeck"] is not None:
        put("stoeck_shown", (view["stoeck"] - me) & 3)
    if view["has_stoeck"]:
        put("own_stoeck", 0)
    t = me & 1
    put("card_points", 0, view["card_points"][t])
    put("card_points", 1, view["card_points"][1 - t])
    put("tricks_won", 0, view["tricks_won"][t])
    put("tricks_won", 1, view["tricks_won"][1 - t])
    put("trick_number", 0, view["trick_number"] - 1)
    for w in view["weis"]:
        put("weis_announced", (w["seat"] - me) & 3, w["points"] // 10)
    if view["weis_team"] is not None:
        put("weis_team", view["weis_team"] ^ t)
    put("weis_points", 0, view["weis_points"][t] // 10)
    put("weis_points", 1, view["weis_points"][1 - t] // 10)
    return o
