"""Analysis of a finished game: every decision of one seat valued by the search player.

For each decision of the seat (its turn, more than one legal action), the search player at a
fixed budget (a named level's worlds and iterations, no wall clock: ``cap=None``) values every
legal action from **that seat's information only**: it receives the seat's
:class:`~stammtisch.core.protocol.Turn` -- the legal actions and ``Match.view(seat)``, the very
observation the seat had -- and samples the hidden hands itself (``Game.sample_state``). The
record's other hands never reach it (``tests/bots/test_analysis.py`` checks this).

The values are the search's mean reward (:func:`~stammtisch.bots.common.reward`: the seat's
column's points minus the mean of the other columns, per deal); the *expected points lost* by a
decision is the best action's value minus the chosen action's. Optionally (``hindsight``), and
labelled so, each action is also valued on the real deal with every hand open (the compiled
kernel's playouts on the actual cards, where the game has a kernel): what would have been best
had the seat seen everything, which no player could know.

The analysis is deterministic: every decision searches with its own seed (the record's place of
the decision), so the same record gives the same analysis (and a cache can keep it).

Out-of-turn actions (Doppelkopf announcements, Jass Bedanken) are not valued: the search decides
them by the rule player or by comparing with silence, not by valuing every action. In a turn that
offers cards and words together (Jass Stöck, a Doppelkopf announcement with the card), a word's
value plays the card after it by the playout policy, so a word and a card compare unevenly: every
value is shown, but such a pair is not named among the biggest mistakes (``mixed``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import registry
from ..core.errors import RecordError
from ..core.messages import Msg, msg_json
from ..core.protocol import Deal, Match, Turn

__all__ = ["LEVELS", "Decision", "decisions", "analyse", "analyse_decision", "summarise", "value_turn",
           "MISTAKE"]

#: the strengths an analysis may use: the hard level or stronger (issue 38)
LEVELS = ("hard", "strong")
#: a decision counts as a mistake when it loses at least this many expected points
MISTAKE = 1.0


@dataclass(frozen=True)
class Decision:
    """A decision of the seat: deal (0-based) and the number of actions played before it in that deal."""

    deal: int
    index: int


def _match(record: Mapping[str, Any]) -> Match:
    game = registry.get(str(record["game"]))
    recorded = [(d["dealer"], Deal.from_json(d["deal"], game.deck)) for d in record["deals"]]
    max_deals = record.get("max_deals")
    return Match(game, str(record["profile"]), record.get("options") or {}, seats=record.get("seats"),
                 max_deals=max_deals if isinstance(max_deals, int) else None, recorded=recorded)


def _walk(record: Mapping[str, Any], visit: Callable[[Match, int, int, int, str], bool]) -> None:
    """Replay ``record``, calling ``visit(match, deal, index, seat, action)`` *before* each action;
    stop when it returns ``True``."""
    match = _match(record)
    for i, d in enumerate(record["deals"]):
        for k, (seat, action) in enumerate(d["actions"]):
            if visit(match, i, k, seat, action):
                return
            match.apply(seat, action)


def decisions(record: Mapping[str, Any], seat: int, deals: Sequence[int] | None = None) -> list[Decision]:
    """The seat's decisions in ``record``: its own turns with more than one legal action."""
    out: list[Decision] = []
    wanted = set(deals) if deals is not None else None

    def visit(match: Match, deal: int, index: int, s: int, action: str) -> bool:
        if s == seat and (wanted is None or deal in wanted) and seat in match.to_act() \
                and len(match.legal_actions(seat)) > 1:
            out.append(Decision(deal, index))
        return False

    _walk(record, visit)
    return out


def _bot(game: Any, level: str, seed: str) -> Any:
    from .search import SearchBot

    if level not in LEVELS:
        raise ValueError(f"the analysis runs at level {' or '.join(LEVELS)}, not '{level}'")
    # every action valued by the search itself (no rule player's words, no guard), a fixed budget
    return SearchBot(game, level=level, cap=None, contract="search", guard=None, interject="never", seed=seed)


def value_turn(game: Any, turn: Turn, level: str, seed: str) -> tuple[str, dict[str, tuple[int, float]]]:
    """The search's choice and its statistics ``action -> (playouts, mean reward)`` for ``turn``:
    the only input the search gets (the seat's legal actions and view)."""
    bot = _bot(game, level, seed)
    choice = bot.choose(turn, random.Random(0))
    return choice, dict(bot.last_stats)


def _hindsight(match: Match, seat: int, legal: list[str], seed: int) -> dict[str, float] | None:
    """Every action valued on the real deal, all hands open (the game's compiled kernel), or ``None``."""
    from .pimc import valuer_for

    valuer = valuer_for(match.game, match.options)
    if valuer is None:
        return None
    from .rollouts import CardsFirstRollout

    is_card = CardsFirstRollout(match.game).is_card
    cards = [a for a in legal if is_card(a)]
    words = [a for a in legal if not is_card(a)]
    out: dict[str, float] = {}
    try:
        if cards:
            out.update(zip(cards, (float(v) for v in valuer.card_values(match.deal_state.clone(), seat, cards,
                                                                         64, seed))))
        word_values = getattr(valuer, "word_values", None)
        if words and callable(word_values):
            for a, v in zip(words, word_values(match.deal_state.clone(), seat, words, 64, seed)):
                if v is not None:
                    out[a] = float(v)
    except Exception:  # a kernel that cannot value this position: no hindsight here
        return None
    return out or None


def _analyse_here(match: Match, deal: int, index: int, seat: int, action: str, level: str,
                  hindsight: bool) -> dict[str, Any]:
    legal = match.legal_actions(seat)
    view = match.view(seat)  # the seat's information, nothing else
    turn = Turn(seat, legal, lambda: view)
    place = f"analysis deal {deal} action {index} seat {seat}"
    best, stats = value_turn(match.game, turn, level, place)
    values = {a: round(stats[a][1], 3) for a in legal if a in stats and stats[a][0] > 0}
    if values:
        best = max(values, key=lambda a: (values[a], a == best))
    loss = round(values[best] - values[action], 3) if action in values and best in values else None
    from .rollouts import CardsFirstRollout

    is_card = CardsFirstRollout(match.game).is_card
    words = [a for a in legal if not is_card(a)]
    out: dict[str, Any] = {
        "deal": deal, "index": index, "seat": seat, "legal": legal, "chosen": action, "best": best,
        "values": values, "playouts": {a: stats[a][0] for a in legal if a in stats}, "loss": loss,
        # a turn that offers cards and words (Stöck, a Doppelkopf announcement): a word's value
        # plays the following card by the playout policy, so words and cards compare unevenly
        "mixed": bool(words) and len(words) < len(legal), "words": words,
    }
    if hindsight:
        seed = int.from_bytes(place.encode()[-8:], "big") & (2**31 - 1)
        hs = _hindsight(match, seat, legal, seed)
        out["hindsight"] = ({a: round(v, 3) for a, v in hs.items()} if hs else None)
    return out


def analyse_decision(record: Mapping[str, Any], seat: int, decision: Decision, level: str = "hard",
                     hindsight: bool = False) -> dict[str, Any]:
    """One decision (for a worker process): the record replayed to it, the seat's turn valued."""
    found: list[dict[str, Any]] = []

    def visit(match: Match, deal: int, index: int, s: int, action: str) -> bool:
        if (deal, index) == (decision.deal, decision.index):
            if s != seat:
                raise RecordError(Msg("action {n} of deal {deal} is not a decision of this seat",
                                      n=index + 1, deal=deal + 1))
            found.append(_analyse_here(match, deal, index, seat, action, level, hindsight))
            return True
        return False

    _walk(record, visit)
    if not found:
        raise RecordError(Msg("the record has no action {n} in deal {deal}", n=decision.index + 1,
                              deal=decision.deal + 1))
    return found[0]


def analyse(record: Mapping[str, Any], seat: int, *, level: str = "hard", hindsight: bool = False,
            deals: Sequence[int] | None = None,
            progress: Callable[[int, int], None] | None = None) -> dict[str, Any]:
    """The analysis of ``seat`` (0-based) in ``record``: every decision and a summary."""
    todo = set((d.deal, d.index) for d in decisions(record, seat, deals))
    found: list[dict[str, Any]] = []

    def visit(match: Match, deal: int, index: int, s: int, action: str) -> bool:
        if (deal, index) in todo:
            found.append(_analyse_here(match, deal, index, seat, action, level, hindsight))
            if progress:
                progress(len(found), len(todo))
        return len(found) == len(todo)

    if todo:
        _walk(record, visit)
    return result(record, seat, level, hindsight, found)


def result(record: Mapping[str, Any], seat: int, level: str, hindsight: bool,
           found: list[dict[str, Any]]) -> dict[str, Any]:
    """The analysis as JSON: the settings, every decision, and the summary (messages in
    :func:`~stammtisch.core.messages.msg_json` form: each surface renders them in its language)."""
    return {"format": "stammtisch-analysis", "version": 1, "game": record.get("game"), "seat": seat,
            "level": level, "budget": "fixed (the level's worlds and iterations, no clock)",
            "value": "expected points: the seat's column minus the mean of the others, per deal",
            "hindsight": hindsight, "decisions": found, "summary": summarise(found)}


def _uneven(d: Mapping[str, Any]) -> bool:
    """A card measured against a word (or the reverse) in a mixed turn: not named a mistake."""
    words = d.get("words") or []
    return bool(d.get("mixed")) and (d["chosen"] in words) != (d["best"] in words)


def summarise(found: list[dict[str, Any]], top: int = 3) -> dict[str, Any]:
    """The biggest mistakes (at least :data:`MISTAKE` expected points lost), the total lost and how
    often the seat chose as the search did."""
    valued = [d for d in found if d.get("loss") is not None]
    agreed = sum(1 for d in found if d["chosen"] == d["best"])
    lost = round(sum(d["loss"] for d in valued), 1)
    worst = sorted((d for d in valued if d["loss"] >= MISTAKE and not _uneven(d)), key=lambda d: -d["loss"])[:top]
    lines = [msg_json(Msg("decisions: {total}; the same choice as the search: {agreed}; expected points "
                          "lost in all: {lost}", total=len(found), agreed=agreed, lost=lost))]
    if not worst:
        lines.append(msg_json(Msg("no mistake costs {points} expected points or more", points=MISTAKE)))
    for d in worst:
        lines.append(msg_json(Msg("deal {deal}, action {n}: chosen {chosen}, better {best} (expected points "
                                  "lost: {loss})", deal=d["deal"] + 1, n=d["index"] + 1, chosen=d["chosen"],
                                  best=d["best"], loss=round(d["loss"], 1))))
    return {"decisions": len(found), "agreed": agreed, "lost": lost,
            "mistakes": [{"deal": d["deal"], "index": d["index"], "loss": d["loss"]} for d in worst],
            "lines": lines}
