"""Per-game terminal renderers: ``render/<game>.py`` defines ``render(view) -> Rich renderable``.

A game without its own renderer is shown by :func:`generic`, which prints the common keys
of a deal view (``phase``, ``hand``, ``trick``, ``trump``/``contract``, ``events``) and every
other scalar it finds.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any, Callable

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..settlement import seat_names, tr

Renderer = Callable[[dict[str, Any]], RenderableType]


def scoreboard(view: dict[str, Any]) -> Table:
    """The running totals per score column."""
    title = tr("deal {n}, dealer {name}", n=view["deal_number"] + 1, name=view["seats"][view["dealer"]])
    # a table of two narrow columns would wrap its title; give it room for the title
    # a column per seat carries the seat's name (the same name as everywhere else on the screen)
    cols = view["seats"] if len(view["columns"]) == len(view["seats"]) else view["columns"]
    width = max(len(title), sum(len(c) + 3 for c in cols))
    t = Table(title=Text(title), expand=False, min_width=width + 2)
    for c in cols:
        t.add_column(Text(c), justify="right", no_wrap=True)
    t.add_row(*[Text(str(x)) for x in view["totals"]])
    return t


def generic(view: dict[str, Any]) -> RenderableType:
    """Render any game's view from its common keys."""
    deal = view["deal"]
    parts: list[RenderableType] = [scoreboard(view)]
    info = Table.grid(padding=(0, 2))
    for k, v in deal.items():
        if k in ("hand", "trick", "events", "hands", "last_trick") or isinstance(v, (dict, list)):
            continue
        info.add_row(Text(k, style="bold"), Text(str(v)))  # Text: brackets in values stay
    parts.append(info)
    if deal.get("last_trick"):
        parts.append(Text(tr("last trick") + ": " + " ".join(f"{c}" for _, c in deal["last_trick"]), style="dim"))
    if deal.get("trick") is not None:
        trick = " ".join(f"{view['seats'][s]}:{c}" for s, c in deal["trick"]) or "(" + tr("empty") + ")"
        parts.append(Text(tr("trick") + f": {trick}"))
    for e in (deal.get("events") or [])[-6:]:
        parts.append(Text(f"  · {seat_names(e, view['seats'])}", style="cyan"))
    if deal.get("hand") is not None:
        parts.append(Text(tr("your cards") + ": " + " ".join(deal["hand"]), style="bold green"))
    return Panel(Group(*parts), title=view["game"])


def module_for(name: str) -> ModuleType | None:
    """The game's renderer module (``render/<game>.py``), ``None`` when it has none."""
    try:
        return importlib.import_module(f"{__name__}.{name}")
    except ImportError:
        return None


def for_game(name: str) -> Renderer:
    """The game's own renderer, or :func:`generic`."""
    return getattr(module_for(name), "render", generic)
