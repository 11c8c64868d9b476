"""The generic commands with Jass: simulate, record, replay, a tampered record, the terminal game."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from stammtisch.cli.main import app

runner = CliRunner()


def test_simulate_json_has_games_seconds_and_rate():
    r = runner.invoke(app, ["simulate", "jass", "--games", "30", "--seed", "1", "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["games"] == 30 and out["seconds"] > 0 and out["games_per_second"] > 0
    assert out["columns"] == ["Team 1/3", "Team 2/4"]


def test_simulate_rule_bots_whole_matches():
    r = runner.invoke(app, ["simulate", "jass", "--games", "3", "--seed", "2", "--bots", "rule", "--match", "--json"])
    assert r.exit_code == 0, r.output
    assert max(json.loads(r.stdout)["totals"]) >= 1000


def test_record_then_replay(tmp_path):
    r = runner.invoke(app, ["simulate", "jass", "--games", "4", "--seed", "3", "--bots", "rule", "--match",
                            "--record", str(tmp_path)])
    assert r.exit_code == 0, r.output
    files = sorted(tmp_path.glob("*.json"))
    assert len(files) == 4
    r = runner.invoke(app, ["replay", str(files[0]), "--json"])
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["valid"] and out["result"]["winner"] in (0, 1)
    r = runner.invoke(app, ["replay", str(files[0]), "--lang", "en"])
    assert r.exit_code == 0 and "won by" in r.stdout


def test_tampered_record_exit_1_names_index_seat_and_rule(tmp_path):
    runner.invoke(app, ["simulate", "jass", "--games", "1", "--seed", "4", "--bots", "rule",
                        "--record", str(tmp_path)])
    path = next(tmp_path.glob("*.json"))
    rec = json.loads(path.read_text())
    deal = rec["deals"][0]
    acts = deal["actions"]
    # find the second card of the first trick and replace it by a card of the same seat that does not follow suit
    hands = deal["deal"]["hands"]
    i = next(k for k, a in enumerate(acts) if a[1][0] in "ESLR" and len(a[1]) <= 3)
    seat_lead, lead = acts[i]
    j = i + 1
    while acts[j][0] == seat_lead or not (acts[j][1][0] in "ESLR" and len(acts[j][1]) <= 3):
        j += 1
    seat = acts[j][0]
    trump = next(a[1][6:] for a in acts if a[1].startswith("trump:"))
    bad = next((c for c in hands[seat] if c[0] != lead[0] and c[0] != trump and
                any(x[0] == lead[0] for x in hands[seat])), None)
    if bad is None:
        acts[j] = [seat, "EZ"]
    else:
        acts[j] = [seat, bad]
    path.write_text(json.dumps(rec))
    r = runner.invoke(app, ["replay", "--lang", "en", str(path)])
    assert r.exit_code == 1
    text = r.output
    assert f"action {j + 1}, deal 1, Seat {seat + 1}," in text  # people count actions, deals and seats from 1
    de = runner.invoke(app, ["replay", str(path)]).output
    assert f"Aktion {j + 1}, Spiel 1, Platz {seat + 1}," in de
    if bad is not None:
        assert "Papagei-Jass §15" in text


def test_terminal_game_refuses_illegal_input_and_can_quit():
    r = runner.invoke(app, ["play", "jass", "--seed", "1", "--deals", "1"], input="nonsense\nq\n")
    assert r.exit_code == 0, r.output
    assert "abgelehnt" in r.output  # the Jass screen is German (cli/render/jass.py LANG)


def test_terminal_help_empty_line_and_out_of_range_number_are_not_actions():
    """'?' shows the table again, an empty line asks again, an option number out of range is
    answered with the valid range; none of them reaches the engine as an action."""
    r = runner.invoke(app, ["play", "jass", "--seed", "1", "--deals", "1"], input="?\n\n99\nq\n")
    assert r.exit_code == 0, r.output
    assert "not a card or action" not in r.output
    assert "es gibt keine Möglichkeit 99" in r.output
    assert r.output.count("Schieber Jass") >= 2  # the table was shown again after '?'
    assert "Spiel verlassen" in r.output


def test_terminal_end_of_input_quits_cleanly():
    r = runner.invoke(app, ["play", "jass", "--seed", "1", "--deals", "1"], input="")
    assert r.exit_code == 0, r.output
    assert "Spiel verlassen" in r.output


def test_terminal_whole_partie_shows_settlements_last_trick_and_winner():
    r = runner.invoke(app, ["play", "jass", "--seed", "11"], input="1\n" * 600)
    assert r.exit_code == 0, r.output[-2000:]
    assert "Spiel 1 abgerechnet" in r.output and "letzter Stich:" in r.output
    assert "Kartenpunkte" in r.output
    tail = r.output[r.output.index("Partie beendet"):]
    assert "Sieger: Team" in tail and "Schneider:" in tail
    assert "Spielliste" in tail and "Summe" in tail  # the score sheet, not a Python list
    assert "totals: [" not in r.output
    # bots are named 1-based like the team columns (Team 1/3 = seats 1 and 3); no raw "seat N"
    assert "Computer 4 · solide" in r.output and "Computer 0" not in r.output
    settled = [ln for ln in r.output.splitlines() if ln.startswith("  ") and "Bedanken" in ln]
    assert settled and all("seat " not in ln for ln in settled)
