"""One Doppelkopf game (a *Spiel*) as a protocol state.

Phases:

``vorbehalt``
    Each of the four players, in seat order from the dealer's left, says ``gesund`` or
    ``vorbehalt`` (Spielabfrage). A holder of both ♣ Queens who says ``gesund`` plays a stille
    Hochzeit (Doppelkopf-Turnier 4.).
``erklaerung``
    The Vorbehalte are resolved in tiers (Doppelkopf-Turnier 2.; DDV Vorbehaltsabfrage):
    first "Pflichtsolo?" to the Vorbehalt holders who still owe one, then "Lustsolo?" to the
    others, then "Hochzeit?". Each asked player answers with his solo (``solo:<kind>``; the first
    in seat order in the highest tier plays it at once) or ``nein`` (only a holder of both ♣
    Queens can have a Vorbehalt that is no solo), and in the last tier with ``hochzeit``.
    Players behind the winner are never asked, so a beaten Vorbehalt stays hidden: only the
    winning contract and the ``nein`` answers the procedure requires become public. The view's
    ``abfrage`` names the tier being asked. In a Vorführung game (DDV) only the vorgeführte
    player speaks and must name a solo.
``play``
    Cards, plus announcements (``re``, ``kontra``, ``keine90``, ``keine60``, ``keine30``,
    ``schwarz``) by any player inside his window, in turn or out of turn
    (Doppelkopf-Turnier 5.): :meth:`interjectors` names the seats that may announce now.
``over``
    Twelve tricks played; :meth:`result` settles with :func:`.scoring.settle`.

Parties are hidden: :meth:`view` reveals a party only when the viewer's own hand, a played
♣ Queen, an announcement or the contract shows it.
"""

from __future__ import annotations

from typing import Any

from stammtisch.core.bits import BIT, BitIds, bit_list, mask_of, popcount
from stammtisch.core.cards import DOKO
from stammtisch.core.errors import BadNotation, IllegalAction, NotYourTurn
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import ActionIdTables, ActionSpace, DealContext, DealResult, FastIdDeal

from . import announcements as ann
from .rules import AUGEN, KA, ORDERS, SOLO_KINDS, XB, XD, Order, trick_winner
from .scoring import LEVEL_NAMES, scored_as_solo, settle

__all__ = ["DoppelkopfDeal", "ANNOUNCE_WORDS", "TIERS", "contract_label"]

ANNOUNCE_WORDS = ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
#: the tiers of the Vorbehaltsabfrage, highest first (Doppelkopf-Turnier 2.: "Das Pflichtsolo hat
#: Vorrang vor allen weiteren Soli oder vor einer Hochzeit. Eine Hochzeit wird erst dann gespielt,
#: wenn keine Soloansage erfolgt.")
TIERS = ("pflichtsolo", "lustsolo", "hochzeit")
_XD_MASK = BIT[XD] | BIT[XD + 1]
_FIRST_COPIES = sum(BIT[c] for c in range(0, 48, 2))  # the first copy of every card kind
_NOTATION = DOKO.notation

_PARTY_WORD = (Msg("Kontra"), Msg("Re"))  #: by "is Re"
_TIER_WORD = {"pflichtsolo": Msg("Pflichtsolo"), "lustsolo": Msg("Lustsolo"), "hochzeit": Msg("Hochzeit"),
              "vorfuehrung": Msg("Vorführung")}
_SOLO_LABEL = {"fleischlos": Msg("Fleischloser"), "buben": Msg("Bubensolo"), "damen": Msg("Damensolo"),
               "kreuz": Msg("Kreuzsolo"), "pik": Msg("Piksolo"), "herz": Msg("Herzsolo"), "karo": Msg("Karosolo")}


def contract_label(contract: str) -> str:
    """Human name of a contract code (``normal``, ``hochzeit``, ``stille_hochzeit``, ``solo:<kind>``)."""
    if contract.startswith("solo:"):
        return _SOLO_LABEL[contract[5:]]
    return {"normal": Msg("Normalspiel"), "hochzeit": Msg("Hochzeit"), "stille_hochzeit": Msg("stille Hochzeit")}.get(
        contract, contract)


#: the announcement words of a party by (party, own level, other level, cards held, Hochzeit shift,
#: regelkonforme Erstansage, ``late_reply_absagen``): ``announcements.legal_levels`` memoised
_ANNOUNCE_WORDS: dict[tuple[Any, ...], list[str]] = {}


class _Ids(ActionIdTables):
    """The integer action ids of one options' action space, as the fast path needs them."""

    __slots__ = ("card0", "cards", "words", "gesund", "vorbehalt")

    def __init__(self, space: ActionSpace):
        super().__init__(space)
        idx = space.index
        self.card0 = idx[_NOTATION[0]]
        # one id per card kind: the first copy's bit names it (both copies fold onto it)
        self.cards = BitIds([idx[_NOTATION[c]] if c % 2 == 0 else None for c in range(48)], chunk=8)
        self.words = {w: idx[w] for w in ANNOUNCE_WORDS}
        self.gesund, self.vorbehalt = idx["gesund"], idx["vorbehalt"]


class DoppelkopfDeal(FastIdDeal):
    """The state of one game. Built by :meth:`DoppelkopfGame.new_deal`."""

    id_game, id_tables = "doppelkopf", _Ids  # the integer action API (FastIdDeal)
    _ids: _Ids | None

    def __init__(self, options: Any, ctx: DealContext):
        self.opts = options
        n = options.players
        self.n = n
        self.dealer = ctx.dealer
        self.number = ctx.number
        # Doppelkopf-Turnier 7.: at a five-table the dealer sits out
        self.sitting = ctx.dealer if n == 5 else None
        self.active = [(ctx.dealer + i) % n for i in range(1, n + 1) if (ctx.dealer + i) % n != self.sitting][:4]
        self._successor = {s: self.active[(i + 1) % 4] for i, s in enumerate(self.active)}
        hands = ctx.deal.hands
        if len(hands) != n:
            raise IllegalAction(Msg('a deal for {n} seats needs {n} hands', n=n), rule="Doppelkopf-Turnier 7.")
        for s in range(n):
            want = 0 if s == self.sitting else 12
            if len(hands[s]) != want:
                raise IllegalAction(Msg('seat {seat} must hold {want} cards, not {n}', seat=s, want=want, n=len(hands[s])),
                                    rule="Doppelkopf-Turnier 1." if want else "Doppelkopf-Turnier 7.")
        self.hands = [mask_of(h) for h in hands]
        self.initial = list(self.hands)
        carry = ctx.carry or {}
        done = list(carry.get("pflicht_done", [False] * n))
        self.pflicht_done = [bool(x) for x in done] + [False] * (n - len(done))
        self.vorfuehrung: int | None = carry.get("vorfuehrung")
        self.regular_left: int | None = carry.get("regular_left")
        # contract questioning (Doppelkopf-Turnier 2.)
        self.answers: dict[int, str] = {}
        self.declarations: list[tuple[int, str]] = []  # the winning declaration only (public)
        self.declined: list[tuple[int, str]] = []  # (seat, tier) of every public "nein"
        self.tier: str | None = None  # the tier being asked: TIERS or "vorfuehrung"
        self.ask: list[int] = []  # seats still to be asked in this tier, in seat order
        if self.vorfuehrung is not None:
            self.phase = "erklaerung"
            self.tier = "vorfuehrung"
            self.ask = [self.vorfuehrung]
        else:
            self.phase = "vorbehalt"
        self.turn = self.active[0] if self.vorfuehrung is None else self.vorfuehrung
        self.contract: str | None = None
        self.order: Order = ORDERS["normal"]
        self.soloist: int | None = None
        self.pflicht = False
        self.party: list[str | None] = [None] * n
        self.hochzeiter: int | None = None
        self.partner: int | None = None
        self.klaerung: int | None = None  # trick number (1..3) of the Klärungsstich
        self.stille_revealed = False
        # announcements (Doppelkopf-Turnier 5.)
        self.level = {"re": -1, "kontra": -1}
        # whether each party's Re/Kontra was a regelkonforme Erstansage, not only a late reply (5.)
        self.erstansage = {"re": True, "kontra": True}
        self.announced_by: list[tuple[int, str, int]] = []  # (seat, word, cards in hand)
        # play
        self.trick: list[tuple[int, int]] = []
        self.tricks: list[tuple[int, list[tuple[int, int]], int]] = []
        self.played_q = [0] * n
        self.actions: list[tuple[int, str]] = []
        self.events: list[str] = []
        # caches (no information of their own): announcement words per seat until the next
        # action, and whether announcements are closed for good
        self._talk: list[list[str] | None] | None = None
        self._talk_closed = False
        self._legal_at: tuple[int, int, int] | None = None  # (seat, hand, its legal cards) last listed

    # ---------------------------------------------------------------------------------
    # helpers
    # ---------------------------------------------------------------------------------
    def _next(self, seat: int) -> int:
        return self._successor[seat]

    def _err(self, msg: str, rule: str, seat: int, action: str) -> IllegalAction:
        return IllegalAction(msg, rule=f"Doppelkopf-Turnier {rule}", seat=seat, action=action)

    def _solo_allowed(self) -> list[str]:
        return [f"solo:{k}" for k in SOLO_KINDS if k in self.opts.solos]

    def owes_pflicht(self, seat: int) -> bool:
        """Whether ``seat``'s next solo would be its Pflichtsolo (Doppelkopf-Turnier 2.)."""
        return self.opts.pflichtsolo and not self.pflicht_done[seat]

    def _shift(self) -> int | None:
        """Hochzeit shift of the announcement windows, ``None`` while announcements are closed."""
        if self.contract == "hochzeit":
            return None if self.klaerung is None else self.klaerung - 1
        return 0

    def party_of(self, seat: int) -> str | None:
        """The true party of ``seat`` (hidden information: not for views)."""
        return self.party[seat]

    # ---------------------------------------------------------------------------------
    # protocol
    # ---------------------------------------------------------------------------------
    def is_over(self) -> bool:
        return self.phase == "over"

    def legal_action_ids(self, seat: int) -> list[int]:
        """:meth:`legal_actions` as ids, from the bit sets (no notation) in the play."""
        if self.phase != "play":
            if self.phase == "vorbehalt":  # the Spielabfrage, as in legal_actions (Doppelkopf-Turnier 2.)
                ids = self._ids or self._id_tables()
                return [ids.gesund, ids.vorbehalt] if seat == self.turn else []
            return super().legal_action_ids(seat)
        ids = self._ids or self._id_tables()
        if seat == self.turn:
            legal = self._legal_cards(seat)
            self._legal_at = (seat, self.hands[seat], legal)  # apply_id's check of the next card
            out = ids.cards.of((legal | (legal >> 1)) & _FIRST_COPIES)
        elif seat in self._successor:
            out = []
        else:
            return []
        if not self._talk_closed:
            talk = self._talk_of(seat)
            if talk:
                words = ids.words
                out += [words[w] for w in talk]
        return out

    def apply_id(self, seat: int, action_id: int, checked: bool = False) -> None:
        """Apply by id: a legal card straight onto the bit sets, anything else (and everything
        when ``checked``) through :meth:`apply` and its rule-naming checks."""
        ids = self._ids or self._id_tables()
        if action_id.__class__ is not int:
            ids, action_id = self._id_call(action_id)
        first = (action_id - ids.card0) * 2
        if not checked and self.phase == "play" and seat == self.turn and 0 <= first < 48:
            hand = self.hands[seat]
            card = first if hand & BIT[first] else first + 1 if hand & BIT[first + 1] else -1
            # the legal set listed last for this seat and hand (the same trick: a seat's hand
            # shrinks with each of its cards), else computed now
            at = self._legal_at
            legal = at[2] if at is not None and at[0] == seat and at[1] == hand else self._legal_cards(seat)
            if card >= 0 and legal & BIT[card]:
                self._play_card(seat, card)
                self.actions.append((seat, _NOTATION[card]))
                self._talk = None
                return
        if not checked and self.phase == "vorbehalt" and seat == self.turn and (
                action_id == ids.gesund or action_id == ids.vorbehalt):
            word = "gesund" if action_id == ids.gesund else "vorbehalt"
            self._apply_vorbehalt(seat, word, word)  # as apply does, without parsing the word
            self.actions.append((seat, word))
            self._talk = None
            return
        self.apply(seat, ids.space.action(action_id))

    def to_act(self) -> tuple[int, ...]:
        return () if self.phase == "over" else (self.turn,)

    def interjectors(self) -> tuple[int, ...]:
        if self.phase != "play" or self._talk_closed:
            return ()
        talk = self._talk_table()
        return tuple(s for s in self.active if s != self.turn and talk[s])

    def _talk_of(self, seat: int) -> list[str]:
        """``seat``'s announcement words now (cached until the next action)."""
        if self._talk_closed:
            return []
        talk = self._talk
        if talk is None:
            talk = self._talk = [None] * self.n  # type: ignore[list-item]
        words = talk[seat]
        if words is None:
            words = talk[seat] = self._announce_options(seat)
        return words

    def _talk_table(self) -> list[list[str]]:
        """Every seat's announcement words now, cached until the next action. When nobody may
        announce and the windows cannot reopen (they only close as hands shrink, and only an
        announcement raises a level), announcements are closed for the rest of the game."""
        talk = [self._talk_of(s) for s in range(self.n)]
        if not self._talk_closed and self.phase == "play" and self._shift() is not None and not any(talk):
            self._talk_closed = True
        return talk

    def _announce_options(self, seat: int) -> list[str]:
        party = self.party[seat]
        if party is None or self.phase != "play":
            return []
        shift = self._shift()
        if shift is None:
            return []
        own = self.level[party]
        if own >= 4:
            return []
        opp = self.level["kontra" if party == "re" else "re"]
        held = self.hands[seat].bit_count()
        if not ann.in_time(own + 1, held, opp, shift):  # fast exit: the next level is already late
            return []
        key = (party, own, opp, held, shift, self.erstansage[party], self.opts.late_reply_absagen)
        words = _ANNOUNCE_WORDS.get(key)
        if words is None:  # a pure function of the key (Doppelkopf-Turnier 5., announcements.py)
            w = ann.WORDS[party]
            words = _ANNOUNCE_WORDS[key] = [w[lv] for lv in ann.legal_levels(own, opp, held, *key[4:])]
        return list(words)

    def _legal_cards(self, seat: int) -> int:
        """``Order.follow_mask`` inlined (the hottest path of random play)."""
        hand = self.hands[seat]
        trick = self.trick
        if trick:
            o = self.order
            m = hand & o.masks[o.eff[trick[0][1]]]
            return m if m else hand
        return hand

    def legal_actions(self, seat: int) -> list[str]:
        if self.phase == "over" or seat not in self.active:
            return []
        if self.phase == "vorbehalt":
            return ["gesund", "vorbehalt"] if seat == self.turn else []
        if self.phase == "erklaerung":
            if seat != self.turn:
                return []
            if self.tier == "hochzeit":
                return ["hochzeit"]
            both_q = popcount(self.hands[seat] & _XD_MASK) == 2
            return self._solo_allowed() + (["nein"] if both_q and self.tier != "vorfuehrung" else [])
        out: list[str] = []
        if seat == self.turn:
            # one notation per card kind (both copies are the same card): fold the second copy's
            # bit onto the first and list the kinds in index order. Cards come first and the
            # announcement words after them, so that a menu numbered from the legal actions
            # (the terminal's) does not turn "1" into an announcement by accident.
            legal = self._legal_cards(seat)
            kinds = (legal | (legal >> 1)) & _FIRST_COPIES
            note = _NOTATION
            while kinds:
                low = kinds & -kinds
                out.append(note[low.bit_length() - 1])
                kinds ^= low
        out.extend(self._talk_of(seat))
        return out

    def apply(self, seat: int, action: str) -> None:
        if self.phase == "over":
            raise NotYourTurn(Msg("the game is over"), seat=seat, action=action)
        if seat not in self.active:
            raise NotYourTurn(Msg("this seat sits out this game") if seat == self.sitting
                              else Msg("no seat {seatno}", seatno=seat),
                              rule="Doppelkopf-Turnier 7.", seat=seat, action=action)
        if not isinstance(action, str):
            raise IllegalAction(Msg("an action is text"), seat=seat)
        a = action.strip().lower()
        recorded = a
        if self.phase == "vorbehalt":
            self._apply_vorbehalt(seat, a, action)
        elif self.phase == "erklaerung":
            self._apply_erklaerung(seat, a, action)
        elif a in ANNOUNCE_WORDS:
            self._apply_announcement(seat, a, action)
        else:
            recorded = DOKO.notation[self._apply_card(seat, action)]
        self.actions.append((seat, recorded))
        self._talk = None  # announcement windows are recomputed lazily after every action

    # -- contract questioning (Doppelkopf-Turnier 2., 4.) --------------------------------
    def _apply_vorbehalt(self, seat: int, a: str, action: str) -> None:
        if seat != self.turn:
            raise NotYourTurn(Msg("the Spielabfrage goes in seat order from the dealer's left"),
                              rule="Doppelkopf-Turnier 2.", seat=seat, action=action)
        if a not in ("gesund", "vorbehalt"):
            raise self._err(Msg("answer the Spielabfrage with 'gesund' or 'vorbehalt'"), "2.", seat, action)
        self.answers[seat] = a
        self.events.append(Msg("seat {seat}: gesund", seat=seat) if a == "gesund" else
                           Msg("seat {seat}: Vorbehalt", seat=seat))
        if len(self.answers) < 4:
            self.turn = self._next(seat)
            return
        if not any(x == "vorbehalt" for x in self.answers.values()):
            self._start_play()
        else:
            self._next_tier(None)

    def _tier_seats(self, tier: str) -> list[int]:
        """The seats asked in ``tier``, in seat order: public information only (the answers, who
        still owes his Pflichtsolo, the ``nein`` answers of the earlier tiers)."""
        vb = [s for s in self.active if self.answers.get(s) == "vorbehalt"]
        if tier == "pflichtsolo":
            return [s for s in vb if self.owes_pflicht(s)]
        if tier == "lustsolo":
            return [s for s in vb if not self.owes_pflicht(s)]
        return [s for s in vb if any(d == s for d, _ in self.declined)]

    def _next_tier(self, after: str | None) -> None:
        """Ask the next tier that has someone to ask (Pflichtsolo, Lustsolo, Hochzeit: 2.)."""
        start = 0 if after is None else TIERS.index(after) + 1
        for tier in TIERS[start:]:
            seats = self._tier_seats(tier)
            if seats:
                self.phase = "erklaerung"
                self.tier = tier
                self.ask = seats
                self.turn = seats[0]
                return
        raise AssertionError("a Vorbehalt without a contract")  # pragma: no cover - nein needs both ♣ Queens

    def _apply_erklaerung(self, seat: int, a: str, action: str) -> None:
        if seat != self.turn:
            raise NotYourTurn(Msg("Vorbehalte are asked tier by tier (Pflichtsolo, Lustsolo, Hochzeit), each in seat "
                              "order from the dealer's left"), rule="Doppelkopf-Turnier 2.", seat=seat, action=action)
        tier = self.tier
        both_q = popcount(self.hands[seat] & _XD_MASK) == 2
        if a == "hochzeit":
            if tier == "vorfuehrung":
                raise self._err(Msg("a vorgeführter player must play his Pflichtsolo (DDV Vorführung)"), "2.",
                                seat, action)
            if not both_q:
                raise self._err(Msg("a Hochzeit needs both ♣ Queens"), "4.", seat, action)
            if tier != "hochzeit":
                raise self._err(Msg("the {tier} is asked first: a Hochzeit is played only when no solo is announced; answer 'nein' now",
                                    tier=_TIER_WORD.get(tier, tier)), "2.", seat, action)
        elif a.startswith("solo:"):
            kind = a[5:]
            if kind not in SOLO_KINDS:
                raise self._err(Msg("'{kind}' is no solo (Fleischloser, Buben, Damen, Farbsolo in a suit)", kind=kind), "3.",
                                seat, action)
            if kind not in self.opts.solos:
                raise self._err(Msg('the rules profile does not allow the {kind}', kind=_SOLO_LABEL[kind]), "3.", seat, action)
            if tier == "hochzeit":
                raise self._err(Msg("you answered 'nein' to the solo questions: your Vorbehalt is the Hochzeit"), "2.",
                                seat, action)
        elif a == "nein":
            if tier == "vorfuehrung":
                raise self._err(Msg("a vorgeführter player must play his Pflichtsolo (DDV Vorführung)"), "2.",
                                seat, action)
            if tier == "hochzeit":
                raise self._err(Msg("your Vorbehalt is the Hochzeit: declare 'hochzeit'"), "2.", seat, action)
            if not both_q:
                raise self._err(Msg("without both ♣ Queens your Vorbehalt can only be a solo: name it"), "4.", seat,
                                action)
        else:
            raise self._err(Msg("answer the Hochzeit question with 'hochzeit'") if tier == "hochzeit" else
                            Msg("answer the Vorführung question with a solo ('solo:fleischlos', 'solo:buben', "
                                "'solo:damen', 'solo:kreuz' …)") if tier == "vorfuehrung" else
                            Msg("answer the {tier} question with a solo ('solo:fleischlos', 'solo:buben', "
                                "'solo:damen', 'solo:kreuz' …) or 'nein'", tier=_TIER_WORD.get(tier, tier)),
                            "2.", seat, action)
        assert tier is not None
        if a == "nein":
            self.declined.append((seat, tier))
            self.events.append(Msg("seat {seat}: kein Pflichtsolo", seat=seat) if tier == "pflichtsolo" else
                               Msg("seat {seat}: kein Lustsolo", seat=seat))
            self.ask.remove(seat)
            if self.ask:
                self.turn = self.ask[0]
            else:
                self._next_tier(tier)
            return
        # the first yes in the highest tier wins at once; nobody behind is asked (2.)
        self.declarations.append((seat, a))
        self.ask = []
        self.tier = None
        self._start_play(seat, a)

    def _start_play(self, seat: int | None = None, decl: str | None = None) -> None:
        self.phase = "play"
        lead = self.active[0]  # Vorhand (Doppelkopf-Turnier 2.)
        if decl is None:
            stille = [s for s in self.active if popcount(self.hands[s] & _XD_MASK) == 2]
            if stille:
                # stille Hochzeit: the holder of both ♣ Queens said "gesund" (4.)
                self.contract = "stille_hochzeit"
                self.hochzeiter = stille[0]
                for s in self.active:
                    self.party[s] = "re" if s == stille[0] else "kontra"
            else:
                self.contract = "normal"
                for s in self.active:
                    self.party[s] = "re" if self.hands[s] & _XD_MASK else "kontra"
            self.order = ORDERS["normal"]
        elif decl == "hochzeit":
            self.contract = "hochzeit"
            self.hochzeiter = seat
            self.party[seat] = "re"
            self.order = ORDERS["normal"]
        else:
            kind = decl[5:]
            self.contract = decl
            self.soloist = seat
            self.pflicht = self.owes_pflicht(seat)
            self.order = ORDERS[kind]
            for s in self.active:
                self.party[s] = "re" if s == seat else "kontra"
            # Pflichtsolo: the soloist always leads; Lustsolo: only when sitting left of the dealer (2.)
            if self.pflicht:
                lead = seat
            self.events.append(Msg("seat {seat} plays a Pflichtsolo: {contract}", seat=seat, contract=contract_label(decl))
                               if self.pflicht else
                               Msg("seat {seat} plays a Lustsolo: {contract}", seat=seat, contract=contract_label(decl)))
        if decl == "hochzeit":
            self.events.append(Msg("seat {seat} plays a Hochzeit", seat=seat))
        self.turn = lead

    # -- announcements (Doppelkopf-Turnier 5.) ------------------------------------------
    def _apply_announcement(self, seat: int, a: str, action: str) -> None:
        party = self.party[seat]
        if self.contract == "hochzeit" and self.klaerung is None:
            raise self._err(Msg("in a Hochzeit announcements are allowed only after the Klärungsstich"), "4.",
                            seat, action)
        if party is None:  # pragma: no cover - parties are set once announcements open
            raise self._err(Msg("your party is not decided yet"), "4.", seat, action)
        if a == "re" and party != "re" or a == "kontra" and party != "kontra":
            raise self._err(Msg("'{word}' is announced by the {party} party only; you are {own}", word=a, party=_PARTY_WORD[a == "re"], own=_PARTY_WORD[party == "re"]), "5.", seat, action)
        level = 0 if a in ("re", "kontra") else ANNOUNCE_WORDS.index(a) - 1
        if level <= self.level[party]:
            raise self._err(Msg("your party has already announced {level}", level=LEVEL_NAMES[self.level[party]]), "5.", seat, action)
        if a not in self._announce_options(seat):
            held = popcount(self.hands[seat])
            shift = self._shift() or 0
            if level > 0 and not self.opts.late_reply_absagen and ann.in_time(level, held, -1, shift) and (
                    not self.erstansage[party] if self.level[party] >= 0 else not ann.is_erstansage(held, shift)):
                raise self._err(Msg("'{word}' is refused: your party's {party} came only as a late reply, and an Absage needs a regelkonforme "
                                    "Erstansage (DDV: only if the reply would have been in time as an Ansage, with 11 cards)",
                                    word=a, party=_PARTY_WORD[party == "re"]), "5.", seat, action)
            raise self._err(Msg("'{a}' is out of its window: with {held} cards in hand (each skipped level must still be in time; Re/Kontra with 11 cards, keine 90 with 10, keine 60 with 9, keine 30 with 8, schwarz with 7, a reply one card later)", a=a, held=held), "5.", seat, action)
        if self.level[party] < 0:
            self.erstansage[party] = ann.is_erstansage(popcount(self.hands[seat]), self._shift() or 0)
        self.level[party] = level
        self.announced_by.append((seat, a, popcount(self.hands[seat])))
        word = "Re" if party == "re" else "Kontra"
        self.events.append(Msg("seat {seat}: {word}", seat=seat, word=word) if level == 0 else
                           Msg("seat {seat}: {word}, {level}", seat=seat, word=word, level=LEVEL_NAMES[level]))

    # -- cards --------------------------------------------------------------------------
    def _apply_card(self, seat: int, action: str) -> int:
        if seat != self.turn:
            raise NotYourTurn(Msg("it is not your turn to play a card"), rule="Doppelkopf-Turnier 2.", seat=seat,
                              action=action)
        try:
            first = DOKO.parse(action)
        except BadNotation:
            raise self._err(Msg("that is neither a card nor an announcement"), "5.", seat, action) from None
        hand = self.hands[seat]
        card = first if hand & BIT[first] else first + 1 if hand & BIT[first + 1] else -1
        if card < 0:
            raise self._err(Msg("{card} is not in your hand", card=DOKO.notation[first]), "1.", seat, action)
        legal = self._legal_cards(seat)
        if not legal & BIT[card]:
            raise self._err(Msg("you must follow the led suit (trump counts as one suit)"), "1.", seat, action)
        self._play_card(seat, card)
        return card

    def _play_card(self, seat: int, card: int) -> None:
        """Play a card already checked (the fast path's and the notation's shared step)."""
        self.hands[seat] &= ~BIT[card]
        self.trick.append((seat, card))
        if card in (XD, XD + 1):
            self.played_q[seat] += 1
            if self.contract == "stille_hochzeit" and self.played_q[seat] == 2:
                self.stille_revealed = True
        if len(self.trick) < 4:
            self.turn = self._next(seat)
            return
        winner = trick_winner(self.order, self.trick)
        self._talk = None
        self.tricks.append((self.trick[0][0], self.trick, winner))
        self.trick = []
        self.turn = winner
        k = len(self.tricks)
        if self.contract == "hochzeit" and self.klaerung is None:
            # Klärungsstich: the first of the first three tricks not won by the Hochzeiter (4.)
            if winner != self.hochzeiter:
                self.partner = winner
                self.klaerung = k
            elif k == 3:
                self.klaerung = 3
            if self.klaerung is not None:
                for s in self.active:
                    self.party[s] = "re" if s in (self.hochzeiter, self.partner) else "kontra"
                self.events.append(Msg("Klärungsstich {k}: seat {seat} is the partner", k=k, seat=winner)
                                   if self.partner is not None else
                                   Msg("Klärungsstich {k}: the Hochzeiter plays alone", k=k))
        if k == 12:
            self.phase = "over"
            self.turn = -1
        elif not self._talk_closed:
            self._talk_table()  # closes the announcements for good once no window is left

    # ---------------------------------------------------------------------------------
    # observations
    # ---------------------------------------------------------------------------------
    def public_contract(self, viewer: int | None) -> str | None:
        """The contract as ``viewer`` knows it: a stille Hochzeit looks normal until revealed."""
        if self.contract == "stille_hochzeit" and not (self.stille_revealed or viewer == self.hochzeiter
                                                       or self.phase == "over"):
            return "normal"
        return self.contract

    def known_parties(self, viewer: int | None) -> list[str | None]:
        """Parties as ``viewer`` (``None``: a spectator) can know them: own hand, played ♣ Queens,
        announcements, the contract. Never more (tested)."""
        out: list[str | None] = [None] * self.n
        if self.contract is None:
            return out
        pub = self.public_contract(viewer)
        if self.phase == "over" or (pub is not None and pub.startswith("solo:")) or pub == "stille_hochzeit" or (
                pub == "hochzeit" and self.klaerung is not None):
            for s in self.active:
                out[s] = self.party[s]
            return out
        if pub == "hochzeit":
            out[self.hochzeiter] = "re"  # type: ignore[index]
            return out
        # normal game as far as the viewer knows
        re_known: set[int] = set()
        ko_known: set[int] = set()
        for s in self.active:
            if self.played_q[s]:
                re_known.add(s)
        for s, _, _ in self.announced_by:
            (re_known if self.party[s] == "re" else ko_known).add(s)
        located = sum(self.played_q[s] for s in self.active if s != viewer)
        if viewer is not None and viewer in self.active:
            own_q = popcount(self.initial[viewer] & _XD_MASK)
            located += own_q
            (re_known if own_q else ko_known).add(viewer)
        if located >= 2 or len(re_known) >= 2:
            ko_known |= {s for s in self.active if s not in re_known}
        if len(ko_known) == 3:
            re_known |= {s for s in self.active if s not in ko_known}
        for s in re_known:
            out[s] = "re"
        for s in ko_known:
            out[s] = "kontra"
        return out

    def _base_view(self, viewer: int | None) -> dict[str, Any]:
        fmt = DOKO.notation
        pub = self.public_contract(viewer)
        last = self.tricks[-1] if self.tricks else None
        levels = {p: (LEVEL_NAMES[lv] if lv > 0 else ("Re" if p == "re" else "Kontra") if lv == 0 else None)
                  for p, lv in self.level.items()}
        return {
            "phase": self.phase,
            "dealer": self.dealer,
            "sitting": self.sitting,
            "active": list(self.active),
            "turn": self.turn if self.phase != "over" else None,
            "contract": pub,
            "contract_label": str(contract_label(pub)) if pub else None,  # a plain game word (catalogue id)
            "trump": pub[5:] if pub and pub.startswith("solo:") else ("normal" if pub else None),
            "soloist": self.soloist,
            "pflichtsolo": self.pflicht,
            "hochzeiter": self.hochzeiter if pub in ("hochzeit", "stille_hochzeit") else None,
            "partner": self.partner,
            "klaerungsstich": self.klaerung,
            "answers": [[s, a] for s, a in self.answers.items()],
            "declarations": [[s, d] for s, d in self.declarations],
            "declined": [[s, t] for s, t in self.declined],
            "abfrage": self.tier if self.phase == "erklaerung" else None,
            "parties": self.known_parties(viewer),
            "announcements": levels,
            "announced": [[s, w, c] for s, w, c in self.announced_by],
            "trick": [[s, fmt[c]] for s, c in self.trick],
            "last_trick": [[s, fmt[c]] for s, c in last[1]] if last else [],
            # the last trick may be looked at, and so may who took it (DDV tournament practice)
            "last_winner": last[2] if last else None,
            "tricks": [{"leader": ld, "cards": [[s, fmt[c]] for s, c in cards], "winner": w}
                       for ld, cards, w in self.tricks],
            "tricks_won": [sum(1 for t in self.tricks if t[2] == s) for s in range(self.n)],
            "hand_sizes": [popcount(h) for h in self.hands],
            "pflicht_done": list(self.pflicht_done),
            "vorfuehrung": self.vorfuehrung,
            "regular_left": self.regular_left,
            "actions": [[s, a] for s, a in self.actions],
            "events": list(self.events),
        }

    def view(self, seat: int) -> dict[str, Any]:
        v = self._base_view(seat)
        v["seat"] = seat
        hand = sorted(bit_list(self.hands[seat]), key=self.order.sort_key if self.phase == "play"
                      else ORDERS["normal"].sort_key)
        v["hand"] = [DOKO.notation[c] for c in hand]
        return v

    def public_view(self) -> dict[str, Any]:
        v = self._base_view(None)
        v["seat"] = None
        v["hand"] = None
        return v

    # ---------------------------------------------------------------------------------
    # settlement
    # ---------------------------------------------------------------------------------
    def specials(self) -> list[tuple[str, str]]:
        """Sonderpunkte from the tricks (normal games only, Doppelkopf-Turnier 6.): Doppelkopf
        (a trick of at least 40 Augen), Fuchs gefangen (an opponent's ♦ Ace won), Karlchen
        (the ♣ Jack wins the last trick)."""
        out: list[tuple[str, str]] = []
        for i, (_, cards, w) in enumerate(self.tricks):
            wp = self.party[w]
            assert wp is not None
            if sum(AUGEN[c] for _, c in cards) >= 40:
                out.append((wp, Msg("Doppelkopf")))
            for s, c in cards:
                if c in (KA, KA + 1) and self.party[s] != wp:
                    out.append((wp, Msg("Fuchs gefangen")))
            if i == 11 and any(s == w and c in (XB, XB + 1) for s, c in cards):
                out.append((wp, Msg("Karlchen")))
        return out

    def is_solo_scored(self) -> bool:
        """Scored as a solo: a real solo, or (DDV, option) a stille Hochzeit / Hochzeiter alone."""
        alone = self.contract == "stille_hochzeit" or (self.contract == "hochzeit" and self.partner is None)
        return scored_as_solo(self.contract or "", alone, self.opts.alone_as_solo)

    def result(self) -> DealResult:
        if self.phase != "over":
            raise IllegalAction(Msg("the game is not over yet"))
        # one pass over the tricks: their Augen, the Re party's Augen and tricks, the summary rows
        fmt = DOKO.notation
        party = self.party
        re_augen = re_tricks = 0
        rows = []
        for ld, cards, w in self.tricks:
            pts = 0
            for _, c in cards:
                pts += AUGEN[c]
            if party[w] == "re":
                re_augen += pts
                re_tricks += 1
            rows.append({"leader": ld, "cards": [fmt[c] for _, c in cards], "seats": [s for s, _ in cards],
                         "winner": w, "points": pts})
        solo = self.is_solo_scored()
        st = settle(self.party, re_augen, re_tricks=re_tricks, kontra_tricks=12 - re_tricks,
                    re_level=self.level["re"], kontra_level=self.level["kontra"],
                    specials=[] if solo else self.specials(), solo=solo,
                    absagen_in_solo=self.opts.absagen_in_solo, sonderpunkte=self.opts.sonderpunkte)
        summary = {
            "contract": self.contract,
            "contract_label": str(contract_label(self.contract or "normal")),
            "soloist": self.soloist,
            "pflichtsolo": self.pflicht,
            "hochzeiter": self.hochzeiter,
            "partner": self.partner,
            "parties": list(self.party),
            "winner": st.winner,
            "value": st.value,
            "beneficiary": st.beneficiary,
            "factor": st.factor,
            "re_augen": re_augen,
            "kontra_augen": 240 - re_augen,
            "announcements": {p: lv for p, lv in self.level.items()},
            "dealer": self.dealer,
            "sitting": self.sitting,
            "tricks": rows,
        }
        return DealResult(st.points, st.lines, summary=summary)
