"""The analysis of a finished game (bots/analysis.py, issue 38 item 3): every decision of the
seat valued from that seat's information only.

The search gets nothing but the seat's turn: changing the other seats' hidden cards in ways the
seat's view cannot tell apart does not change one byte of what the search receives, nor its
values; and every view it receives is the seat's own ``Match.view(seat)``."""

from __future__ import annotations

import copy
import json
import random

import pytest

from stammtisch import bots
from stammtisch.bots import analysis as an
from stammtisch.core import fairdeal, records, registry
from stammtisch.core.protocol import Deal, Match, Turn


def _record(game_name: str, deals: int = 1, seed: int = 3) -> dict:
    game = registry.get(game_name)
    m = Match(game, game.default_profile, {}, max_deals=deals, fair_seed=bytes([seed]) * 32)
    bot = bots.make("rule", game)
    r = random.Random(seed)
    while not m.is_over():
        s = (m.to_act() or m.interjectors())[0]
        m.apply(s, bot.choose(Turn(s, m.legal_actions(s), lambda s=s: m.view(s)), r))
    return json.loads(json.dumps(records.to_record(m)))


class Spy:
    """Stands in for the search: records every input it gets, values the actions by a hash of that
    input (so the same input gives the same values, and any other input other values)."""

    def __init__(self):
        self.inputs: list[str] = []

    def __call__(self, game, turn, level, seed):
        text = json.dumps([turn.seat, turn.legal, turn.view, seed], sort_keys=True, default=str)
        self.inputs.append(text)
        rng = random.Random(text)
        stats = {a: (10, rng.uniform(-50, 50)) for a in turn.legal}
        return max(stats, key=lambda a: stats[a][1]), stats


def _first_mover(rec: dict) -> int:
    return rec["deals"][0]["actions"][0][0]


@pytest.mark.parametrize("game_name", ["jass", "doppelkopf"])
def test_other_seats_hidden_cards_do_not_change_what_the_search_receives(game_name, monkeypatch):
    rec = _record(game_name)
    seat = _first_mover(rec)
    first = next(k for k, (s, _) in enumerate(rec["deals"][0]["actions"]) if s != seat)
    # the seat's decisions before anybody else acted: the other hands are all still hidden
    head = copy.deepcopy(rec)
    head["deals"] = head["deals"][:1]
    head["deals"][0]["actions"] = rec["deals"][0]["actions"][:first]
    head["deals"][0].pop("result", None)
    head.pop("result", None)
    other = copy.deepcopy(head)
    hands = other["deals"][0]["deal"]["hands"]
    pool = [c for s, h in enumerate(hands) if s != seat for c in h]
    random.Random(9).shuffle(pool)
    for s, h in enumerate(hands):  # the other seats' cards dealt afresh among them, sizes kept
        if s != seat:
            hands[s] = sorted(pool[:len(h)])
            del pool[:len(h)]
    assert other["deals"][0]["deal"] != head["deals"][0]["deal"]
    spy_a, spy_b = Spy(), Spy()
    monkeypatch.setattr(an, "value_turn", spy_a)
    a = an.analyse(head, seat)
    monkeypatch.setattr(an, "value_turn", spy_b)
    b = an.analyse(other, seat)
    assert spy_a.inputs and spy_a.inputs == spy_b.inputs
    assert [d["values"] for d in a["decisions"]] == [d["values"] for d in b["decisions"]]


@pytest.mark.parametrize("game_name", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_every_view_the_search_gets_is_the_seats_own(game_name, monkeypatch):
    rec = _record(game_name)
    seat = 1
    seen = []

    def spy(game, turn, level, seed):
        seen.append((turn.seat, turn.view))
        return turn.legal[0], {a: (1, 0.0) for a in turn.legal}

    monkeypatch.setattr(an, "value_turn", spy)
    out = an.analyse(rec, seat)
    assert len(seen) == len(out["decisions"]) == len(an.decisions(rec, seat)) > 0
    game = registry.get(rec["game"])
    match = Match(game, rec["profile"], rec["options"], seats=rec["seats"], max_deals=1,
                  recorded=[(d["dealer"], Deal.from_json(d["deal"], game.deck)) for d in rec["deals"]])
    views = []
    for k, (s, action) in enumerate(rec["deals"][0]["actions"]):
        if any(d["index"] == k for d in out["decisions"]):
            views.append(match.view(seat))
        match.apply(s, action)
    assert [v for _, v in seen] == views and all(s == seat for s, _ in seen)


def test_the_summary_names_the_biggest_mistakes():
    found = [{"deal": 0, "index": i, "chosen": "a", "best": "b" if loss else "a", "loss": loss}
             for i, loss in enumerate([0.0, 12.5, 3.0, 0.5, 40.0])]
    s = an.summarise(found)
    assert [m["index"] for m in s["mistakes"]] == [4, 1, 2]
    assert s["agreed"] == 1 and s["lost"] == 56.0
    from stammtisch.i18n import render
    assert "Spiel 1, Aktion 5" in render(s["lines"][1], "de")
    assert "deal 1, action 5" in render(s["lines"][1], "en")


def test_the_analysis_is_deterministic_and_at_hard_or_stronger(monkeypatch):
    with pytest.raises(ValueError):
        an._bot(registry.get("jass"), "easy", "x")
    bot = an._bot(registry.get("jass"), "hard", "x")
    assert bot.time_limit is None and bot.contract == "search" and bot.guard is None
    assert fairdeal  # the analysis reads records dealt fairly or not alike
