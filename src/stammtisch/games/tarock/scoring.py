"""Settlement as a pure function of what happened, without cards.

The engine's :meth:`~stammtisch.games.tarock.state.TarockDeal.result` and the scorekeeper for
live tables both call :func:`settle` with an :class:`Outcome`: contract, declarer, partner, the
card points of the declarer's side (or of every player in Trischaken), the premiums with
announced/silent and made/failed, the Kontra levels and any Renonce. It returns every seat's
tournament points and money (two ledgers: Kontra changes only the money, Österreich-Finale 2)).

>>> from stammtisch.games.tarock.options import PROFILES
>>> opts = PROFILES["oesterreich-finale"]
>>> s = settle(opts, Outcome("dreier", players=(1, 2, 3, 0), declarer=2, declarer_thirds=120))
>>> s.points
(-4, -4, 12, -4)
>>> s = settle(opts, Outcome("rufer", players=(1, 2, 3, 0), declarer=1, partner=3, declarer_thirds=105,
...                          kontra=1))
>>> s.points, s.money
((1, -1, 1, -1), (2, -2, 2, -2))
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg
from stammtisch.core.protocol import Line

from .cards import TOTAL_THIRDS, WIN_THIRDS
from .options import CONTRACTS, PREMIUM_TITLES, PREMIUMS, TarockOptions

__all__ = ["Premium", "Renonce", "Outcome", "Settlement", "settle", "validate", "RENONCE_KINDS", "Side"]

Side = Literal["declarer", "opponents"]
MATERIAL = ("trull", "vier_koenige")

#: Renonce kinds (Österreich-Finale 10); Tiroler Cup, Paragrafen). Only ``besserrufer_ohne_vogel``
#: is settled differently (Österreich-Finale 4)); the others name the offence for the record.
RENONCE_KINDS = (
    "farbzwang", "tarockzwang", "stichzwang", "pagat_zuletzt", "ablage", "kartenanzahl", "ausspiel",
    "vorwerfen", "reden", "zusammenwerfen", "besserrufer_ohne_vogel", "eigener_koenig",
    "solorufer_vier_koenige", "vogel_reihenfolge", "vogel_vorzeitig", "falschansage", "other",
)

#: each Renonce kind as players say it (the kinds themselves are notation: records, the referee's API)
RENONCE_WORDS: dict[str, Msg] = {
    "farbzwang": Msg("Farbzwang broken"), "tarockzwang": Msg("Tarockzwang broken"),
    "stichzwang": Msg("Stichzwang broken"), "pagat_zuletzt": Msg("Pagat not played last"),
    "ablage": Msg("wrong discard"), "kartenanzahl": Msg("wrong number of cards"),
    "ausspiel": Msg("led out of turn"), "vorwerfen": Msg("card thrown in early"),
    "reden": Msg("talking at the table"), "zusammenwerfen": Msg("cards thrown together"),
    "besserrufer_ohne_vogel": Msg("Besserrufer without the bird"), "eigener_koenig": Msg("own king called"),
    "solorufer_vier_koenige": Msg("Solorufer with four kings"), "vogel_reihenfolge": Msg("birds out of order"),
    "vogel_vorzeitig": Msg("bird played early"), "falschansage": Msg("false announcement"),
    "other": Msg("another offence"),
}


def renonce_word(kind: str) -> Msg | str:
    """A Renonce kind in players' words (an unknown kind as it is)."""
    return RENONCE_WORDS.get(kind, kind)


@dataclass(frozen=True)
class Premium:
    """A premium (Ansage) as it ended.

    :param name: one of :data:`~stammtisch.games.tarock.options.PREMIUMS`
    :param side: the side it belongs to (the announcer's side, or the side it fell to when silent)
    :param announced: announced (full value) or silent (half, Österreich-Finale 8))
    :param made: made or failed
    :param kontra: effective Kontra level 0..3 (Kontra, Rekontra, Subkontra; Österreich-Finale 2))
    :param announcer: the announcing seat (for the record)
    """

    name: str
    side: Side
    announced: bool
    made: bool
    kontra: int = 0
    announcer: int | None = None

    def to_json(self) -> dict[str, Any]:
        return {"name": self.name, "side": self.side, "announced": self.announced, "made": self.made,
                "kontra": self.kontra, "announcer": self.announcer}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Premium":
        return cls(str(d["name"]), d["side"], bool(d["announced"]), bool(d["made"]), int(d.get("kontra", 0)),
                   d.get("announcer"))


@dataclass(frozen=True)
class Renonce:
    """A Renonce: its kind and the offending seat (which may be the sitting-out fifth player)."""

    kind: str
    offender: int

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "offender": self.offender}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Renonce":
        return cls(str(d["kind"]), int(d["offender"]))


@dataclass(frozen=True)
class Outcome:
    """Everything settlement needs, and nothing about the cards.

    :param contract: contract name (:data:`~stammtisch.games.tarock.options.CONTRACTS`)
    :param players: the four playing seats, Vorhand first
    :param seats: columns of the score sheet (4, or 5 with the dealer sitting out)
    :param declarer: the declarer (Trischaken: ``None``; the Trischaker is Vorhand)
    :param partner: the called king's holder, ``None`` when the declarer plays alone
    :param declarer_thirds: positive games: card points of the declarer's side in thirds (of 210)
    :param declarer_tricks: negative games: tricks the declarer took
    :param thirds: Trischaken: card points per seat in thirds (talon included with the last trick)
    :param tricks: Trischaken: tricks per seat
    :param premiums: premiums as they ended (announced or silent)
    :param kontra: positive games: Kontra level on the game (one Kontra for all)
    :param kontras: negative games: ``(opponent seat, level)`` — each opponent separately
    :param schleifen: the called king lay in the talon and the declarer gave up (Österreich-Finale 4))
    :param renonces: Renonce offences (one or two offenders)
    :param claims: ``(seat, points)`` provable silent losses a regular player claims from the offender
    :param struck: the row cannot be cleared and is struck (Österreich-Finale 1))
    """

    contract: str
    players: tuple[int, ...]
    seats: int = 4
    declarer: int | None = None
    partner: int | None = None
    declarer_thirds: int = 0
    declarer_tricks: int = 0
    thirds: tuple[int, ...] = ()
    tricks: tuple[int, ...] = ()
    premiums: tuple[Premium, ...] = ()
    kontra: int = 0
    kontras: tuple[tuple[int, int], ...] = ()
    schleifen: bool = False
    renonces: tuple[Renonce, ...] = ()
    claims: tuple[tuple[int, int], ...] = ()
    struck: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"contract": self.contract, "players": list(self.players), "seats": self.seats,
                "declarer": self.declarer, "partner": self.partner, "declarer_thirds": self.declarer_thirds,
                "declarer_tricks": self.declarer_tricks, "thirds": list(self.thirds), "tricks": list(self.tricks),
                "premiums": [p.to_json() for p in self.premiums], "kontra": self.kontra,
                "kontras": [list(k) for k in self.kontras], "schleifen": self.schleifen,
                "renonces": [r.to_json() for r in self.renonces], "claims": [list(c) for c in self.claims],
                "struck": self.struck}

    @classmethod
    def from_json(cls, d: Mapping[str, Any]) -> "Outcome":
        """Parse an outcome (the scorekeeper's entry form).

        :raises IllegalAction: when a field is missing or of the wrong kind
        """
        try:
            return cls(
                str(d["contract"]), tuple(int(x) for x in d["players"]), int(d.get("seats", 4)),
                d.get("declarer"), d.get("partner"), int(d.get("declarer_thirds", 0)),
                int(d.get("declarer_tricks", 0)), tuple(int(x) for x in d.get("thirds", ())),
                tuple(int(x) for x in d.get("tricks", ())),
                tuple(Premium.from_json(p) for p in d.get("premiums", ())), int(d.get("kontra", 0)),
                tuple((int(a), int(b)) for a, b in d.get("kontras", ())), bool(d.get("schleifen", False)),
                tuple(Renonce.from_json(r) for r in d.get("renonces", ())),
                tuple((int(a), int(b)) for a, b in d.get("claims", ())), bool(d.get("struck", False)))
        except (KeyError, TypeError, ValueError) as e:
            raise IllegalAction(Msg('malformed Tarock outcome: {e}', e=repr(e))) from None


@dataclass(frozen=True)
class Settlement:
    """Tournament points and money per seat, and the lines that explain them."""

    points: tuple[int, ...]
    money: tuple[int, ...]
    lines: tuple[Line, ...] = ()
    won: bool | None = None
    facts: Mapping[str, Any] = field(default_factory=dict)


# ---------------------------------------------------------------------------------------
# validation
# ---------------------------------------------------------------------------------------
def validate(opts: TarockOptions, o: Outcome) -> None:
    """Refuse an outcome that cannot have happened, naming the rule.

    :raises IllegalAction:
    """
    if o.contract not in CONTRACTS or o.contract not in opts.contract_order():
        raise IllegalAction(Msg("'{contract}' is no contract of this profile ({contract_order})", contract=o.contract, contract_order=', '.join(opts.contract_order())), rule="Österreich-Finale 3)")
    if o.seats not in (4, 5):
        raise IllegalAction(Msg("Tarock is scored for 4 players, or 5 with the dealer sitting out"))
    if len(o.players) != 4 or len(set(o.players)) != 4 or not all(0 <= p < o.seats for p in o.players):
        raise IllegalAction(Msg("four different playing seats are needed"))
    c = CONTRACTS[o.contract]
    if c.kind == "trischaken":
        if len(o.thirds) != o.seats or len(o.tricks) != o.seats:
            raise IllegalAction(Msg("Trischaken needs the card points and tricks of every seat"),
                                rule="Österreich-Finale 5)")
        if not o.struck and not o.renonces and sum(o.thirds[p] for p in o.players) != TOTAL_THIRDS:
            raise IllegalAction(Msg("the card points of Trischaken must add up to 70 (210 thirds)"),
                                rule="Österreich-Finale 5)")
        if not o.struck and not o.renonces and sum(o.tricks[p] for p in o.players) != 12:
            raise IllegalAction(Msg("the tricks of Trischaken must add up to 12"), rule="Österreich-Finale 5)")
        if o.kontra or o.kontras:
            raise IllegalAction(Msg("there is no Kontra in Trischaken"), rule="Österreich-Finale 2)")
    else:
        if o.declarer not in o.players:
            raise IllegalAction(Msg("the declarer must be one of the playing seats"))
        if o.partner is not None and (o.partner not in o.players or o.partner == o.declarer):
            raise IllegalAction(Msg("the partner must be another playing seat"), rule="Österreich-Finale 4)")
        if o.partner is not None and not c.calls_king:
            raise IllegalAction(Msg("a {contract} is played alone", contract=c.title), rule="Österreich-Finale 4)")
        if not 0 <= o.declarer_thirds <= TOTAL_THIRDS:
            raise IllegalAction(Msg("card points are 0..70 (0..210 thirds)"), rule="Österreich-Finale 1)")
        if not 0 <= o.declarer_tricks <= 12:
            raise IllegalAction(Msg("a deal has 12 tricks"))
        if c.negative and o.kontra:
            raise IllegalAction(Msg("in negative games each opponent kontras separately (use kontras)"),
                                rule="Österreich-Finale 6)")
        if not c.negative and o.kontras:
            raise IllegalAction(Msg("in positive games one Kontra counts for all (use kontra)"),
                                rule="Österreich-Finale 2)")
        for seat, lvl in o.kontras:
            if seat not in o.players or seat == o.declarer or not 0 <= lvl <= 3:
                raise IllegalAction(Msg("a Kontra in a negative game is (opponent seat, level 0..3)"),
                                    rule="Österreich-Finale 6)")
        if o.schleifen and not (c.calls_king and c.talon == "half"):
            raise IllegalAction(Msg("only a Rufer or Besserrufer can be schleifen"), rule="Österreich-Finale 4)")
    if not 0 <= o.kontra <= 3:
        raise IllegalAction(Msg("Kontra levels are 0..3 (Kontra, Rekontra, Subkontra)"), rule="Österreich-Finale 2)")
    names = set()
    for p in o.premiums:
        if p.name not in PREMIUMS:
            raise IllegalAction(Msg("unknown premium '{name}' ({premiums})", name=p.name, premiums=', '.join(PREMIUMS)), rule="Österreich-Finale 8)")
        if c.kind != "positive":
            raise IllegalAction(Msg("there are no premiums in negative games"), rule="Österreich-Finale 8)")
        if c.premiums is not None and p.name not in c.premiums:
            raise IllegalAction(Msg("in a {contract} only {premiums} are possible", contract=c.title, premiums=', '.join(c.premiums)),
                                rule="Österreich-Finale 8)")
        if p.name in names:
            raise IllegalAction(Msg("premium '{name}' given twice", name=p.name), rule="Österreich-Finale 8)")
        if p.side not in ("declarer", "opponents") or not 0 <= p.kontra <= 3:
            raise IllegalAction(Msg("premium '{name}': side is declarer/opponents, Kontra level 0..3", name=p.name))
        if p.kontra and not p.announced:
            raise IllegalAction(Msg("only announced premiums can be kontriert"), rule="Tiroler Cup, Abrechnung")
        names.add(p.name)
    if len(o.renonces) > 2:
        raise IllegalAction(Msg("the sheets settle one or two Renonce offenders"), rule="Tiroler Cup, Abrechnung")
    for r in o.renonces:
        if not 0 <= r.offender < o.seats:
            raise IllegalAction(Msg('Renonce offender {offender} is no seat', offender=r.offender))
        if r.offender not in o.players and o.seats != 5:
            raise IllegalAction(Msg("only a player (or the sitting fifth) can commit a Renonce"))
    for seat, _ in o.claims:
        if not 0 <= seat < o.seats:
            raise IllegalAction(Msg('claim by seat {seat}: no such seat', seat=seat))
        if seat not in o.players:  # Österreich-Finale 10): "einem regulären Spieler" -- the sitting fifth lost nothing
            raise IllegalAction(Msg('claim by seat {seat}: only a player of this deal claims a silent loss', seat=seat),
                                rule="Österreich-Finale 10)")
    if o.claims and not o.renonces:
        raise IllegalAction(Msg("silent losses are claimed only from a Renonce offender"), rule="Österreich-Finale 10)")


# ---------------------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------------------
def _sides(o: Outcome) -> tuple[list[int], list[int]]:
    assert o.declarer is not None
    decl = [o.declarer] + ([o.partner] if o.partner is not None else [])
    opp = [p for p in o.players if p not in decl]
    return decl, opp


def _split(total: int, seats: Sequence[int]) -> dict[int, int]:
    """Share ``total`` equally, the remainder to the first seats (kept integer and balanced)."""
    k = len(seats)
    base, rest = divmod(total, k)
    return {s: base + (1 if i < rest else 0) for i, s in enumerate(seats)}


class _Book:
    """Two ledgers filled line by line."""

    def __init__(self, n: int):
        self.points = [0] * n
        self.money = [0] * n
        self.lines: list[Line] = []

    def transfer(self, decl: list[int], opp: list[int], value: int, mults: Mapping[int, int], label: Msg,
                 note: Msg, kontra_points: bool) -> None:
        """Each opponent pays ``value`` (× its Kontra multiplier in money) to the declarer's side."""
        for ledger, use in ((self.points, kontra_points), (self.money, True)):
            total = 0
            for p in opp:
                amount = value * (mults.get(p, 1) if use else 1)
                ledger[p] -= amount
                total += amount
            for s, share in _split(total, decl).items():
                ledger[s] += share
        self.lines.append(Line(label, value, note))

    def direct(self, amounts: Mapping[int, int], label: Msg, value: int, note: Msg | str = "") -> None:
        """Amounts per seat in both ledgers (no Kontra: Trischaken, fixed values)."""
        for s, a in amounts.items():
            self.points[s] += a
            self.money[s] += a
        self.lines.append(Line(label, value, note))

    def result(self, won: bool | None = None, **facts: Any) -> Settlement:
        assert sum(self.points) == 0 and sum(self.money) == 0, (self.points, self.money)
        return Settlement(tuple(self.points), tuple(self.money), tuple(self.lines), won, facts)


def _premium_value(opts: TarockOptions, contract: str, name: str) -> int:
    v = opts.premium_value(name)
    return v * (opts.solo_premium_factor if CONTRACTS[contract].solo else 1)


def _game_value(opts: TarockOptions, o: Outcome) -> int:
    return opts.value(o.contract)


# ---------------------------------------------------------------------------------------
# settlement
# ---------------------------------------------------------------------------------------
def settle(opts: TarockOptions, o: Outcome) -> Settlement:
    """Tournament points and money of every seat for outcome ``o``.

    :raises IllegalAction: for an outcome that cannot have happened (naming the rule)
    """
    validate(opts, o)
    book = _Book(o.seats)
    if o.struck:
        book.direct({}, Msg("gestrichen"), 0, Msg("row cannot be cleared: 0 for all (Österreich-Finale 1); "
                                                   "Tiroler Cup, Abrechnung)"))
        return book.result(None, struck=True)
    c = CONTRACTS[o.contract]
    if o.renonces:
        return _renonce(opts, o, book)
    if c.kind == "trischaken":
        if opts.trischaken_rule == "tirol":
            return _trischaken_tirol(opts, o, book)
        return _trischaken_oesterreich(opts, o, book)
    decl, opp = _sides(o)
    kp = opts.kontra_counts_for_points
    value = _game_value(opts, o)
    if o.schleifen:
        # Österreich-Finale 4): he loses Spiel plus Ansager (3, 5, 7 or 9 points) — to each opponent.
        book.transfer(decl, opp, -value, {}, Msg("{contract} geschleift", contract=c.title),
                      Msg("called king in the talon"), kp)
        for p in o.premiums:
            if p.announced and p.side == "declarer":
                book.transfer(decl, opp, -_premium_value(opts, o.contract, p.name), {},
                              Msg(PREMIUM_TITLES[p.name]), Msg("geschleift: Ansager lost"), kp)
        return book.result(False, schleifen=True)
    if c.negative:
        won = o.declarer_tricks == c.tricks
        mults = {p: 2 ** lvl for p, lvl in o.kontras}
        book.transfer(decl, opp, value if won else -value, mults, Msg(c.title),
                      _with_kontra(Msg("{tricks} trick(s), needs {need}", tricks=o.declarer_tricks, need=c.tricks),
                                   o.kontras), kp)
        return book.result(won)
    # -- positive games ------------------------------------------------------------------
    won = o.declarer_thirds >= WIN_THIRDS  # 35 Punkte und 2 Blatt (Österreich-Finale 1))
    sign_of = {"declarer": 1, "opponents": -1}
    valat = next((p for p in o.premiums if p.name == "valat"), None)
    others = [p for p in o.premiums if p.name != "valat"]
    factor, note = 1, Msg("{thirds} points", thirds=o.declarer_thirds)
    game_mult = 2 ** o.kontra
    only_announced = False
    if opts.valat_mode == "multiply" and valat is not None:
        # Österreich-Finale 9): Valat multiplies the game; only announced premiums count.
        if valat.announced:
            won = valat.made == (valat.side == "declarer")
            factor = opts.valat_announced
            game_mult *= 2 ** valat.kontra
            note = (Msg("Valat announced by the declarer, made") if valat.side == "declarer" and valat.made else
                    Msg("Valat announced by the declarer, lost") if valat.side == "declarer" else
                    Msg("Valat announced by the opponents, made") if valat.made else
                    Msg("Valat announced by the opponents, lost"))
            only_announced = True
        elif valat.made:
            won = valat.side == "declarer"
            factor = opts.valat_silent
            note = Msg("silent Valat of the declarer") if valat.side == "declarer" else Msg("silent Valat of the opponents")
            only_announced = True
    lost_double = (not won and o.contract == "sechserdreier" and opts.sechserdreier_lost_double)
    gv = value * factor * (2 if lost_double else 1)
    label = Msg("{contract} verloren (doppelt)", contract=c.title) if lost_double else Msg(c.title)
    mults = {p: game_mult for p in opp}
    book.transfer(decl, opp, gv if won else -gv, mults, label, _with_kontra(note, ((0, o.kontra),)), kp)
    if opts.valat_mode == "premium" and valat is not None:
        # Tiroler Cup, Paragrafen "Valat": a fixed premium; material premiums do not count.
        vv = opts.valat_announced if valat.announced else opts.valat_silent
        if valat.announced or valat.made:
            sign = sign_of[valat.side] * (1 if valat.made else -1)
            book.transfer(decl, opp, sign * vv, {p: 2 ** valat.kontra for p in opp},
                          Msg("Valat") if valat.announced else Msg("Valat (still)"),
                          Msg("made") if valat.made else Msg("lost"), kp)
        if valat.made:
            others = [p for p in others if p.name not in MATERIAL]
    for p in others:
        if only_announced and not p.announced:
            continue
        v = _premium_value(opts, o.contract, p.name)
        if not p.announced:
            if not p.made and not opts.silent_failed_costs:
                continue
            v //= 2  # heimlich/still: half (Österreich-Finale 8))
        sign = sign_of[p.side] * (1 if p.made else -1)
        book.transfer(decl, opp, sign * v, {q: 2 ** p.kontra for q in opp},
                      Msg(PREMIUM_TITLES[p.name]) if p.announced else
                      Msg("{premium} (still)", premium=Msg(PREMIUM_TITLES[p.name])),
                      _with_kontra(_SIDE_RESULT[p.side, p.made], ((0, p.kontra),)), kp)
    return book.result(won, declarer_thirds=o.declarer_thirds)


_KONTRA_WORDS = ("", "Kontra", "Rekontra", "Subkontra")
_SIDE_RESULT = {("declarer", True): Msg("declarer: made"), ("declarer", False): Msg("declarer: lost"),
                ("opponents", True): Msg("opponents: made"), ("opponents", False): Msg("opponents: lost")}


def _with_kontra(note: Msg, levels: Sequence[tuple[int, int]]) -> Msg:
    """A settlement note with the Kontra levels behind it (``…, Kontra, Rekontra``)."""
    words = [_KONTRA_WORDS[lvl] for _, lvl in levels if lvl]
    return Msg("{note}, {kontras}", note=note, kontras=words) if words else note


# ---------------------------------------------------------------------------------------
# Trischaken
# ---------------------------------------------------------------------------------------
def _pay_each(payer: int, receivers: Sequence[int], amount: int) -> dict[int, int]:
    out = {payer: -amount * len(receivers)}
    for r in receivers:
        out[r] = out.get(r, 0) + amount
    return out


def _to_jungfrauen(opts: TarockOptions, amounts: dict[int, int], jungfrauen: list[int]) -> dict[int, int]:
    """A Jungfrau gets the whole winnings; two share (Österreich-Finale 5)) or each collects in full."""
    winnings = sum(a for a in amounts.values() if a > 0)
    out = {s: a for s, a in amounts.items() if a < 0}
    if opts.jungfrauen_share:
        out.update(_split(winnings, jungfrauen))
    else:
        scale = len(jungfrauen)
        out = {s: a * scale for s, a in out.items()}
        for j in jungfrauen:
            out[j] = winnings
    return out


def _trischaken_oesterreich(opts: TarockOptions, o: Outcome, book: _Book) -> Settlement:
    """Österreich-Finale 5): the player with the most points loses 3×1 (3×2 with 35/2); the Trischaker
    (Vorhand) with the most points or tied for them 3×2 (3×4); two tied lose 2 each, three tied 1 each;
    a Jungfrau (no trick) gets the whole winnings, two Jungfrauen share."""
    ps = list(o.players)
    vorhand = ps[0]
    top_thirds = max(o.thirds[p] for p in ps)
    top = [p for p in ps if o.thirds[p] == top_thirds]
    if vorhand in top:
        amount = 4 if top_thirds >= WIN_THIRDS else 2
        amounts = _pay_each(vorhand, [p for p in ps if p != vorhand], amount)
        why = Msg("Trischaker (seat {seat}) has the most points: 3×{amount}", seat=vorhand, amount=amount)
    elif len(top) == 1:
        amount = 2 if top_thirds >= WIN_THIRDS else 1
        amounts = _pay_each(top[0], [p for p in ps if p != top[0]], amount)
        why = Msg("seat {seat} has the most points: 3×{amount}", seat=top[0], amount=amount)
    elif len(top) == 2:
        rest = [p for p in ps if p not in top]
        amounts = {top[0]: -2, top[1]: -2, rest[0]: 2, rest[1]: 2}
        why = Msg("seat {seat_a} and seat {seat_b} tie for the most points: 2 each", seat_a=top[0], seat_b=top[1])
    else:
        rest = [p for p in ps if p not in top]
        amounts = {t: -1 for t in top} | {rest[0]: 3}
        why = Msg("three tie for the most points: 1 each")
    jungfrauen = [p for p in ps if o.tricks[p] == 0]
    if jungfrauen:
        amounts = _to_jungfrauen(opts, amounts, jungfrauen)
        why = Msg("{why}; Jungfrau {seats} takes the winnings", why=why, seats=list(jungfrauen))
    book.direct(amounts, Msg("Trischaken"), max(amounts.values()), why)
    return book.result(None, thirds=list(o.thirds))


def _trischaken_tirol(opts: TarockOptions, o: Outcome, book: _Book) -> Settlement:
    """Tiroler Cup, Abrechnung: the two with the most points pay the other two 2 each (2×2); a Bürgermeister
    (35/2 or more) pays 2 to everyone (3×2), a Jungfrau collects 2 from everyone (3×2); Vorhand with the
    most points pays 3×2, as Bürgermeister 3×4; tied players share."""
    ps = list(o.players)
    vorhand = ps[0]
    th = {p: o.thirds[p] for p in ps}
    jungfrauen = [p for p in ps if o.tricks[p] == 0]
    buerger = [p for p in ps if th[p] >= WIN_THIRDS]
    top_thirds = max(th.values())
    if buerger:
        b = buerger[0]
        amount = 4 if b == vorhand else 2
        if jungfrauen:
            amounts = {b: -3 * amount} | _split(3 * amount, jungfrauen)
        else:
            amounts = _pay_each(b, [p for p in ps if p != b], amount)
        why = (Msg("Bürgermeister seat {seat} (Vorhand): 3×{amount}", seat=b, amount=amount) if b == vorhand else
               Msg("Bürgermeister seat {seat}: 3×{amount}", seat=b, amount=amount))
    elif th[vorhand] == top_thirds:
        if jungfrauen:
            amounts = {vorhand: -6} | _split(6, jungfrauen)
        else:
            amounts = _pay_each(vorhand, [p for p in ps if p != vorhand], 2)
        why = Msg("Vorhand has the most points: 3×2")
    elif jungfrauen:
        payers = [p for p in ps if p not in jungfrauen]
        amounts = {p: -a for p, a in _split(6, payers).items()} | _split(6, jungfrauen)
        why = Msg("Jungfrau {seats}: 3×2, shared", seats=list(jungfrauen))
    else:
        order = sorted(ps, key=lambda p: -th[p])
        t = [th[p] for p in order]
        if t[0] == t[1] == t[2]:
            amounts = {order[0]: -1, order[1]: -1, order[2]: -1, order[3]: 3}
            why = Msg("three tie for the most points: 1 each")
        elif t[1] == t[2] == t[3]:
            amounts = {order[0]: -3, order[1]: 1, order[2]: 1, order[3]: 1}
            why = Msg("three tie for the fewest points: 1 each")
        else:
            # "(2 x 2)": 2 to each of the two others (default), or 2 in all (option tirol_trischaken_2x2)
            pair = 4 if opts.tirol_trischaken_2x2 == "2_to_each" else 2
            if t[1] == t[2]:
                amounts = {order[0]: -pair, order[1]: 0, order[2]: 0, order[3]: pair}
                why = Msg("second and third tie and share: 2×2")
            else:
                amounts = {order[0]: -pair, order[1]: -pair, order[2]: pair, order[3]: pair}
                why = Msg("the two with the most points pay 2×2")
    book.direct(amounts, Msg("Trischaken"), max(amounts.values()), why)
    return book.result(None, thirds=list(o.thirds))


# ---------------------------------------------------------------------------------------
# Renonce
# ---------------------------------------------------------------------------------------
def _renonce(opts: TarockOptions, o: Outcome, book: _Book) -> Settlement:
    """Österreich-Finale 10); Tiroler Cup, Abrechnung: every regular player is scored as if he had won the
    game and every announced premium (Kontras included); an Alleinspieler gets 3×; the offender pays alone,
    two offenders share, a sitting fifth player pays all four; Trischaken has fixed values; provable silent
    losses (claims) are added."""
    c = CONTRACTS[o.contract]
    offenders = sorted({r.offender for r in o.renonces})
    regular = [p for p in o.players if p not in offenders]
    kinds = [renonce_word(k) for k in sorted({r.kind for r in o.renonces})]
    gains_p: dict[int, int] = {}
    gains_m: dict[int, int] = {}
    if c.kind == "trischaken":
        vorhand = o.players[0]
        if opts.trischaken_rule == "tirol":
            each = 4  # Tiroler Cup, Abrechnung: fixed 3×4
        elif len(offenders) >= 2:
            each = 3  # Österreich-Finale 5): two Renonce players lose 3 each
        else:
            each = 4 if offenders[0] == vorhand else 2  # 3×2, the Trischaker 3×4
        for p in regular:
            gains_p[p] = gains_m[p] = each
        label_value = each
    else:
        decl, opp = _sides(o)
        alone = o.partner is None
        value = _game_value(opts, o)
        # items: (value for a declarer-side player, value for an opponent, Kontra multipliers)
        items: list[tuple[int, int, dict[Any, int]]]
        if any(r.kind == "besserrufer_ohne_vogel" for r in o.renonces):
            # Österreich-Finale 4): "verliert an alle 3 Spieler Spiel + Pagat"; Tiroler Cup, Abrechnung (option
            # "renonce"): the Spiel only, no bird having been announced. Kontra not allowed / without effect.
            v = value + (opts.premium_value("pagat") if opts.besserrufer_ohne_vogel == "spiel_und_pagat" else 0)
            items = [(v, v, {})]
        else:
            gv = value
            valat = next((p for p in o.premiums if p.name == "valat" and p.announced), None)
            if opts.valat_mode == "multiply" and valat is not None:
                gv *= opts.valat_announced
            # the opponents "win the game" when the declarer loses it: a lost Sechserdreier counts double
            gv_opp = gv * (2 if o.contract == "sechserdreier" and opts.sechserdreier_lost_double else 1)
            if c.negative:
                items = [(gv, gv_opp, {p: 2 ** lvl for p, lvl in o.kontras})]
            else:
                items = [(gv, gv_opp, {"all": 2 ** (o.kontra + (valat.kontra if valat and opts.valat_mode
                                                                == "multiply" else 0))})]
            for pr in o.premiums:
                if not pr.announced or (pr.name == "valat" and opts.valat_mode == "multiply"):
                    continue
                pv = (opts.valat_announced if pr.name == "valat" else _premium_value(opts, o.contract, pr.name))
                items.append((pv, pv, {"all": 2 ** pr.kontra}))
        for p in regular:
            gp = gm = 0
            for v_decl, v_opp, mults in items:
                def mult(q: int, mults: Mapping[Any, int] = mults) -> int:
                    return mults.get(q, mults.get("all", 1))
                if p == o.declarer and alone:
                    gp += 3 * v_decl
                    gm += sum(v_decl * mult(q) for q in opp)
                elif p in decl:
                    gp += v_decl
                    gm += v_decl * mult(opp[0])
                else:
                    gp += v_opp
                    gm += v_opp * mult(p)
            gains_p[p] = gm if opts.kontra_counts_for_points else gp
            gains_m[p] = gm
        label_value = items[0][0]
    for seat, extra in o.claims:
        if seat in offenders:
            continue
        gains_p[seat] = gains_p.get(seat, 0) + extra
        gains_m[seat] = gains_m.get(seat, 0) + extra
    for ledger, gains in ((book.points, gains_p), (book.money, gains_m)):
        for s, g in gains.items():
            ledger[s] += g
        for s, share in _split(sum(gains.values()), offenders).items():
            ledger[s] -= share
    book.lines.append(Line(Msg("Renonce"), label_value, Msg("{kinds} by {seats}; the offender pays every regular player",
                                                            kinds=kinds, seats=list(offenders))))
    return book.result(None, renonce=[r.to_json() for r in o.renonces])
