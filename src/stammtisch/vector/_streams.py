"""Random streams of the batched environments (one SplitMix64 state per row) and the random player."""

from __future__ import annotations

from ._jass_nb import random_actions, seed_rows

__all__ = ["seed_rows", "random_actions"]
