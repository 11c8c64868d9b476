"""What a Perlaggen player sees at the terminal (and what the view gives the table): the lifted
Perlagg at the cut (§4), the figure asked for (§22), what the others showed when a deal closes, the
card turned up (§7), decided figures, the raiser of an open raise (§13), the last trick."""

from __future__ import annotations

import pytest
from rich.console import Console

from stammtisch.cli.render import perlaggen as R
from stammtisch.core.protocol import Deal, DealContext
from stammtisch.games.perlaggen import GAME, PerlaggenDeal

from .helpers import cards, make, run


@pytest.fixture(autouse=True)
def english_screen():
    """These tests read the terminal screen's English words (``play --lang en``; German is the default)."""
    from stammtisch.cli.settlement import current_language, set_language

    before = current_language()
    set_language("en")
    yield
    set_language(before)

SEATS = ["Anna", "Bert", "Cleo", "Dan"]


def screen(st: PerlaggenDeal, seat: int = 0) -> str:
    frame = {"deal": st.view(seat), "seats": SEATS, "seat": seat, "totals": [0, 0], "dealer": st.dealer,
             "deal_number": 0, "options": {"target": 18}}
    c = Console(record=True, width=100, color_system=None)
    c.print(R.render(frame))
    return c.export_text()


def test_par4_the_keep_prompt_shows_the_lifted_perlagg():
    order = "E8 E9 HK " + " ".join(c for c in ("E10 EK EA L7 L8 L9 L10 LU LO LK LA H7 H8 H9 H10 HU HO HA S7 S8 S9 "
                                                 "S10 SU SO SK SA W E7 EU EO").split())
    ctx = DealContext(0, 3, Deal(((), (), (), ()), {"deck": tuple(cards(order))}), (0, 0), {})
    st = PerlaggenDeal(GAME.options(None, {"unseen_bidding": False}), ctx)
    run(st, "2:abheben:3")
    assert st.phase == "keep" and st.view(2)["lifted_bottom"] == "HK"
    text = screen(st, 2)
    assert "standing Perlagg at the bottom: HK" in text


def test_par22_the_figures_phase_names_the_figure_asked_for():
    st = make()
    run(st, "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9")
    assert st.phase == "figures"
    assert "the Gleich is asked for" in screen(st)


def test_par22_what_was_shown_is_in_the_settlement_lines():
    st = make()
    run(st, "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9",
        "0:weisen", "1:gut", "0:weisen", "1:abweisen")
    summary = st.result().summary
    assert summary["shown_hands"]["0"] and summary["shown_hands"]["3"]
    lines = R.settlement(summary, SEATS)
    assert any(ln.startswith("Anna showed") for ln in lines) and any(ln.startswith("Dan showed") for ln in lines)


def test_par22_a_decided_figure_is_not_open():
    st = make()
    run(st, "0:LA", "1:E8", "2:L8", "3:S7", "0:HA", "1:E9", "2:H8", "3:S8", "0:SA", "1:E10", "2:LK", "3:S9",
        "0:weisen", "1:gut")
    g = st.view(0)["figures"]["gleich"]
    assert g["status"] == "decided" and g["winner"] == "A"
    assert st.view(0)["figures"]["hanger"]["status"] == "open"  # not decided yet


def test_par13_an_open_raise_names_the_raiser():
    st = make()
    run(st, "0:bieten:hanger", "1:steigern")
    f = st.view(0)["figures"]["hanger"]
    assert f["status"] == "offered" and f["offer"] == "3" and f["bidder"] == "A" and f["offered_by"] == "B"
    assert "Hanger offered 3 by B" in screen(st)


def test_par7_the_eichel_card_turned_up_is_named():
    from stammtisch.core.cards import PERLAGGEN as D
    order = [D.format(c) for c in range(33)]
    ctx = DealContext(0, 3, Deal(((), (), (), ()), {"deck": tuple(cards(" ".join(order)))}), (0, 0), {})
    st = PerlaggenDeal(GAME.options(None, {"unseen_bidding": False}), ctx)
    run(st, "2:abheben:13")
    named = [e.split()[0] for e in st.events if "was turned up" in e]
    assert named == ["E7", "E8", "E9", "E10", "EU", "EO", "EK", "EA"]


def test_par16_the_last_trick_stays_in_sight():
    st = make()
    run(st, "0:LA", "1:E8", "2:L8", "3:S7")
    text = screen(st, 1)
    assert "last trick: Anna LA  Bert E8  Cleo L8  Dan S7 — Anna took it" in text


def test_par4_the_cut_number_typed_in_full_is_taken_and_a_wrong_one_is_refused():
    """At the cut's sub-prompt (``abheben:2…31``, then the number) ``abheben:15`` typed in full is the
    cut of 15, and anything else is refused with a word instead of being dropped."""
    import io

    from stammtisch.cli.terminal import Screen
    from stammtisch.core import registry

    out = io.StringIO()
    screen = Screen(registry.get("perlaggen"), Console(file=out, width=80, color_system=None))
    legal = [f"abheben:{n}" for n in range(2, 32)]
    answers = iter(["1", "abheben:15"])
    screen._prompt = lambda text: next(answers)
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "abheben:15"
    answers = iter(["1", "40", "1", "7"])
    assert screen.ask({"legal": legal, "deal": {}, "seat": 0}, legal) == "abheben:7"
    assert "abheben: 2…31, not '40'" in out.getvalue()


def test_par16_the_last_trick_stays_in_sight_when_its_taker_leads_at_once():
    """A computer player takes the trick and leads the next at once: the finished trick stays in
    sight for the person until he plays to the new one."""
    st = make()
    run(st, "0:LA", "1:E8", "2:L8", "3:S7", "0:HA")
    text = screen(st, 1)
    assert "Anna HA" in text
    assert "last trick: Anna LA  Bert E8  Cleo L8  Dan S7 — Anna took it" in text
    run(st, "1:E9")
    assert "last trick" not in screen(st, 1)  # he has played to the new trick


def test_par11_a_held_figure_names_the_side_that_held_it():
    """§11 "halten": side B holds the Hanger side A bid -- the screen says held by B, not by A."""
    st = make()
    run(st, "0:bieten:hanger", "1:halten")
    f = st.view(0)["figures"]["hanger"]
    assert f["status"] == "held" and f["bidder"] == "A" and f["held_by"] == "B"
    text = screen(st)
    assert "Hanger held 2 by B" in text and "held 2 by A" not in text


def test_par32_the_look_prompt_mentions_unseen_bidding_only_when_it_is_offered():
    """§32 "ungesehen ... von einer Partei gemeinschaftlich": once the partner has looked, only
    ``ansehen`` is offered, and the prompt no longer speaks of unseen bids."""
    st = make(unseen_bidding=True)
    assert "ungesehen:gleich" in st.legal_actions(0)
    assert "bid unseen" in screen(st, 0)
    run(st, "0:ansehen", "1:ansehen")
    assert st.legal_actions(2) == ["ansehen"]
    text = screen(st, 2)
    assert "look at your cards (ansehen)" in text and "unseen" not in text


def test_par17_a_fine_carried_into_the_next_deal_cites_par17():
    """§17 "zwei Punkte Strafe" that the side cannot pay yet is owed (§10's rule for fines, "im Laufe
    des Spieles abgezogen"); the note names the fine's own paragraph, §17."""
    from stammtisch.games.perlaggen.scoring import FigureOutcome, Penalty, settle

    s = settle([FigureOutcome("spiel", winner=1)], [Penalty("farbleugnen", 0)], (0, 0))
    notes = [str(ln.note) for ln in s.lines if ln.value == -2]
    assert s.owed == (2, 0) and notes == ["A, 2 owed (§17)"]
    s10 = settle([FigureOutcome("gleich", "held", 2, winner=1, bidder=0, lacking=(0,))], (), (0, 0))
    assert [str(ln.note) for ln in s10.lines if ln.value == -2] == ["A, 2 owed (§10)"]
