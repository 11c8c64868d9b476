"""`stammtisch tournament …` on a local database."""

import re

from typer.testing import CliRunner

from stammtisch.cli.main import app

runner = CliRunner()


def run(tmp_path, *args, lang="en"):
    return runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "--lang", lang, *args])


def test_cli_tournament_flow(tmp_path):
    r = run(tmp_path, "create", "Hausruckcup", "--game", "tarock", "--rounds", "2", "--season", "2026")
    assert r.exit_code == 0, r.output
    tid = re.search(r"tournament (\d+)", r.output).group(1)
    r = run(tmp_path, "players", tid, *[f"P{i}" for i in range(1, 10)])
    assert r.exit_code == 0 and "9  P9" in r.output
    r = run(tmp_path, "draw", tid, "--method", "schedule", "--seed", "7")
    assert r.exit_code == 0 and "seed 7" in r.output, r.output
    table_ids = re.findall(r"\(id (\d+)\)", r.output)
    assert len(table_ids) == 2
    five = table_ids[0]
    r = run(tmp_path, "enter", five, "--points", "0,3,-1,-1,-1")
    assert r.exit_code == 0, r.output
    r = run(tmp_path, "enter", five, "--points", "1,1,1,1,1")
    assert r.exit_code == 1 and "error:" in r.output and "sits out" in r.output
    r = run(tmp_path, "enter", five, '{"kind": "row", "points": [3, 0, -1, -1, -1]}')
    assert r.exit_code == 0
    r = run(tmp_path, "correct", five, "1", "--points", "0,-3,1,1,1")
    assert r.exit_code == 1 and "no longer be corrected" in r.output
    r = run(tmp_path, "correct", five, "1", "--points", "0,-3,1,1,1", "--late", "--reason", "Schreibfehler")
    assert r.exit_code == 0, r.output
    r = run(tmp_path, "strike", five, "2", "--reason", "Rechenfehler")
    assert r.exit_code == 0
    r = run(tmp_path, "history", five, "1")
    assert "late-correct" in r.output
    csv_file = tmp_path / "zettel.csv"
    csv_file.write_text("1,-1,1,-1\n-1,-1,3,-1\n2,2,2,2\n")
    r = run(tmp_path, "tischzettel", table_ids[1], str(csv_file))
    assert r.exit_code == 0 and "struck" in r.output, r.output
    r = run(tmp_path, "checks", tid)
    assert "games written" in r.output
    r = run(tmp_path, "rank", tid)
    assert r.exit_code == 0 and "P" in r.output
    r = run(tmp_path, "export", tid, "ranking.csv")
    assert r.exit_code == 0 and r.output.lstrip("\ufeff").startswith("Rang;Nr.;Name")
    out = tmp_path / "cards.pdf"
    r = run(tmp_path, "export", tid, "cards.pdf", "-o", str(out))
    assert r.exit_code == 0 and out.read_bytes().startswith(b"%PDF")
    assert run(tmp_path, "publish", tid).exit_code == 0
    r = run(tmp_path, "season", "2026")
    assert r.exit_code == 0 and "1." in r.output
    assert run(tmp_path, "list").exit_code == 0
    assert run(tmp_path, "show", tid).exit_code == 0
    assert run(tmp_path, "sheet", five).exit_code == 0


def test_cli_single_table_and_errors(tmp_path):
    r = run(tmp_path, "table", "Freitag", "--game", "doppelkopf", "--players", "A,B,C,D")
    assert r.exit_code == 0, r.output
    tab = re.search(r"table (\d+)", r.output).group(1)
    r = run(tmp_path, "enter", tab, "{not json")
    assert r.exit_code == 1 and "error:" in r.output
    r = run(tmp_path, "create", "X", "--game", "skat")
    assert r.exit_code == 1 and "unknown game" in r.output
    r = run(tmp_path, "sheet", "99")
    assert r.exit_code == 1 and "no table 99" in r.output


def test_cli_organisers_owner_and_codes(tmp_path):
    r = runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "--lang", "en", "organiser", "add", "Maria Moser",
                            "--password-stdin"], input="geheim-12345\n")
    assert r.exit_code == 0 and "organiser 1: Maria Moser" in r.output, r.output
    r = runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "--lang", "en", "organiser", "add", "Kurz",
                            "--password-stdin"], input="kurz\n")
    assert r.exit_code == 1 and "10 to 200 characters" in r.output
    r = run(tmp_path, "create", "Cup", "--game", "doppelkopf", "--organiser", "Niemand")
    assert r.exit_code == 1 and "no organiser Niemand" in r.output
    r = run(tmp_path, "create", "Cup", "--game", "doppelkopf", "--rounds", "1", "--organiser", "Maria Moser")
    assert r.exit_code == 0 and "organiser Maria Moser" in r.output
    r = run(tmp_path, "create", "Alt", "--game", "doppelkopf")
    assert run(tmp_path, "owner", "2", "Maria Moser").exit_code == 0
    run(tmp_path, "players", "1", *"ABCDEFGH")
    assert run(tmp_path, "draw", "1").exit_code == 0
    r = run(tmp_path, "codes", "1")
    found = re.findall(r"table id (\d+): ([0-9A-Z]{5}-[0-9A-Z]{5})", r.output)
    assert r.exit_code == 0 and len(found) == 2, r.output
    from stammtisch.scorekeeper.store import Store
    from stammtisch.storage import database_url
    s = Store(database_url(tmp_path))  # the same database: the printed code opens the table
    assert s.unlock_table(int(found[0][0]), found[0][1])["token"]
    r = run(tmp_path, "organiser", "list")
    assert "Maria Moser" in r.output


#: English words the German output must not contain (the translation catalogue covers them)
ENGLISH = re.compile(r"\b(round|table|seed|players|dealer|next|total|password|organiser|tournament|error|wrote|games|written)\b")


def test_cli_tournament_speaks_german_by_default_and_english_on_request(tmp_path):
    r = runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "organiser", "add", "Maria Moser"],
                      input="kurz\ngeheim-12345\ngeheim-12345\n")
    assert r.exit_code == 0 and "Passwort" in r.output and "Veranstalter 1: Maria Moser" in r.output, r.output
    assert not ENGLISH.search(r.output), r.output
    r = runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "organiser", "add", "Sepp"],
                      input="geheim-12345\nanderes-12345\n")
    assert r.exit_code == 1 and "Fehler: die beiden Passwörter sind verschieden" in r.output, r.output
    r = run(tmp_path, "create", "Cup", "--game", "tarock", "--rounds", "1", lang="de")
    assert r.exit_code == 0 and "Turnier 1: Cup" in r.output, r.output
    run(tmp_path, "players", "1", *"ABCDEFGH", lang="de")
    outputs = [run(tmp_path, "draw", "1", "--seed", "3", lang="de")]
    tables = re.findall(r"\(ID (\d+)\)", outputs[0].output)
    assert len(tables) == 2, outputs[0].output
    outputs += [run(tmp_path, "enter", tables[0], "--points", "3,-1,-1,-1", lang="de"),
                run(tmp_path, "rank", "1", lang="de"), run(tmp_path, "show", "1", lang="de"),
                run(tmp_path, "list", lang="de"), run(tmp_path, "checks", "1", lang="de"),
                run(tmp_path, "export", "1", "x.csv", lang="de")]
    text = "\n".join(o.output for o in outputs)
    assert "Runde 1: Startwert 3" in text and "Rang" in text and "Geber" in text, text
    assert "Fehler: unbekannter Export" in text
    assert not ENGLISH.search(text.replace("Cup", "")), ENGLISH.search(text)
    en = run(tmp_path, "rank", "1").output + run(tmp_path, "show", "1").output
    assert "round 1" in en and "rank" in en and "players" in en, en


def test_cli_names_are_printed_as_they_are(tmp_path):
    """A player or tournament named like a catalogue word ("Re", "total") is not translated."""
    r = run(tmp_path, "create", "total", "--game", "doppelkopf", lang="de")
    assert r.exit_code == 0 and "Turnier 1: total (doppelkopf)" in r.output, r.output
    r = run(tmp_path, "table", "Re", "--game", "doppelkopf", "--players", "yes,no,Re,Kontra", lang="de")
    assert r.exit_code == 0, r.output
    r = run(tmp_path, "show", "2", lang="de")
    assert "1. yes, 2. no, 3. Re, 4. Kontra" in r.output, r.output
