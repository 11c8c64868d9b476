"""The layering of docs/architecture.md, checked on the source: arrows point inward only.

core imports nothing else of stammtisch; a game imports only core (never another game);
bots and rl use games through the protocol (never a surface); nothing imports a surface
except the CLI, which composes them.
"""

import ast
from pathlib import Path

import pytest

import stammtisch

ROOT = Path(stammtisch.__file__).parent
SURFACES = {"cli", "server", "web", "scorekeeper"}


def _imports(path: Path) -> set[str]:
    """Top-level stammtisch sub-packages imported by ``path`` (absolute or relative)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    rel = path.relative_to(ROOT).parts
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.startswith("stammtisch."):
                    out.add(".".join(a.name.split(".")[1:3]))
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and node.module and node.module.startswith("stammtisch."):
                out.add(".".join(node.module.split(".")[1:3]))
            elif node.level > 0:
                base = list(rel[:-1])[: len(rel) - node.level]
                mod = base + (node.module.split(".") if node.module else [])
                if mod:
                    out.add(".".join(mod[:2]))
                else:
                    out.update(a.name for a in node.names)
    return out


def _files(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_core_imports_nothing_else_of_stammtisch():
    for f in _files("core"):
        bad = {m for m in _imports(f) if not m.startswith("core")}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("game", ["jass", "doppelkopf", "tarock", "perlaggen"])
def test_a_game_imports_only_core_and_itself(game):
    for f in _files(f"games/{game}"):
        bad = {m for m in _imports(f) if not (m.startswith("core") or m == f"games.{game}")}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


@pytest.mark.parametrize("package", ["core", "games", "bots", "rl", "storage", "i18n"])
def test_no_inner_layer_imports_a_surface(package):
    for f in _files(package):
        bad = {m for m in _imports(f) if m.split(".")[0] in SURFACES}
        assert not bad, f"{f.relative_to(ROOT)} imports the surface(s) {bad}"


def test_the_translation_layer_sits_on_core_only():
    """``i18n`` renders the engines' messages (``core.messages``) for every surface: it imports
    only core, and no engine imports it (engines build messages, surfaces render them)."""
    for f in _files("i18n"):
        bad = {m for m in _imports(f) if not (m.startswith("core") or m.startswith("i18n"))}
        assert not bad, f"{f.relative_to(ROOT)} imports {bad}"
    for package in ("core", "games", "bots", "rl"):
        for f in _files(package):
            assert not {m for m in _imports(f) if m.startswith("i18n")}, f"{f.relative_to(ROOT)} imports i18n"


def test_the_shared_http_helpers_import_nothing_of_stammtisch():
    """``httpsec`` (security headers for the server and the scorekeeper) sits below the surfaces."""
    assert _imports(ROOT / "httpsec.py") == set()
    # and both web surfaces take their headers from it (one copy, not two)
    assert "httpsec" in _imports(ROOT / "server" / "app.py")
    assert "httpsec" in _imports(ROOT / "scorekeeper" / "api.py")


def test_surfaces_do_not_import_each_other_except_through_the_cli():
    for s in SURFACES - {"cli"}:
        for f in _files(s):
            bad = {m for m in _imports(f) if m.split(".")[0] in SURFACES - {s}}
            assert not bad, f"{f.relative_to(ROOT)} imports {bad}"


def test_the_online_cup_sits_above_the_surfaces_it_joins_and_below_the_cli():
    """``cup`` (online cups, issue 30) joins the server and the scorekeeper, which never import each
    other; only the CLI imports it."""
    seen: set[str] = set()
    for f in _files("cup"):
        imported = {m.split(".")[0] for m in _imports(f)}
        assert "cli" not in imported and "web" not in imported, f"{f.relative_to(ROOT)} imports {imported}"
        seen |= imported
    assert {"server", "scorekeeper"} <= seen
    for package in SURFACES - {"cli"} | {"core", "games", "bots", "rl", "storage", "i18n"}:
        for f in _files(package):
            assert "cup" not in {m.split(".")[0] for m in _imports(f)}, f"{f.relative_to(ROOT)} imports cup"


def test_the_import_scanner_sees_relative_and_absolute_imports():
    # the checks above would pass vacuously if the scanner saw nothing
    assert "scorekeeper.api" in _imports(ROOT / "cli" / "serve.py")
    assert any(m.startswith("core") for m in _imports(ROOT / "games" / "jass" / "state.py"))
