"""Rule sources a reader can follow from a clone (docs/rules/sources.md).

* every citation key used in a refusal (``rule=`` of an error, the rule tables and attributes) starts
  with a key that has a row in ``docs/rules/sources.md``;
* every repository file the rules pages cite exists;
* nothing in ``src/``, ``docs/`` or ``tests/`` points at a path outside the repository or at the
  reading notes that are not part of it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "stammtisch"
SOURCES = ROOT / "docs" / "rules" / "sources.md"
#: the reading notes kept outside the repository (spelled in two parts so that this file is no hit)
#: a rules note, this machine's work folder as an absolute path (not a folder named work inside the
#: repository, such as benchmarks/mutation/work/), the rule sheets' folder
OUTSIDE = (re.escape("NOTES" + ".md"), r"(?<![\w.-])" + re.escape("/work" + "/"), re.escape("shared" + "/rules"))


def source_keys() -> list[str]:
    """The keys of the table's first column (the backticked text before any parenthesis)."""
    keys = []
    for line in SOURCES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"\| `([^`]+)`", line)
        if m:
            keys.append(m.group(1))
    return keys


def _module_strings(tree: ast.Module) -> dict[str, str]:
    return {t.id: n.value.value for n in tree.body if isinstance(n, ast.Assign)
            for t in n.targets if isinstance(t, ast.Name) and isinstance(n.value, ast.Constant)
            and isinstance(n.value.value, str)}


def _literal(node: ast.AST, consts: dict[str, str]) -> list[str]:
    """The citation text(s) an expression evaluates to, as far as it is literal (f-strings: the
    constant head; ``R + "§7"``: with ``R`` a module constant)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return [node.value]
    if isinstance(node, ast.JoinedStr):
        head = node.values[0] if node.values else None
        return [head.value] if isinstance(head, ast.Constant) and isinstance(head.value, str) else []
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _literal(node.left, consts) or ([consts[node.left.id]] if isinstance(node.left, ast.Name)
                                               and node.left.id in consts else [])
        right = _literal(node.right, consts)
        return [a + (right[0] if right else "") for a in left]
    if isinstance(node, ast.IfExp):
        return _literal(node.body, consts) + _literal(node.orelse, consts)
    if isinstance(node, ast.Dict):
        return [s for v in node.values for s in _literal(v, consts)]
    return []


def cited_rules() -> list[tuple[str, str]]:
    """Every literal citation of the package: ``rule=`` arguments, ``*_rule`` / ``*_RULE(S)``
    assignments (class attributes, module tables)."""
    out = []
    for path in sorted(SRC.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        consts = _module_strings(tree)
        rel = str(path.relative_to(ROOT))
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "rule":
                out += [(rel, s) for s in _literal(node.value, consts)]
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                if isinstance(node, ast.AnnAssign) and "Literal" in ast.unparse(node.annotation):
                    continue  # an option whose value is a word (``trischaken_rule="tirol"``), no citation
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                names = [t.id if isinstance(t, ast.Name) else t.attr if isinstance(t, ast.Attribute) else ""
                         for t in targets]
                if node.value is not None and any(n.lower().endswith(("_rule", "_rules")) for n in names):
                    out += [(rel, s) for s in _literal(node.value, consts)]
    return [(p, s) for p, s in out if s]


def test_sources_has_a_row_per_key_with_every_column_filled():
    rows = [ln for ln in SOURCES.read_text(encoding="utf-8").splitlines() if re.match(r"\| `", ln)]
    assert len(rows) == len(source_keys()) >= 6
    for row in rows:
        cells = [c.strip() for c in row.strip("|").split("|")]
        assert len(cells) == 5 and all(cells), row
    for family in ("Papagei-Jass", "Doppelkopf-Turnier", "DDV TSR", "Österreich-Finale", "Tiroler Cup", "Perlaggen"):
        assert family in source_keys()


def test_every_rule_key_used_in_a_refusal_has_a_row_in_sources():
    keys = source_keys()
    cited = cited_rules()
    assert len(cited) > 100  # the scan finds the package's citations
    unknown = sorted({(p, s) for p, s in cited if not any(s.startswith(k) for k in keys)})
    assert not unknown, f"citations without a row in docs/rules/sources.md: {unknown}"


@pytest.mark.parametrize("doc", sorted((ROOT / "docs" / "rules").glob("*.md")), ids=lambda p: p.name)
def test_every_file_a_rules_page_cites_exists(doc):
    text = doc.read_text(encoding="utf-8")
    paths = set(re.findall(r"`((?:src|tests|docs|benchmarks|scripts|examples)/[^`\s*<>{}]+)`", text))
    paths |= {m for m in re.findall(r"\]\(([^)#:\s]+)\)", text)}  # relative links
    missing = []
    for p in sorted(paths):
        base = ROOT if p.split("/")[0] in ("src", "tests", "docs", "benchmarks", "scripts", "examples") \
            else doc.parent
        target = (base / p.split("::")[0]).resolve()
        if not target.exists():
            missing.append(p)
    assert not missing, f"{doc.name} cites files that do not exist: {missing}"


def test_nothing_points_outside_the_repository():
    hits = []
    for top in ("src", "docs", "tests"):
        for path in (ROOT / top).rglob("*"):
            if path.suffix not in (".py", ".md", ".js", ".html", ".css", ".txt", ".toml", ".json") or \
                    "__pycache__" in path.parts:
                continue
            text = path.read_text(encoding="utf-8", errors="replace")
            hits += [f"{path.relative_to(ROOT)}: {o}" for o in OUTSIDE if re.search(o, text)]
    assert not hits, hits
