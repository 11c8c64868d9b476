"""`serve` on a busy port, `scripts/setup` and `scripts/start` on a complete .venv."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def test_serve_on_a_busy_port_fails_with_one_line_and_exit_1(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
        r = subprocess.run([sys.executable, "-m", "stammtisch.cli.main", "serve", "--port", str(port),
                            "--data", str(tmp_path)], capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 1
    assert "serving at" not in r.stdout + r.stderr
    lines = (r.stdout + r.stderr).strip().splitlines()
    assert len(lines) == 1 and f"127.0.0.1:{port}" in lines[0] and "in use" in lines[0], lines


def _fake_checkout(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of scripts/ and pyproject.toml with a .venv whose python logs every call."""
    repo = tmp_path / "repo"
    (repo / "scripts").mkdir(parents=True)
    for name in ("setup", "start"):
        shutil.copy(ROOT / "scripts" / name, repo / "scripts" / name)
    shutil.copy(ROOT / "pyproject.toml", repo / "pyproject.toml")
    bin_ = repo / ".venv" / "bin"
    bin_.mkdir(parents=True)
    log = tmp_path / "calls.log"
    (bin_ / "python").write_text(f'#!/usr/bin/env bash\necho "python $*" >> {log}\n'
                                 f'PYTHONPATH={ROOT / "src"} exec {sys.executable} "$@"\n')
    (bin_ / "stammtisch").write_text(f'#!/usr/bin/env bash\necho "stammtisch $*" >> {log}\n')
    for f in bin_.iterdir():
        f.chmod(0o755)
    return repo, log


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("sha256sum") is None, reason="needs bash")
def test_start_does_not_reinstall_a_complete_venv(tmp_path):
    """After the first run (the stamp written by setup) start runs no pip at all: it works offline."""
    repo, log = _fake_checkout(tmp_path)
    want = subprocess.run(["sha256sum", "pyproject.toml"], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.split()[0]
    (repo / ".venv" / ".stammtisch-setup-fast_pdf").write_text(f"{want} fast,pdf\n")
    r = subprocess.run(["bash", "scripts/start", "--port", "8123"], cwd=repo, capture_output=True, text=True,
                       timeout=120)
    assert r.returncode == 0, r.stderr
    calls = log.read_text()
    assert "pip" not in calls
    assert "stammtisch serve --port 8123" in calls


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("sha256sum") is None, reason="needs bash")
def test_start_installs_the_servers_extras_unless_an_earlier_install_had_them(tmp_path):
    """start needs Numba (search players) and reportlab (PDF exports): the extras fast and pdf.
    The test suite's install (more extras) covers them; the plain install does not."""
    repo, log = _fake_checkout(tmp_path)
    want = subprocess.run(["sha256sum", "pyproject.toml"], cwd=repo, capture_output=True, text=True,
                          check=True).stdout.split()[0]
    (repo / ".venv" / ".stammtisch-setup-").write_text(f"{want} \n")
    r = subprocess.run(["bash", "scripts/start"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "-e .[fast,pdf]" in log.read_text()
    log.write_text("")
    (repo / ".venv" / ".stammtisch-setup-test_pdf_rl_fast").write_text(f"{want} test,pdf,rl,fast\n")
    r = subprocess.run(["bash", "scripts/start"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    assert "pip" not in log.read_text()


@pytest.mark.skipif(shutil.which("bash") is None or shutil.which("sha256sum") is None, reason="needs bash")
def test_setup_installs_again_when_pyproject_changed_and_start_falls_back_when_offline(tmp_path):
    repo, log = _fake_checkout(tmp_path)
    (repo / ".venv" / ".stammtisch-setup-").write_text("stale \n")
    # the fake python fails on pip (as offline would): start warns and starts the installed version
    py = repo / ".venv" / "bin" / "python"
    py.write_text(py.read_text().replace("PYTHONPATH=", 'case "$*" in *pip*) exit 1;; esac\nPYTHONPATH=', 1))
    r = subprocess.run(["bash", "scripts/start"], cwd=repo, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    calls = log.read_text()
    assert "-m pip install" in calls and "stammtisch serve" in calls
    assert "warning: setup failed" in r.stderr


def test_tournament_messages_keep_their_brackets(tmp_path):
    """Item 12: ``a pair [team 1+3, team 2+4] is needed`` and ``[struck]`` reach the screen whole."""
    from typer.testing import CliRunner

    from stammtisch.cli.main import app

    runner = CliRunner()
    base = ["tournament", "--data-dir", str(tmp_path), "--lang", "en"]
    r = runner.invoke(app, base + ["table", "Stammtisch", "--game", "jass", "--players", "A,B,C,D"])
    assert r.exit_code == 0, r.output
    table = r.output.split()[1]
    facts = '{"mode": "E", "declarer": 1, "card_points": 5}'
    r = runner.invoke(app, base + ["enter", table, facts], terminal_width=200)
    assert r.exit_code == 1
    assert "[team 1+3, team 2+4]" in r.output, r.output
    r = runner.invoke(app, base + ["list"], terminal_width=200)
    assert "[jass, table" in r.output, r.output
