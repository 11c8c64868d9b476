"""Batched Königrufen Tarock on the compiled kernels: B deals stepped by one call.

What a batched Tarock deal contains (docs/bots.md, "Batched environments"), every profile, with
4 players or 5 (the dealer sitting out):

* the bidding with every contract of the table's tariff: ``vorhand``, ``pass``, ``hold`` (where
  the profile lets the Vorhand hold), ``bid:<contract>``, the Sechserdreier only as Vorhand's first
  word and Rufer/Trischaken only as the Vorhand's final choice (Österreich-Finale 3)); the Renonce
  choices are refused as the engine refuses them online (a Besserrufer without a bird, a
  Solorufer with four kings);
* the Besserrufer's bird, the king call with ``call:fourth`` (Österreich-Finale 4));
* the talon: a half laid open and taken, Schleifen; the Sechserdreier's six unseen; the solos'
  closed talon (the Solorufer's called half for the declarer) (Österreich-Finale 4));
* the discards, one card at a time (Österreich-Finale 7), 10));
* the announcements (every premium the contract allows) and Kontra, Rekontra and Subkontra on the
  game and on every premium, each opponent's own Kontra in negative games, ``gut``
  (Österreich-Finale 2), 8); Tiroler Cup, Abrechnung);
* the cards by the kernel's compiled play (the engine's ``cardplay`` functions), the ouvert
  games' open hand, Trischaken's talon to the last trick;
* the settlement by the kernel's compiled settlement (``bots/kernels/tarock_settle.py``: tariff,
  Kontras, premiums announced and silent, Valat, Trischaken with Jungfrauen), Schleifen through its
  transfer.

What it never offers: ``weitergeben`` (the club option ``vorhand_four_kings_pass_on``; off in both
profiles), and no Renonce arises (the engine's ``renonce_mode="detect"`` and a referee's
``declare_renonce`` are the engine's). A deal is one episode from a standing of 0 : 0.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..core.protocol import Deal, DealContext
from ..games.tarock import GAME
from ..games.tarock.cards import THIRDS
from ..games.tarock.options import CONTRACTS, PREMIUMS
from ..games.tarock.scoring import _premium_value
from ..games.tarock.state import TarockDeal
from . import _tarock_nb as nb
from .base import VectorEnv

__all__ = ["TarockVectorEnv", "CONTRACT_NAMES", "tarock_obs_from_view"]

#: every contract, in the engine's order (the observation's ``bid`` and ``contract`` one-hots)
CONTRACT_NAMES: tuple[str, ...] = tuple(CONTRACTS)
_BIRDS = ("pagat", "uhu", "kakadu", "quapil")
_TALON = {"half": nb.TALON_HALF, "six": nb.TALON_SIX, "closed": nb.TALON_CLOSED, "unused": nb.TALON_UNUSED,
          "last_trick": nb.TALON_LAST}
_KINGS = ("HK", "KK", "PK", "XK")


class TarockVectorEnv(VectorEnv):
    """``num_envs`` Königrufen deals at once (see the module docstring for what a deal contains)."""

    game_name = "tarock"

    def __init__(self, num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(GAME, num_envs, profile, options)
        o = self.options
        self.num_seats = o.players
        order = o.contract_order()
        ct = np.zeros((len(CONTRACT_NAMES), nb.CT_W), np.int64)
        for i, name in enumerate(CONTRACT_NAMES):
            c = CONTRACTS[name]
            ct[i, nb.CT_KIND] = ("positive", "negative", "trischaken").index(c.kind)
            ct[i, nb.CT_TALON] = _TALON[c.talon]
            ct[i, nb.CT_KING] = int(c.calls_king)
            ct[i, nb.CT_COLOUR] = int(c.colour)
            ct[i, nb.CT_OUVERT] = int(c.ouvert)
            ct[i, nb.CT_TRICKS] = c.tricks
            ct[i, nb.CT_VORHAND] = ("", "first", "after").index(c.vorhand)
            allowed = c.premiums if c.premiums is not None else PREMIUMS
            ct[i, nb.CT_PREM] = sum(1 << k for k, p in enumerate(PREMIUMS) if p in allowed)
            ct[i, nb.CT_RANK] = o.rank(name) if name in order else -1
            ct[i, nb.CT_VALUE] = o.value(name) if name in order else 0
            ct[i, nb.CT_LOSTDBL] = int(name == "sechserdreier" and o.sechserdreier_lost_double)
            for k, p in enumerate(PREMIUMS):
                ct[i, nb.CT_PV + k] = _premium_value(o, name, p) if p != "valat" else 0
        ot = np.zeros(nb.OT_W, np.int64)
        ot[nb.OT_NS] = o.players
        ot[nb.OT_HOLD] = int(o.vorhand_may_hold)
        ot[nb.OT_KAISER] = int(o.kaiserstich)
        ot[nb.OT_KORDER] = int(o.kaiserstich_order)
        ot[nb.OT_VMODE] = int(o.valat_mode == "premium")
        ot[nb.OT_VANN], ot[nb.OT_VSIL] = o.valat_announced, o.valat_silent
        ot[nb.OT_SILENT] = int(o.silent_failed_costs)
        ot[nb.OT_KP] = int(o.kontra_counts_for_points)
        ot[nb.OT_TRISCH] = 0 if o.trischaken_rule != "tirol" else (1 if o.tirol_trischaken_2x2 == "2_to_each" else 2)
        ot[nb.OT_JF] = int(o.jungfrauen_share)
        ot[nb.OT_BESSER] = CONTRACT_NAMES.index("besserrufer")
        ot[nb.OT_SOLORUFER] = CONTRACT_NAMES.index("solorufer")
        self.ct, self.ot = ct, ot
        # the action ids of the integer API, by kind
        idx = self.space.index
        ids = np.zeros(nb.I_W, np.int64)
        ids[nb.I_VORHAND], ids[nb.I_PASS], ids[nb.I_HOLD] = idx["vorhand"], idx["pass"], idx["hold"]
        for i, name in enumerate(CONTRACT_NAMES):
            ids[nb.I_BID + i] = idx[f"bid:{name}"]
        for i, b in enumerate(_BIRDS):
            ids[nb.I_BIRD + i] = idx[f"bird:{b}"]
        for i, k in enumerate(_KINGS + ("fourth",)):
            ids[nb.I_CALL + i] = idx[f"call:{k}"]
        ids[nb.I_TALON], ids[nb.I_TALON + 1], ids[nb.I_SCHL] = idx["talon:0"], idx["talon:1"], idx["schleifen"]
        fmt = GAME.deck.format
        ids[nb.I_DISC0] = idx[f"discard:{fmt(0)}"]
        ids[nb.I_CARD0] = idx[fmt(0)]
        for k, p in enumerate(PREMIUMS):
            ids[nb.I_ANN + k] = idx[f"announce:{p}"]
        for w, word in enumerate(("kontra", "rekontra", "subkontra")):
            for t, target in enumerate(("game",) + PREMIUMS):
                ids[nb.I_KONTRA + 9 * w + t] = idx[f"{word}:{target}"]
        ids[nb.I_GUT] = idx["gut"]
        self.ids = ids
        A = self.num_actions
        kind = np.full(A, nb.K_NONE, np.int64)
        arg = np.zeros(A, np.int64)
        for c in range(54):  # the consecutive blocks the compiled step relies on
            assert idx[f"discard:{fmt(c)}"] == ids[nb.I_DISC0] + c and idx[fmt(c)] == ids[nb.I_CARD0] + c
            kind[ids[nb.I_DISC0] + c], arg[ids[nb.I_DISC0] + c] = nb.K_DISC, c
            kind[ids[nb.I_CARD0] + c], arg[ids[nb.I_CARD0] + c] = nb.K_CARD, c
        kind[ids[nb.I_VORHAND]], kind[ids[nb.I_PASS]], kind[ids[nb.I_HOLD]] = nb.K_VORHAND, nb.K_PASS, nb.K_HOLD
        for i in range(len(CONTRACT_NAMES)):
            kind[ids[nb.I_BID + i]], arg[ids[nb.I_BID + i]] = nb.K_BID, i
        for i in range(4):
            kind[ids[nb.I_BIRD + i]], arg[ids[nb.I_BIRD + i]] = nb.K_BIRD, i
            kind[ids[nb.I_CALL + i]], arg[ids[nb.I_CALL + i]] = nb.K_CALL, 8 * i + 7
        kind[ids[nb.I_CALL + 4]], arg[ids[nb.I_CALL + 4]] = nb.K_CALL, -1
        for i in range(2):
            kind[ids[nb.I_TALON + i]], arg[ids[nb.I_TALON + i]] = nb.K_TALON, i
        kind[ids[nb.I_SCHL]] = nb.K_SCHL
        for k in range(8):
            kind[ids[nb.I_ANN + k]], arg[ids[nb.I_ANN + k]] = nb.K_ANN, k
        for j in range(27):
            kind[ids[nb.I_KONTRA + j]], arg[ids[nb.I_KONTRA + j]] = nb.K_KONTRA, j
        kind[ids[nb.I_GUT]] = nb.K_GUT
        self.act_kind, self.act_arg = kind, arg
        self.supported = kind != nb.K_NONE
        self.thirds = np.asarray(THIRDS, np.int64)
        self.max_legal = 20  # at most 18 cards to discard, 16 bidding words, 8 premiums + 9 Kontra words + gut
        self.layout = nb.obs_layout()
        self.obs_size = nb.O_WORDS * 8
        self.S = np.zeros((num_envs, nb.NF), np.int64)
        self.P = np.zeros((num_envs, nb.REC_W), np.int8)
        self._cols = tuple(0 for _ in GAME.columns(o))
        self._alloc()
        # the compiled step's scratch (it allocates nothing): obs as 64-bit words, the settlement's spec
        # and position, a trick
        self._words = self.obs.view(np.uint64)
        self._sp = np.zeros(nb.SPEC_SIZE, np.int64)
        self._pos = np.zeros(nb.P_SIZE, np.int64)
        self._tr = np.zeros(5, np.int64)

    # -- the compiled calls -------------------------------------------------------------
    def _reset_rows(self) -> None:
        nb.reset_all(self.S, self.R, self.seat, self.mask, self.obs, self.legal_ids, self.num_legal,
                     self.ct, self.ot, self.ids)

    def _step_rows(self, actions: np.ndarray) -> int:
        return int(nb.step_all(self.S, self.P, self.R, actions, self.seat, self.mask, self.obs, self._words, self._sp,
                               self._pos, self._tr, self.legal_ids,
                               self.num_legal, self.reward, self.done, self.points_out, self.autoreset,
                               self.act_kind, self.act_arg, self.ct, self.ot, self.ids, self.thirds))

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:
        nb.observe_rows(self.S, seats, out, self.ct)

    # -- deals as the engine knows them ----------------------------------------------------
    def current_deal(self, g: int) -> tuple[int, Deal]:
        """Row ``g``'s deal: the dealer and the engine's ``Deal`` (hands as dealt, the talon halves)."""
        row = self.S[g]
        dealer, ns = int(row[nb.F_DEALER]), int(row[nb.F_NS])
        hands: list[tuple[int, ...]] = [() for _ in range(ns)]
        for p in range(4):
            h = int(row[nb.F_DEALT + p])
            hands[(dealer + 1 + p) % ns] = tuple(c for c in range(54) if h >> c & 1)
        talon = tuple(c for k in range(2) for c in range(54) if int(row[nb.F_HALF + k]) >> c & 1)
        return dealer, Deal(tuple(hands), {"talon": talon})

    def engine_deal(self, g: int) -> TarockDeal:
        """A fresh engine deal state with row ``g``'s cards and dealer (for replay and tests)."""
        dealer, deal = self.current_deal(g)
        return GAME.new_deal(self.options, DealContext(0, dealer, deal, self._cols, {}))

    def observation_from_view(self, view: dict[str, Any]) -> np.ndarray:
        """The observation built from an engine ``view(seat)`` alone (what that seat may know):
        the same array the batched step writes (tested)."""
        return tarock_obs_from_view(view, self.layout, self.obs_size)


def tarock_obs_from_view(view: dict[str, Any], layout: dict[str, tuple[int, int]], size: int) -> np.ndarray:
    """See :meth:`TarockVectorEnv.observation_from_view`."""
    from ..bots.common import deal_view
    from ..core.cards import TAROCK

    view = dict(deal_view(view))
    o = np.zeros(size, np.uint8)
    me = view["seat"]
    players = list(view["players"])
    if me not in players:  # the sitting-out dealer of five
        return o
    mine = players.index(me)

    def rel(seat: int) -> int:
        return (players.index(seat) - mine) & 3

    def put(field: str, i: int, v: int = 1) -> None:
        at, n = layout[field]
        if not 0 <= i < n:
            raise ValueError(f"{field}[{i}] out of range")
        o[at + i] = v

    def cards(field: str, block: int, names: Any) -> None:
        for c in names:
            put(field, nb.CARD_BLOCK * block + TAROCK.parse(c))

    cards("hand", 0, view["hand"])
    for tr in view["tricks"]:
        for s, c in zip(tr["seats"], tr["cards"]):
            cards("played", rel(s), [c])
    for s, c in view["trick"]:
        cards("played", rel(s), [c])
        cards("trick", 0, [c])
    if view["talon"] is not None:
        cards("talon", 0, view["talon"][0])
        cards("talon", 1, view["talon"][1])
    cards("talon_seen", 0, view.get("talon_seen", ()))
    cards("discards", 0, view.get("discards", ()))
    cards("discards_open", 0, view["discards_open"])
    cards("open_hand", 0, view["open_hand"] or ())
    put("position", mine)
    put("phase", nb.PHASES.index(view["phase"]))
    if view["bid"] is not None:
        put("bid", CONTRACT_NAMES.index(view["bid"]))
        put("bidder", rel(view["bidder"]))
    for s in view["passed"]:
        put("passed", rel(s))
    for s, a in view["history"]:
        if a in ("vorhand", "pass") or a.startswith("bid:"):
            put("spoke", rel(s))
        elif a == "gut":
            put("said_gut", rel(s))
    if view["contract"] is not None:
        put("contract", CONTRACT_NAMES.index(view["contract"]))
        put("declarer", rel(view["declarer"]))
    if view["bird"] is not None:
        put("bird", _BIRDS.index(view["bird"]))
    if view["called"] == "fourth":
        put("called_fourth", 0)
    elif view["called"] is not None:
        put("called", _KINGS.index(view["called"]))
    if view["partner"] is not None:
        put("partner", rel(view["partner"]))
    if view["taken_half"] is not None:
        put("taken_half", view["taken_half"])
    put("to_discard", 0, view["to_discard"])
    for name, a in view["announcements"].items():
        k = PREMIUMS.index(name)
        put("premium_announcer", 4 * k + rel(a["announcer"]))
        put("premium_kontra", k, a["kontra"])
    put("game_kontra", 0, view["game_kontra"])
    for s, lvl in view["kontras"].items():
        put("kontras", rel(int(s)), lvl)
    if view["phase"] == "play":
        put("leader", rel(view["trick"][0][0] if view["trick"] else view["turn"]))
    for s in players:
        put("tricks_won", rel(s), view["tricks_won"][s])
    won = [0] * len(view["tricks_won"])
    for tr in view["tricks"]:
        won[tr["winner"]] += sum(THIRDS[TAROCK.parse(c)] for c in tr["cards"])
    for s in players:
        put("thirds_won", rel(s), won[s])
    put("trick_number", 0, len(view["tricks"]))
    return o
