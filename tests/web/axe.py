"""axe-core in the browser tests: the vendored checker (``tests/web/vendor/axe-core``, never fetched
at run time) injected into a Playwright page, and its serious and critical violations as readable
lines (rule, impact, the first elements and what is wrong with them)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

AXE_JS = Path(__file__).resolve().parent / "vendor" / "axe-core" / "axe.min.js"
_source: list[str] = []

#: impacts a page must not have
SERIOUS = ("serious", "critical")


def _axe_source() -> str:
    if not _source:
        _source.append(AXE_JS.read_text(encoding="utf-8"))
    return _source[0]


def violations(page: Any, impacts: tuple[str, ...] = SERIOUS, exclude: list[str] | None = None) -> list[str]:
    """The page's axe-core violations of ``impacts`` (WCAG 2.x A/AA and best practice rules), one
    line each. The checker is evaluated through the DevTools protocol, so the pages' own
    Content-Security-Policy (``script-src 'self'``) stays as it is."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.evaluate(_axe_source())
    result = page.evaluate(
        """async (exclude) => {
          const context = exclude && exclude.length ? { exclude: exclude.map((s) => [s]) } : document;
          const r = await axe.run(context, { resultTypes: ["violations"] });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ") + " — " + (n.failureSummary || "").split("\\n").slice(1, 2).join("")) }));
        }""",
        exclude or [],
    )
    return [f"{v['id']} ({v['impact']}): {v['help']} at {'; '.join(v['nodes'])}" for v in result if v["impact"] in impacts]
