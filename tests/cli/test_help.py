"""Help that helps: every command and option says in one line what it does and names its values;
no type placeholders; one name for one thing across the commands."""

from __future__ import annotations

import click
import pytest
import typer
from typer.testing import CliRunner

from stammtisch.cli.main import app
from stammtisch.core import registry

runner = CliRunner()


def _commands(group: click.Command, path: tuple[str, ...] = ()):
    yield path, group
    for name, cmd in getattr(group, "commands", {}).items():
        yield from _commands(cmd, path + (name,))


ROOT = typer.main.get_command(app)
ALL = list(_commands(ROOT))


@pytest.mark.parametrize("path,cmd", ALL, ids=[" ".join(p) or "stammtisch" for p, _ in ALL])
def test_every_command_and_option_has_help(path, cmd):
    if path:
        assert (cmd.help or cmd.short_help or "").strip(), f"{' '.join(path)} has no help"
    for p in cmd.params:
        if getattr(p, "hidden", False):
            continue
        assert (getattr(p, "help", None) or "").strip(), f"{' '.join(path)} {p.name} has no help"
    r = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"})
    assert r.exit_code == 0, r.output
    assert "<bool>" not in r.output and "<str>" not in r.output and "<int>" not in r.output, r.output


def test_profiles_and_bot_kinds_are_named_in_the_help():
    r = runner.invoke(app, ["play", "--help"], env={"COLUMNS": "400"})
    text = " ".join(r.output.split())
    for name in registry.names():
        for profile in registry.get(name).profiles:
            assert profile in text, (name, profile)
    for kind in ("random", "rule", "search", "search:Nw", "search:Ni", "strong"):
        assert kind in text, kind
    arena = " ".join(runner.invoke(app, ["arena", "--help"], env={"COLUMNS": "400"}).output.split())
    assert "Nw" in arena and "search+rule" in arena


def test_one_name_for_the_data_folder_and_the_old_one_still_works(tmp_path):
    for path in (["serve"], ["tournament"]):
        out = runner.invoke(app, [*path, "--help"], env={"COLUMNS": "200"}).output
        assert "--data " in out and "--data-dir" not in out, out
    r = runner.invoke(app, ["tournament", "--data-dir", str(tmp_path), "list"])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "stammtisch.sqlite3").exists()


def test_organiser_add_checks_the_password_length_before_asking_twice(tmp_path):
    r = runner.invoke(app, ["tournament", "--data", str(tmp_path), "--lang", "en", "organiser", "add", "Maria Moser"],
                      input="short\nlong enough 1\nlong enough 1\n")
    assert r.exit_code == 0, r.output
    assert "10 to 200 characters (this one has 5)" in r.output
    assert r.output.count("same password again") == 1
    r = runner.invoke(app, ["tournament", "--data", str(tmp_path), "--lang", "en", "organiser", "add", "Sepp"],
                      input="long enough 1\nlong enough 2\n")
    assert r.exit_code == 1 and "differ" in r.output
