"""Settlement of a Schieber deal and of a Partie, as pure functions (no cards needed).

The engine's ``result()`` and the scorekeeper for live tables call the same functions:

* :func:`score_deal` — mode, card points, tricks, Weis, Stöck -> points per team and lines
* :func:`first_out` — the Ausmachregel Stöck – Stich – Wys (Papagei-Jass §1)
* :func:`bedanken` — the outcome when a team thanks itself out (§2, §18)
* :func:`partie_result` — winner and Schneider of a finished Partie (§18)
* :func:`reach_moment`, :func:`half_in_time` — Schneider by the Ausmachregel (§18, third sentence)

Teams are ``0`` (seats 1 and 3, "Team 1/3") and ``1`` (seats 2 and 4, "Team 2/4").

>>> s = score_deal("E", card_points=(100, 57), tricks=(6, 3), weis=(50, 0), stoeck=(20, 0))
>>> s.points
(1190, 399)
>>> s = score_deal("obenabe", card_points=(157, 0), tricks=(9, 0))
>>> s.points, [ln.label for ln in s.lines]
((1285, 0), ['Kartenpunkte', 'Match'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...core.messages import Msg
from ...core.protocol import Line
from .modes import MODES

__all__ = ["DealScore", "score_deal", "TrickStep", "first_out", "reached_in", "bedanken", "BOTH_OUT", "partie_result",
           "reach_moment", "half_in_time", "SCHNEIDER",
           "MATCH_BONUS", "LAST_TRICK_BONUS", "TEAM_NAMES", "TEAM_WORDS"]

#: §13 Matchprämie (also for a Kontermatch, §10)
MATCH_BONUS = 100
#: §11 the last trick counts 5 more
LAST_TRICK_BONUS = 5
TEAM_NAMES = ("Team 1/3", "Team 2/4")
#: a team in a message: its two seats (shown by their names)
TEAM_WORDS = (Msg("{seat_a} & {seat_b}", seat_a=0, seat_b=2), Msg("{seat_a} & {seat_b}", seat_a=1, seat_b=3))


@dataclass(frozen=True)
class DealScore:
    """Points per team (multiplied, as written on the sheet) and the lines that explain them."""

    points: tuple[int, int]
    lines: tuple[Line, ...]
    raw: tuple[int, int]
    multiplier: int


def score_deal(mode: str, card_points: Sequence[int], tricks: Sequence[int], weis: Sequence[int] = (0, 0),
               stoeck: Sequence[int] = (0, 0), declarer_team: int = 0) -> DealScore:
    """Points of one deal for both teams.

    :param mode: a mode name of :data:`modes.MODES` (``"E"``, ``"obenabe"``, ``"slalom-unten"``,
        ``"misere:R"``, ``"3x3:E-obenabe-undenufe"``, ``"tutti:S"`` ...)
    :param card_points: card points each team took, including the 5 of the last trick (§11);
        the two add up to 157 for a full deal
    :param tricks: tricks each team took (9 and 0 is a Match, §13; for the other side of the
        declarer a Kontermatch, §10, worth the same)
    :param weis: the Weis each team writes (only the side with the best Weis has any, §29)
    :param stoeck: Stöck per team (20 each, §29.3, always valid)
    :param declarer_team: the team that named the mode (for the Match / Kontermatch label)

    Everything is multiplied by the mode's §23 multiplier, Weis too (§29). In Misere (§24.5)
    each team writes the card points the other team took.
    """
    m = MODES[mode]
    mult = m.multiplier
    if mult <= 0:
        raise ValueError(f"mode '{mode}' has no multiplier yet (Tutti is counted by its first suit)")
    raw = [0, 0]
    lines: list[Line] = []
    for team in (0, 1):
        src = 1 - team if m.misere else team  # §24.5: Misere writes the other side's points
        cp = card_points[src]
        match = tricks[src] == 9
        if cp:
            lines.append(Line(Msg("Kartenpunkte"), cp * mult, Msg('{team}: {points} x {mult}', team=TEAM_WORDS[team], points=cp, mult=mult)))
        if match:
            label = Msg("Match") if src == declarer_team else Msg("Kontermatch")
            lines.append(Line(label, MATCH_BONUS * mult, Msg('{team}: {points} x {mult}', team=TEAM_WORDS[team], points=MATCH_BONUS, mult=mult)))
        if weis[team]:
            lines.append(Line(Msg("Weis"), weis[team] * mult, Msg('{team}: {points} x {mult}', team=TEAM_WORDS[team], points=weis[team], mult=mult)))
        if stoeck[team]:
            lines.append(Line(Msg("Stöck"), stoeck[team] * mult, Msg('{team}: {points} x {mult}', team=TEAM_WORDS[team], points=stoeck[team], mult=mult)))
        raw[team] = cp + (MATCH_BONUS if match else 0) + weis[team] + stoeck[team]
    return DealScore((raw[0] * mult, raw[1] * mult), tuple(lines), (raw[0], raw[1]), mult)


@dataclass(frozen=True)
class TrickStep:
    """What one trick adds, in raw points, for the Ausmachregel.

    :param stoeck: Stöck shown in this trick, per team
    :param stich_team: the team that took the trick (``None`` if the trick is not complete)
    :param stich_points: card points of the trick incl. last-trick and Match bonus
    :param weis: Weis written after this trick (the first), per team
    """

    stoeck: tuple[int, int] = (0, 0)
    stich_team: int | None = None
    stich_points: int = 0
    weis: tuple[int, int] = (0, 0)


def first_out(standing: Sequence[int], target: int, steps: Sequence[TrickStep], mult: int) -> int | None:
    """The team that reaches ``target`` first under the Ausmachregel "Stöck – Stich – Wys" (§1).

    Within a trick the Stöck count first (alone, or together with that team's Weis, §1), then
    the trick, then the Weis. ``standing`` is the total before the deal; step points are raw and
    multiplied by ``mult``. ``None`` when no team reaches the target.

    >>> first_out((900, 950), 1000, [TrickStep((0, 0), 0, 20, (0, 10))], 5)
    0
    >>> first_out((900, 950), 1000, [TrickStep((20, 0), 1, 20, (0, 0))], 5)
    0
    """
    total = [standing[0], standing[1]]
    for t in (0, 1):
        if total[t] >= target:
            return t
    for st in steps:
        for t in (0, 1):
            if st.stoeck[t] and total[t] + (st.stoeck[t] + st.weis[t]) * mult >= target:
                return t
        for t in (0, 1):
            total[t] += st.stoeck[t] * mult
        if st.stich_team is not None:
            total[st.stich_team] += st.stich_points * mult
            if total[st.stich_team] >= target:
                return st.stich_team
        for t in (0, 1):
            total[t] += st.weis[t] * mult
            if st.weis[t] and total[t] >= target:
                return t
    return None


def reached_in(team: int, standing: Sequence[int], target: int, steps: Sequence[TrickStep], mult: int) -> int | None:
    """The index of the trick (step) after which ``team``'s total first reaches ``target``;
    ``-1`` when it stood there before the deal, ``None`` when it does not reach it.

    >>> reached_in(0, (990, 0), 1000, [TrickStep(), TrickStep((0, 0), 0, 10)], 1)
    1
    """
    total = standing[team]
    if total >= target:
        return -1
    for i, st in enumerate(steps):
        total += (st.stoeck[team] + st.weis[team]) * mult
        if st.stich_team == team:
            total += st.stich_points * mult
        if total >= target:
            return i
    return None


#: the readings of two teams past the target in different tricks when only the later one thanks
#: (option ``both_out`` of :class:`~stammtisch.games.jass.options.JassOptions`, docs/rules/jass.md)
BOTH_OUT = ("first_to_thank", "first_to_reach")


def bedanken(team: int, standing: Sequence[int], target: int, steps: Sequence[TrickStep], mult: int,
             both_out: str = "first_to_thank") -> dict[str, Any]:
    """Outcome of ``team`` thanking itself out (§2).

    A team that thanks without enough points loses at once (§2). With enough points it wins,
    unless the other team has reached the target too:

    * both reached it in the same trick: the Ausmachregel (§1) decides who got there first,
      whoever thanked ("Die Reihenfolge des Bedankens ist hingegen belanglos");
    * the other team reached it in an earlier trick and played on without thanking:
      ``both_out="first_to_thank"`` (default) -- the thanking team wins, §2 "Wer sich zuerst
      bedankt und genügend Punkte besitzt, hat gewonnen" (the other team's claim lapsed with its
      next card, §1 "bis er eine Karte zum nächsten Stich gibt"); ``"first_to_reach"`` -- the team
      that reached the target first wins, whoever thanked.

    >>> steps = [TrickStep((0, 0), 1, 30), TrickStep((0, 0), 0, 30)]
    >>> bedanken(0, (980, 980), 1000, steps, 1)["winner"], bedanken(0, (980, 980), 1000, steps, 1, "first_to_reach")["winner"]
    (0, 1)
    """
    if both_out not in BOTH_OUT:
        raise ValueError(f"both_out is one of {', '.join(BOTH_OUT)}, not {both_out!r}")
    totals = [standing[0], standing[1]]
    for st in steps:
        for t in (0, 1):
            totals[t] += (st.stoeck[t] + st.weis[t]) * mult
        if st.stich_team is not None:
            totals[st.stich_team] += st.stich_points * mult
    reached = totals[team] >= target
    if not reached:
        winner = 1 - team
    elif totals[1 - team] >= target:
        mine = reached_in(team, standing, target, steps, mult)
        theirs = reached_in(1 - team, standing, target, steps, mult)
        if both_out == "first_to_thank" and mine != theirs:
            winner = team  # §2: in different tricks, the first to thank with enough points
        else:
            fo = first_out(standing, target, steps, mult)
            winner = team if fo is None else fo
    else:
        winner = team
    return {"team": team, "reached": reached, "winner": winner, "totals": totals}


#: the readings of Schneider (§18; option ``schneider`` of :class:`~stammtisch.games.jass.options.JassOptions`):
#: ``"ausmachregel"`` -- the loser's points count, in the order Stöck – Stich – Wys, only up to the
#: moment the winner goes out (§18 "Es gilt ebenfalls die Ausmachregel ..."); ``"final"`` -- the
#: loser's final total counts, whenever its points came
SCHNEIDER = ("ausmachregel", "final")


def reach_moment(team: int, standing: Sequence[int], goal: int, steps: Sequence[TrickStep],
                 mult: int) -> tuple[int, int] | None:
    """When ``team``'s total first reaches ``goal``, in the Ausmachregel's order (§1): ``(trick,
    phase)`` with phase 0 = its Stöck (alone or with its Weis, §1), 1 = the Stich, 2 = the Wys;
    ``(-1, 0)`` when it stood there before the deal, ``None`` when it does not reach it.

    >>> reach_moment(1, (0, 480), 500, [TrickStep((0, 0), 0, 30, (0, 20))], 1)
    (0, 2)
    >>> reach_moment(0, (0, 0), 30, [TrickStep((20, 0), 1, 10, (20, 0))], 1)
    (0, 0)
    """
    total = standing[team]
    if total >= goal:
        return (-1, 0)
    for i, st in enumerate(steps):
        # §1 "zuerst die Stöcke zählen (sofern sie alleine oder mit einem Weis ... genügen)"
        if st.stoeck[team] and total + (st.stoeck[team] + st.weis[team]) * mult >= goal:
            return (i, 0)
        total += st.stoeck[team] * mult
        if st.stich_team == team:
            total += st.stich_points * mult
            if total >= goal:
                return (i, 1)
        total += st.weis[team] * mult  # §1 "an dritter erst der Wis"
        if total >= goal:
            return (i, 2)
    return None


def half_in_time(winner: int, standing: Sequence[int], target: int, steps: Sequence[TrickStep], mult: int) -> bool:
    """Whether the losing team reached half the target before ``winner`` went out (§18).

    Papagei-Jass §18: "Es gilt ebenfalls die Ausmachregel 'Stöck - Stich - Wis', wenn es um die
    Erreichung der nötigen Punktezahl für den Schneider geht." The loser's points count in the
    order Stöck, Stich, Wys of each trick only up to the moment the winner reaches the target;
    what comes after does not save it from Schneider. A winner that never reaches the target (the
    other team thanked without enough points, §2) leaves the loser all its points.

    >>> half_in_time(0, (990, 480), 1000, [TrickStep((0, 0), 0, 30, (0, 20))], 1)
    False
    >>> half_in_time(0, (990, 480), 1000, [TrickStep((0, 20), 0, 30)], 1)  # its Stöck count before the Stich
    True
    """
    loser = 1 - winner
    mine = reach_moment(loser, standing, -(-target // 2), steps, mult)  # "die Hälfte des Ziels"
    if mine is None:
        return False
    out = reach_moment(winner, standing, target, steps, mult)
    return out is None or mine < out


def partie_result(totals: Sequence[int], target: int, winner: int | None = None,
                  half_reached: bool | None = None) -> dict[str, Any]:
    """Winner and Schneider of a Partie (§18): a losing team below half the target loses
    double. ``winner`` is given when Bedanken or the Ausmachregel decided it; otherwise the
    team that reached the target (the higher total if both did). ``half_reached`` is whether the
    loser reached half the target before the winner went out (:func:`half_in_time`, §18 third
    sentence); without it the loser's final total is judged."""
    if winner is None:
        reached = [t for t in (0, 1) if totals[t] >= target]
        if len(reached) == 1:
            winner = reached[0]
        elif reached:
            winner = 0 if totals[0] >= totals[1] else 1
    out: dict[str, Any] = {"totals": list(totals), "target": target, "winner": winner}
    if winner is not None:
        loser = 1 - winner
        out["winner_name"] = TEAM_NAMES[winner]
        # §18 "wenn eine Partei bei Beendigung der Partie die Hälfte des Ziels nicht erreicht"
        out["schneider"] = (not half_reached) if half_reached is not None else totals[loser] * 2 < target
        out["stake"] = 2 if out["schneider"] else 1
    return out
