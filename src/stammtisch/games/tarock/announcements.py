"""Announcements and Kontras of a Königrufen deal (Österreich-Finale 2), 8); Tiroler Cup, Abrechnung).

:class:`_Target` is something that can be kontriert (the game or an announced premium);
:class:`AnnouncementsMixin` is the part of :class:`~stammtisch.games.tarock.state.TarockDeal` that runs
the phase ``announce``: premiums announced, Kontra, Rekontra and Subkontra, each seat's ``gut``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stammtisch.core.errors import IllegalAction
from stammtisch.core.messages import Msg

from .options import PREMIUM_TITLES, PREMIUMS

if TYPE_CHECKING:
    from .options import Contract
    from .scoring import Side

__all__ = ["AnnouncementsMixin", "KONTRA_WORDS"]

KONTRA_WORDS = ("kontra", "rekontra", "subkontra")
#: the words of the legal lists, built once: ``announce:<premium>`` and, per Kontra level,
#: ``kontra:<target>`` ... for the game and every premium
_ANNOUNCE_WORDS = {p: f"announce:{p}" for p in PREMIUMS}
_KONTRA_WORDS = tuple({t: f"{w}:{t}" for t in ("game",) + tuple(PREMIUMS)} for w in KONTRA_WORDS)


class _Target:
    """Something that can be kontriert: the game or an announced premium."""

    __slots__ = ("announcer", "level", "by", "seen")

    def __init__(self, announcer: int):
        self.announcer = announcer
        self.level = 0
        self.by: int | None = None
        self.seen: set[int] = {announcer}


class AnnouncementsMixin:
    """Announcements and Kontras (Österreich-Finale 2), 8)); mixed into :class:`TarockDeal`."""

    if TYPE_CHECKING:
        ann_done: set[int]
        contract: Contract | None
        declarer: int | None
        game_target: _Target | None
        neg_kontra: dict[int, _Target]
        partner: int | None
        phase: str
        premiums: dict[str, _Target]
        turn: int | None

        def _event(self, text: str) -> None: ...
        def _king_in_open_talon(self) -> bool: ...
        def _log(self, seat: int, action: str, public: str | None = None) -> None: ...
        def _next(self, seat: int) -> int: ...
        def _start_play(self) -> None: ...
        def side_of(self, seat: int | None) -> Side: ...

    def _start_announce(self) -> None:
        c = self.contract
        d = self.declarer
        assert c is not None and d is not None
        self.phase = "announce"
        if not c.negative:
            self.game_target = _Target(d)
        self.turn = d
        self.ann_done = set()

    def _may_announce(self, seat: int, premium: str) -> bool:
        c = self.contract
        assert c is not None
        if seat in self.ann_done or c.kind != "positive" or premium in self.premiums:
            return False
        if c.premiums is not None and premium not in c.premiums:
            return False
        if premium == "koenig_ultimo" and not c.calls_king:
            return False
        return True

    def _kontra_options(self, seat: int) -> list[str]:
        out = []
        c = self.contract
        d = self.declarer
        assert c is not None
        targets: list[tuple[str, _Target]] = [("game", self.game_target)] if self.game_target is not None else []
        if self.premiums:
            targets += self.premiums.items()
        own_side: str | None = None  # side_of(seat), once a known partnership is asked about
        # _known_partners(seat, x) is false for everybody while a called king hides the partner
        hidden = c.calls_king and not (self.partner is None and self._king_in_open_talon())
        for name, t in targets:
            if seat in t.seen:
                continue
            level = t.level
            if level == 0:
                if seat != t.announcer:
                    if not hidden:
                        if own_side is None:
                            own_side = self.side_of(seat)
                        if self.side_of(t.announcer) == own_side:
                            continue  # only the opponents can kontra an announcement (Tiroler Cup, Abrechnung)
                    out.append(_KONTRA_WORDS[0][name])
            elif level == 1:
                if seat == t.announcer:
                    out.append(_KONTRA_WORDS[1][name])
            elif level == 2 and seat == t.by:
                out.append(_KONTRA_WORDS[2][name])
        if c.negative:
            own = self.neg_kontra.get(seat)
            if seat != d:
                if own is None and seat not in self.ann_done:
                    out.append("kontra:game")
                elif own is not None and own.level == 2 and seat not in own.seen:
                    out.append("subkontra:game")
            elif any(t.level == 1 and d not in t.seen for t in self.neg_kontra.values()):
                out.append("rekontra:game")  # a Rekontra answers all Kontras (Tiroler Cup, Abrechnung)
        return out

    def _known_partners(self, a: int, b: int) -> bool:
        """``a`` and ``b`` are on one side and everybody knows it: in a game without a called king, or with
        the called king in the open talon (then the declarer is alone). A hidden partnership stays hidden:
        a Kontra between such partners is allowed and counts nothing (Tiroler Cup, Abrechnung)."""
        c = self.contract
        assert c is not None
        if c.calls_king and not (self.partner is None and self._king_in_open_talon()):
            return False
        return self.side_of(a) == self.side_of(b)

    def _has_something(self, seat: int) -> bool:
        return seat not in self.ann_done or bool(self._kontra_options(seat))

    def _legal_announce(self, seat: int) -> list[str]:
        c = self.contract
        assert c is not None
        # _may_announce refuses every premium to a seat that said "gut" and in other than positive games
        out = [] if seat in self.ann_done or c.kind != "positive" else \
            [_ANNOUNCE_WORDS[p] for p in PREMIUMS if self._may_announce(seat, p)]
        return out + self._kontra_options(seat) + ["gut"]

    def _do_announce(self, seat: int, action: str) -> None:
        c = self.contract
        assert c is not None
        if action == "gut":
            self.ann_done.add(seat)
            for t in self._all_targets():
                t.seen.add(seat)
            self._log(seat, action)
            nxt = seat
            for _ in range(4):
                nxt = self._next(nxt)
                if self._has_something(nxt):
                    self.turn = nxt
                    return
            self._start_play()
            return
        if action.startswith("announce:"):
            p = action[9:]
            if p not in PREMIUMS:
                raise IllegalAction(Msg("unknown premium '{p}' ({premiums})", p=p, premiums=', '.join(PREMIUMS)), rule="Österreich-Finale 8)")
            if not self._may_announce(seat, p):
                if c.kind != "positive":
                    raise IllegalAction(Msg("there are no announcements in negative games and Trischaken"),
                                        rule="Österreich-Finale 8)")
                if seat in self.ann_done:
                    raise IllegalAction(Msg("each player makes his announcements only once"),
                                        rule="Österreich-Finale 8)")
                if p in self.premiums:
                    raise IllegalAction(Msg("{premium} is already announced", premium=PREMIUM_TITLES[p]), rule="Österreich-Finale 8)")
                raise IllegalAction(Msg("{premium} is not possible in a {contract}", premium=PREMIUM_TITLES[p], contract=c.title),
                                    rule="Österreich-Finale 8)")
            self.premiums[p] = _Target(seat)
            self._event(Msg("seat {seat} announces {premium}", seat=seat, premium=PREMIUM_TITLES[p]))
            self._log(seat, action)
            return
        word, _, name = action.partition(":")
        if word in KONTRA_WORDS:
            if action not in self._kontra_options(seat):
                t0 = self.premiums.get(name)
                if word == "kontra" and t0 is not None and t0.level == 0 and self._known_partners(seat, t0.announcer):
                    raise IllegalAction(Msg("only the opponents can kontra an announcement, not its announcer's partner"),
                                        rule="Tiroler Cup, Abrechnung")
                rule = "Österreich-Finale 6)" if c.negative else "Österreich-Finale 2)"
                if c.kind == "trischaken":
                    rule = "Österreich-Finale 2)"
                raise IllegalAction(Msg("'{action}' is not possible now (Kontra by an opponent, Rekontra by the announcer, Subkontra by the Kontra player, each at once)", action=action), rule=rule)
            level = KONTRA_WORDS.index(word) + 1
            if c.negative and name == "game":
                if word == "kontra":
                    t = _Target(self.declarer)  # type: ignore[arg-type]
                    t.level, t.by, t.seen = 1, seat, {seat}
                    self.neg_kontra[seat] = t
                elif word == "rekontra":
                    for t in self.neg_kontra.values():
                        if t.level == 1:
                            t.level, t.seen = 2, {seat}
                else:
                    t = self.neg_kontra[seat]
                    t.level, t.seen = 3, {seat}
            else:
                t = self.game_target if name == "game" else self.premiums[name]  # type: ignore[assignment]
                assert t is not None
                t.level = level
                if level == 1:
                    t.by = seat
                t.seen = {seat}
            kontra = word.capitalize()
            self._event(Msg("seat {seat}: {kontra} on the game", seat=seat, kontra=kontra) if name == "game" else
                        Msg("seat {seat}: {kontra} on {premium}", seat=seat, kontra=kontra, premium=PREMIUM_TITLES[name]))
            self._log(seat, action)
            return
        raise IllegalAction(Msg("'{action}' is no announcement (announce:<premium>, kontra:<target>, gut)", action=action),
                            rule="Österreich-Finale 8)")

    def _all_targets(self) -> list[_Target]:
        out = list(self.premiums.values()) + list(self.neg_kontra.values())
        if self.game_target is not None:
            out.append(self.game_target)
        return out
