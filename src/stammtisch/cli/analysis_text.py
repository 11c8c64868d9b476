"""The terminal's analysis (``stammtisch analyse``): one block per decision, then the summary."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from ..core.messages import Msg
from ..i18n import render
from .commands import console
from .render import module_for

__all__ = ["print_analysis"]

HEAD = {"deal": Msg("deal {n}, action {k}"), "action": Msg("action"), "value": Msg("value"),
        "playouts": Msg("playouts"), "hindsight": Msg("hindsight (all hands open)"),
        "chosen": Msg("chosen"), "search": Msg("search")}


def print_analysis(out: dict[str, Any], lang: str) -> None:
    """Print ``out`` (:func:`stammtisch.bots.analysis.analyse`) in ``lang``."""

    def word(key: str) -> str:
        return render(HEAD[key], lang)

    mod = module_for(str(out.get("game")))
    notation = getattr(mod, "NOTATION", None)
    show = notation.action if notation else str
    console.print(Text(render(Msg("analysis of {seat} by the search (level {level}, a fixed budget), from "
                                  "this seat's information only; values in expected points (the seat's "
                                  "column minus the mean of the others)", seat=out["seat"],
                                  level=out["level"]), lang), style="bold"), highlight=False, soft_wrap=True)
    for d in out["decisions"]:
        t = Table(title=render(Msg(HEAD["deal"].id, n=d["deal"] + 1, k=d["index"] + 1), lang), title_justify="left")
        t.add_column(word("action"))
        t.add_column(word("value"), justify="right")
        t.add_column(word("playouts"), justify="right")
        hs = d.get("hindsight") or None
        if out.get("hindsight"):
            t.add_column(word("hindsight"), justify="right")
        t.add_column("")
        values = d["values"]
        for a in sorted(d["legal"], key=lambda a: -values.get(a, float("-inf"))):
            marks = []
            if a == d["chosen"]:
                marks.append(word("chosen"))
            if a == d["best"]:
                marks.append(word("search"))
            row = [show(a), f"{values[a]:+.2f}" if a in values else "–", str(d["playouts"].get(a, 0))]
            if out.get("hindsight"):
                row.append(f"{hs[a]:+.2f}" if hs and a in hs else "–")
            row.append(", ".join(marks))
            t.add_row(*row)
        console.print(t)
    lines = out["summary"]["lines"]
    places = {(d["deal"], d["index"]): d for d in out["decisions"]}
    said = [render(ln, lang) for ln in lines[:1 if out["summary"]["mistakes"] else 2]]
    for m in out["summary"]["mistakes"]:  # the actions as this screen shows them
        d = places[(m["deal"], m["index"])]
        said.append(render(Msg("deal {deal}, action {n}: chosen {chosen}, better {best} (expected points lost: {loss})",
                               deal=m["deal"] + 1, n=m["index"] + 1, chosen=show(d["chosen"]), best=show(d["best"]),
                               loss=round(m["loss"], 1)), lang))
    for line in said:
        console.print(Text(line), highlight=False, soft_wrap=True)
