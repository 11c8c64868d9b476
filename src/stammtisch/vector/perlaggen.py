"""Batched Perlaggen on the compiled kernel: B deals stepped by one call.

What a batched Perlaggen deal contains (docs/bots.md, "Batched environments"), with every action
id the engine would list for the seat to move, but those named below:

* the cut (``abheben:N``, §4) and keeping a standing Perlagg lifted at the bottom (``behalten`` /
  ``liegen``); the deal, the trump turned up (an Eichel card goes under the stock, §7), Luck and
  Boden shown until the play begins;
* looking at the cards (``ansehen``, with the option ``unseen_bidding``, §32);
* the exchange of a turned-up Perlagg for a trump by the dealer or his partner (``tauschen:<card>``,
  ``nicht_tauschen``, §7);
* every card, legal as in the engine (§15), a Perlagg played as itself or getauft as any plain suit
  card (§18, §20); three tricks make the Spiel (§23);
* bids and raises by the seat to move (``bieten:<figure>``, ``steigern:<figure>``, §8, §13, §21,
  §29) and the answers (``halten``, ``gut``, ``steigern``, ``partner_fragen``, §11-§14);
* the figures after the Spiel: ``weisen``, ``gut``, bids and raises of the Spiel side, ``abweisen``,
  ``stellen``, ``gut`` of the others (§22-§24);
* the real settlement, :func:`stammtisch.games.perlaggen.scoring.settle` from 0 : 0 (§10 for a held
  figure a side lacks, §12 order of writing, §14 "Spiel aus", the target ends the writing).

Never offered (their ids stay out of the mask; the engine replay of a batched deal is the engine
deal in which no seat says them): unseen bids ``ungesehen:<figures>`` (§32), partner signals
``zeichen:<signal>`` (§9), laying the cards open ``aufdecken`` (§9). A deal is one episode from a
standing of 0 : 0, so the 17 : 17 asking (``melden`` / ``passen``, §25) never comes up. The
profile ``live`` (offences played and claimed, §17, §33) and a ``target`` of 1 (a deal that starts
at 17 : 17) have no compiled deal: :func:`make_perlaggen` gives the engine fallback for them.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.cards import PERLAGGEN as D
from ..core.protocol import Deal, DealContext
from ..games.perlaggen import GAME
from ..games.perlaggen import rules as pr
from ..games.perlaggen.state import PerlaggenDeal
from . import _perlaggen_nb as nb
from .base import VectorEnv

__all__ = ["PerlaggenVectorEnv", "make_perlaggen", "compiled_options"]

FIGURES = ("gleich", "hanger", "spiel")


def compiled_options(options: Any) -> bool:
    """Whether a batched deal under ``options`` is compiled: not the ``live`` offences (§33) and a
    target above 1 (a first deal at ``target - 1`` all round is the 17 : 17 asking, §25)."""
    return options.offences == "refuse" and options.target >= 2


def make_perlaggen(num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None,
                   engine: bool = False) -> VectorEnv:
    """The compiled batched Perlaggen environment, or the engine fallback where ``engine`` is set
    or the table's options have no compiled deal (:func:`compiled_options`)."""
    opts = GAME.options(profile or GAME.default_profile, dict(options or {}))
    if engine or not compiled_options(opts):
        from .engine import EngineVectorEnv

        return EngineVectorEnv(GAME, num_envs, profile, options)
    return PerlaggenVectorEnv(num_envs, profile, options)


class PerlaggenVectorEnv(VectorEnv):
    """``num_envs`` Perlaggen deals at once (see the module docstring for what a deal contains)."""

    game_name = "perlaggen"
    num_seats = 4

    def __init__(self, num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(GAME, num_envs, profile, options)
        o = self.options
        if not compiled_options(o):
            raise ValueError("a compiled batched Perlaggen deal needs offences='refuse' and a target above 1; "
                             "use make('perlaggen', B, engine=True)")
        space = self.space
        idx = space.index
        A = len(space.actions)
        kind = np.full(A, nb.K_NONE, np.int64)
        arg = np.zeros(A, np.int64)
        arg2 = np.full(A, -1, np.int64)
        ids = np.full(nb.I_SIZE, -1, np.int64)

        def put(slot: int, name: str, k: int, a1: int = 0, a2: int = -1) -> None:
            i = idx[name]
            ids[slot] = i
            kind[i], arg[i], arg2[i] = k, a1, a2

        for n in range(2, 32):
            put(nb.I_CUT + n, f"abheben:{n}", nb.K_CUT, n)
        put(nb.I_BEHALTEN, "behalten", nb.K_KEEP)
        put(nb.I_LIEGEN, "liegen", nb.K_LIEGEN)
        put(nb.I_ANSEHEN, "ansehen", nb.K_LOOK)
        for c in range(32):
            put(nb.I_TAUSCH + c, f"tauschen:{D.format(c)}", nb.K_TAUSCH, c)
        put(nb.I_NTAUSCH, "nicht_tauschen", nb.K_NTAUSCH)
        for c in range(33):
            put(nb.I_PLAIN + c, D.format(c), nb.K_CARD, c, -1)
            for t in range(32):
                name = f"{D.format(c)}={D.format(t)}"
                if name in idx:
                    put(nb.I_TAUFE + c * 32 + t, name, nb.K_CARD, c, t)
        for f, name in enumerate(FIGURES):
            put(nb.I_BID + f, f"bieten:{name}", nb.K_BID, f)
            put(nb.I_RAISE + f, f"steigern:{name}", nb.K_RAISE, f)
        for slot, name, k in ((nb.I_HALTEN, "halten", nb.K_HALTEN), (nb.I_GUT, "gut", nb.K_GUT),
                              (nb.I_STEIGERN, "steigern", nb.K_STEIGERN),
                              (nb.I_PFRAGEN, "partner_fragen", nb.K_PFRAGEN), (nb.I_WEISEN, "weisen", nb.K_WEISEN),
                              (nb.I_ABWEISEN, "abweisen", nb.K_ABWEISEN), (nb.I_STELLEN, "stellen", nb.K_STELLEN)):
            put(slot, name, k)
        self.act_kind, self.act_arg, self.act_arg2, self.ids = kind, arg, arg2, ids
        self.supported = np.asarray(kind != nb.K_NONE)
        # the Perlaggen of each trump (the kernel's tables: rules.perlagg_rank with the club's Eichel order)
        self.pranks = np.zeros((4, 33), np.int64)
        self.pmasks = np.zeros(4, np.int64)
        for trump in range(1, 4):
            for c in range(33):
                self.pranks[trump, c] = pr.perlagg_rank(c, trump, o.eichel_ober_high)
            self.pmasks[trump] = sum(1 << c for c in pr.perlaggen_order(trump))
        # per trump and Perlagg, the ids of its Taufen (§18, §20: as any plain suit card, never a Perlagg's face)
        self.taufe_ids = np.zeros((4, 33, 25), np.int64)
        for trump in range(1, 4):
            for c in range(33):
                if self.pmasks[trump] >> c & 1:
                    row = [ids[nb.I_TAUFE + c * 32 + t] for t in range(32) if not self.pmasks[trump] >> t & 1]
                    self.taufe_ids[trump, c] = row
        self.opt = np.asarray([o.target, o.unbid_points, int(o.unseen_bidding), int(o.taufe_binds_figures),
                               int(o.dritzig_at_17)], np.int64)
        # five cards each with up to five Perlaggen of 1 + 25 card actions, and six bids and raises
        self.max_legal = 5 * 26 + 6
        self.layout = nb.obs_layout()
        last = list(self.layout.values())[-1]
        self.obs_size = last[0] + last[1]
        self.S = np.zeros((num_envs, nb.NF), np.int64)
        self._alloc()
        # the legal ids as int16 (up to 136 a row, ids below 590): a quarter of the memory the step walks
        self.legal_ids = np.full((self.num_envs, self.max_legal), -1, np.int16)
        # the compiled step's scratch (it allocates nothing): obs as 64-bit words, the deck, the settlement
        self._words = self.obs.view(np.uint64)
        self._scr = np.zeros(64, np.int64)
        self._spec = np.zeros(nb.S_SIZE, np.int64)
        self._st = np.zeros(1, np.uint64)

    # -- the compiled calls -------------------------------------------------------------
    def _reset_rows(self) -> None:
        nb.reset_all(self.S, self.R, self.seat, self.mask, self.obs, self.legal_ids, self.num_legal, self.ids,
                     self.taufe_ids, self.opt)

    def _step_rows(self, actions: np.ndarray) -> int:
        return int(nb.step_all(self.S, self.R, actions, self.seat, self.mask, self.obs, self._words, self._scr,
                               self._spec, self._st, self.legal_ids,
                               self.num_legal, self.reward, self.done, self.points_out, self.autoreset,
                               self.act_kind, self.act_arg, self.act_arg2, self.ids, self.taufe_ids, self.pranks, self.pmasks,
                               self.opt))

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:
        w = out.view(np.uint64)
        for g in range(self.num_envs):
            if seats[g] >= 0 and self.S[g, nb.F_PHASE] != nb.PH_OVER:
                nb.write_obs(self.S, g, int(seats[g]), out, w, g, self.opt)

    # -- deals as the engine knows them ----------------------------------------------------
    def current_deal(self, g: int) -> tuple[int, Deal]:
        """Row ``g``'s deal: the dealer and the engine's ``Deal`` (the shuffled deck, top first)."""
        row = self.S[g]
        deck = tuple(int(x) for x in row[nb.F_DECK:nb.F_DECK + 33])
        return int(row[nb.F_DEALER]), Deal(((), (), (), ()), {"deck": deck})

    def engine_deal(self, g: int) -> PerlaggenDeal:
        """A fresh engine deal state with row ``g``'s deck and dealer, from 0 : 0 (for replay and tests)."""
        dealer, deal = self.current_deal(g)
        return GAME.new_deal(self.options, DealContext(0, dealer, deal, (0, 0), {}))

    def observation_from_view(self, view: dict[str, Any]) -> np.ndarray:
        """The observation built from an engine ``view(seat)`` alone (what that seat may know): the
        same array the batched step writes (tested)."""
        return perlaggen_obs_from_view(view, self.layout, self.obs_size)


def perlaggen_obs_from_view(view: dict[str, Any], layout: dict[str, tuple[int, int]], size: int) -> np.ndarray:
    """See :meth:`PerlaggenVectorEnv.observation_from_view`."""
    from ..bots.common import deal_view

    view = dict(deal_view(view))
    o = np.zeros(size, np.uint8)
    me = view["seat"]
    mine = me & 1

    def put(field: str, i: int, v: int = 1) -> None:
        at, n = layout[field]
        if not 0 <= i < n:
            raise ValueError(f"{field}[{i}] out of range")
        o[at + i] = v

    def rel(s: int) -> int:
        return (s - me) & 3

    at, _n = layout["cards"]
    code = o[at:at + 33]  # what the seat knows of each card (docs/bots.md)
    on_table = {pr.parse_play(note)[0] for _s, note in view["trick"]}
    for c in view["hand"]:
        code[D.parse(c)] = nb.C_HAND
    for s, notes in enumerate(view["played"]):
        for note in notes:
            c, t = pr.parse_play(note)
            code[c] = (nb.C_TRICK if c in on_table else nb.C_PLAYED) + rel(s)
            if t is not None:
                put("taufe", c, t + 1)
    if view["trump_card"] is not None:
        code[D.parse(view["trump_card"])] = nb.C_TRUMPCARD
    held = list(view["kept"]) + ([view["exchanged"]["took"]] if view["exchanged"] else [])
    for c in held:  # in a hand, known to all: kept by the cutter (§4), taken in the exchange (§7)
        if not code[D.parse(c)]:
            code[D.parse(c)] = nb.C_HELD
    for c in view["turned_up"]:
        code[D.parse(c)] = nb.C_UNDER
    put("phase", nb.PHASES.index(view["phase"]))
    put("dealer", rel(view["dealer"]))
    if view["trump"] is not None:
        put("trump", D.suits.index(view["trump"]))
    for s, looked in enumerate(view["looked"]):
        if looked:
            put("looked", rel(s))
    if view["trick"]:
        put("leader", rel(view["trick"][0][0]))
    if view["last_winner"] is not None:
        put("last_winner", rel(view["last_winner"]))
    put("tricks_won", 0, view["tricks_won"][mine])
    put("tricks_won", 1, view["tricks_won"][1 - mine])
    if view["exchanged"]:
        put("exchanged", rel(view["exchanged"]["seat"]))
    if "luck" in view:
        put("luck", 0, D.parse(view["luck"]) + 1)
        put("boden", 0, D.parse(view["boden"]) + 1)
    if "lifted_bottom" in view:
        put("lifted_bottom", 0, D.parse(view["lifted_bottom"]) + 1)

    def side(word: str) -> int:
        return "AB".index(word) ^ mine

    def value(v: Any) -> int:
        return nb.AUS if v == "aus" else int(v)

    for name in FIGURES:
        f = view["figures"][name]
        put(f"{name}_status", ("open", "offered", "held", "conceded", "lapsed", "decided").index(f["status"]))
        if "bidder" in f:
            put(f"{name}_bidder", side(f["bidder"]))
        if "value" in f:
            put(f"{name}_value", 0, value(f["value"]))
        if "offer" in f:
            put(f"{name}_offer", 0, value(f["offer"]))
        if "offered_by" in f:
            put(f"{name}_offered_by", side(f["offered_by"]))
        if "conceded_to" in f:
            put(f"{name}_conceded_to", side(f["conceded_to"]))
        if "winner" in f:
            put(f"{name}_winner", 2 if f["winner"] is None else side(f["winner"]))
    p = view["pending"]
    if p is not None:
        put("pending_seat", rel(p["seat"]))
        put("pending_figure", FIGURES.index(p["figure"]))
        put("pending_value", 0, value(p["value"]))
        put("partner_asked", 0, int(p["partner_asked"]))
    put("written", 0, view["written"][mine])
    put("written", 1, view["written"][1 - mine])
    put("target", 0, view["target"])
    if view["spiel_side"] is not None:
        put("spiel_side", side(view["spiel_side"]))
    if view["figure_on_table"] is not None:
        put("figure_on_table", FIGURES.index(view["figure_on_table"]))
        put("figure_shown", 0, int(view["shown_figure"] is not None))
    return o
