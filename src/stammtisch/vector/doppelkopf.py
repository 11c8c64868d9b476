"""Batched tournament Doppelkopf on the compiled kernel: B games stepped by one call.

What a batched Doppelkopf game contains (docs/bots.md, "Batched environments"), at a table of four
(the profiles ``turnier`` and ``blatt``; a five-table falls back to the engine, below):

* the Spielabfrage (Doppelkopf-Turnier 2.): ``gesund`` / ``vorbehalt`` from the dealer's left;
* the Vorbehalte tier by tier (2.): Pflichtsolo, Lustsolo, Hochzeit, each asked in seat order,
  answered with a solo the options allow (``solo:<kind>``, 3.), ``nein`` (only with both ♣ Queens,
  4.) or ``hochzeit``; the first solo in the highest tier plays at once, a Pflichtsolo's soloist
  leads (2.). One game is one episode of a fresh round, so with the option ``pflichtsolo`` (the
  default) every solo is the player's Pflichtsolo, as the engine's first game of a match;
* the contracts: normal game, stille Hochzeit (4.), Hochzeit with its Klärungsstich (4.), the seven
  solos with their trump orders (3.);
* every card, legal as in the engine (1.: follow the effective suit, trump is one suit);
* Re, Kontra and the Absagen ``keine90`` … ``schwarz`` (5.) with the engine's windows (replies one
  card later, regelkonforme Erstansage, jumps, the Hochzeit shift) — offered to the seat to move,
  next to its cards;
* the settlement of ``DoppelkopfDeal.result``: winner and game value with Ansagen and Absagen, the
  Sonderpunkte (Fuchs gefangen, Doppelkopf, Karlchen, gegen die Alten, 6.) in normal games, a
  single player ×3 (7.), stille Hochzeit and a Hochzeiter alone scored as solos by the option.

What it never offers: announcements out of turn (the engine's ``interjectors``: a seat says its
words only when it is to move, as in the engine fallback and the OpenSpiel adapter). A batched game
is the engine game in which every announcement is made by the seat to move. A game is one episode
from 0 : 0 of a fresh round (no Vorführung, no Pflichtsolo already played). For those, and for the
five-table profile ``turnier5``, use the engine (``make("doppelkopf", B, engine=True)``, the integer
API, ``Game.new_match``).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..bots.kernels import doppelkopf as kd
from ..core.cards import DOKO
from ..core.protocol import Deal, DealContext
from ..games.doppelkopf import GAME
from ..games.doppelkopf import announcements as ann
from ..games.doppelkopf.rules import AUGEN, KA, ORDERS, SOLO_KINDS, XB, XD
from ..games.doppelkopf.state import DoppelkopfDeal
from . import _doppelkopf_nb as nb
from .base import VectorEnv

__all__ = ["DoppelkopfVectorEnv", "make_doppelkopf", "CONTRACTS", "doppelkopf_obs_from_view", "talk_table"]

#: the contracts of the observation's ``contract`` one-hot, in order
CONTRACTS: tuple[str, ...] = ("normal", "hochzeit", "stille_hochzeit") + tuple(f"solo:{k}" for k in SOLO_KINDS)
TIERS = ("pflichtsolo", "lustsolo", "hochzeit")


def talk_table(late_reply_absagen: bool) -> tuple[np.ndarray, np.ndarray]:
    """The announcement windows as tables from :mod:`stammtisch.games.doppelkopf.announcements`
    (Doppelkopf-Turnier 5.): ``talk[own + 1, opp + 1, cards held, shift, erstansage]`` the bit set of
    the levels the party may announce (``DoppelkopfDeal._announce_options``), ``erst[cards held,
    shift]`` whether a Re/Kontra made now is a regelkonforme Erstansage."""
    talk = np.zeros((6, 6, 13, 3, 2), np.int64)
    erst = np.zeros((13, 3), np.int64)
    for held in range(13):
        for shift in range(3):
            erst[held, shift] = 1 if ann.is_erstansage(held, shift) else 0
            for own in range(-1, 5):
                for opp in range(-1, 5):
                    for e in range(2):
                        if own >= 4 or not ann.in_time(own + 1, held, opp, shift):
                            continue
                        bits = 0
                        for lv in ann.legal_levels(own, opp, held, shift, bool(e), late_reply_absagen):
                            bits |= 1 << lv
                        talk[own + 1, opp + 1, held, shift, e] = bits
    return talk, erst


def make_doppelkopf(num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None) -> VectorEnv:
    """The compiled batched Doppelkopf at a table of four, else (a five-table, Doppelkopf-Turnier 7.)
    the engine fallback :class:`~stammtisch.vector.engine.EngineVectorEnv`."""
    if GAME.options(profile or GAME.default_profile, dict(options or {})).players != 4:
        from .engine import EngineVectorEnv

        return EngineVectorEnv(GAME, num_envs, profile, options)
    return DoppelkopfVectorEnv(num_envs, profile, options)


class DoppelkopfVectorEnv(VectorEnv):
    """``num_envs`` Doppelkopf games at once (see the module docstring for what a game contains)."""

    game_name = "doppelkopf"
    num_seats = 4

    def __init__(self, num_envs: int, profile: str | None = None, options: dict[str, Any] | None = None):
        super().__init__(GAME, num_envs, profile, options)
        o = self.options
        if o.players != 4:
            raise ValueError("the compiled batched Doppelkopf plays at a table of four; for a five-table use "
                             "make('doppelkopf', B, profile, engine=True) (Doppelkopf-Turnier 7.)")
        space = self.space
        A = len(space.actions)
        idx = space.index
        kind = np.full(A, nb.A_NONE, np.int64)
        arg = np.zeros(A, np.int64)
        for w, k in (("gesund", nb.A_GESUND), ("vorbehalt", nb.A_VORBEHALT), ("nein", nb.A_NEIN),
                     ("hochzeit", nb.A_HOCHZEIT)):
            kind[idx[w]] = k
        self.ids = np.asarray([idx["gesund"], idx["vorbehalt"], idx["nein"], idx["hochzeit"]], np.int64)
        solos = []
        for k, name in enumerate(SOLO_KINDS):
            i = idx[f"solo:{name}"]
            kind[i], arg[i] = nb.A_SOLO, k
            if name in o.solos:
                solos.append(i)
        self.solo_ids = np.asarray(sorted(solos), np.int64)
        self.word_id = np.zeros((2, 5), np.int64)  # party (0 Re, 1 Kontra) x level -> id
        for p, party in enumerate(("re", "kontra")):
            for lv, w in enumerate(ann.WORDS[party]):
                self.word_id[p, lv] = idx[w]
                kind[idx[w]], arg[idx[w]] = nb.A_ANN, lv
        self.card_id = np.zeros(24, np.int64)
        for c in range(0, 48, 2):
            i = idx[DOKO.notation[c]]
            kind[i], arg[i] = nb.A_CARD, c // 2
            self.card_id[c // 2] = i
        if not np.array_equal(self.card_id, self.card_id[0] + np.arange(24)):  # pragma: no cover - the space's order
            raise ValueError("the compiled step needs the 24 card ids consecutive in kind order")
        self.act_kind, self.act_arg = kind, arg
        self.talk, self.erst = talk_table(o.late_reply_absagen)
        self.owes = bool(o.pflichtsolo)
        self.rules = ((kd.R_ABSAGEN_IN_SOLO if o.absagen_in_solo else 0) | (kd.R_SONDERPUNKTE if o.sonderpunkte else 0)
                      | (kd.R_ALONE_AS_SOLO if o.alone_as_solo else 0))
        ords = [ORDERS[name] for name in kd.ORDER_NAMES]
        self.eff = np.asarray([x.eff for x in ords], np.int64)
        self.power = np.asarray([x.power for x in ords], np.int64)
        self.masks = np.asarray([x.masks for x in ords], np.int64)
        self.augen = np.asarray(AUGEN, np.int64)
        self.supported = np.asarray(kind != nb.A_NONE)
        # the most ids at once: 12 cards and 5 words, or every solo and nein; one more column for the
        # step's branch-free lists (it writes each candidate id before counting it)
        self.max_legal = max(12 + 5, len(solos) + 1, 2) + 1
        self.layout = nb.obs_layout()
        last = list(self.layout.values())[-1]
        self.obs_size = last[0] + last[1]
        self.S = np.zeros((num_envs, nb.NF), np.int64)
        self._alloc()

    # -- the compiled calls -------------------------------------------------------------
    def _reset_rows(self) -> None:
        nb.reset_all(self.S, self.R, self.seat, self.mask, self.obs, self.legal_ids, self.num_legal, self.ids,
                     self.solo_ids, self.card_id, self.word_id, self.talk, self.eff, self.masks, XD)

    def _step_rows(self, actions: np.ndarray) -> int:
        return int(nb.step_all(self.S, self.R, actions, self.seat, self.mask, self.obs, self.legal_ids, self.num_legal,
                               self.reward, self.done, self.points_out, self.autoreset, self.act_kind, self.act_arg,
                               self.ids, self.solo_ids, self.card_id, self.word_id, self.talk, self.erst, self.owes,
                               self.rules, self.eff, self.power, self.masks, self.augen, KA, XB, XD))

    def _observe_rows(self, seats: np.ndarray, out: np.ndarray) -> None:
        nb.observe_rows(self.S, seats, out, XD)

    # -- games as the engine knows them ----------------------------------------------------
    def current_deal(self, g: int) -> tuple[int, list[int]]:
        """Row ``g``'s game: the dealer and the four hands as dealt (bit sets)."""
        row = self.S[g]
        return int(row[nb.F_DEALER]), [int(x) for x in row[nb.F_DEALT:nb.F_DEALT + 4]]

    def engine_deal(self, g: int) -> DoppelkopfDeal:
        """A fresh engine game with row ``g``'s cards and dealer (the first game of a round)."""
        dealer, hands = self.current_deal(g)
        deal = Deal(tuple(tuple(c for c in range(48) if h >> c & 1) for h in hands))
        return GAME.new_deal(self.options, DealContext(0, dealer, deal, (0, 0, 0, 0), {}))  # type: ignore[return-value]

    def observation_from_view(self, view: dict[str, Any]) -> np.ndarray:
        """The observation built from an engine ``view(seat)`` alone (what that seat may know): the
        same array the batched step writes (tested at every step of the differential games)."""
        return doppelkopf_obs_from_view(view, self.layout, self.obs_size)


def doppelkopf_obs_from_view(view: dict[str, Any], layout: dict[str, tuple[int, int]], size: int) -> np.ndarray:
    """See :meth:`DoppelkopfVectorEnv.observation_from_view`."""
    from ..bots.common import deal_view

    view = dict(deal_view(view))
    o = np.zeros(size, np.uint8)
    me = view["seat"]

    def put(field: str, i: int, v: int = 1) -> None:
        at, n = layout[field]
        if not 0 <= i < n:
            raise ValueError(f"{field}[{i}] out of range")
        o[at + i] = v

    def rel(s: int) -> int:
        return (s - me) & 3

    def kinds(field: str, base: int, notes: list[str]) -> None:
        """Count the copies of each card kind (both copies of a card look alike)."""
        for c in notes:
            k = DOKO.parse(c) // 2
            o[layout[field][0] + base + k] += 1

    kinds("hand", 0, view["hand"])
    for t in view["tricks"]:
        for s, c in t["cards"]:
            kinds("played", 24 * rel(s), [c])
    for s, c in view["trick"]:
        kinds("played", 24 * rel(s), [c])
        kinds("trick", 0, [c])
    phase = view["phase"]
    put("phase", {"vorbehalt": 0, "erklaerung": 1, "play": 2}[phase])
    put("dealer", rel(view["dealer"]))
    if phase == "play":
        put("leader", rel(view["trick"][0][0] if view["trick"] else view["turn"]))
    for s, a in view["answers"]:
        put("answers", 2 * rel(s) + (0 if a == "gesund" else 1))
    if view["abfrage"] is not None:
        put("abfrage", TIERS.index(view["abfrage"]))
    for s, _t in view["declined"]:
        put("declined", rel(s))
    if view["contract"] is not None:
        put("contract", CONTRACTS.index(view["contract"]))
        if view["soloist"] is not None:
            put("soloist", rel(view["soloist"]))
        put("pflichtsolo", 0, 1 if view["pflichtsolo"] else 0)
        if view["hochzeiter"] is not None:
            put("hochzeiter", rel(view["hochzeiter"]))
        if view["partner"] is not None:
            put("partner", rel(view["partner"]))
        put("klaerungsstich", 0, view["klaerungsstich"] or 0)
        for s, p in enumerate(view["parties"]):
            if p == "re":
                put("party_re", rel(s))
            elif p == "kontra":
                put("party_kontra", rel(s))
    lv = {"Re": 0, "Kontra": 0, None: -1}
    for i, p in enumerate(("re", "kontra")):
        word = view["announcements"][p]
        level = lv[word] if word in lv else 1 + ("keine 90", "keine 60", "keine 30", "schwarz").index(str(word))
        put("levels", i, level + 1)
    ann_by = [0, 0, 0, 0]
    for s, w, _held in view["announced"]:
        ann_by[s] = max(ann_by[s], 1 + (0 if w in ("re", "kontra") else ("keine90", "keine60", "keine30",
                                                                         "schwarz").index(w) + 1))
    augen = [0, 0, 0, 0]
    for t in view["tricks"]:
        augen[t["winner"]] += sum(AUGEN[DOKO.parse(c)] for _s, c in t["cards"])
    for s in range(4):
        put("announced", rel(s), ann_by[s])
        put("augen", rel(s), augen[s])
        put("tricks_won", rel(s), view["tricks_won"][s])
    put("trick_number", 0, len(view["tricks"]))
    return o
