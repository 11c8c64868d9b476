"""A database named on the command line that cannot be used: one line naming it and what to do."""

from __future__ import annotations

from typer.testing import CliRunner

from stammtisch.cli.database import problem_text
from stammtisch.cli.main import app

runner = CliRunner()


def test_a_missing_driver_says_what_to_run_from_the_checkout():
    text = problem_text(ModuleNotFoundError("No module named 'psycopg'", name="psycopg"), "postgresql+psycopg://x/db")
    assert text is not None and "bash scripts/setup postgres" in text and "pip install" not in text
    assert problem_text(ModuleNotFoundError("No module named 'numpy'", name="numpy"), "sqlite://") is None


def test_an_unknown_url_and_a_refused_connection_are_one_line_without_the_password(tmp_path):
    for url, said in (("foo://x", "not a URL SQLAlchemy knows"),
                      ("postgresql+psycopg://maria:secret@127.0.0.1:1/db", "Connection refused")):
        r = runner.invoke(app, ["tournament", "--database-url", url, "list"])
        assert r.exit_code == 1, r.output
        lines = r.output.strip().splitlines()
        assert len(lines) == 1 and said in lines[0] and "secret" not in lines[0], r.output
        assert "Traceback" not in r.output
