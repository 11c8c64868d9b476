"""Every command the README shows runs: each line of its ``bash`` blocks and each ``python`` block,
in order, in one temporary folder, with the environment the README tells people to activate.

A command fails the test on a non-zero exit, a traceback or an import error. Where the README
shows a big size, the command runs tiny (:data:`SHRINK`, each with its reason); interactive
commands get their answers (:data:`ANSWERS`); servers (``serve``, ``scripts/start``) are started
on a free port, asked for their lobby page and stopped with Ctrl-C (exit 130, one line, no child
left). A command this test cannot run is never skipped silently: it is listed in :data:`NOT_RUN`
with the reason, or marked in the README itself with a comment ``# not run by the README test:
<reason>``; a README command that needs PostgreSQL runs against ``STAMMTISCH_TEST_POSTGRES_URL``
where CI provides one.
"""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.server.helpers import alive, descendants
from tests.cli.sigint import sigint_default

ROOT = Path(__file__).resolve().parents[2]
#: STAMMTISCH_README_CHECKOUT=/path/to/a/fresh/clone runs that clone's README with its own .venv
#: (after its `bash scripts/start`): what a newcomer meets, without `scripts/test` having run
OTHER = os.environ.get("STAMMTISCH_README_CHECKOUT")
if OTHER:
    ROOT = Path(OTHER).resolve()
BIN = ROOT / ".venv" / "bin" if OTHER else Path(sys.executable).parent
PYTHON = str(BIN / "python") if OTHER else sys.executable
README = ROOT / "README.md"

#: commands not run here (a pattern matched at the start of the command) -> why
NOT_RUN = {
    r"bash scripts/test\b": "runs the whole test suite, this test included: CI runs it itself",
    r"source \.venv/bin/activate\b": "sets up the shell: every command here runs with that environment on the PATH",
    r"(\.venv/bin/)?python3? (-m )?benchmarks[/.]": "a benchmark: minutes of measuring on demand, and it writes "
                                                  "benchmarks/results/ in the checkout",
}
#: the README's own mark for a command this test cannot run
MARK = re.compile(r"not run by the README test:\s*(.+)$")

#: (pattern, replacement, why): big sizes made tiny
SHRINK = [
    (re.compile(r"(--games|--deals|-n)(\s+)(\d+)"), lambda m: f"{m[1]}{m[2]}{min(int(m[3]), 2)}",
     "two games or duplicate deals say as much about a command working as thousands"),
    (re.compile(r"(--a|--b|--bots)(\s+)search(?![:+\w])"), lambda m: f"{m[1]}{m[2]}search:4w",
     "a search of 4 worlds instead of the default strength (seconds per card)"),
]

#: (pattern, standard input): the answers an interactive command gets
ANSWERS = [
    (re.compile(r"stammtisch play\b"), "q\n"),
    (re.compile(r"organiser (add|password)\b"), "readme-test-password\nreadme-test-password\n"),
]

SERVER = re.compile(r"^(stammtisch serve|bash scripts/start)\b")
BAD = ("Traceback (most recent call last)", "ImportError", "ModuleNotFoundError")


@dataclass
class Command:
    line: int
    kind: str  # "bash" or "python"
    text: str
    comment: str = ""

    @property
    def id(self) -> str:
        first = self.text.splitlines()[0]
        return f"README:{self.line} {first[:60]}"


def _split_comment(line: str) -> tuple[str, str]:
    """``cmd  # comment`` -> (cmd, comment), minding quotes."""
    quote = ""
    for i, ch in enumerate(line):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch == "#" and (i == 0 or line[i - 1].isspace()):
            return line[:i].rstrip(), line[i + 1:].strip()
    return line.rstrip(), ""


def readme_commands(text: str) -> list[Command]:
    """Every command of the README's ``bash``/``sh`` blocks (continuation lines joined, comments
    apart) and every ``python`` block whole."""
    out: list[Command] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = re.match(r"^```(\w+)\s*$", lines[i])
        if not m:
            i += 1
            continue
        lang, start = m[1], i + 1
        j = start
        while j < len(lines) and not lines[j].startswith("```"):
            j += 1
        body = lines[start:j]
        if lang == "python":
            out.append(Command(start + 1, "python", "\n".join(body)))
        elif lang in ("bash", "sh", "shell"):
            k = 0
            while k < len(body):
                first = k
                parts = [body[k]]
                while parts[-1].rstrip().endswith("\\") and k + 1 < len(body):
                    k += 1
                    parts.append(body[k])
                k += 1
                joined = " ".join(p.rstrip().removesuffix("\\").strip() for p in parts)
                cmd, comment = _split_comment(joined)
                if cmd:
                    out.append(Command(start + first + 1, "bash", cmd, comment))
        i = j + 1
    return out


COMMANDS = readme_commands(README.read_text(encoding="utf-8"))


def test_the_readme_has_commands_for_every_surface():
    """The extraction works (a README without blocks would pass every other test here)."""
    texts = [c.text for c in COMMANDS]
    for word in ("scripts/start", "stammtisch play", "stammtisch simulate", "stammtisch replay", "stammtisch arena",
                 "stammtisch serve", "stammtisch tournament"):
        assert any(word in t for t in texts), word
    assert any(c.kind == "python" for c in COMMANDS)


@pytest.fixture(scope="module")
def workdir(tmp_path_factory):
    return tmp_path_factory.mktemp("readme")


def _env() -> dict[str, str]:
    env = dict(os.environ)
    env.pop("STAMMTISCH_DATABASE_URL", None)
    # what `source .venv/bin/activate` does: the environment's scripts first on the PATH
    env["PATH"] = str(BIN) + os.pathsep + env.get("PATH", "")
    env["VIRTUAL_ENV"] = str(BIN.parent)
    env["COLUMNS"] = "100"
    return env


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _prepare(cmd: Command) -> str:
    text = cmd.text
    for pattern, repl, _why in SHRINK:
        text = pattern.sub(repl, text)
    # the checkout's own files by their place in the checkout (the command runs in a temporary folder)
    text = re.sub(r"(?<![\w/.])((?:scripts|examples|benchmarks)/)", lambda m: f"{ROOT}/{m[1]}", text)
    pg = os.environ.get("STAMMTISCH_TEST_POSTGRES_URL")
    if pg:
        text = re.sub(r"postgresql\+psycopg://\S+", pg, text)
    return text


def _reason_not_run(cmd: Command) -> str | None:
    mark = MARK.search(cmd.comment)
    if mark:
        return mark[1]
    for pattern, why in NOT_RUN.items():
        if re.match(pattern, cmd.text):
            return why
    if "postgresql" in cmd.text and not os.environ.get("STAMMTISCH_TEST_POSTGRES_URL"):
        return "needs PostgreSQL: runs where STAMMTISCH_TEST_POSTGRES_URL is set (CI: scripts/ci-postgres)"
    return None


def _check_output(cmd: Command, out: str, err: str) -> None:
    for bad in BAD:
        assert bad not in out and bad not in err, f"{cmd.id}: {bad}\n{out}\n{err}"


def _run_server(cmd: Command, text: str, cwd: Path) -> None:
    port = _free_port()
    text = re.sub(r"\s--port\s+\d+", "", text)
    text = re.sub(r"\s--data\s+\S+", "", text)
    text += f" --port {port} --data {cwd / f'data-{port}'}"
    p = subprocess.Popen(["bash", "-c", f"exec {text}"], cwd=cwd, env=_env(), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True,
                         preexec_fn=sigint_default)  # Ctrl-C reaches it in a background job too
    try:
        deadline = time.monotonic() + 180
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as r:
                    assert r.status == 200
                break
            except OSError:
                if p.poll() is not None or time.monotonic() > deadline:
                    out, err = p.communicate(timeout=10)
                    raise AssertionError(f"{cmd.id}: the server did not answer (exit {p.returncode})\n{out}\n{err}") \
                        from None
                time.sleep(0.25)
        kids = sorted(descendants(p.pid))
        os.killpg(p.pid, signal.SIGINT)  # Ctrl-C at a terminal reaches the whole group
        out, err = p.communicate(timeout=15)
        time.sleep(0.2)
        left = [k for k in kids if alive(k)]
        assert not left, f"{cmd.id}: child processes left running after Ctrl-C: {left}"
    finally:
        if p.poll() is None:
            os.killpg(p.pid, signal.SIGKILL)
            p.communicate()
    assert p.returncode == 130, f"{cmd.id}: exit {p.returncode} after Ctrl-C\n{out}\n{err}"
    _check_output(cmd, out, err)
    assert "serving at" in out and "stopped (Ctrl-C)" in err, (out, err)


@pytest.mark.parametrize("cmd", COMMANDS, ids=[c.id for c in COMMANDS])
def test_readme_command_runs(cmd: Command, workdir: Path):
    why = _reason_not_run(cmd)
    if why:
        pytest.skip(f"not run: {why}")
    if cmd.kind == "python":
        r = subprocess.run([PYTHON, "-c", cmd.text], cwd=workdir, env=_env(), capture_output=True, text=True,
                           timeout=300)
        assert r.returncode == 0, f"{cmd.id}: exit {r.returncode}\n{r.stdout}\n{r.stderr}"
        _check_output(cmd, r.stdout, r.stderr)
        return
    text = _prepare(cmd)
    if SERVER.match(cmd.text):
        _run_server(cmd, text, workdir)
        return
    stdin = next((a for pattern, a in ANSWERS if pattern.search(text)), "")
    r = subprocess.run(["bash", "-c", text], cwd=workdir, env=_env(), input=stdin, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, f"{cmd.id}: `{text}` exit {r.returncode}\n{r.stdout}\n{r.stderr}"
    _check_output(cmd, r.stdout, r.stderr)


def test_the_readme_writes_nothing_into_the_checkout():
    """Output goes under output/ and data/, which git ignores (the README test runs elsewhere, so
    this reads the README: no command names a file outside those folders)."""
    ignored = (ROOT / ".gitignore").read_text()
    assert "/output/" in ignored and "/data/" in ignored
    for c in COMMANDS:
        for m in re.finditer(r"(?:--record|--out|-o)\s+(\S+)", c.text):
            if "=" not in m[1]:
                assert m[1].startswith(("output/", "data/")), (c.id, m[1])


def test_the_docs_name_no_internal_issue_numbers():
    """People read the docs without the project's tracker: no "issue 11", "#13.4" (an outside
    project's own issue, jass-kit's, may be named as such)."""
    found = []
    for f in [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]:
        lines = f.read_text(encoding="utf-8").splitlines()
        for i, line in enumerate(lines, 1):
            for m in re.finditer(r"\b[Ii]ssues? #?\d+|(?<![\w&#])#\d+(\.\d+)?\b", line):
                before = (lines[i - 2] if i > 1 else "") + " " + line[:m.start()]
                if "jass-kit" not in before[-60:]:
                    found.append(f"{f.relative_to(ROOT)}:{i}: {line.strip()[:100]}")
    assert not found, "\n".join(found)
