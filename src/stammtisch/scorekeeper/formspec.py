"""What an entry form by meaning needs to know of a game and its rules profile.

The keeper's page builds its form from this (contract buttons, premiums, Kontra levels, Renonce
kinds, Jass modes ...). Everything is read from the engine -- the contracts of the profile in
bidding order, which premiums a contract allows, the Jass modes the options switch on -- so the
form offers exactly what the settlement accepts. Names are identifiers; the page words them in
the players' language. Without the engine installed the spec is empty (rows are entered as points).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import entries

__all__ = ["spec"]


def _tarock(opts: Any) -> dict[str, Any]:
    from stammtisch.games.tarock.options import CONTRACTS, PREMIUMS
    from stammtisch.games.tarock.scoring import RENONCE_KINDS
    contracts = []
    for name in opts.contract_order():
        c = CONTRACTS[name]
        allowed = list(PREMIUMS) if c.premiums is None else list(c.premiums)
        contracts.append({"name": name, "kind": c.kind, "calls_king": c.calls_king, "solo": c.solo,
                          "tricks": c.tricks, "premiums": allowed,
                          # Österreich-Finale 4): the called king in the talon -- the declarer may "schleifen"
                          "schleifen": bool(c.calls_king and c.talon == "half")})
    return {"contracts": contracts, "premiums": list(PREMIUMS), "renonces": list(RENONCE_KINDS),
            "kontra_levels": [0, 1, 2, 3], "money": True,
            "trischaken_rule": getattr(opts, "trischaken_rule", "")}


def _doppelkopf(opts: Any) -> dict[str, Any]:
    return {"contracts": ["normal", "hochzeit", "stille_hochzeit", *[f"solo:{k}" for k in opts.solos]],
            "levels": [None, "re", "keine90", "keine60", "keine30", "schwarz"],
            "specials": ["Doppelkopf", "Fuchs gefangen", "Karlchen"] if getattr(opts, "sonderpunkte", True) else []}


def _jass(opts: Any) -> dict[str, Any]:
    from stammtisch.games.jass.modes import MODES

    def on(name: str) -> bool:
        if name.startswith("misere:"):
            return bool(opts.misere)
        if name.startswith("3x3:"):
            return bool(opts.drei_mal_drei)
        if name.startswith("quer54"):
            return bool(opts.quer_54)
        if name.startswith("tutti"):
            return bool(opts.tutti)
        return True

    from .entries import jass as live  # the referee's rulings at a live table (Papagei-Jass)
    return {"modes": [{"name": k, "title": m.title, "multiplier": m.multiplier} for k, m in MODES.items() if on(k)],
            "weis": bool(getattr(opts, "weis", True)),
            "rulings": [{"rule": k, "title": v} for k, v in getattr(live, "RULINGS", {}).items()],
            "annulments": [{"rule": k, "title": v} for k, v in getattr(live, "ANNULMENTS", {}).items()]}


def _perlaggen(opts: Any) -> dict[str, Any]:
    from stammtisch.games.perlaggen.scoring import FIGURES
    return {"figures": list(FIGURES), "statuses": ["unbid", "conceded", "held"],
            "penalties": ["vergeben", "mehr_als_fuenf", "tausch", "bluff", "farbleugnen", "ueberbieten",
                          "kartenstehlen"], "target": int(getattr(opts, "target", 18))}


_SPECS = {"tarock": _tarock, "doppelkopf": _doppelkopf, "jass": _jass, "perlaggen": _perlaggen}


def spec(game: str, profile: str | None, options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The form's facts for ``game`` under ``profile`` and ``options`` (empty without the engine)."""
    a = entries.get(game)
    if not a.available() or game not in _SPECS:
        return {}
    opts = a.options(entries.GameContext(4, 1, 1, (2, 3, 4, 1), None, profile, dict(options or {})))
    return _SPECS[game](opts)
