"""The Jass terminal renderer shows hand, trick, trump, Weis, Stöck and the score board."""

from __future__ import annotations

import random

from rich.console import Console

from stammtisch.cli.render import for_game
from stammtisch.cli.render.jass import render
from stammtisch.core.driver import step
from stammtisch.games.jass import GAME


def text_of(renderable) -> str:
    c = Console(width=120, record=True, color_system=None)
    c.print(renderable)
    return c.export_text()


def test_registry_finds_the_jass_renderer():
    assert for_game("jass") is render


def test_render_every_step_of_a_rule_bot_match():
    bot = GAME.rule_bot()
    rng = random.Random(3)
    seen_weis = seen_trump = False
    for seed in range(4):
        m = GAME.new_match(seed=seed)
        while not m.is_over():
            for seat in (0, None):
                view = m.view(seat) if seat is not None else m.public_view()
                out = text_of(render(view))
                assert "Team 1/3" in out and "Team 2/4" in out
                if seat is not None:
                    for card in view["deal"]["hand"]:
                        assert card in out  # as typed (cli/render/jass.py NOTATION)
                if view["deal"]["trump"]:
                    assert "Trumpf:" in out
                    seen_trump = True
                if view["deal"]["weis"]:
                    # announced ("weist 50") until the Weis is shown; then the shown Weis itself
                    assert ("Weis " in out) if view["deal"].get("weis_shown") else ("weist" in out)
                    seen_weis = True
            step(m, [bot] * 4, rng)
    assert seen_trump and seen_weis


def test_terminal_plays_a_whole_partie_to_1000():
    from typer.testing import CliRunner

    from stammtisch.cli.main import app

    r = CliRunner().invoke(app, ["play", "jass", "--seed", "2"], input="1\n" * 600)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Partie beendet" in r.output


def test_render_marks_own_team_last_trick_winner_and_mode_hints():
    bot = GAME.rule_bot()
    rng = random.Random(5)
    m = GAME.new_match(seed=5)
    out = text_of(render(m.view(m.to_act()[0])))
    assert "Trumpf wählen:" in out and "Eicheln x7" in out and "Undenufe x6" in out
    while not m.deal_state.history:  # play until one trick is complete
        step(m, [bot] * 4, rng)
    view = m.view(1)
    out = text_of(render(view))
    assert "Team 2/4 (ihr)" in out
    ld, cards, winner, pts = view["deal"]["played"][-1]
    assert f"→ {view['seats'][winner]}" in out and f"({pts} Punkte)" in out


def test_render_says_what_the_current_trick_is_in_changing_modes():
    from stammtisch.core.protocol import DealContext

    from .helpers import deal_of
    from stammtisch.games.jass.state import JassDeal

    st = JassDeal(GAME.options("varianten"), DealContext(0, 3, deal_of({}), (0, 0)))
    legal = st.legal_actions(0)
    frame = {"seat": 0, "seats": ["A", "B", "C", "D"], "columns": ["Team 1/3", "Team 2/4"], "totals": [0, 0],
             "deal_number": 0, "dealer": 3, "to_act": [0], "legal": legal, "deal": st.view(0)}
    out = text_of(render(frame))
    assert "Drei mal Drei" in out and "Misere" in out and "3x3:E-obenabe-undenufe" not in out.split("Trumpf wählen")[1]
    st.apply(0, "trump:3x3:undenufe-E-obenabe")
    frame["deal"] = st.view(0)
    frame["legal"] = st.legal_actions(0)
    assert "dieser Stich: Undenufe" in text_of(render(frame))


def test_render_tells_the_player_which_weis_it_may_declare():
    from .helpers import play, state

    st = state({0: "S10 SU SO SK E6 E7 E8 R6 R7"})
    play(st, "trump:E")
    frame = {"seat": 0, "seats": ["A", "B", "C", "D"], "columns": ["Team 1/3", "Team 2/4"], "totals": [0, 0],
             "deal_number": 0, "dealer": 3, "to_act": [0], "legal": st.legal_actions(0), "deal": st.view(0)}
    out = text_of(render(frame))
    assert "du kannst weisen" in out and "weis:S10-SK" in out and "weis:E6-E8" in out
    play(st, "weis", "E6")
    frame.update(legal=st.legal_actions(0), deal=st.view(0))
    out = text_of(render(frame))
    assert "du kannst weisen" not in out and "dein Weis: E6-E8 S10-SK" in out
